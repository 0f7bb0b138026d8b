//! BLS12-381 G1: the curve `y^2 = x^3 + 4` over Fp (the order-r subgroup has cofactor
//! `h = (x - 1)^2 / 3`). The point formulas are in [`crate::curve`].

use super::Fp;
use crate::curve::{Affine, Jacobian};

/// An affine G1 point (or infinity).
pub type G1Affine = Affine<Fp>;
/// A G1 point in Jacobian coordinates.
pub type G1Jacobian = Jacobian<Fp>;

/// The curve constant b = 4.
pub const B: Fp = Fp::from_canonical_limbs([4, 0, 0, 0, 0, 0]);

/// The standard generator of the order-r subgroup.
pub const GENERATOR: G1Affine = G1Affine::new(
    Fp::from_canonical_limbs([
        0xfb3af00adb22c6bb,
        0x6c55e83ff97a1aef,
        0xa14e3a3f171bac58,
        0xc3688c4f9774b905,
        0x2695638c4fa9ac0f,
        0x17f1d3a73197d794,
    ]),
    Fp::from_canonical_limbs([
        0x0caa232946c5e7e1,
        0xd03cc744a2888ae4,
        0x00db18cb2c04b3ed,
        0xfcf5e095d5d00af6,
        0xa09e30ed741d8ae4,
        0x08b3f481e3aaa0f1,
    ]),
);

impl G1Affine {
    /// Whether the point is on `y^2 = x^3 + 4` (true for infinity; not a subgroup check).
    #[inline]
    pub fn is_on_curve(&self) -> bool {
        self.is_on_curve_with(B)
    }
}
