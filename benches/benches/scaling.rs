//! `N` calls to one precompile inside one transaction (a bytecode loop), through revm with our
//! precompile provider: group `scaling-<case>`, function `N=<n>`, time per transaction.

use criterion::{Criterion, SamplingMode};
use evm_benches::{case, config, evm, impls};

/// The cases scaled, with the largest `N` each is run at.
const CASES: [(&str, u16); 3] = [
    ("Identity-128", 1000),
    ("Sha256-128", 1000),
    ("Bn256Pairing-2", 1000),
];

/// The numbers of calls per transaction.
const NS: [u16; 4] = [1, 10, 100, 1000];

fn main() {
    let fork = config::fork();
    let mut c: Criterion = config::criterion();
    for (name, max_n) in CASES {
        let case = case(name).expect("case exists");
        if case.precompile(fork).is_none() {
            eprintln!("!!! SKIPPING {name}: no such precompile at {fork}");
            continue;
        }
        if impls::verify(fork, &case) == impls::Verdict::OursPlaceholder {
            eprintln!("!!! SKIPPING scaling-{name}: our precompile is still a placeholder");
            continue;
        }
        let mut g = c.benchmark_group(format!("scaling-{name}"));
        g.sampling_mode(SamplingMode::Flat);
        if case.number == 0x08 {
            g.sample_size(10); // ~1 ms per pairing call: keep N=1000 affordable
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
