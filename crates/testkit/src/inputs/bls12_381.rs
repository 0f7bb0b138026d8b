//! BLS12-381 (EIP-2537, 0x0b-0x11): points from arkworks, encoded as 64-byte field elements (16
//! zero bytes, then 48), G2 coordinates as `c0, c1`.

use super::curve::{pairing_input, Group, Layout};
use super::{edge_element, length_fault, lpad, Rng};
use crate::constants::{bytes, BLS12_381_P, BLS12_381_R};
use ark_bls12_381::{G1Affine, G1Projective, G2Affine, G2Projective};

/// The prime factors of the G1 cofactor `h1 = 3 · 11² · 10177² · 859267² · 52437899²`.
pub const G1_COFACTOR_FACTORS: [(u64, u32); 5] =
    [(3, 1), (11, 2), (10177, 2), (859267, 2), (52437899, 2)];

/// The prime factors below 2^64 of the G2 cofactor `h2` (`13² · 23² · 2713 · 11953 · 262069`
/// times one prime of 405 bits).
pub const G2_COFACTOR_FACTORS: [(u64, u32); 5] =
    [(13, 2), (23, 2), (2713, 1), (11953, 1), (262069, 1)];

/// Random multiples of the generators and points on each curve outside the subgroup.
pub(super) struct Pool {
    pub(super) g1: Group<G1Affine>,
    pub(super) g2: Group<G2Affine>,
}

/// EIP-2537's encoding: 64-byte elements, 16 zero bytes in front, `c0` before `c1`.
const LAYOUT: Layout = Layout {
    modulus: BLS12_381_P,
    width: 64,
    padding: 16,
    reversed: false,
};

impl Pool {
    pub(super) fn new(rng: &mut Rng, size: usize) -> Self {
        let g1 =
            Group::random::<G1Projective>(rng, size, Some((&G1_COFACTOR_FACTORS, false)), LAYOUT);
        let g2 =
            Group::random::<G2Projective>(rng, size, Some((&G2_COFACTOR_FACTORS, true)), LAYOUT);
        Self { g1, g2 }
    }
}

/// G1ADD `(P, Q)`: `P` from the point mix (valid, negated, infinity, off curve, outside the
/// subgroup, edge coordinates `p - 1`, `p`, `p + 1`, 2^k, non-zero padding, random); `Q`
/// independent (70%), `P` (15%, doubling) or `-P` (15%); then the length faults.
pub fn bls_g1_add(rng: &mut Rng, pool: &super::Pool) -> Vec<u8> {
    pool.bls12_381().g1.add_input(rng)
}

/// G2ADD: as [`bls_g1_add`] with G2 points.
pub fn bls_g2_add(rng: &mut Rng, pool: &super::Pool) -> Vec<u8> {
    pool.bls12_381().g2.add_input(rng)
}

/// An MSM scalar: zero (25%), an edge value around the group order r (`r - 1`, `r`, `r + 1`,
/// 1, 2^k, all ones, ..., 35%), random (30%), small 1 ..= 15 (10%).
pub(super) fn msm_scalar(rng: &mut Rng) -> Vec<u8> {
    match rng.below(20) {
        0..=4 => vec![0; 32],
        5..=11 => edge_element(rng, &bytes(BLS12_381_R), 32),
        12..=17 => rng.bytes(32),
        _ => super::word(rng.range(1, 15) as u64).to_vec(),
    }
}

/// The number of MSM pairs: 0 (5%), 1 ..= 4 (60%), 5 ..= 16 (30%), 17 ..= 40 (5%).
fn msm_pairs(rng: &mut Rng) -> usize {
    match rng.below(20) {
        0 => 0,
        1..=12 => rng.range(1, 4),
        13..=18 => rng.range(5, 16),
        _ => rng.range(17, 40),
    }
}

/// G1MSM, `k` pairs `(P, s)` (`k`: 0 (5%), 1 ..= 4 (60%), 5 ..= 16 (30%), 17 ..= 40 (5%)):
/// all pairs the same point (20%) or each its own; each point valid (80%) or from the point
/// mix; each scalar zero (25%), an edge value around r (35%), random (30%) or small (10%);
/// then the length faults.
pub fn bls_g1_msm(rng: &mut Rng, pool: &super::Pool) -> Vec<u8> {
    let pairs = msm_pairs(rng);
    pool.bls12_381().g1.msm_input(rng, pairs, msm_scalar)
}

/// G2MSM: as [`bls_g1_msm`] with G2 points.
pub fn bls_g2_msm(rng: &mut Rng, pool: &super::Pool) -> Vec<u8> {
    let pairs = msm_pairs(rng);
    pool.bls12_381().g2.msm_input(rng, pairs, msm_scalar)
}

/// PAIRING_CHECK, `k` pairs `(P, Q)`: `k` = 0 (5%), 1 ..= 2 (60%), 3 ..= 4 (35%). Balanced
/// (40%): each pair `(P, Q)` followed by `(-P, Q)` (product 1 unless the mix broke it);
/// otherwise independent pairs from the point mixes (valid, infinity, off curve, outside the
/// subgroup, edge coordinates, padding, random). Then the length faults.
pub fn bls_pairing(rng: &mut Rng, pool: &super::Pool) -> Vec<u8> {
    let pool = pool.bls12_381();
    pairing_input(rng, &pool.g1, &pool.g2)
}

/// One encoded field element: an edge value for p (random below p, 0, 1, `p - 1`, `p`,
/// `p + 1`, 2^k, all ones, random, 95%) or a valid-range value with non-zero padding (5%).
fn fp_element(rng: &mut Rng) -> Vec<u8> {
    let mut v = lpad(&edge_element(rng, &bytes(BLS12_381_P), 48), 64);
    if rng.percent(5) {
        v[rng.below(16) as usize] = rng.range(1, 255) as u8;
    }
    v
}

/// MAP_FP_TO_G1: one element from `fp_element`, then the length faults.
pub fn bls_map_fp(rng: &mut Rng) -> Vec<u8> {
    let mut input = fp_element(rng);
    length_fault(rng, &mut input);
    input
}

/// MAP_FP2_TO_G2: two elements from `fp_element`, then the length faults.
pub fn bls_map_fp2(rng: &mut Rng) -> Vec<u8> {
    let mut input = [fp_element(rng), fp_element(rng)].concat();
    length_fault(rng, &mut input);
    input
}
