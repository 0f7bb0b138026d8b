//! Division by a single limb: one hardware 128-by-64 division per dividend limb.

use core::num::NonZeroU64;

use crate::asm;

/// Divides `u` by the single limb `d`, writing the quotient into `q[..u.len()]`; returns the
/// remainder (0 for an empty `u`). Panics if `q` is shorter than `u` (a caller bug, like
/// `copy_from_slice`).
///
/// One hardware 128-by-64 division per limb; the running remainder is always below `d`, so no
/// normalisation is needed and the division cannot fault. For a single dividend this chain is
/// faster than setting up a reciprocal.
#[inline(always)]
pub fn div_rem_1(u: &[u64], d: NonZeroU64, q: &mut [u64]) -> u64 {
    let d = d.get();
    let q = &mut q[..u.len()];
    let Some(&last) = u.last() else { return 0 };
    let n = u.len();
    // A top limb below `d` is the first remainder (its quotient limb is 0): one division less.
    let (mut r, top) = if last < d {
        q[n - 1] = 0;
        (last, n - 1)
    } else {
        (0, n)
    };
    for j in (0..top).rev() {
        // `r < d`: the quotient limb fits and `d != 0`.
        (q[j], r) = asm::div_2by1(r, u[j], d);
    }
    r
}

/// [`div_rem_1`] with one hardware division for every limb of `u`, the top one included when it
/// is below `d`: writes the quotient into `q[..u.len()]`, returns the remainder (0 for an empty
/// `u`). Panics if `q` is shorter than `u`.
///
/// For a length known at compile time: the fixed trip count keeps the quotient limbs in
/// registers, where [`div_rem_1`]'s variable start makes LLVM store them at variable offsets and
/// reload them as one 16-byte vector (a store-forwarding stall that costs more than the division
/// it saves). For a single dividend this chain is also faster on cores with a fast divider than
/// a Möller–Granlund reciprocal (one division, then a multiply step per limb).
#[inline(always)]
pub fn div_rem_1_every_limb(u: &[u64], d: NonZeroU64, q: &mut [u64]) -> u64 {
    let d = d.get();
    let q = &mut q[..u.len()];
    let mut r = 0;
    for j in (0..u.len()).rev() {
        // `r < d`: the quotient limb fits and `d != 0`.
        (q[j], r) = asm::div_2by1(r, u[j], d);
    }
    r
}

/// Remainder of `u` by the single limb `d` (like [`div_rem_1`] without storing quotients); 0 for
/// an empty `u`.
#[inline(always)]
pub fn rem_1(u: &[u64], d: NonZeroU64) -> u64 {
    let d = d.get();
    let Some(&last) = u.last() else { return 0 };
    let n = u.len();
    let (mut r, top) = if last < d { (last, n - 1) } else { (0, n) };
    for j in (0..top).rev() {
        // `r < d`: the quotient limb fits and `d != 0`.
        r = asm::div_2by1(r, u[j], d).1;
    }
    r
}

#[cfg(test)]
mod tests {
    use super::super::test_util::{big, xorshift};
    use super::*;
    use num_bigint::BigUint;

    /// `div_rem_1`, `div_rem_1_every_limb` and `rem_1` against num-bigint for divisors at every normalisation shift and
    /// dividends of 0 to 8 limbs, including all-ones limbs (quotient digits of 2^64 - 1) and
    /// remainders of `d - 1`.
    #[test]
    fn div_rem_1_matches_num_bigint_at_every_shift() {
        let mut next = xorshift(0x5851_f42d_4c95_7f2d);
        for shift in 0..64 {
            for d in [
                (next() | (1 << 63)) >> shift,
                (1u64 << 63) >> shift,
                u64::MAX >> shift,
            ] {
                let nd = NonZeroU64::new(d).unwrap();
                for n in 0..=8 {
                    let random: [u64; 8] = core::array::from_fn(|_| next());
                    for u in [[u64::MAX; 8], random, {
                        // The largest multiple of d below 2^(64n), plus d - 1 (remainder d - 1
                        // unless that overflows n limbs, then truncated).
                        let mut l = [0u64; 8];
                        let v = big(&[u64::MAX; 8][..n]) / d * d + (d - 1);
                        for (i, digit) in v.iter_u64_digits().take(n).enumerate() {
                            l[i] = digit;
                        }
                        l
                    }] {
                        let u = &u[..n];
                        let mut q = [0u64; 8];
                        let r = div_rem_1(u, nd, &mut q[..n]);
                        let (ub, db) = (big(u), BigUint::from(d));
                        assert_eq!(big(&q[..n]), &ub / &db, "u = {u:x?}, d = {d:#x}");
                        assert_eq!(BigUint::from(r), &ub % &db, "u = {u:x?}, d = {d:#x}");
                        assert_eq!(rem_1(u, nd), r, "u = {u:x?}, d = {d:#x}");
                        let mut q_every = [0u64; 8];
                        let r_every = div_rem_1_every_limb(u, nd, &mut q_every[..n]);
                        assert_eq!((q_every, r_every), (q, r), "u = {u:x?}, d = {d:#x}");
                    }
                }
            }
        }
    }
}
