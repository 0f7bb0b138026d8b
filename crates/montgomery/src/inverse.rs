//! Modular inversion modulo an odd `p` ([`Modulus`]) by Bernstein-Yang "safegcd" with
//! variable-time batches of up to 62 division steps (the variant of Wuille's analysis, as in
//! libsecp256k1's `modinv64_var`), on signed 62-bit limbs; widths `N = 1..=8`.
//!
//! VARIABLE TIME: the number of steps and the branches depend on the operand. Use it only on
//! public values (e.g. precompile inputs); the rest of this crate is constant time.
//! About `1.2 * 64 N / 62` batches, several times faster than Fermat's `a^(p-2)`.

use crate::Modulus;

const M62: u64 = u64::MAX >> 2;

/// Capacity of [`Signed62`]: enough 62-bit limbs for `N = 8` (512 bits) plus the sign.
const MAX_LIMBS: usize = 9;

/// A signed integer as 62-bit limbs (little-endian; the top used limb carries the sign).
/// Only the first [`limbs62`]`(N)` limbs are used.
type Signed62 = [i64; MAX_LIMBS];

/// The number of 62-bit limbs holding a signed `64 N`-bit value.
const fn limbs62(n: usize) -> usize {
    64 * n / 62 + 1
}

/// The 2x2 transition matrix of a batch of 62 steps, scaled by 2^62:
/// `(f, g) -> ((u f + v g) / 2^62, (q f + r g) / 2^62)`.
struct Trans {
    u: i64,
    v: i64,
    q: i64,
    r: i64,
}

/// `a` as `L` 62-bit limbs (the top limb takes all remaining bits).
fn to_signed62<const N: usize, const L: usize>(a: &[u64; N]) -> Signed62 {
    let mut out = [0i64; MAX_LIMBS];
    for (k, o) in out.iter_mut().enumerate().take(L) {
        let (w, s) = (62 * k / 64, 62 * k % 64);
        let mut x = a[w] >> s;
        if s > 2 && w + 1 < N {
            x |= a[w + 1] << (64 - s);
        }
        *o = if k + 1 < L { x & M62 } else { x } as i64;
    }
    out
}

/// The `N` 64-bit limbs of a non-negative [`Signed62`] below `2^(64N)` with limbs in
/// `[0, 2^62)`.
fn from_signed62<const N: usize, const L: usize>(a: &Signed62) -> [u64; N] {
    let mut out = [0u64; N];
    for (k, &limb) in a.iter().enumerate().take(L) {
        let x = limb as u64;
        let (w, s) = (62 * k / 64, 62 * k % 64);
        if w < N {
            out[w] |= x << s;
        }
        if s > 2 && w + 1 < N {
            out[w + 1] |= x >> (64 - s);
        }
    }
    out
}

/// Up to 62 division steps on the low bits of `f` (odd) and `g`, skipping runs of zeros of `g`
/// at once; returns the new `eta` (minus delta) and the transition matrix.
fn divsteps_62_var(mut eta: i64, f0: u64, g0: u64) -> (i64, Trans) {
    let (mut u, mut v, mut q, mut r) = (1u64, 0u64, 0u64, 1u64);
    let (mut f, mut g) = (f0, g0);
    let mut i = 62u32;
    loop {
        // The zeros at the bottom of g (at most the i steps left): each is one halving step.
        let zeros = (g | (u64::MAX << i)).trailing_zeros();
        g >>= zeros;
        u <<= zeros;
        v <<= zeros;
        eta -= zeros as i64;
        i -= zeros;
        if i == 0 {
            break;
        }
        // f and g are odd here.
        let w;
        if eta < 0 {
            eta = -eta;
            (f, g) = (g, f.wrapping_neg());
            (u, q) = (q, u.wrapping_neg());
            (v, r) = (r, v.wrapping_neg());
            // Cancel up to min(eta + 1, i, 6) low bits of g with a multiple of f at once.
            let limit = (eta as u32 + 1).min(i);
            let m = (u64::MAX >> (64 - limit)) & 63;
            // f * (f^2 - 2) = f^-1 mod 64 for odd f.
            w = f
                .wrapping_mul(g)
                .wrapping_mul(f.wrapping_mul(f).wrapping_sub(2))
                & m;
        } else {
            let limit = (eta as u32 + 1).min(i);
            let m = (u64::MAX >> (64 - limit)) & 15;
            // f + (((f + 1) & 4) << 1) = f^-1 mod 16 for odd f.
            let inv16 = f.wrapping_add(((f.wrapping_add(1)) & 4) << 1);
            w = inv16.wrapping_neg().wrapping_mul(g) & m;
        }
        g = g.wrapping_add(f.wrapping_mul(w));
        q = q.wrapping_add(u.wrapping_mul(w));
        r = r.wrapping_add(v.wrapping_mul(w));
    }
    (
        eta,
        Trans {
            u: u as i64,
            v: v as i64,
            q: q as i64,
            r: r as i64,
        },
    )
}

