//! Arithmetic in the cyclotomic subgroup of `Fp12` (the elements of norm one down to `Fp6`
//! and `Fp4`, where every value lands after the easy part of the final exponentiation):
//! Granger-Scott squaring, Karabina's compressed squaring with its decompression, and the
//! exponentiation by the BN parameter `x` that the hard part of the final exponentiation
//! repeats three times.
//!
//! Notation: `f = g0 + g1 w + ... + g5 w^5` with `g_j` in `Fp2` and `w^6 = xi`, so
//! `f.c0 = (g0, g2, g4)` and `f.c1 = (g1, g3, g5)`. Every function here is wrong (but never
//! panics) for elements outside the subgroup. Variable time: pairing inputs are public.

use super::fp12::Fp12;
use super::fp2::Fp2;
use super::fp6::Fp6;

/// The BN parameter `x = 4965661367192848881` (positive) as `sum d * 2^e` over these
/// `(e, d)`, `e` increasing, every `d` in `{-19, -1, 1, 19}`: 13 terms up to `2^58` (found by
/// a search over digit sets for the cheapest right-to-left exponentiation below; `{1, 3, 5,
/// 7}`, the width-4 NAF, needs 14 terms up to `2^62` and two more multiplications).
pub(crate) const X_DIGITS: [(u8, i8); 13] = [
    (0, -19),
    (2, 1),
    (9, -19),
    (12, 19),
    (19, -19),
    (24, -1),
    (26, 19),
    (34, -19),
    (40, 19),
    (47, 19),
    (53, -19),
    (54, -19),
    (58, 19),
];

/// `(a + b s)^2` in `Fp4 = Fp2[s]/(s^2 - xi)`: `(a^2 + xi b^2, 2ab)`, two `Fp2` squarings and
/// one multiplication (`2ab` as `(a + b)^2 - a^2 - b^2` measured no faster).
#[inline(always)]
fn fp4_square(a: Fp2, b: Fp2) -> (Fp2, Fp2) {
    fp4_square_given(a, b, a.square())
}

/// [`fp4_square`] given `a^2`.
#[inline(always)]
fn fp4_square_given(a: Fp2, b: Fp2, a2: Fp2) -> (Fp2, Fp2) {
    let b2 = b.square();
    (a2.add(b2.mul_by_nonresidue()), a.mul(b.double()))
}

/// `3t - 2g`, the Granger-Scott output for a coefficient of 1 in its `Fp4`.
#[inline(always)]
fn three_t_minus_two_g(t: Fp2, g: Fp2) -> Fp2 {
    t.sub(g).double().add(t)
}

/// `3t + 2g`, the Granger-Scott output for a coefficient of `s` in its `Fp4`.
#[inline(always)]
fn three_t_plus_two_g(t: Fp2, g: Fp2) -> Fp2 {
    t.add(g).double().add(t)
}

/// An element of the cyclotomic subgroup without `g0` and `g3` (Karabina, "Squaring in
/// cyclotomic subgroups", Math. Comp. 2013): the four coefficients `g1, g2, g4, g5` determine
/// the other two, and squaring maps them among themselves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CompressedCyclotomic {
    /// Coefficient of `w`.
    pub g1: Fp2,
    /// Coefficient of `w^2`.
    pub g2: Fp2,
    /// Coefficient of `w^4`.
    pub g4: Fp2,
    /// Coefficient of `w^5`.
    pub g5: Fp2,
}

impl CompressedCyclotomic {
    /// The compressed form of `f` (drops `g0` and `g3`; meaningful for `f` in the cyclotomic
    /// subgroup only: for other elements, squaring and decompression return unrelated values,
    /// never a panic).
    #[inline]
    pub fn compress(f: &Fp12) -> CompressedCyclotomic {
        CompressedCyclotomic {
            g1: f.c1.c0,
            g2: f.c0.c1,
            g4: f.c0.c2,
            g5: f.c1.c2,
        }
    }

    /// The compressed form of the square: two `Fp4` squarings (4 `Fp2` squarings and 2
    /// multiplications; the Granger-Scott formulas for the four kept coefficients).
    #[inline(always)]
    pub fn square(&self) -> CompressedCyclotomic {
        self.square_and_numerator().0
    }

