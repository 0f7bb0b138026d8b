//! BLS12-381 against blst (an independent implementation with the same tower and the same
//! Montgomery form, so values pass between the two as limbs).

pub(crate) mod blst_oracle;

use super::g1::{self, G1Affine, G1Jacobian};
use super::g2::{self, G2Affine, G2Jacobian};
use super::pairing::{
    exp_by_x, final_exponentiation, multi_miller_loop, pairing_check, MillerPair, X_ABS,
};
use super::{fp::P, Fp, Fp12, Fp2, Fp6};
use blst_oracle as b;
use proptest::prelude::*;

/// p - 1.
const P_MINUS_1: [u64; 6] = [P[0] - 1, P[1], P[2], P[3], P[4], P[5]];

/// 0, 1, 2, p - 1, p - 2, (p - 1) / 2, R mod p, 2^380, 2^64 - 1: canonical values.
pub(crate) fn edge_values() -> Vec<Fp> {
    let half = {
        let mut h = P_MINUS_1;
        for i in 0..6 {
            h[i] = h[i] >> 1 | if i < 5 { h[i + 1] << 63 } else { 0 };
        }
        h
    };
    [
        [0; 6],
        [1, 0, 0, 0, 0, 0],
        [2, 0, 0, 0, 0, 0],
        P_MINUS_1,
        [P[0] - 2, P[1], P[2], P[3], P[4], P[5]],
        half,
        Fp::ONE.to_raw_montgomery(),
        [0, 0, 0, 0, 0, 1 << 60],
        [u64::MAX, 0, 0, 0, 0, 0],
    ]
    .iter()
    .map(|l| Fp::from_limbs(l).expect("below p"))
    .collect()
}

/// Any canonical Fp (random limbs, top limb below p's).
pub(crate) fn fp_strategy() -> impl Strategy<Value = Fp> {
    prop_oneof![
        any::<[u64; 6]>().prop_map(|mut l| {
            l[5] %= P[5];
            Fp::from_limbs(&l).expect("below p")
        }),
        (0usize..9).prop_map(|i| edge_values()[i]),
    ]
}

pub(crate) fn fp2_strategy() -> impl Strategy<Value = Fp2> {
    (fp_strategy(), fp_strategy()).prop_map(|(a, b)| Fp2::new(a, b))
}

fn fp12_strategy() -> impl Strategy<Value = Fp12> {
    proptest::collection::vec(fp2_strategy(), 6)
        .prop_map(|g| Fp12::new(Fp6::new(g[0], g[1], g[2]), Fp6::new(g[3], g[4], g[5])))
}

fn check_fp(a: Fp, c: Fp) {
    assert_eq!(a.add(c), b::fp_add(a, c));
    assert_eq!(a.sub(c), b::fp_sub(a, c));
    assert_eq!(a.mul(c), b::fp_mul(a, c));
    assert_eq!(a.square(), b::fp_sqr(a));
    assert_eq!(a.neg(), b::fp_sub(Fp::ZERO, a));
    assert_eq!(a.double(), b::fp_add(a, a));
    // blst maps zero to zero; ours says there is none.
    assert_eq!(a.inverse().unwrap_or(Fp::ZERO), b::fp_inverse(a));
    assert_eq!(a.inverse(), a.inverse_fermat());
    assert_eq!(a.sqrt().is_some(), b::fp_sqrt(a).is_some());
    if let Some(r) = a.sqrt() {
        assert_eq!(r.square(), a);
    }
    let bytes = a.to_be_bytes();
    assert_eq!(bytes, b::fp_to_bendian(a));
    assert_eq!(Fp::from_be_bytes(&bytes), Some(a));
}

#[test]
fn field_edge_values_match_blst() {
    let e = edge_values();
    for &a in &e {
        for &c in &e {
            check_fp(a, c);
        }
    }
    assert_eq!(-Fp::ONE, Fp::from_limbs(&P_MINUS_1).unwrap());
    assert_eq!(Fp::from_canonical_limbs(P), Fp::ZERO);
    assert_eq!(Fp::ZERO.inverse(), None);
}

