//! What both curves' pairings share: the multi-Miller-loop driver over a signed-binary loop
//! parameter, the projective doubling and addition steps with their lines, the sparse line
//! products of the two twist types (D-type: BN254; M-type: BLS12-381), and the easy part of
//! the final exponentiation. Each curve's module gives its loop digits, twist constant, twist
//! type, the steps after the loop (BN254's two Frobenius additions) and the hard part.
//!
//! One `Fp12` squaring per step is shared by all pairs. The point `T` runs in homogeneous
//! projective coordinates (no inversion). The lines of a step (one per pair, two when the step
//! also adds) are multiplied together two at a time, a product of two lines having five
//! non-zero `Fp2` coefficients (6 `Fp2` multiplications), and the product goes into the
//! accumulator with a 17-multiplication product: 23 multiplications where two sparse line
//! products take 26. A line left over is multiplied in sparse form. Lines and points are
//! scaled by factors in `Fp2` where that saves work: the final exponentiation maps every such
//! factor to one.
//!
//! Variable time: pairing inputs are public.

use crate::fp12::Fp12;
use crate::fp2::{Fp2, TowerField};
use crate::fp6::{karatsuba3, Fp6};
use alloc::vec::Vec;

/// One input pair of a Miller loop, both points affine and neither at infinity (the caller
/// skips pairs with infinity: their pairing is one).
#[derive(Clone, Copy, Debug)]
pub struct MillerPair<F> {
    /// `x` of the G1 point.
    pub px: F,
    /// `y` of the G1 point.
    pub py: F,
    /// `x` of the G2 point (on the twist).
    pub qx: Fp2<F>,
    /// `y` of the G2 point.
    pub qy: Fp2<F>,
}

/// A twist point in homogeneous projective coordinates: `(X/Z, Y/Z)`.
#[derive(Clone, Copy)]
pub(crate) struct Projective<F> {
    x: Fp2<F>,
    y: Fp2<F>,
    z: Fp2<F>,
}

/// A line through twist points, `y_part * (-y_P) + x_part * x_P + constant` once evaluated at
/// a G1 point `P`; where its three terms sit in `Fp12` is the twist type's business.
#[derive(Clone, Copy)]
pub struct Line<F> {
    /// The coefficient of `-y_P` (before evaluation; after it, the term itself).
    pub y_part: Fp2<F>,
    /// The coefficient of `x_P` (before evaluation; after it, the term itself).
    pub x_part: Fp2<F>,
    /// The constant term.
    pub constant: Fp2<F>,
}

impl<F: TowerField> Projective<F> {
    /// `T <- 2T` on `y^2 = x^3 + b` and the tangent line at `T` (Costello, Lange and Naehrig,
    /// "Faster pairing computations on curves with high-degree twists", homogeneous
    /// coordinates), with the result scaled by 4 so that no halving is needed; `three_b`
    /// multiplies by `3b` (by additions where `b` allows, as BLS12-381's `4 (1 + u)`).
    #[inline]
    fn double(&mut self, three_b: &impl Fn(Fp2<F>) -> Fp2<F>) -> Line<F> {
        let Projective { x, y, z } = *self;
        let a = x.mul(y);
        let bb = y.square();
        let c = z.square();
        let e = three_b(c); // 3 b Z^2
        let f = e.double().add(e);
        let h = y.add(z).square().sub(bb).sub(c);
        let i = e.sub(bb);
        let j = x.square();
        let e2 = e.square();
        let twelve_e2 = e2.double().add(e2).double().double();
        self.x = a.double().mul(bb.sub(f));
        self.y = bb.add(f).square().sub(twelve_e2);
        self.z = bb.mul(h).double().double();
        Line {
            y_part: h,
            x_part: j.double().add(j),
            constant: i,
        }
    }

    /// `T <- T + Q` for affine `Q = (qx, qy)` and the line through them, negated (so that its
    /// `y_part` takes `-y_P` as the doubling line's does).
    #[inline]
    fn add(&mut self, qx: Fp2<F>, qy: Fp2<F>) -> Line<F> {
        let Projective { x, y, z } = *self;
        let theta = y.sub(qy.mul(z));
        let lambda = x.sub(qx.mul(z));
        let c = theta.square();
        let d = lambda.square();
        let e = lambda.mul(d);
        let f = z.mul(c);
        let g = x.mul(d);
        let h = e.add(f).sub(g.double());
        self.x = lambda.mul(h);
        self.y = theta.mul(g.sub(h)).sub(e.mul(y));
        self.z = z.mul(e);
        let j = theta.mul(qx).sub(lambda.mul(qy));
        Line {
            y_part: lambda,
            x_part: theta,
            constant: j.neg(),
        }
    }
}

