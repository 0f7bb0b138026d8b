//! Modular inversion modulo the BN254 base-field prime p by Bernstein-Yang "safegcd" with
//! variable-time batches of up to 62 division steps (the variant of Wuille's analysis, as in
//! libsecp256k1's `modinv64_var`), on signed 62-bit limbs.
//!
//! Variable time: the number of steps and the branches depend on the operand. That is fine
//! here because every BN254 precompile input is public (no secret ever reaches this code).
//! About 10 batches of 62 steps for a 254-bit input, several times faster than Fermat's
//! `a^(p-2)` (about 300 Montgomery multiplications).

use super::fp::P;

const M62: u64 = u64::MAX >> 2;

/// A signed integer as five 62-bit limbs (little-endian; the top limb carries the sign).
type Signed62 = [i64; 5];

/// p in [`Signed62`] form.
const P62: Signed62 = to_signed62(&P);

/// `p^-1 mod 2^62`.
const P_INV62: u64 = {
    // Newton iteration on 64 bits, then truncated.
    let mut x = P[0];
    let mut i = 0;
    while i < 5 {
        x = x.wrapping_mul(2u64.wrapping_sub(P[0].wrapping_mul(x)));
        i += 1;
    }
    x & M62
};

/// The 2x2 transition matrix of a batch of 62 steps, scaled by 2^62:
/// `(f, g) -> ((u f + v g) / 2^62, (q f + r g) / 2^62)`.
struct Trans {
    u: i64,
    v: i64,
    q: i64,
    r: i64,
}

const fn to_signed62(a: &[u64; 4]) -> Signed62 {
    [
        (a[0] & M62) as i64,
        ((a[0] >> 62 | a[1] << 2) & M62) as i64,
        ((a[1] >> 60 | a[2] << 4) & M62) as i64,
        ((a[2] >> 58 | a[3] << 6) & M62) as i64,
        (a[3] >> 56) as i64,
    ]
}

