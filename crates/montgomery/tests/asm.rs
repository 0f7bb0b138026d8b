//! The assembly path against the portable one, bit for bit, on every input kind (reduced
//! or not, spare bit or not, wrong `n0`), both called explicitly; and the portable
//! formulas on unreduced inputs against num-bigint models.
#![cfg(target_arch = "x86_64")]

mod common;

use common::*;
use montgomery::{asm::Adx, portable, Modulus};
use num_bigint::BigUint;
use num_traits::One;
use proptest::prelude::*;

/// The token; a test binary built with ADX enabled must find it. Says on stderr when the
/// CPU lacks it (then only the portable path is checked, by the other tests).
fn token() -> Option<Adx> {
    let t = Adx::detect();
    assert!(t.is_some() || !cfg!(target_feature = "adx"));
    if t.is_none() {
        eprintln!("montgomery: the CPU lacks BMI2/ADX; asm not tested");
    }
    t
}

/// An odd modulus > 1 from limbs; `full` sets the top bit.
fn modulus<const N: usize>(mut x: [u64; N], full: bool) -> Modulus<N> {
    x[0] |= 1;
    if full {
        x[N - 1] |= 1 << 63;
    } else {
        x[N - 1] >>= 2; // spare bit
    }
    if big(&x) == BigUint::one() {
        x[0] = 3;
    }
    Modulus::new(x)
}

/// Operand kinds: 0, 1, p-1, p, p+1, random < p, random unreduced, 2^(64N)-1.
fn operand<const N: usize>(kind: u8, p: &[u64; N], x: &[u64; N]) -> [u64; N] {
    let (pb, r) = (big(p), r::<N>());
    limbs(&match kind % 8 {
        0 => BigUint::ZERO,
        1 => BigUint::one(),
        2 => &pb - 1u32,
        3 => pb.clone(),
        4 => &pb + 1u32,
        5 => big(x) % &pb,
        6 => big(x),
        _ => r - 1u32,
    })
}

fn check<const N: usize>(t: Adx, m: &Modulus<N>, a: &[u64; N], b: &[u64; N], n0: u64) {
    let p = m.p();
    assert_eq!(
        t.mul(a, b, m),
        portable::mul(a, b, m),
        "mul {a:x?} {b:x?} {p:x?}"
    );
    assert_eq!(t.square(a, m), portable::square(a, m), "square");
    assert_eq!(t.reduce(a, b, m), portable::reduce(a, b, m), "reduce");
    assert_eq!(t.mul_wide(a, b), portable::mul_wide(a, b), "mul_wide");
    assert_eq!(
        t.mul_mont_full(a, b, m),
        portable::mul_mont(a, b, p, m.n0()),
        "full"
    );
    assert_eq!(
        t.mul_mont(a, b, p, n0),
        portable::mul_mont(a, b, p, n0),
        "mul_mont n0"
    );
    assert_eq!(
        t.mul_mont(a, b, p, n0),
        model_mul_full(a, b, p, n0),
        "model"
    );
    assert_eq!(t.add_mod(a, b, p), portable::add_mod(a, b, p), "add");
    assert_eq!(t.sub_mod(a, b, p), portable::sub_mod(a, b, p), "sub");
}

/// num-bigint model of `portable::mul_mont` (every carry kept), any input.
fn model_mul_full<const N: usize>(a: &[u64; N], b: &[u64; N], p: &[u64; N], n0: u64) -> [u64; N] {
    let (ab, pb, w) = (big(a), big(p), BigUint::one() << 64u32);
    let mut t = BigUint::ZERO;
    for &bi in b {
        t += &ab * BigUint::from(bi);
        let m = (&t % &w) * BigUint::from(n0) % &w;
        t = (t + m * &pb) >> 64u32;
    }
    limbs(&if t >= pb { t - pb } else { t })
}

/// num-bigint model of `portable::mul_mont_nocarry`, any input.
fn model_mul_nocarry<const N: usize>(
    a: &[u64; N],
    b: &[u64; N],
    p: &[u64; N],
    n0: u64,
) -> [u64; N] {
    let (ab, pb, w) = (big(a), big(p), BigUint::one() << 64u32);
    let mut t = BigUint::ZERO;
    for &bi in b {
        t += &ab * BigUint::from(bi);
        let m = (&t % &w) * BigUint::from(n0) % &w;
        t = ((t + m * &pb) >> 64u32) % r::<N>();
    }
    limbs(&if t >= pb { t - pb } else { t })
}

