//! Batch-affine bucket accumulation for [`super::pippenger`]: every bucket of every window
//! is summed in affine form by a tree of pairwise additions. Each round adds the terms of every
//! bucket in pairs (halving each bucket's list), and all of a round's slopes share ONE
//! inversion (Montgomery's trick). An affine addition then costs about 5M + 1S (three of the
//! products are the trick's share) against a mixed Jacobian addition's 7M + 4S.
//!
//! The number of rounds is the logarithm of the largest bucket's term count and every round at
//! least halves the terms left, so inputs that pile every term into one bucket (one point
//! repeated with one scalar) cost about what spread ones do. Variable time.

use crate::curve::Affine;
use crate::field::Field;
use crate::inverse::batch_invert;
use alloc::vec;
use alloc::vec::Vec;

/// One term of a bucket: the bucket's index and the term (`index << 1 | negated`).
pub(super) type Entry = (u32, u32);

/// The denominator of the slope of `p + q`: `x_q - x_p`, `2 y_p` for a doubling, zero when the
/// sum needs no inversion (either is infinity, or `q = -p`).
#[inline]
fn denominator<F: Field>(p: &Affine<F>, q: &Affine<F>) -> F {
    if p.infinity || q.infinity {
        F::ZERO
    } else if p.x != q.x {
        q.x - p.x
    } else if p.y != q.y {
        F::ZERO
    } else {
        // Zero for a y = 0 point (its own negative: the sum is infinity).
        p.y.double()
    }
}

/// `p + q` given `inv = 1 / denominator(p, q)` (zero where that is zero).
#[inline]
fn sum<F: Field>(p: &Affine<F>, q: &Affine<F>, inv: F) -> Affine<F> {
    if p.infinity {
        return *q;
    }
    if q.infinity {
        return *p;
    }
    let lambda = if p.x != q.x {
        (q.y - p.y) * inv
    } else if p.y != q.y || p.y.is_zero() {
        return Affine::INFINITY;
    } else {
        let x2 = p.x.square();
        (x2.double() + x2) * inv
    };
    let x3 = lambda.square() - p.x - q.x;
    Affine::new(x3, lambda * (p.x - x3) - p.y)
}

/// Sets every bucket to the sum of its terms: `buckets[b] = sum ±points[i]` over the entries
/// `(b, i << 1 | negated)` (infinity for a bucket without terms). The sums are exact in every
/// case (infinity terms, `P + P`, `P + (-P)`, 2-torsion points). Entries must name buckets
/// and points inside the slices.
pub(super) fn accumulate<F: Field>(
    buckets: &mut [Affine<F>],
    points: &[Affine<F>],
    entries: &[Entry],
) {
    // Counting sort by bucket: terms[start[b]..start[b + 1]] are bucket b's terms.
    let mut start = vec![0usize; buckets.len() + 1];
    for &(b, _) in entries {
        start[b as usize + 1] += 1;
    }
    for b in 0..buckets.len() {
        start[b + 1] += start[b];
    }
    let mut terms = vec![Affine::INFINITY; entries.len()];
    let mut fill = start.clone();
    for &(b, t) in entries {
        let p = points[(t >> 1) as usize];
        terms[fill[b as usize]] = if t & 1 == 1 { p.neg() } else { p };
        fill[b as usize] += 1;
    }
    // The buckets with at least two terms left: (bucket, first term, term count).
    let mut lists: Vec<(usize, usize, usize)> = Vec::new();
    for (b, bucket) in buckets.iter_mut().enumerate() {
        match start[b + 1] - start[b] {
            0 => *bucket = Affine::INFINITY,
            1 => *bucket = terms[start[b]],
            m => lists.push((b, start[b], m)),
        }
    }
    let mut inverses: Vec<F> = Vec::with_capacity(entries.len() / 2);
    let mut scratch: Vec<F> = Vec::with_capacity(entries.len() / 2);
    while !lists.is_empty() {
        // One round: terms 2j and 2j + 1 of each list are added into term j.
        inverses.clear();
        for &(_, s, m) in &lists {
            for j in 0..m / 2 {
                inverses.push(denominator(&terms[s + 2 * j], &terms[s + 2 * j + 1]));
            }
        }
        scratch.resize(inverses.len(), F::ZERO);
        batch_invert(&mut inverses, &mut scratch);
        let mut inv = inverses.iter();
        lists.retain_mut(|(b, s, m)| {
            for j in 0..*m / 2 {
                let i = inv.next().copied().unwrap_or(F::ZERO);
                terms[*s + j] = sum(&terms[*s + 2 * j], &terms[*s + 2 * j + 1], i);
            }
            if *m % 2 == 1 {
                terms[*s + *m / 2] = terms[*s + *m - 1];
            }
            *m = m.div_ceil(2);
            if *m == 1 {
                buckets[*b] = terms[*s];
            }
            *m > 1
        });
    }
}
