//! The variable-time inversion against num-bigint's `modinv`, for every width 1..=8, prime
//! (BN254, BLS12-381) and random odd moduli (some sharing factors with the operand).

mod common;

use common::*;
use montgomery::{inverse_mont_vartime, inverse_vartime, Modulus};
use num_bigint::BigUint;
use num_traits::One;
use proptest::prelude::*;

/// Checks both inversions of `x` modulo `m` against num-bigint (`None` exactly when `x = 0`,
/// `x >= p` or `gcd(x, p) != 1`).
fn check<const N: usize>(m: &Modulus<N>, x: &[u64; N]) {
    let (p, xb) = (big(m.p()), big(x));
    let want = if xb >= p { None } else { xb.modinv(&p) };
    let got = inverse_vartime(x, m);
    assert_eq!(
        got.map(|g| big(&g)),
        want,
        "inverse_vartime x={x:x?} p={:x?}",
        m.p()
    );
    // Montgomery form: x = a R, result a^-1 R = R^2 / x.
    let want_mont = want.map(|w| w * r::<N>() % &p * r::<N>() % &p);
    let got_mont = inverse_mont_vartime(x, m);
    assert_eq!(
        got_mont.map(|g| big(&g)),
        want_mont,
        "inverse_mont_vartime x={x:x?}"
    );
}

/// `x mod p` or an edge value (0, 1, p-1, p, p+1 unreduced, 2^(64N)-1) by `kind`.
fn operand<const N: usize>(kind: u8, m: &Modulus<N>, x: &[u64; N]) -> [u64; N] {
    let p = big(m.p());
    match kind % 10 {
        0 => [0; N],
        1 => limbs(&BigUint::one()),
        2 => limbs(&(&p - 1u32)),
        3 => *m.p(),
        4 => limbs(&(&p + 1u32)),
        5 => [u64::MAX; N],
        _ => limbs(&(big(x) % &p)),
    }
}

fn odd<const N: usize>(mut x: [u64; N], full: bool) -> Modulus<N> {
    x[0] |= 1;
    if full {
        x[N - 1] |= 1 << 63;
    }
    if big(&x) == BigUint::one() {
        x[0] = 3;
    }
    Modulus::new(x)
}

#[test]
fn edges_prime_moduli() {
    let bn = Modulus::new(hex::<4>(BN254_P));
    let bls = Modulus::new(hex::<6>(BLS12_381_P));
    for k in 0..10 {
        check(&bn, &operand(k, &bn, &[7; 4]));
        check(&bls, &operand(k, &bls, &[7; 6]));
    }
}

/// Random odd moduli of `$n` limbs, with and without the top bit, and random operands.
macro_rules! random_width {
    ($($name:ident: $n:literal),*) => {
        proptest! {
            #![proptest_config(ProptestConfig::with_cases(512))]
            $(
                #[test]
                fn $name(p: [u64; $n], full: bool, k: u8, x: [u64; $n]) {
                    let m = odd(p, full);
                    check(&m, &operand(k, &m, &x));
                }
            )*
        }
    };
}
random_width!(random_1: 1, random_2: 2, random_3: 3, random_4: 4, random_5: 5, random_6: 6,
    random_7: 7, random_8: 8);

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn bn254(k: u8, x: [u64; 4]) {
        let m = Modulus::new(hex::<4>(BN254_P));
        check(&m, &operand(k, &m, &x));
    }

    #[test]
    fn bls12_381(k: u8, x: [u64; 6]) {
        let m = Modulus::new(hex::<6>(BLS12_381_P));
        check(&m, &operand(k, &m, &x));
    }

    #[test]
    fn small_factors(f: u8, q: [u64; 6], y: [u64; 6], k: u8) {
        // p = small * q: every multiple of `small` below p shares a factor with p (None).
        let small = [3u32, 5, 7, 9, 11, 15, 21, 105][f as usize % 8];
        let p = ((big(&q) >> 8u32) | BigUint::one()) * small;
        let m = Modulus::new(limbs::<6>(&p));
        let shared = limbs::<6>(&(big(&y) * small % &p));
        check(&m, &shared);
        check(&m, &operand(k, &m, &y));
    }
}
