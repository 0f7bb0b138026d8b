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

fn h(s: &str) -> Vec<u8> {
    hex::decode(s).unwrap()
}
fn fp(hex48: &str) -> Vec<u8> {
    [vec![0u8; 16], h(hex48)].concat()
}
fn g1() -> Vec<u8> {
    [fp("17f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb"),
     fp("08b3f481e3aaa0f1a09e30ed741d8ae4fcf5e095d5d00af600db18cb2c04b3edd03cc744a2888ae40caa232946c5e7e1")].concat()
}
fn g2() -> Vec<u8> {
    [fp("024aa2b2f08f0a91260805272dc51051c6e47ad4fa403b02b4510b647ae3d1770bac0326a805bbefd48056c8c121bdb8"),
     fp("13e02b6052719f607dacd3a088274f65596bd0d09920b61ab5da61bbdc7f5049334cf11213945d57e5ac7d055d042b7e"),
     fp("0ce5d527727d6e118cc9cdc6da2e351aadfd9baa8cbdd3a76d429a695160d12c923ac9cc3baca289e193548608b82801"),
     fp("0606c4a02ea734cc32acd2b02bc28b99cb3e287e85a763af267492ab572e99ab3f370d275cec1da1aaa9075ff05f79be")].concat()
}
/// A pseudo-random 32-byte scalar (full 256 bits).
fn scalar(i: u64) -> Vec<u8> {
    let mut x = i.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    (0..32)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x as u8
        })
        .collect()
}

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
