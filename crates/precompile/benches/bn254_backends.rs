//! BN254 backends side by side: ours on ark-bn254 (default), ours on substrate-bn (feature
//! `substrate-bn`), and revm-precompile 43's default build, on the same inputs.
//!
//! `cargo bench -p precompile --features substrate-bn --bench bn254_backends`
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use precompile::bn254::{self, arkworks, substrate};
use std::hint::black_box;
use std::time::Duration;

fn h(s: &str) -> Vec<u8> {
    hex::decode(s).unwrap()
}

const G1_GEN: &str = "00000000000000000000000000000000000000000000000000000000000000010000000000000000000000000000000000000000000000000000000000000002";
const G2_GEN: &str = "198e9393920d483a7260bfb731fb5d25f1aa493335a9e71297e485b7aef312c21800deef121f1e76426a00665e5c4479674322d4f75edadd46debd5cd992f6ed090689d0585ff075ec9e99ad690c3395bc4b313370b38ef355acdadcd122975b12c85ea5db8c6deb4aab71808dcb408fe3d1e7690c43d37b4ce6cc0166fa7daa";
// geth bn256Add "chfast1" and bn256ScalarMul "chfast2".
const ADD: &str = "18b18acfb4c2c30276db5411368e7185b311dd124691610c5d3b74034e093dc9063c909c4720840cb5134cb9f59fa749755796819658d32efc0d288198f3726607c2b7f58a84bd6145f00c9c2bc0bb1a187f20ff2c92963a88019e7c6a014eed06614e20c147e940f2d70da3f74c9a17df361706a4485c742bd6788478fa17d7";
const MUL: &str = "2bd3e6d0f3b142924f5ca7b49ce5b9d54c4703d7ae5648e61d02268b1a0a9fb721611ce0a6af85915e2f1d70300909ce2e49dfad4a4619c8390cae66cefdb20400000000000000000000000000000000000000000000000011138ce750fa15c2";

fn benches(c: &mut Criterion) {
    let add: [u8; 128] = h(ADD).try_into().unwrap();
    let mul: [u8; 96] = h(MUL).try_into().unwrap();
    let mut g = c.benchmark_group("bn254_add");
    g.bench_function("ark", |b| b.iter(|| arkworks::g1_add(black_box(&add))));
    g.bench_function("substrate", |b| {
        b.iter(|| substrate::g1_add(black_box(&add)))
    });
    g.bench_function("revm", |b| {
        b.iter(|| revm_precompile::bn254::run_add(black_box(&add), 150, 150))
    });
    g.finish();
    let mut g = c.benchmark_group("bn254_mul");
    g.bench_function("ark", |b| b.iter(|| arkworks::g1_mul(black_box(&mul))));
    g.bench_function("substrate", |b| {
        b.iter(|| substrate::g1_mul(black_box(&mul)))
    });
    g.bench_function("revm", |b| {
        b.iter(|| revm_precompile::bn254::run_mul(black_box(&mul), 6000, 6000))
    });
    g.finish();
    let mut g = c.benchmark_group("bn254_pairing");
    let pair = [h(G1_GEN), h(G2_GEN)].concat();
    for k in [1usize, 2, 4, 8] {
        let input = pair.repeat(k);
        g.bench_with_input(BenchmarkId::new("ark", k), &input, |b, i| {
            b.iter(|| arkworks::pairing_check(black_box(i)))
        });
        g.bench_with_input(BenchmarkId::new("substrate", k), &input, |b, i| {
            b.iter(|| substrate::pairing_check(black_box(i)))
        });
        g.bench_with_input(BenchmarkId::new("revm", k), &input, |b, i| {
            b.iter(|| revm_precompile::bn254::run_pair(black_box(i), 34_000, 45_000, u64::MAX))
        });
        g.bench_with_input(BenchmarkId::new("precompile", k), &input, |b, i| {
            b.iter(|| bn254::pairing::ISTANBUL.run(black_box(i), u64::MAX))
        });
    }
    g.finish();
}

criterion_group! {
    name = group;
    config = Criterion::default()
        .sample_size(20)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    targets = benches
}
criterion_main!(group);
