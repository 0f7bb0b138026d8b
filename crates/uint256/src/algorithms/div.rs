//! Division: Möller–Granlund reciprocals, 2-by-1 and 3-by-2 word division, and Knuth's
//! algorithm D driven by the 3-by-2 step.
//!
//! References: N. Möller and T. Granlund, "Improved division by invariant integers" (IEEE TC
//! 2011); D. Knuth, TAOCP vol. 2, 4.3.1. Every routine here works on *normalised* divisors (top
//! bit set); callers shift divisor and dividend by the divisor's leading zeros first.

use super::add::add_assign_n;
use super::asm;
use super::mul::{mul_wide, submul};

/// `v0 = floor((2^19 - 3*2^8) / d9)` for the 9-bit prefix `d9 = 256 + i` of a normalised divisor:
/// the 11-bit seed of the reciprocal Newton iteration.
static RECIPROCAL_TABLE: [u16; 256] = {
    let mut t = [0u16; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = (0x7fd00 / (256 + i as u32)) as u16;
        i += 1;
    }
    t
};

/// The reciprocal `floor((2^128 - 1) / d) - 2^64` of a normalised divisor (`d >= 2^63`).
///
/// Computed as `((2^64 - 1 - d) * 2^64 + 2^64 - 1) / d`, whose quotient fits a limb: one
/// hardware `div` on x86-64 (the crate's `asm` module), about twice as fast as the multiply-only
/// [`reciprocal_2by1_table`] (whose dependency chain is a dozen multiplications long).
#[inline(always)]
pub fn reciprocal_2by1(d: u64) -> u64 {
    debug_assert!(d >> 63 == 1);
    // `!d < d` because the top bit of `d` is set: the quotient fits one limb.
    asm::div_2by1(!d, u64::MAX, d).0
}

/// Same as [`reciprocal_2by1`] without any hardware division: table seed plus three
/// Newton-like refinements and a final correction (Möller–Granlund, algorithm 3). For targets
/// where 128-bit division is a slow software routine.
#[inline]
pub const fn reciprocal_2by1_table(d: u64) -> u64 {
    debug_assert!(d >> 63 == 1);
    let d9 = d >> 55;
    let v0 = RECIPROCAL_TABLE[(d9 - 256) as usize] as u64;

    let d40 = (d >> 24) + 1;
    let v1 = (v0 << 11)
        .wrapping_sub((v0 * v0 * d40) >> 40)
        .wrapping_sub(1);

    let v2 = (v1 << 13)
        .wrapping_add(v1.wrapping_mul((1u64 << 60).wrapping_sub(v1.wrapping_mul(d40))) >> 47);

    let d0 = d & 1;
    let d63 = (d >> 1) + d0; // ceil(d / 2)
    let e = ((v2 >> 1) & 0u64.wrapping_sub(d0)).wrapping_sub(v2.wrapping_mul(d63));
    let v3 = (mul_wide(v2, e).1 >> 1).wrapping_add(v2 << 31);

    let (lo, hi) = mul_wide(v3, d);
    let (_, c) = lo.overflowing_add(d);
    let hi = hi + c as u64;
    v3.wrapping_sub(hi).wrapping_sub(d)
}

/// The reciprocal `floor((2^192 - 1) / d) - 2^64` of a normalised two-limb divisor
/// `d = d1 * 2^64 + d0` (`d1 >= 2^63`), for [`div_3by2`].
#[inline(always)]
pub fn reciprocal_3by2(d1: u64, d0: u64) -> u64 {
    let mut v = reciprocal_2by1(d1);
    // Adjust the 2-by-1 reciprocal of d1 for the low limb d0.
    let mut p = d1.wrapping_mul(v).wrapping_add(d0);
    if p < d0 {
        v = v.wrapping_sub(1);
        if p >= d1 {
            v = v.wrapping_sub(1);
            p = p.wrapping_sub(d1);
        }
        p = p.wrapping_sub(d1);
    }
    let (t0, t1) = mul_wide(v, d0);
    p = p.wrapping_add(t1);
    if p < t1 {
        v = v.wrapping_sub(1);
        if p > d1 || (p == d1 && t0 >= d0) {
            v = v.wrapping_sub(1);
        }
    }
    v
}

