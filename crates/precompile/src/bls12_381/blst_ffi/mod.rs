//! Safe wrappers over the `blst` C API used by the BLS12-381 precompiles and POINT_EVALUATION.
//! All `unsafe` code of the BLS12-381 precompiles lives in this module and its files; every
//! wrapper takes and returns plain values. Files by job: this one the one-call wrappers
//! (decoding, checks, single multiplications, maps, blst's pairing); `msm.rs` the MSM policy
//! (which blst driver by point count); `fixed_base.rs` the fixed-base G1 table; `miller.rs` the
//! Miller loop over precomputed G2 lines.
#![allow(unsafe_code)]

mod fixed_base;
mod miller;
mod msm;

pub(crate) use fixed_base::P1FixedBase;
#[cfg(test)]
pub(crate) use miller::fp12_final_equal;
pub(crate) use miller::{fp12_final_is_one, multi_miller_loop, G2Lines};
#[cfg(test)]
pub(crate) use msm::MSM_THREADED_FROM;
pub(crate) use msm::{p1_msm, p2_msm};

use super::affine::{p1_to_affine, p2_to_affine};
use blst::{
    blst_bendian_from_fp, blst_final_exp, blst_fp, blst_fp12, blst_fp12_is_one, blst_fp2,
    blst_fp_cneg, blst_fp_from_bendian, blst_map_to_g1, blst_map_to_g2, blst_miller_loop_n,
    blst_p1, blst_p1_add_or_double, blst_p1_add_or_double_affine, blst_p1_affine,
    blst_p1_affine_generator, blst_p1_affine_in_g1, blst_p1_affine_is_inf, blst_p1_affine_on_curve,
    blst_p1_from_affine, blst_p1_mult, blst_p1_uncompress, blst_p2, blst_p2_affine,
    blst_p2_affine_generator, blst_p2_affine_in_g2, blst_p2_affine_on_curve, blst_p2_from_affine,
    blst_p2_mult, blst_p2_uncompress, BLST_ERROR,
};
use core::ptr;

/// The base-field modulus p, big-endian (48 bytes).
pub(crate) const P_BE: [u8; 48] = [
    0x1a, 0x01, 0x11, 0xea, 0x39, 0x7f, 0xe6, 0x9a, 0x4b, 0x1b, 0xa7, 0xb6, 0x43, 0x4b, 0xac, 0xd7,
    0x64, 0x77, 0x4b, 0x84, 0xf3, 0x85, 0x12, 0xbf, 0x67, 0x30, 0xd2, 0xa0, 0xf6, 0xb0, 0xf6, 0x24,
    0x1e, 0xab, 0xff, 0xfe, 0xb1, 0x53, 0xff, 0xff, 0xb9, 0xfe, 0xff, 0xff, 0xff, 0xff, 0xaa, 0xab,
];

/// A base-field element from 48 big-endian bytes; `None` when the value is not below p.
#[inline]
pub(crate) fn fp_from_be(b: &[u8; 48]) -> Option<blst_fp> {
    if b >= &P_BE {
        return None;
    }
    let mut fp = blst_fp::default();
    // SAFETY: `fp` is a valid, writable blst_fp and `b` points to 48 readable bytes.
    unsafe { blst_fp_from_bendian(&mut fp, b.as_ptr()) };
    Some(fp)
}

/// The 48 big-endian bytes of a base-field element.
#[inline]
pub(crate) fn fp_to_be(fp: &blst_fp) -> [u8; 48] {
    let mut out = [0u8; 48];
    // SAFETY: `out` has room for the 48 bytes written; `fp` is a valid blst_fp.
    unsafe { blst_bendian_from_fp(out.as_mut_ptr(), fp) };
    out
}

/// Whether an affine G1 point (not the all-zero infinity) satisfies the curve equation.
#[inline]
pub(crate) fn p1_on_curve(p: &blst_p1_affine) -> bool {
    // SAFETY: `p` is a valid reference to an initialised affine point.
    unsafe { blst_p1_affine_on_curve(p) }
}

/// Whether an on-curve affine G1 point is in the order-r subgroup.
#[inline]
pub(crate) fn p1_in_g1(p: &blst_p1_affine) -> bool {
    // SAFETY: `p` is a valid reference to an initialised affine point.
    unsafe { blst_p1_affine_in_g1(p) }
}

/// Whether an affine G2 point (not the all-zero infinity) satisfies the curve equation.
#[inline]
pub(crate) fn p2_on_curve(p: &blst_p2_affine) -> bool {
    // SAFETY: `p` is a valid reference to an initialised affine point.
    unsafe { blst_p2_affine_on_curve(p) }
}

/// Whether an on-curve affine G2 point is in the order-r subgroup.
#[inline]
pub(crate) fn p2_in_g2(p: &blst_p2_affine) -> bool {
    // SAFETY: `p` is a valid reference to an initialised affine point.
    unsafe { blst_p2_affine_in_g2(p) }
}

