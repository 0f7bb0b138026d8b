//! Every case of the case list, for every implementation and mode.
//!
//! Groups `<impl>-<mode>` (impl: `ours`, `revm` or a backend name; mode: `direct` or
//! `bytecode`), function ids = case names. Before timing, ours, revm and every backend are
//! checked to agree on every case: a disagreement panics (every precompile is implemented).
//!
//! The bytecode rows of a case share one revm EVM whose precompile provider is switched
//! between them (`evm::Switched`), so they differ in the provider only, not in the EVM's layout.
//!
//! Order: case by case, every implementation and mode of a case back to back, so that ours and
//! its peers see the same machine conditions (another process's load hits them alike). The
//! anchor (`EcRecover/ValidKey`, which every calculated gas divides by) is measured
//! [`schedule::ANCHOR_REPEATS`] more times, spread evenly through the run and at its end, under the ids
//! `<impl>-<mode>/EcRecover/ValidKey/repeat-<k>`; the report takes the median over them.

use criterion::measurement::Measurement;
use criterion::Criterion;
use evm_benches::{cases, config, evm, impls, schedule, Case};
use precompile::Fork;
use std::hint::black_box;
use testkit::files::{anchor_repeat, ANCHOR_CASE};

/// Times `case` under function id `id` for every implementation and mode.
fn bench_case<M: Measurement>(c: &mut Criterion<M>, fork: Fork, case: &Case, id: &str) {
    let p = *case.precompile(fork).expect("precompile at fork");
    let input = case.input.as_slice();
    let mut g = c.benchmark_group("ours-direct");
    g.bench_function(id, |b| {
        b.iter(|| p.run(black_box(input), impls::DIRECT_GAS_LIMIT))
    });
    g.finish();

    let rp = impls::revm_precompile(fork, case).expect("revm precompile at fork");
    let mut g = c.benchmark_group("revm-direct");
    g.bench_function(id, |b| {
        b.iter(|| rp.execute(black_box(input), impls::DIRECT_GAS_LIMIT, 0))
    });
    g.finish();

    // One EVM for every bytecode row of the case, its provider switched between them.
    let mut r = evm::switched(fork, evm::call_code(case.number), input);
    let mut g = c.benchmark_group("ours-bytecode");
    g.bench_function(id, |b| b.iter(|| r.run()));
    g.finish();

    r.set_precompiles(evm::Switched::revm(fork));
    let mut g = c.benchmark_group("revm-bytecode");
    g.bench_function(id, |b| b.iter(|| r.run()));
    g.finish();

    for backend in impls::backends(fork)
        .into_iter()
        .filter(|b| b.id.number() == case.number)
    {
        let run = backend.run;
        let mut g = c.benchmark_group(format!("{}-direct", backend.name));
        g.bench_function(id, |b| {
            b.iter(|| run(black_box(input), impls::DIRECT_GAS_LIMIT))
        });
        g.finish();
        let set = backend.set(fork).expect("backend precompile at fork");
        r.set_precompiles(evm::Switched::ours_with(set));
        let mut g = c.benchmark_group(format!("{}-bytecode", backend.name));
        g.bench_function(id, |b| b.iter(|| r.run()));
        g.finish();
    }
}

fn main() {
    config::run(Precompiles);
}

/// Verifies every case, then times them in order, the anchor repeated through the run.
struct Precompiles;

impl config::Bench for Precompiles {
    fn run<M: Measurement + 'static>(self, mut c: Criterion<M>) {
        let fork = config::fork();
        let all = cases(fork);
        eprintln!(
            "evm-benches precompiles: fork {fork}, {} cases, {} mode, {} time",
            all.len(),
            if config::quick() { "quick" } else { "careful" },
            if config::cpu_clock() {
                "process CPU"
            } else {
                "wall"
            }
        );
        for case in &all {
            impls::verify(fork, case);
        }
        let anchor = all
            .iter()
            .find(|c| c.name == ANCHOR_CASE)
            .expect("the anchor case exists at every fork");
        let points = schedule::anchor_repeat_points(all.len());
        let mut k = 0;
        for (i, case) in all.iter().enumerate() {
            bench_case(&mut c, fork, case, &case.name);
            while k < points.len() && points[k] == i + 1 {
                k += 1;
                bench_case(&mut c, fork, anchor, &anchor_repeat(k));
            }
        }
        c.final_summary();
    }
}
