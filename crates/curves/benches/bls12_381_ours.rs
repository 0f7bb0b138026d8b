//! EIP-2537's maps and MSMs on our arithmetic against blst's, in one run: MAP_FP_TO_G1's and
//! MAP_FP2_TO_G2's map (`curves::bls12_381::map`) against `blst_map_to_g1` / `blst_map_to_g2`,
//! both results converted to affine by our variable-time inversion (as the precompile does
//! with blst's), on the same 8 inputs per call; interleaved rounds, the minimum over 300
//! (`montgomery/benches/clock.rs`, which says how cycles are obtained). Also our map's parts,
//! and the MSMs (`curves::bls12_381::msm` against blst's one-thread `blst_p1s_mult_pippenger`,
//! `blst_p1_mult` for one point) for k = 1..128, and Pippenger's window at k = 128.
//!
//! `cargo bench -p evm-arith-curves --bench bls12_381_ours`
#![allow(unsafe_code)] // rdtsc, in the shared clock module

#[allow(dead_code)]
#[path = "../src/bls12_381/tests/blst_oracle.rs"]
mod blst_oracle;
#[path = "../../montgomery/benches/clock.rs"]
mod clock;

use blst_oracle as b;
use curves::bls12_381::fp::P;
use curves::bls12_381::map;
use curves::bls12_381::{Fp, Fp2};
use std::hint::black_box;

/// Maps per closure call (each call maps every input once).
const INPUTS: usize = 8;