/// `(d, e) <- ((u d + v e) / 2^62, (q d + r e) / 2^62) mod p`, keeping both in `(-2p, p)`;
/// `p62` is p as `L` limbs, `p_inv62 = p^-1 mod 2^62`.
fn update_de<const L: usize>(
    d: &mut Signed62,
    e: &mut Signed62,
    t: &Trans,
    p62: &Signed62,
    p_inv62: u64,
) {
    let (u, v, q, r) = (t.u, t.v, t.q, t.r);
    let sd = d[L - 1] >> 63;
    let se = e[L - 1] >> 63;
    // Add p times these to make the results non-negative-ish and the low 62 bits divisible.
    let mut md = (u & sd) + (v & se);
    let mut me = (q & sd) + (r & se);
    let mut cd = u as i128 * d[0] as i128 + v as i128 * e[0] as i128;
    let mut ce = q as i128 * d[0] as i128 + r as i128 * e[0] as i128;
    md -= (p_inv62.wrapping_mul(cd as u64).wrapping_add(md as u64) & M62) as i64;
    me -= (p_inv62.wrapping_mul(ce as u64).wrapping_add(me as u64) & M62) as i64;
    cd += p62[0] as i128 * md as i128;
    ce += p62[0] as i128 * me as i128;
    shift_limbs::<true>(d, e, L, t, (cd, ce), p62, (md, me));
}

/// `(f, g) <- ((u f + v g) / 2^62, (q f + r g) / 2^62)` on the low `len` limbs (exact).
fn update_fg(f: &mut Signed62, g: &mut Signed62, len: usize, t: &Trans) {
    let (u, v, q, r) = (t.u as i128, t.v as i128, t.q as i128, t.r as i128);
    let cf = u * f[0] as i128 + v * g[0] as i128;
    let cg = q * f[0] as i128 + r * g[0] as i128;
    shift_limbs::<false>(f, g, len, t, (cf, cg), &[0; MAX_LIMBS], (0, 0));
}

/// The rest of [`update_de`] (`P`) and [`update_fg`] once limb 0's sums `(cx, cy)` (low 62
/// bits zero) are known: `(x, y) <- ((u x + v y + mx p) / 2^62, (q x + r y + my p) / 2^62)` on
/// the low `len` limbs, the `p` terms only when `P`. Each limb's products are summed before
/// the carry is added (one add on the carry chain per limb), as both loops were written.
#[inline(always)]
fn shift_limbs<const P: bool>(
    x: &mut Signed62,
    y: &mut Signed62,
    len: usize,
    t: &Trans,
    (mut cx, mut cy): (i128, i128),
    p62: &Signed62,
    (mx, my): (i64, i64),
) {
    let (u, v, q, r) = (t.u as i128, t.v as i128, t.q as i128, t.r as i128);
    debug_assert_eq!(cx as u64 & M62, 0);
    debug_assert_eq!(cy as u64 & M62, 0);
    cx >>= 62;
    cy >>= 62;
    for i in 1..len {
        let (px, py) = if P {
            (p62[i] as i128 * mx as i128, p62[i] as i128 * my as i128)
        } else {
            (0, 0)
        };
        cx += u * x[i] as i128 + v * y[i] as i128 + px;
        cy += q * x[i] as i128 + r * y[i] as i128 + py;
        x[i - 1] = (cx as u64 & M62) as i64;
        y[i - 1] = (cy as u64 & M62) as i64;
        cx >>= 62;
        cy >>= 62;
    }
    x[len - 1] = cx as i64;
    y[len - 1] = cy as i64;
}

/// `r mod p` as `N` 64-bit limbs for `r` in `(-2p, p)`, negated first when `negate`.
fn normalize<const N: usize, const L: usize>(
    r: &Signed62,
    negate: bool,
    p62: &Signed62,
) -> [u64; N] {
    let mut r = *r;
    let carry = |r: &mut Signed62| {
        for i in 0..L - 1 {
            r[i + 1] += r[i] >> 62;
            r[i] &= M62 as i64;
        }
    };
    let add_p = |r: &mut Signed62| {
        for i in 0..L {
            r[i] += p62[i];
        }
    };
    // (-2p, p) -> (-p, p) by adding p when negative.
    if r[L - 1] < 0 {
        add_p(&mut r);
    }
    if negate {
        for x in r.iter_mut().take(L) {
            *x = -*x;
        }
    }
    carry(&mut r);
    // (-p, p) -> [0, p).
    if r[L - 1] < 0 {
        add_p(&mut r);
        carry(&mut r);
    }
    from_signed62::<N, L>(&r)
}

