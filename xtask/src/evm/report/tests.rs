//! The EVM report's tests: the model's changes and fits, the Markdown tables, the chart.

use super::*;
use crate::gas::data::ScalingPoint;
use testkit::evm_programs::CheckedRun;
use testkit::files::GethResult;

fn timing(imp: &str, case: &str, ns: f64) -> Timing {
    Timing {
        imp: imp.into(),
        mode: "bytecode".into(),
        case: case.into(),
        time_ns: ns,
        low_ns: ns * 0.99,
        high_ns: ns * 1.01,
        measurements: 1,
        bytes: None,
        allocs: None,
    }
}

/// A checked run of program input `id` in `group` (21,000 gas).
fn run(id: &str, group: &str) -> CheckedRun {
    CheckedRun {
        id: id.into(),
        group: group.into(),
        code_hex: "00".into(),
        calldata_hex: String::new(),
        output_hex: String::new(),
        expected_known: false,
        status: "success".into(),
        gas_used: 21_000,
    }
}

fn run_json() -> RunManifest {
    RunManifest {
        started_unix: 0,
        fork: "Osaka".into(),
        quick: true,
        filter: None,
        threads: 1,
        cpus: Some("1".into()),
        clock: "cpu".into(),
        expected: vec![],
        geth: true,
    }
}

#[test]
fn changes_fits_and_geth_columns() {
    let programs = ProgramsFile {
        fork: "Osaka".into(),
        impls: vec![],
        runs: vec![run("main/p/1", "main"), run("synth/ADD/b0/empty", "synth")],
        series: vec![],
    };
    let mut crit = CriterionResults {
        timings: vec![
            timing("stock", "main/p/1", 1000.0),
            timing("uint256", "main/p/1", 800.0),
            timing("bigint", "main/p/1", 4000.0),
            timing("stock", "synth/ADD/b0/empty", 100.0),
            timing("uint256", "synth/ADD/b0/empty", 100.5),
        ],
        scaling: vec![],
    };
    // Native: 10 ns fixed + 1000 ns per call; the EVM: 5000 + 50000 per call.
    for n in [1u64, 10, 100] {
        crit.scaling.push(ScalingPoint {
            case: "native@dalek".into(),
            n,
            time_ns: 10.0 + 1000.0 * n as f64,
        });
        crit.scaling.push(ScalingPoint {
            case: "dela@uint256".into(),
            n,
            time_ns: 5000.0 + 50_000.0 * n as f64,
        });
    }
    let geth = GethFile {
        version: "v1.17.10".into(),
        results: vec![
            GethResult {
                imp: "geth".into(),
                mode: "bytecode".into(),
                case: "main/p/1".into(),
                ns_per_op: 1600.0,
                ci_low: 1590.0,
                ci_high: 1610.0,
                bytes_per_op: 0.0,
                allocs_per_op: 0.0,
            },
            GethResult {
                imp: "geth".into(),
                mode: "scaling".into(),
                case: "dela@geth/N=10".into(),
                ns_per_op: 600_000.0,
                ci_low: 0.0,
                ci_high: 0.0,
                bytes_per_op: 0.0,
                allocs_per_op: 0.0,
            },
        ],
    };
    let interleaved = InterleavedFile {
        base: "stock".into(),
        other: "uint256".into(),
        ratios: vec![testkit::evm_programs::InterleavedRatio {
            id: "main/p/1".into(),
            ratio: 0.81,
            low: 0.8,
            high: 0.825,
            rounds: 31,
            batch: 2,
        }],
    };
    let r = Report::build(
        &run_json(),
        &programs,
        crit,
        Some(&geth),
        Some(&interleaved),
    );
    let main = &r.rows[0];
    assert!((main.change("uint256", "stock").unwrap() + 20.0).abs() < 1e-9);
    assert!((main.change("uint256", "bigint").unwrap() + 80.0).abs() < 1e-9);
    assert!((main.change("uint256", "geth").unwrap() + 50.0).abs() < 1e-9);
    assert!(!main.overlap("uint256", "stock"));
    assert!(r.rows[1].overlap("uint256", "stock"));
    let md = r.markdown();
    assert!(md.contains("| `main/p/1` | 21000 | 1.00 µs | 800.0 ns | 4.00 µs | 1.60 µs | -20.0 % | -19.0 % [-20.0, -17.5] | -80.0 % | -50.0 % |"), "{md}");
    assert!(md.contains("| ≈ +0.5 % | - |"), "{md}");
    assert!(
        md.contains("over these rows: -20.0 % (interleaved: -19.0 %)."),
        "{md}"
    );
    assert!(md.contains("≈ +0.5 %"), "{md}");
    let fit = r.fits.iter().find(|f| f.series == "dela@uint256").unwrap();
    assert!((fit.marginal_ns - 50_000.0).abs() < 1e-6 && (fit.fixed_ns - 5000.0).abs() < 1e-6);
    assert!(
        md.contains("| `dela@uint256` | 5.00 µs | 50.00 µs | 50 |"),
        "{md}"
    );
    assert_eq!(r.series["dela@geth"], vec![(10, 600_000.0)]);
}

/// The chart has one bar per program input (not the opcode loops), each named, in plotters'
/// SVG.
#[test]
fn chart_has_one_named_bar_per_program() {
    // (id, group, uint256's time against stock's 1000 ns)
    let cases = [
        ("main/faster/1", "main", 700.0),
        ("main/slower/1", "main", 1250.0),
        ("synth/ADD/b0/empty", "synth", 900.0),
    ];
    let programs = ProgramsFile {
        fork: "Osaka".into(),
        impls: vec![],
        runs: cases.iter().map(|c| run(c.0, c.1)).collect(),
        series: vec![],
    };
    let timings = cases
        .iter()
        .flat_map(|c| [timing("stock", c.0, 1000.0), timing("uint256", c.0, c.2)]);
    let crit = CriterionResults {
        timings: timings.collect(),
        scaling: vec![],
    };
    let r = Report::build(&run_json(), &programs, crit, None, None);
    let path = std::env::temp_dir().join(format!("xtask-evm-chart-{}.svg", std::process::id()));
    r.chart(&path).unwrap();
    let svg = std::fs::read_to_string(&path).unwrap();
    std::fs::remove_file(&path).unwrap();
    assert!(svg.starts_with("<svg"), "{svg}");
    for text in ["main/faster/1", "main/slower/1", "-30.0", "+25.0"] {
        assert!(svg.contains(text), "{text} missing: {svg}");
    }
    assert!(!svg.contains("synth/ADD"), "{svg}");
    let bars = svg.matches("fill=\"#2A9D8F\"").count() + svg.matches("fill=\"#E76F51\"").count();
    assert_eq!(bars, 2, "{svg}");
}
