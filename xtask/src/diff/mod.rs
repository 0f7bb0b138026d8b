//! `cargo xtask diff`: the differential campaign. Generates inputs per precompile
//! (`testkit::inputs`), runs ours and each peer (revm-precompile, go-ethereum through
//! `benches/geth -serve`) and compares success, output bytes and gas used. Every mismatch is
//! written to `vectors/regressions/` as a go-ethereum-format vector holding the peer's answer.
//! `--vectors PATH` instead replays vector files through go-ethereum.

mod campaign;
mod geth;
mod regressions;
mod replay;

use precompile::{precompiles, Fork, Precompile};
use std::path::PathBuf;
use std::process::ExitCode;
use testkit::inputs::Family;

/// Options of `cargo xtask diff`.
#[derive(clap::Args)]
pub struct Args {
    /// The peers to compare with: `revm`, `geth` or both (`revm,geth`).
    #[arg(long, value_delimiter = ',', default_value = "revm")]
    against: Vec<Peer>,
    /// Only these precompiles: a name (`MODEXP`, `bls12_g1msm`, case-insensitive) or an
    /// address (`0x05`, `0x100`); repeatable. Default: every precompile of the fork.
    #[arg(long = "precompile", value_name = "NAME|ADDR")]
    precompiles: Vec<String>,
    /// Only inputs of this edge family (`testkit::inputs::Family`: modexp-edge,
    /// bn254-g2-cofactor, bls-g1-cofactor, bls-g2-cofactor, kzg-coincidence), for its
    /// precompiles (those of `--precompile` among them, when given).
    #[arg(long, value_name = "NAME")]
    family: Option<String>,
    /// Inputs per precompile.
    #[arg(long, default_value_t = 10_000)]
    cases: u64,
    /// Seed of the generators (the same seed gives the same inputs, whatever `--jobs`).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The fork whose precompiles and prices are compared.
    #[arg(long, default_value = "Osaka")]
    fork: Fork,
    /// Worker threads (each with its own go-ethereum process). Default: the number of CPUs.
    #[arg(long)]
    jobs: Option<usize>,
    /// Replay go-ethereum-format vector files (files or directories) through go-ethereum
    /// instead of generating inputs, and report which files agree.
    #[arg(long, value_name = "PATH", num_args = 1..)]
    vectors: Vec<PathBuf>,
    /// Where mismatches are written (default: `vectors/regressions/`).
    #[arg(long)]
    regressions: Option<PathBuf>,
}

/// A peer implementation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Peer {
    /// revm-precompile 43, in this process.
    Revm,
    /// go-ethereum (`benches/geth -serve`), one process per worker.
    Geth,
}

impl Peer {
    fn name(self) -> &'static str {
        match self {
            Peer::Revm => "revm",
            Peer::Geth => "geth",
        }
    }
}

/// `cargo xtask diff`.
pub fn run(args: Args) -> Result<ExitCode, String> {
    let root = crate::test::workspace_root();
    if !args.vectors.is_empty() {
        return replay::run(&root, &args.vectors);
    }
    let family = args.family.as_deref().map(parse_family).transpose()?;
    let mut selected = select(args.fork, &args.precompiles)?;
    if let Some(f) = family {
        selected.retain(|p| f.precompiles().contains(&p.id()));
        if selected.is_empty() {
            return Err(format!(
                "family {f} has no input for the precompiles selected at {}",
                args.fork
            ));
        }
    }
    let jobs = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    let mut peers = args.against.clone();
    peers.dedup();
    let plan = campaign::Plan {
        fork: args.fork,
        precompiles: selected,
        family,
        peers,
        cases: args.cases,
        seed: args.seed,
        jobs,
    };
    let regressions = args
        .regressions
        .unwrap_or_else(|| root.join("vectors").join("regressions"));
    campaign::run(&root, plan, &regressions)
}

/// The short run of `cargo xtask test`: 2,000 inputs per precompile at Osaka and MODEXP at
/// Berlin, seed 1, against revm and, when Go is installed, go-ethereum. Returns whether no
/// mismatch was found.
pub fn ci(root: &std::path::Path) -> Result<bool, String> {
    let mut peers = vec![Peer::Revm];
    match crate::gas::geth::check_go() {
        Ok(_) => peers.push(Peer::Geth),
        Err(e) => println!("diff: comparing with revm only ({e})"),
    }
    let regressions = root.join("vectors").join("regressions");
    let jobs = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut ok = true;
    for (fork, names) in [
        (Fork::Osaka, vec![]),
        (Fork::Berlin, vec!["MODEXP".to_string()]),
    ] {
        let plan = campaign::Plan {
            fork,
            precompiles: select(fork, &names)?,
            family: None,
            peers: peers.clone(),
            cases: 2_000,
            seed: 1,
            jobs,
        };
        ok &= campaign::run(root, plan, &regressions)? == ExitCode::SUCCESS;
    }
    Ok(ok)
}

/// The edge family named `name`.
fn parse_family(name: &str) -> Result<Family, String> {
    Family::from_name(name).ok_or_else(|| {
        let names: Vec<&str> = Family::ALL.iter().map(|f| f.name()).collect();
        format!("no family {name:?} (families: {})", names.join(", "))
    })
}

/// The precompiles of `fork` named by `wanted` (names or addresses), or all of them.
fn select(fork: Fork, wanted: &[String]) -> Result<Vec<Precompile>, String> {
    let set = precompiles(fork);
    if wanted.is_empty() {
        return Ok(set.iter().copied().collect());
    }
    wanted
        .iter()
        .map(|w| {
            let by_name = set.iter().find(|p| p.name().eq_ignore_ascii_case(w));
            let by_number = crate::vectors::parse_address(w)
                .ok()
                .and_then(|n| set.by_number(n));
            by_name.or(by_number).copied().ok_or_else(|| {
                let names: Vec<&str> = set.iter().map(|p| p.name()).collect();
                format!(
                    "no precompile {w:?} at {fork} (names: {}; or an address like 0x05)",
                    names.join(", ")
                )
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn selects_by_name_and_address() {
        let names = |w: &[&str]| -> Result<Vec<&str>, String> {
            let w: Vec<String> = w.iter().map(|s| s.to_string()).collect();
            Ok(select(Fork::Osaka, &w)?.iter().map(|p| p.name()).collect())
        };
        assert_eq!(
            names(&["modexp", "0x100"]).unwrap(),
            ["MODEXP", "P256VERIFY"]
        );
        assert_eq!(names(&["0c"]).unwrap(), ["BLS12_G1MSM"]);
        assert_eq!(names(&[]).unwrap().len(), 18);
        assert!(names(&["nope"]).unwrap_err().contains("no precompile"));
        assert!(select(Fork::Prague, &["0x100".to_string()]).is_err());
    }

    #[test]
    fn parses_families() {
        assert_eq!(parse_family("kzg-coincidence"), Ok(Family::KzgCoincidence));
        assert_eq!(parse_family("BLS_G1_COFACTOR"), Ok(Family::BlsG1Cofactor));
        assert!(parse_family("nope").unwrap_err().contains("modexp-edge"));
    }
}
