//! 0x02 SHA256: the SHA-256 digest of the input.

use crate::{charge, linear_gas, Precompile, PrecompileOutput, PrecompileResult};
use crate::{Library, PrecompileId};
use sha2::block_api::compress256;

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
    Ok(PrecompileOutput::new(gas_used, digest(input).to_vec()))
}

/// SHA-256's initial hash value (FIPS 180-4, 5.3.3).
const H0: [u32; 8] = [
    0x6a09_e667,
    0xbb67_ae85,
    0x3c6e_f372,
    0xa54f_f53a,
    0x510e_527f,
    0x9b05_688c,
    0x1f83_d9ab,
    0x5be0_cd19,
];

/// The SHA-256 digest of `input` (FIPS 180-4). The whole 64-byte blocks are compressed straight
/// from `input` and only the padded tail (one or two blocks) is built on the stack: no
/// streaming state or buffer copy. The compression function is the `sha2` crate's, which uses
/// the SHA extensions (SHA-NI) when the CPU has them.
pub fn digest(input: &[u8]) -> [u8; 32] {
    let mut state = H0;
    let (blocks, tail) = input.as_chunks::<64>();
    compress256(&mut state, blocks);
    // Tail, the 0x80 marker, zeros, then the 64-bit big-endian bit length ending a block.
    let mut last = [[0u8; 64]; 2];
    let used = if tail.len() < 56 { 1 } else { 2 };
    let flat = last.as_flattened_mut();
    flat[..tail.len()].copy_from_slice(tail);
    flat[tail.len()] = 0x80;
    let bits = (input.len() as u64).wrapping_mul(8);
    flat[64 * used - 8..64 * used].copy_from_slice(&bits.to_be_bytes());
    compress256(&mut state, &last[..used]);
    let mut out = [0u8; 32];
    for (o, w) in out.chunks_exact_mut(4).zip(state) {
        o.copy_from_slice(&w.to_be_bytes());
    }
    out
}

/// The SHA256 precompile at 0x02 (since Frontier).
pub const HOMESTEAD: Precompile = Precompile::new(PrecompileId::Sha256, Library::Sha2, gas, run);

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

    /// Every length from 0 to 300 bytes (each tail length, one and two padding blocks, several
    /// whole blocks) against the `sha2` crate's streaming digest.
    #[test]
    fn digest_matches_sha2_at_every_length() {
        use sha2::{Digest, Sha256};
        let data: Vec<u8> = (0..300u32).map(|i| (i * 131 + 7) as u8).collect();
        for len in 0..=data.len() {
            let want: [u8; 32] = Sha256::digest(&data[..len]).into();
            assert_eq!(digest(&data[..len]), want, "length {len}");
        }
    }

    #[test]
    fn gas_words_and_out_of_gas() {
        assert_eq!(gas(&[0; 32]), 72);
        assert_eq!(gas(&[0; 33]), 84);
        assert_eq!(run(&[0; 33], 83), Err(PrecompileError::OutOfGas));
    }
}
