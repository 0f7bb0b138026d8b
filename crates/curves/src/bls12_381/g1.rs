//! BLS12-381 G1: the curve `y^2 = x^3 + 4` over Fp (the order-r subgroup has cofactor
//! `h = (x - 1)^2 / 3`). The point formulas are in [`crate::curve`].

use super::pairing::X_ABS;
use super::Fp;
use crate::curve::{Affine, CurveField, Jacobian};

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

/// beta, the cube root of unity in Fp for which `sigma(x, y) = (beta x, y)` acts on G1 as
/// multiplication by `-x^2` (`x^4 - x^2 + 1 = 0` mod r).
pub const BETA: Fp = Fp::from_canonical_limbs([
    0x2e01fffffffefffe,
    0xde17d813620a0002,
    0xddb3a93be6f89688,
    0xba69c6076a0f77ea,
    0x5f19672fdf76ce51,
    0,
]);

impl CurveField for Fp {
    const B: Fp = B;

    /// Scott's endomorphism test ("A note on group membership tests for G1, G2 and GT on BLS
    /// pairing-friendly curves", ePrint 2021/1130): `sigma(P) = [-x^2] P`, two
    /// multiplications by the 64-bit `|x|` (Hamming weight 6) instead of one by the 255-bit r.
    fn in_subgroup(p: &G1Affine) -> bool {
        let x2p = p.mul_u64(X_ABS).mul_u64(X_ABS);
        // -sigma(P) = (beta x, -y) against [x^2] P.
        let neg_sigma = G1Affine::new(p.x.mul(BETA), p.y.neg());
        x2p.eq_point(&G1Jacobian::from(neg_sigma))
    }
}
