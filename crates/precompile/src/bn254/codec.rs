//! BN254 point encodings of EIP-196/197 on `curves::bn254`'s types: decoding with every
//! validation the precompiles need (range, on-curve, G2 subgroup) and its precise error, and
//! encoding of results.

use crate::{Group, PrecompileError};
use curves::bn254::g1::G1Affine;
use curves::bn254::g2::G2Affine;
use curves::bn254::{Fp, Fp2};

/// Reads a 32-byte big-endian base-field element; `Bn254FieldElementOutOfRange` when `>= p`.
#[inline]
pub fn decode_fp(b: &[u8; 32]) -> Result<Fp, PrecompileError> {
    Fp::from_be_bytes(b).ok_or(PrecompileError::Bn254FieldElementOutOfRange)
}

/// The 32-byte halves of a 64-byte slice.
#[inline]
fn halves(b: &[u8; 64]) -> (&[u8; 32], &[u8; 32]) {
    let (lo, hi) = b.split_at(32);
    (
        lo.try_into().expect("32 bytes"),
        hi.try_into().expect("32 bytes"),
    )
}

/// Reads an Fp2 element encoded `c1 || c0` (imaginary part first, as EIP-197).
#[inline]
fn decode_fp2(b: &[u8; 64]) -> Result<Fp2, PrecompileError> {
    let (c1, c0) = halves(b);
    let c0 = decode_fp(c0)?;
    let c1 = decode_fp(c1)?;
    Ok(Fp2::new(c0, c1))
}

/// Decodes a 64-byte EIP-196 point `x || y`: `(0, 0)` is infinity. Errors:
/// `Bn254FieldElementOutOfRange` when a coordinate is `>= p`, `Bn254PointNotOnCurve(G1)`
/// when the point is not on the curve (cofactor 1: on-curve points are in the group).
#[inline]
pub fn decode_g1(b: &[u8; 64]) -> Result<G1Affine, PrecompileError> {
    let (xb, yb) = halves(b);
    let x = decode_fp(xb)?;
    let y = decode_fp(yb)?;
    if x.is_zero() && y.is_zero() {
        return Ok(G1Affine::INFINITY);
    }
    let p = G1Affine::new(x, y);
    if !p.is_on_curve() {
        return Err(PrecompileError::Bn254PointNotOnCurve(Group::G1));
    }
    Ok(p)
}

/// The 64-byte encoding `x || y` of a G1 point, all zeros for infinity.
#[inline]
pub fn encode_g1(p: &G1Affine) -> [u8; 64] {
    let mut out = [0u8; 64];
    if !p.infinity {
        out[..32].copy_from_slice(&p.x.to_be_bytes());
        out[32..].copy_from_slice(&p.y.to_be_bytes());
    }
    out
}

/// Decodes a 128-byte EIP-197 point `x.c1 || x.c0 || y.c1 || y.c0`: all zeros is infinity.
/// Errors: `Bn254FieldElementOutOfRange` when a coordinate is `>= p`,
/// `Bn254PointNotOnCurve(G2)` when the point is not on the twist, `Bn254G2NotInSubgroup`
/// when it is outside the order-r subgroup.
pub fn decode_g2(b: &[u8; 128]) -> Result<G2Affine, PrecompileError> {
    let (xb, yb) = b.split_at(64);
    let x = decode_fp2(xb.try_into().expect("64 bytes"))?;
    let y = decode_fp2(yb.try_into().expect("64 bytes"))?;
    if x.is_zero() && y.is_zero() {
        return Ok(G2Affine::INFINITY);
    }
    let p = G2Affine::new(x, y);
    if !p.is_on_curve() {
        return Err(PrecompileError::Bn254PointNotOnCurve(Group::G2));
    }
    if !p.is_in_subgroup() {
        return Err(PrecompileError::Bn254G2NotInSubgroup);
    }
    Ok(p)
}
