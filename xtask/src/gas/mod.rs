//! `cargo xtask gas`: the precompile gas report.
//!
//! Runs the `cases` binary of evm-benches (cases, allocations, machine), then criterion's
//! `precompiles` and `scaling` benches, optionally go-ethereum (`benches/geth`), and writes
//! `report.md`, `report.csv`, `report.json` and `gas.svg` into `target/gas-report/`.
//! `--from DIR` rebuilds the report from existing results without running anything.

mod chart;
mod data;
mod geth;
mod report;
mod run;

use data::{read_json, AllocRow, CasesFile, GethFile, Machine, Timing};
use regex::Regex;
use report::{Meta, ANCHOR_CASE};
use run::{output, with_progress, with_spinner, CriterionParser};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::{SystemTime, UNIX_EPOCH};

/// Options of `cargo xtask gas`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Rough report (few samples, short measurements): under 3 minutes on 2 cores once built.
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
    /// Output directory [default: target/gas-report].
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    /// Rebuild the report without running the benches: criterion's results plus the
    /// cases.json, alloc.json, machine.json (and geth.json, if any) in DIR.
    #[arg(long, value_name = "DIR")]
    from: Option<PathBuf>,
    /// Also measure go-ethereum's precompiles (builds and runs benches/geth; needs Go).
    #[arg(long)]
    with_geth: bool,
    /// Criterion's output directory [default: target/criterion].
    #[arg(long, value_name = "DIR")]
    criterion_dir: Option<PathBuf>,
}

/// Runs `cargo xtask gas`.
pub fn run(args: Args) -> Result<ExitCode, String> {
    let root = crate::test::workspace_root();
    let target = match std::env::var_os("CARGO_TARGET_DIR") {
        Some(d) => root.join(d),
        None => root.join("target"),
    };
    // Subprocesses run in other directories: every path is made absolute.
    let cwd = std::env::current_dir().map_err(|e| e.to_string())?;
    let out = cwd.join(
        args.out
            .clone()
            .unwrap_or_else(|| target.join("gas-report")),
    );
    let criterion_dir = cwd.join(
        args.criterion_dir
            .clone()
            .unwrap_or_else(|| target.join("criterion")),
    );
    if args.rate_mgas.is_nan() || args.rate_mgas <= 0.0 {
        return Err("--rate-mgas must be positive".into());
    }
    let filter = args
        .filter
        .as_deref()
        .map(|f| Regex::new(f).map_err(|e| format!("--filter: {e}")))
        .transpose()?;
    // What criterion and the Go program receive: the filter, or ECRECOVER (the anchor).
    let run_filter = args
        .filter
        .as_deref()
        .map(|f| format!("(?:{f})|{}", regex::escape(ANCHOR_CASE)));
    if args.with_geth {
        let v = geth::check_go()?;
        println!("using {v}");
    }
    fs::create_dir_all(&out).map_err(|e| format!("cannot create {}: {e}", out.display()))?;

    let data_dir = match &args.from {
        Some(dir) => cwd.join(dir),
        None => {
            run_benches(&root, &args, &out, run_filter.as_deref())?;
            out.clone()
        }
    };

    let cases: CasesFile = read_json(&data_dir.join("cases.json"))?;
    let geth_json = if args.with_geth {
        Some(geth::run(
            &root,
            &data_dir.join("cases.json"),
            &out,
            args.quick,
            run_filter.as_deref(),
        )?)
    } else if args.from.is_some() {
        Some(data_dir.join("geth.json")).filter(|p| p.is_file())
    } else {
        None
    };

    let inputs = Inputs::load(&data_dir, &criterion_dir, geth_json.as_deref())?;
    let report = assemble(&args, cases, inputs, filter.as_ref())?;
    write_all(&report, &out)?;
    println!("\n{}", report.comparison_table());
    if report.rows.iter().any(|r| r.imp == "geth") {
        println!("{}", report.client_table());
    }
    println!("wrote {}", out.join("report.md").display());
    Ok(ExitCode::SUCCESS)
}

