//! Division with remainder, unsigned and signed.

use core::num::NonZeroU64;

use crate::bits::leading_zeros;
use crate::cmp::lt4;
use crate::U256;
use limbs::add::sub4;
use limbs::div::knuth::{div_rem_2, div_rem_n, div_rem_one_limb, div_small_quotient};
use limbs::div::small::{div_rem_1_every_limb, rem_1};

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
    #[inline(always)]
    pub fn div_rem(self, rhs: Self) -> (Self, Self) {
        let (q, r) = div_rem(&self.0, &rhs.0);
        (Self(q), Self(r))
    }

    /// `self % rhs`, giving 0 when `rhs` is zero (EVM MOD). Same as `div_rem(rhs).1`, with the
    /// fast paths repeated so that no quotient is stored for them.
    #[inline]
    pub fn rem_or_zero(self, rhs: Self) -> Self {
        Self(rem(&self.0, &rhs.0))
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

/// The divisor `d` if it is a power of two of one limb, `2^k` with `k < 64`, as `k`.
#[inline(always)]
fn one_limb_power_of_two(d: &[u64; 4], dbits: u32) -> Option<u32> {
    (dbits <= 64 && d[0] & d[0].wrapping_sub(1) == 0).then_some(dbits - 1)
}

/// [`U256::div_rem`] on limbs `u / d`, `(0, 0)` for `d == 0`. The operands are taken by
/// reference so that a caller's word still in memory (an interpreter's stack slot) is read
/// limb by limb where it is, never first copied.
// Always inlined: out of line, the 64-byte (q, r) pair is returned through memory as 8-byte
// stores that the caller reloads as 16-byte vectors, a store-forwarding stall on every call.
#[inline(always)]
pub(crate) fn div_rem(u: &[u64; 4], d: &[u64; 4]) -> ([u64; 4], [u64; 4]) {
    let db = 256 - leading_zeros(d);
    if db == 0 {
        return ([0; 4], [0; 4]);
    }
    let ub = 256 - leading_zeros(u);
    if ub < db {
        return ([0; 4], *u);
    }
    if ub == db {
        // Same bit length: the quotient is 0 or 1, decided by one subtraction.
        let (r, borrow) = sub4(u, d);
        return if borrow {
            ([0; 4], *u)
        } else {
            ([1, 0, 0, 0], r)
        };
    }
    if let Some(k) = one_limb_power_of_two(d, db) {
        // Division by 2^k is a shift, the remainder the low k bits (sha1_divs-style code).
        let q = U256(*u).wrapping_shr(k as usize).0;
        return (q, [u[0] & d[0].wrapping_sub(1), 0, 0, 0]);
    }
    if ub <= 64 {
        // Both fit one limb: the hardware divider is the fastest option.
        let (a, b) = (u[0], d[0]);
        return ([a / b, 0, 0, 0], [a % b, 0, 0, 0]);
    }
    if ub - db < 32 {
        // `None` cannot happen here (`ub >= 65` and `d` fills u's top window); it would mean
        // a zero divisor, whose EVM result is zero.
        let (q, r) = div_small_quotient(u, d, ub).unwrap_or_default();
        return ([q, 0, 0, 0], r);
    }
    let ulen = ub.div_ceil(64) as usize;
    let dlen = db.div_ceil(64) as usize;
    match (ulen, dlen, NonZeroU64::new(d[0])) {
        (2, 1, Some(d)) => by1::<2>(u, d),
        (3, 1, Some(d)) => by1::<3>(u, d),
        (4, 1, Some(d)) => by1::<4>(u, d),
        // Unreachable (`dlen == 1` means `d[0] != 0`): EVM division by zero.
        (_, 1, None) => ([0; 4], [0; 4]),
        (2, 2, _) => by2::<2>(u, low_u128(d)),
        (3, 2, _) => by2::<3>(u, low_u128(d)),
        (4, 2, _) => by2::<4>(u, low_u128(d)),
        (3, 3, _) => one_limb::<3>(u, d),
        (4, 3, _) => knuth::<4, 3>(u, d),
        _ => one_limb::<4>(u, d),
    }
}

/// [`U256::rem_or_zero`] on limbs `u % d`, 0 for `d == 0`; by reference as [`div_rem`].
#[inline(always)]
pub(crate) fn rem(u: &[u64; 4], d: &[u64; 4]) -> [u64; 4] {
    // A dividend below the divisor is the remainder: one borrow chain and one branch decide it
    // before the bit lengths, whose limb chains mispredict when operand widths vary.
    if lt4(u, d) {
        return *u;
    }
    rem_not_below(u, d)
}

/// [`rem`] once `u < d` is ruled out (the caller's test); still exact for any `u`.
#[inline(always)]
pub(crate) fn rem_not_below(u: &[u64; 4], d: &[u64; 4]) -> [u64; 4] {
    let db = 256 - leading_zeros(d);
    if db == 0 {
        return [0; 4];
    }
    let ub = 256 - leading_zeros(u);
    if ub < db {
        return *u;
    }
    if ub == db {
        let (r, borrow) = sub4(u, d);
        return if borrow { *u } else { r };
    }
    if one_limb_power_of_two(d, db).is_some() {
        return [u[0] & d[0].wrapping_sub(1), 0, 0, 0];
    }
    if ub <= 64 {
        return [u[0] % d[0], 0, 0, 0];
    }
    if ub - db < 32 {
        // `None` (impossible here, see `div_rem`) would mean a zero divisor: EVM result zero.
        return div_small_quotient(u, d, ub).unwrap_or_default().1;
    }
    if db <= 64 {
        let Some(d) = NonZeroU64::new(d[0]) else {
            return [0; 4];
        };
        return [
            match ub.div_ceil(64) {
                2 => rem_1(&u[..2], d),
                3 => rem_1(&u[..3], d),
                _ => rem_1(u, d),
            },
            0,
            0,
            0,
        ];
    }
    if db <= 128 {
        let d = low_u128(d);
        return match ub.div_ceil(64) {
            2 => by2::<2>(u, d).1,
            3 => by2::<3>(u, d).1,
            _ => by2::<4>(u, d).1,
        };
    }
    // Equal lengths (one quotient limb) here; the rest through `div_rem`, which repeats the
    // tests above: with all cases here, mod/192 was slower (the layout of the `knuth` call).
    match (ub.div_ceil(64), db.div_ceil(64)) {
        (3, 3) => one_limb::<3>(u, d).1,
        (4, 4) => one_limb::<4>(u, d).1,
        _ => div_rem(u, d).1,
    }
}

/// The low two limbs as a `u128`.
#[inline(always)]
const fn low_u128(x: &[u64; 4]) -> u128 {
    (x[0] as u128) | ((x[1] as u128) << 64)
}

// Length-specialised entry points: with the limb counts known at compile time the limb loops
// are unrolled and bounds checks vanish.

// Each returns zeros if the divisor does not have the length its name says (the caller's
// dispatch rules that out; zero is also the EVM result of a division by zero).

/// `u` of `M` limbs by one limb: always `M` hardware divisions (see
/// [`div_rem_1_every_limb`]; a Möller–Granlund reciprocal was slower on Zen 4's fast divider).
#[inline(always)]
fn by1<const M: usize>(u: &[u64; 4], d: NonZeroU64) -> ([u64; 4], [u64; 4]) {
    let mut q = [0u64; 4];
    let r = div_rem_1_every_limb(&u[..M], d, &mut q[..M]);
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

/// `u` and `d` of `N` limbs each: one quotient limb ([`div_rem_one_limb`]).
#[inline(always)]
fn one_limb<const N: usize>(u: &[u64; 4], d: &[u64; 4]) -> ([u64; 4], [u64; 4]) {
    let (mut un, mut dn) = ([0u64; N], [0u64; N]);
    un.copy_from_slice(&u[..N]);
    dn.copy_from_slice(&d[..N]);
    let Some((q, rn)) = div_rem_one_limb(&un, &dn) else {
        return ([0; 4], [0; 4]);
    };
    let mut r = [0u64; 4];
    r[..N].copy_from_slice(&rn);
    ([q, 0, 0, 0], r)
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

#[cfg(test)]
mod tests {
    use super::*;
    use ruint::aliases::U256 as R;

    /// `rem_not_below` is exact for any dividend, below the divisor included (its callers rule
    /// that out, but it must not depend on it), and `rem` agrees, against ruint.
    #[test]
    fn rem_not_below_is_exact_below_the_divisor_too() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for _ in 0..2000 {
            let words: [[u64; 4]; 2] = core::array::from_fn(|_| {
                let w = [next(), next(), next(), next()];
                // A random width, so that either operand may be the smaller.
                U256(w).wrapping_shr((next() % 257) as usize).0
            });
            for (u, d) in [
                (words[0], words[1]),
                (words[1], words[0]),
                (words[0], words[0]),
            ] {
                let want = if d == [0; 4] {
                    R::ZERO
                } else {
                    R::from_limbs(u) % R::from_limbs(d)
                };
                assert_eq!(
                    R::from_limbs(rem_not_below(&u, &d)),
                    want,
                    "{u:x?} % {d:x?}"
                );
                assert_eq!(R::from_limbs(rem(&u, &d)), want, "{u:x?} % {d:x?}");
            }
        }
    }
}
