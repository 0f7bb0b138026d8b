//! Scalar decomposition by BLS12-381's endomorphisms, for the MSM ([`super::msm`]).
//!
//! Every scalar `k < r` is written in base `|x|` (`x = -0xd201000000010000`, the curve's
//! seed): `k = d0 + d1 |x| + d2 |x|^2 + d3 |x|^3` with digits below `|x| < 2^64`, which exists
//! because `r = x^4 - x^2 + 1 < |x|^4`. Two endomorphisms act on the order-r subgroups as
//! multiplication by a power of `|x|`:
//! - G1: `(x, y) -> (beta x, -y)` (minus Scott's sigma) is `[x^2]`, so
//!   `[k] P = [d0 + d1 |x|] P + [d2 + d3 |x|] E(P)`: two scalars below 2^128 (GLV);
//! - G2: `-psi` is `[|x|]` (psi is `[x]`), so `[k] Q = sum [d_i] (-psi)^i (Q)`: four scalars
//!   below 2^64.
//!
//! The digits come from three divisions by a 64-bit constant: no lattice rounding, no signs.
//! Variable time (public inputs).

use super::g1::BETA;
use super::g2::psi;
use super::pairing::X_ABS;
use super::{Fp, Fp2};
use crate::curve::Affine;
use crate::field::Field;

/// The base-`|x|` digits of `k`, least significant first: `k = sum d_i |x|^i`. Exact for
/// `k < |x|^4` (every reduced scalar, `r < |x|^4`); for larger `k` the top digit keeps the
/// excess (`d3 = floor(k / |x|^3)`, which then does not fit 64 bits and is truncated), so
/// callers reduce modulo r first.
pub fn base_x_digits(k: &[u64; 4]) -> [u64; 4] {
    let mut q = *k;
    let mut out = [0u64; 4];
    for d in out.iter_mut().take(3) {
        // q = q / |x|, d = q mod |x| (long division from the top limb).
        let mut rem = 0u128;
        for limb in q.iter_mut().rev() {
            let cur = (rem << 64) | *limb as u128;
            *limb = (cur / X_ABS as u128) as u64;
            rem = cur % X_ABS as u128;
        }
        *d = rem as u64;
    }
    out[3] = q[0];
    out
}

/// A group whose MSM scalars split along an endomorphism `E` with `E(P) = [|x|^m] P` on the
/// order-r subgroup: `[k] P = sum [k_i] E^i(P)` over [`Endo::PARTS`] short scalars.
pub trait Endo: Field {
    /// Short scalars per scalar (G1 2, G2 4).
    const PARTS: usize;
    /// `E(p)` (infinity for infinity).
    fn endo(p: &Affine<Self>) -> Affine<Self>;
    /// The short scalars of `k < r`, least significant first (entries from
    /// [`Endo::PARTS`] on are zero): `k = sum k_i |x|^(m i)`.
    fn split(k: &[u64; 4]) -> [[u64; 4]; 4];
}

/// G1: `E(x, y) = (beta x, -y) = [x^2] (x, y)`; halves `d0 + d1 |x|` and `d2 + d3 |x|`.
impl Endo for Fp {
    const PARTS: usize = 2;

    #[inline]
    fn endo(p: &Affine<Fp>) -> Affine<Fp> {
        if p.infinity {
            return *p;
        }
        Affine::new(p.x * BETA, -p.y)
    }

    fn split(k: &[u64; 4]) -> [[u64; 4]; 4] {
        let d = base_x_digits(k);
        let half = |lo: u64, hi: u64| {
            let v = lo as u128 + hi as u128 * X_ABS as u128;
            [v as u64, (v >> 64) as u64, 0, 0]
        };
        [half(d[0], d[1]), half(d[2], d[3]), [0; 4], [0; 4]]
    }
}

/// G2: `E = -psi = [|x|]`; the four base-`|x|` digits.
impl Endo for Fp2 {
    const PARTS: usize = 4;

    #[inline]
    fn endo(p: &Affine<Fp2>) -> Affine<Fp2> {
        psi(p).neg()
    }

    fn split(k: &[u64; 4]) -> [[u64; 4]; 4] {
        base_x_digits(k).map(|d| [d, 0, 0, 0])
    }
}

#[cfg(test)]
mod tests;
