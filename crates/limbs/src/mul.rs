//! Limb multiplication: widening 64x64, truncated and full 256-bit products.

/// The full 128-bit product of two limbs as `(low, high)`.
#[inline(always)]
pub const fn mul_wide(a: u64, b: u64) -> (u64, u64) {
    let p = (a as u128) * (b as u128);
    (p as u64, (p >> 64) as u64)
}

/// `a * b + c + d` as `(low, high)`; never overflows since `(2^64-1)^2 + 2(2^64-1) < 2^128`.
#[inline(always)]
pub const fn mac(a: u64, b: u64, c: u64, d: u64) -> (u64, u64) {
    let p = (a as u128) * (b as u128) + (c as u128) + (d as u128);
    (p as u64, (p >> 64) as u64)
}

/// `a * b mod 2^256`.
///
/// Only the 10 limb products that affect the low 256 bits are formed, and the four on the last
/// diagonal need only their low halves. Row by row (limb `b[j]` times the low limbs of `a`,
/// added into the running result): this order keeps every partial sum in a register, where
/// forming all products first spilled two of them. Each step adds the carry before the result
/// limb: in the other order LLVM moved a carry through a flag-to-register `setb`, which
/// lengthened a MUL chained on its own result (evmone's `MUL/b0` loop).
#[inline(always)]
pub const fn mul_trunc4(a: &[u64; 4], b: &[u64; 4]) -> [u64; 4] {
    let mut r = [0u64; 4];
    let mut j = 0;
    while j < 4 {
        let end = 3 - j;
        let mut carry = 0;
        let mut i = 0;
        while i < end {
            (r[j + i], carry) = mac(a[i], b[j], carry, r[j + i]);
            i += 1;
        }
        r[3] = a[end]
            .wrapping_mul(b[j])
            .wrapping_add(r[3])
            .wrapping_add(carry);
        j += 1;
    }
    r
}

/// `a * a mod 2^256`, using the symmetry of the cross products (6 multiplications instead of 10).
#[inline(always)]
pub const fn sqr_trunc4(a: &[u64; 4]) -> [u64; 4] {
    // Cross products a_i a_j (i < j) that reach below 2^256, placed at limbs 1..=3.
    let (x1, c) = mac(a[0], a[1], 0, 0);
    let (x2, c) = mac(a[0], a[2], c, 0);
    let x3 = a[0]
        .wrapping_mul(a[3])
        .wrapping_add(a[1].wrapping_mul(a[2]))
        .wrapping_add(c);
    // Each cross product appears twice.
    let x3 = (x3 << 1) | (x2 >> 63);
    let x2 = (x2 << 1) | (x1 >> 63);
    let x1 = x1 << 1;
    // Add the squares a0^2 (limbs 0-1) and a1^2 (limbs 2-3).
    let (s0, s1) = mul_wide(a[0], a[0]);
    let (s2, s3) = mul_wide(a[1], a[1]);
    let (r1, c) = super::add::adc(x1, s1, false);
    let (r2, c) = super::add::adc(x2, s2, c);
    let r3 = x3.wrapping_add(s3).wrapping_add(c as u64);
    [s0, r1, r2, r3]
}

/// The full 256-bit product of two 128-bit values as four little-endian limbs.
#[inline(always)]
pub const fn mul_2x2(a: u128, b: u128) -> [u64; 4] {
    let (a0, a1, b0, b1) = (a as u64, (a >> 64) as u64, b as u64, (b >> 64) as u64);
    let (r0, c) = mul_wide(a0, b0);
    let (r1, r2) = mac(a0, b1, c, 0);
    let (r1, c) = mac(a1, b0, r1, 0);
    let (r2, r3) = mac(a1, b1, r2, c);
    [r0, r1, r2, r3]
}

/// The full 512-bit product `a * b` as eight little-endian limbs.
#[inline(always)]
pub const fn mul_full4(a: &[u64; 4], b: &[u64; 4]) -> [u64; 8] {
    let mut r = [0u64; 8];
    let mut i = 0;
    while i < 4 {
        let mut carry = 0;
        let mut j = 0;
        while j < 4 {
            let (lo, hi) = mac(a[i], b[j], r[i + j], carry);
            r[i + j] = lo;
            carry = hi;
            j += 1;
        }
        r[i + 4] = carry;
        i += 1;
    }
    r
}

/// `a = a * m + add` over four limbs; returns the limb carried out (the high part).
#[inline(always)]
pub fn mul_small_add4(a: &mut [u64; 4], m: u64, add: u64) -> u64 {
    let mut carry = add;
    for x in a.iter_mut() {
        let (lo, hi) = mac(*x, m, carry, 0);
        *x = lo;
        carry = hi;
    }
    carry
}

/// `r -= d * q` over `d.len()` limbs (requires `r.len() >= d.len()`); returns the limb borrowed
/// out of the top, i.e. the amount still to subtract from the next limb.
#[inline(always)]
pub fn submul(r: &mut [u64], d: &[u64], q: u64) -> u64 {
    let mut borrow = 0u64;
    for (x, &y) in r.iter_mut().zip(d) {
        let (lo, hi) = mac(y, q, borrow, 0);
        let (s, b) = x.overflowing_sub(lo);
        *x = s;
        // Cannot overflow: hi == 2^64-1 only if lo == 0, and then b is false.
        borrow = hi + b as u64;
    }
    borrow
}
