//! `u1 G + u2 Q` by Strauss–Shamir: one chain of about 256 doublings shared by the wNAF of
//! `u1` over the generator's table ([`super::table`], window [`super::table::WINDOW_G`]) and
//! the wNAF of `u2` over `Q`'s odd multiples (window [`WINDOW_Q`]), both affine, so every
//! addition is a mixed one. The result stays Jacobian: the verification compares `x` without
//! an inversion.

use super::field::Fe;
use super::point::{Affine, Jacobian};
use super::scalar::Scalar;
use super::table::{self, WINDOW_G};
use crate::weierstrass::{wnaf::Lane, Kernel};

/// The wNAF window of `Q`'s scalar.
pub const WINDOW_Q: usize = 5;

/// `Q`'s table length: the odd multiples below `2^(WINDOW_Q - 1)`.
const TABLE_Q_LEN: usize = 1 << (WINDOW_Q - 2);

/// Writes `(2i + 1) p` to `out[i]` for every `i < out.len()`, affine, with one inversion;
/// `pre` and `prefix` (at least as long as `out`) are scratch. `false` when a multiple is
/// infinity or an inversion fails, which a point of the curve (prime order `n`, far above
/// `2 out.len()`) never causes.
///
/// `D = 2p` is Jacobian; on the curve isomorphic by the scale `Z_D` it is affine, so the odd
/// multiples there are mixed additions of `D` (the addition formulas do not involve `a`, which
/// the isomorphism changes). A multiple `(X_i, Y_i, Z_i)` there is `(X_i, Y_i) / (Z_i Z_D)^(2, 3)`
/// on secp256r1; the `Z_i Z_D` are inverted together (Montgomery's batch inversion). `k`: the
/// field's kernel.
pub(crate) fn odd_multiples_into<K: Kernel<Fe>>(
    k: K,
    p: &Affine,
    pre: &mut [Jacobian],
    prefix: &mut [Fe],
    out: &mut [Affine],
) -> bool {
    let len = out.len();
    if len == 0 || pre.len() < len || prefix.len() < len {
        return len == 0;
    }
    let d = Jacobian::from_affine(p).double(k);
    let zd2 = k.square(&d.z);
    pre[0] = Jacobian {
        x: k.mul(&p.x, &zd2),
        y: k.mul(&p.y, &k.mul(&zd2, &d.z)),
        z: Fe::ONE,
        inf: false,
    };
    let d_affine = Affine { x: d.x, y: d.y };
    prefix[0] = Fe::ONE;
    for i in 1..len {
        pre[i] = pre[i - 1].add_affine(k, &d_affine);
        if pre[i].inf {
            return false;
        }
        prefix[i] = k.mul(&prefix[i - 1], &pre[i].z);
    }
    // t = 1 / (Z_0 ... Z_i Z_D), walking i down.
    let Some(mut t) = k.mul(&prefix[len - 1], &d.z).invert() else {
        return false;
    };
    for i in (0..len).rev() {
        let inv = if i == 0 { t } else { k.mul(&t, &prefix[i - 1]) };
        if i > 0 {
            t = k.mul(&t, &pre[i].z);
        }
        let inv2 = k.square(&inv);
        out[i] = Affine {
            x: k.mul(&pre[i].x, &inv2),
            y: k.mul(&pre[i].y, &k.mul(&inv2, &inv)),
        };
    }
    true
}

/// `u1 G + u2 Q` in Jacobian coordinates, or `None` when it is the point at infinity (or, never
/// for a point of the curve, when `Q`'s table cannot be built). `q` must be on the curve. `k`:
/// the field's kernel.
pub fn mul_g_plus_q<K: Kernel<Fe>>(k: K, u1: &Scalar, q: &Affine, u2: &Scalar) -> Option<Jacobian> {
    let mut pre = [Jacobian::INFINITY; TABLE_Q_LEN];
    let mut prefix = [Fe::ZERO; TABLE_Q_LEN];
    let mut table_q = [*q; TABLE_Q_LEN];
    if !odd_multiples_into(k, q, &mut pre, &mut prefix, &mut table_q) {
        return None;
    }
    let (lane_q, len_q) = Lane::new(&u2.0, false, WINDOW_Q, &table_q[..]);
    let (lane_g, len_g) = Lane::new(&u1.0, false, WINDOW_G, table::g());
    let mut acc = Jacobian::INFINITY;
    for i in (0..len_q.max(len_g)).rev() {
        acc = acc.double(k);
        if let Some(p) = lane_q.point(i) {
            acc = acc.add_affine(k, &p);
        }
        if let Some(p) = lane_g.point(i) {
            acc = acc.add_affine(k, &p);
        }
    }
    (!acc.inf).then_some(acc)
}
