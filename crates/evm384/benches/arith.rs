//! add / sub / mul: asm vs portable vs blst (`blst_fp_*`, via FFI, not inlinable), for
//! BLS12-381's p, in latency mode (each result feeds the next call, as the EVM384
//! reference measured) and throughput mode (batches of 64 independent operations).
//!
//! Criterion gives the time per iteration (`LAT_N` dependent or `TP_N` independent ops);
//! after it, a table is printed from the time-stamp counter: `_rdtsc` read around a
//! loop of dependent / independent operations (minimum over 300 interleaved short runs),
//! giving ns per op and core cycles per op (TSC ticks scaled by the measured core clock,
//! see `montgomery`'s `benches/clock.rs`), and a line in the form of the blst_evm384 table.
//!
//! Run: `cargo bench -p evm-arith-evm384` (`EVM384_TSC_ONLY=1` skips criterion).

#![allow(unsafe_code)] // FFI calls into blst

// The cycle measurement, shared with montgomery's bench (one copy).
#[path = "../../montgomery/benches/clock.rs"]
mod clock;

use blst::{blst_fp, blst_fp_add, blst_fp_mul, blst_fp_sub};
use core::hint::black_box;
use criterion::{Criterion, Throughput};
use evm384::{asm::Adx, portable, Modulus};
use std::time::Duration;

const LAT_N: usize = 256;
const TP_N: usize = 64;

