//! 0x02 SHA256: the SHA-256 digest of the input.

use crate::{charge, linear_gas, Precompile, PrecompileOutput, PrecompileResult};
use sha2::{Digest, Sha256};

/// Base gas of SHA256.
pub const BASE_GAS: u64 = 60;
/// Gas per 32-byte word of input.
pub const WORD_GAS: u64 = 12;

/// The gas of SHA256 on `input`: `60 + 12 * ceil(len / 32)` (saturating; never fails).
pub fn gas(input: &[u8]) -> u64 {
    linear_gas(input.len(), BASE_GAS, WORD_GAS)
}

/// Runs SHA256: returns the 32-byte digest of `input`. Every input is valid; the only error is
/// [`crate::PrecompileError::OutOfGas`] when [`gas`] exceeds `gas_limit`.
pub fn run(input: &[u8], gas_limit: u64) -> PrecompileResult {
    let gas_used = charge(gas(input), gas_limit)?;
    Ok(PrecompileOutput::new(
        gas_used,
        Sha256::digest(input).to_vec(),
    ))
}

/// The SHA256 precompile at 0x02 (since Frontier).
pub const HOMESTEAD: Precompile = Precompile::new(0x02, "SHA256", gas, run).with_library("sha2");

#[cfg(test)]
mod tests {
    use super::*;
    use crate::PrecompileError;

    #[test]
    fn empty_and_abc() {
        let out = run(b"", 60).unwrap();
        assert_eq!(out.gas_used, 60);
        assert_eq!(
            hex::encode(out.bytes),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
        let out = run(b"abc", 72).unwrap();
        assert_eq!(out.gas_used, 72);
        assert_eq!(
            hex::encode(out.bytes),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }

    #[test]
    fn gas_words_and_out_of_gas() {
        assert_eq!(gas(&[0; 32]), 72);
        assert_eq!(gas(&[0; 33]), 84);
        assert_eq!(run(&[0; 33], 83), Err(PrecompileError::OutOfGas));
    }
}
