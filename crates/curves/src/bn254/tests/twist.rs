//! Points on BN254's twist for the G2 subgroup tests, here and in the precompile crate's codec
//! tests (which include this file by path: one copy of the point list for both oracles).

use ark_bn254::{Fq, Fq2, Fr};
use ark_ec::{short_weierstrass::SWCurveConfig, AffineRepr, CurveGroup};
use ark_ff::Field;

/// Points on the twist from x = (i, i + 7): in the subgroup after cofactor clearing, mostly
/// not before.
pub fn twist_points() -> Vec<ark_bn254::G2Affine> {
    let mut out = Vec::new();
    for i in 1u64..40 {
        let x = Fq2::new(Fq::from(i), Fq::from(i + 7));
        if let Some(y) = (x * x * x + ark_bn254::g2::Config::COEFF_B).sqrt() {
            let p = ark_bn254::G2Affine::new_unchecked(x, y);
            out.push(p);
            out.push(p.clear_cofactor());
            out.push((p.clear_cofactor() * Fr::from(i)).into_affine());
        }
    }
    out
}