const P: [u64; 6] = evm384::BLS12_381_P;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Op {
    Add,
    Sub,
    Mul,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Imp {
    Asm,
    Portable,
    Blst,
}

struct Ctx {
    adx: Adx,
    m: Modulus,
    xs: Vec<[u64; 6]>,
    ys: Vec<[u64; 6]>,
}

#[inline(always)]
fn lat(ctx: &Ctx, op: Op, imp: Imp, x0: [u64; 6]) -> [u64; 6] {
    let y = ctx.ys[0];
    let mut x = x0;
    match imp {
        Imp::Asm => {
            let (t, p) = (ctx.adx, &P);
            let m = &ctx.m;
            for _ in 0..LAT_N {
                x = match op {
                    Op::Add => t.add_mod(&x, &y, p),
                    Op::Sub => t.sub_mod(&x, &y, p),
                    Op::Mul => m.mul(&x, &y),
                };
            }
        }
        Imp::Portable => {
            let n0 = ctx.m.n0();
            for _ in 0..LAT_N {
                x = match op {
                    Op::Add => portable::add_mod(&x, &y, &P),
                    Op::Sub => portable::sub_mod(&x, &y, &P),
                    Op::Mul => portable::mul_mont(&x, &y, &P, n0),
                };
            }
        }
        Imp::Blst => {
            let mut f = blst_fp { l: x };
            let g = blst_fp { l: y };
            for _ in 0..LAT_N {
                let a = f;
                // SAFETY: valid pointers to initialised blst_fp values.
                unsafe {
                    match op {
                        Op::Add => blst_fp_add(&mut f, &a, &g),
                        Op::Sub => blst_fp_sub(&mut f, &a, &g),
                        Op::Mul => blst_fp_mul(&mut f, &a, &g),
                    }
                }
            }
            x = f.l;
        }
    }
    x
}

#[inline(always)]
fn tp(ctx: &Ctx, op: Op, imp: Imp, out: &mut [[u64; 6]; TP_N]) {
    let (xs, ys) = (&ctx.xs[..TP_N], &ctx.ys[..TP_N]);
    match imp {
        Imp::Asm => {
            let (t, m) = (ctx.adx, &ctx.m);
            for i in 0..TP_N {
                out[i] = match op {
                    Op::Add => t.add_mod(&xs[i], &ys[i], &P),
                    Op::Sub => t.sub_mod(&xs[i], &ys[i], &P),
                    Op::Mul => m.mul(&xs[i], &ys[i]),
                };
            }
        }
        Imp::Portable => {
            let n0 = ctx.m.n0();
            for i in 0..TP_N {
                out[i] = match op {
                    Op::Add => portable::add_mod(&xs[i], &ys[i], &P),
                    Op::Sub => portable::sub_mod(&xs[i], &ys[i], &P),
                    Op::Mul => portable::mul_mont(&xs[i], &ys[i], &P, n0),
                };
            }
        }
        Imp::Blst => {
            for i in 0..TP_N {
                let (a, b) = (blst_fp { l: xs[i] }, blst_fp { l: ys[i] });
                let mut r = blst_fp::default();
                // SAFETY: valid pointers to initialised blst_fp values.
                unsafe {
                    match op {
                        Op::Add => blst_fp_add(&mut r, &a, &b),
                        Op::Sub => blst_fp_sub(&mut r, &a, &b),
                        Op::Mul => blst_fp_mul(&mut r, &a, &b),
                    }
                }
                out[i] = r.l;
            }
        }
    }
}

// Monomorphised entry points so each (op, imp) gets its own tight loop.
macro_rules! entry {
    ($lat:ident, $tp:ident, $op:expr, $imp:expr) => {
        #[inline(never)]
        fn $lat(ctx: &Ctx, x: [u64; 6]) -> [u64; 6] {
            lat(ctx, $op, $imp, x)
        }
        #[inline(never)]
        fn $tp(ctx: &Ctx, out: &mut [[u64; 6]; TP_N]) {
            tp(ctx, $op, $imp, out)
        }
    };
}
entry!(lat_add_asm, tp_add_asm, Op::Add, Imp::Asm);
entry!(lat_add_por, tp_add_por, Op::Add, Imp::Portable);
entry!(lat_add_bls, tp_add_bls, Op::Add, Imp::Blst);
entry!(lat_sub_asm, tp_sub_asm, Op::Sub, Imp::Asm);
entry!(lat_sub_por, tp_sub_por, Op::Sub, Imp::Portable);
entry!(lat_sub_bls, tp_sub_bls, Op::Sub, Imp::Blst);
entry!(lat_mul_asm, tp_mul_asm, Op::Mul, Imp::Asm);
entry!(lat_mul_por, tp_mul_por, Op::Mul, Imp::Portable);
entry!(lat_mul_bls, tp_mul_bls, Op::Mul, Imp::Blst);

type LatFn = fn(&Ctx, [u64; 6]) -> [u64; 6];
type TpFn = fn(&Ctx, &mut [[u64; 6]; TP_N]);
type Impls = [(&'static str, LatFn, TpFn); 3];

const TABLE: [(&str, Impls); 3] = [
    (
        "add",
        [
            ("asm", lat_add_asm, tp_add_asm),
            ("portable", lat_add_por, tp_add_por),
            ("blst", lat_add_bls, tp_add_bls),
        ],
    ),
    (
        "sub",
        [
            ("asm", lat_sub_asm, tp_sub_asm),
            ("portable", lat_sub_por, tp_sub_por),
            ("blst", lat_sub_bls, tp_sub_bls),
        ],
    ),
    (
        "mul",
        [
            ("asm", lat_mul_asm, tp_mul_asm),
            ("portable", lat_mul_por, tp_mul_por),
            ("blst", lat_mul_bls, tp_mul_bls),
        ],
    ),
];

fn main() {
    let adx = Adx::detect().expect("the benchmark needs BMI2 + ADX");
    let m = Modulus::new(P)
        .expect("valid modulus")
        .with_backend(evm384::Backend::Asm(adx));
    let ctx = Ctx {
        adx,
        m,
        xs: clock::values(1, TP_N, &P),
        ys: clock::values(2, TP_N, &P),
    };

    let tsc_only = std::env::var_os("EVM384_TSC_ONLY").is_some();
    let mut c = Criterion::default()
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_millis(1200))
        .sample_size(20)
        .nresamples(10_000)
        .without_plots()
        .configure_from_args();
    for (op, imps) in TABLE.iter().filter(|_| !tsc_only) {
        let mut g = c.benchmark_group(format!("{op}/latency"));
        g.throughput(Throughput::Elements(LAT_N as u64));
        for (name, lf, _) in imps.iter() {
            g.bench_function(*name, |b| b.iter(|| lf(&ctx, black_box(ctx.xs[0]))));
        }
        g.finish();
        let mut g = c.benchmark_group(format!("{op}/throughput"));
        g.throughput(Throughput::Elements(TP_N as u64));
        let mut out = [[0u64; 6]; TP_N];
        for (name, _, tf) in imps.iter() {
            g.bench_function(*name, |b| b.iter(|| tf(black_box(&ctx), &mut out)));
        }
        g.finish();
    }
    c.final_summary();

    // Sanity: all three implementations agree on these (reduced) inputs.
    for (op, imps) in TABLE.iter() {
        let r: Vec<_> = imps.iter().map(|(_, lf, _)| lf(&ctx, ctx.xs[3])).collect();
        assert!(
            r[0] == r[1] && r[1] == r[2],
            "{op}: implementations disagree"
        );
    }

    let (hz, tpc) = (clock::tsc_hz(), clock::ticks_per_cycle());
    println!(
        "\nCycles table (BLS12-381 p; min of 300 interleaved runs per op)\n{}",
        clock::describe(hz, tpc)
    );
    println!(
        "{:<4} {:<10} {:>9} {:>9} {:>9} {:>8} {:>8} {:>8} {:>9} {:>9}",
        "op",
        "mode",
        "asm ns",
        "port ns",
        "blst ns",
        "asm cyc",
        "port cyc",
        "blst cyc",
        "asm/blst",
        "port/asm"
    );
    let mut latency_cycles = Vec::new();
    for (op, imps) in TABLE.iter() {
        for mode in ["latency", "throughput"] {
            let mut xs = [ctx.xs[0]; 3];
            let mut outs = [[[0u64; 6]; TP_N]; 3];
            let t = if mode == "latency" {
                let mut fs: Vec<Box<dyn FnMut() + '_>> = Vec::new();
                for ((_, lf, _), x) in imps.iter().zip(xs.iter_mut()) {
                    let c = &ctx;
                    fs.push(Box::new(move || *x = lf(c, black_box(*x))));
                }
                clock::min_ticks(&mut fs, LAT_N)
            } else {
                let mut fs: Vec<Box<dyn FnMut() + '_>> = Vec::new();
                for ((_, _, tf), out) in imps.iter().zip(outs.iter_mut()) {
                    let c = &ctx;
                    fs.push(Box::new(move || tf(black_box(c), out)));
                }
                clock::min_ticks(&mut fs, TP_N)
            };
            black_box((xs, outs));
            let ns = |tk: f64| tk / hz * 1e9;
            let cyc = |tk: f64| tk / tpc;
            println!(
                "{:<4} {:<10} {:>9.2} {:>9.2} {:>9.2} {:>8.1} {:>8.1} {:>8.1} {:>9.3} {:>9.3}",
                op,
                mode,
                ns(t[0]),
                ns(t[1]),
                ns(t[2]),
                cyc(t[0]),
                cyc(t[1]),
                cyc(t[2]),
                t[0] / t[2],
                t[1] / t[0]
            );
            if mode == "latency" {
                latency_cycles.push((op, cyc(t[0]), cyc(t[2])));
            }
        }
    }
    // The form of the blst_evm384 table: `add <cycles>, sub <cycles>, mul <cycles>`.
    let line = |which: usize| {
        latency_cycles
            .iter()
            .map(|(op, ours, blst)| format!("{op} {:.1}", if which == 0 { *ours } else { *blst }))
            .collect::<Vec<_>>()
            .join(", ")
    };
    println!("\ncycles per op, latency (one op's result feeds the next):");
    println!("  evm384 asm:  {} cycles", line(0));
    println!("  blst (FFI):  {} cycles", line(1));
}
