//! The maps against blst's `map_to_g1` / `map_to_g2` on edge and random inputs, and their parts
//! (constants, roots, SSWU, isogenies) against their defining equations.

use super::super::fp::P;
use super::super::tests::blst_oracle as b;
use super::super::tests::{edge_values, fp2_strategy, fp_strategy};
use super::sqrt::{
    fp2_sqrt_or_z, fp2_sqrt_with_norm_root, fp_sqrt_and_inverse, fp_sqrt_or_neg, pow_window, HALF,
    RECIP_SQRT_EXP, SQRT_MINUS_5,
};
use super::swu::{map_to_curve_simple_swu, Swu};
use super::*;
use proptest::prelude::*;

fn fp(v: u64) -> Fp {
    Fp::from_u64(v)
}

/// Whether `(x, y)` is on `y^2 = x^3 + A x + B` of the SSWU curve.
fn on_swu_curve<F: Swu>(x: F, y: F) -> bool {
    y.square() == (x.square() + F::A) * x + F::B
}

#[test]
fn constants_are_what_they_claim() {
    // 4 (p - 3)/4 + 3 = p.
    let mut e4 = [0u64; 6];
    for i in 0..6 {
        e4[i] = RECIP_SQRT_EXP[i] << 2
            | if i > 0 {
                RECIP_SQRT_EXP[i - 1] >> 62
            } else {
                0
            };
    }
    e4[0] += 3;
    assert_eq!(e4, P);
    assert_eq!(HALF.double(), Fp::ONE);
    assert_eq!(SQRT_MINUS_5.square(), -fp(5));
    assert_eq!(<Fp as Swu>::Z, fp(11));
    assert_eq!(<Fp2 as Swu>::Z, -Fp2::new(fp(2), fp(1)));
    // Z is a non-square in its field (RFC 9380 section 6.6.2's requirement).
    assert!(b::fp_sqrt(fp(11)).is_none());
    assert!(b::fp2_sqrt(<Fp2 as Swu>::Z).is_none());
    // Fp's sqrt_or_z_and_inverse on a non-square a gives a root of 11 a (so sqrt(-11) is
    // right).
    let (square, r, inv) = Fp::sqrt_or_z_and_inverse(fp(11));
    assert!(!square);
    assert_eq!(r.square(), fp(121));
    assert_eq!(inv * fp(11), Fp::ONE);
    // -B / A of both SSWU curves.
    assert_eq!(
        <Fp as Swu>::MINUS_B_OVER_A * <Fp as Swu>::A,
        -<Fp as Swu>::B
    );
    assert_eq!(
        <Fp2 as Swu>::MINUS_B_OVER_A * <Fp2 as Swu>::A,
        -<Fp2 as Swu>::B
    );
    // G1's h_eff = 1 - x.
    assert_eq!(cofactor::G1_H_EFF, 0xd201000000010001);
}

#[test]
fn isogenies_map_swu_curve_points_onto_bls12_381() {
    for i in 1..40u64 {
        let (x, y) = map_to_curve_simple_swu(fp(i * 7919));
        assert!(on_swu_curve(x, y));
        assert!(
            map_to_curve_g1(fp(i * 7919)).to_affine().is_on_curve(),
            "{i}"
        );
        let u = Fp2::new(fp(i), fp(3 * i + 1));
        let (x, y) = map_to_curve_simple_swu(u);
        assert!(on_swu_curve(x, y));
        assert!(map_to_curve_g2(u).to_affine().is_on_curve(), "{i}");
    }
}

