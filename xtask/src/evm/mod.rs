//! `cargo xtask evm`: whole EVM programs through revm with stock instructions (ruint), ours
//! (`uint256-revm`) and a num-bigint arithmetic (the big.Int analogue), optionally go-ethereum's
//! EVM; and the Ed25519 execution-environment series against native code.
//!
//! A run clears its result directory (`target/evm-report/` or `--out DIR`), runs the
//! `evm_programs` binary of evm-benches (every program input checked under every arithmetic
//! against upstream's expected output: `programs.json`; then uint256 against stock timed
//! interleaved in several memory layouts: `interleaved.json`), lists the criterion ids it
//! expects into `run.json`, runs the `evm_programs` criterion bench with
//! `CRITERION_HOME=DIR/criterion` pinned to one CPU, optionally go-ethereum (`benches/geth
//! -programs`), then builds the report from that directory alone with the gas report's reader
//! (a missing, stale or foreign result is an error). What it builds with cargo has every
//! function aligned to 64 bytes ([`ALIGN_RUSTFLAGS`]).

mod report;

use crate::gas::manifest::RunManifest;
use crate::gas::run::{output, with_progress, with_spinner, CriterionParser};
use crate::gas::threads::Pinning;
use crate::gas::{clear_previous_run, data, listed_ids, now_unix, result_dir, target_dir};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use testkit::evm_programs::{InterleavedFile, ProgramsFile};
use testkit::files::{read_json, write_json, GethFile};

/// Options of `cargo xtask evm`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Rough report (few samples, short measurements; the Ed25519 series stops at N = 1000).
    #[arg(long)]
    quick: bool,
    /// Also run the programs and the Ed25519 series in go-ethereum's EVM (builds and runs
    /// benches/geth with `-programs`; needs Go).
    #[arg(long)]
    with_geth: bool,
    /// Only the benchmarks whose id (`<arith>-bytecode/<program>/<input>`,
    /// `scaling-<contract>@<arith>/N=<n>`) matches this regular expression.
    #[arg(long, value_name = "REGEX")]
    filter: Option<String>,
    /// Output directory [default: target/evm-report]; a run first removes the previous run's
    /// results from it.
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    /// Rebuild the report from the result directory of an earlier run without running
    /// anything.
    #[arg(long, value_name = "DIR")]
    from: Option<PathBuf>,
}

/// The files a run writes, removed before it starts (with `criterion/`).
const RUN_FILES: [&str; 7] = [
    "run.json",
    "programs.json",
    "interleaved.json",
    "geth.json",
    "report.md",
    "report.json",
    "evm.svg",
];

/// Runs `cargo xtask evm`.
pub fn run(args: Args) -> Result<ExitCode, String> {
    let (root, cwd, out) = result_dir(args.out.as_deref(), "evm-report")?;
    if let Some(f) = &args.filter {
        regex::Regex::new(f).map_err(|e| format!("--filter: {e}"))?;
    }
    let dir = match &args.from {
        Some(d) => cwd.join(d),
        None => {
            if args.with_geth {
                println!("using {}", crate::gas::geth::check_go()?);
            }
            measure(&root, &args, &out)?;
            out.clone()
        }
    };
    let report = load(&dir)?;
    fs::create_dir_all(&out).map_err(|e| format!("cannot create {}: {e}", out.display()))?;
    let md = report.markdown();
    let write = |name: &str, text: String| {
        let p = out.join(name);
        fs::write(&p, text).map_err(|e| format!("cannot write {}: {e}", p.display()))
    };
    write("report.md", md.clone())?;
    write("report.json", report.json()?)?;
    report.chart(&out.join("evm.svg"))?;
    println!("\n{md}\nwrote {}", out.join("report.md").display());
    Ok(ExitCode::SUCCESS)
}

