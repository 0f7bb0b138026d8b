//! Tests of the report on the fixture run in `testdata/` (run.json, criterion-like result
//! directories, cases.json, alloc.json, machine.json, geth.json, rounds.json), and of the
//! checks that tie results to their run.
//!
//! The fixture's rounds.json was made from its criterion and geth figures: 11 rounds per
//! (case, mode), each arm at its criterion time, every round's arms scaled together by
//! 0.99/1.00/1.01 (so the per-round ratios are the criterion ratios, while the times move),
//! A/A arms on the anchor and Sha256-128, the ours-direct anchor's A/A arm wobbling by ±0.5 %.

use super::*;
use std::path::PathBuf;

fn testdata() -> PathBuf {
    crate::test::workspace_root().join("xtask/src/gas/testdata")
}

fn args(filter: Option<&str>) -> Args {
    Args {
        quick: false,
        filter: filter.map(str::to_string),
        fork: "Osaka".into(),
        rate_mgas: 60.0,
        threads: 1,
        out: None,
        from: Some(testdata()),
        compare: None,
        with_geth: false,
        update_readme: false,
    }
}

fn fixture_report(filter: Option<&str>) -> report::Report {
    let re = filter.map(|f| Regex::new(f).unwrap());
    load_report(&testdata(), &args(filter), re.as_ref()).unwrap()
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * b.abs().max(1.0)
}

/// A fresh copy of the fixture run in a temporary directory, to be altered by a test.
struct TempRun(PathBuf);

