//! Points of secp256k1 (`y^2 = x^3 + 7`): affine, and Jacobian `(X, Y, Z)` standing for
//! `(X / Z^2, Y / Z^3)`. The formulas never use the curve's `b`, so they serve unchanged on the
//! isomorphic curves `y^2 = x^3 + 7 u^6` reached by scaling `(x, y)` to `(u^2 x, u^3 y)`: the
//! "effective affine" coordinates of [`super::ecmult`].

use super::field::Fe;
use crate::weierstrass::{self, Kernel};

/// An affine point (never the point at infinity).
pub type Affine = weierstrass::Affine<Fe>;

/// A point in Jacobian coordinates, or the point at infinity.
pub type Jacobian = weierstrass::Jacobian<Fe>;

weierstrass::impl_field!(Fe);

/// `beta`, a cube root of 1 mod p: `lambda (x, y) = (beta x, y)`.
pub const BETA: Fe = Fe([
    0xc139_6c28_7195_01ee,
    0x9cf0_4975_12f5_8995,
    0x6e64_479e_ac34_34e9,
    0x7ae9_6a2b_657c_0710,
]);

impl Affine {
    /// `lambda self = (beta x, y)`.
    #[inline]
    pub fn endo<K: Kernel<Fe>>(&self, k: K) -> Affine {
        Affine {
            x: k.mul(&self.x, &BETA),
            y: self.y,
        }
    }

    /// Whether `y^2 = x^3 + 7`.
    pub fn is_on_curve(&self) -> bool {
        self.y.square() == self.x.square().mul(&self.x).add(&Fe([7, 0, 0, 0]))
    }
}

impl Jacobian {
    /// `2 self` (libsecp256k1's doubling: `Z3 = Y Z` instead of `2 Y Z`, so the slope's
    /// numerator is `L = 3 X^2 / 2` (a halving) and `X3 = L^2 - 2 X S`,
    /// `Y3 = L (X S - X3) - S^2` with `S = Y^2`: 3 multiplications, 4 squarings and five
    /// small steps). The curve has no point of order 2, so only infinity doubles to infinity.
    /// `k`: the field's kernel.
    #[inline(always)]
    pub fn double<K: Kernel<Fe>>(&self, k: K) -> Jacobian {
        if self.inf {
            return *self;
        }
        let s = k.square(&self.y);
        let l = k.square(&self.x).mul_small::<3>().half();
        let t = k.mul(&self.x, &s);
        let x = k.square(&l).sub(&t.double());
        let y = k.mul(&l, &t.sub(&x)).sub(&k.square(&s));
        let z = k.mul(&self.y, &self.z);
        Jacobian {
            x,
            y,
            z,
            inf: false,
        }
    }

    /// `self + b` for a finite `self` and an affine `b` whose coordinates are scaled by
    /// `zb^2, zb^3` relative to `self`'s (`zb = self.z` for points on the same curve; see
    /// [`super::ecmult`] for the other use): 8 multiplications and 3 squarings when `zb` is
    /// `self.z`. Returns the sum and `H` (the sum's `Z` is `self.z * H`), or the double (and `Y`,
    /// its `Z` being `self.z * Y`) when `b = self`, or infinity when `b = -self`. `k`: the field's kernel.
    #[inline(always)]
    pub fn add_affine<K: Kernel<Fe>>(&self, k: K, b: &Affine, zb: &Fe) -> (Jacobian, Fe) {
        let zb2 = k.square(zb);
        let u2 = k.mul(&b.x, &zb2);
        let s2 = k.mul(&b.y, &k.mul(&zb2, zb));
        let h = u2.sub(&self.x);
        let r = s2.sub(&self.y);
        if h.is_zero() {
            if r.is_zero() {
                let d = self.double(k);
                return (d, self.y);
            }
            return (Jacobian::INFINITY, Fe::ZERO);
        }
        let hh = k.square(&h);
        let hhh = k.mul(&h, &hh);
        let v = k.mul(&self.x, &hh);
        let x = k.square(&r).sub(&hhh).sub(&v.double());
        let y = k.mul(&r, &v.sub(&x)).sub(&k.mul(&self.y, &hhh));
        let z = k.mul(&self.z, &h);
        (
            Jacobian {
                x,
                y,
                z,
                inf: false,
            },
            h,
        )
    }
}
