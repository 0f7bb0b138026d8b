//! Multi-precision arithmetic for MODEXP: `base^exp mod m` on little-endian `u64` limbs.
//!
//! Odd moduli use Montgomery multiplication (CIOS) with a sliding-window exponent. An even
//! modulus `m = q · 2^k` (`q` odd) is split: `b^e mod q` by Montgomery, `b^e mod 2^k` by
//! truncated multiplication, then recombined with the CRT. Every buffer is sized by the
//! operand lengths the caller has already paid for; nothing here can panic on any input.

use uint256::algorithms::add::{adc, sbb};
use uint256::algorithms::mul::mac;

/// Little-endian limbs of a big-endian byte string (`ceil(len / 8)` limbs, untrimmed).
pub fn from_be_bytes(bytes: &[u8]) -> Vec<u64> {
    let mut limbs = vec![0u64; bytes.len().div_ceil(8)];
    for (i, chunk) in bytes.rchunks(8).enumerate() {
        let mut w = [0u8; 8];
        w[8 - chunk.len()..].copy_from_slice(chunk);
        limbs[i] = u64::from_be_bytes(w);
    }
    limbs
}

/// Writes `limbs` big-endian into `out`, right-aligned; limbs beyond `out` must be zero.
pub fn to_be_bytes(limbs: &[u64], out: &mut [u8]) {
    out.fill(0);
    for (i, chunk) in out.rchunks_mut(8).enumerate() {
        let Some(&w) = limbs.get(i) else { break };
        let b = w.to_be_bytes();
        chunk.copy_from_slice(&b[8 - chunk.len()..]);
    }
}

/// The number of limbs without the high zero limbs.
fn significant(a: &[u64]) -> usize {
    a.iter().rposition(|&w| w != 0).map_or(0, |i| i + 1)
}

fn is_zero(a: &[u64]) -> bool {
    a.iter().all(|&w| w == 0)
}

/// `a << s` (`s < 64`) into `out_len` limbs (the high limbs of `a` that do not fit are dropped).
fn shl_bits(a: &[u64], s: u32, out_len: usize) -> Vec<u64> {
    let mut out = vec![0u64; out_len];
    let mut carry = 0u64;
    for (o, &w) in out.iter_mut().zip(a) {
        *o = (w << s) | carry;
        carry = if s == 0 { 0 } else { w >> (64 - s) };
    }
    if a.len() < out_len {
        out[a.len()] = carry;
    }
    out
}

/// `a mod m` with `m` trimmed (non-zero top limb): `m.len()` limbs (Knuth's algorithm D).
pub fn rem(a: &[u64], m: &[u64]) -> Vec<u64> {
    let n = m.len();
    debug_assert!(n > 0 && m[n - 1] != 0);
    let a = &a[..significant(a)];
    if a.len() < n {
        let mut r = a.to_vec();
        r.resize(n, 0);
        return r;
    }
    if n == 1 {
        let d = u128::from(m[0]);
        let mut r = 0u128;
        for &w in a.iter().rev() {
            r = ((r << 64) | u128::from(w)) % d;
        }
        return vec![r as u64];
    }
    let s = m[n - 1].leading_zeros();
    let d = shl_bits(m, s, n);
    let mut u = shl_bits(a, s, a.len() + 1);
    let (d1, d0) = (u128::from(d[n - 1]), u128::from(d[n - 2]));
    const B: u128 = 1 << 64;
    for j in (0..=a.len() - n).rev() {
        let num = (u128::from(u[j + n]) << 64) | u128::from(u[j + n - 1]);
        let mut qhat = num / d1;
        let mut rhat = num % d1;
        while qhat >= B || (rhat < B && qhat * d0 > ((rhat << 64) | u128::from(u[j + n - 2]))) {
            qhat -= 1;
            rhat += d1;
            if rhat >= B {
                break;
            }
        }
        let q = qhat as u64;
        let mut borrow = 0u64;
        let mut carry = 0u64;
        for i in 0..n {
            let (lo, hi) = mac(q, d[i], 0, carry);
            carry = hi;
            let (t, b1) = u[i + j].overflowing_sub(lo);
            let (t, b2) = t.overflowing_sub(borrow);
            u[i + j] = t;
            borrow = u64::from(b1) + u64::from(b2);
        }
        let (t, b1) = u[j + n].overflowing_sub(carry);
        let (t, b2) = t.overflowing_sub(borrow);
        u[j + n] = t;
        if b1 || b2 {
            let mut c = false;
            for i in 0..n {
                (u[i + j], c) = adc(u[i + j], d[i], c);
            }
            u[j + n] = u[j + n].wrapping_add(u64::from(c));
        }
    }
    // The remainder is u[..n] >> s.
    let mut r = vec![0u64; n];
    for i in 0..n {
        r[i] = if s == 0 {
            u[i]
        } else {
            (u[i] >> s) | (u[i + 1] << (64 - s))
        };
    }
    r
}

