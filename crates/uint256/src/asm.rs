//! The one place in the crate with `unsafe` code: an SSE2 four-limb equality, an SSE2 move of a
//! result into vector registers, a one-byte read of a word in memory and four 8-byte stores
//! into a ruint word, each with a portable fallback of the same contract on other targets. (The
//! hardware division is in `limbs`.)
#![allow(unsafe_code)]

/// `a == b` on four limbs with two 128-bit byte compares.
///
/// Operands already in memory (an interpreter's stack) are compared straight from there, as
/// LLVM does for ruint's `==` on limb arrays; operands in registers are moved into vectors
/// without the store-and-reload (and store-forwarding stall) that a limb-array `==` costs.
/// In the `eq` and `eq-of-sum` benches both the scalar XOR/OR form and ruint's limb-array `==`
/// took longer (`PERF.md`).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub fn eq4(a: &[u64; 4], b: &[u64; 4]) -> bool {
    use core::arch::x86_64::{_mm_and_si128, _mm_cmpeq_epi8, _mm_movemask_epi8, _mm_set_epi64x};
    // SAFETY: these intrinsics only require SSE2, which every x86-64 CPU has (it is in the
    // target's baseline feature set); they take and return values and touch no memory.
    unsafe {
        let lo = _mm_cmpeq_epi8(
            _mm_set_epi64x(a[1] as i64, a[0] as i64),
            _mm_set_epi64x(b[1] as i64, b[0] as i64),
        );
        let hi = _mm_cmpeq_epi8(
            _mm_set_epi64x(a[3] as i64, a[2] as i64),
            _mm_set_epi64x(b[3] as i64, b[2] as i64),
        );
        _mm_movemask_epi8(_mm_and_si128(lo, hi)) == 0xffff
    }
}

/// `x` unchanged, moved into two 128-bit vectors so that a store of the result to memory is two
/// 16-byte stores (which a following 16-byte load can forward from).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub fn through_vectors(x: [u64; 4]) -> [u64; 4] {
    use core::arch::x86_64::{__m128i, _mm_set_epi64x};
    // SAFETY: `_mm_set_epi64x` only requires SSE2, in the x86-64 baseline; two 16-byte vectors
    // and four u64 have the same size and every bit pattern is a valid u64.
    unsafe {
        let v: [__m128i; 2] = [
            _mm_set_epi64x(x[1] as i64, x[0] as i64),
            _mm_set_epi64x(x[3] as i64, x[2] as i64),
        ];
        core::mem::transmute::<[__m128i; 2], [u64; 4]>(v)
    }
}

/// `[x; 4]` built as one 128-bit vector used for both halves: a store of the result to memory
/// is two 16-byte stores of one register, with no move from scalar registers per limb.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub fn splat(x: u64) -> [u64; 4] {
    use core::arch::x86_64::{__m128i, _mm_set1_epi64x};
    // SAFETY: `_mm_set1_epi64x` only requires SSE2, in the x86-64 baseline; two 16-byte vectors
    // and four u64 have the same size and every bit pattern is a valid u64.
    unsafe {
        let v = _mm_set1_epi64x(x as i64);
        core::mem::transmute::<[__m128i; 2], [u64; 4]>([v, v])
    }
}

/// `[x; 4]` on targets without the x86-64 version's vector registers.
#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
pub fn splat(x: u64) -> [u64; 4] {
    [x; 4]
}

/// `x` unchanged on targets without the x86-64 version's vector registers.
#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
pub fn through_vectors(x: [u64; 4]) -> [u64; 4] {
    x
}

/// Writes the limbs `x` into the ruint word `dst` as four 8-byte stores, which LLVM cannot merge
/// into 16-byte vector stores as it sometimes does for a plain assignment. For an interpreter's
/// stack slot whose next reader loads it limb by limb (an arithmetic instruction), 8-byte stores
/// forward to those loads the way stock revm's do.
#[cfg(all(feature = "ruint", target_arch = "x86_64"))]
#[inline(always)]
pub fn store_ruint(dst: &mut ruint::aliases::U256, x: [u64; 4]) {
    let p = core::ptr::from_mut(dst).cast::<u64>();
    // SAFETY: ruint's `Uint` is `repr(transparent)` over `[u64; LIMBS]`, so `p` points to the
    // 32 writable, 8-byte-aligned bytes of `dst`'s four limbs, which the four stores write and
    // nothing else; every bit pattern is a valid 256-bit `Uint` (no unused high bits).
    unsafe {
        core::arch::asm!(
            "mov qword ptr [{p}], {a}",
            "mov qword ptr [{p} + 8], {b}",
            "mov qword ptr [{p} + 16], {c}",
            "mov qword ptr [{p} + 24], {d}",
            p = in(reg) p,
            a = in(reg) x[0],
            b = in(reg) x[1],
            c = in(reg) x[2],
            d = in(reg) x[3],
            options(nostack, preserves_flags),
        );
    }
}

