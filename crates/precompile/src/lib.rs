//! Every precompiled contract of Ethereum mainnet up to and including Osaka, with the gas rule of
//! each fork beside it.
//!
//! Each precompile is a [`Precompile`]: a pure function of `(input, gas_limit)` that returns the
//! output bytes and the gas used, or a precise [`PrecompileError`]. Its gas rule is a separate
//! function ([`Precompile::required_gas`]) that can be evaluated without running it. Gas is always
//! charged before any work or allocation that depends on the input, so an attacker-sized input
//! costs at most what the caller's gas limit allows.
//!
//! [`precompiles`] gives the set active at a [`Fork`]; [`alternative_backends`] the same
//! precompiles on other libraries, for benches. [`Precompile::library`] names the library that
//! does each one's math in this build.
//!
//! # Names
//!
//! One module per precompile, its gas rule beside its body: [`ecrecover`], [`sha256`],
//! [`ripemd160`], [`identity`], [`modexp`], [`bn254`]`::{add, mul, pairing}`, [`blake2f`],
//! [`kzg_point_evaluation`], [`bls12_381`]`::{g1_add, g1_msm, g2_add, g2_msm, pairing,
//! map_fp_to_g1, map_fp2_to_g2}`, [`secp256r1`] (P256VERIFY). In each:
//! - each variant is a [`Precompile`] constant named after the fork that activates it
//!   (`sha256::HOMESTEAD`, `modexp::{BYZANTIUM, BERLIN, OSAKA}`,
//!   `bn254::add::{BYZANTIUM, ISTANBUL}`, `bls12_381::g1_add::PRAGUE`), or after its spec for a
//!   variant no mainnet fork activates (`secp256r1::RIP7212`);
//! - the gas rule and body are the functions `gas(input) -> u64` and
//!   `run(input, gas_limit) -> PrecompileResult`: of the module itself when it has one variant,
//!   of a submodule named after the variant when it has several (`modexp::berlin::run`,
//!   `bn254::pairing::istanbul::gas`, `secp256r1::rip7212::run`);
//! - a precompile that rejects lengths has its rule as `INPUT_RULE` (an [`InputRule`]: its
//!   [`PrecompileId`] and [`LengthRule`], both carried by [`PrecompileError::InvalidInputLength`]).
//!
//! [`PrecompileId`] is the one registry of precompiles (address, EIP name, go-ethereum vector
//! stem, bench id prefix, fuzz target); ARCHITECTURE.md lists the places to touch when adding one.
//!
//! ```
//! use precompile::{address, precompiles, Fork, PrecompileError};
//!
//! let set = precompiles(Fork::Osaka);
//! let sha256 = set.get(&address(0x02)).expect("SHA256 is active");
//! let out = sha256.run(b"abc", 100).expect("60 + 12 gas per word");
//! assert_eq!(out.gas_used, 72);
//! assert_eq!(out.bytes[..4], [0xba, 0x78, 0x16, 0xbf]);
//! // Gas is checked before any work; bad input is an error, never a panic.
//! assert_eq!(sha256.run(b"abc", 71), Err(PrecompileError::OutOfGas));
//! let ecadd = set.get(&address(0x06)).expect("BN254 ADD is active");
//! assert!(ecadd.run(&[0xff; 128], 150).is_err()); // coordinates above the field prime
//! ```
#![deny(unsafe_code)]
#![warn(missing_docs)]
#![cfg_attr(not(feature = "std"), no_std)]

// `Vec`, `String`, `vec!`, `format!` and `Cow` come from `alloc` (std re-exports the same types).
#[cfg(not(feature = "std"))]
#[macro_use]
extern crate alloc;
#[cfg(feature = "std")]
extern crate alloc;

mod backends;
pub mod encoding;
mod error;
mod fork;
mod id;
mod set;
#[cfg(test)]
mod test_vectors;

pub mod blake2f;
#[cfg(feature = "blst")]
pub mod bls12_381;
/// Without `blst`: the BLS12-381 precompiles, present in the sets but failing with
/// [`PrecompileError::Unavailable`] ([`unavailable`]).
#[cfg(not(feature = "blst"))]
pub use unavailable::bls12_381;
pub mod bn254;
pub mod ecrecover;
pub mod identity;
#[cfg(feature = "blst")]
pub mod kzg_point_evaluation;
/// Without `blst`: POINT_EVALUATION, present in the sets but failing with
/// [`PrecompileError::Unavailable`] ([`unavailable`]).
#[cfg(not(feature = "blst"))]
pub use unavailable::kzg_point_evaluation;
pub mod modexp;
#[cfg(feature = "revm")]
pub mod revm;
#[cfg(feature = "revm")]
pub mod revm_crypto;
pub mod ripemd160;
pub mod secp256r1;
pub mod sha256;
pub mod unavailable;
pub mod weierstrass;

