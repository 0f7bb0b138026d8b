//! `Fp12 = Fp6[w] / (w^2 - v)`, the top of the tower and home of the pairing values.
//!
//! Writing `f = g0 + g1 w + ... + g5 w^5` with `g_j` in `Fp2` (`w^6 = xi`), `c0 = (g0, g2, g4)`
//! and `c1 = (g1, g3, g5)`. Variable time: pairing inputs are public.

use crate::fp2::{Fp2, TowerField};
use crate::fp6::Fp6;

/// An element `c0 + c1 w` of `Fp12`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fp12<F> {
    /// Coefficient of 1.
    pub c0: Fp6<F>,
    /// Coefficient of `w`.
    pub c1: Fp6<F>,
}

impl<F: TowerField> Fp12<F> {
    /// One, the neutral element of the pairing group.
    pub const ONE: Self = Self::new(Fp6::<F>::ONE, Fp6::<F>::ZERO);

    /// `c0 + c1 w`.
    pub const fn new(c0: Fp6<F>, c1: Fp6<F>) -> Self {
        Fp12 { c0, c1 }
    }

    /// Whether `self` is one.
    pub fn is_one(&self) -> bool {
        *self == Self::ONE
    }

    /// `self * o` by Karatsuba over `w`: 3 `Fp6` multiplications.
    #[inline]
    pub fn mul(&self, o: &Self) -> Self {
        let t0 = self.c0.mul(&o.c0);
        let t1 = self.c1.mul(&o.c1);
        let c1 = self
            .c0
            .add(&self.c1)
            .mul(&o.c0.add(&o.c1))
            .sub(&t0)
            .sub(&t1);
        Self::new(t0.add(&t1.mul_by_v()), c1)
    }

    /// `self^2` by complex squaring: 2 `Fp6` multiplications.
    #[inline]
    pub fn square(&self) -> Self {
        let (a0, a1) = (&self.c0, &self.c1);
        let ab = a0.mul(a1);
        // (a0 + a1)(a0 + v a1) = a0^2 + v a1^2 + (1 + v) a0 a1.
        let c0 = a0
            .add(a1)
            .mul(&a0.add(&a1.mul_by_v()))
            .sub(&ab)
            .sub(&ab.mul_by_v());
        Self::new(c0, ab.double())
    }

    /// `self^(p^6)`: `c0 - c1 w`. On the cyclotomic subgroup (every value after the easy part
    /// of the final exponentiation) this is the inverse.
    #[inline]
    pub fn conjugate(&self) -> Self {
        Self::new(self.c0, self.c1.neg())
    }

    /// `self^-1`, or `None` for zero: `(c0 - c1 w) / (c0^2 - v c1^2)`.
    pub fn inverse(&self) -> Option<Self> {
        let norm = self.c0.square().sub(&self.c1.square().mul_by_v());
        let inv = norm.inverse()?;
        Some(Self::new(self.c0.mul(&inv), self.c1.mul(&inv).neg()))
    }

    /// `self * (d0 + d3 w + d4 v w)`: the product with a line evaluated at a G1 point (the
    /// sparse shape of lines on a D-type twist, BN254's), 13 `Fp2` multiplications.
    #[inline]
    pub fn mul_by_034(&self, d0: Fp2<F>, d3: Fp2<F>, d4: Fp2<F>) -> Self {
        let a = self.c0.mul_by_fp2(d0);
        let b = self.c1.mul_by_01(d3, d4);
        let e = self.c0.add(&self.c1).mul_by_01(d0.add(d3), d4);
        Self::new(a.add(&b.mul_by_v()), e.sub(&a).sub(&b))
    }

    /// `self * (d0 + d1 v + d4 v w)`: the product with a line evaluated at a G1 point on an
    /// M-type twist (BLS12-381's: coefficients of `w^0`, `w^2`, `w^3`), 13 `Fp2`
    /// multiplications.
    #[inline]
    pub fn mul_by_014(&self, d0: Fp2<F>, d1: Fp2<F>, d4: Fp2<F>) -> Self {
        let a = self.c0.mul_by_01(d0, d1);
        let b = self.c1.mul_by_1(d4);
        let e = self.c0.add(&self.c1).mul_by_01(d0, d1.add(d4));
        Self::new(a.add(&b.mul_by_v()), e.sub(&a).sub(&b))
    }

    /// `self * (a + v (b0 + b1 v) w)`: the product with two M-type lines multiplied together
    /// (`a` full, the `w` part sparse): `t0 = f0 a`, `t1 = f1 v (b0 + b1 v)`, Karatsuba over
    /// `w`, 16 `Fp2` multiplications.
    #[inline]
    pub fn mul_by_full_and_v01(&self, a: &Fp6<F>, b0: Fp2<F>, b1: Fp2<F>) -> Self {
        let t0 = self.c0.mul(a);
        let t1 = self.c1.mul_by_01(b0, b1).mul_by_v();
        let sum = Fp6::new(a.c0, a.c1.add(b0), a.c2.add(b1));
        let c1 = self.c0.add(&self.c1).mul(&sum).sub(&t0).sub(&t1);
        Self::new(t0.add(&t1.mul_by_v()), c1)
    }

    /// `self^p`: each `g_j` conjugated and times `xi^((p-1) j / 6)`.
    pub fn frobenius(&self) -> Self {
        let g = |x: Fp2<F>, j: usize| x.conjugate().mul(F::FROB1[j - 1]);
        Self::new(
            Fp6::new(self.c0.c0.conjugate(), g(self.c0.c1, 2), g(self.c0.c2, 4)),
            Fp6::new(g(self.c1.c0, 1), g(self.c1.c1, 3), g(self.c1.c2, 5)),
        )
    }

    /// `self^(p^2)`: each `g_j` times the `Fp` constant `xi^((p^2-1) j / 6)`.
    pub fn frobenius2(&self) -> Self {
        let g = |x: Fp2<F>, j: usize| x.mul_by_fp(F::FROB2[j - 1]);
        Self::new(
            Fp6::new(self.c0.c0, g(self.c0.c1, 2), g(self.c0.c2, 4)),
            Fp6::new(g(self.c1.c0, 1), g(self.c1.c1, 3), g(self.c1.c2, 5)),
        )
    }

    /// `self^(p^3)`: each `g_j` conjugated and times `xi^((p^3-1) j / 6)`.
    pub fn frobenius3(&self) -> Self {
        let g = |x: Fp2<F>, j: usize| x.conjugate().mul(F::FROB3[j - 1]);
        Self::new(
            Fp6::new(self.c0.c0.conjugate(), g(self.c0.c1, 2), g(self.c0.c2, 4)),
            Fp6::new(g(self.c1.c0, 1), g(self.c1.c1, 3), g(self.c1.c2, 5)),
        )
    }
}
