//! Mismatches as go-ethereum-format vectors in `vectors/regressions/`: one file per precompile
//! and fork (`modexp_berlin.json`, ...), named so that `cargo xtask vectors` maps it, holding
//! the peer's answer as the expectation, so that a fix comes with its test.

use super::campaign::Mismatch;
use precompile::Fork;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use testkit::oracle::Outcome;
use testkit::vectors::{load_file, write_file, Vector};

/// The vector-file base name the runner maps to precompile `number`: its go-ethereum stem
/// (`modexp`, `blsg1multiexp`).
fn base_name(number: u16) -> String {
    precompile::PrecompileId::from_number(number).map_or_else(
        || format!("precompile{number:x}"),
        |id| id.geth_stem().to_ascii_lowercase(),
    )
}

/// The file of `number` at `fork` under `dir`.
fn file_for(dir: &Path, number: u16, fork: Fork) -> PathBuf {
    dir.join(format!(
        "{}_{}.json",
        base_name(number),
        fork.name().to_ascii_lowercase()
    ))
}

/// The vector of one mismatch: the peer's answer as expectation; our answer, the peer and how
/// to regenerate the case in its name.
fn vector(m: &Mismatch, geth_version: Option<&str>) -> Vector {
    let peer = match (m.peer, geth_version) {
        (super::Peer::Geth, Some(v)) => format!("go-ethereum {v}"),
        (super::Peer::Geth, None) => "go-ethereum".into(),
        (super::Peer::Revm, _) => "revm-precompile 43".into(),
    };
    let name = format!(
        "cargo xtask diff --seed {} case {} (limit {}): {peer} says {}; ours {}",
        m.seed,
        m.index,
        m.gas_limit,
        m.theirs.describe(),
        m.ours.describe()
    );
    let mut v = Vector {
        input: m.input.clone(),
        name,
        ..Vector::default()
    };
    match &m.theirs.outcome {
        Some(Outcome::Success { output, gas_used }) => {
            v.expected = Some(output.clone());
            v.gas = Some(*gas_used);
        }
        _ => {
            v.expected_error = Some(format!("{peer}: {}", m.theirs.describe()));
            v.gas_limit = Some(m.gas_limit);
        }
    }
    v
}

/// Appends `mismatches` to their files under `dir` (created when missing; an input already in
/// the file is not added again); returns the files written.
pub fn write(
    dir: &Path,
    mismatches: &[Mismatch],
    geth_version: Option<&str>,
) -> Result<Vec<PathBuf>, String> {
    let mut by_file: BTreeMap<PathBuf, Vec<Vector>> = BTreeMap::new();
    for m in mismatches {
        let file = file_for(dir, m.precompile.number(), m.fork);
        by_file
            .entry(file)
            .or_default()
            .push(vector(m, geth_version));
    }
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut written = Vec::new();
    for (file, new) in by_file {
        let mut all = if file.exists() {
            load_file(&file)?
        } else {
            Vec::new()
        };
        for v in new {
            if !all.iter().any(|old| old.input == v.input) {
                all.push(v);
            }
        }
        write_file(&file, &all)?;
        written.push(file);
    }
    Ok(written)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_names_map_back_to_the_precompile() {
        for (number, fork) in [
            (0x05u16, Fork::Berlin),
            (0x0c, Fork::Osaka),
            (0x100, Fork::Osaka),
        ] {
            let file = file_for(Path::new("r"), number, fork);
            let stem = file.file_stem().unwrap().to_str().unwrap();
            let (target, fail) = crate::vectors::resolve_name(stem).unwrap();
            assert!(!fail);
            assert_eq!(target, crate::vectors::Target::Mainnet { number, fork });
        }
        assert_eq!(base_name(0x0c), "blsg1multiexp");
        assert_eq!(base_name(0x05), "modexp");
    }
}