/// num-bigint model of `portable::redc`, any input.
fn model_redc<const N: usize>(lo: &[u64; N], hi: &[u64; N], p: &[u64; N], n0: u64) -> [u64; N] {
    let (pb, w) = (big(p), BigUint::one() << 64u32);
    let mut t = big(lo) + (big(hi) << (64 * N));
    for i in 0..N {
        let m = ((&t >> (64 * i)) % &w) * BigUint::from(n0) % &w;
        t += (m * &pb) << (64 * i);
    }
    let u = t >> (64 * N);
    limbs(&if u >= pb { u - pb } else { u })
}

fn check_models<const N: usize>(m: &Modulus<N>, a: &[u64; N], b: &[u64; N], n0: u64) {
    let p = m.p();
    assert_eq!(portable::mul_mont(a, b, p, n0), model_mul_full(a, b, p, n0));
    assert_eq!(
        portable::mul_mont_nocarry(a, b, p, n0),
        model_mul_nocarry(a, b, p, n0)
    );
    assert_eq!(portable::redc(a, b, p, n0), model_redc(a, b, p, n0));
    check_square_model(m, a);
    // add / sub formulas of the crate docs
    let (x, y, pb, r) = (big(a), big(b), big(p), r::<N>());
    let s = &x + &y;
    let add = if s >= pb { (s - &pb) % &r } else { s };
    assert_eq!(portable::add_mod(a, b, p), limbs(&add));
    let sub = if x >= y {
        &x - &y
    } else {
        (&x + &pb + &r - &y) % &r
    };
    assert_eq!(portable::sub_mod(a, b, p), limbs(&sub));
}

/// `portable::sqr_wide` against num-bigint's square and `portable::square` against the model
/// of the formula its doc names (REDC of the square for 6 limbs and a spare-bit `p`, else
/// the product's), any input.
fn check_square_model<const N: usize>(m: &Modulus<N>, a: &[u64; N]) {
    let (lo, hi) = portable::sqr_wide(a);
    let sq = big(a) * big(a);
    assert_eq!(big(&lo) + (big(&hi) << (64 * N)), sq, "sqr_wide {a:x?}");
    let (p, n0) = (m.p(), m.n0());
    let want = if N == 6 && m.has_spare_bit() {
        model_redc(&lo, &hi, p, n0)
    } else if m.has_spare_bit() {
        model_mul_nocarry(a, a, p, n0)
    } else {
        model_mul_full(a, a, p, n0)
    };
    assert_eq!(portable::square(a, m), want, "square {a:x?} {p:x?}");
}

/// `Adx::mul_mont` against portable and the num-bigint model for a raw `p` (no `Modulus`).
fn check_mul_mont<const N: usize>(p: &[u64; N], a: &[u64; N], b: &[u64; N], n0: u64) {
    let want = model_mul_full(a, b, p, n0);
    assert_eq!(portable::mul_mont(a, b, p, n0), want, "portable {p:x?}");
    if let Some(t) = token() {
        assert_eq!(
            t.mul_mont(a, b, p, n0),
            want,
            "asm {a:x?} {b:x?} {p:x?} {n0:x}"
        );
    }
}

/// Limbs biased to the carry edges: each is 0, 2^64-1, 2^64-2, 2^63 or the random `x`
/// (by `sel`), so long runs of all-ones limbs (which set the rare carries) are common.
fn edgy<const N: usize>(sel: &[u8; N], x: &[u64; N]) -> [u64; N] {
    core::array::from_fn(|i| match sel[i] % 5 {
        0 => 0,
        1 => u64::MAX,
        2 => u64::MAX - 1,
        3 => 1 << 63,
        _ => x[i],
    })
}

/// The low `K` limbs of `x`.
fn head<const K: usize>(x: &[u64; 8]) -> [u64; K] {
    core::array::from_fn(|i| x[i])
}

/// Near-maximal values (where the carries out of the top limbs happen): 2^(64N) - 1 - d
/// for small d, and 2^(64N) - 2^(64k) patterns.
fn near_max<const N: usize>() -> Vec<[u64; N]> {
    let mut v = Vec::new();
    for d in [0u64, 1, 2, 5, 1 << 32, u64::MAX] {
        let mut x = [u64::MAX; N];
        x[0] -= d;
        v.push(x);
    }
    for k in 1..N {
        let mut x = [u64::MAX; N];
        x[k - 1] = 0;
        v.push(x);
    }
    v
}