/// blst's affine form of a Jacobian G1 point (constant-time inversion): the oracle of
/// [`super::affine::p1_to_affine`]; also used by [`p1_add`].
#[cfg(test)]
pub(crate) fn p1_affine(p: &blst_p1) -> blst_p1_affine {
    use blst::blst_p1_to_affine;
    let mut out = blst_p1_affine::default();
    // SAFETY: both pointers refer to valid, distinct values.
    unsafe { blst_p1_to_affine(&mut out, p) };
    out
}

/// blst's affine form of a Jacobian G2 point: the oracle of [`super::affine::p2_to_affine`].
#[cfg(test)]
pub(crate) fn p2_affine(p: &blst_p2) -> blst_p2_affine {
    use blst::blst_p2_to_affine;
    let mut out = blst_p2_affine::default();
    // SAFETY: both pointers refer to valid, distinct values.
    unsafe { blst_p2_to_affine(&mut out, p) };
    out
}

/// Whether an affine G1 point is the all-zero infinity.
#[inline]
pub(crate) fn p1_is_inf(p: &blst_p1_affine) -> bool {
    // SAFETY: `p` is a valid reference to an initialised affine point.
    unsafe { blst_p1_affine_is_inf(p) }
}

/// The standard generator of G1.
pub(crate) fn p1_generator() -> blst_p1_affine {
    // SAFETY: blst returns a pointer to its static generator, valid for reading.
    unsafe { *blst_p1_affine_generator() }
}

/// The standard generator of G2.
pub(crate) fn p2_generator() -> blst_p2_affine {
    // SAFETY: blst returns a pointer to its static generator, valid for reading.
    unsafe { *blst_p2_affine_generator() }
}

/// A point from its 48-byte compressed (ZCash) encoding: `None` when the flags, the x
/// coordinate (must be below p) or the curve equation reject it. The point at infinity
/// (`0xc0`, then zeros) decodes to the all-zero affine point. No subgroup check.
pub(crate) fn p1_uncompress(b: &[u8; 48]) -> Option<blst_p1_affine> {
    let mut p = blst_p1_affine::default();
    // SAFETY: `p` is writable and `b` points to the 48 bytes blst reads.
    let err = unsafe { blst_p1_uncompress(&mut p, b.as_ptr()) };
    (err == BLST_ERROR::BLST_SUCCESS).then_some(p)
}

/// A G2 point from its 96-byte compressed encoding; as [`p1_uncompress`].
pub(crate) fn p2_uncompress(b: &[u8; 96]) -> Option<blst_p2_affine> {
    let mut p = blst_p2_affine::default();
    // SAFETY: `p` is writable and `b` points to the 96 bytes blst reads.
    let err = unsafe { blst_p2_uncompress(&mut p, b.as_ptr()) };
    (err == BLST_ERROR::BLST_SUCCESS).then_some(p)
}

/// `-p` for an affine G1 point (the all-zero infinity stays itself).
pub(crate) fn p1_neg(p: &blst_p1_affine) -> blst_p1_affine {
    let mut out = *p;
    // SAFETY: a valid field element; blst allows `ret` to alias `a`.
    unsafe {
        let y = &raw mut out.y;
        blst_fp_cneg(y, y, true);
    }
    out
}

/// `a + b` for Jacobian G1 points (any may be infinity, or equal).
pub(crate) fn p1_add_jacobian(a: &blst_p1, b: &blst_p1) -> blst_p1 {
    let mut out = blst_p1::default();
    // SAFETY: valid, distinct pointers.
    unsafe { blst_p1_add_or_double(&mut out, a, b) };
    out
}

/// `a + b` for a Jacobian and an affine G1 point (any may be infinity, or equal).
pub(crate) fn p1_add_mixed(a: &blst_p1, b: &blst_p1_affine) -> blst_p1 {
    let mut out = blst_p1::default();
    // SAFETY: valid, distinct pointers.
    unsafe { blst_p1_add_or_double_affine(&mut out, a, b) };
    out
}

/// `a + b` for on-curve G1 points (any of them may be the all-zero infinity, or equal), by
/// blst (Jacobian sum, constant-time affine conversion; also the test oracle of
/// [`super::affine::p1_add`]).
#[cfg(test)]
pub(crate) fn p1_add(a: &blst_p1_affine, b: &blst_p1_affine) -> blst_p1_affine {
    let mut acc = blst_p1::default();
    // SAFETY: valid pointers; blst allows `out` to alias the first input.
    unsafe {
        blst_p1_from_affine(&mut acc, a);
        let acc_ptr = &raw mut acc;
        blst_p1_add_or_double_affine(acc_ptr, acc_ptr, b);
    }
    p1_affine(&acc)
}

/// `a + b` for on-curve G2 points, by blst: the oracle of [`super::affine::p2_add`].
#[cfg(test)]
pub(crate) fn p2_add(a: &blst_p2_affine, b: &blst_p2_affine) -> blst_p2_affine {
    use blst::blst_p2_add_or_double_affine;
    let mut acc = blst_p2::default();
    // SAFETY: valid pointers; blst allows `out` to alias the first input.
    unsafe {
        blst_p2_from_affine(&mut acc, a);
        let acc_ptr = &raw mut acc;
        blst_p2_add_or_double_affine(acc_ptr, acc_ptr, b);
    }
    p2_affine(&acc)
}