/// Inputs that reach the edges: zero (the exceptional `tv2 = 0` case of both maps), one, p-1,
/// and for G1 the other exceptional input, `u^2 = -1/Z`.
#[test]
fn maps_match_blst_on_edges() {
    let mut g1_inputs = edge_values();
    let exceptional = b::fp_sqrt(-fp(11).inverse().unwrap()).expect("-1/11 is a square");
    g1_inputs.extend([exceptional, -exceptional]);
    for u in g1_inputs {
        assert_eq!(map_fp_to_g1(u), b::map_to_g1(u), "{u:?}");
        // blst's Jacobian result through our conversion (what the bench compares) agrees too.
        assert_eq!(map_fp_to_g1(u), b::map_to_g1_jacobian(u).to_affine());
        let q = map_to_curve_g1(u);
        assert_eq!(q.double().to_affine(), b::g1_double(&q).to_affine());
    }
    for a in edge_values() {
        for c in edge_values() {
            let u = Fp2::new(a, c);
            assert_eq!(map_fp2_to_g2(u), b::map_to_g2(u), "{u:?}");
            assert_eq!(map_fp2_to_g2(u), b::map_to_g2_jacobian(u).to_affine());
        }
    }
}

/// Whether SSWU took `x1` (g(x1) a square) rather than `x2 = Z u^2 x1` for `u` (tv2 != 0).
fn took_x1<F: Swu>(u: F) -> bool {
    let tv1 = F::Z * u.square();
    let tv2 = tv1.square() + tv1;
    let x1 = F::B * (tv2 + F::ONE) * (-(F::A * tv2)).inverse().unwrap();
    map_to_curve_simple_swu(u).0 == x1
}

/// Both branches of the SSWU root (x1 or x2 = Z u^2 x1) are reached by small inputs.
#[test]
fn both_sswu_branches_match_blst() {
    let (mut g1_branches, mut g2_branches) = ([0; 2], [0; 2]);
    for i in 1..64u64 {
        let u = fp(i);
        g1_branches[took_x1(u) as usize] += 1;
        assert_eq!(map_fp_to_g1(u), b::map_to_g1(u), "{i}");
        let u2 = Fp2::new(fp(i), fp(i / 2));
        g2_branches[took_x1(u2) as usize] += 1;
        assert_eq!(map_fp2_to_g2(u2), b::map_to_g2(u2), "{i}");
    }
    assert!(g1_branches.iter().all(|&n| n > 0), "{g1_branches:?}");
    assert!(g2_branches.iter().all(|&n| n > 0), "{g2_branches:?}");
}

#[test]
fn fp_roots_and_their_inverses_on_edge_values() {
    for a in edge_values() {
        let (square, s, s_inv) = fp_sqrt_and_inverse(a);
        assert_eq!(square, b::fp_sqrt(a).is_some(), "{a:?}");
        assert_eq!(s.square(), if square { a } else { -a }, "{a:?}");
        assert_eq!(s_inv, s.inverse().unwrap_or(Fp::ZERO), "{a:?}");
    }
}

/// [`Swu::sqrt_or_z_and_inverse`] on the nonzero edge values, and on Fp2 elements built from
/// them (including those in Fp and in `u Fp`, the norm-root special cases).
#[test]
fn sqrt_or_z_and_inverse_on_edge_values() {
    for a in edge_values().into_iter().filter(|a| !a.is_zero()) {
        let (square, r, inv) = Fp::sqrt_or_z_and_inverse(a);
        assert_eq!(square, b::fp_sqrt(a).is_some(), "{a:?}");
        assert_eq!(r.square(), if square { a } else { a * fp(11) }, "{a:?}");
        assert_eq!(inv * a, Fp::ONE, "{a:?}");
    }
    for a0 in edge_values() {
        for a1 in edge_values() {
            let c = Fp2::new(a0, a1);
            if c.is_zero() {
                continue;
            }
            let (square, r, inv) = Fp2::sqrt_or_z_and_inverse(c);
            assert_eq!(square, b::fp2_sqrt(c).is_some(), "{c:?}");
            assert_eq!(
                r.square(),
                if square { c } else { c * <Fp2 as Swu>::Z },
                "{c:?}"
            );
            assert_eq!(inv * c, Fp2::ONE, "{c:?}");
        }
    }
}