    /// [`CompressedCyclotomic::square`] and, from its intermediate values, `self`'s
    /// [`CompressedCyclotomic::numerator`] for two additions instead of two squarings.
    #[inline(always)]
    fn square_and_numerator(&self) -> (CompressedCyclotomic, Fp2) {
        let (b0, b1) = fp4_square(self.g1, self.g4);
        let g2_sq = self.g2.square();
        let (c0, c1) = fp4_square_given(self.g2, self.g5, g2_sq);
        let square = CompressedCyclotomic {
            g1: three_t_plus_two_g(c1.mul_by_nonresidue(), self.g1),
            g2: three_t_minus_two_g(b0, self.g2),
            g4: three_t_minus_two_g(c0, self.g4),
            g5: three_t_plus_two_g(b1, self.g5),
        };
        // 3 g2^2 + xi g5^2 - 2 g4 = c0 + 2 (g2^2 - g4).
        (square, c0.add(g2_sq.sub(self.g4).double()))
    }

    /// `3 g2^2 + xi g5^2 - 2 g4`, the numerator of `g3` when `g1` is not zero.
    #[inline]
    fn numerator(&self) -> Fp2 {
        three_t_minus_two_g(self.g2.square(), self.g4).add(self.g5.square().mul_by_nonresidue())
    }

    /// `g3 = num / den`: `(3 g2^2 + xi g5^2 - 2 g4) / (4 g1)` (`numerator` is the first, from
    /// [`CompressedCyclotomic::numerator`]), or `2 g2 g5 / g4` when `g1 = 0` (both from the
    /// subgroup's equations). `den` is zero only when all four kept coefficients are (the
    /// element is then one, and `num` is zero too).
    #[inline]
    fn g3_fraction(&self, numerator: Fp2) -> (Fp2, Fp2) {
        if self.g1.is_zero() {
            (self.g2.mul(self.g5).double(), self.g4)
        } else {
            (numerator, self.g1.double().double())
        }
    }

    /// The full element given `g3`: `g0 = xi (2 g3^2 + g1 g5 - 3 g2 g4) + 1`.
    #[inline]
    fn with_g3(&self, g3: Fp2) -> Fp12 {
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
    pub fn decompress(&self) -> Fp12 {
        let (num, den) = self.g3_fraction(self.numerator());
        // den = 0 only for one (num = 0 then): g3 = 0.
        let g3 = den.inverse().map_or(Fp2::ZERO, |inv| num.mul(inv));
        self.with_g3(g3)
    }

    /// [`CompressedCyclotomic::decompress`] of each of `cs`, with one `Fp2` inversion for all
    /// (Montgomery's trick: 3 multiplications per element instead of an inversion each).
    pub fn decompress_batch<const N: usize>(cs: &[CompressedCyclotomic; N]) -> [Fp12; N] {
        Self::decompress_with_numerators(&cs.map(|c| (c, c.numerator())))
    }

    /// [`CompressedCyclotomic::decompress_batch`] given each element's
    /// [`CompressedCyclotomic::numerator`].
    fn decompress_with_numerators<const N: usize>(
        cs: &[(CompressedCyclotomic, Fp2); N],
    ) -> [Fp12; N] {
        let fractions = cs.map(|(c, num)| c.g3_fraction(num));
        // prefix[i] = product of the non-zero denominators before i.
        let mut prefix = [Fp2::ONE; N];
        let mut acc = Fp2::ONE;
        for (p, (_, den)) in prefix.iter_mut().zip(&fractions) {
            *p = acc;
            if !den.is_zero() {
                acc = acc.mul(*den);
            }
        }
        // acc is a product of non-zero elements, so it has an inverse.
        let mut inv = acc.inverse().unwrap_or(Fp2::ZERO);
        let mut g3 = [Fp2::ZERO; N];
        for i in (0..N).rev() {
            let (num, den) = fractions[i];
            if !den.is_zero() {
                // inv = 1 / (prefix[i] den_i): 1 / den_i = inv prefix[i].
                g3[i] = num.mul(inv.mul(prefix[i]));
                inv = inv.mul(den);
            }
        }
        core::array::from_fn(|i| cs[i].0.with_g3(g3[i]))
    }
}

impl Fp12 {
    /// `self^2` for `self` in the cyclotomic subgroup, by Granger and Scott: three
    /// `Fp4 = Fp2[s]/(s^2 - xi)` squarings (`s = w^3`), 6 `Fp2` squarings and 3
    /// multiplications in all. Wrong for other elements.
    #[inline]
    pub fn cyclotomic_square(&self) -> Fp12 {
        // The three Fp4 elements are (g0, g3), (g1, g4), (g2, g5); the last two are the
        // compressed square's.
        let (g0, g3) = (self.c0.c0, self.c1.c1);
        let (a0, a1) = fp4_square(g0, g3);
        let k = CompressedCyclotomic::compress(self).square();
        Fp12::new(
            Fp6::new(three_t_minus_two_g(a0, g0), k.g2, k.g4),
            Fp6::new(k.g1, three_t_plus_two_g(a1, g3), k.g5),
        )
    }

