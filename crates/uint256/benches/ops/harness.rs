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

// A `u8` index reaches every tuple of the batch and no further: the timed loop needs no bounds
// check.
const _: () = assert!(N == u8::MAX as usize + 1);

/// Passes per chunk of criterion's iterations (one order drawn per chunk, see `time_walk`).
const CHUNK: u64 = 64;

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

/// The same batch of operands in each implementation's representation (num-bigint's unsigned
/// and signed readings side by side).
pub struct Data {
    timed: Box<Timed>,
    big: Box<[([BigUint; 3], [BigInt; 3]); N]>,
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
        big: Box::new(core::array::from_fn(|i| {
            (ours[i].map(to_big), ours[i].map(to_signed))
        })),
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
/// `num-bigint`, each over the batch `d` in orders drawn afresh every `CHUNK` passes.
pub fn bench<O1, O2, O3>(
    c: &mut Criterion,
    name: &str,
    d: &Data,
    ours: impl Fn(&Ours) -> O1,
    ruint: impl Fn(&[R; 3]) -> O2,
    big: impl Fn(&[BigUint; 3], &[BigInt; 3]) -> O3,
) {
    if let Some(filter) = interleaved_filter() {
        if name.contains(filter.as_str())
            || filter == "all"
            || filter.strip_prefix('=') == Some(name)
        {
            interleave(name, d, ours, ruint);
        }
        return;
    }
    let mut g = c.benchmark_group(name);
    g.throughput(Throughput::Elements(N as u64));
    let mut rng = StdRng::seed_from_u64(ORDER_SEED);
    g.bench_function("ours", |b| {
        b.iter_custom(|iters| chunked(&mut rng, iters, &d.timed.ours, &|x| ours(&x.0)))
    });
    g.bench_function("ruint", |b| {
        b.iter_custom(|iters| chunked(&mut rng, iters, &d.timed.ruint, &|x| ruint(&x.0)))
    });
    g.bench_function("num-bigint", |b| {
        b.iter_custom(|iters| chunked(&mut rng, iters, &d.big, &|(x, s)| big(x, s)))
    });
    g.finish();
}

/// Criterion's `iters` passes over `xs`, timed in chunks of `CHUNK` passes, each chunk in a
/// new order drawn from `rng` before its clock starts.
fn chunked<T, O>(rng: &mut StdRng, iters: u64, xs: &[T; N], f: &impl Fn(&T) -> O) -> Duration {
    let mut order = vec![0u8; (CHUNK.min(iters) as usize) * N];
    let mut ns = 0.0;
    let mut left = iters;
    while left > 0 {
        let k = CHUNK.min(left) as usize;
        rng.fill(&mut order[..k * N]);
        ns += time_walk(xs, &order[..k * N], f);
        left -= k as u64;
    }
    Duration::from_nanos(ns as u64)
}

/// `UINT256_INTERLEAVED=all` (or a substring of the group names, or `=NAME` for the group
/// `NAME` alone) switches from criterion to the interleaved ours-vs-ruint timing below.
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

/// Seed of the orders in which the tuples are visited.
const ORDER_SEED: u64 = 0x5eed_0bde;

/// Nanoseconds for `f` over the tuples `xs[i]`, `i` in `order`: the one timed loop of both
/// modes. Out of line, so that it is compiled the same whatever the caller around it does with
/// the times.
#[inline(never)]
fn time_walk<T, O>(xs: &[T; N], order: &[u8], f: &impl Fn(&T) -> O) -> f64 {
    let t = Instant::now();
    for &i in order {
        black_box(f(black_box(&xs[usize::from(i)])));
    }
    t.elapsed().as_nanos() as f64
}

/// Groups whose two sides are the same machine code: LLVM emits ruint's instructions for ours,
/// instruction for instruction over a whole pass, code addresses aside (`mca.py` prints `same
/// code` for them). Their ratio can only show where the linker put the two loops and the
/// noise, so the table marks them instead of calling them slower or faster.
const SAME_CODE: &[&str] = &[
    "sub",
    "mul",
    "mul/64x256",
    "byte/in",
    "byte/out",
    "lt",
    "gt",
    "and",
    "or",
    "xor",
    "not",
    "iszero",
    "floor",
];

/// Times `ours` and `ruint` in alternating samples (which goes first alternates too) for about
/// half a second, so that load from other processes falls on both alike, and prints one table
/// row: each side's lower-quartile sample time per op (preemption only ever adds time), their
/// ratio, a 95 % interval of the median of the rounds' own ratios (ours/ruint of the two
/// samples of one round), and the share of rounds in which ours was the faster.
///
/// Every round draws a new order of the batch's tuples: the first sample walks it forwards, the
/// second backwards. Both sides see the same operands, and no sequence of outcomes is run
/// twice: the same order twice in a row let the second walk find the branch predictor trained
/// by the first (even across the two sides' loops where their code is the same; see the module
/// doc).
fn interleave<O1, O2>(
    name: &str,
    d: &Data,
    ours: impl Fn(&Ours) -> O1,
    ruint: impl Fn(&[R; 3]) -> O2,
) {
    let ours = |x: &Aligned<Ours>| ours(&x.0);
    let ruint = |x: &Aligned<[R; 3]>| ruint(&x.0);
    // Enough passes per sample that the clock's granularity (tens of ns on some VMs) is
    // below 0.1 % of a sample. The first calls (one pass in batch order) are the ones
    // `mca.py` traces.
    let pass: Vec<u8> = (0..=u8::MAX).collect();
    let once = time_walk(&d.timed.ours, &pass, &ours).max(time_walk(&d.timed.ruint, &pass, &ruint));
    let reps = (20_000.0 / once.max(1.0)).ceil() as usize;
    let mut rng = StdRng::seed_from_u64(ORDER_SEED);
    let (mut order, mut back) = (vec![0u8; reps * N], vec![0u8; reps * N]);
    let (mut a, mut b) = (Vec::new(), Vec::new());
    let start = Instant::now();
    let mut round = 0u32;
    while round < 20 || (start.elapsed() < Duration::from_millis(500) && round < 20_000) {
        rng.fill(&mut order[..]);
        back.copy_from_slice(&order);
        back.reverse();
        if round.is_multiple_of(2) {
            a.push(time_walk(&d.timed.ours, &order, &ours));
            b.push(time_walk(&d.timed.ruint, &back, &ruint));
        } else {
            b.push(time_walk(&d.timed.ruint, &order, &ruint));
            a.push(time_walk(&d.timed.ours, &back, &ours));
        }
        round += 1;
    }
    // The first rounds warm caches and predictors.
    let warm = a.len() / 10;
    let (a, b) = (&mut a[warm..], &mut b[warm..]);
    // Rounds in which ours took less time than ruint's sample beside it: about half for a tie,
    // whatever the quartiles' last digit says.
    let mut ratios: Vec<f64> = a.iter().zip(b.iter()).map(|(o, r)| o / r).collect();
    let faster = 100.0 * ratios.iter().filter(|&&q| q < 1.0).count() as f64 / ratios.len() as f64;
    // Distribution-free: the median lies between these order statistics with 95 % confidence.
    ratios.sort_by(f64::total_cmp);
    let n = ratios.len();
    let k = ((n as f64 - 1.96 * (n as f64).sqrt()) / 2.0).max(0.0) as usize;
    let (lo, hi) = (ratios[k], ratios[n - 1 - k]);
    let quartile = |v: &mut [f64]| {
        v.sort_by(f64::total_cmp);
        v[v.len() / 4] / (N * reps) as f64
    };
    let (o, r) = (quartile(a), quartile(b));
    let mark = if SAME_CODE.contains(&name) {
        "  = same code"
    } else if o > r {
        "  <-- slower"
    } else {
        ""
    };
    let interval = format!("[{lo:.3}, {hi:.3}]");
    println!(
        "| {name:<18} | {o:8.2} | {r:8.2} | {:6.3} | {interval:<16} | {faster:5.1} % |{mark}",
        o / r
    );
}
