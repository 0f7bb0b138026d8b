//! Values between blst's decoded types and `curves::bls12_381`'s: both keep a base-field
//! element as `a * 2^384 mod p` in six little-endian limbs, so the conversions copy limbs.
//! Used by the backends on our own arithmetic (the maps, the MSMs), which keep blst's
//! decoding and encoding (and so every error, in the same order).

use blst::{blst_fp, blst_fp2, blst_p1_affine, blst_p2_affine};
use curves::bls12_381::g1::G1Affine;
use curves::bls12_381::g2::G2Affine;
use curves::bls12_381::{Fp, Fp2};

/// A decoded base-field element as ours.
#[inline]
pub(crate) fn fp(a: &blst_fp) -> Fp {
    Fp::from_raw_montgomery(a.l)
}

/// A decoded Fp2 element as ours.
#[inline]
pub(crate) fn fp2(a: &blst_fp2) -> Fp2 {
    Fp2::new(fp(&a.fp[0]), fp(&a.fp[1]))
}

/// Our affine G1 point as blst's (infinity as blst's all-zero affine point).
#[inline]
pub(crate) fn g1_to_blst(p: &G1Affine) -> blst_p1_affine {
    if p.infinity {
        return blst_p1_affine::default();
    }
    let b = |a: Fp| blst_fp {
        l: a.to_raw_montgomery(),
    };
    blst_p1_affine {
        x: b(p.x),
        y: b(p.y),
    }
}

/// Our affine G2 point as blst's (infinity as blst's all-zero affine point).
#[inline]
pub(crate) fn g2_to_blst(p: &G2Affine) -> blst_p2_affine {
    if p.infinity {
        return blst_p2_affine::default();
    }
    let b = |a: Fp2| blst_fp2 {
        fp: [a.c0, a.c1].map(|c| blst_fp {
            l: c.to_raw_montgomery(),
        }),
    };
    blst_p2_affine {
        x: b(p.x),
        y: b(p.y),
    }
}
