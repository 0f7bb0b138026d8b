//! `cargo xtask gas`: the precompile gas report.
//!
//! A run ([`measure`]) clears its result directory (`target/gas-report/` or `--out DIR`), runs
//! the `cases` binary of evm-benches (cases, allocations, machine, who does the math), lists
//! the criterion benchmark ids it expects into `run.json`, runs criterion's `precompiles` and
//! `scaling` benches with their output in `DIR/criterion` (`CRITERION_HOME`: the absolute
//! times), the `interleaved` binary (`rounds.json`: every ratio, go-ethereum's arms included
//! with `--with-geth`), optionally go-ethereum's own timing (`benches/geth`, `geth.json`), every
//! measured process pinned to `--threads` CPUs; then the report is built from that directory
//! alone ([`load_report`]), which fails when a result is missing, stale or foreign.
//! `--from DIR` only rebuilds from DIR; `--compare DIR2` adds the run-to-run agreement.

mod chart;
mod compare;
pub(crate) mod data;
pub(crate) mod geth;
pub(crate) mod interleaved;
pub(crate) mod manifest;
pub(crate) mod report;
pub(crate) mod run;
pub(crate) mod threads;

use data::Timing;
use manifest::RunManifest;
use regex::Regex;
use run::{output, with_progress, with_spinner, CriterionParser};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{SystemTime, UNIX_EPOCH};
use testkit::files::{
    read_json, write_json, AllocRow, CasesFile, GethFile, Machine, RoundsFile, ANCHOR_CASE,
};
use threads::Pinning;

/// Options of `cargo xtask gas`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Rough report (few samples, short measurements): several minutes on 2 cores once built.
    #[arg(long)]
    quick: bool,
    /// Only the benchmarks whose id (`<impl>-<mode>/<case>`, `scaling-<case>/N=<n>`)
    /// matches this regular expression; ECRECOVER, the anchor, is always measured.
    #[arg(long, value_name = "REGEX")]
    filter: Option<String>,
    /// Fork whose prices are the nominal gas.
    #[arg(long, default_value = "Osaka", value_name = "NAME")]
    fork: String,
    /// Anchor rate of the EIP-7904-style "Gas @ N MGas/s" column.
    #[arg(long, default_value_t = 60.0, value_name = "N")]
    rate_mgas: f64,
    /// Threads (CPUs) every implementation may use; the default 1 times every
    /// implementation single-threaded, as the anchor is.
    #[arg(long, default_value_t = 1, value_name = "N")]
    threads: usize,
    /// Output directory [default: target/gas-report]; a run first removes the previous run's
    /// results from it.
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    /// Rebuild the report from the result directory of an earlier run (its run.json,
    /// criterion/, cases.json, alloc.json, machine.json, geth.json) without running anything.
    #[arg(long, value_name = "DIR")]
    from: Option<PathBuf>,
    /// Also print (and write to agreement.md) how far the calculated gas and the ours/peer
    /// ratios of this report and of the run in DIR2 agree, with the shares within 5 % and 10 %.
    #[arg(long, value_name = "DIR2")]
    compare: Option<PathBuf>,
    /// Also measure go-ethereum's precompiles (builds and runs benches/geth; needs Go).
    #[arg(long)]
    with_geth: bool,
    /// Also put this report's excerpt (`excerpt.md`) into README.md, between its
    /// `gas-excerpt` markers.
    #[arg(long)]
    update_readme: bool,
}

