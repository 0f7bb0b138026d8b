//! Arithmetic in the cyclotomic subgroup of `Fp12` (the elements of norm one down to `Fp6`
//! and `Fp4`, where every value lands after the easy part of the final exponentiation):
//! Granger-Scott squaring, Karabina's compressed squaring with its decompression, and
//! [`Fp12::cyclotomic_pow2s`], the powers `f^(2^e)` that each curve's exponentiation by its
//! parameter `x` (repeated in the hard part of the final exponentiation) combines.
//!
//! Notation: `f = g0 + g1 w + ... + g5 w^5` with `g_j` in `Fp2` and `w^6 = xi`, so
//! `f.c0 = (g0, g2, g4)` and `f.c1 = (g1, g3, g5)`. Every function here is wrong (but never
//! panics) for elements outside the subgroup. Variable time: pairing inputs are public.

use crate::fp12::Fp12;
use crate::fp2::{Fp2, TowerField};
use crate::fp6::Fp6;
use crate::inverse::batch_invert;

/// `3t - 2g`, the Granger-Scott output for a coefficient of 1 in its `Fp4`.
#[inline(always)]
fn three_t_minus_two_g<F: TowerField>(t: Fp2<F>, g: Fp2<F>) -> Fp2<F> {
    t.sub(g).double().add(t)
}

/// `3t + 2g`, the Granger-Scott output for a coefficient of `s` in its `Fp4`.
#[inline(always)]
fn three_t_plus_two_g<F: TowerField>(t: Fp2<F>, g: Fp2<F>) -> Fp2<F> {
    t.add(g).double().add(t)
}

/// An element of the cyclotomic subgroup without `g0` and `g3` (Karabina, "Squaring in
/// cyclotomic subgroups", Math. Comp. 2013): the four coefficients `g1, g2, g4, g5` determine
/// the other two, and squaring maps them among themselves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CompressedCyclotomic<F> {
    /// Coefficient of `w`.
    pub g1: Fp2<F>,
    /// Coefficient of `w^2`.
    pub g2: Fp2<F>,
    /// Coefficient of `w^4`.
    pub g4: Fp2<F>,
    /// Coefficient of `w^5`.
    pub g5: Fp2<F>,
}

impl<F: TowerField> CompressedCyclotomic<F> {
    /// The compressed form of `f` (drops `g0` and `g3`; meaningful for `f` in the cyclotomic
    /// subgroup only: for other elements, squaring and decompression return unrelated values,
    /// never a panic).
    #[inline]
    pub fn compress(f: &Fp12<F>) -> Self {
        CompressedCyclotomic {
            g1: f.c1.c0,
            g2: f.c0.c1,
            g4: f.c0.c2,
            g5: f.c1.c2,
        }
    }

    /// The compressed form of the square: two `Fp4` squarings ([`TowerField::fp4_square`];
    /// the Granger-Scott formulas for the four kept coefficients).
    #[inline(always)]
    pub fn square(&self) -> Self {
        self.square_parts().0
    }

    /// [`CompressedCyclotomic::square`] and the `Fp4` square's `g2^2 + xi g5^2`.
    #[inline(always)]
    fn square_parts(&self) -> (Self, Fp2<F>) {
        let (b0, b1) = F::fp4_square(self.g1, self.g4);
        let (c0, c1) = F::fp4_square(self.g2, self.g5);
        let square = CompressedCyclotomic {
            g1: three_t_plus_two_g(c1.mul_by_nonresidue(), self.g1),
            g2: three_t_minus_two_g(b0, self.g2),
            g4: three_t_minus_two_g(c0, self.g4),
            g5: three_t_plus_two_g(b1, self.g5),
        };
        (square, c0)
    }

    /// [`CompressedCyclotomic::square`] and, from its intermediate values, `self`'s
    /// [`CompressedCyclotomic::numerator`] (one `Fp2` squaring and additions instead of two
    /// squarings).
    #[inline(always)]
    pub(crate) fn square_and_numerator(&self) -> (Self, Fp2<F>) {
        let (square, c0) = self.square_parts();
        // 3 g2^2 + xi g5^2 - 2 g4 = c0 + 2 (g2^2 - g4).
        (square, c0.add(self.g2.square().sub(self.g4).double()))
    }

    /// `3 g2^2 + xi g5^2 - 2 g4`, the numerator of `g3` when `g1` is not zero.
    #[inline]
    pub(crate) fn numerator(&self) -> Fp2<F> {
        three_t_minus_two_g(self.g2.square(), self.g4).add(self.g5.square().mul_by_nonresidue())
    }

