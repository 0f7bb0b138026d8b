//! BN254 operations on `substrate-bn` (cargo feature `substrate-bn`; a bench baseline with the
//! same interface and semantics as our default, [`super::add::g1_add`], [`super::mul::g1_mul`]
//! and [`super::pairing::pairing_check`]).

use super::pairing::{INPUT_RULE, PAIR_LEN};
#[cfg(doc)]
use crate::Precompile;
use crate::{Group as CurveGroup, PrecompileError};
use substrate_bn::{AffineG1, AffineG2, Fq, Fq2, Fr, Group, Gt, G1, G2};

/// Reads a 32-byte big-endian base-field element; `Bn254FieldElementOutOfRange` when `>= p`.
#[inline]
fn read_fq(b: &[u8]) -> Result<Fq, PrecompileError> {
    Fq::from_slice(b).map_err(|_| PrecompileError::Bn254FieldElementOutOfRange)
}

#[inline]
fn read_g1(b: &[u8]) -> Result<G1, PrecompileError> {
    let x = read_fq(&b[..32])?;
    let y = read_fq(&b[32..64])?;
    if x.is_zero() && y.is_zero() {
        return Ok(G1::zero());
    }
    AffineG1::new(x, y)
        .map(Into::into)
        .map_err(|_| PrecompileError::Bn254PointNotOnCurve(CurveGroup::G1))
}

#[inline]
fn read_g2(b: &[u8]) -> Result<G2, PrecompileError> {
    let x = Fq2::new(read_fq(&b[32..64])?, read_fq(&b[..32])?);
    let y = Fq2::new(read_fq(&b[96..128])?, read_fq(&b[64..96])?);
    if x.is_zero() && y.is_zero() {
        return Ok(G2::zero());
    }
    AffineG2::new(x, y).map(Into::into).map_err(|e| match e {
        substrate_bn::GroupError::NotOnCurve => {
            PrecompileError::Bn254PointNotOnCurve(CurveGroup::G2)
        }
        substrate_bn::GroupError::NotInSubgroup => PrecompileError::Bn254G2NotInSubgroup,
    })
}

#[inline]
fn write_g1(p: G1) -> [u8; 64] {
    let mut out = [0u8; 64];
    if let Some(a) = AffineG1::from_jacobian(p) {
        a.x().to_big_endian(&mut out[..32]).expect("32-byte slice");
        a.y().to_big_endian(&mut out[32..]).expect("32-byte slice");
    }
    out
}

/// ECADD through `substrate-bn`: as [`super::add::g1_add`].
pub fn g1_add(input: &[u8; 128]) -> Result<[u8; 64], PrecompileError> {
    let a = read_g1(&input[..64])?;
    let b = read_g1(&input[64..])?;
    Ok(write_g1(a + b))
}

/// ECMUL through `substrate-bn`: as [`super::mul::g1_mul`].
pub fn g1_mul(input: &[u8; 96]) -> Result<[u8; 64], PrecompileError> {
    let p = read_g1(&input[..64])?;
    let mut wide = [0u8; 64];
    wide[32..].copy_from_slice(&input[64..]);
    // `interpret` reduces a 512-bit big-endian value modulo r: the full 256-bit scalar is used.
    let s = Fr::interpret(&wide);
    Ok(write_g1(p * s))
}

/// ECPAIRING check through `substrate-bn`: as [`super::pairing::pairing_check`].
pub fn pairing_check(input: &[u8]) -> Result<bool, PrecompileError> {
    INPUT_RULE.check(input)?;
    let mut pairs = Vec::with_capacity(input.len() / PAIR_LEN);
    for pair in input.chunks_exact(PAIR_LEN) {
        let a = read_g1(&pair[..64])?;
        let b = read_g2(&pair[64..])?;
        if !a.is_zero() && !b.is_zero() {
            pairs.push((a, b));
        }
    }
    if pairs.is_empty() {
        return Ok(true);
    }
    Ok(substrate_bn::pairing_batch(&pairs) == Gt::one())
}

/// The library name of this backend, as [`Precompile::library`] reports it.
pub const LIBRARY: crate::Library = crate::Library::SubstrateBn;

super::backend_precompiles!(LIBRARY, g1_add, g1_mul, pairing_check);
