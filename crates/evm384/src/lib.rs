//! Constant-time 384-bit modular arithmetic for EVM384 and pairing-friendly curves.
//!
//! Values are six little-endian `u64` limbs (`[u64; 6]`, limb 0 least significant), i.e.
//! integers in `[0, 2^384)`. Three operations are provided, each in two bit-identical
//! backends: [`asm`] (x86_64 `MULX`/`ADCX`/`ADOX`, selected at run time by CPU feature
//! detection) and [`portable`] (plain Rust, `u128` products), plus the [`Modulus`] type
//! and the EVM384 "v7" opcodes in [`evm`]. Both backends are the `montgomery` crate's
//! 6-limb functions (one Montgomery kernel in the workspace).
//!
//! # Exact definitions (for every input, reduced or not)
//!
//! Let `a`, `b`, `p` be any integers in `[0, 2^384)` and `n0` any integer in `[0, 2^64)`.
//! Nothing is validated by these functions; they are total and deterministic.
//!
//! * `add_mod(a, b, p)`: `s = a + b` (a 385-bit integer); the result is
//!   `(s - p) mod 2^384` if `s >= p`, otherwise `s`.
//! * `sub_mod(a, b, p)`: the result is `a - b` if `a >= b`, otherwise
//!   `(a - b + p) mod 2^384`.
//! * `mul_mont(a, b, p, n0)`: with `b_i` the 64-bit limbs of `b`,
//!   ```text
//!   T = 0
//!   for i in 0..6:
//!       T = T + a * b_i
//!       m = (T mod 2^64) * n0 mod 2^64
//!       T = floor((T + m * p) / 2^64)
//!   result = (T - p) mod 2^384  if T >= p,  else T
//!   ```
//!   `T < 2^385` holds throughout, so no information is lost. When `p` is odd,
//!   `n0 = -p^-1 mod 2^64` and `a, b < p`, the division is exact and the result is the
//!   canonical Montgomery product `a * b * 2^-384 mod p`, in `[0, p)`.
//!
//! With reduced inputs (`a, b < p`) all three results are the canonical values in
//! `[0, p)`. With unreduced inputs they are still exactly the values above (possibly
//! `>= p`); `p = 0`, even `p` or a wrong `n0` are likewise allowed and follow the same
//! formulas. A num-bigint model of these formulas is in `tests/common/mod.rs`.
//!
//! # Constant time
//!
//! Both backends have no branch and no memory access whose condition or address depends
//! on the values of `a`, `b`, `p` or `n0` (fixed loop counts; final selection by masks in
//! Rust and `cmov` in assembly). The check is dynamic, with valgrind's memcheck:
//! `cargo xtask ct` runs the example `ct_valgrind`, which marks every operand as undefined
//! with a client request and runs all operations through both backends on edge and random
//! inputs, and requires 0 memcheck errors (any conditional jump or address computed from
//! the operands would be one); a deliberately leaky self-test must get exactly the errors
//! it expects, which shows the tracking works. See `README.md` for what it covers.
//!
//! The EVM384 opcodes ([`evm`]) check memory bounds from the (public) offsets only.
//!
//! ```
//! use evm384::{Backend, Modulus};
//!
//! // 6 * 7 mod p for a 381-bit odd p (BLS12-381's base field), in Montgomery form.
//! let p = Modulus::from_be_bytes(&[
//!     0x1a, 0x01, 0x11, 0xea, 0x39, 0x7f, 0xe6, 0x9a, 0x4b, 0x1b, 0xa7, 0xb6, 0x43, 0x4b, 0xac, 0xd7,
//!     0x64, 0x77, 0x4b, 0x84, 0xf3, 0x85, 0x12, 0xbf, 0x67, 0x30, 0xd2, 0xa0, 0xf6, 0xb0, 0xf6, 0x24,
//!     0x1e, 0xab, 0xff, 0xfe, 0xb1, 0x53, 0xff, 0xff, 0xb9, 0xfe, 0xff, 0xff, 0xff, 0xff, 0xaa, 0xab,
//! ])
//! .expect("odd, above 1, at most 384 bits");
//! let (a, b) = (p.to_montgomery(&[6, 0, 0, 0, 0, 0]), p.to_montgomery(&[7, 0, 0, 0, 0, 0]));
//! assert_eq!(p.from_montgomery(&p.mul(&a, &b)), [42, 0, 0, 0, 0, 0]);
//! // The portable backend gives the same bits.
//! let portable = p.with_backend(Backend::Portable);
//! assert_eq!(portable.mul(&a, &b), p.mul(&a, &b));
//! // An even modulus is an error, not a panic.
//! assert!(Modulus::new([100, 0, 0, 0, 0, 0]).is_err());
//! ```
//!
//! `#![no_std]`, no allocation; the error types implement `core::error::Error` (the trait
//! `std::error::Error` re-exports). `cargo check --target riscv32imac-unknown-none-elf` runs
//! in CI.

#![no_std]
#![deny(unsafe_code)]
#![warn(missing_docs)]

