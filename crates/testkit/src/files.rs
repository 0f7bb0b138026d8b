//! The files of `cargo xtask gas`, typed: `cases.json`, `alloc.json` and `machine.json` (written
//! by the `cases` binary of evm-benches), `geth.json` (written by the Go program in
//! `benches/geth`), `rounds.json` (the interleaved timing, written by the `interleaved` binary
//! of evm-benches), all read by `xtask/src/gas`; and the anchor's benchmark ids, which the
//! criterion bench writes and the report reads.

use serde::{Deserialize, Serialize};
use std::path::Path;

/// The case every implementation's calculated gas is relative to (ECRECOVER, 3000 gas).
pub const ANCHOR_CASE: &str = "EcRecover/ValidKey";

/// Criterion function id of the `k`-th extra measurement of the anchor (`k` >= 1), taken at a
/// later point of the run than the anchor's own (see `benches/benches/precompiles.rs`).
pub fn anchor_repeat(k: usize) -> String {
    format!("{ANCHOR_CASE}/repeat-{k}")
}

/// Whether `function` (a criterion function id) is the anchor or one of its repeats.
pub fn is_anchor(function: &str) -> bool {
    function == ANCHOR_CASE
        || function
            .strip_prefix(ANCHOR_CASE)
            .and_then(|rest| rest.strip_prefix("/repeat-"))
            .is_some_and(|k| !k.is_empty() && k.bytes().all(|b| b.is_ascii_digit()))
}

/// One benchmark case of `cases.json`.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
pub struct CaseRecord {
    /// Case name, e.g. `EcRecover/ValidKey`; the criterion function name.
    pub name: String,
    /// Precompile name, e.g. `ECRECOVER`.
    pub precompile: String,
    /// Precompile address, e.g. `0x01`.
    pub address: String,
    /// Input bytes, hex without `0x`.
    pub input: String,
    /// Our output bytes, hex without `0x` (checked equal to revm's before timing).
    pub expected: String,
    /// Whether the call succeeds.
    pub success: bool,
    /// Nominal gas (the precompile's price at the fork).
    pub gas: u64,
    /// Where the input comes from.
    pub source: String,
}

/// `cases.json`.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
pub struct CasesFile {
    /// Fork the gas prices belong to.
    pub fork: String,
    /// The cases, in report order.
    pub cases: Vec<CaseRecord>,
}

/// One line of `alloc.json`: allocations per call of one (impl, mode, case).
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
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

/// Which library does the math of one precompile in one implementation.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
pub struct Library {
    /// Implementation (`ours`, `revm`, `geth`, a backend name).
    #[serde(rename = "impl")]
    pub imp: String,
    /// Precompile name, e.g. `ECRECOVER`.
    pub precompile: String,
    /// The library, e.g. `blst`, or `own (MODEXP)` for the implementation's own code.
    pub library: String,
}

/// `machine.json`: what the benches ran on and with.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
pub struct Machine {
    /// CPU model.
    pub cpu: String,
    /// CPU features the implementations may use (e.g. `adx`, `bmi2`, `sha_ni`).
    pub features: Vec<String>,
    /// `std::thread::available_parallelism()` inside the `cases` process, which runs under the
    /// same CPU affinity as the benches: the size of every thread pool sized from the CPU
    /// count (blst's through `num_cpus`).
    pub available_parallelism: usize,
    /// Who does the math, per implementation and precompile (ours, revm, the backends).
    pub libraries: Vec<Library>,
}

/// One result of `geth.json`.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
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
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
pub struct GethFile {
    /// go-ethereum module version.
    pub version: String,
    /// The timings.
    pub results: Vec<GethResult>,
}

/// The arm of an interleaved set that times implementation `imp` on the set's case.
pub fn case_arm(imp: &str) -> String {
    format!("{imp}/case")
}

/// The arm that times `imp` on the anchor ([`ANCHOR_CASE`]) in the same rounds.
pub fn anchor_arm(imp: &str) -> String {
    format!("{imp}/anchor")
}

