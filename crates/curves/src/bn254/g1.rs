//! BN254 G1: the curve `y^2 = x^3 + 3` over Fp (prime order r, cofactor 1). The point
//! formulas are in [`crate::curve`].

use super::Fp;
use crate::curve::{Affine, CurveField, Jacobian};

/// An affine G1 point (or infinity).
pub type G1Affine = Affine<Fp>;
/// A G1 point in Jacobian coordinates.
pub type G1Jacobian = Jacobian<Fp>;

/// The curve constant b = 3.
pub const B: Fp = Fp::from_canonical_limbs([3, 0, 0, 0]);

/// The generator (1, 2).
pub const GENERATOR: G1Affine = G1Affine::new(Fp::ONE, Fp::from_canonical_limbs([2, 0, 0, 0]));

impl CurveField for Fp {
    const B: Fp = B;

    /// Cofactor 1: every point on the curve is in the group.
    #[inline]
    fn in_subgroup(_: &G1Affine) -> bool {
        true
    }
}