/// One run: builds, checks the programs, lists the ids, times them, optionally go-ethereum.
fn measure(root: &Path, args: &Args, out: &Path) -> Result<(), String> {
    let pinning = Pinning::new(1)?;
    fs::create_dir_all(out).map_err(|e| format!("cannot create {}: {e}", out.display()))?;
    clear_previous_run(out, &RUN_FILES)?;
    let crit = out.join("criterion");
    let started_unix = now_unix();
    let cargo_cmd = |pinned: bool, sub: &[&str]| {
        let mut c = pinning.bench_cargo(pinned, root, &crit, "cpu", args.quick);
        aligned_functions(&mut c, root);
        c.args(sub);
        c
    };
    let bench = ["bench", "-p", "evm-benches", "--bench", "evm_programs"];
    with_spinner(
        "building the evm_programs bench",
        cargo_cmd(false, &bench).arg("--no-run"),
    )?;
    let mut check = cargo_cmd(true, &RUN_PROGRAMS);
    check.arg("--out").arg(out).arg("--interleaved");
    if let Some(f) = &args.filter {
        check.args(["--filter", f]);
    }
    if args.quick {
        check.arg("--quick");
    }
    with_spinner(
        "checking every program under every arithmetic, then timing uint256 against stock interleaved (evm_programs)",
        &mut check,
    )?;
    let mut list = cargo_cmd(false, &bench);
    list.args(["-q", "--", "--list"]);
    if let Some(f) = &args.filter {
        list.arg(f);
    }
    let expected = listed_ids(&output(&mut list)?);
    if expected.is_empty() {
        return Err("criterion evm_programs --list selected no benchmark".into());
    }
    let total = expected.len() as u64;
    let manifest = RunManifest {
        started_unix,
        fork: read_json::<ProgramsFile>(&out.join("programs.json"))?.fork,
        quick: args.quick,
        filter: args.filter.clone(),
        threads: pinning.threads,
        cpus: pinning.cpus.clone(),
        clock: "cpu".into(),
        expected,
        geth: args.with_geth,
    };
    write_json(&out.join("run.json"), &manifest)?;
    let mut cmd = cargo_cmd(true, &bench);
    cmd.arg("--");
    if let Some(f) = &args.filter {
        cmd.arg(f);
    }
    let mut parser = CriterionParser::new();
    let done = with_progress("criterion evm_programs", &mut cmd, Some(total), |o, l| {
        vec![parser.parse(o, l)]
    })?;
    println!("criterion evm_programs: {done} benchmarks measured");
    if args.with_geth {
        let exe = out.join("geth-bench");
        crate::gas::geth::build(root, &exe)?;
        crate::gas::geth::run(
            &exe,
            "-programs",
            &out.join("programs.json"),
            out,
            args.quick,
            args.filter.as_deref(),
            &pinning,
        )?;
    }
    Ok(())
}

/// `cargo run` of the `evm_programs` binary (checks the programs, times them interleaved).
const RUN_PROGRAMS: [&str; 7] = [
    "run",
    "-p",
    "evm-benches",
    "--release",
    "--bin",
    "evm_programs",
    "--",
];

/// Flags of the EVM report's build: every function starts on a 64-byte boundary.
///
/// Where the linker happens to place an instruction body decides several percent of a short
/// opcode loop, even between bodies that are the same instructions (the figures are in
/// PERF.md): a placement effect, not the code's, that aligning removes. Aligning every function
/// (a setting LLVM's own benchmarking uses for the same reason) puts ours and stock's bodies on
/// equal footing; the build goes to its own target directory so that it does not invalidate
/// the workspace's.
const ALIGN_RUSTFLAGS: &str = "-C llvm-args=-align-all-functions=6";

/// Makes `cargo` build with [`ALIGN_RUSTFLAGS`] (after the caller's own `RUSTFLAGS`) into
/// `evm-aligned/` in cargo's target directory.
fn aligned_functions(cargo: &mut std::process::Command, root: &Path) {
    let flags = match std::env::var("RUSTFLAGS") {
        Ok(f) if !f.trim().is_empty() => format!("{f} {ALIGN_RUSTFLAGS}"),
        _ => ALIGN_RUSTFLAGS.to_string(),
    };
    cargo
        .env("RUSTFLAGS", flags)
        .env("CARGO_TARGET_DIR", target_dir(root).join("evm-aligned"));
}

/// The report of the run in `dir`, from `dir` alone.
fn load(dir: &Path) -> Result<report::Report, String> {
    let manifest = RunManifest::read(dir, "evm")?;
    let programs: ProgramsFile = read_json(&dir.join("programs.json"))?;
    let crit = data::read_run(dir, &manifest)?;
    let geth = if manifest.geth {
        Some(read_json::<GethFile>(&dir.join("geth.json"))?)
    } else {
        None
    };
    // Runs from before the interleaved timing have no such file.
    let interleaved_path = dir.join("interleaved.json");
    let interleaved = if interleaved_path.exists() {
        Some(read_json::<InterleavedFile>(&interleaved_path)?)
    } else {
        None
    };
    Ok(report::Report::build(
        &manifest,
        &programs,
        crit,
        geth.as_ref(),
        interleaved.as_ref(),
    ))
}
