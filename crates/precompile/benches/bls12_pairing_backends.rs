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
