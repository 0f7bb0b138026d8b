//! Shifts, BYTE, SIGNEXTEND, comparisons, bitwise ops, ISZERO, CLZ and the harness floor.
//!
//! Shift classes: `lt64` (shift below 64), `64-255`, `ge256` (256 to 1023, or a word with high
//! limbs set: the result is 0 or all sign bits). BYTE and SIGNEXTEND classes: `in` (index in
//! range), `out` (index 32 or more for BYTE, 31 or more for SIGNEXTEND, some of them huge).
//!
//! `sar/ge256` is the class the order of the tuples (main.rs) matters most for: revm's SAR
//! branches on the sign of a value shifted out (`test; js`, then constant stores) where ours
//! computes it (`sar $63`). Over one batch in a fixed order the predictor learns the 256 signs
//! and the branch costs ruint nothing; over random signs it mispredicts every other call.

use criterion::Criterion;
use num_bigint::BigUint;
use rand::rngs::StdRng;
use rand::Rng;
use uint256::{evm, U256};

use crate::harness::{bench, gen, mask, rand_bits, rand_word};
use crate::peer;

/// An index or shift operand of at least `lo`: mostly `lo..1024`, an eighth huge.
fn out_of_range(r: &mut StdRng, lo: u64) -> U256 {
    if r.random_range(0..8) == 0 {
        rand_word(r).or(U256::from_limbs([0, 0, 1, 0]))
    } else {
        U256::from_u64(r.random_range(lo..1024))
    }
}

pub fn benches(c: &mut Criterion) {
    let m = mask();
    for (class, lo, hi) in [("lt64", 0, 64), ("64-255", 64, 256), ("ge256", 256, 0)] {
        // Shift amount first, value (random sign) second.
        let sh = gen(51 + lo, |r| {
            let s = if hi == 0 {
                out_of_range(r, lo)
            } else {
                U256::from_u64(r.random_range(lo..hi))
            };
            [s, rand_word(r), U256::ZERO]
        });
        bench(
            c,
            &format!("shl/{class}"),
            &sh,
            |x| evm::shl(x[0], x[1]),
            |x| peer::shl(x[0], x[1]),
            |x, _| (&x[1] << peer::big_small(&x[0]).min(1024)) & &m,
        );
        bench(
            c,
            &format!("shr/{class}"),
            &sh,
            |x| evm::shr(x[0], x[1]),
            |x| peer::shr(x[0], x[1]),
            |x, _| &x[1] >> peer::big_small(&x[0]).min(1024),
        );
        bench(
            c,
            &format!("sar/{class}"),
            &sh,
            |x| evm::sar(x[0], x[1]),
            |x| peer::sar(x[0], x[1]),
            |x, s| &s[1] >> peer::big_small(&x[0]).min(1024),
        );
    }

    for class in ["in", "out"] {
        let idx = gen(if class == "in" { 50 } else { 55 }, |r| {
            let i = if class == "in" {
                U256::from_u64(r.random_range(0..32))
            } else {
                out_of_range(r, 32)
            };
            [i, rand_word(r), U256::ZERO]
        });
        bench(
            c,
            &format!("byte/{class}"),
            &idx,
            |x| evm::byte(x[0], x[1]),
            |x| peer::byte(x[0], x[1]),
            |x, _| peer::big_byte(&x[0], &x[1]),
        );
        let ext = gen(if class == "in" { 56 } else { 57 }, |r| {
            let b = if class == "in" {
                U256::from_u64(r.random_range(0..31))
            } else {
                out_of_range(r, 31)
            };
            [b, rand_word(r), U256::ZERO]
        });
        bench(
            c,
            &format!("signextend/{class}"),
            &ext,
            |x| evm::signextend(x[0], x[1]),
            |x| peer::signextend(x[0], x[1]),
            |x, _| peer::big_signextend(&x[0], &x[1]),
        );
    }

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
        |x| ruint::aliases::U256::from(x[0] < x[1]),
        |x, _| BigUint::from((x[0] < x[1]) as u8),
    );
    bench(
        c,
        "gt",
        &cmp,
        |x| evm::gt(x[0], x[1]),
        |x| ruint::aliases::U256::from(x[0] > x[1]),
        |x, _| BigUint::from((x[0] > x[1]) as u8),
    );
    bench(
        c,
        "slt",
        &cmp,
        |x| evm::slt(x[0], x[1]),
        |x| peer::slt(x[0], x[1]),
        |_, s| BigUint::from((s[0] < s[1]) as u8),
    );
    bench(
        c,
        "sgt",
        &cmp,
        |x| evm::sgt(x[0], x[1]),
        |x| peer::sgt(x[0], x[1]),
        |_, s| BigUint::from((s[0] > s[1]) as u8),
    );
    bench(
        c,
        "eq",
        &cmp,
        |x| evm::eq(x[0], x[1]),
        |x| ruint::aliases::U256::from(x[0] == x[1]),
        |x, _| BigUint::from((x[0] == x[1]) as u8),
    );
    // EQ of a value just computed (in registers, as in precompile code) rather than loaded:
    // `a + 0 == b`. Comparing limb arrays spills the fresh value to the stack and reloads it.
    bench(
        c,
        "eq-of-sum",
        &cmp,
        |x| evm::eq(evm::add(x[0], x[2]), x[1]),
        |x| ruint::aliases::U256::from(x[0].wrapping_add(x[2]) == x[1]),
        |x, _| BigUint::from((&x[0] + &x[2] == x[1]) as u8),
    );
    let full = gen(1, |r| [rand_word(r), rand_word(r), rand_word(r)]);
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
        |x| ruint::aliases::U256::from(x[0].is_zero()),
        |x, _| BigUint::from(x[0].bits() == 0),
    );
    bench(
        c,
        "clz",
        &mixed,
        |x| evm::clz(x[0]),
        |x| ruint::aliases::U256::from(x[0].leading_zeros()),
        |x, _| BigUint::from(256 - x[0].bits()),
    );
    // The harness's own cost per element (read the index, fetch the tuple, read one limb,
    // black-box it): no op can be timed below this, which bounds the speed-up measurable over
    // a cheap bigint op.
    bench(
        c,
        "floor",
        &mixed,
        |x| x[0].as_limbs()[0],
        |x| x[0].as_limbs()[0],
        |x, _| x[0].iter_u64_digits().next(),
    );
}
