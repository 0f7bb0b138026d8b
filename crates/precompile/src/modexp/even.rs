//! The 2^k half of an even modulus `m = q · 2^k` (`q` odd): `b^e mod 2^k` by truncated
//! products and squarings on the row kernels, `q^-1 mod 2^k` by Newton's iteration, and the
//! CRT join with `b^e mod q`. Buffers are sized by `k`, at most the modulus length.

use super::window::{pow_window, table_len, Exp, Ring};
use alloc::vec::Vec;
use limbs::add::sbb;
use limbs::mul::mac;
use montgomery::neg_inv64;
use montgomery::var::Rows;

/// Arithmetic modulo `2^k`: truncated products masked in the top limb.
struct Pow2Ring {
    rows: Rows,
    mask: u64,
}

impl Ring for Pow2Ring {
    #[inline]
    fn mul(&mut self, a: &[u64], b: &[u64], out: &mut [u64]) {
        mul_lo(self.rows, a, b, out, self.mask);
    }
    #[inline]
    fn sqr(&mut self, a: &[u64], out: &mut [u64]) {
        sqr_lo(self.rows, a, out, self.mask);
    }
}

/// `a·b mod 2^(64·out.len())`, masked to `mask` in the top limb: only the rows' parts below
/// the truncation point are computed (about half of a full product).
fn mul_lo(rows: Rows, a: &[u64], b: &[u64], out: &mut [u64], mask: u64) {
    let kl = out.len();
    out.fill(0);
    for (i, &ai) in a.iter().enumerate().take(kl) {
        let width = b.len().min(kl - i);
        let c = rows.addmul_1(&mut out[i..i + width], &b[..width], ai);
        if i + width < kl {
            // No earlier row reached this limb (row i-1 ended one limb lower).
            out[i + width] = c;
        }
    }
    out[kl - 1] &= mask;
}

