//! MODEXP over every input of go-ethereum's `modexp_eip7883.json` (Osaka prices): ours against
//! revm-precompile (aurora-engine-modexp), the whole precompile call, side by side in one run.
//!
//! `cargo bench -p evm-arith-precompile --bench modexp_eip7883` (add a filter such as `nagydani-5`).
//! After criterion's groups it times every vector once more, interleaving ours and revm's, and
//! prints a table in Mgas/s at Osaka prices ending with the slowest case of each: the worst case
//! is what an attacker picks. The vectors come from `../shared/vectors/geth/` through
//! `testkit::vectors::load_geth` (a loud skip outside CI when the directory is absent).

use criterion::{criterion_group, Criterion};
use std::hint::black_box;
use std::time::{Duration, Instant};
use testkit::vectors::Vector;

/// The gas limit of every call: more than any vector needs.
const LIMIT: u64 = 1 << 40;

fn vectors() -> Vec<Vector> {
    testkit::vectors::load_geth("modexp_eip7883.json")
        .expect("go-ethereum's modexp_eip7883.json loads")
        .unwrap_or_default()
}

fn ours(input: &[u8]) -> Vec<u8> {
    let out = precompile::modexp::osaka::run(input, LIMIT).expect("valid vector");
    out.bytes.to_vec()
}

fn revm(input: &[u8]) -> Vec<u8> {
    let out = revm_precompile::modexp::osaka_run(input, LIMIT).expect("valid vector");
    out.bytes.to_vec()
}

/// Checks both sides against the vector (output and gas) before anything is timed.
fn check(v: &Vector) {
    let expected = v.expected.as_deref().expect("a succeeding vector");
    let mine = precompile::modexp::osaka::run(&v.input, LIMIT).expect("ours runs");
    assert_eq!(&mine.bytes[..], expected, "{}: our output", v.name);
    assert_eq!(Some(mine.gas_used), v.gas, "{}: our gas", v.name);
    assert_eq!(revm(&v.input), expected, "{}: revm's output", v.name);
}

fn eip7883(c: &mut Criterion) {
    let mut g = c.benchmark_group("modexp_eip7883");
    g.warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(1))
        .sample_size(20);
    for v in vectors() {
        check(&v);
        g.bench_function(format!("{}/ours", v.name), |b| {
            b.iter(|| ours(black_box(&v.input)))
        });
        g.bench_function(format!("{}/revm", v.name), |b| {
            b.iter(|| revm(black_box(&v.input)))
        });
    }
    g.finish();
}

/// The fastest of several timed batches of `f` (about 20 ms each): seconds per call.
fn time_per_call(mut f: impl FnMut()) -> f64 {
    let start = Instant::now();
    f();
    let once = start.elapsed().as_secs_f64().max(1e-7);
    let batch = ((0.02 / once) as usize).clamp(1, 100_000);
    (0..5)
        .map(|_| {
            let t = Instant::now();
            for _ in 0..batch {
                f();
            }
            t.elapsed().as_secs_f64() / batch as f64
        })
        .fold(f64::INFINITY, f64::min)
}

/// Criterion's filter argument: the first positional argument that is not the value of an
/// option (`--save-baseline before`).
fn filter(args: &[String]) -> Option<&String> {
    const TAKES_VALUE: [&str; 13] = [
        "--profile-time",
        "--save-baseline",
        "--baseline",
        "--baseline-lenient",
        "--load-baseline",
        "--sample-size",
        "--warm-up-time",
        "--measurement-time",
        "--nresamples",
        "--noise-threshold",
        "--output-format",
        "--color",
        "--plotting-backend",
    ];
    let mut skip_next = false;
    for a in args.iter().skip(1) {
        if std::mem::take(&mut skip_next) {
            continue;
        }
        if a.starts_with('-') {
            skip_next = TAKES_VALUE.contains(&a.as_str());
            continue;
        }
        return Some(a);
    }
    None
}

/// The Mgas/s table and each side's slowest case (skipped when criterion only lists ids or a
/// filter leaves no eip7883 vector).
fn summary() {
    let args: Vec<String> = std::env::args().collect();
    if args.iter().any(|a| a == "--list" || a == "--test") {
        return;
    }
    let filter = filter(&args);
    let chosen: Vec<Vector> = vectors()
        .into_iter()
        .filter(|v| filter.is_none_or(|f| v.name.contains(f.as_str()) || f.contains("eip7883")))
        .collect();
    if chosen.is_empty() {
        return;
    }
    println!("\nMODEXP at Osaka prices, go-ethereum's modexp_eip7883.json (interleaved timing)");
    println!(
        "{:<26} {:>8} {:>11} {:>11} {:>9} {:>9} {:>6}",
        "case", "gas", "ours (us)", "revm (us)", "ours Mg/s", "revm Mg/s", "ratio"
    );
    let mut worst: [(f64, String); 2] = [
        (f64::INFINITY, String::new()),
        (f64::INFINITY, String::new()),
    ];
    for v in &chosen {
        let gas = v.gas.unwrap_or(0) as f64;
        let t_ours = time_per_call(|| {
            black_box(ours(black_box(&v.input)));
        });
        let t_revm = time_per_call(|| {
            black_box(revm(black_box(&v.input)));
        });
        let rate = |t: f64| gas / t / 1e6;
        println!(
            "{:<26} {:>8} {:>11.2} {:>11.2} {:>9.1} {:>9.1} {:>6.2}",
            v.name,
            gas,
            t_ours * 1e6,
            t_revm * 1e6,
            rate(t_ours),
            rate(t_revm),
            t_ours / t_revm
        );
        for (slot, t) in worst.iter_mut().zip([t_ours, t_revm]) {
            if rate(t) < slot.0 {
                *slot = (rate(t), v.name.clone());
            }
        }
    }
    println!(
        "slowest: ours {} at {:.1} Mgas/s; revm {} at {:.1} Mgas/s",
        worst[0].1, worst[0].0, worst[1].1, worst[1].0
    );
}

criterion_group!(benches, eip7883);

fn main() {
    benches();
    Criterion::default().configure_from_args().final_summary();
    summary();
}