#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
pub mod asm;
pub mod evm;
pub mod portable;

use core::fmt;

/// Which implementation executes an operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// Plain Rust ([`portable`]).
    Portable,
    /// x86_64 BMI2 + ADX assembly ([`asm`]); the token proves the CPU supports it.
    #[cfg(target_arch = "x86_64")]
    Asm(asm::Adx),
}

impl Backend {
    /// The fastest backend this CPU supports (feature detection is cached).
    #[inline]
    pub fn detect() -> Backend {
        #[cfg(target_arch = "x86_64")]
        if let Some(t) = asm::Adx::detect() {
            return Backend::Asm(t);
        }
        Backend::Portable
    }

    /// [`add_mod`] on this backend.
    #[inline(always)]
    pub fn add_mod(self, a: &[u64; 6], b: &[u64; 6], p: &[u64; 6]) -> [u64; 6] {
        match self {
            Backend::Portable => portable::add_mod(a, b, p),
            #[cfg(target_arch = "x86_64")]
            Backend::Asm(t) => t.add_mod(a, b, p),
        }
    }

    /// [`sub_mod`] on this backend.
    #[inline(always)]
    pub fn sub_mod(self, a: &[u64; 6], b: &[u64; 6], p: &[u64; 6]) -> [u64; 6] {
        match self {
            Backend::Portable => portable::sub_mod(a, b, p),
            #[cfg(target_arch = "x86_64")]
            Backend::Asm(t) => t.sub_mod(a, b, p),
        }
    }

    /// [`mul_mont`] on this backend.
    #[inline(always)]
    pub fn mul_mont(self, a: &[u64; 6], b: &[u64; 6], p: &[u64; 6], n0: u64) -> [u64; 6] {
        match self {
            Backend::Portable => portable::mul_mont(a, b, p, n0),
            #[cfg(target_arch = "x86_64")]
            Backend::Asm(t) => t.mul_mont(a, b, p, n0),
        }
    }

    /// [`mul_mont`] with `m`'s `p` and `n0` (read in place by the assembly).
    #[inline(always)]
    fn mul_mont_with(self, a: &[u64; 6], b: &[u64; 6], m: &montgomery::Modulus<6>) -> [u64; 6] {
        match self {
            Backend::Portable => portable::mul_mont(a, b, m.p(), m.n0()),
            #[cfg(target_arch = "x86_64")]
            Backend::Asm(t) => t.mul_mont_full(a, b, m),
        }
    }
}

/// Modular addition (see the crate-level definition), on the detected backend.
#[inline]
pub fn add_mod(a: &[u64; 6], b: &[u64; 6], p: &[u64; 6]) -> [u64; 6] {
    Backend::detect().add_mod(a, b, p)
}

/// Modular subtraction (see the crate-level definition), on the detected backend.
#[inline]
pub fn sub_mod(a: &[u64; 6], b: &[u64; 6], p: &[u64; 6]) -> [u64; 6] {
    Backend::detect().sub_mod(a, b, p)
}

/// Montgomery multiplication `a * b * 2^-384 mod p` (see the crate-level definition),
/// on the detected backend.
#[inline]
pub fn mul_mont(a: &[u64; 6], b: &[u64; 6], p: &[u64; 6], n0: u64) -> [u64; 6] {
    Backend::detect().mul_mont(a, b, p, n0)
}

/// The BLS12-381 base-field prime, little-endian limbs: the modulus EVM384 was designed for.
pub const BLS12_381_P: [u64; 6] = [
    0xb9fe_ffff_ffff_aaab,
    0x1eab_fffe_b153_ffff,
    0x6730_d2a0_f6b0_f624,
    0x6477_4b84_f385_12bf,
    0x4b1b_a7b6_434b_acd7,
    0x1a01_11ea_397f_e69a,
];

/// `-p^-1 mod 2^64` for odd `p0` (the low limb of `p`); meaningless for even `p0`.
pub use montgomery::neg_inv64;

/// Why a value cannot be used as a [`Modulus`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ModulusError {
    /// `p` is even (including zero): Montgomery arithmetic needs an odd modulus.
    Even,
    /// `p == 1`: there is no non-trivial arithmetic modulo 1.
    One,
    /// The byte encoding has non-zero bytes beyond 48 bytes (`p >= 2^384`).
    TooLarge,
}

impl fmt::Display for ModulusError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ModulusError::Even => {
                "modulus is even (or zero); Montgomery arithmetic needs an odd modulus"
            }
            ModulusError::One => "modulus is 1",
            ModulusError::TooLarge => "modulus does not fit in 384 bits",
        })
    }
}

impl core::error::Error for ModulusError {}

/// A validated odd modulus `3 <= p < 2^384` with precomputed `n0 = -p^-1 mod 2^64` and
/// `R^2 mod p` (`R = 2^384`), bound to a [`Backend`].
///
/// Its operations follow the crate-level definitions; with reduced inputs (`< p`) they
/// return canonical results in `[0, p)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Modulus {
    /// `p`, `n0`, `R mod p`, `R^2 mod p` (the layout the assembly reads).
    inner: montgomery::Modulus<6>,
    backend: Backend,
}

