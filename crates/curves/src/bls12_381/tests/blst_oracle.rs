//! blst, the tests' oracle, through its C API: every value passes as limbs (blst's `blst_fp`
//! is the same Montgomery form as ours, `a * 2^384 mod p` in six little-endian limbs, and its
//! tower is the same `Fp2[v]/(v^3 - (1 + u))`, `Fp6[w]/(w^2 - v)`).
#![allow(unsafe_code)] // FFI to blst

use blst::*;
use curves::bls12_381::g1::G1Affine;
use curves::bls12_381::g2::G2Affine;
use curves::bls12_381::pairing::MillerPair;
use curves::bls12_381::{Fp, Fp12, Fp2, Fp6};

fn to_b(a: Fp) -> blst_fp {
    blst_fp {
        l: a.to_raw_montgomery(),
    }
}
fn from_b(a: &blst_fp) -> Fp {
    Fp::from_raw_montgomery(a.l)
}
fn to_b2(a: Fp2) -> blst_fp2 {
    blst_fp2 {
        fp: [to_b(a.c0), to_b(a.c1)],
    }
}
fn from_b2(a: &blst_fp2) -> Fp2 {
    Fp2::new(from_b(&a.fp[0]), from_b(&a.fp[1]))
}
fn to_b12(f: &Fp12) -> blst_fp12 {
    let six = |c: &Fp6| blst_fp6 {
        fp2: [to_b2(c.c0), to_b2(c.c1), to_b2(c.c2)],
    };
    blst_fp12 {
        fp6: [six(&f.c0), six(&f.c1)],
    }
}
fn from_b12(f: &blst_fp12) -> Fp12 {
    let six = |c: &blst_fp6| Fp6::new(from_b2(&c.fp2[0]), from_b2(&c.fp2[1]), from_b2(&c.fp2[2]));
    Fp12::new(six(&f.fp6[0]), six(&f.fp6[1]))
}

macro_rules! binary {
    ($name:ident, $f:ident, $t:ty, $to:ident, $from:ident, $bt:ty) => {
        /// blst's operation of the same name.
        pub fn $name(a: $t, c: $t) -> $t {
            let mut r = <$bt>::default();
            // SAFETY: valid pointers to initialised values of the types blst expects.
            unsafe { $f(&mut r, &$to(a), &$to(c)) };
            $from(&r)
        }
    };
}
macro_rules! unary {
    ($name:ident, $f:ident, $t:ty, $to:ident, $from:ident, $bt:ty) => {
        /// blst's operation of the same name.
        pub fn $name(a: $t) -> $t {
            let mut r = <$bt>::default();
            // SAFETY: valid pointers to initialised values of the types blst expects.
            unsafe { $f(&mut r, &$to(a)) };
            $from(&r)
        }
    };
}
binary!(fp_add, blst_fp_add, Fp, to_b, from_b, blst_fp);
binary!(fp_sub, blst_fp_sub, Fp, to_b, from_b, blst_fp);
binary!(fp_mul, blst_fp_mul, Fp, to_b, from_b, blst_fp);
unary!(fp_sqr, blst_fp_sqr, Fp, to_b, from_b, blst_fp);
unary!(fp_inverse, blst_fp_inverse, Fp, to_b, from_b, blst_fp);
binary!(fp2_add, blst_fp2_add, Fp2, to_b2, from_b2, blst_fp2);
binary!(fp2_sub, blst_fp2_sub, Fp2, to_b2, from_b2, blst_fp2);
binary!(fp2_mul, blst_fp2_mul, Fp2, to_b2, from_b2, blst_fp2);
unary!(fp2_sqr, blst_fp2_sqr, Fp2, to_b2, from_b2, blst_fp2);
unary!(fp2_inverse, blst_fp2_inverse, Fp2, to_b2, from_b2, blst_fp2);

/// A square root by blst, `None` for a non-square.
pub fn fp_sqrt(a: Fp) -> Option<Fp> {
    let mut r = blst_fp::default();
    // SAFETY: valid pointers to initialised blst_fp values.
    let ok = unsafe { blst_fp_sqrt(&mut r, &to_b(a)) };
    ok.then(|| from_b(&r))
}

