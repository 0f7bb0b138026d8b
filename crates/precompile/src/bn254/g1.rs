//! BN254 G1: the curve `y^2 = x^3 + 3` over Fp (prime order r, cofactor 1), its EIP-196
//! encoding, and ECADD. The point formulas are in [`super::curve`].

use super::curve::{Affine, Jacobian};
use super::fp::Fp;
use crate::{Group, PrecompileError};

/// An affine G1 point (or infinity).
pub type G1Affine = Affine<Fp>;
/// A G1 point in Jacobian coordinates.
pub type G1Jacobian = Jacobian<Fp>;

/// The curve constant b = 3.
pub const B: Fp = Fp::from_canonical_limbs([3, 0, 0, 0]);

/// The generator (1, 2).
pub const GENERATOR: G1Affine = G1Affine::new(Fp::ONE, Fp::from_canonical_limbs([2, 0, 0, 0]));

/// Reads a 32-byte big-endian base-field element; `Bn254FieldElementOutOfRange` when `>= p`.
#[inline]
pub fn decode_fp(b: &[u8; 32]) -> Result<Fp, PrecompileError> {
    Fp::from_be_bytes(b).ok_or(PrecompileError::Bn254FieldElementOutOfRange)
}

/// The 32-byte halves of a 64-byte slice.
#[inline]
pub(crate) fn halves(b: &[u8; 64]) -> (&[u8; 32], &[u8; 32]) {
    let (lo, hi) = b.split_at(32);
    (
        lo.try_into().expect("32 bytes"),
        hi.try_into().expect("32 bytes"),
    )
}

impl G1Affine {
    /// Whether the point is on `y^2 = x^3 + 3` (true for infinity).
    #[inline]
    pub fn is_on_curve(&self) -> bool {
        self.is_on_curve_with(B)
    }

    /// Decodes a 64-byte EIP-196 point `x || y`: `(0, 0)` is infinity. Errors:
    /// `Bn254FieldElementOutOfRange` when a coordinate is `>= p`, `Bn254PointNotOnCurve(G1)`
    /// when the point is not on the curve (cofactor 1: on-curve points are in the group).
    #[inline]
    pub fn decode(b: &[u8; 64]) -> Result<G1Affine, PrecompileError> {
        let (xb, yb) = halves(b);
        let x = decode_fp(xb)?;
        let y = decode_fp(yb)?;
        if x.is_zero() && y.is_zero() {
            return Ok(G1Affine::INFINITY);
        }
        let p = G1Affine::new(x, y);
        if !p.is_on_curve() {
            return Err(PrecompileError::Bn254PointNotOnCurve(Group::G1));
        }
        Ok(p)
    }

    /// The 64-byte encoding `x || y`, all zeros for infinity.
    #[inline]
    pub fn encode(&self) -> [u8; 64] {
        let mut out = [0u8; 64];
        if !self.infinity {
            out[..32].copy_from_slice(&self.x.to_be_bytes());
            out[32..].copy_from_slice(&self.y.to_be_bytes());
        }
        out
    }
}

/// The two 64-byte halves of a 128-byte input.
#[inline]
fn split_points(input: &[u8; 128]) -> (&[u8; 64], &[u8; 64]) {
    let (a, b) = input.split_at(64);
    (
        a.try_into().expect("64 bytes"),
        b.try_into().expect("64 bytes"),
    )
}

/// ECADD: the sum of the two 64-byte G1 points in `input`, encoded as 64 bytes (infinity is all
/// zeros). Errors: `Bn254FieldElementOutOfRange`, `Bn254PointNotOnCurve(G1)` (first point
/// checked first).
pub fn g1_add(input: &[u8; 128]) -> Result<[u8; 64], PrecompileError> {
    let (a, b) = split_points(input);
    g1_add_points(a, b)
}

/// The sum of two 64-byte G1 points `a + b`, encoded as 64 bytes: [`g1_add`] on its two halves
/// (what revm's `Crypto::bn254_g1_add` asks for). Errors as [`g1_add`].
pub fn g1_add_points(a: &[u8; 64], b: &[u8; 64]) -> Result<[u8; 64], PrecompileError> {
    let a = G1Affine::decode(a)?;
    let b = G1Affine::decode(b)?;
    Ok(a.add_affine(&b).encode())
}
