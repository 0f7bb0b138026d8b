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

/// The wNAF digits of `k` for window `w` (`2..=8`), least significant first, with
/// `sum digits[i] 2^i = k`; returns them and the number of positions up to the last nonzero
/// digit (0 for `k = 0`). Total for every `k`: the digits always fit [`LEN`] positions. Panics
/// on a window outside `2..=8` (a caller bug: the callers use fixed windows).
pub fn wnaf(k: &[u64; 4], w: usize) -> ([i8; LEN], usize) {
    assert!((2..=8).contains(&w), "wNAF window must be 2..=8");
    let mut digits = [0i8; LEN];
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
        digits[bit] = word as i8;
        len = bit + 1;
        bit += now;
    }
    if carry != 0 {
        digits[256] = 1;
        len = 257;
    }
    (digits, len)
}
