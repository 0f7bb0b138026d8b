//! 0x03 RIPEMD160: the RIPEMD-160 digest of the input, left-padded to 32 bytes.

use crate::{charge, linear_gas, Precompile, PrecompileOutput, PrecompileResult};
use ripemd::{Digest, Ripemd160};

/// Base gas of RIPEMD160.
pub const BASE_GAS: u64 = 600;
/// Gas per 32-byte word of input.
pub const WORD_GAS: u64 = 120;

/// The gas of RIPEMD160 on `input`: `600 + 120 * ceil(len / 32)` (saturating; never fails).
pub fn gas(input: &[u8]) -> u64 {
    linear_gas(input.len(), BASE_GAS, WORD_GAS)
}

/// Runs RIPEMD160: returns 12 zero bytes followed by the 20-byte digest of `input`. Every input
/// is valid; the only error is [`crate::PrecompileError::OutOfGas`] when [`gas`] exceeds
/// `gas_limit`.
pub fn run(input: &[u8], gas_limit: u64) -> PrecompileResult {
    let gas_used = charge(gas(input), gas_limit)?;
    let mut out = vec![0u8; 32];
    out[12..].copy_from_slice(&Ripemd160::digest(input));
    Ok(PrecompileOutput::new(gas_used, out))
}

/// The RIPEMD160 precompile at 0x03 (since Frontier).
pub const HOMESTEAD: Precompile =
    Precompile::new(0x03, "RIPEMD160", gas, run).with_library("ripemd");

#[cfg(test)]
mod tests {
    use super::*;
    use crate::PrecompileError;

    #[test]
    fn empty_and_abc() {
        let out = run(b"", 600).unwrap();
        assert_eq!(
            hex::encode(out.bytes),
            "0000000000000000000000009c1185a5c5e9fc54612808977ee8f548b2258d31"
        );
        let out = run(b"abc", 720).unwrap();
        assert_eq!(out.gas_used, 720);
        assert_eq!(
            hex::encode(out.bytes),
            "0000000000000000000000008eb208f7e05d987a9b044a8e98c6b087f15a0bfc"
        );
    }

    #[test]
    fn gas_words_and_out_of_gas() {
        assert_eq!(gas(&[0; 64]), 840);
        assert_eq!(gas(&[0; 65]), 960);
        assert_eq!(run(&[0; 65], 959), Err(PrecompileError::OutOfGas));
    }
}
