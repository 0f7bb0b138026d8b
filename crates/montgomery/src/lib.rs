//! Montgomery arithmetic for fixed widths: `N` little-endian `u64` limbs (`[u64; N]`,
//! limb 0 least significant), modulo an odd `p < 2^(64N)` given as a [`Modulus`].
//!
//! One kernel for the workspace: `evm384` (6 limbs, any odd modulus), BN254 (4 limbs)
//! and MODEXP's fixed widths (2 to 8 limbs) use it; [`var`] is the variable-width form (a
//! modulus of any length as a slice, and 16 limbs with straight-line rows) MODEXP uses for
//! the other widths, on the same CPU-feature token [`asm::Adx`]. The functions at the crate root
//! take reduced inputs (`< p`) and return fully reduced outputs (`< p`); they pick the
//! x86_64 MULX/ADCX/ADOX assembly ([`asm`]) at run time when the CPU has BMI2 and ADX and
//! the width has assembly, and the [`portable`] Rust otherwise. Both paths are
//! bit-identical for every input; the per-path functions ([`portable`], [`asm::Adx`])
//! are total and document the exact integer formula they compute, also for unreduced
//! inputs (what `evm384`'s EVM384 semantics need).
//!
//! Where the modulus leaves a spare top bit (top limb below `2^63 - 1`, e.g. BN254 and
//! BLS12-381), multiplication uses the cheaper "no-carry" CIOS loop.
//!
//! No branch or memory address depends on operand values (fixed loop counts, final
//! selections by masks or `cmov`), except in [`inverse`], whose variable-time modular
//! inversion (`*_vartime`) is for public values only. `no_std`, no allocation.
//!
//! ```
//! // 6 * 7 mod 101 with R = 2^64 (one limb): into Montgomery form, multiply, back.
//! let m = montgomery::Modulus::try_new([101u64]).expect("odd, above 1");
//! let to_mont = |x: u64| montgomery::mul(&[x], m.r2(), &m); // x * R mod p
//! let product = montgomery::mul(&to_mont(6), &to_mont(7), &m);
//! assert_eq!(montgomery::mul(&product, &[1], &m), [42]); // out of Montgomery form
//! // An even modulus is an error, not a panic.
//! assert!(montgomery::Modulus::try_new([100u64]).is_none());
//! ```

#![no_std]
#![deny(unsafe_code)]
#![warn(missing_docs)]

#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
pub mod asm;
pub mod inverse;
pub mod portable;
pub mod var;

pub use inverse::{inverse_mont_vartime, inverse_vartime};

use limbs::add::{adc, sbb};

/// `-p0^-1 mod 2^64` for odd `p0` (the low limb of `p`); meaningless for even `p0`.
pub const fn neg_inv64(p0: u64) -> u64 {
    // Newton iteration: x = p0 is correct to 3 bits; each step doubles that.
    let mut x = p0;
    let mut i = 0;
    while i < 5 {
        x = x.wrapping_mul(2u64.wrapping_sub(p0.wrapping_mul(x)));
        i += 1;
    }
    x.wrapping_neg()
}

/// Constants of an odd modulus `1 < p < 2^(64N)`: `p`, `n0 = -p^-1 mod 2^64`,
/// `R mod p` and `R^2 mod p` (`R = 2^(64N)`), and whether `p` has a spare top bit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C)]
pub struct Modulus<const N: usize> {
    // `p` then `n0`, contiguous: the layout the assembly reads through one pointer.
    p: [u64; N],
    n0: u64,
    one: [u64; N],
    r2: [u64; N],
    spare_bit: bool,
}

impl<const N: usize> Modulus<N> {
    /// The constants of `p` (little-endian limbs), computed at compile time when used in a
    /// `const` item.
    ///
    /// # Panics
    /// If `p` is even or `p <= 1` (at compile time in a `const` item); [`Modulus::try_new`]
    /// is the non-panicking form for run-time values.
    pub const fn new(p: [u64; N]) -> Self {
        match Self::try_new(p) {
            Some(m) => m,
            None => panic!("Montgomery modulus must be odd and greater than 1"),
        }
    }

    /// [`Modulus::new`], or `None` if `p` is even or `p <= 1` (or `N == 0`). Variable time
    /// in `p` (moduli are public): about `128 N` modular doublings.
    pub const fn try_new(p: [u64; N]) -> Option<Self> {
        if N == 0 || p[0] & 1 == 0 {
            return None;
        }
        let mut above_one = p[0] > 1;
        let mut i = 1;
        while i < N {
            above_one |= p[i] != 0;
            i += 1;
        }
        if !above_one {
            return None;
        }
        // R mod p and R^2 mod p by doubling 1 (which is < p) 64N and 128N times.
        let mut x = [0u64; N];
        x[0] = 1;
        let mut k = 0;
        while k < 64 * N {
            x = double_mod_vartime(&x, &p);
            k += 1;
        }
        let one = x;
        while k < 128 * N {
            x = double_mod_vartime(&x, &p);
            k += 1;
        }
        Some(Modulus {
            p,
            n0: neg_inv64(p[0]),
            one,
            r2: x,
            spare_bit: p[N - 1] < u64::MAX >> 1,
        })
    }

    /// `p`, little-endian limbs.
    pub const fn p(&self) -> &[u64; N] {
        &self.p
    }

