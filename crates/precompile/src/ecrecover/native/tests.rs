//! The native backend against num-bigint (field, scalars, wNAF, tables) and against
//! libsecp256k1 and k256 (recovery).

use super::field::{reduce_wide, Fe, P};
use super::point::{Affine, BETA};
use super::scalar::{Scalar, N};
use super::table::{g, G, TABLE_G_LEN};
use super::wnaf::{wnaf, LEN};
use super::*;
use crate::ecrecover::{self as ecr, SECP256K1_ORDER};
use crate::weierstrass::{with_kernel, Portable};
use ::k256::ecdsa::{RecoveryId, Signature as KSig, SigningKey, VerifyingKey};
use num_bigint::{BigInt, BigUint};
use proptest::prelude::*;

fn big(l: &[u64; 4]) -> BigUint {
    let mut be = [0u8; 32];
    for (i, w) in l.iter().enumerate() {
        be[24 - 8 * i..32 - 8 * i].copy_from_slice(&w.to_be_bytes());
    }
    BigUint::from_bytes_be(&be)
}

fn limbs(x: &BigUint) -> [u64; 4] {
    let mut be = [0u8; 32];
    let b = x.to_bytes_be();
    be[32 - b.len()..].copy_from_slice(&b);
    field::limbs_from_be(&be)
}

fn p() -> BigUint {
    big(&P)
}

fn n() -> BigUint {
    BigUint::from_bytes_be(&SECP256K1_ORDER)
}

/// Field elements: the canonical edges, an arbitrary value reduced mod p, the same value
/// unreduced, and the partly reduced edges `p .. 2^256 - 1` (which the arithmetic produces and
/// must accept).
fn fe_values(extra: &[u64; 4]) -> Vec<Fe> {
    let pm1 = p() - 1u8;
    let mut v: Vec<Fe> = [0u8, 1, 2, 7]
        .iter()
        .map(|&k| Fe(limbs(&BigUint::from(k))))
        .collect();
    v.push(Fe(limbs(&pm1)));
    v.push(Fe(limbs(&(&pm1 - 1u8))));
    v.push(Fe(limbs(&(BigUint::from(1u8) << 255))));
    v.push(Fe(limbs(&(big(extra) % p()))));
    v.push(Fe(*extra));
    let max = (BigUint::from(1u8) << 256) - 1u8;
    for x in [p(), p() + 1u8, p() + 2u8, &max - 1u8, max] {
        v.push(Fe(limbs(&x)));
    }
    v
}

/// The canonical value of a partly reduced element.
fn canon(x: &Fe) -> BigUint {
    big(&x.0) % p()
}

#[test]
fn constants_against_num_bigint() {
    let (p, n) = (p(), n());
    assert_eq!(
        p,
        (BigUint::from(1u8) << 256) - (BigUint::from(1u8) << 32) - 977u32
    );
    assert_eq!(big(&N), n);
    assert_eq!(big(&BETA.0).modpow(&3u8.into(), &p), BigUint::from(1u8));
    assert_ne!(big(&BETA.0), BigUint::from(1u8));
    // lambda G = (beta Gx, Gy), checked by k256's own multiplication.
    let lambda = (n.clone() - big(&super::scalar::MINUS_LAMBDA)) % &n;
    assert_eq!(lambda.modpow(&3u8.into(), &n), BigUint::from(1u8));
    let mut lb = [0u8; 32];
    lb.copy_from_slice(&limbs_be(&lambda));
    assert_eq!(public_key(&lb), affine_bytes(&G.endo(Portable)));
    assert!(G.is_on_curve());
    // g1, g2 are round(2^384 b2 / n), round(2^384 (-b1) / n).
    use super::scalar::{G1 as g1, G2 as g2, MINUS_B1 as mb1, MINUS_B2 as mb2};
    let b2 = (&n - big(&mb2)) % &n;
    let round = |num: BigUint| (num + (&n >> 1)) / &n;
    assert_eq!(big(&g1), round(b2 << 384));
    assert_eq!(big(&g2), round(big(&mb1) << 384));
}

fn limbs_be(x: &BigUint) -> [u8; 32] {
    let mut be = [0u8; 32];
    let b = x.to_bytes_be();
    be[32 - b.len()..].copy_from_slice(&b);
    be
}

fn affine_bytes(a: &Affine) -> [u8; 64] {
    let mut xy = [0u8; 64];
    xy[..32].copy_from_slice(&a.x.to_be_bytes());
    xy[32..].copy_from_slice(&a.y.to_be_bytes());
    xy
}

