//! Montgomery arithmetic modulo an odd `m` of `n` limbs (`R = 2^(64n)`), built from the row
//! kernel of [`super::rows`]: a product or a dedicated squaring (each cross product once, about
//! 1.5 n² limb products with the reduction instead of 2 n²) into a `2n`-limb buffer, then a
//! separate reduction (REDC) row by row.
//!
//! Conversion into Montgomery form is one division (`x · R mod m`, uint256's Knuth division)
//! rather than computing `R² mod m` and multiplying.

use super::rows::{self, Rows};
use super::window::Ring;
use core::num::NonZeroU64;
use limbs::add::sbb;
use limbs::div::knuth::{div_rem_2, div_rem_knuth};
use limbs::div::small::rem_1;

/// `-m0^-1 mod 2^64` for odd `m0`: the workspace's one copy (the montgomery crate's).
pub use montgomery::neg_inv64;

/// A Montgomery context: the modulus, `-m^-1 mod 2^64` and the row kernels.
pub struct Mont<'a> {
    m: &'a [u64],
    inv: u64,
    rows: Rows,
}

impl<'a> Mont<'a> {
    /// The context for an odd `m` whose top limb is non-zero; `None` otherwise.
    pub fn new(m: &'a [u64], rows: Rows) -> Option<Self> {
        let (&low, &top) = (m.first()?, m.last()?);
        (low & 1 == 1 && top != 0).then(|| Mont {
            m,
            inv: neg_inv64(low),
            rows,
        })
    }

    /// The number of limbs `n` of the modulus.
    pub fn limbs(&self) -> usize {
        self.m.len()
    }

    /// The scratch [`Mont::to_mont`] needs for a `b_len`-limb input: `2 · (b_len + n) + 8`
    /// limbs (the normalised dividend, divisor and quotient).
    pub fn to_mont_scratch(&self, b_len: usize) -> usize {
        2 * (b_len + self.limbs()) + 8
    }

    /// `out = b · R mod m` for any `b` (one division); `scratch` holds at least
    /// [`Mont::to_mont_scratch`]`(b.len())` limbs. Panics on short buffers (a caller bug).
    pub fn to_mont(&self, b: &[u64], out: &mut [u64], scratch: &mut [u64]) {
        let (m, n) = (self.m, self.limbs());
        let out = &mut out[..n];
        out.fill(0);
        let b = &b[..significant(b)];
        if b.is_empty() {
            return;
        }
        match n {
            1 => {
                let d = NonZeroU64::new(m[0]).expect("odd modulus");
                let r = rem_1(b, d);
                out[0] = ((u128::from(r) << 64) % u128::from(m[0])) as u64;
            }
            2 => {
                let d = (u128::from(m[1]) << 64) | u128::from(m[0]);
                let r = rem_2(b, d, scratch);
                let r = rem_2(&[0, 0, r as u64, (r >> 64) as u64], d, scratch);
                out[0] = r as u64;
                out[1] = (r >> 64) as u64;
            }
            _ => {
                // u = b · 2^(64n), normalised by `s` bits into `un` (one more limb); divisor too.
                let s = m[n - 1].leading_zeros();
                let len = n + b.len();
                let (un, rest) = scratch.split_at_mut(len + 1);
                let (dn, q) = rest.split_at_mut(n);
                un[..n].fill(0);
                shl_into(b, s, &mut un[n..]);
                shl_into(m, s, dn);
                div_rem_knuth(un, &dn[..n], q).expect("normalised divisor of 3+ limbs");
                for i in 0..n {
                    let hi = if i + 1 < n { un[i + 1] } else { 0 };
                    out[i] = if s == 0 {
                        un[i]
                    } else {
                        (un[i] >> s) | (hi << (64 - s))
                    };
                }
            }
        }
    }

