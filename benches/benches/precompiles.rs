//! Every case of the case list, for every implementation and mode.
//!
//! Groups `<impl>-<mode>` (impl: `ours`, `revm` or a backend name; mode: `direct` or
//! `bytecode`), function ids = case names. Before timing, ours and revm are checked to agree on
//! every case (a mismatch panics; a case whose precompile is still a placeholder in our crate
//! is timed for revm only, with a loud message).

use criterion::{BenchmarkGroup, Criterion};
use evm_benches::{
    cases, config,
    evm::{self, BytecodeRunner},
    impls::{self, Backend, Verdict, DIRECT_GAS_LIMIT},
    Case,
};
use precompile::Fork;
use std::hint::black_box;

type Group<'a> = BenchmarkGroup<'a, criterion::measurement::WallTime>;

fn ours_direct(g: &mut Group, fork: Fork, cases: &[&Case]) {
    for case in cases {
        let p = *case.precompile(fork).expect("precompile at fork");
        g.bench_function(case.name.as_str(), |b| {
            b.iter(|| p.run(black_box(&case.input), DIRECT_GAS_LIMIT))
        });
    }
}

fn revm_direct(g: &mut Group, fork: Fork, cases: &[&Case]) {
    for case in cases {
        let p = impls::revm_precompile(fork, case).expect("revm precompile at fork");
        g.bench_function(case.name.as_str(), |b| {
            b.iter(|| p.execute(black_box(&case.input), DIRECT_GAS_LIMIT, 0))
        });
    }
}

fn backend_direct(g: &mut Group, backend: &Backend, cases: &[&Case]) {
    for case in cases {
        let run = backend.run;
        g.bench_function(case.name.as_str(), |b| {
            b.iter(|| run(black_box(&case.input), DIRECT_GAS_LIMIT))
        });
    }
}

fn bytecode<P>(g: &mut Group, cases: &[&Case], mut runner: impl FnMut(&Case) -> BytecodeRunner<P>)
where
    P: revm::handler::PrecompileProvider<evm::Ctx, Output = revm::interpreter::InterpreterResult>,
{
    for case in cases {
        let mut r = runner(case);
        g.bench_function(case.name.as_str(), |b| b.iter(|| r.run()));
    }
}

fn main() {
    let fork = config::fork();
    let all = cases(fork);
    eprintln!(
        "evm-benches precompiles: fork {fork}, {} cases, {} mode",
        all.len(),
        if config::quick() { "quick" } else { "careful" }
    );
    let mut real = Vec::new();
    for case in &all {
        match impls::verify(fork, case) {
            Verdict::Agree => real.push(case),
            Verdict::OursPlaceholder => eprintln!(
                "!!! SKIPPING ours for {} ({}): our precompile is still a placeholder",
                case.name,
                case.precompile_name()
            ),
        }
    }
    let every: Vec<&Case> = all.iter().collect();
    let mut c: Criterion = config::criterion();

    let mut g = c.benchmark_group("ours-direct");
    ours_direct(&mut g, fork, &real);
    g.finish();
    let mut g = c.benchmark_group("revm-direct");
    revm_direct(&mut g, fork, &every);
    g.finish();
    let mut g = c.benchmark_group("ours-bytecode");
    bytecode(&mut g, &real, |case| {
        evm::ours(fork, evm::call_code(case.number), &case.input)
    });
    g.finish();
    let mut g = c.benchmark_group("revm-bytecode");
    bytecode(&mut g, &every, |case| {
        evm::revm(fork, evm::call_code(case.number), &case.input)
    });
    g.finish();

    for backend in impls::backends(fork) {
        let mine: Vec<&Case> = real
            .iter()
            .copied()
            .filter(|c| c.number == backend.number)
            .collect();
        if mine.is_empty() {
            continue;
        }
        let mut g = c.benchmark_group(format!("{}-direct", backend.name));
        backend_direct(&mut g, &backend, &mine);
        g.finish();
        let set = backend.set(fork).expect("backend precompile at fork");
        let mut g = c.benchmark_group(format!("{}-bytecode", backend.name));
        bytecode(&mut g, &mine, |case| {
            evm::ours_with(set, evm::call_code(case.number), &case.input)
        });
        g.finish();
    }
    c.final_summary();
}
