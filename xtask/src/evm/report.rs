//! The EVM report's model and renderings: program timings per arithmetic with the change
//! against stock revm and against the big-integer arithmetic, the synthetic opcode loops, and
//! the Ed25519 execution-environment series with its fit (fixed + N x marginal).

use crate::gas::data::{CriterionResults, ScalingPoint, Timing};
use crate::gas::manifest::RunManifest;
use crate::gas::report::fit_line;
use crate::gas::report::format::fmt_time;
use serde::Serialize;
use std::collections::BTreeMap;
use std::path::Path;
use testkit::evm_programs::{InterleavedFile, ProgramsFile};
use testkit::files::GethFile;

/// One time: criterion's median and its 95 % confidence interval, ns.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Span {
    /// Median, ns.
    pub ns: f64,
    /// Lower bound of the interval, ns.
    pub low: f64,
    /// Upper bound of the interval, ns.
    pub high: f64,
}

/// One program input: its gas and its time under each arithmetic measured.
#[derive(Clone, Debug, Serialize)]
pub struct ProgramRow {
    /// `<program>/<input>`.
    pub id: String,
    /// `main`, `micro`, `synth` or `ed25519`.
    pub group: String,
    /// Gas used by the transaction (equal under every arithmetic: checked).
    pub gas_used: u64,
    /// Time per arithmetic.
    pub times: BTreeMap<String, Span>,
    /// `t(uint256) / t(stock)` timed alternately (median and 95 % interval, as a ratio), when
    /// the run wrote `interleaved.json`.
    pub interleaved: Option<Span>,
}

impl ProgramRow {
    /// `times[a] / times[b] - 1` in %, when both were measured.
    pub fn change(&self, a: &str, b: &str) -> Option<f64> {
        Some((self.times.get(a)?.ns / self.times.get(b)?.ns - 1.0) * 100.0)
    }

    /// Whether the confidence intervals of `a` and `b` overlap.
    pub fn overlap(&self, a: &str, b: &str) -> bool {
        match (self.times.get(a), self.times.get(b)) {
            (Some(x), Some(y)) => x.low <= y.high && y.low <= x.high,
            _ => false,
        }
    }
}

/// The fit of one scaling series: time(N) = fixed + N x marginal.
#[derive(Clone, Debug, Serialize)]
pub struct Fit {
    /// `dela@stock`, `javgh@uint256`, `native@dalek`, ...
    pub series: String,
    /// Fixed cost, ns.
    pub fixed_ns: f64,
    /// Cost of one more multiplication, ns.
    pub marginal_ns: f64,
    /// Weighted R² of the fit.
    pub r2: f64,
}

/// The whole report.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// When the report was built.
    pub date: String,
    /// Quick mode.
    pub quick: bool,
    /// CPUs the benches were pinned to.
    pub cpus: Option<String>,
    /// The fork the programs ran at.
    pub fork: String,
    /// Program inputs, in file order.
    pub rows: Vec<ProgramRow>,
    /// Scaling series: series name -> (N, transaction time ns).
    pub series: BTreeMap<String, Vec<(u64, f64)>>,
    /// Their fits.
    pub fits: Vec<Fit>,
    /// go-ethereum's version, when it was measured.
    pub geth_version: Option<String>,
}

fn span(t: &Timing) -> Span {
    Span {
        ns: t.time_ns,
        low: t.low_ns,
        high: t.high_ns,
    }
}

/// A time that may be negative (a fitted intercept below zero: within the noise).
fn signed_time(ns: f64) -> String {
    if ns < 0.0 {
        format!("-{}", fmt_time(-ns))
    } else {
        fmt_time(ns)
    }
}

/// `+12.3 %` (slower) or `-4.5 %` (faster); `≈` marks overlapping confidence intervals.
fn fmt_change(change: Option<f64>, overlap: bool) -> String {
    match change {
        Some(c) => format!("{}{c:+.1} %", if overlap { "≈ " } else { "" }),
        None => "-".into(),
    }
}

