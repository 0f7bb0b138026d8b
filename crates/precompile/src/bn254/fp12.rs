//! `Fp12 = Fp6[w] / (w^2 - v)`, the top of the BN254 tower and home of the pairing values.
//!
//! Writing `f = g0 + g1 w + ... + g5 w^5` with `g_j` in `Fp2` (`w^6 = xi`), `c0 = (g0, g2, g4)`
//! and `c1 = (g1, g3, g5)`. Variable time: pairing inputs are public.

use super::fp2::Fp2;
use super::fp6::{Fp6, FROB1, FROB2, FROB3};

/// An element `c0 + c1 w` of `Fp12`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fp12 {
    /// Coefficient of 1.
    pub c0: Fp6,
    /// Coefficient of `w`.
    pub c1: Fp6,
}

impl Fp12 {
    /// One, the neutral element of the pairing group.
    pub const ONE: Fp12 = Fp12::new(Fp6::ONE, Fp6::ZERO);

    /// `c0 + c1 w`.
    pub const fn new(c0: Fp6, c1: Fp6) -> Fp12 {
        Fp12 { c0, c1 }
    }

    /// Whether `self` is one.
    pub fn is_one(&self) -> bool {
        *self == Fp12::ONE
    }

    /// `self * o` by Karatsuba over `w`: 3 `Fp6` multiplications.
    #[inline]
    pub fn mul(&self, o: &Fp12) -> Fp12 {
        let t0 = self.c0.mul(&o.c0);
        let t1 = self.c1.mul(&o.c1);
        let c1 = self
            .c0
            .add(&self.c1)
            .mul(&o.c0.add(&o.c1))
            .sub(&t0)
            .sub(&t1);
        Fp12::new(t0.add(&t1.mul_by_v()), c1)
    }

    /// `self^2` by complex squaring: 2 `Fp6` multiplications.
    #[inline]
    pub fn square(&self) -> Fp12 {
        let (a0, a1) = (&self.c0, &self.c1);
        let ab = a0.mul(a1);
        // (a0 + a1)(a0 + v a1) = a0^2 + v a1^2 + (1 + v) a0 a1.
        let c0 = a0
            .add(a1)
            .mul(&a0.add(&a1.mul_by_v()))
            .sub(&ab)
            .sub(&ab.mul_by_v());
        Fp12::new(c0, ab.double())
    }

    /// `self^(p^6)`: `c0 - c1 w`. On the cyclotomic subgroup (every value after the easy part
    /// of the final exponentiation) this is the inverse.
    #[inline]
    pub fn conjugate(&self) -> Fp12 {
        Fp12::new(self.c0, self.c1.neg())
    }

    /// `self^-1`, or `None` for zero: `(c0 - c1 w) / (c0^2 - v c1^2)`.
    pub fn inverse(&self) -> Option<Fp12> {
        let norm = self.c0.square().sub(&self.c1.square().mul_by_v());
        let inv = norm.inverse()?;
        Some(Fp12::new(self.c0.mul(&inv), self.c1.mul(&inv).neg()))
    }

    /// `self * (d0 + d3 w + d4 v w)`: the product with a line evaluated at a G1 point (the
    /// sparse shape of lines on BN254's D-type twist), 13 `Fp2` multiplications.
    #[inline]
    pub fn mul_by_034(&self, d0: Fp2, d3: Fp2, d4: Fp2) -> Fp12 {
        let a = self.c0.mul_by_fp2(d0);
        let b = self.c1.mul_by_01(d3, d4);
        let e = self.c0.add(&self.c1).mul_by_01(d0.add(d3), d4);
        Fp12::new(a.add(&b.mul_by_v()), e.sub(&a).sub(&b))
    }

    /// `self^p`: each `g_j` conjugated and times `xi^((p-1) j / 6)`.
    pub fn frobenius(&self) -> Fp12 {
        let g = |x: Fp2, j: usize| x.conjugate().mul(FROB1[j - 1]);
        Fp12::new(
            Fp6::new(self.c0.c0.conjugate(), g(self.c0.c1, 2), g(self.c0.c2, 4)),
            Fp6::new(g(self.c1.c0, 1), g(self.c1.c1, 3), g(self.c1.c2, 5)),
        )
    }

    /// `self^(p^2)`: each `g_j` times the `Fp` constant `xi^((p^2-1) j / 6)`.
    pub fn frobenius2(&self) -> Fp12 {
        let g = |x: Fp2, j: usize| x.mul_by_fp(FROB2[j - 1]);
        Fp12::new(
            Fp6::new(self.c0.c0, g(self.c0.c1, 2), g(self.c0.c2, 4)),
            Fp6::new(g(self.c1.c0, 1), g(self.c1.c1, 3), g(self.c1.c2, 5)),
        )
    }

    /// `self^(p^3)`: each `g_j` conjugated and times `xi^((p^3-1) j / 6)`.
    pub fn frobenius3(&self) -> Fp12 {
        let g = |x: Fp2, j: usize| x.conjugate().mul(FROB3[j - 1]);
        Fp12::new(
            Fp6::new(self.c0.c0.conjugate(), g(self.c0.c1, 2), g(self.c0.c2, 4)),
            Fp6::new(g(self.c1.c0, 1), g(self.c1.c1, 3), g(self.c1.c2, 5)),
        )
    }
}
