//! A fixed-base table for `[s]B` with a fixed G1 point `B` (POINT_EVALUATION's `[y]G1`).
#![allow(unsafe_code)]

use blst::{
    blst_p1, blst_p1_add_or_double, blst_p1_add_or_double_affine, blst_p1_affine,
    blst_p1_from_affine, blst_p1s_to_affine,
};
use core::ptr;

/// `[s]B` for a fixed G1 point `B` by a precomputed table: the scalar's 32 little-endian bytes
/// are 32 digits, and `[d 256^i]B` is read from the table, so a multiplication is at most 32
/// mixed additions and no doublings (blst's variable-base multiplication does 255 doublings).
pub(crate) struct P1FixedBase(Vec<blst_p1_affine>);

impl P1FixedBase {
    /// The table of `b`: `[d 256^i]b` for digits `d` in 1..=255 and windows `i` in 0..32
    /// (8160 affine points, 783 KB; about 5 ms to build).
    pub(crate) fn new(b: &blst_p1_affine) -> Self {
        let mut jacobian = Vec::with_capacity(32 * 255);
        let mut base = blst_p1::default();
        // SAFETY: valid pointers; blst allows `out` to alias an input.
        unsafe { blst_p1_from_affine(&mut base, b) };
        for _ in 0..32 {
            let mut multiple = base;
            for _ in 0..255 {
                jacobian.push(multiple);
                let m = &raw mut multiple;
                // SAFETY: as above.
                unsafe { blst_p1_add_or_double(m, m, &base) };
            }
            // `multiple` is now [256]base: the next window's base.
            base = multiple;
        }
        let mut table = vec![blst_p1_affine::default(); jacobian.len()];
        let points = [jacobian.as_ptr(), ptr::null()];
        // SAFETY: with a null second pointer blst reads `len` consecutive Jacobian points from
        // the first and writes `len` affine points to `table`, which has that length.
        unsafe { blst_p1s_to_affine(table.as_mut_ptr(), points.as_ptr(), jacobian.len()) };
        Self(table)
    }

    /// `[s]B` (Jacobian) for a 32-byte little-endian scalar `s` (all 256 bits used).
    pub(crate) fn mult(&self, scalar: &[u8; 32]) -> blst_p1 {
        let mut acc = blst_p1::default();
        let acc_ptr = &raw mut acc;
        for (window, &digit) in scalar.iter().enumerate() {
            if digit != 0 {
                let point = &self.0[window * 255 + usize::from(digit) - 1];
                // SAFETY: valid pointers; blst allows `out` to alias the first input and
                // handles infinity and equal points.
                unsafe { blst_p1_add_or_double_affine(acc_ptr, acc_ptr, point) };
            }
        }
        acc
    }
}
