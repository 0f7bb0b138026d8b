//! Settings read from the environment by the benches.
//!
//! - `EVM_BENCH_QUICK=1`: rough quick mode (20 samples, 150 ms warm-up, 400 ms measurement,
//!   fewer bootstrap resamples, no plots); otherwise careful defaults (50 samples, 1 s
//!   warm-up, 3 s measurement).
//! - `EVM_BENCH_FORK=<name>` (default `Osaka`): the fork whose precompile set and gas rules
//!   are used.
//! - `EVM_BENCH_CLOCK=cpu`: time the process's CPU time ([`crate::cpu_time`]) instead of wall
//!   time (`wall`, the default); `cargo xtask gas` sets `cpu` for its single-threaded runs.

use crate::cpu_time::ProcessCpuTime;
use criterion::measurement::{Measurement, WallTime};
use criterion::Criterion;
use precompile::Fork;
use std::time::Duration;

/// Whether `EVM_BENCH_QUICK` asks for the rough quick mode (`1`, `true` or `yes`).
pub fn quick() -> bool {
    std::env::var("EVM_BENCH_QUICK")
        .map(|v| matches!(v.to_ascii_lowercase().as_str(), "1" | "true" | "yes"))
        .unwrap_or(false)
}

/// The fork named by `EVM_BENCH_FORK` (default Osaka).
///
/// # Panics
/// When the variable names no known fork.
pub fn fork() -> Fork {
    match std::env::var("EVM_BENCH_FORK") {
        Ok(name) if !name.is_empty() => name
            .parse()
            .unwrap_or_else(|e| panic!("EVM_BENCH_FORK: {e}")),
        _ => Fork::Osaka,
    }
}

/// Whether `EVM_BENCH_CLOCK` asks for process CPU time (`cpu`).
///
/// # Panics
/// When the variable is set to anything but `cpu` or `wall`.
pub fn cpu_clock() -> bool {
    match std::env::var("EVM_BENCH_CLOCK").as_deref() {
        Ok("cpu") => true,
        Ok("wall") | Ok("") | Err(_) => false,
        Ok(other) => panic!("EVM_BENCH_CLOCK={other}: expected cpu or wall"),
    }
}

/// The criterion configuration for the current mode with measurement `m`, then the command
/// line's options.
pub fn criterion<M: Measurement + 'static>(m: M) -> Criterion<M> {
    let c = Criterion::default().with_measurement(m);
    let c = if quick() {
        c.sample_size(20)
            .warm_up_time(Duration::from_millis(150))
            .measurement_time(Duration::from_millis(400))
            .nresamples(10_000)
            .without_plots()
    } else {
        c.sample_size(50)
            .warm_up_time(Duration::from_secs(1))
            .measurement_time(Duration::from_secs(3))
    };
    c.configure_from_args()
}

/// A bench body, generic over what criterion measures.
pub trait Bench {
    /// Registers and runs the benchmarks on `c`.
    fn run<M: Measurement + 'static>(self, c: Criterion<M>);
}

/// Runs `bench` with the configuration of [`criterion()`] and the measurement
/// `EVM_BENCH_CLOCK` asks for ([`cpu_clock`]).
pub fn run(bench: impl Bench) {
    if cpu_clock() {
        bench.run(criterion(ProcessCpuTime::default()));
    } else {
        bench.run(criterion(WallTime));
    }
}
