//! ECRECOVER backend on the pure-Rust `k256` crate (cargo feature `k256`).

use super::{address_word, Signature};
use k256::ecdsa::{RecoveryId, Signature as K256Signature, VerifyingKey};

/// Recovers the signer's address word (12 zero bytes ‖ 20-byte address) from `sig`, or `None`
/// when no public key matches it.
pub fn recover(sig: &Signature) -> Option<[u8; 32]> {
    let s = K256Signature::from_slice(&sig.rs).ok()?;
    let mut recid = sig.recid;
    // k256 only recovers low-s signatures: (r, n - s) with the other parity is the same key.
    let low = s.normalize_s();
    if low != s {
        recid ^= 1;
    }
    let recid = RecoveryId::from_byte(recid)?;
    let key = VerifyingKey::recover_from_prehash(&sig.hash, &low, recid).ok()?;
    let point = key.to_sec1_point(false);
    let mut xy = [0u8; 64];
    xy.copy_from_slice(&point.as_bytes()[1..]);
    Some(address_word(&xy))
}

/// Runs ECRECOVER with the `k256` backend (same contract as [`super::run`]).
pub fn run(input: &[u8], gas_limit: u64) -> crate::PrecompileResult {
    super::run_with(input, gas_limit, recover)
}

/// The library name of this backend, as [`crate::Precompile::library`] reports it.
pub const LIBRARY: crate::Library = crate::Library::K256;

/// ECRECOVER (`0x01`) on the `k256` crate.
pub const HOMESTEAD: crate::Precompile =
    crate::Precompile::new(crate::PrecompileId::Ecrecover, LIBRARY, super::gas, run);
