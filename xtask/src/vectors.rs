//! `cargo xtask vectors`: runs precompile test vectors in go-ethereum's JSON format.
//!
//! A vector file is a JSON list read by `testkit::vectors` (the one loader; the format is
//! described there). Modules: [`names`] maps a file to its precompile and fork, [`runner`] runs
//! and checks the vectors, [`mod@generate`] writes the project's own `vectors/`.
//!
//! A vector with `Expected` must succeed: `required_gas(Input) == Gas`, a run with exactly `Gas`
//! returns `Expected` and uses `Gas`, and (when `Gas > 0`) a run with `Gas - 1` fails with out of
//! gas. A vector with `ExpectedError` (or any vector in a `fail-*.json` file) must fail when run with
//! `GasLimit` (our extension) or else with `required_gas(Input)`, as go-ethereum runs its failure
//! tests, and not for lack of gas at `required_gas`; our error is printed beside the expected
//! text for `fail-*` files, when their kinds differ, or always with `--verbose`.
//!
//! The precompile and the fork come from the file name (see [`resolve_name`]), as go-ethereum's
//! `core/vm/contracts_test.go` maps them; `--address` and `--fork` override it.

mod error_kind;
mod generate;
mod names;
mod runner;

pub(crate) use generate::generate;
pub use names::{resolve_name, Target};
pub(crate) use runner::collect_files;
pub use runner::{run_paths, Options};

use precompile::Fork;
use std::path::PathBuf;
use std::process::ExitCode;

/// Options of `cargo xtask vectors`.
#[derive(clap::Args)]
pub struct Args {
    /// Vector files, or directories searched recursively for `*.json` (default: `vectors/`).
    paths: Vec<PathBuf>,
    /// Run every file against the precompile at this address (`0x05`, `0x100`, ...) instead of
    /// the one its name selects.
    #[arg(long, value_parser = parse_address)]
    address: Option<u16>,
    /// Run every file at this fork (`Berlin`, `osaka`, ...) instead of the one its name selects.
    #[arg(long)]
    fork: Option<Fork>,
    /// Print every case, not only the failing ones.
    #[arg(short, long)]
    verbose: bool,
    /// Regenerate the project's own vectors with `revm-precompile` as the oracle (into
    /// `vectors/`, or the single directory given as PATH) instead of running vectors.
    #[arg(long)]
    generate: bool,
}

/// Parses a precompile address in hex, with or without `0x`: `0x0c`, `0c`, `0x100`, or a full
/// 20-byte address.
pub(crate) fn parse_address(s: &str) -> Result<u16, String> {
    let digits = s.strip_prefix("0x").unwrap_or(s);
    let trimmed = digits.trim_start_matches('0');
    if trimmed.len() > 4 {
        return Err(format!("{s}: not a precompile address (0x01 ..= 0xffff)"));
    }
    if trimmed.is_empty() {
        return Err(format!("{s}: address zero has no precompile"));
    }
    u16::from_str_radix(trimmed, 16).map_err(|e| format!("{s}: {e}"))
}

/// `cargo xtask vectors`.
pub fn run(args: Args) -> Result<ExitCode, String> {
    if args.generate {
        let dir = match args.paths.as_slice() {
            [] => crate::test::workspace_root().join("vectors"),
            [one] => one.clone(),
            _ => return Err("--generate takes at most one output directory".into()),
        };
        return generate::generate(&dir).map(|()| ExitCode::SUCCESS);
    }
    let paths = if args.paths.is_empty() {
        vec![crate::test::workspace_root().join("vectors")]
    } else {
        args.paths
    };
    let opts = Options {
        address: args.address,
        fork: args.fork,
        verbose: args.verbose,
    };
    let summary = run_paths(&paths, &opts)?;
    Ok(summary.exit_code())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses() {
        assert_eq!(parse_address("0x0c"), Ok(0x0c));
        assert_eq!(parse_address("100"), Ok(0x100));
        assert_eq!(
            parse_address("0x0000000000000000000000000000000000000100"),
            Ok(0x100)
        );
        assert!(parse_address("0x00").is_err());
    }
}