/// Whether `a < b` (little-endian limbs).
fn lt<const N: usize>(a: &[u64; N], b: &[u64; N]) -> bool {
    for i in (0..N).rev() {
        if a[i] != b[i] {
            return a[i] < b[i];
        }
    }
    false
}

/// `x^-1 mod p` for `0 < x < p` with `gcd(x, p) = 1` (plain integers, not Montgomery form;
/// [`inverse_mont_vartime`] is the Montgomery-form version); `None` for `x = 0`, `x >= p` or
/// `x` sharing a factor with `p`. Variable time (see the module). `N` must be at most 8
/// (a compile-time error otherwise).
pub fn inverse_vartime<const N: usize>(x: &[u64; N], m: &Modulus<N>) -> Option<[u64; N]> {
    const {
        assert!(
            N >= 1 && limbs62(N) <= MAX_LIMBS,
            "inverse_vartime: N must be 1..=8"
        )
    };
    match N {
        1 => inv::<N, { limbs62(1) }>(x, m),
        2 => inv::<N, { limbs62(2) }>(x, m),
        3 => inv::<N, { limbs62(3) }>(x, m),
        4 => inv::<N, { limbs62(4) }>(x, m),
        5 => inv::<N, { limbs62(5) }>(x, m),
        6 => inv::<N, { limbs62(6) }>(x, m),
        7 => inv::<N, { limbs62(7) }>(x, m),
        _ => inv::<N, { limbs62(8) }>(x, m),
    }
}

/// `(a R)^-1 R = a^-1 R mod p` for a Montgomery-form `a R` (`R = 2^(64N)`), or `None` for
/// zero, values `>= p` or values sharing a factor with `p`. Variable time; `N <= 8`.
#[inline]
pub fn inverse_mont_vartime<const N: usize>(a: &[u64; N], m: &Modulus<N>) -> Option<[u64; N]> {
    // The plain inverse is a^-1 R^-1; two Montgomery products with R^2 give a^-1 R.
    let inv = inverse_vartime(a, m)?;
    Some(crate::mul(&crate::mul(&inv, m.r2(), m), m.r2(), m))
}

/// The number of 62-step batches after which [`inv`] stops safegcd: twice the proven bound.
/// safegcd needs at most (45907 d + 26313) / 19929 steps for d-bit inputs (d >= 46), about
/// 2.31 d, i.e. 10 batches at 256 bits; the cap only guards the loop.
const fn max_batches(n: usize) -> usize {
    2 * ((45907 * 64 * n + 26313) / 19929 / 62 + 1) + 4
}

/// [`inverse_vartime`] with `L = limbs62(N)` 62-bit limbs.
#[inline(always)]
fn inv<const N: usize, const L: usize>(x: &[u64; N], m: &Modulus<N>) -> Option<[u64; N]> {
    inv_capped::<N, L>(x, m, max_batches(N))
}

/// [`inv`] with the batch cap as a parameter (tests force the fallback with a small cap).
/// Reaching the cap cannot happen by the bound above; if it did, the answer comes from
/// [`inverse_fermat`] instead of reading as "no inverse".
#[inline(always)]
fn inv_capped<const N: usize, const L: usize>(
    x: &[u64; N],
    m: &Modulus<N>,
    cap: usize,
) -> Option<[u64; N]> {
    debug_assert_eq!(L, limbs62(N));
    let p = m.p();
    if x.iter().all(|&l| l == 0) || !lt(x, p) {
        return None;
    }
    // n0 = -p^-1 mod 2^64.
    let p_inv62 = m.n0().wrapping_neg() & M62;
    let p62 = to_signed62::<N, L>(p);
    let mut d: Signed62 = [0; MAX_LIMBS];
    let mut e: Signed62 = [0; MAX_LIMBS];
    e[0] = 1;
    let (mut f, mut g) = (p62, to_signed62::<N, L>(x));
    let mut eta = -1i64;
    let mut len = L;
    for _ in 0..cap {
        let (eta1, t) = divsteps_62_var(eta, f[0] as u64, g[0] as u64);
        eta = eta1;
        update_de::<L>(&mut d, &mut e, &t, &p62, p_inv62);
        update_fg(&mut f, &mut g, len, &t);
        if g[0] == 0 && g[1..len].iter().all(|&l| l == 0) {
            // f = +-gcd; a unit is [1, 0, ..] or [M62, .., M62, -1].
            let negative = f[len - 1] < 0;
            let unit = if negative {
                f[len - 1] == -1 && f[..len - 1].iter().all(|&l| l == M62 as i64)
            } else {
                f[0] == 1 && f[1..len].iter().all(|&l| l == 0)
            };
            if !unit {
                return None;
            }
            return Some(normalize::<N, L>(&d, negative, &p62));
        }
        // Drop the top limb when it is a pure sign extension in both f and g.
        let (fl, gl) = (f[len - 1], g[len - 1]);
        if len > 1 && (fl ^ (fl >> 63)) == 0 && (gl ^ (gl >> 63)) == 0 {
            f[len - 2] |= ((fl as u64) << 62) as i64;
            g[len - 2] |= ((gl as u64) << 62) as i64;
            len -= 1;
        }
    }
    Some(inverse_fermat(x, m))
}

