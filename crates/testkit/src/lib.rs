//! Test and tooling support shared by the workspace's tests, benches, fuzz targets and xtask
//! (`publish = false`): one copy of each oracle, generator, constant and file format.
//!
//! - [`oracle`]: a precompile call through revm-precompile and through our crate, reduced to
//!   what both must agree on;
//! - [`inputs`]: deterministic input generators per precompile family (`cargo xtask diff`, the
//!   differential tests);
//! - [`constants`]: curve moduli and group orders;
//! - [`vectors`]: the one loader of go-ethereum-format vector files;
//! - [`vector_names`]: the precompile and fork a vector file's name selects;
//! - [`proxy`]: the EVM bytecode that forwards its calldata to a precompile;
//! - [`files`]: typed structs of the JSON files the gas report exchanges between processes;
//! - [`geth_serve`]: the client of go-ethereum's `-serve` process (calls, timed batches);
//! - [`stats`]: medians with their interval, and the rounds of an interleaved timing;
//! - [`evm_programs`]: the EVM benchmark programs of `benches/programs/` and `programs.json`.
#![warn(missing_docs)]

pub mod constants;
pub mod evm_programs;
pub mod files;
pub mod geth_serve;
pub mod inputs;
pub mod oracle;
pub mod proxy;
pub mod stats;
pub mod vector_names;
pub mod vectors;
