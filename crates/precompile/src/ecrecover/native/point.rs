//! Points of secp256k1 (`y^2 = x^3 + 7`): affine, and Jacobian `(X, Y, Z)` standing for
//! `(X / Z^2, Y / Z^3)`. The formulas never use the curve's `b`, so they serve unchanged on the
//! isomorphic curves `y^2 = x^3 + 7 u^6` reached by scaling `(x, y)` to `(u^2 x, u^3 y)`: the
//! "effective affine" coordinates of [`super::ecmult`].

use super::field::Fe;
use crate::weierstrass;

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
    pub fn endo(&self) -> Affine {
        Affine {
            x: self.x.mul(&BETA),
            y: self.y,
        }
    }

    /// Whether `y^2 = x^3 + 7`.
    pub fn is_on_curve(&self) -> bool {
        self.y.square() == self.x.square().mul(&self.x).add(&Fe([7, 0, 0, 0]))
    }

    /// `self + b` in a `const` context (affine formulas, one Fermat inversion; for compile-time
    /// tables). `None` for the point at infinity; `self = b` is doubled.
    pub const fn add_const(&self, b: &Affine) -> Option<Affine> {
        let dx = b.x.sub(&self.x);
        let slope = if dx.is_zero() {
            if b.y.add(&self.y).is_zero() {
                return None;
            }
            // (3 x^2) / (2 y)
            let x2 = self.x.mul_const(&self.x);
            x2.add(&x2)
                .add(&x2)
                .mul_const(&self.y.double().invert_const())
        } else {
            b.y.sub(&self.y).mul_const(&dx.invert_const())
        };
        let x = slope.mul_const(&slope).sub(&self.x).sub(&b.x);
        let y = slope.mul_const(&self.x.sub(&x)).sub(&self.y);
        Some(Affine { x, y })
    }
}

impl Jacobian {
    /// `2 self` (dbl-2009-l with `D = 4 X B` for `2 ((X + B)^2 - A - C)`: 3 multiplications, 4
    /// squarings and fewer additions; a product costs a square with the assembly kernel). The
    /// curve has no point of order 2, so only infinity doubles to infinity.
    #[inline]
    pub fn double(&self) -> Jacobian {
        if self.inf {
            return *self;
        }
        let a = self.x.square();
        let b = self.y.square();
        let c = b.square();
        let d = self.x.mul(&b).double().double();
        let e = a.double().add(&a);
        let f = e.square();
        let x = f.sub(&d.double());
        let c8 = c.double().double().double();
        let y = e.mul(&d.sub(&x)).sub(&c8);
        let z = self.y.mul(&self.z).double();
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
    /// `b = self`, or infinity when `b = -self`.
    #[inline]
    pub fn add_affine(&self, b: &Affine, zb: &Fe) -> (Jacobian, Fe) {
        let zb2 = zb.square();
        let u2 = b.x.mul(&zb2);
        let s2 = b.y.mul(&zb2.mul(zb));
        let h = u2.sub(&self.x);
        let r = s2.sub(&self.y);
        if h.is_zero() {
            if r.is_zero() {
                let d = self.double();
                return (d, self.y.double());
            }
            return (Jacobian::INFINITY, Fe::ZERO);
        }
        let hh = h.square();
        let hhh = h.mul(&hh);
        let v = self.x.mul(&hh);
        let x = r.square().sub(&hhh).sub(&v.double());
        let y = r.mul(&v.sub(&x)).sub(&self.y.mul(&hhh));
        let z = self.z.mul(&h);
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
