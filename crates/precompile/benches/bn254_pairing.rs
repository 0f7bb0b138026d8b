//! The BN254 pairing, ours (`curves::bn254::{final_exp, miller, Fp12}` and
//! `precompile::bn254::pairing`) against ark-bn254 in one run: `Fp2` inversion, `Fp12` multiplication, squaring
//! and cyclotomic squaring (ours also compressed), the exponentiation by the BN parameter `x`,
//! one Miller loop, the final exponentiation, the validation of one pair (G2 subgroup check
//! included) and the ECPAIRING check of 1, 2, 4 and 8 pairs.
//!
//! `cargo bench -p evm-arith-precompile --features bn254-arkworks --bench bn254_pairing`
//!
//! Criterion measures the time per call first. After it, a table is printed from the
//! time-stamp counter: `_rdtsc` read around a batch of calls, the minimum over interleaved
//! rounds (ours and ark's alternate), giving TSC ticks per call. The TSC runs at a constant
//! reference frequency, not the core clock (which `cpu MHz` in /proc/cpuinfo shows); the table
//! prints the TSC frequency measured against the monotonic clock, and ns = ticks / that
//! frequency. This machine has no hardware cycle counter available to user space (no PMU in the
//! VM), so TSC ticks are the cycle figure. `BN254_TSC_ONLY=1` skips criterion.
#![allow(unsafe_code)] // _rdtsc

use ark_bn254::{Bn254, Fq12, G1Affine as ArkG1, G2Affine as ArkG2};
use ark_ec::pairing::{MillerLoopOutput, Pairing};
use ark_ec::AffineRepr;
use ark_ff::{CyclotomicMultSubgroup, Field, Fp6Config};
use criterion::{BenchmarkId, Criterion};
use curves::bn254::final_exp::{exp_by_x, final_exponentiation};
use curves::bn254::g2::BN_X;
use curves::bn254::miller::{multi_miller_loop, MillerPair};
use curves::bn254::{CompressedCyclotomic, Fp12};
use precompile::bn254::{arkworks, pairing};
use std::hint::black_box;
use std::time::{Duration, Instant};

const G1_GEN: &str = "00000000000000000000000000000000000000000000000000000000000000010000000000000000000000000000000000000000000000000000000000000002";
const G2_GEN: &str = "198e9393920d483a7260bfb731fb5d25f1aa493335a9e71297e485b7aef312c21800deef121f1e76426a00665e5c4479674322d4f75edadd46debd5cd992f6ed090689d0585ff075ec9e99ad690c3395bc4b313370b38ef355acdadcd122975b12c85ea5db8c6deb4aab71808dcb408fe3d1e7690c43d37b4ce6cc0166fa7daa";

/// The inputs of every benchmark: the generators' pair, ours and ark's, and pairing values.
struct Inputs {
    pair: MillerPair,
    f: Fp12,
    g: Fp12,
    ark_p: ArkG1,
    ark_q: ArkG2,
    ark_f: Fq12,
    ark_g: Fq12,
    check: Vec<u8>,
}

fn inputs() -> Inputs {
    let check = [hex::decode(G1_GEN).unwrap(), hex::decode(G2_GEN).unwrap()].concat();
    let pair = pairing::decode_pair(check[..].try_into().unwrap())
        .unwrap()
        .expect("generators are not infinity");
    let f = multi_miller_loop(&[pair]);
    let g = final_exponentiation(&f).unwrap();
    let (ark_p, ark_q) = (ArkG1::generator(), ArkG2::generator());
    let ark_f = Bn254::multi_miller_loop([ark_p], [ark_q]).0;
    let ark_g = Bn254::pairing(ark_p, ark_q).0;
    Inputs {
        pair,
        f,
        g,
        ark_p,
        ark_q,
        ark_f,
        ark_g,
        check,
    }
}

