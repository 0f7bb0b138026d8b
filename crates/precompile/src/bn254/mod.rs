//! BN254 (alt_bn128) precompiles: `0x06` ECADD, `0x07` ECMUL and `0x08` ECPAIRING, as specified
//! by EIP-196 and EIP-197, with the Byzantium prices and the EIP-1108 (Istanbul) repricing.
//!
//! Encodings (all big-endian, 32 bytes per base-field coordinate):
//! - a G1 point is `x || y` (64 bytes); `(0, 0)` is the point at infinity;
//! - a G2 point is `x.c1 || x.c0 || y.c1 || y.c0` (128 bytes: imaginary part first); all zeros
//!   is the point at infinity;
//! - a scalar is a 32-byte unsigned integer (any value; it is not required to be below the
//!   group order).
//!
//! One module per precompile, each with its gas rule per fork beside its body: [`add`],
//! [`mul`], [`pairing`]. The arithmetic runs on `ark-bn254` ([`arkworks`]); with the cargo
//! feature `substrate-bn` the same operations are also available through `substrate-bn`
//! ([`substrate`]) for comparison.

use crate::encoding::right_pad;
use crate::{charge, PrecompileError, PrecompileOutput, PrecompileResult};

pub mod add;
pub mod arkworks;
pub mod mul;
pub mod pairing;
#[cfg(feature = "substrate-bn")]
pub mod substrate;

/// The library doing the BN254 math in this build (the G2 subgroup check is our own code on
/// its types).
pub const LIBRARY: &str = "ark-bn254";

/// Runs a fixed-price G1 operation (ECADD, ECMUL) with the backend `op`: `OutOfGas` when
/// `gas_limit < cost`, else `op` of `input` right-padded with zeros to `N` bytes (longer input
/// truncated, as EIP-196 specifies) as a 64-byte point, or `op`'s error
/// (`Bn254FieldElementOutOfRange`, `Bn254PointNotOnCurve(G1)`).
pub fn run_g1_op<const N: usize>(
    input: &[u8],
    gas_limit: u64,
    cost: u64,
    op: fn(&[u8; N]) -> Result<[u8; G1_LEN], PrecompileError>,
) -> PrecompileResult {
    let gas_used = charge(cost, gas_limit)?;
    let out = op(&right_pad::<N>(input))?;
    Ok(PrecompileOutput::new(gas_used, out.to_vec()))
}

/// Length of an encoded G1 point.
pub const G1_LEN: usize = 64;
/// Length of an encoded G2 point.
pub const G2_LEN: usize = 128;
/// Length of an encoded scalar.
pub const SCALAR_LEN: usize = 32;

/// Reads a big-endian 32-byte integer into four little-endian 64-bit limbs.
#[inline]
pub(crate) fn be_limbs(b: &[u8; 32]) -> [u64; 4] {
    let mut l = [0u64; 4];
    for (i, limb) in l.iter_mut().enumerate() {
        let off = 32 - 8 * (i + 1);
        *limb = u64::from_be_bytes(b[off..off + 8].try_into().expect("8 bytes"));
    }
    l
}

/// Writes four little-endian 64-bit limbs as a big-endian 32-byte integer.
#[inline]
pub(crate) fn limbs_be(l: &[u64; 4], out: &mut [u8]) {
    for (i, limb) in l.iter().enumerate() {
        let off = 32 - 8 * (i + 1);
        out[off..off + 8].copy_from_slice(&limb.to_be_bytes());
    }
}

#[cfg(test)]
mod tests;
