//! go-ethereum as a peer: `benches/geth` built once and run with `-serve`, one process per
//! worker, answering calls on its stdin/stdout (protocol in `benches/geth/serve.go`).

use precompile::Fork;
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use testkit::oracle::Outcome;

/// Builds `benches/geth` into `target/xtask-geth/geth-bench` (needs Go); returns the binary.
pub fn build(root: &Path) -> Result<PathBuf, String> {
    crate::gas::geth::check_go()?;
    let target = match std::env::var_os("CARGO_TARGET_DIR") {
        Some(d) => root.join(d),
        None => root.join("target"),
    };
    let exe = target.join("xtask-geth").join("geth-bench");
    crate::gas::run::with_spinner(
        "building benches/geth (go-ethereum)",
        Command::new("go")
            .current_dir(root.join("benches").join("geth"))
            .arg("build")
            .arg("-o")
            .arg(&exe)
            .arg("."),
    )?;
    Ok(exe)
}

/// What go-ethereum answered: the outcome (`None`: no precompile there) and, for a failure,
/// its error text (`panic: ...` when the precompile panicked).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The call reduced to what every implementation must agree on.
    pub outcome: Option<Outcome>,
    /// go-ethereum's error text for a failure.
    pub reason: Option<String>,
}

/// One running `geth-bench -serve` process.
pub struct Server {
    child: Child,
    stdin: BufWriter<ChildStdin>,
    stdout: BufReader<ChildStdout>,
    version: String,
    line: String,
}

impl Server {
    /// Starts `exe -serve` and reads its `ready <version>` line.
    pub fn start(exe: &Path) -> Result<Self, String> {
        let mut child = Command::new(exe)
            .arg("-serve")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", exe.display()))?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            return Err("geth server without pipes".into());
        };
        let mut server = Self {
            child,
            stdin: BufWriter::new(stdin),
            stdout: BufReader::new(stdout),
            version: String::new(),
            line: String::new(),
        };
        let ready = server.read_line()?;
        server.version = ready
            .strip_prefix("ready ")
            .ok_or_else(|| format!("geth server said {ready:?} instead of `ready <version>`"))?
            .to_string();
        Ok(server)
    }

    /// The go-ethereum version the server was built with (`v1.17.10`).
    pub fn version(&self) -> &str {
        &self.version
    }

    fn read_line(&mut self) -> Result<String, String> {
        self.line.clear();
        let n = self
            .stdout
            .read_line(&mut self.line)
            .map_err(|e| format!("geth server: {e}"))?;
        if n == 0 {
            return Err("geth server exited".into());
        }
        Ok(self.line.trim_end_matches(['\n', '\r']).to_string())
    }

    /// go-ethereum's precompile `number` at `fork` on `input` with `gas_limit`, as the EVM runs
    /// it (RequiredGas against the limit, then Run).
    pub fn call(
        &mut self,
        fork: Fork,
        number: u16,
        input: &[u8],
        gas_limit: u64,
    ) -> Result<Answer, String> {
        writeln!(
            self.stdin,
            "{} {number:x} {gas_limit} {}",
            fork.name().to_ascii_lowercase(),
            hex::encode(input)
        )
        .and_then(|()| self.stdin.flush())
        .map_err(|e| format!("geth server: {e}"))?;
        let line = self.read_line()?;
        parse_answer(&line)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        // Closing stdin ends the server; wait so that no zombie is left.
        let _ = self.stdin.flush();
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Parses one answer line of the `-serve` protocol.
fn parse_answer(line: &str) -> Result<Answer, String> {
    let bad = || format!("geth server: unexpected answer {line:?}");
    let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
    match word {
        "ok" => {
            let (gas, output) = rest.split_once(' ').unwrap_or((rest, ""));
            Ok(Answer {
                outcome: Some(Outcome::Success {
                    output: hex::decode(output).map_err(|_| bad())?,
                    gas_used: gas.parse().map_err(|_| bad())?,
                }),
                reason: None,
            })
        }
        "fail" => Ok(Answer {
            outcome: Some(Outcome::Failure {
                out_of_gas: rest == "oog",
            }),
            reason: Some(if rest == "oog" { "out of gas" } else { rest }.to_string()),
        }),
        "absent" => Ok(Answer {
            outcome: None,
            reason: None,
        }),
        _ => Err(format!("{}: {}", bad(), rest)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_parse() {
        assert_eq!(
            parse_answer("ok 18 0102").unwrap().outcome,
            Some(Outcome::Success {
                output: vec![1, 2],
                gas_used: 18
            })
        );
        assert_eq!(
            parse_answer("ok 6900 ").unwrap().outcome,
            Some(Outcome::Success {
                output: vec![],
                gas_used: 6900
            })
        );
        let oog = parse_answer("fail oog").unwrap();
        assert_eq!(oog.outcome, Some(Outcome::Failure { out_of_gas: true }));
        let bad = parse_answer("fail invalid input length").unwrap();
        assert_eq!(bad.outcome, Some(Outcome::Failure { out_of_gas: false }));
        assert_eq!(bad.reason.as_deref(), Some("invalid input length"));
        assert_eq!(parse_answer("absent").unwrap().outcome, None);
        assert!(parse_answer("bad expected 4 fields").is_err());
        assert!(parse_answer("ok zz 00").is_err());
    }
}