fn main() {
    let hz = clock::tsc_hz();
    let tpc = clock::ticks_per_cycle();
    println!(
        "BLS12-381 maps, ours vs blst ({})",
        clock::describe(hz, tpc)
    );
    println!(
        "{:<30} {:>10} {:>10} {:>10} {:>10} {:>8}",
        "op", "ours ns", "ours cyc", "blst ns", "blst cyc", "ours/blst"
    );
    let (ns, cyc) = (|t: f64| t / hz * 1e9, |t: f64| t / tpc);
    // min_ticks runs a closure 4096 / n times per round: n = 4096 gives one call per round.
    let time = |fs: &mut [Box<dyn FnMut() + '_>]| -> Vec<f64> {
        clock::min_ticks(fs, 4096)
            .iter()
            .map(|t| t * 4096.0 / INPUTS as f64)
            .collect()
    };
    let row = |name: &str, t: &[f64]| {
        if let [ours, theirs] = t {
            println!(
                "{name:<30} {:>10.1} {:>10.0} {:>10.1} {:>10.0} {:>8.2}",
                ns(*ours),
                cyc(*ours),
                ns(*theirs),
                cyc(*theirs),
                ours / theirs
            );
        } else {
            println!("{name:<30} {:>10.1} {:>10.0}", ns(t[0]), cyc(t[0]));
        }
    };
    let fps: Vec<Fp> = clock::values(26, 2 * INPUTS, &P)
        .iter()
        .map(|l| Fp::from_limbs(l).expect("below p"))
        .collect();
    let fp2s: Vec<Fp2> = fps.chunks(2).map(|c| Fp2::new(c[0], c[1])).collect();
    let fps = &fps[..INPUTS];

    row(
        "map_fp_to_g1",
        &time(&mut [
            Box::new(|| {
                for &u in fps {
                    black_box(map::map_fp_to_g1(black_box(u)));
                }
            }),
            Box::new(|| {
                for &u in fps {
                    black_box(b::map_to_g1_jacobian(black_box(u)).to_affine());
                }
            }),
        ]),
    );
    row(
        "map_fp2_to_g2",
        &time(&mut [
            Box::new(|| {
                for &u in &fp2s {
                    black_box(map::map_fp2_to_g2(black_box(u)));
                }
            }),
            Box::new(|| {
                for &u in &fp2s {
                    black_box(b::map_to_g2_jacobian(black_box(u)).to_affine());
                }
            }),
        ]),
    );
    row(
        "  ours: G1 map_to_curve",
        &time(&mut [Box::new(|| {
            for &u in fps {
                black_box(map::map_to_curve_g1(black_box(u)));
            }
        })]),
    );
    row(
        "  ours: G2 map_to_curve",
        &time(&mut [Box::new(|| {
            for &u in &fp2s {
                black_box(map::map_to_curve_g2(black_box(u)));
            }
        })]),
    );
    let ups: Vec<_> = fps.iter().map(|&u| map::map_to_curve_g1(u)).collect();
    row(
        "  G1 Jacobian double",
        &time(&mut [
            Box::new(|| {
                for p in &ups {
                    black_box(black_box(p).double());
                }
            }),
            Box::new(|| {
                for p in &ups {
                    black_box(b::g1_double(black_box(p)));
                }
            }),
        ]),
    );
    row(
        "  Fp sqrt",
        &time(&mut [
            Box::new(|| {
                for &u in fps {
                    black_box(black_box(u).sqrt());
                }
            }),
            Box::new(|| {
                for &u in fps {
                    black_box(b::fp_sqrt(black_box(u)));
                }
            }),
        ]),
    );
    row(
        "  Fp inverse",
        &time(&mut [
            Box::new(|| {
                for &u in fps {
                    black_box(black_box(u).inverse());
                }
            }),
            Box::new(|| {
                for &u in fps {
                    black_box(b::fp_inverse(black_box(u)));
                }
            }),
        ]),
    );
    // MSMs of k multiples of the generators with full-width scalars, one thread on both sides.
    let g1s: Vec<_> = fps.iter().map(|&u| map::map_fp_to_g1(u)).collect();
    let g2s: Vec<_> = fp2s.iter().map(|&u| map::map_fp2_to_g2(u)).collect();
    for k in [1usize, 2, 4, 8, 16, 32, 64, 128] {
        let ss: Vec<[u8; 32]> = clock::values(k as u64, k, &[u64::MAX; 4])
            .iter()
            .map(|l| core::array::from_fn(|i| (l[i / 8] >> (8 * (i % 8))) as u8))
            .collect();
        let p1: Vec<_> = (0..k).map(|i| g1s[i % g1s.len()]).collect();
        let p2: Vec<_> = (0..k).map(|i| g2s[i % g2s.len()]).collect();
        // One MSM per call: rescale from INPUTS calls.
        let once = |t: Vec<f64>| t.iter().map(|t| t * INPUTS as f64).collect::<Vec<_>>();
        row(
            &format!("G1 MSM k={k}"),
            &once(time(&mut [
                Box::new(|| {
                    black_box(curves::bls12_381::msm::msm(black_box(&p1), &ss).to_affine());
                }),
                Box::new(|| {
                    black_box(b::g1_msm_jacobian(black_box(&p1), &ss).to_affine());
                }),
            ])),
        );
        if k == 128 {
            // Pippenger's window around the plan's choice, on the split terms.
            let red: Vec<[u64; 4]> = ss
                .iter()
                .map(curves::bls12_381::msm::reduce_scalar)
                .collect();
            let (sp1, ss1) = curves::bls12_381::msm::split(&p1, &red);
            let (sp2, ss2) = curves::bls12_381::msm::split(&p2, &red);
            for c in 4..=8 {
                row(
                    &format!("  ours: G1 k={k} window {c}"),
                    &once(time(&mut [Box::new(|| {
                        black_box(curves::bls12_381::msm::pippenger(black_box(&sp1), &ss1, c));
                    })])),
                );
                row(
                    &format!("  ours: G2 k={k} window {c}"),
                    &once(time(&mut [Box::new(|| {
                        black_box(curves::bls12_381::msm::pippenger(black_box(&sp2), &ss2, c));
                    })])),
                );
            }
        }
        if [1, 2, 8, 32, 128].contains(&k) {
            row(
                &format!("G2 MSM k={k}"),
                &once(time(&mut [
                    Box::new(|| {
                        black_box(curves::bls12_381::msm::msm(black_box(&p2), &ss).to_affine());
                    }),
                    Box::new(|| {
                        black_box(b::g2_msm_jacobian(black_box(&p2), &ss).to_affine());
                    }),
                ])),
            );
        }
    }
}
