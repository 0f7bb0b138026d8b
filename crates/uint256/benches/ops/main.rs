//! Every EVM op by operand-size class: ours vs ruint (as revm 43's instruction bodies use it)
//! vs num-bigint, on the same pre-generated operands.
//!
//! Each group (`op` or `op/class`; the classes are described in each module) has a batch of
//! `N` = 256 operand tuples, with the functions `ours`, `ruint` and `num-bigint`. Criterion
//! reports the time of one pass of `N` ops; divide by `N` for the per-op time
//! (`benches/table.py` does this and prints the ours/ruint table).
//!
//! On a loaded machine, `UINT256_INTERLEAVED=all cargo bench -p evm-arith-uint256 --bench ops`
//! (or a substring of the group names, or `=NAME` for one group, instead of `all`) times ours
//! and ruint in alternating samples instead and prints the ours/ruint table directly
//! (`harness::interleave`), under a line naming the CPU: per op, each side's lower-quartile
//! time, their ratio, a 95 % interval of the median of the rounds' own ratios, and the share of
//! rounds in which ours was faster (about half for a tie). Groups whose two sides are the same
//! machine code are marked `= same code` (`harness::SAME_CODE`): their ratio is placement and
//! noise, not code. Build it with every function 64-byte aligned
//! (`RUSTFLAGS="-C llvm-args=-align-all-functions=6" CARGO_TARGET_DIR=target/ops-aligned`, as
//! the EVM report does), so that where the linker puts each timed loop does not tilt their
//! ratios: not only the 1-4 ns ops', the 25 ns division rows' too (two unaligned builds with
//! the same division code disagree on them by more than their intervals).
//!
//! **Order of the tuples.** Many ops branch on their operands (revm's SAR on the sign of a
//! value shifted out, division on the operands' widths, BYTE and SIGNEXTEND on the index).
//! Passing over one small batch in the same order thousands of times lets the branch predictor
//! learn each tuple's outcome by its position, so a branchy implementation is timed with every
//! branch predicted, which no program's operands allow, and how well it learns moves with the
//! process's addresses. A batch too large to learn (tens of thousands of tuples) no longer fits
//! in the caches and times memory instead. So the batch stays small (both sides' tuples,
//! 48 KiB, stay in L2) and the timed loop visits it in a random order of `u8` indices, drawn
//! afresh for every interleaved round (criterion: every 64 passes) and never run twice: no
//! outcome can be learnt from its position, while each side's ops read the same L1/L2-resident
//! tuples. Both sides of one round walk the same order, one forwards and the other backwards,
//! so they see exactly the same operands; walked twice in the same direction, the second walk
//! found the predictor trained by the first. The index costs one byte load per op on both
//! sides (see `floor`).
//!
//! `python3 crates/uint256/benches/mca.py [GROUP ...]` compares the code of each group's timed
//! loop, ours vs ruint, under llvm-mca's models of AMD and Intel cores (cycles per op), and
//! says whether the two are the same code: the static check for a CPU the bench cannot run on
//! (see the script's doc), e.g. `llvm-mca-19 -mcpu=znver4` and `-mcpu=sapphirerapids`.

mod arith;
mod bitwise;
mod exp;
mod harness;
mod peer;

use criterion::{criterion_group, criterion_main, Criterion};

fn benches(c: &mut Criterion) {
    if std::env::var_os("UINT256_INTERLEAVED").is_some() {
        println!("CPU: {}\n", harness::cpu_model());
        println!(
            "| {:<18} | {:>8} | {:>8} | {:>6} | {:<16} | {:>7} |",
            "op/class", "ours ns", "ruint ns", "ratio", "95 % interval", "faster"
        );
        println!(
            "|{}|{}|{}|{}|{}|{}|",
            "-".repeat(20),
            "-".repeat(10),
            "-".repeat(10),
            "-".repeat(8),
            "-".repeat(18),
            "-".repeat(9)
        );
    }
    arith::benches(c);
    exp::benches(c);
    bitwise::benches(c);
}

criterion_group! {
    name = ops;
    config = harness::config();
    targets = benches
}
criterion_main!(ops);