/// Where a twist puts a line's three terms in `Fp12`, and the products with them.
pub trait Twist<F: TowerField> {
    /// `f * l` for one evaluated line.
    fn mul_by_line(f: &Fp12<F>, l: &Line<F>) -> Fp12<F>;
    /// `f * a * b` for two evaluated lines (their product first, then one 17-multiplication
    /// product with `f`).
    fn mul_by_lines(f: &Fp12<F>, a: &Line<F>, b: &Line<F>) -> Fp12<F>;
    /// One evaluated line as an `Fp12` element (the first factor of a loop: no product).
    fn line_to_fp12(l: &Line<F>) -> Fp12<F>;
    /// The product of two evaluated lines as an `Fp12` element.
    fn lines_to_fp12(a: &Line<F>, b: &Line<F>) -> Fp12<F>;
}

/// The D-type sextic twist (BN254): a line is `y_part + x_part w + constant w^3`.
pub struct DType;
/// The M-type sextic twist (BLS12-381): a line is `constant + x_part w^2 + y_part w^3`.
pub struct MType;

/// The product of two D-type lines `(a0 + a3 w + a4 w^3)(b0 + b3 w + b4 w^3)` as its
/// coefficients of `w^0 .. w^4` (`w^6 = xi`; the `w^5` one is zero): Karatsuba on the three
/// pairs of terms.
pub fn line_product<F: TowerField>(
    a: (Fp2<F>, Fp2<F>, Fp2<F>),
    b: (Fp2<F>, Fp2<F>, Fp2<F>),
) -> [Fp2<F>; 5] {
    let ([x0, x3, x4], [z1, z3, z4]) = karatsuba3([a.0, a.1, a.2], [b.0, b.1, b.2]);
    [x0.add(x4.mul_by_nonresidue()), z1, x3, z3, z4]
}

/// `f * (z0 + z1 w + z2 w^2 + z3 w^3 + z4 w^4)`, the product of two D-type lines from
/// [`line_product`]: with `f = f0 + f1 w` and the factor `A + B w`, `A = (z0, z2, z4)` and
/// `B = (z1, z3, 0)` in `Fp6`, Karatsuba with one sparse product `f1 B`.
pub fn mul_by_01234<F: TowerField>(f: &Fp12<F>, z: &[Fp2<F>; 5]) -> Fp12<F> {
    let a = Fp6::new(z[0], z[2], z[4]);
    let t0 = f.c0.mul(&a);
    let t1 = f.c1.mul_by_01(z[1], z[3]);
    let sum = Fp6::new(z[0].add(z[1]), z[2].add(z[3]), z[4]);
    let c1 = f.c0.add(&f.c1).mul(&sum).sub(&t0).sub(&t1);
    Fp12::new(t0.add(&t1.mul_by_v()), c1)
}

impl<F: TowerField> Twist<F> for DType {
    #[inline]
    fn mul_by_line(f: &Fp12<F>, l: &Line<F>) -> Fp12<F> {
        f.mul_by_034(l.y_part, l.x_part, l.constant)
    }
    #[inline]
    fn mul_by_lines(f: &Fp12<F>, a: &Line<F>, b: &Line<F>) -> Fp12<F> {
        let z = line_product(
            (a.y_part, a.x_part, a.constant),
            (b.y_part, b.x_part, b.constant),
        );
        mul_by_01234(f, &z)
    }
    #[inline]
    fn line_to_fp12(l: &Line<F>) -> Fp12<F> {
        Fp12::new(
            Fp6::new(l.y_part, Fp2::ZERO, Fp2::ZERO),
            Fp6::new(l.x_part, l.constant, Fp2::ZERO),
        )
    }
    #[inline]
    fn lines_to_fp12(a: &Line<F>, b: &Line<F>) -> Fp12<F> {
        let z = line_product(
            (a.y_part, a.x_part, a.constant),
            (b.y_part, b.x_part, b.constant),
        );
        Fp12::new(Fp6::new(z[0], z[2], z[4]), Fp6::new(z[1], z[3], Fp2::ZERO))
    }
}

