//! `uint256::evm::slot` (the ops on a word in place) against num-bigint and ruint: DIV and MOD
//! by one-limb and wider powers of two, by zero and by any word; SIGNEXTEND, BYTE and SAR with
//! indices and shifts in and out of range, on edge and random words; GT on random, equal and
//! one-limb-apart pairs. `None` (the slot already
//! holds the result) must come exactly when the result equals the slot operand's old value
//! for the cases the functions promise it for.

mod common;

use common::*;
use num_bigint::{BigInt, BigUint};
use num_traits::Zero;
use proptest::prelude::*;
use ruint::aliases::U256 as R;
use uint256::evm::slot;
use uint256::U256;

fn r(x: U256) -> R {
    R::from_limbs(x.into_limbs())
}

/// The slot after an in-place op: the returned value, or the old value on `None`.
fn applied(result: Option<U256>, slot: U256) -> U256 {
    result.unwrap_or(slot)
}

/// Divisors: one-limb powers of two (and their neighbours), powers of two of any width, zero,
/// and the biased words of `common`.
fn divisor() -> BoxedStrategy<U256> {
    prop_oneof![
        3 => (0u32..64, 0u8..3).prop_map(|(k, d)| U256::from_u64((1u64 << k).wrapping_add(u64::from(d)).wrapping_sub(1))),
        1 => (0usize..256).prop_map(|k| U256::ONE.wrapping_shl(k)),
        1 => Just(U256::ZERO),
        3 => word(),
    ]
    .boxed()
}

/// SIGNEXTEND by num-bigint: bit `8b + 7` copied to every bit above it, `x` for `b >= 31`.
fn signextend_big(b: U256, x: U256) -> U256 {
    match b.to_u64() {
        Some(b) if b < 31 => {
            let bits = 8 * b + 8;
            let low = to_big(x) % (BigUint::from(1u8) << bits);
            if low.bit(bits - 1) {
                from_big(&(low + modulus() - (BigUint::from(1u8) << bits)))
            } else {
                from_big(&low)
            }
        }
        _ => x,
    }
}

fn check_div_mod(a: U256, d: U256) -> Result<(), TestCaseError> {
    let (q, m) = (
        slot::div(a.as_limbs(), d.as_limbs()),
        slot::mod_(a.as_limbs(), d.as_limbs()),
    );
    prop_assert_eq!(q.is_none(), d.is_zero());
    prop_assert_eq!(m.is_none(), d.is_zero());
    let (ba, bd) = (to_big(a), to_big(d));
    let (bq, bm) = if bd.is_zero() {
        (BigUint::zero(), BigUint::zero())
    } else {
        (&ba / &bd, &ba % &bd)
    };
    prop_assert_eq!(applied(q, d), from_big(&bq), "div {:?} {:?}", a, d);
    prop_assert_eq!(applied(m, d), from_big(&bm), "mod {:?} {:?}", a, d);
    if !d.is_zero() {
        prop_assert_eq!(r(applied(q, d)), r(a) / r(d));
        prop_assert_eq!(r(applied(m, d)), r(a) % r(d));
    }
    Ok(())
}

fn check_shifts(i: U256, x: U256) -> Result<(), TestCaseError> {
    // SIGNEXTEND: `None` exactly from byte 31 on.
    let s = slot::signextend(i.as_limbs(), x.as_limbs());
    prop_assert_eq!(s.is_none(), i >= U256::from_u64(31));
    prop_assert_eq!(
        applied(s, x),
        signextend_big(i, x),
        "signextend {:?} {:?}",
        i,
        x
    );

    // BYTE (0 = most significant).
    let ri = usize::try_from(r(i)).unwrap_or(usize::MAX);
    let want = if ri < 32 {
        R::from(r(x).byte(31 - ri))
    } else {
        R::ZERO
    };
    prop_assert_eq!(
        r(slot::byte(i.as_limbs(), x.as_limbs())),
        want,
        "byte {:?} {:?}",
        i,
        x
    );

    // SAR: `None` exactly for a shift of 0; num-bigint's `>>` on a signed value floors.
    let s = slot::sar(i.as_limbs(), x.as_limbs());
    prop_assert_eq!(s.is_none(), i.is_zero());
    let want = if ri < 256 {
        to_signed(x) >> ri
    } else if x.is_negative() {
        BigInt::from(-1)
    } else {
        BigInt::zero()
    };
    prop_assert_eq!(applied(s, x), from_signed(&want), "sar {:?} {:?}", i, x);
    prop_assert_eq!(r(applied(s, x)), r(x).arithmetic_shr(ri.min(256)));
    Ok(())
}

fn check_gt(a: U256, b: U256) -> Result<(), TestCaseError> {
    let got = slot::gt(a.as_limbs(), b.as_limbs());
    let want = u64::from(to_big(a) > to_big(b));
    prop_assert_eq!(got, U256::from_u64(want), "gt {:?} {:?}", a, b);
    prop_assert_eq!(r(got), R::from(r(a) > r(b)));
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 4000, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn gt_in_place(a in word(), b in word(), limb in 0usize..4, d in any::<u64>()) {
        check_gt(a, b)?;
        check_gt(a, a)?;
        // `b` differing from `a` in one limb only: the borrow chain decides on that limb.
        let mut limbs = a.into_limbs();
        limbs[limb] = d;
        let b = U256::from_limbs(limbs);
        check_gt(a, b)?;
        check_gt(b, a)?;
    }

    #[test]
    fn div_mod_in_place(a in word(), d in divisor()) {
        check_div_mod(a, d)?;
    }

    #[test]
    fn signextend_byte_sar_in_place(i in index(300), x in word()) {
        check_shifts(i, x)?;
    }
}

/// Every combination of the named edge values and every one-limb power of two as divisor, and
/// every index 0..=300 against them.
#[test]
fn edges_exhaustively() {
    let mut values = specials();
    values.extend((0..64).map(|k| U256::from_u64(1 << k)));
    for &a in &values {
        for &d in &values {
            check_div_mod(a, d).unwrap();
        }
        for i in (0..=300)
            .map(U256::from_u64)
            .chain([U256::MAX, U256::SIGN_BIT])
        {
            check_shifts(i, a).unwrap();
        }
    }
}