/// Marks the branch that calls it as unlikely, so that LLVM keeps a (well-predicted) branch
/// instead of a conditional move on the critical path.
#[cold]
#[inline(never)]
const fn cold() {}

/// Divides the two-limb `u1 * 2^64 + u0` by the normalised `d` with reciprocal
/// `v = reciprocal_2by1(d)`; requires `u1 < d`. Returns `(quotient, remainder)`.
#[inline(always)]
pub const fn div_2by1(u1: u64, u0: u64, d: u64, v: u64) -> (u64, u64) {
    debug_assert!(u1 < d);
    let q = ((v as u128) * (u1 as u128)).wrapping_add(((u1 as u128) << 64) | u0 as u128);
    let mut q1 = ((q >> 64) as u64).wrapping_add(1);
    let q0 = q as u64;
    let mut r = u0.wrapping_sub(q1.wrapping_mul(d));
    // The estimate q1 is at most one too large or one too small. The first correction is
    // data-dependent; the second is rare (probability about 2^-64 for random inputs).
    if r > q0 {
        q1 = q1.wrapping_sub(1);
        r = r.wrapping_add(d);
    }
    if r >= d {
        cold();
        q1 = q1.wrapping_add(1);
        r -= d;
    }
    (q1, r)
}

/// Divides the three-limb `(u2, u1, u0)` by the normalised two-limb `d = d1 * 2^64 + d0` with
/// `v = reciprocal_3by2(d1, d0)`; requires `(u2, u1) < (d1, d0)`. Returns the one-limb quotient
/// and the two-limb remainder.
#[inline(always)]
pub const fn div_3by2(u2: u64, u1: u64, u0: u64, d1: u64, d0: u64, v: u64) -> (u64, u128) {
    let d = ((d1 as u128) << 64) | d0 as u128;
    let q = ((v as u128) * (u2 as u128)).wrapping_add(((u2 as u128) << 64) | u1 as u128);
    let mut q1 = (q >> 64) as u64;
    let q0 = q as u64;
    let r1 = u1.wrapping_sub(q1.wrapping_mul(d1));
    let t = (d0 as u128) * (q1 as u128);
    let mut r = ((((r1 as u128) << 64) | u0 as u128).wrapping_sub(t)).wrapping_sub(d);
    q1 = q1.wrapping_add(1);
    if ((r >> 64) as u64) >= q0 {
        q1 = q1.wrapping_sub(1);
        r = r.wrapping_add(d);
    }
    if r >= d {
        // Rare (probability about 2^-64 for random inputs).
        cold();
        q1 = q1.wrapping_add(1);
        r -= d;
    }
    (q1, r)
}

/// `x >> (64 - s)` for `s` in `0..64`, giving 0 for `s == 0` (a plain shift by 64 would
/// overflow).
#[inline(always)]
const fn shr_comp(x: u64, s: u32) -> u64 {
    (x >> 1) >> (63 - s)
}

/// Writes `u << s` (`s < 64`) into `out[..u.len() + 1]`, the top limb taking the bits shifted out.
#[inline(always)]
pub fn shl_into(u: &[u64], s: u32, out: &mut [u64]) {
    let n = u.len();
    out[n] = shr_comp(u[n - 1], s);
    for i in (1..n).rev() {
        out[i] = (u[i] << s) | shr_comp(u[i - 1], s);
    }
    out[0] = u[0] << s;
}

