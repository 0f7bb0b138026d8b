//! 0x11 BLS12_MAP_FP2_TO_G2 (EIP-2537): maps an Fp2 element to a G2 point; 23800 gas.

use super::codec::{read_fp2, write_g2};
use super::curves_codec;
use super::{blst_ffi, FP_LEN, LIBRARY};
use crate::{charge, LengthRule, Library, Precompile, PrecompileOutput, PrecompileResult};
use crate::{InputRule, PrecompileId};

/// MAP_FP2_TO_G2 price.
pub const GAS: u64 = 23_800;
/// The only input length MAP_FP2_TO_G2 accepts: one Fp2 element.
pub const INPUT_RULE: InputRule = LengthRule::Exact(2 * FP_LEN).of(PrecompileId::BlsMapFp2ToG2);

/// MAP_FP2_TO_G2 gas: 23800 whatever the input.
pub fn gas(_input: &[u8]) -> u64 {
    GAS
}

/// Runs MAP_FP2_TO_G2: the 256-byte G2 point for the 128-byte Fp2 element input (SWU map,
/// 3-isogeny, cofactor clearing). Errors: `OutOfGas` (below 23800), `InvalidInputLength`
/// ([`INPUT_RULE`]), `BlsInvalidFieldPadding`, `BlsFieldElementOutOfRange`.
pub fn run(input: &[u8], gas_limit: u64) -> PrecompileResult {
    let gas_used = charge(GAS, gas_limit)?;
    INPUT_RULE.check(input)?;
    let u = read_fp2(input)?;
    Ok(PrecompileOutput::new(
        gas_used,
        write_g2(&blst_ffi::map_fp2_to_g2(&u)),
    ))
}

/// BLS12_MAP_FP2_TO_G2 (`0x11`), since Prague.
pub const PRAGUE: Precompile = Precompile::new(PrecompileId::BlsMapFp2ToG2, LIBRARY, gas, run);

/// The library of [`run_ours`] (its first word, `curves`, names the backend in the gas report).
pub const OURS_LIBRARY: Library = Library::CurvesBlstDecoding;

/// Runs MAP_FP2_TO_G2 with the map on our own arithmetic (`curves::bls12_381::map`: SSWU, the
/// isogeny and cofactor clearing; blst still decodes the input and encodes the output): the
/// same result, gas and errors as [`run`], in the same order. Variable time: the input is
/// public.
pub fn run_ours(input: &[u8], gas_limit: u64) -> PrecompileResult {
    let gas_used = charge(GAS, gas_limit)?;
    INPUT_RULE.check(input)?;
    let u = curves_codec::fp2(&read_fp2(input)?);
    let p = curves::bls12_381::map::map_fp2_to_g2(u);
    Ok(PrecompileOutput::new(
        gas_used,
        write_g2(&curves_codec::g2_to_blst(&p)),
    ))
}

/// BLS12_MAP_FP2_TO_G2 on our own arithmetic ([`run_ours`]): an alternative backend.
pub const PRAGUE_OURS: Precompile =
    Precompile::new(PrecompileId::BlsMapFp2ToG2, OURS_LIBRARY, gas, run_ours);
