//! The inputs of the gas report: `cases.json`, `alloc.json`, `machine.json` (written by the
//! `cases` binary of evm-benches), criterion's result directories and `geth.json`.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

/// One benchmark case of `cases.json`.
#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct Case {
    /// Case name, e.g. `EcRecover/ValidKey`; the criterion function name.
    pub name: String,
    /// Precompile name, e.g. `ECREC`.
    #[serde(default)]
    pub precompile: String,
    /// Precompile address, e.g. `0x01`.
    #[serde(default)]
    pub address: String,
    /// Input bytes, hex.
    #[serde(default)]
    pub input: String,
    /// Expected output bytes, hex.
    #[serde(default)]
    pub expected: String,
    /// Whether the call succeeds.
    #[serde(default = "yes")]
    pub success: bool,
    /// Nominal gas (the precompile's price at the fork).
    pub gas: u64,
    /// Where the input comes from.
    #[serde(default)]
    pub source: String,
}

fn yes() -> bool {
    true
}

/// `cases.json`.
#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct CasesFile {
    /// Fork the gas prices belong to.
    pub fork: String,
    /// The cases, in report order.
    pub cases: Vec<Case>,
}

/// One line of `alloc.json`: allocations per call of one (impl, mode, case).
#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct AllocRow {
    /// Implementation (`ours`, `revm`, a backend name).
    #[serde(rename = "impl")]
    pub imp: String,
    /// `direct` or `bytecode`.
    pub mode: String,
    /// Case name.
    pub case: String,
    /// Bytes allocated per call.
    pub bytes_per_call: f64,
    /// Allocations per call.
    pub allocs_per_call: f64,
}

/// `machine.json`: what the benches ran on.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
pub struct Machine {
    /// CPU model.
    #[serde(default)]
    pub cpu: String,
    /// CPU features the implementations use (e.g. `adx`, `bmi2`, `sha`).
    #[serde(default)]
    pub features: Vec<String>,
    /// The backends chosen for our implementation (free-form; usually precompile → backend).
    #[serde(default)]
    pub backends: serde_json::Value,
}

impl Machine {
    /// The backends as (key, text) pairs for display.
    pub fn backend_pairs(&self) -> Vec<(String, String)> {
        match &self.backends {
            serde_json::Value::Object(map) => map
                .iter()
                .map(|(k, v)| (k.clone(), value_text(v)))
                .collect(),
            serde_json::Value::Array(items) => items
                .iter()
                .enumerate()
                .map(|(i, v)| (i.to_string(), value_text(v)))
                .collect(),
            serde_json::Value::Null => Vec::new(),
            other => vec![(String::new(), value_text(other))],
        }
    }

    /// The backend chosen for a precompile or case name, if `backends` says so: an exact
    /// key, else a key sharing the precompile's family (`BLS12_381` for `BLS12_G1ADD`).
    pub fn chosen_backend(&self, precompile: &str, case: &str) -> Option<String> {
        let map = self.backends.as_object()?;
        let family = |s: &str| s.split(['_', '/', '-']).next().unwrap_or("").to_string();
        [precompile, case]
            .iter()
            .find_map(|k| map.get(*k))
            .or_else(|| {
                map.iter()
                    .find(|(k, _)| !precompile.is_empty() && family(k) == family(precompile))
                    .map(|(_, v)| v)
            })
            .map(value_text)
    }
}

