//! Multi-scalar multiplication `sum [s_i] P_i` in G1 and G2 (EIP-2537's G1MSM and G2MSM), on
//! the shared Jacobian formulas: scalars are first reduced modulo r (the points are in the
//! order-r subgroup, as the precompiles check) and split along the endomorphism
//! ([`super::glv`]: G1 into two halves below 2^128, G2 into four digits below 2^64); then
//! interleaved signed windows (Straus with width-5 wNAF: one doubling chain for all terms,
//! tables shared through the endomorphism) or Pippenger's buckets with signed digits (half as
//! many buckets; affine buckets summed pairwise, one inversion per round of additions),
//! whichever an operation count says is cheaper, the window per term count.
//! One thread. Variable time (public inputs).

use super::glv::Endo;
use crate::curve::{batch_to_affine, Affine, Jacobian};
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

/// The bit length of `s` (0 for zero).
fn bit_len(s: &[u64; 4]) -> usize {
    s.iter()
        .rposition(|&l| l != 0)
        .map_or(0, |i| 64 * i + 64 - s[i].leading_zeros() as usize)
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

/// The `windows` signed base-`2^c` digits of `s < 2^(c (windows - 1) + c - 1)` (every `s`
/// below `2^255` with `windows = 255 / c + 1`), least significant first, each in
/// `[-2^(c-1), 2^(c-1)]`: `s = sum d_i 2^(c i)`.
fn signed_digits(s: &[u64; 4], c: usize, windows: usize) -> Vec<i32> {
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
///
/// Every scalar is split along the group's endomorphism ([`Endo`]: G1 into two halves below
/// 2^128, G2 into four digits below 2^64), then [`plan`] picks interleaved wNAF or Pippenger
/// by an operation count over the split terms.
pub fn msm<F: Endo>(points: &[Affine<F>], scalars: &[[u8; 32]]) -> Jacobian<F> {
    let (points, scalars): (Vec<_>, Vec<_>) = points
        .iter()
        .zip(scalars)
        .map(|(p, s)| (*p, reduce_scalar(s)))
        .filter(|(p, s)| !p.infinity && *s != [0; 4])
        .unzip();
    match plan(points.len(), F::PARTS, 256 / F::PARTS) {
        Plan::Straus => straus(&points, &scalars),
        Plan::Pippenger(c) => {
            let (points, scalars) = split(&points, &scalars);
            pippenger(&points, &scalars, c)
        }
    }
}

/// The split terms: for each point `P` with scalar `k`, the pairs `(E^i(P), k_i)` of
/// [`Endo::split`] whose short scalar is not zero.
pub fn split<F: Endo>(
    points: &[Affine<F>],
    scalars: &[[u64; 4]],
) -> (Vec<Affine<F>>, Vec<[u64; 4]>) {
    let mut out = (
        Vec::with_capacity(points.len() * F::PARTS),
        Vec::with_capacity(points.len() * F::PARTS),
    );
    for (p, s) in points.iter().zip(scalars) {
        let mut q = *p;
        for (i, k) in F::split(s).into_iter().enumerate().take(F::PARTS) {
            if i > 0 {
                q = F::endo(&q);
            }
            if k != [0; 4] {
                out.0.push(q);
                out.1.push(k);
            }
        }
    }
    out
}

/// The algorithm [`msm`] runs on `n` split terms of at most `bits` bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Plan {
    /// Interleaved wNAF ([`straus`]).
    Straus,
    /// Pippenger ([`pippenger`]) with this window.
    Pippenger(usize),
}

/// The cheaper algorithm for `points` points whose scalars split into `parts` terms of at
/// most `bits` bits, by an operation count (weights in field products, G1: a mixed addition
/// 11, a general one 16, a doubling 7, an inversion 100): Straus costs per point a table (a
/// doubling, 7 general additions, an inversion shared by the table's eight entries; the
/// other parts' tables by the endomorphism, nearly free), per term `bits / 6` mixed additions,
/// plus `bits` doublings; Pippenger, over all `points * parts` terms, `pippenger_cost` at
/// its best window ([`window_for`]).
pub fn plan(points: usize, parts: usize, bits: usize) -> Plan {
    let n = points * parts;
    let straus = points * (7 + 7 * 16 + 100) + n * 11 * bits / (WNAF_WIDTH as usize + 1) + 7 * bits;
    let c = window_for(n, bits);
    if straus <= pippenger_cost(n, bits, c) {
        Plan::Straus
    } else {
        Plan::Pippenger(c)
    }
}

/// Pippenger's operation count for `n` points of `bits`-bit scalars at window `c` (weights as
/// in [`plan`]; a batch-affine addition into a bucket 6, per window a mixed and a general
/// addition per bucket, and 100 per `n / 2^(c-1) + 3`: the round count of an accumulation
/// that adds one term per bucket per round. `buckets::accumulate` needs only about its
/// logarithm, but counting that moves the window at a few sizes down by one (G2 k = 512 from
/// 8 to 7, which measured slower), so the windows stay those measured with this count).
fn pippenger_cost(n: usize, bits: usize, c: usize) -> usize {
    let half = 1usize << (c - 1);
    (bits / c + 1) * (6 * n + 27 * half) + 100 * (n / half + 3) + 7 * bits
}

/// Interleaved wNAF over the split scalars: per point the odd multiples `P, 3P, ..., 15P`
/// (made affine with one inversion), their images under the endomorphism for the other short
/// scalars, then one chain of doublings as long as the longest short scalar, with a mixed
/// addition per non-zero digit.
pub fn straus<F: Endo>(points: &[Affine<F>], scalars: &[[u64; 4]]) -> Jacobian<F> {
    const HALF: usize = 1 << (WNAF_WIDTH - 2);
    let mut tables: Vec<[Affine<F>; HALF]> = Vec::with_capacity(points.len() * F::PARTS);
    let mut digits = Vec::with_capacity(points.len() * F::PARTS);
    for (p, s) in points.iter().zip(scalars) {
        let pj = Jacobian::from(*p);
        let p2 = pj.double();
        let mut t = [pj; HALF];
        for j in 1..HALF {
            t[j] = t[j - 1].add(&p2);
        }
        let mut t = batch_to_affine(&t);
        for (i, k) in F::split(s).into_iter().enumerate().take(F::PARTS) {
            if i > 0 {
                t = t.map(|q| F::endo(&q));
            }
            if k != [0; 4] {
                tables.push(t);
                digits.push(wnaf(&k));
            }
        }
    }
    let top = digits
        .iter()
        .filter_map(|d| d.iter().rposition(|&x| x != 0))
        .max();
    let mut acc = Jacobian::INFINITY;
    for i in (0..top.map_or(0, |t| t + 1)).rev() {
        acc = acc.double();
        for (t, d) in tables.iter().zip(&digits) {
            let d = d[i];
            if d > 0 {
                acc = acc.add_mixed(&t[(d as usize) / 2]);
            } else if d < 0 {
                acc = acc.add_mixed(&t[(-d as usize) / 2].neg());
            }
        }
    }
    acc
}

/// The Pippenger window for `n` points of `bits`-bit scalars: the `c` that minimises
/// `pippenger_cost` (the count of [`plan`]).
pub fn window_for(n: usize, bits: usize) -> usize {
    (2..=16)
        .min_by_key(|&c| pippenger_cost(n, bits, c))
        .unwrap_or(8)
}

/// Pippenger's bucket method with signed base-`2^c` digits: each term goes, in every window,
/// into the bucket of its digit's magnitude (negated for a negative digit); the buckets of all
/// windows are affine and filled together (`buckets::accumulate`: pairwise additions in
/// rounds, one inversion per round); then per window, from the top, `c` doublings and the
/// running sums `sum_j j B_j`. As many windows as the longest scalar needs (scalars below 2^255).
pub fn pippenger<F: Field>(points: &[Affine<F>], scalars: &[[u64; 4]], c: usize) -> Jacobian<F> {
    let bits = scalars.iter().map(bit_len).max().unwrap_or(0);
    let windows = bits / c + 1;
    let half = 1usize << (c - 1);
    let mut pending = Vec::with_capacity(points.len() * windows);
    for (i, s) in scalars.iter().enumerate().take(points.len()) {
        for (w, d) in signed_digits(s, c, windows).into_iter().enumerate() {
            if d != 0 {
                let b = w * half + d.unsigned_abs() as usize - 1;
                pending.push((b as u32, (i as u32) << 1 | u32::from(d < 0)));
            }
        }
    }
    let mut buckets = vec![Affine::<F>::INFINITY; windows * half];
    buckets::accumulate(&mut buckets, points, &pending);
    let mut acc = Jacobian::INFINITY;
    for window in buckets.chunks(half).rev() {
        for _ in 0..c {
            acc = acc.double();
        }
        let (mut running, mut total) = (Jacobian::INFINITY, Jacobian::INFINITY);
        for b in window.iter().rev() {
            running = running.add_mixed(b);
            total = total.add(&running);
        }
        acc = acc.add(&total);
    }
    acc
}

mod buckets;
#[cfg(test)]
mod tests;
