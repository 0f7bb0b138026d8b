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

/// blst's out-of-place operation `op` on one `Fp12`.
fn fp12_unary(f: &Fp12, op: unsafe extern "C" fn(*mut blst_fp12, *const blst_fp12)) -> Fp12 {
    let mut r = blst_fp12::default();
    // SAFETY: valid pointers to initialised blst_fp12 values; `op` is one of blst's.
    unsafe { op(&mut r, &to_b12(f)) };
    from_b12(&r)
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
    fp12_unary(f, blst_fp12_sqr)
}

/// blst's cyclotomic squaring.
pub fn fp12_cyclotomic_sqr(f: &Fp12) -> Fp12 {
    fp12_unary(f, blst_fp12_cyclotomic_sqr)
}

/// `1 / f` by blst (zero for zero).
pub fn fp12_inverse(f: &Fp12) -> Fp12 {
    fp12_unary(f, blst_fp12_inverse)
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

/// Whether blst finds the product of the pairings of `pairs` to be one: one multi-Miller
/// loop (`blst_miller_loop_n`, as the precompile calls it) and one final exponentiation.
pub fn pairing_product_is_one(pairs: &[MillerPair]) -> bool {
    if pairs.is_empty() {
        return true;
    }
    let ps: Vec<_> = pairs
        .iter()
        .map(|pr| g1_to_b(&G1Affine::new(pr.px, pr.py)))
        .collect();
    let qs: Vec<_> = pairs
        .iter()
        .map(|pr| g2_to_b(&G2Affine::new(pr.qx, pr.qy)))
        .collect();
    let (pp, qp) = (
        [ps.as_ptr(), core::ptr::null()],
        [qs.as_ptr(), core::ptr::null()],
    );
    let (mut f, mut r) = (blst_fp12::default(), blst_fp12::default());
    // SAFETY: with a null second pointer blst reads `pairs.len()` consecutive points from each
    // first pointer, and both vectors hold that many; the outputs are distinct and writable.
    unsafe {
        blst_miller_loop_n(&mut f, qp.as_ptr(), pp.as_ptr(), pairs.len());
        blst_final_exp(&mut r, &f);
        blst_fp12_is_one(&r)
    }
}

/// blst's Miller loop value.
pub fn miller_loop(p: &G1Affine, q: &G2Affine) -> Fp12 {
    from_b12(&miller(p, q))
}

/// blst's final exponentiation.
pub fn final_exp(f: &Fp12) -> Fp12 {
    fp12_unary(f, blst_final_exp)
}

/// A square root in Fp2 by blst, `None` for a non-square.
pub fn fp2_sqrt(a: Fp2) -> Option<Fp2> {
    let mut r = blst_fp2::default();
    // SAFETY: valid pointers to initialised blst_fp2 values.
    let ok = unsafe { blst_fp2_sqrt(&mut r, &to_b2(a)) };
    ok.then(|| from_b2(&r))
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
    g1_jacobian(&r)
}

/// The bindings of one group, the same code for G1 and G2 but for the types, the coordinate
/// conversions and the names, ours and blst's, derived from `$g` (`g1`) and `$p` (`p1`).
macro_rules! group {
    ($g:ident, $p:ident, $G:ident, $field:ty, $to:ident, $from:ident) => {
        paste::paste! {
            fn [<$g _from_b>](p: &[<blst_ $p>]) -> [<$G Affine>] {
                let mut a = [<blst_ $p _affine>]::default();
                // SAFETY: valid pointers to initialised blst values.
                unsafe { [<blst_ $p _to_affine>](&mut a, p) };
                // SAFETY: a valid pointer to an initialised blst affine point.
                if unsafe { [<blst_ $p _affine_is_inf>](&a) } {
                    [<$G Affine>]::INFINITY
                } else {
                    [<$G Affine>]::new($from(&a.x), $from(&a.y))
                }
            }

            fn [<$g _to_b>](p: &[<$G Affine>]) -> [<blst_ $p _affine>] {
                if p.infinity {
                    return [<blst_ $p _affine>]::default();
                }
                [<blst_ $p _affine>] {
                    x: $to(p.x),
                    y: $to(p.y),
                }
            }

            /// blst's Jacobian coordinates as ours (the same representation, unconverted).
            fn [<$g _jacobian>](r: &[<blst_ $p>]) -> curves::bls12_381::$g::[<$G Jacobian>] {
                curves::curve::Jacobian {
                    x: $from(&r.x),
                    y: $from(&r.y),
                    z: $from(&r.z),
                }
            }

            /// `[k] p` by blst (`nbits` bits of the little-endian `k`).
            fn [<$g _mult>](p: &[<$G Affine>], k: &[u8], nbits: usize) -> [<$G Affine>] {
                let mut j = [<blst_ $p>]::default();
                let mut r = [<blst_ $p>]::default();
                // SAFETY: valid pointers; `k` holds at least `nbits` bits.
                unsafe {
                    [<blst_ $p _from_affine>](&mut j, &[<$g _to_b>](p));
                    [<blst_ $p _mult>](&mut r, &j, k.as_ptr(), nbits);
                }
                [<$g _from_b>](&r)
            }

            fn [<$g _gen>]() -> [<$G Affine>] {
                // SAFETY: blst returns a pointer to its static generator.
                let g = unsafe { &*[<blst_ $p _affine_generator>]() };
                [<$G Affine>]::new($from(&g.x), $from(&g.y))
            }

            /// `[k] G` by blst.
            pub fn [<$g _mul>](k: u64) -> [<$G Affine>] {
                [<$g _mult>](&[<$g _gen>](), &k.to_le_bytes(), 64)
            }

            /// `[k] G` by blst.
            pub fn [<$g _mul_u128>](k: u128) -> [<$G Affine>] {
                [<$g _mult>](&[<$g _gen>](), &k.to_le_bytes(), 128)
            }

            /// `[k] p` by blst.
            pub fn [<$g _mul_u64>](p: &[<$G Affine>], k: u64) -> [<$G Affine>] {
                [<$g _mult>](p, &k.to_le_bytes(), 64)
            }

            /// `[k] p` by blst for a little-endian scalar of any length.
            pub fn [<$g _mul_bytes>](p: &[<$G Affine>], k: &[u8]) -> [<$G Affine>] {
                [<$g _mult>](p, k, 8 * k.len())
            }

            /// `a + b` by blst.
            pub fn [<$g _add>](a: &[<$G Affine>], c: &[<$G Affine>]) -> [<$G Affine>] {
                let (mut x, mut y) = ([<blst_ $p>]::default(), [<blst_ $p>]::default());
                let mut r = [<blst_ $p>]::default();
                // SAFETY: valid pointers to initialised blst values.
                unsafe {
                    [<blst_ $p _from_affine>](&mut x, &[<$g _to_b>](a));
                    [<blst_ $p _from_affine>](&mut y, &[<$g _to_b>](c));
                    [<blst_ $p _add_or_double>](&mut r, &x, &y);
                }
                [<$g _from_b>](&r)
            }

            /// Whether blst finds `p` (on the curve) in the group.
            pub fn [<in_ $g>](p: &[<$G Affine>]) -> bool {
                // SAFETY: a valid pointer to an initialised blst affine point.
                unsafe { [<blst_ $p _affine_in_ $g>](&[<$g _to_b>](p)) }
            }

            /// blst's map of one field element into the group (SSWU, isogeny, cofactor
            /// clearing) in its Jacobian coordinates (no conversion to affine: for benches
            /// that convert blst's and our results the same way).
            pub fn [<map_to_ $g _jacobian>](u: $field) -> curves::bls12_381::$g::[<$G Jacobian>] {
                let mut r = [<blst_ $p>]::default();
                // SAFETY: valid pointers; a null second element asks for the single-element map.
                unsafe { [<blst_map_to_ $g>](&mut r, &$to(u), core::ptr::null()) };
                [<$g _jacobian>](&r)
            }

            /// blst's map of one field element into the group, affine.
            pub fn [<map_to_ $g>](u: $field) -> [<$G Affine>] {
                let mut r = [<blst_ $p>]::default();
                // SAFETY: valid pointers; a null second element asks for the single-element map.
                unsafe { [<blst_map_to_ $g>](&mut r, &$to(u), core::ptr::null()) };
                [<$g _from_b>](&r)
            }

            /// `sum [s_i] P_i` by blst, one thread: the single-point multiplication for one
            /// point, Pippenger for more (the precompile's policy below its threaded
            /// threshold); Jacobian, unconverted.
            pub fn [<$g _msm_jacobian>](
                points: &[[<$G Affine>]],
                scalars: &[[u8; 32]],
            ) -> curves::bls12_381::$g::[<$G Jacobian>] {
                let pts: Vec<[<blst_ $p _affine>]> = points.iter().map([<$g _to_b>]).collect();
                let mut out = [<blst_ $p>]::default();
                if pts.len() == 1 {
                    let mut j = [<blst_ $p>]::default();
                    // SAFETY: valid pointers; the scalar has 256 bits.
                    unsafe {
                        [<blst_ $p _from_affine>](&mut j, &pts[0]);
                        [<blst_ $p _mult>](&mut out, &j, scalars[0].as_ptr(), 256);
                    }
                } else {
                    // SAFETY: blst returns the scratch size in bytes for `n` points.
                    let words =
                        unsafe { [<blst_ $p s_mult_pippenger_scratch_sizeof>](pts.len()) }.div_ceil(8);
                    let mut scratch: Vec<limb_t> = vec![0; words];
                    let p = [pts.as_ptr(), core::ptr::null()];
                    let s = [scalars.as_ptr().cast::<u8>(), core::ptr::null()];
                    // SAFETY: `n` consecutive points and 32-byte scalars, scratch of blst's size.
                    unsafe {
                        [<blst_ $p s_mult_pippenger>](
                            &mut out,
                            p.as_ptr(),
                            pts.len(),
                            s.as_ptr(),
                            256,
                            scratch.as_mut_ptr(),
                        )
                    };
                }
                [<$g _jacobian>](&out)
            }
        }
    };
}

group!(g1, p1, G1, Fp, to_b, from_b);
group!(g2, p2, G2, Fp2, to_b2, from_b2);
