//! One arithmetic's time over another's on one program input, the two timed alternately.
//!
//! Criterion times each arithmetic's samples in one stretch, seconds apart from the other's.
//! On a shared machine a slow state that lasts seconds then lands on one arithmetic only: in
//! two quick runs of the same code the opcode loop XOR/b1 read +4.8 % and -15.4 % against stock,
//! each outside criterion's intervals. Here the two arithmetics run back to back on one EVM
//! (its instruction table switched), round after round in ABBA order, so each round's ratio
//! sees one machine state; the figure is the median ratio with its 95 % interval.

use super::Arith;
use crate::cpu_time::process_cpu_time;
use crate::evm::BytecodeRunner;
use revm::handler::EthPrecompiles;
use std::hint::black_box;
use testkit::evm_programs::InterleavedRatio;
use testkit::stats::median_interval;

/// Work per sample: transactions are batched until one sample takes at least this, ns.
const SAMPLE_NS: f64 = 2e6;

/// `t(other) / t(base)` of the transaction `r` runs: `rounds` rounds of one sample under
/// each arithmetic (base first in even rounds, other first in odd ones). Leaves `r` on `base`.
pub fn ratio(
    r: &mut BytecodeRunner<EthPrecompiles>,
    id: &str,
    base: Arith,
    other: Arith,
    rounds: usize,
) -> InterleavedRatio {
    let mut sample = |arith: Arith, batch: u32| {
        arith.install(r.evm_mut());
        let start = process_cpu_time();
        for _ in 0..batch {
            black_box(r.run());
        }
        (process_cpu_time() - start).as_nanos() as f64
    };
    // One warm-up run of each, which also sizes the batch.
    let once = sample(other, 1).max(sample(base, 1)).max(1.0);
    let batch = (SAMPLE_NS / once).ceil().min(100_000.0) as u32;
    let ratios: Vec<f64> = (0..rounds)
        .map(|i| {
            let (b, o) = if i % 2 == 0 {
                let b = sample(base, batch);
                (b, sample(other, batch))
            } else {
                let o = sample(other, batch);
                (sample(base, batch), o)
            };
            o / b.max(1.0)
        })
        .collect();
    base.install(r.evm_mut());
    let (ratio, low, high) = median_interval(ratios);
    InterleavedRatio {
        id: id.to_string(),
        ratio,
        low,
        high,
        rounds,
        batch,
    }
}
