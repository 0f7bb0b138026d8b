//! BLS12-381 precompiles of EIP-2537 (Prague), `0x0b` to `0x11`, on `blst`: one module per
//! precompile with its gas rule beside its body ([`g1_add`], [`g1_msm`], [`g2_add`],
//! [`g2_msm`], [`pairing`], [`map_fp_to_g1`], [`map_fp2_to_g2`]). The affine sums of G1ADD and
//! G2ADD, and the affine form of every blst result, are ours (`affine` on `field`: blst's
//! Montgomery form on the `montgomery` kernel, with one variable-time inversion instead of
//! blst's constant-time one; every input is public).
//! G1MSM and G2MSM run our own MSM (`curves::bls12_381::msm`, GLV/psi split) for the term
//! counts where it measured faster and blst's above; the rule is `msm::MsmPoint::OURS`.
//!
//! Encodings (big-endian):
//! - a base-field element is 64 bytes: 16 zero bytes, then the 48-byte value, which must be
//!   below p (`BlsInvalidFieldPadding` / `BlsFieldElementOutOfRange` otherwise);
//! - an Fp2 element `c0 + c1 * u` is `c0 || c1` (128 bytes);
//! - a G1 point is `x || y` (128 bytes), a G2 point `x || y` over Fp2 (256 bytes); all zeros is
//!   the point at infinity; any other point must be on the curve (`BlsPointNotOnCurve(G1 or G2)`);
//! - a scalar is 32 bytes, used as a 256-bit integer (not required to be below r).
//!
//! G1ADD and G2ADD do not check subgroup membership; the MSMs and the pairing check do
//! (`BlsPointNotInSubgroup(G1 or G2)`). Every length other than the ones specified is
//! `InvalidInputLength` (including empty MSM and pairing inputs).

pub(crate) mod affine;
pub(crate) mod blst_ffi;
mod codec;
mod curves_codec;
mod field;
pub mod g1_add;
pub mod g1_msm;
pub mod g2_add;
pub mod g2_msm;
pub mod map_fp2_to_g2;
pub mod map_fp_to_g1;
mod msm;
pub mod pairing;
#[cfg(feature = "revm")]
pub(crate) mod revm_crypto;

use crate::{charge, PrecompileError, PrecompileOutput, PrecompileResult};

/// The library doing the BLS12-381 math in this build (every affine result is converted by
/// our variable-time inversion, `affine`).
pub const LIBRARY: crate::Library = crate::Library::Blst;
/// G1ADD and G2ADD: blst decodes and checks the points, the affine sum is ours (`affine`,
/// one variable-time inversion on the `montgomery` kernel).
pub const ADD_LIBRARY: crate::Library = crate::Library::OwnAffineBlstDecoding;

/// Length of an encoded base-field element.
pub const FP_LEN: usize = 64;
/// Length of an encoded G1 point.
pub const G1_LEN: usize = 128;
/// Length of an encoded G2 point.
pub const G2_LEN: usize = 256;
/// Length of an encoded scalar.
pub const SCALAR_LEN: usize = 32;
/// Divisor of the MSM discount tables.
pub const MSM_MULTIPLIER: u64 = 1_000;

/// The EIP-2537 MSM price for `k` pairs: `k * mul_gas * discount(k) / 1000`, where
/// `discount(k)` is `table[k - 1]` for `k <= 128` and `max_discount` above; 0 for `k = 0`.
/// Saturates at `u64::MAX`.
pub fn msm_gas(k: usize, mul_gas: u64, table: &[u16; 128], max_discount: u16) -> u64 {
    if k == 0 {
        return 0;
    }
    let discount = table.get(k - 1).copied().unwrap_or(max_discount) as u128;
    let gas = (k as u128) * (mul_gas as u128) * discount / (MSM_MULTIPLIER as u128);
    u64::try_from(gas).unwrap_or(u64::MAX)
}

/// The body G1MSM and G2MSM share: charges `cost`, checks the length against `rule` (the
/// modules' `INPUT_RULE`: a non-zero multiple of the pair length, point plus 32-byte scalar),
/// then computes
/// `sum s_i * P_i` over the (point, scalar) pairs of `input` (points of `point_len` bytes read
/// with `read`, subgroup checked, even with a zero scalar; infinity points and zero scalars are
/// then left out) with `msm`, encoded with `write`.
fn run_msm<P>(
    input: &[u8],
    gas_limit: u64,
    cost: u64,
    rule: crate::InputRule,
    read: fn(&[u8], bool) -> Result<P, PrecompileError>,
    msm: fn(&[P], &[[u8; 32]]) -> P,
    write: fn(&P) -> Vec<u8>,
) -> PrecompileResult {
    let gas_used = charge(cost, gas_limit)?;
    rule.check(input)?;
    let pair_len = rule.lengths.unit();
    let point_len = pair_len - SCALAR_LEN;
    let pairs = input
        .chunks_exact(pair_len)
        .map(|pair| Ok(pair.split_at(point_len)));
    let (points, scalars) = msm_terms(pairs, read, |e| e)?;
    Ok(PrecompileOutput::new(
        gas_used,
        write(&msm(&points, &scalars)),
    ))
}

/// The terms of an MSM over encoded (point, big-endian scalar) pairs: every point decoded with
/// `read`, subgroup checked, in order (also those whose scalar is zero), and the pairs whose
/// point is infinity or scalar is zero left out; scalars little-endian. The first error of
/// `pairs` or of `read` (through `err`) stops. Shared by the precompiles and revm's `Crypto`.
pub(crate) fn msm_terms<P, B: AsRef<[u8]>, S: AsRef<[u8]>, E>(
    pairs: impl Iterator<Item = Result<(B, S), E>>,
    read: fn(&[u8], bool) -> Result<P, PrecompileError>,
    err: impl Fn(PrecompileError) -> E,
) -> Result<(Vec<P>, Vec<[u8; 32]>), E> {
    let (lower, _) = pairs.size_hint();
    let mut points = Vec::with_capacity(lower);
    let mut scalars = Vec::with_capacity(lower);
    for pair in pairs {
        let (point, scalar) = pair?;
        let (point, scalar) = (point.as_ref(), scalar.as_ref());
        let p = read(point, true).map_err(&err)?;
        if !codec::is_zero(point) && !codec::is_zero(scalar) {
            points.push(p);
            scalars.push(codec::scalar_le(scalar));
        }
    }
    Ok((points, scalars))
}

#[cfg(test)]
mod affine_tests;
#[cfg(test)]
mod tests;
