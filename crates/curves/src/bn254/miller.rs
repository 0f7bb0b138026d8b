//! The optimal ate multi-Miller loop of BN254: for pairs `(P_i, Q_i)` (`P_i` in G1, `Q_i` on
//! the D-type sextic twist), `prod_i f_{6x+2, Q_i}(P_i) * l_{T, psi(Q_i)}(P_i) *
//! l_{T', -psi^2(Q_i)}(P_i)`, up to factors the final exponentiation removes. The loop itself
//! is the shared driver of [`crate::pairing`]; this module gives its digits, the twist and the
//! two Frobenius additions after the loop.
//!
//! Variable time: pairing inputs are public.

use super::fp::FROB2_1;
use super::g2::{B, PSI_X, PSI_Y};
use super::{Fp, Fp12, Fp2};
use crate::pairing::{miller_loop, DType};

/// One input pair of the Miller loop (affine, neither point at infinity).
pub type MillerPair = crate::pairing::MillerPair<Fp>;

/// `6x + 2` in signed binary, least significant digit first (65 digits, 22 non-zero: the
/// non-adjacent form with its top digits `-1, 0, 1` written as `1, 1`).
pub const ATE_LOOP: [i8; 65] = [
    0, 0, 0, 1, 0, 1, 0, -1, 0, 0, -1, 0, 0, 0, 1, 0, 0, -1, 0, -1, 0, 0, 0, 1, 0, -1, 0, 0, 0, 0,
    -1, 0, 0, 1, 0, -1, 0, 0, 1, 0, 0, 0, 0, 0, -1, 0, 0, -1, 0, 1, 0, -1, 0, 0, 0, -1, 0, -1, 0,
    0, 0, 1, 0, 1, 1,
];

/// The twist's Frobenius endomorphism `psi(x, y) = (conj(x) xi^((p-1)/3), conj(y)
/// xi^((p-1)/2))`.
fn psi(x: Fp2, y: Fp2) -> (Fp2, Fp2) {
    (x.conjugate().mul(PSI_X), y.conjugate().mul(PSI_Y))
}

/// `-psi^2(x, y) = (x xi^((p^2-1)/3), y)` (`xi^((p^2-1)/2) = -1`).
fn neg_psi2(x: Fp2, y: Fp2) -> (Fp2, Fp2) {
    (x.mul_by_fp(FROB2_1), y)
}

/// The product of the optimal ate Miller loops of `pairs` (one for an empty slice). The
/// result is meaningful only after [`super::final_exp::final_exponentiation`], and only for
/// validated points (G1 on the curve, G2 in the order-r subgroup of the twist); other inputs
/// give some value, never a panic (the loop divides by nothing).
pub fn multi_miller_loop(pairs: &[MillerPair]) -> Fp12 {
    let three_b = |c: Fp2| {
        let bc = B.mul(c);
        bc.double().add(bc)
    };
    miller_loop::<Fp, DType>(pairs, three_b, &ATE_LOOP, |s, acc| {
        let (q1x, q1y) = psi(s.q.0, s.q.1);
        let (q2x, q2y) = neg_psi2(s.q.0, s.q.1);
        s.add_step(q1x, q1y, acc);
        s.add_step(q2x, q2y, acc);
    })
}
