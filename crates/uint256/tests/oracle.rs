//! Every operation against num-bigint (reduced mod 2^256; two's complement for signed ops).

mod common;

use common::*;
use num_bigint::{BigInt, BigUint};
use num_traits::{One, Zero};
use proptest::prelude::*;
use uint256::{evm, U256};

fn cfg(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

fn b(x: u64) -> BigUint {
    BigUint::from(x)
}

proptest! {
    #![proptest_config(cfg(1500))]

    #[test]
    fn add_sub_mul((x, y) in pair()) {
        let (bx, by) = (to_big(x), to_big(y));
        prop_assert_eq!(evm::add(x, y), from_big(&(&bx + &by)));
        prop_assert_eq!(evm::mul(x, y), from_big(&(&bx * &by)));
        prop_assert_eq!(evm::sub(x, y), from_big(&(&bx + modulus() - &by)));
        prop_assert_eq!(x.overflowing_add(y).1, &bx + &by >= modulus());
        prop_assert_eq!(x.overflowing_sub(y).1, bx < by);
        let (lo, hi) = x.widening_mul(y);
        let p = &bx * &by;
        prop_assert_eq!(lo, from_big(&p));
        prop_assert_eq!(hi, from_big(&(&p >> 256)));
        prop_assert_eq!(x.wrapping_square(), from_big(&(&bx * &bx)));
        prop_assert_eq!(x.overflowing_mul(y).1, p >= modulus());
    }

    #[test]
    fn div_mod((x, y) in pair()) {
        let (bx, by) = (to_big(x), to_big(y));
        let (q, r) = x.div_rem(y);
        if y.is_zero() {
            prop_assert_eq!((q, r), (U256::ZERO, U256::ZERO));
            prop_assert_eq!(x.checked_div_rem(y), None);
        } else {
            prop_assert_eq!(q, from_big(&(&bx / &by)));
            prop_assert_eq!(r, from_big(&(&bx % &by)));
        }
        prop_assert_eq!(evm::div(x, y), q);
        prop_assert_eq!(evm::mod_(x, y), r);
        prop_assert_eq!(x / y, q);
        prop_assert_eq!(x % y, r);
    }

    #[test]
    fn sdiv_smod((x, y) in signed_pair()) {
        let (sx, sy) = (to_signed(x), to_signed(y));
        let (q, r) = if sy.is_zero() {
            (BigInt::zero(), BigInt::zero())
        } else {
            // BigInt division truncates toward zero, like the EVM.
            (&sx / &sy, &sx % &sy)
        };
        prop_assert_eq!(evm::sdiv(x, y), from_signed(&q));
        prop_assert_eq!(evm::smod(x, y), from_signed(&r));
    }

    #[test]
    fn addmod_mulmod((x, y) in pair(), m in word()) {
        let (bx, by, bm) = (to_big(x), to_big(y), to_big(m));
        let (ea, em) = if bm.is_zero() {
            (BigUint::zero(), BigUint::zero())
        } else {
            ((&bx + &by) % &bm, (&bx * &by) % &bm)
        };
        prop_assert_eq!(evm::addmod(x, y, m), from_big(&ea));
        prop_assert_eq!(evm::mulmod(x, y, m), from_big(&em));
    }

    #[test]
    fn addmod_mulmod_modulus_pairs((x, m) in pair(), y in word()) {
        // The modulus close to or sharing limbs with an operand.
        let (bx, by, bm) = (to_big(x), to_big(y), to_big(m));
        if !bm.is_zero() {
            prop_assert_eq!(evm::addmod(x, y, m), from_big(&((&bx + &by) % &bm)));
            prop_assert_eq!(evm::mulmod(x, y, m), from_big(&((&bx * &by) % &bm)));
            prop_assert_eq!(evm::mulmod(x, x, m), from_big(&((&bx * &bx) % &bm)));
        }
    }
}

proptest! {
    #![proptest_config(cfg(400))]

    #[test]
    fn exp((x, y) in pair()) {
        let e = to_big(y);
        prop_assert_eq!(evm::exp(x, y), from_big(&to_big(x).modpow(&e, &modulus())));
    }

    #[test]
    fn exp_small_exponent(x in word(), e in 0u64..600) {
        let expect = to_big(x).modpow(&b(e), &modulus());
        prop_assert_eq!(evm::exp(x, U256::from_u64(e)), from_big(&expect));
    }

    #[test]
    fn exp_small_base(base in 0u64..20, y in word()) {
        let expect = b(base).modpow(&to_big(y), &modulus());
        prop_assert_eq!(evm::exp(U256::from_u64(base), y), from_big(&expect));
    }
}

fn signextend_oracle(bb: u64, x: U256) -> U256 {
    if bb >= 31 {
        return x;
    }
    let bits = 8 * (bb + 1);
    let low = to_big(x) % (BigUint::one() << bits);
    let neg = low.bit(bits - 1);
    if neg {
        from_big(&(low + modulus() - (BigUint::one() << bits)))
    } else {
        from_big(&low)
    }
}

proptest! {
    #![proptest_config(cfg(600))]

    #[test]
    fn bitwise_cmp((x, y) in pair()) {
        let (bx, by) = (to_big(x), to_big(y));
        let (sx, sy) = (to_signed(x), to_signed(y));
        prop_assert_eq!(evm::and(x, y), from_big(&(&bx & &by)));
        prop_assert_eq!(evm::or(x, y), from_big(&(&bx | &by)));
        prop_assert_eq!(evm::xor(x, y), from_big(&(&bx ^ &by)));
        prop_assert_eq!(evm::not(x), from_big(&(modulus() - 1u8 - &bx)));
        prop_assert_eq!(evm::lt(x, y), U256::from(bx < by));
        prop_assert_eq!(evm::gt(x, y), U256::from(bx > by));
        prop_assert_eq!(evm::slt(x, y), U256::from(sx < sy));
        prop_assert_eq!(evm::sgt(x, y), U256::from(sx > sy));
        prop_assert_eq!(evm::eq(x, y), U256::from(bx == by));
        prop_assert_eq!(evm::iszero(x), U256::from(bx.is_zero()));
        prop_assert_eq!(x.cmp(&y), bx.cmp(&by));
        prop_assert_eq!(x <= y, bx <= by);
        prop_assert_eq!(x >= y, bx >= by);
        prop_assert_eq!(x.signed_cmp(&y), sx.cmp(&sy));
    }

    #[test]
    fn bits(x in word()) {
        let bx = to_big(x);
        let bl = bx.bits() as u32;
        prop_assert_eq!(x.bit_len(), bl);
        prop_assert_eq!(x.leading_zeros(), 256 - bl);
        prop_assert_eq!(evm::clz(x), U256::from_u64(256 - bl as u64));
        let tz = bx.trailing_zeros().map_or(256, |t| t as u32);
        prop_assert_eq!(x.trailing_zeros(), tz);
        prop_assert_eq!(x.count_ones() as u64, bx.count_ones());
    }

    #[test]
    fn shifts(x in word(), s in prop_oneof![0u64..300, Just(u64::MAX)], big in any::<bool>()) {
        let bx = to_big(x);
        let sx = to_signed(x);
        // A shift operand above 2^64 must behave like a huge shift.
        let sh = if big { U256::from_limbs([s, 1, 0, 0]) } else { U256::from_u64(s) };
        let eff = if big { 1000 } else { s.min(1000) } as usize;
        prop_assert_eq!(evm::shl(sh, x), from_big(&(&bx << eff)));
        prop_assert_eq!(evm::shr(sh, x), from_big(&(&bx >> eff)));
        // BigInt's >> floors, which is exactly the arithmetic shift.
        prop_assert_eq!(evm::sar(sh, x), from_signed(&(&sx >> eff)));
        if !big {
            prop_assert_eq!(x << (s as u32), from_big(&(&bx << eff)));
            prop_assert_eq!(x >> (s as usize), from_big(&(&bx >> eff)));
        }
    }

    #[test]
    fn byte_signextend(x in word(), i in prop_oneof![0u64..40, Just(u64::MAX)]) {
        let bx = to_big(x);
        let expect = if i < 32 { (&bx >> (8 * (31 - i))) % 256u32 } else { BigUint::zero() };
        prop_assert_eq!(evm::byte(U256::from_u64(i), x), from_big(&expect));
        prop_assert_eq!(evm::signextend(U256::from_u64(i), x), signextend_oracle(i, x));
        prop_assert_eq!(evm::byte(U256::from_limbs([i, 0, 1, 0]), x), U256::ZERO);
        prop_assert_eq!(evm::signextend(U256::from_limbs([i, 0, 0, 1]), x), x);
    }

    #[test]
    fn knuth_wide_dividends(d in prop_oneof![with_limbs(3), with_limbs(4)], k in 1usize..5, c in 0u64..3, r in word()) {
        // u = d * 2^(64k) - c - 1 (+ optional random low bits) over eight limbs, against the
        // raw algorithm that MULMOD uses.
        let bd = to_big(d);
        let mut bu = (&bd << (64 * k)) - (c + 1);
        if c == 2 {
            bu += to_big(r) % &bd;
        }
        let digits = bu.to_u64_digits();
        let n = d.limb_len_for_test();
        let m = digits.len();
        let mut q = [0u64; 8];
        let mut rem = [0u64; 4];
        prop_assert_eq!(limbs::div::knuth::div_rem_n::<9>(&digits, &d.as_limbs()[..n], &mut q[..m - n + 1], &mut rem[..n]), Some(()));
        let bq = BigUint::from_slice(&q.iter().flat_map(|&x| [x as u32, (x >> 32) as u32]).collect::<Vec<_>>());
        let br = BigUint::from_slice(&rem.iter().flat_map(|&x| [x as u32, (x >> 32) as u32]).collect::<Vec<_>>());
        prop_assert_eq!(bq, &bu / &bd);
        prop_assert_eq!(br, &bu % &bd);
    }
}

trait LimbLen {
    fn limb_len_for_test(&self) -> usize;
}

impl LimbLen for U256 {
    fn limb_len_for_test(&self) -> usize {
        4 - self
            .as_limbs()
            .iter()
            .rev()
            .take_while(|&&l| l == 0)
            .count()
    }
}