/// `-3.1 % [-4.0, -2.2]`: an interleaved ratio as a change in % with its interval.
fn fmt_interleaved(x: Option<Span>) -> String {
    let pct = |r: f64| (r - 1.0) * 100.0;
    match x {
        Some(x) => format!(
            "{:+.1} % [{:+.1}, {:+.1}]",
            pct(x.ns),
            pct(x.low),
            pct(x.high)
        ),
        None => "-".into(),
    }
}

/// The geometric mean of `ratios` as a change in % (`None` for no ratio).
fn geomean_change(ratios: impl Iterator<Item = f64>) -> Option<f64> {
    let (sum, n) = ratios.fold((0.0, 0usize), |(s, n), r| (s + r.ln(), n + 1));
    (n > 0).then(|| ((sum / n as f64).exp() - 1.0) * 100.0)
}

impl Report {
    /// Builds the report from a run's manifest, its `programs.json`, criterion's results and,
    /// when the run wrote them, go-ethereum's and the interleaved ratios.
    pub fn build(
        run: &RunManifest,
        programs: &ProgramsFile,
        mut crit: CriterionResults,
        geth: Option<&GethFile>,
        interleaved: Option<&InterleavedFile>,
    ) -> Report {
        for g in geth.map_or(&[][..], |g| &g.results[..]) {
            let t = Span {
                ns: g.ns_per_op,
                low: g.ci_low,
                high: g.ci_high,
            };
            if g.mode == "scaling" {
                if let Some((case, n)) = g.case.split_once("/N=") {
                    if let Ok(n) = n.parse() {
                        crit.scaling.push(ScalingPoint {
                            case: case.to_string(),
                            n,
                            time_ns: t.ns,
                        });
                    }
                }
            } else {
                crit.timings.push(Timing {
                    imp: "geth".into(),
                    mode: g.mode.clone(),
                    case: g.case.clone(),
                    time_ns: t.ns,
                    low_ns: t.low,
                    high_ns: t.high,
                    measurements: 1,
                    bytes: None,
                    allocs: None,
                });
            }
        }
        let mut by_id: BTreeMap<&str, BTreeMap<String, Span>> = BTreeMap::new();
        for t in &crit.timings {
            by_id
                .entry(t.case.as_str())
                .or_default()
                .insert(t.imp.clone(), span(t));
        }
        let rows = programs
            .runs
            .iter()
            .filter_map(|r| {
                let times = by_id.get(r.id.as_str())?.clone();
                let interleaved = interleaved
                    .and_then(|f| f.ratios.iter().find(|x| x.id == r.id))
                    .map(|x| Span {
                        ns: x.ratio,
                        low: x.low,
                        high: x.high,
                    });
                Some(ProgramRow {
                    id: r.id.clone(),
                    group: r.group.clone(),
                    gas_used: r.gas_used,
                    times,
                    interleaved,
                })
            })
            .collect();
        let mut series: BTreeMap<String, Vec<(u64, f64)>> = BTreeMap::new();
        for p in &crit.scaling {
            series
                .entry(p.case.clone())
                .or_default()
                .push((p.n, p.time_ns));
        }
        let fits = series
            .iter()
            .filter_map(|(name, pts)| {
                let xy: Vec<(f64, f64)> = pts.iter().map(|&(n, t)| (n as f64, t)).collect();
                let (fixed_ns, marginal_ns, r2) = fit_line(&xy)?;
                Some(Fit {
                    series: name.clone(),
                    fixed_ns,
                    marginal_ns,
                    r2,
                })
            })
            .collect();
        Report {
            date: crate::gas::today_utc(),
            quick: run.quick,
            cpus: run.cpus.clone(),
            fork: programs.fork.clone(),
            rows,
            series,
            fits,
            geth_version: geth.map(|g| g.version.clone()),
        }
    }

    /// The report as JSON.
    pub fn json(&self) -> Result<String, String> {
        serde_json::to_string_pretty(self).map_err(|e| e.to_string())
    }

