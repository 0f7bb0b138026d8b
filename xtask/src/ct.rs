//! `cargo xtask ct`: evm384's constant-time check under valgrind memcheck.
//!
//! Builds `crates/evm384/examples/ct_valgrind.rs` in release (the optimiser's code is what must
//! be constant time), runs it under memcheck twice and compares memcheck's error count with the
//! count the example expects: zero for the real operations on secret (undefined) operands, and
//! exactly one per deliberately leaky call for `--self-test` (so a zero cannot come from
//! memcheck not tracking the secrets).

use std::path::PathBuf;
use std::process::{Command, ExitCode};

use crate::test::workspace_root;

/// Options of `cargo xtask ct`.
#[derive(clap::Args)]
pub struct Args {}

/// What one valgrind run printed: the example's own report and memcheck's error count.
struct Run {
    backends: Vec<String>,
    expected: usize,
    errors: usize,
    cases: Option<usize>,
}

/// Builds the example, runs both modes and fails on any mismatch.
pub fn run(_args: Args) -> Result<ExitCode, String> {
    let root = workspace_root();
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let built = Command::new(&cargo)
        .current_dir(&root)
        .args([
            "build",
            "--release",
            "-p",
            "evm-arith-evm384",
            "--example",
            "ct_valgrind",
        ])
        .status()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if !built.success() {
        return Err("building the ct_valgrind example failed".into());
    }
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("target"));
    let exe = target.join("release/examples/ct_valgrind");

    let real = valgrind(&exe, &[])?;
    let selftest = valgrind(&exe, &["--self-test"])?;
    let mut ok = true;
    println!(
        "ct: {} cases on backends [{}]: memcheck errors {} (expected {})",
        real.cases.unwrap_or(0),
        real.backends.join(", "),
        real.errors,
        real.expected
    );
    ok &= real.errors == real.expected && real.expected == 0 && real.cases.unwrap_or(0) > 0;
    println!(
        "ct self-test (leaky code on backends [{}]): memcheck errors {} (expected {})",
        selftest.backends.join(", "),
        selftest.errors,
        selftest.expected
    );
    ok &= selftest.errors == selftest.expected && selftest.expected > 0;
    if cpu_has_adx() {
        // The asm backend exists on this CPU, so it must have been checked.
        ok &= real.backends.iter().any(|b| b == "asm");
    } else {
        println!("ct: asm backend skipped: the CPU lacks BMI2/ADX (portable checked)");
    }
    if ok {
        println!("ct: ok");
        Ok(ExitCode::SUCCESS)
    } else {
        println!("ct: FAILED");
        Ok(ExitCode::FAILURE)
    }
}

/// Runs `exe args` under memcheck and parses its output.
fn valgrind(exe: &std::path::Path, args: &[&str]) -> Result<Run, String> {
    let out = Command::new("valgrind")
        .args(["--tool=memcheck", "--error-limit=no"])
        .arg(exe)
        .args(args)
        .output()
        .map_err(|e| {
            format!("cannot run valgrind ({e}): install it, e.g. apt-get install valgrind")
        })?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    if !out.status.success() {
        return Err(format!(
            "ct_valgrind {args:?} failed under valgrind:\n{stdout}\n{stderr}"
        ));
    }
    let field = |key: &str| {
        stdout
            .lines()
            .find_map(|l| l.strip_prefix(key))
            .map(str::trim)
    };
    let number = |key: &str| -> Result<Option<usize>, String> {
        field(key)
            .map(|v| v.parse().map_err(|e| format!("{key} {v:?}: {e}")))
            .transpose()
    };
    let summary = regex::Regex::new(r"ERROR SUMMARY: (\d+) errors").expect("valid regex");
    let errors = summary
        .captures(&stderr)
        .and_then(|c| c[1].parse().ok())
        .ok_or_else(|| format!("no ERROR SUMMARY in valgrind's output:\n{stderr}"))?;
    if errors > 0 && args.is_empty() {
        // Show where: memcheck's reports name the function and line.
        eprintln!("{stderr}");
    }
    Ok(Run {
        backends: field("backends:")
            .ok_or("the example printed no backends")?
            .split_whitespace()
            .map(String::from)
            .collect(),
        expected: number("expected-errors:")?.ok_or("the example printed no expected-errors")?,
        errors,
        cases: number("cases:")?,
    })
}

/// Whether the host CPU has BMI2 and ADX (from /proc/cpuinfo: valgrind's emulated CPUID hides
/// ADX, so the example cannot be the judge of it).
fn cpu_has_adx() -> bool {
    let info = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let flags = info.lines().find(|l| l.starts_with("flags")).unwrap_or("");
    let has = |f: &str| flags.split_whitespace().any(|x| x == f);
    cfg!(target_arch = "x86_64") && has("bmi2") && has("adx")
}
