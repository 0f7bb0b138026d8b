//! The MSM policy of G1MSM and G2MSM: which blst driver by point count (a single
//! multiplication, single-threaded Pippenger, or blst's threaded `MultiPoint::mult`).
#![allow(unsafe_code)]

use super::{p1_mult, p2_mult};
use crate::bls12_381::affine::{p1_to_affine, p2_to_affine};
use blst::{
    blst_p1, blst_p1_affine, blst_p1s_mult_pippenger, blst_p1s_mult_pippenger_scratch_sizeof,
    blst_p2, blst_p2_affine, blst_p2s_mult_pippenger, blst_p2s_mult_pippenger_scratch_sizeof,
    limb_t, MultiPoint,
};
use core::ptr;

/// From this many points on, MSMs use blst's own `MultiPoint::mult` driver (Pippenger, split
/// across blst's thread pool as revm does); below it, single-threaded Pippenger.
pub(crate) const MSM_THREADED_FROM: usize = 32;

/// `sum s_i * P_i` over G1 points `points` (none at infinity) and 32-byte little-endian scalars
/// `scalars` (all 256 bits are used). Returns infinity for an empty list.
pub(crate) fn p1_msm(points: &[blst_p1_affine], scalars: &[[u8; 32]]) -> blst_p1_affine {
    assert_eq!(points.len(), scalars.len());
    match points.len() {
        0 => blst_p1_affine::default(),
        // From two points on, Pippenger: two GLV multiplications and an addition were slower
        // already at k = 2 (PERF.md).
        1 => p1_to_affine(&p1_mult(&points[0], &scalars[0])),
        n if n >= MSM_THREADED_FROM => p1_to_affine(&points.mult(scalars.as_flattened(), 256)),
        n => {
            // SAFETY: blst returns the scratch size in bytes for `n` points.
            let words =
                unsafe { blst_p1s_mult_pippenger_scratch_sizeof(n) }.div_ceil(size_of::<limb_t>());
            let mut scratch: Vec<limb_t> = vec![0; words];
            let pts = [points.as_ptr(), ptr::null()];
            let scs = [scalars.as_ptr().cast::<u8>(), ptr::null()];
            let mut out = blst_p1::default();
            // SAFETY: with a null second pointer, blst reads `n` consecutive points and `n`
            // consecutive 32-byte scalars from the first pointers; both slices have `n`
            // elements, and `scratch` has the size blst asked for.
            unsafe {
                blst_p1s_mult_pippenger(
                    &mut out,
                    pts.as_ptr(),
                    n,
                    scs.as_ptr(),
                    256,
                    scratch.as_mut_ptr(),
                )
            };
            p1_to_affine(&out)
        }
    }
}

/// `sum s_i * Q_i` over G2 points (none at infinity); as [`p1_msm`].
pub(crate) fn p2_msm(points: &[blst_p2_affine], scalars: &[[u8; 32]]) -> blst_p2_affine {
    assert_eq!(points.len(), scalars.len());
    match points.len() {
        0 => blst_p2_affine::default(),
        1 => p2_to_affine(&p2_mult(&points[0], &scalars[0])),
        n if n >= MSM_THREADED_FROM => p2_to_affine(&points.mult(scalars.as_flattened(), 256)),
        n => {
            // SAFETY: blst returns the scratch size in bytes for `n` points.
            let words =
                unsafe { blst_p2s_mult_pippenger_scratch_sizeof(n) }.div_ceil(size_of::<limb_t>());
            let mut scratch: Vec<limb_t> = vec![0; words];
            let pts = [points.as_ptr(), ptr::null()];
            let scs = [scalars.as_ptr().cast::<u8>(), ptr::null()];
            let mut out = blst_p2::default();
            // SAFETY: as in `p1_msm`: `n` points, `n` 32-byte scalars, scratch of blst's size.
            unsafe {
                blst_p2s_mult_pippenger(
                    &mut out,
                    pts.as_ptr(),
                    n,
                    scs.as_ptr(),
                    256,
                    scratch.as_mut_ptr(),
                )
            };
            p2_to_affine(&out)
        }
    }
}
