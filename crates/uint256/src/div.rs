//! Division with remainder, unsigned and signed.

use core::num::NonZeroU64;

use crate::algorithms::div::knuth::{div_rem_2, div_rem_n, div_small_quotient};
use crate::algorithms::div::small::rem_1;
use crate::U256;

impl U256 {
    /// Number of significant limbs: 0 for zero, else `1 + index of the top nonzero limb`.
    #[inline(always)]
    pub(crate) const fn limb_len(&self) -> usize {
        if self.0[3] != 0 {
            4
        } else if self.0[2] != 0 {
            3
        } else if self.0[1] != 0 {
            2
        } else if self.0[0] != 0 {
            1
        } else {
            0
        }
    }

    /// Quotient and remainder `(self / rhs, self % rhs)`.
    ///
    /// Division by zero returns `(0, 0)` (EVM semantics: DIV and MOD by zero give 0); it never
    /// panics. Use [`U256::checked_div_rem`] to detect a zero divisor.
    // Always inlined: out of line, the 64-byte (q, r) pair is returned through memory as 8-byte
    // stores that the caller reloads as 16-byte vectors, a store-forwarding stall on every call
    // (div/192 and div/256 took 1.3x and 1.45x as long that way).
    #[inline(always)]
    pub fn div_rem(self, rhs: Self) -> (Self, Self) {
        let db = rhs.bit_len();
        if db == 0 {
            return (Self::ZERO, Self::ZERO);
        }
        let ub = self.bit_len();
        if ub < db {
            return (Self::ZERO, self);
        }
        if ub == db {
            // Same bit length: the quotient is 0 or 1, decided by one subtraction.
            let (d, borrow) = self.overflowing_sub(rhs);
            return if borrow {
                (Self::ZERO, self)
            } else {
                (Self::ONE, d)
            };
        }
        if ub <= 64 {
            // Both fit one limb: the hardware divider is the fastest option.
            let (a, b) = (self.0[0], rhs.0[0]);
            return (Self::from_u64(a / b), Self::from_u64(a % b));
        }
        if ub - db < 32 {
            // `None` cannot happen here (`ub >= 65` and `d` fills u's top window); it would mean
            // a zero divisor, whose EVM result is zero.
            let (q, r) = div_small_quotient(&self.0, &rhs.0, ub).unwrap_or_default();
            return (Self::from_u64(q), Self(r));
        }
        let ulen = ub.div_ceil(64) as usize;
        let dlen = db.div_ceil(64) as usize;
        let d0 = NonZeroU64::new(rhs.0[0]);
        let (q, r) = match (ulen, dlen, d0) {
            (2, 1, Some(d)) => by1::<2>(&self.0, d),
            (3, 1, Some(d)) => by1::<3>(&self.0, d),
            (4, 1, Some(d)) => by1::<4>(&self.0, d),
            // Unreachable (`dlen == 1` means `rhs.0[0] != 0`): EVM division by zero.
            (_, 1, None) => ([0; 4], [0; 4]),
            (2, 2, _) => by2::<2>(&self.0, rhs.low_u128()),
            (3, 2, _) => by2::<3>(&self.0, rhs.low_u128()),
            (4, 2, _) => by2::<4>(&self.0, rhs.low_u128()),
            (3, 3, _) => knuth::<3, 3>(&self.0, &rhs.0),
            (4, 3, _) => knuth::<4, 3>(&self.0, &rhs.0),
            _ => knuth::<4, 4>(&self.0, &rhs.0),
        };
        (Self(q), Self(r))
    }

    /// `self % rhs`, giving 0 when `rhs` is zero (EVM MOD). Same as `div_rem(rhs).1`, with the
    /// fast paths repeated here so that no quotient is stored for them.
    #[inline]
    pub fn rem_or_zero(self, rhs: Self) -> Self {
        let db = rhs.bit_len();
        if db == 0 {
            return Self::ZERO;
        }
        let ub = self.bit_len();
        if ub < db {
            return self;
        }
        if ub == db {
            let (d, borrow) = self.overflowing_sub(rhs);
            return if borrow { self } else { d };
        }
        if ub <= 64 {
            return Self::from_u64(self.0[0] % rhs.0[0]);
        }
        if ub - db < 32 {
            // `None` (impossible here, see `div_rem`) would mean a zero divisor: EVM result zero.
            return Self(
                div_small_quotient(&self.0, &rhs.0, ub)
                    .unwrap_or_default()
                    .1,
            );
        }
        if db <= 64 {
            let Some(d) = NonZeroU64::new(rhs.0[0]) else {
                return Self::ZERO;
            };
            return Self::from_u64(match ub.div_ceil(64) {
                2 => rem_1(&self.0[..2], d),
                3 => rem_1(&self.0[..3], d),
                _ => rem_1(&self.0, d),
            });
        }
        if db <= 128 {
            let d = rhs.low_u128();
            return Self(match ub.div_ceil(64) {
                2 => by2::<2>(&self.0, d).1,
                3 => by2::<3>(&self.0, d).1,
                _ => by2::<4>(&self.0, d).1,
            });
        }
        self.div_rem(rhs).1
    }