impl TempRun {
    fn new(tag: &str) -> Self {
        let dir = std::env::temp_dir().join(format!("xtask-gas-{tag}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        copy_dir(&testdata(), &dir);
        TempRun(dir)
    }

    fn manifest(&self) -> RunManifest {
        read_json(&self.0.join("run.json")).unwrap()
    }

    fn set_manifest(&self, m: &RunManifest) {
        write_json(&self.0.join("run.json"), m).unwrap();
    }
}

impl Drop for TempRun {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

fn copy_dir(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for e in fs::read_dir(from).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            copy_dir(&p, &to.join(e.file_name()));
        } else {
            fs::copy(&p, to.join(e.file_name())).unwrap();
        }
    }
}

#[test]
fn reads_criterion_by_benchmark_json() {
    let dir = testdata();
    let run: RunManifest = read_json(&dir.join("run.json")).unwrap();
    let crit = data::read_run(&dir, &run).unwrap();
    // Case names come from benchmark.json, not the sanitised directory names.
    assert!(crit
        .timings
        .iter()
        .any(|t| t.imp == "ours" && t.mode == "direct" && t.case == "EcRecover/ValidKey"));
    assert!(crit
        .timings
        .iter()
        .any(|t| t.imp == "aws-lc" && t.mode == "direct"));
    assert_eq!(crit.scaling.len(), 8);
    assert_eq!(
        data::split_group("aws-lc-direct"),
        Some(("aws-lc", "direct"))
    );
    assert_eq!(data::split_group("scaling-Identity-128"), None);
}

#[test]
fn anchor_is_the_median_of_its_measurements() {
    let r = fixture_report(None);
    // ours-direct: 30000 (own place), 33000 and 27000 (repeats): median 30000, range 27-33 us.
    let ec = r.row("ours", "direct", "EcRecover/ValidKey").unwrap();
    assert_eq!(ec.measurements, 3);
    assert!(close(ec.time_ns, 30000.0));
    assert!(close(ec.ci_low_ns, 27000.0) && close(ec.ci_high_ns, 33000.0));
    // The repeats are not rows of their own.
    assert!(r.rows.iter().all(|x| !x.case.contains("repeat")));
    assert!(r.markdown().contains("measured 3 times"));
}

#[test]
fn stale_result_is_rejected() {
    let run = TempRun::new("stale");
    let mut m = run.manifest();
    // The run "started" an hour after the fixture files were written.
    m.started_unix = now_unix() + 3600;
    run.set_manifest(&m);
    let e = load_report(&run.0, &args(None), None).unwrap_err();
    assert!(e.contains("written before the run started (stale)"), "{e}");
}

#[test]
fn missing_expected_id_fails_naming_it() {
    let run = TempRun::new("missing");
    let mut m = run.manifest();
    m.expected.push("revm-direct/Blake2F-12rounds".into());
    run.set_manifest(&m);
    let e = load_report(&run.0, &args(None), None).unwrap_err();
    assert!(
        e.contains("1 expected benchmark(s) have no result: revm-direct/Blake2F-12rounds"),
        "{e}"
    );
}

#[test]
fn foreign_result_fails_naming_it() {
    let run = TempRun::new("foreign");
    let mut m = run.manifest();
    m.expected
        .retain(|id| id != "k256-direct/EcRecover/ValidKey");
    run.set_manifest(&m);
    let e = load_report(&run.0, &args(None), None).unwrap_err();
    assert!(
        e.contains("k256-direct/EcRecover/ValidKey") && e.contains("not a benchmark of this run"),
        "{e}"
    );
}

#[test]
fn from_reads_only_its_directory() {
    // Without run.json a directory is not a run's result directory, whatever else it holds.
    let run = TempRun::new("norun");
    fs::remove_file(run.0.join("run.json")).unwrap();
    let e = load_report(&run.0, &args(None), None).unwrap_err();
    assert!(e.contains("has no run.json"), "{e}");
    // Without its criterion/ directory, every expected result is missing: nothing is taken
    // from target/criterion or anywhere else.
    let run = TempRun::new("nocrit");
    fs::remove_dir_all(run.0.join("criterion")).unwrap();
    let e = load_report(&run.0, &args(None), None).unwrap_err();
    assert!(e.contains("31 expected benchmark(s) have no result"), "{e}");
    // geth.json is read only when the run measured go-ethereum.
    let run = TempRun::new("nogeth");
    let mut m = run.manifest();
    m.geth = false;
    run.set_manifest(&m);
    let r = load_report(&run.0, &args(None), None).unwrap();
    assert!(r.rows.iter().all(|x| x.imp != "geth"));
}

#[test]
fn interleaved_results_must_be_this_runs() {
    // Missing: a directory from before the interleaved timing, or a run that stopped early.
    let run = TempRun::new("norounds");
    fs::remove_file(run.0.join("rounds.json")).unwrap();
    let e = load_report(&run.0, &args(None), None).unwrap_err();
    assert!(e.contains("has no rounds.json"), "{e}");
    // Foreign: another run's file (its start time is not run.json's).
    let run = TempRun::new("foreignrounds");
    let path = run.0.join("rounds.json");
    let mut rounds: RoundsFile = read_json(&path).unwrap();
    rounds.started_unix = 12345;
    write_json(&path, &rounds).unwrap();
    let e = load_report(&run.0, &args(None), None).unwrap_err();
    assert!(e.contains("belongs to the run started at 12345"), "{e}");
    // Incomplete: a result of the run without its interleaved arms is named.
    rounds.started_unix = 0;
    let set = rounds
        .sets
        .iter_mut()
        .find(|s| s.case == "Identity-128" && s.mode == "bytecode")
        .unwrap();
    let i = set.rounds.arm("revm/case").unwrap();
    set.rounds.arms[i] = "revm/elsewhere".into();
    write_json(&path, &rounds).unwrap();
    let e = load_report(&run.0, &args(None), None).unwrap_err();
    assert!(
        e.contains("no interleaved timing for 1 result(s) of this run: revm-bytecode/Identity-128"),
        "{e}"
    );
    // A run that measured go-ethereum needs its geth arms.
    rounds.geth = None;
    write_json(&path, &rounds).unwrap();
    let e = load_report(&run.0, &args(None), None).unwrap_err();
    assert!(e.contains("no geth arms"), "{e}");
}

#[test]
fn stale_interleaved_results_are_rejected() {
    let run = TempRun::new("stalerounds");
    let path = run.0.join("rounds.json");
    let mut rounds: RoundsFile = read_json(&path).unwrap();
    // A run that started an hour from now, whose rounds.json carries its start time but was
    // written now, before it (and whose criterion results are no problem).
    let later = now_unix() + 3600;
    rounds.started_unix = later;
    write_json(&path, &rounds).unwrap();
    let mut m = run.manifest();
    m.started_unix = later;
    run.set_manifest(&m);
    let e = interleaved::read(&run.0, &m).unwrap_err();
    assert!(
        e.contains("rounds.json: written before the run started (stale)"),
        "{e}"
    );
}

#[test]
fn self_checks_in_the_report() {
    let r = fixture_report(None);
    // A/A: ours, revm and geth on the anchor and Sha256-128, both modes where timed.
    let aa = |imp: &str, mode: &str, case: &str| {
        r.aa.iter()
            .find(|a| a.imp == imp && a.mode == mode && a.case == case)
            .unwrap()
    };
    let wobbly = aa("ours", "direct", "EcRecover/ValidKey");
    // Six rounds at 0.995, five at 1.005: the median is 0.995, the interval reaches 1.005.
    assert!(close(wobbly.ratio.value, 0.995) && close(wobbly.ratio.high, 1.005));
    assert!(!wobbly.flagged());
    assert!(close(aa("revm", "bytecode", "Sha256-128").ratio.value, 1.0));
    // The fixture's rounds move every arm together by -1, 0 and +1 %: a ratio is taken over
    // the 8 clean rounds (both arms at or below their medians); the wobbly A/A has 6 clean
    // rounds, fewer than the minimum, so all 11 count.
    assert!(r.aa.iter().all(|a| {
        let wobbly = (a.imp.as_str(), a.mode.as_str(), a.case.as_str())
            == ("ours", "direct", "EcRecover/ValidKey");
        !a.flagged() && a.rounds == if wobbly { 11 } else { 8 }
    }));
    // The anchor's own calculated gas is its A/A figure too: 3000 within its interval.
    let ec = r.row("ours", "direct", "EcRecover/ValidKey").unwrap();
    assert_eq!(ec.rounds, Some(11));
    assert!(r.inversions.is_empty(), "{:?}", r.inversions);
    let md = r.markdown();
    assert!(md.contains("## Self-checks"));
    assert!(
        md.contains("| ours-direct | `EcRecover/ValidKey` | 0.995 [0.995, 1.005] | 11 | ok |"),
        "{md}"
    );
    assert!(md.contains("go-ethereum's process: CPU time / wall time per batch 0.9970"));
    assert!(md.contains("Series** (pairings of 1/2/4/8 pairs"));
    assert!(md.contains("no inversion."));
    // Interleaved calculated gas with its interval; which figures come from where.
    assert!(md.contains(" | 27 | 2.0 [2.0, 2.0] | "), "{md}");
    assert!(md.contains("medians of per-round ratios with their 95 % interval"));
    assert!(md.contains("11–11 rounds per case and mode (10 sets)"));
}

#[test]
fn clearing_a_run_leaves_other_files() {
    let run = TempRun::new("clear");
    fs::write(run.0.join("notes.txt"), "mine").unwrap();
    clear_previous_run(&run.0, &RUN_FILES).unwrap();
    assert!(!run.0.join("criterion").exists());
    assert!(!run.0.join("run.json").exists() && !run.0.join("geth.json").exists());
    assert!(run.0.join("notes.txt").exists());
}

#[test]
fn list_output_gives_the_expected_ids() {
    let out = "ours-direct/EcRecover/ValidKey: benchmark\nWarning: x\nscaling-Identity-128/N=1: benchmark\n";
    assert_eq!(
        listed_ids(out),
        vec!["ours-direct/EcRecover/ValidKey", "scaling-Identity-128/N=1"]
    );
}

#[test]
fn calculated_gas_and_rates() {
    let r = fixture_report(None);
    let row = r.row("ours", "direct", "Identity-128").unwrap();
    assert!(close(row.calculated_gas.unwrap(), 20.0 / 30000.0 * 3000.0));
    assert_eq!(row.nominal_gas, Some(27));
    assert_eq!(row.bytes_alloc, Some(0.0));
    let ec = r.row("ours", "direct", "EcRecover/ValidKey").unwrap();
    assert!(close(ec.calculated_gas.unwrap(), 3000.0));
    assert!(close(ec.mgas_per_s.unwrap(), 100.0));
    assert!(close(ec.gas_at_rate, 1800.0));
    // Each implementation and mode is normalised by its own ECRECOVER.
    let rb = r.row("revm", "bytecode", "Sha256-128").unwrap();
    assert!(close(rb.calculated_gas.unwrap(), 1000.0 / 25000.0 * 3000.0));
    // A backend without an ECRECOVER measurement has no calculated gas.
    assert!(r
        .row("aws-lc", "direct", "P256Verify-Valid")
        .unwrap()
        .calculated_gas
        .is_none());
    // Report order: ours, revm, then backends; direct before bytecode.
    let groups = r.groups();
    assert_eq!(groups[0], ("ours".into(), "direct".into()));
    assert_eq!(groups[1], ("ours".into(), "bytecode".into()));
    assert_eq!(groups[2], ("revm".into(), "direct".into()));
}

#[test]
fn underpriced_and_scaling() {
    let r = fixture_report(None);
    let under: Vec<(String, String)> = r
        .underpriced()
        .iter()
        .map(|x| (format!("{}-{}", x.imp, x.mode), x.case.clone()))
        .collect();
    assert!(under.contains(&("ours-direct".into(), "Bn256Pairing-2".into())));
    // ours-direct P256: 60000/30000*3000 = 6000 < 6900; revm-direct: 8750 > 6900.
    assert!(!under.contains(&("ours-direct".into(), "P256Verify-Valid".into())));
    assert!(under.contains(&("revm-direct".into(), "P256Verify-Valid".into())));
    assert!(!under.iter().any(|(_, c)| c == "EcRecover/ValidKey"));
    let fit = r.scaling.iter().find(|f| f.case == "Identity-128").unwrap();
    assert!((fit.fixed_ns - 1000.0).abs() < 1e-6);
    assert!((fit.marginal_ns - 50.0).abs() < 1e-9);
    // Anchored on ECRECOVER's marginal cost (30000 ns per extra call), not its transaction.
    assert!(close(
        fit.marginal_calculated_gas.unwrap(),
        50.0 / 30000.0 * 3000.0
    ));
    let ec = r
        .scaling
        .iter()
        .find(|f| f.case == "EcRecover/ValidKey")
        .unwrap();
    assert!(close(ec.marginal_calculated_gas.unwrap(), 3000.0));
    assert!((fit.r2 - 1.0).abs() < 1e-12);
}

#[test]
fn filter_keeps_the_anchor() {
    let r = fixture_report(Some("Sha256"));
    let cases: std::collections::BTreeSet<&str> = r.rows.iter().map(|x| x.case.as_str()).collect();
    assert_eq!(
        cases.into_iter().collect::<Vec<_>>(),
        vec!["EcRecover/ValidKey", "Sha256-128"]
    );
    // The anchor's scaling series stays: it is what the marginal gas divides by.
    assert_eq!(r.scaling.len(), 1);
    assert_eq!(r.scaling[0].case, "EcRecover/ValidKey");
}

#[test]
fn markdown_tables() {
    let r = fixture_report(None);
    let md = r.markdown();
    assert!(md.contains("Fixture CPU @ 3.0GHz"));
    assert!(md.contains("adx, bmi2, sha"));
    assert!(md.contains("- **Threads:** 1 (every measured process pinned to CPU(s) 1"));
    assert!(md.contains("blst's thread pool has 1 thread(s)"));
    assert!(md.contains("criterion's median process CPU time (single-threaded"));
    assert!(md.contains("### ours — direct"));
    assert!(md.contains("Gas @ 60 MGas/s"));
    assert!(md.contains("go-ethereum:** v1.17.10"));
    // Who does the math: ours, revm, geth, then the backends; ours vs revm.
    assert!(md.contains("| Precompile | ours | revm | geth | aws-lc | k256 | ours = revm? |"));
    assert!(md.contains(
        "| ECRECOVER | libsecp256k1 | libsecp256k1 | libsecp256k1 (cgo, crypto/secp256k1) | – | k256 | same library |"
    ), "{md}");
    assert!(
        md.contains("| P256VERIFY | aws-lc | p256 | Go crypto/ecdsa | aws-lc | – | different |")
    );
    // ours vs revm: Identity-128 direct 20 vs 25 ns.
    assert!(r
        .comparison_table()
        .contains("| `Identity-128` | 20.00 | 25.00 | 0.80 [0.80, 0.80] |"));
    // Client table: geth column, cells `time <br/> gas`, ratio ours/geth.
    let clients = r.client_table();
    assert!(clients.contains("geth direct"));
    assert!(clients.contains("30.00 µs <br/> 3000"));
    assert!(clients.contains("| 0.25 [0.25, 0.25] |"), "{clients}");
    // Backends: k256 vs ours direct on ECRECOVER, ours named by its library.
    assert!(
        md.contains(
            "| `EcRecover/ValidKey` | k256 | 45000 | 30000 ours (libsecp256k1) | 1.50 [1.50, 1.50] |"
        ),
        "{md}"
    );
    assert!(
        md.contains(
            "- `Bn256Pairing-2` (nominal 113000): ours-direct 150000 (×1.33), ours-bytecode"
        ),
        "{md}"
    );
    let csv = r.csv();
    assert_eq!(
        csv.lines().count(),
        r.rows.len() + r.scaling.len() + r.ratios.len() + r.aa.len() + 1
    );
    assert!(csv.contains("measurement,ours,direct,EcRecover/ValidKey,30000.000"));
    assert!(csv.contains("scaling,ours,bytecode,Identity-128,50.000,,,27,"));
    // Every line has the header's 20 columns; every ratio and calculated gas its interval.
    assert!(csv.lines().all(|l| l.split(',').count() == 20), "{csv}");
    let ratio_line = csv
        .lines()
        .find(|l| l.starts_with("ratio,ours/revm,direct,"))
        .unwrap();
    let f: Vec<&str> = ratio_line.split(',').collect();
    let (v, lo, hi): (f64, f64, f64) = (
        f[17].parse().unwrap(),
        f[18].parse().unwrap(),
        f[19].parse().unwrap(),
    );
    assert!(lo <= v && v <= hi && f[16] == "8", "{ratio_line}");
    assert!(csv.lines().any(|l| l.starts_with("aa,ours,direct,")));
    for l in csv.lines().filter(|l| l.starts_with("measurement,")) {
        let f: Vec<&str> = l.split(',').collect();
        if !f[8].is_empty() {
            let g: f64 = f[8].parse().unwrap();
            assert!(
                f[14].parse::<f64>().unwrap() <= g && g <= f[15].parse::<f64>().unwrap(),
                "{l}"
            );
        }
    }
}

#[test]
fn run_to_run_agreement() {
    let a = fixture_report(None);
    let mut b = a.clone();
    // Move two figures of the second run: one by 4 % (agrees), one by 20 % (does not).
    for r in b.rows.iter_mut() {
        if r.imp == "ours" && r.mode == "direct" && r.case == "Identity-128" {
            r.calculated_gas = r.calculated_gas.map(|g| g * 1.04);
        }
        if r.imp == "revm" && r.mode == "direct" && r.case == "Sha256-128" {
            r.calculated_gas = r.calculated_gas.map(|g| g * 1.2);
        }
    }
    let pairs = compare::pairs(&a, &b);
    assert!(pairs.iter().all(|p| p.case != "EcRecover/ValidKey"));
    let n = pairs.len() as f64;
    assert!(close(compare::share_within(&pairs, 0.10), (n - 1.0) / n));
    assert!(close(compare::share_within(&pairs, 0.05), (n - 1.0) / n));
    assert!(close(compare::share_within(&pairs, 0.03), (n - 2.0) / n));
    // One ratio moved by 7 %: within 10 %, not within 5 %.
    for r in b.ratios.iter_mut() {
        if r.num == "ours" && r.den == "revm" && r.mode == "direct" && r.case == "Identity-128" {
            r.ratio.value *= 1.07;
        }
    }
    let ratios = compare::ratio_pairs(&a, &b);
    let m = ratios.len() as f64;
    assert!(m >= 5.0, "{ratios:?}");
    assert!(close(compare::share_within(&ratios, 0.05), (m - 1.0) / m));
    assert!(close(compare::share_within(&ratios, 0.10), 1.0));
    // The per-group shares: the 7 % move is an ours/revm direct figure, the 20 % one a revm
    // calculated gas; every other group agrees fully.
    let groups = compare::group_shares(&pairs, &ratios);
    let group = |name: &str| groups.iter().find(|g| g.group == name).unwrap();
    let ours_revm = group("ours/revm");
    let k = ours_revm.rows as f64;
    assert!(close(ours_revm.within[0], (k - 1.0) / k) && close(ours_revm.within[1], 1.0));
    assert!(ours_revm.by_mode[0].unwrap() < 1.0 && close(ours_revm.by_mode[1].unwrap(), 1.0));
    let revm_gas = group("calculated gas, revm");
    assert!(revm_gas.within[0] < 1.0 && revm_gas.within[1] < 1.0);
    assert!(close(group("calculated gas, geth").within[0], 1.0));
    assert!(close(group("ours/geth").within[0], 1.0));
    assert_eq!(group("all calculated gas").rows, pairs.len());
    assert_eq!(group("all ratios").rows, ratios.len());
    let md = compare::markdown("A", "B", &pairs, &ratios);
    assert!(
        md.contains(&format!(
            "| ours/revm | {} | {:.1} % | 100.0 % |",
            ours_revm.rows,
            ours_revm.within[0] * 100.0
        )),
        "{md}"
    );
    assert!(
        md.contains(&format!(
            "calculated gas, (impl, mode, case): {} of {} within 5 %",
            pairs.len() - 1,
            pairs.len()
        )),
        "{md}"
    );
    assert!(md.contains(&format!(
        "ratios, (pair, mode, case): {} of {} within 5 %",
        ratios.len() - 1,
        ratios.len()
    )));
    assert!(md.contains("+20.0 % ⚠"));
    assert!(md.contains("+4.0 % |"));
    assert!(
        md.contains("| ours/revm-direct | `Identity-128` | 0.800 | 0.856 | +7.0 % · |"),
        "{md}"
    );
}

#[test]
fn writes_all_files() {
    let r = fixture_report(None);
    let out = std::env::temp_dir().join(format!("xtask-gas-test-{}", std::process::id()));
    fs::create_dir_all(&out).unwrap();
    write_all(&r, &out).unwrap();
    for f in [
        "report.md",
        "report.csv",
        "report.json",
        "excerpt.md",
        "gas.svg",
    ] {
        assert!(fs::metadata(out.join(f)).unwrap().len() > 100, "{f}");
    }
    let svg = fs::read_to_string(out.join("gas.svg")).unwrap();
    assert!(svg.contains("<svg") && svg.contains("EcRecover/ValidKey"));
    let json: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(out.join("report.json")).unwrap()).unwrap();
    assert_eq!(json["meta"]["fork"], "Osaka");
    assert_eq!(json["meta"]["threads"], 1);
    assert!(json["meta"]["libraries"].as_array().unwrap().len() >= 6);
    assert!(json["underpriced"].as_array().unwrap().len() >= 2);
    fs::remove_dir_all(&out).unwrap();
}

