//! ECRECOVER backend on our own secp256k1 arithmetic (pure Rust, `no_std`; no allocation per
//! call, the generator's tables are allocated once):
//! the field on the shared 4-limb kernel with the pseudo-Mersenne reduction ([`field`]),
//! scalars modulo `n` with the GLV split ([`scalar`]), Jacobian points ([`point`]), wNAF digits
//! ([`wnaf`]), the generator's tables, built once ([`table`]) and `u1 G + u2 R` ([`ecmult`]).
//!
//! Recovery, exactly as go-ethereum (whose `v` reaches here as the recovery id 0 or 1, so the
//! x-coordinate of `R` is `r` itself, never `r + n`): `R = (r, y)` with `y^2 = r^3 + 7` of the
//! recovery id's parity (no such `y`: no key), then `Q = (-z/r) G + (s/r) R` with `z` the hash
//! modulo `n`; `Q` at infinity has no key. Every value is public, so the code is variable time.

pub mod ecmult;
pub mod field;
pub mod point;
pub mod scalar;
pub mod table;
pub use crate::weierstrass::wnaf;

use super::{address_word, Signature};
use crate::weierstrass::{with_kernel, Kernel};
use field::Fe;
use point::Affine;
use scalar::Scalar;

/// The library name of this backend, as [`crate::Precompile::library`] reports it.
pub const LIBRARY: crate::Library = crate::Library::NativeSecp256k1;

/// The public key `(x, y)` (big-endian, 64 bytes) that signed `sig`, or `None` when there is
/// none (`r` not the x-coordinate of a curve point, or the recovered point at infinity).
pub fn recover_key(sig: &Signature) -> Option<[u8; 64]> {
    let (r_be, s_be) = sig.rs.split_at(32);
    let r_be: &[u8; 32] = r_be.try_into().ok()?;
    let s_be: &[u8; 32] = s_be.try_into().ok()?;
    let r = Scalar::from_be_bytes(r_be)?;
    let s = Scalar::from_be_bytes(s_be)?;
    if r.is_zero() || s.is_zero() {
        return None;
    }
    // r < n < p: always a field element.
    let x = Fe::from_be_bytes(r_be)?;
    with_kernel!(k => recover_point(k, sig, r, s, x))
}

/// [`recover_key`]'s point arithmetic from the range-checked `r`, `s` and `x = r` on the
/// field kernel `k`.
#[inline(always)]
fn recover_point<K: Kernel<Fe>>(
    k: K,
    sig: &Signature,
    r: Scalar,
    s: Scalar,
    x: Fe,
) -> Option<[u8; 64]> {
    let mut y = k.mul(&k.square(&x), &x).add(&Fe([7, 0, 0, 0])).sqrt(k)?;
    if y.is_odd() != (sig.recid & 1 == 1) {
        y = y.neg();
    }
    let big_r = Affine { x, y };
    let rinv = r.invert()?;
    let z = Scalar::reduce_be_bytes(&sig.hash);
    let u1 = z.neg().mul(&rinv);
    let u2 = s.mul(&rinv);
    let q = ecmult::mul_g_plus_r(k, &u1, &big_r, &u2)?;
    let mut xy = [0u8; 64];
    xy[..32].copy_from_slice(&q.x.to_be_bytes());
    xy[32..].copy_from_slice(&q.y.to_be_bytes());
    Some(xy)
}

/// Recovers the signer's address word (12 zero bytes ‖ 20-byte address) from `sig`, or `None`
/// when no public key matches it.
pub fn recover(sig: &Signature) -> Option<[u8; 32]> {
    recover_key(sig).map(|xy| address_word(&xy))
}

/// Runs ECRECOVER with this backend (same contract as [`super::run`]).
pub fn run(input: &[u8], gas_limit: u64) -> crate::PrecompileResult {
    super::run_with(input, gas_limit, recover)
}

/// ECRECOVER (`0x01`) on this backend.
pub const HOMESTEAD: crate::Precompile =
    crate::Precompile::new(crate::PrecompileId::Ecrecover, LIBRARY, super::gas, run);

#[cfg(test)]
mod tests;
