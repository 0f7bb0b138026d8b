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

/// The BN parameter `x = 4965661367192848881` (positive) in width-4 non-adjacent form, least
/// significant digit first: 14 non-zero odd digits in `-7..=7`, so `f^x` costs 62 squarings
/// and 13 multiplications after a table of `f^3, f^5, f^7` (23 multiplications in plain NAF).
pub(crate) const X_WNAF: [i8; 63] = [
    1, 0, 0, 0, -1, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, -7, 0, 0, 0, 7, 0, 0, 0, 0, 5, 0, 0, 0, 0, 1,
    0, 0, 0, -3, 0, 0, 0, -5, 0, 0, 0, 5, 0, 0, 0, 0, 3, 0, 0, 0, -3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0,
    1,
];

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

    /// `self^2` for `self` in the cyclotomic subgroup (norm 1 down to `Fp6` and `Fp4`), by
    /// Granger and Scott: three `Fp4 = Fp2[s]/(s^2 - xi)` squarings (`s = w^3`), 9 `Fp2`
    /// squarings in all. Wrong for other elements.
    #[inline]
    pub fn cyclotomic_square(&self) -> Fp12 {
        // The three Fp4 elements: (g0, g3), (g1, g4), (g2, g5).
        let (g0, g1, g2) = (self.c0.c0, self.c1.c0, self.c0.c1);
        let (g3, g4, g5) = (self.c1.c1, self.c0.c2, self.c1.c2);
        let (a0, a1) = fp4_square(g0, g3);
        let (b0, b1) = fp4_square(g1, g4);
        let (c0, c1) = fp4_square(g2, g5);
        // 3 t - 2 g or 3 t + 2 g, per Granger-Scott.
        let minus = |t: Fp2, g: Fp2| t.sub(g).double().add(t);
        let plus = |t: Fp2, g: Fp2| t.add(g).double().add(t);
        let c1_xi = c1.mul_by_nonresidue();
        Fp12::new(
            Fp6::new(minus(a0, g0), minus(b0, g2), minus(c0, g4)),
            Fp6::new(plus(c1_xi, g1), plus(a1, g3), plus(b1, g5)),
        )
    }

    /// `self^x` for the BN parameter `x`, `self` in the cyclotomic subgroup (where the
    /// conjugate is the inverse, which makes the negative digits of [`X_WNAF`] free).
    pub fn cyclotomic_exp_by_x(&self) -> Fp12 {
        let sq = self.cyclotomic_square();
        let f3 = self.mul(&sq);
        let f5 = f3.mul(&sq);
        let f7 = f5.mul(&sq);
        let odd = [*self, f3, f5, f7];
        // The top digit is 1.
        let mut acc = *self;
        for &d in X_WNAF.iter().rev().skip(1) {
            acc = acc.cyclotomic_square();
            if d != 0 {
                let t = &odd[usize::from(d.unsigned_abs() / 2)];
                acc = if d > 0 {
                    acc.mul(t)
                } else {
                    acc.mul(&t.conjugate())
                };
            }
        }
        acc
    }
}

/// `(a + b s)^2` in `Fp2[s]/(s^2 - xi)`: `(a^2 + xi b^2, 2ab)`, with `2ab` as
/// `(a + b)^2 - a^2 - b^2`.
#[inline]
fn fp4_square(a: Fp2, b: Fp2) -> (Fp2, Fp2) {
    let a2 = a.square();
    let b2 = b.square();
    let ab2 = a.add(b).square().sub(a2).sub(b2);
    (a2.add(b2.mul_by_nonresidue()), ab2)
}
