//! x86_64 BMI2/ADX assembly (`core::arch::asm!`), behind the proof token [`Adx`].
//!
//! [`Adx`] can only be obtained from [`Adx::detect`] (run-time CPU feature detection), so
//! its methods are safe. They run the generated MULX/ADCX/ADOX kernels for the widths
//! that have one and the [`crate::portable`] code otherwise, and are bit-identical to
//! the portable functions for every input.

use core::arch::asm;
use core::sync::atomic::{AtomicU8, Ordering};

use crate::{portable, Modulus};

/// Proof that the running CPU supports BMI2 and ADX (zero-sized, `Copy`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Adx {
    _private: (),
}

/// Cached detection: 0 = not yet, 1 = absent, 2 = present.
static DETECTED: AtomicU8 = AtomicU8::new(0);

impl Adx {
    /// Returns the token if the CPU supports BMI2 and ADX (CPUID leaf 7, cached; no_std).
    #[inline]
    pub fn detect() -> Option<Adx> {
        let mut d = DETECTED.load(Ordering::Relaxed);
        if d == 0 {
            d = detect_once();
        }
        (d == 2).then_some(Adx { _private: () })
    }

    /// The token without detection, for valgrind's constant-time check (valgrind's
    /// emulated CPUID hides ADX although it executes ADX instructions).
    ///
    /// # Safety
    /// The CPU must support BMI2 and ADX.
    #[doc(hidden)]
    pub unsafe fn new_unchecked() -> Adx {
        Adx { _private: () }
    }

    /// [`crate::mul`]: the no-carry loop ([`portable::mul_mont_nocarry`]'s formula) when
    /// `m` has a spare bit, else [`portable::mul_mont`]'s; bit-identical to
    /// [`portable::mul`] for every input. Assembly for 4, 6 and 8 limbs.
    #[inline(always)]
    pub fn mul<const N: usize>(self, a: &[u64; N], b: &[u64; N], m: &Modulus<N>) -> [u64; N] {
        // operands swapped exactly as in `portable::mul` (see there why)
        let pn = packed(m);
        if m.has_spare_bit() {
            kernel!(N, [b, a], pn, mul_nocarry_4, mul_nocarry_6, mul_nocarry_8);
        } else {
            kernel!(N, [b, a], pn, mul_full_4, mul_full_6, mul_full_8);
        }
        portable::mul(a, b, m)
    }

    /// [`crate::square`]: bit-identical to [`portable::square`] for every input. For 6 limbs
    /// and a spare-bit `m` a squaring kernel (each cross product once, doubled, then the
    /// reduction rows); otherwise [`Adx::mul`] with `b = a`.
    #[inline(always)]
    pub fn square<const N: usize>(self, a: &[u64; N], m: &Modulus<N>) -> [u64; N] {
        if let Ok(x) = <&[u64; 6]>::try_from(&a[..]) {
            if m.has_spare_bit() {
                // SAFETY: the token proves BMI2 and ADX; `packed(m)` points at the 7 limbs
                // `[p, n0]` (N = 6 here: the conversion succeeded).
                let r = unsafe { kernels::sqr_nocarry_6(x, packed(m)) };
                if let Ok(r) = <[u64; N]>::try_from(&r[..]) {
                    return r;
                }
            }
        }
        self.mul(a, a, m)
    }

    /// [`crate::square_n`]: `k` successive [`Adx::square`]s; the same value for `a < p`
    /// (unreduced inputs: an unspecified value, never undefined behaviour). For 6 limbs
    /// and `p < 2^382` one assembly loop whose intermediate squares stay below `2p`
    /// (no subtraction of p between them, one at the end).
    #[inline(always)]
    pub fn square_n<const N: usize>(self, a: &[u64; N], k: u32, m: &Modulus<N>) -> [u64; N] {
        if k == 0 {
            return *a;
        }
        if let Ok(x) = <&[u64; 6]>::try_from(&a[..]) {
            if m.p[5] >> 62 == 0 {
                let mut x = *x;
                // SAFETY: the token proves BMI2 and ADX; `packed(m)` points at the 7 limbs
                // `[p, n0]` (N = 6 here: the conversion succeeded); k >= 1.
                let r = unsafe { kernels::sqrn_nocarry_6(&mut x, k.into(), packed(m)) };
                if let Ok(r) = <[u64; N]>::try_from(&r[..]) {
                    return r;
                }
            }
        }
        let mut x = *a;
        for _ in 0..k {
            x = self.square(&x, m);
        }
        x
    }