#[test]
fn encoding_rejects_p_and_above() {
    let be = |l: &[u64; 6]| {
        let mut out = [0u8; 48];
        for (i, limb) in l.iter().enumerate() {
            out[40 - 8 * i..48 - 8 * i].copy_from_slice(&limb.to_be_bytes());
        }
        out
    };
    assert_eq!(Fp::from_be_bytes(&be(&P)), None);
    assert_eq!(Fp::from_be_bytes(&[0xff; 48]), None);
    assert_eq!(Fp::from_be_slice(&[0; 47]), None);
    assert_eq!(Fp::from_be_bytes(&be(&P_MINUS_1)), Some(-Fp::ONE));
    assert_eq!(Fp::from_be_bytes(&[0; 48]), Some(Fp::ZERO));
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 512,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn field_ops_match_blst(a in fp_strategy(), c in fp_strategy()) {
        check_fp(a, c);
    }

    #[test]
    fn fp2_ops_match_blst(a in fp2_strategy(), c in fp2_strategy()) {
        prop_assert_eq!(a.mul(c), b::fp2_mul(a, c));
        prop_assert_eq!(a.square(), b::fp2_sqr(a));
        prop_assert_eq!(a.add(c), b::fp2_add(a, c));
        prop_assert_eq!(a.sub(c), b::fp2_sub(a, c));
        prop_assert_eq!(a.inverse().unwrap_or(Fp2::ZERO), b::fp2_inverse(a));
        // xi = 1 + u.
        let xi = Fp2::new(Fp::ONE, Fp::ONE);
        prop_assert_eq!(a.mul_by_nonresidue(), a.mul(xi));
    }

    #[test]
    fn fp12_ops_match_blst(f in fp12_strategy(), g in fp12_strategy()) {
        prop_assert_eq!(f.mul(&g), b::fp12_mul(&f, &g));
        prop_assert_eq!(f.square(), b::fp12_sqr(&f));
        prop_assert_eq!(f.inverse().unwrap_or(Fp12::new(Fp6::ZERO, Fp6::ZERO)), b::fp12_inverse(&f));
        prop_assert_eq!(f.conjugate(), b::fp12_conjugate(&f));
        prop_assert_eq!(f.frobenius(), b::fp12_frobenius(&f, 1));
        prop_assert_eq!(f.frobenius2(), b::fp12_frobenius(&f, 2));
        prop_assert_eq!(f.frobenius3(), b::fp12_frobenius(&f, 3));
        // Fp6 inside Fp12 (c1 = 0), and its inverse.
        let f6 = Fp12::new(f.c0, Fp6::ZERO);
        let g6 = Fp12::new(g.c0, Fp6::ZERO);
        prop_assert_eq!(Fp12::new(f.c0.mul(&g.c0), Fp6::ZERO), b::fp12_mul(&f6, &g6));
        prop_assert_eq!(Fp12::new(f.c0.square(), Fp6::ZERO), b::fp12_mul(&f6, &f6));
        if let Some(i) = f.c0.inverse() {
            prop_assert_eq!(i.mul(&f.c0), Fp6::ONE);
        }
        // Sparse products against full ones.
        let (d0, d1, d4) = (g.c0.c0, g.c0.c1, g.c1.c1);
        let m = Fp12::new(Fp6::new(d0, d1, Fp2::ZERO), Fp6::new(Fp2::ZERO, d4, Fp2::ZERO));
        prop_assert_eq!(f.mul_by_014(d0, d1, d4), f.mul(&m));
        // The product with two M-type lines (a full Fp6 and a sparse w part).
        let (b0, b1) = (g.c1.c0, g.c1.c2);
        let two_lines = Fp12::new(g.c0, Fp6::new(Fp2::ZERO, b0, b1));
        prop_assert_eq!(f.mul_by_full_and_v01(&g.c0, b0, b1), b::fp12_mul(&f, &two_lines));
    }

    #[test]
    fn first_lines_and_three_b(a in fp2_strategy(), b in fp2_strategy(), c in fp2_strategy(),
                               d in fp2_strategy(), e in fp2_strategy(), g in fp2_strategy()) {
        use crate::pairing::{Line, MType, Twist};
        let (l, m) = (
            Line { y_part: a, x_part: b, constant: c },
            Line { y_part: d, x_part: e, constant: g },
        );
        prop_assert_eq!(MType::line_to_fp12(&l), <MType as Twist<Fp>>::mul_by_line(&Fp12::ONE, &l));
        prop_assert_eq!(
            MType::lines_to_fp12(&l, &m),
            <MType as Twist<Fp>>::mul_by_line(&MType::line_to_fp12(&l), &m)
        );
        prop_assert_eq!(super::pairing::three_b(a), g2::B.mul(a).mul(Fp2::new(Fp::from_u64(3), Fp::ZERO)));
    }

    #[test]
    fn lazy_fp6_products_match_reduced(
        a in fp2_strategy(), b in fp2_strategy(), c in fp2_strategy(),
        d in fp2_strategy(), e in fp2_strategy(), f in fp2_strategy(),
    ) {
        let (x, y) = (Fp6::new(a, b, c), Fp6::new(d, e, f));
        prop_assert_eq!(x.mul(&y), crate::fp6::karatsuba_mul(&x, &y));
        prop_assert_eq!(x.mul_by_01(d, e), crate::fp6::mul_by_01_reduced(&x, d, e));
    }

    #[test]
    fn lazy_fp4_square_matches_reduced(a in fp2_strategy(), b in fp2_strategy()) {
        use crate::fp2::TowerField;
        let xi = Fp2::new(Fp::ONE, Fp::ONE);
        let expect = (a.square().add(b.square().mul(xi)), a.mul(b).double());
        prop_assert_eq!(<Fp as TowerField>::fp4_square(a, b), expect);
    }

    #[test]
    fn cyclotomic_ops_match_blst(f in fp12_strategy()) {
        let c = cyclotomic(&f);
        prop_assert_eq!(c.cyclotomic_square(), b::fp12_cyclotomic_sqr(&c));
        prop_assert_eq!(c.cyclotomic_square(), c.square());
        let mut expect = Fp12::ONE;
        for bit in (0..64).rev() {
            expect = expect.square();
            if (X_ABS >> bit) & 1 == 1 {
                expect = expect.mul(&c);
            }
        }
        prop_assert_eq!(exp_by_x(&c), expect.conjugate());
    }

    #[test]
    fn pairing_matches_blst(s in 1u64.., t in 1u64..) {
        let (p, q) = (b::g1_mul(s), b::g2_mul(t));
        let ours = final_exponentiation(&multi_miller_loop(&[pair(&p, &q)])).unwrap();
        prop_assert_eq!(ours, blst_pairing(&p, &q));
        // The two halves separately: our final exponentiation of blst's Miller loop, and
        // blst's of ours.
        let (bm, om) = (b::miller_loop(&p, &q), multi_miller_loop(&[pair(&p, &q)]));
        prop_assert_eq!(final_exponentiation(&bm).unwrap(), b::final_exp(&bm));
        prop_assert_eq!(b::final_exp(&om), b::final_exp(&bm));
    }
}

