//! `--with-geth`: builds and runs the Go program in `benches/geth`.

use super::run::{parse_geth, with_progress, with_spinner, GETH_LINE};
use regex::Regex;
use std::path::{Path, PathBuf};
use std::process::Command;

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

/// Builds `benches/geth` into `out/geth-bench`, checks go-ethereum against `cases` and
/// times it; returns the path of the `geth.json` written into `out`.
pub fn run(
    root: &Path,
    cases: &Path,
    out: &Path,
    quick: bool,
    filter: Option<&str>,
) -> Result<PathBuf, String> {
    let dir = root.join("benches").join("geth");
    let exe = out.join("geth-bench");
    with_spinner(
        "building benches/geth (go-ethereum)",
        Command::new("go")
            .current_dir(&dir)
            .arg("build")
            .arg("-o")
            .arg(&exe)
            .arg("."),
    )?;
    let json = out.join("geth.json");
    let mut cmd = Command::new(&exe);
    cmd.arg("-cases")
        .arg(cases)
        .arg("-out")
        .arg(&json)
        .args(["-samples", if quick { "3" } else { "10" }])
        .args(["-benchtime", if quick { "50ms" } else { "500ms" }]);
    if let Some(f) = filter {
        cmd.arg("-filter").arg(f);
    }
    let re = Regex::new(GETH_LINE).expect("valid regex");
    with_progress("go-ethereum", &mut cmd, None, |_, line| {
        parse_geth(&re, line)
    })
    .map_err(|e| {
        if e.contains("MISMATCH") || e.contains("disagree") {
            format!("go-ethereum disagrees with cases.json (see the MISMATCH lines):\n{e}")
        } else {
            e
        }
    })?;
    Ok(json)
}