/// A big-endian exponent with its leading zero bytes removed.
#[derive(Clone, Copy)]
struct Exp<'a>(&'a [u8]);

impl<'a> Exp<'a> {
    fn new(be: &'a [u8]) -> Self {
        let start = be.iter().position(|&b| b != 0).unwrap_or(be.len());
        Exp(&be[start..])
    }
    fn bits(&self) -> usize {
        match self.0.first() {
            None => 0,
            Some(&top) => self.0.len() * 8 - top.leading_zeros() as usize,
        }
    }
    #[inline]
    fn bit(&self, i: usize) -> bool {
        (self.0[self.0.len() - 1 - i / 8] >> (i % 8)) & 1 == 1
    }
}

/// The window width of the sliding-window exponentiation for an exponent of `bits` bits.
fn window(bits: usize) -> usize {
    match bits {
        0..=7 => 1,
        8..=35 => 3,
        36..=139 => 4,
        140..=539 => 5,
        _ => 6,
    }
}

/// `x^e` by left-to-right sliding windows (`e` non-zero) in `ring`, with `x` already in the
/// ring's representation.
fn pow_window(x: &[u64], e: Exp<'_>, ring: &mut impl Ring) -> Vec<u64> {
    let n = x.len();
    let bits = e.bits();
    // A sparse exponent (such as 65537) gains nothing from a table: use plain binary.
    let ones: usize = e.0.iter().map(|b| b.count_ones() as usize).sum();
    let w = if ones * 4 <= bits { 1 } else { window(bits) };
    // table[i] = x^(2i + 1)
    let mut table = vec![x.to_vec()];
    if w > 1 {
        let mut x2 = vec![0u64; n];
        ring.sqr(x, &mut x2);
        for i in 1..1usize << (w - 1) {
            let mut next = vec![0u64; n];
            ring.mul(&table[i - 1], &x2, &mut next);
            table.push(next);
        }
    }
    let mut acc = vec![0u64; n];
    let mut tmp = vec![0u64; n];
    let mut started = false;
    let mut i = bits as isize - 1;
    while i >= 0 {
        let iu = i as usize;
        if !e.bit(iu) {
            ring.sqr(&acc, &mut tmp);
            core::mem::swap(&mut acc, &mut tmp);
            i -= 1;
            continue;
        }
        let mut l = iu.saturating_sub(w - 1);
        while !e.bit(l) {
            l += 1;
        }
        let mut value = 0usize;
        for k in (l..=iu).rev() {
            value = (value << 1) | usize::from(e.bit(k));
        }
        let entry = &table[value >> 1];
        if started {
            for _ in l..=iu {
                ring.sqr(&acc, &mut tmp);
                core::mem::swap(&mut acc, &mut tmp);
            }
            ring.mul(&acc, entry, &mut tmp);
            core::mem::swap(&mut acc, &mut tmp);
        } else {
            acc.copy_from_slice(entry);
            started = true;
        }
        i = l as isize - 1;
    }
    acc
}

/// Montgomery arithmetic modulo an odd `m` of `n` limbs (`R = 2^(64n)`).
struct Mont<'a> {
    m: &'a [u64],
    /// `-m^-1 mod 2^64`.
    inv: u64,
}

/// From this many limbs on, squarings use [`Mont::sqr`] (half the products) instead of
/// [`Mont::mul`].
const SQR_THRESHOLD: usize = 4;

impl<'a> Mont<'a> {
    fn new(m: &'a [u64]) -> Self {
        let m0 = m[0];
        let mut x = m0; // correct to 3 bits; each step doubles.
        for _ in 0..5 {
            x = x.wrapping_mul(2u64.wrapping_sub(m0.wrapping_mul(x)));
        }
        Mont {
            m,
            inv: x.wrapping_neg(),
        }
    }

    /// `a·R mod m` for any `a`.
    fn to_mont(&self, a: &[u64]) -> Vec<u64> {
        let n = self.m.len();
        let mut shifted = vec![0u64; n + a.len()];
        shifted[n..].copy_from_slice(a);
        rem(&shifted, self.m)
    }

