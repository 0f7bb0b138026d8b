//! Division by a divisor of two or more limbs: Knuth's algorithm D driven by the Möller–Granlund
//! 3-by-2 step, its register-resident 512-by-256-bit form for MULMOD, the single step of
//! equal-length operands (one quotient limb) by a hardware division and Knuth's test, and the
//! one-estimate shortcut for quotients below 2^32.
//!
//! Each function checks the shape of its divisor (one compare or a few, once per call) and
//! returns `None` when it does not hold, so that no input reaches the hardware divider with an
//! operand that faults. Output buffers that are too short panic (a caller bug).

use core::num::NonZeroU64;

use super::reciprocal::{div_3by2, reciprocal_3by2, NormalizedDivisor};
use super::{cold, shr_comp};
use crate::add::add_assign_n;
use crate::asm;
use crate::mul::{mul_wide, submul};

/// Writes `u << s` (`s < 64`, `u` not empty) into `out[..u.len() + 1]`, the top limb taking the
/// bits shifted out.
#[inline(always)]
fn shl_into(u: &[u64], s: u32, out: &mut [u64]) {
    let n = u.len();
    out[n] = shr_comp(u[n - 1], s);
    for i in (1..n).rev() {
        out[i] = (u[i] << s) | shr_comp(u[i - 1], s);
    }
    out[0] = u[0] << s;
}

/// Shifts the normalised remainder `un[..n]` back right by `s` bits into `r[..n]`.
#[inline(always)]
fn unnormalize(un: &[u64], s: u32, r: &mut [u64]) {
    let n = r.len();
    for i in 0..n {
        let hi = if i + 1 < n { un[i + 1] } else { 0 };
        r[i] = (un[i] >> s) | ((hi << 1) << (63 - s));
    }
}

/// Divides `u` (2 to 8 limbs) by the two-limb `d`, writing the quotient into `q[..u.len() - 1]`;
/// returns the remainder.
///
/// `None` if `d < 2^64` (use [`super::small`]) or `u` has fewer than 2 or more than 8 limbs.
/// Panics if `q` is shorter than `u.len() - 1`.
#[inline(always)]
pub fn div_rem_2(u: &[u64], d: u128, q: &mut [u64]) -> Option<u128> {
    let n = u.len();
    if !(2..=8).contains(&n) {
        return None;
    }
    // Normalise with limb shifts: `s < 64` because the top limb is nonzero (a u128 shift would
    // also handle `s >= 64`, with branches or conditional moves on the critical path).
    let (h, l) = (NonZeroU64::new((d >> 64) as u64)?, d as u64);
    let (d1, s) = NormalizedDivisor::normalize(h, l);
    let d0 = l << s;
    let v = reciprocal_3by2(d1, d0);
    let d1 = d1.get();
    let q = &mut q[..n - 1];
    if s == 0 {
        // Already normalised (a divisor of exactly 128 bits): the limbs as they are, no shifts
        // of the dividend and remainder (about 30 instructions for four limbs).
        return Some(steps_3by2(u[n - 1] as u128, &u[..n - 1], d1, d0, v, q));
    }
    let mut un = [0u64; 9];
    shl_into(u, s, &mut un[..n + 1]);
    // The top two limbs of `u << s` are below dn since u's top limb is shifted by less than 64.
    let top = ((un[n] as u128) << 64) | un[n - 1] as u128;
    let r = steps_3by2(top, &un[..n - 1], d1, d0, v, q);
    let (r1, r0) = ((r >> 64) as u64, r as u64);
    Some((((r1 >> s) as u128) << 64) | ((r0 >> s) | ((r1 << 1) << (63 - s))) as u128)
}

/// The 3-by-2 steps of [`div_rem_2`]: `r` (below `(d1, d0)`) followed by the limbs `low` of the
/// normalised dividend, divided by the normalised `(d1, d0)` with reciprocal `v`; writes the
/// quotient limbs into `q[..low.len()]` and returns the remainder.
#[inline(always)]
fn steps_3by2(mut r: u128, low: &[u64], d1: u64, d0: u64, v: u64, q: &mut [u64]) -> u128 {
    for j in (0..low.len()).rev() {
        (q[j], r) = div_3by2((r >> 64) as u64, r as u64, low[j], d1, d0, v);
    }
    r
}

