//! One arithmetic's time over another's on one program input, the two timed alternately, in
//! several memory layouts.
//!
//! Criterion times each arithmetic's samples in one stretch, seconds apart from the other's.
//! On a shared machine a slow state that lasts seconds then lands on one arithmetic only: in
//! two quick runs of the same code the opcode loop XOR/b1 read +4.8 % and -15.4 % against stock,
//! each outside criterion's intervals. Here the two arithmetics run back to back on one EVM
//! (its instruction table switched), round after round in ABBA order, so each round's ratio
//! sees one machine state ([`ratio`], on the harness shared with the gas report,
//! [`crate::interleave`]).
//!
//! One process is one memory layout, and the layout alone moves a short loop's ratio: evmone's
//! synth/SGT/b0 read 0.71, 0.76, 1.10 and 1.43 in runs of one binary that differed only in
//! where the OS put the machine stack (with address randomisation off, shifting the stack by
//! environment padding flipped it the same way; stock revm's time stayed within 1 %: its
//! accesses and ours alias other addresses modulo 4 KiB, which the CPU's memory disambiguation
//! compares). So each input is timed in [`layouts`] child processes, each with its machine
//! stack shifted by [`stack_pad`] bytes of environment and its heap by a [`heap_pad`]-byte
//! allocation (on top of the OS's own randomisation), and the figure is the median of the
//! layouts' median ratios with its 95 % interval over the layouts ([`combine`]).

use super::Arith;
use crate::evm::BytecodeRunner;
use crate::interleave::{interleave, time_batch, Plan};
use revm::handler::EthPrecompiles;
use std::hint::black_box;
use testkit::evm_programs::InterleavedRatio;
use testkit::stats::median_interval;

/// Work per sample: transactions are batched until one sample takes at least this, ns.
const SAMPLE_NS: f64 = 2e6;

/// `t(other) / t(base)` of the transaction `r` runs: `rounds` rounds of one sample under
/// each arithmetic, in the shared harness's ABBA order ([`crate::interleave`]), by process
/// CPU time. Leaves `r` on `base`.
pub fn ratio(
    r: &mut BytecodeRunner<EthPrecompiles>,
    id: &str,
    base: Arith,
    other: Arith,
    rounds: usize,
) -> Result<InterleavedRatio, String> {
    let plan = Plan {
        rounds,
        first_round: 0,
        batch_ns: SAMPLE_NS,
        max_batch: 100_000,
        cpu_clock: true,
        budget_ns: f64::INFINITY,
        min_rounds: rounds,
    };
    let names = vec![base.name().to_string(), other.name().to_string()];
    let timed = interleave(names, &plan, |arm, batch| {
        let arith = if arm == 0 { base } else { other };
        arith.install(r.evm_mut());
        Ok(time_batch(batch, || {
            black_box(r.run());
        }))
    })?;
    base.install(r.evm_mut());
    let (ratio, low, high) = timed
        .ratio(other.name(), base.name())
        .ok_or("the arms are named after the arithmetics")?;
    Ok(InterleavedRatio {
        id: id.to_string(),
        ratio,
        low,
        high,
        rounds,
        batch: timed.batch[0] as u32,
    })
}

/// The environment variable whose value's length shifts a layout child's machine stack.
pub const STACK_PAD_VAR: &str = "EVM_PROGRAMS_STACK_PAD";

/// Layouts per input: 7 quick, 15 careful; and rounds per layout: 5 quick, 7 careful.
pub fn layouts(quick: bool) -> (usize, usize) {
    if quick {
        (7, 5)
    } else {
        (15, 7)
    }
}

/// Bytes of environment padding for layout `i`: steps of 37 x 16 bytes modulo 4 KiB, so that
/// any number of layouts up to 256 fall on distinct 16-byte offsets spread over the 4 KiB
/// window the aliasing depends on.
pub fn stack_pad(i: usize) -> usize {
    (i * 37 * 16) % 4096
}

/// Bytes allocated before layout `i`'s EVM is built, shifting its heap (stack slots,
/// interpreter) by 16-byte steps of another stride than [`stack_pad`]'s.
pub fn heap_pad(i: usize) -> usize {
    (i * 101 * 16) % 4096 + 1
}

/// One input's ratio over several layouts: the median of their median ratios and its 95 %
/// interval over the layouts; `rounds` counts every layout's rounds. `None` if `per_layout`
/// is empty.
pub fn combine(id: &str, per_layout: &[InterleavedRatio]) -> Option<InterleavedRatio> {
    let first = per_layout.first()?;
    let (ratio, low, high) = median_interval(per_layout.iter().map(|x| x.ratio).collect());
    Some(InterleavedRatio {
        id: id.to_string(),
        ratio,
        low,
        high,
        rounds: per_layout.iter().map(|x| x.rounds).sum(),
        batch: first.batch,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pads_are_distinct_16_byte_steps() {
        let stack: std::collections::HashSet<usize> = (0..256).map(stack_pad).collect();
        let heap: std::collections::HashSet<usize> = (0..256).map(heap_pad).collect();
        assert_eq!((stack.len(), heap.len()), (256, 256));
        assert!(stack.iter().all(|p| p % 16 == 0 && *p < 4096));
        assert!(heap.iter().all(|p| p % 16 == 1 && *p < 4097));
    }

    #[test]
    fn combine_takes_the_median_of_layouts() {
        let layout = |ratio| InterleavedRatio {
            id: "x".into(),
            ratio,
            low: ratio - 0.01,
            high: ratio + 0.01,
            rounds: 5,
            batch: 3,
        };
        let per: Vec<_> = [1.4, 0.7, 0.8, 1.1, 0.75, 0.72, 0.9].map(layout).into();
        let c = combine("synth/SGT/b0/empty", &per).unwrap();
        assert_eq!((c.ratio, c.low, c.high), (0.8, 0.7, 1.4));
        assert_eq!(
            (c.id.as_str(), c.rounds, c.batch),
            ("synth/SGT/b0/empty", 35, 3)
        );
        assert!(combine("x", &[]).is_none());
    }
}
