//! EIP-2537's maps and MSMs on our arithmetic against blst's, in one run: MAP_FP_TO_G1's and
//! MAP_FP2_TO_G2's map (`curves::bls12_381::map`) against `blst_map_to_g1` / `blst_map_to_g2`,
//! both results converted to affine by our variable-time inversion (as the precompile does
//! with blst's), on the same 8 inputs per call; interleaved rounds, the minimum over 300
//! (`montgomery/benches/clock.rs`, which says how cycles are obtained). Also our map's parts,
//! and the MSMs (`curves::bls12_381::msm` against blst's one-thread `blst_p1s_mult_pippenger`,
//! `blst_p1_mult` for one point) for k = 1..128, Pippenger's window at k = 128, and the
//! precompiles' largest MSMs on random and on adversarial inputs (one point repeated).
//!
//! `cargo bench -p evm-arith-curves --bench bls12_381_ours [-- FILTER]` (FILTER: run only the
//! rows whose name contains it, e.g. `MSM-` for the large and adversarial MSMs)
#![allow(unsafe_code)] // rdtsc, in the shared clock module

#[allow(dead_code)]
#[path = "../src/bls12_381/tests/blst_oracle.rs"]
mod blst_oracle;
#[path = "../../montgomery/benches/clock.rs"]
mod clock;

