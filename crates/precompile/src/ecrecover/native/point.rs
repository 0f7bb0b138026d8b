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
    /// `2 self` (dbl-2009-l with `D = 4 X B` for `2 ((X + B)^2 - A - C)`: 3 multiplications, 4
    /// squarings and fewer additions, the small multiples `4 D`, `3 A`, `8 C` in one step each; a product costs a square with the assembly kernel). The
    /// curve has no point of order 2, so only infinity doubles to infinity. `k`: the
    /// field's kernel.
    #[inline]
    pub fn double<K: Kernel<Fe>>(&self, k: K) -> Jacobian {
        if self.inf {
            return *self;
        }
        let a = k.square(&self.x);
        let b = k.square(&self.y);
        let c = k.square(&b);
        let d = k.mul(&self.x, &b).mul_small(4);
        let e = a.mul_small(3);
        let f = k.square(&e);
        let x = f.sub(&d.double());
        let c8 = c.mul_small(8);
        let y = k.mul(&e, &d.sub(&x)).sub(&c8);
        let z = k.mul(&self.y, &self.z).double();
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
    /// `self.z`. Returns the sum and `H` (the sum's `Z` is `self.z * H`), or the double when
    /// `b = self`, or infinity when `b = -self`. `k`: the field's kernel.
    #[inline]
    pub fn add_affine<K: Kernel<Fe>>(&self, k: K, b: &Affine, zb: &Fe) -> (Jacobian, Fe) {
        let zb2 = k.square(zb);
        let u2 = k.mul(&b.x, &zb2);
        let s2 = k.mul(&b.y, &k.mul(&zb2, zb));
        let h = u2.sub(&self.x);
        let r = s2.sub(&self.y);
        if h.is_zero() {
            if r.is_zero() {
                let d = self.double(k);
                return (d, self.y.double());
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
