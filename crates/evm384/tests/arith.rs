//! Both backends against the num-bigint model of the crate-level definitions, against
//! each other, and against blst for BLS12-381.

mod common;

use common::*;
use evm384::{portable, Modulus, ModulusError};
use num_bigint::BigUint;
use num_traits::One;
use proptest::prelude::*;

/// Checks every backend against the model for one (a, b, p, n0).
fn check(a: &[u64; 6], b: &[u64; 6], p: &[u64; 6], n0: u64) {
    let (ea, es, em) = (add(a, b, p), sub(a, b, p), mul(a, b, p, n0));
    for be in backends() {
        assert_eq!(
            be.add_mod(a, b, p),
            ea,
            "add {be:?} a={a:x?} b={b:x?} p={p:x?}"
        );
        assert_eq!(
            be.sub_mod(a, b, p),
            es,
            "sub {be:?} a={a:x?} b={b:x?} p={p:x?}"
        );
        assert_eq!(
            be.mul_mont(a, b, p, n0),
            em,
            "mul {be:?} a={a:x?} b={b:x?} p={p:x?} n0={n0:x}"
        );
    }
}

fn fixed_moduli() -> Vec<[u64; 6]> {
    let p = p_2_384_minus_317();
    assert_eq!(p[0] & 1, 1);
    vec![hex_limbs(BLS12_381_P), hex_limbs(BN254_P), p]
}

/// Odd modulus with exactly `bits` bits (65..=384) built from random limbs.
fn odd_modulus(bits: u32, limbs_in: [u64; 6]) -> [u64; 6] {
    let x = big(&limbs_in) % (BigUint::one() << (bits - 1));
    limbs(&(x | (BigUint::one() << (bits - 1)) | BigUint::one()))
}

/// Operand kinds: 0, 1, p-1, p-2, p, p+1, random < p, random unreduced, 2^384-1.
fn operand(kind: u8, p: &[u64; 6], r: [u64; 6]) -> [u64; 6] {
    let pb = big(p);
    let m = BigUint::one() << 384u32;
    let v = match kind % 9 {
        0 => BigUint::ZERO,
        1 => BigUint::one(),
        2 => (&pb + &m - 1u32) % &m,
        3 => (&pb + &m - 2u32) % &m,
        4 => pb.clone(),
        5 => &pb + 1u32,
        6 if pb == BigUint::ZERO => big(&r),
        6 => big(&r) % &pb,
        7 => big(&r),
        _ => &m - 1u32,
    };
    limbs(&v)
}

fn arb_limbs() -> impl Strategy<Value = [u64; 6]> {
    prop::array::uniform6(any::<u64>())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn fixed_moduli_vs_model(pi in 0usize..3, ka in any::<u8>(), kb in any::<u8>(),
                             ra in arb_limbs(), rb in arb_limbs(), wrong_n0 in any::<u64>(), use_wrong in any::<bool>()) {
        let p = fixed_moduli()[pi];
        let n0 = if use_wrong { wrong_n0 } else { n0_of(&p) };
        check(&operand(ka, &p, ra), &operand(kb, &p, rb), &p, n0);
    }

    #[test]
    fn random_moduli_vs_model(bits in 65u32..=384, pl in arb_limbs(), ka in any::<u8>(), kb in any::<u8>(),
                              ra in arb_limbs(), rb in arb_limbs(), wrong_n0 in any::<u64>(), use_wrong in any::<bool>()) {
        let p = odd_modulus(bits, pl);
        let n0 = if use_wrong { wrong_n0 } else { n0_of(&p) };
        check(&operand(ka, &p, ra), &operand(kb, &p, rb), &p, n0);
    }

    /// Completely arbitrary bit patterns: any p (even, zero, small), any n0.
    #[test]
    fn arbitrary_bits_vs_model(a in arb_limbs(), b in arb_limbs(), p in arb_limbs(), n0 in any::<u64>(), zero_top in 0usize..6) {
        let mut p = p;
        for l in p.iter_mut().skip(6 - zero_top) { *l = 0; }
        check(&a, &b, &p, n0);
    }

    /// Modulus::mul (which swaps the operands internally) equals the definition for
    /// every input, reduced or not, since n0 is correct.
    #[test]
    fn modulus_mul_matches_definition(pi in 0usize..3, bits in 65u32..=384, pl in arb_limbs(), random_p in any::<bool>(),
                                      ka in any::<u8>(), kb in any::<u8>(), ra in arb_limbs(), rb in arb_limbs()) {
        let p = if random_p { odd_modulus(bits, pl) } else { fixed_moduli()[pi] };
        let (a, b) = (operand(ka, &p, ra), operand(kb, &p, rb));
        let expect = mul(&a, &b, &p, n0_of(&p));
        for be in backends() {
            let m = Modulus::new(p).unwrap().with_backend(be);
            prop_assert_eq!(m.mul(&a, &b), expect);
            prop_assert_eq!(m.add(&a, &b), add(&a, &b, &p));
            prop_assert_eq!(m.sub(&a, &b), sub(&a, &b, &p));
        }
    }

    /// Reduced inputs give canonical Montgomery results (a*b*R^-1 mod p).
    #[test]
    fn modulus_type_canonical(pi in 0usize..3, ra in arb_limbs(), rb in arb_limbs()) {
        let p = fixed_moduli()[pi];
        let pb = big(&p);
        let (a, b) = (big(&ra) % &pb, big(&rb) % &pb);
        for be in backends() {
            let m = Modulus::new(p).unwrap().with_backend(be);
            let (am, bm) = (m.to_montgomery(&limbs(&a)), m.to_montgomery(&limbs(&b)));
            prop_assert_eq!(big(&am), (&a << 384u32) % &pb);
            let prod = m.from_montgomery(&m.mul(&am, &bm));
            prop_assert_eq!(big(&prod), (&a * &b) % &pb);
            prop_assert_eq!(big(&m.from_montgomery(&m.add(&am, &bm))), (&a + &b) % &pb);
            prop_assert_eq!(big(&m.from_montgomery(&m.sub(&am, &bm))), (&a + &pb - &b) % &pb);
        }
    }

    /// blst as an oracle for BLS12-381 (Montgomery-form blst_fp limbs).
    #[test]
    fn blst_oracle(ra in arb_limbs(), rb in arb_limbs(), ka in 0u8..7, kb in 0u8..7) {
        let p = hex_limbs(BLS12_381_P);
        let a = operand(if ka == 4 || ka == 5 { 6 } else { ka }, &p, ra);
        let b = operand(if kb == 4 || kb == 5 { 6 } else { kb }, &p, rb);
        let (fa, fb) = (blst::blst_fp { l: a }, blst::blst_fp { l: b });
        let mut r = blst::blst_fp::default();
        let m = Modulus::new(p).unwrap();
        for be in backends() {
            let m = m.with_backend(be);
            // SAFETY: valid pointers to initialised blst_fp values.
            unsafe { blst::blst_fp_add(&mut r, &fa, &fb) };
            prop_assert_eq!(m.add(&a, &b), r.l);
            // SAFETY: as above.
            unsafe { blst::blst_fp_sub(&mut r, &fa, &fb) };
            prop_assert_eq!(m.sub(&a, &b), r.l);
            // SAFETY: as above.
            unsafe { blst::blst_fp_mul(&mut r, &fa, &fb) };
            prop_assert_eq!(m.mul(&a, &b), r.l);
        }
    }
}

