//! BLS12-381 on our tower against blst in one run: a table of TSC ticks, ns and core cycles
//! per operation (Fp, Fp2 and Fp12 arithmetic, the G1 and G2 subgroup checks, the Miller
//! loop, the final exponentiation and a two-pair pairing check, blst's by one
//! `blst_miller_loop_n` as the precompile calls it), ours and blst's timed in interleaved
//! rounds (`montgomery/benches/clock.rs`: the minimum over 300 rounds; how cycles are obtained
//! is printed). blst is called through the tests' oracle (values passed as limbs; for `Fp12`
//! that copies 576 bytes each way, under 1 % of a product).
//!
//! Operations slower than 10 us (subgroup checks, Miller loop, final exponentiation, pairing
//! check) are timed one call per batch, so that a batch fits inside a scheduler time slice on
//! a loaded core.
//!
//! `cargo bench -p evm-arith-curves --bench bls12_381 [-- FILTER]` (FILTER: run only the rows
//! whose name contains it, e.g. `Fp12`)
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

/// Times one operation, ours and blst's interleaved: `n` operations per call of each closure
/// (`n = 0`: one slow operation per call, timed one call per batch).
type Row<'a> = &'a dyn Fn(&str, usize, &mut dyn FnMut(), &mut dyn FnMut());

/// How many dependent operations a latency row chains per call.
const CHAIN: usize = 256;

/// A latency row: `CHAIN` dependent applications of ours and of blst's operation from `start`.
fn chain<T: Copy>(row: Row, name: &str, start: T, ours: impl Fn(T) -> T, theirs: impl Fn(T) -> T) {
    let (mut x, mut y) = (start, start);
    row(
        name,
        CHAIN,
        &mut || {
            for _ in 0..CHAIN {
                x = ours(black_box(x));
            }
        },
        &mut || {
            for _ in 0..CHAIN {
                y = theirs(black_box(y));
            }
        },
    );
}

/// A row of one operation per call (its result kept alive by `black_box`).
fn once<A, B>(row: Row, name: &str, ours: impl Fn() -> A, theirs: impl Fn() -> B) {
    once_n(row, name, 1, ours, theirs)
}

/// A row of one slow operation per call, one call per timed batch.
fn slow<A, B>(row: Row, name: &str, ours: impl Fn() -> A, theirs: impl Fn() -> B) {
    once_n(row, name, 0, ours, theirs)
}

/// [`once`] with `n` as [`Row`] takes it.
fn once_n<A, B>(row: Row, name: &str, n: usize, ours: impl Fn() -> A, theirs: impl Fn() -> B) {
    row(
        name,
        n,
        &mut || {
            black_box(ours());
        },
        &mut || {
            black_box(theirs());
        },
    );
}

fn main() {
    let hz = clock::tsc_hz();
    let tpc = clock::ticks_per_cycle();
    println!("BLS12-381, ours vs blst ({})", clock::describe(hz, tpc));
    println!(
        "{:<26} {:>10} {:>10} {:>10} {:>10} {:>8}",
        "op", "ours ns", "ours cyc", "blst ns", "blst cyc", "ours/blst"
    );
    let only = std::env::args().skip(1).find(|a| !a.starts_with('-'));
    let row = |name: &str, n: usize, ours: &mut dyn FnMut(), theirs: &mut dyn FnMut()| {
        if only.as_deref().is_some_and(|f| !name.contains(f)) {
            return;
        }
        let fs: &mut [Box<dyn FnMut()>] = &mut [Box::new(ours), Box::new(theirs)];
        let t: Vec<f64> = match n {
            // `min_ticks` runs 4096 / n calls per batch: one.
            0 => clock::min_ticks(fs, 4096)
                .iter()
                .map(|t| t * 4096.0)
                .collect(),
            1 => clock::min_ticks(fs, 64).iter().map(|t| t * 64.0).collect(),
            n => clock::min_ticks(fs, n),
        };
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
    let (a, c, m) = (p.x, p.y, q.y);
    chain(
        &row,
        "Fp mul (latency)",
        a,
        |x| x.mul(c),
        |y| b::fp_mul(y, c),
    );
    chain(&row, "Fp square (latency)", a, |x| x.square(), b::fp_sqr);
    chain(
        &row,
        "Fp2 mul (latency)",
        q.x,
        |x| x.mul(m),
        |y| b::fp2_mul(y, m),
    );
    chain(
        &row,
        "Fp2 square (latency)",
        q.x,
        |x| x.square(),
        b::fp2_sqr,
    );
    slow(
        &row,
        "G1 subgroup check",
        || black_box(p).is_in_subgroup(),
        || b::in_g1(black_box(&p)),
    );
    slow(
        &row,
        "G2 subgroup check",
        || black_box(q).is_in_subgroup(),
        || b::in_g2(black_box(&q)),
    );
    let pair = MillerPair {
        px: p.x,
        py: p.y,
        qx: q.x,
        qy: q.y,
    };
    let f = multi_miller_loop(&[pair]);
    let g = final_exponentiation(&f).unwrap_or(Fp12::ONE);
    let (f, g) = (&f, &g);
    once(
        &row,
        "Fp12 mul",
        || black_box(f).mul(black_box(g)),
        || b::fp12_mul(black_box(f), black_box(g)),
    );
    once(
        &row,
        "Fp12 square",
        || black_box(f).square(),
        || b::fp12_sqr(black_box(f)),
    );
    once(
        &row,
        "Fp12 cyclotomic square",
        || black_box(g).cyclotomic_square(),
        || b::fp12_cyclotomic_sqr(black_box(g)),
    );
    slow(
        &row,
        "Miller loop (1 pair)",
        || multi_miller_loop(black_box(&[pair])),
        || b::miller_loop(black_box(&p), black_box(&q)),
    );
    slow(
        &row,
        "final exponentiation",
        || final_exponentiation(black_box(f)),
        || b::final_exp(black_box(f)),
    );
    let pairs = [pair, MillerPair { py: -p.y, ..pair }];
    slow(
        &row,
        "pairing check (2 pairs)",
        || curves::bls12_381::pairing::pairing_check(black_box(&pairs)),
        || b::pairing_product_is_one(black_box(&pairs)),
    );
}
