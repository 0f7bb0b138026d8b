//! BN254 side by side: ours (the default, on the `montgomery` kernel), ark-bn254 (feature
//! `bn254-arkworks`), substrate-bn (feature `substrate-bn`) and revm-precompile 43's default
//! build, on the same inputs: field multiplication, squaring and inversion, ECADD, ECMUL and
//! the pairing check. After criterion, a table of ns and core cycles per op from the
//! time-stamp counter (min of interleaved short runs; how cycles are obtained is printed).
//!
//! `cargo bench -p evm-arith-precompile --features substrate-bn,bn254-arkworks --bench bn254_backends`
//! (`BN254_TSC_ONLY=1` skips criterion and prints only the table).

// The cycle measurement, shared with montgomery's and evm384's benches (one copy).
#[path = "../../montgomery/benches/clock.rs"]
mod clock;

use ark_ff::{Field, PrimeField};
use criterion::{criterion_group, BenchmarkId, Criterion};
use curves::bn254::{Fp, Fp2};
use precompile::bn254::{self, add, arkworks, mul, substrate_bn};
use std::hint::black_box;
use std::time::Duration;

fn h(s: &str) -> Vec<u8> {
    hex::decode(s).unwrap()
}

const G1_GEN: &str = "00000000000000000000000000000000000000000000000000000000000000010000000000000000000000000000000000000000000000000000000000000002";
const G2_GEN: &str = "198e9393920d483a7260bfb731fb5d25f1aa493335a9e71297e485b7aef312c21800deef121f1e76426a00665e5c4479674322d4f75edadd46debd5cd992f6ed090689d0585ff075ec9e99ad690c3395bc4b313370b38ef355acdadcd122975b12c85ea5db8c6deb4aab71808dcb408fe3d1e7690c43d37b4ce6cc0166fa7daa";
// geth bn256Add "chfast1", and bn256ScalarMul "chfast2"'s point with a full 256-bit scalar.
const ADD: &str = "18b18acfb4c2c30276db5411368e7185b311dd124691610c5d3b74034e093dc9063c909c4720840cb5134cb9f59fa749755796819658d32efc0d288198f3726607c2b7f58a84bd6145f00c9c2bc0bb1a187f20ff2c92963a88019e7c6a014eed06614e20c147e940f2d70da3f74c9a17df361706a4485c742bd6788478fa17d7";
const MUL: &str = "2bd3e6d0f3b142924f5ca7b49ce5b9d54c4703d7ae5648e61d02268b1a0a9fb721611ce0a6af85915e2f1d70300909ce2e49dfad4a4619c8390cae66cefdb2048b3c9e4f27a1d05e6c2f4b8a9d1e3f507a6c8e2b4d9f1a3c5e7b9d0f2a4c6e81";

/// Two field elements (the x coordinates of the ADD input), ours and ark's.
fn operands() -> ([Fp; 2], [ark_bn254::Fq; 2]) {
    let add = h(ADD);
    let ours = [0, 64].map(|o| Fp::from_be_bytes(add[o..o + 32].try_into().unwrap()).unwrap());
    let ark = [0, 64].map(|o| ark_bn254::Fq::from_be_bytes_mod_order(&add[o..o + 32]));
    (ours, ark)
}

fn field(c: &mut Criterion) {
    let ([a, b], [x, y]) = operands();
    let mut g = c.benchmark_group("bn254_fp");
    // Latency: each product feeds the next.
    g.bench_function("mul/ours", |bn| {
        let mut acc = a;
        bn.iter(|| {
            acc = black_box(acc) * b;
            acc
        })
    });
    g.bench_function("mul/ark", |bn| {
        let mut acc = x;
        bn.iter(|| {
            acc = black_box(acc) * y;
            acc
        })
    });
    g.bench_function("inverse/ours", |bn| bn.iter(|| black_box(a).inverse()));
    g.bench_function("inverse/ark", |bn| bn.iter(|| black_box(x).inverse()));
    let (a2, b2) = (Fp2::new(a, b), Fp2::new(b, a));
    let (x2, y2) = (ark_bn254::Fq2::new(x, y), ark_bn254::Fq2::new(y, x));
    g.bench_function("fp2_mul/ours", |bn| {
        bn.iter(|| black_box(a2) * black_box(b2))
    });
    g.bench_function("fp2_mul/ark", |bn| {
        bn.iter(|| black_box(x2) * black_box(y2))
    });
    g.finish();
}

fn curve(c: &mut Criterion) {
    let add: [u8; 128] = h(ADD).try_into().unwrap();
    let mul: [u8; 96] = h(MUL).try_into().unwrap();
    let mut g = c.benchmark_group("bn254_add");
    g.bench_function("ours", |b| b.iter(|| add::g1_add(black_box(&add))));
    g.bench_function("ark", |b| b.iter(|| arkworks::g1_add(black_box(&add))));
    g.bench_function("substrate", |b| {
        b.iter(|| substrate_bn::g1_add(black_box(&add)))
    });
    g.bench_function("revm", |b| {
        b.iter(|| revm_precompile::bn254::run_add(black_box(&add), 150, 150))
    });
    g.finish();
    let mut g = c.benchmark_group("bn254_mul");
    g.bench_function("ours", |b| b.iter(|| mul::g1_mul(black_box(&mul))));
    g.bench_function("ark", |b| b.iter(|| arkworks::g1_mul(black_box(&mul))));
    g.bench_function("substrate", |b| {
        b.iter(|| substrate_bn::g1_mul(black_box(&mul)))
    });
    g.bench_function("revm", |b| {
        b.iter(|| revm_precompile::bn254::run_mul(black_box(&mul), 6000, 6000))
    });
    g.finish();
}

