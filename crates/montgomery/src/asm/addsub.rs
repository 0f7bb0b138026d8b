//! 6-limb modular addition and subtraction in assembly (moved from evm384, where they
//! measured faster than the portable code). Bit-identical to `portable::add_mod` and
//! `portable::sub_mod` for every input.
//!
//! Registers only: both blocks are `pure, readonly, nostack` and touch no memory but the
//! limbs they read. The conditional `-p` / `+p` is `p & mask` added in two halves of three
//! limbs (the `and`s clobber the carry flag, which waits in a register between the halves),
//! so 12 registers suffice where keeping both candidates for a `cmov` would need 14.

use core::arch::asm;

/// The asm lines `m0, m1, m2 = p[k], p[k + 1], p[k + 2] & c` for limbs at byte offsets `$o0`,
/// `$o1`, `$o2` of `p` (the `and`s clear the carry flag).
macro_rules! masked_p3 {
    ($o0:literal, $o1:literal, $o2:literal) => {
        concat!(
            "mov {m0}, qword ptr [{p} + ",
            $o0,
            "]\n",
            "and {m0}, {c}\n",
            "mov {m1}, qword ptr [{p} + ",
            $o1,
            "]\n",
            "and {m1}, {c}\n",
            "mov {m2}, qword ptr [{p} + ",
            $o2,
            "]\n",
            "and {m2}, {c}",
        )
    };
}

/// `portable::add_mod` for 6 limbs (plain x86_64 integer instructions).
#[inline(always)]
pub(super) fn add_mod_6(a: &[u64; 6], b: &[u64; 6], p: &[u64; 6]) -> [u64; 6] {
    let [mut a0, mut a1, mut a2, mut a3, mut a4, mut a5] = *a;
    // SAFETY: plain x86_64 integer instructions only (no BMI2/ADX needed); reads the
    // 6 limbs behind `b` and `p`, writes no memory and does not touch the stack.
    unsafe {
        asm!(
            "xor {c:e}, {c:e}",
            "add {a0}, qword ptr [{b}]",
            "adc {a1}, qword ptr [{b} + 8]",
            "adc {a2}, qword ptr [{b} + 16]",
            "adc {a3}, qword ptr [{b} + 24]",
            "adc {a4}, qword ptr [{b} + 32]",
            "adc {a5}, qword ptr [{b} + 40]",
            "adc {c:e}, 0",
            // The borrow of (a + b) - p, without keeping the difference.
            "mov {b}, {a0}",
            "sub {b}, qword ptr [{p}]",
            "mov {b}, {a1}",
            "sbb {b}, qword ptr [{p} + 8]",
            "mov {b}, {a2}",
            "sbb {b}, qword ptr [{p} + 16]",
            "mov {b}, {a3}",
            "sbb {b}, qword ptr [{p} + 24]",
            "mov {b}, {a4}",
            "sbb {b}, qword ptr [{p} + 32]",
            "mov {b}, {a5}",
            "sbb {b}, qword ptr [{p} + 40]",
            // CF = 1 iff a + b < p (no carry out, a borrow): keep the sum; else subtract p.
            "sbb {c}, 0",
            "sbb {c}, {c}",
            "not {c}",
            masked_p3!(0, 8, 16),
            "sub {a0}, {m0}",
            "sbb {a1}, {m1}",
            "sbb {a2}, {m2}",
            "sbb {b}, {b}",
            masked_p3!(24, 32, 40),
            // CF = the borrow of the low half again (`neg` sets CF iff its operand is non-zero).
            "neg {b}",
            "sbb {a3}, {m0}",
            "sbb {a4}, {m1}",
            "sbb {a5}, {m2}",
            a0 = inout(reg) a0,
            a1 = inout(reg) a1,
            a2 = inout(reg) a2,
            a3 = inout(reg) a3,
            a4 = inout(reg) a4,
            a5 = inout(reg) a5,
            b = inout(reg) b.as_ptr() => _,
            p = in(reg) p.as_ptr(),
            c = out(reg) _,
            m0 = out(reg) _,
            m1 = out(reg) _,
            m2 = out(reg) _,
            options(pure, readonly, nostack),
        );
    }
    [a0, a1, a2, a3, a4, a5]
}

/// `portable::sub_mod` for 6 limbs (plain x86_64 integer instructions).
#[inline(always)]
pub(super) fn sub_mod_6(a: &[u64; 6], b: &[u64; 6], p: &[u64; 6]) -> [u64; 6] {
    let [mut a0, mut a1, mut a2, mut a3, mut a4, mut a5] = *a;
    // SAFETY: plain x86_64 integer instructions only; reads the 6 limbs behind `b` and
    // `p`, writes no memory and does not touch the stack.
    unsafe {
        asm!(
            "sub {a0}, qword ptr [{b}]",
            "sbb {a1}, qword ptr [{b} + 8]",
            "sbb {a2}, qword ptr [{b} + 16]",
            "sbb {a3}, qword ptr [{b} + 24]",
            "sbb {a4}, qword ptr [{b} + 32]",
            "sbb {a5}, qword ptr [{b} + 40]",
            // c = -borrow: all ones iff a < b, then add p back.
            "sbb {c}, {c}",
            masked_p3!(0, 8, 16),
            "add {a0}, {m0}",
            "adc {a1}, {m1}",
            "adc {a2}, {m2}",
            "sbb {b}, {b}",
            masked_p3!(24, 32, 40),
            // CF = the carry of the low half again.
            "neg {b}",
            "adc {a3}, {m0}",
            "adc {a4}, {m1}",
            "adc {a5}, {m2}",
            a0 = inout(reg) a0,
            a1 = inout(reg) a1,
            a2 = inout(reg) a2,
            a3 = inout(reg) a3,
            a4 = inout(reg) a4,
            a5 = inout(reg) a5,
            b = inout(reg) b.as_ptr() => _,
            p = in(reg) p.as_ptr(),
            c = out(reg) _,
            m0 = out(reg) _,
            m1 = out(reg) _,
            m2 = out(reg) _,
            options(pure, readonly, nostack),
        );
    }
    [a0, a1, a2, a3, a4, a5]
}
