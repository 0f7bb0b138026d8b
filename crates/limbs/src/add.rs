//! Carry-propagating addition and subtraction on limbs.

/// `a + b + carry`, returning the sum limb and the carry out.
#[inline(always)]
pub const fn adc(a: u64, b: u64, carry: bool) -> (u64, bool) {
    let (s, c1) = a.overflowing_add(b);
    let (s, c2) = s.overflowing_add(carry as u64);
    (s, c1 | c2)
}

/// `a - b - borrow`, returning the difference limb and the borrow out.
#[inline(always)]
pub const fn sbb(a: u64, b: u64, borrow: bool) -> (u64, bool) {
    let (s, b1) = a.overflowing_sub(b);
    let (s, b2) = s.overflowing_sub(borrow as u64);
    (s, b1 | b2)
}

/// `a += b` over `b.len()` limbs (requires `a.len() >= b.len()`); returns the carry out of the
/// last limb touched (limbs of `a` above `b.len()` are not changed).
#[inline(always)]
pub fn add_assign_n(a: &mut [u64], b: &[u64]) -> bool {
    let mut carry = false;
    for (x, &y) in a.iter_mut().zip(b) {
        (*x, carry) = adc(*x, y, carry);
    }
    carry
}

/// `a -= b` over `b.len()` limbs (requires `a.len() >= b.len()`); returns the borrow out.
#[inline(always)]
pub fn sub_assign_n(a: &mut [u64], b: &[u64]) -> bool {
    let mut borrow = false;
    for (x, &y) in a.iter_mut().zip(b) {
        (*x, borrow) = sbb(*x, y, borrow);
    }
    borrow
}

/// Four-limb `a + b`, returning the wrapped sum and the carry out.
#[inline(always)]
pub const fn add4(a: &[u64; 4], b: &[u64; 4]) -> ([u64; 4], bool) {
    let (r0, c) = adc(a[0], b[0], false);
    let (r1, c) = adc(a[1], b[1], c);
    let (r2, c) = adc(a[2], b[2], c);
    let (r3, c) = adc(a[3], b[3], c);
    ([r0, r1, r2, r3], c)
}

/// Four-limb `a - b`, returning the wrapped difference and the borrow out.
#[inline(always)]
pub const fn sub4(a: &[u64; 4], b: &[u64; 4]) -> ([u64; 4], bool) {
    let (r0, c) = sbb(a[0], b[0], false);
    let (r1, c) = sbb(a[1], b[1], c);
    let (r2, c) = sbb(a[2], b[2], c);
    let (r3, c) = sbb(a[3], b[3], c);
    ([r0, r1, r2, r3], c)
}

/// [`add4`] for run-time use: on x86-64 the carry intrinsic keeps the whole chain in `adc`
/// instructions even when the carry out is used, where LLVM turns [`add4`]'s chain into
/// `setb`/`or` steps and branches (which made `uint256`'s ADDMOD fast path slower than ruint's).
#[inline(always)]
pub fn add4_carry(a: &[u64; 4], b: &[u64; 4]) -> ([u64; 4], bool) {
    #[cfg(target_arch = "x86_64")]
    {
        use core::arch::x86_64::_addcarry_u64;
        let mut r = [0u64; 4];
        let mut c = 0;
        for i in 0..4 {
            c = _addcarry_u64(c, a[i], b[i], &mut r[i]);
        }
        (r, c != 0)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        add4(a, b)
    }
}

/// [`sub4`] for run-time use, as [`add4_carry`] (one `sbb` chain on x86-64).
#[inline(always)]
pub fn sub4_borrow(a: &[u64; 4], b: &[u64; 4]) -> ([u64; 4], bool) {
    #[cfg(target_arch = "x86_64")]
    {
        use core::arch::x86_64::_subborrow_u64;
        let mut r = [0u64; 4];
        let mut c = 0;
        for i in 0..4 {
            c = _subborrow_u64(c, a[i], b[i], &mut r[i]);
        }
        (r, c != 0)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        sub4(a, b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The intrinsic chains against the portable ones, on limbs that carry and borrow through
    /// every position.
    #[test]
    fn carry_chains_match_portable() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            [x, 0, u64::MAX, 1][(x % 4) as usize] ^ (x & (x >> 40))
        };
        for _ in 0..20_000 {
            let a: [u64; 4] = core::array::from_fn(|_| next());
            let b: [u64; 4] = core::array::from_fn(|_| next());
            assert_eq!(add4_carry(&a, &b), add4(&a, &b), "{a:x?} + {b:x?}");
            assert_eq!(sub4_borrow(&a, &b), sub4(&a, &b), "{a:x?} - {b:x?}");
        }
        let (max, one) = ([u64::MAX; 4], [1, 0, 0, 0]);
        assert_eq!(add4_carry(&max, &one), ([0; 4], true));
        assert_eq!(sub4_borrow(&[0; 4], &one), (max, true));
    }
}