#[test]
fn edge_values_all_moduli() {
    let mut ps = fixed_moduli();
    ps.push([u64::MAX; 6]);
    ps.push([3, 0, 0, 0, 0, 0]);
    ps.push([u64::MAX, 0, 0, 0, 0, 0]);
    ps.push([1, 1, 0, 0, 0, 0]); // 2^64 + 1
    ps.push([0; 6]);
    ps.push([2, 0, 0, 0, 0, 7]); // even
    for p in &ps {
        let r = [0x0123_4567_89ab_cdef, 7, u64::MAX, 1 << 63, 5, 0xdead_beef];
        let ops: Vec<[u64; 6]> = (0..9).map(|k| operand(k, p, r)).collect();
        for a in &ops {
            for b in &ops {
                check(a, b, p, n0_of(p));
                check(a, b, p, 0x9e37_79b9_7f4a_7c15);
            }
        }
    }
}

#[test]
fn modulus_validation() {
    assert_eq!(Modulus::new([0; 6]), Err(ModulusError::Even));
    assert_eq!(Modulus::new([4, 0, 0, 0, 0, 1]), Err(ModulusError::Even));
    assert_eq!(Modulus::new([1, 0, 0, 0, 0, 0]), Err(ModulusError::One));
    assert_eq!(
        Modulus::from_le_bytes(&[1u8; 49]),
        Err(ModulusError::TooLarge)
    );
    assert!(Modulus::from_le_bytes(&[0xffu8; 48]).is_ok());
    let mut be = vec![0u8; 64];
    be[63] = 7;
    assert_eq!(Modulus::from_be_bytes(&be).unwrap().p(), [7, 0, 0, 0, 0, 0]);
    be[15] = 1;
    assert_eq!(Modulus::from_be_bytes(&be), Err(ModulusError::TooLarge));
    let le: Vec<u8> = (1..=48u8).map(|b| b | 1).collect();
    let be: Vec<u8> = le.iter().rev().copied().collect();
    assert_eq!(Modulus::from_be_bytes(&be), Modulus::from_le_bytes(&le));
    assert_eq!(
        Modulus::from_be_bytes(&be[1..]),
        Modulus::from_le_bytes(&le[..47])
    );
    for p in fixed_moduli() {
        let m = Modulus::new(p).unwrap();
        assert_eq!(m.n0(), n0_of(&p));
        assert_eq!(big(&m.r2()), (BigUint::one() << 768u32) % big(&p));
        assert_eq!(evm384::neg_inv64(p[0]), n0_of(&p));
    }
    assert!(!ModulusError::Even.to_string().is_empty());
}

#[test]
fn top_level_dispatch_matches_portable() {
    let p = hex_limbs(BLS12_381_P);
    let (a, b) = ([u64::MAX; 6], [3, 1, 4, 1, 5, 9]);
    assert_eq!(evm384::add_mod(&a, &b, &p), portable::add_mod(&a, &b, &p));
    assert_eq!(evm384::sub_mod(&a, &b, &p), portable::sub_mod(&a, &b, &p));
    assert_eq!(
        evm384::mul_mont(&a, &b, &p, 5),
        portable::mul_mont(&a, &b, &p, 5)
    );
}

#[test]
fn bls12_381_p_constant_matches_the_published_prime() {
    assert_eq!(evm384::BLS12_381_P, hex_limbs(BLS12_381_P));
}
