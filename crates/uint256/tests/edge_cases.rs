//! Table test of every named EVM edge case.

use uint256::{evm, U256};

fn u(x: u64) -> U256 {
    U256::from_u64(x)
}

fn neg(x: u64) -> U256 {
    U256::from_u64(x).wrapping_neg()
}

const MAX: U256 = U256::MAX;
const MIN: U256 = U256::SIGN_BIT; // -2^255

#[test]
fn binary_table() {
    type Op = fn(U256, U256) -> U256;
    let cases: &[(&str, Op, U256, U256, U256)] = &[
        ("add wraps", evm::add, MAX, u(1), u(0)),
        ("sub wraps", evm::sub, u(0), u(1), MAX),
        ("mul wraps", evm::mul, MAX, MAX, u(1)),
        ("mul 2^255*2", evm::mul, MIN, u(2), u(0)),
        ("div by zero", evm::div, u(7), u(0), u(0)),
        ("div 0/0", evm::div, u(0), u(0), u(0)),
        ("div max/max", evm::div, MAX, MAX, u(1)),
        ("div smaller", evm::div, u(5), u(7), u(0)),
        ("mod by zero", evm::mod_, u(7), u(0), u(0)),
        (
            "mod max by 2^64",
            evm::mod_,
            MAX,
            U256::from_u128(1 << 64),
            u(u64::MAX),
        ),
        ("sdiv by zero", evm::sdiv, neg(7), u(0), u(0)),
        ("sdiv min/-1", evm::sdiv, MIN, MAX, MIN),
        ("sdiv -7/2", evm::sdiv, neg(7), u(2), neg(3)),
        ("sdiv 7/-2", evm::sdiv, u(7), neg(2), neg(3)),
        ("sdiv -7/-2", evm::sdiv, neg(7), neg(2), u(3)),
        ("smod by zero", evm::smod, neg(7), u(0), u(0)),
        ("smod -7%2", evm::smod, neg(7), u(2), neg(1)),
        ("smod 7%-2", evm::smod, u(7), neg(2), u(1)),
        ("smod -7%-2", evm::smod, neg(7), neg(2), neg(1)),
        ("smod min%-1", evm::smod, MIN, MAX, u(0)),
        ("exp 0^0", evm::exp, u(0), u(0), u(1)),
        ("exp 0^5", evm::exp, u(0), u(5), u(0)),
        ("exp 2^255", evm::exp, u(2), u(255), MIN),
        ("exp 2^256 wraps", evm::exp, u(2), u(256), u(0)),
        ("exp 3^max", evm::exp, u(1), MAX, u(1)),
        ("exp max^2", evm::exp, MAX, u(2), u(1)),
        ("exp max^max", evm::exp, MAX, MAX, MAX),
        ("exp 4^128", evm::exp, u(4), u(128), u(0)),
        ("exp 6^256", evm::exp, u(6), u(256), u(0)),
        ("signextend b=0 neg", evm::signextend, u(0), u(0xff), MAX),
        (
            "signextend b=0 pos",
            evm::signextend,
            u(0),
            u(0x17f),
            u(0x7f),
        ),
        (
            "signextend b=30",
            evm::signextend,
            u(30),
            MIN.wrapping_shr(8),
            MAX.wrapping_shl(247),
        ),
        ("signextend b=31", evm::signextend, u(31), u(0xff), u(0xff)),
        ("signextend b=huge", evm::signextend, MAX, u(0x80), u(0x80)),
        ("lt", evm::lt, u(1), u(2), u(1)),
        ("gt", evm::gt, u(1), u(2), u(0)),
        ("slt -1<0", evm::slt, MAX, u(0), u(1)),
        ("sgt 0>-1", evm::sgt, u(0), MAX, u(1)),
        (
            "slt min<max_pos",
            evm::slt,
            MIN,
            MIN.wrapping_sub(u(1)),
            u(1),
        ),
        ("eq", evm::eq, MAX, MAX, u(1)),
        ("byte 0 is msb", evm::byte, u(0), MIN, u(0x80)),
        ("byte 31 is lsb", evm::byte, u(31), u(0xab), u(0xab)),
        ("byte 32", evm::byte, u(32), MAX, u(0)),
        ("byte huge", evm::byte, MAX, MAX, u(0)),
        ("shl 1", evm::shl, u(1), u(1), u(2)),
        ("shl 255", evm::shl, u(255), u(1), MIN),
        ("shl 256", evm::shl, u(256), u(1), u(0)),
        ("shl huge", evm::shl, MAX, MAX, u(0)),
        ("shr 255", evm::shr, u(255), MIN, u(1)),
        ("shr 256", evm::shr, u(256), MAX, u(0)),
        ("sar neg 256", evm::sar, u(256), MIN, MAX),
        ("sar neg huge", evm::sar, MAX, neg(1), MAX),
        (
            "sar pos 256",
            evm::sar,
            u(256),
            MIN.wrapping_sub(u(1)),
            u(0),
        ),
        ("sar min 255", evm::sar, u(255), MIN, MAX),
        ("sar -8 by 1", evm::sar, u(1), neg(8), neg(4)),
        ("sar 0", evm::sar, u(0), neg(8), neg(8)),
    ];
    for (name, op, a, b, want) in cases {
        assert_eq!(op(*a, *b), *want, "{name}");
    }
}