/// `x^(p-2) mod p` for `0 < x < p` (plain integers), checked to be `x^-1`: the inverse when
/// `p` is prime (every modulus the workspace inverts modulo: BN254's and BLS12-381's `p`).
/// Square-and-multiply over the bits of `p - 2` (branches on the public `p` only), about
/// `96 N` products.
///
/// # Panics
/// If the result is not the inverse, i.e. `p` is composite (Fermat does not apply). Only
/// [`inv_capped`] calls this, when safegcd passed its proven step bound, which does not happen
/// for any odd modulus: an impossible state is loud rather than a silent wrong answer.
fn inverse_fermat<const N: usize>(x: &[u64; N], m: &Modulus<N>) -> [u64; N] {
    // e = p - 2 (p >= 3); the borrow runs up while limbs are zero (as for p = 2^64 k + 1).
    let mut e = *m.p();
    let mut borrow;
    (e[0], borrow) = e[0].overflowing_sub(2);
    for limb in e.iter_mut().skip(1) {
        (*limb, borrow) = limb.overflowing_sub(u64::from(borrow));
    }
    let xm = crate::mul(x, m.r2(), m);
    let mut acc = *m.one();
    for i in (0..64 * N).rev() {
        acc = crate::square(&acc, m);
        if (e[i / 64] >> (i % 64)) & 1 == 1 {
            acc = crate::mul(&acc, &xm, m);
        }
    }
    assert_eq!(
        crate::mul(&acc, &xm, m),
        *m.one(),
        "inverse_fermat: the modulus is not prime"
    );
    let mut one = [0u64; N];
    one[0] = 1;
    crate::mul(&acc, &one, m)
}

#[cfg(test)]
mod tests {
    use super::*;

    const BN254_P: [u64; 4] = [
        0x3c208c16d87cfd47,
        0x97816a916871ca8d,
        0xb85045b68181585d,
        0x30644e72e131a029,
    ];

    /// A cap of 0 and 1 batches forces the Fermat fallback; it must agree with safegcd (which
    /// the integration tests check against num-bigint) and never read as "no inverse".
    #[test]
    fn cap_reached_falls_back_to_fermat() {
        let m = Modulus::new(BN254_P);
        let mut x = [0x0123_4567_89ab_cdefu64, 0xfedc_ba98_7654_3210, 7, 0x1234];
        for _ in 0..64 {
            let full = inv::<4, { limbs62(4) }>(&x, &m).expect("prime modulus, x != 0");
            for cap in [0, 1] {
                assert_eq!(inv_capped::<4, { limbs62(4) }>(&x, &m, cap), Some(full));
            }
            assert_eq!(inverse_fermat(&x, &m), full);
            x = crate::mul(&x, &[3, 5, 7, 11], &m);
        }
        // Small widths and x = 1, p - 1 at the edges.
        let m1 = Modulus::new([0xffff_ffff_ffff_ffc5u64]); // 2^64 - 59, prime
        for x in [1u64, 2, 0xffff_ffff_ffff_ffc4] {
            let full = inv::<1, { limbs62(1) }>(&[x], &m1).unwrap();
            assert_eq!(inv_capped::<1, { limbs62(1) }>(&[x], &m1, 0), Some(full));
        }
        // p = 12 * 2^64 + 1, prime: p - 2 borrows across a limb.
        let m2 = Modulus::new([1u64, 12]);
        for x in [[1u64, 0], [2, 0], [0, 1], [u64::MAX, 11], [0, 12]] {
            let full = inv::<2, { limbs62(2) }>(&x, &m2).unwrap();
            assert_eq!(inv_capped::<2, { limbs62(2) }>(&x, &m2, 0), Some(full));
        }
        // Zero and out-of-range values stay `None` before the loop, whatever the cap.
        assert_eq!(inv_capped::<4, { limbs62(4) }>(&[0; 4], &m, 0), None);
        assert_eq!(inv_capped::<4, { limbs62(4) }>(&BN254_P, &m, 0), None);
    }

    /// The cap is above the proven bound at every width.
    #[test]
    fn cap_exceeds_bound() {
        for n in 1..=8 {
            let bound_steps = (45907 * 64 * n + 26313) / 19929 + 1;
            assert!(max_batches(n) * 62 >= 2 * bound_steps, "n = {n}");
        }
    }
}
