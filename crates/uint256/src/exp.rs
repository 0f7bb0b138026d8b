//! Exponentiation modulo 2^256.

use crate::U256;

impl U256 {
    /// Bit `i` of `self` as 0 or 1, for `i < 256`.
    #[inline(always)]
    const fn bit_at(&self, i: usize) -> usize {
        ((self.0[i / 64] >> (i % 64)) & 1) as usize
    }

    /// 2^s, or 0 for `s >= 256`, without a branch on `s`.
    #[inline(always)]
    const fn power_of_two(s: u64) -> Self {
        let (limb, bit) = (s / 64, s % 64);
        Self([
            ((limb == 0) as u64) << bit,
            ((limb == 1) as u64) << bit,
            ((limb == 2) as u64) << bit,
            ((limb == 3) as u64) << bit,
        ])
    }

    /// `self ^ exp` modulo 2^256 (EVM EXP). `0^0 = 1`.
    ///
    /// Powers of two below 2^64 are one bit placed at `k * exp`; even bases take a shortcut (a
    /// factor 2^k in the base makes every power with `k * exp >= 256` zero); otherwise
    /// left-to-right square-and-multiply with truncated products, using fixed 4-bit windows for
    /// exponents longer than 16 bits.
    #[inline(always)]
    pub fn pow(self, exp: Self) -> Self {
        if self.0[1] | self.0[2] | self.0[3] == 0 && self.0[0].is_power_of_two() {
            // 2^k (k < 64, including 1 = 2^0), e.g. the common `2**x` and `256**x`: a single
            // bit at k * exp, or 0 past bit 255. Exponents of 256 or more count as 256: for
            // k >= 1 the bit is then past bit 255, and for k = 0 (base 1) it is bit 0.
            let k = self.0[0].trailing_zeros() as u64;
            let e = if exp.0[1] | exp.0[2] | exp.0[3] == 0 && exp.0[0] < 256 {
                exp.0[0]
            } else {
                256
            };
            return Self::power_of_two(k * e);
        }
        self.pow_general(exp)
    }

    /// [`U256::pow`] for bases other than powers of two below 2^64. Out of line: the caller
    /// inlines only the power-of-two path, without this part's stack frame (the window table).
    #[inline(never)]
    fn pow_general(self, exp: Self) -> Self {
        if exp.is_zero() {
            return Self::ONE;
        }
        if self.is_zero() {
            return self; // 0^e = 0 for e >= 1 (1 is a power of two, above).
        }
        let tz = self.trailing_zeros() as usize;
        if tz > 0 {
            // self = odd * 2^tz; the power has at least tz * exp trailing zeros.
            match exp.to_u64() {
                Some(e) if e < 256 && (e as usize) * tz < 256 => {}
                _ => return Self::ZERO,
            }
        }
        let bits = exp.bit_len() as usize;
        if bits <= 16 {
            // Short exponent: plain left-to-right square-and-multiply.
            let mut r = self;
            let mut i = bits - 1;
            while i > 0 {
                i -= 1;
                r = r.wrapping_square();
                if exp.bit_at(i) == 1 {
                    r = r.wrapping_mul(self);
                }
            }
            return r;
        }
        // Fixed 4-bit windows: per digit four squarings and one multiply by a table entry
        // (by 1 for a zero digit). The control flow does not depend on the exponent's bits, so
        // there are no branch mispredictions, which would otherwise cost about as much as the
        // multiplications for random exponents.
        let mut table = [Self::ONE; 16];
        table[1] = self;
        let mut k = 2;
        while k < 16 {
            table[k] = if k % 2 == 0 {
                table[k / 2].wrapping_square()
            } else {
                table[k - 1].wrapping_mul(self)
            };
            k += 1;
        }
        let digit = |k: usize| ((exp.0[k / 16] >> ((k % 16) * 4)) & 15) as usize;
        let digits = bits.div_ceil(4);
        let mut r = table[digit(digits - 1)];
        let mut k = digits - 1;
        while k > 0 {
            k -= 1;
            r = r
                .wrapping_square()
                .wrapping_square()
                .wrapping_square()
                .wrapping_square();
            r = r.wrapping_mul(table[digit(k)]);
        }
        r
    }
}
