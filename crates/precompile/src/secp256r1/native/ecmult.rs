//! `u1 G + u2 Q` by Strauss–Shamir: one chain of about 256 doublings shared by the wNAF of
//! `u1` over the generator's table ([`super::table`], window [`super::table::WINDOW_G`]) and
//! the wNAF of `u2` over `Q`'s odd multiples (window [`WINDOW_Q`]), both affine, so every
//! addition is a mixed one. The result stays Jacobian: the verification compares `x` without
//! an inversion.

use super::field::Fe;
use super::point::{Affine, Jacobian};
use super::scalar::Scalar;
use super::table::{self, WINDOW_G};
use crate::weierstrass::wnaf::Lane;

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
/// on secp256r1; the `Z_i Z_D` are inverted together (Montgomery's batch inversion).
pub(crate) fn odd_multiples_into(
    p: &Affine,
    pre: &mut [Jacobian],
    prefix: &mut [Fe],
    out: &mut [Affine],
) -> bool {
    let k = out.len();
    if k == 0 || pre.len() < k || prefix.len() < k {
        return k == 0;
    }
    let d = Jacobian::from_affine(p).double();
    let zd2 = d.z.square();
    pre[0] = Jacobian {
        x: p.x.mul(&zd2),
        y: p.y.mul(&zd2.mul(&d.z)),
        z: Fe::ONE,
        inf: false,
    };
    let d_affine = Affine { x: d.x, y: d.y };
    prefix[0] = Fe::ONE;
    for i in 1..k {
        pre[i] = pre[i - 1].add_affine(&d_affine);
        if pre[i].inf {
            return false;
        }
        prefix[i] = prefix[i - 1].mul(&pre[i].z);
    }
    // t = 1 / (Z_0 ... Z_i Z_D), walking i down.
    let Some(mut t) = prefix[k - 1].mul(&d.z).invert() else {
        return false;
    };
    for i in (0..k).rev() {
        let inv = if i == 0 { t } else { t.mul(&prefix[i - 1]) };
        if i > 0 {
            t = t.mul(&pre[i].z);
        }
        let inv2 = inv.square();
        out[i] = Affine {
            x: pre[i].x.mul(&inv2),
            y: pre[i].y.mul(&inv2.mul(&inv)),
        };
    }
    true
}

/// `u1 G + u2 Q` in Jacobian coordinates, or `None` when it is the point at infinity (or, never
/// for a point of the curve, when `Q`'s table cannot be built). `q` must be on the curve.
pub fn mul_g_plus_q(u1: &Scalar, q: &Affine, u2: &Scalar) -> Option<Jacobian> {
    let mut pre = [Jacobian::INFINITY; TABLE_Q_LEN];
    let mut prefix = [Fe::ZERO; TABLE_Q_LEN];
    let mut table_q = [*q; TABLE_Q_LEN];
    if !odd_multiples_into(q, &mut pre, &mut prefix, &mut table_q) {
        return None;
    }
    let (lane_q, len_q) = Lane::new(&u2.0, false, WINDOW_Q, &table_q[..]);
    let (lane_g, len_g) = Lane::new(&u1.0, false, WINDOW_G, table::g());
    let mut acc = Jacobian::INFINITY;
    for i in (0..len_q.max(len_g)).rev() {
        acc = acc.double();
        if let Some(p) = lane_q.point(i) {
            acc = acc.add_affine(&p);
        }
        if let Some(p) = lane_g.point(i) {
            acc = acc.add_affine(&p);
        }
    }
    (!acc.inf).then_some(acc)
}
