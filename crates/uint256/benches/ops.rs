//! Every EVM op: ours vs ruint vs num-bigint on the same pre-generated operands.
//!
//! Each benchmark runs a batch of `N` operand tuples; divide the reported time by `N` for the
//! per-op time (`benches/table.py` does this and prints the comparison table). Groups are named
//! `op` or `op/width` (divisor or modulus width in bits, exponent width for `exp`), each with the
//! functions `ours`, `ruint` and `num-bigint`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use num_bigint::{BigInt, BigUint, Sign};
use num_traits::{One, Zero};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use ruint::aliases::U256 as R;
use uint256::{evm, U256};

/// Operand tuples per batch.
const N: usize = 256;

type Ours = [U256; 3];

struct Data {
    ours: Vec<Ours>,
    ruint: Vec<[R; 3]>,
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

fn data(ours: Vec<Ours>) -> Data {
    Data {
        ruint: ours.iter().map(|t| t.map(to_r)).collect(),
        big: ours.iter().map(|t| t.map(to_big)).collect(),
        signed: ours.iter().map(|t| t.map(to_signed)).collect(),
        ours,
    }
}

/// A random value of exactly `bits` significant bits.
fn rand_bits(rng: &mut StdRng, bits: u32) -> U256 {
    let x = U256::from_limbs(rng.random());
    let x = if bits == 256 {
        x
    } else {
        x.wrapping_shr(256 - bits as usize)
    };
    x.or(U256::ONE.wrapping_shl(bits as usize - 1))
}

fn rand_word(rng: &mut StdRng) -> U256 {
    U256::from_limbs(rng.random())
}

fn gen(seed: u64, f: impl Fn(&mut StdRng) -> Ours) -> Data {
    let mut rng = StdRng::seed_from_u64(seed);
    data((0..N).map(|_| f(&mut rng)).collect())
}

fn mask() -> BigUint {
    (BigUint::one() << 256) - 1u8
}

fn config() -> Criterion {
    Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(1))
        .sample_size(30)
        .without_plots()
}

