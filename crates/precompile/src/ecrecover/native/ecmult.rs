//! `u1 G + u2 R` with the GLV endomorphism: each scalar is split into two halves of about 128
//! bits (`u = k1 + k2 lambda`), so the four wNAFs share about 129 doublings. The generator's
//! multiples come from the compile-time tables ([`super::table`], window
//! [`super::table::WINDOW_G`]); `R`'s odd multiples (window [`WINDOW_R`]) are built per call
//! in "effective affine" form, without an inversion:
//!
//! - `D = 2R` in Jacobian coordinates, `Z_D` its `Z`. On the isomorphic curve reached by
//!   scaling with `Z_D`, `D` is the affine `(X_D, Y_D)`, so the odd multiples `R, 3R, ...` there
//!   are mixed additions of `D`.
//! - Those multiples are then brought to the `Z` of the last one (`Z_g`) using the ratios the
//!   additions return; with `Z_g` implied they are affine points of a second isomorphic curve,
//!   scale `Z_t = Z_g Z_D`, and the accumulator lives on that curve.
//! - The generator's (true affine) points are added with `Z_eff = Z Z_t` in place of `Z`
//!   (`Jacobian::add_affine`'s `zb`), one extra multiplication per addition, and the result
//!   `(X, Y, Z)` stands for `(X / (Z Z_t)^2, Y / (Z Z_t)^3)`: one inversion at the end.

use super::field::Fe;
use super::point::{Affine, Jacobian};
use super::scalar::Scalar;
use super::table::{TABLE_G, TABLE_G_LAMBDA, WINDOW_G};
use super::wnaf::Lane;

/// The wNAF window of `R`'s scalars.
pub const WINDOW_R: usize = 5;

/// `R`'s table length: the odd multiples below `2^(WINDOW_R - 1)`.
const TABLE_R_LEN: usize = 1 << (WINDOW_R - 2);

/// `R, 3R, ..., (2 TABLE_R_LEN - 1) R` as affine points of a curve isomorphic to secp256k1, and
/// that curve's scale `Z_t` (a true point is `(x / Z_t^2, y / Z_t^3)`).
fn odd_multiples(r: &Affine) -> ([Affine; TABLE_R_LEN], Fe) {
    let d = Jacobian::from_affine(r).double();
    let zd2 = d.z.square();
    let d_affine = Affine { x: d.x, y: d.y };
    let mut pre = [Jacobian::INFINITY; TABLE_R_LEN];
    pre[0] = Jacobian {
        x: r.x.mul(&zd2),
        y: r.y.mul(&zd2.mul(&d.z)),
        z: Fe::ONE,
        inf: false,
    };
    let mut ratio = [Fe::ONE; TABLE_R_LEN];
    for i in 1..TABLE_R_LEN {
        // R has prime order n, so (2i - 1) R is never +-2R here: no doubling, no infinity.
        (pre[i], ratio[i]) = pre[i - 1].add_affine(&d_affine, &pre[i - 1].z);
    }
    let last = TABLE_R_LEN - 1;
    let mut out = [Affine {
        x: pre[last].x,
        y: pre[last].y,
    }; TABLE_R_LEN];
    // f = Z_last / Z_i, accumulated downwards from the ratios.
    let mut f = ratio[last];
    for i in (0..last).rev() {
        let f2 = f.square();
        out[i] = Affine {
            x: pre[i].x.mul(&f2),
            y: pre[i].y.mul(&f2.mul(&f)),
        };
        if i > 0 {
            f = f.mul(&ratio[i]);
        }
    }
    (out, pre[last].z.mul(&d.z))
}

/// The lane of the signed representative of `k` with window `w` over `table`.
fn lane(k: Scalar, w: usize, table: &[Affine]) -> (Lane<'_, Affine>, usize) {
    let (mag, negate) = k.to_signed();
    Lane::new(&mag, negate, w, table)
}

/// `u1 G + u2 R` in affine coordinates, or `None` when it is the point at infinity. `r` must be
/// a point of the curve (hence of prime order n).
pub fn mul_g_plus_r(u1: &Scalar, r: &Affine, u2: &Scalar) -> Option<Affine> {
    let (table_r, zt) = odd_multiples(r);
    let mut table_r_lambda = table_r;
    for p in table_r_lambda.iter_mut() {
        *p = p.endo();
    }
    let (g1, g2) = u1.split_lambda();
    let (r1, r2) = u2.split_lambda();
    let (lg1, n1) = lane(g1, WINDOW_G, &TABLE_G[..]);
    let (lg2, n2) = lane(g2, WINDOW_G, &TABLE_G_LAMBDA[..]);
    let (lr1, n3) = lane(r1, WINDOW_R, &table_r[..]);
    let (lr2, n4) = lane(r2, WINDOW_R, &table_r_lambda[..]);
    let len = n1.max(n2).max(n3).max(n4);
    let zt2 = zt.square();
    let zt3 = zt2.mul(&zt);

    let mut acc = Jacobian::INFINITY;
    for i in (0..len).rev() {
        acc = acc.double();
        for lane in [&lr1, &lr2] {
            if let Some(p) = lane.point(i) {
                acc = if acc.inf {
                    Jacobian::from_affine(&p)
                } else {
                    acc.add_affine(&p, &acc.z).0
                };
            }
        }
        for lane in [&lg1, &lg2] {
            if let Some(p) = lane.point(i) {
                acc = if acc.inf {
                    Jacobian {
                        x: p.x.mul(&zt2),
                        y: p.y.mul(&zt3),
                        z: Fe::ONE,
                        inf: false,
                    }
                } else {
                    acc.add_affine(&p, &acc.z.mul(&zt)).0
                };
            }
        }
    }
    if acc.inf {
        return None;
    }
    let zinv = acc.z.mul(&zt).invert()?;
    let zinv2 = zinv.square();
    Some(Affine {
        x: acc.x.mul(&zinv2),
        y: acc.y.mul(&zinv2.mul(&zinv)),
    })
}
