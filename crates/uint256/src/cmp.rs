//! Unsigned and signed comparison.

use core::cmp::Ordering;

use crate::U256;

impl PartialEq for U256 {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        crate::asm::eq4(&self.0, &other.0)
    }
}

impl Eq for U256 {}

impl core::hash::Hash for U256 {
    #[inline]
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.0.hash(state);
    }
}

/// `a < b` as the borrow of `a - b`: on x86-64 the `_subborrow_u64` intrinsic gives one
/// `cmp`/`sbb` chain (LLVM otherwise rewrites a borrow chain into per-limb compares and selects).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(crate) fn lt4(a: &[u64; 4], b: &[u64; 4]) -> bool {
    use core::arch::x86_64::_subborrow_u64;
    let mut x = 0;
    let mut c = _subborrow_u64(0, a[0], b[0], &mut x);
    c = _subborrow_u64(c, a[1], b[1], &mut x);
    c = _subborrow_u64(c, a[2], b[2], &mut x);
    c = _subborrow_u64(c, a[3], b[3], &mut x);
    c != 0
}

/// `a < b` as the borrow of `a - b`, computed on two 128-bit halves so that LLVM emits a
/// `sub`/`sbb` chain rather than a chain of per-limb compares.
#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
pub(crate) fn lt4(a: &[u64; 4], b: &[u64; 4]) -> bool {
    let al = (a[0] as u128) | ((a[1] as u128) << 64);
    let bl = (b[0] as u128) | ((b[1] as u128) << 64);
    let ah = (a[2] as u128) | ((a[3] as u128) << 64);
    let bh = (b[2] as u128) | ((b[3] as u128) << 64);
    let (_, c) = al.overflowing_sub(bl);
    let (d, c1) = ah.overflowing_sub(bh);
    let (_, c2) = d.overflowing_sub(c as u128);
    c1 | c2
}

impl Ord for U256 {
    #[inline]
    fn cmp(&self, other: &Self) -> Ordering {
        let a = ((self.0[3] as u128) << 64) | self.0[2] as u128;
        let b = ((other.0[3] as u128) << 64) | other.0[2] as u128;
        a.cmp(&b)
            .then_with(|| self.low_u128().cmp(&other.low_u128()))
    }
}

impl PartialOrd for U256 {
    #[inline]
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }

    #[inline]
    fn lt(&self, other: &Self) -> bool {
        lt4(&self.0, &other.0)
    }

    #[inline]
    fn gt(&self, other: &Self) -> bool {
        lt4(&other.0, &self.0)
    }

    #[inline]
    fn le(&self, other: &Self) -> bool {
        !lt4(&other.0, &self.0)
    }

    #[inline]
    fn ge(&self, other: &Self) -> bool {
        !lt4(&self.0, &other.0)
    }
}

impl U256 {
    /// Compares the two values read as two's complement signed integers.
    #[inline]
    pub fn signed_cmp(&self, other: &Self) -> Ordering {
        self.xor(Self::SIGN_BIT).cmp(&other.xor(Self::SIGN_BIT))
    }

    /// Signed `self < other` (two's complement).
    #[inline]
    pub fn signed_lt(&self, other: &Self) -> bool {
        self.xor(Self::SIGN_BIT) < other.xor(Self::SIGN_BIT)
    }

    /// Signed `self > other` (two's complement).
    #[inline]
    pub fn signed_gt(&self, other: &Self) -> bool {
        other.signed_lt(self)
    }
}