/// `k G` by k256, uncompressed without the prefix.
fn public_key(k: &[u8; 32]) -> [u8; 64] {
    let key = SigningKey::from_slice(k).unwrap();
    sec1(key.verifying_key())
}

fn sec1(key: &VerifyingKey) -> [u8; 64] {
    let point = key.to_sec1_point(false);
    point.as_bytes()[1..].try_into().unwrap()
}

#[test]
fn generator_tables_against_k256() {
    let (table_g, table_g_lambda) = g();
    assert_eq!(
        (table_g.len(), table_g_lambda.len()),
        (TABLE_G_LEN, TABLE_G_LEN)
    );
    assert_eq!(table_g[0], G);
    for i in 0..TABLE_G_LEN {
        let mut k = [0u8; 32];
        k[24..].copy_from_slice(&(2 * i as u64 + 1).to_be_bytes());
        assert_eq!(affine_bytes(&table_g[i]), public_key(&k), "{i}");
        assert_eq!(table_g_lambda[i], table_g[i].endo(Portable), "{i}");
        assert!(table_g_lambda[i].is_on_curve());
    }
}

#[test]
fn field_parsing_edges() {
    let p_be = limbs_be(&p());
    assert_eq!(Fe::from_be_bytes(&p_be), None);
    assert_eq!(Fe::from_be_bytes(&[0xff; 32]), None);
    let pm1 = limbs_be(&(p() - 1u8));
    assert_eq!(Fe::from_be_bytes(&pm1).unwrap().to_be_bytes(), pm1);
    assert_eq!(Fe::from_be_bytes(&[0; 32]), Some(Fe::ZERO));
    let n_be = SECP256K1_ORDER;
    assert_eq!(Scalar::from_be_bytes(&n_be), None);
    assert!(Scalar::reduce_be_bytes(&n_be).is_zero());
    assert_eq!(
        big(&Scalar::reduce_be_bytes(&[0xff; 32]).0),
        (BigUint::from(1u8) << 256) - 1u8 - n()
    );
}

