//! `cargo xtask fuzz`: runs the cargo-fuzz targets of `fuzz/` (nightly, `cargo +nightly fuzz`)
//! with a corpus seeded from the vector files: every input of `vectors/` (and of go-ethereum's
//! `../shared/vectors/geth/` when present) becomes a seed of the target of its precompile and of
//! `any`, prefixed with the selector byte(s) that pick the file's fork and a sufficient gas
//! limit (see `fuzz/src/lib.rs`); so does every input of [`FAMILY_SEEDS`] drawn from each edge
//! family of `testkit::inputs` (`Family`) for each of its precompiles, at Osaka.

use crate::vectors::{collect_files, resolve_name, Target};
use precompile::{precompiles, Fork, PrecompileId};
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::Instant;
use testkit::inputs::{case_rng, Family, Pool};

/// Options of `cargo xtask fuzz`.
#[derive(clap::Args)]
pub struct Args {
    /// Seconds per target.
    #[arg(long, default_value_t = 60)]
    seconds: u64,
    /// Only these targets (repeatable; `cargo +nightly fuzz list` in fuzz/ lists them).
    /// Default: every target.
    #[arg(long = "target", value_name = "T")]
    targets: Vec<String>,
    /// Only seed the corpus (`fuzz/corpus/<target>/`), do not fuzz.
    #[arg(long)]
    seed_only: bool,
}

/// The selector byte of `fuzz_precompile` that picks `fork` among the forks having `number`
/// (`selector % forks`) and a gas limit equal to the price (`(selector / 8) % 4 >= 2`).
fn selector(number: u16, fork: Fork) -> Option<u8> {
    let forks: Vec<Fork> = Fork::ALL
        .into_iter()
        .filter(|&f| precompiles(f).by_number(number).is_some())
        .collect();
    let index = forks.iter().position(|&f| f == fork)?;
    (0..=255u8).find(|&s| s as usize % forks.len() == index && (s / 8) % 4 >= 2)
}

/// Writes `data` into `dir` under a name derived from its content; returns whether it is new.
fn write_seed(dir: &Path, data: &[u8]) -> Result<bool, String> {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    data.hash(&mut h);
    let file = dir.join(format!("seed-{:016x}", h.finish()));
    if file.exists() {
        return Ok(false);
    }
    std::fs::write(&file, data).map_err(|e| format!("{}: {e}", file.display()))?;
    Ok(true)
}

/// Seeds per precompile drawn from each edge family.
pub const FAMILY_SEEDS: u64 = 64;

/// The family seeds: for each family and each of its precompiles, [`FAMILY_SEEDS`] inputs
/// (seed 1, `Family::generate`) as `(index in PrecompileId::ALL, Osaka's selector, input)`.
fn family_seeds() -> Vec<(usize, u8, Vec<u8>)> {
    let pool = Pool::new(1, 4);
    let mut out = Vec::new();
    for family in Family::ALL {
        for &id in family.precompiles() {
            let slot = PrecompileId::ALL.iter().position(|&p| p == id);
            let (Some(slot), Some(sel)) = (slot, selector(id.number(), Fork::Osaka)) else {
                continue;
            };
            for i in 0..FAMILY_SEEDS {
                let mut rng = case_rng(1, id.number(), i);
                out.extend(
                    family
                        .generate(id, &mut rng, &pool)
                        .map(|input| (slot, sel, input)),
                );
            }
        }
    }
    out
}

