//! EXP by base and exponent class.
//!
//! Classes: `2^x` (base 2, exponent below 256, the most common EXP), `256^x` (other small powers
//! of two, exponent keeping the result in range), `small^small` (base 3 to 20, exponent below 78, as in
//! `10**decimals`), `small^256` (base below 256, full-width exponent), `8`, `64`, `256` (odd
//! full-width base, exponent of that many bits), `even^256` (even full-width base and exponent:
//! the result is 0).

use criterion::Criterion;
use num_bigint::BigUint;
use num_traits::One;
use rand::Rng;
use uint256::{evm, U256};

use crate::harness::{bench, gen, rand_bits, rand_word, Data};

fn bench_exp(c: &mut Criterion, class: &str, d: &Data) {
    let m2 = BigUint::one() << 256;
    bench(
        c,
        &format!("exp/{class}"),
        d,
        |x| evm::exp(x[0], x[1]),
        |x| x[0].pow(x[1]),
        |x, _| x[0].modpow(&x[1], &m2),
    );
}

pub fn benches(c: &mut Criterion) {
    let two = gen(60, |r| {
        [
            U256::from_u64(2),
            U256::from_u64(r.random_range(0..256)),
            U256::ZERO,
        ]
    });
    bench_exp(c, "2^x", &two);
    let pow2 = gen(61, |r| {
        let k = r.random_range(1..64u64);
        [
            U256::from_u64(1 << k),
            U256::from_u64(r.random_range(0..=256 / k)),
            U256::ZERO,
        ]
    });
    bench_exp(c, "256^x", &pow2);
    let ten = gen(62, |r| {
        [
            U256::from_u64(r.random_range(3..=20)),
            U256::from_u64(r.random_range(0..78)),
            U256::ZERO,
        ]
    });
    bench_exp(c, "small^small", &ten);
    let small = gen(63, |r| {
        [
            U256::from_u64(r.random_range(3..256)),
            rand_word(r),
            U256::ZERO,
        ]
    });
    bench_exp(c, "small^256", &small);
    for w in [8u32, 64, 256] {
        // Odd full-width bases (even bases with long exponents short-cut to 0), w-bit exponents.
        let d = gen(40 + w as u64, |r| {
            [rand_word(r).or(U256::ONE), rand_bits(r, w), U256::ZERO]
        });
        bench_exp(c, &w.to_string(), &d);
    }
    let even = gen(64, |r| {
        [
            rand_word(r).and(U256::MAX.wrapping_shl(1)),
            rand_word(r),
            U256::ZERO,
        ]
    });
    bench_exp(c, "even^256", &even);
}
