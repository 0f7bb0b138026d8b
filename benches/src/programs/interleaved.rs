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

/// The median of `xs` and its 95 % distribution-free interval: the order statistics at ranks
/// n/2 -+ 1.96 sqrt(n)/2 (normal approximation of the binomial). NaN for no values.
pub fn median_interval(mut xs: Vec<f64>) -> (f64, f64, f64) {
    if xs.is_empty() {
        return (f64::NAN, f64::NAN, f64::NAN);
    }
    xs.sort_by(f64::total_cmp);
    let n = xs.len();
    let median = if n % 2 == 1 {
        xs[n / 2]
    } else {
        (xs[n / 2 - 1] + xs[n / 2]) / 2.0
    };
    let half = 0.98 * (n as f64).sqrt();
    let mid = n as f64 / 2.0;
    let low = (mid - half).floor().max(0.0) as usize;
    let high = ((mid + half).ceil() as usize).min(n - 1);
    (median, xs[low], xs[high])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_and_its_interval() {
        let (m, lo, hi) = median_interval((1..=25).rev().map(f64::from).collect());
        // n = 25: ranks 12.5 -+ 4.9 -> 7 and 18 (0-based), values 8 and 19.
        assert_eq!((m, lo, hi), (13.0, 8.0, 19.0));
        assert_eq!(median_interval(vec![2.0, 1.0]), (1.5, 1.0, 2.0));
        assert_eq!(median_interval(vec![3.0]), (3.0, 3.0, 3.0));
        assert!(median_interval(vec![]).0.is_nan());
    }
}