#[test]
fn sqrt_of_non_residues_and_edges() {
    assert_eq!(Fe::ZERO.sqrt(Portable), Some(Fe::ZERO));
    assert_eq!(Fe::ONE.sqrt(Portable).map(|r| r.square()), Some(Fe::ONE));
    // -1 is not a square (p = 3 mod 4).
    assert_eq!(Fe::ONE.neg().sqrt(Portable), None);
    assert_eq!(Fe::ZERO.invert(), None);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn field_ops_against_num_bigint(a in any::<[u64; 4]>(), b in any::<[u64; 4]>()) {
        let p = p();
        for x in fe_values(&a) {
            for y in fe_values(&b) {
                // Raw values: inputs may be anywhere below 2^256.
                let (bx, by) = (big(&x.0), big(&y.0));
                prop_assert_eq!(canon(&x.mul(&y)), &bx * &by % &p);
                prop_assert_eq!(x.mul_portable(&y).0, x.mul(&y).0);
                prop_assert_eq!(canon(&x.add(&y)), (&bx + &by) % &p);
                prop_assert_eq!(canon(&x.sub(&y)), (&bx + (&p << 1u8) - &by) % &p);
                prop_assert_eq!(x == y, &bx % &p == &by % &p);
            }
            let bx = big(&x.0);
            prop_assert_eq!(canon(&x.neg()), ((&p << 1u8) - &bx) % &p);
            prop_assert_eq!(canon(&x.double()), (&bx << 1u8) % &p);
            prop_assert_eq!(canon(&x.half().double()), &bx % &p);
            let small = [
                x.mul_small::<0>(),
                x.mul_small::<1>(),
                x.mul_small::<2>(),
                x.mul_small::<3>(),
                x.mul_small::<4>(),
                x.mul_small::<5>(),
                x.mul_small::<6>(),
                x.mul_small::<7>(),
                x.mul_small::<8>(),
            ];
            for (m, xm) in (0u8..).zip(&small) {
                prop_assert_eq!(canon(xm), &bx * m % &p);
            }
            prop_assert_eq!(canon(&x.square()), &bx * &bx % &p);
            prop_assert_eq!(x.square_portable().0, x.square().0);
            // What sees the integer sees the canonical form.
            let c = &bx % &p;
            prop_assert_eq!(big(&x.normalize().0), c.clone());
            prop_assert_eq!(big(&x.limbs()), c.clone());
            prop_assert_eq!(x.to_be_bytes(), limbs_be(&c));
            prop_assert_eq!(x.is_zero(), c == BigUint::from(0u8));
            prop_assert_eq!(x.is_odd(), c.bit(0));
            if !x.is_zero() {
                let inv = x.invert().unwrap();
                prop_assert!(big(&inv.0) < p);
                prop_assert_eq!(big(&inv.0) * &bx % &p, BigUint::from(1u8));
            } else {
                prop_assert_eq!(x.invert(), None);
            }
            let is_square = c.modpow(&((&p - 1u8) >> 1), &p) != &p - 1u8;
            let root = with_kernel!(k => x.sqrt(k));
            prop_assert_eq!(root.map(|r| r.0), x.sqrt(Portable).map(|r| r.0));
            match root {
                Some(r) => {
                    prop_assert!(is_square);
                    prop_assert_eq!(canon(&r).modpow(&2u8.into(), &p), c);
                }
                None => prop_assert!(!is_square),
            }
        }
    }

    #[test]
    fn sqr_wide_is_the_product(a in any::<[u64; 4]>(), edge in any::<bool>()) {
        let a = if edge { [u64::MAX; 4] } else { a };
        prop_assert_eq!(field::sqr_wide(&a), limbs::mul::mul_full4(&a, &a));
    }

    #[test]
    fn reduce_wide_against_num_bigint(lo in any::<[u64; 4]>(), hi in any::<[u64; 4]>(), edge in 0usize..4) {
        let (lo, hi) = match edge {
            0 => (lo, hi),
            1 => ([u64::MAX; 4], [u64::MAX; 4]),
            2 => (P, [0; 4]),
            _ => (lo, [u64::MAX; 4]),
        };
        let want = (big(&lo) + (big(&hi) << 256)) % p();
        prop_assert_eq!(canon(&Fe(reduce_wide(&lo, &hi))), want);
    }

    #[test]
    fn scalar_ops_against_num_bigint(a in any::<[u8; 32]>(), b in any::<[u8; 32]>()) {
        let n = n();
        let x = Scalar::reduce_be_bytes(&a);
        let y = Scalar::reduce_be_bytes(&b);
        let (bx, by) = (big(&x.0), big(&y.0));
        prop_assert_eq!(&bx, &(BigUint::from_bytes_be(&a) % &n));
        prop_assert_eq!(big(&x.mul(&y).0), &bx * &by % &n);
        prop_assert_eq!(big(&x.add(&y).0), (&bx + &by) % &n);
        prop_assert_eq!(big(&x.neg().0), (&n - &bx) % &n);
        if !x.is_zero() {
            prop_assert_eq!(big(&x.invert().unwrap().0) * &bx % &n, BigUint::from(1u8));
        }
        // The GLV split: k1 + k2 lambda = k, both halves below 2^129 in absolute value.
        for k in [x, Scalar::ZERO, Scalar(limbs(&(&n - 1u8))), Scalar(limbs(&(&n >> 1)))] {
            let (k1, k2) = k.split_lambda();
            let lambda = (&n - big(&super::scalar::MINUS_LAMBDA)) % &n;
            prop_assert_eq!((big(&k1.0) + big(&k2.0) * lambda) % &n, big(&k.0));
            for h in [k1, k2] {
                let (mag, neg) = h.to_signed();
                prop_assert!(big(&mag).bits() <= 129);
                let signed = if neg { (&n - big(&mag)) % &n } else { big(&mag) };
                prop_assert_eq!(signed, big(&h.0));
            }
        }
    }

    #[test]
    fn wnaf_reconstructs(k in any::<[u64; 4]>(), w in 2usize..=8, top in any::<bool>()) {
        let k = if top { [u64::MAX; 4] } else { k };
        let (digits, len) = wnaf(&k, w);
        let mut sum = BigInt::from(0);
        let mut last: Option<usize> = None;
        for (i, &d) in digits.iter().enumerate().take(LEN) {
            if d != 0 {
                prop_assert!(d % 2 != 0 && (d as i32).abs() < 1 << (w - 1));
                if let Some(l) = last {
                    prop_assert!(i - l >= w);
                }
                last = Some(i);
                prop_assert!(i < len);
                sum += BigInt::from(d) << i;
            }
        }
        prop_assert_eq!(len, last.map_or(0, |l| l + 1));
        prop_assert_eq!(sum, BigInt::from(big(&k)));
    }
}

/// The three backends on one input: native must equal libsecp256k1, and k256 when it recovers
/// (k256 also finds keys for signatures libsecp256k1 finds; it is compared both ways).
fn check_input(input: &[u8]) -> Vec<u8> {
    let ours = ecr::run_with(input, 3000, recover).unwrap().bytes;
    let libsecp256k1 = ecr::run_with(input, 3000, ecr::libsecp256k1::recover)
        .unwrap()
        .bytes;
    assert_eq!(
        ours,
        libsecp256k1,
        "native vs libsecp256k1 on {}",
        hex::encode(input)
    );
    assert_eq!(
        ours,
        k256_oracle(input),
        "native vs k256 on {}",
        hex::encode(input)
    );
    ours
}

