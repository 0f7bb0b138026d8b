//! EVM opcodes computed on an operand in place: the word the result replaces (an
//! interpreter's top-of-stack slot) is read through a reference, only the limbs the operation
//! needs, and the result comes back as `Some(new value)`, or `None` when the slot already holds
//! it (x / 0, x % 0, SIGNEXTEND from byte 31 on, a shift by 0), so that the caller can skip the
//! write.
//!
//! Why not the by-value functions of [`crate::evm`]: an interpreter's previous instruction has
//! usually just written the slot with 8-byte stores, and a word passed by value is copied out
//! with 16-byte loads, which the CPU cannot forward from those stores (a store-forwarding stall
//! on every instruction). Reading the limbs where they are, not writing an unchanged slot, and
//! returning results in vector registers (so that they are stored as 16-byte halves, see
//! `packed`) avoids it on both sides. Results equal those of the `evm`
//! function of the same name; operands are in EVM stack order, limbs little-endian as in
//! [`U256::as_limbs`]. No function panics.

use crate::asm::{le_byte, splat, through_vectors};
use crate::bits::sign_extend_byte;
use crate::cmp::lt4;
use crate::div::{div_rem, rem_not_below};
use crate::shift::{sar as sar_limbs, shift_below_256};
use crate::U256;

/// DIV `a / b` with `b` in place: `None` for `b == 0` (the result, 0, is `b`).
#[inline(always)]
pub fn div(a: &[u64; 4], b: &[u64; 4]) -> Option<U256> {
    nonzero(b).then(|| packed(div_rem(a, b).0))
}

/// MOD `a % b` with `b` in place: `None` for `b == 0` (the result, 0, is `b`).
// Only the zero divisor and `a < b` (the result is `a`) inline: with the whole division inlined
// the instruction saved six callee-saved registers and set up a large frame on every call, which
// made revm's MOD loops on 0 % 0 and 0 % x (evmone's synth/MOD/b0, b1) slower than stock revm's;
// stock revm calls its division out of line too (figures: PERF.md).
#[inline(always)]
pub fn mod_(a: &[u64; 4], b: &[u64; 4]) -> Option<U256> {
    if !nonzero(b) {
        return None;
    }
    Some(if U256(*a) < U256(*b) {
        packed(*a)
    } else {
        mod_at_least_divisor(*a, *b)
    })
}

/// `a % b` for `a >= b > 0`, out of line (see [`mod_`]). By value: the copies of the operands
/// it is passed are then made on this path only, where `&a` made the caller copy the popped
/// operand to its frame on every call.
#[inline(never)]
fn mod_at_least_divisor(a: [u64; 4], b: [u64; 4]) -> U256 {
    packed(rem_not_below(&a, &b))
}

/// SIGNEXTEND of `x` in place from byte `b` (0 = least significant): `None` for `b >= 31`
/// (the value is unchanged).
#[inline(always)]
pub fn signextend(b: &[u64; 4], x: &[u64; 4]) -> Option<U256> {
    signextend_unpacked(b, x).map(packed)
}

/// [`signextend`] with the result in scalar registers, for the by-value `evm::signextend`.
#[inline(always)]
pub(crate) fn signextend_unpacked(b: &[u64; 4], x: &[u64; 4]) -> Option<[u64; 4]> {
    // One borrow chain decides the range (as `<` on words), no branch per limb.
    (U256(*b) < U256::from_u64(31)).then(|| sign_extend_byte(x, b[0] as u32))
}

/// GT: 1 if `a > b` (unsigned), else 0, with `b` read in place.
// By value, LLVM loaded the three high limbs of the slot into registers before the `cmp`/`sbb`
// chain, where stock revm loads each just before its `sbb` (the same micro-ops otherwise): in
// revm's GT loop with the result as the next operand (evmone's synth/GT/b1) that read 1.03-1.04x
// stock revm's time.
#[inline(always)]
pub fn gt(a: &[u64; 4], b: &[u64; 4]) -> U256 {
    U256::from(lt4(b, a))
}

/// BYTE: byte `i` of `x` in place (byte 0 the most significant); 0 for `i >= 32`. Reads the
/// one byte of the slot that holds it.
// Not `packed`: in revm's BYTE loop with the result as the next index (evmone's synth/BYTE/b1)
// that was far slower than the scalar result; the index is read back limb by limb, which a
// 16-byte store does not forward to on Zen 4. A branch on the range and a one-byte load, as
// stock revm and ruint: a branch-free limb select and shift lengthened the chain from the index
// to the result, slower in the loop where each result is the next operand (synth/BYTE/b0) and
// on in-range indices in the op bench (byte/in). The by-value `evm::byte` is this function.
// The index saturated to 2^64 - 1 when a high limb is set, then one compare: as ruint's
// `saturating` index, two branches. With the two tests as one condition, LLVM combined them
// into `sete`, `setb`, `and`, `cmp` and one branch: two more micro-ops on ports that Intel
// cores share with branches, slower than ruint on byte/in on an Emerald Rapids (PERF.md).
#[inline(always)]
pub fn byte(i: &[u64; 4], x: &[u64; 4]) -> U256 {
    let i = if (i[1] | i[2] | i[3]) == 0 {
        i[0]
    } else {
        u64::MAX
    };
    if i < 32 {
        U256::from_u64(u64::from(le_byte(x, 31 - i as usize)))
    } else {
        U256::ZERO
    }
}

/// SAR: arithmetic `x >> shift` with `x` in place; `None` for `shift == 0`. For
/// `shift >= 256` every bit is the sign bit.
// Out of range, the sign is built in one vector register and stored twice: from four limbs
// moved into two vectors (`packed`), the store waited on two register-file crossings, and in
// revm's loop where each result is the next shift (evmone's synth/SAR/b1) the next SAR's loads
// of its shift waited on that store (figures: PERF.md).
#[inline(always)]
pub fn sar(shift: &[u64; 4], x: &[u64; 4]) -> Option<U256> {
    sar_cases(shift, x).map(|r| match r {
        Sar::Shifted(limbs) => packed(limbs),
        Sar::Sign(sign) => U256(splat(sign)),
    })
}

/// A SAR result that is not the operand itself.
enum Sar {
    /// A shift by 1..=255: the shifted limbs.
    Shifted([u64; 4]),
    /// A shift by 256 or more: every limb is this (0 or all ones).
    Sign(u64),
}

/// SAR by case; `None` for a shift of 0. Out of range is its own case, which saves the
/// shift's zeroing and lets [`sar`] build the word in one register.
#[inline(always)]
fn sar_cases(shift: &[u64; 4], x: &[u64; 4]) -> Option<Sar> {
    match shift_below_256(shift) {
        Some(0) => None,
        Some(s) => Some(Sar::Shifted(sar_limbs(x, usize::from(s)))),
        None => Some(Sar::Sign(((x[3] as i64) >> 63) as u64)),
    }
}

/// The result word built in two 128-bit vectors: the caller's store to the slot is then two
/// 16-byte stores, from which the next instruction's 16-byte copy of the word is forwarded (from
/// four 8-byte stores it is not: a stall of the next instruction, which revm's own bodies avoid
/// because ruint's results come back through memory as vectors).
#[inline(always)]
fn packed(x: [u64; 4]) -> U256 {
    U256(through_vectors(x))
}

/// Whether a word is nonzero.
#[inline(always)]
fn nonzero(x: &[u64; 4]) -> bool {
    x[0] | x[1] | x[2] | x[3] != 0
}