impl Modulus {
    /// Validates `p` (little-endian limbs) and precomputes `n0` and `R^2 mod p`, using
    /// [`Backend::detect`].
    pub fn new(p: [u64; 6]) -> Result<Modulus, ModulusError> {
        if p[0] & 1 == 0 {
            return Err(ModulusError::Even);
        }
        // odd p: rejected only for p == 1 (p is public here; R^2 mod p by doublings)
        let inner = montgomery::Modulus::try_new(p).ok_or(ModulusError::One)?;
        Ok(Modulus {
            inner,
            backend: Backend::detect(),
        })
    }

    /// [`Modulus::new`] from a little-endian byte string (any length; bytes beyond the
    /// 48th must be zero).
    pub fn from_le_bytes(bytes: &[u8]) -> Result<Modulus, ModulusError> {
        Modulus::new(limbs_from_le_bytes(bytes).ok_or(ModulusError::TooLarge)?)
    }

    /// [`Modulus::new`] from a big-endian byte string (any length; leading bytes beyond
    /// the last 48 must be zero).
    pub fn from_be_bytes(bytes: &[u8]) -> Result<Modulus, ModulusError> {
        let cut = bytes.len().saturating_sub(48);
        let (high, low) = bytes.split_at(cut);
        if high.iter().any(|&b| b != 0) {
            return Err(ModulusError::TooLarge);
        }
        let mut le = [0u8; 48];
        for (d, s) in le.iter_mut().zip(low.iter().rev()) {
            *d = *s;
        }
        Modulus::from_le_bytes(&le)
    }

    /// The same modulus on another backend.
    pub fn with_backend(mut self, backend: Backend) -> Modulus {
        self.backend = backend;
        self
    }

    /// The backend in use.
    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// `p`, little-endian limbs.
    pub fn p(&self) -> [u64; 6] {
        *self.inner.p()
    }

    #[inline(always)]
    fn p_ref(&self) -> &[u64; 6] {
        self.inner.p()
    }

    /// `n0 = -p^-1 mod 2^64`.
    pub fn n0(&self) -> u64 {
        self.inner.n0()
    }

    /// `R^2 mod p` with `R = 2^384`.
    pub fn r2(&self) -> [u64; 6] {
        *self.inner.r2()
    }

    /// `add_mod(a, b, p)`.
    #[inline(always)]
    pub fn add(&self, a: &[u64; 6], b: &[u64; 6]) -> [u64; 6] {
        self.backend.add_mod(a, b, self.p_ref())
    }

    /// `sub_mod(a, b, p)`.
    #[inline(always)]
    pub fn sub(&self, a: &[u64; 6], b: &[u64; 6]) -> [u64; 6] {
        self.backend.sub_mod(a, b, self.p_ref())
    }

    /// `mul_mont(a, b, p, n0)`: `a * b * R^-1 mod p` for reduced inputs.
    ///
    /// With the correct `n0` the definition is symmetric in `a` and `b` for *all* inputs
    /// (the loop computes `T = (a*b + M*p) / R` exactly, where `M` is the unique value in
    /// `[0, R)` making the division exact), so this calls the kernel as `mul_mont(b, a)`:
    /// the kernel consumes its second operand one limb per row, so a dependency chain
    /// through `a` (`x = m.mul(&x, &y)`) overlaps better.
    #[inline(always)]
    pub fn mul(&self, a: &[u64; 6], b: &[u64; 6]) -> [u64; 6] {
        self.backend.mul_mont_with(b, a, &self.inner)
    }

    /// `a * R mod p`, canonical (in `[0, p)`) for every `a < 2^384`.
    pub fn to_montgomery(&self, a: &[u64; 6]) -> [u64; 6] {
        self.mul(a, self.inner.r2())
    }

    /// `a * R^-1 mod p`, canonical for every `a < 2^384`.
    pub fn from_montgomery(&self, a: &[u64; 6]) -> [u64; 6] {
        self.mul(a, &[1, 0, 0, 0, 0, 0])
    }
}

/// Little-endian bytes (any length) to limbs; `None` if a byte beyond the 48th is set.
pub fn limbs_from_le_bytes(bytes: &[u8]) -> Option<[u64; 6]> {
    if bytes.iter().skip(48).any(|&b| b != 0) {
        return None;
    }
    let mut r = [0u64; 6];
    for (i, &b) in bytes.iter().take(48).enumerate() {
        r[i / 8] |= (b as u64) << (8 * (i % 8));
    }
    Some(r)
}

/// Limbs to 48 little-endian bytes.
pub fn limbs_to_le_bytes(a: &[u64; 6]) -> [u8; 48] {
    let mut r = [0u8; 48];
    for (i, limb) in a.iter().enumerate() {
        r[8 * i..8 * i + 8].copy_from_slice(&limb.to_le_bytes());
    }
    r
}
