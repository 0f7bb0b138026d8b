//! The Miller loop of POINT_EVALUATION over precomputed G2 lines: blst computes the lines of a
//! fixed G2 point once (`blst_precompute_lines`), and [`multi_miller_loop`] evaluates several
//! pairs' lines in one accumulator, following blst's private line schedule (why the workspace
//! pins blst exactly).
#![allow(unsafe_code)]

use super::p1_is_inf;
use blst::{
    blst_final_exp, blst_fp, blst_fp12, blst_fp12_conjugate, blst_fp12_is_one,
    blst_fp12_mul_by_xy00z0, blst_fp12_one, blst_fp12_sqr, blst_fp6, blst_fp_add, blst_fp_cneg,
    blst_fp_mul, blst_p1_affine, blst_p2_affine, blst_precompute_lines,
};

/// The 68 Miller-loop line coefficients of a fixed G2 point, computed once by
/// [`G2Lines::new`] so that each pairing with it skips the G2 arithmetic.
pub(crate) struct G2Lines([blst_fp6; 68]);

impl G2Lines {
    /// The lines of `q`, an on-curve point of the subgroup that is not infinity.
    pub(crate) fn new(q: &blst_p2_affine) -> Self {
        let mut lines = [blst_fp6::default(); 68];
        // SAFETY: blst writes exactly 68 `blst_fp6` values, the array's length.
        unsafe { blst_precompute_lines(lines.as_mut_ptr(), q) };
        Self(lines)
    }

    /// The Miller loop of `(p, Q)` for the Q these lines belong to, by blst (the oracle of
    /// [`multi_miller_loop`]); 1 when `p` is the all-zero infinity (whose pairing is 1; the
    /// loop itself has no infinity case).
    #[cfg(test)]
    pub(crate) fn miller_loop(&self, p: &blst_p1_affine) -> blst_fp12 {
        if p1_is_inf(p) {
            // SAFETY: blst returns a pointer to its static Fp12 one, valid for reading.
            return unsafe { *blst_fp12_one() };
        }
        use blst::blst_miller_loop_lines;
        let mut f = blst_fp12::default();
        // SAFETY: `self.0` holds the 68 lines blst reads; `f` is writable; `p` is valid.
        unsafe { blst_miller_loop_lines(&mut f, self.0.as_ptr(), p) };
        f
    }
}

/// The line indices of [`G2Lines`] that follow a squaring of the Miller accumulator: every
/// index but the six that start blst's `post_add_n_dbl` runs (0, 1, 4, 8, 18, 51), which walk
/// the bits of |x| = 0xd201000000010000 (62 squarings in all).
const fn squared_before(i: usize) -> bool {
    !matches!(i, 0 | 1 | 4 | 8 | 18 | 51)
}

/// The product of the Miller loops of `(p_i, Q_i)` for `N` pairs, each `Q_i` given by its
/// precomputed lines: one accumulator squared 62 times whatever `N` (separate loops would
/// square `N` times as often). Pairs whose `p_i` is the all-zero infinity contribute 1.
pub(crate) fn multi_miller_loop<const N: usize>(
    pairs: [(&G2Lines, &blst_p1_affine); N],
) -> blst_fp12 {
    // blst evaluates a line at P through (-2 P.x, 2 P.y), as in its `post_line_by_Px2`;
    // infinity contributes 1, so it gets no point and its lines are skipped.
    let points: [Option<(blst_fp, blst_fp)>; N] = core::array::from_fn(|k| {
        let p = pairs[k].1;
        (!p1_is_inf(p)).then(|| {
            let (mut x2, mut y2) = (blst_fp::default(), blst_fp::default());
            // SAFETY: valid field elements; blst allows `ret` to alias an input.
            unsafe {
                blst_fp_add(&mut x2, &p.x, &p.x);
                let x2 = &raw mut x2;
                blst_fp_cneg(x2, x2, true);
                blst_fp_add(&mut y2, &p.y, &p.y);
            }
            (x2, y2)
        })
    });
    // SAFETY: blst returns a pointer to its static Fp12 one, valid for reading.
    let mut f = unsafe { *blst_fp12_one() };
    let f_ptr = &raw mut f;
    for i in 0..68 {
        if squared_before(i) {
            // SAFETY: `f` is a valid Fp12; blst allows `ret` to alias `a`.
            unsafe { blst_fp12_sqr(f_ptr, f_ptr) };
        }
        for ((lines, _), (x2, y2)) in pairs
            .iter()
            .zip(&points)
            .filter_map(|(l, p)| Some((l, p.as_ref()?)))
        {
            let q = &lines.0[i].fp2;
            let mut line = lines.0[i];
            // SAFETY: valid field elements and Fp12 values; blst allows `ret` to alias `a`.
            unsafe {
                blst_fp_mul(&mut line.fp2[1].fp[0], &q[1].fp[0], x2);
                blst_fp_mul(&mut line.fp2[1].fp[1], &q[1].fp[1], x2);
                blst_fp_mul(&mut line.fp2[2].fp[0], &q[2].fp[0], y2);
                blst_fp_mul(&mut line.fp2[2].fp[1], &q[2].fp[1], y2);
                blst_fp12_mul_by_xy00z0(f_ptr, f_ptr, &line);
            }
        }
    }
    // x is negative: blst conjugates f_{|x|} (the inverse, once in the cyclotomic subgroup).
    // SAFETY: `f` is a valid Fp12.
    unsafe { blst_fp12_conjugate(f_ptr) };
    f
}

/// Whether the final exponentiation of a Miller-loop value is 1 (a pairing product check).
pub(crate) fn fp12_final_is_one(f: &blst_fp12) -> bool {
    let mut out = blst_fp12::default();
    // SAFETY: valid, distinct Fp12 values.
    unsafe {
        blst_final_exp(&mut out, f);
        blst_fp12_is_one(&out)
    }
}

/// Whether two Miller-loop values give the same pairing: `final_exp(a) == final_exp(b)`, with
/// one final exponentiation (of `conj(a) * b`). A test oracle of [`fp12_final_is_one`].
#[cfg(test)]
pub(crate) fn fp12_final_equal(a: &blst_fp12, b: &blst_fp12) -> bool {
    use blst::blst_fp12_finalverify;
    // SAFETY: both are valid Fp12 values; blst only reads them.
    unsafe { blst_fp12_finalverify(a, b) }
}