#[test]
fn fp2_roots_of_elements_of_fp() {
    for a in edge_values() {
        let r = fp2_sqrt_with_norm_root(Fp2::new(a, Fp::ZERO), a);
        assert_eq!(r.square(), Fp2::new(a, Fp::ZERO), "{a:?}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn map_fp_to_g1_matches_blst(u in fp_strategy()) {
        let p = map_fp_to_g1(u);
        prop_assert_eq!(p, b::map_to_g1(u));
        prop_assert!(p.is_on_curve() && p.is_in_subgroup());
    }

    #[test]
    fn map_fp2_to_g2_matches_blst(u in fp2_strategy()) {
        let p = map_fp2_to_g2(u);
        prop_assert_eq!(p, b::map_to_g2(u));
        prop_assert!(p.is_on_curve() && p.is_in_subgroup());
    }

    #[test]
    fn sswu_points_are_on_the_isogenous_curves(u in fp_strategy(), v in fp2_strategy()) {
        let (x, y) = map_to_curve_simple_swu(u);
        prop_assert!(on_swu_curve(x, y) && y.sgn0() == u.sgn0());
        let (x, y) = map_to_curve_simple_swu(v);
        prop_assert!(on_swu_curve(x, y) && y.sgn0() == v.sgn0());
    }

    #[test]
    fn fp2_sqrt_or_z_matches_blst(a in fp2_strategy()) {
        let z = <Fp2 as Swu>::Z;
        let (square, r, norm_inv) = fp2_sqrt_or_z(a, |a| a * z);
        prop_assert_eq!(square, b::fp2_sqrt(a).is_some());
        prop_assert_eq!(r.square(), if square { a } else { a * z });
        prop_assert_eq!(norm_inv, (a.c0.square() + a.c1.square()).inverse().unwrap_or(Fp::ZERO));
    }

    /// The roots and inverses that SSWU takes from one exponentiation, against blst's square
    /// test and our inversion.
    #[test]
    fn sqrt_or_z_and_inverse_matches_blst(a in fp_strategy(), c in fp2_strategy()) {
        prop_assume!(!a.is_zero() && !c.is_zero());
        let (square, r, inv) = Fp::sqrt_or_z_and_inverse(a);
        prop_assert_eq!(square, b::fp_sqrt(a).is_some());
        prop_assert_eq!(r.square(), if square { a } else { a * <Fp as Swu>::Z });
        prop_assert_eq!(Some(inv), a.inverse());
        let (square, r, inv) = Fp2::sqrt_or_z_and_inverse(c);
        prop_assert_eq!(square, b::fp2_sqrt(c).is_some());
        prop_assert_eq!(r.square(), if square { c } else { c * <Fp2 as Swu>::Z });
        prop_assert_eq!(Some(inv), c.inverse());
    }

    #[test]
    fn fp_sqrt_or_neg_matches_blst(a in fp_strategy()) {
        let (square, s) = fp_sqrt_or_neg(a);
        prop_assert_eq!(square, b::fp_sqrt(a).is_some());
        prop_assert_eq!(s.square(), if square { a } else { -a });
        let (square2, s2, s_inv) = fp_sqrt_and_inverse(a);
        prop_assert_eq!((square2, s2), (square, s));
        prop_assert_eq!(s * s_inv, if a.is_zero() { Fp::ZERO } else { Fp::ONE });
    }

    #[test]
    fn mul_by_z_is_the_product_by_z(a in fp_strategy(), c in fp2_strategy()) {
        prop_assert_eq!(a.mul_by_z(), a * <Fp as Swu>::Z);
        prop_assert_eq!(c.mul_by_z(), c * <Fp2 as Swu>::Z);
    }

    #[test]
    fn pow_window_matches_square_and_multiply(a in fp_strategy(), e in any::<[u64; 3]>()) {
        prop_assert_eq!(pow_window(a, &e), a.pow_vartime(&e));
        prop_assert_eq!(pow_window(a, &[0, 0]), Fp::ONE);
    }
}
