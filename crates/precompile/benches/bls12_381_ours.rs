//! EIP-2537 precompiles on our own arithmetic (the maps and the MSMs of `curves::bls12_381`:
//! MAP_FP_TO_G1's default `PRAGUE`, the others' `PRAGUE_OURS`) against blst (MAP_FP2_TO_G2's
//! default, the others' `PRAGUE_BLST`) on the same
//! inputs, whole precompile calls
//! (decoding, checks, encoding included), interleaved: the minimum TSC ticks per call over
//! 300 rounds (`montgomery/benches/clock.rs`); the maps also in ABBA batches of ~1 ms with the
//! median ratio and its 95 % interval (`interleave`).
//!
//! `cargo bench -p evm-arith-precompile --bench bls12_381_ours`
#![allow(unsafe_code)] // rdtsc, in the shared clock module

mod bls_inputs;
#[path = "../../montgomery/benches/clock.rs"]
mod clock;
#[allow(dead_code)] // this bench uses the plain rows only
mod interleave;

use bls_inputs::scalar;
use precompile::bls12_381::{g1_msm, g2_msm, map_fp2_to_g2, map_fp_to_g1};
use precompile::Precompile;
use std::hint::black_box;

/// A 48-byte value below p padded to 64 bytes, from a seed.
fn fp_word(seed: u64) -> Vec<u8> {
    let l = clock::values(seed, 1, &curves::bls12_381::fp::P)[0];
    let mut w = vec![0u8; 16];
    for limb in l.iter().rev() {
        w.extend_from_slice(&limb.to_be_bytes());
    }
    w
}

fn main() {
    let hz = clock::tsc_hz();
    let tpc = clock::ticks_per_cycle();
    println!(
        "EIP-2537, curves (ours) vs blst ({})",
        clock::describe(hz, tpc)
    );
    println!(
        "{:<18} {:>12} {:>12} {:>9}",
        "case", "ours us", "blst us", "ours/blst"
    );
    let row = |name: &str, ours: Precompile, blst: Precompile, inputs: &[Vec<u8>]| {
        for i in inputs {
            assert_eq!(ours.run(i, u64::MAX), blst.run(i, u64::MAX), "{name}");
        }
        // n = 4096: one call of each closure per round; each call runs every input once.
        let t = clock::min_ticks(
            &mut [
                Box::new(|| {
                    for i in inputs {
                        black_box(ours.run(black_box(i), u64::MAX)).ok();
                    }
                }),
                Box::new(|| {
                    for i in inputs {
                        black_box(blst.run(black_box(i), u64::MAX)).ok();
                    }
                }),
            ],
            4096,
        );
        let us = |t: f64| t * 4096.0 / inputs.len() as f64 / hz * 1e6;
        println!(
            "{name:<18} {:>12.1} {:>12.1} {:>9.2}",
            us(t[0]),
            us(t[1]),
            t[0] / t[1]
        );
    };
    // BLS_OURS_K=1,2,4 limits the MSM rows to those point counts (a faster run).
    let only: Option<Vec<usize>> = std::env::var("BLS_OURS_K")
        .ok()
        .map(|v| v.split(',').filter_map(|k| k.trim().parse().ok()).collect());
    let skip = |k: usize| only.as_ref().is_some_and(|o| !o.contains(&k));
    let g1_in: Vec<Vec<u8>> = (0..8).map(fp_word).collect();
    let g2_in: Vec<Vec<u8>> = (0..4)
        .map(|i| [fp_word(2 * i + 100), fp_word(2 * i + 101)].concat())
        .collect();
    row(
        "MapFpToG1",
        map_fp_to_g1::PRAGUE,
        map_fp_to_g1::PRAGUE_BLST,
        &g1_in,
    );
    row(
        "MapFp2ToG2",
        map_fp2_to_g2::PRAGUE_OURS,
        map_fp2_to_g2::PRAGUE,
        &g2_in,
    );
    // The maps again in ~1 ms ABBA batches: the per-round ratio's median and its 95 % interval.
    interleave::header();
    let maps = [
        (
            "MapFpToG1: blst vs ours",
            map_fp_to_g1::PRAGUE_BLST,
            map_fp_to_g1::PRAGUE,
            &g1_in,
        ),
        (
            "MapFp2ToG2: blst vs ours",
            map_fp2_to_g2::PRAGUE,
            map_fp2_to_g2::PRAGUE_OURS,
            &g2_in,
        ),
    ];
    for (name, a, b, inputs) in maps {
        let arm = |p: Precompile| {
            move || {
                for i in inputs {
                    black_box(p.run(black_box(i), u64::MAX)).ok();
                }
            }
        };
        interleave::row(name, &arm(a), &arm(b));
    }
    let g1s: Vec<Vec<u8>> = g1_in
        .iter()
        .map(|u| map_fp_to_g1::PRAGUE.run(u, u64::MAX).unwrap().bytes)
        .collect();
    let g2s: Vec<Vec<u8>> = g2_in
        .iter()
        .map(|u| map_fp2_to_g2::PRAGUE.run(u, u64::MAX).unwrap().bytes)
        .collect();
    let msm_input = |points: &[Vec<u8>], k: usize| -> Vec<u8> {
        (0..k)
            .flat_map(|i| [points[i % points.len()].clone(), scalar(i as u64)].concat())
            .collect()
    };
    for k in [1, 2, 4, 8, 16, 32, 64, 128, 256, 512] {
        if skip(k) {
            continue;
        }
        row(
            &format!("G1MSM-{k}"),
            g1_msm::PRAGUE_OURS,
            g1_msm::PRAGUE_BLST,
            &[msm_input(&g1s, k)],
        );
    }
    for k in [1, 2, 4, 8, 16, 32, 64, 128, 256, 512] {
        if skip(k) {
            continue;
        }
        row(
            &format!("G2MSM-{k}"),
            g2_msm::PRAGUE_OURS,
            g2_msm::PRAGUE_BLST,
            &[msm_input(&g2s, k)],
        );
    }
}
