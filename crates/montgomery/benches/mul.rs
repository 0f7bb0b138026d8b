//! Montgomery multiplication latency and throughput: ours (assembly chosen at run time,
//! and the portable path) against ark-ff's BN254 `Fq` multiplication (4 limbs) and blst's
//! `blst_fp_mul` (6 limbs, BLS12-381), all in the same run; and 8 limbs (512-bit moduli
//! with and without the top bit, MODEXP's widest fixed width), assembly against portable.
//!
//! BLS12-381's squaring (6 limbs) has its own table: the squaring kernel against the product
//! `mul(a, a)`, portable and assembly, and blst's `blst_fp_sqr`.
//!
//! Criterion times `LAT_N` dependent multiplications (each result feeds the next: latency)
//! and `TP_N` independent ones (throughput). Then a cycles table: min over 300 interleaved
//! short runs, TSC ticks converted to core cycles as `clock.rs` explains.
//!
//! Run: `cargo bench -p evm-arith-montgomery` (`MONTGOMERY_TSC_ONLY=1` skips criterion).

#![allow(unsafe_code)] // FFI calls into blst

mod clock;
// The moduli's hex strings (one copy in this crate).
#[path = "../tests/common/mod.rs"]
mod common;

use ark_ff::{BigInt, Fp};
use blst::{blst_fp, blst_fp_mul, blst_fp_sqr};
use core::hint::black_box;
use criterion::{Criterion, Throughput};
use montgomery::{asm::Adx, portable, Modulus};
use std::sync::OnceLock;
use std::time::Duration;

const LAT_N: usize = 256;
const TP_N: usize = 64;

type Fq = ark_bn254::Fq;

fn fq(x: &[u64; 4]) -> Fq {
    // The limbs are already in Montgomery form (R = 2^256, like ours).
    Fp::new_unchecked(BigInt(*x))
}

/// A throughput loop: `TP_N` independent muls of `xs[i]` by `ys[i]`.
type TpFn<const N: usize> = fn(&[[u64; N]], &[[u64; N]], &mut [[u64; N]; TP_N]);

/// One implementation: name, latency loop (LAT_N dependent muls), throughput loop.
struct Imp<const N: usize> {
    name: &'static str,
    lat: fn(&[u64; N], &[u64; N]) -> [u64; N],
    tp: TpFn<N>,
}

macro_rules! imp {
    ($name:expr, $n:literal, $m:ident = $init:expr, |$a:ident, $b:ident| $mul:expr) => {{
        #[inline(never)]
        fn lat(x0: &[u64; $n], y: &[u64; $n]) -> [u64; $n] {
            let $m = $init; // the modulus, fetched once outside the loop
            let mut x = *x0;
            for _ in 0..LAT_N {
                let ($a, $b) = (&x, y);
                x = $mul;
            }
            x
        }
        #[inline(never)]
        fn tp(xs: &[[u64; $n]], ys: &[[u64; $n]], out: &mut [[u64; $n]; TP_N]) {
            let $m = $init;
            for i in 0..TP_N {
                let ($a, $b) = (&xs[i], &ys[i]);
                out[i] = $mul;
            }
        }
        Imp::<$n> {
            name: $name,
            lat,
            tp,
        }
    }};
}

fn ark_lat(x0: &[u64; 4], y: &[u64; 4]) -> [u64; 4] {
    let (mut x, y) = (fq(x0), fq(y));
    for _ in 0..LAT_N {
        x *= &y;
    }
    x.0 .0
}

fn ark_tp(xs: &[[u64; 4]], ys: &[[u64; 4]], out: &mut [[u64; 4]; TP_N]) {
    for i in 0..TP_N {
        out[i] = (fq(&xs[i]) * fq(&ys[i])).0 .0;
    }
}

fn blst_mul(a: &[u64; 6], b: &[u64; 6]) -> [u64; 6] {
    let (a, b) = (blst_fp { l: *a }, blst_fp { l: *b });
    let mut r = blst_fp::default();
    // SAFETY: valid pointers to initialised blst_fp values.
    unsafe { blst_fp_mul(&mut r, &a, &b) };
    r.l
}

fn adx() -> Adx {
    Adx::detect().expect("the benchmark needs BMI2 + ADX")
}

fn bn254() -> &'static Modulus<4> {
    static M: OnceLock<Modulus<4>> = OnceLock::new();
    M.get_or_init(|| Modulus::new(common::hex(common::BN254_P)))
}

