//! Benchmarks of the precompiles: ours (`precompile`) against revm's default precompile set
//! and against the alternative backends our crate carries, each called directly and executed
//! as EVM bytecode through revm.
//!
//! - [`cases`](mod@cases): the case list (name, precompile, input, nominal gas, where the
//!   input comes from), deterministic;
//! - [`impls`]: the implementations and the pre-timing agreement check;
//! - [`evm`]: the revm harness that runs a precompile call (or `N` of them) as bytecode;
//! - [`config`]: the environment variables the benches read.
//!
//! Bench targets: `precompiles` (groups `<impl>-<mode>`, functions = case names) and
//! `scaling` (groups `scaling-<case>`, functions `N=<n>`); binary `cases` writes
//! `cases.json`, `alloc.json` and `machine.json`.
//!
//! Alternative backends (cargo features, on by default): `k256` (ECRECOVER), `substrate-bn`
//! (BN254 add/mul/pairing), `p256` (P256VERIFY through RustCrypto). No `aurora` MODEXP backend:
//! the precompile crate does not expose one.

pub mod cases;
pub mod config;
pub mod evm;
pub mod impls;

pub use cases::{all_cases, case, cases, Case};
