//! The rings MODEXP exponentiates in over `montgomery::var` (the workspace's one Montgomery
//! kernel): its variable-width context with a product buffer ([`MontRing`]), its 16-limb and
//! one-limb rings as [`Ring`]s, and the conversion into Montgomery form ([`to_mont`]).

use super::window::Ring;
use core::num::NonZeroU64;
use limbs::div::knuth::{div_rem_2, div_rem_knuth};
use limbs::div::small::rem_1;
use montgomery::var::{significant, FixedRows, Mont, Mont1, Mont16};

/// A [`Mont`] context with its `2n`-limb product buffer.
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

impl Ring for Mont1 {
    #[inline]
    fn mul(&mut self, a: &[u64], b: &[u64], out: &mut [u64]) {
        out[0] = Mont1::mul(self, a[0], b[0]);
    }
}

/// The first 16 limbs of `x` as an array (panics when shorter: a caller bug).
#[inline(always)]
fn limbs16(x: &[u64]) -> &[u64; 16] {
    x[..16].try_into().expect("16 limbs")
}

impl<K: FixedRows> Ring for Mont16<K> {
    #[inline]
    fn mul(&mut self, a: &[u64], b: &[u64], out: &mut [u64]) {
        out[..16].copy_from_slice(&Mont16::mul(self, limbs16(a), limbs16(b)));
    }
    #[inline]
    fn sqr(&mut self, a: &[u64], out: &mut [u64]) {
        out[..16].copy_from_slice(&Mont16::sqr(self, limbs16(a)));
    }
}

/// `out = b · R mod m` for any `b` and the modulus `m` of `ctx` (one division: uint256's Knuth
/// division, rather than computing `R² mod m` and multiplying); `scratch` holds at least
/// `2 · (b.len() + n) + 8` limbs (the normalised dividend, divisor and quotient). Panics on
/// short buffers (a caller bug).
pub fn to_mont(ctx: &Mont<'_>, b: &[u64], out: &mut [u64], scratch: &mut [u64]) {
    let (m, n) = (ctx.modulus(), ctx.limbs());
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
