//! Multi-scalar multiplication `sum [s_i] P_i` in G1 and G2 (EIP-2537's G1MSM and G2MSM), on
//! the shared Jacobian formulas: scalars are first reduced modulo r (the points are in the
//! order-r subgroup, as the precompiles check), then a few points go through interleaved
//! signed windows (Straus with width-5 wNAF: one doubling chain for all points), more through
//! Pippenger's buckets with signed digits (half as many buckets), the window width chosen per
//! point count from an operation count. No endomorphism split yet. Variable time (public
//! inputs).

use crate::curve::{Affine, Jacobian};
use crate::field::Field;
use alloc::vec;
use alloc::vec::Vec;

/// The group order r, little-endian limbs.
const R: [u64; 4] = [
    0xffffffff00000001,
    0x53bda402fffe5bfe,
    0x3339d80809a1d805,
    0x73eda753299d7d48,
];

/// Up to this many points, [`msm`] uses interleaved wNAF; above, Pippenger.
pub const STRAUS_MAX: usize = 8;

/// Width of the interleaved wNAF digits (odd multiples up to `15 P`).
const WNAF_WIDTH: u32 = 5;

/// `s mod r` for a little-endian 32-byte `s` (`s < 2^256 < 3r`: at most two subtractions).
pub fn reduce_scalar(s: &[u8; 32]) -> [u64; 4] {
    let mut l: [u64; 4] = core::array::from_fn(|i| {
        u64::from_le_bytes(s[8 * i..8 * i + 8].try_into().expect("8 bytes"))
    });
    while !crate::field::lt(&l, &R) {
        l = crate::field::sub_plain(&l, &R).0;
    }
    l
}

/// Bits `[at, at + width)` of `s` (`width <= 32`; bits past 256 read as zero).
#[inline]
fn bits(s: &[u64; 4], at: usize, width: usize) -> u64 {
    let (limb, shift) = (at / 64, at % 64);
    if limb >= 4 {
        return 0;
    }
    let mut v = s[limb] >> shift;
    if shift + width > 64 && limb + 1 < 4 {
        v |= s[limb + 1] << (64 - shift);
    }
    v & ((1u64 << width) - 1)
}

/// The signed base-`2^c` digits of `s < r < 2^255`, least significant first, each in
/// `[-2^(c-1), 2^(c-1)]`: `s = sum d_i 2^(c i)`.
fn signed_digits(s: &[u64; 4], c: usize) -> Vec<i32> {
    let windows = 255 / c + 1;
    let half = 1i64 << (c - 1);
    let mut carry = 0i64;
    let mut out = Vec::with_capacity(windows);
    for i in 0..windows {
        let mut d = bits(s, c * i, c) as i64 + carry;
        carry = 0;
        if d > half {
            d -= 1 << c;
            carry = 1;
        }
        out.push(d as i32);
    }
    debug_assert_eq!(carry, 0);
    out
}

/// The width-[`WNAF_WIDTH`] NAF of `s < r` (odd digits in `(-16, 16)`, at least four zeros
/// after each), least significant first, 256 entries.
fn wnaf(s: &[u64; 4]) -> [i8; 256] {
    let mut out = [0i8; 256];
    let mut k = *s;
    let modulus = 1i64 << WNAF_WIDTH;
    let mut i = 0;
    while k != [0; 4] && i < 256 {
        if k[0] & 1 == 1 {
            let mut d = (k[0] & (modulus as u64 - 1)) as i64;
            if d >= modulus / 2 {
                d -= modulus;
            }
            out[i] = d as i8;
            // k -= d (k stays below 2^256: k < r + 16).
            let dl = [d.unsigned_abs(), 0, 0, 0];
            k = if d > 0 {
                crate::field::sub_plain(&k, &dl).0
            } else {
                crate::field::add_plain(&k, &dl).0
            };
        }
        // k >>= 1
        for j in 0..4 {
            k[j] = k[j] >> 1 | if j < 3 { k[j + 1] << 63 } else { 0 };
        }
        i += 1;
    }
    out
}

