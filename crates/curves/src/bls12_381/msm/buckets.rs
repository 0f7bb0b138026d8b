//! Batch-affine bucket accumulation for [`super::pippenger`]: every bucket of every window
//! stays an affine point, and the additions into buckets run in rounds, each round adding at
//! most one point to each bucket, so that all of a round's slopes share ONE inversion
//! (Montgomery's trick). An affine addition then costs about 5M + 1S (three of the products
//! are the trick's share) against a mixed Jacobian addition's 7M + 4S. Variable time.

use crate::curve::Affine;
use crate::field::Field;
use alloc::vec;
use alloc::vec::Vec;

/// One pending addition: the bucket's index and the term (`index << 1 | negated`).
pub(super) type Entry = (u32, u32);

/// `v[i] <- 1 / v[i]` for every entry (all non-zero; a zero would make every entry zero)
/// with one inversion and `3 (n - 1)` products; `prefix` is scratch space.
fn batch_invert<F: Field>(v: &mut [F], prefix: &mut Vec<F>) {
    prefix.clear();
    let mut acc = F::ONE;
    for x in v.iter() {
        prefix.push(acc);
        acc = acc * *x;
    }
    let mut inv = acc.inverse().unwrap_or(F::ZERO);
    for (x, pre) in v.iter_mut().zip(prefix.iter()).rev() {
        let t = inv * *pre;
        inv = inv * *x;
        *x = t;
    }
}

/// Adds every pending term to its bucket: `buckets[b] += ±points[i]` for each entry
/// `(b, i << 1 | negated)`. The sums are exact in every case (empty bucket, infinity terms,
/// `P + P`, `P + (-P)`, 2-torsion points).
pub(super) fn accumulate<F: Field>(
    buckets: &mut [Affine<F>],
    points: &[Affine<F>],
    mut pending: Vec<Entry>,
) {
    let point = |t: u32| {
        let p = points[(t >> 1) as usize];
        if t & 1 == 1 {
            p.neg()
        } else {
            p
        }
    };
    let mut busy = vec![false; buckets.len()];
    let mut batch: Vec<(usize, Affine<F>)> = Vec::new();
    let mut dens: Vec<F> = Vec::new();
    let mut prefix: Vec<F> = Vec::new();
    let mut next: Vec<Entry> = Vec::new();
    while !pending.is_empty() {
        batch.clear();
        dens.clear();
        next.clear();
        for &(b, t) in &pending {
            let b = b as usize;
            if busy[b] {
                next.push((b as u32, t));
                continue;
            }
            let p = point(t);
            let q = &mut buckets[b];
            if p.infinity {
                continue;
            }
            if q.infinity {
                *q = p;
                continue;
            }
            if q.x == p.x {
                // Q = P (a doubling, slope 3x^2 / 2y) or Q = -P (the sum is infinity; a y = 0
                // point is its own negative).
                if q.y != p.y || q.y.is_zero() {
                    *q = Affine::INFINITY;
                    continue;
                }
                dens.push(q.y.double());
            } else {
                dens.push(p.x - q.x);
            }
            busy[b] = true;
            batch.push((b, p));
        }
        batch_invert(&mut dens, &mut prefix);
        for (&(b, p), inv) in batch.iter().zip(&dens) {
            let q = buckets[b];
            let lambda = if q.x == p.x {
                let x2 = q.x.square();
                (x2.double() + x2) * *inv
            } else {
                (p.y - q.y) * *inv
            };
            let x3 = lambda.square() - q.x - p.x;
            let y3 = lambda * (q.x - x3) - q.y;
            buckets[b] = Affine::new(x3, y3);
            busy[b] = false;
        }
        core::mem::swap(&mut pending, &mut next);
    }
}
