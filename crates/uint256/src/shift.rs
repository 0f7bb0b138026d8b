//! Logical and arithmetic shifts.

use crate::U256;

impl U256 {
    /// `self << shift` modulo 2^256; 0 for `shift >= 256`.
    #[inline(always)]
    pub const fn wrapping_shl(self, shift: usize) -> Self {
        Self(shl(&self.0, shift))
    }

    /// `self >> shift` (logical); 0 for `shift >= 256`.
    #[inline(always)]
    pub const fn wrapping_shr(self, shift: usize) -> Self {
        Self(shr(&self.0, shift))
    }

    /// Arithmetic (sign-filling) right shift of the two's complement value; for
    /// `shift >= 256` the result is 0 for non-negative and all ones for negative values.
    #[inline(always)]
    pub fn arithmetic_shr(self, shift: usize) -> Self {
        Self(sar(&self.0, shift))
    }

    /// The EVM shift operand as an amount below 256, or `None` for 256 and more.
    #[inline(always)]
    pub(crate) const fn shift_below_256(&self) -> Option<u8> {
        shift_below_256(&self.0)
    }
}

/// The EVM shift operand `x` as an amount below 256, or `None` if `x >= 256` (the result is
/// then 0, or every bit the sign bit for SAR).
#[inline(always)]
pub(crate) const fn shift_below_256(x: &[u64; 4]) -> Option<u8> {
    // Both tests as one condition and one branch (`sete`, `setb`, `and`, as stock revm's
    // SHL): saturating on the high limbs first and comparing with 256 took two branches, the
    // first mispredicted when huge and small shifts alternate; one test of
    // `(x[0] >> 8) | x[1] | x[2] | x[3]` was slower in revm's SHL loop (figures: PERF.md).
    if (x[1] | x[2] | x[3] == 0) & (x[0] < 256) {
        Some(x[0] as u8)
    } else {
        None
    }
}

/// The limbs `a << shift`; 0 for `shift >= 256`.
///
/// No branch on the limb count, as [`sar`]: funnel shifts by `shift % 64`, then two stages of
/// selects that move whole limbs by one and by two places. A `match` on `shift / 64` (a jump
/// table or a compare chain) mispredicts whenever the limb count varies from one shift to the
/// next. The selects are masks ([`mask_select`]) so that the function stays `const`. Shifts of
/// 256 or more return early, as revm's SHL and SHR do.
#[inline(always)]
pub(crate) const fn shl(a: &[u64; 4], shift: usize) -> [u64; 4] {
    if shift >= 256 {
        return [0; 4];
    }
    let b = (shift % 64) as u32;
    let t = [
        a[0] << b,
        funnel_shl(a[1], a[0], b),
        funnel_shl(a[2], a[1], b),
        funnel_shl(a[3], a[2], b),
    ];
    let one = shift & 64 != 0;
    let t = [
        mask_select(one, 0, t[0]),
        mask_select(one, t[0], t[1]),
        mask_select(one, t[1], t[2]),
        mask_select(one, t[2], t[3]),
    ];
    let two = shift & 128 != 0;
    [
        mask_select(two, 0, t[0]),
        mask_select(two, 0, t[1]),
        mask_select(two, t[0], t[2]),
        mask_select(two, t[1], t[3]),
    ]
}

/// The limbs `a >> shift` (logical); 0 for `shift >= 256`. By reference so that a word in
/// memory is read where it is (see `evm::slot`). Selects as [`shl`].
#[inline(always)]
pub(crate) const fn shr(a: &[u64; 4], shift: usize) -> [u64; 4] {
    if shift >= 256 {
        return [0; 4];
    }
    let b = (shift % 64) as u32;
    let t = [
        funnel_shr(a[1], a[0], b),
        funnel_shr(a[2], a[1], b),
        funnel_shr(a[3], a[2], b),
        a[3] >> b,
    ];
    let one = shift & 64 != 0;
    let t = [
        mask_select(one, t[1], t[0]),
        mask_select(one, t[2], t[1]),
        mask_select(one, t[3], t[2]),
        mask_select(one, 0, t[3]),
    ];
    let two = shift & 128 != 0;
    [
        mask_select(two, t[2], t[0]),
        mask_select(two, t[3], t[1]),
        mask_select(two, 0, t[2]),
        mask_select(two, 0, t[3]),
    ]
}