/// Knuth's algorithm D for a divisor of three or more limbs.
///
/// `un` is the normalised dividend with one extra top limb (`un.len() = m + 1`), `dn` the
/// normalised divisor (`n = dn.len() >= 3`, `m >= n`, top bit of `dn` set) and the top `n` limbs
/// of `un` below `dn`. Writes the `m - n + 1` quotient limbs to `q` and leaves the (normalised)
/// remainder in `un[..n]`.
///
/// `None` (and nothing written) if the lengths do not fit or `dn` is not normalised; a top of `un`
/// not below `dn` gives a meaningless result. Panics if `q` is shorter than `m - n + 1`.
#[inline(always)]
pub fn div_rem_knuth(un: &mut [u64], dn: &[u64], q: &mut [u64]) -> Option<()> {
    let n = dn.len();
    if n < 3 || un.len() <= n {
        return None;
    }
    knuth(un, dn, NormalizedDivisor::new(dn[n - 1])?, q);
    Some(())
}

/// [`div_rem_knuth`] once its shape is checked: `3 <= dn.len() < un.len()` and `d1` is the top
/// limb of `dn`.
#[inline(always)]
fn knuth(un: &mut [u64], dn: &[u64], d1: NormalizedDivisor, q: &mut [u64]) {
    let n = dn.len();
    let m = un.len() - 1;
    let d0 = dn[n - 2];
    let v = reciprocal_3by2(d1, d0);
    let d1 = d1.get();
    let q = &mut q[..m - n + 1];
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
/// [`Divisor4::rem_8`] faster than the general [`div_rem_knuth`] on slices: the remainder never
/// goes through memory between steps.
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

/// A divisor of 193 to 256 bits (top limb nonzero) prepared for [`Divisor4::rem_8`]: shifted
/// left until its top bit is set, with the 3-by-2 reciprocal of its top two limbs. Preparing it
/// costs a hardware division; keeping it serves many reductions by the same modulus.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Divisor4 {
    /// The divisor shifted left by `shift`.
    normalized: [u64; 4],
    /// The normalisation shift, `0..64`.
    shift: u32,
    /// `reciprocal_3by2` of the top two limbs of `normalized`.
    reciprocal: u64,
}

impl Divisor4 {
    /// Prepares `d`; `None` if its top limb is zero (use [`div_rem_n`] or [`div_rem_2`]).
    #[inline(always)]
    pub fn new(d: &[u64; 4]) -> Option<Self> {
        let (d3, s) = NormalizedDivisor::normalize(NonZeroU64::new(d[3])?, d[2]);
        let mut dn = [0u64; 4];
        dn[3] = d3.get();
        for i in (1..3).rev() {
            dn[i] = (d[i] << s) | shr_comp(d[i - 1], s);
        }
        dn[0] = d[0] << s;
        Some(Self {
            normalized: dn,
            shift: s,
            reciprocal: reciprocal_3by2(d3, dn[2]),
        })
    }