    /// `self^x` for the BN parameter `x`, `self` in the cyclotomic subgroup (where the
    /// conjugate is the inverse, which makes the negative digits of `X_DIGITS` free).
    ///
    /// Right to left (Yao): 58 compressed squarings of `self` keep `f^(2^e)` for each term
    /// `(e, d)`, one batched decompression recovers them, the products `P_1`, `P_19` of the
    /// kept powers with `|d| = 1, 19` (conjugated for `d < 0`) take 11 multiplications, and
    /// `P_1 P_19^19` four squarings and three more: 14 multiplications and 4 full squarings
    /// in all (left to right with a width-4 NAF: 16 and 63).
    pub fn cyclotomic_exp_by_x(&self) -> Fp12 {
        const LAST: u8 = X_DIGITS[X_DIGITS.len() - 1].0;
        // The kept powers (position 0, `self`, needs no decompression) and their numerators.
        let first = CompressedCyclotomic::compress(self);
        let mut kept = [(first, Fp2::ZERO); X_DIGITS.len() - 1];
        let mut c = first;
        let mut k = 0; // kept[j] is the power of term j + 1
        for e in 1..=LAST {
            // A term kept at e - 1 takes its numerator from this squaring.
            c = if k > 0 && X_DIGITS[k].0 == e - 1 {
                let (sq, num) = c.square_and_numerator();
                kept[k - 1].1 = num;
                sq
            } else {
                c.square()
            };
            if X_DIGITS.get(k + 1).is_some_and(|t| t.0 == e) {
                kept[k].0 = c;
                k += 1;
            }
        }
        let last = kept.len() - 1;
        kept[last].1 = kept[last].0.numerator();
        let powers = CompressedCyclotomic::decompress_with_numerators(&kept);
        let (mut p1, mut p19): (Option<Fp12>, Option<Fp12>) = (None, None);
        for (&(_, d), f) in X_DIGITS.iter().zip(core::iter::once(self).chain(&powers)) {
            let f = if d > 0 { *f } else { f.conjugate() };
            let slot = if d.unsigned_abs() == 1 {
                &mut p1
            } else {
                &mut p19
            };
            *slot = Some(slot.map_or(f, |acc| acc.mul(&f)));
        }
        let (p1, p19) = (p1.unwrap_or(Fp12::ONE), p19.unwrap_or(Fp12::ONE));
        // p19^19 = (p19^2)^8 p19^2 p19.
        let sq = p19.cyclotomic_square();
        let s16 = sq
            .cyclotomic_square()
            .cyclotomic_square()
            .cyclotomic_square();
        p1.mul(&p19).mul(&sq).mul(&s16)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bn254::fp::Fp;
    use crate::bn254::g2::BN_X;
    use proptest::prelude::*;

    /// Any `Fp12`: twelve 253-bit limb sets (below p, so every one is a valid `Fp`).
    fn any_fp12() -> impl Strategy<Value = Fp12> {
        proptest::collection::vec(any::<[u64; 4]>(), 12).prop_map(|words| {
            let fp = |i: usize| {
                let mut limbs: [u64; 4] = words[i];
                limbs[3] >>= 3;
                Fp::from_limbs(&limbs).expect("below 2^253 < p")
            };
            let fp2 = |i: usize| Fp2::new(fp(2 * i), fp(2 * i + 1));
            let fp6 = |i: usize| Fp6::new(fp2(3 * i), fp2(3 * i + 1), fp2(3 * i + 2));
            Fp12::new(fp6(0), fp6(1))
        })
    }

    /// `f^((p^6 - 1)(p^2 + 1))`: an element of the cyclotomic subgroup.
    fn cyclotomic(f: &Fp12) -> Fp12 {
        let g = f.conjugate().mul(&f.inverse().expect("non-zero"));
        g.frobenius2().mul(&g)
    }

    /// `f^(2^n)` by Granger-Scott squarings (themselves checked against ark's squaring).
    fn square_n(f: &Fp12, n: usize) -> Fp12 {
        (0..n).fold(*f, |acc, _| acc.cyclotomic_square())
    }

    /// `f^(2^n)` by `n` compressed squarings and one decompression.
    fn compressed_square_n(f: &Fp12, n: usize) -> Fp12 {
        let c = CompressedCyclotomic::compress(f);
        (0..n).fold(c, |acc, _| acc.square()).decompress()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(32))]

