//! Portable Rust backend (`u64` limbs, `u128` products).
//!
//! Bit-identical to [`crate::asm`] for every input, following the integer definitions
//! at the crate root. Constant time: all loops have fixed trip counts and the final
//! selections are done with masks, never with a branch on operand values.

use uint256::algorithms::add::{adc, sbb};
use uint256::algorithms::mul::mac;

/// Hides a value from the optimiser: an empty `asm!` on x86_64 (no instruction, no
/// memory traffic), `black_box` elsewhere.
#[cfg(target_arch = "x86_64")]
use crate::asm::value_barrier;

#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
fn value_barrier(x: u64) -> u64 {
    core::hint::black_box(x)
}

/// Selects `x` if `bit == 1` and `y` if `bit == 0`, limb-wise, without a branch.
///
/// The bit goes through [`value_barrier`], so the optimiser cannot see that it is 0 or 1
/// and cannot turn the mask arithmetic back into a conditional jump (without the
/// barrier, LLVM does exactly that, even with `core::hint::select_unpredictable`; the
/// valgrind check in `examples/ct_valgrind.rs` caught both).
#[inline(always)]
fn select(bit: u64, x: &[u64; 6], y: &[u64; 6]) -> [u64; 6] {
    let mask = value_barrier(bit).wrapping_neg();
    let mut r = [0u64; 6];
    for i in 0..6 {
        r[i] = y[i] ^ ((x[i] ^ y[i]) & mask);
    }
    r
}

/// `t - p` over 384 bits plus a top limb `hi`; returns `t` if the 448-bit value
/// `hi * 2^384 + t` is below `p`, else its difference with `p` (low 384 bits).
#[inline(always)]
fn reduce_once(t: &[u64; 6], hi: u64, p: &[u64; 6]) -> [u64; 6] {
    let mut s = [0u64; 6];
    let mut borrow = false;
    for i in 0..6 {
        (s[i], borrow) = sbb(t[i], p[i], borrow);
    }
    let (_, below) = sbb(hi, 0, borrow);
    // below exactly when hi*2^384 + t < p
    select(below as u64, t, &s)
}

/// `add_mod` as defined at the crate root.
#[inline]
pub fn add_mod(a: &[u64; 6], b: &[u64; 6], p: &[u64; 6]) -> [u64; 6] {
    let mut s = [0u64; 6];
    let mut carry = false;
    for i in 0..6 {
        (s[i], carry) = adc(a[i], b[i], carry);
    }
    reduce_once(&s, carry as u64, p)
}

/// `sub_mod` as defined at the crate root.
#[inline]
pub fn sub_mod(a: &[u64; 6], b: &[u64; 6], p: &[u64; 6]) -> [u64; 6] {
    let mut d = [0u64; 6];
    let mut borrow = false;
    for i in 0..6 {
        (d[i], borrow) = sbb(a[i], b[i], borrow);
    }
    let mut s = [0u64; 6];
    let mut carry = false;
    for i in 0..6 {
        (s[i], carry) = adc(d[i], p[i], carry);
    }
    select(borrow as u64, &s, &d)
}

/// `mul_mont` as defined at the crate root (CIOS, every carry kept).
#[inline]
pub fn mul_mont(a: &[u64; 6], b: &[u64; 6], p: &[u64; 6], n0: u64) -> [u64; 6] {
    // t[0..6] plus t6: the running value T < 2^385.
    let mut t = [0u64; 6];
    let mut t6 = 0u64;
    for &bi in b.iter() {
        // T += a * b_i  (T + a*b_i < 2^449: top limb t7 in {0, 1})
        let mut c = 0;
        for j in 0..6 {
            (t[j], c) = mac(a[j], bi, t[j], c);
        }
        let (u6, t7) = adc(t6, c, false);
        // T = floor((T + m*p) / 2^64), m = t0 * n0 mod 2^64
        let m = t[0].wrapping_mul(n0);
        let (_, mut c) = mac(m, p[0], t[0], 0);
        for j in 1..6 {
            (t[j - 1], c) = mac(m, p[j], t[j], c);
        }
        let (u, c) = adc(u6, c, false);
        t[5] = u;
        t6 = t7 as u64 + c as u64;
    }
    reduce_once(&t, t6, p)
}