    /// `u mod d` for an eight-limb `u`: the MULMOD reduction of a full 512-bit product, kept
    /// entirely in registers.
    #[inline(always)]
    pub fn rem_8(&self, u: &[u64; 8]) -> [u64; 4] {
        let (dn, s, v) = (&self.normalized, self.shift, self.reciprocal);
        let mut un = [0u64; 9];
        un[8] = shr_comp(u[7], s);
        for i in (1..8).rev() {
            un[i] = (u[i] << s) | shr_comp(u[i - 1], s);
        }
        un[0] = u[0] << s;
        // The top four limbs are below `dn` (un[8] < 2^s <= dn[3], or un[8] = 0 when s = 0). The
        // top quotient digit is zero when the top five limbs are too (common): skip its step.
        let top = [un[5], un[6], un[7], un[8]];
        let below = [un[4], un[5], un[6], un[7]];
        let mut r = if un[8] == 0 && lt4(&below, dn) {
            below
        } else {
            rem_step4(top, un[4], dn, v)
        };
        // Written out rather than looped: LLVM does not always unroll the loop, and a rolled loop
        // is slower here (PERF.md).
        r = rem_step4(r, un[3], dn, v);
        r = rem_step4(r, un[2], dn, v);
        r = rem_step4(r, un[1], dn, v);
        r = rem_step4(r, un[0], dn, v);
        // Shift the normalised remainder back.
        let mut out = [0u64; 4];
        for i in 0..4 {
            let hi = if i < 3 { r[i + 1] } else { 0 };
            out[i] = (r[i] >> s) | ((hi << 1) << (63 - s));
        }
        out
    }
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

/// Bits `k .. k + 64` of the little-endian `x` (zero above the top limb); requires `k < 64 * N`.
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
/// `ubits - bit_len(d) < 32`. Returns `(quotient, remainder)`.
///
/// The quotient is estimated from the top 64 bits of `u` over the same bits of `d` with one
/// native 64-bit division; since `d`'s window has more than 32 significant bits, the estimate
/// is never too small and at most one too large, so one multiply-subtract and at most one
/// add-back finish the job. This is the common case of operands of similar size (e.g. a full
/// 257-bit ADDMOD sum over a 256-bit modulus) and avoids any reciprocal or normalisation.
///
/// `None` if `ubits` is not in `64..=64 * N` or `d` has 32 or fewer bits in `u`'s top 64-bit
/// window (so `d != 0` whenever it returns); a wrong `ubits` otherwise gives a meaningless
/// result.
#[inline(always)]
pub fn div_small_quotient<const N: usize>(
    u: &[u64; N],
    d: &[u64; N],
    ubits: u32,
) -> Option<(u64, [u64; N])> {
    if ubits < 64 || ubits as usize > 64 * N {
        return None;
    }
    let k = ubits - 64;
    let a = bits_at(u, k);
    let b = bits_at(d, k);
    if b >> 32 == 0 {
        return None;
    }
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
        q = q.wrapping_sub(1);
        add_assign_n(&mut r[..], d);
    }
    Some((q, r))
}

/// Division of `u` by a divisor `d` of the same number of limbs `N` (3 or 4, top limb of `d`
/// nonzero), whose quotient therefore fits one limb. Returns `(quotient, remainder)`.
///
/// One Knuth step without normalising the operands: the quotient digit is estimated from the top
/// three limbs of `u` and the top two of `d`, shifted so that `d`'s top bit is set, with one
/// hardware 128-by-64 division and Knuth's test on the second divisor limb (branch-free, both
/// rounds); the estimate is then the true quotient or one more, and the remainder is `u - q d`
/// on the limbs as they are, with an add-back in the rare second case. Against one step of
/// [`div_rem_n`], this saves the 3-by-2 reciprocal (its two data-dependent branches and three
/// multiplications) and the shifts of the whole dividend, divisor and remainder (variable
/// shifts and `shld` are two to three micro-ops each on Intel cores).
///
/// `None` if `N` is not 3 or 4 or the top limb of `d` is zero.
#[inline(always)]
pub fn div_rem_one_limb<const N: usize>(u: &[u64; N], d: &[u64; N]) -> Option<(u64, [u64; N])> {
    if !(3..=4).contains(&N) {
        return None;
    }
    let (d1, s) = NormalizedDivisor::normalize(NonZeroU64::new(d[N - 1])?, d[N - 2]);
    let d1 = d1.get();
    let d0 = (d[N - 2] << s) | shr_comp(d[N - 3], s);
    let n2 = shr_comp(u[N - 1], s);
    let n1 = (u[N - 1] << s) | shr_comp(u[N - 2], s);
    let n0 = (u[N - 2] << s) | shr_comp(u[N - 3], s);
    // `n2 < 2^s <= 2^63 <= d1`: the quotient of the top two limbs by `d1` fits a limb. It is
    // the quotient digit or up to two more (Knuth's theorem B).
    let mut q = if n2 < d1 {
        let (q, rhat) = asm::div_2by1(n2, n1, d1);
        // Knuth's test: `q` is one too large if `q d0 > rhat * 2^64 + n0`, and two if the test
        // still holds after `q -= 1, rhat += d1` (when that `rhat` fits a limb), i.e. if
        // `q d0 > rhat * 2^64 + n0 + (d1, d0)` without overflow. Both as flags, no branch: each
        // holds for a sizeable share of random operands.
        let p = (q as u128) * (d0 as u128);
        let t = ((rhat as u128) << 64) | n0 as u128;
        let (t2, over) = t.overflowing_add(((d1 as u128) << 64) | d0 as u128);
        q.wrapping_sub((p > t) as u64)
            .wrapping_sub((!over & (p > t2)) as u64)
    } else {
        // Unreachable (see above); kept so that no input can reach the divider with an
        // operand that faults. Knuth's clamped estimate, at most two too large.
        cold();
        u64::MAX
    };
    // Now `q` is the quotient or one more (up to two more on the unreachable branch above):
    // at most two add-backs, written out.
    let mut r = *u;
    if submul(&mut r, d, q) != 0 {
        cold();
        q = q.wrapping_sub(1);
        if !add_assign_n(&mut r, d) {
            q = q.wrapping_sub(1);
            add_assign_n(&mut r, d);
        }
    }
    Some((q, r))
}