/// `s * P` (projective) for a G1 point and a 32-byte little-endian scalar (256 bits used).
#[inline]
pub(crate) fn p1_mult(point: &blst_p1_affine, scalar: &[u8; 32]) -> blst_p1 {
    let mut p = blst_p1::default();
    let mut out = blst_p1::default();
    // SAFETY: valid, distinct pointers; the scalar has the 32 bytes 256 bits need.
    unsafe {
        blst_p1_from_affine(&mut p, point);
        blst_p1_mult(&mut out, &p, scalar.as_ptr(), 256);
    }
    out
}

/// `s * Q` (projective) for a G2 point; as [`p1_mult`].
#[inline]
pub(crate) fn p2_mult(point: &blst_p2_affine, scalar: &[u8; 32]) -> blst_p2 {
    let mut p = blst_p2::default();
    let mut out = blst_p2::default();
    // SAFETY: valid, distinct pointers; the scalar has the 32 bytes 256 bits need.
    unsafe {
        blst_p2_from_affine(&mut p, point);
        blst_p2_mult(&mut out, &p, scalar.as_ptr(), 256);
    }
    out
}

/// Whether `prod e(P_i, Q_i) == 1` for validated, non-infinity pairs (`true` when empty): one
/// multi-Miller loop over all pairs, then a single final exponentiation.
pub(crate) fn pairing_is_one(g1: &[blst_p1_affine], g2: &[blst_p2_affine]) -> bool {
    assert_eq!(g1.len(), g2.len());
    if g1.is_empty() {
        return true;
    }
    let ps = [g1.as_ptr(), ptr::null()];
    let qs = [g2.as_ptr(), ptr::null()];
    let mut ml = blst_fp12::default();
    let mut f = blst_fp12::default();
    // SAFETY: with a null second pointer, blst reads `g1.len()` consecutive points from each
    // first pointer; both slices have that many elements. Outputs are distinct and writable.
    unsafe {
        blst_miller_loop_n(&mut ml, qs.as_ptr(), ps.as_ptr(), g1.len());
        blst_final_exp(&mut f, &ml);
        blst_fp12_is_one(&f)
    }
}

/// EIP-2537 MAP_FP_TO_G1: the simplified-SWU map of `u` to the 11-isogenous curve, the isogeny,
/// and cofactor clearing (no hashing).
pub(crate) fn map_fp_to_g1(u: &blst_fp) -> blst_p1_affine {
    let mut p = blst_p1::default();
    // SAFETY: valid pointers; a null `v` asks blst for the single-element map.
    unsafe { blst_map_to_g1(&mut p, u, ptr::null()) };
    p1_to_affine(&p)
}

/// EIP-2537 MAP_FP2_TO_G2: as [`map_fp_to_g1`] over Fp2 (3-isogeny, G2 cofactor clearing).
pub(crate) fn map_fp2_to_g2(u: &blst_fp2) -> blst_p2_affine {
    let mut p = blst_p2::default();
    // SAFETY: valid pointers; a null `v` asks blst for the single-element map.
    unsafe { blst_map_to_g2(&mut p, u, ptr::null()) };
    p2_to_affine(&p)
}

/// blst's own field operations, the oracle of [`super::field`]'s.
#[cfg(test)]
pub(crate) mod field_oracle {
    use blst::{
        blst_fp, blst_fp2, blst_fp2_add, blst_fp2_inverse, blst_fp2_mul, blst_fp2_sqr,
        blst_fp2_sub, blst_fp_add, blst_fp_inverse, blst_fp_mul, blst_fp_sqr, blst_fp_sub,
    };

    macro_rules! binary {
        ($name:ident, $t:ty, $f:ident) => {
            pub(crate) fn $name(a: &$t, b: &$t) -> $t {
                let mut out = <$t>::default();
                // SAFETY: valid pointers to initialised values; `out` is writable.
                unsafe { $f(&mut out, a, b) };
                out
            }
        };
    }
    macro_rules! unary {
        ($name:ident, $t:ty, $f:ident) => {
            pub(crate) fn $name(a: &$t) -> $t {
                let mut out = <$t>::default();
                // SAFETY: valid pointers to initialised values; `out` is writable.
                unsafe { $f(&mut out, a) };
                out
            }
        };
    }
    binary!(fp_add, blst_fp, blst_fp_add);
    binary!(fp_sub, blst_fp, blst_fp_sub);
    binary!(fp_mul, blst_fp, blst_fp_mul);
    unary!(fp_sqr, blst_fp, blst_fp_sqr);
    unary!(fp_inverse, blst_fp, blst_fp_inverse);
    binary!(fp2_add, blst_fp2, blst_fp2_add);
    binary!(fp2_sub, blst_fp2, blst_fp2_sub);
    binary!(fp2_mul, blst_fp2, blst_fp2_mul);
    unary!(fp2_sqr, blst_fp2, blst_fp2_sqr);
    unary!(fp2_inverse, blst_fp2, blst_fp2_inverse);
}
