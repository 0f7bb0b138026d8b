//! `base^exp mod m` for MODEXP on little-endian `u64` limbs.
//!
//! An odd modulus goes through Montgomery arithmetic (`montgomery::var`, through [`super::ring`]) and a sliding window
//! ([`super::window`]). An even modulus `m = q · 2^k` (`q` odd) is split: `b^e mod q` by
//! Montgomery, `b^e mod 2^k` by truncated products, joined by the CRT (`super::even`). The
//! odd path works in one allocation sized by the operand lengths the caller has paid for
//! (about `(2^(w-1) + 7) · n + 3 · base limbs` for a window of `w ≤ 6`); nothing here can panic
//! on any input.

use super::even::{crt, pow_pow2};
use super::fixed::Fixed;
use super::ring::{to_mont, MontRing};
use super::window::{pow_window, table_len, Exp};
#[cfg(target_arch = "x86_64")]
use montgomery::var::Mont16;
use montgomery::var::{significant, Mont, Mont1, Rows};

/// Reads big-endian `bytes` into the little-endian `limbs` (`ceil(len / 8)` of them are
/// written; limbs beyond are left alone).
fn read_be(bytes: &[u8], limbs: &mut [u64]) {
    for (limb, chunk) in limbs.iter_mut().zip(bytes.rchunks(8)) {
        let mut w = [0u8; 8];
        w[8 - chunk.len()..].copy_from_slice(chunk);
        *limb = u64::from_be_bytes(w);
    }
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

/// `base^exp mod modulus` for big-endian inputs of any length, written big-endian into `out`
/// (whose length is the modulus length). A zero modulus gives zeros; `exp = 0` gives `1 mod m`.
pub fn modexp(base: &[u8], exp: &[u8], modulus: &[u8], out: &mut [u8]) {
    modexp_with(Rows::detect(), base, exp, modulus, out);
}

/// [`modexp`] with the row kernels `rows` (the tests run both kernels through it).
pub fn modexp_with(rows: Rows, base: &[u8], exp: &[u8], modulus: &[u8], out: &mut [u8]) {
    out.fill(0);
    let modulus = &modulus[modulus
        .iter()
        .position(|&b| b != 0)
        .unwrap_or(modulus.len())..];
    let base = &base[base.iter().position(|&b| b != 0).unwrap_or(base.len())..];
    let e = Exp::new(exp);
    if modulus.is_empty() || modulus == [1] {
        return;
    }
    if e.bits() == 0 {
        if let Some(last) = out.last_mut() {
            *last = 1;
        }
        return;
    }
    let (n, bl) = (modulus.len().div_ceil(8), base.len().div_ceil(8));
    // One allocation: the modulus and base limbs, then the odd path's scratch.
    let mut work = vec![0u64; n + bl + pow_odd_scratch(n, bl, e)];
    let (m, rest) = work.split_at_mut(n);
    let (b, scratch) = rest.split_at_mut(bl);
    read_be(modulus, m);
    read_be(base, b);
    if m[0] & 1 == 1 {
        let (result, scratch) = scratch.split_at_mut(n);
        pow_odd(rows, b, e, m, result, scratch);
        to_be_bytes(result, out);
        return;
    }
    let k = m
        .iter()
        .position(|&w| w != 0)
        .map_or(0, |i| 64 * i + m[i].trailing_zeros() as usize);
    // q = m >> k, in place.
    let (limb_shift, bit_shift) = (k / 64, (k % 64) as u32);
    for i in 0..n - limb_shift {
        let lo = m[i + limb_shift] >> bit_shift;
        let hi = match (bit_shift, m.get(i + limb_shift + 1)) {
            (0, _) | (_, None) => 0,
            (s, Some(&w)) => w << (64 - s),
        };
        m[i] = lo | hi;
    }
    m[n - limb_shift..].fill(0);
    let q = &m[..significant(m)];
    let r2 = pow_pow2(rows, b, e, k);
    if q == [1] {
        to_be_bytes(&r2, out);
        return;
    }
    let (r1, scratch) = scratch.split_at_mut(q.len());
    pow_odd(rows, b, e, q, r1, scratch);
    to_be_bytes(&crt(rows, r1, q, &r2, k), out);
}

/// The scratch limbs [`pow_odd`] needs besides its result for an `n`-limb modulus (or a
/// smaller odd part of one) and a `bl`-limb base.
fn pow_odd_scratch(n: usize, bl: usize, e: Exp<'_>) -> usize {
    // result, x, acc, tmp, t (2n), then the larger of the table and the division scratch.
    let division = 2 * (bl + n) + 8;
    6 * n + table_len(n, e.window()).max(division)
}

/// `result = b^e mod m` for odd `m > 1` (trimmed, non-zero top limb) and non-zero `e`;
/// `scratch` holds at least [`pow_odd_scratch`] minus `n` limbs. Panics on short buffers.
fn pow_odd(rows: Rows, b: &[u64], e: Exp<'_>, m: &[u64], result: &mut [u64], scratch: &mut [u64]) {
    let n = m.len();
    #[cfg(target_arch = "x86_64")]
    let kernel = rows;
    let Some(ctx) = Mont::new(m, rows) else {
        return;
    };
    let (x, rest) = scratch.split_at_mut(n);
    let (acc, rest) = rest.split_at_mut(n);
    let (tmp, rest) = rest.split_at_mut(n);
    let (t, rest) = rest.split_at_mut(2 * n);
    to_mont(&ctx, b, x, rest);
    let w = e.window();
    // The fixed-width kernels where they are faster than the row kernels (see `fixed`).
    let mut rows = MontRing { ctx: &ctx, t };
    match n {
        1 => match Mont1::new(m[0]) {
            Some(mut ring) => pow_window(&mut ring, x, e, w, rest, acc, tmp),
            None => return,
        },
        2 => pow_fixed::<2>(m, &mut rows, x, e, w, rest, acc, tmp),
        3 => pow_fixed::<3>(m, &mut rows, x, e, w, rest, acc, tmp),
        4 => pow_fixed::<4>(m, &mut rows, x, e, w, rest, acc, tmp),
        5 => pow_fixed::<5>(m, &mut rows, x, e, w, rest, acc, tmp),
        6 => pow_fixed::<6>(m, &mut rows, x, e, w, rest, acc, tmp),
        7 => pow_fixed::<7>(m, &mut rows, x, e, w, rest, acc, tmp),
        8 => pow_fixed::<8>(m, &mut rows, x, e, w, rest, acc, tmp),
        // 16 limbs: straight-line assembly rows when the CPU has them (the portable rows
        // stay on the generic kernels).
        #[cfg(target_arch = "x86_64")]
        16 => match kernel {
            Rows::Adx(token) => match Mont16::new(m, token) {
                Some(mut ring) => pow_window(&mut ring, x, e, w, rest, acc, tmp),
                None => pow_window(&mut rows, x, e, w, rest, acc, tmp),
            },
            Rows::Portable => pow_window(&mut rows, x, e, w, rest, acc, tmp),
        },
        _ => pow_window(&mut rows, x, e, w, rest, acc, tmp),
    }
    ctx.from_mont(acc, result, rows.t);
}

/// [`pow_window`] in the fixed-width ring of `N` limbs (falling back to `rows`, which cannot
/// happen for an odd `N`-limb `m`).
#[allow(clippy::too_many_arguments)]
fn pow_fixed<const N: usize>(
    m: &[u64],
    rows: &mut MontRing<'_, '_>,
    x: &[u64],
    e: Exp<'_>,
    w: usize,
    table: &mut [u64],
    acc: &mut [u64],
    tmp: &mut [u64],
) {
    match Fixed::<N>::new(m) {
        Some(mut ring) => pow_window(&mut ring, x, e, w, table, acc, tmp),
        None => pow_window(rows, x, e, w, table, acc, tmp),
    }
}
