//! Every root function against num-bigint's textbook values, for reduced inputs.

mod common;

use common::*;
use montgomery::Modulus;
use num_bigint::BigUint;
use num_traits::One;
use proptest::prelude::*;

/// Checks every root function at one (a, b) against the textbook formulas.
fn check<const N: usize>(m: &Modulus<N>, a: &[u64; N], b: &[u64; N]) {
    let (p, ab, bb) = (big(m.p()), big(a), big(b));
    assert!(ab < p && bb < p);
    let prod = &ab * &bb;
    let want_mul: [u64; N] = limbs(&mont_div::<N>(&prod, &p));
    assert_eq!(montgomery::mul(a, b, m), want_mul, "mul a={a:x?} b={b:x?}");
    let want_sq: [u64; N] = limbs(&mont_div::<N>(&(&ab * &ab), &p));
    assert_eq!(montgomery::square(a, m), want_sq, "square a={a:x?}");
    assert_eq!(montgomery::add(a, b, m), limbs(&((&ab + &bb) % &p)), "add");
    assert_eq!(
        montgomery::sub(a, b, m),
        limbs(&((&ab + &p - &bb) % &p)),
        "sub"
    );
    assert_eq!(montgomery::neg(a, m), limbs(&((&p - &ab) % &p)), "neg");
    let (lo, hi) = montgomery::mul_wide(a, b);
    assert_eq!(big(&lo) + (big(&hi) << (64 * N)), prod, "mul_wide");
    assert_eq!(montgomery::reduce(&lo, &hi, m), want_mul, "reduce");
}

/// Checks the constants of `m` against num-bigint.
fn check_constants<const N: usize>(m: &Modulus<N>) {
    let p = big(m.p());
    let w = BigUint::one() << 64u32;
    assert_eq!((big(&[m.n0()]) * &p + 1u32) % &w, BigUint::ZERO, "n0");
    assert_eq!(big(m.one()), r::<N>() % &p, "one");
    assert_eq!(big(m.r2()), r::<N>() * r::<N>() % &p, "r2");
    assert_eq!(m.has_spare_bit(), m.p()[N - 1] < u64::MAX >> 1);
}

/// `x mod p` for random limbs, plus the edge values 0, 1, p-1 by `kind`.
fn operand<const N: usize>(kind: u8, p: &[u64; N], x: &[u64; N]) -> [u64; N] {
    let pb = big(p);
    limbs(&match kind % 6 {
        0 => BigUint::ZERO,
        1 => BigUint::one(),
        2 => &pb - 1u32,
        _ => big(x) % &pb,
    })
}

const BN254: Modulus<4> = Modulus::new([
    0x3c20_8c16_d87c_fd47,
    0x9781_6a91_6871_ca8d,
    0xb850_45b6_8181_585d,
    0x3064_4e72_e131_a029,
]);

#[test]
fn bn254_constants() {
    assert_eq!(*BN254.p(), hex::<4>(BN254_P));
    assert!(BN254.has_spare_bit());
    check_constants(&BN254);
}

#[test]
fn bls12_381_constants() {
    let m = Modulus::new(hex::<6>(BLS12_381_P));
    assert!(m.has_spare_bit());
    check_constants(&m);
}

#[test]
fn try_new_rejects_even_and_one() {
    assert_eq!(Modulus::<4>::try_new([0; 4]), None);
    assert_eq!(Modulus::<4>::try_new([1, 0, 0, 0]), None);
    assert_eq!(Modulus::<4>::try_new([2, 1, 0, 0]), None);
    assert!(Modulus::<4>::try_new([3, 0, 0, 0]).is_some());
    assert!(Modulus::<1>::try_new([u64::MAX]).is_some());
}

/// An odd modulus from random limbs; `full` sets the top bit (no spare bit).
fn modulus<const N: usize>(mut x: [u64; N], full: bool) -> Modulus<N> {
    x[0] |= 1;
    if full {
        x[N - 1] |= 1 << 63;
    }
    if x == {
        let mut one = [0u64; N];
        one[0] = 1;
        one
    } {
        x[0] = 3;
    }
    let m = Modulus::new(x);
    check_constants(&m);
    m
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn bn254(ka: u8, kb: u8, x: [u64; 4], y: [u64; 4]) {
        let p = BN254.p();
        check(&BN254, &operand(ka, p, &x), &operand(kb, p, &y));
    }

    #[test]
    fn bls12_381(ka: u8, kb: u8, x: [u64; 6], y: [u64; 6]) {
        let m = Modulus::new(hex::<6>(BLS12_381_P));
        check(&m, &operand(ka, m.p(), &x), &operand(kb, m.p(), &y));
    }

    #[test]
    fn random_4(pl: [u64; 4], full: bool, ka: u8, kb: u8, x: [u64; 4], y: [u64; 4]) {
        let m = modulus(pl, full);
        check(&m, &operand(ka, m.p(), &x), &operand(kb, m.p(), &y));
    }

    #[test]
    fn random_6(pl: [u64; 6], full: bool, ka: u8, kb: u8, x: [u64; 6], y: [u64; 6]) {
        let m = modulus(pl, full);
        check(&m, &operand(ka, m.p(), &x), &operand(kb, m.p(), &y));
    }

    #[test]
    fn random_8(pl: [u64; 8], full: bool, ka: u8, kb: u8, x: [u64; 8], y: [u64; 8]) {
        let m = modulus(pl, full);
        check(&m, &operand(ka, m.p(), &x), &operand(kb, m.p(), &y));
    }

    #[test]
    fn random_16(pl: [u64; 16], full: bool, ka: u8, kb: u8, x: [u64; 16], y: [u64; 16]) {
        let m = modulus(pl, full);
        check(&m, &operand(ka, m.p(), &x), &operand(kb, m.p(), &y));
    }

    #[test]
    fn small_moduli(p0 in 3u64.., ka: u8, kb: u8, x: [u64; 2], y: [u64; 2]) {
        // p < 2^64 in two limbs: R mod p and the reductions work far from the top.
        let m = Modulus::new([p0 | 1, 0]);
        check(&m, &operand(ka, m.p(), &x), &operand(kb, m.p(), &y));
    }
}
