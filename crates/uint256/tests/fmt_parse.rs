//! Parsing and formatting: round trips against num-bigint and every error case.

mod common;

use common::*;
use proptest::prelude::*;
use uint256::{ParseError, U256};

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn round_trips(x in word()) {
        let b = to_big(x);
        let dec = format!("{x}");
        prop_assert_eq!(&dec, &b.to_string());
        prop_assert_eq!(dec.parse::<U256>(), Ok(x));
        prop_assert_eq!(U256::from_dec_str(&dec), Ok(x));
        let hex = format!("{x:x}");
        prop_assert_eq!(&hex, &b.to_str_radix(16));
        prop_assert_eq!(U256::from_hex_str(&hex), Ok(x));
        prop_assert_eq!(format!("{x:#x}").parse::<U256>(), Ok(x));
        prop_assert_eq!(U256::from_hex_str(&format!("0X{x:X}")), Ok(x));
        prop_assert_eq!(format!("{x:?}"), format!("0x{hex}"));
        prop_assert_eq!(U256::from_be_bytes(x.to_be_bytes()), x);
        prop_assert_eq!(U256::from_le_bytes(x.to_le_bytes()), x);
    }

    #[test]
    fn parse_never_panics(s in "\\PC{0,90}") {
        let _ = s.parse::<U256>();
        let _ = U256::from_hex_str(&s);
    }

    #[test]
    fn parse_decimal_matches_bigint(s in "[0-9]{1,80}") {
        let b: num_bigint::BigUint = s.parse().unwrap();
        let r = U256::from_dec_str(&s);
        if b < modulus() {
            prop_assert_eq!(r, Ok(from_big(&b)));
        } else {
            prop_assert_eq!(r, Err(ParseError::Overflow));
        }
    }
}

#[test]
fn formatting_flags() {
    let x = U256::from_u64(255);
    assert_eq!(format!("{x:>6}"), "   255");
    assert_eq!(format!("{x:06}"), "000255");
    assert_eq!(format!("{x:x}"), "ff");
    assert_eq!(format!("{x:#x}"), "0xff");
    assert_eq!(format!("{x:X}"), "FF");
    assert_eq!(format!("{:x}", U256::ZERO), "0");
    assert_eq!(format!("{}", U256::ZERO), "0");
    assert_eq!(format!("{:?}", U256::ZERO), "0x0");
    assert_eq!(
        U256::MAX.to_string(),
        "115792089237316195423570985008687907853269984665640564039457584007913129639935"
    );
    assert_eq!(format!("{:x}", U256::MAX), "f".repeat(64));
    assert_eq!(
        U256::from_u64(10_000_000_000_000_000_000).to_string(),
        "10000000000000000000"
    );
}

#[test]
fn parse_errors() {
    use ParseError::*;
    assert_eq!("".parse::<U256>(), Err(Empty));
    assert_eq!("0x".parse::<U256>(), Err(Empty));
    assert_eq!(U256::from_hex_str(""), Err(Empty));
    assert_eq!(U256::from_dec_str(""), Err(Empty));
    assert_eq!("-1".parse::<U256>(), Err(InvalidDigit));
    assert_eq!(" 1".parse::<U256>(), Err(InvalidDigit));
    assert_eq!("1_000".parse::<U256>(), Err(InvalidDigit));
    assert_eq!("0xg".parse::<U256>(), Err(InvalidDigit));
    assert_eq!("12a".parse::<U256>(), Err(InvalidDigit));
    assert_eq!("0x0x1".parse::<U256>(), Err(InvalidDigit));
    assert_eq!("é".parse::<U256>(), Err(InvalidDigit));
    // 2^256 and beyond.
    assert_eq!(
        "115792089237316195423570985008687907853269984665640564039457584007913129639936"
            .parse::<U256>(),
        Err(Overflow)
    );
    assert_eq!(
        format!("0x1{}", "0".repeat(64)).parse::<U256>(),
        Err(Overflow)
    );
    assert_eq!(U256::from_dec_str(&"9".repeat(100)), Err(Overflow));
    // Leading zeros are not overflow.
    assert_eq!(
        format!("0x{}1", "0".repeat(100)).parse::<U256>(),
        Ok(U256::ONE)
    );
    assert_eq!(
        format!("{}7", "0".repeat(100)).parse::<U256>(),
        Ok(U256::from_u64(7))
    );
    assert_eq!(
        "0x8000000000000000000000000000000000000000000000000000000000000000".parse::<U256>(),
        Ok(U256::SIGN_BIT)
    );
    assert_eq!("0XaBcD".parse::<U256>(), Ok(U256::from_u64(0xabcd)));
}
