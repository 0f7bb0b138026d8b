//! Logical and arithmetic shifts.

use crate::U256;

impl U256 {
    /// `self << shift` modulo 2^256; 0 for `shift >= 256`.
    #[inline(always)]
    pub const fn wrapping_shl(self, shift: usize) -> Self {
        if shift >= 256 {
            return Self::ZERO;
        }
        let b = (shift % 64) as u32;
        let a = self.0;
        // Shift within limbs first; `(x >> 1) >> (63 - b)` is `x >> (64 - b)`, 0 for b == 0.
        let t0 = a[0] << b;
        let t1 = (a[1] << b) | ((a[0] >> 1) >> (63 - b));
        let t2 = (a[2] << b) | ((a[1] >> 1) >> (63 - b));
        let t3 = (a[3] << b) | ((a[2] >> 1) >> (63 - b));
        Self(match shift / 64 {
            0 => [t0, t1, t2, t3],
            1 => [0, t0, t1, t2],
            2 => [0, 0, t0, t1],
            _ => [0, 0, 0, t0],
        })
    }

    /// `self >> shift` (logical); 0 for `shift >= 256`.
    #[inline(always)]
    pub const fn wrapping_shr(self, shift: usize) -> Self {
        Self(shr(&self.0, shift))
    }

    /// Arithmetic (sign-filling) right shift of the two's complement value; for
    /// `shift >= 256` the result is 0 for non-negative and all ones for negative values.
    #[inline(always)]
    pub const fn arithmetic_shr(self, shift: usize) -> Self {
        Self(sar(&self.0, shift))
    }

    /// Shift amount of an EVM shift operand: the value itself if below 256, else 256.
    #[inline(always)]
    pub(crate) const fn shift_amount(&self) -> usize {
        shift_amount(&self.0)
    }
}

/// Shift amount of the EVM shift operand `x`: its value if below 256, else 256.
#[inline(always)]
pub(crate) const fn shift_amount(x: &[u64; 4]) -> usize {
    if x[1] | x[2] | x[3] != 0 || x[0] >= 256 {
        256
    } else {
        x[0] as usize
    }
}

/// The limbs `a >> shift` (logical); 0 for `shift >= 256`. By reference so that a word in
/// memory is read where it is (see `evm::slot`).
#[inline(always)]
pub(crate) const fn shr(a: &[u64; 4], shift: usize) -> [u64; 4] {
    if shift >= 256 {
        return [0; 4];
    }
    let b = (shift % 64) as u32;
    let t0 = (a[0] >> b) | ((a[1] << 1) << (63 - b));
    let t1 = (a[1] >> b) | ((a[2] << 1) << (63 - b));
    let t2 = (a[2] >> b) | ((a[3] << 1) << (63 - b));
    let t3 = a[3] >> b;
    match shift / 64 {
        0 => [t0, t1, t2, t3],
        1 => [t1, t2, t3, 0],
        2 => [t2, t3, 0, 0],
        _ => [t3, 0, 0, 0],
    }
}

/// The limbs `a >> shift` arithmetic (sign-filling, two's complement); for `shift >= 256` all
/// sign bits.
#[inline(always)]
pub(crate) const fn sar(a: &[u64; 4], shift: usize) -> [u64; 4] {
    // Shifting the complement of a negative value in zeros and complementing back fills
    // with ones; complementing is XOR with the sign mask, so nothing branches on the sign
    // (a branch mispredicts half the time on random words).
    let s = ((a[3] as i64) >> 63) as u64;
    let r = shr(&[a[0] ^ s, a[1] ^ s, a[2] ^ s, a[3] ^ s], shift);
    [r[0] ^ s, r[1] ^ s, r[2] ^ s, r[3] ^ s]
}
