//! 0x0d BLS12_G2ADD (EIP-2537): the sum of two G2 points, without subgroup checks; 600 gas.
//! The sum is affine with one variable-time inversion (`super::affine`).

use super::codec::{read_g2, write_g2};
use super::{affine, ADD_LIBRARY, G2_LEN};
use crate::{charge, LengthRule, Precompile, PrecompileOutput, PrecompileResult};
use crate::{InputRule, PrecompileId};

/// G2ADD price.
pub const GAS: u64 = 600;
/// The only input length G2ADD accepts: two G2 points.
pub const INPUT_RULE: InputRule = LengthRule::Exact(2 * G2_LEN).of(PrecompileId::BlsG2Add);

/// G2ADD gas: 600 whatever the input.
pub fn gas(_input: &[u8]) -> u64 {
    GAS
}

/// Runs G2ADD: the 256-byte sum of the two G2 points of a 512-byte input (no subgroup check).
/// Errors: `OutOfGas` (below 600), `InvalidInputLength` ([`INPUT_RULE`]),
/// `BlsInvalidFieldPadding`, `BlsFieldElementOutOfRange`, `BlsPointNotOnCurve(G2)`.
pub fn run(input: &[u8], gas_limit: u64) -> PrecompileResult {
    let gas_used = charge(GAS, gas_limit)?;
    INPUT_RULE.check(input)?;
    let a = read_g2(&input[..G2_LEN], false)?;
    let b = read_g2(&input[G2_LEN..], false)?;
    Ok(PrecompileOutput::new(
        gas_used,
        write_g2(&affine::p2_add(&a, &b)),
    ))
}

/// BLS12_G2ADD (`0x0d`), since Prague.
pub const PRAGUE: Precompile = Precompile::new(PrecompileId::BlsG2Add, ADD_LIBRARY, gas, run);
