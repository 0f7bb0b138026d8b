//! `cargo xtask diff --vectors PATH...`: go-ethereum as an independent oracle of vector files.
//! Each case runs through go-ethereum at the file's precompile and fork (from its name, as
//! `cargo xtask vectors` maps it): a success case must succeed with the expected output and gas
//! at a limit of `Gas`; a failure case must fail at `GasLimit` (or our price).

use super::geth::{self, Server};
use crate::vectors::{collect_files, resolve_name, Target};
use precompile::precompiles;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use testkit::inputs::MAX_LIMIT;
use testkit::oracle::Outcome;
use testkit::vectors::{load_file, Vector};

/// Replays every vector file under `paths` through go-ethereum; prints a line per file and the
/// totals; fails if any case disagrees or a file cannot be read.
pub fn run(root: &Path, paths: &[PathBuf]) -> Result<ExitCode, String> {
    let mut server = Server::start(&geth::build(root)?)?;
    println!(
        "replaying vector files through go-ethereum {}",
        server.version()
    );
    let mut files = Vec::new();
    for p in paths {
        collect_files(p, &mut files)?;
    }
    let (mut agree, mut disagree, mut skipped) = (0, 0, 0);
    for file in &files {
        match replay_file(&mut server, file)? {
            FileResult::Agrees(n) => {
                agree += 1;
                println!("agree     {} ({n} cases)", file.display());
            }
            FileResult::Disagrees(bad, n) => {
                disagree += 1;
                println!("DISAGREE  {} ({bad} of {n} cases)", file.display());
            }
            FileResult::Skipped(why) => {
                skipped += 1;
                println!("skipped   {}: {why}", file.display());
            }
        }
    }
    println!(
        "{agree} files agree with go-ethereum {}, {disagree} disagree, {skipped} skipped",
        server.version()
    );
    Ok(if disagree == 0 && agree > 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

enum FileResult {
    Agrees(usize),
    Disagrees(usize, usize),
    Skipped(String),
}

fn replay_file(server: &mut Server, file: &Path) -> Result<FileResult, String> {
    let stem = file.file_stem().and_then(|s| s.to_str()).unwrap_or("");
    let Some((target, fail_file)) = resolve_name(stem) else {
        return Ok(FileResult::Skipped("the name maps to no precompile".into()));
    };
    let Target::Mainnet { number, fork } = target else {
        return Ok(FileResult::Skipped(
            "RIP-7212 P256VERIFY is not a go-ethereum mainnet precompile".into(),
        ));
    };
    let Some(ours) = precompiles(fork).by_number(number) else {
        return Ok(FileResult::Skipped(format!(
            "no precompile {number:#x} at {fork}"
        )));
    };
    let vectors = load_file(file)?;
    let mut bad = 0;
    for (i, v) in vectors.iter().enumerate() {
        let must_fail = fail_file || v.expected_error.is_some() || v.expected.is_none();
        let limit = if must_fail {
            v.gas_limit
                .unwrap_or_else(|| ours.required_gas(&v.input).min(MAX_LIMIT))
        } else {
            v.gas.unwrap_or(MAX_LIMIT)
        };
        let answer = server.call(fork, number, &v.input, limit)?;
        if let Err(why) = agrees(v, must_fail, &answer.outcome) {
            bad += 1;
            let name = if v.name.is_empty() {
                format!("#{i}")
            } else {
                v.name.clone()
            };
            println!(
                "  {} [{name}]: {why} (go-ethereum: {})",
                file.display(),
                answer.reason.as_deref().unwrap_or("success")
            );
        }
    }
    Ok(if bad == 0 {
        FileResult::Agrees(vectors.len())
    } else {
        FileResult::Disagrees(bad, vectors.len())
    })
}

/// Whether go-ethereum's `outcome` is what vector `v` expects.
fn agrees(v: &Vector, must_fail: bool, outcome: &Option<Outcome>) -> Result<(), String> {
    match (must_fail, outcome) {
        (_, None) => Err("go-ethereum has no such precompile".into()),
        (true, Some(Outcome::Failure { .. })) => Ok(()),
        (true, Some(Outcome::Success { output, .. })) => Err(format!(
            "expected an error, go-ethereum returned 0x{}",
            hex::encode(output)
        )),
        (false, Some(Outcome::Failure { out_of_gas })) => Err(format!(
            "expected success, go-ethereum failed{}",
            if *out_of_gas { " (out of gas)" } else { "" }
        )),
        (false, Some(Outcome::Success { output, gas_used })) => {
            if Some(output) != v.expected.as_ref() {
                Err(format!("output 0x{}", hex::encode(output)))
            } else if v.gas.is_some_and(|g| g != *gas_used) {
                Err(format!("gas {gas_used}, expected {:?}", v.gas))
            } else {
                Ok(())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_case_agrees_only_with_its_expectation() {
        let ok = |output: &[u8], gas| {
            Some(Outcome::Success {
                output: output.to_vec(),
                gas_used: gas,
            })
        };
        let success = Vector {
            expected: Some(vec![1, 2]),
            gas: Some(18),
            ..Vector::default()
        };
        assert!(agrees(&success, false, &ok(&[1, 2], 18)).is_ok());
        assert!(agrees(&success, false, &ok(&[1, 3], 18)).is_err());
        assert!(agrees(&success, false, &ok(&[1, 2], 19)).is_err());
        assert!(agrees(
            &success,
            false,
            &Some(Outcome::Failure { out_of_gas: false })
        )
        .is_err());
        assert!(agrees(&success, false, &None).is_err());
        let failure = Vector {
            expected_error: Some("invalid input length".into()),
            ..Vector::default()
        };
        assert!(agrees(
            &failure,
            true,
            &Some(Outcome::Failure { out_of_gas: false })
        )
        .is_ok());
        assert!(agrees(&failure, true, &ok(&[], 0)).is_err());
    }
}
