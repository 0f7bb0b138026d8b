//! BN254 G2: the sextic twist `y^2 = x^3 + 3 / (9 + u)` over Fp2 and the subgroup check by
//! the psi endomorphism (the pairing's input validation).
//!
//! The twist's group has order `r * c` with a large cofactor `c`, so an on-curve point must
//! also be checked to be in the order-r subgroup.

use super::{Fp, Fp2};
use crate::curve::{Affine, CurveField, Jacobian};

/// An affine G2 point (or infinity).
pub type G2Affine = Affine<Fp2>;
/// A G2 point in Jacobian coordinates.
pub type G2Jacobian = Jacobian<Fp2>;

/// The twist's constant `b' = 3 / (9 + u)`.
pub const B: Fp2 = Fp2::new(
    Fp::from_canonical_limbs([
        0x3267e6dc24a138e5,
        0xb5b4c5e559dbefa3,
        0x81be18991be06ac3,
        0x2b149d40ceb8aaae,
    ]),
    Fp::from_canonical_limbs([
        0xe4a2bd0685c315d2,
        0xa74fa084e52d1852,
        0xcd2cafadeed8fdf4,
        0x009713b03af0fed4,
    ]),
);

/// `xi^((p-1)/3)` with `xi = 9 + u`: psi's factor on x.
pub const PSI_X: Fp2 = Fp2::new(
    Fp::from_canonical_limbs([
        0x99e39557176f553d,
        0xb78cc310c2c3330c,
        0x4c0bec3cf559b143,
        0x2fb347984f7911f7,
    ]),
    Fp::from_canonical_limbs([
        0x1665d51c640fcba2,
        0x32ae2a1d0b7c9dce,
        0x4ba4cc8bd75a0794,
        0x16c9e55061ebae20,
    ]),
);

/// `xi^((p-1)/2)`: psi's factor on y.
pub const PSI_Y: Fp2 = Fp2::new(
    Fp::from_canonical_limbs([
        0xdc54014671a0135a,
        0xdbaae0eda9c95998,
        0xdc5ec698b6e2f9b9,
        0x063cf305489af5dc,
    ]),
    Fp::from_canonical_limbs([
        0x82d37f632623b0e3,
        0x21807dc98fa25bd2,
        0x0704b5a7ec796f2b,
        0x07c03cbcac41049a,
    ]),
);

/// The BN parameter x (`p` and `r` are polynomials in it), 63 bits.
pub const BN_X: u64 = 0x44e992b44a6909f1;

/// The untwist-Frobenius-twist endomorphism psi, in Jacobian coordinates:
/// `(X, Y, Z) -> (conj(X) * PSI_X, conj(Y) * PSI_Y, conj(Z))` (conjugation is the p-power
/// Frobenius on Fp2, so it commutes with the division by `Z^2`, `Z^3`).
#[inline]
pub fn psi(p: &G2Jacobian) -> G2Jacobian {
    G2Jacobian {
        x: p.x.conjugate() * PSI_X,
        y: p.y.conjugate() * PSI_Y,
        z: p.z.conjugate(),
    }
}

impl CurveField for Fp2 {
    /// `b' = 3 / (9 + u)` of the twist.
    const B: Fp2 = B;

    /// The test of El Housni, Guillevic and Piellard (ePrint 2022/352) that go-ethereum's
    /// gnark backend runs: `[x+1]P + psi([x]P) + psi^2([x]P) == psi^3([2x]P)` with the 63-bit
    /// BN parameter x: one multiplication by x instead of ark's `[6x^2]P == psi(P)`.
    fn in_subgroup(p: &G2Affine) -> bool {
        let xp = p.mul_u64(BN_X);
        let psi_xp = psi(&xp);
        let lhs = xp.add_mixed(p).add(&psi_xp).add(&psi(&psi_xp));
        let rhs = psi(&psi(&psi(&xp.double())));
        lhs.eq_point(&rhs)
    }
}