/// blst's 48-byte big-endian encoding.
pub fn fp_to_bendian(a: Fp) -> [u8; 48] {
    let mut out = [0u8; 48];
    // SAFETY: `out` has the 48 bytes blst writes; `a` is a valid blst_fp.
    unsafe { blst_bendian_from_fp(out.as_mut_ptr(), &to_b(a)) };
    out
}

/// `f * g` by blst.
pub fn fp12_mul(f: &Fp12, g: &Fp12) -> Fp12 {
    let mut r = blst_fp12::default();
    // SAFETY: valid pointers to initialised blst_fp12 values.
    unsafe { blst_fp12_mul(&mut r, &to_b12(f), &to_b12(g)) };
    from_b12(&r)
}

/// `f^2` by blst.
pub fn fp12_sqr(f: &Fp12) -> Fp12 {
    let mut r = blst_fp12::default();
    // SAFETY: valid pointers to initialised blst_fp12 values.
    unsafe { blst_fp12_sqr(&mut r, &to_b12(f)) };
    from_b12(&r)
}

/// blst's cyclotomic squaring.
pub fn fp12_cyclotomic_sqr(f: &Fp12) -> Fp12 {
    let mut r = blst_fp12::default();
    // SAFETY: valid pointers to initialised blst_fp12 values.
    unsafe { blst_fp12_cyclotomic_sqr(&mut r, &to_b12(f)) };
    from_b12(&r)
}

/// `1 / f` by blst (zero for zero).
pub fn fp12_inverse(f: &Fp12) -> Fp12 {
    let mut r = blst_fp12::default();
    // SAFETY: valid pointers to initialised blst_fp12 values.
    unsafe { blst_fp12_inverse(&mut r, &to_b12(f)) };
    from_b12(&r)
}

/// The conjugate by blst.
pub fn fp12_conjugate(f: &Fp12) -> Fp12 {
    let mut r = to_b12(f);
    // SAFETY: a valid pointer to an initialised blst_fp12.
    unsafe { blst_fp12_conjugate(&mut r) };
    from_b12(&r)
}

/// `f^(p^n)` by blst.
pub fn fp12_frobenius(f: &Fp12, n: usize) -> Fp12 {
    let mut r = blst_fp12::default();
    // SAFETY: valid pointers to initialised blst_fp12 values.
    unsafe { blst_fp12_frobenius_map(&mut r, &to_b12(f), n) };
    from_b12(&r)
}

fn g1_from_b(p: &blst_p1) -> G1Affine {
    let mut a = blst_p1_affine::default();
    // SAFETY: valid pointers to initialised blst values.
    unsafe { blst_p1_to_affine(&mut a, p) };
    // SAFETY: a valid pointer to an initialised blst_p1_affine.
    if unsafe { blst_p1_affine_is_inf(&a) } {
        G1Affine::INFINITY
    } else {
        G1Affine::new(from_b(&a.x), from_b(&a.y))
    }
}

fn g2_from_b(p: &blst_p2) -> G2Affine {
    let mut a = blst_p2_affine::default();
    // SAFETY: valid pointers to initialised blst values.
    unsafe { blst_p2_to_affine(&mut a, p) };
    // SAFETY: a valid pointer to an initialised blst_p2_affine.
    if unsafe { blst_p2_affine_is_inf(&a) } {
        G2Affine::INFINITY
    } else {
        G2Affine::new(from_b2(&a.x), from_b2(&a.y))
    }
}

fn g1_to_b(p: &G1Affine) -> blst_p1_affine {
    if p.infinity {
        return blst_p1_affine::default();
    }
    blst_p1_affine {
        x: to_b(p.x),
        y: to_b(p.y),
    }
}

fn g2_to_b(p: &G2Affine) -> blst_p2_affine {
    if p.infinity {
        return blst_p2_affine::default();
    }
    blst_p2_affine {
        x: to_b2(p.x),
        y: to_b2(p.y),
    }
}

/// `[k] p` for a G1 point by blst (`nbits` bits of the little-endian `k`).
fn g1_mult(p: &G1Affine, k: &[u8], nbits: usize) -> G1Affine {
    let mut j = blst_p1::default();
    let mut r = blst_p1::default();
    // SAFETY: valid pointers; `k` holds at least `nbits` bits.
    unsafe {
        blst_p1_from_affine(&mut j, &g1_to_b(p));
        blst_p1_mult(&mut r, &j, k.as_ptr(), nbits);
    }
    g1_from_b(&r)
}