/// ECRECOVER's output through k256 (go-ethereum's rules applied here, k256 recovering).
fn k256_oracle(input: &[u8]) -> Vec<u8> {
    let Some(sig) = ecr::parse(input) else {
        return Vec::new();
    };
    let Ok(s) = KSig::from_slice(&sig.rs) else {
        return Vec::new();
    };
    let (low, flip) = match s.normalize_s() {
        n if n != s => (n, 1),
        n => (n, 0),
    };
    let recid = RecoveryId::from_byte(sig.recid ^ flip).unwrap();
    match VerifyingKey::recover_from_prehash(&sig.hash, &low, recid) {
        Ok(key) => ecr::address_word(&sec1(&key)).to_vec(),
        Err(_) => Vec::new(),
    }
}

/// `hash ‖ v ‖ r ‖ s`.
fn input(hash: &[u8; 32], v: u8, r: &[u8], s: &[u8]) -> Vec<u8> {
    let mut i = hash.to_vec();
    i.extend_from_slice(&[0; 31]);
    i.push(v);
    i.extend_from_slice(r);
    i.extend_from_slice(s);
    i
}

/// A genuine signature of `hash` by `key`: (input, expected address word).
fn signed(key: &[u8; 32], hash: &[u8; 32]) -> Option<(Vec<u8>, Vec<u8>)> {
    let sk = SigningKey::from_slice(key).ok()?;
    let (sig, recid) = sk.sign_prehash_recoverable(hash);
    let bytes = sig.to_bytes();
    let want = ecr::address_word(&sec1(sk.verifying_key())).to_vec();
    Some((
        input(hash, 27 + recid.to_byte(), &bytes[..32], &bytes[32..]),
        want,
    ))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn genuine_signatures_recover_the_signer(key in any::<[u8; 32]>(), hash in any::<[u8; 32]>(), zero_hash in any::<bool>()) {
        let hash = if zero_hash { [0; 32] } else { hash };
        let Some((inp, want)) = signed(&key, &hash) else { return Ok(()) };
        prop_assert_eq!(check_input(&inp), want.clone());
        // High s with the other v: the same key.
        let s = BigUint::from_bytes_be(&inp[96..128]);
        let mut high = inp.clone();
        high[96..128].copy_from_slice(&limbs_be(&(n() - s)));
        high[63] = if inp[63] == 27 { 28 } else { 27 };
        prop_assert_eq!(check_input(&high), want);
        // The other v alone: a different key (or none), as libsecp256k1 says.
        let mut other = inp.clone();
        other[63] = if inp[63] == 27 { 28 } else { 27 };
        check_input(&other);
    }

    #[test]
    fn forged_signatures_agree(hash in any::<[u8; 32]>(), r in any::<[u8; 32]>(), s in any::<[u8; 32]>(), v in 26u8..30, small_r in any::<bool>()) {
        // Random r, s (reduced to a valid range or not) and v 26..29; small r is the range
        // where r + n would also be an x-coordinate.
        let mut r = r;
        if small_r {
            r[..16].fill(0);
        }
        check_input(&input(&hash, v, &r, &s));
    }
}

#[test]
fn edge_values_of_r_s_and_v() {
    let (inp, want) = signed(&[0x11; 32], &[0x22; 32]).unwrap();
    let n = n();
    let edges: Vec<[u8; 32]> = [
        BigUint::from(0u8),
        BigUint::from(1u8),
        &n - 1u8,
        n.clone(),
        &n + 1u8,
        (BigUint::from(1u8) << 256) - 1u8,
        p() - 1u8,
        p(),
    ]
    .iter()
    .map(limbs_be)
    .collect();
    for e in &edges {
        for at in [64, 96] {
            let mut c = inp.clone();
            c[at..at + 32].copy_from_slice(e);
            check_input(&c);
        }
        let mut c = inp.clone();
        c[64..96].copy_from_slice(e);
        c[96..128].copy_from_slice(e);
        check_input(&c);
    }
    for v in [0u8, 1, 26, 29, 255] {
        let mut c = inp.clone();
        c[63] = v;
        assert!(check_input(&c).is_empty());
    }
    let mut c = inp.clone();
    c[32] = 1; // v = 2^248 + 27
    assert!(check_input(&c).is_empty());
    assert_eq!(check_input(&inp), want);
    // All-zero input, truncated inputs.
    for len in [0, 1, 32, 64, 96, 127, 128] {
        check_input(&inp[..len]);
        assert!(check_input(&vec![0; len]).is_empty());
    }
}

