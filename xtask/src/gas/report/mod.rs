//! The report's model: rows with calculated gas, the scaling fit, and queries over them. Its
//! renderings are in [`markdown`] and [`export`] (CSV, JSON); number formats in [`mod@format`].

pub mod excerpt;
mod export;
pub mod format;
mod markdown;

use super::data::{ScalingPoint, Timing};
use super::interleaved::{
    aa_checks, anchor_ratio, inversions, peer_ratios, series_size, set, AaCheck, CryptoRatio,
    Interval, Inversion, PeerRatio, SeriesPoint, SERIES,
};
use serde::Serialize;
use std::collections::BTreeMap;
use testkit::files::{CasesFile, ClockCheck, Library, Machine, RoundsFile, ANCHOR_CASE};

/// ECRECOVER's nominal gas: the anchor's price.
pub const ANCHOR_GAS: f64 = 3000.0;

/// Report-wide facts shown at the top.
#[derive(Clone, Debug, Serialize)]
pub struct Meta {
    /// Fork of the nominal prices.
    pub fork: String,
    /// Date of the run (UTC, its start time from run.json; a report rebuilt with `--from`
    /// keeps it).
    pub date: String,
    /// Machine description from `machine.json`.
    pub machine: Machine,
    /// Anchor rate of the EIP-7904-style column, MGas/s.
    pub rate_mgas: f64,
    /// Whether the benches ran in quick mode.
    pub quick: bool,
    /// Threads every implementation was allowed.
    pub threads: usize,
    /// The CPUs the measured processes were pinned to, if they were.
    pub cpus: Option<String>,
    /// What criterion timed: `cpu` (process CPU time) or `wall`.
    pub clock: String,
    /// go-ethereum version, when geth was measured.
    pub geth_version: Option<String>,
    /// Who does the math: `machine.json`'s libraries, plus go-ethereum's when it was measured.
    pub libraries: Vec<Library>,
}

/// One (implementation, mode, case) line of the report.
#[derive(Clone, Debug, Serialize)]
pub struct Row {
    /// Implementation.
    #[serde(rename = "impl")]
    pub imp: String,
    /// `direct` or `bytecode`.
    pub mode: String,
    /// Case name.
    pub case: String,
    /// Median time per call, ns (see [`Timing::time_ns`]).
    pub time_ns: f64,
    /// Interval lower bound, ns (see [`Timing::low_ns`]).
    pub ci_low_ns: f64,
    /// Interval upper bound, ns (see [`Timing::high_ns`]).
    pub ci_high_ns: f64,
    /// Measurements combined (more than one for the anchor).
    pub measurements: usize,
    /// Nominal gas of the case (from `cases.json`).
    pub nominal_gas: Option<u64>,
    /// t(case) / t(ECRECOVER of the same impl and mode) × 3000: the median over the rounds of
    /// the interleaved timing of the per-round ratio (both times from the same round).
    pub calculated_gas: Option<f64>,
    /// The 95 % interval of `calculated_gas`.
    pub calculated_gas_interval: Option<(f64, f64)>,
    /// Rounds of the interleaved timing behind `calculated_gas`.
    pub rounds: Option<usize>,
    /// Nominal gas / time: gas per µs = MGas/s.
    pub mgas_per_s: Option<f64>,
    /// Gas at the anchor rate: rate × t.
    pub gas_at_rate: f64,
    /// Bytes allocated per call.
    pub bytes_alloc: Option<f64>,
    /// Allocations per call.
    pub alloc_ops: Option<f64>,
}

/// Least-squares fit time = fixed + N × marginal of one scaling case.
#[derive(Clone, Debug, Serialize)]
pub struct ScalingFit {
    /// Case name.
    pub case: String,
    /// Number of N values measured.
    pub points: usize,
    /// The N values.
    pub ns: Vec<u64>,
    /// Fixed overhead per transaction, ns.
    pub fixed_ns: f64,
    /// Marginal cost per call, ns.
    pub marginal_ns: f64,
    /// Marginal cost in gas relative to ECRECOVER's marginal cost (its own scaling fit):
    /// marginal / marginal(ECRECOVER) × 3000.
    pub marginal_calculated_gas: Option<f64>,
    /// Nominal gas of the case.
    pub nominal_gas: Option<u64>,
    /// Coefficient of determination of the fit.
    pub r2: f64,
}

