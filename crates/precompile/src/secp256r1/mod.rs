//! `P256VERIFY` (`0x100`): ECDSA signature verification over secp256r1 (NIST P-256) with a
//! caller-supplied 32-byte message hash.
//!
//! - [`OSAKA`] ([`osaka`]) follows EIP-7951 (Osaka, 6900 gas).
//! - [`RIP7212`] ([`rip7212`]) follows RIP-7212 (3450 gas, the L2 variant): same interface and
//!   checks, but the recovered x-coordinate `R'.x` is compared with `r` exactly, where EIP-7951
//!   compares `R'.x mod n`. The two differ only when `R'.x` lies in `[n, p)`, which needs
//!   `r < p - n` (about `2^128`).
//!
//! Input: `hash || r || s || qx || qy` (5 x 32 bytes, big-endian). A call never fails for a bad
//! input: any input that is not exactly 160 bytes, has `r` or `s` outside `[1, n)`, a public-key
//! coordinate `>= p`, a key that is not on the curve, or a signature that does not verify
//! returns an empty output and still consumes the gas. A valid signature returns the 32-byte
//! word 1. High `s` values are accepted (no malleability rule), and the hash is the big-endian
//! integer `e`, used modulo `n`.
//!
//! Verification runs on our own secp256r1 arithmetic ([`native`]: pure Rust, `no_std`, on the
//! shared `montgomery` kernel) with the cargo feature `native-p256` (default) or without
//! `aws-lc`, else on aws-lc's C API (`aws-lc-sys`: `EC_KEY` + `ECDSA_do_verify`; cargo feature
//! `aws-lc`, on by default as the alternative backend, `awslc_ffi`); [`NATIVE_IS_DEFAULT`]
//! says which. RIP-7212's exact comparison is always decided by
//! [`native`]. The `p256` crate (`rustcrypto`, revm's default; cargo feature `p256`) and
//! whichever of aws-lc and native is not the default stay as alternative backends for benches.
//! The tests' oracles are
//! aws-lc through `aws-lc-rs`'s safe prehashed-ECDSA API (a dev-dependency) and `p256`.

use crate::encoding::bool_word;
use crate::PrecompileId;
use crate::{charge, Precompile, PrecompileOutput, PrecompileResult};
use alloc::vec::Vec;

/// Defines `run_osaka` and `OSAKA` (P256VERIFY as in EIP-7951) in a backend module that has
/// `LIBRARY` and `verify_eip7951`.
macro_rules! osaka_backend {
    () => {
        /// Runs P256VERIFY as in EIP-7951 with this backend (same contract as
        /// [`super::osaka::run`]).
        pub fn run_osaka(input: &[u8], gas_limit: u64) -> crate::PrecompileResult {
            super::run_with(input, gas_limit, super::GAS_OSAKA, verify_eip7951)
        }

        /// P256VERIFY (`0x100`) as in EIP-7951 on this backend.
        pub const OSAKA: crate::Precompile = crate::Precompile::new(
            crate::PrecompileId::P256Verify,
            LIBRARY,
            super::osaka::gas,
            run_osaka,
        );
    };
}

#[cfg(test)]
mod awslc;
#[cfg(feature = "aws-lc")]
pub mod awslc_ffi;
pub mod native;
#[cfg(any(test, feature = "p256"))]
pub mod rustcrypto;

/// EIP-7951 price of P256VERIFY (Osaka).
pub const GAS_OSAKA: u64 = 6_900;
/// RIP-7212 price of P256VERIFY.
pub const GAS_RIP7212: u64 = 3_450;
/// Whether [`native`] is this build's P256VERIFY backend (feature `native-p256`, the default,
/// or no `aws-lc`); otherwise aws-lc is.
pub const NATIVE_IS_DEFAULT: bool = cfg!(any(feature = "native-p256", not(feature = "aws-lc")));
/// The library verifying signatures in this build.
#[cfg(all(feature = "aws-lc", not(feature = "native-p256")))]
pub const LIBRARY: crate::Library = crate::Library::AwsLc;
/// The library verifying signatures in this build.
#[cfg(not(all(feature = "aws-lc", not(feature = "native-p256"))))]
pub const LIBRARY: crate::Library = native::LIBRARY;
/// The only input length that can verify: hash, r, s, qx, qy.
pub const INPUT_LEN: usize = 160;

/// The group order n of secp256r1, big-endian.
pub(crate) const N: [u8; 32] = [
    0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xbc, 0xe6, 0xfa, 0xad, 0xa7, 0x17, 0x9e, 0x84, 0xf3, 0xb9, 0xca, 0xc2, 0xfc, 0x63, 0x25, 0x51,
];
/// `p - n`, big-endian: an `r` at or above it cannot have a second x-coordinate `r + n < p`.
/// (Until the native backend this constant read `...0552...` for `...0553...`, so RIP-7212
/// accepted `R'.x = r + n` for `r` in between: go-ethereum's wycheproof vector #113 is such a
/// case.)
pub(crate) const P_MINUS_N: [u8; 32] = [
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x43, 0x19, 0x05, 0x53, 0x58, 0xe8, 0x61, 0x7b,
    0x0c, 0x46, 0x35, 0x3d, 0x03, 0x9c, 0xda, 0xae,
];
/// The field modulus p of secp256r1, big-endian.
pub(crate) const P: [u8; 32] = [
    0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
];