use blst_oracle as b;
use curves::bls12_381::fp::P;
use curves::bls12_381::map;
use curves::bls12_381::msm;
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
    // The first argument that is not a flag keeps only the rows whose name contains it.
    let only = std::env::args().skip(1).find(|a| !a.starts_with('-'));
    let wanted = |name: &str| only.as_deref().is_none_or(|o| name.contains(o));
    // min_ticks runs a closure 4096 / n times per round: n = 4096 gives one call per round,
    // here INPUTS ops (or one MSM: `ops` = 1) per call, for `rounds` rounds.
    let time = |fs: &mut [Box<dyn FnMut() + '_>], ops: usize, rounds: usize| -> Vec<f64> {
        clock::min_ticks_rounds(fs, 4096, rounds)
            .iter()
            .map(|t| t * 4096.0 / ops as f64)
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
    // Times and prints one row if the filter wants it.
    let bench = |name: &str, fs: &mut [Box<dyn FnMut() + '_>], ops: usize, rounds: usize| {
        if wanted(name) {
            row(name, &time(fs, ops, rounds));
        }
    };
    let fps: Vec<Fp> = clock::values(26, 2 * INPUTS, &P)
        .iter()
        .map(|l| Fp::from_limbs(l).expect("below p"))
        .collect();
    let fp2s: Vec<Fp2> = fps.chunks(2).map(|c| Fp2::new(c[0], c[1])).collect();
    let fps = &fps[..INPUTS];

    bench(
        "map_fp_to_g1",
        &mut [
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
        ],
        INPUTS,
        301,
    );
    bench(
        "map_fp2_to_g2",
        &mut [
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
        ],
        INPUTS,
        301,
    );
    bench(
        "  ours: G1 map_to_curve",
        &mut [Box::new(|| {
            for &u in fps {
                black_box(map::map_to_curve_g1(black_box(u)));
            }
        })],
        INPUTS,
        301,
    );
    bench(
        "  ours: G2 map_to_curve",
        &mut [Box::new(|| {
            for &u in &fp2s {
                black_box(map::map_to_curve_g2(black_box(u)));
            }
        })],
        INPUTS,
        301,
    );
    let ups: Vec<_> = fps.iter().map(|&u| map::map_to_curve_g1(u)).collect();
    bench(
        "  ours: G1 clear_cofactor",
        &mut [Box::new(|| {
            for p in &ups {
                black_box(map::clear_cofactor_g1(black_box(p)));
            }
        })],
        INPUTS,
        301,
    );
    let ups2: Vec<_> = fp2s.iter().map(|&u| map::map_to_curve_g2(u)).collect();
    bench(
        "  ours: G2 clear_cofactor",
        &mut [Box::new(|| {
            for p in &ups2 {
                black_box(map::clear_cofactor_g2(black_box(p)));
            }
        })],
        INPUTS,
        301,
    );
    // 64 squarings in a row: `square_n`'s loop against 64 `square` calls (per input).
    bench(
        "  Fp 64 sqr: square_n / square",
        &mut [
            Box::new(|| {
                for &u in fps {
                    black_box(black_box(u).square_n(64));
                }
            }),
            Box::new(|| {
                for &u in fps {
                    let mut x = black_box(u);
                    for _ in 0..64 {
                        x = x.square();
                    }
                    black_box(x);
                }
            }),
        ],
        INPUTS,
        301,
    );
    bench(
        "  G1 Jacobian double",
        &mut [
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
        ],
        INPUTS,
        301,
    );
    bench(
        "  Fp sqrt",
        &mut [
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
        ],
        INPUTS,
        301,
    );
    bench(
        "  Fp inverse",
        &mut [
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
        ],
        INPUTS,
        301,
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
        bench(
            &format!("G1 MSM k={k}"),
            &mut [
                Box::new(|| {
                    black_box(curves::bls12_381::msm::msm(black_box(&p1), &ss).to_affine());
                }),
                Box::new(|| {
                    black_box(b::g1_msm_jacobian(black_box(&p1), &ss).to_affine());
                }),
            ],
            1,
            301,
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
                bench(
                    &format!("  ours: G1 k={k} window {c}"),
                    &mut [Box::new(|| {
                        black_box(curves::bls12_381::msm::pippenger(black_box(&sp1), &ss1, c));
                    })],
                    1,
                    301,
                );
                bench(
                    &format!("  ours: G2 k={k} window {c}"),
                    &mut [Box::new(|| {
                        black_box(curves::bls12_381::msm::pippenger(black_box(&sp2), &ss2, c));
                    })],
                    1,
                    301,
                );
            }
        }
        if [1, 2, 8, 32, 128].contains(&k) {
            bench(
                &format!("G2 MSM k={k}"),
                &mut [
                    Box::new(|| {
                        black_box(curves::bls12_381::msm::msm(black_box(&p2), &ss).to_affine());
                    }),
                    Box::new(|| {
                        black_box(b::g2_msm_jacobian(black_box(&p2), &ss).to_affine());
                    }),
                ],
                1,
                301,
            );
        }
    }
    // The precompiles' largest sizes on our side (G1MSM k = 128, G2MSM k = 128 and 512): k
    // distinct points with random scalars, against an attacker's inputs that pile the terms
    // into few buckets: one point repeated with one scalar, and one point with random scalars.
    // 31 rounds (these calls take milliseconds).
    let (g1s, g2s): (Vec<_>, Vec<_>) = clock::values(27, 1024, &P)
        .chunks(2)
        .map(|l| {
            let (x, y) = (Fp::from_limbs(&l[0]), Fp::from_limbs(&l[1]));
            let (x, y) = (x.expect("below p"), y.expect("below p"));
            (map::map_fp_to_g1(x), map::map_fp2_to_g2(Fp2::new(x, y)))
        })
        .unzip();
    for (g, k) in [(1, 128usize), (2, 128), (2, 512)] {
        let rnd: Vec<[u8; 32]> = clock::values(k as u64 + 99, k, &[u64::MAX; 4])
            .iter()
            .map(|l| core::array::from_fn(|i| (l[i / 8] >> (8 * (i % 8))) as u8))
            .collect();
        let one = vec![rnd[0]; k];
        let cases = [
            ("random", g1s[..k].to_vec(), g2s[..k].to_vec(), &rnd),
            ("one P one s", vec![g1s[0]; k], vec![g2s[0]; k], &one),
            ("one P rand s", vec![g1s[0]; k], vec![g2s[0]; k], &rnd),
        ];
        if g == 2 && k == 512 {
            // Pippenger's window around the plan's choice, on the split terms.
            let red: Vec<[u64; 4]> = rnd
                .iter()
                .map(curves::bls12_381::msm::reduce_scalar)
                .collect();
            let (sp2, ss2) = curves::bls12_381::msm::split(&g2s[..k], &red);
            for c in 6..=9 {
                bench(
                    &format!("  ours: G2 MSM-{k} window {c}"),
                    &mut [Box::new(|| {
                        black_box(curves::bls12_381::msm::pippenger(black_box(&sp2), &ss2, c));
                    })],
                    1,
                    31,
                );
            }
        }
        for (case, p1, p2, ss) in &cases {
            let mut fs: [Box<dyn FnMut()>; 2] = if g == 1 {
                [
                    Box::new(|| _ = black_box(msm::msm(black_box(p1), ss).to_affine())),
                    Box::new(|| _ = black_box(b::g1_msm_jacobian(black_box(p1), ss).to_affine())),
                ]
            } else {
                [
                    Box::new(|| _ = black_box(msm::msm(black_box(p2), ss).to_affine())),
                    Box::new(|| _ = black_box(b::g2_msm_jacobian(black_box(p2), ss).to_affine())),
                ]
            };
            bench(&format!("G{g} MSM-{k} {case}"), &mut fs, 1, 31);
        }
    }
}
