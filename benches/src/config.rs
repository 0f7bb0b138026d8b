//! Settings read from the environment by the benches.
//!
//! - `EVM_BENCH_QUICK=1`: rough quick mode (10 samples, 50 ms warm-up, 200 ms measurement,
//!   fewer bootstrap resamples, no plots); otherwise careful defaults (50 samples, 1 s
//!   warm-up, 3 s measurement).
//! - `EVM_BENCH_FORK=<name>` (default `Osaka`): the fork whose precompile set and gas rules
//!   are used.

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

/// The criterion configuration for the current mode, then the command line's options.
pub fn criterion() -> Criterion {
    let c = if quick() {
        Criterion::default()
            .sample_size(10)
            .warm_up_time(Duration::from_millis(50))
            .measurement_time(Duration::from_millis(200))
            .nresamples(10_000)
            .without_plots()
    } else {
        Criterion::default()
            .sample_size(50)
            .warm_up_time(Duration::from_secs(1))
            .measurement_time(Duration::from_secs(3))
    };
    c.configure_from_args()
}
