//! BLS12_PAIRING_CHECK (EIP-2537) at precompile level, side by side in one process: the
//! curves backend (`pairing::PRAGUE_OURS`: blst decodes, our subgroup checks, Miller loop and
//! final exponentiation) against blst (`pairing::PRAGUE`), for 1, 2 and 4 pairs, each round
//! running both once in alternating order. Prints per k the minimum and median time of each
//! and the median of the per-round ratios (ours / blst): on a shared, loaded machine only
//! such same-run ratios are comparable.
//!
//! `cargo bench -p evm-arith-precompile --bench bls12_pairing_backends` (`BLS_ROUNDS=n`,
//! default 200).
use precompile::bls12_381::{g1_msm, g2_msm, pairing};
use std::hint::black_box;
use std::time::Instant;

mod bls_inputs;
use bls_inputs::{g1, g2};

/// `[s]G` for a small scalar `s`, through the MSM precompiles (valid subgroup points).
fn multiple(msm: &precompile::Precompile, g: Vec<u8>, s: u8) -> Vec<u8> {
    let mut scalar = vec![0u8; 32];
    scalar[31] = s;
    msm.run(&[g, scalar].concat(), u64::MAX).unwrap().bytes
}

fn main() {
    let rounds: usize = std::env::var("BLS_ROUNDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(200);
    println!("BLS12_PAIRING_CHECK, curves backend vs blst, {rounds} interleaved rounds");
    println!(
        "{:>5} {:>12} {:>12} {:>12} {:>12} {:>12}",
        "pairs", "ours min us", "blst min us", "ours med us", "blst med us", "med ratio"
    );
    for k in [1usize, 2, 4] {
        let input: Vec<u8> = (0..k)
            .flat_map(|i| {
                [
                    multiple(&g1_msm::PRAGUE, g1(), 2 + i as u8),
                    multiple(&g2_msm::PRAGUE, g2(), 3 + i as u8),
                ]
                .concat()
            })
            .collect();
        let expect = pairing::PRAGUE.run(&input, u64::MAX).unwrap().bytes;
        assert_eq!(
            pairing::PRAGUE_OURS.run(&input, u64::MAX).unwrap().bytes,
            expect
        );
        let backends = [pairing::PRAGUE_OURS, pairing::PRAGUE];
        let mut times = [Vec::new(), Vec::new()];
        for round in 0..rounds {
            for j in 0..2 {
                // Alternate which runs first.
                let b = (j + round) % 2;
                let t = Instant::now();
                black_box(backends[b].run(black_box(&input), u64::MAX).is_ok());
                times[b].push(t.elapsed().as_secs_f64() * 1e6);
            }
        }
        let mut ratios: Vec<f64> = times[0].iter().zip(&times[1]).map(|(a, b)| a / b).collect();
        let med = |v: &mut Vec<f64>| {
            v.sort_by(|a, b| a.total_cmp(b));
            v[v.len() / 2]
        };
        let min = |v: &Vec<f64>| v.iter().cloned().fold(f64::INFINITY, f64::min);
        let (m0, m1) = (min(&times[0]), min(&times[1]));
        let r = med(&mut ratios);
        let (d0, d1) = (med(&mut times[0].clone()), med(&mut times[1].clone()));
        println!("{k:>5} {m0:>12.1} {m1:>12.1} {d0:>12.1} {d1:>12.1} {r:>12.3}");
    }
}
