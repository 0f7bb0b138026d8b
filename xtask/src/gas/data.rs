//! The measurements of one run, read from its result directory: criterion's results under
//! `DIR/criterion` (checked against the run's expected benchmark ids and start time, see
//! [`super::manifest`]), `alloc.json` and `geth.json` (types in `testkit::files`).

use super::manifest::RunManifest;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;
use std::time::UNIX_EPOCH;
use testkit::files::{is_anchor, read_json, AllocRow, GethFile, ANCHOR_CASE};

/// One timing: the time of one call and an interval around it, in ns.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Timing {
    /// Implementation (`ours`, `revm`, `geth`, a backend name).
    pub imp: String,
    /// `direct` or `bytecode`.
    pub mode: String,
    /// Case name.
    pub case: String,
    /// Criterion's median time per call (geth: its mean), ns; for the anchor, the median over
    /// its measurements.
    pub time_ns: f64,
    /// Lower bound: of the median's 95% confidence interval; for the anchor, the fastest of
    /// its measurements.
    pub low_ns: f64,
    /// Upper bound: of the median's 95% confidence interval; for the anchor, the slowest of
    /// its measurements.
    pub high_ns: f64,
    /// How many measurements were combined (more than one for the anchor only).
    pub measurements: usize,
    /// Bytes allocated per call, when known.
    pub bytes: Option<f64>,
    /// Allocations per call, when known.
    pub allocs: Option<f64>,
}

/// One point of a scaling bench: a transaction making `n` calls.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ScalingPoint {
    /// Case name (the group is `scaling-<case>`).
    pub case: String,
    /// Calls per transaction.
    pub n: u64,
    /// Median time of the transaction, ns.
    pub time_ns: f64,
}

/// Everything criterion measured in one run: precompile timings and scaling points.
#[derive(Clone, Debug, Default)]
pub struct CriterionResults {
    /// `<impl>-<mode>` groups, the anchor's measurements combined into one timing each.
    pub timings: Vec<Timing>,
    /// `scaling-<case>` groups.
    pub scaling: Vec<ScalingPoint>,
}

#[derive(Deserialize)]
struct BenchmarkJson {
    group_id: String,
    #[serde(default)]
    function_id: Option<String>,
    #[serde(default)]
    value_str: Option<String>,
    #[serde(default)]
    full_id: Option<String>,
}

impl BenchmarkJson {
    /// The function part of the id: the full id without the group prefix, or the parts.
    fn function(&self) -> String {
        self.full_id
            .as_deref()
            .and_then(|full| full.strip_prefix(self.group_id.as_str()))
            .and_then(|rest| rest.strip_prefix('/'))
            .map(str::to_string)
            .unwrap_or_else(|| {
                [self.function_id.as_deref(), self.value_str.as_deref()]
                    .into_iter()
                    .flatten()
                    .collect::<Vec<_>>()
                    .join("/")
            })
    }

    /// The benchmark id as criterion's `--list` prints it.
    fn id(&self) -> String {
        format!("{}/{}", self.group_id, self.function())
    }
}

#[derive(Deserialize)]
struct Interval {
    lower_bound: f64,
    upper_bound: f64,
}

#[derive(Deserialize)]
struct Estimate {
    point_estimate: f64,
    confidence_interval: Interval,
}

#[derive(Deserialize)]
struct EstimatesJson {
    median: Estimate,
}

/// Splits a criterion group id `<impl>-<mode>` (the impl may itself contain `-`).
pub fn split_group(group: &str) -> Option<(&str, &str)> {
    let (imp, mode) = group.rsplit_once('-')?;
    matches!(mode, "direct" | "bytecode").then_some((imp, mode))
}

/// Every `new/benchmark.json` + `new/estimates.json` pair under `dir` (criterion's output
/// directory), with the path of the estimates. Directory names are never interpreted:
/// criterion sanitises them, so the ids come from `benchmark.json`.
fn scan(dir: &Path) -> Result<Vec<(BenchmarkJson, EstimatesJson, std::path::PathBuf)>, String> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let entries = fs::read_dir(&d).map_err(|e| format!("cannot read {}: {e}", d.display()))?;
        for entry in entries.flatten() {
            let path = entry.path();
            if !path.is_dir() {
                continue;
            }
            let name = entry.file_name();
            if name == "new" {
                let bench = path.join("benchmark.json");
                let est = path.join("estimates.json");
                if bench.is_file() && est.is_file() {
                    out.push((read_json(&bench)?, read_json(&est)?, est));
                }
            } else if name != "base" && name != "change" && name != "report" {
                stack.push(path);
            }
        }
    }
    Ok(out)
}

/// Seconds since the epoch of a file's last modification.
pub(crate) fn modified_unix(path: &Path) -> Result<u64, String> {
    fs::metadata(path)
        .and_then(|m| m.modified())
        .map(|t| t.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs()))
        .map_err(|e| format!("cannot stat {}: {e}", path.display()))
}

