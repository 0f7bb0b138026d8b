//! How many threads the measured processes may use, and making them use no more.
//!
//! No library of the build reads a thread-count variable: blst's thread pool (used by our
//! BLS12-381 MSM from 32 points and by revm's from 2) is `threadpool::ThreadPool::default()`,
//! sized by `num_cpus::get()`, which on Linux is the process's CPU affinity (or its cgroup
//! quota). Nothing in Cargo.lock uses rayon. go-ethereum follows `GOMAXPROCS`, whose default
//! is also the affinity. So the benches, the `cases` binary and the Go program run under
//! `taskset --cpu-list` with `threads` CPUs, and with `GOMAXPROCS=threads`.

use std::path::Path;
use std::process::Command;

/// The CPUs the measured processes run on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pinning {
    /// Threads allowed.
    pub threads: usize,
    /// The CPU list given to `taskset` (e.g. `1`), or `None` where the affinity cannot be set
    /// (no `/proc/self/status`, i.e. not Linux): then only `GOMAXPROCS` is set.
    pub cpus: Option<String>,
}

/// Parses a Linux CPU list (`0-3,8,10-11`) into CPU numbers; `None` when malformed.
pub fn parse_cpu_list(list: &str) -> Option<Vec<usize>> {
    let mut out = Vec::new();
    for part in list.trim().split(',') {
        match part.split_once('-') {
            Some((a, b)) => {
                let (a, b): (usize, usize) = (a.parse().ok()?, b.parse().ok()?);
                if a > b || b - a > 4096 {
                    return None;
                }
                out.extend(a..=b);
            }
            None => out.push(part.parse().ok()?),
        }
    }
    Some(out)
}

/// The last `threads` CPUs of `allowed` (CPU 0 usually takes the most interrupts), as a
/// `taskset` list; an error when `threads` is 0 or more than `allowed` has.
pub fn choose(allowed: &[usize], threads: usize) -> Result<String, String> {
    if threads == 0 || threads > allowed.len() {
        return Err(format!(
            "--threads {threads}: this process may run on {} CPU(s) ({allowed:?})",
            allowed.len()
        ));
    }
    let chosen = &allowed[allowed.len() - threads..];
    Ok(chosen
        .iter()
        .map(usize::to_string)
        .collect::<Vec<_>>()
        .join(","))
}

impl Pinning {
    /// Pinning to `threads` of the CPUs this process may use.
    pub fn new(threads: usize) -> Result<Self, String> {
        let status = match std::fs::read_to_string("/proc/self/status") {
            Ok(s) => s,
            Err(_) => {
                eprintln!(
                    "!!! cannot read /proc/self/status: the CPU affinity is not set, only GOMAXPROCS={threads}"
                );
                return Ok(Pinning {
                    threads,
                    cpus: None,
                });
            }
        };
        let allowed = status
            .lines()
            .find_map(|l| l.strip_prefix("Cpus_allowed_list:"))
            .and_then(parse_cpu_list)
            .ok_or("/proc/self/status has no readable Cpus_allowed_list")?;
        Ok(Pinning {
            threads,
            cpus: Some(choose(&allowed, threads)?),
        })
    }

    /// A command running `program` under this pinning (`taskset --cpu-list CPUS program`),
    /// with `GOMAXPROCS` set.
    pub fn command(&self, program: impl AsRef<std::ffi::OsStr>) -> Command {
        let mut c = match &self.cpus {
            Some(cpus) => {
                let mut c = Command::new("taskset");
                c.arg("--cpu-list").arg(cpus).arg(program);
                c
            }
            None => Command::new(program),
        };
        c.env("GOMAXPROCS", self.threads.to_string());
        c
    }

    /// `cargo` in `root` as the reports run it: under this pinning when `pinned` (the measured
    /// processes) or on every CPU (builds), with criterion's home, the bench clock (`cpu` or
    /// `wall`) and quick mode set in the environment, and no colour.
    pub fn bench_cargo(
        &self,
        pinned: bool,
        root: &Path,
        criterion_home: &Path,
        clock: &str,
        quick: bool,
    ) -> Command {
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        let mut c = if pinned {
            self.command(&cargo)
        } else {
            Command::new(&cargo)
        };
        c.current_dir(root)
            .env("CRITERION_HOME", criterion_home)
            .env("EVM_BENCH_CLOCK", clock)
            .env("CARGO_TERM_COLOR", "never");
        if quick {
            c.env("EVM_BENCH_QUICK", "1");
        } else {
            c.env_remove("EVM_BENCH_QUICK");
        }
        c
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cpu_lists() {
        assert_eq!(parse_cpu_list("0-1"), Some(vec![0, 1]));
        assert_eq!(parse_cpu_list("0,2-3\n"), Some(vec![0, 2, 3]));
        assert_eq!(parse_cpu_list("3-1"), None);
        assert_eq!(parse_cpu_list("x"), None);
        assert_eq!(choose(&[0, 1], 1).unwrap(), "1");
        assert_eq!(choose(&[0, 1], 2).unwrap(), "0,1");
        assert!(choose(&[0, 1], 3).is_err());
        assert!(choose(&[0, 1], 0).is_err());
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn pinned_process_sees_its_cpus() {
        // The pinning reaches the child: `nproc` counts the affinity it was given, as
        // num_cpus (blst's pool size) does.
        let p = Pinning::new(1).unwrap();
        assert!(p.cpus.is_some());
        let out = p
            .command("nproc")
            .output()
            .expect("taskset and nproc (util-linux, coreutils)");
        assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "1");
    }
}