fn pairing(c: &mut Criterion) {
    let mut g = c.benchmark_group("bn254_pairing");
    let pair = [h(G1_GEN), h(G2_GEN)].concat();
    for k in [1usize, 2, 4, 8] {
        let input = pair.repeat(k);
        g.bench_with_input(BenchmarkId::new("ours", k), &input, |b, i| {
            b.iter(|| bn254::pairing::pairing_check(black_box(i)))
        });
        g.bench_with_input(BenchmarkId::new("ark", k), &input, |b, i| {
            b.iter(|| arkworks::pairing_check(black_box(i)))
        });
        g.bench_with_input(BenchmarkId::new("substrate", k), &input, |b, i| {
            b.iter(|| substrate_bn::pairing_check(black_box(i)))
        });
        g.bench_with_input(BenchmarkId::new("revm", k), &input, |b, i| {
            b.iter(|| revm_precompile::bn254::run_pair(black_box(i), 34_000, 45_000, u64::MAX))
        });
    }
    g.finish();
}

/// ns and core cycles per op, ours and ark interleaved (min over short runs).
fn cycles_table() {
    let ([a, b], [x, y]) = operands();
    let add: [u8; 128] = h(ADD).try_into().unwrap();
    let mul: [u8; 96] = h(MUL).try_into().unwrap();
    let (hz, tpc) = (clock::tsc_hz(), clock::ticks_per_cycle());
    println!("\nBN254 cycles table (min of 300 interleaved runs per op)");
    println!("{}", clock::describe(hz, tpc));
    println!(
        "{:<22} {:>12} {:>12} {:>12} {:>12} {:>8}",
        "op", "ours ns", "ours cyc", "ark ns", "ark cyc", "ours/ark"
    );
    // `n` ops per closure call; `per_call` > 1 shortens the runs of slow ops: min_ticks then
    // makes `4096 / per_call` calls per run and divides by `per_call` ops too many.
    let row = |name: &str, n: usize, ours: &mut dyn FnMut(), ark: &mut dyn FnMut()| {
        let per_call = if n == 1 { 512 } else { n };
        let t = clock::min_ticks(&mut [Box::new(ours), Box::new(ark)], per_call);
        let t: Vec<f64> = t.iter().map(|t| t * per_call as f64 / n as f64).collect();
        let (ns, cyc) = (|t: f64| t / hz * 1e9, |t: f64| t / tpc);
        println!(
            "{name:<22} {:>12.1} {:>12.0} {:>12.1} {:>12.0} {:>8.2}",
            ns(t[0]),
            cyc(t[0]),
            ns(t[1]),
            cyc(t[1]),
            t[0] / t[1]
        );
    };
    const CHAIN: usize = 256;
    let (mut acc, mut acc_ark) = (a, x);
    row(
        "Fp mul (latency)",
        CHAIN,
        &mut || {
            for _ in 0..CHAIN {
                acc = black_box(acc) * b;
            }
        },
        &mut || {
            for _ in 0..CHAIN {
                acc_ark = black_box(acc_ark) * y;
            }
        },
    );
    let (mut acc, mut acc_ark) = (a, x);
    row(
        "Fp square (latency)",
        CHAIN,
        &mut || {
            for _ in 0..CHAIN {
                acc = black_box(acc).square();
            }
        },
        &mut || {
            for _ in 0..CHAIN {
                acc_ark = black_box(acc_ark).square();
            }
        },
    );
    let (mut acc, mut acc_ark) = (Fp2::new(a, b), ark_bn254::Fq2::new(x, y));
    let (m, m_ark) = (Fp2::new(b, a), ark_bn254::Fq2::new(y, x));
    row(
        "Fp2 mul (latency)",
        CHAIN,
        &mut || {
            for _ in 0..CHAIN {
                acc = black_box(acc) * m;
            }
        },
        &mut || {
            for _ in 0..CHAIN {
                acc_ark = black_box(acc_ark) * m_ark;
            }
        },
    );
    row(
        "Fp inverse",
        1,
        &mut || {
            black_box(black_box(a).inverse());
        },
        &mut || {
            black_box(black_box(x).inverse());
        },
    );
    row(
        "ECADD (g1_add)",
        1,
        &mut || {
            black_box(add::g1_add(black_box(&add))).ok();
        },
        &mut || {
            black_box(arkworks::g1_add(black_box(&add))).ok();
        },
    );
    row(
        "ECMUL (g1_mul)",
        1,
        &mut || {
            black_box(mul::g1_mul(black_box(&mul))).ok();
        },
        &mut || {
            black_box(arkworks::g1_mul(black_box(&mul))).ok();
        },
    );
}

criterion_group! {
    name = group;
    config = Criterion::default()
        .sample_size(20)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    targets = field, curve, pairing
}

fn main() {
    if std::env::var_os("BN254_TSC_ONLY").is_none() {
        group();
        Criterion::default().configure_from_args().final_summary();
    }
    cycles_table();
}
