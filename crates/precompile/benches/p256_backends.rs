//! P256VERIFY backends side by side: aws-lc through its C API (default), aws-lc through
//! `aws-lc-rs`'s safe API, the RustCrypto `p256` crate
//! and revm-precompile 43's default build, on the same valid signature.
//!
//! `cargo bench -p precompile --bench p256_backends`
use criterion::{criterion_group, criterion_main, Criterion};
use precompile::secp256r1::{self, awslc, awslc_ffi, rustcrypto};
use std::hint::black_box;
use std::time::Duration;

// RIP-7212 / revm test vector "ok_1".
const INPUT: &str = "4cee90eb86eaa050036147a12d49004b6b9c72bd725d39d4785011fe190f0b4da73bd4903f0ce3b639bbbf6e8e80d16931ff4bcf5993d58468e8fb19086e8cac36dbcd03009df8c59286b162af3bd7fcc0450c9aa81be5d10d312af6c66b1d604aebd3099c618202fcfe16ae7770b0c49ab5eadf74b754204a3bb6060e44eff37618b065f9832de4ca6ca971a7a1adc826d0f7c00181a5fb2ddf79ae00b4e10e";

fn benches(c: &mut Criterion) {
    let input = hex::decode(INPUT).unwrap();
    assert!(awslc::verify_eip7951(&input) && awslc_ffi::verify_eip7951(&input));
    assert!(rustcrypto::verify_eip7951(&input));
    let mut g = c.benchmark_group("p256verify");
    g.bench_function("aws-lc", |b| {
        b.iter(|| awslc::verify_eip7951(black_box(&input)))
    });
    g.bench_function("aws-lc-ffi", |b| {
        b.iter(|| awslc_ffi::verify_eip7951(black_box(&input)))
    });
    g.bench_function("p256", |b| {
        b.iter(|| rustcrypto::verify_eip7951(black_box(&input)))
    });
    g.bench_function("precompile_rip7212", |b| {
        b.iter(|| secp256r1::RIP7212.run(black_box(&input), 3450))
    });
    g.bench_function("revm", |b| {
        b.iter(|| revm_precompile::secp256r1::p256_verify_osaka(black_box(&input), 6900))
    });
    g.finish();
}

criterion_group! {
    name = group;
    config = Criterion::default()
        .sample_size(30)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    targets = benches
}
criterion_main!(group);
