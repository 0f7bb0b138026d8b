//! The optimal ate pairing of BLS12-381: the Miller loop `f_{|x|, Q}(P)` over the bits of
//! `|x| = 0xd201000000010000` on the M-type twist (the shared driver of [`crate::pairing`]),
//! conjugated since `x < 0`, and the final exponentiation with the hard part of Hayashida,
//! Hayasaka and Teruya (ePrint 2020/875), which raises to `3 (p^4 - p^2 + 1) / r` by
//! `3 Phi_12(p) / r = (x - 1)^2 (x + p) (x^2 + p^2 - 1) + 3`: five exponentiations by `x`,
//! each 63 compressed cyclotomic squarings, one batched decompression of the six kept powers
//! and five multiplications. The pairing values are therefore the cubes of the plain
//! `(p^12 - 1) / r` power, as blst's (the tests compare the values) and arkworks' are; a
//! product of pairings is one exactly when the plain product is, 3 being prime to r.
//!
//! Variable time: pairing inputs are public.

use super::{Fp, Fp12, Fp2};
use crate::pairing::{final_exponentiation_with, miller_loop, MType};

/// One input pair of the Miller loop (affine, neither point at infinity).
pub type MillerPair = crate::pairing::MillerPair<Fp>;

/// `3 b' c = 12 (1 + u) c` for the twist's `b' = 4 (1 + u)` ([`B`]): additions only.
#[inline(always)]
pub(super) fn three_b(c: Fp2) -> Fp2 {
    let t = c.mul_by_nonresidue().double().double();
    t.double().add(t)
}

/// `|x|`, the absolute value of the BLS parameter `x = -0xd201000000010000`.
pub const X_ABS: u64 = 0xd201000000010000;

/// The bits of [`X_ABS`], least significant first (64 digits, 6 non-zero).
const LOOP: [i8; 64] = {
    let mut d = [0i8; 64];
    let mut i = 0;
    while i < 64 {
        d[i] = ((X_ABS >> i) & 1) as i8;
        i += 1;
    }
    d
};

/// The positions of the set bits of [`X_ABS`] (none is 0).
const X_POSITIONS: [u8; 6] = [16, 48, 57, 60, 62, 63];

/// The product of the optimal ate Miller loops of `pairs` (one for an empty slice). The result
/// is meaningful only after [`final_exponentiation`], and only for validated points (on the
/// curves and in the order-r subgroups); other inputs give some value, never a panic.
pub fn multi_miller_loop(pairs: &[MillerPair]) -> Fp12 {
    // x < 0: f_{x} = 1 / f_{|x|} up to a factor the final exponentiation removes, and the
    // conjugate is that inverse after it.
    miller_loop::<Fp, MType>(pairs, three_b, &LOOP, |_, _| {}).conjugate()
}

/// `f^x` for `f` in the cyclotomic subgroup: the conjugate of the product of the powers
/// `f^(2^e)` for the six set bits `e` of `|x|`.
pub fn exp_by_x(f: &Fp12) -> Fp12 {
    let [a, b, c, d, e, g] = f.cyclotomic_pow2s(&X_POSITIONS);
    a.mul(&b).mul(&c).mul(&d).mul(&e).mul(&g).conjugate()
}

/// `f^(3 (p^12 - 1) / r)`, or `None` when `f` is zero (no Miller loop of valid points is).
pub fn final_exponentiation(f: &Fp12) -> Option<Fp12> {
    final_exponentiation_with(f, hard_part)
}

/// `r^(3 Phi_12(p) / r)` for `r` in the cyclotomic subgroup (see the module doc).
fn hard_part(r: &Fp12) -> Fp12 {
    let y0 = r.cyclotomic_square(); // r^2
    let y1 = exp_by_x(r).mul(&r.conjugate()); // r^(x - 1)
    let y2 = exp_by_x(&y1); // r^(x (x - 1))
    let y1 = y1.conjugate().mul(&y2); // r^((x - 1)^2)
    let y2 = exp_by_x(&y1); // r^(x (x - 1)^2)
    let y1 = y1.frobenius().mul(&y2); // r^((x - 1)^2 (x + p)) =: s
    let r3 = r.mul(&y0); // r^3
    let y2 = exp_by_x(&exp_by_x(&y1)); // s^(x^2)
    let y0 = y1.frobenius2(); // s^(p^2)
    let y1 = y1.conjugate().mul(&y2).mul(&y0); // s^(x^2 + p^2 - 1)
    r3.mul(&y1)
}

/// Whether the product of the pairings of `pairs` is one (true for no pairs): one Miller loop
/// and one final exponentiation.
pub fn pairing_check(pairs: &[MillerPair]) -> bool {
    final_exponentiation(&multi_miller_loop(pairs)).is_some_and(|f| f.is_one())
}
