//! One function per EVM arithmetic, comparison, bitwise and shift opcode, with exact EVM
//! semantics.
//!
//! Arguments are in EVM stack order: the first argument is the top of the stack (`a` in the
//! Yellow Paper's `μs[0]`). This matters for the non-commutative ops: `sub(a, b) = a - b`,
//! `shl(shift, value)`, `byte(i, x)`, `signextend(b, x)`, `exp(base, exponent)`.
//! Booleans (LT, EQ, ...) are returned as the words 0 and 1. No function panics.

use crate::U256;

pub mod slot;

/// ADD (0x01): `a + b` modulo 2^256.
#[inline(always)]
pub fn add(a: U256, b: U256) -> U256 {
    a.wrapping_add(b)
}

/// MUL (0x02): `a * b` modulo 2^256.
#[inline(always)]
pub fn mul(a: U256, b: U256) -> U256 {
    a.wrapping_mul(b)
}

/// SUB (0x03): `a - b` modulo 2^256.
#[inline(always)]
pub fn sub(a: U256, b: U256) -> U256 {
    a.wrapping_sub(b)
}

/// DIV (0x04): unsigned `a / b`, rounding down; 0 if `b == 0`.
#[inline(always)]
pub fn div(a: U256, b: U256) -> U256 {
    a.div_rem(b).0
}

/// SDIV (0x05): signed `a / b` truncated toward zero; 0 if `b == 0`;
/// `sdiv(-2^255, -1) = -2^255` (wraps).
#[inline(always)]
pub fn sdiv(a: U256, b: U256) -> U256 {
    a.signed_div(b)
}

/// MOD (0x06): unsigned `a % b`; 0 if `b == 0`.
#[inline(always)]
pub fn mod_(a: U256, b: U256) -> U256 {
    a.rem_or_zero(b)
}

/// SMOD (0x07): signed remainder of `a / b` truncated toward zero, so it takes the sign of the
/// dividend `a`; 0 if `b == 0`.
#[inline(always)]
pub fn smod(a: U256, b: U256) -> U256 {
    a.signed_rem(b)
}

/// ADDMOD (0x08): `(a + b) % n` on the exact 257-bit sum; 0 if `n == 0`.
#[inline(always)]
pub fn addmod(a: U256, b: U256, n: U256) -> U256 {
    a.add_mod(b, n)
}

/// MULMOD (0x09): `(a * b) % n` on the exact 512-bit product; 0 if `n == 0`.
#[inline(always)]
pub fn mulmod(a: U256, b: U256, n: U256) -> U256 {
    a.mul_mod(b, n)
}

/// EXP (0x0a): `base ^ exponent` modulo 2^256 (`0^0 = 1`).
#[inline(always)]
pub fn exp(base: U256, exponent: U256) -> U256 {
    base.pow(exponent)
}

/// SIGNEXTEND (0x0b): extends the sign of byte `b` of `x` (byte 0 is the least significant):
/// bit `8b + 7` is copied to every higher bit. For `b >= 31` returns `x` unchanged.
#[inline(always)]
pub fn signextend(b: U256, x: U256) -> U256 {
    U256(slot::signextend_unpacked(&b.0, &x.0).unwrap_or(x.0))
}

/// LT (0x10): 1 if `a < b` (unsigned), else 0.
#[inline(always)]
pub fn lt(a: U256, b: U256) -> U256 {
    U256::from(a < b)
}

/// GT (0x11): 1 if `a > b` (unsigned), else 0.
#[inline(always)]
pub fn gt(a: U256, b: U256) -> U256 {
    U256::from(a > b)
}

/// SLT (0x12): 1 if `a < b` as two's complement signed values, else 0.
#[inline(always)]
pub fn slt(a: U256, b: U256) -> U256 {
    U256::from(a.signed_lt(&b))
}

/// SGT (0x13): 1 if `a > b` as two's complement signed values, else 0.
#[inline(always)]
pub fn sgt(a: U256, b: U256) -> U256 {
    U256::from(a.signed_gt(&b))
}

/// EQ (0x14): 1 if `a == b`, else 0.
#[inline(always)]
pub fn eq(a: U256, b: U256) -> U256 {
    U256::from(a == b)
}

/// ISZERO (0x15): 1 if `a == 0`, else 0.
#[inline(always)]
pub fn iszero(a: U256) -> U256 {
    U256::from(a.is_zero())
}

/// AND (0x16): bitwise `a & b`.
#[inline(always)]
pub fn and(a: U256, b: U256) -> U256 {
    a.and(b)
}

/// OR (0x17): bitwise `a | b`.
#[inline(always)]
pub fn or(a: U256, b: U256) -> U256 {
    a.or(b)
}

/// XOR (0x18): bitwise `a ^ b`.
#[inline(always)]
pub fn xor(a: U256, b: U256) -> U256 {
    a.xor(b)
}

/// NOT (0x19): bitwise complement of `a`.
#[inline(always)]
pub fn not(a: U256) -> U256 {
    a.not()
}

/// BYTE (0x1a): byte `i` of `x`, where byte 0 is the **most** significant; 0 if `i >= 32`.
#[inline(always)]
pub fn byte(i: U256, x: U256) -> U256 {
    slot::byte(&i.0, &x.0)
}

/// SHL (0x1b, EIP-145): `value << shift` modulo 2^256; 0 if `shift >= 256`.
#[inline(always)]
pub fn shl(shift: U256, value: U256) -> U256 {
    match shift.shift_below_256() {
        Some(s) => value.wrapping_shl(usize::from(s)),
        None => U256::ZERO,
    }
}

/// SHR (0x1c, EIP-145): logical `value >> shift`; 0 if `shift >= 256`.
#[inline(always)]
pub fn shr(shift: U256, value: U256) -> U256 {
    match shift.shift_below_256() {
        Some(s) => value.wrapping_shr(usize::from(s)),
        None => U256::ZERO,
    }
}

/// SAR (0x1d, EIP-145): arithmetic (sign-filling) `value >> shift`; for `shift >= 256` gives 0
/// if `value` is non-negative and all ones (-1) if negative.
#[inline(always)]
pub fn sar(shift: U256, value: U256) -> U256 {
    match shift.shift_below_256() {
        Some(s) => value.arithmetic_shr(usize::from(s)),
        // Every bit the sign bit, without a branch on the sign.
        None => value.arithmetic_shr(256),
    }
}

/// CLZ (0x1e, EIP-7939): number of leading zero bits of `x`; 256 if `x == 0`.
#[inline(always)]
pub fn clz(x: U256) -> U256 {
    U256::from_u64(crate::bits::leading_zeros_select(&x.0) as u64)
}
