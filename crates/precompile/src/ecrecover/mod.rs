//! 0x01 ECRECOVER: the address that signed a hash, recovered from an ECDSA secp256k1 signature.
//!
//! The input is read as 128 bytes (right-padded with zeros, or truncated): `hash ‖ v ‖ r ‖ s`,
//! each a 32-byte big-endian word. `v` must be 27 or 28 and `r`, `s` must lie in `[1, n)`; any
//! bad signature makes the call succeed with an empty output (it is not an error).
//!
//! Three backends compute the recovery: [`native`] (our own arithmetic, pure Rust, always
//! compiled: the default, with the cargo feature `native-ecrecover` or without `libsecp256k1`),
//! `libsecp256k1` (libsecp256k1 through the `secp256k1` crate, cargo feature `libsecp256k1`; the
//! default only with `native-ecrecover` off) and, with the cargo feature `k256`, `k256` (the
//! pure-Rust `k256` crate). Those that are not the default are listed by
//! [`crate::alternative_backends`].

#[cfg(feature = "libsecp256k1")]
pub mod libsecp256k1;

#[cfg(feature = "k256")]
pub mod k256;

pub mod native;

use crate::encoding::right_pad;
use crate::PrecompileId;
use crate::{charge, Precompile, PrecompileOutput, PrecompileResult};
use sha3::{Digest, Keccak256};

/// Gas of ECRECOVER (every input).
pub const GAS: u64 = 3000;

/// Whether [`native`] is this build's default backend (else `libsecp256k1` is).
pub const NATIVE_IS_DEFAULT: bool = cfg!(any(
    feature = "native-ecrecover",
    not(feature = "libsecp256k1")
));

/// The library that recovers the key in this build.
#[cfg(all(feature = "libsecp256k1", not(feature = "native-ecrecover")))]
pub const LIBRARY: crate::Library = libsecp256k1::LIBRARY;
/// The library that recovers the key in this build.
#[cfg(any(feature = "native-ecrecover", not(feature = "libsecp256k1")))]
pub const LIBRARY: crate::Library = native::LIBRARY;

/// The order `n` of the secp256k1 group, big-endian.
pub const SECP256K1_ORDER: [u8; 32] = [
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe,
    0xba, 0xae, 0xdc, 0xe6, 0xaf, 0x48, 0xa0, 0x3b, 0xbf, 0xd2, 0x5e, 0x8c, 0xd0, 0x36, 0x41, 0x41,
];

/// The gas of ECRECOVER: always 3000 (never fails).
pub fn gas(_input: &[u8]) -> u64 {
    GAS
}

/// A signature whose fields are in range: `v` reduced to the recovery id 0 or 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Signature {
    /// The message hash.
    pub hash: [u8; 32],
    /// The recovery id: `v - 27`, 0 or 1.
    pub recid: u8,
    /// `r ‖ s`, each 32 bytes big-endian, both in `[1, n)`.
    pub rs: [u8; 64],
}

fn in_scalar_range(x: &[u8]) -> bool {
    x.iter().any(|&b| b != 0) && x < &SECP256K1_ORDER[..]
}

/// Parses a (padded or truncated) ECRECOVER input: the signature, or `None` when `v` is not
/// exactly 27 or 28 as a 32-byte word or `r` or `s` is outside `[1, n)`.
pub fn parse(input: &[u8]) -> Option<Signature> {
    let buf = right_pad::<128>(input);
    let v = &buf[32..64];
    if v[..31].iter().any(|&b| b != 0) || !(v[31] == 27 || v[31] == 28) {
        return None;
    }
    let mut hash = [0u8; 32];
    hash.copy_from_slice(&buf[..32]);
    let mut rs = [0u8; 64];
    rs.copy_from_slice(&buf[64..]);
    Signature::new(hash, v[31] - 27, rs)
}

impl Signature {
    /// The signature of `hash` with recovery id `recid` and `r ‖ s`: `None` when `recid` is
    /// not 0 or 1 or `r` or `s` is outside `[1, n)`.
    pub fn new(hash: [u8; 32], recid: u8, rs: [u8; 64]) -> Option<Self> {
        if recid > 1 || !in_scalar_range(&rs[..32]) || !in_scalar_range(&rs[32..]) {
            return None;
        }
        Some(Self { hash, recid, rs })
    }
}

/// The 32-byte output for an uncompressed public key `x ‖ y` (64 bytes): 12 zero bytes then the
/// last 20 bytes of `keccak256(x ‖ y)`.
pub fn address_word(pubkey_xy: &[u8; 64]) -> [u8; 32] {
    let mut word: [u8; 32] = Keccak256::digest(pubkey_xy).into();
    word[..12].fill(0);
    word
}

/// Recovers the signer's address word with the default backend: `None` when no public key
/// matches the signature.
#[inline]
pub fn recover(sig: &Signature) -> Option<[u8; 32]> {
    #[cfg(all(feature = "libsecp256k1", not(feature = "native-ecrecover")))]
    return libsecp256k1::recover(sig);
    #[cfg(any(feature = "native-ecrecover", not(feature = "libsecp256k1")))]
    return native::recover(sig);
}

/// Runs ECRECOVER with the default backend: 3000 gas, the 32-byte left-padded signer address,
/// or an empty output for any bad signature. The only error is
/// [`crate::PrecompileError::OutOfGas`] below 3000 gas.
pub fn run(input: &[u8], gas_limit: u64) -> PrecompileResult {
    run_with(input, gas_limit, recover)
}

/// Runs ECRECOVER with the backend `recover` (as [`run`] does with the default one).
pub fn run_with(
    input: &[u8],
    gas_limit: u64,
    recover: fn(&Signature) -> Option<[u8; 32]>,
) -> PrecompileResult {
    let gas_used = charge(GAS, gas_limit)?;
    let bytes = parse(input)
        .and_then(|sig| recover(&sig))
        .map(|w| w.to_vec())
        .unwrap_or_default();
    Ok(PrecompileOutput::new(gas_used, bytes))
}

/// The ECRECOVER precompile at 0x01 (since Frontier, the first [`crate::Fork`] here being
/// Homestead), default backend.
pub const HOMESTEAD: Precompile = Precompile::new(PrecompileId::Ecrecover, LIBRARY, gas, run);

#[cfg(test)]
mod tests;
