//! Cycle counts and operands for the benches of `montgomery` and `evm384` (shared:
//! evm384's bench includes this file by path).
//!
//! There is no usable cycle counter for user code here (`rdpmc` needs perf permission; the
//! machine is a VM), so cycles are derived: the time-stamp counter (`rdtsc`, constant rate)
//! measures each loop, and the TSC ticks per *core* cycle are measured with a chain of
//! dependent `add` instructions (exactly one cycle each on every x86_64 core) timed by
//! the same TSC. cycles = ticks / (ticks per core cycle). This follows the core clock
//! including turbo, provided it stays steady during the run.
#![allow(dead_code, unsafe_code)] // rdtsc and the calibration loop are inline assembly

use std::time::{Duration, Instant};

pub fn rdtsc() -> u64 {
    // SAFETY: RDTSC is available on every x86_64 CPU and has no side effects.
    unsafe { core::arch::x86_64::_rdtsc() }
}

/// TSC ticks per second, against the monotonic clock (100 ms).
pub fn tsc_hz() -> f64 {
    let (t0, c0) = (Instant::now(), rdtsc());
    while t0.elapsed() < Duration::from_millis(100) {}
    let (dt, dc) = (t0.elapsed(), rdtsc() - c0);
    dc as f64 / dt.as_secs_f64()
}

/// `8 * iters` dependent one-cycle `add`s (the loop counter runs in parallel).
fn add_chain(iters: u64) {
    let mut x = 0u64;
    // SAFETY: register-only arithmetic and a counted loop; no memory, no stack.
    unsafe {
        core::arch::asm!(
            "2:",
            "add {x}, {i}", "add {x}, {i}", "add {x}, {i}", "add {x}, {i}",
            "add {x}, {i}", "add {x}, {i}", "add {x}, {i}", "add {x}, {i}",
            "dec {i}",
            "jnz 2b",
            x = inout(reg) x,
            i = inout(reg) iters => _,
            options(nomem, nostack),
        );
    }
    core::hint::black_box(x);
}

/// TSC ticks per core clock cycle: the minimum over 200 short runs of the `add` chain.
pub fn ticks_per_cycle() -> f64 {
    const ITERS: u64 = 2_000;
    let mut best = f64::INFINITY;
    for _ in 0..200 {
        let t0 = rdtsc();
        add_chain(ITERS);
        let t = (rdtsc() - t0) as f64 / (8 * ITERS) as f64;
        best = best.min(t);
    }
    best
}

/// `/proc/cpuinfo`'s first "model name", or "unknown CPU".
pub fn cpu_model() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split(':').nth(1))
                .map(|m| m.trim().to_string())
        })
        .unwrap_or_else(|| "unknown CPU".into())
}

/// The line saying how cycles are obtained, with the measured clocks.
pub fn describe(hz: f64, tpc: f64) -> String {
    format!(
        "cycles = rdtsc ticks / {tpc:.3} ticks per core cycle (measured with a chain of dependent \
         1-cycle adds); TSC {:.3} GHz, core clock {:.3} GHz; CPU: {}",
        hz / 1e9,
        hz / tpc / 1e9,
        cpu_model()
    )
}

/// Minimum TSC ticks per op of each closure (each performs `n` ops): 301 rounds, each
/// timing one short run (~4096 ops) of every closure in turn, so that the implementations
/// see the same machine state; the minimum discards interrupted runs (noisy machine).
pub fn min_ticks(fs: &mut [Box<dyn FnMut() + '_>], n: usize) -> Vec<f64> {
    min_ticks_rounds(fs, n, 301)
}

/// [`min_ticks`] with `rounds` rounds (the first discarded as warm-up), for ops so slow that
/// 301 rounds would take minutes.
pub fn min_ticks_rounds(fs: &mut [Box<dyn FnMut() + '_>], n: usize, rounds: usize) -> Vec<f64> {
    let reps = (4096 / n).max(1);
    let mut best = vec![f64::INFINITY; fs.len()];
    for round in 0..rounds {
        for (i, f) in fs.iter_mut().enumerate() {
            let t0 = rdtsc();
            for _ in 0..reps {
                f();
            }
            let t = (rdtsc() - t0) as f64 / (reps * n) as f64;
            if round > 0 {
                best[i] = best[i].min(t);
            }
        }
    }
    best
}

/// `n` deterministic values below `p` (splitmix64 limbs, the top limb reduced modulo p's
/// top limb, which must be non-zero).
pub fn values<const N: usize>(seed: u64, n: usize, p: &[u64; N]) -> Vec<[u64; N]> {
    let mut s = seed;
    let mut next = || {
        s = s.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = s;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    (0..n)
        .map(|_| {
            let mut v = [0u64; N];
            for l in v.iter_mut() {
                *l = next();
            }
            v[N - 1] %= p[N - 1];
            v
        })
        .collect()
}