    /// `g3 = num / den`: `(3 g2^2 + xi g5^2 - 2 g4) / (4 g1)` (`numerator` is the first, from
    /// [`CompressedCyclotomic::numerator`]), or `2 g2 g5 / g4` when `g1 = 0` (both from the
    /// subgroup's equations). `den` is zero only when all four kept coefficients are (the
    /// element is then one, and `num` is zero too).
    #[inline]
    fn g3_fraction(&self, numerator: Fp2<F>) -> (Fp2<F>, Fp2<F>) {
        if self.g1.is_zero() {
            (self.g2.mul(self.g5).double(), self.g4)
        } else {
            (numerator, self.g1.double().double())
        }
    }

    /// The full element given `g3`: `g0 = xi (2 g3^2 + g1 g5 - 3 g2 g4) + 1`.
    #[inline]
    fn with_g3(&self, g3: Fp2<F>) -> Fp12<F> {
        let g24 = self.g2.mul(self.g4);
        let t = g3
            .square()
            .sub(g24)
            .double()
            .add(self.g1.mul(self.g5))
            .sub(g24);
        let g0 = t.mul_by_nonresidue().add(Fp2::ONE);
        Fp12::new(
            Fp6::new(g0, self.g2, self.g4),
            Fp6::new(self.g1, g3, self.g5),
        )
    }

    /// The element of the cyclotomic subgroup with these four coefficients (one `Fp2`
    /// inversion); for `(0, 0, 0, 0)`, one.
    pub fn decompress(&self) -> Fp12<F> {
        let (num, den) = self.g3_fraction(self.numerator());
        // den = 0 only for one (num = 0 then): g3 = 0.
        let g3 = den.inverse().map_or(Fp2::ZERO, |inv| num.mul(inv));
        self.with_g3(g3)
    }

    /// [`CompressedCyclotomic::decompress`] of each of `cs`, with one `Fp2` inversion for all
    /// (Montgomery's trick: 3 multiplications per element instead of an inversion each).
    pub fn decompress_batch<const N: usize>(cs: &[Self; N]) -> [Fp12<F>; N] {
        Self::decompress_with_numerators(&cs.map(|c| (c, c.numerator())))
    }

    /// [`CompressedCyclotomic::decompress_batch`] given each element's
    /// [`CompressedCyclotomic::numerator`].
    pub(crate) fn decompress_with_numerators<const N: usize>(
        cs: &[(Self, Fp2<F>); N],
    ) -> [Fp12<F>; N] {
        let fractions = cs.map(|(c, num)| c.g3_fraction(num));
        // den = 0 only for one (num = 0 then): the inversion leaves it zero, and g3 = 0.
        let mut inv = fractions.map(|(_, den)| den);
        batch_invert(&mut inv, &mut [Fp2::ZERO; N]);
        let g3: [Fp2<F>; N] = core::array::from_fn(|i| fractions[i].0.mul(inv[i]));
        core::array::from_fn(|i| cs[i].0.with_g3(g3[i]))
    }
}

impl<F: TowerField> Fp12<F> {
    /// `self^2` for `self` in the cyclotomic subgroup, by Granger and Scott: three
    /// `Fp4 = Fp2[s]/(s^2 - xi)` squarings (`s = w^3`), 6 `Fp2` squarings and 3
    /// multiplications in all. Wrong for other elements.
    #[inline]
    pub fn cyclotomic_square(&self) -> Self {
        // The three Fp4 elements are (g0, g3), (g1, g4), (g2, g5); the last two are the
        // compressed square's.
        let (g0, g3) = (self.c0.c0, self.c1.c1);
        let (a0, a1) = F::fp4_square(g0, g3);
        let k = CompressedCyclotomic::compress(self).square();
        Self::new(
            Fp6::new(three_t_minus_two_g(a0, g0), k.g2, k.g4),
            Fp6::new(k.g1, three_t_plus_two_g(a1, g3), k.g5),
        )
    }

    /// `self^(2^e)` for each `e` of `positions` (strictly increasing, all at least 1), for
    /// `self` in the cyclotomic subgroup: compressed squarings up to the last position and
    /// one batched decompression of the kept ones (whose numerators come from the squaring
    /// after each, for two additions instead of two squarings).
    pub fn cyclotomic_pow2s<const K: usize>(&self, positions: &[u8; K]) -> [Self; K] {
        if K == 0 {
            return [*self; K];
        }
        let first = CompressedCyclotomic::compress(self);
        let mut kept = [(first, Fp2::<F>::ZERO); K];
        let mut c = first;
        let mut k = 0; // kept[..k] are done
        for e in 1..=positions[K - 1] {
            // A power kept at e - 1 takes its numerator from this squaring.
            c = if k > 0 && positions[k - 1] == e - 1 {
                let (sq, num) = c.square_and_numerator();
                kept[k - 1].1 = num;
                sq
            } else {
                c.square()
            };
            if positions.get(k) == Some(&e) {
                kept[k].0 = c;
                k += 1;
            }
        }
        kept[K - 1].1 = kept[K - 1].0.numerator();
        CompressedCyclotomic::decompress_with_numerators(&kept)
    }
}