fn value_text(v: &serde_json::Value) -> String {
    match v {
        serde_json::Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// One timing: the mean time of one call and its 95% confidence interval, in ns.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Timing {
    /// Implementation (`ours`, `revm`, `geth`, a backend name).
    pub imp: String,
    /// `direct` or `bytecode`.
    pub mode: String,
    /// Case name.
    pub case: String,
    /// Mean time, ns.
    pub mean_ns: f64,
    /// Lower bound of the mean's confidence interval, ns.
    pub low_ns: f64,
    /// Upper bound of the mean's confidence interval, ns.
    pub high_ns: f64,
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
    /// Mean time of the transaction, ns.
    pub mean_ns: f64,
}

/// Everything criterion measured: precompile timings and scaling points.
#[derive(Clone, Debug, Default)]
pub struct CriterionResults {
    /// `<impl>-<mode>` groups.
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
    mean: Estimate,
}

/// Reads a JSON file.
pub fn read_json<T: serde::de::DeserializeOwned>(path: &Path) -> Result<T, String> {
    let text =
        fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// Splits a criterion group id `<impl>-<mode>` (the impl may itself contain `-`).
pub fn split_group(group: &str) -> Option<(&str, &str)> {
    let (imp, mode) = group.rsplit_once('-')?;
    matches!(mode, "direct" | "bytecode").then_some((imp, mode))
}

/// Scans a criterion output directory (`target/criterion`) for `new/benchmark.json` +
/// `new/estimates.json` pairs. Directory names are never interpreted: criterion sanitises
/// them, so the ids come from `benchmark.json`.
pub fn read_criterion(dir: &Path) -> Result<CriterionResults, String> {
    let mut out = CriterionResults::default();
    if !dir.is_dir() {
        return Ok(out);
    }
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
                    add_result(&mut out, &read_json(&bench)?, &read_json(&est)?);
                }
            } else if name != "base" && name != "change" && name != "report" {
                stack.push(path);
            }
        }
    }
    out.timings
        .sort_by(|a, b| (&a.imp, &a.mode, &a.case).cmp(&(&b.imp, &b.mode, &b.case)));
    out.scaling
        .sort_by(|a, b| (&a.case, a.n).cmp(&(&b.case, b.n)));
    Ok(out)
}

fn add_result(out: &mut CriterionResults, bench: &BenchmarkJson, est: &EstimatesJson) {
    let group = bench.group_id.as_str();
    // The function part of the id: the full id without the group prefix, or the parts.
    let function = bench
        .full_id
        .as_deref()
        .and_then(|full| full.strip_prefix(group))
        .and_then(|rest| rest.strip_prefix('/'))
        .map(str::to_string)
        .unwrap_or_else(|| {
            [bench.function_id.as_deref(), bench.value_str.as_deref()]
                .into_iter()
                .flatten()
                .collect::<Vec<_>>()
                .join("/")
        });
    if let Some(case) = group.strip_prefix("scaling-") {
        if let Some(n) = function.strip_prefix("N=").and_then(|n| n.parse().ok()) {
            out.scaling.push(ScalingPoint {
                case: case.to_string(),
                n,
                mean_ns: est.mean.point_estimate,
            });
        }
    } else if let Some((imp, mode)) = split_group(group) {
        out.timings.push(Timing {
            imp: imp.to_string(),
            mode: mode.to_string(),
            case: function,
            mean_ns: est.mean.point_estimate,
            low_ns: est.mean.confidence_interval.lower_bound,
            high_ns: est.mean.confidence_interval.upper_bound,
            bytes: None,
            allocs: None,
        });
    }
}

/// One result of `geth.json`.
#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct GethResult {
    /// Always `geth`.
    #[serde(rename = "impl")]
    pub imp: String,
    /// `direct` or `bytecode`.
    pub mode: String,
    /// Case name.
    pub case: String,
    /// Mean ns per call.
    pub ns_per_op: f64,
    /// Lower bound of the 95% interval.
    pub ci_low: f64,
    /// Upper bound of the 95% interval.
    pub ci_high: f64,
    /// Bytes allocated per call.
    pub bytes_per_op: f64,
    /// Allocations per call.
    pub allocs_per_op: f64,
}

/// `geth.json`, written by the Go program in `benches/geth`.
#[derive(Clone, Debug, Deserialize, Serialize)]
pub struct GethFile {
    /// go-ethereum module version.
    pub version: String,
    /// The timings.
    pub results: Vec<GethResult>,
}

impl GethFile {
    /// The results as timings.
    pub fn timings(&self) -> Vec<Timing> {
        self.results
            .iter()
            .map(|r| Timing {
                imp: r.imp.clone(),
                mode: r.mode.clone(),
                case: r.case.clone(),
                mean_ns: r.ns_per_op,
                low_ns: r.ci_low,
                high_ns: r.ci_high,
                bytes: Some(r.bytes_per_op),
                allocs: Some(r.allocs_per_op),
            })
            .collect()
    }
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
