//! The EVM programs of `benches/programs/` through revm with each arithmetic, and the Ed25519
//! execution-environment series (`cargo xtask evm`).
//!
//! - Groups `<arith>-bytecode` (arith: `stock`, `uint256`, `bigint`), function ids
//!   `<program>/<input>`: one transaction running the program on the input. Program by
//!   program, the arithmetics back to back on one EVM whose instruction table is switched.
//!   Each program input is checked (every arithmetic agrees with stock revm on status, gas
//!   and output, and the output is the expected one) the first time one of its benchmarks
//!   runs, before it is timed.
//! - Groups `scaling-<contract>@<arith>` (contract: `dela`, `javgh`; arith: `stock`,
//!   `uint256`) and `scaling-native@dalek`, functions `N=<n>`: `n` `scalarMultBase` calls in
//!   one transaction (a driver contract loops them), or `n` native base-point
//!   multiplications; each output is checked against the expected (x, y) before timing.

use criterion::measurement::Measurement;
use criterion::{Criterion, SamplingMode};
use evm_benches::config;
use evm_benches::programs::{bench_group, check_run, ed25519, outcome, run_id, Arith};
use std::cell::Cell;
use testkit::evm_programs::{load_programs, Program};

fn main() {
    config::run(Programs);
}

/// Every program input under every arithmetic, then the scaling series.
struct Programs;

impl config::Bench for Programs {
    fn run<M: Measurement + 'static>(self, mut c: Criterion<M>) {
        let programs = load_programs().expect("benches/programs loads");
        for program in &programs {
            for input in program.named_inputs() {
                bench_input(&mut c, program, &input);
            }
        }
        let quick = config::quick();
        for contract in programs.iter().filter(|p| p.group() == "ed25519") {
            bench_series(&mut c, contract, quick);
        }
        bench_native(&mut c, &programs, quick);
        c.final_summary();
    }
}

/// Times one program input under every arithmetic, checking it first. One runner (one EVM,
/// its state, stack and memory) serves every arithmetic, only its instruction table switched:
/// separate EVMs running the same table differ by up to 2x on the opcode loops from memory
/// layout alone.
fn bench_input<M: Measurement>(
    c: &mut Criterion<M>,
    program: &Program,
    input: &testkit::evm_programs::ProgramInput,
) {
    let id = run_id(program, input);
    let checked = Cell::new(false);
    let code = hex::decode(&program.code_hex).expect("hex code");
    let calldata = hex::decode(&input.calldata_hex).expect("hex calldata");
    let mut r = Arith::Stock.runner(code, &calldata);
    for arith in Arith::ALL {
        let mut g = c.benchmark_group(bench_group(arith));
        slow_group(&mut g);
        g.bench_function(&id, |b| {
            if !checked.replace(true) {
                if let Err(e) = check_run(program, input) {
                    panic!("{e}");
                }
            }
            arith.install(r.evm_mut());
            b.iter(|| r.run())
        });
        g.finish();
    }
}

/// Flat sampling and the fewest samples criterion allows: a program under the big-integer
/// arithmetic can take a second per run.
fn slow_group<M: Measurement>(g: &mut criterion::BenchmarkGroup<'_, M>) {
    g.sampling_mode(SamplingMode::Flat);
    g.sample_size(10);
}

/// The scaling series of one Ed25519 contract under stock revm and ours: one runner per `n`
/// serves both arithmetics, only its instruction table switched (as in [`bench_input`]).
fn bench_series<M: Measurement>(c: &mut Criterion<M>, contract: &Program, quick: bool) {
    let short = ed25519::short_name(contract);
    let input = ed25519::series_input(contract).expect("series input");
    let want = input.expected_output_hex.clone().expect("expected (x, y)");
    let mut runners: Vec<_> = ed25519::series(quick)
        .into_iter()
        .map(|n| {
            let n16 = u16::try_from(n).expect("n fits the driver's PUSH2");
            (n, ed25519::runner(Arith::Stock, contract, &input, n16))
        })
        .collect();
    for arith in [Arith::Stock, Arith::Uint256] {
        let mut g = c.benchmark_group(format!("scaling-{short}@{}", arith.name()));
        slow_group(&mut g);
        for (n, r) in &mut runners {
            let checked = Cell::new(false);
            g.bench_function(format!("N={n}"), |b| {
                arith.install(r.evm_mut());
                if !checked.replace(true) {
                    let o = outcome(&r.run());
                    assert!(
                        o.status == "success" && hex::encode(&o.output) == want,
                        "{} N={n} under {}: {} {}",
                        contract.name,
                        arith.name(),
                        o.status,
                        hex::encode(&o.output)
                    );
                }
                b.iter(|| r.run())
            });
        }
        g.finish();
    }
}

/// Native base-point multiplication repeated `n` times.
fn bench_native<M: Measurement>(c: &mut Criterion<M>, programs: &[Program], quick: bool) {
    let Some(contract) = programs.iter().find(|p| p.group() == "ed25519") else {
        return;
    };
    let input = ed25519::series_input(contract).expect("series input");
    let s = ed25519::scalar(&hex::decode(&input.calldata_hex).expect("hex calldata"));
    let want = hex::decode(input.expected_output_hex.as_deref().unwrap_or("")).expect("hex");
    let mut g = c.benchmark_group("scaling-native@dalek");
    slow_group(&mut g);
    for n in ed25519::series(quick) {
        g.bench_function(format!("N={n}"), |b| {
            assert!(
                ed25519::matches_affine(&ed25519::native(&s, 1), &want),
                "native s*B is not the expected (x, y)"
            );
            b.iter(|| ed25519::native(&s, n))
        });
    }
    g.finish();
}
