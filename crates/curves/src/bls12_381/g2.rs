//! BLS12-381 G2: the M-type sextic twist `y^2 = x^3 + 4 (1 + u)` over Fp2. The point formulas
//! are in [`crate::curve`].

use super::fp::{fp2, FROB_A, FROB_B, FROB_D};
use super::pairing::X_ABS;
use super::Fp2;
use crate::curve::{Affine, CurveField, Jacobian};

/// An affine G2 point (or infinity).
pub type G2Affine = Affine<Fp2>;
/// A G2 point in Jacobian coordinates.
pub type G2Jacobian = Jacobian<Fp2>;

/// The twist's constant `b' = 4 (1 + u)`.
pub const B: Fp2 = fp2([4, 0, 0, 0, 0, 0], [4, 0, 0, 0, 0, 0]);

/// The standard generator of the order-r subgroup of the twist.
pub const GENERATOR: G2Affine = G2Affine::new(
    fp2(
        [
            0xd48056c8c121bdb8,
            0x0bac0326a805bbef,
            0xb4510b647ae3d177,
            0xc6e47ad4fa403b02,
            0x260805272dc51051,
            0x024aa2b2f08f0a91,
        ],
        [
            0xe5ac7d055d042b7e,
            0x334cf11213945d57,
            0xb5da61bbdc7f5049,
            0x596bd0d09920b61a,
            0x7dacd3a088274f65,
            0x13e02b6052719f60,
        ],
    ),
    fp2(
        [
            0xe193548608b82801,
            0x923ac9cc3baca289,
            0x6d429a695160d12c,
            0xadfd9baa8cbdd3a7,
            0x8cc9cdc6da2e351a,
            0x0ce5d527727d6e11,
        ],
        [
            0xaaa9075ff05f79be,
            0x3f370d275cec1da1,
            0x267492ab572e99ab,
            0xcb3e287e85a763af,
            0x32acd2b02bc28b99,
            0x0606c4a02ea734cc,
        ],
    ),
);

/// `xi^(-(p-1)/3)` with `xi = 1 + u`: psi's factor on x (M-type twist).
pub const PSI_X: Fp2 = fp2([0; 6], FROB_D);

/// `xi^(-(p-1)/2)`: psi's factor on y.
pub const PSI_Y: Fp2 = fp2(FROB_B, FROB_A);

/// The untwist-Frobenius-twist endomorphism `psi(x, y) = (conj(x) PSI_X, conj(y) PSI_Y)`,
/// acting on G2 as multiplication by `x` (and by p).
pub fn psi(p: &G2Affine) -> G2Affine {
    if p.infinity {
        return *p;
    }
    G2Affine::new(p.x.conjugate().mul(PSI_X), p.y.conjugate().mul(PSI_Y))
}

impl CurveField for Fp2 {
    /// `b' = 4 (1 + u)` of the twist.
    const B: Fp2 = B;

    /// Scott's test (ePrint 2021/1130): `psi(Q) = [x] Q`, one multiplication by the 64-bit
    /// `|x|` (`x < 0`: `-psi(Q) = [|x|] Q`).
    fn in_subgroup(q: &G2Affine) -> bool {
        let xq = q.mul_u64(X_ABS);
        xq.eq_point(&G2Jacobian::from(psi(q).neg()))
    }
}