/// Every pair of near-maximal operands under near-maximal moduli (odd and even) and edge
/// `n0`s: the top-limb carries of the every-carry kernels, which random inputs rarely set.
fn carry_grid<const N: usize>() {
    let xs = near_max::<N>();
    for p in &xs {
        let n0s = [0, 1, u64::MAX, 1 << 63, montgomery::neg_inv64(p[0] | 1)];
        for a in &xs {
            for b in &xs {
                for &n0 in &n0s {
                    check_mul_mont(p, a, b, n0);
                }
            }
        }
    }
}

#[test]
fn carry_grid_4() {
    carry_grid::<4>();
}

#[test]
fn carry_grid_6() {
    carry_grid::<6>();
}

/// The 6-limb square on near-maximal operands and 0, 1, p-1, p, under BLS12-381's `p` and
/// near-maximal moduli with the spare bit (the squaring kernel) and without (the product).
#[test]
fn square_grid_6() {
    let bls = Modulus::new(hex::<6>(BLS12_381_P));
    let mut moduli = vec![bls];
    for x in near_max::<6>() {
        moduli.push(modulus(x, false));
        moduli.push(modulus(x, true));
    }
    for m in &moduli {
        let pm1 = limbs::<6>(&(big(m.p()) - 1u32));
        let mut xs = near_max::<6>();
        xs.extend([[0; 6], [1, 0, 0, 0, 0, 0], pm1, *m.p()]);
        for a in &xs {
            check_square_model(m, a);
            if let Some(t) = token() {
                assert_eq!(
                    t.square(a, m),
                    portable::square(a, m),
                    "{a:x?} {:x?}",
                    m.p()
                );
            }
        }
    }
}

/// `square_n` (the lazy squaring loop for 6 limbs and `p < 2^382`, else repeated squares)
/// against `k` Montgomery squarings in num-bigint (`x = x^2 R^-1 mod p`), on the crate root
/// and on the asm token.
fn check_square_n<const N: usize>(m: &Modulus<N>, a: &[u64; N], k: u32) {
    let p = big(m.p());
    let mut x = big(a);
    for _ in 0..k {
        x = mont_div::<N>(&(&x * &x), &p);
    }
    let want = limbs::<N>(&x);
    assert_eq!(
        montgomery::square_n(a, k, m),
        want,
        "{a:x?} k={k} {:x?}",
        m.p()
    );
    if let Some(t) = token() {
        assert_eq!(t.square_n(a, k, m), want, "{a:x?} k={k} {:x?}", m.p());
    }
}

/// The squaring loop on 0, 1, p-1 and near-maximal values below p, under BLS12-381's p,
/// the largest moduli it takes (near `2^382`, where its intermediate squares come closest to
/// `2p`), moduli with one spare bit and full ones (the fallback), and BN254's (4 limbs).
#[test]
fn square_n_grid() {
    let mut moduli = vec![Modulus::new(hex::<6>(BLS12_381_P))];
    for x in near_max::<6>() {
        moduli.push(modulus(x, false));
        let mut one_spare = x;
        one_spare[5] >>= 1;
        one_spare[0] |= 1;
        moduli.push(Modulus::new(one_spare));
        moduli.push(modulus(x, true));
    }
    for m in &moduli {
        let p = big(m.p());
        let mut xs: Vec<[u64; 6]> = near_max::<6>()
            .iter()
            .map(|x| limbs::<6>(&(big(x) % &p)))
            .collect();
        xs.extend([[0; 6], [1, 0, 0, 0, 0, 0], limbs::<6>(&(&p - 1u32))]);
        for a in &xs {
            for k in [0, 1, 2, 3, 5, 64] {
                check_square_n(m, a, k);
            }
        }
    }
    let bn = Modulus::new(hex::<4>(BN254_P));
    let pm1 = limbs::<4>(&(big(bn.p()) - 1u32));
    for k in [0, 1, 2, 9] {
        check_square_n(&bn, &pm1, k);
    }
}