    /// `t[n..2n] + top · R` reduced to `out = t · R^-1 mod m` for `t < m · R` in `t[..2n]`
    /// (destroyed). Panics on short buffers.
    #[inline]
    fn redc(&self, t: &mut [u64], out: &mut [u64]) {
        let (m, n) = (self.m, self.limbs());
        let mut top = false;
        for i in 0..n {
            let q = t[i].wrapping_mul(self.inv);
            let c = self.rows.addmul_1(&mut t[i..i + n], m, q);
            top = add_carry(&mut t[i + n], c, top);
        }
        sub_if_ge(&t[n..2 * n], top, m, out);
    }

    /// `out = a · b · R^-1 mod m` for `a, b < m`; `t` is scratch of `2n` limbs.
    pub fn mul(&self, a: &[u64], b: &[u64], out: &mut [u64], t: &mut [u64]) {
        let n = self.limbs();
        let (a, b, t) = (&a[..n], &b[..n], &mut t[..2 * n]);
        t[n] = rows::mul_1(&mut t[..n], a, b[0]);
        for i in 1..n {
            t[i + n] = self.rows.addmul_1(&mut t[i..i + n], a, b[i]);
        }
        self.redc(t, out);
    }

    /// `out = a² · R^-1 mod m` for `a < m` (each cross product once); `t` is scratch of `2n`
    /// limbs.
    pub fn sqr(&self, a: &[u64], out: &mut [u64], t: &mut [u64]) {
        let n = self.limbs();
        if n < 2 {
            return self.mul(a, a, out, t);
        }
        let (a, t) = (&a[..n], &mut t[..2 * n]);
        // Cross products a[i]·a[j], i < j: row i adds a[i]·a[i+1..] at 2i+1 and sets the limb
        // i+n (no earlier row reaches it).
        t[0] = 0;
        t[n] = rows::mul_1(&mut t[1..n], &a[1..], a[0]);
        for i in 1..n - 1 {
            t[i + n] = self
                .rows
                .addmul_1(&mut t[2 * i + 1..i + n], &a[i + 1..], a[i]);
        }
        t[2 * n - 1] = 0;
        double_add_squares(t, a);
        self.redc(t, out);
    }

    /// `out = a · R^-1 mod m` (leaving Montgomery form) for `a < m`; `t` is scratch of `2n`
    /// limbs.
    pub fn from_mont(&self, a: &[u64], out: &mut [u64], t: &mut [u64]) {
        let n = self.limbs();
        let t = &mut t[..2 * n];
        t[..n].copy_from_slice(&a[..n]);
        t[n..].fill(0);
        self.redc(t, out);
    }
}

/// `*limb += c + top`, returning the carry out (REDC's running top bit).
#[inline(always)]
pub(super) fn add_carry(limb: &mut u64, c: u64, top: bool) -> bool {
    let (s, o1) = limb.overflowing_add(c);
    let (s, o2) = s.overflowing_add(u64::from(top));
    *limb = s;
    o1 | o2
}

/// `out = t - m` if `t ≥ m` (with `hi` the limb above `t`), else `t`; for `t < 2m` and
/// equal lengths of `t`, `m` and `out` (panics if `out` is shorter).
#[inline]
pub(super) fn sub_if_ge(t: &[u64], hi: bool, m: &[u64], out: &mut [u64]) {
    if hi || !lt(t, m) {
        let mut borrow = false;
        for ((o, &x), &y) in out.iter_mut().zip(t).zip(m) {
            (*o, borrow) = sbb(x, y, borrow);
        }
    } else {
        out[..m.len()].copy_from_slice(t);
    }
}

/// Turns the cross products `Σ_{i<j} a[i]·a[j]·2^(64(i+j))` in `t` (`2 · a.len()` limbs) into
/// the square `a²`: doubles them and adds the squares `a[i]²`.
#[inline]
pub(super) fn double_add_squares(t: &mut [u64], a: &[u64]) {
    let n = a.len();
    let mut shift_in = 0u64;
    let mut carry = 0u64;
    for i in 0..n {
        let (lo, hi) = (t[2 * i], t[2 * i + 1]);
        let dlo = (lo << 1) | shift_in;
        let dhi = (hi << 1) | (lo >> 63);
        shift_in = hi >> 63;
        let sq = u128::from(a[i]) * u128::from(a[i]);
        let s0 = u128::from(dlo) + u128::from(sq as u64) + u128::from(carry);
        t[2 * i] = s0 as u64;
        let s1 = u128::from(dhi) + (sq >> 64) + (s0 >> 64);
        t[2 * i + 1] = s1 as u64;
        carry = (s1 >> 64) as u64;
    }
}

