//! Benchmarks of the precompiles: ours (`precompile`) against revm's default precompile set
//! and against the alternative backends our crate carries, each called directly and executed
//! as EVM bytecode through revm.
//!
//! - [`cases`](mod@cases): the case list (name, precompile, input, nominal gas, where the
//!   input comes from), deterministic;
//! - [`impls`]: the implementations and the pre-timing agreement check;
//! - [`evm`]: the revm harness that runs a precompile call (or `N` of them) as bytecode;
//! - [`config`]: the environment variables the benches read;
//! - [`cpu_time`]: the process-CPU-time measurement of single-threaded runs;
//! - [`schedule`]: when the anchor (ECRECOVER) is measured again during the run;
//! - [`interleave`]: the interleaved-timing harness of the gas and EVM reports (arms in
//!   alternating batches, ratios per round);
//! - [`gas_rounds`]: the gas report's arms and sizing for that harness (binary `interleaved`).
//!
//! Bench targets: `precompiles` (groups `<impl>-<mode>`, functions = case names, plus the
//! anchor's repeats `EcRecover/ValidKey/repeat-<k>`) and `scaling` (groups `scaling-<case>`,
//! functions `N=<n>`); binary `cases` writes `cases.json`, `alloc.json` and `machine.json`,
//! binary `interleaved` writes `rounds.json` (typed in `testkit::files`).
//!
//! Alternative backends (cargo features, on by default): `k256` (ECRECOVER), `substrate-bn`
//! and `bn254-arkworks` (BN254 add/mul/pairing), `p256` (P256VERIFY through RustCrypto). No `aurora` MODEXP backend:
//! the precompile crate does not expose one.

pub mod cases;
pub mod config;
pub mod cpu_time;
pub mod evm;
pub mod gas_rounds;
pub mod impls;
pub mod interleave;
pub mod programs;
pub mod schedule;

pub use cases::{all_cases, case, cases, Case};
