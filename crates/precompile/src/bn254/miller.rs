//! The optimal ate multi-Miller loop of BN254: for pairs `(P_i, Q_i)` (`P_i` in G1, `Q_i` on
//! the D-type sextic twist), `prod_i f_{6x+2, Q_i}(P_i) * l_{T, psi(Q_i)}(P_i) *
//! l_{T', -psi^2(Q_i)}(P_i)`, up to factors the final exponentiation removes.
//!
//! One `Fp12` squaring per step is shared by all pairs. The point `T` runs in homogeneous
//! projective coordinates (no inversion). The lines `d0 + d3 w + d4 v w` of a step (one per
//! pair, two when the step also adds) are multiplied together two at a time, a product of
//! two such lines having five non-zero coefficients (`line_product`, 6 `Fp2`
//! multiplications), and the product goes into the accumulator with `mul_by_01234` (17):
//! 23 multiplications where two sparse [`Fp12::mul_by_034`] take 26. A line left over is
//! multiplied in sparse form. Lines and points are scaled by factors in `Fp2` where that saves
//! work: the final exponentiation maps every such factor to one.
//!
//! Variable time: pairing inputs are public.

use super::fp::Fp;
use super::fp12::Fp12;
use super::fp2::Fp2;
use super::fp6::{karatsuba3, Fp6, FROB2};
use super::g2::{B, PSI_X, PSI_Y};
use alloc::vec::Vec;

/// `6x + 2` in signed binary, least significant digit first (65 digits, 22 non-zero: the
/// non-adjacent form with its top digits `-1, 0, 1` written as `1, 1`).
pub(crate) const ATE_LOOP: [i8; 65] = [
    0, 0, 0, 1, 0, 1, 0, -1, 0, 0, -1, 0, 0, 0, 1, 0, 0, -1, 0, -1, 0, 0, 0, 1, 0, -1, 0, 0, 0, 0,
    -1, 0, 0, 1, 0, -1, 0, 0, 1, 0, 0, 0, 0, 0, -1, 0, 0, -1, 0, 1, 0, -1, 0, 0, 0, -1, 0, -1, 0,
    0, 0, 1, 0, 1, 1,
];

/// One input pair of the Miller loop, both points affine and neither at infinity (the caller
/// skips pairs with infinity: their pairing is one).
#[derive(Clone, Copy, Debug)]
pub struct MillerPair {
    /// `x` of the G1 point.
    pub px: Fp,
    /// `y` of the G1 point.
    pub py: Fp,
    /// `x` of the G2 point (on the twist).
    pub qx: Fp2,
    /// `y` of the G2 point.
    pub qy: Fp2,
}

/// A twist point in homogeneous projective coordinates: `(X/Z, Y/Z)`.
#[derive(Clone, Copy)]
struct Projective {
    x: Fp2,
    y: Fp2,
    z: Fp2,
}

/// A line `d0 + d3 w + d4 v w` before evaluation: `d0` is still to be multiplied by `-y_P`
/// and `d3` by `x_P`.
struct Line {
    d0: Fp2,
    d3: Fp2,
    d4: Fp2,
}

/// The per-pair state of the loop.
struct PairState {
    px: Fp,
    neg_py: Fp,
    q: (Fp2, Fp2),
    neg_q: (Fp2, Fp2),
    t: Projective,
}

impl Projective {
    /// `T <- 2T` and the tangent line at `T` (Costello, Lange and Naehrig, "Faster pairing
    /// computations on curves with high-degree twists", homogeneous coordinates), with the
    /// result scaled by 4 so that no halving is needed.
    #[inline]
    fn double(&mut self) -> Line {
        let Projective { x, y, z } = *self;
        let a = x.mul(y);
        let b = y.square();
        let c = z.square();
        let bc = B.mul(c);
        let e = bc.double().add(bc); // 3 b' Z^2
        let f = e.double().add(e);
        let h = y.add(z).square().sub(b).sub(c);
        let i = e.sub(b);
        let j = x.square();
        let e2 = e.square();
        let twelve_e2 = e2.double().add(e2).double().double();
        self.x = a.double().mul(b.sub(f));
        self.y = b.add(f).square().sub(twelve_e2);
        self.z = b.mul(h).double().double();
        Line {
            d0: h,
            d3: j.double().add(j),
            d4: i,
        }
    }

    /// `T <- T + Q` for affine `Q = (qx, qy)` and the line through them, negated (so that
    /// `d0` takes `-y_P` as the doubling line does).
    #[inline]
    fn add(&mut self, qx: Fp2, qy: Fp2) -> Line {
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
            d0: lambda,
            d3: theta,
            d4: j.neg(),
        }
    }
}

impl PairState {
    /// The line evaluated at `P`.
    #[inline]
    fn evaluate(&self, l: &Line) -> Line {
        Line {
            d0: l.d0.mul_by_fp(self.neg_py),
            d3: l.d3.mul_by_fp(self.px),
            d4: l.d4,
        }
    }
}

