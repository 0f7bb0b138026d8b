//! P256VERIFY backend on our own secp256r1 arithmetic (pure Rust, `no_std`): the field in
//! Montgomery form on the shared 4-limb kernel ([`field`]), scalars modulo `n` ([`scalar`]),
//! Jacobian points with the `a = -3` doubling ([`point`]), the generator's table ([`table`])
//! and `u1 G + u2 Q` by Strauss–Shamir with wNAF digits ([`ecmult`]).
//!
//! Verification of range-checked fields (`r, s` in `[1, n)`, `Q` on the curve): `w = s^-1`,
//! `R' = (e w) G + (r w) Q` with `e` the hash modulo `n`; `R'` at infinity fails. `R'.x` is
//! compared without an inversion: `x = X / Z^2` equals `c` exactly when `X = c Z^2`, tried for
//! `c = r` and (EIP-7951's comparison modulo `n`) for `c = r + n` when `r + n < p`. Every value
//! is public, so the code is variable time.

pub mod ecmult;
pub mod field;
pub mod point;
pub mod scalar;
pub mod table;

use super::Parsed;
use crate::weierstrass::{lt, with_kernel};
use field::Fe;
use point::Affine;
use scalar::Scalar;

/// The library name of this backend, as [`crate::Precompile::library`] reports it.
pub const LIBRARY: crate::Library = crate::Library::NativeP256;

/// Whether the big-endian coordinates `(x, y)` are both below `p` and satisfy the curve
/// equation. `(0, 0)` (no point: the point at infinity has no encoding) is not on the curve.
pub fn is_on_curve(x: &[u8; 32], y: &[u8; 32]) -> bool {
    affine(x, y).is_some()
}

/// The curve point `(x, y)`, or `None` when a coordinate is `>= p` or it is not on the curve.
fn affine(x: &[u8; 32], y: &[u8; 32]) -> Option<Affine> {
    let q = Affine {
        x: Fe::from_be_bytes(x)?,
        y: Fe::from_be_bytes(y)?,
    };
    q.is_on_curve().then_some(q)
}

/// The ECDSA check of fields `p` that passed [`super::parse`]: whether `R'` is finite and its
/// x-coordinate equals `r` (`exact`, RIP-7212) or equals `r` modulo `n` (EIP-7951). `false` on
/// any failure, never panics (also when `p` did not pass the checks).
pub(crate) fn verify(p: &Parsed<'_>, exact: bool) -> bool {
    verify_fields(p, exact).unwrap_or(false)
}

fn verify_fields(p: &Parsed<'_>, exact: bool) -> Option<bool> {
    let r = Scalar::from_be_bytes(p.r)?;
    let s = Scalar::from_be_bytes(p.s)?;
    let q = affine(p.qx, p.qy)?;
    let w = s.invert()?;
    let e = Scalar::reduce_be_bytes(p.hash);
    let rp = with_kernel!(k => ecmult::mul_g_plus_q(k, &e.mul(&w), &q, &r.mul(&w)))?;
    let z2 = rp.z.square();
    // r < n < p: a field element.
    if Fe::from_limbs(&r.0)?.mul(&z2) == rp.x {
        return Some(true);
    }
    if exact {
        return Some(false);
    }
    let (r_plus_n, carry) = limbs::add::add4(&r.0, &scalar::N);
    if carry || !lt(&r_plus_n, &field::P) {
        return Some(false);
    }
    Some(Fe::from_limbs(&r_plus_n)?.mul(&z2) == rp.x)
}

/// EIP-7951 verification of a 160-byte input on this backend: the same checks and result as
/// [`super::verify_eip7951`]; `false` on any bad input.
pub fn verify_eip7951(input: &[u8]) -> bool {
    super::parse(input).is_some_and(|p| verify(&p, false))
}

osaka_backend!();

#[cfg(test)]
mod tests;
