//! The variable-time inversion (`inverse_mont_vartime`) at 4 limbs (BN254) and 6 limbs
//! (BLS12-381) against blst's constant-time `blst_fp_inverse` (6 limbs), same inputs, one run.
//!
//! `cargo bench -p evm-arith-montgomery --bench inverse`
#![allow(unsafe_code)] // FFI calls into blst

use blst::{blst_fp, blst_fp_inverse};
use criterion::{criterion_group, criterion_main, Criterion};
use montgomery::{inverse_mont_vartime, Modulus};
use std::hint::black_box;

#[path = "../tests/common/mod.rs"]
mod common;
use common::{hex, BLS12_381_P, BN254_P};

/// 64 pseudo-random values below p (top limb masked below p's).
fn inputs<const N: usize>(top: u64) -> Vec<[u64; N]> {
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    (0..64)
        .map(|_| {
            core::array::from_fn(|i| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                if i == N - 1 {
                    x % top
                } else {
                    x
                }
            })
        })
        .collect()
}

fn blst_inverse(a: &[u64; 6]) -> [u64; 6] {
    let mut r = blst_fp::default();
    // SAFETY: valid pointers to initialised blst_fp values.
    unsafe { blst_fp_inverse(&mut r, &blst_fp { l: *a }) };
    r.l
}

fn benches(c: &mut Criterion) {
    let bn254 = Modulus::new(hex::<4>(BN254_P));
    let bls = Modulus::new(hex::<6>(BLS12_381_P));
    let (bn254, bls) = (&bn254, &bls);
    let x4 = inputs::<4>(bn254.p()[3]);
    let x6 = inputs::<6>(bls.p()[5]);
    for x in &x6 {
        assert_eq!(inverse_mont_vartime(x, bls), Some(blst_inverse(x)));
    }
    let mut g = c.benchmark_group("inverse");
    let mut i = 0;
    g.bench_function("ours-4", |b| {
        b.iter(|| {
            i = (i + 1) % 64;
            inverse_mont_vartime(black_box(&x4[i]), bn254)
        })
    });
    g.bench_function("ours-6", |b| {
        b.iter(|| {
            i = (i + 1) % 64;
            inverse_mont_vartime(black_box(&x6[i]), bls)
        })
    });
    g.bench_function("blst-6", |b| {
        b.iter(|| {
            i = (i + 1) % 64;
            blst_inverse(black_box(&x6[i]))
        })
    });
    g.finish();
}

criterion_group!(group, benches);
criterion_main!(group);