/// The four 64-bit limbs of a non-negative [`Signed62`] below 2^256 with limbs in `[0, 2^62)`.
fn from_signed62(a: &Signed62) -> [u64; 4] {
    let a = a.map(|x| x as u64);
    [
        a[0] | a[1] << 62,
        a[1] >> 2 | a[2] << 60,
        a[2] >> 4 | a[3] << 58,
        a[3] >> 6 | a[4] << 56,
    ]
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

/// `(d, e) <- ((u d + v e) / 2^62, (q d + r e) / 2^62) mod p`, keeping both in `(-2p, p)`.
fn update_de(d: &mut Signed62, e: &mut Signed62, t: &Trans) {
    let (u, v, q, r) = (t.u, t.v, t.q, t.r);
    let sd = d[4] >> 63;
    let se = e[4] >> 63;
    // Add p times these to make the results non-negative-ish and the low 62 bits divisible.
    let mut md = (u & sd) + (v & se);
    let mut me = (q & sd) + (r & se);
    let mut cd = u as i128 * d[0] as i128 + v as i128 * e[0] as i128;
    let mut ce = q as i128 * d[0] as i128 + r as i128 * e[0] as i128;
    md -= (P_INV62.wrapping_mul(cd as u64).wrapping_add(md as u64) & M62) as i64;
    me -= (P_INV62.wrapping_mul(ce as u64).wrapping_add(me as u64) & M62) as i64;
    cd += P62[0] as i128 * md as i128;
    ce += P62[0] as i128 * me as i128;
    debug_assert_eq!(cd as u64 & M62, 0);
    debug_assert_eq!(ce as u64 & M62, 0);
    cd >>= 62;
    ce >>= 62;
    for i in 1..5 {
        cd += u as i128 * d[i] as i128 + v as i128 * e[i] as i128 + P62[i] as i128 * md as i128;
        ce += q as i128 * d[i] as i128 + r as i128 * e[i] as i128 + P62[i] as i128 * me as i128;
        d[i - 1] = (cd as u64 & M62) as i64;
        e[i - 1] = (ce as u64 & M62) as i64;
        cd >>= 62;
        ce >>= 62;
    }
    d[4] = cd as i64;
    e[4] = ce as i64;
}

/// `(f, g) <- ((u f + v g) / 2^62, (q f + r g) / 2^62)` on the low `len` limbs (exact).
fn update_fg(f: &mut Signed62, g: &mut Signed62, len: usize, t: &Trans) {
    let (u, v, q, r) = (t.u as i128, t.v as i128, t.q as i128, t.r as i128);
    let mut cf = u * f[0] as i128 + v * g[0] as i128;
    let mut cg = q * f[0] as i128 + r * g[0] as i128;
    debug_assert_eq!(cf as u64 & M62, 0);
    debug_assert_eq!(cg as u64 & M62, 0);
    cf >>= 62;
    cg >>= 62;
    for i in 1..len {
        cf += u * f[i] as i128 + v * g[i] as i128;
        cg += q * f[i] as i128 + r * g[i] as i128;
        f[i - 1] = (cf as u64 & M62) as i64;
        g[i - 1] = (cg as u64 & M62) as i64;
        cf >>= 62;
        cg >>= 62;
    }
    f[len - 1] = cf as i64;
    g[len - 1] = cg as i64;
}

/// `r mod p` as four 64-bit limbs for `r` in `(-2p, p)`, negated first when `negate`.
fn normalize(r: &Signed62, negate: bool) -> [u64; 4] {
    let mut r = *r;
    let carry = |r: &mut Signed62| {
        for i in 0..4 {
            r[i + 1] += r[i] >> 62;
            r[i] &= M62 as i64;
        }
    };
    // (-2p, p) -> (-p, p) by adding p when negative.
    if r[4] < 0 {
        for i in 0..5 {
            r[i] += P62[i];
        }
    }
    if negate {
        for x in r.iter_mut() {
            *x = -*x;
        }
    }
    carry(&mut r);
    // (-p, p) -> [0, p).
    if r[4] < 0 {
        for i in 0..5 {
            r[i] += P62[i];
        }
        carry(&mut r);
    }
    from_signed62(&r)
}

/// The batches a 256-bit input needs at most: safegcd's bound of 590 steps for 256-bit inputs
/// is about 10 batches; the cap only guards the loop (never reached for odd p).
const MAX_BATCHES: usize = 24;

/// `x^-1 mod p` for `0 < x < p` (plain integers, not Montgomery form); `None` for `x = 0` or a
/// value sharing a factor with p (none below p, p being prime), or `x >= p`.
pub fn inverse_mod_p(x: &[u64; 4]) -> Option<[u64; 4]> {
    if *x == [0; 4] || !super::fp::is_below_p(x) {
        return None;
    }
    let (mut d, mut e): (Signed62, Signed62) = ([0; 5], [1, 0, 0, 0, 0]);
    let (mut f, mut g) = (P62, to_signed62(x));
    let mut eta = -1i64;
    let mut len = 5usize;
    for _ in 0..MAX_BATCHES {
        let (eta1, t) = divsteps_62_var(eta, f[0] as u64, g[0] as u64);
        eta = eta1;
        update_de(&mut d, &mut e, &t);
        update_fg(&mut f, &mut g, len, &t);
        if g[0] == 0 && g[1..len].iter().all(|&l| l == 0) {
            // f = gcd = +-1 (p prime, 0 < x < p): [1, 0, ..] or [M62, .., M62, -1].
            let negative = f[len - 1] < 0;
            let unit = if negative {
                f[len - 1] == -1 && f[..len - 1].iter().all(|&l| l == M62 as i64)
            } else {
                f[0] == 1 && f[1..len].iter().all(|&l| l == 0)
            };
            if !unit {
                return None;
            }
            return Some(normalize(&d, negative));
        }
        // Drop the top limb when it is a pure sign extension in both f and g.
        let (fl, gl) = (f[len - 1], g[len - 1]);
        if len > 1 && (fl ^ (fl >> 63)) == 0 && (gl ^ (gl >> 63)) == 0 {
            f[len - 2] |= ((fl as u64) << 62) as i64;
            g[len - 2] |= ((gl as u64) << 62) as i64;
            len -= 1;
        }
    }
    None
}
