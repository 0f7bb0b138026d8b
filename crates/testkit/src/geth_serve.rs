//! A client of `benches/geth -serve` (protocol in `benches/geth/serve.go`): go-ethereum's
//! precompiles in one long-lived process answering on its stdin/stdout. `cargo xtask diff`
//! calls precompiles through it ([`Server::call`]); the gas report's interleaved timing times
//! batches of calls in it ([`Server::prepare`], [`Server::time`]).

use crate::oracle::Outcome;
use precompile::Fork;
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

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
        let line = self.request(&format!(
            "{} {number:x} {gas_limit} {}",
            fork.name().to_ascii_lowercase(),
            hex::encode(input)
        ))?;
        parse_answer(&line)
    }

    /// Sends one request line and reads its answer line.
    fn request(&mut self, line: &str) -> Result<String, String> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| format!("geth server: {e}"))?;
        self.read_line()
    }

    /// Prepares case `id` for [`Server::time`]: go-ethereum's precompile `number` at `fork`
    /// on `input`, called directly (`mode` `direct`: RequiredGas then Run) or through a
    /// transaction to the proxy contract (`bytecode`). Fails when go-ethereum has no such
    /// precompile, or cannot run the transaction, or the request is malformed.
    pub fn prepare(
        &mut self,
        id: &str,
        fork: Fork,
        mode: &str,
        number: u16,
        input: &[u8],
    ) -> Result<(), String> {
        let line = self.request(&format!(
            "prep {id} {} {mode} {number:x} {}",
            fork.name().to_ascii_lowercase(),
            hex::encode(input)
        ))?;
        match line.as_str() {
            "ok" => Ok(()),
            _ => Err(format!("geth server: prep {id}: {line}")),
        }
    }

    /// Runs prepared case `id` `n` times in a row, after an untimed sleep of `settle_us` µs
    /// (at most 1 s; see serve.go for why); returns go-ethereum's own measure of the batch,
    /// (wall ns, process CPU ns).
    pub fn time(&mut self, id: &str, n: u64, settle_us: u64) -> Result<(f64, f64), String> {
        let line = self.request(&format!("time {id} {n} {settle_us}"))?;
        parse_elapsed(&line).ok_or_else(|| format!("geth server: time {id}: {line}"))
    }
}

/// Parses `elapsed <wall ns> <cpu ns>`.
fn parse_elapsed(line: &str) -> Option<(f64, f64)> {
    let mut f = line.strip_prefix("elapsed ")?.split(' ');
    let wall = f.next()?.parse().ok()?;
    let cpu = f.next()?.parse().ok()?;
    f.next().is_none().then_some((wall, cpu))
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

    #[test]
    fn elapsed_parses() {
        assert_eq!(parse_elapsed("elapsed 1200 1100"), Some((1200.0, 1100.0)));
        assert_eq!(parse_elapsed("elapsed 1200"), None);
        assert_eq!(parse_elapsed("elapsed 1 2 3"), None);
        assert_eq!(parse_elapsed("bad unknown id"), None);
    }
}