/// Runs `cargo xtask gas`.
pub fn run(args: Args) -> Result<ExitCode, String> {
    let (root, cwd, out) = result_dir(args.out.as_deref(), "gas-report")?;
    if args.rate_mgas.is_nan() || args.rate_mgas <= 0.0 {
        return Err("--rate-mgas must be positive".into());
    }
    if args.from.is_some() && args.with_geth {
        return Err(
            "--from rebuilds a report from DIR alone; --with-geth measures: use one".into(),
        );
    }
    let filter = args
        .filter
        .as_deref()
        .map(|f| Regex::new(f).map_err(|e| format!("--filter: {e}")))
        .transpose()?;
    let data_dir = match &args.from {
        Some(dir) => cwd.join(dir),
        None => {
            if args.with_geth {
                let v = geth::check_go()?;
                println!("using {v}");
            }
            // What criterion and the Go program receive: the filter, or ECRECOVER (the anchor).
            let run_filter = args
                .filter
                .as_deref()
                .map(|f| format!("(?:{f})|{}", regex::escape(ANCHOR_CASE)));
            measure(&root, &args, &out, run_filter)?;
            out.clone()
        }
    };
    let report = load_report(&data_dir, &args, filter.as_ref())?;
    fs::create_dir_all(&out).map_err(|e| format!("cannot create {}: {e}", out.display()))?;
    write_all(&report, &out)?;
    println!("\n{}", report.comparison_table());
    if report.rows.iter().any(|r| r.imp == "geth") {
        println!("{}", report.client_table());
    }
    println!("wrote {}", out.join("report.md").display());
    if args.update_readme {
        let path = root_readme();
        let text = fs::read_to_string(&path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let new = report::excerpt::splice(&text, &report.excerpt())?;
        fs::write(&path, new).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        println!("updated the excerpt in {}", path.display());
    }
    if let Some(other) = &args.compare {
        let other_dir = cwd.join(other);
        let second = load_report(&other_dir, &args, filter.as_ref())?;
        let md = compare::markdown(
            &data_dir.display().to_string(),
            &other_dir.display().to_string(),
            &compare::pairs(&report, &second),
            &compare::ratio_pairs(&report, &second),
        );
        let path = out.join("agreement.md");
        fs::write(&path, &md).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        println!("\n{md}\nwrote {}", path.display());
    }
    Ok(ExitCode::SUCCESS)
}

/// The workspace's README.md.
fn root_readme() -> PathBuf {
    crate::test::workspace_root().join("README.md")
}

/// Cargo's target directory: `CARGO_TARGET_DIR` (relative to the workspace root) or
/// `target/`.
pub(crate) fn target_dir(root: &Path) -> PathBuf {
    match std::env::var_os("CARGO_TARGET_DIR") {
        Some(d) => root.join(d),
        None => root.join("target"),
    }
}

/// The workspace root, the current directory and a report's result directory: `out` (relative
/// to the current directory) or `target/<default>`, absolute because subprocesses run in
/// other directories.
pub(crate) fn result_dir(
    out: Option<&Path>,
    default: &str,
) -> Result<(PathBuf, PathBuf, PathBuf), String> {
    let root = crate::test::workspace_root();
    let target = target_dir(&root);
    let cwd = std::env::current_dir().map_err(|e| e.to_string())?;
    let out = cwd.join(out.map_or_else(|| target.join(default), Path::to_path_buf));
    Ok((root, cwd, out))
}

/// The files a run writes into its result directory, removed before it starts so that no
/// earlier run's result can be read as this run's.
const RUN_FILES: [&str; 9] = [
    "run.json",
    "rounds.json",
    interleaved::CRYPTO_FILE,
    "cases.json",
    "alloc.json",
    "machine.json",
    "geth.json",
    "geth-bench",
    "agreement.md",
];

/// Removes an earlier run's results from `out`: its `criterion/` and `files` (for the gas
/// report [`RUN_FILES`]).
pub(crate) fn clear_previous_run(out: &Path, files: &[&str]) -> Result<(), String> {
    let crit = out.join("criterion");
    if crit.exists() {
        fs::remove_dir_all(&crit).map_err(|e| format!("cannot remove {}: {e}", crit.display()))?;
    }
    for f in files {
        let p = out.join(f);
        if p.exists() {
            fs::remove_file(&p).map_err(|e| format!("cannot remove {}: {e}", p.display()))?;
        }
    }
    Ok(())
}

/// Seconds since the Unix epoch.
pub(crate) fn now_unix() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// The criterion benchmark ids a bench's `--list` prints (lines `<id>: benchmark`).
pub(crate) fn listed_ids(list_output: &str) -> Vec<String> {
    list_output
        .lines()
        .filter_map(|l| l.strip_suffix(": benchmark"))
        .map(str::to_string)
        .collect()
}

/// One run: builds, then runs the `cases` binary, the two criterion benches and optionally
/// go-ethereum, all pinned to `--threads` CPUs, writing everything into `out`.
fn measure(root: &Path, args: &Args, out: &Path, filter: Option<String>) -> Result<(), String> {
    let pinning = Pinning::new(args.threads)?;
    fs::create_dir_all(out).map_err(|e| format!("cannot create {}: {e}", out.display()))?;
    clear_previous_run(out, &RUN_FILES)?;
    let started_unix = now_unix();
    let crit_home = out.join("criterion");
    // One thread: the process's CPU time is the call's time on an idle core, whatever else
    // shares the machine. More threads: CPU time would sum them, so wall time.
    let clock = if pinning.threads == 1 { "cpu" } else { "wall" };
    // Builds use every CPU; the measured processes only the pinned ones.
    let cargo_cmd = |pinned: bool, sub: &[&str]| {
        let mut c = pinning.bench_cargo(pinned, root, &crit_home, clock, args.quick);
        c.args(sub).env("EVM_BENCH_FORK", &args.fork);
        c
    };
    let benches = ["precompiles", "scaling"];
    with_spinner(
        "building benches (cargo bench --no-run)",
        cargo_cmd(false, &["bench", "-p", "evm-benches", "--no-run"])
            .args(["--bench", benches[0], "--bench", benches[1]]),
    )?;
    with_spinner(
        "building the cases and interleaved binaries",
        &mut cargo_cmd(
            false,
            &[
                "build",
                "-p",
                "evm-benches",
                "--release",
                "--bin",
                "cases",
                "--bin",
                "interleaved",
            ],
        ),
    )?;
    with_spinner(
        "cases, allocations, machine (cargo run --bin cases)",
        cargo_cmd(
            true,
            &[
                "run",
                "-p",
                "evm-benches",
                "--release",
                "--bin",
                "cases",
                "--",
            ],
        )
        .args(["--fork", &args.fork, "--out"])
        .arg(out),
    )?;
    let mut expected = Vec::new();
    let mut per_bench = Vec::new();
    for bench in benches {
        let mut list = cargo_cmd(
            false,
            &[
                "bench",
                "-q",
                "-p",
                "evm-benches",
                "--bench",
                bench,
                "--",
                "--list",
            ],
        );
        if let Some(f) = &filter {
            list.arg(f);
        }
        let ids = listed_ids(&output(&mut list)?);
        if ids.is_empty() {
            return Err(format!("criterion {bench} --list selected no benchmark"));
        }
        per_bench.push(ids.len() as u64);
        expected.extend(ids);
    }
    let manifest = RunManifest {
        started_unix,
        fork: args.fork.clone(),
        quick: args.quick,
        filter: filter.clone(),
        threads: pinning.threads,
        cpus: pinning.cpus.clone(),
        clock: clock.to_string(),
        expected,
        geth: args.with_geth,
    };
    write_json(&out.join("run.json"), &manifest)?;
    for (bench, total) in benches.into_iter().zip(per_bench) {
        let mut cmd = cargo_cmd(
            true,
            &["bench", "-p", "evm-benches", "--bench", bench, "--"],
        );
        if let Some(f) = &filter {
            cmd.arg(f);
        }
        let what = format!("criterion {bench}");
        let mut parser = CriterionParser::new();
        let done = with_progress(&what, &mut cmd, Some(total), |out, l| {
            vec![parser.parse(out, l)]
        })?;
        println!("{what}: {done} benchmarks measured");
    }
    let geth_exe = out.join("geth-bench");
    if args.with_geth {
        geth::build(root, &geth_exe)?;
    }
    // The interleaved binary with this run's options and `extra`.
    let interleaved_cmd = |extra: &[&std::ffi::OsStr]| {
        let mut cmd = cargo_cmd(
            true,
            &[
                "run",
                "-q",
                "-p",
                "evm-benches",
                "--release",
                "--bin",
                "interleaved",
                "--",
            ],
        );
        cmd.args(["--fork", &args.fork, "--started", &started_unix.to_string()])
            .arg("--out")
            .arg(out)
            .args(extra);
        if args.quick {
            cmd.arg("--quick");
        }
        if let Some(f) = &filter {
            cmd.args(["--filter", f.as_str()]);
        }
        cmd
    };
    let re = Regex::new(run::PROGRESS_LINE).expect("valid regex");
    // Every ratio of the report: the implementations and their anchors in alternating batches.
    let geth_args = [std::ffi::OsStr::new("--geth"), geth_exe.as_os_str()];
    let mut cmd = interleaved_cmd(if args.with_geth { &geth_args[..] } else { &[] });
    let done = with_progress("interleaved timing", &mut cmd, None, |_, line| {
        run::parse_progress(&re, line)
    })?;
    println!("interleaved timing: {done} (case, mode) sets timed");
    // "revm + our crypto": revm's own precompiles with our crypto backend installed, which is
    // global to a process, so in a process of its own (ours timed again beside it).
    let mut cmd = interleaved_cmd(&[std::ffi::OsStr::new("--revm-crypto")]);
    let done = with_progress(
        "interleaved timing, revm + our crypto",
        &mut cmd,
        None,
        |_, line| run::parse_progress(&re, line),
    )?;
    println!("interleaved timing, revm + our crypto: {done} (case, mode) sets timed");
    if args.with_geth {
        geth::run(
            &geth_exe,
            "-cases",
            &out.join("cases.json"),
            out,
            args.quick,
            filter.as_deref(),
            &pinning,
        )?;
    }
    Ok(())
}

/// The report of the run whose results are in `dir`, read from `dir` alone.
fn load_report(dir: &Path, args: &Args, filter: Option<&Regex>) -> Result<report::Report, String> {
    let manifest = RunManifest::read(dir, "gas")?;
    let cases: CasesFile = read_json(&dir.join("cases.json"))?;
    let machine: Machine = read_json(&dir.join("machine.json"))?;
    let allocs: Vec<AllocRow> = read_json(&dir.join("alloc.json"))?;
    let crit = data::read_run(dir, &manifest)?;
    let rounds = interleaved::read(dir, &manifest)?;
    let crypto = interleaved::read_crypto(dir, &manifest)?;
    let geth = if manifest.geth {
        Some(read_json::<GethFile>(&dir.join("geth.json"))?)
    } else {
        None
    };
    let inputs = Inputs {
        manifest,
        machine,
        allocs,
        timings: crit.timings,
        scaling: crit.scaling,
        geth,
        rounds,
        crypto,
    };
    assemble(args, cases, inputs, filter)
}

/// Everything read from one run's result directory.
struct Inputs {
    manifest: RunManifest,
    machine: Machine,
    allocs: Vec<AllocRow>,
    timings: Vec<Timing>,
    scaling: Vec<data::ScalingPoint>,
    geth: Option<GethFile>,
    rounds: RoundsFile,
    /// The `--revm-crypto` process's rounds, when the run has them.
    crypto: Option<RoundsFile>,
}

/// Combines the inputs into the report (filtering by `--filter` and by cases.json).
fn assemble(
    args: &Args,
    cases: CasesFile,
    inputs: Inputs,
    filter: Option<&Regex>,
) -> Result<report::Report, String> {
    let known: std::collections::BTreeSet<&str> =
        cases.cases.iter().map(|c| c.name.as_str()).collect();
    let keep = |id: &str, case: &str| case == ANCHOR_CASE || filter.is_none_or(|f| f.is_match(id));
    let mut timings: Vec<Timing> = inputs
        .timings
        .into_iter()
        .filter(|t| known.contains(t.case.as_str()))
        .filter(|t| keep(&format!("{}-{}/{}", t.imp, t.mode, t.case), &t.case))
        .collect();
    data::attach_allocs(&mut timings, &inputs.allocs);
    if let Some(g) = &inputs.geth {
        timings.extend(
            data::geth_timings(g)
                .into_iter()
                .filter(|t| keep(&format!("{}-{}/{}", t.imp, t.mode, t.case), &t.case)),
        );
    }
    let missing = interleaved::missing(&inputs.rounds, &timings);
    if !missing.is_empty() {
        return Err(format!(
            "rounds.json has no interleaved timing for {} result(s) of this run: {}",
            missing.len(),
            missing.join(", ")
        ));
    }
    if timings.is_empty() {
        return Err(format!(
            "no benchmark results for the cases of cases.json (fork {})",
            cases.fork
        ));
    }
    let scaling: Vec<data::ScalingPoint> = inputs
        .scaling
        .into_iter()
        .filter(|p| {
            p.case == ANCHOR_CASE
                || filter.is_none_or(|f| f.is_match(&format!("scaling-{}/N={}", p.case, p.n)))
        })
        .collect();
    let mut libraries = inputs.machine.libraries.clone();
    if inputs.geth.is_some() {
        libraries.extend(geth::libraries(&inputs.machine.libraries));
    }
    let meta = report::Meta {
        fork: cases.fork.clone(),
        date: utc_date(inputs.manifest.started_unix),
        machine: inputs.machine,
        rate_mgas: args.rate_mgas,
        quick: inputs.manifest.quick,
        threads: inputs.manifest.threads,
        cpus: inputs.manifest.cpus,
        clock: inputs.manifest.clock,
        geth_version: inputs.geth.as_ref().map(|g| g.version.clone()),
        libraries,
    };
    let mut report = report::build(meta, &cases, &timings, &scaling, &inputs.rounds);
    if let Some(crypto) = &inputs.crypto {
        report.revm_crypto = interleaved::crypto_ratios(&inputs.rounds, crypto)
            .into_iter()
            .filter(|r| known.contains(r.case.as_str()))
            .filter(|r| {
                let id = format!("{}-{}/{}", interleaved::CRYPTO_IMPL, r.mode, r.case);
                keep(&id, &r.case)
            })
            .collect();
    }
    Ok(report)
}

/// Writes report.md, report.csv, report.json, excerpt.md (the README's excerpt) and gas.svg
/// into `out`.
fn write_all(report: &report::Report, out: &Path) -> Result<(), String> {
    let write = |name: &str, text: String| {
        let p = out.join(name);
        fs::write(&p, text).map_err(|e| format!("cannot write {}: {e}", p.display()))
    };
    write("report.md", report.markdown())?;
    write("excerpt.md", report.excerpt())?;
    write("report.csv", report.csv())?;
    write("report.json", report.json()?)?;
    chart::draw(report, &out.join("gas.svg"))
}

/// Today's date (UTC), `YYYY-MM-DD HH:MM UTC`.
pub(crate) fn today_utc() -> String {
    utc_date(now_unix())
}

/// The date (UTC) of a Unix time, `YYYY-MM-DD HH:MM UTC`.
pub(crate) fn utc_date(secs: u64) -> String {
    let (days, rem) = ((secs / 86_400) as i64, secs % 86_400);
    // Civil-from-days (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!(
        "{y:04}-{m:02}-{d:02} {:02}:{:02} UTC",
        rem / 3600,
        rem % 3600 / 60
    )
}

#[cfg(test)]
mod tests;
