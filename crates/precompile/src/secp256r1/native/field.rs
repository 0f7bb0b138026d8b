//! The secp256r1 base field: integers modulo `p = 2^256 - 2^224 + 2^192 + 2^96 - 1`, four
//! little-endian 64-bit limbs in Montgomery form (`x` stored as `x 2^256 mod p`), always fully
//! reduced (`< p`).
//!
//! Products and squares are the shared kernel's Montgomery product ([`montgomery::mul`] and
//! [`montgomery::square`]: MULX/ADCX/ADOX assembly when the CPU has BMI2 and ADX, portable Rust
//! otherwise); `p = -1 mod 2^64` makes the reduction's `n0` equal to 1. Inversion is the
//! kernel's safegcd ([`montgomery::inverse_mont_vartime`]; variable time, public values only).

use crate::weierstrass::{limbs_from_be, limbs_to_be, lt};
use limbs::add::{add4, sub4};
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
        let (s, carry) = add4(&self.0, &b.0);
        let (t, borrow) = sub4(&s, &P);
        Fe(if carry || !borrow { t } else { s })
    }

    /// `self - b mod p`.
    #[inline]
    pub fn sub(&self, b: &Fe) -> Fe {
        let (d, borrow) = sub4(&self.0, &b.0);
        Fe(if borrow { add4(&d, &P).0 } else { d })
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

    /// `self b mod p`.
    #[inline(always)]
    pub fn mul(&self, b: &Fe) -> Fe {
        Fe(montgomery::mul(&self.0, &b.0, &MODULUS))
    }

    /// `self^2 mod p`.
    #[inline(always)]
    pub fn square(&self) -> Fe {
        Fe(montgomery::square(&self.0, &MODULUS))
    }

    /// `self^-1 mod p` (variable time), or `None` for 0.
    pub fn invert(&self) -> Option<Fe> {
        montgomery::inverse_mont_vartime(&self.0, &MODULUS).map(Fe)
    }
}
