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
    /// `2 self` (dbl-2001-b for `a = -3` scaled as libsecp256k1's doubling: `Z3 = Y Z`
    /// instead of `2 Y Z`, so the slope's numerator is `L = 3 (X - Z^2)(X + Z^2) / 2` (a
    /// halving) and `X3 = L^2 - 2 B`, `Y3 = L (B - X3) - (Y^2)^2` with `B = X Y^2`: 4
    /// multiplications, 4 squarings and eight small steps). The curve has no point of order 2
    /// (prime order), so only infinity doubles to infinity. `k`: the field's kernel.
    #[inline(always)]
    pub fn double<K: Kernel<Fe>>(&self, k: K) -> Jacobian {
        if self.inf {
            return *self;
        }
        let delta = k.square(&self.z);
        let gamma = k.square(&self.y);
        let beta = k.mul(&self.x, &gamma);
        let t = k.mul(&self.x.sub(&delta), &self.x.add(&delta));
        let l = t.add(&t.half());
        let x = k.square(&l).sub(&beta.double());
        let y = k.mul(&l, &beta.sub(&x)).sub(&k.square(&gamma));
        let z = k.mul(&self.y, &self.z);
        Jacobian {
            x,
            y,
            z,
            inf: false,
        }
    }

    /// `self + b` for an affine `b` (madd-2007-bl without its factors of 2: `Z3 = Z1 H`, 8
    /// multiplications, 3 squarings and seven small steps; the formulas do not involve the
    /// curve's `a` or `b`); the double when `b = self`, infinity when `b = -self`, `b` itself
    /// when `self` is infinity. `k`: the field's kernel.
    #[inline(always)]
    pub fn add_affine<K: Kernel<Fe>>(&self, k: K, b: &Affine) -> Jacobian {
        if self.inf {
            return Jacobian::from_affine(b);
        }
        let z1z1 = k.square(&self.z);
        let u2 = k.mul(&b.x, &z1z1);
        let s2 = k.mul(&b.y, &k.mul(&z1z1, &self.z));
        let h = u2.sub(&self.x);
        let r = s2.sub(&self.y);
        if h.is_zero() {
            return if r.is_zero() {
                self.double(k)
            } else {
                Jacobian::INFINITY
            };
        }
        let hh = k.square(&h);
        let hhh = k.mul(&h, &hh);
        let v = k.mul(&self.x, &hh);
        let x = k.square(&r).sub(&hhh).sub(&v.double());
        let y = k.mul(&r, &v.sub(&x)).sub(&k.mul(&self.y, &hhh));
        let z = k.mul(&self.z, &h);
        Jacobian {
            x,
            y,
            z,
            inf: false,
        }
    }
}
