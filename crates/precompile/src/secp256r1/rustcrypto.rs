//! P-256 ECDSA verification on the RustCrypto `p256` crate (revm's default): the default backend
//! without the cargo feature `aws-lc`, an alternative backend for benches with it; the same
//! semantics as aws-lc.

use super::{run_with, Parsed, GAS_OSAKA};
use crate::PrecompileId;
use crate::{Precompile, PrecompileResult};
use p256::ecdsa::{signature::hazmat::PrehashVerifier, Signature, VerifyingKey};

/// The library name of this backend, as [`Precompile::library`] reports it.
pub const LIBRARY: crate::Library = crate::Library::P256;

/// Runs P256VERIFY as in EIP-7951 with this backend (same contract as [`super::osaka::run`]).
pub fn run_osaka(input: &[u8], gas_limit: u64) -> PrecompileResult {
    run_with(input, gas_limit, GAS_OSAKA, verify_eip7951)
}

/// P256VERIFY (`0x100`) as in EIP-7951 on the `p256` crate.
pub const OSAKA: Precompile = Precompile::new(
    PrecompileId::P256Verify,
    LIBRARY,
    super::osaka::gas,
    run_osaka,
);

/// EIP-7951 verification of a 160-byte input on the `p256` crate: the same checks and result
/// as [`super::verify_eip7951`]; `false` on any bad input.
pub fn verify_eip7951(input: &[u8]) -> bool {
    super::parse(input).is_some_and(|p| verify(&p))
}

/// The EIP-7951 check of range-checked fields on the `p256` crate.
pub(crate) fn verify(p: &Parsed<'_>) -> bool {
    let mut sec1 = [0u8; 65];
    sec1[0] = 4;
    sec1[1..33].copy_from_slice(p.qx);
    sec1[33..].copy_from_slice(p.qy);
    let Ok(key) = VerifyingKey::from_sec1_bytes(&sec1) else {
        return false;
    };
    let Ok(sig) = Signature::from_scalars(*p.r, *p.s) else {
        return false;
    };
    key.verify_prehash(p.hash, &sig).is_ok()
}
