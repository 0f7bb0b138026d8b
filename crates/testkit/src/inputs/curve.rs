//! The generator logic shared by BN254 and BLS12-381: a group's pool of valid points and points
//! outside its subgroup, and the ADD, MSM and pairing input mixes built from it.

use super::{length_fault, point_variant, Encoded, Rng};
use crate::constants::bytes;
use ark_ec::short_weierstrass::{Affine, SWCurveConfig};
use ark_ec::{AffineRepr, CurveGroup};
use ark_ff::PrimeField;
use core::ops::Neg;

/// One group as a precompile sees it: valid points, points on the curve outside the subgroup
/// (none for a prime-order curve), and the encoding.
pub(super) struct Group<A> {
    /// Random multiples of the generator.
    pub points: Vec<A>,
    /// Points on the curve outside the prime-order subgroup (may be empty).
    pub outside: Vec<A>,
    /// The point's encoding (infinity as zeros).
    pub encode: fn(&A) -> Vec<u8>,
    /// The base field's modulus (a `constants` hex string), an element's encoded width and
    /// the zero padding in front of it.
    pub modulus: &'static str,
    pub width: usize,
    pub padding: usize,
}

/// `size` random multiples of `G`'s generator.
pub(super) fn multiples<G: CurveGroup>(rng: &mut Rng, size: usize) -> Vec<G::Affine> {
    (0..size)
        .map(|_| {
            let k = G::ScalarField::from_be_bytes_mod_order(&rng.array32());
            (G::generator() * k).into_affine()
        })
        .collect()
}

/// `size` points of the curve outside its prime-order subgroup, from random x coordinates.
pub(super) fn outside_subgroup<P: SWCurveConfig>(
    rng: &mut Rng,
    size: usize,
    mut random_x: impl FnMut(&mut Rng) -> P::BaseField,
) -> Vec<Affine<P>> {
    let mut out = Vec::with_capacity(size);
    while out.len() < size {
        let x = random_x(rng);
        if let Some(p) = Affine::<P>::get_point_from_x_unchecked(x, rng.percent(50)) {
            if !p.is_in_correct_subgroup_assuming_on_curve() {
                out.push(p);
            }
        }
    }
    out
}

impl<A: AffineRepr + Neg<Output = A>> Group<A> {
    /// A valid point: a pool point (50%) or the sum of two (a new point every time).
    pub fn valid(&self, rng: &mut Rng) -> A {
        let a = *rng.pick(&self.points);
        if rng.percent(50) {
            a
        } else {
            (a + *rng.pick(&self.points)).into_affine()
        }
    }

    /// The encoding of `p`.
    pub fn enc(&self, p: &A) -> Vec<u8> {
        (self.encode)(p)
    }

    /// `p` through [`point_variant`]'s mix (valid, negated, infinity, off the curve, outside
    /// the subgroup, edge coordinates, padding, random).
    pub fn variant(&self, rng: &mut Rng, p: A) -> Vec<u8> {
        let outside = (!self.outside.is_empty()).then(|| self.enc(rng.pick(&self.outside)));
        let modulus = bytes(self.modulus);
        point_variant(
            rng,
            Encoded {
                valid: self.enc(&p),
                negated: self.enc(&-p),
                outside_subgroup: outside,
                modulus: &modulus,
                width: self.width,
                padding: self.padding,
            },
        )
    }

    /// An ADD input `(P, Q)`: `P` from the point mix; `Q` independent (70%), `P` itself (15%,
    /// doubling) or `-P` (15%, sum at infinity); then the length faults.
    pub fn add_input(&self, rng: &mut Rng) -> Vec<u8> {
        let p = self.valid(rng);
        let a = self.variant(rng, p);
        let b = match rng.below(20) {
            0..=2 => a.clone(),
            3..=5 => self.enc(&-p),
            _ => {
                let q = self.valid(rng);
                self.variant(rng, q)
            }
        };
        let mut input = [a, b].concat();
        length_fault(rng, &mut input);
        input
    }

    /// An MSM input of `pairs` pairs `(P, s)`: all pairs the same point (20%) or each its
    /// own; each point valid (80%) or from the point mix; each scalar from `scalar`; then the
    /// length faults.
    pub fn msm_input(
        &self,
        rng: &mut Rng,
        pairs: usize,
        scalar: fn(&mut Rng) -> Vec<u8>,
    ) -> Vec<u8> {
        let repeated = rng.percent(20).then(|| self.enc(&self.valid(rng)));
        let mut input = Vec::new();
        for _ in 0..pairs {
            let point = match &repeated {
                Some(p) => p.clone(),
                None if rng.percent(80) => self.enc(&self.valid(rng)),
                None => {
                    let p = self.valid(rng);
                    self.variant(rng, p)
                }
            };
            input.extend(point);
            input.extend(scalar(rng));
        }
        length_fault(rng, &mut input);
        input
    }
}

/// A pairing input, `k` pairs `(P, Q)`: `k` = 0 (5%), 1 ..= 2 (60%), 3 ..= 4 (35%). Balanced
/// (40%): each pair `(P, Q)` followed by `(-P, Q)`, so the product is 1 unless the mix broke
/// it; otherwise independent pairs from the point mixes. Then the length faults.
pub(super) fn pairing_input<A, B>(rng: &mut Rng, g1: &Group<A>, g2: &Group<B>) -> Vec<u8>
where
    A: AffineRepr + Neg<Output = A>,
    B: AffineRepr + Neg<Output = B>,
{
    let pairs = match rng.below(20) {
        0 => 0,
        1..=12 => rng.range(1, 2),
        _ => rng.range(3, 4),
    };
    let balanced = rng.percent(40);
    let mut input = Vec::new();
    for _ in 0..pairs.div_ceil(if balanced { 2 } else { 1 }) {
        let (p, q) = (g1.valid(rng), g2.valid(rng));
        if balanced {
            input.extend(g1.enc(&p));
            input.extend(g2.enc(&q));
            input.extend(g1.variant(rng, -p));
            input.extend(if rng.percent(90) {
                g2.enc(&q)
            } else {
                g2.variant(rng, q)
            });
        } else {
            input.extend(g1.variant(rng, p));
            input.extend(g2.variant(rng, q));
        }
    }
    length_fault(rng, &mut input);
    input
}