    /// [`crate::mul_wide`]: bit-identical to [`portable::mul_wide`]. Assembly for 4 limbs
    /// (the plain product keeps all 8 limbs in registers, where the portable code spills)
    /// and 6 limbs (the finished low limbs parked in xmm registers).
    #[inline(always)]
    pub fn mul_wide<const N: usize>(self, a: &[u64; N], b: &[u64; N]) -> ([u64; N], [u64; N]) {
        if let (Ok(x), Ok(y)) = (<&[u64; 4]>::try_from(&a[..]), <&[u64; 4]>::try_from(&b[..])) {
            // SAFETY: the token proves BMI2 and ADX.
            let (lo, hi) = unsafe { kernels::mul_wide_4(x, y) };
            if let (Ok(lo), Ok(hi)) = (<[u64; N]>::try_from(&lo[..]), <[u64; N]>::try_from(&hi[..]))
            {
                return (lo, hi);
            }
        }
        if let (Ok(x), Ok(y)) = (<&[u64; 6]>::try_from(&a[..]), <&[u64; 6]>::try_from(&b[..])) {
            // SAFETY: the token proves BMI2 and ADX.
            let (lo, hi) = unsafe { kernels::mul_wide_6(x, y) };
            if let (Ok(lo), Ok(hi)) = (<[u64; N]>::try_from(&lo[..]), <[u64; N]>::try_from(&hi[..]))
            {
                return (lo, hi);
            }
        }
        portable::mul_wide(a, b)
    }

    /// [`crate::reduce`]: bit-identical to [`portable::redc`] for every input. Assembly for
    /// 4 and 6 limbs (rows without the carry word when `m` has a spare bit, which cannot
    /// overflow then).
    #[inline(always)]
    pub fn reduce<const N: usize>(self, lo: &[u64; N], hi: &[u64; N], m: &Modulus<N>) -> [u64; N] {
        let pn = packed(m);
        if m.has_spare_bit() {
            kernel!(N, [lo, hi], pn, redc_nocarry_4, redc_nocarry_6);
        } else {
            kernel!(N, [lo, hi], pn, redc_full_4, redc_full_6);
        }
        portable::reduce(lo, hi, m)
    }

    /// [`portable::mul_mont`]'s formula with `m`'s `p` and `n0`, every carry kept: exact
    /// for every input, reduced or not (what EVM384 needs). Assembly for 4, 6 and 8 limbs.
    #[inline(always)]
    pub fn mul_mont_full<const N: usize>(
        self,
        a: &[u64; N],
        b: &[u64; N],
        m: &Modulus<N>,
    ) -> [u64; N] {
        kernel!(N, [a, b], packed(m), mul_full_4, mul_full_6, mul_full_8);
        portable::mul_mont(a, b, m.p(), m.n0())
    }

    /// [`portable::mul_mont`] for any `p` and `n0` (not necessarily a valid modulus).
    /// Assembly for 4, 6 and 8 limbs.
    #[inline(always)]
    pub fn mul_mont<const N: usize>(
        self,
        a: &[u64; N],
        b: &[u64; N],
        p: &[u64; N],
        n0: u64,
    ) -> [u64; N] {
        if let Ok(p8) = <&[u64; 8]>::try_from(&p[..]) {
            let [p0, p1, p2, p3, p4, p5, p6, p7] = *p8;
            let pn = [p0, p1, p2, p3, p4, p5, p6, p7, n0];
            kernel!(N, [a, b], pn.as_ptr(), mul_full_8);
        }
        if let Ok(p6) = <&[u64; 6]>::try_from(&p[..]) {
            let pn = [p6[0], p6[1], p6[2], p6[3], p6[4], p6[5], n0];
            kernel!(N, [a, b], pn.as_ptr(), mul_full_6);
        }
        if let Ok(p4) = <&[u64; 4]>::try_from(&p[..]) {
            let pn = [p4[0], p4[1], p4[2], p4[3], n0];
            kernel!(N, [a, b], pn.as_ptr(), mul_full_4);
        }
        portable::mul_mont(a, b, p, n0)
    }

    /// [`portable::add_mod`] (6 limbs in assembly, other widths portable).
    #[inline(always)]
    pub fn add_mod<const N: usize>(self, a: &[u64; N], b: &[u64; N], p: &[u64; N]) -> [u64; N] {
        if let (Ok(a), Ok(b), Ok(p)) = (
            <&[u64; 6]>::try_from(&a[..]),
            <&[u64; 6]>::try_from(&b[..]),
            <&[u64; 6]>::try_from(&p[..]),
        ) {
            if let Ok(r) = <[u64; N]>::try_from(&add_mod_6(a, b, p)[..]) {
                return r;
            }
        }
        portable::add_mod(a, b, p)
    }