/// `f^((p^6 - 1)(p^2 + 1))`, an element of the cyclotomic subgroup (for non-zero `f`).
fn cyclotomic(f: &Fp12) -> Fp12 {
    let g = f.conjugate().mul(&f.inverse().unwrap_or(Fp12::ONE));
    g.frobenius2().mul(&g)
}

fn pair(p: &G1Affine, q: &G2Affine) -> MillerPair {
    MillerPair {
        px: p.x,
        py: p.y,
        qx: q.x,
        qy: q.y,
    }
}

/// blst's pairing value (its final exponentiation raises to the same `3 (p^12 - 1) / r`).
fn blst_pairing(p: &G1Affine, q: &G2Affine) -> Fp12 {
    b::pairing(p, q)
}

#[test]
fn constants_match_blst() {
    assert_eq!(g1::GENERATOR, b::g1_mul(1));
    assert_eq!(g2::GENERATOR, b::g2_mul(1));
    assert!(g1::GENERATOR.is_on_curve() && g2::GENERATOR.is_on_curve());
    assert!(!G1Affine::new(Fp::ONE, Fp::ONE).is_on_curve());
    // The Frobenius constants against plain exponentiation by p.
    let f = Fp12::new(
        Fp6::new(
            Fp2::new(Fp::from_u64(3), Fp::from_u64(5)),
            Fp2::new(Fp::from_u64(7), Fp::from_u64(11)),
            Fp2::new(Fp::from_u64(13), Fp::from_u64(17)),
        ),
        Fp6::new(
            Fp2::new(Fp::from_u64(19), Fp::from_u64(23)),
            Fp2::new(Fp::from_u64(29), Fp::from_u64(31)),
            Fp2::new(Fp::from_u64(37), Fp::from_u64(41)),
        ),
    );
    let pow_p = |g: &Fp12| {
        let mut acc = Fp12::ONE;
        for limb in P.iter().rev() {
            for bit in (0..64).rev() {
                acc = acc.square();
                if (limb >> bit) & 1 == 1 {
                    acc = acc.mul(g);
                }
            }
        }
        acc
    };
    let f1 = pow_p(&f);
    assert_eq!(f.frobenius(), f1);
    let f2 = pow_p(&f1);
    assert_eq!(f.frobenius2(), f2);
    assert_eq!(f.frobenius3(), pow_p(&f2));
}