/// The limbs `a >> shift` arithmetic (sign-filling, two's complement); for `shift >= 256` all
/// sign bits.
///
/// Branch-free: each limb is a funnel shift of two neighbours (`shrd`), the top one with the
/// sign mask above it, then two stages of selects move whole limbs by one and by two places,
/// filling with the sign mask. A `match` on `shift / 64` became a jump table or a compare
/// chain, which mispredicts on shifts whose limb count varies; complementing a negative
/// value around a logical shift cost eight more instructions.
#[inline(always)]
pub(crate) fn sar(a: &[u64; 4], shift: usize) -> [u64; 4] {
    let sign = ((a[3] as i64) >> 63) as u64;
    if shift >= 256 {
        return [sign; 4];
    }
    let b = (shift % 64) as u32;
    let t = [
        funnel_shr(a[1], a[0], b),
        funnel_shr(a[2], a[1], b),
        funnel_shr(a[3], a[2], b),
        funnel_shr(sign, a[3], b),
    ];
    let one = shift & 64 != 0;
    let t = [
        select(one, t[1], t[0]),
        select(one, t[2], t[1]),
        select(one, t[3], t[2]),
        select(one, sign, t[3]),
    ];
    let two = shift & 128 != 0;
    [
        select(two, t[2], t[0]),
        select(two, t[3], t[1]),
        select(two, sign, t[2]),
        select(two, sign, t[3]),
    ]
}

/// The high limb of `(hi, lo) << s` for `s < 64` (one `shld` on x86-64).
#[inline(always)]
const fn funnel_shl(hi: u64, lo: u64, s: u32) -> u64 {
    (((((hi as u128) << 64) | lo as u128) << s) >> 64) as u64
}

/// The low limb of `(hi, lo) >> s` for `s < 64` (one `shrd` on x86-64).
#[inline(always)]
const fn funnel_shr(hi: u64, lo: u64, s: u32) -> u64 {
    ((((hi as u128) << 64) | lo as u128) >> s) as u64
}

/// `if c { x } else { y }` through a mask, `const`: LLVM keeps a chain of these as `and`, `andn`
/// and `or` (or `cmov`), where chains of `if`s became branches.
#[inline(always)]
pub(crate) const fn mask_select(c: bool, x: u64, y: u64) -> u64 {
    let m = 0u64.wrapping_sub(c as u64);
    (x & m) | (y & !m)
}

/// `if c { x } else { y }` as a conditional move. Not `const`: as an `if` LLVM made the first
/// stage a branch on bit 6 of the shift, and as a mask it folded the sign mask into a longer
/// sequence.
#[inline(always)]
fn select(c: bool, x: u64, y: u64) -> u64 {
    core::hint::select_unpredictable(c, x, y)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Bit `i` of little-endian limbs.
    fn bit(x: &[u64; 4], i: usize) -> bool {
        x[i / 64] >> (i % 64) & 1 == 1
    }

    /// `sar` and `shr` at every shift from 0 to 260 (each limb count and each bit offset, the
    /// limb boundaries and 256 on) against a bit-by-bit reference, on words with the sign bit
    /// set and clear, all ones, single bits at limb edges and mixed limbs.
    #[test]
    fn shifts_right_match_bitwise_reference_at_every_amount() {
        let words = [
            [0; 4],
            [u64::MAX; 4],
            [0, 0, 0, 1 << 63],
            [1, 0, 0, 0],
            [0, 1 << 63, 1, 0],
            [
                0x0123_4567_89ab_cdef,
                0xfedc_ba98_7654_3210,
                0x8000_0000_0000_0001,
                0x7fff_ffff_ffff_fffe,
            ],
            [
                0x0123_4567_89ab_cdef,
                0xfedc_ba98_7654_3210,
                0x8000_0000_0000_0001,
                0x8fff_ffff_ffff_fffe,
            ],
        ];
        for x in words {
            let sign = bit(&x, 255);
            for s in 0..=260 {
                let (a, l) = (sar(&x, s), shr(&x, s));
                for i in 0..256 {
                    let from = i + s;
                    let (ea, el) = if from < 256 {
                        (bit(&x, from), bit(&x, from))
                    } else {
                        (sign, false)
                    };
                    assert_eq!(bit(&a, i), ea, "sar {x:x?} by {s}, bit {i}");
                    assert_eq!(bit(&l, i), el, "shr {x:x?} by {s}, bit {i}");
                }
            }
        }
    }
}
