//! 0x0a POINT_EVALUATION (EIP-4844): verifies a KZG proof that a blob's polynomial, committed to
//! by `commitment`, takes the value `y` at `z`.
//!
//! Input (exactly 192 bytes): `versioned_hash` (32) ‖ `z` (32, BE) ‖ `y` (32, BE) ‖
//! `commitment` (48, compressed G1) ‖ `proof` (48, compressed G1). Output on success:
//! `FIELD_ELEMENTS_PER_BLOB` (4096) and `BLS_MODULUS` as two 32-byte big-endian words.
//!
//! The proof `pi` is valid when `e(C - [y]G1, G2) = e(pi, [s]G2 - [z]G2)`. We check the
//! equivalent `e(C - [y]G1 + [z]pi, G2) e(-pi, [s]G2) = 1` on blst's field arithmetic: both G2
//! arguments are fixed (the generator and the trusted setup's `[s]G2`), so their Miller-loop
//! lines are computed once per process, as is a fixed-base table for `[y]G1`. Each call does one
//! variable-base G1 multiplication (`[z]pi`), one Miller loop over both pairs' lines (one
//! accumulator: half the Fp12 squarings of two loops) and one final exponentiation. `ckzg` is
//! the same check through `c-kzg` (cargo feature `c-kzg`; an alternative backend for benches and
//! a test oracle).
//!
//! Files: this one holds the input format, gas and [`run`]; `verify.rs` our verifier and its
//! precomputed tables; `ckzg.rs` the c-kzg backend; `tests.rs` the tests.

#[cfg(any(test, feature = "c-kzg"))]
pub mod ckzg;
#[cfg(test)]
mod tests;
mod verify;

pub use verify::{verify_kzg_proof, warm_up};

use crate::{charge, LengthRule, Precompile, PrecompileError, PrecompileOutput, PrecompileResult};
use crate::{InputRule, PrecompileId};
use sha2::{Digest, Sha256};

/// Gas of POINT_EVALUATION (every input).
pub const GAS: u64 = 50_000;

/// The length of a POINT_EVALUATION input.
pub const INPUT_LEN: usize = 192;

/// The only input length POINT_EVALUATION accepts.
pub const INPUT_RULE: InputRule = LengthRule::Exact(INPUT_LEN).of(PrecompileId::PointEvaluation);

/// The version byte of a KZG versioned hash.
pub const VERSIONED_HASH_VERSION_KZG: u8 = 0x01;

/// The library doing the math of the default backend.
pub const LIBRARY: crate::Library = crate::Library::BlstPrecomputedLines;

/// The output: `FIELD_ELEMENTS_PER_BLOB` (4096) ‖ `BLS_MODULUS`, both 32-byte big-endian.
pub const RETURN_VALUE: [u8; 64] = {
    let mut out = [0u8; 64];
    out[30] = 0x10;
    let modulus: [u8; 32] = [
        0x73, 0xed, 0xa7, 0x53, 0x29, 0x9d, 0x7d, 0x48, 0x33, 0x39, 0xd8, 0x08, 0x09, 0xa1, 0xd8,
        0x05, 0x53, 0xbd, 0xa4, 0x02, 0xff, 0xfe, 0x5b, 0xfe, 0xff, 0xff, 0xff, 0xff, 0x00, 0x00,
        0x00, 0x01,
    ];
    let mut i = 0;
    while i < 32 {
        out[32 + i] = modulus[i];
        i += 1;
    }
    out
};

/// The gas of POINT_EVALUATION: always 50000 (never fails).
pub fn gas(_input: &[u8]) -> u64 {
    GAS
}

/// The versioned hash of a commitment: `0x01 ‖ sha256(commitment)[1..]`.
pub fn kzg_to_versioned_hash(commitment: &[u8]) -> [u8; 32] {
    let mut hash: [u8; 32] = Sha256::digest(commitment).into();
    hash[0] = VERSIONED_HASH_VERSION_KZG;
    hash
}

fn bls_modulus() -> &'static [u8; 32] {
    RETURN_VALUE[32..].try_into().expect("32 bytes")
}

/// What a proof verification returns: `Ok(())` when the proof verifies, or why it does not.
pub type KzgResult = Result<(), PrecompileError>;

/// A proof verifier with the contract of [`verify_kzg_proof`].
type VerifyFn = fn(&[u8; 48], &[u8; 32], &[u8; 32], &[u8; 48]) -> KzgResult;

/// [`PrecompileError::KzgInvalidInput`] unless `z` and `y` are both below the BLS modulus.
fn check_field_elements(z: &[u8; 32], y: &[u8; 32]) -> KzgResult {
    if z >= bls_modulus() || y >= bls_modulus() {
        Err(PrecompileError::KzgInvalidInput)
    } else {
        Ok(())
    }
}

/// Runs POINT_EVALUATION: 50000 gas and [`RETURN_VALUE`]. The first verification of a process
/// builds the precomputed tables unless [`warm_up`] (or [`crate::precompiles`]) did. Errors, in
/// the order checked:
/// [`PrecompileError::OutOfGas`] below 50000 gas, [`PrecompileError::InvalidInputLength`] unless
/// the input is 192 bytes, [`PrecompileError::KzgInvalidVersionedHash`] when the versioned hash
/// is not that of the commitment, then those of [`verify_kzg_proof`].
pub fn run(input: &[u8], gas_limit: u64) -> PrecompileResult {
    run_with(input, gas_limit, verify_kzg_proof)
}

/// [`run`] with the proof verified by `verify`.
fn run_with(input: &[u8], gas_limit: u64, verify: VerifyFn) -> PrecompileResult {
    let gas_used = charge(GAS, gas_limit)?;
    let Ok(input) = <&[u8; INPUT_LEN]>::try_from(input) else {
        return Err(INPUT_RULE.error(input.len()));
    };
    let (versioned_hash, rest) = input.split_at(32);
    let (z, rest) = rest.split_at(32);
    let (y, rest) = rest.split_at(32);
    let (commitment, proof) = rest.split_at(48);
    if kzg_to_versioned_hash(commitment)[..] != *versioned_hash {
        return Err(PrecompileError::KzgInvalidVersionedHash);
    }
    let arr32 = |s: &[u8]| <[u8; 32]>::try_from(s).unwrap_or([0; 32]);
    let arr48 = |s: &[u8]| <[u8; 48]>::try_from(s).unwrap_or([0; 48]);
    verify(&arr48(commitment), &arr32(z), &arr32(y), &arr48(proof))?;
    Ok(PrecompileOutput::new(gas_used, RETURN_VALUE.to_vec()))
}

/// The POINT_EVALUATION precompile at 0x0a (since Cancun).
pub const CANCUN: Precompile = Precompile::new(PrecompileId::PointEvaluation, LIBRARY, gas, run);
