//! The final exponentiation of the BN254 pairing: `f -> f^((p^12 - 1) / r)` up to a fixed
//! power coprime to `r`, so a product of Miller loops maps to one exactly when the product of
//! the pairings is one.
//!
//! Easy part `(p^6 - 1)(p^2 + 1)`: shared ([`crate::pairing::easy_part`]). Hard part: the
//! exponent `2x (6x^2 + 3x + 1) (p^4 - p^2 + 1) / r` of Fuentes-Castañeda, Knapp and
//! Rodríguez-Henríquez ("Faster hashing to G2", SAC 2011), written in base `p` as
//! `(12x^3 + 12x^2 + 6x + 1) + (12x^3 + 6x^2 + 4x) p + (12x^3 + 6x^2 + 6x) p^2 +
//! (12x^3 + 6x^2 + 4x - 1) p^3`: three exponentiations by `x`, three cyclotomic squarings, ten
//! multiplications and three Frobenius maps (no shorter chain is known for BN curves:
//! gnark-crypto's Duquesne-Ghammam variant takes 11 and 4). It is the exponent ark-bn254 uses,
//! so the values agree with its `Bn254::pairing` exactly.
//!
//! Variable time: pairing inputs are public.

use super::Fp12;
use crate::pairing::final_exponentiation_with;

/// `f^((p^12 - 1) / r * 2x(6x^2 + 3x + 1))`, or `None` when `f` is zero (no Miller loop of
/// valid points is).
pub fn final_exponentiation(f: &Fp12) -> Option<Fp12> {
    final_exponentiation_with(f, hard_part)
}

/// The hard part for `r` in the cyclotomic subgroup (see the module doc for the exponent).
fn hard_part(r: &Fp12) -> Fp12 {
    let neg_x = |a: &Fp12| exp_by_x(a).conjugate();
    let a = neg_x(r); // r^-x
    let b = a.cyclotomic_square(); // r^-2x
    let c = b.cyclotomic_square(); // r^-4x
    let d = c.mul(&b); // r^-6x
    let e = neg_x(&d); // r^6x^2
    let g = e.cyclotomic_square(); // r^12x^2
    let h = neg_x(&g).conjugate(); // r^12x^3
    let k = h.mul(&e); // r^(12x^3 + 6x^2)
    let l = k.mul(&d.conjugate()); // r^(12x^3 + 6x^2 + 6x)
    let m = l.mul(&b); // r^(12x^3 + 6x^2 + 4x)
    let n = l.mul(&e).mul(r); // r^(12x^3 + 12x^2 + 6x + 1)
    let p1 = m.frobenius();
    let p2 = l.frobenius2();
    let p3 = m.mul(&r.conjugate()).frobenius3(); // (12x^3 + 6x^2 + 4x - 1) p^3
    n.mul(&p1).mul(&p2).mul(&p3)
}

/// The BN parameter `x = 4965661367192848881` (positive) as `sum d * 2^e` over these
/// `(e, d)`, `e` increasing, every `d` in `{-19, -1, 1, 19}`: 13 terms up to `2^58` (found by
/// a search over digit sets for the cheapest right-to-left exponentiation below; `{1, 3, 5,
/// 7}`, the width-4 NAF, needs 14 terms up to `2^62` and two more multiplications).
pub const X_DIGITS: [(u8, i8); 13] = [
    (0, -19),
    (2, 1),
    (9, -19),
    (12, 19),
    (19, -19),
    (24, -1),
    (26, 19),
    (34, -19),
    (40, 19),
    (47, 19),
    (53, -19),
    (54, -19),
    (58, 19),
];

/// The positions of [`X_DIGITS`] after the first (which is 0: `self` itself).
const X_POSITIONS: [u8; X_DIGITS.len() - 1] = {
    let mut p = [0u8; X_DIGITS.len() - 1];
    let mut i = 0;
    while i < p.len() {
        p[i] = X_DIGITS[i + 1].0;
        i += 1;
    }
    p
};

/// `f^x` for the BN parameter `x`, `f` in the cyclotomic subgroup (where the conjugate is the
/// inverse, which makes the negative digits of [`X_DIGITS`] free).
///
/// Right to left (Yao): 58 compressed squarings of `f` keep `f^(2^e)` for each term `(e, d)`
/// and one batched decompression recovers them ([`Fp12::cyclotomic_pow2s`]), the products
/// `P_1`, `P_19` of the kept powers with `|d| = 1, 19` (conjugated for `d < 0`) take 11
/// multiplications, and `P_1 P_19^19` four squarings and three more: 14 multiplications and 4
/// full squarings in all (left to right with a width-4 NAF: 16 and 63).
pub fn exp_by_x(f: &Fp12) -> Fp12 {
    let powers = f.cyclotomic_pow2s(&X_POSITIONS);
    let (mut p1, mut p19): (Option<Fp12>, Option<Fp12>) = (None, None);
    for (&(_, d), g) in X_DIGITS.iter().zip(core::iter::once(f).chain(&powers)) {
        let g = if d > 0 { *g } else { g.conjugate() };
        let slot = if d.unsigned_abs() == 1 {
            &mut p1
        } else {
            &mut p19
        };
        *slot = Some(slot.map_or(g, |acc| acc.mul(&g)));
    }
    let (p1, p19) = (p1.unwrap_or(Fp12::ONE), p19.unwrap_or(Fp12::ONE));
    // p19^19 = (p19^2)^8 p19^2 p19.
    let sq = p19.cyclotomic_square();
    let s16 = sq
        .cyclotomic_square()
        .cyclotomic_square()
        .cyclotomic_square();
    p1.mul(&p19).mul(&sq).mul(&s16)
}
