//! Fp2 = Fp\[u\] / (u^2 + 1), the field of the BN254 twist's coordinates.
//!
//! [`Fp2::mul`] uses Karatsuba with lazy reduction: the three plain 512-bit products are
//! combined before two Montgomery reductions (instead of three full multiplications).

use super::fp::{add_plain as add_plain_carry, fp_ops, sub_plain, Fp, MODULUS, P};
use core::ops::{Add, AddAssign, Mul, MulAssign, Neg, Sub, SubAssign};
use limbs::add::sbb;

/// An element `c0 + c1 * u` of Fp2.
#[derive(Clone, Copy, PartialEq, Eq, Default, Debug, Hash)]
pub struct Fp2 {
    /// The real part.
    pub c0: Fp,
    /// The coefficient of u.
    pub c1: Fp,
}

/// A 512-bit unreduced value `(lo, hi)`, little-endian limbs.
type Wide = ([u64; 4], [u64; 4]);

/// `a + b` on plain 256-bit integers (no reduction; the callers' sums stay below 2^256).
#[inline(always)]
fn add_plain(a: &[u64; 4], b: &[u64; 4]) -> [u64; 4] {
    add_plain_carry(a, b).0
}

/// `a - b` on 512-bit integers, wrapping, and whether it borrowed.
#[inline(always)]
fn sub_wide(a: &Wide, b: &Wide) -> (Wide, bool) {
    let mut r = ([0u64; 4], [0u64; 4]);
    let mut borrow = false;
    for i in 0..4 {
        (r.0[i], borrow) = sbb(a.0[i], b.0[i], borrow);
    }
    for i in 0..4 {
        (r.1[i], borrow) = sbb(a.1[i], b.1[i], borrow);
    }
    (r, borrow)
}

/// `a + p * 2^256` (wrapping): brings a negative 512-bit difference above `-p^2` back into
/// `[0, p * 2^256)`, the kernel's reduction range, without changing it modulo p.
#[inline(always)]
fn add_p_high(a: &Wide) -> Wide {
    (a.0, add_plain(&a.1, &P))
}

// Inherent `add`/`sub`/`mul`/`neg` (callable without importing the operator traits, which
// delegate to them).
#[allow(clippy::should_implement_trait)]
impl Fp2 {
    /// Zero.
    pub const ZERO: Fp2 = Fp2::new(Fp::ZERO, Fp::ZERO);
    /// One.
    pub const ONE: Fp2 = Fp2::new(Fp::ONE, Fp::ZERO);

    /// `c0 + c1 * u`.
    pub const fn new(c0: Fp, c1: Fp) -> Fp2 {
        Fp2 { c0, c1 }
    }

    /// Whether `self` is zero.
    #[inline]
    pub fn is_zero(self) -> bool {
        self.c0.is_zero() && self.c1.is_zero()
    }

    /// `self + b`.
    #[inline]
    pub fn add(self, b: Fp2) -> Fp2 {
        Fp2::new(self.c0 + b.c0, self.c1 + b.c1)
    }

    /// `self - b`.
    #[inline]
    pub fn sub(self, b: Fp2) -> Fp2 {
        Fp2::new(self.c0 - b.c0, self.c1 - b.c1)
    }

    /// `-self`.
    #[inline]
    pub fn neg(self) -> Fp2 {
        Fp2::new(-self.c0, -self.c1)
    }

    /// `2 * self`.
    #[inline]
    pub fn double(self) -> Fp2 {
        Fp2::new(self.c0.double(), self.c1.double())
    }

    /// `self * b`: `(a0 b0 - a1 b1) + ((a0 + a1)(b0 + b1) - a0 b0 - a1 b1) u`, each part
    /// reduced once from its 512-bit value.
    #[inline]
    pub fn mul(self, b: Fp2) -> Fp2 {
        let (a0, a1, b0, b1) = (&self.c0.0, &self.c1.0, &b.c0.0, &b.c1.0);
        let v0 = montgomery::mul_wide(a0, b0);
        let v1 = montgomery::mul_wide(a1, b1);
        // a0 + a1 < 2p < 2^255: the plain sums fit four limbs, their product 2^510.
        let s = montgomery::mul_wide(&add_plain(a0, a1), &add_plain(b0, b1));
        // c1 = a0 b1 + a1 b0 < 2 p^2 < p * 2^256: never negative, in the reduction range.
        let (t, _) = sub_wide(&s, &v0);
        let (c1, _) = sub_wide(&t, &v1);
        // c0 = a0 b0 - a1 b1 in (-p^2, p^2).
        let (d, borrow) = sub_wide(&v0, &v1);
        let c0 = if borrow { add_p_high(&d) } else { d };
        Fp2::new(
            Fp(montgomery::reduce(&c0.0, &c0.1, &MODULUS)),
            Fp(montgomery::reduce(&c1.0, &c1.1, &MODULUS)),
        )
    }

    /// `self^2`: `(a0 + a1)(a0 - a1) + 2 a0 a1 u`, the sums and differences taken as plain
    /// integers below 2p (no modular reduction) and each product reduced once.
    #[inline]
    pub fn square(self) -> Fp2 {
        let (a0, a1) = (&self.c0.0, &self.c1.0);
        // a0 + a1 < 2p, a0 - a1 + p < 2p, 2 a1 < 2p: products below 4p^2 < p * 2^256.
        let sum = add_plain(a0, a1);
        let diff = add_plain(a0, &sub_plain(&P, a1).0);
        let c0 = montgomery::mul_wide(&sum, &diff);
        let c1 = montgomery::mul_wide(a0, &add_plain(a1, a1));
        Fp2::new(
            Fp(montgomery::reduce(&c0.0, &c0.1, &MODULUS)),
            Fp(montgomery::reduce(&c1.0, &c1.1, &MODULUS)),
        )
    }

    /// `self * b` for `b` in Fp.
    #[inline]
    pub fn mul_by_fp(self, b: Fp) -> Fp2 {
        Fp2::new(self.c0 * b, self.c1 * b)
    }

    /// `self * (9 + u)`, the non-residue ξ defining Fp6 = Fp2\[v\] / (v^3 - ξ):
    /// `(9 a0 - a1) + (9 a1 + a0) u`.
    #[inline]
    pub fn mul_by_nonresidue(self) -> Fp2 {
        Fp2::new(
            self.c0.mul_small_sub(9, self.c1),
            self.c1.mul_small_add(9, self.c0),
        )
    }

    /// `c0 - c1 u`, the conjugate (the p-power Frobenius).
    #[inline]
    pub fn conjugate(self) -> Fp2 {
        Fp2::new(self.c0, -self.c1)
    }

    /// `self^(p^power)`: the conjugate for odd `power`, `self` for even.
    #[inline]
    pub fn frobenius_map(self, power: usize) -> Fp2 {
        if power % 2 == 1 {
            self.conjugate()
        } else {
            self
        }
    }

    /// `1 / self` = `conj(self) / (c0^2 + c1^2)`, or `None` for zero.
    #[inline]
    pub fn inverse(self) -> Option<Fp2> {
        let norm = self.c0.square() + self.c1.square();
        let inv = norm.inverse()?;
        Some(Fp2::new(self.c0 * inv, -(self.c1 * inv)))
    }
}

fp_ops!(Fp2);
