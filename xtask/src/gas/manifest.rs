//! `run.json`: what one `cargo xtask gas` run set out to measure, written into its result
//! directory before the benches start. `--from DIR` reads it back to check that DIR's criterion
//! results are exactly this run's (see [`super::data::read_run`]).

use serde::{Deserialize, Serialize};
use std::path::Path;
use testkit::files::read_json;

/// The contents of `run.json`.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
pub struct RunManifest {
    /// When the run started, seconds since the Unix epoch: a result written earlier is stale.
    pub started_unix: u64,
    /// Fork of the nominal prices.
    pub fork: String,
    /// Quick (rough) or careful mode.
    pub quick: bool,
    /// The filter given to criterion (the user's `--filter` or'ed with the anchor), if any.
    pub filter: Option<String>,
    /// Threads every implementation was allowed (`--threads`, default 1).
    pub threads: usize,
    /// The CPUs the benches were pinned to (`taskset --cpu-list`), if pinning was possible.
    pub cpus: Option<String>,
    /// What criterion timed: `cpu` (the process's CPU time, single-threaded runs) or `wall`.
    pub clock: String,
    /// Every criterion benchmark id the run expects a result for (criterion's `--list`).
    pub expected: Vec<String>,
    /// Whether go-ethereum was measured (its results are in `geth.json`).
    pub geth: bool,
}

impl RunManifest {
    /// Reads `DIR/run.json`; an error naming `command` (`gas`, `evm`) when DIR has none, since
    /// then DIR is not the result directory of a `cargo xtask <command>` run.
    pub fn read(dir: &Path, command: &str) -> Result<Self, String> {
        let path = dir.join("run.json");
        if !path.is_file() {
            return Err(format!(
                "{} has no run.json: not the result directory of a `cargo xtask {command}` run",
                dir.display()
            ));
        }
        read_json(&path)
    }
}
