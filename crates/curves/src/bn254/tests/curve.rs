//! G1, G2 and GLV against ark-bn254 (the oracle).

use super::field::{from_ark, from_ark2, to_ark, to_ark2};
use super::twist::twist_points;
use crate::bn254::g1::{G1Affine, G1Jacobian};
use crate::bn254::g2::{psi, G2Affine, G2Jacobian, BN_X, PSI_X, PSI_Y};
use crate::bn254::{g1, g2, glv};
use crate::curve::batch_to_affine;
use ark_bn254::{Fq, Fr};
use ark_ec::{short_weierstrass::SWCurveConfig, AffineRepr, CurveGroup, PrimeGroup};
use ark_ff::{BigInt, BigInteger, Field, PrimeField};
use uint256::U256;

type ArkG1 = ark_bn254::G1Affine;
type ArkG2 = ark_bn254::G2Affine;

fn g1_from_ark(p: ArkG1) -> G1Affine {
    match p.xy() {
        None => G1Affine::INFINITY,
        Some((x, y)) => G1Affine::new(from_ark(x), from_ark(y)),
    }
}

fn g1_to_ark(p: G1Affine) -> ArkG1 {
    if p.infinity {
        ArkG1::zero()
    } else {
        ArkG1::new_unchecked(to_ark(p.x), to_ark(p.y))
    }
}

fn g2_from_ark(p: ArkG2) -> G2Affine {
    match p.xy() {
        None => G2Affine::INFINITY,
        Some((x, y)) => G2Affine::new(from_ark2(x), from_ark2(y)),
    }
}

fn g2_to_ark(p: G2Affine) -> ArkG2 {
    if p.infinity {
        ArkG2::zero()
    } else {
        ArkG2::new_unchecked(to_ark2(p.x), to_ark2(p.y))
    }
}

fn fr_from_u256(k: U256) -> Fr {
    let mut le = [0u8; 32];
    for (i, l) in k.into_limbs().iter().enumerate() {
        le[8 * i..8 * i + 8].copy_from_slice(&l.to_le_bytes());
    }
    Fr::from_le_bytes_mod_order(&le)
}

fn ark_point(seed: u64) -> ArkG1 {
    (ArkG1::generator() * Fr::from(seed.wrapping_mul(0x9e3779b97f4a7c15) | 1)).into_affine()
}

/// 0, 1, 2, r - 1, r, r + 1, 2^256 - 1, lambda, r - lambda, 2^255, 2^128 - 1, 2^127.
fn edge_scalars() -> Vec<U256> {
    let r = glv::R;
    let one = U256::from_u64(1);
    vec![
        U256::from_u64(0),
        one,
        U256::from_u64(2),
        r.wrapping_sub(one),
        r,
        r.wrapping_add(one),
        U256::from_limbs([u64::MAX; 4]),
        glv::LAMBDA,
        r.wrapping_sub(glv::LAMBDA),
        U256::from_limbs([0, 0, 0, 1 << 63]),
        U256::from_u128(u128::MAX),
        U256::from_u128(1 << 127),
        r.wrapping_add(r)
            .wrapping_add(r)
            .wrapping_add(r)
            .wrapping_add(r),
    ]
}

#[test]
fn constants_match_ark() {
    use ark_bn254::g2::Config as G2Config;
    use ark_ec::bn::BnConfig;
    assert_eq!(to_ark(g1::B), ark_bn254::g1::Config::COEFF_B);
    assert_eq!(to_ark2(g2::B), G2Config::COEFF_B);
    assert_eq!(to_ark2(PSI_X), ark_bn254::Config::TWIST_MUL_BY_Q_X);
    assert_eq!(to_ark2(PSI_Y), ark_bn254::Config::TWIST_MUL_BY_Q_Y);
    assert_eq!(BN_X, ark_bn254::Config::X[0]);
    assert_eq!(g1_to_ark(g1::GENERATOR), ArkG1::generator());
    // beta is a primitive cube root of unity and phi acts as lambda.
    let beta = to_ark(glv::BETA);
    assert_ne!(beta, Fq::from(1u64));
    assert_eq!(beta.pow([3u64]), Fq::from(1u64));
    let p = ark_point(5);
    let lp = (p * fr_from_u256(glv::LAMBDA)).into_affine();
    assert_eq!(lp.x, p.x * beta);
    assert_eq!(lp.y, p.y);
    let r = BigInt::<4>::new(glv::R.into_limbs());
    assert_eq!(r, Fr::MODULUS);
}