#[test]
fn carry_grid_8() {
    carry_grid::<8>();
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1024))]

    #[test]
    fn width_4(pl: [u64; 4], full: bool, ka: u8, kb: u8, x: [u64; 4], y: [u64; 4], n0: u64) {
        let m = modulus(pl, full);
        let (a, b) = (operand(ka, m.p(), &x), operand(kb, m.p(), &y));
        check_models(&m, &a, &b, n0);
        if let Some(t) = token() { check(t, &m, &a, &b, n0) }
    }

    #[test]
    fn width_6(pl: [u64; 6], full: bool, ka: u8, kb: u8, x: [u64; 6], y: [u64; 6], n0: u64) {
        let m = modulus(pl, full);
        let (a, b) = (operand(ka, m.p(), &x), operand(kb, m.p(), &y));
        check_models(&m, &a, &b, n0);
        if let Some(t) = token() { check(t, &m, &a, &b, n0) }
    }

    #[test]
    fn width_8(pl: [u64; 8], full: bool, ka: u8, kb: u8, x: [u64; 8], y: [u64; 8], n0: u64) {
        let m = modulus(pl, full);
        let (a, b) = (operand(ka, m.p(), &x), operand(kb, m.p(), &y));
        check_models(&m, &a, &b, n0);
        if let Some(t) = token() { check(t, &m, &a, &b, n0) }
    }

    /// `mul_mont` takes any `p` (even, zero, top bit or not) and any `n0`: the kernel
    /// follows the formula regardless.
    #[test]
    fn mul_mont_any_p(p: [u64; 8], ka: u8, kb: u8, x: [u64; 8], y: [u64; 8], n0: u64, top: bool) {
        let mut p = p;
        if top { p[7] |= 1 << 63 }
        if p[..4] == [0; 4] { p[0] = 2 } // `operand` needs p > 0 at every width
        let (a, b) = (operand(ka, &p, &x), operand(kb, &p, &y));
        check_mul_mont(&p, &a, &b, n0);
        let (p4, a4, b4) = (head::<4>(&p), head::<4>(&a), head::<4>(&b));
        check_mul_mont(&p4, &a4, &b4, n0);
        let (p6, a6, b6) = (head::<6>(&p), head::<6>(&a), head::<6>(&b));
        check_mul_mont(&p6, &a6, &b6, n0);
    }

    /// Every-carry kernels on limbs near the carry edges (all-ones operands and moduli,
    /// `n0` from the same set): the rare carries out of the top limbs are exercised.
    #[test]
    fn mul_mont_carry_edges(
        sp: [u8; 8], sa: [u8; 8], sb: [u8; 8], sn: [u8; 1],
        p: [u64; 8], x: [u64; 8], y: [u64; 8], n0: u64,
    ) {
        let (p, a, b, n0) = (edgy(&sp, &p), edgy(&sa, &x), edgy(&sb, &y), edgy(&sn, &[n0])[0]);
        check_mul_mont(&p, &a, &b, n0);
        check_mul_mont(&head::<4>(&p), &head::<4>(&a), &head::<4>(&b), n0);
        check_mul_mont(&head::<6>(&p), &head::<6>(&a), &head::<6>(&b), n0);
        if let (Some(m), Some(t)) = (Modulus::try_new(p), token()) {
            check(t, &m, &a, &b, n0)
        }
    }

    /// The 6-limb square (the squaring kernel when `p` has a spare bit) on operands and
    /// moduli with limbs near the carry edges (all-ones runs, 2^63, 0), reduced or not.
    #[test]
    fn square_carry_edges_6(sp: [u8; 6], sa: [u8; 6], p: [u64; 6], x: [u64; 6], full: bool) {
        let m = modulus(edgy(&sp, &p), full);
        let a = edgy(&sa, &x);
        check_square_model(&m, &a);
        let r = edgy(&sa, &x).map(|l| l % 3); // tiny limbs: the rows' zero carries
        check_square_model(&m, &r);
        if let Some(t) = token() {
            assert_eq!(t.square(&a, &m), portable::square(&a, &m), "{a:x?} {:x?}", m.p());
            assert_eq!(t.square(&r, &m), portable::square(&r, &m));
        }
    }

    /// The squaring loop on random values below BLS12-381's p and below random moduli
    /// near `2^382`, for run lengths 0..=40.
    #[test]
    fn square_n_random(x: [u64; 6], p: [u64; 6], k in 0u32..=40) {
        let bls = Modulus::new(hex::<6>(BLS12_381_P));
        let a = limbs::<6>(&(big(&x) % big(bls.p())));
        check_square_n(&bls, &a, k);
        let m = modulus(p, false);
        let a = limbs::<6>(&(big(&x) % big(m.p())));
        check_square_n(&m, &a, k);
    }

    #[test]
    fn named_moduli(ka: u8, kb: u8, x: [u64; 6], y: [u64; 6], n0: u64) {
        let bn = Modulus::new(hex::<4>(BN254_P));
        let bls = Modulus::new(hex::<6>(BLS12_381_P));
        let (x4, y4) = ([x[0], x[1], x[2], x[3]], [y[0], y[1], y[2], y[3]]);
        let (a, b) = (operand(ka, bn.p(), &x4), operand(kb, bn.p(), &y4));
        check_models(&bn, &a, &b, n0);
        let (c, d) = (operand(ka, bls.p(), &x), operand(kb, bls.p(), &y));
        check_models(&bls, &c, &d, n0);
        if let Some(t) = token() {
            check(t, &bn, &a, &b, n0);
            check(t, &bls, &c, &d, n0);
        }
    }
}

