//! BN254 operations on `ark-bn254` (revm's library): an alternative backend (cargo feature
//! `bn254-arkworks`) with the same interface and semantics as our default, and the oracle of
//! the BN254 tests.

use super::pairing::{INPUT_RULE, PAIR_LEN};
use super::{be_limbs, limbs_be};
use crate::{Group, PrecompileError};
use ark_bn254::{Bn254, Fq, Fq2, G1Affine, G1Projective, G2Affine, G2Projective};
use ark_ec::{
    bn::{BnConfig, G1Prepared, G2Prepared},
    pairing::{MillerLoopOutput, Pairing},
    AffineRepr, CurveGroup, PrimeGroup,
};
use ark_ff::{AdditiveGroup, BigInt, Field, One, PrimeField, Zero};

/// Reads a 32-byte big-endian base-field element; `Bn254FieldElementOutOfRange` when `>= p`.
#[inline]
fn read_fq(b: &[u8]) -> Result<Fq, PrecompileError> {
    let b: &[u8; 32] = b.try_into().expect("32-byte slice");
    Fq::from_bigint(BigInt::new(be_limbs(b))).ok_or(PrecompileError::Bn254FieldElementOutOfRange)
}

/// Reads a 64-byte G1 point: `(0, 0)` is infinity; errors on a coordinate `>= p` or a point not
/// on the curve (G1 has cofactor 1, so on-curve points are in the group).
#[inline]
fn read_g1(b: &[u8]) -> Result<G1Affine, PrecompileError> {
    let x = read_fq(&b[..32])?;
    let y = read_fq(&b[32..64])?;
    if x.is_zero() && y.is_zero() {
        return Ok(G1Affine::zero());
    }
    let p = G1Affine::new_unchecked(x, y);
    if !p.is_on_curve() {
        return Err(PrecompileError::Bn254PointNotOnCurve(Group::G1));
    }
    Ok(p)
}

/// Reads a 128-byte G2 point `(x.c1, x.c0, y.c1, y.c0)`: all zeros is infinity; errors on a
/// coordinate `>= p`, a point not on the twist, or a point outside the order-r subgroup.
#[inline]
fn read_g2(b: &[u8]) -> Result<G2Affine, PrecompileError> {
    let x = Fq2::new(read_fq(&b[32..64])?, read_fq(&b[..32])?);
    let y = Fq2::new(read_fq(&b[96..128])?, read_fq(&b[64..96])?);
    if x.is_zero() && y.is_zero() {
        return Ok(G2Affine::zero());
    }
    let p = G2Affine::new_unchecked(x, y);
    if !p.is_on_curve() {
        return Err(PrecompileError::Bn254PointNotOnCurve(Group::G2));
    }
    if !in_g2_subgroup(&p) {
        return Err(PrecompileError::Bn254G2NotInSubgroup);
    }
    Ok(p)
}

/// The untwist-Frobenius-twist endomorphism psi on G2, in Jacobian coordinates:
/// `(X, Y, Z) -> (conj(X) * cx, conj(Y) * cy, conj(Z))` (conjugation is the p-power Frobenius
/// on Fq2, so it commutes with the division by `Z^2`, `Z^3`).
#[inline]
fn psi(p: &G2Projective) -> G2Projective {
    let mut q = *p;
    q.x.frobenius_map_in_place(1);
    q.y.frobenius_map_in_place(1);
    q.z.frobenius_map_in_place(1);
    q.x *= ark_bn254::Config::TWIST_MUL_BY_Q_X;
    q.y *= ark_bn254::Config::TWIST_MUL_BY_Q_Y;
    q
}

/// Whether an on-curve G2 point (not infinity) is in the order-r subgroup, by the test of
/// El Housni, Guillevic and Piellard (ePrint 2022/352) as go-ethereum's gnark backend runs it:
/// `[x+1]P + psi([x]P) + psi^2([x]P) == psi^3([2x]P)` with the 63-bit BN parameter x. One
/// multiplication by x, about half the work of ark's `[6x^2]P == psi(P)` check.
#[inline]
pub(crate) fn in_g2_subgroup(p: &G2Affine) -> bool {
    let p = G2Projective::from(*p);
    let xp = p.mul_bigint(ark_bn254::Config::X);
    let psi_xp = psi(&xp);
    let lhs = xp + p + psi_xp + psi(&psi_xp);
    let rhs = psi(&psi(&psi(&xp.double())));
    lhs == rhs
}

#[inline]
fn write_g1(p: G1Affine) -> [u8; 64] {
    let mut out = [0u8; 64];
    if let Some((x, y)) = p.xy() {
        limbs_be(&x.into_bigint().0, &mut out[..32]);
        limbs_be(&y.into_bigint().0, &mut out[32..]);
    }
    out
}

/// ECADD: the sum of the two 64-byte G1 points in `input`, encoded as 64 bytes (infinity is all
/// zeros). Errors: `Bn254FieldElementOutOfRange`, `Bn254PointNotOnCurve(G1)`.
pub fn g1_add(input: &[u8; 128]) -> Result<[u8; 64], PrecompileError> {
    let a = read_g1(&input[..64])?;
    let b = read_g1(&input[64..])?;
    Ok(write_g1((G1Projective::from(a) + b).into_affine()))
}

/// ECMUL: the G1 point in `input[..64]` times the 256-bit big-endian scalar `input[64..96]`
/// (used in full, not reduced first), encoded as 64 bytes. Errors as [`g1_add`].
pub fn g1_mul(input: &[u8; 96]) -> Result<[u8; 64], PrecompileError> {
    let p = read_g1(&input[..64])?;
    let s: &[u8; 32] = input[64..].try_into().expect("32 bytes");
    // Reducing modulo r first is equivalent (r * P = O) and lets the GLV method apply.
    let s = ark_bn254::Fr::from_be_bytes_mod_order(s);
    Ok(write_g1((p * s).into_affine()))
}

/// ECPAIRING check: whether `prod e(G1_i, G2_i) == 1` over the 192-byte pairs of `input`
/// (`input.len()` must be a multiple of 192; an empty input gives `true`). Every point is
/// validated, then pairs with a point at infinity are skipped, and one multi-Miller loop and a
/// single final exponentiation are computed. Errors: `InvalidInputLength`,
/// `Bn254FieldElementOutOfRange`, `Bn254PointNotOnCurve(G1 or G2)`, `Bn254G2NotInSubgroup`.
pub fn pairing_check(input: &[u8]) -> Result<bool, PrecompileError> {
    INPUT_RULE.check(input)?;
    let k = input.len() / PAIR_LEN;
    let mut g1s: Vec<G1Prepared<ark_bn254::Config>> = Vec::with_capacity(k);
    let mut g2s: Vec<G2Affine> = Vec::with_capacity(k);
    for pair in input.chunks_exact(PAIR_LEN) {
        let a = read_g1(&pair[..64])?;
        let b = read_g2(&pair[64..])?;
        if !a.is_zero() && !b.is_zero() {
            g1s.push(a.into());
            g2s.push(b);
        }
    }
    if g1s.is_empty() {
        return Ok(true);
    }
    let g2s = g2s.into_iter().map(G2Prepared::<ark_bn254::Config>::from);
    let ml: MillerLoopOutput<Bn254> = Bn254::multi_miller_loop(g1s, g2s);
    Ok(Bn254::final_exponentiation(ml).is_some_and(|f| f.0.is_one()))
}

/// The library name of this backend, as [`crate::Precompile::library`] reports it.
pub const LIBRARY: crate::Library = crate::Library::ArkBn254;

super::backend_precompiles!(LIBRARY, g1_add, g1_mul, pairing_check);
