//! Cross-check against ruint for the operations it has, and the zero-cost conversions.

mod common;

use common::*;
use proptest::prelude::*;
use ruint::aliases::U256 as R;
use uint256::{evm, U256};

fn r(x: U256) -> R {
    R::from_limbs(x.into_limbs())
}

#[cfg(feature = "ruint")]
#[test]
fn from_impls_are_lossless() {
    let x = U256::from_limbs([1, 2, 3, u64::MAX]);
    let y: R = x.into();
    assert_eq!(y.as_limbs(), x.as_limbs());
    assert_eq!(U256::from(y), x);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 800, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn against_ruint((x, y) in pair(), m in word()) {
        let (a, b, rm) = (r(x), r(y), r(m));
        prop_assert_eq!(U256::from_limbs(a.into_limbs()), x);
        prop_assert_eq!(r(evm::add(x, y)), a.wrapping_add(b));
        prop_assert_eq!(r(evm::sub(x, y)), a.wrapping_sub(b));
        prop_assert_eq!(r(evm::mul(x, y)), a.wrapping_mul(b));
        if !y.is_zero() {
            prop_assert_eq!(r(evm::div(x, y)), a / b);
            prop_assert_eq!(r(evm::mod_(x, y)), a % b);
        }
        prop_assert_eq!(r(evm::addmod(x, y, m)), a.add_mod(b, rm));
        prop_assert_eq!(r(evm::mulmod(x, y, m)), a.mul_mod(b, rm));
        prop_assert_eq!(r(evm::and(x, y)), a & b);
        prop_assert_eq!(r(evm::or(x, y)), a | b);
        prop_assert_eq!(r(evm::xor(x, y)), a ^ b);
        prop_assert_eq!(r(evm::not(x)), !a);
        prop_assert_eq!(x < y, a < b);
        prop_assert_eq!(x.leading_zeros() as usize, a.leading_zeros());
        prop_assert_eq!(x.trailing_zeros() as usize, a.trailing_zeros());
        prop_assert_eq!(x.bit_len() as usize, a.bit_len());
        let s = (y.low_u64() % 300) as usize;
        prop_assert_eq!(r(x.wrapping_shl(s)), a.wrapping_shl(s));
        prop_assert_eq!(r(x.wrapping_shr(s)), a.wrapping_shr(s));
        prop_assert_eq!(r(x.arithmetic_shr(s)), a.arithmetic_shr(s));
        prop_assert_eq!(r(evm::exp(x, U256::from_u64(y.low_u64() % 1000))), a.pow(R::from(y.low_u64() % 1000)));
        prop_assert_eq!(r(evm::exp(x, y)), a.pow(b));
        prop_assert_eq!(x.to_be_bytes(), a.to_be_bytes::<32>());
        let i = (y.low_u64() % 40) as usize;
        prop_assert_eq!(x.byte_be(i), if i < 32 { a.byte(31 - i) } else { 0 });
    }
}