/// `[k] p` for a G2 point by blst.
fn g2_mult(p: &G2Affine, k: &[u8], nbits: usize) -> G2Affine {
    let mut j = blst_p2::default();
    let mut r = blst_p2::default();
    // SAFETY: valid pointers; `k` holds at least `nbits` bits.
    unsafe {
        blst_p2_from_affine(&mut j, &g2_to_b(p));
        blst_p2_mult(&mut r, &j, k.as_ptr(), nbits);
    }
    g2_from_b(&r)
}

fn g1_gen() -> G1Affine {
    // SAFETY: blst returns a pointer to its static generator.
    let g = unsafe { &*blst_p1_affine_generator() };
    G1Affine::new(from_b(&g.x), from_b(&g.y))
}

fn g2_gen() -> G2Affine {
    // SAFETY: blst returns a pointer to its static generator.
    let g = unsafe { &*blst_p2_affine_generator() };
    G2Affine::new(from_b2(&g.x), from_b2(&g.y))
}

/// `[k] G1` by blst.
pub fn g1_mul(k: u64) -> G1Affine {
    g1_mult(&g1_gen(), &k.to_le_bytes(), 64)
}
/// `[k] G1` by blst.
pub fn g1_mul_u128(k: u128) -> G1Affine {
    g1_mult(&g1_gen(), &k.to_le_bytes(), 128)
}
/// `[k] p` by blst.
pub fn g1_mul_u64(p: &G1Affine, k: u64) -> G1Affine {
    g1_mult(p, &k.to_le_bytes(), 64)
}
/// `[k] G2` by blst.
pub fn g2_mul(k: u64) -> G2Affine {
    g2_mult(&g2_gen(), &k.to_le_bytes(), 64)
}
/// `[k] G2` by blst.
pub fn g2_mul_u128(k: u128) -> G2Affine {
    g2_mult(&g2_gen(), &k.to_le_bytes(), 128)
}

fn miller(p: &G1Affine, q: &G2Affine) -> blst_fp12 {
    let mut f = blst_fp12::default();
    // SAFETY: valid pointers to initialised blst values.
    unsafe { blst_miller_loop(&mut f, &g2_to_b(q), &g1_to_b(p)) };
    f
}

/// blst's pairing `e(p, q)` (Miller loop and final exponentiation).
pub fn pairing(p: &G1Affine, q: &G2Affine) -> Fp12 {
    let mut r = blst_fp12::default();
    // SAFETY: valid pointers to initialised blst_fp12 values.
    unsafe { blst_final_exp(&mut r, &miller(p, q)) };
    from_b12(&r)
}

/// Whether blst finds the product of the pairings of `pairs` to be one.
pub fn pairing_product_is_one(pairs: &[MillerPair]) -> bool {
    let mut acc = to_b12(&Fp12::ONE);
    for pr in pairs {
        let f = miller(&G1Affine::new(pr.px, pr.py), &G2Affine::new(pr.qx, pr.qy));
        let mut t = blst_fp12::default();
        // SAFETY: valid pointers to initialised blst_fp12 values.
        unsafe { blst_fp12_mul(&mut t, &acc, &f) };
        acc = t;
    }
    let mut r = blst_fp12::default();
    // SAFETY: valid pointers to initialised blst_fp12 values.
    unsafe {
        blst_final_exp(&mut r, &acc);
        blst_fp12_is_one(&r)
    }
}

/// blst's Miller loop value.
pub fn miller_loop(p: &G1Affine, q: &G2Affine) -> Fp12 {
    from_b12(&miller(p, q))
}

/// blst's final exponentiation.
pub fn final_exp(f: &Fp12) -> Fp12 {
    let mut r = blst_fp12::default();
    // SAFETY: valid pointers to initialised blst_fp12 values.
    unsafe { blst_final_exp(&mut r, &to_b12(f)) };
    from_b12(&r)
}