/// Reads the criterion results of the run described by `run` from `dir` (its `criterion/`
/// directory). Fails, naming the benchmarks, when a result was not expected by the run, was
/// written before the run started (a stale result), or when an expected one is missing.
pub fn read_run(dir: &Path, run: &RunManifest) -> Result<CriterionResults, String> {
    let crit = dir.join("criterion");
    let found = if crit.is_dir() {
        scan(&crit)?
    } else {
        Vec::new()
    };
    let expected: BTreeSet<&str> = run.expected.iter().map(String::as_str).collect();
    let mut seen = BTreeSet::new();
    let mut problems = Vec::new();
    let mut out = CriterionResults::default();
    let mut anchor: BTreeMap<(String, String), Vec<Estimate>> = BTreeMap::new();
    for (bench, est, path) in found {
        let id = bench.id();
        if !expected.contains(id.as_str()) {
            problems.push(format!(
                "{id} ({}): not a benchmark of this run",
                path.display()
            ));
            continue;
        }
        // One second of slack: file times and the recorded start are both whole seconds.
        if modified_unix(&path)? + 1 < run.started_unix {
            problems.push(format!(
                "{id} ({}): written before the run started (stale)",
                path.display()
            ));
            continue;
        }
        seen.insert(id);
        let group = bench.group_id.as_str();
        let function = bench.function();
        if let Some(case) = group.strip_prefix("scaling-") {
            if let Some(n) = function.strip_prefix("N=").and_then(|n| n.parse().ok()) {
                out.scaling.push(ScalingPoint {
                    case: case.to_string(),
                    n,
                    time_ns: est.median.point_estimate,
                });
            }
        } else if let Some((imp, mode)) = split_group(group) {
            if is_anchor(&function) {
                anchor
                    .entry((imp.to_string(), mode.to_string()))
                    .or_default()
                    .push(est.median);
            } else {
                out.timings.push(timing(imp, mode, &function, &est.median));
            }
        }
    }
    let missing: Vec<&str> = expected
        .iter()
        .copied()
        .filter(|id| !seen.contains(*id))
        .collect();
    if !missing.is_empty() {
        problems.push(format!(
            "{} expected benchmark(s) have no result: {}",
            missing.len(),
            missing.join(", ")
        ));
    }
    if !problems.is_empty() {
        return Err(format!(
            "the criterion results in {} are not those of the run recorded in its run.json:\n  {}",
            crit.display(),
            problems.join("\n  ")
        ));
    }
    for ((imp, mode), estimates) in anchor {
        out.timings.push(combine_anchor(&imp, &mode, &estimates));
    }
    out.timings
        .sort_by(|a, b| (&a.imp, &a.mode, &a.case).cmp(&(&b.imp, &b.mode, &b.case)));
    out.scaling
        .sort_by(|a, b| (&a.case, a.n).cmp(&(&b.case, b.n)));
    Ok(out)
}

fn timing(imp: &str, mode: &str, case: &str, e: &Estimate) -> Timing {
    Timing {
        imp: imp.to_string(),
        mode: mode.to_string(),
        case: case.to_string(),
        time_ns: e.point_estimate,
        low_ns: e.confidence_interval.lower_bound,
        high_ns: e.confidence_interval.upper_bound,
        measurements: 1,
        bytes: None,
        allocs: None,
    }
}

/// The anchor's measurements spread through the run as one timing: their median, with their
/// range as the interval.
fn combine_anchor(imp: &str, mode: &str, estimates: &[Estimate]) -> Timing {
    let mut t: Vec<f64> = estimates.iter().map(|e| e.point_estimate).collect();
    t.sort_by(f64::total_cmp);
    let n = t.len();
    Timing {
        time_ns: testkit::stats::median_sorted(&t),
        low_ns: t[0],
        high_ns: t[n - 1],
        measurements: n,
        ..timing(imp, mode, ANCHOR_CASE, &estimates[0])
    }
}

/// The results of `geth.json` as timings.
pub fn geth_timings(file: &GethFile) -> Vec<Timing> {
    file.results
        .iter()
        .map(|r| Timing {
            imp: r.imp.clone(),
            mode: r.mode.clone(),
            case: r.case.clone(),
            time_ns: r.ns_per_op,
            low_ns: r.ci_low,
            high_ns: r.ci_high,
            measurements: 1,
            bytes: Some(r.bytes_per_op),
            allocs: Some(r.allocs_per_op),
        })
        .collect()
}

/// Attaches `alloc.json` figures to the timings they belong to.
pub fn attach_allocs(timings: &mut [Timing], allocs: &[AllocRow]) {
    let index: BTreeMap<(&str, &str, &str), &AllocRow> = allocs
        .iter()
        .map(|a| ((a.imp.as_str(), a.mode.as_str(), a.case.as_str()), a))
        .collect();
    for t in timings.iter_mut() {
        if let Some(a) = index.get(&(t.imp.as_str(), t.mode.as_str(), t.case.as_str())) {
            t.bytes = Some(a.bytes_per_call);
            t.allocs = Some(a.allocs_per_call);
        }
    }
}