/// A point `R` whose x is in `[n, p)`: its signatures carry `r = x - n` and need the recovery
/// ids 2 or 3, which ECRECOVER does not have; with `v` 27/28 the recovery takes `x = r` and
/// must find what libsecp256k1 finds (another key or none), never `R`'s signer.
#[test]
fn r_plus_n_is_never_used() {
    let (p, n) = (p(), n());
    let mut found = 0;
    let mut x = &n + 1u8; // r = x - n must be nonzero
    while found < 8 && x < p {
        let rhs = (x.modpow(&3u8.into(), &p) + 7u8) % &p;
        let y = rhs.modpow(&((&p + 1u8) >> 2), &p);
        if (&y * &y) % &p == rhs {
            found += 1;
            // Q = r^-1 (s R - z G) signs (z, r, s) with R: build it with k256.
            let r = &x - &n;
            let (s, z) = (BigUint::from(12345u32 + found), BigUint::from(777u32));
            let rinv = r.modpow(&(&n - 2u8), &n);
            let r_point = affine_from(&x, &y);
            let sr = mul_point(&r_point, &((&s * &rinv) % &n));
            let zg = mul_point(&G, &((&n - (&z * &rinv) % &n) % &n));
            let q = add_points(&sr, &zg);
            let signer = ecr::address_word(&affine_bytes(&q)).to_vec();
            for v in [27u8, 28] {
                let c = input(&limbs_be(&z), v, &limbs_be(&r), &limbs_be(&s));
                let out = check_input(&c);
                assert_ne!(out, signer);
            }
        }
        x += 1u8;
    }
    assert_eq!(found, 8);
}

fn affine_from(x: &BigUint, y: &BigUint) -> Affine {
    Affine {
        x: Fe(limbs(x)),
        y: Fe(limbs(y)),
    }
}

/// `k P` by the native double-scalar multiplication (`0 G + k P`), checked elsewhere.
fn mul_point(p: &Affine, k: &BigUint) -> Affine {
    with_kernel!(kernel => ecmult::mul_g_plus_r(kernel, &Scalar::ZERO, p, &Scalar(limbs(k))))
        .unwrap_or_else(|| panic!("{k:x} {:?} {}", p, p.is_on_curve()))
}

/// `a + b` in affine coordinates (num-bigint, independent of the native formulas).
fn add_points(a: &Affine, b: &Affine) -> Affine {
    let p = p();
    let (x1, y1, x2, y2) = (big(&a.x.0), big(&a.y.0), big(&b.x.0), big(&b.y.0));
    let inv = |v: BigUint| v.modpow(&(&p - 2u8), &p);
    let l = (&y2 + &p - &y1) % &p * inv((&x2 + &p - &x1) % &p) % &p;
    let x3 = (&l * &l + &p * 2u8 - &x1 - &x2) % &p;
    let y3 = (&l * ((&x1 + &p - &x3) % &p) % &p + &p - &y1) % &p;
    affine_from(&x3, &y3)
}

#[test]
fn double_scalar_multiplication_against_k256() {
    // u1 G + u2 G for generator multiples: k256 computes (u1 + u2) G.
    let mut rng = proptest::test_runner::TestRng::deterministic_rng(
        proptest::test_runner::RngAlgorithm::ChaCha,
    );
    let n = n();
    for i in 0..64 {
        let mut a = [0u8; 32];
        let mut b = [0u8; 32];
        rng.fill_bytes(&mut a);
        rng.fill_bytes(&mut b);
        if i == 0 {
            a = limbs_be(&(&n - 1u8));
        }
        let u1 = Scalar::reduce_be_bytes(&a);
        let u2 = Scalar::reduce_be_bytes(&b);
        let sum = (big(&u1.0) + big(&u2.0)) % &n;
        let got = with_kernel!(k => ecmult::mul_g_plus_r(k, &u1, &G, &u2));
        assert_eq!(got, ecmult::mul_g_plus_r(Portable, &u1, &G, &u2));
        if sum == BigUint::from(0u8) {
            assert!(got.is_none());
        } else {
            assert_eq!(affine_bytes(&got.unwrap()), public_key(&limbs_be(&sum)));
        }
    }
    // u1 = -u2: the point at infinity.
    let u2 = Scalar::reduce_be_bytes(&[7; 32]);
    assert!(with_kernel!(k => ecmult::mul_g_plus_r(k, &u2.neg(), &G, &u2)).is_none());
    assert!(ecmult::mul_g_plus_r(Portable, &u2.neg(), &G, &u2).is_none());
}