/// Divides `u` by the single limb `d != 0`, writing the quotient into `q[..u.len()]`; returns
/// the remainder. `u` must not be empty.
///
/// One hardware 128-by-64 division per limb (`asm::div_2by1`); the running remainder is
/// always below `d`, so no normalisation is needed. For a single dividend this chain is
/// faster than setting up a reciprocal.
#[inline(always)]
pub fn div_rem_1(u: &[u64], d: u64, q: &mut [u64]) -> u64 {
    debug_assert!(d != 0 && !u.is_empty());
    let n = u.len();
    // A top limb below `d` is the first remainder (its quotient limb is 0): one division less.
    let (mut r, top) = if u[n - 1] < d {
        q[n - 1] = 0;
        (u[n - 1], n - 1)
    } else {
        (0, n)
    };
    for j in (0..top).rev() {
        (q[j], r) = asm::div_2by1(r, u[j], d);
    }
    r
}

/// Remainder of `u` by the single limb `d != 0` (like [`div_rem_1`] without storing quotients).
#[inline(always)]
pub fn rem_1(u: &[u64], d: u64) -> u64 {
    debug_assert!(d != 0 && !u.is_empty());
    let n = u.len();
    let (mut r, top) = if u[n - 1] < d {
        (u[n - 1], n - 1)
    } else {
        (0, n)
    };
    for j in (0..top).rev() {
        r = asm::div_2by1(r, u[j], d).1;
    }
    r
}

/// Divides `u` (2 to 8 limbs) by the two-limb `d` (`d >> 64 != 0`), writing the quotient
/// into `q[..u.len() - 1]`; returns the remainder.
#[inline(always)]
pub fn div_rem_2(u: &[u64], d: u128, q: &mut [u64]) -> u128 {
    debug_assert!(d >> 64 != 0 && u.len() >= 2 && u.len() <= 8);
    // Normalise with limb shifts: `s < 64` because the top limb is nonzero (a u128 shift would
    // also handle `s >= 64`, with branches or conditional moves on the critical path).
    let (h, l) = ((d >> 64) as u64, d as u64);
    let s = h.leading_zeros();
    let (d1, d0) = ((h << s) | shr_comp(l, s), l << s);
    let v = reciprocal_3by2(d1, d0);
    let n = u.len();
    let mut un = [0u64; 9];
    shl_into(u, s, &mut un[..n + 1]);
    // The top two limbs of `u << s` are below dn since u's top limb is shifted by less than 64.
    let mut r = ((un[n] as u128) << 64) | un[n - 1] as u128;
    for j in (0..n - 1).rev() {
        (q[j], r) = div_3by2((r >> 64) as u64, r as u64, un[j], d1, d0, v);
    }
    let (r1, r0) = ((r >> 64) as u64, r as u64);
    (((r1 >> s) as u128) << 64) | ((r0 >> s) | ((r1 << 1) << (63 - s))) as u128
}

/// Knuth's algorithm D for a divisor of three or more limbs.
///
/// `un` is the normalised dividend with one extra top limb (`un.len() = m + 1`), `dn` the
/// normalised divisor (`n = dn.len() >= 3`, `m >= n`). Writes the `m - n + 1` quotient limbs to
/// `q` and leaves the (normalised) remainder in `un[..n]`.
#[inline(always)]
pub fn div_rem_knuth(un: &mut [u64], dn: &[u64], q: &mut [u64]) {
    let n = dn.len();
    let m = un.len() - 1;
    debug_assert!(n >= 3 && m >= n && dn[n - 1] >> 63 == 1);
    let d1 = dn[n - 1];
    let d0 = dn[n - 2];
    let v = reciprocal_3by2(d1, d0);
    let mut top = m - n;
    if un[m] == 0 && (un[m - 1] < d1 || (un[m - 1] == d1 && un[m - 2] < d0)) {
        // The top quotient limb is zero (common when the dividend is a product of reduced
        // operands): skip its step.
        q[top] = 0;
        if top == 0 {
            return;
        }
        top -= 1;
    }
    for j in (0..=top).rev() {
        let u2 = un[j + n];
        let u1 = un[j + n - 1];
        let u0 = un[j + n - 2];
        let qhat = if u2 == d1 && u1 == d0 {
            // The 3-by-2 step would overflow; here the quotient digit is exactly 2^64 - 1
            // because the running remainder is below the divisor.
            let borrow = submul(&mut un[j..j + n], dn, u64::MAX);
            un[j + n] = u2.wrapping_sub(borrow);
            u64::MAX
        } else {
            let (mut qhat, rhat) = div_3by2(u2, u1, u0, d1, d0, v);
            // The top two limbs of the partial remainder come from rhat; subtract qhat times the
            // remaining divisor limbs from the lower ones.
            let borrow = submul(&mut un[j..j + n - 2], &dn[..n - 2], qhat);
            let (x0, b0) = (rhat as u64).overflowing_sub(borrow);
            let (x1, b1) = ((rhat >> 64) as u64).overflowing_sub(b0 as u64);
            un[j + n - 2] = x0;
            un[j + n - 1] = x1;
            if b1 {
                cold();
                // qhat was one too large (probability ~2^-64): add the divisor back.
                qhat = qhat.wrapping_sub(1);
                add_assign_n(&mut un[j..j + n], dn);
            }
            qhat
        };
        un[j + n] = 0;
        q[j] = qhat;
    }
}

