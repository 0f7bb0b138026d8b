//! The big-integer arithmetic of the EVM report's implementation (c): every opcode on
//! num-bigint values, allocated afresh for each operation and reduced modulo 2^256 after it,
//! as go-ethereum computed on `big.Int` before it moved to a fixed 256-bit word.

use num_bigint::{BigInt, BigUint, Sign};
use std::sync::LazyLock;
use uint256_revm::{Word, WordOps};

/// [`WordOps`] on num-bigint (the big.Int analogue).
#[derive(Clone, Copy, Debug, Default)]
pub struct BigIntOps;

/// 2^256.
static TWO_256: LazyLock<BigUint> = LazyLock::new(|| BigUint::from(1u8) << 256u32);

fn big(w: Word) -> BigUint {
    BigUint::from_bytes_le(&w.to_le_bytes::<32>())
}

/// `x` modulo 2^256 as a word (its low four 64-bit digits).
fn word(x: &BigUint) -> Word {
    let mut limbs = [0u64; 4];
    for (l, d) in limbs.iter_mut().zip(x.iter_u64_digits()) {
        *l = d;
    }
    Word::from_limbs(limbs)
}

/// The two's complement value of `w`.
fn signed(w: Word) -> BigInt {
    let x = BigInt::from(big(w));
    if w.bit(255) {
        x - BigInt::from(TWO_256.clone())
    } else {
        x
    }
}

/// `x` modulo 2^256 as a word, for a signed `x`.
fn signed_word(x: &BigInt) -> Word {
    let r = x.magnitude() % &*TWO_256;
    match x.sign() {
        Sign::Minus => word(&(&*TWO_256 - r)),
        _ => word(&r),
    }
}

fn flag(b: bool) -> Word {
    Word::from(u8::from(b))
}

/// The shift amount of `s` when below 256.
fn shift(s: Word) -> Option<u32> {
    (s < Word::from(256u32)).then(|| s.as_limbs()[0] as u32)
}

impl WordOps for BigIntOps {
    fn add(a: Word, b: Word) -> Word {
        word(&(big(a) + big(b)))
    }
    fn mul(a: Word, b: Word) -> Word {
        word(&(big(a) * big(b)))
    }
    fn sub(a: Word, b: Word) -> Word {
        signed_word(&(BigInt::from(big(a)) - BigInt::from(big(b))))
    }
    fn div(a: Word, b: Word) -> Word {
        let b = big(b);
        if b.bits() == 0 {
            return Word::ZERO;
        }
        word(&(big(a) / b))
    }
    fn sdiv(a: Word, b: Word) -> Word {
        let b = signed(b);
        if b.bits() == 0 {
            return Word::ZERO;
        }
        // num-bigint's `/` truncates toward zero, as SDIV does.
        signed_word(&(signed(a) / b))
    }
    fn rem(a: Word, b: Word) -> Word {
        let b = big(b);
        if b.bits() == 0 {
            return Word::ZERO;
        }
        word(&(big(a) % b))
    }
    fn smod(a: Word, b: Word) -> Word {
        let b = signed(b);
        if b.bits() == 0 {
            return Word::ZERO;
        }
        // The remainder takes the dividend's sign, as SMOD's does.
        signed_word(&(signed(a) % b))
    }
    fn addmod(a: Word, b: Word, n: Word) -> Word {
        let n = big(n);
        if n.bits() == 0 {
            return Word::ZERO;
        }
        word(&((big(a) + big(b)) % n))
    }
    fn mulmod(a: Word, b: Word, n: Word) -> Word {
        let n = big(n);
        if n.bits() == 0 {
            return Word::ZERO;
        }
        word(&((big(a) * big(b)) % n))
    }
    fn exp(base: Word, exponent: Word) -> Word {
        word(&big(base).modpow(&big(exponent), &TWO_256))
    }
    fn signextend(b: Word, x: Word) -> Word {
        if b >= Word::from(31u8) {
            return x;
        }
        let bit = 8 * b.as_limbs()[0] + 7;
        let x = big(x);
        let low_mask = (BigUint::from(1u8) << (bit + 1)) - 1u8;
        let low = &x & &low_mask;
        if x.bit(bit) {
            word(&(low | (&*TWO_256 - 1u8 - low_mask)))
        } else {
            word(&low)
        }
    }
    fn lt(a: Word, b: Word) -> Word {
        flag(big(a) < big(b))
    }
    fn gt(a: Word, b: Word) -> Word {
        flag(big(a) > big(b))
    }
    fn slt(a: Word, b: Word) -> Word {
        flag(signed(a) < signed(b))
    }
    fn sgt(a: Word, b: Word) -> Word {
        flag(signed(a) > signed(b))
    }
    fn eq(a: Word, b: Word) -> Word {
        flag(big(a) == big(b))
    }
    fn iszero(a: Word) -> Word {
        flag(big(a).bits() == 0)
    }
    fn and(a: Word, b: Word) -> Word {
        word(&(big(a) & big(b)))
    }
    fn or(a: Word, b: Word) -> Word {
        word(&(big(a) | big(b)))
    }
    fn xor(a: Word, b: Word) -> Word {
        word(&(big(a) ^ big(b)))
    }
    fn not(a: Word) -> Word {
        word(&((&*TWO_256 - 1u8) ^ big(a)))
    }
    fn byte(i: Word, x: Word) -> Word {
        match shift(i).filter(|&i| i < 32) {
            Some(i) => word(&((big(x) >> (8 * (31 - i))) & BigUint::from(0xffu8))),
            None => Word::ZERO,
        }
    }
    fn shl(s: Word, x: Word) -> Word {
        shift(s).map_or(Word::ZERO, |s| word(&(big(x) << s)))
    }
    fn shr(s: Word, x: Word) -> Word {
        shift(s).map_or(Word::ZERO, |s| word(&(big(x) >> s)))
    }
    fn sar(s: Word, x: Word) -> Word {
        match shift(s) {
            // num-bigint's `>>` on a negative value rounds toward minus infinity: arithmetic.
            Some(s) => signed_word(&(signed(x) >> s)),
            None if x.bit(255) => Word::MAX,
            None => Word::ZERO,
        }
    }
    fn clz(x: Word) -> Word {
        Word::from(256 - big(x).bits())
    }
}