#[test]
fn date_format() {
    let d = today_utc();
    assert_eq!(d.len(), "2026-01-01 00:00 UTC".len());
    assert!(d.starts_with("20"));
    assert_eq!(utc_date(0), "1970-01-01 00:00 UTC");
    assert_eq!(utc_date(1_795_788_920), "2026-11-27 14:15 UTC");
    assert_eq!(utc_date(951_782_400 + 86_399), "2000-02-29 23:59 UTC");
}

#[test]
fn readme_excerpt_from_the_report() {
    let r = fixture_report(None);
    let ex = r.excerpt();
    // The anchor's row: criterion's time, the interleaved calculated gas with its interval,
    // and the ratios with theirs.
    let line = ex
        .lines()
        .find(|l| l.starts_with("| `EcRecover/ValidKey` |"))
        .unwrap_or_else(|| panic!("{ex}"));
    assert!(line.contains("30.00 µs <br/> 3000 ["), "{line}");
    let ours_revm = r
        .ratio("ours", "revm", "direct", "EcRecover/ValidKey")
        .unwrap();
    assert!(
        line.contains(&format!("| {:.2} [", ours_revm.ratio.value)),
        "{line}"
    );
    // Only the excerpt's cases, in its order.
    let cases: Vec<&str> = ex
        .lines()
        .filter_map(|l| l.strip_prefix("| `")?.split('`').next())
        .collect();
    let order: Vec<&str> = report::excerpt::CASES
        .iter()
        .copied()
        .filter(|c| cases.contains(c))
        .collect();
    assert_eq!(cases, order);
    assert!(ex.starts_with("From `cargo xtask gas"), "{ex}");
}
