//! `cargo xtask <command>`: the project's tooling.
//!
//! - `cargo xtask test`: the whole test suite (unit, property and differential tests, then the
//!   vector runner over `vectors/` and, when present, `../shared/vectors/geth/`).
//! - `cargo xtask vectors [PATH...]`: runs go-ethereum-format precompile test vectors.
//! - `cargo xtask gas`: the gas report.

use clap::{Parser, Subcommand};
use std::process::ExitCode;

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
    /// `../shared/vectors/geth/` (skipped with a message when absent).
    Test(test::Args),
    /// Runs precompile test vectors in go-ethereum's JSON format (files or directories; the
    /// precompile and fork come from each file's name), or regenerates `vectors/` with
    /// `--generate`.
    Vectors(vectors::Args),
    /// The gas report: benchmarks the precompiles (criterion), derives gas from the times
    /// relative to ECRECOVER and writes target/gas-report/ (report.md, .csv, .json, gas.svg).
    Gas(gas::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Test(args) => test::run(args),
        Command::Vectors(args) => vectors::run(args),
        Command::Gas(args) => gas::run(args),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
