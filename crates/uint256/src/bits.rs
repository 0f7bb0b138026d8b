//! Bit counts, bit and byte access, bitwise operations and sign extension.

use crate::shift::mask_select;
use crate::U256;

/// Leading zero bits of four little-endian limbs; 256 for zero. On limbs so that an operand
/// still in memory (an interpreter's stack slot) is read where it is, limb by limb.
#[inline(always)]
pub(crate) const fn leading_zeros(x: &[u64; 4]) -> u32 {
    if x[3] != 0 {
        x[3].leading_zeros()
    } else if x[2] != 0 {
        64 + x[2].leading_zeros()
    } else if x[1] != 0 {
        128 + x[1].leading_zeros()
    } else {
        192 + x[0].leading_zeros()
    }
}

/// [`leading_zeros`] with no branch on which limb is the top one: each half's count and a
/// select. For CLZ, whose operand widths vary from one call to the next, where the chain
/// mispredicts; the division's normalisation keeps the chain, shorter where it predicts.
#[inline(always)]
pub(crate) const fn leading_zeros_select(x: &[u64; 4]) -> u32 {
    let hi = ((x[3] as u128) << 64) | x[2] as u128;
    let lo = ((x[1] as u128) << 64) | x[0] as u128;
    mask_select(
        hi != 0,
        hi.leading_zeros() as u64,
        128 + lo.leading_zeros() as u64,
    ) as u32
}

impl U256 {
    /// Number of leading zero bits; 256 for zero (EVM CLZ).
    #[inline(always)]
    pub const fn leading_zeros(&self) -> u32 {
        leading_zeros(&self.0)
    }

    /// Number of trailing zero bits; 256 for zero.
    #[inline(always)]
    pub const fn trailing_zeros(&self) -> u32 {
        if self.0[0] != 0 {
            self.0[0].trailing_zeros()
        } else if self.0[1] != 0 {
            64 + self.0[1].trailing_zeros()
        } else if self.0[2] != 0 {
            128 + self.0[2].trailing_zeros()
        } else {
            192 + self.0[3].trailing_zeros()
        }
    }

    /// Number of bits needed to represent the value, `256 - leading_zeros` (0 for zero).
    #[inline(always)]
    pub const fn bit_len(&self) -> u32 {
        256 - self.leading_zeros()
    }

    /// Number of set bits.
    #[inline]
    pub const fn count_ones(&self) -> u32 {
        self.0[0].count_ones()
            + self.0[1].count_ones()
            + self.0[2].count_ones()
            + self.0[3].count_ones()
    }

    /// Bit `i` (0 = least significant); `false` for `i >= 256`.
    #[inline]
    pub const fn bit(&self, i: usize) -> bool {
        i < 256 && (self.0[i / 64] >> (i % 64)) & 1 == 1
    }

    /// Byte `i` counted from the most significant (EVM BYTE order: byte 0 is bits 248..256);
    /// 0 for `i >= 32`.
    #[inline]
    pub const fn byte_be(&self, i: usize) -> u8 {
        if i >= 32 {
            return 0;
        }
        // A byte view indexed once: LLVM reads the byte straight from the word's bytes, where
        // selecting the limb first costs three `cmov`s and a shift.
        self.to_le_bytes()[31 - i]
    }

    /// Bitwise AND.
    #[inline(always)]
    pub const fn and(self, rhs: Self) -> Self {
        Self([
            self.0[0] & rhs.0[0],
            self.0[1] & rhs.0[1],
            self.0[2] & rhs.0[2],
            self.0[3] & rhs.0[3],
        ])
    }

    /// Bitwise OR.
    #[inline(always)]
    pub const fn or(self, rhs: Self) -> Self {
        Self([
            self.0[0] | rhs.0[0],
            self.0[1] | rhs.0[1],
            self.0[2] | rhs.0[2],
            self.0[3] | rhs.0[3],
        ])
    }

    /// Bitwise XOR.
    #[inline(always)]
    pub const fn xor(self, rhs: Self) -> Self {
        Self([
            self.0[0] ^ rhs.0[0],
            self.0[1] ^ rhs.0[1],
            self.0[2] ^ rhs.0[2],
            self.0[3] ^ rhs.0[3],
        ])
    }

    /// Bitwise NOT (`2^256 - 1 - self`).
    #[inline(always)]
    pub const fn not(self) -> Self {
        Self([!self.0[0], !self.0[1], !self.0[2], !self.0[3]])
    }

    /// Sign-extends from byte `b` (counted from the least significant): bit `8b + 7` is copied
    /// to all higher bits. For `b >= 31` the value is returned unchanged (EVM SIGNEXTEND).
    #[inline(always)]
    pub const fn sign_extend(self, b: usize) -> Self {
        if b >= 31 {
            return self;
        }
        Self(sign_extend_byte(&self.0, b as u32))
    }
}

/// [`U256::sign_extend`] of the limbs `x` for `b < 32` without the range check (`b = 31`
/// extends from bit 255, i.e. returns `x`), for callers that have checked the range already.
/// By reference so that a word in memory is read where it is (see `evm::slot`).
#[inline(always)]
pub(crate) const fn sign_extend_byte(x: &[u64; 4], b: u32) -> [u64; 4] {
    let bit = (b % 32) * 8 + 7; // sign bit position, <= 255
    let (limb, off) = (bit / 64, bit % 64);
    // The sign bit's limb sign-extended by two shifts, the limbs above filled with its top
    // bit by an arithmetic shift: no branch or select depends on the sign (LLVM turns a
    // select on it into a branch, mispredicted half the time on random words), only on
    // the index.
    // The limb picked by masks, neither by indexing a by-value word (which stores it to the
    // stack, a copy LLVM hoists above the caller's `b >= 31` exit) nor by a `match` (a jump
    // table, mispredicted on random indices).
    let src = (x[0] & 0u64.wrapping_sub((limb == 0) as u64))
        | (x[1] & 0u64.wrapping_sub((limb == 1) as u64))
        | (x[2] & 0u64.wrapping_sub((limb == 2) as u64))
        | (x[3] & 0u64.wrapping_sub((limb == 3) as u64));
    let ext = (((src << (63 - off)) as i64) >> (63 - off)) as u64;
    let fill = ((ext as i64) >> 63) as u64;
    let mut r = [0u64; 4];
    let mut i = 0;
    while i < 4 {
        r[i] = if (i as u32) < limb {
            x[i]
        } else if i as u32 == limb {
            ext
        } else {
            fill
        };
        i += 1;
    }
    r
}
