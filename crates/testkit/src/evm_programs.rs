//! The EVM benchmark programs of `benches/programs/` (evmone's benchmark set, the synthetic
//! opcode loops and the Ed25519 contract, kept in the repository; upstream sources, commits and
//! licenses in `benches/programs/README.md`), and `programs.json`, the checked list of runs that
//! `cargo xtask evm` hands from the checking binary to the report and to the Go harness.

use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// One input of a program, as in the upstream JSON.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
pub struct ProgramInput {
    /// Input name (not unique within every program).
    pub name: String,
    /// Calldata, hex without `0x`.
    pub calldata_hex: String,
    /// The output the program must return, hex, when upstream gives one.
    #[serde(default)]
    pub expected_output_hex: Option<String>,
}

/// One program file (`main__*.json`, `micro__*.json`, `synth/synth__*.json`,
/// `ed25519__*.json`).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
pub struct Program {
    /// Name, `<group>/<program>` (e.g. `main/weierstrudel`, `synth/DIV/b0`).
    pub name: String,
    /// Runtime bytecode, hex.
    pub code_hex: String,
    /// The inputs (empty for the code-analysis micro benchmarks, which run with no calldata).
    pub inputs: Vec<ProgramInput>,
    /// Where it comes from.
    pub source: String,
    /// Its license.
    pub license: String,
}

impl Program {
    /// The group: the part of the name before the first `/` (`main`, `micro`, `synth`,
    /// `ed25519`).
    pub fn group(&self) -> &str {
        self.name.split('/').next().unwrap_or("")
    }

    /// The inputs with unique names (a repeated name gets `#2`, `#3`, ... appended), and one
    /// empty input named `empty` for a program that has none.
    pub fn named_inputs(&self) -> Vec<ProgramInput> {
        if self.inputs.is_empty() {
            return vec![ProgramInput {
                name: "empty".into(),
                calldata_hex: String::new(),
                expected_output_hex: None,
            }];
        }
        let mut out: Vec<ProgramInput> = Vec::with_capacity(self.inputs.len());
        for input in &self.inputs {
            let seen = out
                .iter()
                .filter(|o| o.name.split('#').next() == Some(input.name.as_str()))
                .count();
            let mut input = input.clone();
            if seen > 0 {
                input.name = format!("{}#{}", input.name, seen + 1);
            }
            out.push(input);
        }
        out
    }
}

/// `benches/programs/` of this checkout.
pub fn programs_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../benches/programs")
}

/// Every program of [`programs_dir`]: the top-level `*.json` files, then `synth/`, each sorted
/// by file name. Fails on an unreadable or malformed file, or when there is none.
pub fn load_programs() -> Result<Vec<Program>, String> {
    let dir = programs_dir();
    let mut programs = Vec::new();
    for sub in [dir.clone(), dir.join("synth")] {
        let mut files: Vec<PathBuf> = std::fs::read_dir(&sub)
            .map_err(|e| format!("cannot read {}: {e}", sub.display()))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "json"))
            .collect();
        files.sort();
        for f in files {
            let p: Program = crate::files::read_json(&f)?;
            if p.code_hex.is_empty() || hex::decode(&p.code_hex).is_err() {
                return Err(format!("{}: code_hex is not non-empty hex", f.display()));
            }
            programs.push(p);
        }
    }
    if programs.is_empty() {
        return Err(format!("no program in {}", dir.display()));
    }
    Ok(programs)
}

/// One checked run of `programs.json`: a program with one input, and what every
/// implementation returned (they agreed, and agreed with the expected output when known).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
pub struct CheckedRun {
    /// Benchmark function id: `<program name>/<input name>`.
    pub id: String,
    /// Group (`main`, `micro`, `synth`, `ed25519`).
    pub group: String,
    /// Runtime bytecode, hex.
    pub code_hex: String,
    /// Calldata, hex.
    pub calldata_hex: String,
    /// The output, hex.
    pub output_hex: String,
    /// Whether upstream's expected output was compared (else only agreement between
    /// implementations was checked).
    pub expected_known: bool,
    /// `success`, `revert` or `halt: <reason>`.
    pub status: String,
    /// Gas used by the transaction.
    pub gas_used: u64,
}

/// `programs.json`.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
pub struct ProgramsFile {
    /// The fork the programs ran at.
    pub fork: String,
    /// The implementations that were checked (criterion group names).
    pub impls: Vec<String>,
    /// The runs, in report order.
    pub runs: Vec<CheckedRun>,
    /// The Ed25519 scaling series of this run, one per contract.
    pub series: Vec<SeriesRecord>,
}

/// `interleaved.json`: per program input, one arithmetic's time over another's, the two timed
/// alternately on one EVM (written by `evm_programs --interleaved`).
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
pub struct InterleavedFile {
    /// The arithmetic in the denominator (`stock`).
    pub base: String,
    /// The arithmetic in the numerator (`uint256`).
    pub other: String,
    /// One ratio per program input, in report order.
    pub ratios: Vec<InterleavedRatio>,
}

/// One program input's `t(other) / t(base)`: the median over rounds (in one memory layout) or
/// over layouts' medians, and its 95 % interval.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
pub struct InterleavedRatio {
    /// `<program>/<input>`, as in [`CheckedRun::id`].
    pub id: String,
    /// Median of the rounds' ratios, or of the layouts' medians.
    pub ratio: f64,
    /// Lower bound of the median's 95 % interval.
    pub low: f64,
    /// Upper bound of the median's 95 % interval.
    pub high: f64,
    /// Rounds timed (each: one sample of each arithmetic), over every layout.
    pub rounds: usize,
    /// Transactions per sample.
    pub batch: u32,
}

/// One Ed25519 contract's scaling series: driver transactions making `n` calls each.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
pub struct SeriesRecord {
    /// Short name (`dela`, `javgh`), the `<contract>` of `scaling-<contract>@<arith>`.
    pub name: String,
    /// The Ed25519 contract's runtime code, hex.
    pub contract_code_hex: String,
    /// The address the driver calls it at, `0x`-prefixed hex.
    pub target: String,
    /// Calldata of the driver (passed on to every call), hex.
    pub calldata_hex: String,
    /// The (x, y) every driver transaction must return, hex.
    pub expected_output_hex: String,
    /// The driver transactions, by call count.
    pub drivers: Vec<DriverRecord>,
}

/// One driver transaction of a [`SeriesRecord`].
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
pub struct DriverRecord {
    /// Calls it makes.
    pub n: u64,
    /// Its code, hex.
    pub code_hex: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_program_loads_and_names_are_unique() {
        let programs = load_programs().unwrap();
        assert!(programs.len() >= 40, "{}", programs.len());
        let mut ids = std::collections::BTreeSet::new();
        for p in &programs {
            assert!(
                ["main", "micro", "synth", "ed25519"].contains(&p.group()),
                "{}",
                p.name
            );
            for i in p.named_inputs() {
                assert!(ids.insert(format!("{}/{}", p.name, i.name)), "{}", i.name);
            }
        }
        let w = programs
            .iter()
            .find(|p| p.name == "main/weierstrudel")
            .unwrap();
        let names: Vec<String> = w.named_inputs().into_iter().map(|i| i.name).collect();
        assert_eq!(names[..3], ["1", "15", "1#2"]);
    }
}
