//! P-256 ECDSA verification on the RustCrypto `p256` crate (revm's default): an alternative
//! backend for benches (cargo feature `p256`) and an oracle for the tests (always compiled in
//! this crate's tests); the same semantics as the native backend and aws-lc.

use super::Parsed;
use p256::ecdsa::{signature::hazmat::PrehashVerifier, Signature, VerifyingKey};

/// The library name of this backend, as [`crate::Precompile::library`] reports it.
pub const LIBRARY: crate::Library = crate::Library::P256;

osaka_backend!();

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
