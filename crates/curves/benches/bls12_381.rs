//! BLS12-381 on our tower against blst in one run: a table of TSC ticks, ns and core cycles
//! per operation (Fp, Fp2 and Fp12 arithmetic, the Miller loop, the final exponentiation and
//! a one-pair pairing check), ours and blst's timed in interleaved rounds
//! (`montgomery/benches/clock.rs`: the minimum over 300 rounds; how cycles are obtained is
//! printed). blst is called through the tests' oracle (values passed as limbs; for `Fp12`
//! that copies 576 bytes each way, under 1 % of a product).
//!
//! `cargo bench -p evm-arith-curves --bench bls12_381`
#![allow(unsafe_code)] // rdtsc, in the shared clock module

#[allow(dead_code)]
#[path = "../src/bls12_381/tests/blst_oracle.rs"]
mod blst_oracle;
#[path = "../../montgomery/benches/clock.rs"]
mod clock;

use blst_oracle as b;
use curves::bls12_381::pairing::{final_exponentiation, multi_miller_loop, MillerPair};
use curves::bls12_381::{g1, g2, Fp12};
use std::hint::black_box;

fn main() {
    let hz = clock::tsc_hz();
    let tpc = clock::ticks_per_cycle();
    println!("BLS12-381, ours vs blst ({})", clock::describe(hz, tpc));
    println!(
        "{:<26} {:>10} {:>10} {:>10} {:>10} {:>8}",
        "op", "ours ns", "ours cyc", "blst ns", "blst cyc", "ours/blst"
    );
    let row = |name: &str, n: usize, ours: &mut dyn FnMut(), theirs: &mut dyn FnMut()| {
        let per_call = if n == 1 { 64 } else { n };
        let t = clock::min_ticks(&mut [Box::new(ours), Box::new(theirs)], per_call);
        let t: Vec<f64> = t.iter().map(|t| t * per_call as f64 / n as f64).collect();
        let (ns, cyc) = (|t: f64| t / hz * 1e9, |t: f64| t / tpc);
        println!(
            "{name:<26} {:>10.1} {:>10.0} {:>10.1} {:>10.0} {:>8.2}",
            ns(t[0]),
            cyc(t[0]),
            ns(t[1]),
            cyc(t[1]),
            t[0] / t[1]
        );
    };
    let (p, q) = (g1::GENERATOR, g2::GENERATOR);
    let (a, c) = (p.x, p.y);
    const CHAIN: usize = 256;
    let (mut x, mut y) = (a, a);
    row(
        "Fp mul (latency)",
        CHAIN,
        &mut || {
            for _ in 0..CHAIN {
                x = black_box(x).mul(c);
            }
        },
        &mut || {
            for _ in 0..CHAIN {
                y = b::fp_mul(black_box(y), c);
            }
        },
    );
    let (mut x, mut y) = (a, a);
    row(
        "Fp square (latency)",
        CHAIN,
        &mut || {
            for _ in 0..CHAIN {
                x = black_box(x).square();
            }
        },
        &mut || {
            for _ in 0..CHAIN {
                y = b::fp_sqr(black_box(y));
            }
        },
    );
    let m = q.y;
    let (mut x, mut y) = (q.x, q.x);
    row(
        "Fp2 mul (latency)",
        CHAIN,
        &mut || {
            for _ in 0..CHAIN {
                x = black_box(x).mul(m);
            }
        },
        &mut || {
            for _ in 0..CHAIN {
                y = b::fp2_mul(black_box(y), m);
            }
        },
    );
    let (mut x, mut y) = (q.x, q.x);
    row(
        "Fp2 square (latency)",
        CHAIN,
        &mut || {
            for _ in 0..CHAIN {
                x = black_box(x).square();
            }
        },
        &mut || {
            for _ in 0..CHAIN {
                y = b::fp2_sqr(black_box(y));
            }
        },
    );
    let pair = MillerPair {
        px: p.x,
        py: p.y,
        qx: q.x,
        qy: q.y,
    };
    let f = multi_miller_loop(&[pair]);
    let g = final_exponentiation(&f).unwrap_or(Fp12::ONE);
    row(
        "Fp12 mul",
        1,
        &mut || {
            black_box(black_box(&f).mul(black_box(&g)));
        },
        &mut || {
            black_box(b::fp12_mul(black_box(&f), black_box(&g)));
        },
    );
    row(
        "Fp12 square",
        1,
        &mut || {
            black_box(black_box(&f).square());
        },
        &mut || {
            black_box(b::fp12_sqr(black_box(&f)));
        },
    );
    row(
        "Fp12 cyclotomic square",
        1,
        &mut || {
            black_box(black_box(&g).cyclotomic_square());
        },
        &mut || {
            black_box(b::fp12_cyclotomic_sqr(black_box(&g)));
        },
    );
    row(
        "Miller loop (1 pair)",
        1,
        &mut || {
            black_box(multi_miller_loop(black_box(&[pair])));
        },
        &mut || {
            black_box(b::miller_loop(black_box(&p), black_box(&q)));
        },
    );
    row(
        "final exponentiation",
        1,
        &mut || {
            black_box(final_exponentiation(black_box(&f)));
        },
        &mut || {
            black_box(b::final_exp(black_box(&f)));
        },
    );
    let pairs = [pair, MillerPair { py: -p.y, ..pair }];
    row(
        "pairing check (2 pairs)",
        1,
        &mut || {
            black_box(curves::bls12_381::pairing::pairing_check(black_box(&pairs)));
        },
        &mut || {
            black_box(b::pairing_product_is_one(black_box(&pairs)));
        },
    );
}