/// `a² mod 2^(64·out.len())` for `a` of at least `out.len()` limbs, masked to `mask` in the
/// top limb: each cross product below the truncation point once, doubled, plus the squares
/// (about a quarter of a full product).
fn sqr_lo(rows: Rows, a: &[u64], out: &mut [u64], mask: u64) {
    let kl = out.len();
    let a = &a[..kl];
    out.fill(0);
    // Cross products a[i]·a[j], i < j, i + j < kl: row i adds a[i]·a[i+1..kl-i] at limb
    // 2i+1 and ends at limb kl-1, so its carry falls beyond the truncation point.
    let mut i = 0;
    while 2 * i + 1 < kl {
        let start = 2 * i + 1;
        rows.addmul_1(&mut out[start..], &a[i + 1..kl - i], a[i]);
        i += 1;
    }
    // Double the cross products and add the squares a[i]², all mod 2^(64 kl).
    let (mut shift_in, mut carry) = (0u64, 0u64);
    for i in 0..kl.div_ceil(2) {
        let sq = u128::from(a[i]) * u128::from(a[i]);
        let lo = out[2 * i];
        let s0 = u128::from((lo << 1) | shift_in) + u128::from(sq as u64) + u128::from(carry);
        out[2 * i] = s0 as u64;
        shift_in = lo >> 63;
        if let Some(hi) = out.get_mut(2 * i + 1) {
            let h = *hi;
            let s1 = u128::from((h << 1) | shift_in) + (sq >> 64) + (s0 >> 64);
            *hi = s1 as u64;
            shift_in = h >> 63;
            carry = (s1 >> 64) as u64;
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
pub fn pow_pow2(rows: Rows, b: &[u64], e: Exp<'_>, k: usize) -> Vec<u64> {
    let (kl, mask) = pow2_shape(k);
    let mut x: Vec<u64> = (0..kl).map(|i| b.get(i).copied().unwrap_or(0)).collect();
    x[kl - 1] &= mask;
    let mut ring = Pow2Ring { rows, mask };
    if x.iter().all(|&w| w == 0) {
        return x;
    }
    if x[0] & 1 == 1 {
        // The unit group mod 2^k has exponent dividing 2^(k-1): reduce e mod 2^(k-1).
        let keep = k - 1;
        let bytes = e.bytes();
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
        return pow2_window(&x, e2, &mut ring);
    }
    // Even x = 2^tz · odd: x^e = 0 mod 2^k once e·tz >= k.
    let tz = x
        .iter()
        .position(|&w| w != 0)
        .map_or(0, |i| 64 * i + x[i].trailing_zeros() as usize);
    let threshold = k.div_ceil(tz) as u64;
    let small = e.bits() <= 63 && {
        let mut v = 0u64;
        for &byte in e.bytes() {
            v = (v << 8) | u64::from(byte);
        }
        v < threshold
    };
    if !small {
        return vec![0u64; kl];
    }
    pow2_window(&x, e, &mut ring)
}

/// `x^e` for a non-zero `e` in the ring mod 2^k (buffers allocated here, sized by `k`).
fn pow2_window(x: &[u64], e: Exp<'_>, ring: &mut Pow2Ring) -> Vec<u64> {
    let n = x.len();
    let w = e.window();
    let mut table = vec![0u64; table_len(n, w)];
    let (mut acc, mut tmp) = (vec![0u64; n], vec![0u64; n]);
    pow_window(ring, x, e, w, &mut table, &mut acc, &mut tmp);
    acc
}

/// `q^-1 mod 2^k` for odd `q` (Newton iteration): `ceil(k / 64)` limbs.
fn inv_pow2(rows: Rows, q: &[u64], k: usize) -> Vec<u64> {
    let (kl, mask) = pow2_shape(k);
    let q0 = q[0];
    let x0 = neg_inv64(q0).wrapping_neg();
    let mut x = vec![0u64; kl];
    x[0] = x0;
    let mut precision = 64;
    let mut qx = vec![0u64; kl];
    let mut next = vec![0u64; kl];
    while precision < 64 * kl {
        // x = x·(2 - q·x)
        mul_lo(rows, q, &x, &mut qx, u64::MAX);
        // two_minus = 2 - qx (mod 2^(64 kl))
        let mut borrow = false;
        for (i, w) in qx.iter_mut().enumerate() {
            let two: u64 = if i == 0 { 2 } else { 0 };
            (*w, borrow) = sbb(two, *w, borrow);
        }
        mul_lo(rows, &x, &qx, &mut next, u64::MAX);
        core::mem::swap(&mut x, &mut next);
        precision *= 2;
    }
    x[kl - 1] &= mask;
    x
}

/// The `x < q·2^k` with `x ≡ r1 (mod q)` and `x ≡ r2 (mod 2^k)`.
pub fn crt(rows: Rows, r1: &[u64], q: &[u64], r2: &[u64], k: usize) -> Vec<u64> {
    let (kl, mask) = pow2_shape(k);
    let qinv = inv_pow2(rows, q, k);
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
    mul_lo(rows, &d, &qinv, &mut h, mask);
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

#[cfg(test)]
mod tests {
    use super::super::kernel_tests::kernels;
    use super::{mul_lo, sqr_lo};
    use num_bigint::BigUint;
    use proptest::prelude::*;

    /// `x mod 2^bits` as `kl` limbs, by num-bigint.
    fn truncated(x: &BigUint, kl: usize, bits: usize) -> Vec<u64> {
        let r = x % (BigUint::from(1u8) << bits);
        let mut limbs = r.to_u64_digits();
        limbs.resize(kl, 0);
        limbs
    }

    proptest! {
        /// Truncated products and squarings against num-bigint, with every row kernel, for
        /// 1 to 40 limbs and every top-limb width.
        #[test]
        fn truncated_products_match_num_bigint(
            a in proptest::collection::vec(any::<u64>(), 40),
            b in proptest::collection::vec(any::<u64>(), 40),
            kl in 1usize..=40,
            top in 1usize..=64,
            ones in any::<bool>(),
        ) {
            let fill = |v: &[u64]| -> Vec<u64> {
                if ones { vec![u64::MAX; kl] } else { v[..kl].to_vec() }
            };
            let (a, b) = (fill(&a), fill(&b));
            let bits = 64 * (kl - 1) + top;
            let mask = if top == 64 { u64::MAX } else { (1u64 << top) - 1 };
            let to_big = |v: &[u64]| {
                v.iter().rev().fold(BigUint::from(0u8), |acc, &w| (acc << 64) + BigUint::from(w))
            };
            let (ab, aa) = (to_big(&a) * to_big(&b), to_big(&a) * to_big(&a));
            for k in kernels() {
                let mut out = vec![0u64; kl];
                mul_lo(k, &a, &b, &mut out, mask);
                prop_assert_eq!(&out, &truncated(&ab, kl, bits), "mul {:?}", k);
                sqr_lo(k, &a, &mut out, mask);
                prop_assert_eq!(&out, &truncated(&aa, kl, bits), "sqr {:?}", k);
            }
        }
    }
}
