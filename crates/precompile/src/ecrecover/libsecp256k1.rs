//! ECRECOVER backend on libsecp256k1 (the `secp256k1` crate, its recovery call made through the
//! crate's raw bindings on libsecp256k1's static context).
//!
//! Why not `RecoverableSignature::recover`: it borrows the crate's global context, and without
//! the crate's `std` feature (which this crate does not ask for) that is a spin-locked copy whose
//! clone is never marked initialised, so every call builds a fresh context (library self-test,
//! generator setup) before recovering: microseconds that dominate a failing recovery.
//! Recovery reads no precomputed context data, so the static context serves every call.
#![allow(unsafe_code)]

use super::{address_word, Signature};
use secp256k1::ffi::{self, recovery::secp256k1_ecdsa_recover, CPtr};
use secp256k1::{
    ecdsa::{RecoverableSignature, RecoveryId},
    PublicKey,
};

/// Recovers the signer's address word (12 zero bytes ‖ 20-byte address) from `sig`, or `None`
/// when libsecp256k1 finds no public key for it (`r` not the x of a curve point, or the
/// recovered point at infinity).
pub fn recover(sig: &Signature) -> Option<[u8; 32]> {
    let recid = RecoveryId::try_from(i32::from(sig.recid)).ok()?;
    let rsig = RecoverableSignature::from_compact(&sig.rs, recid).ok()?;
    // SAFETY: `ffi::PublicKey::new` is a zeroed key used only as the out-pointer of the call
    // below, which writes it on success and zeroes it on failure; we read it only on success.
    let mut pk = unsafe { ffi::PublicKey::new() };
    // SAFETY: the static context is a valid, immutable context with static storage (what the
    // library provides for calls that need no precomputation, such as recovery); the signature
    // was parsed by the library just above; the message pointer is to 32 readable bytes.
    let ok = unsafe {
        secp256k1_ecdsa_recover(
            ffi::secp256k1_context_static,
            &mut pk,
            rsig.as_c_ptr(),
            sig.hash.as_ptr(),
        )
    };
    if ok != 1 {
        return None;
    }
    let ser = PublicKey::from(pk).serialize_uncompressed();
    let mut xy = [0u8; 64];
    xy.copy_from_slice(&ser[1..]);
    Some(address_word(&xy))
}

/// Runs ECRECOVER with the libsecp256k1 backend (same contract as [`super::run`]).
pub fn run(input: &[u8], gas_limit: u64) -> crate::PrecompileResult {
    super::run_with(input, gas_limit, recover)
}

/// The library name of this backend, as [`crate::Precompile::library`] reports it.
pub const LIBRARY: crate::Library = crate::Library::Libsecp256k1;

/// ECRECOVER (`0x01`) on libsecp256k1.
pub const HOMESTEAD: crate::Precompile =
    crate::Precompile::new(crate::PrecompileId::Ecrecover, LIBRARY, super::gas, run);
