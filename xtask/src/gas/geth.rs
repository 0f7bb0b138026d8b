//! `--with-geth`: builds and runs the Go program in `benches/geth`.

use super::run::{parse_progress, with_progress, with_spinner, PROGRESS_LINE};
use super::threads::Pinning;
use precompile::PrecompileId;
use regex::Regex;
use std::path::{Path, PathBuf};
use std::process::Command;
use testkit::files::Library;

/// Who does the math for `id` in go-ethereum v1.17 (`core/vm/contracts.go` and the packages it
/// calls) as benches/geth builds it (amd64/arm64, cgo on, `kzg4844` left on its Go backend).
pub const fn library(id: PrecompileId) -> &'static str {
    use precompile::Family as F;
    match id.family() {
        F::Ecrecover => "libsecp256k1 (cgo, crypto/secp256k1)",
        F::Sha256 => "Go crypto/sha256",
        F::Ripemd160 => "golang.org/x/crypto/ripemd160",
        F::Identity => "own (geth)",
        F::Modexp => "go-bigmodexpfix (patched math/big)",
        F::Bn254 => "gnark-crypto", // crypto/bn256/bn256_fast.go on amd64 and arm64
        F::Blake2f => "own (geth, crypto/blake2b)",
        F::PointEvaluation => "go-eth-kzg", // useCKZG is false unless set
        F::Bls12381 => "gnark-crypto",
        F::P256Verify => "Go crypto/ecdsa",
    }
}

/// go-ethereum's library for every precompile `ours` lists (our rows of machine.json; a name
/// outside the registry gets `"unknown"`).
pub fn libraries(ours: &[Library]) -> Vec<Library> {
    ours.iter()
        .filter(|l| l.imp == "ours")
        .map(|l| Library {
            imp: "geth".into(),
            precompile: l.precompile.clone(),
            library: PrecompileId::from_name(&l.precompile)
                .map_or("unknown", library)
                .to_string(),
        })
        .collect()
}

/// Checks that Go is installed; returns `go version`'s output.
pub fn check_go() -> Result<String, String> {
    let missing = |why: String| {
        format!(
            "--with-geth needs Go (1.25 or newer, https://go.dev/dl/) to build benches/geth: {why}"
        )
    };
    let out = Command::new("go")
        .arg("version")
        .output()
        .map_err(|e| missing(format!("cannot run `go`: {e}")))?;
    if !out.status.success() {
        return Err(missing(format!("`go version` failed ({})", out.status)));
    }
    Ok(String::from_utf8_lossy(&out.stdout).trim().to_string())
}

/// Builds `benches/geth` into `exe` (needs Go).
pub fn build(root: &Path, exe: &Path) -> Result<(), String> {
    with_spinner(
        "building benches/geth (go-ethereum)",
        Command::new("go")
            .current_dir(root.join("benches").join("geth"))
            .arg("build")
            .arg("-o")
            .arg(exe)
            .arg("."),
    )
}

/// Runs the `benches/geth` binary `exe` (see [`build`]): checks go-ethereum against `cases`
/// (given to the program as `input_flag`: `-cases` for cases.json, `-programs` for the EVM
/// report's programs.json) and times it under `pinning` (CPU affinity and `GOMAXPROCS`);
/// returns the path of the `geth.json` written into `out`.
pub fn run(
    exe: &Path,
    input_flag: &str,
    cases: &Path,
    out: &Path,
    quick: bool,
    filter: Option<&str>,
    pinning: &Pinning,
) -> Result<PathBuf, String> {
    let json = out.join("geth.json");
    let mut cmd = pinning.command(exe);
    cmd.arg(input_flag)
        .arg(cases)
        .arg("-out")
        .arg(&json)
        .args(["-samples", if quick { "3" } else { "10" }])
        .args(["-benchtime", if quick { "50ms" } else { "500ms" }]);
    if let Some(f) = filter {
        cmd.arg("-filter").arg(f);
    }
    let re = Regex::new(PROGRESS_LINE).expect("valid regex");
    with_progress("go-ethereum", &mut cmd, None, |_, line| {
        parse_progress(&re, line)
    })
    .map_err(|e| {
        if e.contains("MISMATCH") || e.contains("disagree") {
            format!(
                "go-ethereum disagrees with {} (see the MISMATCH lines):\n{e}",
                cases.display()
            )
        } else {
            e
        }
    })?;
    Ok(json)
}
