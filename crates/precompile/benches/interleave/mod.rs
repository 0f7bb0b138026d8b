//! Two benchmark arms timed side by side in one process (ABBA batches of about 1 ms), for the
//! benches that compare backends on this noisy shared machine: `mod interleave;` in a bench.

use std::time::Instant;

/// Time per call of `f` over a batch of `n` calls, ns.
pub fn batch(n: u64, f: &dyn Fn()) -> f64 {
    let t = Instant::now();
    for _ in 0..n {
        f();
    }
    t.elapsed().as_nanos() as f64 / n as f64
}

/// A timed arm.
pub type Arm<'a> = &'a dyn Fn();

/// What [`interleave`] returns: the ratio's median and 95 % interval, both medians, both minima.
pub type Timing = ((f64, f64, f64), (f64, f64), (f64, f64));

/// Rounds timed after the warm-up round.
pub const ROUNDS: usize = 201;

/// Two arms in alternating ~1 ms batches (ABBA), [`ROUNDS`] rounds after a warm-up round: the
/// median of `t(b) / t(a)` over rounds with its 95 % interval, both medians, and both minima
/// (on a loaded machine, where preemption lands inside batches, the minima are the batches that
/// ran undisturbed).
pub fn interleave(a: Arm, b: Arm) -> Timing {
    let size = |f: &dyn Fn()| {
        let one = batch(50, f).max(1.0);
        ((1.0e6 / one) as u64).clamp(1, 1 << 20)
    };
    let (na, nb) = (size(a), size(b));
    let (mut ratios, mut ta, mut tb) = (Vec::new(), Vec::new(), Vec::new());
    for round in 0..=ROUNDS {
        let (x, y) = if matches!(round % 4, 1 | 2) {
            let y = batch(nb, b);
            (batch(na, a), y)
        } else {
            let x = batch(na, a);
            (x, batch(nb, b))
        };
        if round > 0 {
            ratios.push(y / x);
            ta.push(x);
            tb.push(y);
        }
    }
    let med = |v: &[f64]| testkit::stats::median_interval(v.to_vec()).0;
    let min = |v: &[f64]| v.iter().copied().fold(f64::INFINITY, f64::min);
    (
        testkit::stats::median_interval(ratios),
        (med(&ta), med(&tb)),
        (min(&ta), min(&tb)),
    )
}

/// Prints the CPU and the table header of the rows [`interleave`]'s callers print.
pub fn header() {
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name"))
                .map(|l| l.split(':').nth(1).unwrap_or("").trim().to_string())
        })
        .unwrap_or_default();
    println!("CPU: {cpu}; {ROUNDS} rounds of ~1 ms batches, ABBA, wall clock; B / A per round");
    println!("| case: A vs B | A ns (median, min) | B ns (median, min) | B / A: median (95 % interval) | ratio of minima |");
    println!("|---|---|---|---|---|");
}

/// Times `a` against `b` with [`interleave`] and prints the row `name`.
pub fn row(name: &str, a: Arm, b: Arm) {
    let ((r, lo, hi), (ta, tb), (ma, mb)) = interleave(a, b);
    println!(
        "| {name} | {ta:.0}, {ma:.0} | {tb:.0}, {mb:.0} | {r:.3} ({lo:.3}-{hi:.3}) | {:.3} |",
        mb / ma
    );
}
