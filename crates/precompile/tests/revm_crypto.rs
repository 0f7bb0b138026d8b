//! revm's own precompiles with our crypto backend installed (`precompile::revm_crypto`) against
//! stock revm: the same status (halt reason included), gas and output on every vector of
//! `vectors/` and `../shared/vectors/geth/` and on 2,000 generated inputs per precompile
//! (`testkit::inputs`, as `cargo xtask diff` makes them: Osaka's set, and MODEXP at Berlin).
//!
//! `install_crypto` is global and once per process, and stock revm's first crypto call fixes
//! its default backend, so the stock outcomes come from a child process: this test runs its
//! own binary again with `REVM_CRYPTO_STOCK_OUT` set, the child computes every case on stock
//! revm and writes the outcomes to that file, then this process installs our backend and
//! computes them again. Run with `cargo test -p evm-arith-precompile --features revm --test revm_crypto`.
#![cfg(feature = "revm")]

use precompile::revm::precompile_spec_id;
use precompile::{precompiles, Fork};
use revm::precompile::{PrecompileStatus, Precompiles as RevmSet};
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use testkit::inputs::{case_rng, gas_limit, generate, Pool};
use testkit::vector_names::{resolve_name, Target};
use testkit::vectors::{geth_dir_if_present, load_file};

/// The name of the one test of this file (the child process runs it alone).
const TEST_NAME: &str = "installed_backend_matches_stock_revm";
/// Set in the child: where it writes the stock outcomes.
const CHILD_ENV: &str = "REVM_CRYPTO_STOCK_OUT";
/// Generated inputs per precompile, their seed and pool size (those of `cargo xtask test`'s
/// differential run).
const CASES: u64 = 2_000;
const SEED: u64 = 1;
const POOL_SIZE: usize = 32;

/// One call to compare: which precompile, the input and the gas limit.
struct Case {
    label: String,
    target: Target,
    input: Vec<u8>,
    gas_limit: u64,
}

/// What a revm precompile call returned: status (with the halt reason), gas used, output hex.
type Outcome = (String, u64, String);

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .nth(2)
        .expect("crates/precompile is two levels below the root")
        .to_path_buf()
}

/// Every `*.json` file below `dir`, sorted.
fn json_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            json_files(&path, out);
        } else if path.extension().is_some_and(|x| x == "json") {
            out.push(path);
        }
    }
}

/// The vectors of `dir` as cases: each run with its `Gas` (a success), its `GasLimit`, or
/// else the price (as go-ethereum runs failure vectors).
fn vector_cases(dir: &Path, cases: &mut Vec<Case>) {
    let mut files = Vec::new();
    json_files(dir, &mut files);
    assert!(!files.is_empty(), "no vector files in {}", dir.display());
    for file in files {
        let stem = file.file_stem().and_then(|s| s.to_str()).unwrap_or("");
        let (target, _) = resolve_name(stem)
            .unwrap_or_else(|| panic!("{}: no precompile for this name", file.display()));
        let ours = target.precompile().expect("a precompile of ours");
        for v in load_file(&file).unwrap_or_else(|e| panic!("{e}")) {
            let gas_limit = v
                .gas
                .or(v.gas_limit)
                .unwrap_or_else(|| ours.required_gas(&v.input));
            cases.push(Case {
                label: format!("{} {}", file.display(), v.name),
                target,
                input: v.input,
                gas_limit,
            });
        }
    }
}

/// [`CASES`] generated inputs for every precompile of Osaka, and for MODEXP at Berlin.
fn generated_cases(cases: &mut Vec<Case>) {
    let pool = Pool::new(SEED, POOL_SIZE);
    let targets = precompiles(Fork::Osaka)
        .iter()
        .map(|p| (p.number(), Fork::Osaka))
        .chain([(0x05, Fork::Berlin)]);
    for (number, fork) in targets {
        let ours = precompiles(fork).by_number(number).expect("in the set");
        for index in 0..CASES {
            let mut rng = case_rng(SEED, number, index);
            let input = generate(ours.id(), &mut rng, &pool);
            let gas_limit = gas_limit(&mut rng, ours.required_gas(&input));
            cases.push(Case {
                label: format!("generated {number:#x} at {fork}, seed {SEED} case {index}"),
                target: Target::Mainnet { number, fork },
                input,
                gas_limit,
            });
        }
    }
}