    /// `out = t - m` if `t ≥ m` (with `hi` the limb above `t`), else `t`; for `t < 2m`.
    #[inline]
    fn final_sub(&self, t: &[u64], hi: bool, out: &mut [u64]) {
        let m = self.m;
        if hi || !lt(t, m) {
            let mut borrow = false;
            for ((o, &x), &y) in out.iter_mut().zip(t).zip(m) {
                (*o, borrow) = sbb(x, y, borrow);
            }
        } else {
            out.copy_from_slice(t);
        }
    }

    /// `out = a·b·R^-1 mod m` for `a, b < m` (CIOS with the two inner loops fused);
    /// `t` is scratch of at least `n + 1` limbs.
    #[inline]
    fn mul(&self, a: &[u64], b: &[u64], out: &mut [u64], t: &mut [u64]) {
        let m = self.m;
        let n = m.len();
        let (a, b, out, t) = (&a[..n], &b[..n], &mut out[..n], &mut t[..n + 1]);
        t.fill(0);
        for &ai in a {
            let (x, mut c1) = mac(ai, b[0], t[0], 0);
            let q = x.wrapping_mul(self.inv);
            let (_, mut c2) = mac(q, m[0], x, 0);
            for j in 1..n {
                let (x, c) = mac(ai, b[j], t[j], c1);
                c1 = c;
                (t[j - 1], c2) = mac(q, m[j], x, c2);
            }
            let s = u128::from(t[n]) + u128::from(c1) + u128::from(c2);
            t[n - 1] = s as u64;
            t[n] = (s >> 64) as u64;
        }
        let hi = t[n] != 0;
        self.final_sub(&t[..n], hi, out);
    }

    /// `out = a²·R^-1 mod m` for `a < m`: the square (with each cross product once), then
    /// Montgomery reduction; `t` is scratch of at least `2n` limbs.
    #[inline]
    fn sqr(&self, a: &[u64], out: &mut [u64], t: &mut [u64]) {
        let m = self.m;
        let n = m.len();
        let (a, out, p) = (&a[..n], &mut out[..n], &mut t[..2 * n]);
        p.fill(0);
        // Cross products a[i]·a[j], i < j.
        for i in 0..n {
            let ai = a[i];
            let mut c = 0u64;
            for j in i + 1..n {
                (p[i + j], c) = mac(ai, a[j], p[i + j], c);
            }
            p[i + n] = c;
        }
        // Double them and add the squares a[i]².
        let mut shift_in = 0u64;
        let mut carry = 0u64;
        for i in 0..n {
            let (lo, hi) = (p[2 * i], p[2 * i + 1]);
            let dlo = (lo << 1) | shift_in;
            let dhi = (hi << 1) | (lo >> 63);
            shift_in = hi >> 63;
            let sq = u128::from(a[i]) * u128::from(a[i]);
            let s0 = u128::from(dlo) + (sq as u64 as u128) + u128::from(carry);
            p[2 * i] = s0 as u64;
            let s1 = u128::from(dhi) + (sq >> 64) + (s0 >> 64);
            p[2 * i + 1] = s1 as u64;
            carry = (s1 >> 64) as u64;
        }
        // REDC: p < m² < m·R, so the result is below 2m.
        let mut top = 0u64;
        for i in 0..n {
            let q = p[i].wrapping_mul(self.inv);
            let mut c = 0u64;
            for j in 0..n {
                (p[i + j], c) = mac(q, m[j], p[i + j], c);
            }
            let s = u128::from(p[i + n]) + u128::from(c) + u128::from(top);
            p[i + n] = s as u64;
            top = (s >> 64) as u64;
        }
        self.final_sub(&p[n..], top != 0, out);
    }
}

/// A ring to exponentiate in: multiplication and squaring into `out`.
trait Ring {
    fn mul(&mut self, a: &[u64], b: &[u64], out: &mut [u64]);
    fn sqr(&mut self, a: &[u64], out: &mut [u64]) {
        self.mul(a, a, out);
    }
}

/// Montgomery arithmetic with its scratch space.
struct MontRing<'a> {
    ctx: Mont<'a>,
    scratch: Vec<u64>,
}