/// The whole report.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// Header facts.
    pub meta: Meta,
    /// Every measured line.
    pub rows: Vec<Row>,
    /// Scaling fits.
    pub scaling: Vec<ScalingFit>,
    /// Raw scaling points.
    pub scaling_points: Vec<ScalingPoint>,
    /// Case order (cases.json order, then any other measured case).
    pub case_order: Vec<String>,
    /// Precompile name of each case of `cases.json`.
    pub case_precompile: BTreeMap<String, String>,
    /// ours/revm, ours/geth and backend/ours per case and mode, from the interleaved timing.
    pub ratios: Vec<PeerRatio>,
    /// The A/A figures (an implementation against itself in the same rounds).
    pub aa: Vec<AaCheck>,
    /// Steps of the size series (pairings, MSMs, scaling N) where the larger size costs less.
    pub inversions: Vec<Inversion>,
    /// How the timed processes' clocks compare (CPU vs wall, driver vs go-ethereum).
    pub clocks: Vec<ClockCheck>,
    /// The interleaved timing's settings: clock, batch target, rounds per set (min, max).
    pub interleaving: Interleaving,
    /// revm with our crypto backend installed (`rounds-revm-crypto.json`, its own process),
    /// per case and mode; empty for a run without that file.
    pub revm_crypto: Vec<CryptoRatio>,
}

/// How the interleaved timing was run.
#[derive(Clone, Debug, Serialize)]
pub struct Interleaving {
    /// `cpu` or `wall`.
    pub clock: String,
    /// Target time of a batch, ns.
    pub batch_ns: f64,
    /// Fewest rounds of a set.
    pub min_rounds: usize,
    /// Most rounds of a set.
    pub max_rounds: usize,
    /// (case, mode) sets.
    pub sets: usize,
    /// Sweeps over all sets that the rounds were timed in.
    pub passes: usize,
}

/// Orders implementations: ours, revm, geth, then backends alphabetically.
pub fn impl_rank(imp: &str) -> (u8, String) {
    let rank = match imp {
        "ours" => 0,
        "revm" => 1,
        "geth" => 2,
        _ => 3,
    };
    (rank, imp.to_string())
}

fn mode_rank(mode: &str) -> u8 {
    match mode {
        "direct" => 0,
        "bytecode" => 1,
        _ => 2,
    }
}