/// Writes the limbs `x` into the ruint word `dst` (a plain assignment on other targets).
#[cfg(all(feature = "ruint", not(target_arch = "x86_64")))]
#[inline(always)]
pub fn store_ruint(dst: &mut ruint::aliases::U256, x: [u64; 4]) {
    *dst = ruint::aliases::U256::from_limbs(x);
}

/// Byte `i mod 32` of four little-endian limbs (byte 0 the least significant), read with one
/// byte load from where the limbs are (an interpreter's stack slot), without first loading and
/// shifting the limb that holds it.
#[cfg(target_endian = "little")]
#[inline(always)]
pub fn le_byte(x: &[u64; 4], i: usize) -> u8 {
    // SAFETY: `x` is 32 initialised, readable bytes and `i & 31 < 32`; a `u8` has alignment 1
    // and no invalid bit patterns. On a little-endian target byte `k` of the array is byte
    // `k mod 8` of limb `k / 8`, which is the byte this function is documented to return.
    unsafe { *core::ptr::from_ref(x).cast::<u8>().add(i & 31) }
}

/// Portable version of the little-endian `le_byte`.
#[cfg(not(target_endian = "little"))]
#[inline(always)]
pub fn le_byte(x: &[u64; 4], i: usize) -> u8 {
    le_byte_portable(x, i)
}

/// [`le_byte`] by limb and shift, the reference of the pointer read.
#[cfg_attr(all(target_endian = "little", not(test)), allow(dead_code))]
#[inline(always)]
pub const fn le_byte_portable(x: &[u64; 4], i: usize) -> u8 {
    let i = i & 31;
    (x[i / 8] >> (8 * (i % 8))) as u8
}

/// Portable version of the x86-64 `eq4`.
#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
pub fn eq4(a: &[u64; 4], b: &[u64; 4]) -> bool {
    eq4_portable(a, b)
}

/// Branch-free four-limb equality: OR of the limb differences (LLVM otherwise emits a
/// compare-and-branch chain).
#[cfg_attr(all(target_arch = "x86_64", not(test)), allow(dead_code))]
#[inline(always)]
pub const fn eq4_portable(a: &[u64; 4], b: &[u64; 4]) -> bool {
    ((a[0] ^ b[0]) | (a[1] ^ b[1]) | (a[2] ^ b[2]) | (a[3] ^ b[3])) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    /// On targets without the assembly, says that only the portable code was tested (straight to
    /// stderr: the test harness captures `println!` of passing tests).
    fn note_portable_only(what: &str) {
        if cfg!(not(target_arch = "x86_64")) {
            extern crate std;
            use std::io::Write;
            let msg = std::format!("uint256: {what} asm skipped (not x86_64); portable tested\n");
            let _ = std::io::stderr().write_all(msg.as_bytes());
        }
    }

    #[test]
    fn eq4_matches_portable_on_every_differing_limb_and_byte() {
        note_portable_only("eq4 (SSE2)");
        let base = [0x0123_4567_89ab_cdef, u64::MAX, 0, 1 << 63];
        assert!(eq4(&base, &base) && eq4_portable(&base, &base));
        for limb in 0..4 {
            for byte in 0..8 {
                let mut other = base;
                other[limb] ^= 0x80 >> (byte % 8) << (8 * byte);
                assert!(!eq4(&base, &other), "limb {limb} byte {byte}");
                assert!(!eq4_portable(&base, &other), "limb {limb} byte {byte}");
                assert!(!eq4(&other, &base), "limb {limb} byte {byte}");
            }
        }
    }

    #[test]
    fn le_byte_matches_portable_at_every_index() {
        let x = [
            0x0706_0504_0302_0100,
            0x0f0e_0d0c_0b0a_0908,
            0x1716_1514_1312_1110,
            0x1f1e_1d1c_1b1a_1918,
        ];
        for i in 0..100 {
            assert_eq!(le_byte(&x, i), (i % 32) as u8, "index {i}");
            assert_eq!(le_byte_portable(&x, i), (i % 32) as u8, "index {i}");
        }
    }
}