/// `(name, ours, ark)`: the operations of the table, each one call.
type Op<'a> = (&'a str, Box<dyn Fn() + 'a>, Box<dyn Fn() + 'a>);

fn ops(i: &Inputs) -> Vec<Op<'_>> {
    let mut v: Vec<Op<'_>> = vec![
        (
            "fp_add",
            Box::new(|| {
                black_box(black_box(i.f.c0.c0.c0).add(black_box(i.g.c0.c0.c1)));
            }),
            Box::new(|| {
                black_box(*black_box(&i.ark_f.c0.c0.c0) + black_box(i.ark_g.c0.c0.c1));
            }),
        ),
        (
            "fp_mul",
            Box::new(|| {
                black_box(black_box(i.f.c0.c0.c0).mul(black_box(i.g.c0.c0.c1)));
            }),
            Box::new(|| {
                black_box(*black_box(&i.ark_f.c0.c0.c0) * black_box(i.ark_g.c0.c0.c1));
            }),
        ),
        (
            "fp2_mul",
            Box::new(|| {
                black_box(black_box(i.f.c0.c0).mul(black_box(i.g.c0.c1)));
            }),
            Box::new(|| {
                black_box(*black_box(&i.ark_f.c0.c0) * black_box(i.ark_g.c0.c1));
            }),
        ),
        (
            "fp2_square",
            Box::new(|| {
                black_box(black_box(i.f.c0.c0).square());
            }),
            Box::new(|| {
                black_box(black_box(i.ark_f.c0.c0).square());
            }),
        ),
        (
            "fp2_mul_by_xi",
            Box::new(|| {
                black_box(black_box(i.f.c0.c0).mul_by_nonresidue());
            }),
            Box::new(|| {
                let mut a = *black_box(&i.ark_f.c0.c0);
                <ark_bn254::Fq6Config as Fp6Config>::mul_fp2_by_nonresidue_in_place(&mut a);
                black_box(a);
            }),
        ),
        (
            "fp12_mul",
            Box::new(|| {
                black_box(black_box(&i.f).mul(black_box(&i.g)));
            }),
            Box::new(|| {
                black_box(*black_box(&i.ark_f) * black_box(&i.ark_g));
            }),
        ),
        (
            "fp12_square",
            Box::new(|| {
                black_box(black_box(&i.f).square());
            }),
            Box::new(|| {
                black_box(black_box(&i.ark_f).square());
            }),
        ),
        (
            "cyclotomic_square",
            Box::new(|| {
                black_box(black_box(&i.g).cyclotomic_square());
            }),
            Box::new(|| {
                black_box(black_box(&i.ark_g).cyclotomic_square());
            }),
        ),
        (
            "fp2_inverse",
            Box::new(|| {
                black_box(black_box(i.f.c0.c0).inverse());
            }),
            Box::new(|| {
                black_box(black_box(i.ark_f.c0.c0).inverse());
            }),
        ),
        (
            // ark has no compressed squaring: its column is its full cyclotomic squaring.
            "cyclotomic_sq_compr",
            Box::new(|| {
                black_box(CompressedCyclotomic::compress(black_box(&i.g)).square());
            }),
            Box::new(|| {
                black_box(black_box(&i.ark_g).cyclotomic_square());
            }),
        ),
        (
            "cyclotomic_exp_by_x",
            Box::new(|| {
                black_box(exp_by_x(black_box(&i.g)));
            }),
            Box::new(|| {
                black_box(black_box(&i.ark_g).cyclotomic_exp([BN_X]));
            }),
        ),
        (
            "miller_loop_1",
            Box::new(|| {
                black_box(multi_miller_loop(black_box(&[i.pair])));
            }),
            Box::new(|| {
                let _ = black_box(Bn254::multi_miller_loop([i.ark_p], [i.ark_q]));
            }),
        ),
        (
            "final_exponentiation",
            Box::new(|| {
                black_box(final_exponentiation(black_box(&i.f)));
            }),
            Box::new(|| {
                black_box(Bn254::final_exponentiation(MillerLoopOutput(*black_box(
                    &i.ark_f,
                ))));
            }),
        ),
    ];
    // G1 at infinity: both points are decoded and validated (the G2 subgroup check included),
    // then the pair is skipped, so this is the input validation cost of one pair.
    let skipped = [vec![0u8; 64], i.check[64..].to_vec()].concat();
    let a = skipped.clone();
    v.push((
        "validate_pair",
        Box::new(move || {
            black_box(pairing::pairing_check(black_box(&skipped)).unwrap());
        }),
        Box::new(move || {
            black_box(arkworks::pairing_check(black_box(&a)).unwrap());
        }),
    ));
    for k in [1usize, 2, 4, 8] {
        let input = i.check.repeat(k);
        let name: &'static str = Box::leak(format!("pairing_check_{k}").into_boxed_str());
        let a = input.clone();
        v.push((
            name,
            Box::new(move || {
                black_box(pairing::pairing_check(black_box(&input)).unwrap());
            }),
            Box::new(move || {
                black_box(arkworks::pairing_check(black_box(&a)).unwrap());
            }),
        ));
    }
    v
}