/// The second arm timing `imp` on the set's case, for the A/A check (`t(copy) / t(case)`
/// should be 1 within its interval).
pub fn aa_arm(imp: &str) -> String {
    format!("{imp}/case#2")
}

fn one_pass() -> usize {
    1
}

/// `rounds.json`: every case timed interleaved, per mode, with every implementation and each
/// implementation's anchor in the same rounds (written by `evm-benches`' `interleaved` binary).
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
pub struct RoundsFile {
    /// The `started_unix` of the run (`run.json`) that this file belongs to.
    pub started_unix: u64,
    /// Fork of the precompile set.
    pub fork: String,
    /// Quick or careful sizing.
    pub quick: bool,
    /// What an in-process arm's time is: `cpu` (process CPU time) or `wall`; go-ethereum's
    /// arms are timed inside its process on the same clock.
    pub clock: String,
    /// Target time of one batch, ns (a batch is at least one call).
    pub batch_ns: f64,
    /// Sweeps over all sets, each timing its share of every set's rounds (1 in files written
    /// before the sweeps).
    #[serde(default = "one_pass")]
    pub passes: usize,
    /// go-ethereum's version when its arms were timed (through `benches/geth -serve`).
    pub geth: Option<String>,
    /// How the clocks of the timed processes compare.
    pub clocks: Vec<ClockCheck>,
    /// One set per (case, mode).
    pub sets: Vec<RoundSet>,
}

/// One case in one mode, timed interleaved. Arms are named [`case_arm`], [`anchor_arm`] and
/// [`aa_arm`] of each implementation.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
pub struct RoundSet {
    /// Case name.
    pub case: String,
    /// `direct` or `bytecode`.
    pub mode: String,
    /// The rounds.
    pub rounds: crate::stats::Rounds,
}

/// One timed process's clocks: its CPU time over its wall time per batch, and the driver's
/// wall time around a batch over the process's own (1 for the driver itself).
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
pub struct ClockCheck {
    /// `driver` (ours, revm and the backends, in process) or `geth`.
    pub process: String,
    /// Median over batches of CPU time / wall time inside the process.
    pub cpu_per_wall: f64,
    /// Median over batches of the driver's wall time around a batch (request and answer
    /// included) over the process's own wall time of it.
    pub outer_per_inner: f64,
    /// Batches counted.
    pub batches: usize,
}

/// Reads a JSON file into `T`; the error names the file and what is wrong with it.
pub fn read_json<T: serde::de::DeserializeOwned>(path: &Path) -> Result<T, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// Writes `value` as pretty JSON (with a final newline); the error names the file.
pub fn write_json<T: Serialize>(path: &Path, value: &T) -> Result<(), String> {
    let text =
        serde_json::to_string_pretty(value).map_err(|e| format!("{}: {e}", path.display()))?;
    std::fs::write(path, text + "\n").map_err(|e| format!("cannot write {}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn anchor_ids() {
        assert!(is_anchor(ANCHOR_CASE));
        assert!(is_anchor(&anchor_repeat(3)));
        assert!(!is_anchor("EcRecover/ValidKey/repeat-"));
        assert!(!is_anchor("EcRecover/ValidKey/repeat-x"));
        assert!(!is_anchor("EcRecover/InvalidKey"));
    }

    #[test]
    fn round_trip_and_named_errors() {
        let m = Machine {
            cpu: "x".into(),
            features: vec!["adx".into()],
            available_parallelism: 1,
            libraries: vec![Library {
                imp: "ours".into(),
                precompile: "ECRECOVER".into(),
                library: "libsecp256k1".into(),
            }],
        };
        let dir = std::env::temp_dir().join(format!("testkit-files-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let p = dir.join("machine.json");
        write_json(&p, &m).unwrap();
        assert_eq!(read_json::<Machine>(&p).unwrap(), m);
        std::fs::write(&p, "{}").unwrap();
        let e = read_json::<Machine>(&p).unwrap_err();
        assert!(
            e.contains("machine.json") && e.contains("missing field"),
            "{e}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
