//! The simplified SWU map (RFC 9380 section 6.6.2) onto the curves `y^2 = x^3 + A x + B`
//! isogenous to BLS12-381's G1 and G2, written once over the field: one square-root attempt
//! ([`Swu::sqrt_or_z_and_inverse`]) on `g(x1)` times a fourth power, whose non-square branch
//! already gives the root for `x2 = Z u^2 x1` and whose exponentiation also gives the inverse
//! of `x1`'s denominator (no inversion). Variable time (public inputs).

use super::super::fp::{fp2, P_MINUS_1};
use super::super::{Fp, Fp2};
use super::sqrt::{fp2_sqrt_or_z, fp_sqrt_and_inverse};
use crate::field::Field;

/// A field with the constants of its SSWU curve.
pub(super) trait Swu: Field {
    /// A' of the isogenous curve.
    const A: Self;
    /// B' of the isogenous curve.
    const B: Self;
    /// Z, the non-square of RFC 9380 section 8.8.
    const Z: Self;
    /// `-B / A`: `x1 = (-B / A) (tv2 + 1) / tv2`.
    const MINUS_B_OVER_A: Self;
    /// `Z self`, by additions.
    fn mul_by_z(self) -> Self;
    /// `(a is a square, r, 1 / a)` with `r^2 = a` for a square, `r^2 = Z a` otherwise, for
    /// `a != 0` (from one exponentiation; `a = 0` gives an unspecified value).
    fn sqrt_or_z_and_inverse(a: Self) -> (bool, Self, Self);
    /// RFC 9380's `sgn0` (parity of the canonical value, of `c0` first for Fp2).
    fn sgn0(self) -> bool;
}

/// `sqrt(-11)`, Fp's `sqrt(-Z)` (checked in the tests).
const SQRT_MINUS_11: Fp = Fp::from_canonical_limbs([
    0x5d874bc1d70637c3,
    0x3ed39794735c3831,
    0x366d601f33f3946e,
    0x942602029175a4ca,
    0xdfa9246c390d7a78,
    0x04610e003bd3ac94,
]);

impl Swu for Fp {
    const A: Fp = Fp::from_canonical_limbs([
        0x5cf428082d584c1d,
        0x98936f8da0e0f97f,
        0xd8e8981aefd881ac,
        0xb0ea985383ee66a8,
        0x3d693a02c96d4982,
        0x00144698a3b8e943,
    ]);
    const B: Fp = Fp::from_canonical_limbs([
        0xd1cc48e98e172be0,
        0x5a23215a316ceaa5,
        0xa0b9c14fcef35ef5,
        0x2016c1f0f24f4070,
        0x018b12e8753eee3b,
        0x12e2908d11688030,
    ]);
    const Z: Fp = Fp::from_canonical_limbs([11, 0, 0, 0, 0, 0]);
    const MINUS_B_OVER_A: Fp = Fp::from_canonical_limbs([
        0x29d670675e4c9c7c,
        0x51bdfcf95a84188e,
        0x1df39753aa278ba7,
        0xa928ad9f5bdbfac2,
        0x66ef2470460c78f6,
        0x0793154fd85631d9,
    ]);
    /// `11 a = 2 (4 a + a) + a`.
    #[inline]
    fn mul_by_z(self) -> Fp {
        (self.double().double() + self).double() + self
    }
    #[inline]
    fn sqrt_or_z_and_inverse(a: Fp) -> (bool, Fp, Fp) {
        let (square, s, s_inv) = fp_sqrt_and_inverse(a);
        // s^2 = +-a, so 1 / a = +-s_inv^2 with the same sign; for a non-square, s^2 = -a, so
        // (sqrt(-11) s)^2 = 11 a.
        if square {
            (true, s, s_inv.square())
        } else {
            (false, s * SQRT_MINUS_11, -s_inv.square())
        }
    }
    #[inline]
    fn sgn0(self) -> bool {
        self.to_canonical_limbs()[0] & 1 == 1
    }
}

