//! 0x10 BLS12_MAP_FP_TO_G1 (EIP-2537): maps a base-field element to a G1 point; 5500 gas.

use super::codec::{read_fp, write_g1};
use super::curves_codec;
use super::{blst_ffi, FP_LEN, LIBRARY};
use crate::{charge, LengthRule, Library, Precompile, PrecompileOutput, PrecompileResult};
use crate::{InputRule, PrecompileId};

/// MAP_FP_TO_G1 price.
pub const GAS: u64 = 5_500;
/// The only input length MAP_FP_TO_G1 accepts: one field element.
pub const INPUT_RULE: InputRule = LengthRule::Exact(FP_LEN).of(PrecompileId::BlsMapFpToG1);

/// MAP_FP_TO_G1 gas: 5500 whatever the input.
pub fn gas(_input: &[u8]) -> u64 {
    GAS
}

/// Runs MAP_FP_TO_G1: the 128-byte G1 point that the simplified-SWU map (with the 11-isogeny
/// and cofactor clearing, no hashing) gives for the 64-byte field element input, computed on
/// our own arithmetic (`curves::bls12_381::map`; blst still decodes the input and encodes the
/// output). Errors: `OutOfGas` (below 5500), `InvalidInputLength` ([`INPUT_RULE`]),
/// `BlsInvalidFieldPadding`, `BlsFieldElementOutOfRange`. Variable time: the input is public.
pub fn run(input: &[u8], gas_limit: u64) -> PrecompileResult {
    let gas_used = charge(GAS, gas_limit)?;
    INPUT_RULE.check(input)?;
    let u = curves_codec::fp(&read_fp(input)?);
    let p = curves::bls12_381::map::map_fp_to_g1(u);
    Ok(PrecompileOutput::new(
        gas_used,
        write_g1(&curves_codec::g1_to_blst(&p)),
    ))
}

/// The library of [`run`] (its first word, `curves`, names the backend in the gas report).
pub const OURS_LIBRARY: Library = Library::CurvesBlstDecoding;

/// BLS12_MAP_FP_TO_G1 (`0x10`), since Prague: [`run`], on our own arithmetic.
pub const PRAGUE: Precompile = Precompile::new(PrecompileId::BlsMapFpToG1, OURS_LIBRARY, gas, run);

/// Runs MAP_FP_TO_G1 with blst's map (`blst_map_to_g1`): the same result, gas and errors as
/// [`run`], in the same order.
pub fn run_blst(input: &[u8], gas_limit: u64) -> PrecompileResult {
    let gas_used = charge(GAS, gas_limit)?;
    INPUT_RULE.check(input)?;
    let u = read_fp(input)?;
    Ok(PrecompileOutput::new(
        gas_used,
        write_g1(&blst_ffi::map_fp_to_g1(&u)),
    ))
}

/// BLS12_MAP_FP_TO_G1 on blst ([`run_blst`]): the alternative backend and oracle.
pub const PRAGUE_BLST: Precompile =
    Precompile::new(PrecompileId::BlsMapFpToG1, LIBRARY, gas, run_blst);