#[test]
fn group_formulas_match_blst() {
    for s in 1..20u64 {
        let (a, c) = (b::g1_mul(s), b::g1_mul(s * 31 + 7));
        let (ja, jc) = (G1Jacobian::from(a), G1Jacobian::from(c));
        let sum = b::g1_mul(s + s * 31 + 7);
        assert_eq!(a.add_affine(&c), sum);
        assert_eq!(ja.add_mixed(&c).to_affine(), sum);
        assert_eq!(ja.add(&jc).to_affine(), sum);
        assert_eq!(ja.double().to_affine(), b::g1_mul(2 * s));
        assert_eq!(ja.add_mixed(&a).to_affine(), b::g1_mul(2 * s));
        assert!(ja.add_mixed(&a.neg()).is_infinity());
        assert_eq!(a.mul_u64(X_ABS).to_affine(), b::g1_mul_u64(&a, X_ABS));
        let (q, r) = (b::g2_mul(s), b::g2_mul(s * 31 + 7));
        let (jq, jr) = (G2Jacobian::from(q), G2Jacobian::from(r));
        let sum = b::g2_mul(s + s * 31 + 7);
        assert_eq!(q.add_affine(&r), sum);
        assert_eq!(jq.add_mixed(&r).to_affine(), sum);
        assert_eq!(jq.add(&jr).to_affine(), sum);
        assert_eq!(jq.double().to_affine(), b::g2_mul(2 * s));
        assert!(jq.add(&jq.neg()).is_infinity());
        assert!(a.is_on_curve() && q.is_on_curve());
    }
}

#[test]
fn pairing_of_generators_matches_blst() {
    let (p, q) = (g1::GENERATOR, g2::GENERATOR);
    let e = final_exponentiation(&multi_miller_loop(&[pair(&p, &q)])).unwrap();
    assert_eq!(e, blst_pairing(&p, &q));
    assert!(!e.is_one());
    assert_eq!(final_exponentiation(&Fp12::new(Fp6::ZERO, Fp6::ZERO)), None);
}

