//! The measuring harness: operand batches, the three implementations side by side, generators.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, Throughput};
use num_bigint::{BigInt, BigUint, Sign};
use num_traits::One;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use ruint::aliases::U256 as R;
use uint256::U256;

/// Operand tuples per batch.
pub const N: usize = 256;

/// One operand tuple (unused trailing operands are zero).
pub type Ours = [U256; 3];

/// A value on a 32-byte boundary, so that no word of a timed tuple straddles a cache line.
#[repr(C, align(32))]
pub struct Aligned<T>(pub T);

/// The two timed arrays in one page-aligned block, each a whole number of pages long: ours and
/// ruint's operands then lie at the same offsets within pages and cache sets. Placed by the
/// allocator as two vectors, the identical loops of ADD and MUL/64x256 (LLVM emits the same
/// instructions for both) read 1.004-1.016x apart, ours slower in over 95 % of rounds.
#[repr(C, align(4096))]
struct Timed {
    ours: [Aligned<Ours>; N],
    ruint: [Aligned<[R; 3]>; N],
}

// Each array a whole number of pages, so that ruint's starts on a page boundary too.
const _: () = assert!(core::mem::size_of::<[Aligned<Ours>; N]>().is_multiple_of(4096));

/// The same batch of operands in each implementation's representation.
pub struct Data {
    timed: Box<Timed>,
    big: Vec<[BigUint; 3]>,
    signed: Vec<[BigInt; 3]>,
}

fn to_r(x: U256) -> R {
    R::from_limbs(x.into_limbs())
}

fn to_big(x: U256) -> BigUint {
    BigUint::from_bytes_be(&x.to_be_bytes())
}

fn to_signed(x: U256) -> BigInt {
    let b = BigInt::from_biguint(Sign::Plus, to_big(x));
    if x.is_negative() {
        b - (BigInt::one() << 256)
    } else {
        b
    }
}

/// A random value of exactly `bits` significant bits (`1..=256`).
pub fn rand_bits(rng: &mut StdRng, bits: u32) -> U256 {
    let x = U256::from_limbs(rng.random());
    let x = if bits == 256 {
        x
    } else {
        x.wrapping_shr(256 - bits as usize)
    };
    x.or(U256::ONE.wrapping_shl(bits as usize - 1))
}

/// A uniformly random word.
pub fn rand_word(rng: &mut StdRng) -> U256 {
    U256::from_limbs(rng.random())
}

/// A random value below `m` (`m != 0`).
pub fn rand_below(rng: &mut StdRng, m: U256) -> U256 {
    rand_word(rng).rem_or_zero(m)
}

/// A word of a random width in `1..=256` bits (a twentieth of them zero).
pub fn rand_mixed(rng: &mut StdRng) -> U256 {
    if rng.random_range(0..20) == 0 {
        U256::ZERO
    } else {
        let bits = rng.random_range(1..=256);
        rand_bits(rng, bits)
    }
}

/// `N` operand tuples from `f`, seeded with `seed`.
pub fn gen(seed: u64, f: impl Fn(&mut StdRng) -> Ours) -> Data {
    let mut rng = StdRng::seed_from_u64(seed);
    let ours: Vec<Ours> = (0..N).map(|_| f(&mut rng)).collect();
    Data {
        timed: Box::new(Timed {
            ours: core::array::from_fn(|i| Aligned(ours[i])),
            ruint: core::array::from_fn(|i| Aligned(ours[i].map(to_r))),
        }),
        big: ours.iter().map(|t| t.map(to_big)).collect(),
        signed: ours.iter().map(|t| t.map(to_signed)).collect(),
    }
}

/// 2^256 - 1 as a BigUint.
pub fn mask() -> BigUint {
    (BigUint::one() << 256) - 1u8
}

/// Short runs: the suite has about a hundred groups, and `table.py --runs` takes each
/// function's fastest median over several saved runs instead of long single runs.
pub fn config() -> Criterion {
    Criterion::default()
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_millis(700))
        .sample_size(20)
        .without_plots()
}

