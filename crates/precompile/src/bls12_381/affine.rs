//! Affine point arithmetic with one variable-time inversion each, over Fp (G1) and Fp2 (G2)
//! alike: the sum of two affine points (G1ADD, G2ADD) and the conversion of blst's Jacobian
//! results (`X / Z^2, Y / Z^3`) to affine. Affine infinity is `(0, 0)`, as in blst and the
//! EIP-2537 encoding (it is on neither curve, `y^2 = x^3 + b` with `b != 0`).

use super::field::Field;
use blst::{blst_fp, blst_fp2, blst_p1, blst_p1_affine, blst_p2, blst_p2_affine};

/// `(x1, y1) + (x2, y2)` for two points of a short Weierstrass curve `y^2 = x^3 + b` (or
/// infinity `(0, 0)`), as an affine point (infinity `(0, 0)`): the chord through the two
/// points, the tangent when they are equal, infinity when they are opposite.
fn add<F: Field + Default>(x1: F, y1: F, x2: F, y2: F) -> (F, F) {
    let infinity = |x: &F, y: &F| x.is_zero() && y.is_zero();
    if infinity(&x1, &y1) {
        return (x2, y2);
    }
    if infinity(&x2, &y2) {
        return (x1, y1);
    }
    let dy = y2.sub(&y1);
    let lambda = match x2.sub(&x1).inverse() {
        Some(inv_dx) => dy.mul(&inv_dx),
        // Same x: opposite points unless the y coordinates are equal too.
        None if !dy.is_zero() => return (F::default(), F::default()),
        None => {
            // Doubling: lambda = 3 x^2 / (2 y); y = 0 (order two, absent from the
            // BLS12-381 curves, whose orders are odd) doubles to infinity.
            let Some(inv_2y) = y1.add(&y1).inverse() else {
                return (F::default(), F::default());
            };
            let xx = x1.square();
            xx.add(&xx).add(&xx).mul(&inv_2y)
        }
    };
    let x3 = lambda.square().sub(&x1).sub(&x2);
    let y3 = lambda.mul(&x1.sub(&x3)).sub(&y1);
    (x3, y3)
}

/// The affine `(X / Z^2, Y / Z^3)` of a Jacobian point; `(0, 0)` when `Z = 0 mod p`
/// (infinity). The coordinates are reduced first: blst's are below p, but the inversion reads
/// any value `>= p` as "no inverse", which would turn a non-canonical `Z` into infinity.
fn from_jacobian<F: Field + Default>(x: &F, y: &F, z: &F) -> (F, F) {
    let (x, y) = (x.reduce(), y.reduce());
    let Some(zi) = z.reduce().inverse() else {
        return (F::default(), F::default());
    };
    let zi2 = zi.square();
    (x.mul(&zi2), y.mul(&zi2.mul(&zi)))
}

/// `a + b` for affine G1-curve points (any of them infinity, equal or opposite).
pub(crate) fn p1_add(a: &blst_p1_affine, b: &blst_p1_affine) -> blst_p1_affine {
    let (x, y) = add::<blst_fp>(a.x, a.y, b.x, b.y);
    blst_p1_affine { x, y }
}

/// `a + b` for affine G2-curve points; as [`p1_add`].
pub(crate) fn p2_add(a: &blst_p2_affine, b: &blst_p2_affine) -> blst_p2_affine {
    let (x, y) = add::<blst_fp2>(a.x, a.y, b.x, b.y);
    blst_p2_affine { x, y }
}

/// The affine form of a blst Jacobian G1 point (infinity as `(0, 0)`, as blst's own).
pub(crate) fn p1_to_affine(p: &blst_p1) -> blst_p1_affine {
    let (x, y) = from_jacobian(&p.x, &p.y, &p.z);
    blst_p1_affine { x, y }
}

/// The affine form of a blst Jacobian G2 point; as [`p1_to_affine`].
pub(crate) fn p2_to_affine(p: &blst_p2) -> blst_p2_affine {
    let (x, y) = from_jacobian(&p.x, &p.y, &p.z);
    blst_p2_affine { x, y }
}
