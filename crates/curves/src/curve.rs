//! Short-Weierstrass arithmetic for `y^2 = x^3 + b` (a = 0) over any of our fields: G1 over
//! Fp and G2 (the twist) over Fp2 share these formulas.
//!
//! Jacobian `(X, Y, Z)` is the affine point `(X / Z^2, Y / Z^3)`; `Z = 0` is the point at
//! infinity. Formulas: `dbl-2009-l`, `madd-2007-bl` and `add-2007-bl` of the Explicit-Formulas
//! Database, with the exceptional cases (equal or opposite inputs, infinity) handled
//! explicitly. Variable time (branches on public coordinates: precompile inputs are public).

use crate::field::Field;
use crate::inverse::batch_invert;

/// An affine point, or the point at infinity.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Affine<F> {
    /// x (zero for infinity).
    pub x: F,
    /// y (zero for infinity).
    pub y: F,
    /// Whether this is the point at infinity.
    pub infinity: bool,
}

/// A point in Jacobian coordinates (`Z = 0`: infinity).
#[derive(Clone, Copy, Debug)]
pub struct Jacobian<F> {
    /// X.
    pub x: F,
    /// Y.
    pub y: F,
    /// Z.
    pub z: F,
}

impl<F: Field> Affine<F> {
    /// `[k] self` for a 64-bit `k`, by double-and-add from the top bit with mixed
    /// additions of the affine `self` (7M + 4S each instead of a general addition's 11M + 5S).
    pub fn mul_u64(&self, k: u64) -> Jacobian<F> {
        let mut acc = Jacobian::INFINITY;
        for i in (0..64 - k.leading_zeros()).rev() {
            acc = acc.double();
            if (k >> i) & 1 == 1 {
                acc = acc.add_mixed(self);
            }
        }
        acc
    }

    /// The point at infinity.
    pub const INFINITY: Self = Affine {
        x: F::ZERO,
        y: F::ZERO,
        infinity: true,
    };

    /// The finite point `(x, y)` (not checked to be on a curve).
    #[inline]
    pub const fn new(x: F, y: F) -> Self {
        Affine {
            x,
            y,
            infinity: false,
        }
    }

    /// Whether `(x, y)` satisfies `y^2 = x^3 + b` (true for infinity).
    #[inline]
    pub fn is_on_curve_with(&self, b: F) -> bool {
        self.infinity || self.y.square() == self.x.square() * self.x + b
    }

    /// `-self`.
    #[inline]
    pub fn neg(&self) -> Self {
        Affine {
            x: self.x,
            y: -self.y,
            infinity: self.infinity,
        }
    }

    /// `self + other` in affine coordinates with one inversion (the cheapest way when both
    /// inputs and the output are affine, as in ECADD).
    pub fn add_affine(&self, other: &Self) -> Self {
        if self.infinity {
            return *other;
        }
        if other.infinity {
            return *self;
        }
        let lambda = if self.x == other.x {
            // Equal x: Q = P or Q = -P. A y = 0 point (order 2) is P = -P.
            if self.y != other.y || self.y.is_zero() {
                return Self::INFINITY;
            }
            // Tangent slope 3 x^2 / (2 y).
            let x2 = self.x.square();
            match self.y.double().inverse() {
                Some(inv) => (x2.double() + x2) * inv,
                None => return Self::INFINITY,
            }
        } else {
            match (other.x - self.x).inverse() {
                Some(inv) => (other.y - self.y) * inv,
                None => return Self::INFINITY,
            }
        };
        let x3 = lambda.square() - self.x - other.x;
        let y3 = lambda * (self.x - x3) - self.y;
        Affine::new(x3, y3)
    }
}

/// The group of one of our curves, keyed by its coordinate field (each field carries one
/// curve: BN254 and BLS12-381 G1 over their `Fp`, their twists G2 over their `Fp2`): the
/// constant `b` and the test of the order-r subgroup, which the point methods
/// [`Affine::is_on_curve`] and [`Affine::is_in_subgroup`] use.
pub trait CurveField: Field {
    /// The curve's constant `b` in `y^2 = x^3 + b`.
    const B: Self;
    /// Whether the finite point `p`, on the curve, is in the order-r subgroup (meaningless,
    /// but never a panic, for points off the curve).
    fn in_subgroup(p: &Affine<Self>) -> bool;
}

impl<F: CurveField> Affine<F> {
    /// Whether the point is on its curve `y^2 = x^3 + b` (true for infinity; not a subgroup
    /// check).
    #[inline]
    pub fn is_on_curve(&self) -> bool {
        self.is_on_curve_with(F::B)
    }

    /// Whether an on-curve point is in the order-r subgroup (true for infinity; meaningless,
    /// but never a panic, for points off the curve).
    #[inline]
    pub fn is_in_subgroup(&self) -> bool {
        self.infinity || F::in_subgroup(self)
    }
}

impl<F: Field> From<Affine<F>> for Jacobian<F> {
    #[inline]
    fn from(p: Affine<F>) -> Self {
        if p.infinity {
            Jacobian::INFINITY
        } else {
            Jacobian {
                x: p.x,
                y: p.y,
                z: F::ONE,
            }
        }
    }
}

impl<F: Field> Jacobian<F> {
    /// The point at infinity `(1, 1, 0)`.
    pub const INFINITY: Self = Jacobian {
        x: F::ONE,
        y: F::ONE,
        z: F::ZERO,
    };

    /// Whether this is the point at infinity.
    #[inline]
    pub fn is_infinity(&self) -> bool {
        self.z.is_zero()
    }

    /// `-self`.
    #[inline]
    pub fn neg(&self) -> Self {
        Jacobian {
            x: self.x,
            y: -self.y,
            z: self.z,
        }
    }

