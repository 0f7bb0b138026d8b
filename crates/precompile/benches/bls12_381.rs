//! EIP-2537 precompiles: ours (blst; our own affine sums for the ADDs) against revm-precompile
//! 43's default build (blst), on the same inputs: ADDs (distinct points and P + P), MSMs for
//! k = 1..128, pairing checks for k = 1..8, the two maps.
//!
//! `cargo bench -p evm-arith-precompile --bench bls12_381`
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use precompile::bls12_381 as ours;
use revm_precompile::bls12_381 as revm;
use std::hint::black_box;
use std::time::Duration;

mod bls_inputs;
use bls_inputs::{g1, g2, scalar};

fn benches(c: &mut Criterion) {
    let g1s: Vec<Vec<u8>> = (0..128)
        .map(|i| {
            ours::g1_msm::PRAGUE
                .run(&[g1(), scalar(i)].concat(), u64::MAX)
                .unwrap()
                .bytes
        })
        .collect();
    let g2s: Vec<Vec<u8>> = (0..128)
        .map(|i| {
            ours::g2_msm::PRAGUE
                .run(&[g2(), scalar(i)].concat(), u64::MAX)
                .unwrap()
                .bytes
        })
        .collect();

    let mut g = c.benchmark_group("bls_add");
    // Distinct points, and P + P (the doubling branch of the affine sum).
    let g1_cases = [
        ("g1", [g1s[0].clone(), g1s[1].clone()].concat()),
        ("g1-double", [g1s[0].clone(), g1s[0].clone()].concat()),
    ];
    for (name, input) in &g1_cases {
        g.bench_function(format!("{name}/ours"), |b| {
            b.iter(|| ours::g1_add::PRAGUE.run(black_box(input), u64::MAX))
        });
        g.bench_function(format!("{name}/revm"), |b| {
            b.iter(|| revm::g1_add::g1_add(black_box(input), u64::MAX))
        });
    }
    let g2_cases = [
        ("g2", [g2s[0].clone(), g2s[1].clone()].concat()),
        ("g2-double", [g2s[0].clone(), g2s[0].clone()].concat()),
    ];
    for (name, input) in &g2_cases {
        g.bench_function(format!("{name}/ours"), |b| {
            b.iter(|| ours::g2_add::PRAGUE.run(black_box(input), u64::MAX))
        });
        g.bench_function(format!("{name}/revm"), |b| {
            b.iter(|| revm::g2_add::g2_add(black_box(input), u64::MAX))
        });
    }
    g.finish();

    let ks = [1usize, 2, 4, 8, 16, 32, 64, 128];
    let mut g = c.benchmark_group("bls_g1msm");
    for k in ks {
        let input: Vec<u8> = (0..k)
            .flat_map(|i| [g1s[i].clone(), scalar(1000 + i as u64)].concat())
            .collect();
        assert_eq!(
            ours::g1_msm::PRAGUE.run(&input, u64::MAX).unwrap().bytes,
            revm::g1_msm::g1_msm(&input, u64::MAX)
                .unwrap()
                .bytes
                .to_vec()
        );
        g.bench_with_input(BenchmarkId::new("ours", k), &input, |b, i| {
            b.iter(|| ours::g1_msm::PRAGUE.run(black_box(i), u64::MAX))
        });
        g.bench_with_input(BenchmarkId::new("revm", k), &input, |b, i| {
            b.iter(|| revm::g1_msm::g1_msm(black_box(i), u64::MAX))
        });
    }
    g.finish();
    let mut g = c.benchmark_group("bls_g2msm");
    for k in ks {
        let input: Vec<u8> = (0..k)
            .flat_map(|i| [g2s[i].clone(), scalar(1000 + i as u64)].concat())
            .collect();
        assert_eq!(
            ours::g2_msm::PRAGUE.run(&input, u64::MAX).unwrap().bytes,
            revm::g2_msm::g2_msm(&input, u64::MAX)
                .unwrap()
                .bytes
                .to_vec()
        );
        g.bench_with_input(BenchmarkId::new("ours", k), &input, |b, i| {
            b.iter(|| ours::g2_msm::PRAGUE.run(black_box(i), u64::MAX))
        });
        g.bench_with_input(BenchmarkId::new("revm", k), &input, |b, i| {
            b.iter(|| revm::g2_msm::g2_msm(black_box(i), u64::MAX))
        });
    }
    g.finish();

    let mut g = c.benchmark_group("bls_pairing");
    for k in [1usize, 2, 4, 8] {
        let input: Vec<u8> = (0..k)
            .flat_map(|i| [g1s[i].clone(), g2s[i].clone()].concat())
            .collect();
        g.bench_with_input(BenchmarkId::new("ours", k), &input, |b, i| {
            b.iter(|| ours::pairing::PRAGUE.run(black_box(i), u64::MAX))
        });
        g.bench_with_input(BenchmarkId::new("revm", k), &input, |b, i| {
            b.iter(|| revm::pairing::pairing(black_box(i), u64::MAX))
        });
    }
    g.finish();

    let mut g = c.benchmark_group("bls_map");
    let mut u1 = [vec![0u8; 16], scalar(7), scalar(8)[..16].to_vec()].concat();
    u1[16] &= 0x0f; // below p
    assert!(ours::map_fp_to_g1::PRAGUE.run(&u1, u64::MAX).is_ok());
    let u2 = [u1.clone(), u1.clone()].concat();
    g.bench_function("g1/ours", |b| {
        b.iter(|| ours::map_fp_to_g1::PRAGUE.run(black_box(&u1), u64::MAX))
    });
    g.bench_function("g1/revm", |b| {
        b.iter(|| revm::map_fp_to_g1::map_fp_to_g1(black_box(&u1), u64::MAX))
    });
    g.bench_function("g2/ours", |b| {
        b.iter(|| ours::map_fp2_to_g2::PRAGUE.run(black_box(&u2), u64::MAX))
    });
    g.bench_function("g2/revm", |b| {
        b.iter(|| revm::map_fp2_to_g2::map_fp2_to_g2(black_box(&u2), u64::MAX))
    });
    g.finish();
}

criterion_group! {
    name = group;
    config = Criterion::default()
        .sample_size(15)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(1));
    targets = benches
}
criterion_main!(group);
