//! `cargo xtask test`: the project's one test command.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

/// Options of `cargo xtask test`.
#[derive(clap::Args)]
pub struct Args {
    /// Extra arguments passed to `cargo test` (after `--workspace`).
    #[arg(trailing_var_arg = true)]
    cargo_args: Vec<String>,
}

/// The workspace root (the parent of the `xtask` crate).
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask lives inside the workspace")
        .to_path_buf()
}

/// Runs `cargo test --workspace`, the feature-gated uint256 <-> ruint conversions, then the
/// vector runner over `vectors/` and `../shared/vectors/geth/`; fails if any of them fails
/// (running every step regardless, so one run shows every failure), if a runner checked no
/// vector, or if go-ethereum's directory is missing under `CI=true` (elsewhere its absence is
/// a loud skip).
pub fn run(args: Args) -> Result<ExitCode, String> {
    let root = workspace_root();
    let cargo_test = |extra: &[&str], passthrough: &[String]| -> Result<bool, String> {
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        Command::new(&cargo)
            .current_dir(&root)
            .arg("test")
            .args(extra)
            .args(passthrough)
            .status()
            .map(|s| s.success())
            .map_err(|e| format!("cannot run cargo: {e}"))
    };
    let mut ok = cargo_test(&["--workspace"], &args.cargo_args)?;
    // `cargo test --workspace` leaves uint256's optional `ruint` feature off; its conversion
    // tests need it (a small build: uint256 and ruint only).
    ok &= cargo_test(
        &[
            "-p",
            "evm-arith-uint256",
            "--features",
            "ruint",
            "--test",
            "ruint_cross",
        ],
        &[],
    )?;
    if !ok {
        println!("cargo test failed; running the vectors anyway");
    }
    let opts = crate::vectors::Options::default();
    println!("vectors: {}", root.join("vectors").display());
    let own = crate::vectors::run_paths(&[root.join("vectors")], &opts)?;
    ok &= own.failed == 0 && own.passed > 0;
    // go-ethereum's files: required under CI=true, else skipped with a line on stderr.
    match testkit::vectors::geth_dir_if_present("the vector runner over go-ethereum's vectors") {
        Ok(Some(geth)) => {
            println!("vectors: {}", geth.display());
            let theirs = crate::vectors::run_paths(&[geth], &opts)?;
            ok &= theirs.failed == 0 && theirs.passed > 0;
        }
        Ok(None) => {}
        Err(e) => {
            eprintln!("FAIL {e}");
            ok = false;
        }
    }
    // The short differential run (issue 16): 2,000 inputs per precompile against revm, and
    // against go-ethereum when Go is installed.
    ok &= crate::diff::ci(&root)?;
    Ok(if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}