/// A square root in Fp2 by blst, `None` for a non-square.
pub fn fp2_sqrt(a: Fp2) -> Option<Fp2> {
    let mut r = blst_fp2::default();
    // SAFETY: valid pointers to initialised blst_fp2 values.
    let ok = unsafe { blst_fp2_sqrt(&mut r, &to_b2(a)) };
    ok.then(|| from_b2(&r))
}

/// Whether blst finds `p` (on the curve) in G1.
pub fn in_g1(p: &G1Affine) -> bool {
    // SAFETY: a valid pointer to an initialised blst_p1_affine.
    unsafe { blst_p1_affine_in_g1(&g1_to_b(p)) }
}

/// Whether blst finds `q` (on the twist) in G2.
pub fn in_g2(q: &G2Affine) -> bool {
    // SAFETY: a valid pointer to an initialised blst_p2_affine.
    unsafe { blst_p2_affine_in_g2(&g2_to_b(q)) }
}

/// `[k] p` by blst for a little-endian scalar of any length.
pub fn g1_mul_bytes(p: &G1Affine, k: &[u8]) -> G1Affine {
    g1_mult(p, k, 8 * k.len())
}

/// `[k] q` by blst for a little-endian scalar of any length.
pub fn g2_mul_bytes(q: &G2Affine, k: &[u8]) -> G2Affine {
    g2_mult(q, k, 8 * k.len())
}

/// `a + b` by blst.
pub fn g1_add(a: &G1Affine, c: &G1Affine) -> G1Affine {
    let (mut x, mut y, mut r) = (blst_p1::default(), blst_p1::default(), blst_p1::default());
    // SAFETY: valid pointers to initialised blst values.
    unsafe {
        blst_p1_from_affine(&mut x, &g1_to_b(a));
        blst_p1_from_affine(&mut y, &g1_to_b(c));
        blst_p1_add_or_double(&mut r, &x, &y);
    }
    g1_from_b(&r)
}

/// `a + b` by blst.
pub fn g2_add(a: &G2Affine, c: &G2Affine) -> G2Affine {
    let (mut x, mut y, mut r) = (blst_p2::default(), blst_p2::default(), blst_p2::default());
    // SAFETY: valid pointers to initialised blst values.
    unsafe {
        blst_p2_from_affine(&mut x, &g2_to_b(a));
        blst_p2_from_affine(&mut y, &g2_to_b(c));
        blst_p2_add_or_double(&mut r, &x, &y);
    }
    g2_from_b(&r)
}

/// `[k] q` by blst.
pub fn g2_mul_u64(q: &G2Affine, k: u64) -> G2Affine {
    g2_mult(q, &k.to_le_bytes(), 64)
}

/// blst's `map_to_g1` of one field element (SSWU, 11-isogeny, cofactor clearing).
pub fn map_to_g1(u: Fp) -> G1Affine {
    let mut r = blst_p1::default();
    // SAFETY: valid pointers; a null second element asks for the single-element map.
    unsafe { blst_map_to_g1(&mut r, &to_b(u), core::ptr::null()) };
    g1_from_b(&r)
}

/// blst's `map_to_g2` of one Fp2 element (SSWU, 3-isogeny, cofactor clearing).
pub fn map_to_g2(u: Fp2) -> G2Affine {
    let mut r = blst_p2::default();
    // SAFETY: valid pointers; a null second element asks for the single-element map.
    unsafe { blst_map_to_g2(&mut r, &to_b2(u), core::ptr::null()) };
    g2_from_b(&r)
}

/// blst's `map_to_g1` in its Jacobian coordinates (no conversion to affine: for benches that
/// convert blst's and our results the same way).
pub fn map_to_g1_jacobian(u: Fp) -> curves::bls12_381::g1::G1Jacobian {
    let mut r = blst_p1::default();
    // SAFETY: valid pointers; a null second element asks for the single-element map.
    unsafe { blst_map_to_g1(&mut r, &to_b(u), core::ptr::null()) };
    curves::curve::Jacobian {
        x: from_b(&r.x),
        y: from_b(&r.y),
        z: from_b(&r.z),
    }
}

/// blst's `map_to_g2` in its Jacobian coordinates (as [`map_to_g1_jacobian`]).
pub fn map_to_g2_jacobian(u: Fp2) -> curves::bls12_381::g2::G2Jacobian {
    let mut r = blst_p2::default();
    // SAFETY: valid pointers; a null second element asks for the single-element map.
    unsafe { blst_map_to_g2(&mut r, &to_b2(u), core::ptr::null()) };
    curves::curve::Jacobian {
        x: from_b2(&r.x),
        y: from_b2(&r.y),
        z: from_b2(&r.z),
    }
}

