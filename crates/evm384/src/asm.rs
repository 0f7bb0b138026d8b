//! x86_64 BMI2/ADX assembly backend: the `montgomery` crate's kernels at 6 limbs (one copy
//! of the Montgomery kernel in the workspace, shared with BN254).
//!
//! All entry points are methods of the zero-sized token [`Adx`], which can only be
//! obtained through [`Adx::detect`] (run-time CPU feature detection), so calling them is
//! safe: `add_mod`, `sub_mod` and `mul_mont` (generic over the width; here always 6
//! limbs) follow the crate-level definitions for every input and are bit-identical to
//! [`crate::portable`]. They are `#[inline(always)]` `asm!` blocks. No branch and no
//! memory address depends on operand values: the final reductions use `cmov`.

pub use montgomery::asm::{value_barrier, Adx};

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