    /// `n0 = -p^-1 mod 2^64`.
    pub const fn n0(&self) -> u64 {
        self.n0
    }

    /// `R mod p`: the Montgomery form of 1.
    pub const fn one(&self) -> &[u64; N] {
        &self.one
    }

    /// `R^2 mod p`: `mul(x, r2)` converts `x < p` into Montgomery form.
    pub const fn r2(&self) -> &[u64; N] {
        &self.r2
    }

    /// Whether the top limb of `p` is below `2^63 - 1`, so that [`mul`] can use the
    /// no-carry loop ([`portable::mul_mont_nocarry`]).
    pub const fn has_spare_bit(&self) -> bool {
        self.spare_bit
    }
}

/// `2x mod p` for `x < p`, variable time (for the constants of a public modulus).
const fn double_mod_vartime<const N: usize>(x: &[u64; N], p: &[u64; N]) -> [u64; N] {
    let mut d = [0u64; N];
    let mut carry = false;
    let mut i = 0;
    while i < N {
        (d[i], carry) = adc(x[i], x[i], carry);
        i += 1;
    }
    let mut s = [0u64; N];
    let mut borrow = false;
    i = 0;
    while i < N {
        (s[i], borrow) = sbb(d[i], p[i], borrow);
        i += 1;
    }
    if carry || !borrow {
        s
    } else {
        d
    }
}

/// `a * b * R^-1 mod p` (Montgomery product), for `a, b < p`; the result is `< p`.
/// Unreduced inputs give [`portable::mul`]'s value, never a panic. Fastest when a chain
/// of products runs through `a` (`x = mul(&x, &y, m)`).
#[inline(always)]
pub fn mul<const N: usize>(a: &[u64; N], b: &[u64; N], m: &Modulus<N>) -> [u64; N] {
    #[cfg(target_arch = "x86_64")]
    if let Some(t) = asm::Adx::detect() {
        return t.mul(a, b, m);
    }
    portable::mul(a, b, m)
}

/// `a * a * R^-1 mod p`, for `a < p`; the result is `< p` (same as [`mul`]`(a, a, m)`, with
/// a dedicated squaring for 6 limbs). Unreduced inputs give [`portable::square`]'s value.
#[inline(always)]
pub fn square<const N: usize>(a: &[u64; N], m: &Modulus<N>) -> [u64; N] {
    #[cfg(target_arch = "x86_64")]
    if let Some(t) = asm::Adx::detect() {
        return t.square(a, m);
    }
    portable::square(a, m)
}

/// `a^(2^k) * R^-(2^k - 1) mod p`: `k` successive [`square`]s of `a < p` (`a` itself for
/// `k = 0`), for the runs of squarings in fixed exponentiations; the result is `< p`. For 6
/// limbs and `p < 2^382` (BLS12-381) one assembly loop that skips the subtraction of p
/// between the squares. Unreduced inputs give an unspecified value (never a panic).
#[inline(always)]
pub fn square_n<const N: usize>(a: &[u64; N], k: u32, m: &Modulus<N>) -> [u64; N] {
    #[cfg(target_arch = "x86_64")]
    if let Some(t) = asm::Adx::detect() {
        return t.square_n(a, k, m);
    }
    let mut x = *a;
    for _ in 0..k {
        x = portable::square(&x, m);
    }
    x
}

/// `(a + b) mod p` for `a, b < p`; unreduced inputs give [`portable::add_mod`]'s value.
#[inline(always)]
pub fn add<const N: usize>(a: &[u64; N], b: &[u64; N], m: &Modulus<N>) -> [u64; N] {
    portable::add_mod(a, b, m.p())
}

/// `(a - b) mod p` for `a, b < p`; unreduced inputs give [`portable::sub_mod`]'s value.
#[inline(always)]
pub fn sub<const N: usize>(a: &[u64; N], b: &[u64; N], m: &Modulus<N>) -> [u64; N] {
    portable::sub_mod(a, b, m.p())
}

/// `-a mod p` (`p - a`, or 0 for `a = 0`) for `a < p`; unreduced `a` gives
/// [`portable::sub_mod`]`(0, a, p)`.
#[inline(always)]
pub fn neg<const N: usize>(a: &[u64; N], m: &Modulus<N>) -> [u64; N] {
    portable::sub_mod(&[0u64; N], a, m.p())
}

/// The plain `2N`-limb product `a * b`, as `(low N limbs, high N limbs)`; total.
#[inline(always)]
pub fn mul_wide<const N: usize>(a: &[u64; N], b: &[u64; N]) -> ([u64; N], [u64; N]) {
    #[cfg(target_arch = "x86_64")]
    if let Some(t) = asm::Adx::detect() {
        return t.mul_wide(a, b);
    }
    portable::mul_wide(a, b)
}

/// Montgomery reduction `(hi * R + lo) * R^-1 mod p`, for `hi * R + lo < p * R` (e.g. a
/// [`mul_wide`] product of two values `< p`, or a sum of such products while it stays
/// below `p * R`); the result is `< p`. Larger inputs give [`portable::redc`]'s value.
#[inline(always)]
pub fn reduce<const N: usize>(lo: &[u64; N], hi: &[u64; N], m: &Modulus<N>) -> [u64; N] {
    #[cfg(target_arch = "x86_64")]
    if let Some(t) = asm::Adx::detect() {
        return t.reduce(lo, hi, m);
    }
    portable::reduce(lo, hi, m)
}
