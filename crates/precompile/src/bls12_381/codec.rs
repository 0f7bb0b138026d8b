//! Decoding and encoding of EIP-2537 field elements, points and scalars.

use super::{blst_ffi, FP_LEN, G1_LEN, G2_LEN};
use crate::{Group, PrecompileError};
use blst::{blst_fp, blst_fp2, blst_p1_affine, blst_p2_affine};

/// Decodes a 64-byte padded field element.
#[inline]
pub(crate) fn read_fp(b: &[u8]) -> Result<blst_fp, PrecompileError> {
    let (pad, value) = b.split_at(FP_LEN - 48);
    if pad.iter().any(|&x| x != 0) {
        return Err(PrecompileError::BlsInvalidFieldPadding);
    }
    blst_ffi::fp_from_be(value.try_into().expect("48 bytes"))
        .ok_or(PrecompileError::BlsFieldElementOutOfRange)
}

/// Decodes a 128-byte Fp2 element `c0 || c1`.
#[inline]
pub(crate) fn read_fp2(b: &[u8]) -> Result<blst_fp2, PrecompileError> {
    Ok(blst_fp2 {
        fp: [read_fp(&b[..FP_LEN])?, read_fp(&b[FP_LEN..2 * FP_LEN])?],
    })
}

/// Decodes a 128-byte G1 point: coordinates valid, on the curve or all-zero infinity, and in
/// the subgroup when `subgroup` is set.
#[inline]
pub(crate) fn read_g1(b: &[u8], subgroup: bool) -> Result<blst_p1_affine, PrecompileError> {
    let p = blst_p1_affine {
        x: read_fp(&b[..FP_LEN])?,
        y: read_fp(&b[FP_LEN..G1_LEN])?,
    };
    if b[..G1_LEN].iter().all(|&x| x == 0) {
        return Ok(p);
    }
    if !blst_ffi::p1_on_curve(&p) {
        return Err(PrecompileError::BlsPointNotOnCurve(Group::G1));
    }
    if subgroup && !blst_ffi::p1_in_g1(&p) {
        return Err(PrecompileError::BlsPointNotInSubgroup(Group::G1));
    }
    Ok(p)
}

/// Decodes a 256-byte G2 point; as [`read_g1`].
#[inline]
pub(crate) fn read_g2(b: &[u8], subgroup: bool) -> Result<blst_p2_affine, PrecompileError> {
    let p = blst_p2_affine {
        x: read_fp2(&b[..2 * FP_LEN])?,
        y: read_fp2(&b[2 * FP_LEN..G2_LEN])?,
    };
    if b[..G2_LEN].iter().all(|&x| x == 0) {
        return Ok(p);
    }
    if !blst_ffi::p2_on_curve(&p) {
        return Err(PrecompileError::BlsPointNotOnCurve(Group::G2));
    }
    if subgroup && !blst_ffi::p2_in_g2(&p) {
        return Err(PrecompileError::BlsPointNotInSubgroup(Group::G2));
    }
    Ok(p)
}

#[inline]
fn write_fp(fp: &blst_fp, out: &mut [u8]) {
    out[FP_LEN - 48..FP_LEN].copy_from_slice(&blst_ffi::fp_to_be(fp));
}

/// Encodes a G1 point as 128 bytes (infinity as zeros: blst's affine infinity is `(0, 0)`).
pub(crate) fn write_g1(p: &blst_p1_affine) -> Vec<u8> {
    let mut out = vec![0u8; G1_LEN];
    write_fp(&p.x, &mut out[..FP_LEN]);
    write_fp(&p.y, &mut out[FP_LEN..]);
    out
}

/// Encodes a G2 point as 256 bytes `x.c0 || x.c1 || y.c0 || y.c1`.
pub(crate) fn write_g2(p: &blst_p2_affine) -> Vec<u8> {
    let mut out = vec![0u8; G2_LEN];
    for (i, fp) in [&p.x.fp[0], &p.x.fp[1], &p.y.fp[0], &p.y.fp[1]]
        .into_iter()
        .enumerate()
    {
        write_fp(fp, &mut out[i * FP_LEN..(i + 1) * FP_LEN]);
    }
    out
}

/// A big-endian 32-byte scalar as the little-endian bytes blst reads.
#[inline]
pub(crate) fn scalar_le(b: &[u8]) -> [u8; 32] {
    let mut s: [u8; 32] = b.try_into().expect("32 bytes");
    s.reverse();
    s
}

/// Whether every byte of `b` is zero (an encoded point at infinity or a zero scalar).
#[inline]
pub(crate) fn is_zero(b: &[u8]) -> bool {
    b.iter().all(|&x| x == 0)
}