fn bls() -> &'static Modulus<6> {
    static M: OnceLock<Modulus<6>> = OnceLock::new();
    M.get_or_init(|| Modulus::new(common::hex(common::BLS12_381_P)))
}

/// A 512-bit odd modulus from fixed pseudo-random limbs: top bit set (`full`, every-carry
/// kernel) or the top two bits clear (spare bit, no-carry kernel).
fn m8(full: bool) -> Modulus<8> {
    let mut p = clock::values(5, 1, &[u64::MAX; 8])[0];
    p[0] |= 1;
    p[7] = if full { p[7] | 1 << 63 } else { p[7] >> 2 };
    Modulus::new(p)
}

fn m8_full() -> &'static Modulus<8> {
    static M: OnceLock<Modulus<8>> = OnceLock::new();
    M.get_or_init(|| m8(true))
}

fn m8_spare() -> &'static Modulus<8> {
    static M: OnceLock<Modulus<8>> = OnceLock::new();
    M.get_or_init(|| m8(false))
}

fn imps8_full() -> Vec<Imp<8>> {
    vec![
        imp!("ours", 8, m = m8_full(), |a, b| montgomery::mul(a, b, m)),
        imp!(
            "ours-mul_mont(modexp)",
            8,
            m = (adx(), m8_full()),
            |a, b| m.0.mul_mont(a, b, m.1.p(), m.1.n0())
        ),
        imp!("ours-portable", 8, m = m8_full(), |a, b| portable::mul(
            a, b, m
        )),
    ]
}

fn imps8_spare() -> Vec<Imp<8>> {
    vec![
        imp!("ours", 8, m = m8_spare(), |a, b| montgomery::mul(a, b, m)),
        imp!("ours-portable", 8, m = m8_spare(), |a, b| portable::mul(
            a, b, m
        )),
    ]
}

fn imps4() -> Vec<Imp<4>> {
    vec![
        imp!("ours", 4, m = bn254(), |a, b| montgomery::mul(a, b, m)),
        imp!("ours-portable", 4, m = bn254(), |a, b| portable::mul(
            a, b, m
        )),
        imp!("ours-wide+reduce", 4, m = bn254(), |a, b| {
            let (lo, hi) = montgomery::mul_wide(a, b);
            montgomery::reduce(&lo, &hi, m)
        }),
        Imp {
            name: "ark-ff",
            lat: |x, y| ark_lat(x, y),
            tp: ark_tp,
        },
    ]
}

fn imps6() -> Vec<Imp<6>> {
    vec![
        imp!("ours", 6, m = bls(), |a, b| montgomery::mul(a, b, m)),
        imp!("ours-full-carry(evm384)", 6, m = (adx(), bls()), |a, b| m
            .0
            .mul_mont_full(a, b, m.1)),
        imp!("ours-portable", 6, m = bls(), |a, b| portable::mul(a, b, m)),
        imp!("blst", 6, _m = (), |a, b| blst_mul(a, b)),
    ]
}

fn blst_sqr(a: &[u64; 6]) -> [u64; 6] {
    let a = blst_fp { l: *a };
    let mut r = blst_fp::default();
    // SAFETY: valid pointers to initialised blst_fp values.
    unsafe { blst_fp_sqr(&mut r, &a) };
    r.l
}

/// Squarings (the second operand unused): the squaring kernel, the product with itself, the
/// portable path's two, and blst's `blst_fp_sqr`.
fn imps6_sqr() -> Vec<Imp<6>> {
    vec![
        imp!("ours-square", 6, m = bls(), |a, _b| montgomery::square(
            a, m
        )),
        imp!("ours-mul(a,a)", 6, m = bls(), |a, _b| montgomery::mul(
            a, a, m
        )),
        imp!("ours-portable-square", 6, m = bls(), |a, _b| {
            portable::square(a, m)
        }),
        imp!("ours-portable-mul(a,a)", 6, m = bls(), |a, _b| {
            portable::mul(a, a, m)
        }),
        imp!("blst-sqr", 6, _m = (), |a, _b| blst_sqr(a)),
    ]
}

fn bench<const N: usize>(c: &mut Criterion, imps: &[Imp<N>], xs: &[[u64; N]], ys: &[[u64; N]]) {
    let mut g = c.benchmark_group(format!("mul{N}/latency"));
    g.throughput(Throughput::Elements(LAT_N as u64));
    for imp in imps {
        g.bench_function(imp.name, |b| {
            b.iter(|| (imp.lat)(black_box(&xs[0]), &ys[0]))
        });
    }
    g.finish();
    let mut g = c.benchmark_group(format!("mul{N}/throughput"));
    g.throughput(Throughput::Elements(TP_N as u64));
    let mut out = [[0u64; N]; TP_N];
    for imp in imps {
        g.bench_function(imp.name, |b| {
            b.iter(|| (imp.tp)(black_box(xs), ys, &mut out))
        });
    }
    g.finish();
}