/// The product of two evaluated lines `(a0 + a3 w + a4 w^3)(b0 + b3 w + b4 w^3)` as its
/// coefficients of `w^0 .. w^4` (`w^6 = xi`; the `w^5` one is zero): Karatsuba on the three
/// pairs of terms.
pub(crate) fn line_product(a: (Fp2, Fp2, Fp2), b: (Fp2, Fp2, Fp2)) -> [Fp2; 5] {
    let ([x0, x3, x4], [z1, z3, z4]) = karatsuba3([a.0, a.1, a.2], [b.0, b.1, b.2]);
    [x0.add(x4.mul_by_nonresidue()), z1, x3, z3, z4]
}

/// `f * (z0 + z1 w + z2 w^2 + z3 w^3 + z4 w^4)`, the product of two lines from
/// [`line_product`]: with `f = f0 + f1 w` and the factor `A + B w`, `A = (z0, z2, z4)` and
/// `B = (z1, z3, 0)` in `Fp6`, Karatsuba with one sparse product `f1 B`.
pub(crate) fn mul_by_01234(f: &Fp12, z: &[Fp2; 5]) -> Fp12 {
    let a = Fp6::new(z[0], z[2], z[4]);
    let t0 = f.c0.mul(&a);
    let t1 = f.c1.mul_by_01(z[1], z[3]);
    let sum = Fp6::new(z[0].add(z[1]), z[2].add(z[3]), z[4]);
    let c1 = f.c0.add(&f.c1).mul(&sum).sub(&t0).sub(&t1);
    Fp12::new(t0.add(&t1.mul_by_v()), c1)
}

/// The accumulator of a Miller loop with at most one evaluated line waiting for a partner.
struct Accumulator {
    f: Fp12,
    pending: Option<Line>,
}

impl Accumulator {
    /// Multiplies in an evaluated line: kept until the next one arrives, then both at once.
    #[inline]
    fn absorb(&mut self, l: Line) {
        match self.pending.take() {
            None => self.pending = Some(l),
            Some(p) => {
                let z = line_product((p.d0, p.d3, p.d4), (l.d0, l.d3, l.d4));
                self.f = mul_by_01234(&self.f, &z);
            }
        }
    }

    /// The accumulated value, with a waiting line multiplied in (before a squaring).
    #[inline]
    fn flush(&mut self) -> &mut Fp12 {
        if let Some(l) = self.pending.take() {
            self.f = self.f.mul_by_034(l.d0, l.d3, l.d4);
        }
        &mut self.f
    }
}

/// The twist's Frobenius endomorphism `psi(x, y) = (conj(x) xi^((p-1)/3), conj(y)
/// xi^((p-1)/2))`.
fn psi(x: Fp2, y: Fp2) -> (Fp2, Fp2) {
    (x.conjugate().mul(PSI_X), y.conjugate().mul(PSI_Y))
}

/// `-psi^2(x, y) = (x xi^((p^2-1)/3), y)` (`xi^((p^2-1)/2) = -1`).
fn neg_psi2(x: Fp2, y: Fp2) -> (Fp2, Fp2) {
    (x.mul_by_fp(FROB2[1]), y)
}

/// The product of the optimal ate Miller loops of `pairs` (one for an empty slice). The
/// result is meaningful only after [`super::final_exp::final_exponentiation`], and only for
/// validated points (G1 on the curve, G2 in the order-r subgroup of the twist, as
/// [`super::pairing::decode_pair`] ensures); other inputs give some value, never a panic
/// (the loop divides by nothing).
pub fn multi_miller_loop(pairs: &[MillerPair]) -> Fp12 {
    let mut states: Vec<PairState> = pairs
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
    let mut acc = Accumulator {
        f: Fp12::ONE,
        pending: None,
    };
    let top = ATE_LOOP.len() - 1;
    for i in (0..top).rev() {
        if i != top - 1 {
            let f = acc.flush();
            *f = f.square();
        }
        let digit = ATE_LOOP[i];
        for s in &mut states {
            let l = s.t.double();
            acc.absorb(s.evaluate(&l));
            if digit != 0 {
                let (qx, qy) = if digit > 0 { s.q } else { s.neg_q };
                let l = s.t.add(qx, qy);
                acc.absorb(s.evaluate(&l));
            }
        }
    }
    for s in &mut states {
        let (q1x, q1y) = psi(s.q.0, s.q.1);
        let (q2x, q2y) = neg_psi2(s.q.0, s.q.1);
        let l = s.t.add(q1x, q1y);
        acc.absorb(s.evaluate(&l));
        let l = s.t.add(q2x, q2y);
        acc.absorb(s.evaluate(&l));
    }
    *acc.flush()
}
