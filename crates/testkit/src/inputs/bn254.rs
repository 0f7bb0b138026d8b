//! BN254 (alt_bn128): ECADD (0x06), ECMUL (0x07), ECPAIRING (0x08), points from arkworks.

use super::curve::{pairing_input, Group, Layout};
use super::{edge_element, length_fault, Rng};
use crate::constants::{bytes, BN254_P, BN254_R};
use ark_bn254::{G1Affine, G1Projective, G2Affine, G2Projective};

/// The prime factors below 2^64 of the twist's cofactor `2p - r` (each to the first power),
/// besides one prime of 177 bits.
pub const G2_COFACTOR_FACTORS: [(u64, u32); 3] = [(10069, 1), (5864401, 1), (1875725156269, 1)];

/// Random multiples of the generators, and G2 points on the twist outside the subgroup (G1 has
/// prime order: every point of the curve is in it).
pub(super) struct Pool {
    pub(super) g1: Group<G1Affine>,
    pub(super) g2: Group<G2Affine>,
}

/// EIP-196/197's encoding: 32-byte elements; G2's in the order `x.c1, x.c0, y.c1, y.c0`.
const fn layout(reversed: bool) -> Layout {
    Layout {
        modulus: BN254_P,
        width: 32,
        padding: 0,
        reversed,
    }
}

impl Pool {
    pub(super) fn new(rng: &mut Rng, size: usize) -> Self {
        let g1 = Group::random::<G1Projective>(rng, size, None, layout(false));
        let cofactor = Some((&G2_COFACTOR_FACTORS[..], true));
        let g2 = Group::random::<G2Projective>(rng, size, cofactor, layout(true));
        Self { g1, g2 }
    }
}

/// ECADD `(P, Q)`: `P` from the point mix (valid, negated, infinity, off curve, edge
/// coordinates `p - 1`, `p`, `p + 1`, 2^k, random); `Q` an independent mix (70%), `P` itself
/// (15%, doubling) or `-P` (15%, sum at infinity); then the length faults (truncated: the
/// precompile pads with zeros; over-long: ignored).
pub fn bn254_add(rng: &mut Rng, pool: &super::Pool) -> Vec<u8> {
    pool.bn254().g1.add_input(rng)
}

/// ECMUL `(P, k)`: `P` from the point mix; `k` an edge value around the group order r
/// (`r - 1`, `r`, `r + 1`, 0, 1, 2^k, all ones, random below r, 60%), fully random (25%) or
/// small 0 ..= 15 (15%); then the length faults.
pub fn bn254_mul(rng: &mut Rng, pool: &super::Pool) -> Vec<u8> {
    let g1 = &pool.bn254().g1;
    let p = g1.valid(rng);
    let scalar = match rng.below(20) {
        0..=11 => edge_element(rng, &bytes(BN254_R), 32),
        12..=16 => rng.bytes(32),
        _ => super::word(rng.below(16)).to_vec(),
    };
    let mut input = [g1.variant(rng, p), scalar].concat();
    length_fault(rng, &mut input);
    input
}

/// ECPAIRING, `k` pairs `(P, Q)`: `k` = 0 (5%), 1 ..= 2 (60%), 3 ..= 4 (35%). Balanced
/// (40%): each pair `(P, Q)` is followed by `(-P, Q)`, so the product is 1 (output 1) unless a
/// point mix broke it; otherwise independent pairs, each point from the mix (valid, infinity,
/// off curve, outside the G2 subgroup, edge coordinates, random). Then the length faults.
pub fn bn254_pairing(rng: &mut Rng, pool: &super::Pool) -> Vec<u8> {
    let pool = pool.bn254();
    pairing_input(rng, &pool.g1, &pool.g2)
}