/// `sum [s_i] P_i` over the pairs of `points` and `scalars` (little-endian 32-byte scalars,
/// any value: reduced modulo r, so the points must be in the order-r subgroup; infinity points
/// and zero scalars contribute nothing). Extra entries of the longer slice are ignored.
pub fn msm<F: Field>(points: &[Affine<F>], scalars: &[[u8; 32]]) -> Jacobian<F> {
    let k = points.len().min(scalars.len());
    let scalars: Vec<[u64; 4]> = scalars[..k].iter().map(reduce_scalar).collect();
    let points = &points[..k];
    if k <= STRAUS_MAX {
        straus(points, &scalars)
    } else {
        pippenger(points, &scalars, window_for(k))
    }
}

/// Interleaved wNAF: the odd multiples `P, 3P, ..., 15P` of every point, then one chain of
/// 255 doublings with an addition per non-zero digit.
fn straus<F: Field>(points: &[Affine<F>], scalars: &[[u64; 4]]) -> Jacobian<F> {
    let half = 1usize << (WNAF_WIDTH - 2);
    let mut tables = Vec::with_capacity(points.len());
    let mut digits = Vec::with_capacity(points.len());
    for (p, s) in points.iter().zip(scalars) {
        let p = Jacobian::from(*p);
        let p2 = p.double();
        let mut t = vec![p; half];
        for j in 1..half {
            t[j] = t[j - 1].add(&p2);
        }
        tables.push(t);
        digits.push(wnaf(s));
    }
    let mut acc = Jacobian::INFINITY;
    for i in (0..256).rev() {
        acc = acc.double();
        for (t, d) in tables.iter().zip(&digits) {
            let d = d[i];
            if d > 0 {
                acc = acc.add(&t[(d as usize) / 2]);
            } else if d < 0 {
                acc = acc.add(&t[(-d as usize) / 2].neg());
            }
        }
    }
    acc
}

/// The Pippenger window for `k` points: the `c` that minimises the operation count
/// `windows * (k mixed additions + 2^c general additions) + 255 doublings` (weights: a mixed
/// addition 11 products, a general one 16, a doubling 7).
pub fn window_for(k: usize) -> usize {
    (2..=16)
        .min_by_key(|&c| {
            let windows = 255 / c + 1;
            windows * (11 * k + 16 * (1usize << c)) + 7 * 255
        })
        .unwrap_or(8)
}

/// Pippenger's bucket method with signed base-`2^c` digits: per window, each point goes into
/// the bucket of its digit's magnitude (negated for a negative digit), then the running sums
/// `sum_j j B_j` from the top bucket down; windows from the top, `c` doublings between them.
pub fn pippenger<F: Field>(points: &[Affine<F>], scalars: &[[u64; 4]], c: usize) -> Jacobian<F> {
    let digits: Vec<Vec<i32>> = scalars.iter().map(|s| signed_digits(s, c)).collect();
    let windows = 255 / c + 1;
    let mut buckets = vec![Jacobian::<F>::INFINITY; 1 << (c - 1)];
    let mut acc = Jacobian::INFINITY;
    for w in (0..windows).rev() {
        for _ in 0..c {
            acc = acc.double();
        }
        buckets.fill(Jacobian::INFINITY);
        for (p, d) in points.iter().zip(&digits) {
            let d = d[w];
            if d > 0 {
                let b = &mut buckets[d as usize - 1];
                *b = b.add_mixed(p);
            } else if d < 0 {
                let b = &mut buckets[(-d) as usize - 1];
                *b = b.add_mixed(&p.neg());
            }
        }
        let (mut running, mut total) = (Jacobian::INFINITY, Jacobian::INFINITY);
        for b in buckets.iter().rev() {
            running = running.add(b);
            total = total.add(&running);
        }
        acc = acc.add(&total);
    }
    acc
}

#[cfg(test)]
mod tests;