#[test]
fn bilinear_and_multi_pairing_products() {
    let (p, q) = (g1::GENERATOR, g2::GENERATOR);
    let e = |p: &G1Affine, q: &G2Affine| {
        final_exponentiation(&multi_miller_loop(&[pair(p, q)])).unwrap()
    };
    let (a, c) = (0x1234_5678_9abc_def1u64, 0x0fed_cba9_8765_4321u64);
    // e(aP, cQ) = e(P, Q)^(ac) = e(acP, Q) = e(P, acQ).
    let ac = u128::from(a) * u128::from(c);
    let lhs = e(&b::g1_mul(a), &b::g2_mul(c));
    assert_eq!(lhs, e(&b::g1_mul_u128(ac), &q));
    assert_eq!(lhs, e(&p, &b::g2_mul_u128(ac)));
    let mut pow = Fp12::ONE;
    for bit in (0..128).rev() {
        pow = pow.square();
        if (ac >> bit) & 1 == 1 {
            pow = pow.mul(&e(&p, &q));
        }
    }
    assert_eq!(lhs, pow);
    // Products that are one and products that are not.
    for n in 1..=4u64 {
        let mut pairs: Vec<MillerPair> = (1..=n)
            .map(|i| pair(&b::g1_mul(i * 1000 + 3), &b::g2_mul(i * 77 + 1)))
            .collect();
        assert!(!pairing_check(&pairs), "{n} pairs");
        let expect = (1..=n).fold(Fp12::ONE, |acc, i| {
            acc.mul(&blst_pairing(
                &b::g1_mul(i * 1000 + 3),
                &b::g2_mul(i * 77 + 1),
            ))
        });
        assert_eq!(
            final_exponentiation(&multi_miller_loop(&pairs)).unwrap(),
            expect
        );
        pairs.extend((1..=n).map(|i| pair(&b::g1_mul(i * 1000 + 3).neg(), &b::g2_mul(i * 77 + 1))));
        assert!(pairing_check(&pairs), "{n} pairs and their negations");
        assert_eq!(
            pairing_check(&pairs),
            b::pairing_product_is_one(&pairs),
            "blst agrees"
        );
    }
    // e(aP, Q) e(P, -aQ) = 1.
    assert!(pairing_check(&[
        pair(&b::g1_mul(a), &q),
        pair(&p, &b::g2_mul(a).neg())
    ]));
    assert!(pairing_check(&[]));
}

/// The little-endian bytes of a hex integer.
fn le_bytes(hex: &str) -> Vec<u8> {
    let mut be: Vec<u8> = (0..hex.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&hex[i..i + 2], 16).unwrap())
        .collect();
    be.reverse();
    be
}

/// `#E(Fp) / 3 = h1 r / 3`: times any G1-curve point, a point of order 1 or 3.
const G1_ORDER_OVER_3: &str = "08ab05f8bdd54cde190937e76bc3e447cc27c3d6fbd7063fcd104635a790520c0a395554e5c6aaaad955555555558e39";
/// `h2 r / 13^2`: times any twist point, a point of order 1 or 13 (the twist group's 13-part
/// is not cyclic, so `h2 r / 13` maps every point to infinity).
const G2_ORDER_OVER_169: &str = "04005449cda731a7136c440a0c65b728ba1c1fa6b6708356f3b9bdc84396cab33907d71557a7d33677f5d45f7cedb8cfdac10ff1fc5b48d6461e907737d78e96568f2d18c750b4b3ca5c33c3fd8ff8a70629888281914529f4e3380941cfdd";

/// Points on the curve `y^2 = x^3 + 4` with x = i (mostly outside G1).
fn g1_curve_points() -> Vec<G1Affine> {
    (1..60u64)
        .filter_map(|i| {
            let x = Fp::from_u64(i);
            (x.square().mul(x).add(g1::B))
                .sqrt()
                .map(|y| G1Affine::new(x, y))
        })
        .collect()
}

/// Points on the twist with x = i + (i + 3) u (mostly outside G2).
fn g2_curve_points() -> Vec<G2Affine> {
    (1..30u64)
        .filter_map(|i| {
            let x = Fp2::new(Fp::from_u64(i), Fp::from_u64(i + 3));
            b::fp2_sqrt(x.square().mul(x).add(g2::B)).map(|y| G2Affine::new(x, y))
        })
        .collect()
}