/// One step of Knuth's algorithm D for a normalised four-limb divisor `d` (with
/// `v = reciprocal_3by2(d[3], d[2])`): divides the five-limb window `r * 2^64 + x` by `d`, where
/// the running remainder `r < d`, and returns the new remainder (also below `d`).
///
/// The window lives in registers (fixed-size arrays, constant indices), which is what makes
/// [`rem_8by4`] faster than the general [`div_rem_knuth`] on slices: the remainder never goes
/// through memory between steps.
#[inline(always)]
fn rem_step4(r: [u64; 4], x: u64, d: &[u64; 4], v: u64) -> [u64; 4] {
    if r[3] == d[3] && r[2] == d[2] {
        // The 3-by-2 step would overflow; the quotient digit is exactly 2^64 - 1 (see
        // div_rem_knuth).
        cold();
        let mut w = [x, r[0], r[1], r[2]];
        let borrow = submul(&mut w, d, u64::MAX);
        debug_assert_eq!(r[3].wrapping_sub(borrow), 0);
        return w;
    }
    let (q, rhat) = div_3by2(r[3], r[2], r[1], d[3], d[2], v);
    // Subtract q * (d1, d0) from (r0, x), borrowing from rhat.
    let (p0, h0) = mul_wide(q, d[0]);
    let (p1, h1) = mul_wide(q, d[1]);
    let (m1, c) = p1.overflowing_add(h0);
    let m2 = h1 + c as u64; // q * (d1, d0) < 2^192: no overflow
    let (t0, b0) = x.overflowing_sub(p0);
    let (t1, b1a) = r[0].overflowing_sub(m1);
    let (t1, b1b) = t1.overflowing_sub(b0 as u64);
    let (t2, b2a) = (rhat as u64).overflowing_sub(m2);
    let (t2, b2b) = t2.overflowing_sub((b1a | b1b) as u64);
    let (t3, b3) = ((rhat >> 64) as u64).overflowing_sub((b2a | b2b) as u64);
    let mut w = [t0, t1, t2, t3];
    if b3 {
        // q was one too large (probability ~2^-64): add the divisor back.
        cold();
        add_assign_n(&mut w, d);
    }
    w
}

