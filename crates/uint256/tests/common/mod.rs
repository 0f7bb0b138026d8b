//! Shared test helpers: proptest strategies biased toward hard cases and num-bigint oracles.
#![allow(dead_code)]

use num_bigint::{BigInt, BigUint, Sign};
use proptest::prelude::*;
use uint256::U256;

/// 2^256 as a BigUint.
pub fn modulus() -> BigUint {
    BigUint::from(1u8) << 256
}

pub fn to_big(x: U256) -> BigUint {
    BigUint::from_bytes_be(&x.to_be_bytes())
}

/// Reduces modulo 2^256 and converts back.
pub fn from_big(x: &BigUint) -> U256 {
    let r = x % modulus();
    U256::from_be_slice(&r.to_bytes_be()).unwrap()
}

/// Two's complement reading of the word.
pub fn to_signed(x: U256) -> BigInt {
    let b = BigInt::from_biguint(Sign::Plus, to_big(x));
    if x.is_negative() {
        b - BigInt::from_biguint(Sign::Plus, modulus())
    } else {
        b
    }
}

/// Two's complement encoding of a signed value modulo 2^256.
pub fn from_signed(x: &BigInt) -> U256 {
    let m = BigInt::from_biguint(Sign::Plus, modulus());
    let r = ((x % &m) + &m) % &m;
    from_big(&r.to_biguint().unwrap())
}

/// Named hard values.
pub fn specials() -> Vec<U256> {
    let mut v = vec![
        U256::ZERO,
        U256::ONE,
        U256::from_u64(2),
        U256::from_u64(3),
        U256::MAX,
        U256::MAX.wrapping_sub(U256::ONE),
        U256::SIGN_BIT,
        U256::SIGN_BIT.wrapping_sub(U256::ONE),
        U256::SIGN_BIT.wrapping_add(U256::ONE),
        U256::from_u64(u64::MAX),
        U256::from_u128(u128::MAX),
        U256::from_limbs([u64::MAX, u64::MAX, u64::MAX, 0]),
        U256::from_limbs([0, 0, 0, 1]),
        U256::from_limbs([0, 0, 1, 0]),
        U256::from_limbs([0, 1, 0, 0]),
        U256::from_limbs([0, 0, u64::MAX, 1 << 63]),
        U256::from_u64(1 << 63),
    ];
    for k in [1usize, 63, 64, 65, 127, 128, 129, 191, 192, 193, 254] {
        let p = U256::ONE.wrapping_shl(k);
        v.push(p);
        v.push(p.wrapping_sub(U256::ONE));
        v.push(p.wrapping_add(U256::ONE));
    }
    v
}

fn limb() -> impl Strategy<Value = u64> {
    prop_oneof![
        3 => any::<u64>(),
        1 => Just(0u64),
        1 => Just(u64::MAX),
        1 => prop_oneof![Just(1u64), Just(u64::MAX - 1), Just(1u64 << 63), Just((1u64 << 63) - 1)],
    ]
}

/// A word with exactly `n` significant limbs (top limb nonzero), `n` in 1..=4.
pub fn with_limbs(n: usize) -> BoxedStrategy<U256> {
    (
        proptest::array::uniform4(limb()),
        1u64..=u64::MAX,
        any::<u64>(),
    )
        .prop_map(move |(mut l, top, alt)| {
            for x in l.iter_mut().skip(n) {
                *x = 0;
            }
            if l[n - 1] == 0 {
                l[n - 1] = if alt & 1 == 0 { top } else { 1 };
            }
            U256::from_limbs(l)
        })
        .boxed()
}

/// Words biased toward hard cases: specials, powers of two and neighbours, limb patterns, each
/// significant-limb count, and uniformly random words.
pub fn word() -> BoxedStrategy<U256> {
    let sp = specials();
    prop_oneof![
        2 => proptest::sample::select(sp),
        1 => (0usize..256, 0u8..3).prop_map(|(k, d)| {
            let p = U256::ONE.wrapping_shl(k);
            match d {
                0 => p,
                1 => p.wrapping_sub(U256::ONE),
                _ => p.wrapping_add(U256::ONE),
            }
        }),
        1 => with_limbs(1),
        1 => with_limbs(2),
        1 => with_limbs(3),
        1 => with_limbs(4),
        2 => proptest::array::uniform4(limb()).prop_map(U256::from_limbs),
        2 => any::<[u64; 4]>().prop_map(U256::from_limbs),
    ]
    .boxed()
}

/// Operand pairs: independent words, equal operands, close operands, divisor above dividend.
pub fn pair() -> BoxedStrategy<(U256, U256)> {
    prop_oneof![
        6 => (word(), word()),
        1 => word().prop_map(|a| (a, a)),
        1 => (word(), 0u64..4).prop_map(|(a, d)| (a, a.wrapping_add(U256::from_u64(d)))),
        1 => (word(), 0u64..4).prop_map(|(a, d)| (a, a.wrapping_sub(U256::from_u64(d)))),
        // Dividend and divisor sharing their top limbs (the 3-by-2 overflow case of Knuth D).
        1 => (word(), word(), 1usize..4).prop_map(|(a, b, k)| {
            let mut l = b.into_limbs();
            let al = a.into_limbs();
            l[..k].copy_from_slice(&al[4 - k..]);
            (a, U256::from_limbs(l))
        }),
        // d * 2^64 - 1 by a normalised three-limb d: the overflow case is hit exactly.
        1 => (with_limbs(3), 0u64..3).prop_map(|(d, k)| {
            let d = d.or(U256::from_limbs([0, 0, 1 << 63, 0]));
            (d.wrapping_shl(64).wrapping_sub(U256::from_u64(k + 1)), d)
        }),
    ]
    .boxed()
}

pub fn signed_pair() -> BoxedStrategy<(U256, U256)> {
    prop_oneof![
        3 => pair(),
        1 => pair().prop_map(|(a, b)| (a.wrapping_neg(), b)),
        1 => pair().prop_map(|(a, b)| (a, b.wrapping_neg())),
    ]
    .boxed()
}

/// Shift amounts and byte indices: below `small` (in range and just out of it), small values
/// with a high limb set, MAX, and any `u64`.
pub fn index(small: u64) -> BoxedStrategy<U256> {
    prop_oneof![
        4 => (0..small).prop_map(U256::from_u64),
        1 => (0..small, 1usize..4).prop_map(|(i, limb)| {
            let mut l = [i, 0, 0, 0];
            l[limb] = 1 << 40;
            U256::from_limbs(l)
        }),
        1 => Just(U256::MAX),
        1 => any::<u64>().prop_map(U256::from_u64),
    ]
    .boxed()
}
