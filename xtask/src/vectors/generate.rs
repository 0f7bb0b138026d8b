//! `cargo xtask vectors --generate`: writes the project's own vectors (`vectors/*.json`) with
//! `revm-precompile` 43 as the oracle (through `testkit::oracle`).
//!
//! Each file lists hand-picked inputs (the edge cases of each precompile: every failure path,
//! every length rule's boundary, the gas rule's breakpoints), one module per precompile family;
//! `Expected`/`Gas` or `ExpectedError` are whatever revm-precompile returns for them. Points,
//! signatures and proofs come from the EIPs' and go-ethereum's published vectors, from arkworks
//! (a BN254 G2 point outside the subgroup) or are computed with revm-precompile itself
//! (multiples, negations). This module is the writer: it runs the oracle and writes the files.

mod blake2f;
mod bls12_381;
mod bn254;
mod bytes;
mod ecrecover;
mod hashes;
mod modexp;
mod p256;
mod point_evaluation;

use super::Target;
use precompile::Fork;
use std::path::Path;
use testkit::oracle::{revm_execute, revm_precompile, Outcome};
use testkit::vectors::{write_file, Vector};

/// The gas limit the oracle runs with unless an input gives its own (more than any block has).
const GEN_LIMIT: u64 = 1 << 40;

/// One input to record, with its name in the file.
struct NamedInput {
    name: String,
    input: Vec<u8>,
    /// An explicit gas limit (recorded as `GasLimit` when the call fails).
    gas_limit: Option<u64>,
}

/// An input run at [`GEN_LIMIT`].
fn named(name: impl Into<String>, input: Vec<u8>) -> NamedInput {
    NamedInput {
        name: name.into(),
        input,
        gas_limit: None,
    }
}

/// An input run at `limit`.
fn named_with_limit(name: impl Into<String>, input: Vec<u8>, limit: u64) -> NamedInput {
    NamedInput {
        name: name.into(),
        input,
        gas_limit: Some(limit),
    }
}

/// The oracle: revm-precompile's result for `input` at `limit`: `Ok((output, gas))` or
/// `Err(revm's error text)`.
fn oracle(target: Target, input: &[u8], limit: u64) -> Result<(Vec<u8>, u64), String> {
    let p = match target {
        Target::P256Rip7212 => &revm_precompile::secp256r1::P256VERIFY,
        Target::Mainnet { number, fork } => {
            revm_precompile(fork, number).expect("revm has the precompile at this fork")
        }
    };
    let result = revm_execute(p, input, limit);
    match result.outcome {
        Outcome::Success { output, gas_used } => Ok((output, gas_used)),
        Outcome::Failure { .. } => Err(result.reason.unwrap_or_default()),
    }
}

/// The vector the oracle gives for `named`: a success with its output and gas, or a failure
/// with revm's error text (and `GasLimit` when the limit was explicit or too small).
fn vector(target: Target, named: &NamedInput) -> Vector {
    let limit = named.gas_limit.unwrap_or(GEN_LIMIT);
    match oracle(target, &named.input, limit) {
        Ok((output, gas)) => Vector {
            input: named.input.clone(),
            expected: Some(output),
            name: named.name.clone(),
            gas: Some(gas),
            no_benchmark: true,
            ..Vector::default()
        },
        Err(error) => Vector {
            input: named.input.clone(),
            gas_limit: (named.gas_limit.is_some() || error == "out of gas").then_some(limit),
            expected_error: Some(error),
            name: named.name.clone(),
            ..Vector::default()
        },
    }
}

/// Writes every vector file into `dir`.
pub fn generate(dir: &Path) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let m = |number, fork| Target::Mainnet { number, fork };
    let mut files: Vec<(String, Target, Vec<NamedInput>)> = vec![
        (
            "ecRecover_homestead.json".into(),
            m(0x01, Fork::Homestead),
            ecrecover::inputs(),
        ),
        (
            "sha256_homestead.json".into(),
            m(0x02, Fork::Homestead),
            hashes::inputs(),
        ),
        (
            "ripemd160_homestead.json".into(),
            m(0x03, Fork::Homestead),
            hashes::inputs(),
        ),
        (
            "identity_homestead.json".into(),
            m(0x04, Fork::Homestead),
            hashes::inputs(),
        ),
        (
            "blake2F_istanbul.json".into(),
            m(0x09, Fork::Istanbul),
            blake2f::inputs(),
        ),
        (
            "pointEvaluation_cancun.json".into(),
            m(0x0a, Fork::Cancun),
            point_evaluation::inputs(),
        ),
        (
            "p256Verify_osaka.json".into(),
            m(0x100, Fork::Osaka),
            p256::inputs(),
        ),
        (
            "p256VerifyRip7212.json".into(),
            Target::P256Rip7212,
            p256::inputs(),
        ),
    ];
    for fork in [Fork::Byzantium, Fork::Berlin, Fork::Osaka] {
        files.push((
            format!("modexp_{}.json", fork.name().to_ascii_lowercase()),
            m(0x05, fork),
            modexp::inputs(),
        ));
    }
    for fork in [Fork::Byzantium, Fork::Istanbul] {
        let f = fork.name().to_ascii_lowercase();
        files.push((format!("bn256Add_{f}.json"), m(0x06, fork), bn254::add()));
        files.push((
            format!("bn256ScalarMul_{f}.json"),
            m(0x07, fork),
            bn254::mul(),
        ));
        files.push((
            format!("bn256Pairing_{f}.json"),
            m(0x08, fork),
            bn254::pairing(),
        ));
    }
    let bls = bls12_381::Bls::new();
    let prague = |n| m(n, Fork::Prague);
    files.push(("blsG1Add_prague.json".into(), prague(0x0b), bls.add(1)));
    files.push(("blsG1MultiExp_prague.json".into(), prague(0x0c), bls.msm(1)));
    files.push(("blsG2Add_prague.json".into(), prague(0x0d), bls.add(2)));
    files.push(("blsG2MultiExp_prague.json".into(), prague(0x0e), bls.msm(2)));
    files.push(("blsPairing_prague.json".into(), prague(0x0f), bls.pairing()));
    files.push(("blsMapG1_prague.json".into(), prague(0x10), bls.map(1)));
    files.push(("blsMapG2_prague.json".into(), prague(0x11), bls.map(2)));

    let mut total = 0;
    for (file, target, inputs) in &files {
        let vectors: Vec<Vector> = inputs.iter().map(|n| vector(*target, n)).collect();
        let path = dir.join(file);
        write_file(&path, &vectors)?;
        println!("wrote {}: {} vectors", path.display(), vectors.len());
        total += vectors.len();
    }
    println!("{total} vectors in {} files", files.len());
    Ok(())
}
