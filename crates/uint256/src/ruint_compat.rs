//! Lossless, zero-cost conversions to and from `ruint::aliases::U256` (both store four
//! little-endian `u64` limbs). Note `ruint::Uint::from` is an inherent method of ruint; write
//! `x.into()` or `<ruint::aliases::U256 as From<U256>>::from(x)` to use this impl.

use crate::asm::store_ruint;
use crate::U256;

impl From<ruint::aliases::U256> for U256 {
    #[inline(always)]
    fn from(x: ruint::aliases::U256) -> Self {
        Self(x.into_limbs())
    }
}

impl From<U256> for ruint::aliases::U256 {
    #[inline(always)]
    fn from(x: U256) -> Self {
        Self::from_limbs(x.0)
    }
}

impl U256 {
    /// Writes `self` into the ruint word `dst` with four 8-byte stores (on x86-64; a plain
    /// assignment elsewhere): for an interpreter whose stack holds ruint words, so that the next
    /// instruction's 8-byte loads of the slot forward from the stores. Never fails.
    #[inline(always)]
    pub fn store_into_ruint(self, dst: &mut ruint::aliases::U256) {
        store_ruint(dst, self.0);
    }
}
