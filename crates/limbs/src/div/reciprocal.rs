//! Reciprocals of normalised divisors and the 2-by-1 and 3-by-2 word divisions that use them
//! (Möller–Granlund).

use core::num::NonZeroU64;

use super::{cold, shr_comp};
use crate::asm;
use crate::mul::mul_wide;

/// A divisor limb with its top bit set (`d >= 2^63`), the form the reciprocal algorithms need.
///
/// The constructor is the one place the precondition is checked, so the functions that take this
/// type cannot hand the hardware divider an operand that faults.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NormalizedDivisor(u64);

impl NormalizedDivisor {
    /// `Some(d)` if the top bit of `d` is set, `None` otherwise (zero or not normalised).
    #[inline(always)]
    pub const fn new(d: u64) -> Option<Self> {
        if d >> 63 == 1 {
            Some(Self(d))
        } else {
            None
        }
    }

    /// The top limb `hi` of a multi-limb divisor shifted left until its top bit is set, the
    /// vacated bits filled from the next limb `lo`; returns it with the shift (`0..64`). Never
    /// fails: a nonzero limb always has a top bit to shift up.
    #[inline(always)]
    pub const fn normalize(hi: NonZeroU64, lo: u64) -> (Self, u32) {
        let s = hi.leading_zeros();
        (Self((hi.get() << s) | shr_comp(lo, s)), s)
    }

    /// The divisor limb.
    #[inline(always)]
    pub const fn get(self) -> u64 {
        self.0
    }
}

/// `v0 = floor((2^19 - 3*2^8) / d9)` for the 9-bit prefix `d9 = 256 + i` of a normalised divisor:
/// the 11-bit seed of the reciprocal Newton iteration.
static RECIPROCAL_TABLE: [u16; 256] = {
    let mut t = [0u16; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = (0x7fd00 / (256 + i as u32)) as u16;
        i += 1;
    }
    t
};

/// The reciprocal `floor((2^128 - 1) / d) - 2^64` of a normalised divisor.
///
/// Computed as `((2^64 - 1 - d) * 2^64 + 2^64 - 1) / d`, whose quotient fits a limb: one
/// hardware `div` on x86-64 (the crate's `asm` module), about twice as fast as the multiply-only
/// [`reciprocal_2by1_table`] (whose dependency chain is a dozen multiplications long).
#[inline(always)]
pub fn reciprocal_2by1(d: NormalizedDivisor) -> u64 {
    let d = d.get();
    // `!d < d` because the top bit of `d` is set: the quotient fits one limb.
    asm::div_2by1(!d, u64::MAX, d).0
}

/// Same as [`reciprocal_2by1`] without any hardware division: table seed plus three
/// Newton-like refinements and a final correction (Möller–Granlund, algorithm 3). For targets
/// where 128-bit division is a slow software routine.
#[inline]
pub const fn reciprocal_2by1_table(d: NormalizedDivisor) -> u64 {
    let d = d.get();
    let d9 = d >> 55;
    let v0 = RECIPROCAL_TABLE[(d9 - 256) as usize] as u64;

    let d40 = (d >> 24) + 1;
    let v1 = (v0 << 11)
        .wrapping_sub((v0 * v0 * d40) >> 40)
        .wrapping_sub(1);

    let v2 = (v1 << 13)
        .wrapping_add(v1.wrapping_mul((1u64 << 60).wrapping_sub(v1.wrapping_mul(d40))) >> 47);

    let d0 = d & 1;
    let d63 = (d >> 1) + d0; // ceil(d / 2)
    let e = ((v2 >> 1) & 0u64.wrapping_sub(d0)).wrapping_sub(v2.wrapping_mul(d63));
    let v3 = (mul_wide(v2, e).1 >> 1).wrapping_add(v2 << 31);

    let (lo, hi) = mul_wide(v3, d);
    let (_, c) = lo.overflowing_add(d);
    let hi = hi + c as u64;
    v3.wrapping_sub(hi).wrapping_sub(d)
}

