//! Width-`w` non-adjacent form (wNAF) of a 256-bit integer: digits that are 0 or odd in
//! `(-2^(w-1), 2^(w-1))`, any two nonzero digits at least `w` positions apart.

/// Digit positions: 256 bits and the final carry.
pub const LEN: usize = 257;

/// Bits `[at, at + count)` of `k` (`count <= 31`; bits past 255 read as 0).
fn bits(k: &[u64; 4], at: usize, count: usize) -> u32 {
    let (limb, shift) = (at / 64, at % 64);
    let mut v = k[limb] >> shift;
    if shift + count > 64 && limb + 1 < 4 {
        v |= k[limb + 1] << (64 - shift);
    }
    (v & ((1u64 << count) - 1)) as u32
}

/// The widest window: digits stay below `2^14` in absolute value (an `i16`).
pub const MAX_WINDOW: usize = 15;

/// The wNAF digits of `k` for window `w` (`2..=`[`MAX_WINDOW`]), least significant first, with
/// `sum digits[i] 2^i = k`; returns them and the number of positions up to the last nonzero
/// digit (0 for `k = 0`). Total for every `k`: the digits always fit [`LEN`] positions. Panics
/// on a window outside `2..=MAX_WINDOW` (a caller bug: the callers use fixed windows).
pub fn wnaf(k: &[u64; 4], w: usize) -> ([i16; LEN], usize) {
    assert!((2..=MAX_WINDOW).contains(&w), "wNAF window must be 2..=15");
    let mut digits = [0i16; LEN];
    let mut len = 0;
    let mut carry = 0u32;
    let mut bit = 0;
    while bit < 256 {
        if bits(k, bit, 1) == carry {
            bit += 1;
            continue;
        }
        let now = w.min(256 - bit);
        let mut word = (bits(k, bit, now) + carry) as i32;
        carry = ((word >> (w - 1)) & 1) as u32;
        word -= (carry << w) as i32;
        digits[bit] = word as i16;
        len = bit + 1;
        bit += now;
    }
    if carry != 0 {
        digits[256] = 1;
        len = 257;
    }
    (digits, len)
}

/// One scalar's wNAF in a multi-scalar loop: its digits, its table of odd multiples
/// (`table[i] = (2i + 1) P`) and whether every point is negated (a scalar whose signed
/// representative is negative, e.g. a GLV half).
pub struct Lane<'a, T> {
    digits: [i16; LEN],
    table: &'a [T],
    negate: bool,
}

impl<'a, T: Copy + core::ops::Neg<Output = T>> Lane<'a, T> {
    /// The lane of `negate ? -k : k` (`k` the magnitude, little-endian limbs) with window `w`
    /// over `table`, which must hold `2^(w-2)` entries; and the number of digit positions up
    /// to its last nonzero digit.
    pub fn new(k: &[u64; 4], negate: bool, w: usize, table: &'a [T]) -> (Self, usize) {
        let (digits, len) = wnaf(k, w);
        (
            Lane {
                digits,
                table,
                negate,
            },
            len,
        )
    }

    /// The point of digit `i`, or `None` for a zero digit (or `i` past the digits).
    #[inline(always)]
    pub fn point(&self, i: usize) -> Option<T> {
        let d = *self.digits.get(i)?;
        if d == 0 {
            return None;
        }
        let p = *self.table.get((d.unsigned_abs() / 2) as usize)?;
        Some(if (d < 0) != self.negate { -p } else { p })
    }
}