/// Builds the report from the measured timings: absolute times from `timings` (criterion,
/// go-ethereum's own run), every ratio from `rounds` (the interleaved timing).
pub fn build(
    meta: Meta,
    cases: &CasesFile,
    timings: &[Timing],
    scaling: &[ScalingPoint],
    rounds: &RoundsFile,
) -> Report {
    let mut case_order: Vec<String> = cases.cases.iter().map(|c| c.name.clone()).collect();
    let mut extra: Vec<String> = timings
        .iter()
        .map(|t| t.case.clone())
        .filter(|c| !case_order.contains(c))
        .collect();
    extra.sort();
    extra.dedup();
    case_order.extend(extra);
    let case_pos: BTreeMap<&str, usize> = case_order
        .iter()
        .enumerate()
        .map(|(i, c)| (c.as_str(), i))
        .collect();
    let nominal: BTreeMap<&str, u64> = cases
        .cases
        .iter()
        .map(|c| (c.name.as_str(), c.gas))
        .collect();
    let mut rows: Vec<Row> = timings
        .iter()
        .map(|t| {
            let nominal_gas = nominal.get(t.case.as_str()).copied();
            let set = set(rounds, &t.case, &t.mode);
            let gas = set
                .and_then(|s| anchor_ratio(s, &t.imp))
                .map(|g| g.scaled(ANCHOR_GAS));
            let rounds_of = set.map(|s| s.rounds.len());
            Row {
                imp: t.imp.clone(),
                mode: t.mode.clone(),
                case: t.case.clone(),
                time_ns: t.time_ns,
                ci_low_ns: t.low_ns,
                ci_high_ns: t.high_ns,
                measurements: t.measurements,
                nominal_gas,
                calculated_gas: gas.map(|g| g.value),
                calculated_gas_interval: gas.map(|g| (g.low, g.high)),
                rounds: rounds_of,
                mgas_per_s: nominal_gas.map(|g| g as f64 / t.time_ns * 1000.0),
                gas_at_rate: meta.rate_mgas * t.time_ns / 1000.0,
                bytes_alloc: t.bytes,
                alloc_ops: t.allocs,
            }
        })
        .collect();
    rows.sort_by(|a, b| {
        (
            impl_rank(&a.imp),
            mode_rank(&a.mode),
            case_pos[a.case.as_str()],
        )
            .cmp(&(
                impl_rank(&b.imp),
                mode_rank(&b.mode),
                case_pos[b.case.as_str()],
            ))
    });

    let mut by_case: BTreeMap<&str, Vec<&ScalingPoint>> = BTreeMap::new();
    for p in scaling {
        by_case.entry(p.case.as_str()).or_default().push(p);
    }
    let mut scaling_fits: Vec<ScalingFit> = by_case
        .into_iter()
        .filter_map(|(case, points)| {
            let xy: Vec<(f64, f64)> = points.iter().map(|p| (p.n as f64, p.time_ns)).collect();
            let (fixed_ns, marginal_ns, r2) = fit_line(&xy)?;
            Some(ScalingFit {
                case: case.to_string(),
                points: points.len(),
                ns: points.iter().map(|p| p.n).collect(),
                fixed_ns,
                marginal_ns,
                marginal_calculated_gas: None,
                nominal_gas: nominal.get(case).copied(),
                r2,
            })
        })
        .collect();
    let anchor_marginal = scaling_fits
        .iter()
        .find(|f| f.case == ANCHOR_CASE)
        .map(|f| f.marginal_ns)
        .filter(|m| *m > 0.0);
    for f in &mut scaling_fits {
        f.marginal_calculated_gas = anchor_marginal.map(|a| f.marginal_ns / a * ANCHOR_GAS);
    }

    let mut inv = Vec::new();
    for prefix in SERIES {
        for (imp, mode) in groups(&rows) {
            let points: Vec<SeriesPoint> = rows
                .iter()
                .filter(|r| r.imp == imp && r.mode == mode)
                .filter_map(|r| {
                    let (low, high) = r.calculated_gas_interval?;
                    Some(SeriesPoint {
                        label: r.case.clone(),
                        size: series_size(prefix, &r.case)?,
                        value: Interval {
                            value: r.calculated_gas?,
                            low,
                            high,
                        },
                    })
                })
                .collect();
            inv.extend(inversions(&format!("{imp}-{mode} {prefix}"), &points));
        }
    }
    let mut by_case: BTreeMap<&str, Vec<SeriesPoint>> = BTreeMap::new();
    for p in scaling {
        by_case.entry(&p.case).or_default().push(SeriesPoint {
            label: format!("N={}", p.n),
            size: p.n,
            value: Interval {
                value: p.time_ns,
                low: p.time_ns,
                high: p.time_ns,
            },
        });
    }
    for (case, points) in by_case {
        inv.extend(inversions(&format!("scaling {case}"), &points));
    }
    let lens: Vec<usize> = rounds.sets.iter().map(|s| s.rounds.len()).collect();
    Report {
        meta,
        ratios: peer_ratios(rounds),
        aa: aa_checks(rounds),
        inversions: inv,
        clocks: rounds.clocks.clone(),
        interleaving: Interleaving {
            clock: rounds.clock.clone(),
            batch_ns: rounds.batch_ns,
            min_rounds: lens.iter().copied().min().unwrap_or(0),
            max_rounds: lens.iter().copied().max().unwrap_or(0),
            sets: lens.len(),
            passes: rounds.passes,
        },
        revm_crypto: Vec::new(),
        rows,
        scaling: scaling_fits,
        scaling_points: scaling.to_vec(),
        case_order,
        case_precompile: cases
            .cases
            .iter()
            .map(|c| (c.name.clone(), c.precompile.clone()))
            .collect(),
    }
}

