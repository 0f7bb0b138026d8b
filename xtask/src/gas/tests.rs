//! Tests of the report on the fixtures in `testdata/` (criterion-like result directories,
//! cases.json, alloc.json, machine.json, geth.json).

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
        out: None,
        from: Some(testdata()),
        with_geth: false,
        criterion_dir: Some(testdata().join("criterion")),
    }
}

fn fixture_report(filter: Option<&str>, geth: bool) -> report::Report {
    let dir = testdata();
    let cases: CasesFile = read_json(&dir.join("cases.json")).unwrap();
    let geth_path = dir.join("geth.json");
    let inputs = Inputs::load(
        &dir,
        &dir.join("criterion"),
        geth.then_some(geth_path.as_path()),
    )
    .unwrap();
    let re = filter.map(|f| Regex::new(f).unwrap());
    assemble(&args(filter), cases, inputs, re.as_ref()).unwrap()
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * b.abs().max(1.0)
}

#[test]
fn reads_criterion_by_benchmark_json() {
    let crit = data::read_criterion(&testdata().join("criterion")).unwrap();
    // Case names come from benchmark.json, not the sanitised directory names.
    assert!(crit
        .timings
        .iter()
        .any(|t| t.imp == "ours" && t.mode == "direct" && t.case == "EcRecover/ValidKey"));
    assert!(crit
        .timings
        .iter()
        .any(|t| t.imp == "aws-lc" && t.mode == "direct"));
    // Groups that are not <impl>-<mode> or scaling-<case> are ignored.
    assert!(crit.timings.iter().all(|t| t.imp != "uint256"));
    assert_eq!(crit.scaling.len(), 4);
    assert_eq!(
        data::split_group("aws-lc-direct"),
        Some(("aws-lc", "direct"))
    );
    assert_eq!(data::split_group("scaling-Identity-128"), None);
}

#[test]
fn calculated_gas_and_rates() {
    let r = fixture_report(None, false);
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
    let r = fixture_report(None, false);
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
    let fit = &r.scaling[0];
    assert_eq!(fit.case, "Identity-128");
    assert!((fit.fixed_ns - 1000.0).abs() < 1e-6);
    assert!((fit.marginal_ns - 50.0).abs() < 1e-9);
    assert!(close(
        fit.marginal_calculated_gas.unwrap(),
        50.0 / 31000.0 * 3000.0
    ));
    assert!((fit.r2 - 1.0).abs() < 1e-12);
}

#[test]
fn filter_keeps_the_anchor() {
    let r = fixture_report(Some("Sha256"), false);
    let cases: std::collections::BTreeSet<&str> = r.rows.iter().map(|x| x.case.as_str()).collect();
    assert_eq!(
        cases.into_iter().collect::<Vec<_>>(),
        vec!["EcRecover/ValidKey", "Sha256-128"]
    );
    assert!(r.scaling.is_empty());
}

#[test]
fn markdown_tables() {
    let r = fixture_report(None, true);
    let md = r.markdown();
    assert!(md.contains("Fixture CPU @ 3.0GHz"));
    assert!(md.contains("adx, bmi2, sha"));
    assert!(md.contains("| ECREC | secp256k1 |"));
    assert!(md.contains("### ours — direct"));
    assert!(md.contains("Gas @ 60 MGas/s"));
    assert!(md.contains("go-ethereum:** v1.17.10"));
    // ours vs revm: Identity-128 direct 20 vs 25 ns.
    assert!(r
        .comparison_table()
        .contains("| `Identity-128` | 20.00 | 25.00 | 0.80 |"));
    // Client table: geth column, cells `time <br/> gas`, ratio ours/geth.
    let clients = r.client_table();
    assert!(clients.contains("geth direct"));
    assert!(clients.contains("30.00 µs <br/> 3000"));
    assert!(clients.contains("| 0.25 |"), "{clients}");
    // Backends: k256 vs ours direct on ECRECOVER.
    assert!(md.contains("| `EcRecover/ValidKey` | k256 | 45000 | 30000 ours (secp256k1) | 1.50 |"));
    assert!(
        md.contains(
            "- `Bn256Pairing-2` (nominal 113000): ours-direct 150000 (×1.33), ours-bytecode"
        ),
        "{md}"
    );
    let csv = r.csv();
    assert_eq!(csv.lines().count(), r.rows.len() + r.scaling.len() + 1);
    assert!(csv.contains("measurement,ours,direct,EcRecover/ValidKey,30000.000"));
    assert!(csv.contains("scaling,ours,bytecode,Identity-128,50.000,,,27,"));
}

#[test]
fn writes_all_files() {
    let r = fixture_report(None, true);
    let out = std::env::temp_dir().join(format!("xtask-gas-test-{}", std::process::id()));
    fs::create_dir_all(&out).unwrap();
    write_all(&r, &out).unwrap();
    for f in ["report.md", "report.csv", "report.json", "gas.svg"] {
        assert!(fs::metadata(out.join(f)).unwrap().len() > 100, "{f}");
    }
    let svg = fs::read_to_string(out.join("gas.svg")).unwrap();
    assert!(svg.contains("<svg") && svg.contains("EcRecover/ValidKey"));
    let json: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(out.join("report.json")).unwrap()).unwrap();
    assert_eq!(json["meta"]["fork"], "Osaka");
    assert!(json["underpriced"].as_array().unwrap().len() >= 2);
    fs::remove_dir_all(&out).unwrap();
}

#[test]
fn date_format() {
    let d = today_utc();
    assert_eq!(d.len(), "2026-01-01 00:00 UTC".len());
    assert!(d.starts_with("20"));
}
