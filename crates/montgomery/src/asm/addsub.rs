//! 6-limb modular addition and subtraction in assembly (moved from evm384, where they
//! measured faster than the portable code). Bit-identical to `portable::add_mod` and
//! `portable::sub_mod` for every input; the final selections use `cmov`.
//!
//! Registers only: both blocks are `pure, readonly, nostack` and touch no memory but the
//! limbs they read. Keeping both candidates for the `cmov`s takes every register; the top
//! limb of the second candidate goes into the register of `p`'s pointer, after the last load
//! through it (`mov` and `not` leave the flags alone, `cmc` complements the carry).

use core::arch::asm;

/// The asm block of both functions on the template lines given: `a`'s limbs in and out of
/// `{a0}`..`{a5}`, the pointers `{b}` and `{p}` (both free after their last loads), scratch
/// `{c}` and `{s1}`..`{s4}`; returns the six limbs.
macro_rules! asm_6 {
    ($a:expr, $b:expr, $p:expr, $($line:expr),+ $(,)?) => {{
        let [mut a0, mut a1, mut a2, mut a3, mut a4, mut a5] = *$a;
        // SAFETY: plain x86_64 integer instructions only (no BMI2/ADX needed); reads the 6
        // limbs behind `b` and `p`, writes no memory and does not touch the stack.
        unsafe {
            asm!(
                $($line),+,
                a0 = inout(reg) a0,
                a1 = inout(reg) a1,
                a2 = inout(reg) a2,
                a3 = inout(reg) a3,
                a4 = inout(reg) a4,
                a5 = inout(reg) a5,
                b = inout(reg) $b.as_ptr() => _,
                p = inout(reg) $p.as_ptr() => _,
                c = out(reg) _,
                s1 = out(reg) _,
                s2 = out(reg) _,
                s3 = out(reg) _,
                s4 = out(reg) _,
                options(pure, readonly, nostack),
            );
        }
        [a0, a1, a2, a3, a4, a5]
    }};
}

/// `portable::add_mod` for 6 limbs (plain x86_64 integer instructions).
#[inline(always)]
pub(super) fn add_mod_6(a: &[u64; 6], b: &[u64; 6], p: &[u64; 6]) -> [u64; 6] {
    asm_6!(
        a,
        b,
        p,
        "xor {c:e}, {c:e}",
        "add {a0}, qword ptr [{b}]",
        "adc {a1}, qword ptr [{b} + 8]",
        "adc {a2}, qword ptr [{b} + 16]",
        "adc {a3}, qword ptr [{b} + 24]",
        "adc {a4}, qword ptr [{b} + 32]",
        "adc {a5}, qword ptr [{b} + 40]",
        "adc {c:e}, 0",
        "mov {b}, {a0}",
        "mov {s1}, {a1}",
        "mov {s2}, {a2}",
        "mov {s3}, {a3}",
        "mov {s4}, {a4}",
        "sub {b}, qword ptr [{p}]",
        "sbb {s1}, qword ptr [{p} + 8]",
        "sbb {s2}, qword ptr [{p} + 16]",
        "sbb {s3}, qword ptr [{p} + 24]",
        "sbb {s4}, qword ptr [{p} + 32]",
        // Top limb a5 - p5 - borrow as a5 + !p5 + !borrow, into p's register: the carry out is
        // then the complement of the borrow out, CF = (a + b mod 2^384 >= p).
        "mov {p}, qword ptr [{p} + 40]",
        "not {p}",
        "cmc",
        "adc {p}, {a5}",
        // c + CF - 1 carries unless both are 0: CF = 0 iff a + b < p (no carry out of the sum,
        // below p), then keep the sum; else take the difference.
        "adc {c}, -1",
        "cmovc {a0}, {b}",
        "cmovc {a1}, {s1}",
        "cmovc {a2}, {s2}",
        "cmovc {a3}, {s3}",
        "cmovc {a4}, {s4}",
        "cmovc {a5}, {p}",
    )
}

/// `portable::sub_mod` for 6 limbs (plain x86_64 integer instructions).
#[inline(always)]
pub(super) fn sub_mod_6(a: &[u64; 6], b: &[u64; 6], p: &[u64; 6]) -> [u64; 6] {
    asm_6!(
        a,
        b,
        p,
        "sub {a0}, qword ptr [{b}]",
        "sbb {a1}, qword ptr [{b} + 8]",
        "sbb {a2}, qword ptr [{b} + 16]",
        "sbb {a3}, qword ptr [{b} + 24]",
        "sbb {a4}, qword ptr [{b} + 32]",
        "sbb {a5}, qword ptr [{b} + 40]",
        "sbb {c}, {c}",
        "mov {b}, {a0}",
        "mov {s1}, {a1}",
        "mov {s2}, {a2}",
        "mov {s3}, {a3}",
        "mov {s4}, {a4}",
        "add {b}, qword ptr [{p}]",
        "adc {s1}, qword ptr [{p} + 8]",
        "adc {s2}, qword ptr [{p} + 16]",
        "adc {s3}, qword ptr [{p} + 24]",
        "adc {s4}, qword ptr [{p} + 32]",
        // Top limb a5 + p5 + carry, into p's register.
        "mov {p}, qword ptr [{p} + 40]",
        "adc {p}, {a5}",
        // c = -borrow: add p back iff a < b
        "test {c}, {c}",
        "cmovnz {a0}, {b}",
        "cmovnz {a1}, {s1}",
        "cmovnz {a2}, {s2}",
        "cmovnz {a3}, {s3}",
        "cmovnz {a4}, {s4}",
        "cmovnz {a5}, {p}",
    )
}