    /// [`portable::sub_mod`] (6 limbs in assembly, other widths portable).
    #[inline(always)]
    pub fn sub_mod<const N: usize>(self, a: &[u64; N], b: &[u64; N], p: &[u64; N]) -> [u64; N] {
        if let (Ok(a), Ok(b), Ok(p)) = (
            <&[u64; 6]>::try_from(&a[..]),
            <&[u64; 6]>::try_from(&b[..]),
            <&[u64; 6]>::try_from(&p[..]),
        ) {
            if let Ok(r) = <[u64; N]>::try_from(&sub_mod_6(a, b, p)[..]) {
                return r;
            }
        }
        portable::sub_mod(a, b, p)
    }
}

/// Pointer to `[p0, .., p(N-1), n0]`: the start of the `repr(C)` [`Modulus`], whose
/// first two fields are `p: [u64; N]` and `n0: u64` (so `n0` is at offset `8N`). Derived
/// from a reference to the whole struct, so it may read both fields.
#[inline(always)]
fn packed<const N: usize>(m: &Modulus<N>) -> *const u64 {
    (m as *const Modulus<N>).cast::<u64>()
}

/// Returns from the enclosing function with the generated kernel of width `N` (one per
/// listed width) when `N` is that width; falls through otherwise. The `try_from`s fold
/// away once `N` is known.
macro_rules! kernel {
    ($n:expr, [$x:expr, $y:expr], $pn:expr, $k:ident, $($more:ident),+) => {
        kernel!($n, [$x, $y], $pn, $k);
        kernel!($n, [$x, $y], $pn, $($more),+);
    };
    ($n:expr, [$x:expr, $y:expr], $pn:expr, $k:ident) => {
        if let (Ok(x), Ok(y)) = (<&_>::try_from(&$x[..]), <&_>::try_from(&$y[..])) {
            // SAFETY: the token proves BMI2 and ADX; the kernel's width equals `N` here
            // (the conversions succeeded), and `$pn` points at `N + 1` readable limbs
            // `[p, n0]` (see `packed`, or a local `[u64; N + 1]`).
            let r = unsafe { kernels::$k(x, y, $pn) };
            if let Ok(r) = <[u64; $n]>::try_from(&r[..]) {
                return r;
            }
        }
    };
}
use kernel;

#[path = "kernels.rs"]
mod kernels;

mod addsub;
use addsub::{add_mod_6, sub_mod_6};

#[path = "rows.rs"]
mod rows;

#[path = "special.rs"]
mod special;

/// Products and squares specialised to two primes of special form: the plain product
/// (`mul_wide_4`) or the square of an operand taken in registers, then a reduction generated
/// for the prime (see `scripts/gen_asm.py`), the eight limbs passed in registers. P-256's
/// `p = 2^256 - 2^224 + 2^192 + 2^96 - 1` in Montgomery form (each reduction round is one MULX
/// and two shifts, `n0 = 1`; partly reduced) and secp256k1's `p = 2^256 - 2^32 - 977` in plain form (the high
/// half folded in by `2^256 = 2^32 + 977`).
impl Adx {
    /// A value below `2^256` congruent to `a b 2^-256` modulo P-256's `p`, for any
    /// `a, b < 2^256`: partly reduced (possibly `>= p`; the caller normalises where it compares
    /// or outputs).
    #[inline(always)]
    pub fn mul_p256(self, a: &[u64; 4], b: &[u64; 4]) -> [u64; 4] {
        // SAFETY: the token proves BMI2 and ADX.
        let (lo, hi) = unsafe { kernels::mul_wide_4(a, b) };
        // SAFETY: as above.
        unsafe { special::redc_p256(&lo, &hi) }
    }

    /// A value below `2^256` congruent to `a^2 2^-256` modulo P-256's `p`, for any `a < 2^256`
    /// (partly reduced, as [`Adx::mul_p256`]). `a` is taken in registers (as
    /// [`Adx::square_k256`]).
    #[inline(always)]
    pub fn square_p256(self, a: &[u64; 4]) -> [u64; 4] {
        // SAFETY: the token proves BMI2 and ADX.
        unsafe { special::square_p256_regs(*a) }
    }

    /// A value below `2^256` congruent to `a b` modulo secp256k1's `p`, for any `a, b < 2^256`:
    /// partly reduced (possibly `>= p`; the caller normalises where it compares or outputs).
    #[inline(always)]
    pub fn mul_k256(self, a: &[u64; 4], b: &[u64; 4]) -> [u64; 4] {
        // SAFETY: the token proves BMI2 and ADX.
        let (lo, hi) = unsafe { kernels::mul_wide_4(a, b) };
        // SAFETY: as above.
        unsafe { special::reduce_k256(&lo, &hi) }
    }