/// Builds and runs the `cases` binary and the two criterion benches.
fn run_benches(root: &Path, args: &Args, out: &Path, filter: Option<&str>) -> Result<(), String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let quick = if args.quick { "1" } else { "0" };
    let cargo_cmd = |sub: &[&str]| {
        let mut c = Command::new(&cargo);
        c.current_dir(root)
            .args(sub)
            .env("EVM_BENCH_FORK", &args.fork)
            .env("CARGO_TERM_COLOR", "never");
        if args.quick {
            c.env("EVM_BENCH_QUICK", quick);
        } else {
            c.env_remove("EVM_BENCH_QUICK");
        }
        c
    };
    let benches = ["--bench", "precompiles", "--bench", "scaling"];
    with_spinner(
        "building benches (cargo bench --no-run)",
        cargo_cmd(&["bench", "-p", "evm-benches", "--no-run"]).args(benches),
    )?;
    with_spinner(
        "cases, allocations, machine (cargo run --bin cases)",
        cargo_cmd(&[
            "run",
            "-p",
            "evm-benches",
            "--release",
            "--bin",
            "cases",
            "--",
        ])
        .args(["--fork", &args.fork, "--out"])
        .arg(out),
    )?;
    for bench in ["precompiles", "scaling"] {
        let with_filter = |c: &mut Command| {
            if let Some(f) = filter {
                c.arg(f);
            }
        };
        // Criterion lists the benchmarks the filter selects: that is the bar's length.
        let mut list = cargo_cmd(&["bench", "-q", "-p", "evm-benches", "--bench", bench, "--"]);
        list.arg("--list");
        with_filter(&mut list);
        let total = output(&mut list)
            .ok()
            .map(|o| o.lines().filter(|l| l.ends_with(": benchmark")).count() as u64)
            .filter(|&n| n > 0);
        let mut cmd = cargo_cmd(&["bench", "-p", "evm-benches", "--bench", bench, "--"]);
        with_filter(&mut cmd);
        let what = format!("criterion {bench}");
        let mut parser = CriterionParser::new();
        let done = with_progress(&what, &mut cmd, total, |out, l| vec![parser.parse(out, l)])?;
        println!("{what}: {done} benchmarks measured");
    }
    Ok(())
}

/// Everything read from files.
struct Inputs {
    machine: Machine,
    allocs: Vec<AllocRow>,
    timings: Vec<Timing>,
    scaling: Vec<data::ScalingPoint>,
    geth: Option<GethFile>,
}

impl Inputs {
    fn load(data_dir: &Path, criterion_dir: &Path, geth: Option<&Path>) -> Result<Self, String> {
        let machine_path = data_dir.join("machine.json");
        let machine = if machine_path.is_file() {
            read_json(&machine_path)?
        } else {
            Machine::default()
        };
        let alloc_path = data_dir.join("alloc.json");
        let allocs = if alloc_path.is_file() {
            read_json(&alloc_path)?
        } else {
            Vec::new()
        };
        let crit = data::read_criterion(criterion_dir)?;
        let geth = geth.map(read_json::<GethFile>).transpose()?;
        Ok(Inputs {
            machine,
            allocs,
            timings: crit.timings,
            scaling: crit.scaling,
            geth,
        })
    }
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
            g.timings()
                .into_iter()
                .filter(|t| keep(&format!("{}-{}/{}", t.imp, t.mode, t.case), &t.case)),
        );
    }
    if timings.is_empty() {
        return Err(format!(
            "no benchmark results for the cases of cases.json (fork {}); run `cargo xtask gas` without --from first",
            cases.fork
        ));
    }
    let scaling: Vec<data::ScalingPoint> = inputs
        .scaling
        .into_iter()
        .filter(|p| filter.is_none_or(|f| f.is_match(&format!("scaling-{}/N={}", p.case, p.n))))
        .collect();
    let meta = Meta {
        fork: cases.fork.clone(),
        date: today_utc(),
        machine: inputs.machine,
        rate_mgas: args.rate_mgas,
        quick: args.from.is_none().then_some(args.quick),
        geth_version: inputs.geth.as_ref().map(|g| g.version.clone()),
    };
    Ok(report::build(meta, &cases, &timings, &scaling))
}

/// Writes report.md, report.csv, report.json and gas.svg into `out`.
fn write_all(report: &report::Report, out: &Path) -> Result<(), String> {
    let write = |name: &str, text: String| {
        let p = out.join(name);
        fs::write(&p, text).map_err(|e| format!("cannot write {}: {e}", p.display()))
    };
    write("report.md", report.markdown())?;
    write("report.csv", report.csv())?;
    write("report.json", report.json()?)?;
    chart::draw(report, &out.join("gas.svg"))
}

/// Today's date (UTC), `YYYY-MM-DD HH:MM UTC`.
fn today_utc() -> String {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
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
