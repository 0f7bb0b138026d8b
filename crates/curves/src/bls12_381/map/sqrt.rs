//! Square roots for the maps: a sliding-window power by a fixed public exponent, the Fp root
//! `a^((p+1)/4) = a a^((p-3)/4)` (p = 3 mod 4) that also serves non-squares and whose power
//! `a^((p-3)/4)` is the root's inverse up to sign, and an Fp2 root from the roots of the norm
//! and of one more Fp element (two Fp exponentiations instead of one Fp2 exponentiation of
//! twice the length, and no inversion). Variable time: the maps' inputs are public.

use super::super::{Fp, Fp2};

/// `(p - 3) / 4`, little-endian (`a^e` is `1 / sqrt(a)` up to sign; `4 e + 3 = p` is checked
/// in the tests).
pub(super) const RECIP_SQRT_EXP: [u64; 6] = [
    0xee7fbfffffffeaaa,
    0x07aaffffac54ffff,
    0xd9cc34a83dac3d89,
    0xd91dd2e13ce144af,
    0x92c6e9ed90d2eb35,
    0x0680447a8e5ff9a6,
];

/// `1 / 2 = (p + 1) / 2`.
pub(super) const HALF: Fp = Fp::from_canonical_limbs([
    0xdcff7fffffffd556,
    0x0f55ffff58a9ffff,
    0xb39869507b587b12,
    0xb23ba5c279c2895f,
    0x258dd3db21a5d66b,
    0x0d0088f51cbff34d,
]);

/// A square root of -5 in Fp (-1 and 5 are both non-squares): it turns a root of `-N(a)` into
/// one of `N(Z a) = 5 N(a)` for G2's `Z = -(2 + u)`.
pub(super) const SQRT_MINUS_5: Fp = Fp::from_canonical_limbs([
    0x4d39c9db7b263cd4,
    0x6c12a6d436befcf9,
    0xa014c40bceb7d230,
    0x4614aa5e2eebdeb1,
    0x7a88b0f999ab2b50,
    0x186417302d5a6534,
]);

/// Window width of [`pow_window`]: 16 odd powers, about `bits / 6` products for a dense
/// 379-bit exponent (against `bits / 2` for square-and-multiply).
const WINDOW: usize = 5;

/// `a^e` for the little-endian public exponent `e`, by left-to-right sliding windows of up to
/// [`WINDOW`] bits over a table of the odd powers of `a`; each run of squarings between two
/// products is one [`Fp::square_n`].
pub(crate) fn pow_window(a: Fp, e: &[u64]) -> Fp {
    let bit = |i: usize| (e[i / 64] >> (i % 64)) & 1;
    // Two interleaved chains (`a^(2i+1) = a^(2i-3) a^4`): neighbouring products are
    // independent.
    let a2 = a.square();
    let a4 = a2.square();
    let mut odd = [a; 1 << (WINDOW - 1)];
    odd[1] = a * a2;
    for i in 2..odd.len() {
        odd[i] = odd[i - 2] * a4;
    }
    let mut acc: Option<Fp> = None;
    // Squarings owed to `acc` (zero bits passed since the last window).
    let mut owed = 0u32;
    let mut i = 64 * e.len();
    while i > 0 {
        let top = i - 1;
        if bit(top) == 0 {
            owed += acc.is_some() as u32;
            i -= 1;
            continue;
        }
        // The window [low, top]: at most WINDOW bits, ending on a set bit.
        let mut low = top.saturating_sub(WINDOW - 1);
        while bit(low) == 0 {
            low += 1;
        }
        let w = (low..=top).rev().fold(0, |w, k| w << 1 | bit(k) as usize);
        acc = Some(match acc {
            None => odd[w >> 1],
            Some(x) => x.square_n(owed + (top - low + 1) as u32) * odd[w >> 1],
        });
        owed = 0;
        i = low;
    }
    acc.map_or(Fp::ONE, |x| x.square_n(owed))
}

/// `(a is a square, s, 1 / s)` with `s = a^((p+1)/4)`: `s^2 = a` for a square, `s^2 = -a`
/// otherwise (p = 3 mod 4, so -1 is a non-square and `a^((p-1)/2) = -1`). The inverse comes
/// free: `r = a^((p-3)/4)` gives `s = a r` and `s r = a^((p-1)/2) = +-1`, so `1 / s = +-r`
/// (zero for `a = 0`, which has no inverse).
#[inline]
pub(super) fn fp_sqrt_and_inverse(a: Fp) -> (bool, Fp, Fp) {
    let r = pow_window(a, &RECIP_SQRT_EXP);
    let s = a * r;
    let square = s.square() == a;
    (square, s, if square { r } else { -r })
}

/// `(a is a square, s)` with `s = a^((p+1)/4)`: [`fp_sqrt_and_inverse`] without the inverse.
#[inline]
pub(super) fn fp_sqrt_or_neg(a: Fp) -> (bool, Fp) {
    let (square, s, _) = fp_sqrt_and_inverse(a);
    (square, s)
}

/// A square root of the square `a = a0 + a1 u` of Fp2, given a root `m` of its norm
/// `a0^2 + a1^2`. `x0^2 = (a0 + m) / 2` when that is a square in Fp, and then
/// `x1 = a1 / (2 x0)`; otherwise `(a0 - m) / 2 = -a1^2 / (4 t)` is the square, and the root of
/// `-t` that [`fp_sqrt_or_neg`] returned for `t` gives both parts.
pub(super) fn fp2_sqrt_with_norm_root(a: Fp2, m: Fp) -> Fp2 {
    if a.c1.is_zero() {
        // a in Fp: its root, or u times the root of -a0.
        let (square, s) = fp_sqrt_or_neg(a.c0);
        return if square {
            Fp2::new(s, Fp::ZERO)
        } else {
            Fp2::new(Fp::ZERO, s)
        };
    }
    // t (a0 - m)/2 = -a1^2/4 != 0, so t and s are not zero and 2s is invertible.
    let t = (a.c0 + m) * HALF;
    let (square, s, s_inv) = fp_sqrt_and_inverse(t);
    let c = a.c1 * s_inv * HALF;
    if square {
        Fp2::new(s, c)
    } else {
        Fp2::new(c, s)
    }
}

/// `(a is a square in Fp2, root, 1 / N(a))`: a square root of `a` when it is a square, else a
/// square root of `z a`, where `z` is a non-square of norm 5 (G2's SSWU constant `-(2 + u)`,
/// passed as `za`, the product the caller has); and the inverse of the norm `N(a) = a0^2 +
/// a1^2` from the same exponentiation (zero for `a = 0`). A square of Fp2 is one whose norm
/// is a square of Fp.
pub(super) fn fp2_sqrt_or_z(a: Fp2, za: impl FnOnce(Fp2) -> Fp2) -> (bool, Fp2, Fp) {
    let norm = a.c0.square() + a.c1.square();
    let (square, m, m_inv) = fp_sqrt_and_inverse(norm);
    // m^2 = +-N(a), so 1 / N(a) = +-m_inv^2 with the same sign.
    let norm_inv = if square {
        m_inv.square()
    } else {
        -m_inv.square()
    };
    if square {
        (true, fp2_sqrt_with_norm_root(a, m), norm_inv)
    } else {
        // m^2 = -N(a), so (sqrt(-5) m)^2 = 5 N(a) = N(z a).
        let root = fp2_sqrt_with_norm_root(za(a), m * SQRT_MINUS_5);
        (false, root, norm_inv)
    }
}
