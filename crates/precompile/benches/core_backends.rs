//! Side-by-side timings of the backends behind ECRECOVER, MODEXP, BLAKE2F and POINT_EVALUATION
//! against the peers they were chosen over (same inputs, same run).
//!
//! `cargo bench -p precompile --features k256 --bench core_backends` (add a filter such as `modexp`).

use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;
use std::time::Duration;

/// Deterministic pseudo-random bytes (xorshift), so both sides see identical inputs.
fn bytes(seed: u64, n: usize) -> Vec<u8> {
    let mut x = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    (0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 24) as u8
        })
        .collect()
}

/// A named MODEXP case: base, exponent, modulus.
type Case = (&'static str, Vec<u8>, Vec<u8>, Vec<u8>);

fn modexp_cases() -> Vec<Case> {
    let odd = |mut m: Vec<u8>| {
        *m.last_mut().unwrap() |= 1;
        m[0] |= 0x80;
        m
    };
    let even = |mut m: Vec<u8>, zeros: usize| {
        m[0] |= 0x80;
        let n = m.len();
        m[n - zeros / 8..].fill(0);
        m[n - 1 - zeros / 8] &= !((1u8 << (zeros % 8)) - 1);
        m[n - 1 - zeros / 8] |= 1 << (zeros % 8);
        m
    };
    vec![
        ("small_8B", bytes(1, 8), bytes(2, 8), odd(bytes(3, 8))),
        ("256bit", bytes(4, 32), bytes(5, 32), odd(bytes(6, 32))),
        ("1024bit", bytes(7, 128), bytes(8, 128), odd(bytes(9, 128))),
        (
            "2048bit_e65537",
            bytes(10, 256),
            vec![1, 0, 1],
            odd(bytes(11, 256)),
        ),
        (
            "2048bit",
            bytes(12, 256),
            bytes(13, 256),
            odd(bytes(14, 256)),
        ),
        (
            "even_256bit",
            bytes(15, 32),
            bytes(16, 32),
            even(bytes(17, 32), 3),
        ),
        (
            "even_1024bit",
            bytes(18, 128),
            bytes(19, 128),
            even(bytes(20, 128), 100),
        ),
        ("even_2048bit_pow2", bytes(21, 256), bytes(22, 32), {
            let mut m = vec![0u8; 256];
            m[0] = 1;
            m
        }),
    ]
}

fn modexp(c: &mut Criterion) {
    let mut g = c.benchmark_group("modexp");
    for (name, b, e, m) in modexp_cases() {
        let mut out = vec![0u8; m.len()];
        precompile::modexp::arith::modexp(&b, &e, &m, &mut out);
        let theirs = aurora_engine_modexp::modexp(&b, &e, &m);
        assert_eq!(out[out.len() - theirs.len()..], theirs[..], "{name}");
        g.bench_function(format!("{name}/ours"), |bch| {
            bch.iter(|| {
                let mut out = vec![0u8; m.len()];
                precompile::modexp::arith::modexp(
                    black_box(&b),
                    black_box(&e),
                    black_box(&m),
                    &mut out,
                );
                out
            })
        });
        g.bench_function(format!("{name}/aurora"), |bch| {
            bch.iter(|| aurora_engine_modexp::modexp(black_box(&b), black_box(&e), black_box(&m)))
        });
    }
    g.finish();
}

fn ecrecover(c: &mut Criterion) {
    let input = hex::decode("18c547e4f7b0f325ad1e56f57e26c745b09a3e503d86e00e5255ff7f715d3d1c000000000000000000000000000000000000000000000000000000000000001c73b1693892219d736caba55bdb67216e485557ea6b6af75f37096c9aa6a5a75feeb940b1d03b21e36b0e47e79769f095fe2ab855bd91e3a38756b7d75a9c4549").unwrap();
    let sig = precompile::ecrecover::parse(&input).unwrap();
    let mut g = c.benchmark_group("ecrecover");
    g.bench_function("libsecp256k1", |b| {
        b.iter(|| precompile::ecrecover::libsecp::recover(black_box(&sig)))
    });
    #[cfg(feature = "k256")]
    {
        assert_eq!(
            precompile::ecrecover::k256::recover(&sig),
            precompile::ecrecover::libsecp::recover(&sig)
        );
        g.bench_function("k256", |b| {
            b.iter(|| precompile::ecrecover::k256::recover(black_box(&sig)))
        });
    }
    g.finish();
}

fn blake2f(c: &mut Criterion) {
    let mut g = c.benchmark_group("blake2f");
    let m: [u64; 16] = core::array::from_fn(|i| (i as u64).wrapping_mul(0x0123_4567_89ab_cdef));
    for rounds in [12u32, 100_000] {
        let mut h1 = precompile::blake2f::IV;
        let mut h2 = precompile::blake2f::IV;
        precompile::blake2f::compress(rounds, &mut h1, &m, [128, 0], true);
        revm_precompile::blake2::compress(rounds, &mut h2, &m, &[128, 0], true);
        assert_eq!(h1, h2);
        g.bench_function(format!("{rounds}/ours"), |b| {
            b.iter(|| {
                let mut h = precompile::blake2f::IV;
                precompile::blake2f::compress(
                    black_box(rounds),
                    &mut h,
                    black_box(&m),
                    [128, 0],
                    true,
                );
                h
            })
        });
        g.bench_function(format!("{rounds}/revm"), |b| {
            b.iter(|| {
                let mut h = precompile::blake2f::IV;
                revm_precompile::blake2::compress(
                    black_box(rounds),
                    &mut h,
                    black_box(&m),
                    &[128, 0],
                    true,
                );
                h
            })
        });
    }
    g.finish();
}

fn kzg(c: &mut Criterion) {
    let commitment: [u8; 48] = hex::decode("8f59a8d2a1a625a17f3fea0fe5eb8c896db3764f3185481bc22f91b4aaffcca25f26936857bc3a7c2539ea8ec3a952b7").unwrap().try_into().unwrap();
    let z: [u8; 32] =
        hex::decode("73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000000")
            .unwrap()
            .try_into()
            .unwrap();
    let y: [u8; 32] =
        hex::decode("1522a4a7f34e1ea350ae07c29c96c7e79655aa926122e95fe69fcbd932ca49e9")
            .unwrap()
            .try_into()
            .unwrap();
    let proof: [u8; 48] = hex::decode("a62ad71d14c5719385c0686f1871430475bf3a00f0aa3f7b8dd99a9abc2160744faf0070725e00b60ad9a026a15b1a8c").unwrap().try_into().unwrap();
    precompile::kzg_point_evaluation::verify_kzg_proof(&commitment, &z, &y, &proof).unwrap();
    assert!(
        revm_precompile::kzg_point_evaluation::blst::verify_kzg_proof(&commitment, &z, &y, &proof)
    );
    let mut g = c.benchmark_group("kzg_verify");
    g.bench_function("c-kzg", |b| {
        b.iter(|| {
            precompile::kzg_point_evaluation::verify_kzg_proof(
                black_box(&commitment),
                &z,
                &y,
                &proof,
            )
        })
    });
    g.bench_function("blst_direct(revm)", |b| {
        b.iter(|| {
            revm_precompile::kzg_point_evaluation::blst::verify_kzg_proof(
                black_box(&commitment),
                &z,
                &y,
                &proof,
            )
        })
    });
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(1))
        .sample_size(20);
    targets = modexp, ecrecover, blake2f, kzg
}
criterion_main!(benches);
