//! The operand-size classes of the benchmark (`benches/ops`), each against num-bigint and ruint:
//! moduli and divisors of 64, 128, 192, 200 and 256 bits under full-width and reduced operands,
//! powers-of-two, small and full-width EXP bases and exponents, BYTE indices in and out of range.
//! These are the classes with their own fast paths, so every path is reached from here.

mod common;

use common::*;
use num_bigint::BigUint;
use num_traits::Zero;
use proptest::prelude::*;
use ruint::aliases::U256 as R;
use uint256::evm::slot;
use uint256::{evm, Modulus, U256};

fn r(x: U256) -> R {
    R::from_limbs(x.into_limbs())
}

fn cfg(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// The class widths of the benchmark.
const WIDTHS: [u32; 5] = [64, 128, 192, 200, 256];

/// A word of at most `bits` bits: random widths up to it, its edges (1, 2^bits - 1,
/// 2^(bits-1), 2^(bits-1) + 1) and random words cut to exactly `bits` bits.
fn sized(bits: u32) -> BoxedStrategy<U256> {
    let top = U256::ONE.wrapping_shl(bits as usize - 1);
    let all = U256::MAX.wrapping_shr(256 - bits as usize);
    prop_oneof![
        2 => (any::<[u64; 4]>(), 1..=bits).prop_map(|(l, w)| U256::from_limbs(l).wrapping_shr(256 - w as usize)),
        2 => any::<[u64; 4]>().prop_map(move |l| U256::from_limbs(l).and(all).or(top)),
        1 => proptest::sample::select(vec![U256::ONE, all, top, top.wrapping_add(U256::ONE)]),
    ]
    .boxed()
}

/// A modulus or divisor of the class `bits`, with 0 and 1 mixed in.
fn modulus_of(bits: u32) -> BoxedStrategy<U256> {
    prop_oneof![8 => sized(bits), 1 => Just(U256::ZERO), 1 => Just(U256::ONE)].boxed()
}

/// An operand for the modulus `m`: full width, below `m` (including `m - 1` and 0), or of the
/// class width.
fn operand(m: U256, bits: u32) -> BoxedStrategy<U256> {
    let below = (any::<[u64; 4]>()).prop_map(move |l| U256::from_limbs(l).rem_or_zero(m));
    prop_oneof![
        2 => word(),
        3 => below,
        1 => sized(bits),
        1 => Just(m.wrapping_sub(U256::ONE)),
        1 => Just(U256::ZERO),
    ]
    .boxed()
}

fn modular_case() -> BoxedStrategy<(U256, U256, U256)> {
    proptest::sample::select(WIDTHS.to_vec())
        .prop_flat_map(|w| modulus_of(w).prop_map(move |m| (m, w)))
        .prop_flat_map(|(m, w)| (operand(m, w), operand(m, w), Just(m)))
        .boxed()
}

fn division_case() -> BoxedStrategy<(U256, U256)> {
    proptest::sample::select(WIDTHS.to_vec())
        .prop_flat_map(|w| (prop_oneof![3 => word(), 1 => sized(w)], modulus_of(w)))
        .boxed()
}

/// A pseudo-Mersenne modulus `2^k - c` (k 255 or 256): Curve25519's and secp256k1's primes,
/// random `c` below the fast path's bound 2^61, the bound itself (`c = 2^61 - 1` and `2^61`,
/// the first not taken) and `c = 2^64` (low limb zero, not taken).
fn pseudo_mersenne_modulus() -> BoxedStrategy<U256> {
    let m = |k: u32, c: U256| U256::ONE.wrapping_shl(k as usize).wrapping_sub(c);
    let c2_61 = U256::from_u64(1 << 61);
    prop_oneof![
        1 => Just(m(255, U256::from_u64(19))),
        1 => Just(m(256, U256::from_u64(0x1_0000_03d1))),
        3 => (prop_oneof![Just(255u32), Just(256u32)], 1u64..1 << 61)
            .prop_map(move |(k, c)| m(k, U256::from_u64(c))),
        1 => (prop_oneof![Just(255u32), Just(256u32)], proptest::sample::select(vec![
            c2_61.wrapping_sub(U256::ONE), c2_61, U256::ONE.wrapping_shl(64), U256::ONE,
        ]))
            .prop_map(move |(k, c)| m(k, c)),
    ]
    .boxed()
}

proptest! {
    #![proptest_config(cfg(3000))]

    #[test]
    fn addmod_mulmod_by_class((a, b, m) in modular_case()) {
        let (ba, bb, bm) = (to_big(a), to_big(b), to_big(m));
        let (add, mul) = if bm.is_zero() {
            (BigUint::zero(), BigUint::zero())
        } else {
            ((&ba + &bb) % &bm, (&ba * &bb) % &bm)
        };
        prop_assert_eq!(evm::addmod(a, b, m), from_big(&add));
        prop_assert_eq!(evm::mulmod(a, b, m), from_big(&mul));
        prop_assert_eq!(Modulus::new(m).mul_mod(a, b), from_big(&mul));
        prop_assert_eq!(r(evm::addmod(a, b, m)), r(a).add_mod(r(b), r(m)));
        prop_assert_eq!(r(evm::mulmod(a, b, m)), r(a).mul_mod(r(b), r(m)));
    }

    /// MULMOD's pseudo-Mersenne path (also through a prepared [`Modulus`]), on any operands
    /// (also above the modulus and 2^256 - 1).
    #[test]
    fn mulmod_pseudo_mersenne((a, b, m) in pseudo_mersenne_modulus()
        .prop_flat_map(|m| (operand(m, 256), prop_oneof![operand(m, 256), Just(m), Just(m.wrapping_add(U256::ONE))], Just(m))))
    {
        let mul = (to_big(a) * to_big(b)) % to_big(m);
        prop_assert_eq!(evm::mulmod(a, b, m), from_big(&mul));
        prop_assert_eq!(evm::mulmod(b, a, m), from_big(&mul));
        prop_assert_eq!(Modulus::new(m).mul_mod(a, b), from_big(&mul));
    }

    #[test]
    fn div_mod_by_class((a, d) in division_case(), neg_a in any::<bool>(), neg_d in any::<bool>()) {
        let (ba, bd) = (to_big(a), to_big(d));
        let (q, rem) = if bd.is_zero() { (BigUint::zero(), BigUint::zero()) } else { (&ba / &bd, &ba % &bd) };
        prop_assert_eq!(evm::div(a, d), from_big(&q));
        prop_assert_eq!(evm::mod_(a, d), from_big(&rem));
        if !d.is_zero() {
            prop_assert_eq!(r(evm::div(a, d)), r(a) / r(d));
            prop_assert_eq!(r(evm::mod_(a, d)), r(a) % r(d));
        }
        // Signed, with the class magnitudes and either sign.
        let a = if neg_a { a.wrapping_neg() } else { a };
        let d = if neg_d { d.wrapping_neg() } else { d };
        let (sa, sd) = (to_signed(a), to_signed(d));
        let (q, rem) = if d.is_zero() { (Zero::zero(), Zero::zero()) } else { (&sa / &sd, &sa % &sd) };
        prop_assert_eq!(evm::sdiv(a, d), from_signed(&q));
        prop_assert_eq!(evm::smod(a, d), from_signed(&rem));
    }
}

/// EXP bases: powers of two below 2^64 (1 included), small bases, full-width words.
fn base() -> BoxedStrategy<U256> {
    prop_oneof![
        2 => (0u32..64).prop_map(|k| U256::from_u64(1 << k)),
        1 => (0u32..256).prop_map(|k| U256::ONE.wrapping_shl(k as usize)),
        2 => (0u64..300).prop_map(U256::from_u64),
        2 => word(),
    ]
    .boxed()
}

/// EXP exponents: small, around 256, full width, and with only high limbs set.
fn exponent() -> BoxedStrategy<U256> {
    prop_oneof![
        3 => (0u64..300).prop_map(U256::from_u64),
        1 => proptest::sample::select(vec![255u64, 256, 257, 511, 512, u64::MAX]).prop_map(U256::from_u64),
        2 => word(),
        1 => (0u64..300, 1usize..4).prop_map(|(e, limb)| {
            let mut l = [e, 0, 0, 0];
            l[limb] = 1;
            U256::from_limbs(l)
        }),
    ]
    .boxed()
}

fn byte_index() -> BoxedStrategy<U256> {
    index(40)
}

proptest! {
    #![proptest_config(cfg(2000))]

    #[test]
    fn exp_by_class(b in base(), e in exponent()) {
        let want = to_big(b).modpow(&to_big(e), &modulus());
        prop_assert_eq!(evm::exp(b, e), from_big(&want));
        prop_assert_eq!(r(evm::exp(b, e)), r(b).pow(r(e)));
    }

    #[test]
    fn byte_by_class(i in byte_index(), x in word()) {
        let want = match i.to_u64() {
            Some(i) if i < 32 => (to_big(x) >> (8 * (31 - i))) % 256u32,
            _ => BigUint::zero(),
        };
        prop_assert_eq!(evm::byte(i, x), from_big(&want));
        let ri = usize::try_from(r(i)).unwrap_or(usize::MAX);
        let ruint = if ri < 32 { R::from(r(x).byte(31 - ri)) } else { R::ZERO };
        prop_assert_eq!(r(evm::byte(i, x)), ruint);
    }
}

/// Every byte index and every power-of-two base exhaustively, with the edges of each class.
#[test]
fn byte_and_power_of_two_edges() {
    let x = U256::from_limbs([
        0x0706_0504_0302_0100,
        0x0f0e_0d0c_0b0a_0908,
        0x1716_1514_1312_1110,
        0x1f1e_1d1c_1b1a_1918,
    ]);
    for i in 0..32u64 {
        assert_eq!(
            evm::byte(U256::from_u64(i), x),
            U256::from_u64(31 - i),
            "i = {i}"
        );
    }
    for i in [32, 33, 255, 256, u64::MAX] {
        assert_eq!(
            evm::byte(U256::from_u64(i), U256::MAX),
            U256::ZERO,
            "i = {i}"
        );
    }
    for k in 0..64u64 {
        let b = U256::from_u64(1 << k);
        for e in [
            0u64,
            1,
            2,
            255 / k.max(1),
            256 / k.max(1),
            255,
            256,
            257,
            u64::MAX,
        ] {
            let want = from_big(&to_big(b).modpow(&BigUint::from(e), &modulus()));
            assert_eq!(evm::exp(b, U256::from_u64(e)), want, "2^{k} ^ {e}");
        }
        assert_eq!(
            evm::exp(b, U256::MAX),
            if k == 0 { U256::ONE } else { U256::ZERO }
        );
        assert_eq!(
            evm::exp(b, U256::SIGN_BIT),
            if k == 0 { U256::ONE } else { U256::ZERO }
        );
    }
    assert_eq!(evm::exp(U256::ZERO, U256::ZERO), U256::ONE);
    assert_eq!(evm::exp(U256::ZERO, U256::MAX), U256::ZERO);
}

/// A deterministic word of exactly `bits` significant bits (`0..=256`), from a xorshift state.
fn word_of_bits(state: &mut u64, bits: u32) -> U256 {
    let mut next = || {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    };
    let x = U256::from_limbs([next(), next(), next(), next()]);
    if bits == 0 {
        return U256::ZERO;
    }
    x.wrapping_shr(256 - bits as usize)
        .or(U256::ONE.wrapping_shl(bits as usize - 1))
}

/// DIV and MOD at every pair of operand widths around the limb edges (so every dispatch arm:
/// zero divisor, dividend below the divisor, equal widths, one-limb powers of two, both in one
/// limb, quotients below 2^32, divisors of each limb length) against ruint and num-bigint, with
/// operands whose widths vary from one call to the next, as the op bench's `mixed` class.
#[test]
fn div_mod_at_every_width_pair() {
    const EDGES: [u32; 17] = [
        0, 1, 2, 32, 63, 64, 65, 96, 127, 128, 129, 160, 191, 192, 193, 255, 256,
    ];
    let mut state = 0x9e37_79b9_7f4a_7c15;
    for ub in EDGES {
        for db in EDGES {
            for _ in 0..8 {
                let (a, d) = (word_of_bits(&mut state, ub), word_of_bits(&mut state, db));
                for d in [
                    d,
                    d.and(U256::MAX.wrapping_shl(db.saturating_sub(1) as usize)),
                ] {
                    let (q, rem) = if d.is_zero() {
                        (U256::ZERO, U256::ZERO)
                    } else {
                        (
                            from_big(&(to_big(a) / to_big(d))),
                            from_big(&(to_big(a) % to_big(d))),
                        )
                    };
                    assert_eq!(evm::div(a, d), q, "{a:?} / {d:?}");
                    assert_eq!(evm::mod_(a, d), rem, "{a:?} % {d:?}");
                    assert_eq!(a.div_rem(d), (q, rem), "{a:?} div_rem {d:?}");
                    if !d.is_zero() {
                        assert_eq!(r(q), r(a) / r(d));
                        assert_eq!(r(rem), r(a) % r(d));
                    }
                }
            }
        }
    }
}

/// SHL, SHR and SAR at the shift amounts at and around the limb edges and past 256 (including
/// amounts with high limbs set), against ruint as revm's bodies use it.
#[test]
fn shifts_at_edge_amounts() {
    let mut state = 0x2545_f491_4f6c_dd1d;
    let small = [
        0,
        1,
        63,
        64,
        65,
        127,
        128,
        191,
        192,
        255,
        256,
        257,
        511,
        512,
        1 << 63,
        u64::MAX,
    ];
    // A small low limb under each high limb, and each bit of the low limb from 8 on: the
    // range test reads all four limbs at once.
    let high = [
        U256::from_limbs([0, 1, 0, 0]),
        U256::from_limbs([5, 0, 0, 1]),
        U256::from_limbs([7, 0, 1, 0]),
        U256::from_limbs([255, 1 << 63, 0, 0]),
        U256::from_limbs([1, 0, 0, 1 << 63]),
        U256::MAX,
    ]
    .into_iter()
    .chain((8..64).map(|k| U256::from_u64(1 << k | 3)));
    let amounts: Vec<U256> = small.map(U256::from_u64).into_iter().chain(high).collect();
    for bits in [0, 1, 64, 128, 255, 256] {
        for _ in 0..4 {
            let x = word_of_bits(&mut state, bits);
            for &s in &amounts {
                let n = usize::try_from(r(s)).unwrap_or(usize::MAX);
                let (shl, shr) = if n < 256 {
                    (r(x) << n, r(x) >> n)
                } else {
                    (R::ZERO, R::ZERO)
                };
                let sar = if n < 256 {
                    r(x).arithmetic_shr(n)
                } else if x.is_negative() {
                    R::MAX
                } else {
                    R::ZERO
                };
                assert_eq!(r(evm::shl(s, x)), shl, "{x:?} << {s:?}");
                assert_eq!(r(evm::shr(s, x)), shr, "{x:?} >> {s:?}");
                assert_eq!(r(evm::sar(s, x)), sar, "{x:?} sar {s:?}");
                // In place: `None` exactly for a shift of 0.
                let in_place = slot::sar(s.as_limbs(), x.as_limbs());
                assert_eq!(in_place.is_none(), s.is_zero(), "{x:?} sar {s:?}");
                assert_eq!(r(in_place.unwrap_or(x)), sar, "{x:?} sar {s:?} in place");
            }
        }
    }
}