/// The reciprocal `floor((2^192 - 1) / d) - 2^64` of the normalised two-limb divisor
/// `d = d1 * 2^64 + d0`, for [`div_3by2`].
#[inline(always)]
pub fn reciprocal_3by2(d1: NormalizedDivisor, d0: u64) -> u64 {
    let mut v = reciprocal_2by1(d1);
    let d1 = d1.get();
    // Adjust the 2-by-1 reciprocal of d1 for the low limb d0.
    let mut p = d1.wrapping_mul(v).wrapping_add(d0);
    if p < d0 {
        v = v.wrapping_sub(1);
        if p >= d1 {
            v = v.wrapping_sub(1);
            p = p.wrapping_sub(d1);
        }
        p = p.wrapping_sub(d1);
    }
    let (t0, t1) = mul_wide(v, d0);
    p = p.wrapping_add(t1);
    if p < t1 {
        v = v.wrapping_sub(1);
        if p > d1 || (p == d1 && t0 >= d0) {
            v = v.wrapping_sub(1);
        }
    }
    v
}

/// The two corrections of the quotient limb `q1` and remainder `r` (a `u64` in [`div_2by1`], a
/// `u128` in [`div_3by2`]) by the divisor `d`: one down when `low` holds (data-dependent), then
/// one up when `r >= d` (rare: probability about 2^-64 for random inputs). A macro because the
/// two remainders differ in type and both functions are `const`.
macro_rules! correct {
    ($q1:ident, $r:ident, $d:ident, $low:expr) => {
        if $low {
            $q1 = $q1.wrapping_sub(1);
            $r = $r.wrapping_add($d);
        }
        if $r >= $d {
            cold();
            $q1 = $q1.wrapping_add(1);
            $r = $r.wrapping_sub($d);
        }
    };
}

/// Divides the two-limb `u1 * 2^64 + u0` by the normalised `d` with reciprocal
/// `v = reciprocal_2by1(d)`; returns `(quotient, remainder)`.
///
/// Multiplications only (no hardware division). Requires `u1 < d`; otherwise the result is
/// meaningless (but nothing faults).
#[inline(always)]
pub const fn div_2by1(u1: u64, u0: u64, d: u64, v: u64) -> (u64, u64) {
    debug_assert!(u1 < d);
    let q = ((v as u128) * (u1 as u128)).wrapping_add(((u1 as u128) << 64) | u0 as u128);
    let mut q1 = ((q >> 64) as u64).wrapping_add(1);
    let q0 = q as u64;
    let mut r = u0.wrapping_sub(q1.wrapping_mul(d));
    // The estimate q1 is at most one too large or one too small.
    correct!(q1, r, d, r > q0);
    (q1, r)
}