/// `u mod d` for an eight-limb `u` and a four-limb `d` whose top limb is nonzero: the MULMOD
/// reduction of a full 512-bit product by a 193- to 256-bit modulus, kept entirely in
/// registers.
#[inline(always)]
pub fn rem_8by4(u: &[u64; 8], d: &[u64; 4]) -> [u64; 4] {
    debug_assert!(d[3] != 0);
    let s = d[3].leading_zeros();
    let mut dn = [0u64; 4];
    for i in (1..4).rev() {
        dn[i] = (d[i] << s) | shr_comp(d[i - 1], s);
    }
    dn[0] = d[0] << s;
    let mut un = [0u64; 9];
    un[8] = shr_comp(u[7], s);
    for i in (1..8).rev() {
        un[i] = (u[i] << s) | shr_comp(u[i - 1], s);
    }
    un[0] = u[0] << s;
    let v = reciprocal_3by2(dn[3], dn[2]);
    // The top four limbs are below `dn` (un[8] < 2^s <= dn[3], or un[8] = 0 when s = 0). The
    // top quotient digit is zero when the top five limbs are too (common): skip its step.
    let top = [un[5], un[6], un[7], un[8]];
    let below = [un[4], un[5], un[6], un[7]];
    let mut r = if un[8] == 0 && lt4(&below, &dn) {
        below
    } else {
        rem_step4(top, un[4], &dn, v)
    };
    // Written out rather than looped: LLVM does not always unroll the loop, and a rolled loop
    // costs ~10% here.
    r = rem_step4(r, un[3], &dn, v);
    r = rem_step4(r, un[2], &dn, v);
    r = rem_step4(r, un[1], &dn, v);
    r = rem_step4(r, un[0], &dn, v);
    // Shift the normalised remainder back.
    let mut out = [0u64; 4];
    for i in 0..4 {
        let hi = if i < 3 { r[i + 1] } else { 0 };
        out[i] = (r[i] >> s) | ((hi << 1) << (63 - s));
    }
    out
}

/// `a < b` for four-limb little-endian numbers.
#[inline(always)]
fn lt4(a: &[u64; 4], b: &[u64; 4]) -> bool {
    let mut borrow = false;
    for i in 0..4 {
        let (x, b1) = a[i].overflowing_sub(b[i]);
        let (_, b2) = x.overflowing_sub(borrow as u64);
        borrow = b1 | b2;
    }
    borrow
}

/// Bits `k .. k + 64` of the little-endian `x` (zero above the top limb).
#[inline(always)]
const fn bits_at<const N: usize>(x: &[u64; N], k: u32) -> u64 {
    let i = (k / 64) as usize;
    let s = k % 64;
    let hi = if i + 1 < N {
        (x[i + 1] << 1) << (63 - s)
    } else {
        0
    };
    (x[i] >> s) | hi
}

/// Division when the quotient is known to be below 2^32: `ubits = bit_len(u) >= 64` and
/// `ubits - bit_len(d) < 32` (so `d != 0`). Returns `(quotient, remainder)`.
///
/// The quotient is estimated from the top 64 bits of `u` over the same bits of `d` with one
/// native 64-bit division; since `d`'s window has more than 32 significant bits, the estimate
/// is never too small and at most one too large, so one multiply-subtract and at most one
/// add-back finish the job. This is the common case of operands of similar size (e.g. a full
/// 257-bit ADDMOD sum over a 256-bit modulus) and avoids any reciprocal or normalisation.
#[inline(always)]
pub fn div_small_quotient<const N: usize>(
    u: &[u64; N],
    d: &[u64; N],
    ubits: u32,
) -> (u64, [u64; N]) {
    let k = ubits - 64;
    let a = bits_at(u, k);
    let b = bits_at(d, k);
    debug_assert!(b >> 32 != 0);
    let mut q = a / b;
    let mut r = [0u64; N];
    let mut mul_carry = 0u64;
    let mut borrow = false;
    let mut i = 0;
    while i < N {
        let p = (d[i] as u128) * (q as u128) + mul_carry as u128;
        mul_carry = (p >> 64) as u64;
        let (x, b1) = u[i].overflowing_sub(p as u64);
        let (x, b2) = x.overflowing_sub(borrow as u64);
        r[i] = x;
        borrow = b1 | b2;
        i += 1;
    }
    if mul_carry != 0 || borrow {
        // The estimate was one too large (rare: the error is below q / b < 2^-32 on average).
        cold();
        q -= 1;
        add_assign_n(&mut r[..], d);
    }
    (q, r)
}

