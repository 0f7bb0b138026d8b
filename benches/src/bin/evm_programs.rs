//! Checks every EVM program input of `benches/programs/` under every arithmetic (stock revm,
//! uint256, num-bigint) and the Ed25519 series, then writes `DIR/programs.json` (typed in
//! `testkit::evm_programs`), which the report and the Go harness read.
//!
//! Usage: `evm_programs --out DIR [--filter REGEX] [--quick] [--interleaved]`. The filter
//! selects the runs whose id `<program>/<input>`, or one of whose criterion ids, matches; a
//! failed check exits with status 1 naming the run. `--interleaved` then times uint256 against
//! stock revm alternately on every checked run, each in several memory layouts
//! (`programs::interleaved`), into `DIR/interleaved.json`: one child process of this binary per
//! run and layout (`--layout-child ID --layout I --rounds R`, reading `DIR/programs.json` and
//! printing that layout's ratio as JSON).

use evm_benches::programs::{check_run, ed25519, interleaved, outcome, Arith, FORK};
use regex::Regex;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use testkit::evm_programs::{
    load_programs, CheckedRun, InterleavedFile, InterleavedRatio, ProgramsFile,
};
use testkit::files::{read_json, write_json};

fn usage() -> ExitCode {
    eprintln!("usage: evm_programs --out DIR [--filter REGEX] [--quick] [--interleaved]");
    ExitCode::from(2)
}