    /// A value below `2^256` congruent to `a^2` modulo secp256k1's `p`, for any `a < 2^256`
    /// (partly reduced, as [`Adx::mul_k256`]). `a` is taken in registers, so a chain of squares
    /// (the square root's) never goes through memory.
    #[inline(always)]
    pub fn square_k256(self, a: &[u64; 4]) -> [u64; 4] {
        // SAFETY: the token proves BMI2 and ADX.
        unsafe { special::square_k256_regs(*a) }
    }
}

/// The row kernels of the variable-width arithmetic ([`crate::var`]): `r += a · b`.
impl Adx {
    /// `r += a · b` for `a.len()` a multiple of 4 (four limbs per loop step); returns the carry
    /// limb. Panics (a caller bug) if the lengths differ or are not a multiple of 4; does
    /// nothing for empty slices.
    #[inline]
    pub fn addmul_1_x4(self, r: &mut [u64], a: &[u64], b: u64) -> u64 {
        assert!(r.len() == a.len() && a.len().is_multiple_of(4));
        let steps = a.len() / 4;
        if steps == 0 {
            return 0;
        }
        // SAFETY: `self` proves BMI2 and ADX are available; `r` and `a` hold `4 · steps` limbs
        // each (checked above) and `&mut` keeps them apart.
        unsafe { rows::addmul_1_x4(r.as_mut_ptr(), a.as_ptr(), steps, b) }
    }
}

impl crate::var::FixedRows for Adx {
    /// The straight-line row of length `L` (1 to 16); longer rows go through the looped
    /// kernel ([`crate::var::Rows::addmul_1`]).
    #[inline(always)]
    fn addmul<const L: usize>(self, r: &mut [u64; L], a: &[u64; L], b: u64) -> u64 {
        if L > 16 {
            return crate::var::Rows::Adx(self).addmul_1(r, a, b);
        }
        let (r, a) = (r.as_mut_ptr(), a.as_ptr());
        // SAFETY: `self` proves BMI2 and ADX; each arm's kernel reads `a` and reads/writes `r`
        // for exactly `L` limbs, which the array types guarantee (and `&mut` keeps them
        // apart).
        unsafe {
            match L {
                1 => rows::addmul_l1(r, a, b),
                2 => rows::addmul_l2(r, a, b),
                3 => rows::addmul_l3(r, a, b),
                4 => rows::addmul_l4(r, a, b),
                5 => rows::addmul_l5(r, a, b),
                6 => rows::addmul_l6(r, a, b),
                7 => rows::addmul_l7(r, a, b),
                8 => rows::addmul_l8(r, a, b),
                9 => rows::addmul_l9(r, a, b),
                10 => rows::addmul_l10(r, a, b),
                11 => rows::addmul_l11(r, a, b),
                12 => rows::addmul_l12(r, a, b),
                13 => rows::addmul_l13(r, a, b),
                14 => rows::addmul_l14(r, a, b),
                15 => rows::addmul_l15(r, a, b),
                16 => rows::addmul_l16(r, a, b),
                // L = 0: nothing to add.
                _ => 0,
            }
        }
    }
}

/// The first detection: CPUID, cached in `DETECTED`. Out of line and cold, so that the
/// callers of [`Adx::detect`] (every inlined product) carry a load and a branch, not CPUID.
#[cold]
#[inline(never)]
fn detect_once() -> u8 {
    let d = if cpu_has_bmi2_adx() { 2 } else { 1 };
    DETECTED.store(d, Ordering::Relaxed);
    d
}

/// CPUID leaf 7 (sub-leaf 0), EBX bit 8 (BMI2) and bit 19 (ADX). Plain integer
/// instructions, so no OS support (XSAVE state) is involved.
fn cpu_has_bmi2_adx() -> bool {
    use core::arch::x86_64::__cpuid_count;
    let max_leaf = __cpuid_count(0, 0).eax;
    if max_leaf < 7 {
        return false;
    }
    let ebx = __cpuid_count(7, 0).ebx;
    ebx & (1 << 8) != 0 && ebx & (1 << 19) != 0
}

/// Returns `x` unchanged, but the optimiser cannot know anything about the result (an
/// empty `asm!` block: no instruction is emitted). Keeps mask selections branch-free.
#[inline(always)]
pub fn value_barrier(mut x: u64) -> u64 {
    // SAFETY: an empty asm block that only "modifies" a register operand.
    unsafe { asm!("/* {0} */", inout(reg) x, options(pure, nomem, nostack, preserves_flags)) };
    x
}