    /// One table of program rows (with go-ethereum's column when it was measured).
    fn program_table(&self, rows: &[&ProgramRow]) -> String {
        let geth = self.geth_version.is_some();
        let mut s = String::from("| Program / input | Gas | stock (ruint) | uint256 | bigint |");
        s += if geth { " geth |" } else { "" };
        s += " uint256 vs stock | uint256 vs stock, interleaved | uint256 vs bigint |";
        s += if geth { " uint256 vs geth |" } else { "" };
        s += "\n|---|---:|---:|---:|---:|---:|---:|---:|";
        s += if geth { "---:|---:|\n" } else { "\n" };
        for r in rows {
            let t = |a: &str| r.times.get(a).map_or("-".into(), |x| fmt_time(x.ns));
            let c = |a: &str| fmt_change(r.change("uint256", a), r.overlap("uint256", a));
            s += &format!(
                "| `{}` | {} | {} | {} | {} |",
                r.id,
                r.gas_used,
                t("stock"),
                t("uint256"),
                t("bigint")
            );
            if geth {
                s += &format!(" {} |", t("geth"));
            }
            s += &format!(
                " {} | {} | {} |",
                c("stock"),
                fmt_interleaved(r.interleaved),
                c("bigint")
            );
            if geth {
                s += &format!(" {} |", c("geth"));
            }
            s += "\n";
        }
        s
    }

    /// The closing line of a program table: geometric means of `uint256 / stock` over `rows`
    /// (criterion's, then the interleaved ratios') as changes in %.
    fn geomean_line(rows: &[&ProgramRow]) -> String {
        let criterion = rows
            .iter()
            .filter_map(|r| Some(r.times.get("uint256")?.ns / r.times.get("stock")?.ns));
        let Some(g) = geomean_change(criterion) else {
            return String::new();
        };
        let interleaved = geomean_change(rows.iter().filter_map(|r| Some(r.interleaved?.ns)))
            .map_or(String::new(), |gi| format!(" (interleaved: {gi:+.1} %)"));
        format!("\nGeometric mean of uint256 vs stock over these rows: {g:+.1} %{interleaved}.\n")
    }

    /// The execution-environment tables: ns per multiplication at each N with the ratio to
    /// native, then the fits.
    fn environment_tables(&self) -> String {
        let Some(native) = self.series.get("native@dalek") else {
            return "No Ed25519 series in this run.\n".into();
        };
        let names: Vec<&String> = self
            .series
            .keys()
            .filter(|k| *k != "native@dalek")
            .collect();
        let mut s = String::from("| N | native (dalek) |");
        for n in &names {
            s += &format!(" {n} |");
        }
        s += "\n|---:|---:|";
        s += &"---:|".repeat(names.len());
        s += "\n";
        for &(n, t_native) in native {
            s += &format!("| {n} | {} |", fmt_time(t_native / n as f64));
            for name in &names {
                let cell = self.series[*name]
                    .iter()
                    .find(|p| p.0 == n)
                    .map_or("-".into(), |&(_, t)| {
                        format!("{} (x{:.0})", fmt_time(t / n as f64), t / t_native)
                    });
                s += &format!(" {cell} |");
            }
            s += "\n";
        }
        let native_marginal = self
            .fits
            .iter()
            .find(|f| f.series == "native@dalek")
            .map(|f| f.marginal_ns);
        s += "\nFit of the transaction time over N (weighted least squares): time = fixed + N x marginal.\n\n| Series | Fixed | Marginal | Marginal / native | R² |\n|---|---:|---:|---:|---:|\n";
        for f in &self.fits {
            let ratio = native_marginal.map_or("-".into(), |m| format!("{:.0}", f.marginal_ns / m));
            s += &format!(
                "| `{}` | {} | {} | {ratio} | {:.4} |\n",
                f.series,
                signed_time(f.fixed_ns),
                fmt_time(f.marginal_ns),
                f.r2
            );
        }
        s
    }

