//! The word arithmetic an instruction table runs on: [`WordOps`], and [`Uint256Ops`], which
//! is `uint256::evm`.

use uint256::evm::{self, slot};
use uint256::U256;

use crate::last_modulus;

/// revm's stack word (`ruint::aliases::U256`).
pub type Word = revm::primitives::U256;

/// The value of every arithmetic, comparison, bitwise and shift opcode on stack words, in EVM
/// operand order (the first argument is the top of the stack). Every function is total: EVM
/// semantics define a result for every input (division by zero gives 0, shifts of 256 or more
/// give 0 or -1), so none can fail.
pub trait WordOps {
    /// ADD: `a + b` mod 2^256.
    fn add(a: Word, b: Word) -> Word;
    /// MUL: `a * b` mod 2^256.
    fn mul(a: Word, b: Word) -> Word;
    /// SUB: `a - b` mod 2^256.
    fn sub(a: Word, b: Word) -> Word;
    /// DIV: `a / b`, 0 if `b == 0`.
    fn div(a: Word, b: Word) -> Word;
    /// SDIV: signed `a / b` truncated toward zero, 0 if `b == 0`.
    fn sdiv(a: Word, b: Word) -> Word;
    /// MOD: `a % b`, 0 if `b == 0`.
    fn rem(a: Word, b: Word) -> Word;
    /// SMOD: signed remainder with the sign of `a`, 0 if `b == 0`.
    fn smod(a: Word, b: Word) -> Word;
    /// ADDMOD: `(a + b) % n` on the exact sum, 0 if `n == 0`.
    fn addmod(a: Word, b: Word, n: Word) -> Word;
    /// MULMOD: `(a * b) % n` on the exact product, 0 if `n == 0`.
    fn mulmod(a: Word, b: Word, n: Word) -> Word;
    /// EXP: `base ^ exponent` mod 2^256.
    fn exp(base: Word, exponent: Word) -> Word;
    /// SIGNEXTEND: extends the sign bit of byte `b` (0 = least significant) of `x`.
    fn signextend(b: Word, x: Word) -> Word;
    /// LT: 1 if `a < b` unsigned, else 0.
    fn lt(a: Word, b: Word) -> Word;
    /// GT: 1 if `a > b` unsigned, else 0.
    fn gt(a: Word, b: Word) -> Word;
    /// SLT: 1 if `a < b` signed, else 0.
    fn slt(a: Word, b: Word) -> Word;
    /// SGT: 1 if `a > b` signed, else 0.
    fn sgt(a: Word, b: Word) -> Word;
    /// EQ: 1 if `a == b`, else 0.
    fn eq(a: Word, b: Word) -> Word;
    /// ISZERO: 1 if `a == 0`, else 0.
    fn iszero(a: Word) -> Word;
    /// AND.
    fn and(a: Word, b: Word) -> Word;
    /// OR.
    fn or(a: Word, b: Word) -> Word;
    /// XOR.
    fn xor(a: Word, b: Word) -> Word;
    /// NOT.
    fn not(a: Word) -> Word;
    /// BYTE: byte `i` of `x` (0 = most significant), 0 if `i >= 32`.
    fn byte(i: Word, x: Word) -> Word;
    /// SHL: `value << shift`, 0 if `shift >= 256`.
    fn shl(shift: Word, value: Word) -> Word;
    /// SHR: logical `value >> shift`, 0 if `shift >= 256`.
    fn shr(shift: Word, value: Word) -> Word;
    /// SAR: arithmetic `value >> shift`, 0 or -1 if `shift >= 256`.
    fn sar(shift: Word, value: Word) -> Word;
    /// CLZ: leading zero bits of `x`, 256 for 0.
    fn clz(x: Word) -> Word;