#[test]
fn g1_subgroup_check_matches_blst() {
    let k3 = le_bytes(G1_ORDER_OVER_3);
    let (mut inside, mut outside, mut order3) = (0, 0, 0);
    for r in g1_curve_points() {
        assert!(r.is_on_curve());
        let small = b::g1_mul_bytes(&r, &k3); // order 1 or 3
        let near = b::g1_add(&b::g1_mul(7), &small); // in G1 plus a point of order 3
        for pt in [r, r.neg(), small, near, b::g1_mul_u64(&r, X_ABS)] {
            let ours = pt.is_in_subgroup();
            assert_eq!(ours, b::in_g1(&pt), "{pt:?}");
            inside += ours as u32;
            outside += !ours as u32;
        }
        order3 += !small.infinity as u32;
    }
    for k in [1u64, 2, 3, 0xffff_ffff_ffff_ffff] {
        assert!(b::g1_mul(k).is_in_subgroup());
    }
    assert!(G1Affine::INFINITY.is_in_subgroup());
    assert!(outside > 20 && order3 > 5, "{inside} {outside} {order3}");
}

#[test]
fn g2_subgroup_check_and_psi_match_blst() {
    let k13 = le_bytes(G2_ORDER_OVER_169);
    let (mut outside, mut order13) = (0, 0);
    for r in g2_curve_points() {
        assert!(r.is_on_curve());
        let small = b::g2_mul_bytes(&r, &k13); // order 1 or 13
        let near = b::g2_add(&b::g2_mul(7), &small);
        for pt in [r, r.neg(), small, near] {
            let ours = pt.is_in_subgroup();
            assert_eq!(ours, b::in_g2(&pt), "{pt:?}");
            outside += !ours as u32;
        }
        order13 += !small.infinity as u32;
    }
    for k in [1u64, 2, 3, 0xffff_ffff_ffff_ffff] {
        let q = b::g2_mul(k);
        assert!(q.is_in_subgroup());
        // psi acts on G2 as [x] = -[|x|].
        assert_eq!(g2::psi(&q), b::g2_mul_u64(&q, X_ABS).neg());
    }
    assert!(G2Affine::INFINITY.is_in_subgroup());
    assert!(outside > 20 && order13 > 5, "{outside} {order13}");
}

/// The sparse and lazy-reduction products on elements whose every coefficient is the same
/// edge value (0, 1, p - 1, ...: the largest unreduced sums) against blst and full products.
#[test]
fn sparse_and_lazy_products_on_edge_values() {
    use crate::fp2::TowerField;
    let e = edge_values();
    let xi = Fp2::new(Fp::ONE, Fp::ONE);
    for &x in &e {
        for &y in &e {
            let c = Fp2::new(x, y);
            let d = Fp2::new(y, x);
            let f = Fp12::new(Fp6::new(c, c, c), Fp6::new(c, c, c));
            let g = Fp12::new(Fp6::new(d, c, d), Fp6::new(c, d, c));
            assert_eq!(f.mul(&g), b::fp12_mul(&f, &g));
            assert_eq!(f.square(), b::fp12_sqr(&f));
            let line = Fp12::new(Fp6::new(c, d, Fp2::ZERO), Fp6::new(Fp2::ZERO, c, Fp2::ZERO));
            assert_eq!(f.mul_by_014(c, d, c), b::fp12_mul(&f, &line));
            let two_lines = Fp12::new(g.c0, Fp6::new(Fp2::ZERO, c, d));
            assert_eq!(
                f.mul_by_full_and_v01(&g.c0, c, d),
                b::fp12_mul(&f, &two_lines)
            );
            let expect = (c.square().add(d.square().mul(xi)), c.mul(d).double());
            assert_eq!(<Fp as TowerField>::fp4_square(c, d), expect);
            // Squares from products of unreduced sums (up to 2p - 2 here).
            assert_eq!(c.square(), b::fp2_sqr(c));
            assert_eq!(c.square(), c.mul(c));
            for (a, b) in [(f.c0, g.c0), (g.c0, g.c1), (g.c1, f.c1)] {
                assert_eq!(a.mul(&b), crate::fp6::karatsuba_mul(&a, &b));
                assert_eq!(a.mul_by_01(c, d), crate::fp6::mul_by_01_reduced(&a, c, d));
            }
        }
    }
}
