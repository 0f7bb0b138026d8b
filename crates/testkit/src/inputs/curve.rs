//! The generator logic shared by BN254 and BLS12-381: a group's pool of valid points and points
//! outside its subgroup, and the ADD, MSM and pairing input mixes built from it.

use super::{length_fault, lpad, point_variant, Encoded, Rng};
use crate::constants::bytes;
use ark_ec::short_weierstrass::{Affine, SWCurveConfig};
use ark_ec::{AffineRepr, CurveGroup};
use ark_ff::{BigInteger, Field, PrimeField};
use core::ops::Neg;

/// One group as a precompile sees it: valid points, points on the curve outside the subgroup
/// (none for a prime-order curve), and the encoding.
pub(super) struct Group<A> {
    /// Random multiples of the generator.
    pub points: Vec<A>,
    /// Points on the curve outside the prime-order subgroup (may be empty).
    pub outside: Vec<A>,
    /// Points whose order is one prime factor of the cofactor (one per factor; empty for a
    /// prime-order curve): see [`cofactor_points`].
    pub small_order: Vec<A>,
    /// The point's encoding (infinity as zeros).
    pub encode: fn(&A, usize) -> Vec<u8>,
    /// The base field's modulus (a `constants` hex string), an element's encoded width and
    /// the zero padding in front of it.
    pub modulus: &'static str,
    pub width: usize,
    pub padding: usize,
}

/// How a precompile encodes a curve's field elements: the base field's modulus (a `constants`
/// hex string), an element's width and the zero padding in front of it, and whether an
/// extension field element is written `c1, c0` (EIP-197) rather than `c0, c1` (EIP-2537).
pub(super) struct Layout {
    pub modulus: &'static str,
    pub width: usize,
    pub padding: usize,
    pub reversed: bool,
}

