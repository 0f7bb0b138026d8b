//! Cofactor clearing by the fast methods of RFC 9380 section 8.8 and appendix G.3: G1 by
//! `h_eff = 1 - x`, G2 by Budroni-Pintore (`h_eff` of G2 through psi and two multiplications
//! by the 64-bit `|x|` instead of one by a 636-bit cofactor).

use super::super::g1::G1Jacobian;
use super::super::g2::{G2Jacobian, PSI_X, PSI_Y};
use super::super::pairing::X_ABS;

/// G1's `h_eff = 1 - x = 1 + |x|` (x < 0).
pub(super) const G1_H_EFF: u64 = X_ABS + 1;

/// RFC 9380's `clear_cofactor` for G1, `[1 - x] P`: a point of the order-r subgroup for any
/// P on G1's curve `y^2 = x^3 + 4` (infinity stays infinity; a point off the curve gives an
/// unspecified point, never a panic).
#[inline]
pub fn clear_cofactor_g1(p: &G1Jacobian) -> G1Jacobian {
    p.mul_u64(G1_H_EFF)
}

/// psi on a Jacobian point: `(conj(X) PSI_X, conj(Y) PSI_Y, conj(Z))` (psi is the conjugation
/// followed by constant factors, and conjugation commutes with the Jacobian scaling).
#[inline]
fn psi(p: &G2Jacobian) -> G2Jacobian {
    G2Jacobian {
        x: p.x.conjugate() * PSI_X,
        y: p.y.conjugate() * PSI_Y,
        z: p.z.conjugate(),
    }
}

/// `[x] P` for BLS12-381's negative `x`.
#[inline]
fn mul_by_x(p: &G2Jacobian) -> G2Jacobian {
    p.mul_u64(X_ABS).neg()
}

/// RFC 9380's `clear_cofactor_bls12381_g2` (appendix G.3, Budroni-Pintore):
/// `[x^2 - x - 1] P + [x - 1] psi(P) + psi^2(2P)`, a point of the order-r subgroup for any
/// P on the twist (infinity stays infinity; a point off the twist gives an unspecified
/// point, never a panic).
pub fn clear_cofactor_g2(p: &G2Jacobian) -> G2Jacobian {
    let t1 = mul_by_x(p);
    let t2 = psi(p);
    let t3 = psi(&psi(&p.double())).add(&t2.neg());
    let t2 = mul_by_x(&t1.add(&t2));
    t3.add(&t2).add(&t1.neg()).add(&p.neg())
}