        #[test]
        fn compressed_squarings_match_granger_scott(f in any_fp12(), n in 0usize..70) {
            let f = cyclotomic(&f);
            prop_assert_eq!(CompressedCyclotomic::compress(&f).decompress(), f);
            prop_assert_eq!(compressed_square_n(&f, 1), f.cyclotomic_square());
            prop_assert_eq!(compressed_square_n(&f, n), square_n(&f, n));
        }

        #[test]
        fn batch_decompression_matches_single(f in any_fp12()) {
            let f = cyclotomic(&f);
            let mut cs: [CompressedCyclotomic; 5] = core::array::from_fn(|i| {
                CompressedCyclotomic::compress(&square_n(&f, 3 * i))
            });
            let full = CompressedCyclotomic::decompress_batch(&cs);
            for (i, d) in full.iter().enumerate() {
                prop_assert_eq!(*d, square_n(&f, 3 * i));
            }
            // One (zero denominator) inside a batch leaves the others right.
            cs[2] = CompressedCyclotomic::compress(&Fp12::ONE);
            let full = CompressedCyclotomic::decompress_batch(&cs);
            prop_assert_eq!(full[2], Fp12::ONE);
            prop_assert_eq!(full[4], square_n(&f, 12));
        }

        /// The relation behind the `g1 = 0` branch of the decompression:
        /// `g0 g1 + xi g3 g4 = 2 xi g2 g5 + g1` (the `w` coefficient of the square, plain
        /// against Granger-Scott), which for `g1 = 0` gives `g3 = 2 g2 g5 / g4`.
        #[test]
        fn g1_zero_branch_relation_holds(f in any_fp12()) {
            let f = cyclotomic(&f);
            let (g0, g1, g2) = (f.c0.c0, f.c1.c0, f.c0.c1);
            let (g3, g4, g5) = (f.c1.c1, f.c0.c2, f.c1.c2);
            let lhs = g0.mul(g1).add(g3.mul(g4).mul_by_nonresidue());
            let rhs = g2.mul(g5).double().mul_by_nonresidue().add(g1);
            prop_assert_eq!(lhs, rhs);
        }

        #[test]
        fn exp_by_x_matches_square_and_multiply(f in any_fp12()) {
            let f = cyclotomic(&f);
            let mut expect = Fp12::ONE;
            for bit in (0..64).rev() {
                expect = expect.cyclotomic_square();
                if (BN_X >> bit) & 1 == 1 {
                    expect = expect.mul(&f);
                }
            }
            prop_assert_eq!(f.cyclotomic_exp_by_x(), expect);
        }
    }

    #[test]
    fn x_digits_are_x() {
        let value: i128 = X_DIGITS.iter().map(|&(e, d)| i128::from(d) << e).sum();
        assert_eq!(value, i128::from(BN_X));
        assert_eq!(X_DIGITS[0].0, 0, "position 0 is the base itself");
        assert!(X_DIGITS.windows(2).all(|w| w[0].0 < w[1].0));
        assert!(X_DIGITS
            .iter()
            .all(|&(_, d)| [1, 19].contains(&d.unsigned_abs())));
    }

    #[test]
    fn one_stays_one_compressed() {
        let one = CompressedCyclotomic::compress(&Fp12::ONE);
        assert_eq!(one.square(), one);
        assert_eq!(one.decompress(), Fp12::ONE);
        assert_eq!(Fp12::ONE.cyclotomic_exp_by_x(), Fp12::ONE);
    }
}
