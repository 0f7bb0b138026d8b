//! Cyclotomic squarings (Granger-Scott, compressed) and BN254's exponentiation by `x`.

use crate::bn254::final_exp::{exp_by_x, X_DIGITS};
use crate::bn254::g2::BN_X;
use crate::bn254::{CompressedCyclotomic, Fp, Fp12, Fp2, Fp6};
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
        prop_assert_eq!(exp_by_x(&f), expect);
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
    assert_eq!(exp_by_x(&Fp12::ONE), Fp12::ONE);
}
