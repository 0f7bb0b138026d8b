//! Point decoding and ECADD/ECMUL against ark-bn254 (the oracle; also the `arkworks` backend).

use super::twist::twist_points;
use crate::bn254::codec::{decode_g1, decode_g2, encode_g1};
use crate::bn254::{add, arkworks, limbs_be, mul};
use crate::{Group, PrecompileError};
use ark_bn254::{Fq, Fr};
use ark_ec::{AffineRepr, CurveGroup};
use ark_ff::PrimeField;
use curves::bn254::fp::P;
use curves::bn254::g1::{self, G1Affine};
use curves::bn254::g2::G2Affine;
use curves::bn254::{Fp, Fp2};
use proptest::prelude::*;

type ArkG1 = ark_bn254::G1Affine;
type ArkG2 = ark_bn254::G2Affine;

fn from_ark(a: Fq) -> Fp {
    let mut b = [0u8; 32];
    limbs_be(&a.into_bigint().0, &mut b);
    Fp::from_be_bytes(&b).unwrap()
}

fn g1_from_ark(p: ArkG1) -> G1Affine {
    match p.xy() {
        None => G1Affine::INFINITY,
        Some((x, y)) => G1Affine::new(from_ark(x), from_ark(y)),
    }
}

fn g2_from_ark(p: ArkG2) -> G2Affine {
    match p.xy() {
        None => G2Affine::INFINITY,
        Some((x, y)) => G2Affine::new(
            Fp2::new(from_ark(x.c0), from_ark(x.c1)),
            Fp2::new(from_ark(y.c0), from_ark(y.c1)),
        ),
    }
}

fn ark_point(seed: u64) -> ArkG1 {
    (ArkG1::generator() * Fr::from(seed.wrapping_mul(0x9e3779b97f4a7c15) | 1)).into_affine()
}

#[test]
fn decode_errors_match_today() {
    let g = encode_g1(&g1::GENERATOR);
    assert_eq!(decode_g1(&g), Ok(g1::GENERATOR));
    assert_eq!(decode_g1(&[0; 64]), Ok(G1Affine::INFINITY));
    let mut bad = g;
    bad[63] = 3;
    assert_eq!(
        decode_g1(&bad),
        Err(PrecompileError::Bn254PointNotOnCurve(Group::G1))
    );
    // (0, y) with y != 0 and (x, 0) are not on the curve (0 + 3 is not 0; no order-2 point).
    let mut zero_x = [0u8; 64];
    zero_x[63] = 1;
    assert_eq!(
        decode_g1(&zero_x),
        Err(PrecompileError::Bn254PointNotOnCurve(Group::G1))
    );
    let mut p_x = [0u8; 64];
    limbs_be(&P, &mut p_x[..32]);
    assert_eq!(
        decode_g1(&p_x),
        Err(PrecompileError::Bn254FieldElementOutOfRange)
    );
}

/// A G1 input block from selector bytes: valid points, infinity, off-curve, out-of-range.
fn g1_block(kind: u8, seed: u64) -> [u8; 64] {
    let p = g1_from_ark(ark_point(seed));
    match kind % 6 {
        0 | 1 => encode_g1(&p),
        2 => [0; 64],
        3 => {
            let mut b = encode_g1(&p);
            b[63] ^= 1;
            b
        }
        4 => {
            let mut b = encode_g1(&p);
            limbs_be(&P, &mut b[32 * (seed as usize % 2)..][..32]);
            b
        }
        _ => encode_g1(&p.neg()),
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 256,
        rng_seed: proptest::test_runner::RngSeed::Fixed(0xecad),
        failure_persistence: None,
        ..ProptestConfig::default()
    })]
    #[test]
    fn ecadd_matches_ark(ka in any::<u8>(), kb in any::<u8>(), sa in any::<u64>(), same in any::<bool>(),
                         raw in any::<[u8; 32]>()) {
        let a = g1_block(ka, sa);
        let b = if same { a } else { g1_block(kb, sa ^ 0x55) };
        let mut input = [0u8; 128];
        input[..64].copy_from_slice(&a);
        input[64..].copy_from_slice(&b);
        prop_assert_eq!(add::g1_add(&input), arkworks::g1_add(&input));
        // Arbitrary bytes in one coordinate.
        input[32 * (ka as usize % 4)..][..32].copy_from_slice(&raw);
        prop_assert_eq!(add::g1_add(&input), arkworks::g1_add(&input));
    }

    #[test]
    fn ecmul_matches_ark(kind in any::<u8>(), seed in any::<u64>(), k in any::<[u8; 32]>(),
                         small in any::<u64>()) {
        let mut input = [0u8; 96];
        input[..64].copy_from_slice(&g1_block(kind, seed));
        input[64..].copy_from_slice(&k);
        prop_assert_eq!(mul::g1_mul(&input), arkworks::g1_mul(&input));
        input[64..].fill(0);
        input[88..].copy_from_slice(&small.to_be_bytes());
        prop_assert_eq!(mul::g1_mul(&input), arkworks::g1_mul(&input));
    }
}

fn g2_encode(p: ArkG2) -> [u8; 128] {
    let mut out = [0u8; 128];
    if let Some((x, y)) = p.xy() {
        for (k, f) in [x.c1, x.c0, y.c1, y.c0].iter().enumerate() {
            limbs_be(&f.into_bigint().0, &mut out[32 * k..32 * k + 32]);
        }
    }
    out
}

#[test]
fn g2_subgroup_check_and_decoding_match_ark() {
    let (mut inside, mut outside) = (0, 0);
    for p in twist_points() {
        let ours = g2_from_ark(p);
        let ark = p.is_in_correct_subgroup_assuming_on_curve();
        assert_eq!(arkworks::in_g2_subgroup(&p), ark);
        let expected = if ark {
            Ok(ours)
        } else {
            Err(PrecompileError::Bn254G2NotInSubgroup)
        };
        assert_eq!(decode_g2(&g2_encode(p)), expected);
        inside += ark as u32;
        outside += !ark as u32;
        // Off the twist: change one coordinate.
        let mut bad = g2_encode(p);
        bad[127] ^= 1;
        assert_eq!(
            decode_g2(&bad),
            Err(PrecompileError::Bn254PointNotOnCurve(Group::G2))
        );
    }
    assert!(inside > 10 && outside > 5);
    let g = ArkG2::generator();
    assert_eq!(decode_g2(&g2_encode(g)), Ok(g2_from_ark(g)));
    assert_eq!(decode_g2(&[0; 128]), Ok(G2Affine::INFINITY));
    for k in 0..4 {
        let mut b = g2_encode(g);
        limbs_be(&P, &mut b[32 * k..32 * k + 32]);
        assert_eq!(
            decode_g2(&b),
            Err(PrecompileError::Bn254FieldElementOutOfRange)
        );
    }
}
