//! ADD, SUB, MUL and the division family (DIV, MOD, SDIV, SMOD, ADDMOD, MULMOD) by operand-size
//! class.
//!
//! Classes: `w` = divisor or modulus of exactly `w` bits under full-width dividends and
//! operands; `w-reduced` = ADDMOD/MULMOD operands already below the `w`-bit modulus (field
//! arithmetic); `mixed` = every operand of a random width (and a few zero); `pow2` and
//! `64of192` = dividends of 129 to 192 bits over one-limb powers of two and 64-bit divisors;
//! `64x256` = MUL of a 64-bit first factor by a full word.

use criterion::Criterion;
use num_bigint::BigUint;
use num_traits::One;
use rand::Rng;
use uint256::{evm, Modulus, U256};

use crate::harness::{bench, gen, mask, rand_below, rand_bits, rand_mixed, rand_word};
use crate::peer;

/// Divisor and modulus widths.
const WIDTHS: [u32; 5] = [64, 128, 192, 200, 256];

pub fn benches(c: &mut Criterion) {
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
    // A one-limb factor times a full word (a scale, a length or a price times a value).
    let small = gen(2, |r| [rand_bits(r, 64), rand_word(r), U256::ZERO]);
    bench(
        c,
        "mul/64x256",
        &small,
        |x| evm::mul(x[0], x[1]),
        |x| x[0].wrapping_mul(x[1]),
        |x, _| (&x[0] * &x[1]) & &m,
    );

    let classes = WIDTHS.iter().map(|w| (w.to_string(), Some(*w)));
    for (class, w) in classes.chain([("mixed".to_string(), None)]) {
        let seed = w.unwrap_or(0) as u64;
        // Full-width dividend, divisor of exactly w bits (mixed: both of random widths).
        let d = gen(10 + seed, |r| match w {
            Some(w) => [rand_word(r), rand_bits(r, w), U256::ZERO],
            None => [rand_mixed(r), rand_mixed(r), U256::ZERO],
        });
        bench(
            c,
            &format!("div/{class}"),
            &d,
            |x| evm::div(x[0], x[1]),
            |x| peer::div(x[0], x[1]),
            |x, _| peer::big_guarded(&x[1], || &x[0] / &x[1]),
        );
        bench(
            c,
            &format!("mod/{class}"),
            &d,
            |x| evm::mod_(x[0], x[1]),
            |x| peer::rem(x[0], x[1]),
            |x, _| peer::big_guarded(&x[1], || &x[0] % &x[1]),
        );
        // Signed: random signs, divisor magnitude of w bits (at most 255 for w = 256).
        let s = gen(20 + seed, |r| {
            let (mut a, mut b) = match w {
                Some(w) => (rand_word(r), rand_bits(r, w.min(255))),
                None => (rand_mixed(r), rand_mixed(r)),
            };
            if r.random::<bool>() {
                a = a.wrapping_neg();
            }
            if r.random::<bool>() {
                b = b.wrapping_neg();
            }
            [a, b, U256::ZERO]
        });
        bench(
            c,
            &format!("sdiv/{class}"),
            &s,
            |x| evm::sdiv(x[0], x[1]),
            |x| peer::sdiv(x[0], x[1]),
            |_, s| peer::big_guarded(&s[1], || &s[0] / &s[1]),
        );
        bench(
            c,
            &format!("smod/{class}"),
            &s,
            |x| evm::smod(x[0], x[1]),
            |x| peer::smod(x[0], x[1]),
            |_, s| peer::big_guarded(&s[1], || &s[0] % &s[1]),
        );

        // Full-width operands (w), operands below the modulus (w-reduced), or all mixed.
        let mut modular = vec![(
            class.clone(),
            gen(30 + seed, |r| match w {
                Some(w) => [rand_word(r), rand_word(r), rand_bits(r, w)],
                None => [rand_mixed(r), rand_mixed(r), rand_mixed(r)],
            }),
        )];
        if let Some(w) = w {
            let reduced = gen(40 + seed, |r| {
                let n = rand_bits(r, w);
                [rand_below(r, n), rand_below(r, n), n]
            });
            modular.push((format!("{w}-reduced"), reduced));
        }
        for (class, md) in &modular {
            bench(
                c,
                &format!("addmod/{class}"),
                md,
                |x| evm::addmod(x[0], x[1], x[2]),
                |x| x[0].add_mod(x[1], x[2]),
                |x, _| peer::big_guarded(&x[2], || (&x[0] + &x[1]) % &x[2]),
            );
            bench(
                c,
                &format!("mulmod/{class}"),
                md,
                |x| evm::mulmod(x[0], x[1], x[2]),
                |x| x[0].mul_mod(x[1], x[2]),
                |x, _| peer::big_guarded(&x[2], || (&x[0] * &x[1]) % &x[2]),
            );
        }
    }

    // The pseudo-Mersenne moduli of contracts' curve code (Curve25519's 2^255 - 19, as in the
    // Ed25519 contracts of the EVM report, and secp256k1's p), operands below the modulus.
    for (seed, class, k, low) in [
        (60, "p25519", 255, 19u64),
        (61, "secp256k1-p", 256, 0x1_0000_03d1),
    ] {
        let n = U256::ONE.wrapping_shl(k).wrapping_sub(U256::from_u64(low));
        let md = gen(seed, |r| [rand_below(r, n), rand_below(r, n), n]);
        bench(
            c,
            &format!("mulmod/{class}"),
            &md,
            |x| evm::mulmod(x[0], x[1], x[2]),
            |x| x[0].mul_mod(x[1], x[2]),
            |x, _| peer::big_guarded(&x[2], || (&x[0] * &x[1]) % &x[2]),
        );
    }

    // One 254-bit prime for every product (BN254's field prime, weierstrudel's modulus): plain,
    // and through a `Modulus` prepared once, as uint256-revm keeps the last MULMOD modulus.
    let bn254_p = U256::from_limbs([
        0x3c20_8c16_d87c_fd47,
        0x9781_6a91_6871_ca8d,
        0xb850_45b6_8181_585d,
        0x3064_4e72_e131_a029,
    ]);
    let md = gen(62, |r| {
        [rand_below(r, bn254_p), rand_below(r, bn254_p), bn254_p]
    });
    bench(
        c,
        "mulmod/bn254-p",
        &md,
        |x| evm::mulmod(x[0], x[1], x[2]),
        |x| x[0].mul_mod(x[1], x[2]),
        |x, _| peer::big_guarded(&x[2], || (&x[0] * &x[1]) % &x[2]),
    );
    let prepared = Modulus::new(bn254_p);
    bench(
        c,
        "mulmod/bn254-p-prepared",
        &md,
        |x| prepared.mul_mod(x[0], x[1]),
        |x| x[0].mul_mod(x[1], x[2]),
        |x, _| peer::big_guarded(&x[2], || (&x[0] * &x[1]) % &x[2]),
    );

    // Three-limb dividends (129..=192 bits, as sha1_divs' 160-bit words) over one-limb
    // divisors: powers of two 2^k, k < 64 (`pow2`), and any 64-bit divisor (`64of192`).
    let pow2 = gen(50, |r| {
        let (bits, k) = (r.random_range(129..=192), r.random_range(0..64));
        [rand_bits(r, bits), U256::from_u64(1 << k), U256::ZERO]
    });
    let by64 = gen(51, |r| {
        let bits = r.random_range(129..=192);
        [rand_bits(r, bits), rand_bits(r, 64), U256::ZERO]
    });
    for (class, d) in [("pow2", &pow2), ("64of192", &by64)] {
        bench(
            c,
            &format!("div/{class}"),
            d,
            |x| evm::div(x[0], x[1]),
            |x| peer::div(x[0], x[1]),
            |x, _| peer::big_guarded(&x[1], || &x[0] / &x[1]),
        );
        bench(
            c,
            &format!("mod/{class}"),
            d,
            |x| evm::mod_(x[0], x[1]),
            |x| peer::rem(x[0], x[1]),
            |x, _| peer::big_guarded(&x[1], || &x[0] % &x[1]),
        );
    }
}
