//! A revm 43 instruction table in which every arithmetic, comparison, bitwise and shift opcode
//! (ADD ... SIGNEXTEND, LT ... SAR, CLZ, with EXP's dynamic gas) runs on [`uint256`].
//!
//! Installing it is one line on a revm EVM built the usual way:
//!
//! ```
//! use revm::{Context, MainBuilder, MainContext};
//! use uint256_revm::Uint256Arithmetic;
//!
//! let evm = Context::mainnet().build_mainnet().with_uint256_arithmetic();
//! # let _ = evm;
//! ```
//!
//! Only the function pointers of those 26 opcodes change: the static gas table, every other
//! opcode and the EVM's types stay revm's. Gas, stack effects and failures (stack underflow,
//! an opcode not yet active at the spec) are revm's: each instruction mirrors the body of
//! revm's own, with the word arithmetic done by a [`WordOps`] implementation. revm's words are
//! `ruint::aliases::U256` (four little-endian `u64` limbs, as `uint256::U256`), so the
//! conversion is a move of the limbs.
//!
//! [`WordOps`] is public so that a bench can install another arithmetic the same way (the
//! workspace's EVM report installs a num-bigint one).
#![no_std]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

#[cfg(feature = "std")]
extern crate std;

mod instructions;
mod last_modulus;
mod ops;

pub use instructions::{install, Uint256Arithmetic, ARITHMETIC_OPCODES};
pub use ops::{Uint256Ops, Word, WordOps};
