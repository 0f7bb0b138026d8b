//! P-256 ECDSA verification on the RustCrypto `p256` crate (cargo feature `p256-rustcrypto`):
//! a bench baseline with the same semantics as [`super::awslc`].

use p256::ecdsa::{signature::hazmat::PrehashVerifier, Signature, VerifyingKey};

/// EIP-7951 verification of a 160-byte input on the `p256` crate: the same checks and result
/// as [`super::verify_eip7951`]; `false` on any bad input.
pub fn verify_eip7951(input: &[u8]) -> bool {
    let Some(p) = super::parse(input) else {
        return false;
    };
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