/// Shifts the normalised remainder `un[..n]` back right by `s` bits into `r[..n]`.
#[inline(always)]
pub fn unnormalize(un: &[u64], s: u32, r: &mut [u64]) {
    let n = r.len();
    for i in 0..n {
        let hi = if i + 1 < n { un[i + 1] } else { 0 };
        r[i] = (un[i] >> s) | ((hi << 1) << (63 - s));
    }
}

/// Divides `u` by `d`, where `d`'s top limb is nonzero, `d.len() >= 3` and `u.len() >= d.len()`.
/// Writes `u.len() - d.len() + 1` quotient limbs to `q` and `d.len()` remainder limbs to `r`.
/// `N` must be at least `u.len() + 1` (scratch size).
#[inline(always)]
pub fn div_rem_n<const N: usize>(u: &[u64], d: &[u64], q: &mut [u64], r: &mut [u64]) {
    let n = d.len();
    let s = d[n - 1].leading_zeros();
    let mut dn = [0u64; 5];
    let mut un = [0u64; N];
    let m = u.len();
    // The divisor is at most four limbs everywhere in this crate (plus one shifted-out limb).
    shl_into(d, s, &mut dn[..n + 1]);
    shl_into(u, s, &mut un[..m + 1]);
    div_rem_knuth(&mut un[..m + 1], &dn[..n], q);
    unnormalize(&un[..n + 1], s, &mut r[..n]);
}

#[cfg(test)]
mod tests {
    use super::*;

    extern crate std;

    /// Little-endian limbs as a num-bigint value.
    fn big(l: &[u64]) -> num_bigint::BigUint {
        num_bigint::BigUint::from_slice(
            &l.iter()
                .flat_map(|&x| [x as u32, (x >> 32) as u32])
                .collect::<std::vec::Vec<_>>(),
        )
    }

