//! 0x0b BLS12_G1ADD (EIP-2537): the sum of two G1 points, without subgroup checks; 375 gas.
//! The sum is affine with one variable-time inversion (`super::affine`).

use super::codec::{read_g1, write_g1};
use super::{affine, ADD_LIBRARY, G1_LEN};
use crate::{charge, LengthRule, Precompile, PrecompileOutput, PrecompileResult};
use crate::{InputRule, PrecompileId};

/// G1ADD price.
pub const GAS: u64 = 375;
/// The only input length G1ADD accepts: two G1 points.
pub const INPUT_RULE: InputRule = LengthRule::Exact(2 * G1_LEN).of(PrecompileId::BlsG1Add);

/// G1ADD gas: 375 whatever the input.
pub fn gas(_input: &[u8]) -> u64 {
    GAS
}

/// Runs G1ADD: the 128-byte sum of the two G1 points of a 256-byte input (no subgroup check).
/// Errors: `OutOfGas` (below 375), `InvalidInputLength` ([`INPUT_RULE`]),
/// `BlsInvalidFieldPadding`, `BlsFieldElementOutOfRange`, `BlsPointNotOnCurve(G1)`.
pub fn run(input: &[u8], gas_limit: u64) -> PrecompileResult {
    let gas_used = charge(GAS, gas_limit)?;
    INPUT_RULE.check(input)?;
    let a = read_g1(&input[..G1_LEN], false)?;
    let b = read_g1(&input[G1_LEN..], false)?;
    Ok(PrecompileOutput::new(
        gas_used,
        write_g1(&affine::p1_add(&a, &b)),
    ))
}

/// BLS12_G1ADD (`0x0b`), since Prague.
pub const PRAGUE: Precompile = Precompile::new(PrecompileId::BlsG1Add, ADD_LIBRARY, gas, run);