impl Ring for MontRing<'_> {
    #[inline]
    fn mul(&mut self, a: &[u64], b: &[u64], out: &mut [u64]) {
        self.ctx.mul(a, b, out, &mut self.scratch);
    }
    #[inline]
    fn sqr(&mut self, a: &[u64], out: &mut [u64]) {
        if self.ctx.m.len() >= SQR_THRESHOLD {
            self.ctx.sqr(a, out, &mut self.scratch);
        } else {
            self.ctx.mul(a, a, out, &mut self.scratch);
        }
    }
}

/// Arithmetic modulo `2^k`: truncated products masked in the top limb.
struct Pow2Ring {
    mask: u64,
}

impl Ring for Pow2Ring {
    #[inline]
    fn mul(&mut self, a: &[u64], b: &[u64], out: &mut [u64]) {
        mul_lo(a, b, out, self.mask);
    }
}

/// `a < b` for equal-length limb strings.
fn lt(a: &[u64], b: &[u64]) -> bool {
    for (x, y) in a.iter().rev().zip(b.iter().rev()) {
        if x != y {
            return x < y;
        }
    }
    false
}

/// `b^e mod m` for odd `m > 1` (trimmed) and non-zero `e`: `m.len()` limbs.
fn pow_odd(b: &[u64], e: Exp<'_>, m: &[u64]) -> Vec<u64> {
    let ctx = Mont::new(m);
    let x = ctx.to_mont(b);
    let mut ring = MontRing {
        ctx,
        scratch: vec![0u64; 2 * m.len() + 2],
    };
    let acc = pow_window(&x, e, &mut ring);
    let mut one = vec![0u64; m.len()];
    one[0] = 1;
    let mut out = vec![0u64; m.len()];
    ring.mul(&acc, &one, &mut out);
    out
}

/// `a·b mod 2^(64·out.len())`, masked to `mask` in the top limb.
fn mul_lo(a: &[u64], b: &[u64], out: &mut [u64], mask: u64) {
    let kl = out.len();
    out.fill(0);
    for (i, &ai) in a.iter().enumerate().take(kl) {
        let width = b.len().min(kl - i);
        let mut c = 0u64;
        for (o, &bj) in out[i..i + width].iter_mut().zip(&b[..width]) {
            (*o, c) = mac(ai, bj, *o, c);
        }
        if i + width < kl {
            out[i + width] = c;
        }
    }
    out[kl - 1] &= mask;
}

/// The `kl` limbs and top-limb mask of arithmetic modulo `2^k`.
fn pow2_shape(k: usize) -> (usize, u64) {
    let kl = k.div_ceil(64);
    let top = k - 64 * (kl - 1);
    let mask = if top == 64 {
        u64::MAX
    } else {
        (1u64 << top) - 1
    };
    (kl, mask)
}

/// `b^e mod 2^k` (`k ≥ 1`, `e` non-zero): `ceil(k / 64)` limbs.
fn pow_pow2(b: &[u64], e: Exp<'_>, k: usize) -> Vec<u64> {
    let (kl, mask) = pow2_shape(k);
    let mut x: Vec<u64> = (0..kl).map(|i| b.get(i).copied().unwrap_or(0)).collect();
    x[kl - 1] &= mask;
    let mut ring = Pow2Ring { mask };
    if is_zero(&x) {
        return x;
    }
    if x[0] & 1 == 1 {
        // The unit group mod 2^k has exponent dividing 2^(k-1): reduce e mod 2^(k-1).
        let keep = k - 1;
        let bytes = e.0;
        let nbytes = keep.div_ceil(8).min(bytes.len());
        let mut low = bytes[bytes.len() - nbytes..].to_vec();
        if nbytes * 8 > keep {
            let excess = nbytes * 8 - keep;
            low[0] &= 0xffu8 >> excess;
        }
        let e2 = Exp::new(&low);
        if e2.bits() == 0 {
            let mut one = vec![0u64; kl];
            one[0] = 1;
            one[kl - 1] &= mask;
            return one;
        }
        return pow_window(&x, e2, &mut ring);
    }
    // Even x = 2^tz · odd: x^e = 0 mod 2^k once e·tz >= k.
    let tz = x
        .iter()
        .position(|&w| w != 0)
        .map_or(0, |i| 64 * i + x[i].trailing_zeros() as usize);
    let threshold = k.div_ceil(tz) as u64;
    let small = e.bits() <= 63 && {
        let mut v = 0u64;
        for &byte in e.0 {
            v = (v << 8) | u64::from(byte);
        }
        v < threshold
    };
    if !small {
        return vec![0u64; kl];
    }
    pow_window(&x, e, &mut ring)
}