    /// The Markdown report.
    pub fn markdown(&self) -> String {
        let mut s = format!(
            "# EVM report\n\nRun of {}, fork {}, {} mode, pinned to CPU {} (process CPU time, criterion median per transaction; ≈ marks overlapping 95 % intervals). Change = t(uint256) / t(other) - 1: negative is faster. The interleaved column times uint256 and stock back to back on one EVM, round after round (ABBA order), in several processes with the machine stack and heap at different offsets, and gives the median of those memory layouts' ratios with its 95 % interval over the layouts: criterion times each arithmetic in one stretch, so a machine state lasting seconds lands on one of them only (the short opcode loops flip sign between runs that way), and one layout can favour either side of a short loop by tens of percent; the interleaved figure covers both. The build aligns every function to 64 bytes, so that code placement does not favour either side. Every output was checked against upstream's expected output (where given) and all arithmetics agreed on status, gas and output before timing.\n\n",
            self.date,
            self.fork,
            if self.quick { "quick" } else { "careful" },
            self.cpus.as_deref().unwrap_or("(not pinned)")
        );
        if let Some(v) = &self.geth_version {
            s += &format!("go-ethereum {v}: its EVM runs the same bytecode as a message call (mean wall time of Go benchmark runs; status and output checked against revm first).\n\n");
        }
        let programs: Vec<&ProgramRow> = self.rows.iter().filter(|r| r.group != "synth").collect();
        let synth: Vec<&ProgramRow> = self.rows.iter().filter(|r| r.group == "synth").collect();
        s += "## Programs\n\n";
        s += &self.program_table(&programs);
        s += &Self::geomean_line(&programs);
        s += "\n## Opcode loops (synth: each opcode ~1000 times in a 255-iteration loop)\n\n";
        s += &self.program_table(&synth);
        s += &Self::geomean_line(&synth);
        s += "\n## Execution environment: Ed25519 scalarMultBase, N calls in one transaction\n\nTime per multiplication (transaction time / N) and, in brackets, the ratio to native curve25519-dalek `mul_base` + compression repeated N times.\n\n";
        s += &self.environment_tables();
        s
    }

    /// `evm.svg`: one bar per program input (not the opcode loops), the change of uint256
    /// against stock revm in %.
    pub fn chart(&self, path: &Path) -> Result<(), String> {
        let rows: Vec<(&str, f64)> = self
            .rows
            .iter()
            .filter(|r| r.group != "synth")
            .filter_map(|r| Some((r.id.as_str(), r.change("uint256", "stock")?)))
            .collect();
        let (w, bar, left, mid) = (900.0, 16.0, 330.0, 615.0);
        let scale = rows.iter().map(|r| r.1.abs()).fold(10.0f64, f64::max);
        let px = |c: f64| c / scale * (w - mid - 20.0);
        let h = 40.0 + bar * rows.len() as f64;
        let mut svg = format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" font-family=\"sans-serif\" font-size=\"11\">\n<text x=\"10\" y=\"16\" font-size=\"13\">uint256 instructions vs stock revm (change in time, %; left = faster)</text>\n<line x1=\"{mid}\" y1=\"24\" x2=\"{mid}\" y2=\"{h}\" stroke=\"black\"/>\n"
        );
        for (i, (id, c)) in rows.iter().enumerate() {
            let y = 28.0 + bar * i as f64;
            let (x, width) = if *c < 0.0 {
                (mid + px(*c), -px(*c))
            } else {
                (mid, px(*c))
            };
            let color = if *c < 0.0 { "#2a9d8f" } else { "#e76f51" };
            svg += &format!(
                "<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{}</text><rect x=\"{x:.1}\" y=\"{y:.1}\" width=\"{width:.1}\" height=\"{}\" fill=\"{color}\"/><text x=\"{:.1}\" y=\"{}\">{c:+.1}</text>\n",
                left + 150.0,
                y + 11.0,
                id.replace('&', "&amp;").replace('<', "&lt;"),
                bar - 3.0,
                mid + px(c.max(0.0)) + 4.0,
                y + 11.0
            );
        }
        svg += "</svg>\n";
        std::fs::write(path, svg).map_err(|e| format!("cannot write {}: {e}", path.display()))
    }
}

#[cfg(test)]
mod tests {
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
        let run = |id: &str, group: &str| CheckedRun {
            id: id.into(),
            group: group.into(),
            code_hex: "00".into(),
            calldata_hex: String::new(),
            output_hex: String::new(),
            expected_known: false,
            status: "success".into(),
            gas_used: 21_000,
        };
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
}