/// Benchmarks one group `name` (`op` or `op/class`) with the functions `ours`, `ruint` and
/// `num-bigint`, each over the whole batch `d`.
pub fn bench<O1, O2, O3>(
    c: &mut Criterion,
    name: &str,
    d: &Data,
    ours: impl Fn(&Ours) -> O1,
    ruint: impl Fn(&[R; 3]) -> O2,
    big: impl Fn(&[BigUint; 3], &[BigInt; 3]) -> O3,
) {
    if let Some(filter) = interleaved_filter() {
        if name.contains(filter.as_str()) || filter == "all" {
            interleave(name, d, ours, ruint);
        }
        return;
    }
    let mut g = c.benchmark_group(name);
    g.throughput(Throughput::Elements(N as u64));
    g.bench_function("ours", |b| {
        b.iter(|| {
            for x in &d.timed.ours {
                black_box(ours(black_box(&x.0)));
            }
        })
    });
    g.bench_function("ruint", |b| {
        b.iter(|| {
            for x in &d.timed.ruint {
                black_box(ruint(black_box(&x.0)));
            }
        })
    });
    g.bench_function("num-bigint", |b| {
        b.iter(|| {
            for (x, s) in d.big.iter().zip(&d.signed) {
                black_box(big(black_box(x), black_box(s)));
            }
        })
    });
    g.finish();
}

/// `UINT256_INTERLEAVED=all` (or a substring of the group names) switches from criterion to
/// the interleaved ours-vs-ruint timing below.
fn interleaved_filter() -> Option<String> {
    std::env::var("UINT256_INTERLEAVED").ok()
}

/// The CPU the table was timed on: `/proc/cpuinfo`'s model name with its vendor, family,
/// model and stepping (a VM's model name may be as vague as "AMD EPYC"), or "unknown".
pub fn cpu_model() -> String {
    let info = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let field = |key: &str| {
        info.lines()
            .find_map(|l| {
                let (k, v) = l.split_once(':')?;
                (k.trim() == key).then(|| v.trim().to_string())
            })
            .unwrap_or_else(|| "?".to_string())
    };
    if info.is_empty() {
        return "unknown (no /proc/cpuinfo)".to_string();
    }
    format!(
        "{} ({}, family {} model {} stepping {})",
        field("model name"),
        field("vendor_id"),
        field("cpu family"),
        field("model"),
        field("stepping")
    )
}

/// Nanoseconds for `reps` passes of `f` over the batch. Out of line, so that the timed loop is
/// compiled the same whatever the caller around it does with the times.
#[inline(never)]
fn time_batch<T, O>(xs: &[Aligned<T>], f: &impl Fn(&T) -> O, reps: u32) -> f64 {
    let t = Instant::now();
    for _ in 0..reps {
        for x in xs {
            black_box(f(black_box(&x.0)));
        }
    }
    t.elapsed().as_nanos() as f64
}

/// Times `ours` and `ruint` over the batch in alternating passes (which goes first alternates
/// too) for about half a second, so that load from other processes falls on both alike, and
/// prints one table row: each side's lower-quartile sample time per op (preemption only ever
/// adds time), their ratio, and the share of rounds in which ours was the faster.
fn interleave<O1, O2>(
    name: &str,
    d: &Data,
    ours: impl Fn(&Ours) -> O1,
    ruint: impl Fn(&[R; 3]) -> O2,
) {
    // Enough passes per sample that the clock's granularity (tens of ns on some VMs) is
    // below 0.1 % of a sample.
    let once = time_batch(&d.timed.ours, &ours, 1).max(time_batch(&d.timed.ruint, &ruint, 1));
    let reps = (20_000.0 / once.max(1.0)).ceil() as u32;
    let (mut a, mut b) = (Vec::new(), Vec::new());
    let start = Instant::now();
    let mut round = 0u32;
    while round < 20 || (start.elapsed() < Duration::from_millis(500) && round < 20_000) {
        if round.is_multiple_of(2) {
            a.push(time_batch(&d.timed.ours, &ours, reps));
            b.push(time_batch(&d.timed.ruint, &ruint, reps));
        } else {
            b.push(time_batch(&d.timed.ruint, &ruint, reps));
            a.push(time_batch(&d.timed.ours, &ours, reps));
        }
        round += 1;
    }
    // The first passes warm caches and predictors.
    let warm = a.len() / 10;
    // Rounds in which ours took less time than ruint's pass beside it: about half for a tie,
    // whatever the quartiles' last digit says.
    let faster = a[warm..]
        .iter()
        .zip(&b[warm..])
        .filter(|(o, r)| o < r)
        .count();
    let faster = 100.0 * faster as f64 / (a.len() - warm) as f64;
    let quartile = |v: &mut Vec<f64>| {
        let v = &mut v[warm..];
        v.sort_by(f64::total_cmp);
        v[v.len() / 4] / (N as f64 * reps as f64)
    };
    let (o, r) = (quartile(&mut a), quartile(&mut b));
    let mark = if o > r { "  <-- slower" } else { "" };
    println!(
        "| {name:<18} | {o:8.2} | {r:8.2} | {:6.3} | {faster:5.1} % |{mark}",
        o / r
    );
}
