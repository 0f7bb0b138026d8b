//! 0x04 IDENTITY: returns its input.

use crate::{charge, linear_gas, Precompile, PrecompileOutput, PrecompileResult};
use crate::{Library, PrecompileId};

/// Base gas of IDENTITY.
pub const BASE_GAS: u64 = 15;
/// Gas per 32-byte word of input.
pub const WORD_GAS: u64 = 3;

/// The gas of IDENTITY on `input`: `15 + 3 * ceil(len / 32)` (saturating; never fails).
pub fn gas(input: &[u8]) -> u64 {
    linear_gas(input.len(), BASE_GAS, WORD_GAS)
}

/// Runs IDENTITY: returns a copy of `input`. Every input is valid; the only error is
/// [`crate::PrecompileError::OutOfGas`] when [`gas`] exceeds `gas_limit` (checked before the
/// copy is allocated).
pub fn run(input: &[u8], gas_limit: u64) -> PrecompileResult {
    let gas_used = charge(gas(input), gas_limit)?;
    Ok(PrecompileOutput::new(gas_used, input.to_vec()))
}

/// The IDENTITY precompile at 0x04 (since Frontier).
pub const HOMESTEAD: Precompile = Precompile::new(PrecompileId::Identity, Library::Own, gas, run);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::PrecompileError;

    #[test]
    fn copies_input() {
        assert_eq!(run(b"", 15).unwrap(), PrecompileOutput::new(15, vec![]));
        assert_eq!(
            run(&[7; 33], 21).unwrap(),
            PrecompileOutput::new(21, vec![7; 33])
        );
        assert_eq!(run(&[7; 33], 20), Err(PrecompileError::OutOfGas));
    }
}
