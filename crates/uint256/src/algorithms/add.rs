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