/// A group's cofactor, for the points outside the subgroup: its prime factors below 2^64 with
/// their exponents, and whether it has one more prime factor above 2^64 (see
/// [`cofactor_points`]).
pub(super) type Cofactor = (&'static [(u64, u32)], bool);

impl<P: SWCurveConfig> Group<Affine<P>> {
    /// `size` random multiples of `G`'s generator and, when the group has a `cofactor`, `size`
    /// random points outside the subgroup and one point per prime factor of the cofactor (x
    /// coordinates from random bytes, `width - padding` per base-prime-field element, reduced).
    pub(super) fn random<G: CurveGroup<Affine = Affine<P>>>(
        rng: &mut Rng,
        size: usize,
        cofactor: Option<Cofactor>,
        layout: Layout,
    ) -> Self {
        let bytes = layout.width - layout.padding;
        let random_x = |rng: &mut Rng| {
            let degree = P::BaseField::extension_degree() as usize;
            let elements = (0..degree).map(|_| {
                <P::BaseField as Field>::BasePrimeField::from_be_bytes_mod_order(&rng.bytes(bytes))
            });
            P::BaseField::from_base_prime_field_elems(elements).expect("degree elements")
        };
        let points = multiples::<G>(rng, size);
        let (outside, small_order) = match cofactor {
            Some((factors, rest)) => (
                outside_subgroup(rng, size, random_x),
                cofactor_points(rng, factors, rest, random_x),
            ),
            None => (Vec::new(), Vec::new()),
        };
        Group {
            points,
            outside,
            small_order,
            encode: if layout.reversed {
                encode::<P, true>
            } else {
                encode::<P, false>
            },
            modulus: layout.modulus,
            width: layout.width,
            padding: layout.padding,
        }
    }
}

/// The encoding of `p`: each coordinate's base-prime-field elements (`c0, c1` for an
/// extension field; `c1, c0` when `REVERSED`) as `width`-byte big-endian numbers; infinity as
/// zeros.
fn encode<P: SWCurveConfig, const REVERSED: bool>(p: &Affine<P>, width: usize) -> Vec<u8> {
    let degree = P::BaseField::extension_degree() as usize;
    let Some((x, y)) = p.xy() else {
        return vec![0; 2 * degree * width];
    };
    let mut out = Vec::with_capacity(2 * degree * width);
    for c in [x, y] {
        let mut elements: Vec<_> = c.to_base_prime_field_elements().collect();
        if REVERSED {
            elements.reverse();
        }
        for e in elements {
            out.extend(lpad(&e.into_bigint().to_bytes_be(), width));
        }
    }
    out
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

/// `x / d` for a little-endian limb string `x` and `d > 0`.
fn div_small(x: &[u64], d: u64) -> Vec<u64> {
    let mut out = vec![0u64; x.len()];
    let mut rem = 0u128;
    for i in (0..x.len()).rev() {
        let cur = (rem << 64) | u128::from(x[i]);
        out[i] = (cur / u128::from(d)) as u64;
        rem = cur % u128::from(d);
    }
    out
}

/// Points of the curve of `P` (order `r · h`, `h` = `P::COFACTOR`) whose order is exactly one
/// prime factor of `h`: for each `(q, e)` of `factors` (the prime factors of `h` below 2^64
/// and their exponents), a point of order `q` (`[q^j] [h / q^e] [r] X` for random points `X`
/// until it is not infinity, `j < e` the largest that leaves it finite); then, when `rest` is set (`h` has one prime factor above
/// 2^64), a point of that factor's order (`[∏ q^e] [r] X`).
pub(super) fn cofactor_points<P: SWCurveConfig>(
    rng: &mut Rng,
    factors: &[(u64, u32)],
    rest: bool,
    mut random_x: impl FnMut(&mut Rng) -> P::BaseField,
) -> Vec<Affine<P>> {
    let r = <P::ScalarField as PrimeField>::MODULUS;
    let mut random_point = |rng: &mut Rng| loop {
        if let Some(p) = Affine::<P>::get_point_from_x_unchecked(random_x(rng), rng.percent(50)) {
            return p.mul_bigint(r).into_affine();
        }
    };
    let mut out = Vec::new();
    for &(q, e) in factors {
        let k = div_small(P::COFACTOR, q.pow(e));
        // `[k][r]X` has an order dividing `q^e` (the q-part may be `Z/q × Z/q`, not cyclic):
        // multiplied by `q` while that stays finite, it has order exactly `q`.
        let mut t = loop {
            let t = random_point(rng).mul_bigint(&k).into_affine();
            if !t.is_zero() {
                break t;
            }
        };
        for _ in 1..e {
            let next = t.mul_bigint([q]).into_affine();
            if next.is_zero() {
                break;
            }
            t = next;
        }
        out.push(t);
    }
    if rest {
        let t = loop {
            let mut t = random_point(rng);
            for &(q, e) in factors {
                t = t.mul_bigint([q.pow(e)]).into_affine();
            }
            if !t.is_zero() {
                break t;
            }
        };
        out.push(t);
    }
    out
}

impl<A: AffineRepr + Neg<Output = A>> Group<A> {
    /// A point with a single cofactor component: one of [`Group::small_order`] alone (50%) or
    /// plus a valid point; `None` for a prime-order curve.
    pub fn with_small_component(&self, rng: &mut Rng) -> Option<A> {
        let t = *rng.pick(self.small_order.get(..).filter(|s| !s.is_empty())?);
        Some(if rng.percent(50) {
            t
        } else {
            (t + self.valid(rng)).into_affine()
        })
    }

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
        (self.encode)(p, self.width)
    }

    /// `p` through [`point_variant`]'s mix (valid, negated, infinity, off the curve, outside
    /// the subgroup, edge coordinates, padding, random).
    pub fn variant(&self, rng: &mut Rng, p: A) -> Vec<u8> {
        if rng.percent(8) {
            if let Some(t) = self.with_small_component(rng) {
                return self.enc(&t);
            }
        }
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

    /// An ADD input `(P, Q)`: `P` from the point mix, or (20%, where the cofactor is not 1)
    /// a point with a single small-order component ([`Group::with_small_component`]); `Q`
    /// independent (70%), `P` itself (15%, doubling) or `-P` (15%, sum at infinity); then the
    /// length faults.
    pub fn add_input(&self, rng: &mut Rng) -> Vec<u8> {
        let small = rng
            .percent(20)
            .then(|| self.with_small_component(rng))
            .flatten();
        let p = small.unwrap_or_else(|| self.valid(rng));
        let a = match small {
            Some(t) => self.enc(&t),
            None => self.variant(rng, p),
        };
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
    /// own; each point valid (80%) or from the point mix (which holds points with a small-order
    /// component); each scalar from `scalar`; then the
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
