//! 0x0f BLS12_PAIRING_CHECK (EIP-2537): whether the product of the pairings of `(G1, G2)` pairs
//! is one; 37700 + 32600 gas per pair.

use super::codec::{is_zero, read_g1, read_g2};
use super::{blst_ffi, G1_LEN, G2_LEN, LIBRARY};
use crate::encoding::bool_word;
use crate::{
    charge, Group, InputRule, LengthRule, Library, Precompile, PrecompileError, PrecompileId,
    PrecompileOutput, PrecompileResult,
};
use curves::bls12_381::g1::G1Affine;
use curves::bls12_381::g2::G2Affine;
use curves::bls12_381::pairing::{pairing_check, MillerPair};
use curves::bls12_381::{Fp, Fp2};

/// PAIRING_CHECK price per pair.
pub const PER_PAIR_GAS: u64 = 32_600;
/// PAIRING_CHECK base price.
pub const BASE_GAS: u64 = 37_700;
/// Length of one pair: a G1 and a G2 point.
pub const PAIR_LEN: usize = G1_LEN + G2_LEN;
/// The input lengths PAIRING_CHECK accepts: one pair or more.
pub const INPUT_RULE: InputRule =
    LengthRule::NonEmptyMultipleOf(PAIR_LEN).of(PrecompileId::BlsPairing);

/// PAIRING_CHECK gas: `32600 * k + 37700` with `k = len / 384` (saturating). Bad lengths are
/// priced this way too.
pub fn gas(input: &[u8]) -> u64 {
    let k = (input.len() / PAIR_LEN) as u64;
    PER_PAIR_GAS.saturating_mul(k).saturating_add(BASE_GAS)
}

/// Runs PAIRING_CHECK: the 32-byte word 1 when `prod e(P_i, Q_i) == 1` over the `k = len / 384`
/// (G1, G2) pairs, else 0. Gas ([`gas`]) is charged first. Every point is validated (subgroup
/// included); pairs with a point at infinity are then skipped. Errors: `OutOfGas`,
/// `InvalidInputLength` ([`INPUT_RULE`]), `BlsInvalidFieldPadding`,
/// `BlsFieldElementOutOfRange`, `BlsPointNotOnCurve(G1 or G2)`,
/// `BlsPointNotInSubgroup(G1 or G2)`.
pub fn run(input: &[u8], gas_limit: u64) -> PrecompileResult {
    let gas_used = charge(gas(input), gas_limit)?;
    INPUT_RULE.check(input)?;
    let k = input.len() / PAIR_LEN;
    let mut g1 = Vec::with_capacity(k);
    let mut g2 = Vec::with_capacity(k);
    for pair in input.chunks_exact(PAIR_LEN) {
        let p = read_g1(&pair[..G1_LEN], true)?;
        let q = read_g2(&pair[G1_LEN..], true)?;
        if !is_zero(&pair[..G1_LEN]) && !is_zero(&pair[G1_LEN..]) {
            g1.push(p);
            g2.push(q);
        }
    }
    let ok = blst_ffi::pairing_is_one(&g1, &g2);
    Ok(PrecompileOutput::new(gas_used, bool_word(ok).to_vec()))
}

/// The library of [`run_ours`] (its first word, `curves`, names the backend in the gas report).
pub const OURS_LIBRARY: Library = Library::CurvesBlstDecoding;

/// PAIRING_CHECK with the subgroup checks, the Miller loop and the final exponentiation on our
/// own arithmetic (`curves::bls12_381`; blst still decodes and checks the curve equation): the
/// same result, gas and errors as [`run`], in the same order. An alternative backend for
/// comparison, not the default: in the interleaved precompile-level bench
/// (`benches/bls12_pairing_backends.rs`) it is about even with blst, short of the 0.90x that
/// would make it the default (PERF.md).
/// Variable time: the inputs are public.
pub fn run_ours(input: &[u8], gas_limit: u64) -> PrecompileResult {
    let gas_used = charge(gas(input), gas_limit)?;
    INPUT_RULE.check(input)?;
    let mut pairs = Vec::with_capacity(input.len() / PAIR_LEN);
    for pair in input.chunks_exact(PAIR_LEN) {
        let p = read_g1(&pair[..G1_LEN], false)?;
        let p = G1Affine::new(fp(&p.x), fp(&p.y));
        if !is_zero(&pair[..G1_LEN]) && !p.is_in_subgroup() {
            return Err(PrecompileError::BlsPointNotInSubgroup(Group::G1));
        }
        let q = read_g2(&pair[G1_LEN..], false)?;
        let q = G2Affine::new(fp2(&q.x), fp2(&q.y));
        if !is_zero(&pair[G1_LEN..]) && !q.is_in_subgroup() {
            return Err(PrecompileError::BlsPointNotInSubgroup(Group::G2));
        }
        if !is_zero(&pair[..G1_LEN]) && !is_zero(&pair[G1_LEN..]) {
            pairs.push(MillerPair {
                px: p.x,
                py: p.y,
                qx: q.x,
                qy: q.y,
            });
        }
    }
    let ok = pairing_check(&pairs);
    Ok(PrecompileOutput::new(gas_used, bool_word(ok).to_vec()))
}

/// A decoded base-field element as ours (the same Montgomery limbs).
fn fp(a: &blst::blst_fp) -> Fp {
    Fp::from_raw_montgomery(a.l)
}

/// A decoded `Fp2` element as ours.
fn fp2(a: &blst::blst_fp2) -> Fp2 {
    Fp2::new(fp(&a.fp[0]), fp(&a.fp[1]))
}

/// PAIRING_CHECK (`0x0f`) on our own arithmetic ([`run_ours`]): an alternative backend.
pub const PRAGUE_OURS: Precompile =
    Precompile::new(PrecompileId::BlsPairing, OURS_LIBRARY, gas, run_ours);

/// BLS12_PAIRING_CHECK (`0x0f`), since Prague.
pub const PRAGUE: Precompile = Precompile::new(PrecompileId::BlsPairing, LIBRARY, gas, run);
