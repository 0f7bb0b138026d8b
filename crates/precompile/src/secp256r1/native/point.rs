//! Points of secp256r1 (`y^2 = x^3 - 3x + b`): affine, and Jacobian `(X, Y, Z)` standing for
//! `(X / Z^2, Y / Z^3)`, with the `a = -3` doubling.

use super::field::Fe;
use crate::weierstrass::{self, Kernel};

/// `b` in Montgomery form.
pub const B: Fe = Fe([
    0xd89c_df62_29c4_bddf,
    0xacf0_05cd_7884_3090,
    0xe5a2_20ab_f721_2ed6,
    0xdc30_061d_0487_4834,
]);

/// An affine point (never the point at infinity).
pub type Affine = weierstrass::Affine<Fe>;

/// A point in Jacobian coordinates, or the point at infinity.
pub type Jacobian = weierstrass::Jacobian<Fe>;

weierstrass::impl_field!(Fe);

impl Affine {
    /// Whether `y^2 = x^3 - 3x + b`. `(0, 0)`, how an input would spell the point at infinity,
    /// is not on the curve (`b != 0`).
    pub fn is_on_curve(&self) -> bool {
        let x2_minus_3 = self.x.square().sub(&Fe::ONE.double().add(&Fe::ONE));
        self.y.square() == x2_minus_3.mul(&self.x).add(&B)
    }
}

impl Jacobian {
    /// `2 self` (dbl-2001-b, `a = -3`, with `Z3 = 2 Y Z` and `8 gamma^2 = 2 (2 gamma)^2`: 4
    /// multiplications, 4 squarings and fewer additions; a product costs a square with the
    /// assembly kernel). The curve has no point of order 2 (prime order), so only infinity
    /// doubles to infinity. `k`: the field's kernel.
    #[inline]
    pub fn double<K: Kernel<Fe>>(&self, k: K) -> Jacobian {
        if self.inf {
            return *self;
        }
        let delta = k.square(&self.z);
        let gamma = k.square(&self.y);
        let beta = k.mul(&self.x, &gamma);
        let t = k.mul(&self.x.sub(&delta), &self.x.add(&delta));
        let alpha = t.double().add(&t);
        let beta4 = beta.double().double();
        let x = k.square(&alpha).sub(&beta4.double());
        let z = k.mul(&self.y, &self.z).double();
        let y = k
            .mul(&alpha, &beta4.sub(&x))
            .sub(&k.square(&gamma.double()).double());
        Jacobian {
            x,
            y,
            z,
            inf: false,
        }
    }

    /// `self + b` for an affine `b` (madd-2007-bl with `Z3 = 2 Z1 H`: 8 multiplications, 3
    /// squarings; the
    /// formulas do not involve the curve's `a` or `b`); the double when `b = self`, infinity
    /// when `b = -self`, `b` itself when `self` is infinity. `k`: the field's kernel.
    #[inline]
    pub fn add_affine<K: Kernel<Fe>>(&self, k: K, b: &Affine) -> Jacobian {
        if self.inf {
            return Jacobian::from_affine(b);
        }
        let z1z1 = k.square(&self.z);
        let u2 = k.mul(&b.x, &z1z1);
        let s2 = k.mul(&k.mul(&b.y, &self.z), &z1z1);
        let h = u2.sub(&self.x);
        let r = s2.sub(&self.y).double();
        if h.is_zero() {
            return if r.is_zero() {
                self.double(k)
            } else {
                Jacobian::INFINITY
            };
        }
        let hh = k.square(&h);
        let i = hh.double().double();
        let j = k.mul(&h, &i);
        let v = k.mul(&self.x, &i);
        let x = k.square(&r).sub(&j).sub(&v.double());
        let y = k.mul(&r, &v.sub(&x)).sub(&k.mul(&self.y, &j).double());
        let z = k.mul(&self.z, &h).double();
        Jacobian {
            x,
            y,
            z,
            inf: false,
        }
    }
}