/// Cycles and ns per mul, latency and throughput, every implementation interleaved.
fn table<const N: usize>(
    label: &str,
    imps: &[Imp<N>],
    xs: &[[u64; N]],
    ys: &[[u64; N]],
    hz: f64,
    tpc: f64,
) {
    // all implementations agree (ark and blst use the same Montgomery form, R = 2^(64N))
    let r0 = (imps[0].lat)(&xs[3], &ys[3]);
    for imp in imps {
        assert_eq!(
            (imp.lat)(&xs[3], &ys[3]),
            r0,
            "{label}: {} disagrees",
            imp.name
        );
    }
    let mut x = vec![xs[0]; imps.len()];
    let mut lat_fs: Vec<Box<dyn FnMut() + '_>> = Vec::new();
    for (imp, x) in imps.iter().zip(x.iter_mut()) {
        lat_fs.push(Box::new(move || *x = (imp.lat)(black_box(x), &ys[0])));
    }
    let lat = clock::min_ticks(&mut lat_fs, LAT_N);
    drop(lat_fs);
    let mut outs = vec![[[0u64; N]; TP_N]; imps.len()];
    let mut tp_fs: Vec<Box<dyn FnMut() + '_>> = Vec::new();
    for (imp, out) in imps.iter().zip(outs.iter_mut()) {
        tp_fs.push(Box::new(move || (imp.tp)(black_box(xs), ys, out)));
    }
    let tp = clock::min_ticks(&mut tp_fs, TP_N);
    drop(tp_fs);
    println!("\n{label}, {N} limbs: per mul (latency: dependent chain; throughput: independent)");
    println!(
        "{:<24} {:>10} {:>10} {:>10} {:>10} {:>9}",
        "impl", "lat ns", "lat cyc", "tp ns", "tp cyc", "lat/best"
    );
    let best = lat.iter().cloned().fold(f64::INFINITY, f64::min);
    for (i, imp) in imps.iter().enumerate() {
        println!(
            "{:<24} {:>10.2} {:>10.1} {:>10.2} {:>10.1} {:>9.3}",
            imp.name,
            lat[i] / hz * 1e9,
            lat[i] / tpc,
            tp[i] / hz * 1e9,
            tp[i] / tpc,
            lat[i] / best
        );
    }
    black_box((x, outs));
}

/// Left and right operands of the throughput loops.
type Operands<const N: usize> = (Vec<[u64; N]>, Vec<[u64; N]>);

/// Two lists of `TP_N` operands below `p`, from seeds `seed` and `seed + 1`.
fn operands<const N: usize>(seed: u64, p: &[u64; N]) -> Operands<N> {
    (
        clock::values(seed, TP_N, p),
        clock::values(seed + 1, TP_N, p),
    )
}

fn main() {
    let (i4, i6) = (imps4(), imps6());
    let (i8f, i8s) = (imps8_full(), imps8_spare());
    let (x4, y4) = operands(1, bn254().p());
    let (x6, y6) = operands(3, bls().p());
    let (x8f, y8f) = operands(6, m8_full().p());
    let (x8s, y8s) = operands(8, m8_spare().p());
    if std::env::var_os("MONTGOMERY_TSC_ONLY").is_none() {
        let mut c = Criterion::default()
            .warm_up_time(Duration::from_millis(300))
            .measurement_time(Duration::from_millis(1200))
            .sample_size(20)
            .without_plots()
            .configure_from_args();
        bench(&mut c, &i4, &x4, &y4);
        bench(&mut c, &i6, &x6, &y6);
        bench(&mut c, &i8f, &x8f, &y8f);
        c.final_summary();
    }
    let (hz, tpc) = (clock::tsc_hz(), clock::ticks_per_cycle());
    println!("\n{}", clock::describe(hz, tpc));
    table("BN254 p", &i4, &x4, &y4, hz, tpc);
    table("BLS12-381 p", &i6, &x6, &y6, hz, tpc);
    table("BLS12-381 p, squaring", &imps6_sqr(), &x6, &y6, hz, tpc);
    table("512-bit p, top bit set", &i8f, &x8f, &y8f, hz, tpc);
    table("512-bit p, spare bit", &i8s, &x8s, &y8s, hz, tpc);
}