#[test]
fn ternary_and_unary_table() {
    // ADDMOD over the 257-bit sum, MULMOD over the 512-bit product, modulus 0 gives 0.
    assert_eq!(evm::addmod(MAX, MAX, u(0)), u(0));
    assert_eq!(evm::mulmod(MAX, MAX, u(0)), u(0));
    assert_eq!(evm::addmod(MAX, u(1), u(10)), u(6)); // (2^256) % 10 = 6
    assert_eq!(evm::addmod(MAX, MAX, MAX), u(0));
    assert_eq!(evm::addmod(MAX, u(2), MAX), u(2));
    assert_eq!(evm::mulmod(MAX, MAX, MAX), u(0));
    assert_eq!(evm::mulmod(MAX, MAX, u(12)), u(9)); // (2^256-1)^2 mod 12 = 3^2 mod 12
    assert_eq!(evm::mulmod(MAX, u(2), MAX.wrapping_sub(u(1))), u(2));
    assert_eq!(evm::addmod(u(3), u(4), u(1)), u(0));
    // CLZ (EIP-7939).
    assert_eq!(evm::clz(u(0)), u(256));
    assert_eq!(evm::clz(u(1)), u(255));
    assert_eq!(evm::clz(MIN), u(0));
    assert_eq!(evm::clz(MAX), u(0));
    // ISZERO, NOT.
    assert_eq!(evm::iszero(u(0)), u(1));
    assert_eq!(evm::iszero(MIN), u(0));
    assert_eq!(evm::not(u(0)), MAX);
}

#[test]
fn operators_never_panic() {
    assert_eq!(MAX / U256::ZERO, U256::ZERO);
    assert_eq!(MAX % U256::ZERO, U256::ZERO);
    assert_eq!(MAX + u(1), u(0));
    assert_eq!(u(0) - u(1), MAX);
    assert_eq!(MAX << 256u32, u(0));
    assert_eq!(MAX >> usize::MAX, u(0));
    assert_eq!(MAX.checked_add(u(1)), None);
    assert_eq!(u(0).checked_sub(u(1)), None);
    assert_eq!(MAX.checked_mul(u(2)), None);
    assert_eq!(u(1).checked_div(u(0)), None);
    assert_eq!(u(1).checked_rem(u(0)), None);
    assert_eq!(MIN.signed_div_rem(MAX), (MIN, u(0)));
}

#[test]
fn conversions() {
    assert_eq!(U256::from(true), u(1));
    assert_eq!(U256::from(u128::MAX).to_u128(), Some(u128::MAX));
    assert_eq!(MAX.to_u128(), None);
    assert_eq!(u(5).to_u64(), Some(5));
    let x = U256::from_limbs([1, 2, 3, 4]);
    let be = x.to_be_bytes();
    assert_eq!(be[31], 1);
    assert_eq!(be[0..8], 4u64.to_be_bytes());
    assert_eq!(U256::from_be_bytes(be), x);
    assert_eq!(U256::from_le_bytes(x.to_le_bytes()), x);
    assert_eq!(x.to_le_bytes()[0], 1);
    assert_eq!(U256::from_be_slice(&[]), Ok(u(0)));
    assert_eq!(U256::from_be_slice(&[1, 0]), Ok(u(256)));
    assert_eq!(U256::from_be_slice(&be), Ok(x));
    assert_eq!(U256::from_be_slice(&[0; 33]).unwrap_err().len, 33);
    assert_eq!(U256::from_le_slice(&[0, 1]), Ok(u(256)));
    assert!(U256::from_le_slice(&[0; 40]).is_err());
    assert_eq!(U256::try_from(&[1u8, 2][..]), Ok(u(0x102)));
    assert_eq!(<[u8; 32]>::from(x), be);
    assert_eq!(U256::default(), u(0));
}