/// Every case, in a fixed order (the child and the parent build the same list).
fn all_cases() -> (Vec<Case>, usize) {
    let mut cases = Vec::new();
    vector_cases(&workspace_root().join("vectors"), &mut cases);
    if let Some(dir) = geth_dir_if_present("revm_crypto vectors").unwrap_or_else(|e| panic!("{e}"))
    {
        vector_cases(&dir, &mut cases);
    }
    let vectors = cases.len();
    generated_cases(&mut cases);
    (cases, vectors)
}

/// Runs `case` through revm's precompile for its target, with whatever backend is installed.
fn run(case: &Case) -> Outcome {
    let p = match case.target {
        Target::P256Rip7212 => &revm::precompile::secp256r1::P256VERIFY,
        Target::Mainnet { number, fork } => RevmSet::new(precompile_spec_id(fork))
            .get(&revm::precompile::u64_to_address(u64::from(number)))
            .unwrap_or_else(|| panic!("revm has no {number:#x} at {fork}")),
    };
    match p.execute(&case.input, case.gas_limit, 0) {
        Ok(out) => {
            let status = match out.status {
                PrecompileStatus::Halt(h) => format!("halt {h:?}"),
                s => format!("{s:?}"),
            };
            (status, out.gas_used, hex::encode(&out.bytes))
        }
        Err(e) => (format!("fatal {e}"), 0, String::new()),
    }
}

/// The name of the backend revm uses now (`Debug` of the installed `Crypto`).
fn backend() -> String {
    format!("{:?}", revm::precompile::crypto())
}

#[test]
fn installed_backend_matches_stock_revm() {
    let (cases, vectors) = all_cases();
    if let Ok(path) = std::env::var(CHILD_ENV) {
        // The child: stock revm only.
        let stock: Vec<Outcome> = cases.iter().map(run).collect();
        assert_eq!(backend(), "DefaultCrypto", "the child runs stock revm");
        std::fs::write(&path, serde_json::to_vec(&stock).unwrap()).unwrap();
        return;
    }
    let out = std::env::temp_dir().join(format!("revm_crypto_stock_{}.json", std::process::id()));
    let status = Command::new(std::env::current_exe().unwrap())
        .args([TEST_NAME, "--exact", "--test-threads=1"])
        .env(CHILD_ENV, &out)
        .status()
        .expect("run the child test process");
    assert!(status.success(), "the stock-revm child failed: {status}");
    let stock: Vec<Outcome> = serde_json::from_slice(&std::fs::read(&out).unwrap()).unwrap();
    let _ = std::fs::remove_file(&out);
    assert_eq!(stock.len(), cases.len(), "the child ran the same cases");

    assert!(precompile::revm_crypto::install(), "first install");
    assert_eq!(backend(), "RevmCrypto");
    assert!(
        !precompile::revm_crypto::install(),
        "install is once per process"
    );

    let mut mismatches = Vec::new();
    let mut successes = 0;
    for (case, theirs) in cases.iter().zip(&stock) {
        let ours = run(case);
        successes += usize::from(ours.0 == "Success");
        if &ours != theirs {
            mismatches.push(format!(
                "{} (input {}, gas limit {}):\n  ours  {ours:?}\n  stock {theirs:?}",
                case.label,
                hex::encode(&case.input),
                case.gas_limit
            ));
        }
    }
    let _ = writeln!(
        std::io::stderr(),
        "revm_crypto: {} cases ({vectors} vectors, {} generated), {successes} successful, \
         {} mismatches against stock revm",
        cases.len(),
        cases.len() - vectors,
        mismatches.len()
    );
    assert!(
        mismatches.is_empty(),
        "{} mismatches, the first:\n{}",
        mismatches.len(),
        mismatches[..mismatches.len().min(10)].join("\n")
    );
}
