//! `cargo xtask <command>`: the project's tooling.
//!
//! - `cargo xtask test`: the whole test suite (unit, property and differential tests, then the
//!   vector runner over `vectors/` and `../shared/vectors/geth/`, required under `CI=true`).
//! - `cargo xtask vectors [PATH...]`: runs go-ethereum-format precompile test vectors.
//! - `cargo xtask gas`: the gas report.
//! - `cargo xtask evm`: EVM programs through revm with stock, uint256 and big-integer arithmetic.
//! - `cargo xtask diff`: differential campaign against revm and go-ethereum.
//! - `cargo xtask fuzz`: the cargo-fuzz targets with a corpus seeded from `vectors/`.
//! - `cargo xtask ct`: evm384's constant-time check under valgrind.
//! - `cargo xtask codegen [--check]`: regenerates the generated files (or checks they are current).
//! - `cargo xtask deps`: checks ARCHITECTURE.md's crate dependency rules against `cargo metadata`.

use clap::{Parser, Subcommand};
use std::process::ExitCode;

mod codegen;
mod ct;
mod deps;
mod diff;
mod evm;
mod fuzz;
mod gas;
mod test;
mod vectors;

#[derive(Parser)]
#[command(name = "cargo xtask", about = "EVM arithmetic and precompile tooling")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Runs every test: `cargo test --workspace`, then the vector runner over `vectors/` and
    /// `../shared/vectors/geth/` (required under `CI=true`, else skipped loudly when absent).
    Test(test::Args),
    /// Runs precompile test vectors in go-ethereum's JSON format (files or directories; the
    /// precompile and fork come from each file's name), or regenerates `vectors/` with
    /// `--generate`.
    Vectors(vectors::Args),
    /// The gas report: benchmarks the precompiles (criterion), derives gas from the times
    /// relative to ECRECOVER and writes target/gas-report/ (report.md, .csv, .json, gas.svg).
    Gas(gas::Args),
    /// The EVM report: evmone's benchmark programs, the opcode loops and the Ed25519 contract
    /// through revm with stock, uint256 and num-bigint arithmetic; writes target/evm-report/.
    Evm(evm::Args),
    /// Differential campaign: generated inputs through ours, revm-precompile and go-ethereum
    /// (`--against revm,geth`), comparing success, output and gas; mismatches are written to
    /// vectors/regressions/. `--vectors PATH` replays vector files through go-ethereum.
    Diff(diff::Args),
    /// Runs the cargo-fuzz targets of fuzz/ (nightly) with a corpus seeded from vectors/.
    Fuzz(fuzz::Args),
    /// evm384's constant-time check: runs `crates/evm384/examples/ct_valgrind.rs` under valgrind
    /// memcheck and fails unless the real operations give 0 errors and the leaky self-test
    /// exactly the count it expects.
    Ct(ct::Args),
    /// Regenerates every generated file (montgomery's asm kernels, vectors/*.json); with
    /// `--check`, writes nothing and fails when a committed file differs from its generator.
    Codegen(codegen::Args),
    /// Checks the crate dependency rules of ARCHITECTURE.md against `cargo metadata`.
    Deps(deps::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Test(args) => test::run(args),
        Command::Vectors(args) => vectors::run(args),
        Command::Gas(args) => gas::run(args),
        Command::Evm(args) => evm::run(args),
        Command::Diff(args) => diff::run(args),
        Command::Fuzz(args) => fuzz::run(args),
        Command::Ct(args) => ct::run(args),
        Command::Codegen(args) => codegen::run(args),
        Command::Deps(args) => deps::run(args),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
