//! Safe wrappers over the `blst` C API used by the EIP-2537 precompiles. All `unsafe` code of
//! the BLS12-381 precompiles lives here; every wrapper takes and returns plain values.
#![allow(unsafe_code)]

use super::affine::{p1_to_affine, p2_to_affine};
use blst::{
    blst_bendian_from_fp, blst_final_exp, blst_fp, blst_fp12, blst_fp12_conjugate,
    blst_fp12_is_one, blst_fp12_mul_by_xy00z0, blst_fp12_one, blst_fp12_sqr, blst_fp2, blst_fp6,
    blst_fp_add, blst_fp_cneg, blst_fp_from_bendian, blst_fp_mul, blst_map_to_g1, blst_map_to_g2,
    blst_miller_loop_n, blst_p1, blst_p1_add_or_double, blst_p1_add_or_double_affine,
    blst_p1_affine, blst_p1_affine_generator, blst_p1_affine_in_g1, blst_p1_affine_is_inf,
    blst_p1_affine_on_curve, blst_p1_from_affine, blst_p1_mult, blst_p1_uncompress,
    blst_p1s_mult_pippenger, blst_p1s_mult_pippenger_scratch_sizeof, blst_p1s_to_affine, blst_p2,
    blst_p2_affine, blst_p2_affine_generator, blst_p2_affine_in_g2, blst_p2_affine_on_curve,
    blst_p2_from_affine, blst_p2_mult, blst_p2_uncompress, blst_p2s_mult_pippenger,
    blst_p2s_mult_pippenger_scratch_sizeof, blst_precompute_lines, limb_t, MultiPoint, BLST_ERROR,
};
use core::ptr;

/// The base-field modulus p, big-endian (48 bytes).
pub(crate) const P_BE: [u8; 48] = [
    0x1a, 0x01, 0x11, 0xea, 0x39, 0x7f, 0xe6, 0x9a, 0x4b, 0x1b, 0xa7, 0xb6, 0x43, 0x4b, 0xac, 0xd7,
    0x64, 0x77, 0x4b, 0x84, 0xf3, 0x85, 0x12, 0xbf, 0x67, 0x30, 0xd2, 0xa0, 0xf6, 0xb0, 0xf6, 0x24,
    0x1e, 0xab, 0xff, 0xfe, 0xb1, 0x53, 0xff, 0xff, 0xb9, 0xfe, 0xff, 0xff, 0xff, 0xff, 0xaa, 0xab,
];

/// From this many points on, MSMs use blst's own `MultiPoint::mult` driver (Pippenger, split
/// across blst's thread pool as revm does); below it, single-threaded Pippenger.
pub(crate) const MSM_THREADED_FROM: usize = 32;

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

/// Whether two Miller-loop values give the same pairing: `final_exp(a) == final_exp(b)`, with
/// one final exponentiation (of `conj(a) * b`). A test oracle of [`fp12_final_is_one`].
#[cfg(test)]
pub(crate) fn fp12_final_equal(a: &blst_fp12, b: &blst_fp12) -> bool {
    use blst::blst_fp12_finalverify;
    // SAFETY: both are valid Fp12 values; blst only reads them.
    unsafe { blst_fp12_finalverify(a, b) }
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

/// `sum s_i * P_i` over G1 points `points` (none at infinity) and 32-byte little-endian scalars
/// `scalars` (all 256 bits are used). Returns infinity for an empty list.
pub(crate) fn p1_msm(points: &[blst_p1_affine], scalars: &[[u8; 32]]) -> blst_p1_affine {
    assert_eq!(points.len(), scalars.len());
    match points.len() {
        0 => blst_p1_affine::default(),
        // From two points on, Pippenger: two GLV multiplications and an addition were slower at
        // k = 2 (`cargo xtask gas`, Bls12G1MSM-2: 297 us against revm's Pippenger 247 us).
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
