//! `Fp6 = Fp2[v] / (v^3 - xi)`, the middle floor of the tower (xi from [`TowerField`]).
//!
//! Variable time: pairing inputs are public, so no operation here hides its operands.

use crate::fp2::{Fp2, TowerField};

/// Karatsuba over three terms, 6 `Fp2` multiplications: the products `[a0 b0, a1 b1, a2 b2]`
/// and the cross sums `[a0 b1 + a1 b0, a0 b2 + a2 b0, a1 b2 + a2 b1]` (each as
/// `(ai + aj)(bi + bj) - ai bi - aj bj`). Shared by [`Fp6::mul`] and the line products of the
/// Miller loop.
#[inline(always)]
pub(crate) fn karatsuba3<F: TowerField>(
    a: [Fp2<F>; 3],
    b: [Fp2<F>; 3],
) -> ([Fp2<F>; 3], [Fp2<F>; 3]) {
    let v = [a[0].mul(b[0]), a[1].mul(b[1]), a[2].mul(b[2])];
    let cross = |i: usize, j: usize| a[i].add(a[j]).mul(b[i].add(b[j])).sub(v[i]).sub(v[j]);
    (v, [cross(0, 1), cross(0, 2), cross(1, 2)])
}

/// `a * b` by Karatsuba over the three coefficients: 6 `Fp2` multiplications.
#[inline]
pub fn karatsuba_mul<F: TowerField>(a: &Fp6<F>, b: &Fp6<F>) -> Fp6<F> {
    let ([v0, v1, v2], [t01, t02, t12]) = karatsuba3([a.c0, a.c1, a.c2], [b.c0, b.c1, b.c2]);
    // t12 = a1 b2 + a2 b1 is the v^3 = xi part.
    Fp6::new(
        v0.add(t12.mul_by_nonresidue()),
        t01.add(v2.mul_by_nonresidue()),
        t02.add(v1),
    )
}

/// `a * (b0 + b1 v)`: 5 `Fp2` multiplications.
#[inline]
pub fn mul_by_01_reduced<F: TowerField>(a: &Fp6<F>, b0: Fp2<F>, b1: Fp2<F>) -> Fp6<F> {
    let (a0, a1, a2) = (a.c0, a.c1, a.c2);
    let v0 = a0.mul(b0);
    let v1 = a1.mul(b1);
    let t01 = a0.add(a1).mul(b0.add(b1)).sub(v0).sub(v1);
    Fp6::new(
        v0.add(a2.mul(b1).mul_by_nonresidue()),
        t01,
        a2.mul(b0).add(v1),
    )
}

/// An element `c0 + c1 v + c2 v^2` of `Fp6`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fp6<F> {
    /// Coefficient of 1.
    pub c0: Fp2<F>,
    /// Coefficient of `v`.
    pub c1: Fp2<F>,
    /// Coefficient of `v^2`.
    pub c2: Fp2<F>,
}

impl<F: TowerField> Fp6<F> {
    /// Zero.
    pub const ZERO: Self = Self::new(Fp2::<F>::ZERO, Fp2::<F>::ZERO, Fp2::<F>::ZERO);
    /// One.
    pub const ONE: Self = Self::new(Fp2::<F>::ONE, Fp2::<F>::ZERO, Fp2::<F>::ZERO);

    /// `c0 + c1 v + c2 v^2`.
    pub const fn new(c0: Fp2<F>, c1: Fp2<F>, c2: Fp2<F>) -> Self {
        Fp6 { c0, c1, c2 }
    }

    /// `self + o`.
    #[inline]
    pub fn add(&self, o: &Self) -> Self {
        Self::new(self.c0.add(o.c0), self.c1.add(o.c1), self.c2.add(o.c2))
    }

    /// `self - o`.
    #[inline]
    pub fn sub(&self, o: &Self) -> Self {
        Self::new(self.c0.sub(o.c0), self.c1.sub(o.c1), self.c2.sub(o.c2))
    }

    /// `-self`.
    #[inline]
    pub fn neg(&self) -> Self {
        Self::new(self.c0.neg(), self.c1.neg(), self.c2.neg())
    }

    /// `2 self`.
    #[inline]
    pub fn double(&self) -> Self {
        Self::new(self.c0.double(), self.c1.double(), self.c2.double())
    }

    /// `self * v`: `(xi c2, c0, c1)`, since `v^3 = xi`.
    #[inline]
    pub fn mul_by_v(&self) -> Self {
        Self::new(self.c2.mul_by_nonresidue(), self.c0, self.c1)
    }

    /// `self * s` for `s` in `Fp2`.
    #[inline]
    pub fn mul_by_fp2(&self, s: Fp2<F>) -> Self {
        Self::new(self.c0.mul(s), self.c1.mul(s), self.c2.mul(s))
    }

    /// `self * o` ([`TowerField::fp6_mul`]).
    #[inline]
    pub fn mul(&self, o: &Self) -> Self {
        F::fp6_mul(self, o)
    }

    /// `self * (b0 + b1 v)`: the sparse product of line evaluation
    /// ([`TowerField::fp6_mul_by_01`]).
    #[inline]
    pub fn mul_by_01(&self, b0: Fp2<F>, b1: Fp2<F>) -> Self {
        F::fp6_mul_by_01(self, b0, b1)
    }

    /// `self * (b1 v)`: 3 `Fp2` multiplications.
    #[inline]
    pub fn mul_by_1(&self, b1: Fp2<F>) -> Self {
        Self::new(
            self.c2.mul(b1).mul_by_nonresidue(),
            self.c0.mul(b1),
            self.c1.mul(b1),
        )
    }

    /// `self^2` by Chung and Hasan's SQR2: 2 `Fp2` multiplications and 3 squarings.
    #[inline]
    pub fn square(&self) -> Self {
        let (a0, a1, a2) = (self.c0, self.c1, self.c2);
        let s0 = a0.square();
        let s1 = a0.mul(a1).double();
        let s2 = a0.sub(a1).add(a2).square();
        let s3 = a1.mul(a2).double();
        let s4 = a2.square();
        Self::new(
            s0.add(s3.mul_by_nonresidue()),
            s1.add(s4.mul_by_nonresidue()),
            s1.add(s2).add(s3).sub(s0).sub(s4),
        )
    }

    /// `self^-1`, or `None` for zero: the adjugate over the norm to `Fp2`.
    pub fn inverse(&self) -> Option<Self> {
        let (a0, a1, a2) = (self.c0, self.c1, self.c2);
        let t0 = a0.square().sub(a1.mul(a2).mul_by_nonresidue());
        let t1 = a2.square().mul_by_nonresidue().sub(a0.mul(a1));
        let t2 = a1.square().sub(a0.mul(a2));
        let norm = a0
            .mul(t0)
            .add(a2.mul(t1).add(a1.mul(t2)).mul_by_nonresidue());
        let inv = norm.inverse()?;
        Some(Self::new(t0.mul(inv), t1.mul(inv), t2.mul(inv)))
    }
}