/// Divides `u` by `d` (3 or 4 limbs, top limb nonzero), `u.len() >= d.len()`. Writes
/// `u.len() - d.len() + 1` quotient limbs to `q` and `d.len()` remainder limbs to `r`; `N` is the
/// scratch size and must be at least `u.len() + 1`.
///
/// `None` (and nothing written) if any of these does not hold. Panics if `q` or `r` is too short.
#[inline(always)]
pub fn div_rem_n<const N: usize>(u: &[u64], d: &[u64], q: &mut [u64], r: &mut [u64]) -> Option<()> {
    let n = d.len();
    let m = u.len();
    if !(3..=4).contains(&n) || m < n || m >= N {
        return None;
    }
    let (d1, s) = NormalizedDivisor::normalize(NonZeroU64::new(d[n - 1])?, d[n - 2]);
    let mut dn = [0u64; 5];
    let mut un = [0u64; N];
    shl_into(d, s, &mut dn[..n + 1]);
    shl_into(u, s, &mut un[..m + 1]);
    knuth(&mut un[..m + 1], &dn[..n], d1, q);
    unnormalize(&un[..n + 1], s, &mut r[..n]);
    Some(())
}

#[cfg(test)]
mod tests {
    use super::super::test_util::{big, xorshift};
    use super::*;
    use num_bigint::BigUint;

    extern crate std;
    use std::vec;

