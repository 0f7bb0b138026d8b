//! Every EVM op by operand-size class: ours vs ruint (as revm 43's instruction bodies use it)
//! vs num-bigint, on the same pre-generated operands.
//!
//! Each benchmark runs a batch of `N` operand tuples; divide the reported time by `N` for the
//! per-op time (`benches/table.py` does this and prints the ours/ruint table). Groups are named
//! `op` or `op/class` (the classes are described in each module), each with the functions
//! `ours`, `ruint` and `num-bigint`, measured one after the other in the same run.
//!
//! On a loaded machine, `UINT256_INTERLEAVED=all cargo bench -p evm-arith-uint256 --bench ops` (or a
//! substring of the group names instead of `all`) times ours and ruint in alternating passes
//! instead and prints the ours/ruint table directly (`harness::interleave`), with the share of
//! rounds in which ours was faster (about half for a tie), under a line naming the CPU. For the
//! 1-4 ns ops, build it with every function 64-byte aligned (`RUSTFLAGS="-C
//! llvm-args=-align-all-functions=6" CARGO_TARGET_DIR=target/ops-aligned`, as the EVM report
//! does), so that where the linker puts each timed loop does not tilt their ratios.
//!
//! `python3 crates/uint256/benches/mca.py [GROUP ...]` compares the code of each group's timed
//! loop, ours vs ruint, under llvm-mca's models of AMD and Intel cores (cycles per op): the
//! static check for a CPU the bench cannot run on (see the script's doc).

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
            "| {:<18} | {:>8} | {:>8} | {:>6} | {:>7} |",
            "op/class", "ours ns", "ruint ns", "ratio", "faster"
        );
        println!(
            "|{}|{}|{}|{}|{}|",
            "-".repeat(20),
            "-".repeat(10),
            "-".repeat(10),
            "-".repeat(8),
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