/// Runs P256VERIFY at price `cost` with the verification `verify`: `OutOfGas` when
/// `gas_limit < cost`; otherwise `cost` gas and the word 1 when `verify` accepts the input, an
/// empty output when it does not (a bad input is not an error).
pub fn run_with(
    input: &[u8],
    gas_limit: u64,
    cost: u64,
    verify: fn(&[u8]) -> bool,
) -> PrecompileResult {
    let gas_used = charge(cost, gas_limit)?;
    let bytes = if verify(input) {
        bool_word(true).to_vec()
    } else {
        Vec::new()
    };
    Ok(PrecompileOutput::new(gas_used, bytes))
}

/// P256VERIFY as in EIP-7951 (Osaka).
pub mod osaka {
    use super::{run_with, verify_eip7951, GAS_OSAKA};
    use crate::PrecompileResult;

    /// 6900 whatever the input.
    pub fn gas(_input: &[u8]) -> u64 {
        GAS_OSAKA
    }

    /// [`run_with`] at 6900 gas with [`verify_eip7951`].
    pub fn run(input: &[u8], gas_limit: u64) -> PrecompileResult {
        run_with(input, gas_limit, GAS_OSAKA, verify_eip7951)
    }
}

/// P256VERIFY as in RIP-7212 (for L2s).
pub mod rip7212 {
    use super::{run_with, verify_rip7212, GAS_RIP7212};
    use crate::PrecompileResult;

    /// 3450 whatever the input.
    pub fn gas(_input: &[u8]) -> u64 {
        GAS_RIP7212
    }

    /// [`run_with`] at 3450 gas with [`verify_rip7212`].
    pub fn run(input: &[u8], gas_limit: u64) -> PrecompileResult {
        run_with(input, gas_limit, GAS_RIP7212, verify_rip7212)
    }
}

/// P256VERIFY (`0x100`) as in EIP-7951, since Osaka: 6900 gas.
pub const OSAKA: Precompile =
    Precompile::new(PrecompileId::P256Verify, LIBRARY, osaka::gas, osaka::run);
/// P256VERIFY (`0x100`) as in RIP-7212 (for L2s): 3450 gas, exact `R'.x == r` comparison.
pub const RIP7212: Precompile = Precompile::new(
    PrecompileId::P256Verify,
    LIBRARY,
    rip7212::gas,
    rip7212::run,
);

/// The fields of a 160-byte input that passed the range checks.
pub(crate) struct Parsed<'a> {
    pub hash: &'a [u8; 32],
    pub r: &'a [u8; 32],
    pub s: &'a [u8; 32],
    pub qx: &'a [u8; 32],
    pub qy: &'a [u8; 32],
}

/// Splits a 160-byte input and applies the checks shared by both specs: `r, s` in `[1, n)`,
/// `qx, qy` in `[0, p)`, and `(qx, qy)` on the curve. `None` when the input fails any of them,
/// decided here without allocating, so that a rejected input never reaches aws-lc.
pub(crate) fn parse(input: &[u8]) -> Option<Parsed<'_>> {
    let input: &[u8; INPUT_LEN] = input.try_into().ok()?;
    let f = |i: usize| -> &[u8; 32] { input[32 * i..32 * i + 32].try_into().expect("32 bytes") };
    let p = Parsed {
        hash: f(0),
        r: f(1),
        s: f(2),
        qx: f(3),
        qy: f(4),
    };
    let nonzero_below_n = |v: &[u8; 32]| v.iter().any(|&b| b != 0) && v < &N;
    if !nonzero_below_n(p.r) || !nonzero_below_n(p.s) || p.qx >= &P || p.qy >= &P {
        return None;
    }
    native::is_on_curve(p.qx, p.qy).then_some(p)
}

/// EIP-7951 verification of a 160-byte `hash || r || s || qx || qy`: whether `r, s` are in
/// `[1, n)`, `(qx, qy)` is a point on the curve (coordinates below p; the point at infinity has
/// no encoding and is rejected), and `R' = (e/s) G + (r/s) Q` is not infinity with
/// `R'.x mod n == r`. Returns `false` on any bad input (wrong length included), never panics.
pub fn verify_eip7951(input: &[u8]) -> bool {
    parse(input).is_some_and(|p| verify(&p))
}

/// The EIP-7951 check of range-checked fields on this build's backend ([`LIBRARY`]).
fn verify(p: &Parsed<'_>) -> bool {
    #[cfg(all(feature = "aws-lc", not(feature = "native-p256")))]
    return awslc_ffi::verify(p);
    #[cfg(not(all(feature = "aws-lc", not(feature = "native-p256"))))]
    return native::verify(p, false);
}

/// RIP-7212 verification: as [`verify_eip7951`], but `R'.x` must equal `r` exactly (not only
/// modulo n). Returns `false` on any bad input, never panics.
pub fn verify_rip7212(input: &[u8]) -> bool {
    let Some(p) = parse(input) else {
        return false;
    };
    if NATIVE_IS_DEFAULT {
        return native::verify(&p, true);
    }
    // Accepted modulo n: R'.x is r or r + n; r + n is a field element only when r < p - n,
    // and only then does the exact comparison need computing.
    verify(&p) && (p.r >= &P_MINUS_N || native::verify(&p, true))
}

#[cfg(test)]
mod tests;