impl MType {
    /// `(a0 + a2 w^2 + a3 w^3)(b0 + b2 w^2 + b3 w^3)` by Karatsuba on the three pairs of
    /// terms: the coefficients `w^0: a0 b0 + xi a3 b3`, `w^2, w^3, w^5`: the cross sums,
    /// `w^4: a2 b2` (no `w^1`), as `A = (g0, g2, g4)` and the `w` part `(0, g3, g5)`.
    #[inline]
    fn line_pair<F: TowerField>(a: &Line<F>, b: &Line<F>) -> (Fp6<F>, Fp2<F>, Fp2<F>) {
        let ([v0, v2, v3], [c02, c03, c23]) = karatsuba3(
            [a.constant, a.x_part, a.y_part],
            [b.constant, b.x_part, b.y_part],
        );
        (Fp6::new(v0.add(v3.mul_by_nonresidue()), c02, v2), c03, c23)
    }
}

impl<F: TowerField> Twist<F> for MType {
    #[inline]
    fn mul_by_line(f: &Fp12<F>, l: &Line<F>) -> Fp12<F> {
        f.mul_by_014(l.constant, l.x_part, l.y_part)
    }
    /// The two lines' product (Karatsuba on their three terms), then `f (A + B w)` with `A`
    /// full and `B = (0, g3, g5) = v (g3 + g5 v)` sparse ([`Fp12::mul_by_full_and_v01`]).
    #[inline]
    fn mul_by_lines(f: &Fp12<F>, a: &Line<F>, b: &Line<F>) -> Fp12<F> {
        let (big_a, g3, g5) = Self::line_pair(a, b);
        f.mul_by_full_and_v01(&big_a, g3, g5)
    }
    #[inline]
    fn line_to_fp12(l: &Line<F>) -> Fp12<F> {
        Fp12::new(
            Fp6::new(l.constant, l.x_part, Fp2::ZERO),
            Fp6::new(Fp2::ZERO, l.y_part, Fp2::ZERO),
        )
    }
    #[inline]
    fn lines_to_fp12(a: &Line<F>, b: &Line<F>) -> Fp12<F> {
        let (big_a, g3, g5) = Self::line_pair(a, b);
        Fp12::new(big_a, Fp6::new(Fp2::ZERO, g3, g5))
    }
}

/// The per-pair state of the loop: the G1 point (with `-y`), `Q`, `-Q` and `T`.
pub(crate) struct PairState<F> {
    px: F,
    neg_py: F,
    pub(crate) q: (Fp2<F>, Fp2<F>),
    neg_q: (Fp2<F>, Fp2<F>),
    t: Projective<F>,
}

impl<F: TowerField> PairState<F> {
    /// The line evaluated at `P`.
    #[inline]
    fn evaluate(&self, l: &Line<F>) -> Line<F> {
        Line {
            y_part: l.y_part.mul_by_fp(self.neg_py),
            x_part: l.x_part.mul_by_fp(self.px),
            constant: l.constant,
        }
    }

    /// `T <- T + (qx, qy)`, its line evaluated at `P` and multiplied into `acc`.
    #[inline]
    pub(crate) fn add_step<T: Twist<F>>(
        &mut self,
        qx: Fp2<F>,
        qy: Fp2<F>,
        acc: &mut Accumulator<F, T>,
    ) {
        let l = self.t.add(qx, qy);
        acc.absorb(self.evaluate(&l));
    }
}

/// The accumulator of a Miller loop with at most one evaluated line waiting for a partner.
pub(crate) struct Accumulator<F, T> {
    f: Fp12<F>,
    /// Whether `f` is still one (then the first lines become `f` without a product).
    one: bool,
    pending: Option<Line<F>>,
    twist: core::marker::PhantomData<T>,
}