/// Divides the three-limb `(u2, u1, u0)` by the normalised two-limb `d = d1 * 2^64 + d0` with
/// `v = reciprocal_3by2(d1, d0)`; returns the one-limb quotient and the two-limb remainder.
///
/// Multiplications only (no hardware division). Requires `(u2, u1) < (d1, d0)`; otherwise the
/// result is meaningless (but nothing faults).
#[inline(always)]
pub const fn div_3by2(u2: u64, u1: u64, u0: u64, d1: u64, d0: u64, v: u64) -> (u64, u128) {
    let d = ((d1 as u128) << 64) | d0 as u128;
    let q = ((v as u128) * (u2 as u128)).wrapping_add(((u2 as u128) << 64) | u1 as u128);
    let mut q1 = (q >> 64) as u64;
    let q0 = q as u64;
    let r1 = u1.wrapping_sub(q1.wrapping_mul(d1));
    let t = (d0 as u128) * (q1 as u128);
    let mut r = ((((r1 as u128) << 64) | u0 as u128).wrapping_sub(t)).wrapping_sub(d);
    q1 = q1.wrapping_add(1);
    correct!(q1, r, d, ((r >> 64) as u64) >= q0);
    (q1, r)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The defining formula, via hardware-backed `u128` division.
    fn reference(d: u64) -> u64 {
        ((((!d) as u128) << 64 | u64::MAX as u128) / d as u128) as u64
    }

    #[test]
    fn normalized_divisor_rejects_zero_and_unnormalised() {
        for d in [0, 1, (1 << 63) - 1, 12345] {
            assert_eq!(NormalizedDivisor::new(d), None, "d = {d:#x}");
        }
        for d in [1 << 63, u64::MAX] {
            assert_eq!(
                NormalizedDivisor::new(d).map(NormalizedDivisor::get),
                Some(d)
            );
        }
        for s in 0..64 {
            let hi = NonZeroU64::new((1 << 63) >> s).unwrap();
            let (d, shift) = NormalizedDivisor::normalize(hi, u64::MAX);
            // The top `s` bits of `lo` fill the `s` vacated bits.
            assert_eq!((d.get(), shift), ((1 << 63) | ((1 << s) - 1), s), "s = {s}");
            let (d, _) = NormalizedDivisor::normalize(hi, 0);
            assert_eq!(d.get(), 1 << 63);
        }
    }

    #[test]
    fn reciprocal_matches_definition() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let check = |d: u64| {
            let nd = NormalizedDivisor::new(d).unwrap();
            assert_eq!(reciprocal_2by1(nd), reference(d), "d = {d:#x}");
            assert_eq!(reciprocal_2by1_table(nd), reference(d), "d = {d:#x}");
        };
        for d in [
            1u64 << 63,
            (1 << 63) + 1,
            u64::MAX,
            u64::MAX - 1,
            0xc000_0000_0000_0000,
        ] {
            check(d);
        }
        for i in 0..256u64 {
            // Every table entry, at both ends of its interval.
            check((256 + i) << 55);
            check(((256 + i) << 55) | ((1 << 55) - 1));
        }
        for _ in 0..200_000 {
            // xorshift
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            check(x | (1 << 63));
            // The 2-by-1 step with that reciprocal against u128 division.
            let d = x | (1 << 63);
            let (u1, u0) = (x.rotate_left(7) % d, x.rotate_left(29));
            let n = ((u1 as u128) << 64) | u0 as u128;
            let v = reciprocal_2by1(NormalizedDivisor::new(d).unwrap());
            let (q, r) = div_2by1(u1, u0, d, v);
            assert_eq!((q as u128, r as u128), (n / d as u128, n % d as u128));
        }
    }

    #[test]
    fn reciprocal_3by2_matches_definition() {
        let mut x = 0x1234_5678_9abc_def1u64;
        for _ in 0..20_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let d1 = x | (1 << 63);
            let d0 = x.rotate_left(17);
            for (d1, d0) in [
                (d1, d0),
                (d1, 0),
                (d1, u64::MAX),
                (u64::MAX, u64::MAX),
                (1 << 63, 0),
            ] {
                let v = reciprocal_3by2(NormalizedDivisor::new(d1).unwrap(), d0);
                // A 3-by-2 division with this reciprocal must satisfy u = q*d + r, r < d.
                let (q, r) = div_3by2(d1 - 1, u64::MAX, u64::MAX, d1, d0, v);
                let d = ((d1 as u128) << 64) | d0 as u128;
                // Verify q*d + r == u over 192 bits.
                let (p0, c) = mul_wide(q, d0);
                let p12 = (q as u128) * (d1 as u128) + c as u128;
                let (s0, carry) = p0.overflowing_add(r as u64);
                let s12 = p12 + (r >> 64) + carry as u128;
                assert_eq!(
                    (s12, s0),
                    ((((d1 - 1) as u128) << 64) | u64::MAX as u128, u64::MAX)
                );
                assert!(r < d);
            }
        }
    }
}
