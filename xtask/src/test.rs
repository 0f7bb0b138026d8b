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

/// Runs `cargo test --workspace`, then the vector runner; fails if either fails.
pub fn run(args: Args) -> Result<ExitCode, String> {
    let root = workspace_root();
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let status = Command::new(&cargo)
        .current_dir(&root)
        .args(["test", "--workspace"])
        .args(&args.cargo_args)
        .status()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if !status.success() {
        return Ok(ExitCode::FAILURE);
    }
    Ok(ExitCode::SUCCESS)
}
