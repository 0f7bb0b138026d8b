//! P-256 ECDSA verification on aws-lc (through `aws-lc-rs`'s prehashed-digest API).

use super::Parsed;
use aws_lc_rs::{
    digest::{Digest, SHA256},
    signature::{UnparsedPublicKey, ECDSA_P256_SHA256_FIXED},
};

/// Verifies the range-checked fields `p` with aws-lc: the 32-byte hash is imported as a
/// SHA-256 digest (it is not hashed again), the key as an uncompressed SEC1 point, the
/// signature as fixed-width `r || s`. aws-lc rejects keys not on the curve, `r, s` outside
/// `[1, n)`, and `R'` at infinity, and compares `R'.x mod n` with `r`. `false` on any failure.
pub(crate) fn verify(p: &Parsed<'_>) -> bool {
    let Ok(digest) = Digest::import_less_safe(p.hash, &SHA256) else {
        return false;
    };
    let mut key = [0u8; 65];
    key[0] = 4;
    key[1..33].copy_from_slice(p.qx);
    key[33..].copy_from_slice(p.qy);
    let mut sig = [0u8; 64];
    sig[..32].copy_from_slice(p.r);
    sig[32..].copy_from_slice(p.s);
    UnparsedPublicKey::new(&ECDSA_P256_SHA256_FIXED, &key)
        .verify_digest(&digest, &sig)
        .is_ok()
}

/// EIP-7951 verification of a 160-byte input on aws-lc (as [`super::verify_eip7951`], which
/// uses this backend): `false` on any bad input.
pub fn verify_eip7951(input: &[u8]) -> bool {
    super::parse(input).is_some_and(|p| verify(&p))
}