/// Seeds `fuzz/corpus/<target>/` from the vector files under `sources` and from the edge
/// families; returns the number of new seeds per target.
fn seed_corpus(fuzz_dir: &Path, sources: &[PathBuf]) -> Result<Vec<(String, usize)>, String> {
    let mut files = Vec::new();
    for s in sources {
        collect_files(s, &mut files)?;
    }
    let mut counts: Vec<(String, usize)> = PrecompileId::ALL
        .iter()
        .map(|id| (id.fuzz_target().to_string(), 0))
        .chain([("any".to_string(), 0)])
        .collect();
    for (name, _) in &counts {
        let dir = fuzz_dir.join("corpus").join(name);
        std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    for file in files {
        let stem = file.file_stem().and_then(|s| s.to_str()).unwrap_or("");
        let Some((Target::Mainnet { number, fork }, _)) = resolve_name(stem) else {
            continue;
        };
        let (Some(slot), Some(sel)) = (
            PrecompileId::ALL
                .iter()
                .position(|id| id.number() == number),
            selector(number, fork),
        ) else {
            continue;
        };
        let Ok(vectors) = testkit::vectors::load_file(&file) else {
            continue;
        };
        for v in vectors {
            add_seed(fuzz_dir, &mut counts, slot, sel, &v.input)?;
        }
    }
    for (slot, sel, input) in family_seeds() {
        add_seed(fuzz_dir, &mut counts, slot, sel, &input)?;
    }
    Ok(counts)
}

/// Writes `input` for precompile `PrecompileId::ALL[slot]` behind selector `sel` into its
/// target's corpus and (behind `slot`) into `any`'s, counting the new seeds in `counts`.
fn add_seed(
    fuzz_dir: &Path,
    counts: &mut [(String, usize)],
    slot: usize,
    sel: u8,
    input: &[u8],
) -> Result<(), String> {
    let corpus = fuzz_dir.join("corpus");
    let one = [&[sel][..], input].concat();
    let target_dir = corpus.join(PrecompileId::ALL[slot].fuzz_target());
    counts[slot].1 += usize::from(write_seed(&target_dir, &one)?);
    let any = [&[slot as u8][..], &one].concat();
    counts[PrecompileId::ALL.len()].1 += usize::from(write_seed(&corpus.join("any"), &any)?);
    Ok(())
}

/// The result of one target's run.
struct Run {
    target: String,
    executions: Option<u64>,
    seconds: f64,
    ok: bool,
}

/// `cargo xtask fuzz`.
pub fn run(args: Args) -> Result<ExitCode, String> {
    let root = crate::test::workspace_root();
    let fuzz_dir = root.join("fuzz");
    let mut sources = vec![root.join("vectors")];
    if let Ok(Some(geth)) = testkit::vectors::geth_dir_if_present("fuzz corpus seeds") {
        sources.push(geth);
    }
    for (target, n) in seed_corpus(&fuzz_dir, &sources)? {
        if n > 0 {
            println!("corpus {target}: {n} new seed(s) from the vector files");
        }
    }
    if args.seed_only {
        return Ok(ExitCode::SUCCESS);
    }
    let version = Command::new("cargo")
        .current_dir(&fuzz_dir)
        .args(["+nightly", "fuzz", "--version"])
        .output();
    if !version.is_ok_and(|o| o.status.success()) {
        return Err(
            "needs cargo-fuzz on a nightly toolchain: `rustup toolchain install \
                    nightly` and `cargo install cargo-fuzz`"
                .into(),
        );
    }
    let known: Vec<&str> = PrecompileId::ALL
        .iter()
        .map(|id| id.fuzz_target())
        .chain(["any"])
        .collect();
    let targets: Vec<String> = if args.targets.is_empty() {
        known.iter().map(|t| t.to_string()).collect()
    } else {
        for t in &args.targets {
            if !known.contains(&t.as_str()) {
                return Err(format!(
                    "unknown target {t:?} (targets: {})",
                    known.join(", ")
                ));
            }
        }
        args.targets.clone()
    };
    let mut runs = Vec::new();
    for target in targets {
        println!("fuzz {target} for {} s", args.seconds);
        let started = Instant::now();
        let out = Command::new("cargo")
            .current_dir(&fuzz_dir)
            .args(["+nightly", "fuzz", "run", &target])
            .arg(fuzz_dir.join("corpus").join(&target))
            .args([
                "--",
                &format!("-max_total_time={}", args.seconds),
                "-print_final_stats=1",
            ])
            .env_remove("CARGO_TARGET_DIR")
            .output()
            .map_err(|e| format!("cannot run cargo fuzz: {e}"))?;
        let log = String::from_utf8_lossy(&out.stderr);
        let run = Run {
            target: target.clone(),
            executions: executions(&log),
            seconds: started.elapsed().as_secs_f64(),
            ok: out.status.success(),
        };
        if !run.ok {
            let tail: Vec<&str> = log.lines().rev().take(40).collect();
            for line in tail.into_iter().rev() {
                println!("  {line}");
            }
            println!("  FINDING in {target}: see fuzz/artifacts/{target}/");
        }
        runs.push(run);
    }
    println!(
        "{:<20} {:>14} {:>8}  result",
        "target", "executions", "time"
    );
    for r in &runs {
        println!(
            "{:<20} {:>14} {:>7.0}s  {}",
            r.target,
            r.executions.map_or("?".into(), |e| e.to_string()),
            r.seconds,
            if r.ok { "no finding" } else { "FINDING" }
        );
    }
    let findings = runs.iter().filter(|r| !r.ok).count();
    println!("{} targets fuzzed, {findings} with findings", runs.len());
    Ok(if findings == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// The number of executions libFuzzer reports (`stat::number_of_executed_units: N`).
fn executions(log: &str) -> Option<u64> {
    log.lines()
        .filter_map(|l| l.strip_prefix("stat::number_of_executed_units:"))
        .filter_map(|n| n.trim().parse().ok())
        .next_back()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn selectors_pick_the_fork_and_a_sufficient_limit() {
        // MODEXP exists from Byzantium: forks Byzantium, Istanbul, Berlin, Cancun, Prague, Osaka.
        let s = selector(0x05, Fork::Berlin).unwrap();
        assert_eq!(s % 6, 2);
        assert!((s / 8) % 4 >= 2);
        assert!(selector(0x100, Fork::Osaka).is_some());
        assert_eq!(selector(0x05, Fork::Homestead), None);
    }

    #[test]
    fn executions_are_read_from_the_final_stats() {
        let log = "#1 INITED\nstat::number_of_executed_units: 12345\nstat::peak_rss_mb: 80\n";
        assert_eq!(executions(log), Some(12345));
        assert_eq!(executions("crash"), None);
    }

    /// The corpus gets every family's seeds, behind the Osaka selector, in each precompile's
    /// target and in `any`.
    #[test]
    fn corpus_holds_the_family_seeds() {
        let dir = std::env::temp_dir().join(format!("xtask-fuzz-seeds-{}", std::process::id()));
        let counts = seed_corpus(&dir, &[]).unwrap();
        let seeds = family_seeds();
        for family in Family::ALL {
            for &id in family.precompiles() {
                let slot = PrecompileId::ALL.iter().position(|&p| p == id).unwrap();
                let n = seeds.iter().filter(|(s, _, _)| *s == slot).count();
                assert!(n as u64 >= FAMILY_SEEDS, "{family} {id:?}: {n}");
                assert!(counts[slot].1 > 0, "{id:?}: no new seed written");
                // The first seed is the family's first input, behind Osaka's selector.
                let mut rng = case_rng(1, id.number(), 0);
                let first = family.generate(id, &mut rng, &Pool::new(1, 4)).unwrap();
                let sel = selector(id.number(), Fork::Osaka).unwrap();
                let corpus = dir.join("corpus").join(id.fuzz_target());
                let found = std::fs::read_dir(&corpus).unwrap().any(|e| {
                    std::fs::read(e.unwrap().path()).unwrap() == [&[sel][..], &first].concat()
                });
                assert!(found, "{id:?}: first family seed missing");
            }
        }
        assert!(counts.last().unwrap().1 > 0);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// `fuzz/Cargo.toml` has exactly the registry's targets and `any`, and each target's file
    /// fuzzes its own precompile (`fuzz/src/lib.rs` takes `PrecompileId::ALL` for `any`).
    #[test]
    fn targets_follow_the_registry() {
        let fuzz = crate::test::workspace_root().join("fuzz");
        let manifest = std::fs::read_to_string(fuzz.join("Cargo.toml")).unwrap();
        let mut bins: Vec<&str> = manifest
            .lines()
            .filter_map(|l| l.strip_prefix("name = \""))
            .filter_map(|l| l.strip_suffix('"'))
            .filter(|n| *n != "precompile-fuzz")
            .collect();
        bins.sort_unstable();
        let mut expected: Vec<&str> = PrecompileId::ALL
            .iter()
            .map(|id| id.fuzz_target())
            .chain(["any"])
            .collect();
        expected.sort_unstable();
        assert_eq!(bins, expected);
        for id in PrecompileId::ALL {
            let file = fuzz
                .join("fuzz_targets")
                .join(format!("{}.rs", id.fuzz_target()));
            let text = std::fs::read_to_string(&file).unwrap();
            assert!(
                text.contains(&format!("fuzz_precompile(PrecompileId::{id:?}, data)")),
                "{} does not fuzz {id:?}",
                file.display()
            );
        }
        let lib = std::fs::read_to_string(fuzz.join("src").join("lib.rs")).unwrap();
        assert!(lib.contains("PrecompileId::ALL[which as usize % PrecompileId::ALL.len()]"));
    }
}
