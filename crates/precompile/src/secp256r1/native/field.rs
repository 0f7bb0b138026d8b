//! The secp256r1 base field: integers modulo `p = 2^256 - 2^224 + 2^192 + 2^96 - 1`, four
//! little-endian 64-bit limbs in Montgomery form (`x` stored as `x 2^256 mod p`), always fully
//! reduced (`< p`).
//!
//! On x86_64 with BMI2 and ADX a product or square is the kernel's generated assembly
//! specialised to `p` ([`montgomery::asm::Adx::mul_p256`]: `p = -1 mod 2^64` makes each
//! reduction round's factor the low limb itself, `n0 = 1`, and `p`'s sparse shape makes the
//! round one MULX and two shifts). Elsewhere (and as the tested fallback) a product is the
//! portable 4-limb product ([`limbs::mul::mul_full4`]), a square the portable 10-product
//! squaring ([`sqr_wide`], shared with secp256k1's field), both followed by the portable
//! reduction specialised to `p` ([`redc`]). The kernel's generic Montgomery product
//! ([`mul_kernel`]) stays for comparison. Additions and subtractions select their correction
//! without a branch.
//! Inversion is the kernel's safegcd
//! ([`montgomery::inverse_mont_vartime`]; variable time, public values only).

use crate::ecrecover::native::field::sqr_wide;
use crate::weierstrass::{impl_kernel, limbs_from_be, limbs_to_be, lt, with_kernel, Kernel};
use limbs::add::{adc, add4_carry, sub4_borrow};
use limbs::mul::mac;
use montgomery::Modulus;

/// `p`, little-endian limbs.
pub const P: [u64; 4] = [
    0xffff_ffff_ffff_ffff,
    0x0000_0000_ffff_ffff,
    0x0000_0000_0000_0000,
    0xffff_ffff_0000_0001,
];

/// The kernel's constants for `p`.
pub(crate) const MODULUS: Modulus<4> = Modulus::new(P);

/// `a` where `mask` is all ones, `b` where it is 0.
#[inline(always)]
fn select(mask: u64, a: &[u64; 4], b: &[u64; 4]) -> [u64; 4] {
    core::array::from_fn(|i| (a[i] & mask) | (b[i] & !mask))
}

/// `t R^-1 mod p` (`R = 2^256`) for `t < p R` (a product of two elements), fully reduced: four
/// rounds of `t += t_i p 2^(64 i)` (the multiple of `p` that clears limb `i`, since
/// `-p^-1 = 1 mod 2^64`), the high half, then one conditional subtraction of `p`.
#[inline(always)]
pub fn redc(t: &[u64; 8]) -> [u64; 4] {
    let mut t = *t;
    let mut top = false;
    for i in 0..4 {
        let m = t[i];
        // t_i + m (2^64 - 1) = m 2^64: the low limb clears.
        let (_, c) = mac(m, P[0], t[i], 0);
        let (x, c) = mac(m, P[1], t[i + 1], c);
        t[i + 1] = x;
        let (x, c2) = adc(t[i + 2], c, false);
        t[i + 2] = x;
        let (x, c) = mac(m, P[3], t[i + 3], c2 as u64);
        t[i + 3] = x;
        let (x, c1) = adc(t[i + 4], c, top);
        t[i + 4] = x;
        top = c1;
    }
    let hi = [t[4], t[5], t[6], t[7]];
    let (d, borrow) = sub4_borrow(&hi, &P);
    select(((top || !borrow) as u64).wrapping_neg(), &d, &hi)
}

/// `a b R^-1 mod p` on the kernel's generic Montgomery product (for comparison with
/// [`Fe::mul`]'s specialised reduction).
pub fn mul_kernel(a: &Fe, b: &Fe) -> Fe {
    Fe(montgomery::mul(&a.0, &b.0, &MODULUS))
}

/// An element of the field in Montgomery form (`x R mod p`, `R = 2^256`; limbs `< p`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fe(pub(crate) [u64; 4]);

impl Fe {
    /// 0.
    pub const ZERO: Fe = Fe([0; 4]);
    /// 1 (`R mod p`).
    pub const ONE: Fe = Fe(*MODULUS.one());

    /// The element of the plain integer `l < p` (little-endian limbs); `None` when `l >= p`.
    pub fn from_limbs(l: &[u64; 4]) -> Option<Fe> {
        lt(l, &P).then(|| Fe(montgomery::mul(l, MODULUS.r2(), &MODULUS)))
    }

    /// The element of the big-endian 32 bytes `be`, or `None` when they are `>= p`.
    pub fn from_be_bytes(be: &[u8; 32]) -> Option<Fe> {
        Fe::from_limbs(&limbs_from_be(be))
    }

    /// The plain integer (`< p`), little-endian limbs.
    pub fn to_limbs(&self) -> [u64; 4] {
        montgomery::mul(&self.0, &[1, 0, 0, 0], &MODULUS)
    }

    /// The 32 big-endian bytes of the element.
    pub fn to_be_bytes(&self) -> [u8; 32] {
        limbs_to_be(&self.to_limbs())
    }

    /// Whether the element is 0.
    #[inline]
    pub fn is_zero(&self) -> bool {
        self.0[0] | self.0[1] | self.0[2] | self.0[3] == 0
    }

    /// `self + b mod p`.
    #[inline]
    pub fn add(&self, b: &Fe) -> Fe {
        let (s, carry) = add4_carry(&self.0, &b.0);
        let (t, borrow) = sub4_borrow(&s, &P);
        Fe(select(((carry || !borrow) as u64).wrapping_neg(), &t, &s))
    }

    /// `self - b mod p`.
    #[inline]
    pub fn sub(&self, b: &Fe) -> Fe {
        let (d, borrow) = sub4_borrow(&self.0, &b.0);
        let mask = (borrow as u64).wrapping_neg();
        Fe(add4_carry(&d, &select(mask, &P, &[0; 4])).0)
    }

    /// `-self mod p`.
    #[inline]
    pub fn neg(&self) -> Fe {
        Fe::ZERO.sub(self)
    }

    /// `2 self mod p`.
    #[inline]
    pub fn double(&self) -> Fe {
        self.add(self)
    }

    /// `self b mod p` on this CPU's [`Kernel`] (one CPU check; the hot paths take the kernel
    /// as a parameter instead).
    #[inline]
    pub fn mul(&self, b: &Fe) -> Fe {
        with_kernel!(k => Kernel::mul(k, self, b))
    }

    /// `self^2 mod p`, as [`Fe::mul`].
    #[inline]
    pub fn square(&self) -> Fe {
        with_kernel!(k => Kernel::square(k, self))
    }

    /// `self b mod p` in portable Rust: the 4-limb product and [`redc`].
    #[inline(always)]
    pub fn mul_portable(&self, b: &Fe) -> Fe {
        Fe(redc(&limbs::mul::mul_full4(&self.0, &b.0)))
    }

    /// `self^2 mod p` in portable Rust: the 10-product squaring and [`redc`].
    #[inline(always)]
    pub fn square_portable(&self) -> Fe {
        Fe(redc(&sqr_wide(&self.0)))
    }

    /// `self^-1 mod p` (variable time), or `None` for 0.
    pub fn invert(&self) -> Option<Fe> {
        montgomery::inverse_mont_vartime(&self.0, &MODULUS).map(Fe)
    }
}

// The generated assembly for this `p` (`Adx::mul_p256`: the product and the reduction
// specialised to `p`), or the portable code.
impl_kernel!(Fe, mul_p256, square_p256);