fn rdtsc() -> u64 {
    // SAFETY: RDTSC is available on every x86_64 CPU and has no memory effects.
    unsafe { core::arch::x86_64::_rdtsc() }
}

/// TSC ticks per second, against the monotonic clock over 200 ms.
fn tsc_hz() -> f64 {
    let (t0, c0) = (Instant::now(), rdtsc());
    std::thread::sleep(Duration::from_millis(200));
    let (dt, dc) = (t0.elapsed(), rdtsc() - c0);
    dc as f64 / dt.as_secs_f64()
}

/// Minimum TSC ticks per call of `f` over `rounds` batches of `batch` calls.
fn ticks(f: &dyn Fn(), batch: u32) -> f64 {
    let t0 = rdtsc();
    for _ in 0..batch {
        f();
    }
    (rdtsc() - t0) as f64 / f64::from(batch)
}

fn tsc_table(i: &Inputs) {
    let hz = tsc_hz();
    println!(
        "\nTSC table (TSC {:.3} GHz; ticks/call = min over 30 interleaved batches; ns = ticks / TSC GHz)",
        hz / 1e9
    );
    println!(
        "{:<22} {:>12} {:>10} {:>12} {:>10} {:>8}",
        "op", "ours ticks", "ours ns", "ark ticks", "ark ns", "ours/ark"
    );
    for (name, ours, ark) in ops(i) {
        // About 2 ms per batch.
        let per = ticks(&*ours, 3).max(1.0);
        let batch = ((hz * 2e-3) / per).clamp(1.0, 100_000.0) as u32;
        let (mut o, mut a) = (f64::MAX, f64::MAX);
        for _ in 0..30 {
            o = o.min(ticks(&*ours, batch));
            a = a.min(ticks(&*ark, batch));
        }
        println!(
            "{:<22} {:>12.0} {:>10.1} {:>12.0} {:>10.1} {:>8.2}",
            name,
            o,
            o / hz * 1e9,
            a,
            a / hz * 1e9,
            o / a
        );
    }
}

fn main() {
    let i = inputs();
    if std::env::var_os("BN254_TSC_ONLY").is_none() {
        let mut c = Criterion::default()
            .sample_size(20)
            .warm_up_time(Duration::from_millis(300))
            .measurement_time(Duration::from_secs(1))
            .configure_from_args();
        let mut g = c.benchmark_group("bn254_pairing");
        for (name, ours, ark) in ops(&i) {
            g.bench_function(BenchmarkId::new("ours", name), |b| b.iter(&*ours));
            g.bench_function(BenchmarkId::new("ark", name), |b| b.iter(&*ark));
        }
        g.finish();
        c.final_summary();
    }
    tsc_table(&i);
}