/// The (impl, mode) pairs of `rows`, in their order.
fn groups(rows: &[Row]) -> Vec<(String, String)> {
    let mut groups: Vec<(String, String)> = Vec::new();
    for r in rows {
        if !groups.iter().any(|(i, m)| *i == r.imp && *m == r.mode) {
            groups.push((r.imp.clone(), r.mode.clone()));
        }
    }
    groups
}

/// Least squares y = a + b x weighted by 1/y² (relative errors, so that the large-N points
/// do not drown the intercept); returns (a, b, R²), or None with fewer than two distinct x.
pub fn fit_line(xy: &[(f64, f64)]) -> Option<(f64, f64, f64)> {
    if xy.len() < 2 || xy.iter().any(|p| p.1 <= 0.0) {
        return None;
    }
    let w = |p: &(f64, f64)| 1.0 / (p.1 * p.1);
    let sw: f64 = xy.iter().map(w).sum();
    let mx = xy.iter().map(|p| w(p) * p.0).sum::<f64>() / sw;
    let my = xy.iter().map(|p| w(p) * p.1).sum::<f64>() / sw;
    let sxx: f64 = xy.iter().map(|p| w(p) * (p.0 - mx) * (p.0 - mx)).sum();
    if sxx == 0.0 {
        return None;
    }
    let sxy: f64 = xy.iter().map(|p| w(p) * (p.0 - mx) * (p.1 - my)).sum();
    let b = sxy / sxx;
    let a = my - b * mx;
    let ss_tot: f64 = xy.iter().map(|p| w(p) * (p.1 - my) * (p.1 - my)).sum();
    let ss_res: f64 = xy.iter().map(|p| w(p) * (p.1 - a - b * p.0).powi(2)).sum();
    let r2 = if ss_tot == 0.0 {
        1.0
    } else {
        1.0 - ss_res / ss_tot
    };
    Some((a, b, r2))
}

impl Report {
    /// The row of one (impl, mode, case), if measured.
    pub fn row(&self, imp: &str, mode: &str, case: &str) -> Option<&Row> {
        self.rows
            .iter()
            .find(|r| r.imp == imp && r.mode == mode && r.case == case)
    }

    /// The library doing `precompile`'s math in implementation `imp`, if known.
    pub fn library(&self, imp: &str, precompile: &str) -> Option<&str> {
        self.meta
            .libraries
            .iter()
            .find(|l| l.imp == imp && l.precompile == precompile)
            .map(|l| l.library.as_str())
    }

    /// The (impl, mode) pairs measured, in report order.
    pub fn groups(&self) -> Vec<(String, String)> {
        groups(&self.rows)
    }

    /// The interleaved ratio t(`num`) / t(`den`) of `case` in `mode`, if both were timed.
    pub fn ratio(&self, num: &str, den: &str, mode: &str, case: &str) -> Option<&PeerRatio> {
        self.ratios
            .iter()
            .find(|r| r.num == num && r.den == den && r.mode == mode && r.case == case)
    }

    /// Implementations other than ours, revm and geth: the alternative backends.
    pub fn backends(&self) -> Vec<String> {
        let mut b: Vec<String> = self
            .rows
            .iter()
            .filter(|r| impl_rank(&r.imp).0 == 3)
            .map(|r| r.imp.clone())
            .collect();
        b.sort();
        b.dedup();
        b
    }

    /// Rows whose calculated gas exceeds the nominal price.
    pub fn underpriced(&self) -> Vec<&Row> {
        self.rows
            .iter()
            .filter(|r| match (r.calculated_gas, r.nominal_gas) {
                (Some(c), Some(n)) => c > n as f64 && r.case != ANCHOR_CASE,
                _ => false,
            })
            .collect()
    }
}
