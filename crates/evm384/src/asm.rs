//! x86_64 BMI2/ADX assembly backend (`core::arch::asm!`).
//!
//! All entry points are methods of the zero-sized token [`Adx`], which can only be
//! obtained through [`Adx::detect`] (run-time CPU feature detection), so calling them is
//! safe. Every function is `#[inline(always)]`: the assembly is inlined into the caller,
//! with the first operand passed in registers (add/sub) or by pointer (mul).
//!
//! The results are bit-identical to [`crate::portable`] for every input (see the
//! crate-level definitions). No branch and no memory address depends on operand values:
//! the final reductions use `cmov` on register operands.

use core::arch::asm;

#[path = "asm_mul.rs"]
mod mul;

/// Proof that the running CPU supports BMI2 and ADX (zero-sized, `Copy`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Adx {
    _private: (),
}

impl Adx {
    /// Returns the token if the CPU supports BMI2 and ADX (cached by `std`).
    #[inline]
    pub fn detect() -> Option<Adx> {
        if std::is_x86_feature_detected!("bmi2") && std::is_x86_feature_detected!("adx") {
            Some(Adx { _private: () })
        } else {
            None
        }
    }

    /// The token without detection, for the valgrind constant-time check (valgrind's
    /// emulated CPUID hides ADX although it executes ADX instructions).
    ///
    /// # Safety
    /// The CPU must support BMI2 and ADX.
    #[doc(hidden)]
    pub unsafe fn new_unchecked() -> Adx {
        Adx { _private: () }
    }

    /// `add_mod` as defined at the crate root.
    #[inline(always)]
    pub fn add_mod(self, a: &[u64; 6], b: &[u64; 6], p: &[u64; 6]) -> [u64; 6] {
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

    /// `sub_mod` as defined at the crate root.
    #[inline(always)]
    pub fn sub_mod(self, a: &[u64; 6], b: &[u64; 6], p: &[u64; 6]) -> [u64; 6] {
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

    /// `mul_mont` as defined at the crate root, with `p` and `n0` packed as
    /// `[p0, .., p5, n0]` (the layout [`crate::Modulus`] stores).
    #[inline(always)]
    pub fn mul_mont_packed(self, a: &[u64; 6], b: &[u64; 6], pn: &[u64; 7]) -> [u64; 6] {
        // SAFETY: the token proves BMI2 and ADX are available.
        unsafe { mul::mul_mont_adx(a, b, pn) }
    }

    /// `mul_mont` as defined at the crate root.
    #[inline(always)]
    pub fn mul_mont(self, a: &[u64; 6], b: &[u64; 6], p: &[u64; 6], n0: u64) -> [u64; 6] {
        let pn = [p[0], p[1], p[2], p[3], p[4], p[5], n0];
        self.mul_mont_packed(a, b, &pn)
    }
}

/// Returns `x` unchanged, but the optimiser cannot know anything about the result (an
/// empty `asm!` block: no instruction is emitted). Used by [`crate::portable`] to keep
/// mask selections branch-free.
#[inline(always)]
pub fn value_barrier(mut x: u64) -> u64 {
    // SAFETY: an empty asm block that only "modifies" a register operand.
    unsafe { asm!("/* {0} */", inout(reg) x, options(pure, nomem, nostack, preserves_flags)) };
    x
}

/// Valgrind client requests used by the constant-time check (`examples/ct_valgrind.rs`).
/// Outside valgrind the magic sequence is a no-op.
#[doc(hidden)]
pub mod valgrind {
    use core::arch::asm;

    const MAKE_MEM_UNDEFINED: u64 = 0x4d43_0001;
    const MAKE_MEM_DEFINED: u64 = 0x4d43_0002;

    fn request(code: u64, addr: u64, len: u64) {
        let args: [u64; 6] = [code, addr, len, 0, 0, 0];
        let _res: u64;
        // SAFETY: valgrind's amd64 "special instruction" preamble: four rotations of rdi
        // summing to 128 bits (rdi unchanged) and `xchg rbx, rbx` (a no-op), which valgrind
        // recognises; rax points at the argument block, rdx carries the default result.
        // Natively it changes nothing; it only reads `args`.
        unsafe {
            asm!(
                "rol rdi, 3",
                "rol rdi, 13",
                "rol rdi, 61",
                "rol rdi, 51",
                "xchg rbx, rbx",
                inout("rdx") 0u64 => _res,
                in("rax") args.as_ptr(),
                inout("rdi") 0u64 => _,
                options(nostack),
            );
        }
    }

    /// Marks the memory of `v` as undefined (secret) for memcheck.
    pub fn mark_undefined<T>(v: &[T]) {
        request(
            MAKE_MEM_UNDEFINED,
            v.as_ptr() as u64,
            core::mem::size_of_val(v) as u64,
        );
    }

    /// Marks the memory of `v` as defined again (e.g. before comparing a result).
    pub fn mark_defined<T>(v: &[T]) {
        request(
            MAKE_MEM_DEFINED,
            v.as_ptr() as u64,
            core::mem::size_of_val(v) as u64,
        );
    }
}
