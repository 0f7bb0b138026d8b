//! `u1 G + u2 R` with the GLV endomorphism: each scalar is split into two halves of about 128
//! bits (`u = k1 + k2 lambda`), so the four wNAFs share about 129 doublings. The generator's
//! multiples come from the tables built once ([`super::table`], window
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
use super::table::{self, WINDOW_G};
use super::wnaf::Lane;
use crate::weierstrass::Kernel;

/// The wNAF window of `R`'s scalars.
pub const WINDOW_R: usize = 5;

/// `R`'s table length: the odd multiples below `2^(WINDOW_R - 1)`.
const TABLE_R_LEN: usize = 1 << (WINDOW_R - 2);

/// Writes `r, 3r, ..., (2 out.len() - 1) r` to `out` as affine points of a curve isomorphic to
/// secp256k1 and returns that curve's scale `Z_t` (a true point is `(x / Z_t^2, y / Z_t^3)`);
/// `ratio` (at least as long as `out`) is scratch. No inversion. `r` must be a point of the
/// curve (prime order `n`, far above `2 out.len()`, so no addition meets infinity).
pub(crate) fn odd_multiples_into<K: Kernel<Fe>>(
    k: K,
    r: &Affine,
    ratio: &mut [Fe],
    out: &mut [Affine],
) -> Fe {
    let d = Jacobian::from_affine(r).double(k);
    let zd2 = k.square(&d.z);
    let d_affine = Affine { x: d.x, y: d.y };
    let mut acc = Jacobian {
        x: k.mul(&r.x, &zd2),
        y: k.mul(&r.y, &k.mul(&zd2, &d.z)),
        z: Fe::ONE,
        inf: false,
    };
    let len = out.len().min(ratio.len());
    for i in 0..len {
        if i > 0 {
            // (2i - 1) r is never +-2r here: no doubling, no infinity.
            (acc, ratio[i]) = acc.add_affine(k, &d_affine, &acc.z);
        }
        out[i] = Affine { x: acc.x, y: acc.y };
    }
    // f = Z_last / Z_i, accumulated downwards from the ratios.
    if let Some(last) = len.checked_sub(1) {
        let mut f = ratio[last];
        for i in (0..last).rev() {
            let f2 = k.square(&f);
            out[i] = Affine {
                x: k.mul(&out[i].x, &f2),
                y: k.mul(&out[i].y, &k.mul(&f2, &f)),
            };
            if i > 0 {
                f = k.mul(&f, &ratio[i]);
            }
        }
    }
    k.mul(&acc.z, &d.z)
}

/// The lane of the signed representative of `k` with window `w` over `table`.
fn lane(k: Scalar, w: usize, table: &[Affine]) -> (Lane<'_, Affine>, usize) {
    let (mag, negate) = k.to_signed();
    Lane::new(&mag, negate, w, table)
}

/// `u1 G + u2 R` in affine coordinates (canonical, `< p`), or `None` when it is the point at
/// infinity. `r` must be
/// a point of the curve (hence of prime order n). `k`: the field's kernel.
pub fn mul_g_plus_r<K: Kernel<Fe>>(k: K, u1: &Scalar, r: &Affine, u2: &Scalar) -> Option<Affine> {
    let mut table_r = [*r; TABLE_R_LEN];
    let zt = odd_multiples_into(k, r, &mut [Fe::ZERO; TABLE_R_LEN], &mut table_r);
    let mut table_r_lambda = table_r;
    for p in table_r_lambda.iter_mut() {
        *p = p.endo(k);
    }
    let (g1, g2) = u1.split_lambda();
    let (r1, r2) = u2.split_lambda();
    let (table_g, table_g_lambda) = table::g();
    let (lg1, n1) = lane(g1, WINDOW_G, table_g);
    let (lg2, n2) = lane(g2, WINDOW_G, table_g_lambda);
    let (lr1, n3) = lane(r1, WINDOW_R, &table_r[..]);
    let (lr2, n4) = lane(r2, WINDOW_R, &table_r_lambda[..]);
    let len = n1.max(n2).max(n3).max(n4);
    let zt2 = k.square(&zt);
    let zt3 = k.mul(&zt2, &zt);

    let mut acc = Jacobian::INFINITY;
    for i in (0..len).rev() {
        acc = acc.double(k);
        for lane in [&lr1, &lr2] {
            if let Some(p) = lane.point(i) {
                acc = if acc.inf {
                    Jacobian::from_affine(&p)
                } else {
                    acc.add_affine(k, &p, &acc.z).0
                };
            }
        }
        for lane in [&lg1, &lg2] {
            if let Some(p) = lane.point(i) {
                acc = if acc.inf {
                    Jacobian {
                        x: k.mul(&p.x, &zt2),
                        y: k.mul(&p.y, &zt3),
                        z: Fe::ONE,
                        inf: false,
                    }
                } else {
                    acc.add_affine(k, &p, &k.mul(&acc.z, &zt)).0
                };
            }
        }
    }
    if acc.inf {
        return None;
    }
    let zinv = k.mul(&acc.z, &zt).invert()?;
    let zinv2 = k.square(&zinv);
    Some(Affine {
        x: k.mul(&acc.x, &zinv2).normalize(),
        y: k.mul(&acc.y, &k.mul(&zinv2, &zinv)).normalize(),
    })
}