    /// DIV with the divisor in place: `*b = a / *b`.
    #[inline(always)]
    fn div_in_place(a: &Word, b: &mut Word) {
        *b = Self::div(*a, *b);
    }
    /// MOD with the divisor in place: `*b = a % *b`.
    #[inline(always)]
    fn rem_in_place(a: &Word, b: &mut Word) {
        *b = Self::rem(*a, *b);
    }
    /// SIGNEXTEND in place: `*x = signextend(b, *x)`.
    #[inline(always)]
    fn signextend_in_place(b: &Word, x: &mut Word) {
        *x = Self::signextend(*b, *x);
    }
    /// BYTE in place: `*x = byte(i, *x)`.
    #[inline(always)]
    fn byte_in_place(i: &Word, x: &mut Word) {
        *x = Self::byte(*i, *x);
    }
    /// MUL in place: `*b = a * *b`.
    #[inline(always)]
    fn mul_in_place(a: &Word, b: &mut Word) {
        *b = Self::mul(*a, *b);
    }
    /// GT in place: `*b = gt(a, *b)`.
    #[inline(always)]
    fn gt_in_place(a: &Word, b: &mut Word) {
        *b = Self::gt(*a, *b);
    }
    /// SAR in place: `*value = sar(shift, *value)`.
    #[inline(always)]
    fn sar_in_place(shift: &Word, value: &mut Word) {
        *value = Self::sar(*shift, *value);
    }
}

/// [`WordOps`] on `uint256::evm`: the limbs move between the two word types unchanged. The
/// in-place ops use `uint256::evm::slot`: they read the stack slot where it is and leave it
/// unwritten when it already holds the result.
#[derive(Clone, Copy, Debug, Default)]
pub struct Uint256Ops;

#[inline(always)]
fn ours(x: Word) -> U256 {
    U256::from_limbs(x.into_limbs())
}

#[inline(always)]
fn theirs(x: U256) -> Word {
    Word::from_limbs(x.into_limbs())
}

/// Implements the in-place ops of [`WordOps`] for [`Uint256Ops`] by `uint256::evm::slot`
/// functions returning `Option<U256>` (`None`: the slot already holds the result).
macro_rules! in_place {
    ($($name:ident => $f:path),* $(,)?) => {$(
        #[inline(always)]
        fn $name(a: &Word, b: &mut Word) {
            if let Some(r) = $f(a.as_limbs(), b.as_limbs()) {
                *b = theirs(r);
            }
        }
    )*};
}

/// Implements the binary ops of [`WordOps`] for [`Uint256Ops`] by `uint256::evm` functions.
macro_rules! binary {
    ($($name:ident => $f:path),* $(,)?) => {$(
        #[inline(always)]
        fn $name(a: Word, b: Word) -> Word {
            theirs($f(ours(a), ours(b)))
        }
    )*};
}

impl WordOps for Uint256Ops {
    binary! {
        add => evm::add, mul => evm::mul, sub => evm::sub, div => evm::div, sdiv => evm::sdiv,
        rem => evm::mod_, smod => evm::smod, exp => evm::exp, signextend => evm::signextend,
        lt => evm::lt, gt => evm::gt, slt => evm::slt, sgt => evm::sgt, eq => evm::eq,
        and => evm::and, or => evm::or, xor => evm::xor, byte => evm::byte, shl => evm::shl,
        shr => evm::shr, sar => evm::sar,
    }

    in_place! {
        div_in_place => slot::div, rem_in_place => slot::mod_,
        signextend_in_place => slot::signextend, sar_in_place => slot::sar,
    }

    /// Stored with four 8-byte stores: left to LLVM, the product was sometimes stored as two
    /// 16-byte vectors (not so in stock revm), and the next MUL's 8-byte loads of the slot
    /// then waited on them.
    #[inline(always)]
    fn mul_in_place(a: &Word, b: &mut Word) {
        evm::mul(ours(*a), ours(*b)).store_into_ruint(b);
    }

    #[inline(always)]
    fn gt_in_place(a: &Word, b: &mut Word) {
        *b = theirs(slot::gt(a.as_limbs(), b.as_limbs()));
    }

    #[inline(always)]
    fn byte_in_place(i: &Word, x: &mut Word) {
        *x = theirs(slot::byte(i.as_limbs(), x.as_limbs()));
    }

    #[inline(always)]
    fn addmod(a: Word, b: Word, n: Word) -> Word {
        theirs(evm::addmod(ours(a), ours(b), ours(n)))
    }

    /// By this thread's last modulus, kept prepared (see `last_modulus`).
    #[inline(always)]
    fn mulmod(a: Word, b: Word, n: Word) -> Word {
        theirs(last_modulus::mulmod(ours(a), ours(b), ours(n)))
    }

    #[inline(always)]
    fn iszero(a: Word) -> Word {
        theirs(evm::iszero(ours(a)))
    }

    #[inline(always)]
    fn not(a: Word) -> Word {
        theirs(evm::not(ours(a)))
    }

    #[inline(always)]
    fn clz(x: Word) -> Word {
        theirs(evm::clz(ours(x)))
    }
}
