//! The vector runner: every vector of every file through our precompile, with the checks
//! described in [`super`].

use super::error_kind::ErrorKind;
use super::names::target_for;
use precompile::{Fork, Precompile, PrecompileError};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use testkit::vectors::Vector;

/// How to run vector files.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Overrides the precompile the file name selects.
    pub address: Option<u16>,
    /// Overrides the fork the file name selects.
    pub fork: Option<Fork>,
    /// Prints every vector.
    pub verbose: bool,
}

/// Counts of passed and failed vectors.
#[derive(Clone, Copy, Debug, Default)]
pub struct Summary {
    /// Vectors that passed.
    pub passed: usize,
    /// Vectors that failed (a file that cannot be read or mapped counts as one failure).
    pub failed: usize,
}

impl Summary {
    /// Success only when something ran and nothing failed.
    pub fn exit_code(&self) -> ExitCode {
        if self.failed == 0 && self.passed > 0 {
            ExitCode::SUCCESS
        } else {
            ExitCode::FAILURE
        }
    }
}

/// Runs every vector file under `paths`, printing failures, a line per file and last the line
/// `N passed, M failed`.
pub fn run_paths(paths: &[PathBuf], opts: &Options) -> Result<Summary, String> {
    let mut files = Vec::new();
    for p in paths {
        collect_files(p, &mut files)?;
    }
    let mut total = Summary::default();
    for file in &files {
        let s = run_file(file, opts);
        total.passed += s.passed;
        total.failed += s.failed;
    }
    if files.is_empty() {
        println!("no *.json vector files found");
    }
    println!("{} passed, {} failed", total.passed, total.failed);
    Ok(total)
}