#[test]
fn g1_formulas_match_ark() {
    for s in 1..40u64 {
        let (a, b) = (ark_point(s), ark_point(s * 31 + 7));
        let (pa, pb) = (g1_from_ark(a), g1_from_ark(b));
        let (ja, jb) = (G1Jacobian::from(pa), G1Jacobian::from(pb));
        // Non-trivial Z on the left.
        let ja3 = ja.double().add(&ja);
        let a3 = (a * Fr::from(3u64)).into_affine();
        let sum = (a + b).into_affine();
        assert_eq!(g1_to_ark(pa.add_affine(&pb)), sum);
        assert_eq!(g1_to_ark(ja.add_mixed(&pb).to_affine()), sum);
        assert_eq!(g1_to_ark(ja.add(&jb).to_affine()), sum);
        assert_eq!(g1_to_ark(ja3.to_affine()), a3);
        assert_eq!(
            g1_to_ark(ja3.add_mixed(&pb).to_affine()),
            (a3 + b).into_affine()
        );
        assert_eq!(
            g1_to_ark(ja3.add(&ja3).to_affine()),
            (a3 + a3).into_affine()
        );
        // P + P through the addition formulas, P + (-P), and infinity on either side.
        let two_a = (a + a).into_affine();
        assert_eq!(g1_to_ark(pa.add_affine(&pa)), two_a);
        assert_eq!(g1_to_ark(ja.add_mixed(&pa).to_affine()), two_a);
        assert_eq!(g1_to_ark(ja.add(&ja).to_affine()), two_a);
        assert_eq!(
            g1_to_ark(ja3.add_mixed(&a3_affine(a3)).to_affine()),
            (a3 + a3).into_affine()
        );
        assert!(pa.add_affine(&pa.neg()).infinity);
        assert!(ja.add_mixed(&pa.neg()).is_infinity());
        assert!(ja3.add(&ja3.neg()).is_infinity());
        assert_eq!(pa.add_affine(&G1Affine::INFINITY), pa);
        assert_eq!(G1Affine::INFINITY.add_affine(&pa), pa);
        assert_eq!(G1Jacobian::INFINITY.add_mixed(&pa).to_affine(), pa);
        assert_eq!(ja.add_mixed(&G1Affine::INFINITY).to_affine(), pa);
        assert_eq!(ja.add(&G1Jacobian::INFINITY).to_affine(), pa);
        assert_eq!(G1Jacobian::INFINITY.add(&ja).to_affine(), pa);
        assert!(G1Jacobian::INFINITY.double().is_infinity());
        assert!(ja3.eq_point(&G1Jacobian::from(a3_affine(a3))));
        assert!(!ja3.eq_point(&ja));
    }
    assert!(G1Affine::INFINITY.add_affine(&G1Affine::INFINITY).infinity);
    assert!(G1Jacobian::INFINITY.to_affine().infinity);
}

fn a3_affine(p: ArkG1) -> G1Affine {
    g1_from_ark(p)
}