impl Swu for Fp2 {
    const A: Fp2 = fp2([0; 6], [240, 0, 0, 0, 0, 0]);
    const B: Fp2 = fp2([1012, 0, 0, 0, 0, 0], [1012, 0, 0, 0, 0, 0]);
    /// `-(2 + u)`.
    const Z: Fp2 = fp2(
        [
            0xb9feffffffffaaa9,
            0x1eabfffeb153ffff,
            0x6730d2a0f6b0f624,
            0x64774b84f38512bf,
            0x4b1ba7b6434bacd7,
            0x1a0111ea397fe69a,
        ],
        P_MINUS_1,
    );
    /// `-B / A = k (u - 1)` with `k = 1012 / 240`.
    const MINUS_B_OVER_A: Fp2 = fp2(
        [
            0x725d8cccccccb1c3,
            0xd6834443da498888,
            0x02cf75e62bfc4df1,
            0x9b8c2d3f6f3f7923,
            0xfe2f284f0cc6e5aa,
            0x083c12791abdd5d2,
        ],
        [
            0x47a173333332f8e8,
            0x4828bbbad70a7777,
            0x64615cbacab4a832,
            0xc8eb1e458445999c,
            0x4cec7f673684c72c,
            0x11c4ff711ec210c7,
        ],
    );
    /// `-(2 + u) (a0 + a1 u) = (a1 - 2 a0) - (a0 + 2 a1) u`.
    #[inline]
    fn mul_by_z(self) -> Fp2 {
        Fp2::new(self.c1 - self.c0.double(), -(self.c0 + self.c1.double()))
    }
    #[inline]
    fn sqrt_or_z_and_inverse(a: Fp2) -> (bool, Fp2, Fp2) {
        let (square, r, norm_inv) = fp2_sqrt_or_z(a, Fp2::mul_by_z);
        // 1 / a = conj(a) / N(a).
        let conj = a.conjugate();
        (square, r, Fp2::new(conj.c0 * norm_inv, conj.c1 * norm_inv))
    }
    #[inline]
    fn sgn0(self) -> bool {
        let c0 = self.c0.to_canonical_limbs();
        c0[0] & 1 == 1 || (c0 == [0; 6] && self.c1.sgn0())
    }
}

/// RFC 9380's `map_to_curve_simple_swu(u)`: an affine point `(x, y)` of `y^2 = x^3 + A x + B`
/// with `sgn0(y) = sgn0(u)`. Every `u` gives a point (the exceptional `Z^2 u^4 + Z u^2 = 0`
/// takes `x1 = B / (Z A)` as the RFC says).
pub(super) fn map_to_curve_simple_swu<F: Swu>(u: F) -> (F, F) {
    let tv1 = u.square().mul_by_z();
    let tv2 = tv1.square() + tv1;
    // x1 = B (tv2 + 1) / (-A tv2) = (-B / A) (tv2 + 1) / tv2, or B / (Z A) when tv2 = 0;
    // A, Z != 0, so den != 0.
    let (num, den) = if tv2.is_zero() {
        (F::B, F::A * F::Z)
    } else {
        (F::MINUS_B_OVER_A * (tv2 + F::ONE), tv2)
    };
    // g(x1) = gn / den^3, so t = gn den = g(x1) den^4: a square exactly when g(x1) is, with
    // sqrt(g(x1)) = sqrt(t) / den^2; and 1 / den = gn / t.
    let den2 = den.square();
    let den3 = den2 * den;
    let gn = (num.square() + F::A * den2) * num + F::B * den3;
    let t = gn * den;
    let (x1, square, r) = if t.is_zero() {
        // g(x1) = 0, a point with y = 0, of order 2: both SSWU curves have odd order, so this
        // does not happen; kept so that the map is total without that argument.
        (num * den.inverse().unwrap_or(F::ZERO), true, F::ZERO)
    } else {
        let (square, r, t_inv) = F::sqrt_or_z_and_inverse(t);
        let den_inv = gn * t_inv;
        (num * den_inv, square, r * den_inv.square())
    };
    // g(x2) = g(Z u^2 x1) = Z^3 u^6 g(x1): its root is Z u^3 sqrt(Z g(x1)).
    let (x, y) = if square {
        (x1, r)
    } else {
        (tv1 * x1, tv1 * u * r)
    };
    let y = if y.sgn0() == u.sgn0() { y } else { -y };
    (x, y)
}