/// Appends `path` (a file) or every `*.json` file under it (a directory, recursively, in sorted
/// order) to `out`.
pub(crate) fn collect_files(path: &Path, out: &mut Vec<PathBuf>) -> Result<(), String> {
    let meta = std::fs::metadata(path).map_err(|e| format!("{}: {e}", path.display()))?;
    if meta.is_file() {
        out.push(path.to_path_buf());
        return Ok(());
    }
    let mut entries: Vec<PathBuf> = std::fs::read_dir(path)
        .map_err(|e| format!("{}: {e}", path.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    entries.sort();
    for entry in entries {
        if entry.is_dir() {
            collect_files(&entry, out)?;
        } else if entry.extension().is_some_and(|e| e == "json") {
            out.push(entry);
        }
    }
    Ok(())
}

fn run_file(file: &Path, opts: &Options) -> Summary {
    let shown = file.display().to_string();
    let fail_whole = |why: String| {
        println!("FAIL {shown}: {why}");
        println!("{shown}: 0 passed, 1 failed");
        Summary {
            passed: 0,
            failed: 1,
        }
    };
    let (target, fail_file) = match target_for(file, opts.address, opts.fork) {
        Ok(t) => t,
        Err(e) => return fail_whole(e),
    };
    let precompile = match target.precompile() {
        Ok(p) => p,
        Err(e) => return fail_whole(e),
    };
    // The one loader: a file that is unreadable, malformed or empty is one failure.
    let vectors = match testkit::vectors::load_file(file) {
        Ok(v) => v,
        Err(e) => return fail_whole(e),
    };
    let mut summary = Summary::default();
    for (i, vector) in vectors.iter().enumerate() {
        let name = if vector.name.is_empty() {
            format!("#{i}")
        } else {
            vector.name.clone()
        };
        match check_vector(&precompile, vector, fail_file) {
            Ok(note) => {
                summary.passed += 1;
                match note {
                    Some((text, important)) if important || opts.verbose => {
                        println!("note {shown} [{name}]{text}")
                    }
                    _ if opts.verbose => println!("ok   {shown} [{name}]"),
                    _ => {}
                }
            }
            Err(why) => {
                summary.failed += 1;
                println!("FAIL {shown} [{name}]: {why}");
            }
        }
    }
    println!(
        "{shown}: {} ({} vectors): {} passed, {} failed",
        target.describe(),
        vectors.len(),
        summary.passed,
        summary.failed
    );
    summary
}

fn short_hex(bytes: &[u8]) -> String {
    const MAX: usize = 80;
    if bytes.is_empty() {
        return "(empty)".into();
    }
    let h = hex::encode(bytes);
    if h.len() > 2 * MAX {
        format!("{}...({} bytes)", &h[..2 * MAX], bytes.len())
    } else {
        h
    }
}

/// A remark on a passing vector: its text, and whether to print it outside verbose mode.
type Note = Option<(String, bool)>;

/// Checks one vector: `Err(why)` when it fails, else an optional remark (a failure vector's error
/// beside the expected text, printed always in `fail-*` files or when their kinds differ, else
/// only in verbose mode).
fn check_vector(p: &Precompile, vector: &Vector, fail_file: bool) -> Result<Note, String> {
    let input = &vector.input;
    let required = p.required_gas(input);
    let must_fail = fail_file || vector.expected_error.is_some();
    if must_fail {
        let expected = vector.expected_error.as_deref().unwrap_or("(any error)");
        let limit = vector.gas_limit.unwrap_or(required);
        return match p.run(input, limit) {
            Ok(out) => Err(format!(
                "expected error {expected:?}, got success {} (gas {}) at gas limit {limit}",
                short_hex(&out.bytes),
                out.gas_used
            )),
            Err(e) => {
                let want = ErrorKind::of_text(expected);
                let got = ErrorKind::of_error(&e);
                // At `required_gas` a failure must be the input's fault, not the gas's (an explicit
                // `GasLimit` may be below the price: any error is fine then).
                if e == PrecompileError::OutOfGas
                    && want != Some(ErrorKind::OutOfGas)
                    && vector.gas_limit.is_none()
                {
                    return Err(format!(
                        "expected error {expected:?}, got out of gas at gas limit {limit} \
                         (required_gas {required})"
                    ));
                }
                let line = format!(": error \"{e}\" (expected \"{expected}\")");
                Ok(Some(match want {
                    // Below an explicit `GasLimit`, out of gas is as good as any error.
                    Some(w)
                        if w != got
                            && !(got == ErrorKind::OutOfGas && vector.gas_limit.is_some()) =>
                    {
                        (format!("{line}: different kind of error"), true)
                    }
                    // go-ethereum's `fail-*` files: show our error beside theirs.
                    _ => (line, fail_file),
                }))
            }
        };
    }
    let expected = vector
        .expected
        .as_deref()
        .ok_or("neither Expected nor ExpectedError")?;
    let mut problems = Vec::new();
    if let Some(gas) = vector.gas {
        if required != gas {
            problems.push(format!("required_gas {required}, expected Gas {gas}"));
        }
    }
    let limit = vector.gas.unwrap_or(required);
    match p.run(input, limit) {
        Ok(out) => {
            if out.bytes != expected {
                problems.push(format!(
                    "expected output {}, got {}",
                    short_hex(expected),
                    short_hex(&out.bytes)
                ));
            }
            if out.gas_used != limit {
                problems.push(format!("gas_used {} at gas limit {limit}", out.gas_used));
            }
        }
        Err(e) => problems.push(format!(
            "expected output {}, got error \"{e}\" at gas limit {limit}",
            short_hex(expected)
        )),
    }
    if limit > 0 {
        match p.run(input, limit - 1) {
            Err(PrecompileError::OutOfGas) => {}
            Err(e) => problems.push(format!(
                "at gas {} expected out of gas, got \"{e}\"",
                limit - 1
            )),
            Ok(_) => problems.push(format!(
                "at gas {} expected out of gas, got success",
                limit - 1
            )),
        }
    }
    if problems.is_empty() {
        Ok(None)
    } else {
        Err(problems.join("; "))
    }
}
