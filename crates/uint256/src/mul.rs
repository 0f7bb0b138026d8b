//! Multiplication.

use crate::U256;
use limbs::mul::{mul_full4, mul_trunc4, sqr_trunc4};

impl U256 {
    /// `self * rhs` modulo 2^256 (EVM MUL).
    #[inline(always)]
    pub const fn wrapping_mul(self, rhs: Self) -> Self {
        Self(mul_trunc4(&self.0, &rhs.0))
    }

    /// `self * self` modulo 2^256 (cheaper than `wrapping_mul(self, self)`).
    #[inline(always)]
    pub const fn wrapping_square(self) -> Self {
        Self(sqr_trunc4(&self.0))
    }

    /// The full 512-bit product as `(low, high)` 256-bit halves.
    #[inline]
    pub const fn widening_mul(self, rhs: Self) -> (Self, Self) {
        let p = mul_full4(&self.0, &rhs.0);
        (
            Self([p[0], p[1], p[2], p[3]]),
            Self([p[4], p[5], p[6], p[7]]),
        )
    }

    /// The full 512-bit product as eight little-endian limbs.
    #[inline]
    pub const fn mul_full(self, rhs: Self) -> [u64; 8] {
        mul_full4(&self.0, &rhs.0)
    }

    /// `self * rhs` modulo 2^256, and whether the true product exceeded 2^256 - 1.
    #[inline]
    pub const fn overflowing_mul(self, rhs: Self) -> (Self, bool) {
        let (lo, hi) = self.widening_mul(rhs);
        (lo, !hi.is_zero())
    }

    /// `self * rhs`, or `None` on overflow.
    #[inline]
    pub const fn checked_mul(self, rhs: Self) -> Option<Self> {
        match self.overflowing_mul(rhs) {
            (r, false) => Some(r),
            _ => None,
        }
    }
}