/// A [`Mont`] context with its `2n`-limb product buffer: the ring MODEXP exponentiates in.
pub struct MontRing<'a, 'b> {
    /// The context.
    pub ctx: &'b Mont<'a>,
    /// Scratch of `2n` limbs.
    pub t: &'b mut [u64],
}

impl Ring for MontRing<'_, '_> {
    #[inline]
    fn mul(&mut self, a: &[u64], b: &[u64], out: &mut [u64]) {
        self.ctx.mul(a, b, out, self.t);
    }
    #[inline]
    fn sqr(&mut self, a: &[u64], out: &mut [u64]) {
        self.ctx.sqr(a, out, self.t);
    }
}

/// Montgomery arithmetic modulo a one-limb odd `m`, in registers.
pub struct Mont1 {
    m: u64,
    inv: u64,
}

impl Mont1 {
    /// The context for an odd `m`; `None` when `m` is even.
    pub fn new(m: u64) -> Option<Self> {
        (m & 1 == 1).then(|| Mont1 {
            m,
            inv: neg_inv64(m),
        })
    }

    /// `a · b · 2^-64 mod m` for `a, b < m`.
    #[inline]
    pub fn mul(&self, a: u64, b: u64) -> u64 {
        let t = u128::from(a) * u128::from(b);
        let q = (t as u64).wrapping_mul(self.inv);
        let qm = u128::from(q) * u128::from(self.m);
        // t + qm ≡ 0 mod 2^64; the high halves plus the carry out of the low halves.
        let carry = (t as u64).overflowing_add(qm as u64).1;
        let (hi, over) = ((t >> 64) as u64).overflowing_add((qm >> 64) as u64);
        let (hi, over2) = hi.overflowing_add(u64::from(carry));
        if over || over2 || hi >= self.m {
            hi.wrapping_sub(self.m)
        } else {
            hi
        }
    }
}

impl Ring for Mont1 {
    #[inline]
    fn mul(&mut self, a: &[u64], b: &[u64], out: &mut [u64]) {
        out[0] = Mont1::mul(self, a[0], b[0]);
    }
}

/// `u mod d` for a two-limb `d ≥ 2^64` (Horner over windows of uint256's `div_rem_2`); `q` is
/// scratch of at least 7 limbs.
fn rem_2(u: &[u64], d: u128, q: &mut [u64]) -> u128 {
    let mut r = 0u128;
    for chunk in u.rchunks(6) {
        let mut w = [0u64; 8];
        w[..chunk.len()].copy_from_slice(chunk);
        w[chunk.len()] = r as u64;
        w[chunk.len() + 1] = (r >> 64) as u64;
        r = div_rem_2(&w[..chunk.len() + 2], d, q).expect("d >= 2^64, 3 to 8 limbs");
    }
    r
}

/// Writes `u << s` (`s < 64`) into `out[..u.len() + 1]`, the top limb taking the bits shifted
/// out (`out[u.len()]` is zero when `out` has only `u.len()` limbs and nothing is shifted out).
fn shl_into(u: &[u64], s: u32, out: &mut [u64]) {
    let mut carry = 0u64;
    for (o, &w) in out.iter_mut().zip(u) {
        *o = (w << s) | carry;
        carry = if s == 0 { 0 } else { w >> (64 - s) };
    }
    if let Some(top) = out.get_mut(u.len()) {
        *top = carry;
    }
}

/// The number of limbs without the high zero limbs.
pub fn significant(a: &[u64]) -> usize {
    a.iter().rposition(|&w| w != 0).map_or(0, |i| i + 1)
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