impl<F: TowerField, T: Twist<F>> Accumulator<F, T> {
    /// Multiplies in an evaluated line: kept until the next one arrives, then both at once.
    #[inline]
    fn absorb(&mut self, l: Line<F>) {
        match self.pending.take() {
            None => self.pending = Some(l),
            Some(p) if self.one => {
                self.f = T::lines_to_fp12(&p, &l);
                self.one = false;
            }
            Some(p) => self.f = T::mul_by_lines(&self.f, &p, &l),
        }
    }

    /// The accumulated value, with a waiting line multiplied in (before a squaring).
    #[inline]
    fn flush(&mut self) -> &mut Fp12<F> {
        if let Some(l) = self.pending.take() {
            self.f = if self.one {
                T::line_to_fp12(&l)
            } else {
                T::mul_by_line(&self.f, &l)
            };
            self.one = false;
        }
        &mut self.f
    }
}

/// The product over `pairs` of the Miller functions `f_{n, Q}(P)` for the loop parameter
/// `n = sum digits[i] 2^i` (`digits` little-endian signed binary in `{-1, 0, 1}`, its top
/// digit 1) on the twist `y^2 = x^3 + b`, then `tail` run on every pair's state (for steps
/// after the loop), all lines multiplied in; one for an empty slice. `three_b` multiplies
/// by `3b`, `b` the twist's constant. Meaningful only after a final exponentiation and for
/// validated points; other inputs give some value, never a panic (the loop divides by
/// nothing).
pub(crate) fn miller_loop<F: TowerField, T: Twist<F>>(
    pairs: &[MillerPair<F>],
    three_b: impl Fn(Fp2<F>) -> Fp2<F>,
    digits: &[i8],
    mut tail: impl FnMut(&mut PairState<F>, &mut Accumulator<F, T>),
) -> Fp12<F> {
    let mut states: Vec<PairState<F>> = pairs
        .iter()
        .map(|p| PairState {
            px: p.px,
            neg_py: p.py.neg(),
            q: (p.qx, p.qy),
            neg_q: (p.qx, p.qy.neg()),
            t: Projective {
                x: p.qx,
                y: p.qy,
                z: Fp2::ONE,
            },
        })
        .collect();
    let mut acc = Accumulator::<F, T> {
        f: Fp12::ONE,
        one: true,
        pending: None,
        twist: core::marker::PhantomData,
    };
    let top = digits.len().saturating_sub(1);
    for i in (0..top).rev() {
        if i != top - 1 {
            let f = acc.flush();
            *f = f.square();
        }
        let digit = digits[i];
        for s in &mut states {
            let l = s.t.double(&three_b);
            acc.absorb(s.evaluate(&l));
            if digit != 0 {
                let (qx, qy) = if digit > 0 { s.q } else { s.neg_q };
                s.add_step(qx, qy, &mut acc);
            }
        }
    }
    for s in &mut states {
        tail(s, &mut acc);
    }
    *acc.flush()
}

/// `f^((p^12 - 1) / r)` up to a fixed power coprime to `r` given the hard part `hard` (which
/// raises an element of the cyclotomic subgroup to `(p^4 - p^2 + 1) / r`, or a fixed multiple
/// of it), or `None` when `f` is zero (no Miller loop of valid points is).
pub fn final_exponentiation_with<F: TowerField>(
    f: &Fp12<F>,
    hard: impl FnOnce(&Fp12<F>) -> Fp12<F>,
) -> Option<Fp12<F>> {
    let r = easy_part(f)?;
    Some(hard(&r))
}

/// `f^((p^6 - 1)(p^2 + 1))`, or `None` for zero. For `f = a + b w`, `f^(p^6) / f =
/// conj(f)^2 / (f conj(f)) = (a^2 + v b^2 - 2ab w) / (a^2 - v b^2)`: the squares serve both
/// the numerator and the norm, so one `Fp6` inversion and 3 `Fp6` multiplications (an
/// `Fp12` inversion and a product took 5). The result lies in the cyclotomic subgroup.
pub fn easy_part<F: TowerField>(f: &Fp12<F>) -> Option<Fp12<F>> {
    let a2 = f.c0.square();
    let vb2 = f.c1.square().mul_by_v();
    let ab = f.c0.mul(&f.c1);
    let inv = a2.sub(&vb2).inverse()?;
    let r = Fp12::new(a2.add(&vb2).mul(&inv), ab.double().mul(&inv).neg());
    Some(r.frobenius2().mul(&r))
}