pub use backends::alternative_backends;
pub use error::{Group, InputRule, LengthRule, PrecompileError};
pub use fork::{Fork, UnknownFork};
pub use id::{Family, Library, PrecompileId};
pub use set::{precompiles, Precompiles};

use alloc::vec::Vec;

/// A 20-byte account address.
pub type Address = [u8; 20];

/// The address of precompile number `n` (`0x01` .. `0x11`, `0x100`): `n` big-endian in the last
/// bytes, zeros elsewhere.
pub const fn address(n: u16) -> Address {
    let mut a = [0u8; 20];
    let b = n.to_be_bytes();
    a[18] = b[0];
    a[19] = b[1];
    a
}

/// The result of a successful precompile call.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PrecompileOutput {
    /// Gas consumed by the call (never above the gas limit it was given).
    pub gas_used: u64,
    /// The returned bytes (may be empty: ECRECOVER and P256VERIFY return nothing on a bad
    /// signature, which is success, not an error).
    pub bytes: Vec<u8>,
}

impl PrecompileOutput {
    /// An output of `bytes` that consumed `gas_used`.
    pub fn new(gas_used: u64, bytes: Vec<u8>) -> Self {
        Self { gas_used, bytes }
    }
}

/// What a precompile call returns: output and gas, or the reason it failed (a failed call
/// consumes all the gas it was given, as in the EVM).
pub type PrecompileResult = Result<PrecompileOutput, PrecompileError>;

/// The gas rule of a precompile: the gas a call with this input costs, saturating at `u64::MAX`.
pub type GasFn = fn(&[u8]) -> u64;

/// The body of a precompile: runs it on `input` with at most `gas_limit` gas.
pub type RunFn = fn(&[u8], u64) -> PrecompileResult;

/// A precompiled contract: which precompile it is, its gas rule, body and the library doing its
/// math.
#[derive(Clone, Copy)]
pub struct Precompile {
    id: PrecompileId,
    gas: GasFn,
    run: RunFn,
    library: Library,
}

impl Precompile {
    /// Precompile `id` (its address and name come from the registry) with the gas rule `gas`
    /// and body `run`, its math done by `library`.
    pub const fn new(id: PrecompileId, library: Library, gas: GasFn, run: RunFn) -> Self {
        Self {
            id,
            gas,
            run,
            library,
        }
    }

    /// This precompile with its math attributed to `library` (an alternative backend built
    /// around the same gas rule and body shape).
    pub const fn with_library(mut self, library: Library) -> Self {
        self.library = library;
        self
    }

    /// The library that does the math of this precompile in this build.
    pub const fn library(&self) -> Library {
        self.library
    }

    /// Which precompile this is (whatever its fork variant).
    pub const fn id(&self) -> PrecompileId {
        self.id
    }

    /// The precompile's number: `0x01` for ECRECOVER, ..., `0x100` for P256VERIFY.
    pub const fn number(&self) -> u16 {
        self.id.number()
    }

    /// The precompile's 20-byte address.
    pub const fn address(&self) -> Address {
        self.id.address()
    }

    /// The name the EIPs use for it (for example `"ECRECOVER"`, `"BLS12_G1MSM"`).
    pub const fn name(&self) -> &'static str {
        self.id.name()
    }

    /// The gas a call with `input` costs under this precompile's rule, without running it
    /// (saturating at `u64::MAX`; an input the precompile rejects still has a price).
    pub fn required_gas(&self, input: &[u8]) -> u64 {
        (self.gas)(input)
    }

    /// The gas rule as a function pointer (what [`Precompile::required_gas`] calls).
    pub const fn gas_fn(&self) -> GasFn {
        self.gas
    }

    /// The body as a function pointer (what [`Precompile::run`] calls), for building another
    /// [`Precompile`] around it.
    pub const fn run_fn(&self) -> RunFn {
        self.run
    }

    /// Runs the precompile on `input` with `gas_limit` gas: the output and gas used, or
    /// [`PrecompileError::OutOfGas`] when the price exceeds `gas_limit` (checked before any
    /// work), or the error that makes the input invalid.
    pub fn run(&self, input: &[u8], gas_limit: u64) -> PrecompileResult {
        (self.run)(input, gas_limit)
    }
}

impl core::fmt::Debug for Precompile {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "Precompile({:#x} {} on {})",
            self.number(),
            self.name(),
            self.library
        )
    }
}

/// Returns `Err(OutOfGas)` when `cost > gas_limit`: the check every precompile makes first.
#[inline]
pub fn charge(cost: u64, gas_limit: u64) -> Result<u64, PrecompileError> {
    if cost > gas_limit {
        Err(PrecompileError::OutOfGas)
    } else {
        Ok(cost)
    }
}

/// The gas of a "base + per 32-byte word" rule: `base + per_word * ceil(len / 32)`, saturating.
#[inline]
pub const fn linear_gas(len: usize, base: u64, per_word: u64) -> u64 {
    let words = (len as u64).div_ceil(32);
    base.saturating_add(per_word.saturating_mul(words))
}
