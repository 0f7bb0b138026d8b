//! Montgomery's batch inversion, the one copy the crate's callers share (affine conversion of
//! Jacobian tables, batch-affine MSM buckets, the final exponentiation's batched cyclotomic
//! decompression). Variable time: it branches on which elements are zero.

use crate::field::Field;

/// Replaces every non-zero element of `values` by its inverse and leaves the zeros as they are,
/// with one field inversion per `scratch.len()` elements and 3 products per non-zero element
/// (Montgomery's trick). `scratch` receives the prefix products; it is never read before being
/// written, so its contents do not matter. Never allocates; never panics: a `scratch` shorter
/// than `values` only costs more inversions (an empty one, one per element).
pub fn batch_invert<F: Field>(values: &mut [F], scratch: &mut [F]) {
    if scratch.is_empty() {
        for v in values {
            *v = v.inverse().unwrap_or(F::ZERO);
        }
        return;
    }
    let n = scratch.len();
    for chunk in values.chunks_mut(n) {
        let prefix = &mut scratch[..chunk.len()];
        // prefix[i] = the product of the non-zero values before i.
        let mut acc = F::ONE;
        for (x, p) in chunk.iter().zip(prefix.iter_mut()) {
            *p = acc;
            if !x.is_zero() {
                acc = acc * *x;
            }
        }
        // acc is a product of non-zero elements: it has an inverse.
        let Some(mut inv) = acc.inverse() else {
            continue;
        };
        // inv = 1 / (prefix[i] x_i) at step i, so 1 / x_i = inv prefix[i].
        for (x, p) in chunk.iter_mut().zip(prefix.iter()).rev() {
            if !x.is_zero() {
                let t = inv * *p;
                inv = inv * *x;
                *x = t;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bls12_381::{Fp, Fp2};
    use proptest::prelude::*;

    /// `values` with the entries whose bit is set in `zeros` replaced by zero.
    fn with_zeros<F: Field>(values: &[F], zeros: u64) -> Vec<F> {
        values
            .iter()
            .enumerate()
            .map(|(i, &v)| {
                if zeros >> (i % 64) & 1 == 1 {
                    F::ZERO
                } else {
                    v
                }
            })
            .collect()
    }

    /// Checks `batch_invert` against one inversion per element with scratch lengths from 0
    /// (single inversions) through chunked ones to past `values.len()`.
    fn check<F: Field>(values: &[F]) {
        let want: Vec<F> = values
            .iter()
            .map(|v| v.inverse().unwrap_or(F::ZERO))
            .collect();
        let n = values.len();
        for s in [0, 1, 2, 3, n / 2, n.saturating_sub(1), n, n + 1] {
            let mut got = values.to_vec();
            let mut scratch = vec![F::ONE; s];
            batch_invert(&mut got, &mut scratch);
            assert_eq!(got, want, "scratch {s}");
        }
    }

    fn fp(l: [u64; 6]) -> Fp {
        Fp::from_limbs(&l).unwrap_or(Fp::ONE)
    }

    #[test]
    fn empty_single_and_all_zero() {
        check::<Fp>(&[]);
        check(&[Fp::ONE]);
        check(&[Fp::ZERO]);
        check(&[Fp::ZERO; 5]);
        check(&[Fp2::ZERO; 3]);
        // Zeros at the start, in the middle and at the end.
        let v = [Fp::ONE.double(), Fp::ONE, -Fp::ONE.double()];
        check(&[Fp::ZERO, v[0], v[1], Fp::ZERO, v[2], Fp::ZERO]);
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

        #[test]
        fn matches_single_inversions(
            limbs in proptest::collection::vec(any::<[u64; 6]>(), 0..40),
            zeros in any::<u64>(),
        ) {
            let mut ls = limbs;
            for l in ls.iter_mut() {
                l[5] >>= 4; // below p (p > 2^380)
            }
            let fps: Vec<Fp> = ls.iter().map(|&l| fp(l)).collect();
            check(&with_zeros(&fps, zeros));
            let fp2s: Vec<Fp2> = fps.chunks(2).map(|c| Fp2::new(c[0], c[c.len() - 1])).collect();
            check(&with_zeros(&fp2s, zeros.rotate_left(7)));
        }
    }
}
