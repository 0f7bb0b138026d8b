//! 6-limb modular addition and subtraction in assembly (moved from evm384, where they
//! measured faster than the portable code). Bit-identical to `portable::add_mod` and
//! `portable::sub_mod` for every input; the final selections use `cmov`.

use core::arch::asm;

/// `portable::add_mod` for 6 limbs (plain x86_64 integer instructions).
#[inline(always)]
pub(super) fn add_mod_6(a: &[u64; 6], b: &[u64; 6], p: &[u64; 6]) -> [u64; 6] {
    let [mut a0, mut a1, mut a2, mut a3, mut a4, mut a5] = *a;
    // SAFETY: plain x86_64 integer instructions only (no BMI2/ADX needed); reads the
    // 6 limbs behind `b` and `p`; writes only the 8 bytes below the stack pointer,
    // which asm may use unless `nostack` is given.
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
            "mov {b}, {a0}",
            "mov {s1}, {a1}",
            "mov {s2}, {a2}",
            "mov {s3}, {a3}",
            "mov {s4}, {a4}",
            "mov qword ptr [rsp - 8], {a5}",
            "sub {b}, qword ptr [{p}]",
            "sbb {s1}, qword ptr [{p} + 8]",
            "sbb {s2}, qword ptr [{p} + 16]",
            "sbb {s3}, qword ptr [{p} + 24]",
            "sbb {s4}, qword ptr [{p} + 32]",
            "sbb {a5}, qword ptr [{p} + 40]",
            "sbb {c}, 0",
            // CF = 1 iff a + b < p: keep the sum, else take the difference
            "cmovnc {a0}, {b}",
            "cmovnc {a1}, {s1}",
            "cmovnc {a2}, {s2}",
            "cmovnc {a3}, {s3}",
            "cmovnc {a4}, {s4}",
            "cmovc {a5}, qword ptr [rsp - 8]",
            a0 = inout(reg) a0,
            a1 = inout(reg) a1,
            a2 = inout(reg) a2,
            a3 = inout(reg) a3,
            a4 = inout(reg) a4,
            a5 = inout(reg) a5,
            b = inout(reg) b.as_ptr() => _,
            p = in(reg) p.as_ptr(),
            c = out(reg) _,
            s1 = out(reg) _,
            s2 = out(reg) _,
            s3 = out(reg) _,
            s4 = out(reg) _,
            options(pure, readonly),
        );
    }
    [a0, a1, a2, a3, a4, a5]
}

/// `portable::sub_mod` for 6 limbs (plain x86_64 integer instructions).
#[inline(always)]
pub(super) fn sub_mod_6(a: &[u64; 6], b: &[u64; 6], p: &[u64; 6]) -> [u64; 6] {
    let [mut a0, mut a1, mut a2, mut a3, mut a4, mut a5] = *a;
    // SAFETY: plain x86_64 integer instructions only; reads the 6 limbs behind `b`
    // and `p`; writes only the 8 bytes below the stack pointer (allowed without
    // `nostack`).
    unsafe {
        asm!(
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
            "mov qword ptr [rsp - 8], {a5}",
            "add {b}, qword ptr [{p}]",
            "adc {s1}, qword ptr [{p} + 8]",
            "adc {s2}, qword ptr [{p} + 16]",
            "adc {s3}, qword ptr [{p} + 24]",
            "adc {s4}, qword ptr [{p} + 32]",
            "adc {a5}, qword ptr [{p} + 40]",
            // c = -borrow: add p back iff a < b
            "test {c}, {c}",
            "cmovnz {a0}, {b}",
            "cmovnz {a1}, {s1}",
            "cmovnz {a2}, {s2}",
            "cmovnz {a3}, {s3}",
            "cmovnz {a4}, {s4}",
            "cmovz {a5}, qword ptr [rsp - 8]",
            a0 = inout(reg) a0,
            a1 = inout(reg) a1,
            a2 = inout(reg) a2,
            a3 = inout(reg) a3,
            a4 = inout(reg) a4,
            a5 = inout(reg) a5,
            b = inout(reg) b.as_ptr() => _,
            p = in(reg) p.as_ptr(),
            c = out(reg) _,
            s1 = out(reg) _,
            s2 = out(reg) _,
            s3 = out(reg) _,
            s4 = out(reg) _,
            options(pure, readonly),
        );
    }
    [a0, a1, a2, a3, a4, a5]
}