    /// A xorshift64 generator: reproducible test limbs without a dependency.
    fn xorshift(mut x: u64) -> impl FnMut() -> u64 {
        move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        }
    }

    /// The defining formula, via hardware-backed `u128` division.
    fn reference(d: u64) -> u64 {
        ((((!d) as u128) << 64 | u64::MAX as u128) / d as u128) as u64
    }

    #[test]
    fn reciprocal_matches_definition() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let check = |d: u64| {
            assert_eq!(reciprocal_2by1(d), reference(d), "d = {d:#x}");
            assert_eq!(reciprocal_2by1_table(d), reference(d), "d = {d:#x}");
        };
        for d in [
            1u64 << 63,
            (1 << 63) + 1,
            u64::MAX,
            u64::MAX - 1,
            0xc000_0000_0000_0000,
        ] {
            check(d);
        }
        for i in 0..256u64 {
            // Every table entry, at both ends of its interval.
            check((256 + i) << 55);
            check(((256 + i) << 55) | ((1 << 55) - 1));
        }
        for _ in 0..200_000 {
            // xorshift
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            check(x | (1 << 63));
            // The 2-by-1 step with that reciprocal against u128 division.
            let d = x | (1 << 63);
            let (u1, u0) = (x.rotate_left(7) % d, x.rotate_left(29));
            let n = ((u1 as u128) << 64) | u0 as u128;
            let (q, r) = div_2by1(u1, u0, d, reciprocal_2by1(d));
            assert_eq!((q as u128, r as u128), (n / d as u128, n % d as u128));
        }
    }

    /// `div_rem_1` and `rem_1` against num-bigint for divisors at every normalisation shift and
    /// dividends of 1 to 8 limbs, including all-ones limbs (quotient digits of 2^64 - 1) and
    /// remainders of `d - 1`.
    #[test]
    fn div_rem_1_matches_num_bigint_at_every_shift() {
        use num_bigint::BigUint;
        let mut next = xorshift(0x5851_f42d_4c95_7f2d);
        for shift in 0..64 {
            for d in [
                (next() | (1 << 63)) >> shift,
                (1u64 << 63) >> shift,
                u64::MAX >> shift,
            ] {
                for n in 1..=8 {
                    let random: [u64; 8] = core::array::from_fn(|_| next());
                    for u in [[u64::MAX; 8], random, {
                        // The largest multiple of d below 2^(64n), plus d - 1 (remainder d - 1
                        // unless that overflows n limbs, then truncated).
                        let mut l = [0u64; 8];
                        let v = big(&[u64::MAX; 8][..n]) / d * d + (d - 1);
                        for (i, digit) in v.iter_u64_digits().take(n).enumerate() {
                            l[i] = digit;
                        }
                        l
                    }] {
                        let u = &u[..n];
                        let mut q = [0u64; 8];
                        let r = div_rem_1(u, d, &mut q[..n]);
                        let (ub, db) = (big(u), BigUint::from(d));
                        assert_eq!(big(&q[..n]), &ub / &db, "u = {u:x?}, d = {d:#x}");
                        assert_eq!(BigUint::from(r), &ub % &db, "u = {u:x?}, d = {d:#x}");
                        assert_eq!(rem_1(u, d), r, "u = {u:x?}, d = {d:#x}");
                    }
                }
            }
        }
    }

    /// `rem_8by4` against num-bigint on dividends `d * q + r` built to hit its rare branches:
    /// quotient digits of 2^64 - 1 (the window's top limbs equal the divisor's, so the 3-by-2
    /// step would overflow), remainders of 0 and `d - 1`, divisors of every normalisation shift.
    #[test]
    fn rem_8by4_matches_num_bigint_on_hard_quotients() {
        extern crate std;
        use num_bigint::BigUint;
        use std::vec;
        let mut next = xorshift(0x0f1e_2d3c_4b5a_6978);
        let mut divisors = vec![
            [0, 0, 0, 1 << 63],
            [u64::MAX; 4],
            [0, 0, 0, 1],
            [u64::MAX, u64::MAX, 0, 1 << 63],
        ];
        for shift in 0..64 {
            divisors.push([next(), next(), next(), (next() | (1 << 63)) >> shift]);
            divisors.push([u64::MAX, u64::MAX, u64::MAX, (1u64 << 63) >> shift]);
        }
        for d in divisors {
            let db = big(&d);
            for q in [
                [u64::MAX; 4],
                [next(), next(), next(), next()],
                [u64::MAX, 0, u64::MAX, 0],
                [0, 0, 0, 0],
            ] {
                let qb = big(&q);
                for r in [BigUint::from(0u8), &db - 1u8, BigUint::from(next()) % &db] {
                    let u = &db * &qb + &r;
                    let mut ul = [0u64; 8];
                    for (i, digit) in u.iter_u64_digits().enumerate() {
                        ul[i] = digit;
                    }
                    assert_eq!(big(&rem_8by4(&ul, &d)), r, "d = {d:x?}, q = {q:x?}");
                }
            }
        }
    }

    #[test]
    fn reciprocal_3by2_matches_definition() {
        let mut x = 0x1234_5678_9abc_def1u64;
        for _ in 0..20_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let d1 = x | (1 << 63);
            let d0 = x.rotate_left(17);
            for (d1, d0) in [
                (d1, d0),
                (d1, 0),
                (d1, u64::MAX),
                (u64::MAX, u64::MAX),
                (1 << 63, 0),
            ] {
                let v = reciprocal_3by2(d1, d0);
                // A 3-by-2 division with this reciprocal must satisfy u = q*d + r, r < d.
                let (q, r) = div_3by2(d1 - 1, u64::MAX, u64::MAX, d1, d0, v);
                let d = ((d1 as u128) << 64) | d0 as u128;
                // Verify q*d + r == u over 192 bits.
                let (p0, c) = mul_wide(q, d0);
                let p12 = (q as u128) * (d1 as u128) + c as u128;
                let (s0, carry) = p0.overflowing_add(r as u64);
                let s12 = p12 + (r >> 64) + carry as u128;
                assert_eq!(
                    (s12, s0),
                    ((((d1 - 1) as u128) << 64) | u64::MAX as u128, u64::MAX)
                );
                assert!(r < d);
            }
        }
    }
}