    /// Signed (two's complement) quotient truncating toward zero (EVM SDIV); 0 when `rhs` is
    /// zero and `-2^255 / -1` wraps to `-2^255`. Same as `signed_div_rem(rhs).0` without
    /// negating the remainder.
    #[inline]
    pub fn signed_div(self, rhs: Self) -> Self {
        let q = self.abs_signed().div_rem(rhs.abs_signed()).0;
        if self.is_negative() != rhs.is_negative() {
            q.wrapping_neg()
        } else {
            q
        }
    }

    /// Signed (two's complement) remainder, truncating toward zero: it takes the sign of the
    /// dividend (EVM SMOD); 0 when `rhs` is zero. Same as `signed_div_rem(rhs).1` without the
    /// quotient.
    #[inline]
    pub fn signed_rem(self, rhs: Self) -> Self {
        let r = self.abs_signed().rem_or_zero(rhs.abs_signed());
        if self.is_negative() {
            r.wrapping_neg()
        } else {
            r
        }
    }

    /// Quotient and remainder, or `None` if `rhs` is zero.
    #[inline]
    pub fn checked_div_rem(self, rhs: Self) -> Option<(Self, Self)> {
        if rhs.is_zero() {
            None
        } else {
            Some(self.div_rem(rhs))
        }
    }

    /// `self / rhs`, or `None` if `rhs` is zero.
    #[inline]
    pub fn checked_div(self, rhs: Self) -> Option<Self> {
        self.checked_div_rem(rhs).map(|(q, _)| q)
    }

    /// `self % rhs`, or `None` if `rhs` is zero.
    #[inline]
    pub fn checked_rem(self, rhs: Self) -> Option<Self> {
        self.checked_div_rem(rhs).map(|(_, r)| r)
    }

    /// Signed (two's complement) quotient and remainder, truncating toward zero: the remainder
    /// takes the sign of the dividend (EVM SDIV and SMOD).
    ///
    /// Division by zero returns `(0, 0)`; `-2^255 / -1` wraps to `-2^255` with remainder 0.
    #[inline]
    pub fn signed_div_rem(self, rhs: Self) -> (Self, Self) {
        let (na, nb) = (self.is_negative(), rhs.is_negative());
        let (q, r) = self.abs_signed().div_rem(rhs.abs_signed());
        let q = if na != nb { q.wrapping_neg() } else { q };
        let r = if na { r.wrapping_neg() } else { r };
        (q, r)
    }
}

// Length-specialised entry points: with the limb counts known at compile time the limb loops
// are unrolled and bounds checks vanish.

// Each returns zeros if the divisor does not have the length its name says (the caller's
// dispatch rules that out; zero is also the EVM result of a division by zero).

#[inline(always)]
fn by1<const M: usize>(u: &[u64; 4], d: NonZeroU64) -> ([u64; 4], [u64; 4]) {
    // Always M hardware divisions, even when the top limb is below `d`: with a fixed trip count
    // the quotient limbs stay in registers, whereas skipping that step (a variable start) made
    // LLVM store them at variable offsets and reload them as one 16-byte vector, a
    // store-forwarding stall that cost more than the division saved.
    let d = d.get();
    let mut q = [0u64; 4];
    let mut r = 0;
    for j in (0..M).rev() {
        // `r < d`: the quotient limb fits and `d != 0`.
        (q[j], r) = crate::algorithms::asm::div_2by1(r, u[j], d);
    }
    (q, [r, 0, 0, 0])
}

#[inline(always)]
fn by2<const M: usize>(u: &[u64; 4], d: u128) -> ([u64; 4], [u64; 4]) {
    let mut q = [0u64; 4];
    let Some(r) = div_rem_2(&u[..M], d, &mut q[..M - 1]) else {
        return ([0; 4], [0; 4]);
    };
    (q, [r as u64, (r >> 64) as u64, 0, 0])
}

#[inline(always)]
fn knuth<const M: usize, const D: usize>(u: &[u64; 4], d: &[u64; 4]) -> ([u64; 4], [u64; 4]) {
    let mut q = [0u64; 4];
    let mut r = [0u64; 4];
    match div_rem_n::<5>(&u[..M], &d[..D], &mut q[..M - D + 1], &mut r[..D]) {
        Some(()) => (q, r),
        None => ([0; 4], [0; 4]),
    }
}
