//! `N` calls to one precompile inside one transaction (a bytecode loop), through revm with our
//! precompile provider: group `scaling-<case>`, function `N=<n>`, time per transaction.
//! ECRECOVER's series gives the marginal cost of the anchor, which the report's marginal
//! calculated gas divides by (like for like: a call inside a transaction against a call
//! inside a transaction).

use criterion::measurement::Measurement;
use criterion::{Criterion, SamplingMode};
use evm_benches::{case, config, evm, impls};
use testkit::files::ANCHOR_CASE;

/// The cases scaled, with the largest `N` each is run at.
const CASES: [(&str, u16); 4] = [
    (ANCHOR_CASE, 1000),
    ("Identity-128", 1000),
    ("Sha256-128", 1000),
    ("Bn256Pairing-2", 1000),
];

/// The numbers of calls per transaction.
const NS: [u16; 4] = [1, 10, 100, 1000];

fn main() {
    config::run(Scaling);
}

/// Times each case's transactions of `N` calls.
struct Scaling;

impl config::Bench for Scaling {
    fn run<M: Measurement + 'static>(self, mut c: Criterion<M>) {
        let fork = config::fork();
        for (name, max_n) in CASES {
            let case = case(name).expect("case exists");
            if case.precompile(fork).is_none() {
                // Not measured, hence not in `--list` either: the report expects no result.
                eprintln!("scaling: {name} has no precompile at {fork}, not measured");
                continue;
            }
            impls::verify(fork, &case);
            let mut g = c.benchmark_group(format!("scaling-{name}"));
            g.sampling_mode(SamplingMode::Flat);
            if case.number == 0x08 || case.number == 0x01 {
                g.sample_size(10); // 30 us to 1 ms per call: keep N=1000 affordable
            }
            for n in NS.into_iter().filter(|&n| n <= max_n) {
                let mut r = evm::ours(fork, evm::loop_code(case.number, n), &case.input);
                let result = r.run();
                let gas = case.gas(fork).unwrap_or(0);
                assert!(
                    result.is_success() && result.tx_gas_used() >= u64::from(n) * gas,
                    "scaling-{name} N={n}: the calls did not all succeed: {result:?}"
                );
                g.bench_function(format!("N={n}"), |b| b.iter(|| r.run()));
            }
            g.finish();
        }
        c.final_summary();
    }
}
