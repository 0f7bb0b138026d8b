//! The EVM report: its model (this module: program timings per arithmetic with the change
//! against stock revm and against the big-integer arithmetic, the synthetic opcode loops, and
//! the Ed25519 execution-environment series with its fit, fixed + N x marginal) and JSON form,
//! the Markdown rendering (`markdown`) and the chart (`chart`, drawn with plotters as the gas
//! report's is).

mod chart;
mod markdown;
#[cfg(test)]
mod tests;

use crate::gas::data::{CriterionResults, ScalingPoint, Timing};
use crate::gas::manifest::RunManifest;
use crate::gas::report::fit_line;
use serde::Serialize;
use std::collections::BTreeMap;
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

    /// `evm.svg`: one bar per program input (not the opcode loops), the change of uint256
    /// against stock revm in %.
    pub fn chart(&self, path: &std::path::Path) -> Result<(), String> {
        chart::draw(self, path)
    }
}