    /// `Divisor4::rem_8` against num-bigint on dividends `d * q + r` built to hit its rare
    /// branches: quotient digits of 2^64 - 1 (the window's top limbs equal the divisor's, so the
    /// 3-by-2 step would overflow), remainders of 0 and `d - 1`, divisors of every
    /// normalisation shift.
    #[test]
    fn divisor4_rem_8_matches_num_bigint_on_hard_quotients() {
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
                    let got = Divisor4::new(&d).expect("top limb is nonzero").rem_8(&ul);
                    assert_eq!(big(&got), r, "d = {d:x?}, q = {q:x?}");
                }
            }
        }
    }

    /// `div_rem_one_limb` against num-bigint on `u = d q + r` of `N` limbs: divisors of every
    /// normalisation shift and all-ones or single-bit limbs, quotients up to the largest that
    /// fits (2^64 - 1 when `d` is 2^(64(N-1))), remainders of 0, `d - 1` and random, and
    /// dividends below the divisor. Counts the cases in which Knuth's test corrects the
    /// estimate once and twice, and in which the remainder needs its add-back, so that each
    /// branch is known to be exercised.
    #[test]
    fn div_rem_one_limb_matches_num_bigint() {
        fn check<const N: usize>(next: &mut impl FnMut() -> u64, seen: &mut [u32; 3]) {
            let top = BigUint::from(1u8) << (64 * N);
            let mut divisors = vec![[u64::MAX; N], [0; N], [0; N], [0; N]];
            divisors[1][N - 1] = 1;
            divisors[2][N - 1] = 1 << 63;
            divisors[3][N - 1] = 1;
            divisors[3][0] = 1;
            // Normalised top limbs 2^63 and about 2^64: Knuth's test corrects twice when the
            // dividend's second limb is 0 or 1 under an all-ones top limb (below).
            let mut d = [u64::MAX; N];
            (d[N - 1], d[N - 2]) = (1, 1);
            divisors.push(d);
            for shift in 0..64 {
                let mut d: [u64; N] = core::array::from_fn(|_| next());
                d[N - 1] = (d[N - 1] | (1 << 63)) >> shift;
                divisors.push(d);
                let mut d = [u64::MAX; N];
                d[N - 1] = (1 << 63) >> shift;
                divisors.push(d);
            }
            for d in divisors {
                let db = big(&d);
                let qmax = (&top - 1u8) / &db;
                let qs = [
                    qmax.clone(),
                    &qmax - 1u8,
                    BigUint::from(next()) % (&qmax + 1u8),
                    BigUint::from(1u8),
                    BigUint::from(0u8),
                ];
                let mut dividends = vec![];
                for q in qs {
                    for r in [BigUint::from(0u8), &db - 1u8, big(&[next(), next()]) % &db] {
                        dividends.push(&db * &q + &r);
                    }
                }
                for second in [0, 1, next()] {
                    let mut u: [u64; N] = core::array::from_fn(|_| next());
                    (u[N - 1], u[N - 2]) = (u64::MAX, second);
                    dividends.push(big(&u));
                }
                for u in dividends {
                    if u >= top {
                        continue;
                    }
                    let mut ul = [0u64; N];
                    for (i, digit) in u.iter_u64_digits().enumerate() {
                        ul[i] = digit;
                    }
                    let (q, r) = (&u / &db, &u % &db);
                    let (gq, gr) = div_rem_one_limb(&ul, &d).expect("top limb is nonzero");
                    assert_eq!(
                        (BigUint::from(gq), big(&gr)),
                        (q.clone(), r),
                        "{u:x} / {d:x?}"
                    );
                    // Which corrections the estimate needed, recomputed from its terms.
                    let s = d[N - 1].leading_zeros();
                    let (un, dn) = (&u << s, &db << s);
                    let w = 64 * (N as u32 - 2);
                    let (n3, d2) = (&un >> w, &dn >> w);
                    let q2 = (&n3 >> 64u32) / (&d2 >> 64u32);
                    let q3 = &n3 / &d2;
                    if &q2 - &q3 == BigUint::from(1u8) {
                        seen[0] += 1;
                    } else if &q2 - &q3 == BigUint::from(2u8) {
                        seen[1] += 1;
                    }
                    if q3 != q {
                        seen[2] += 1;
                    }
                }
            }
        }
        let mut next = xorshift(0x6a09_e667_f3bc_c908);
        let mut seen = [0u32; 3];
        for _ in 0..20 {
            check::<3>(&mut next, &mut seen);
            check::<4>(&mut next, &mut seen);
        }
        assert!(
            seen.iter().all(|&n| n > 0),
            "corrections once, twice, add-back: {seen:?}"
        );
        assert_eq!(div_rem_one_limb(&[1, 2, 3], &[1, 2, 0]), None);
        assert_eq!(div_rem_one_limb(&[1, 2], &[1, 2]), None);
        assert_eq!(div_rem_one_limb(&[1; 5], &[1; 5]), None);
        assert_eq!(
            div_rem_one_limb(&[5, 0, 0, 1], &[7, 0, 0, 1]),
            Some((0, [5, 0, 0, 1]))
        );
    }

    /// Every function turns a divisor or shape it cannot handle into `None` instead of a fault
    /// (SIGFPE), a panic or a wrong answer.
    #[test]
    fn bad_divisors_and_shapes_give_none() {
        let u = [u64::MAX; 8];
        let mut q = [0u64; 8];
        let mut r = [0u64; 4];
        for d in [0u128, 1, u64::MAX as u128] {
            assert_eq!(div_rem_2(&u[..4], d, &mut q), None, "d = {d:#x}");
        }
        assert_eq!(div_rem_2(&u[..1], 1 << 64, &mut q), None);
        assert_eq!(div_rem_2(&[1; 9], 1 << 64, &mut [0; 9]), None);
        for d in [[0u64; 4], [1, 2, 3, 0], [u64::MAX, u64::MAX, u64::MAX, 0]] {
            assert_eq!(Divisor4::new(&d), None, "d = {d:x?}");
            assert_eq!(div_rem_n::<9>(&u, &d, &mut q, &mut r), None, "d = {d:x?}");
        }
        assert_eq!(div_rem_n::<9>(&u, &[1, 1], &mut q, &mut r), None);
        assert_eq!(div_rem_n::<9>(&u, &[1, 1, 1, 1, 1], &mut q, &mut r), None);
        assert_eq!(div_rem_n::<8>(&u, &[1, 1, 1, 1], &mut q, &mut r), None);
        assert_eq!(div_rem_n::<9>(&u[..2], &[1, 1, 1], &mut q, &mut r), None);
        let mut un = [u64::MAX; 6];
        assert_eq!(div_rem_knuth(&mut un, &[1, 1, 1 << 62], &mut q), None);
        assert_eq!(div_rem_knuth(&mut un, &[1, 1 << 63], &mut q), None);
        assert_eq!(div_rem_knuth(&mut [], &[1, 1, 1 << 63], &mut q), None);
        assert_eq!(div_rem_knuth(&mut un[..3], &[1, 1, 1 << 63], &mut q), None);
        assert_eq!(un, [u64::MAX; 6], "nothing written");
        let (u5, d0, d1) = ([0, 0, 0, 0, 1u64], [0u64; 5], [1u64, 0, 0, 0, 0]);
        assert_eq!(div_small_quotient(&u5, &d0, 257), None);
        assert_eq!(div_small_quotient(&u5, &d1, 257), None);
        assert_eq!(div_small_quotient(&u5, &[0, 0, 0, 1, 0], 63), None);
        assert_eq!(div_small_quotient(&u5, &[0, 0, 0, 1, 0], 321), None);
    }

    /// `div_rem_2` with a normalised divisor (top bit set, no shift) at its edges: 2^127,
    /// 2^128 - 1, and dividends whose top limbs equal the divisor's or are all ones (quotient
    /// limbs of 2^64 - 1, remainders of 0 and `d - 1`), against num-bigint.
    #[test]
    fn div_rem_2_normalised_divisor_edges() {
        let mut next = xorshift(0x0bad_5eed_1234_5678);
        for d in [
            1u128 << 127,
            u128::MAX,
            (1 << 127) | 1,
            (next() as u128) << 64 | u128::MAX >> 64,
        ] {
            let d = d | (1 << 127);
            let (d1, d0) = ((d >> 64) as u64, d as u64);
            for n in 2..=8 {
                let mut dividends = vec![[u64::MAX; 8], [0; 8]];
                let mut equal = [0u64; 8];
                equal[n - 2] = d0;
                equal[n - 1] = d1 - 1;
                dividends.push(equal);
                let mut top = [u64::MAX; 8];
                top[n - 1] = d1 - 1;
                dividends.push(top);
                dividends.push(core::array::from_fn(|_| next()));
                for u in dividends {
                    let mut q = [0u64; 8];
                    let r = div_rem_2(&u[..n], d, &mut q).expect("d >= 2^64");
                    let (ub, db) = (big(&u[..n]), BigUint::from(d));
                    assert_eq!(big(&q[..n - 1]), &ub / &db, "{u:x?} / {d:#x}");
                    assert_eq!(BigUint::from(r), &ub % &db, "{u:x?} % {d:#x}");
                }
            }
        }
    }

    /// `div_rem_2` against num-bigint for two-limb divisors at every normalisation shift.
    #[test]
    fn div_rem_2_matches_num_bigint_at_every_shift() {
        let mut next = xorshift(0x2545_f491_4f6c_dd1d);
        for shift in 0..64 {
            let d = (((next() | (1 << 63)) >> shift) as u128) << 64 | next() as u128;
            for n in 2..=8 {
                let u: [u64; 8] = core::array::from_fn(|_| next());
                let mut q = [0u64; 8];
                let r = div_rem_2(&u[..n], d, &mut q).expect("d >= 2^64");
                let (ub, db) = (big(&u[..n]), BigUint::from(d));
                assert_eq!(big(&q[..n - 1]), &ub / &db, "d = {d:#x}");
                assert_eq!(BigUint::from(r), &ub % &db, "d = {d:#x}");
            }
        }
    }
}
