//! The BLS12-381 operations of revm's `Crypto` trait on this module's arithmetic (for
//! [`crate::revm_crypto`]). revm has already checked lengths and removed the 16-byte padding of
//! each field element; these functions put the padding back and go through the same decoding
//! ([`super::codec`]) and arithmetic as the precompiles, so the checks and results are theirs.
//! Errors are revm's halts ([`crate::revm::halt_reason`] of ours).

use super::codec::{is_zero, read_fp, read_fp2, read_g1, read_g2, write_g1, write_g2};
use super::{affine, blst_ffi, msm, msm_terms, FP_LEN, G1_LEN, G2_LEN};
use crate::revm::halt_reason;
use revm::precompile::bls12_381::{G1Point, G1PointScalar, G2Point, G2PointScalar};
use revm::precompile::PrecompileHalt;

/// The padding in front of each 48-byte field element in the precompiles' encoding.
const PAD: usize = FP_LEN - 48;

/// The padded encoding of 48-byte field elements (`N` bytes: 64 per element).
fn padded<const N: usize>(elements: &[&[u8; 48]]) -> [u8; N] {
    let mut out = [0u8; N];
    for (chunk, e) in out.chunks_exact_mut(FP_LEN).zip(elements) {
        chunk[PAD..].copy_from_slice(*e);
    }
    out
}

/// The 48-byte field elements of a padded encoding, concatenated (`N` bytes: 48 per element).
fn unpadded<const N: usize>(padded: &[u8]) -> [u8; N] {
    let mut out = [0u8; N];
    for (chunk, e) in out.chunks_exact_mut(48).zip(padded.chunks_exact(FP_LEN)) {
        chunk.copy_from_slice(&e[PAD..]);
    }
    out
}

fn g1_bytes(p: &G1Point) -> [u8; G1_LEN] {
    padded(&[&p.0, &p.1])
}

fn g2_bytes(p: &G2Point) -> [u8; G2_LEN] {
    padded(&[&p.0, &p.1, &p.2, &p.3])
}

/// G1ADD without the padding: `a + b` (no subgroup check), 96 bytes.
pub(crate) fn g1_add(a: &G1Point, b: &G1Point) -> Result<[u8; 96], PrecompileHalt> {
    let a = read_g1(&g1_bytes(a), false).map_err(halt_reason)?;
    let b = read_g1(&g1_bytes(b), false).map_err(halt_reason)?;
    Ok(unpadded(&write_g1(&affine::p1_add(&a, &b))))
}

/// G2ADD without the padding: `a + b` (no subgroup check), 192 bytes.
pub(crate) fn g2_add(a: &G2Point, b: &G2Point) -> Result<[u8; 192], PrecompileHalt> {
    let a = read_g2(&g2_bytes(a), false).map_err(halt_reason)?;
    let b = read_g2(&g2_bytes(b), false).map_err(halt_reason)?;
    Ok(unpadded(&write_g2(&affine::p2_add(&a, &b))))
}

/// G1MSM without the padding: `sum s_i * P_i`, 96 bytes.
pub(crate) fn g1_msm(
    pairs: &mut dyn Iterator<Item = Result<G1PointScalar, PrecompileHalt>>,
) -> Result<[u8; 96], PrecompileHalt> {
    let pairs = pairs.map(|pair| pair.map(|(p, s)| (g1_bytes(&p), s)));
    let (points, scalars) = msm_terms(pairs, read_g1, halt_reason)?;
    Ok(unpadded(&write_g1(&msm::routed(&points, &scalars))))
}

/// G2MSM without the padding: `sum s_i * P_i`, 192 bytes.
pub(crate) fn g2_msm(
    pairs: &mut dyn Iterator<Item = Result<G2PointScalar, PrecompileHalt>>,
) -> Result<[u8; 192], PrecompileHalt> {
    let pairs = pairs.map(|pair| pair.map(|(p, s)| (g2_bytes(&p), s)));
    let (points, scalars) = msm_terms(pairs, read_g2, halt_reason)?;
    Ok(unpadded(&write_g2(&msm::routed(&points, &scalars))))
}

/// PAIRING_CHECK on decoded pairs: every point validated (subgroup included) in order, pairs
/// with a point at infinity skipped, then whether the product of the pairings is one.
pub(crate) fn pairing_check(pairs: &[(G1Point, G2Point)]) -> Result<bool, PrecompileHalt> {
    let mut g1 = Vec::with_capacity(pairs.len());
    let mut g2 = Vec::with_capacity(pairs.len());
    for (p, q) in pairs {
        let (pb, qb) = (g1_bytes(p), g2_bytes(q));
        let p = read_g1(&pb, true).map_err(halt_reason)?;
        let q = read_g2(&qb, true).map_err(halt_reason)?;
        if !is_zero(&pb) && !is_zero(&qb) {
            g1.push(p);
            g2.push(q);
        }
    }
    Ok(blst_ffi::pairing_is_one(&g1, &g2))
}

/// MAP_FP_TO_G1 without the padding, 96 bytes (the map on our arithmetic, as the precompile's
/// default).
pub(crate) fn map_fp_to_g1(fp: &[u8; 48]) -> Result<[u8; 96], PrecompileHalt> {
    let u = read_fp(&padded::<FP_LEN>(&[fp])).map_err(halt_reason)?;
    let p = curves::bls12_381::map::map_fp_to_g1(super::curves_codec::fp(&u));
    Ok(unpadded(&write_g1(&super::curves_codec::g1_to_blst(&p))))
}

/// MAP_FP2_TO_G2 without the padding (`c0`, `c1`), 192 bytes.
pub(crate) fn map_fp2_to_g2(c0: &[u8; 48], c1: &[u8; 48]) -> Result<[u8; 192], PrecompileHalt> {
    let u = read_fp2(&padded::<{ 2 * FP_LEN }>(&[c0, c1])).map_err(halt_reason)?;
    Ok(unpadded(&write_g2(&blst_ffi::map_fp2_to_g2(&u))))
}