/// Benchmarks one group `name` with the three implementations over `d`.
fn bench<O1, O2, O3>(
    c: &mut Criterion,
    name: &str,
    d: &Data,
    ours: impl Fn(&Ours) -> O1,
    ruint: impl Fn(&[R; 3]) -> O2,
    big: impl Fn(&[BigUint; 3], &[BigInt; 3]) -> O3,
) {
    let mut g = c.benchmark_group(name);
    g.throughput(Throughput::Elements(N as u64));
    g.bench_function("ours", |b| {
        b.iter(|| {
            for x in &d.ours {
                black_box(ours(black_box(x)));
            }
        })
    });
    g.bench_function("ruint", |b| {
        b.iter(|| {
            for x in &d.ruint {
                black_box(ruint(black_box(x)));
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

// ruint has no signed ops: these follow what an EVM built on ruint (revm) does.
fn r_neg(x: R) -> bool {
    x.bit(255)
}

fn r_abs(x: R) -> R {
    if r_neg(x) {
        x.wrapping_neg()
    } else {
        x
    }
}

fn r_sdiv(a: R, b: R) -> R {
    if b.is_zero() {
        return R::ZERO;
    }
    let q = r_abs(a) / r_abs(b);
    if r_neg(a) != r_neg(b) {
        q.wrapping_neg()
    } else {
        q
    }
}

fn r_smod(a: R, b: R) -> R {
    if b.is_zero() {
        return R::ZERO;
    }
    let r = r_abs(a) % r_abs(b);
    if r_neg(a) {
        r.wrapping_neg()
    } else {
        r
    }
}

fn r_slt(a: R, b: R) -> bool {
    match (r_neg(a), r_neg(b)) {
        (true, false) => true,
        (false, true) => false,
        _ => a < b,
    }
}

fn r_small(x: R) -> usize {
    let l = x.as_limbs();
    if l[1] | l[2] | l[3] != 0 || l[0] > 1024 {
        1024
    } else {
        l[0] as usize
    }
}

fn r_signextend(b: R, x: R) -> R {
    let b = r_small(b);
    if b >= 31 {
        return x;
    }
    let bit = 8 * b + 7;
    let m = (R::ONE << bit) - R::ONE;
    if x.bit(bit) {
        x | !m
    } else {
        x & m
    }
}

fn big_signextend(b: &BigUint, x: &BigUint) -> BigUint {
    let b = u64::try_from(b).unwrap_or(u64::MAX);
    if b >= 31 {
        return x.clone();
    }
    let bits = 8 * (b + 1);
    let low_mask = (BigUint::one() << bits) - 1u8;
    let low = x & &low_mask;
    if low.bit(bits - 1) {
        low | (mask() ^ low_mask)
    } else {
        low
    }
}

fn benches(c: &mut Criterion) {
    let m = mask();
    let m2 = BigUint::one() << 256;
    let full = gen(1, |r| [rand_word(r), rand_word(r), rand_word(r)]);

    bench(
        c,
        "add",
        &full,
        |x| evm::add(x[0], x[1]),
        |x| x[0].wrapping_add(x[1]),
        |x, _| (&x[0] + &x[1]) & &m,
    );
    bench(
        c,
        "sub",
        &full,
        |x| evm::sub(x[0], x[1]),
        |x| x[0].wrapping_sub(x[1]),
        |x, _| (&x[0] + &m2 - &x[1]) & &m,
    );
    bench(
        c,
        "mul",
        &full,
        |x| evm::mul(x[0], x[1]),
        |x| x[0].wrapping_mul(x[1]),
        |x, _| (&x[0] * &x[1]) & &m,
    );

    for w in [64u32, 128, 192, 256] {
        // Full-width dividend, divisor of exactly w bits.
        let d = gen(10 + w as u64, |r| {
            [rand_word(r), rand_bits(r, w), rand_word(r)]
        });
        bench(
            c,
            &format!("div/{w}"),
            &d,
            |x| evm::div(x[0], x[1]),
            |x| x[0] / x[1],
            |x, _| &x[0] / &x[1],
        );
        bench(
            c,
            &format!("mod/{w}"),
            &d,
            |x| evm::mod_(x[0], x[1]),
            |x| x[0] % x[1],
            |x, _| &x[0] % &x[1],
        );
        // Signed: random signs, divisor magnitude of w bits (at most 255 for w = 256).
        let s = gen(20 + w as u64, |r| {
            let a = rand_word(r);
            let mut b = rand_bits(r, w.min(255));
            if r.random::<bool>() {
                b = b.wrapping_neg();
            }
            [a, b, U256::ZERO]
        });
        bench(
            c,
            &format!("sdiv/{w}"),
            &s,
            |x| evm::sdiv(x[0], x[1]),
            |x| r_sdiv(x[0], x[1]),
            |_, s| &s[0] / &s[1],
        );
        bench(
            c,
            &format!("smod/{w}"),
            &s,
            |x| evm::smod(x[0], x[1]),
            |x| r_smod(x[0], x[1]),
            |_, s| &s[0] % &s[1],
        );
        // Full-width operands, modulus of w bits.
        let md = gen(30 + w as u64, |r| {
            [rand_word(r), rand_word(r), rand_bits(r, w)]
        });
        bench(
            c,
            &format!("addmod/{w}"),
            &md,
            |x| evm::addmod(x[0], x[1], x[2]),
            |x| x[0].add_mod(x[1], x[2]),
            |x, _| (&x[0] + &x[1]) % &x[2],
        );
        bench(
            c,
            &format!("mulmod/{w}"),
            &md,
            |x| evm::mulmod(x[0], x[1], x[2]),
            |x| x[0].mul_mod(x[1], x[2]),
            |x, _| (&x[0] * &x[1]) % &x[2],
        );
    }

    for w in [8u32, 64, 256] {
        // Odd full-width bases (even bases with long exponents short-cut to 0), w-bit exponents.
        let d = gen(40 + w as u64, |r| {
            [rand_word(r).or(U256::ONE), rand_bits(r, w), U256::ZERO]
        });
        bench(
            c,
            &format!("exp/{w}"),
            &d,
            |x| evm::exp(x[0], x[1]),
            |x| x[0].pow(x[1]),
            |x, _| x[0].modpow(&x[1], &m2),
        );
    }

    let small = gen(50, |r| {
        [
            U256::from_u64(r.random_range(0..33)),
            rand_word(r),
            U256::from_u64(r.random_range(0..256)),
        ]
    });
    bench(
        c,
        "signextend",
        &small,
        |x| evm::signextend(x[0], x[1]),
        |x| r_signextend(x[0], x[1]),
        |x, _| big_signextend(&x[0], &x[1]),
    );
    bench(
        c,
        "byte",
        &small,
        |x| evm::byte(x[0], x[1]),
        |x| {
            let i = r_small(x[0]);
            if i < 32 {
                R::from(x[1].byte(31 - i))
            } else {
                R::ZERO
            }
        },
        |x, _| {
            let i = u64::try_from(&x[0]).unwrap_or(u64::MAX);
            if i < 32 {
                (&x[1] >> (8 * (31 - i))) & BigUint::from(255u8)
            } else {
                BigUint::zero()
            }
        },
    );
    // Shift amounts below 256 (first operand), values full width (second).
    let sh = gen(51, |r| {
        [
            U256::from_u64(r.random_range(0..256)),
            rand_word(r),
            U256::ZERO,
        ]
    });
    let shr_amt = |x: &[BigUint; 3]| u64::try_from(&x[0]).unwrap_or(1024) as usize;
    bench(
        c,
        "shl",
        &sh,
        |x| evm::shl(x[0], x[1]),
        |x| x[1].wrapping_shl(r_small(x[0])),
        |x, _| (&x[1] << shr_amt(x)) & &m,
    );
    bench(
        c,
        "shr",
        &sh,
        |x| evm::shr(x[0], x[1]),
        |x| x[1].wrapping_shr(r_small(x[0])),
        |x, _| &x[1] >> shr_amt(x),
    );
    bench(
        c,
        "sar",
        &sh,
        |x| evm::sar(x[0], x[1]),
        |x| x[1].arithmetic_shr(r_small(x[0])),
        |x, s| &s[1] >> shr_amt(x),
    );

    // Comparisons: half the pairs equal so EQ is not decided by the first limb alone. Every
    // implementation produces the result as a word (0 or 1), as the EVM does.
    let cmp = gen(52, |r| {
        let a = rand_word(r);
        let b = if r.random::<bool>() { a } else { rand_word(r) };
        [a, b, U256::ZERO]
    });
    bench(
        c,
        "lt",
        &cmp,
        |x| evm::lt(x[0], x[1]),
        |x| R::from(x[0] < x[1]),
        |x, _| BigUint::from((x[0] < x[1]) as u8),
    );
    bench(
        c,
        "gt",
        &cmp,
        |x| evm::gt(x[0], x[1]),
        |x| R::from(x[0] > x[1]),
        |x, _| BigUint::from((x[0] > x[1]) as u8),
    );
    bench(
        c,
        "slt",
        &cmp,
        |x| evm::slt(x[0], x[1]),
        |x| R::from(r_slt(x[0], x[1])),
        |_, s| BigUint::from((s[0] < s[1]) as u8),
    );
    bench(
        c,
        "sgt",
        &cmp,
        |x| evm::sgt(x[0], x[1]),
        |x| R::from(r_slt(x[1], x[0])),
        |_, s| BigUint::from((s[0] > s[1]) as u8),
    );
    bench(
        c,
        "eq",
        &cmp,
        |x| evm::eq(x[0], x[1]),
        |x| R::from(x[0] == x[1]),
        |x, _| BigUint::from((x[0] == x[1]) as u8),
    );
    // EQ of a value just computed (in registers, as in precompile code) rather than loaded:
    // `a + 0 == b`. Comparing limb arrays spills the fresh value to the stack and reloads it.
    bench(
        c,
        "eq-of-sum",
        &cmp,
        |x| evm::eq(evm::add(x[0], x[2]), x[1]),
        |x| R::from(x[0].wrapping_add(x[2]) == x[1]),
        |x, _| BigUint::from((&x[0] + &x[2] == x[1]) as u8),
    );
    bench(
        c,
        "and",
        &full,
        |x| evm::and(x[0], x[1]),
        |x| x[0] & x[1],
        |x, _| &x[0] & &x[1],
    );
    bench(
        c,
        "or",
        &full,
        |x| evm::or(x[0], x[1]),
        |x| x[0] | x[1],
        |x, _| &x[0] | &x[1],
    );
    bench(
        c,
        "xor",
        &full,
        |x| evm::xor(x[0], x[1]),
        |x| x[0] ^ x[1],
        |x, _| &x[0] ^ &x[1],
    );
    bench(
        c,
        "not",
        &full,
        |x| evm::not(x[0]),
        |x| !x[0],
        |x, _| &m ^ &x[0],
    );

    // Unary ops on words of mixed widths (a quarter zero).
    let mixed = gen(53, |r| {
        let w = r.random_range(0..5u32) * 64;
        let cut = r.random_range(0..60);
        let x = if w == 0 {
            U256::ZERO
        } else {
            rand_bits(r, w - cut)
        };
        [x, U256::ZERO, U256::ZERO]
    });
    bench(
        c,
        "iszero",
        &mixed,
        |x| evm::iszero(x[0]),
        |x| R::from(x[0].is_zero()),
        |x, _| BigUint::from(x[0].is_zero() as u8),
    );
    bench(
        c,
        "clz",
        &mixed,
        |x| evm::clz(x[0]),
        |x| R::from(x[0].leading_zeros()),
        |x, _| BigUint::from(256 - x[0].bits()),
    );
    // The harness's own cost per element (fetch the tuple, read one limb, black-box it): no op
    // can be timed below this, which bounds the speed-up measurable over a cheap bigint op.
    bench(
        c,
        "floor",
        &mixed,
        |x| x[0].as_limbs()[0],
        |x| x[0].as_limbs()[0],
        |x, _| x[0].iter_u64_digits().next(),
    );
}

criterion_group! {
    name = ops;
    config = config();
    targets = benches
}
criterion_main!(ops);