/// `q^-1 mod 2^k` for odd `q` (Newton iteration): `ceil(k / 64)` limbs.
fn inv_pow2(q: &[u64], k: usize) -> Vec<u64> {
    let (kl, mask) = pow2_shape(k);
    let q0 = q[0];
    let mut x0 = q0;
    for _ in 0..5 {
        x0 = x0.wrapping_mul(2u64.wrapping_sub(q0.wrapping_mul(x0)));
    }
    let mut x = vec![0u64; kl];
    x[0] = x0;
    let mut precision = 64;
    let mut qx = vec![0u64; kl];
    let mut next = vec![0u64; kl];
    while precision < 64 * kl {
        // x = x·(2 - q·x)
        mul_lo(q, &x, &mut qx, u64::MAX);
        // two_minus = 2 - qx (mod 2^(64 kl))
        let mut borrow = false;
        for (i, w) in qx.iter_mut().enumerate() {
            let two: u64 = if i == 0 { 2 } else { 0 };
            (*w, borrow) = sbb(two, *w, borrow);
        }
        mul_lo(&x, &qx, &mut next, u64::MAX);
        core::mem::swap(&mut x, &mut next);
        precision *= 2;
    }
    x[kl - 1] &= mask;
    x
}

/// `base^exp mod modulus` for big-endian inputs of any length, written big-endian into `out`
/// (whose length is the modulus length). A zero modulus gives zeros; `exp = 0` gives `1 mod m`.
pub fn modexp(base: &[u8], exp: &[u8], modulus: &[u8], out: &mut [u8]) {
    out.fill(0);
    let mut m = from_be_bytes(modulus);
    m.truncate(significant(&m));
    if m.is_empty() || (m.len() == 1 && m[0] == 1) {
        return;
    }
    let e = Exp::new(exp);
    if e.bits() == 0 {
        if let Some(last) = out.last_mut() {
            *last = 1;
        }
        return;
    }
    let b = from_be_bytes(base);
    let result = if m[0] & 1 == 1 {
        pow_odd(&b, e, &m)
    } else {
        let k = m
            .iter()
            .position(|&w| w != 0)
            .map_or(0, |i| 64 * i + m[i].trailing_zeros() as usize);
        // q = m >> k
        let (limb_shift, bit_shift) = (k / 64, (k % 64) as u32);
        let mut q: Vec<u64> = (limb_shift..m.len())
            .map(|i| {
                let lo = m[i] >> bit_shift;
                let hi = if bit_shift == 0 {
                    0
                } else {
                    m.get(i + 1).map_or(0, |&w| w << (64 - bit_shift))
                };
                lo | hi
            })
            .collect();
        q.truncate(significant(&q));
        let r2 = pow_pow2(&b, e, k);
        if q.len() == 1 && q[0] == 1 {
            r2
        } else {
            let r1 = pow_odd(&b, e, &q);
            crt(&r1, &q, &r2, k)
        }
    };
    to_be_bytes(&result, out);
}

/// The `x < q·2^k` with `x ≡ r1 (mod q)` and `x ≡ r2 (mod 2^k)`.
fn crt(r1: &[u64], q: &[u64], r2: &[u64], k: usize) -> Vec<u64> {
    let (kl, mask) = pow2_shape(k);
    let qinv = inv_pow2(q, k);
    // d = (r2 - r1) mod 2^k
    let mut d = vec![0u64; kl];
    let mut borrow = false;
    for (i, w) in d.iter_mut().enumerate() {
        let a = r2.get(i).copied().unwrap_or(0);
        let b = r1.get(i).copied().unwrap_or(0);
        (*w, borrow) = sbb(a, b, borrow);
    }
    d[kl - 1] &= mask;
    let mut h = vec![0u64; kl];
    mul_lo(&d, &qinv, &mut h, mask);
    // x = r1 + q·h
    let mut x = vec![0u64; q.len() + kl + 1];
    x[..r1.len()].copy_from_slice(r1);
    for (i, &hi) in h.iter().enumerate() {
        let mut c = 0u64;
        for (j, &qj) in q.iter().enumerate() {
            (x[i + j], c) = mac(hi, qj, x[i + j], c);
        }
        let mut idx = i + q.len();
        while c != 0 && idx < x.len() {
            let (s, o) = x[idx].overflowing_add(c);
            x[idx] = s;
            c = u64::from(o);
            idx += 1;
        }
    }
    x
}