    /// Whether `self` and `q` are the same point (cross-multiplied, no inversion).
    pub fn eq_point(&self, q: &Self) -> bool {
        match (self.is_infinity(), q.is_infinity()) {
            (true, true) => true,
            (false, false) => {
                let z1z1 = self.z.square();
                let z2z2 = q.z.square();
                self.x * z2z2 == q.x * z1z1 && self.y * z2z2 * q.z == q.y * z1z1 * self.z
            }
            _ => false,
        }
    }

    /// `[k] self` for a 64-bit `k`, by double-and-add from the top bit with general
    /// additions (for a Jacobian base; [`Affine::mul_u64`] is cheaper for an affine one).
    pub fn mul_u64(&self, k: u64) -> Self {
        if self.is_infinity() {
            return *self;
        }
        // Every addition adds `self`: its Z^2 and Z^3 once.
        let zz = self.z.square();
        let zzz = self.z * zz;
        let mut acc = Self::INFINITY;
        for i in (0..64 - k.leading_zeros()).rev() {
            acc = acc.double();
            if (k >> i) & 1 == 1 {
                acc = acc.add_with_zz(self, zz, zzz);
            }
        }
        acc
    }

    /// `2 * self` (`dbl-2009-l`: 2M + 5S, or 3M + 4S where a product costs a square).
    #[inline]
    pub fn double(&self) -> Self {
        if self.is_infinity() {
            return *self;
        }
        // Products in an order where neighbours are independent (they overlap in the CPU).
        let a = self.x.square();
        let b = self.y.square();
        let z3 = (self.y * self.z).double();
        let e = a.double() + a;
        let f = e.square();
        // D = 4 X B and 8 C = 8 B^2: from 2B by a product and a square, or a square and three
        // additions.
        let (c8, d) = if F::PRODUCT_LIKE_SQUARE {
            let b2 = b.double();
            let d = (self.x * b2).double();
            (b2.square().double(), d)
        } else {
            let c = b.square();
            let d = ((self.x + b).square() - a - c).double();
            (c.double().double().double(), d)
        };
        let x3 = f - d.double();
        let y3 = e * (d - x3) - c8;
        Jacobian {
            x: x3,
            y: y3,
            z: z3,
        }
    }

    /// `self + q` for an affine `q` (`madd-2007-bl`: 7M + 4S).
    #[inline]
    pub fn add_mixed(&self, q: &Affine<F>) -> Self {
        if q.infinity {
            return *self;
        }
        if self.is_infinity() {
            return Jacobian::from(*q);
        }
        let z1z1 = self.z.square();
        let u2 = q.x * z1z1;
        let s2 = q.y * self.z * z1z1;
        let h = u2 - self.x;
        let rr = (s2 - self.y).double();
        if h.is_zero() {
            return if rr.is_zero() {
                self.double()
            } else {
                Self::INFINITY
            };
        }
        let hh = h.square();
        let i = hh.double().double();
        let j = h * i;
        let v = self.x * i;
        let x3 = rr.square() - j - v.double();
        let y3 = rr * (v - x3) - (self.y * j).double();
        let z3 = (self.z + h).square() - z1z1 - hh;
        Jacobian {
            x: x3,
            y: y3,
            z: z3,
        }
    }

    /// `self + q` (`add-2007-bl`: 11M + 5S).
    #[inline]
    pub fn add(&self, q: &Self) -> Self {
        let z2z2 = q.z.square();
        self.add_with_zz(q, z2z2, q.z * z2z2)
    }

    /// [`Jacobian::add`] given `q`'s `Z^2` and `Z^3` (kept when `q` is added many times).
    #[inline]
    fn add_with_zz(&self, q: &Self, z2z2: F, z2z2z2: F) -> Self {
        if q.is_infinity() {
            return *self;
        }
        if self.is_infinity() {
            return *q;
        }
        let z1z1 = self.z.square();
        let u1 = self.x * z2z2;
        let u2 = q.x * z1z1;
        let s1 = self.y * z2z2z2;
        let s2 = q.y * self.z * z1z1;
        let h = u2 - u1;
        let rr = (s2 - s1).double();
        if h.is_zero() {
            return if rr.is_zero() {
                self.double()
            } else {
                Self::INFINITY
            };
        }
        let i = h.double().square();
        let j = h * i;
        let v = u1 * i;
        let x3 = rr.square() - j - v.double();
        let y3 = rr * (v - x3) - (s1 * j).double();
        let z3 = ((self.z + q.z).square() - z1z1 - z2z2) * h;
        Jacobian {
            x: x3,
            y: y3,
            z: z3,
        }
    }

    /// The affine point (one inversion).
    #[inline]
    pub fn to_affine(&self) -> Affine<F> {
        match self.z.inverse() {
            None => Affine::INFINITY,
            Some(zinv) => {
                let zinv2 = zinv.square();
                Affine::new(self.x * zinv2, self.y * zinv2 * zinv)
            }
        }
    }
}

/// Affine forms of `points` with one shared inversion (Montgomery's trick); infinity stays
/// infinity.
pub fn batch_to_affine<F: Field, const K: usize>(points: &[Jacobian<F>; K]) -> [Affine<F>; K] {
    // Infinity has z = 0, which the batch inversion leaves as zero.
    let mut zinv = points.map(|p| p.z);
    batch_invert(&mut zinv, &mut [F::ZERO; K]);
    core::array::from_fn(|i| {
        let (p, zinv) = (&points[i], zinv[i]);
        if p.is_infinity() {
            return Affine::INFINITY;
        }
        let zinv2 = zinv.square();
        Affine::new(p.x * zinv2, p.y * zinv2 * zinv)
    })
}
