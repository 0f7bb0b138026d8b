//! `cargo xtask codegen [--check]`: regenerates every generated file of the repository, and with
//! `--check` writes nothing and fails when any committed file differs from what its generator
//! produces now (CI runs it, so a generator changed without its output, or an output edited by
//! hand, fails the build).
//!
//! The generated files:
//! - `crates/montgomery/src/asm/kernels.rs` and `crates/montgomery/src/asm/rows.rs`:
//!   `python3 crates/montgomery/scripts/gen_asm.py` (and `gen_asm.py rows`), formatted by
//!   `rustfmt` (as `cargo fmt` formats them); `crates/montgomery/src/asm/special.rs` likewise from
//!   `gen_asm.py special`;
//! - `vectors/*.json` but `regressions/`: `cargo xtask vectors --generate`, the project's own
//!   vectors with revm-precompile as the oracle;
//! - `benches/geth/testdata/registry.json`: the precompile registry (`precompile::PrecompileId`:
//!   number, EIP name, go-ethereum vector stem) that the Go harness's tests check go-ethereum
//!   against.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};

use crate::test::workspace_root;

/// Options of `cargo xtask codegen`.
#[derive(clap::Args)]
pub struct Args {
    /// Write nothing; fail when a committed generated file differs from its generator's output.
    #[arg(long)]
    check: bool,
}

/// One generated file: where it lives and what its generator produces now.
struct Generated {
    path: PathBuf,
    contents: Vec<u8>,
}

/// Every generated file as its generator produces it now.
fn generate_all(root: &Path) -> Result<Vec<Generated>, String> {
    let mut files = vec![
        montgomery_asm(root, &[], "kernels.rs")?,
        montgomery_asm(root, &["rows"], "rows.rs")?,
        montgomery_asm(root, &["special"], "special.rs")?,
        registry(root),
    ];
    files.extend(vectors(root)?);
    Ok(files)
}

/// The files of `files` whose committed contents differ (or that are missing).
fn differing(files: &[Generated]) -> Vec<&Generated> {
    files
        .iter()
        .filter(|g| std::fs::read(&g.path).ok().as_deref() != Some(&g.contents[..]))
        .collect()
}

/// Runs every generator, then writes or compares their outputs.
pub fn run(args: Args) -> Result<ExitCode, String> {
    let root = workspace_root();
    let files = generate_all(&root)?;
    let mut stale = Vec::new();
    for g in differing(&files) {
        let rel = g.path.strip_prefix(&root).unwrap_or(&g.path).display();
        if args.check {
            stale.push(rel.to_string());
        } else {
            std::fs::write(&g.path, &g.contents).map_err(|e| format!("{rel}: {e}"))?;
            println!("codegen: wrote {rel}");
        }
    }
    if stale.is_empty() {
        println!("codegen: {} generated files up to date", files.len());
        return Ok(ExitCode::SUCCESS);
    }
    eprintln!(
        "codegen --check: {} generated files differ from their generators' output (run `cargo \
         xtask codegen` and commit the result, or fix the generator):",
        stale.len()
    );
    for s in &stale {
        eprintln!("  {s}");
    }
    Ok(ExitCode::FAILURE)
}

/// `src/asm/<file>` of the montgomery crate from `gen_asm.py <args>`, through `rustfmt`
/// (edition of the workspace).
fn montgomery_asm(root: &Path, args: &[&str], file: &str) -> Result<Generated, String> {
    let crate_dir = root.join("crates/montgomery");
    let script = Command::new("python3")
        .current_dir(&crate_dir)
        .arg("scripts/gen_asm.py")
        .args(args)
        .stderr(Stdio::inherit())
        .output()
        .map_err(|e| format!("cannot run python3: {e}"))?;
    if !script.status.success() {
        return Err(format!("gen_asm.py failed: {}", script.status));
    }
    Ok(Generated {
        path: crate_dir.join("src/asm").join(file),
        contents: rustfmt(&script.stdout)?,
    })
}

/// The precompile registry as JSON for the Go harness: one object per precompile, in address
/// order.
fn registry(root: &Path) -> Generated {
    let rows: Vec<serde_json::Value> = precompile::PrecompileId::ALL
        .iter()
        .map(|id| {
            serde_json::json!({
                "address": format!("{:#x}", id.number()),
                "name": id.name(),
                "gethStem": id.geth_stem(),
            })
        })
        .collect();
    let mut contents = serde_json::to_vec_pretty(&rows).expect("JSON of plain values");
    contents.push(b'\n');
    Generated {
        path: root.join("benches/geth/testdata/registry.json"),
        contents,
    }
}

/// `source` formatted by `rustfmt` (read from stdin, written to stdout).
fn rustfmt(source: &[u8]) -> Result<Vec<u8>, String> {
    use std::io::Write;
    let mut child = Command::new("rustfmt")
        .args(["--edition", "2021"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .map_err(|e| format!("cannot run rustfmt: {e}"))?;
    let mut stdin = child.stdin.take().ok_or("rustfmt: no stdin")?;
    // Written from another thread: rustfmt may fill its stdout pipe before reading all input.
    let input = source.to_vec();
    let writer = std::thread::spawn(move || stdin.write_all(&input));
    let out = child
        .wait_with_output()
        .map_err(|e| format!("rustfmt: {e}"))?;
    writer
        .join()
        .map_err(|_| "rustfmt: writer thread panicked")?
        .map_err(|e| format!("rustfmt: {e}"))?;
    if !out.status.success() {
        return Err(format!("rustfmt failed: {}", out.status));
    }
    Ok(out.stdout)
}

/// The project's vector files, generated into a scratch directory under `target/` (one per
/// process, removed after reading).
fn vectors(root: &Path) -> Result<Vec<Generated>, String> {
    let scratch = root.join(format!("target/codegen/vectors-{}", std::process::id()));
    let read = |scratch: &Path| -> Result<Vec<Generated>, String> {
        crate::vectors::generate(scratch)?;
        let mut names: Vec<_> = std::fs::read_dir(scratch)
            .map_err(|e| format!("{}: {e}", scratch.display()))?
            .map(|e| e.map(|e| e.file_name()))
            .collect::<Result<_, _>>()
            .map_err(|e| format!("{}: {e}", scratch.display()))?;
        names.sort();
        names
            .into_iter()
            .map(|name| {
                let contents =
                    std::fs::read(scratch.join(&name)).map_err(|e| format!("{name:?}: {e}"))?;
                Ok(Generated {
                    path: root.join("vectors").join(name),
                    contents,
                })
            })
            .collect()
    };
    let files = read(&scratch);
    // Best effort: a leftover scratch directory is only clutter under target/.
    let _ = std::fs::remove_dir_all(&scratch);
    files
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The committed generated files are what their generators produce (as `codegen --check`,
    /// so that `cargo xtask test` catches drift too), and a changed file is reported.
    #[test]
    fn generated_files_are_current() {
        let root = workspace_root();
        let mut files = generate_all(&root).unwrap();
        assert!(files.len() > 20, "{} files", files.len());
        let stale: Vec<_> = differing(&files).iter().map(|g| g.path.clone()).collect();
        assert!(stale.is_empty(), "stale generated files: {stale:?}");
        files[0].contents.extend_from_slice(b"// drift\n");
        assert_eq!(differing(&files).len(), 1);
    }
}
