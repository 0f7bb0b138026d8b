//! BN254 G1: the curve `y^2 = x^3 + 3` over Fp (prime order r, cofactor 1). The point
//! formulas are in [`crate::curve`].

use super::Fp;
use crate::curve::{Affine, Jacobian};

/// An affine G1 point (or infinity).
pub type G1Affine = Affine<Fp>;
/// A G1 point in Jacobian coordinates.
pub type G1Jacobian = Jacobian<Fp>;

/// The curve constant b = 3.
pub const B: Fp = Fp::from_canonical_limbs([3, 0, 0, 0]);

/// The generator (1, 2).
pub const GENERATOR: G1Affine = G1Affine::new(Fp::ONE, Fp::from_canonical_limbs([2, 0, 0, 0]));

impl G1Affine {
    /// Whether the point is on `y^2 = x^3 + 3` (true for infinity; cofactor 1: on-curve
    /// points are in the group).
    #[inline]
    pub fn is_on_curve(&self) -> bool {
        self.is_on_curve_with(B)
    }
}
