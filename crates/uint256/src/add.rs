//! Addition, subtraction and negation.

use crate::U256;
use limbs::add::{add4, sub4};

impl U256 {
    /// `self + rhs` modulo 2^256, and whether it overflowed (the carry out of bit 255).
    #[inline(always)]
    pub const fn overflowing_add(self, rhs: Self) -> (Self, bool) {
        let (r, c) = add4(&self.0, &rhs.0);
        (Self(r), c)
    }

    /// `self - rhs` modulo 2^256, and whether it borrowed (`rhs > self`).
    #[inline(always)]
    pub const fn overflowing_sub(self, rhs: Self) -> (Self, bool) {
        let (r, b) = sub4(&self.0, &rhs.0);
        (Self(r), b)
    }

    /// `self + rhs` modulo 2^256 (EVM ADD).
    #[inline(always)]
    pub const fn wrapping_add(self, rhs: Self) -> Self {
        self.overflowing_add(rhs).0
    }

    /// `self - rhs` modulo 2^256 (EVM SUB).
    #[inline(always)]
    pub const fn wrapping_sub(self, rhs: Self) -> Self {
        self.overflowing_sub(rhs).0
    }

    /// `self + rhs`, or `None` on overflow.
    #[inline]
    pub const fn checked_add(self, rhs: Self) -> Option<Self> {
        match self.overflowing_add(rhs) {
            (r, false) => Some(r),
            _ => None,
        }
    }

    /// `self - rhs`, or `None` if `rhs > self`.
    #[inline]
    pub const fn checked_sub(self, rhs: Self) -> Option<Self> {
        match self.overflowing_sub(rhs) {
            (r, false) => Some(r),
            _ => None,
        }
    }

    /// `self + rhs`, clamped to [`U256::MAX`] on overflow.
    #[inline]
    pub const fn saturating_add(self, rhs: Self) -> Self {
        match self.overflowing_add(rhs) {
            (r, false) => r,
            _ => Self::MAX,
        }
    }

    /// `self - rhs`, clamped to zero if `rhs > self`.
    #[inline]
    pub const fn saturating_sub(self, rhs: Self) -> Self {
        match self.overflowing_sub(rhs) {
            (r, false) => r,
            _ => Self::ZERO,
        }
    }

    /// Two's complement negation, `2^256 - self` modulo 2^256 (so `0 -> 0`, `2^255 -> 2^255`).
    #[inline(always)]
    pub const fn wrapping_neg(self) -> Self {
        Self::ZERO.wrapping_sub(self)
    }

    /// The magnitude of `self` read as a two's complement signed value (`|-2^255| = 2^255`).
    #[inline(always)]
    pub const fn abs_signed(self) -> Self {
        if self.is_negative() {
            self.wrapping_neg()
        } else {
            self
        }
    }
}