/// `2 p` by blst on a Jacobian point (blst's coordinates are Jacobian too).
pub fn g1_double(p: &curves::bls12_381::g1::G1Jacobian) -> curves::bls12_381::g1::G1Jacobian {
    let a = blst_p1 {
        x: to_b(p.x),
        y: to_b(p.y),
        z: to_b(p.z),
    };
    let mut r = blst_p1::default();
    // SAFETY: valid pointers to initialised blst_p1 values.
    unsafe { blst_p1_double(&mut r, &a) };
    curves::curve::Jacobian {
        x: from_b(&r.x),
        y: from_b(&r.y),
        z: from_b(&r.z),
    }
}

/// `sum [s_i] P_i` by blst, one thread: `blst_p1_mult` for one point, `blst_p1s_mult_pippenger`
/// for more (the precompile's policy below its threaded threshold); Jacobian, unconverted.
pub fn g1_msm_jacobian(
    points: &[G1Affine],
    scalars: &[[u8; 32]],
) -> curves::bls12_381::g1::G1Jacobian {
    let pts: Vec<blst_p1_affine> = points.iter().map(g1_to_b).collect();
    let mut out = blst_p1::default();
    if pts.len() == 1 {
        let mut j = blst_p1::default();
        // SAFETY: valid pointers; the scalar has 256 bits.
        unsafe {
            blst_p1_from_affine(&mut j, &pts[0]);
            blst_p1_mult(&mut out, &j, scalars[0].as_ptr(), 256);
        }
    } else {
        // SAFETY: blst returns the scratch size in bytes for `n` points.
        let words = unsafe { blst_p1s_mult_pippenger_scratch_sizeof(pts.len()) }.div_ceil(8);
        let mut scratch: Vec<limb_t> = vec![0; words];
        let p = [pts.as_ptr(), core::ptr::null()];
        let s = [scalars.as_ptr().cast::<u8>(), core::ptr::null()];
        // SAFETY: `n` consecutive points and 32-byte scalars, scratch of blst's size.
        unsafe {
            blst_p1s_mult_pippenger(
                &mut out,
                p.as_ptr(),
                pts.len(),
                s.as_ptr(),
                256,
                scratch.as_mut_ptr(),
            )
        };
    }
    curves::curve::Jacobian {
        x: from_b(&out.x),
        y: from_b(&out.y),
        z: from_b(&out.z),
    }
}

/// As [`g1_msm_jacobian`] in G2.
pub fn g2_msm_jacobian(
    points: &[G2Affine],
    scalars: &[[u8; 32]],
) -> curves::bls12_381::g2::G2Jacobian {
    let pts: Vec<blst_p2_affine> = points.iter().map(g2_to_b).collect();
    let mut out = blst_p2::default();
    if pts.len() == 1 {
        let mut j = blst_p2::default();
        // SAFETY: valid pointers; the scalar has 256 bits.
        unsafe {
            blst_p2_from_affine(&mut j, &pts[0]);
            blst_p2_mult(&mut out, &j, scalars[0].as_ptr(), 256);
        }
    } else {
        // SAFETY: blst returns the scratch size in bytes for `n` points.
        let words = unsafe { blst_p2s_mult_pippenger_scratch_sizeof(pts.len()) }.div_ceil(8);
        let mut scratch: Vec<limb_t> = vec![0; words];
        let p = [pts.as_ptr(), core::ptr::null()];
        let s = [scalars.as_ptr().cast::<u8>(), core::ptr::null()];
        // SAFETY: `n` consecutive points and 32-byte scalars, scratch of blst's size.
        unsafe {
            blst_p2s_mult_pippenger(
                &mut out,
                p.as_ptr(),
                pts.len(),
                s.as_ptr(),
                256,
                scratch.as_mut_ptr(),
            )
        };
    }
    curves::curve::Jacobian {
        x: from_b2(&out.x),
        y: from_b2(&out.y),
        z: from_b2(&out.z),
    }
}
