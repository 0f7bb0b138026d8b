//! Two benchmark arms timed side by side in one process (ABBA batches of about 1 ms), for the
//! benches that compare backends on this noisy shared machine: `mod interleave;` in a bench.
//! Also those benches' shared `main` ([`main`]: criterion or the interleaved rows).

use criterion::Criterion;
use std::time::{Duration, Instant};

/// A bench's `main`: when the environment variable `var` is set, runs `interleaved` (the
/// same-run ratios to quote on a shared machine); otherwise criterion runs `targets` (absolute
/// times) with short settings (30 samples, 0.5 s warm-up, 2 s measurement) and the command
/// line's options.
pub fn main(var: &str, interleaved: fn(), targets: &[fn(&mut Criterion)]) {
    if std::env::var_os(var).is_some() {
        interleaved();
        return;
    }
    let mut c = Criterion::default()
        .sample_size(30)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        .configure_from_args();
    for target in targets {
        target(&mut c);
    }
    c.final_summary();
}

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

/// The value of the first `key` line of /proc/cpuinfo ("" when there is none).
fn cpuinfo(key: &str) -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with(key))
                .map(|l| l.split(':').nth(1).unwrap_or("").trim().to_string())
        })
        .unwrap_or_default()
}

/// Prints the CPU and the table header of the rows [`interleave`]'s callers print.
pub fn header() {
    let cpu = cpuinfo("model name");
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

/// A field operation timed in a chain.
pub type FieldOp<F> = fn(&F, &F) -> F;

/// `n` chained field operations from `x`: `x = op(x, y)`, or with `square`, `x = op(x, x)`
/// (every `op` through a function pointer, so that all arms are called alike).
pub fn field_chain<F: Copy>(n: usize, x: F, y: F, square: bool, op: FieldOp<F>) -> F {
    let mut x = x;
    let y = std::hint::black_box(y);
    for _ in 0..n {
        x = op(&x, if square { &x } else { &y });
    }
    x
}

/// One [`row`] per `(name, a, b, square)`: 100 chained operations `a` against 100 of `b`
/// (squares when `square`), from `x` and `y`.
pub fn field_rows<F: Copy>(x: F, y: F, rows: &[(&str, FieldOp<F>, FieldOp<F>, bool)]) {
    for &(name, a, b, square) in rows {
        row(
            &format!("100 chained {name}"),
            &|| {
                std::hint::black_box(field_chain(100, x, y, square, a));
            },
            &|| {
                std::hint::black_box(field_chain(100, x, y, square, b));
            },
        );
    }
}

/// Time-stamp counter ticks per call of `f`: the median and the minimum over 201 batches of
/// about 50 us (after one warm-up batch; on a loaded CPU the minimum is the undisturbed batch).
/// The counter runs at the CPU's nominal clock (`cpu MHz` in /proc/cpuinfo on this VM), not
/// the core clock, so these are nominal-clock cycles.
#[cfg(target_arch = "x86_64")]
pub fn ticks(f: &dyn Fn()) -> (f64, f64) {
    // SAFETY: RDTSC exists on every x86_64 CPU and has no memory effects.
    let now = || unsafe { core::arch::x86_64::_rdtsc() };
    let n = ((5.0e4 / batch(20, f).max(1.0)) as u64).clamp(1, 1 << 20);
    let mut per_call: Vec<f64> = (0..=201)
        .map(|_| {
            let t = now();
            for _ in 0..n {
                f();
            }
            (now() - t) as f64 / n as f64
        })
        .skip(1)
        .collect();
    per_call.sort_by(f64::total_cmp);
    (per_call[per_call.len() / 2], per_call[0])
}

/// One row of a cycles table: the operation, the operations per call of the arms (a chain of
/// 100 products: 100), ours, and the other library's same operation when its API exposes one
/// (`None`: not exposed).
pub type CyclesRow<'a> = (&'a str, f64, Arm<'a>, Option<(&'a str, Arm<'a>)>);

/// Prints a cycles table's title (with the clock) and header.
pub fn cycles_header(title: &str) {
    let mhz = cpuinfo("cpu MHz");
    println!();
    println!(
        "{title}: TSC ticks per operation (nominal clock, cpu MHz {mhz}), median and minimum of \
         201 batches of ~50 us"
    );
    println!("| operation | ours: median, min | theirs: median, min | library's operation |");
    println!("|---|---|---|---|");
}

/// Prints the cycles table's `rows` ([`ticks`] per operation).
#[cfg(target_arch = "x86_64")]
pub fn cycles_rows(rows: &[CyclesRow]) {
    for (op, per, ours, theirs) in rows {
        let (med, min) = ticks(*ours);
        let ours = format!("{:.0}, {:.0}", med / per, min / per);
        match theirs {
            Some((what, f)) => {
                let (med, min) = ticks(*f);
                println!(
                    "| {op} | {ours} | {:.0}, {:.0} | {what} |",
                    med / per,
                    min / per
                )
            }
            None => println!("| {op} | {ours} | - | not exposed |"),
        }
    }
}

/// The rows both curves' tables share, none exposed by the C libraries: 100 chained field
/// products and squares from `x` (`mul` and `square`: the field's, with their CPU check), the
/// field inversion `finv` of `x`, the scalar product `smul` and inversion `sinv` of `u1`, `u2`.
#[cfg(target_arch = "x86_64")]
pub fn cycles_field_scalar<F: Copy, S: Copy>(
    x: F,
    (mul, square): (FieldOp<F>, FieldOp<F>),
    finv: fn(&F) -> Option<F>,
    (u1, u2): (S, S),
    smul: fn(&S, &S) -> S,
    sinv: fn(&S) -> Option<S>,
) {
    use std::hint::black_box;
    let mul_chain = || {
        black_box(field_chain(100, x, x, false, mul));
    };
    let square_chain = || {
        black_box(field_chain(100, x, x, true, square));
    };
    let finv = || {
        black_box(finv(black_box(&x)));
    };
    let smul = || {
        black_box(smul(black_box(&u1), &u2));
    };
    let sinv = || {
        black_box(sinv(black_box(&u1)));
    };
    cycles_rows(&[
        (
            "field product (asm; 100 chained, each with the CPU check)",
            100.0,
            &mul_chain,
            None,
        ),
        (
            "field square (asm; 100 chained, as above)",
            100.0,
            &square_chain,
            None,
        ),
        ("field inversion (safegcd, variable time)", 1.0, &finv, None),
        ("scalar product mod n", 1.0, &smul, None),
        ("scalar inversion mod n", 1.0, &sinv, None),
    ]);
}
