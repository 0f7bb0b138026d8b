//! The final exponentiation of the BN254 pairing: `f -> f^((p^12 - 1) / r)` up to a fixed
//! power coprime to `r`, so a product of Miller loops maps to one exactly when the product of
//! the pairings is one.
//!
//! Easy part `(p^6 - 1)(p^2 + 1)`: one `Fp6` inversion and a Frobenius map; its result lies in
//! the cyclotomic subgroup ([`super::cyclotomic`]), where the conjugate is the inverse and
//! squaring is cheaper. Hard part: the exponent `2x (6x^2 + 3x + 1) (p^4 - p^2 + 1) / r` of
//! Fuentes-Castañeda, Knapp and Rodríguez-Henríquez ("Faster hashing to G2", SAC 2011),
//! written in base `p` as `(12x^3 + 12x^2 + 6x + 1) + (12x^3 + 6x^2 + 4x) p +
//! (12x^3 + 6x^2 + 6x) p^2 + (12x^3 + 6x^2 + 4x - 1) p^3`: three exponentiations by `x`,
//! three cyclotomic squarings, ten multiplications and three Frobenius maps (no shorter chain
//! is known for BN curves: gnark-crypto's Duquesne-Ghammam variant takes 11 and 4). It is the
//! exponent ark-bn254 uses, so the values agree with its `Bn254::pairing` exactly.
//!
//! Variable time: pairing inputs are public.

use super::fp12::Fp12;

/// `f^((p^12 - 1) / r * 2x(6x^2 + 3x + 1))`, or `None` when `f` is zero (no Miller loop of
/// valid points is).
pub fn final_exponentiation(f: &Fp12) -> Option<Fp12> {
    let r = easy_part(f)?;
    Some(hard_part(&r))
}

/// `f^((p^6 - 1)(p^2 + 1))`, or `None` for zero. For `f = a + b w`, `f^(p^6) / f =
/// conj(f)^2 / (f conj(f)) = (a^2 + v b^2 - 2ab w) / (a^2 - v b^2)`: the squares serve both
/// the numerator and the norm, so one `Fp6` inversion and 3 `Fp6` multiplications (an
/// `Fp12` inversion and a product took 5).
fn easy_part(f: &Fp12) -> Option<Fp12> {
    let a2 = f.c0.square();
    let vb2 = f.c1.square().mul_by_v();
    let ab = f.c0.mul(&f.c1);
    let inv = a2.sub(&vb2).inverse()?;
    let r = Fp12::new(a2.add(&vb2).mul(&inv), ab.double().mul(&inv).neg());
    Some(r.frobenius2().mul(&r))
}

/// The hard part for `r` in the cyclotomic subgroup (see the module doc for the exponent).
fn hard_part(r: &Fp12) -> Fp12 {
    let neg_x = |a: &Fp12| a.cyclotomic_exp_by_x().conjugate();
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