fn main() -> ExitCode {
    let mut out = None;
    let mut filter = None;
    let mut quick = false;
    let mut interleaved = false;
    let mut child: Option<String> = None;
    let (mut layout, mut rounds) = (0usize, 0usize);
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--out" => out = args.next().map(PathBuf::from),
            "--filter" => match args.next().map(|f| Regex::new(&f)) {
                Some(Ok(re)) => filter = Some(re),
                _ => return usage(),
            },
            "--quick" => quick = true,
            "--interleaved" => interleaved = true,
            "--layout-child" => child = args.next(),
            "--layout" | "--rounds" => {
                let Some(Ok(n)) = args.next().map(|n| n.parse()) else {
                    return usage();
                };
                *(if a == "--layout" {
                    &mut layout
                } else {
                    &mut rounds
                }) = n;
            }
            _ => return usage(),
        }
    }
    let Some(out) = out else { return usage() };
    let result = match child {
        Some(id) => layout_child(&out, &id, layout, rounds),
        None => run(&out, filter.as_ref(), quick, interleaved),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(out: &Path, filter: Option<&Regex>, quick: bool, interleaved: bool) -> Result<(), String> {
    std::fs::create_dir_all(out).map_err(|e| format!("cannot create {}: {e}", out.display()))?;
    let programs = load_programs()?;
    let mut runs = Vec::new();
    for p in &programs {
        for input in p.named_inputs() {
            let id = evm_benches::programs::run_id(p, &input);
            if filter.is_some_and(|f| !evm_benches::programs::filter_selects(f, &id)) {
                continue;
            }
            let run = check_run(p, &input)?;
            eprintln!("checked {id}: {} gas {}", run.status, run.gas_used);
            runs.push(run);
        }
    }
    // The Ed25519 series: a driver transaction of 2 calls under each EVM arithmetic, and the
    // native multiplication, against the expected (x, y).
    let mut series = Vec::new();
    for contract in programs.iter().filter(|p| p.group() == "ed25519") {
        let input = ed25519::series_input(contract)?;
        let want = input.expected_output_hex.clone().unwrap_or_default();
        for arith in [Arith::Stock, Arith::Uint256] {
            let o = outcome(&ed25519::runner(arith, contract, &input, 2).run());
            if o.status != "success" || hex::encode(&o.output) != want {
                return Err(format!(
                    "{} driver under {}: {} {}",
                    contract.name,
                    arith.name(),
                    o.status,
                    hex::encode(&o.output)
                ));
            }
        }
        let calldata = hex::decode(&input.calldata_hex).map_err(|e| e.to_string())?;
        let native = ed25519::native(&ed25519::scalar(&calldata), 1);
        let want = hex::decode(&want).map_err(|e| e.to_string())?;
        if !ed25519::matches_affine(&native, &want) {
            return Err("native base-point multiplication differs from the contract".into());
        }
        eprintln!("checked the {} series (driver and native)", contract.name);
        series.push(ed25519::series_record(contract, quick)?);
    }
    let file = ProgramsFile {
        fork: format!("{FORK:?}"),
        impls: Arith::ALL.iter().map(|a| a.name().to_string()).collect(),
        runs,
        series,
    };
    write_json(&out.join("programs.json"), &file)?;
    if interleaved {
        time_interleaved(out, &file.runs, quick)?;
    }
    Ok(())
}

/// Writes `interleaved.json`: uint256 over stock revm for each of `runs`, timed alternately in
/// each of `interleaved::layouts` child processes and combined.
fn time_interleaved(out: &Path, runs: &[CheckedRun], quick: bool) -> Result<(), String> {
    let (layouts, rounds) = interleaved::layouts(quick);
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let mut ratios = Vec::new();
    for run in runs {
        let per_layout = (0..layouts)
            .map(|i| {
                let child = Command::new(&exe)
                    .args(["--out".as_ref(), out.as_os_str()])
                    .args(["--layout-child", &run.id])
                    .args(["--layout", &i.to_string(), "--rounds", &rounds.to_string()])
                    .env(
                        interleaved::STACK_PAD_VAR,
                        "x".repeat(interleaved::stack_pad(i)),
                    )
                    .output()
                    .map_err(|e| e.to_string())?;
                if !child.status.success() {
                    return Err(format!(
                        "layout {i} of {}: {}",
                        run.id,
                        String::from_utf8_lossy(&child.stderr)
                    ));
                }
                serde_json::from_slice::<InterleavedRatio>(&child.stdout)
                    .map_err(|e| format!("layout {i} of {}: {e}", run.id))
            })
            .collect::<Result<Vec<_>, String>>()?;
        let x = interleaved::combine(&run.id, &per_layout).ok_or("no layouts")?;
        let each: Vec<String> = per_layout
            .iter()
            .map(|l| format!("{:.3}", l.ratio))
            .collect();
        eprintln!(
            "interleaved {}: uint256/stock {:.4} [{:.4}, {:.4}] (layouts {})",
            run.id,
            x.ratio,
            x.low,
            x.high,
            each.join(" ")
        );
        ratios.push(x);
    }
    let file = InterleavedFile {
        base: Arith::Stock.name().into(),
        other: Arith::Uint256.name().into(),
        ratios,
    };
    write_json(&out.join("interleaved.json"), &file)
}

/// One layout of the interleaved timing (a child of [`time_interleaved`]): the checked run `id`
/// of `DIR/programs.json`, its EVM built after a `heap_pad(layout)`-byte allocation, timed for
/// `rounds` rounds; prints the ratio as JSON on standard output.
fn layout_child(out: &Path, id: &str, layout: usize, rounds: usize) -> Result<(), String> {
    let file: ProgramsFile = read_json(&out.join("programs.json"))?;
    let run = file
        .runs
        .iter()
        .find(|r| r.id == id)
        .ok_or_else(|| format!("{id} is not in programs.json"))?;
    let code = hex::decode(&run.code_hex).map_err(|e| e.to_string())?;
    let calldata = hex::decode(&run.calldata_hex).map_err(|e| e.to_string())?;
    let heap_shift = std::hint::black_box(vec![0u8; interleaved::heap_pad(layout)]);
    let mut r = Arith::Stock.runner(code, &calldata);
    let x = interleaved::ratio(&mut r, id, Arith::Stock, Arith::Uint256, rounds.max(1))?;
    drop(heap_shift);
    println!("{}", serde_json::to_string(&x).map_err(|e| e.to_string())?);
    Ok(())
}