/// P-256's `p`.
const P256_P: &str = "ffffffff00000001000000000000000000000000ffffffffffffffffffffffff";

/// P-256's specialised product and square against num-bigint (`a b 2^-256 mod p`), and
/// against the generic kernel, for any `a, b < 2^256`: partly reduced results (4 limbs, so
/// below `2^256`), congruent modulo `p`.
fn check_p256(t: Adx, a: &[u64; 4], b: &[u64; 4]) {
    let m = Modulus::new(hex::<4>(P256_P));
    let p = big(m.p());
    let (ar, br) = (limbs::<4>(&(big(a) % &p)), limbs::<4>(&(big(b) % &p)));
    let want = limbs::<4>(&mont_div::<4>(&(big(a) * big(b) % &p), &p));
    assert_eq!(
        limbs::<4>(&(big(&t.mul_p256(a, b)) % &p)),
        want,
        "mul_p256 {a:x?} {b:x?}"
    );
    assert_eq!(t.mul(&ar, &br, &m), want, "mul {a:x?} {b:x?}");
    let want_sq = limbs::<4>(&mont_div::<4>(&(big(a) * big(a) % &p), &p));
    assert_eq!(
        limbs::<4>(&(big(&t.square_p256(a)) % &p)),
        want_sq,
        "square_p256 {a:x?}"
    );
}

/// Every pair of operands near the carry edges: 0, 1, 2, p-1, p-2, p, p+1, near-maximal
/// values (where the final subtraction is taken), and values with all-ones or all-zero limbs.
#[test]
fn p256_edges() {
    let Some(t) = token() else { return };
    let p = big(&hex::<4>(P256_P));
    let mut values: Vec<BigUint> = [0u32, 1, 2].iter().map(|&v| BigUint::from(v)).collect();
    values.extend([
        &p - 1u32,
        &p - 2u32,
        &p - 3u32,
        p.clone(),
        &p + 1u32,
        &p >> 1u32,
        (&p >> 1u32) + 1u32,
    ]);
    for l in near_max::<4>() {
        values.push(big(&l));
        values.push(big(&l) % &p);
    }
    for (i, x) in [0u64, 1, u64::MAX, 1 << 63, 0xffff_ffff].iter().enumerate() {
        values.push(big(&[*x, x.rotate_left(i as u32), !x, *x]));
    }
    for a in &values {
        for b in &values {
            check_p256(t, &limbs::<4>(a), &limbs::<4>(b));
        }
    }
}

/// secp256k1's `p`.
const K256_P: &str = "fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f";

/// secp256k1's plain product and square against num-bigint, for any `a, b < 2^256`: partly
/// reduced results (4 limbs, so below `2^256`), congruent modulo `p`.
fn check_k256(t: Adx, a: &[u64; 4], b: &[u64; 4]) {
    let p = big(&hex::<4>(K256_P));
    let want = big(a) * big(b) % &p;
    assert_eq!(big(&t.mul_k256(a, b)) % &p, want, "mul_k256 {a:x?} {b:x?}");
    let want_sq = big(a) * big(a) % &p;
    assert_eq!(big(&t.square_k256(a)) % &p, want_sq, "square_k256 {a:x?}");
}

/// Every pair of edge operands: 0, 1, p-1, p, p+1, near-maximal values (where both folds
/// carry), and values whose product lands just below and above multiples of `p`.
#[test]
fn k256_edges() {
    let Some(t) = token() else { return };
    let p = big(&hex::<4>(K256_P));
    let mut values: Vec<[u64; 4]> = [0u32, 1, 2]
        .iter()
        .map(|&v| limbs::<4>(&BigUint::from(v)))
        .collect();
    for v in [&p - 1u32, &p - 2u32, p.clone(), &p + 1u32, &p >> 1u32] {
        values.push(limbs::<4>(&v));
    }
    values.extend(near_max::<4>());
    for a in &values {
        for b in &values {
            check_k256(t, a, b);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn p256_random(ka: u8, kb: u8, x: [u64; 4], y: [u64; 4]) {
        let Some(t) = token() else { return Ok(()) };
        let p = hex::<4>(P256_P);
        // every kind `operand` has: reduced, p, p + 1, unreduced random, 2^256 - 1
        check_p256(t, &operand(ka, &p, &x), &operand(kb, &p, &y));
        let k = hex::<4>(K256_P);
        check_k256(t, &operand(ka, &k, &x), &operand(kb, &k, &y));
    }
}