#[test]
fn batch_to_affine_matches_single_inversions() {
    let mut pts = [G1Jacobian::INFINITY; 6];
    for (i, p) in pts.iter_mut().enumerate() {
        if i != 2 {
            *p = G1Jacobian::from(g1_from_ark(ark_point(i as u64))).double();
        }
    }
    let batch = batch_to_affine(&pts);
    for (p, a) in pts.iter().zip(batch) {
        assert_eq!(p.to_affine(), a);
    }
    assert!(batch_to_affine(&[G1Jacobian::INFINITY; 3])
        .iter()
        .all(|p| p.infinity));
}

fn check_mul(p: ArkG1, k: U256) {
    let ours = glv::mul_scalar(&g1_from_ark(p), k).to_affine();
    assert_eq!(
        g1_to_ark(ours),
        (p * fr_from_u256(k)).into_affine(),
        "k = {k:?}"
    );
}

#[test]
fn mul_edge_scalars_match_ark() {
    for s in [1u64, 2, 77] {
        for &k in &edge_scalars() {
            check_mul(ark_point(s), k);
        }
    }
    for &k in &edge_scalars() {
        assert!(glv::mul_scalar(&G1Affine::INFINITY, k).is_infinity());
    }
}

#[test]
fn decomposition_is_short_and_exact() {
    let lambda = fr_from_u256(glv::LAMBDA);
    let check = |k: U256| {
        let k = glv::reduce_scalar(k);
        assert!(k < glv::R);
        let ((n1, k1), (n2, k2)) = glv::decompose(k);
        assert!(k1 < 1 << 127 && k2 < 1 << 127);
        let f = |neg: bool, m: u128| {
            let v = Fr::from(m);
            if neg {
                -v
            } else {
                v
            }
        };
        assert_eq!(f(n1, k1) + f(n2, k2) * lambda, fr_from_u256(k));
    };
    for k in edge_scalars() {
        check(k);
    }
    // Pseudo-random scalars (splitmix64 limbs).
    let mut state = 0x61cu64;
    let mut next = || {
        state = state.wrapping_add(0x9e3779b97f4a7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58476d1ce4e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d049bb133111eb);
        z ^ (z >> 31)
    };
    for _ in 0..5000 {
        check(U256::from_limbs([next(), next(), next(), next()]));
    }
}

#[test]
fn g2_subgroup_check_matches_ark() {
    let (mut inside, mut outside) = (0, 0);
    for p in twist_points() {
        let ours = g2_from_ark(p);
        assert!(ours.is_on_curve());
        let ark = p.is_in_correct_subgroup_assuming_on_curve();
        assert_eq!(ours.is_in_subgroup(), ark);
        inside += ark as u32;
        outside += !ark as u32;
    }
    assert!(inside > 10 && outside > 5);
    assert!(g2_from_ark(ArkG2::generator()).is_in_subgroup());
    assert!(G2Affine::INFINITY.is_in_subgroup());
}

#[test]
fn g2_formulas_and_psi_match_ark() {
    let g = ArkG2::generator();
    let q = (g * Fr::from(12345u64)).into_affine();
    let (jg, aq) = (G2Jacobian::from(g2_from_ark(g)), g2_from_ark(q));
    assert_eq!(
        g2_to_ark(jg.add_mixed(&aq).to_affine()),
        (g + q).into_affine()
    );
    assert_eq!(g2_to_ark(jg.double().to_affine()), (g + g).into_affine());
    assert_eq!(
        g2_to_ark(aq.mul_u64(BN_X).to_affine()),
        q.into_group().mul_bigint([BN_X]).into_affine()
    );
    assert_eq!(
        g2_to_ark(g2_from_ark(g).mul_u64(BN_X).to_affine()),
        g.into_group().mul_bigint([BN_X]).into_affine()
    );
    // psi acts on G2 as multiplication by p (mod r).
    let p_mod_r = Fr::from_le_bytes_mod_order(&Fq::MODULUS.to_bytes_le());
    assert_eq!(g2_to_ark(psi(&jg).to_affine()), (g * p_mod_r).into_affine());
    let _ = G1Jacobian::INFINITY;
}
