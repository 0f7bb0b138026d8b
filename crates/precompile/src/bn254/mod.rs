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
//! [`mul`], [`pairing`]; [`codec`] decodes and validates points. The arithmetic is our own, in
//! the `curves` crate (`curves::bn254`, on the shared Montgomery kernel `montgomery` and the
//! tower shared with BLS12-381): the fields, the G1 and G2 formulas with G2's psi subgroup
//! check, ECMUL by GLV and wNAF, the Miller loop and the final exponentiation. Variable time
//! throughout: every input of a precompile is public, so no secret reaches this code.
//!
//! Alternative backends with the same interface, for benches and cross-checks: `ark-bn254`
//! (`arkworks`, cargo feature `bn254-arkworks`; ark-bn254 is also the tests' oracle) and
//! `substrate-bn` (`substrate_bn`, feature `substrate-bn`).

use crate::encoding::right_pad;
use crate::{charge, PrecompileError, PrecompileOutput, PrecompileResult};

pub mod add;
#[cfg(any(test, feature = "bn254-arkworks"))]
pub mod arkworks;
pub mod codec;
pub mod mul;
pub mod pairing;
#[cfg(feature = "substrate-bn")]
pub mod substrate_bn;

/// The library doing the BN254 math of the default precompiles: our own.
pub const LIBRARY: crate::Library = crate::Library::OwnMontgomery;

/// Defines `pub fn precompiles(fork: Fork) -> Vec<Precompile>` in an alternative backend's
/// module: ECADD, ECMUL and ECPAIRING with `fork`'s prices (none before Byzantium), bodies
/// `$add`, `$mul`, `$pairing` (the signatures of [`add::g1_add`], [`mul::g1_mul`],
/// [`pairing::pairing_check`]), attributed to `$library`.
#[cfg(any(test, feature = "bn254-arkworks", feature = "substrate-bn"))]
macro_rules! backend_precompiles {
    ($library:expr, $add:path, $mul:path, $pairing:path) => {
        fn add_byzantium(input: &[u8], gas_limit: u64) -> $crate::PrecompileResult {
            $crate::bn254::run_g1_op(input, gas_limit, $crate::bn254::add::GAS_BYZANTIUM, $add)
        }
        fn add_istanbul(input: &[u8], gas_limit: u64) -> $crate::PrecompileResult {
            $crate::bn254::run_g1_op(input, gas_limit, $crate::bn254::add::GAS_ISTANBUL, $add)
        }
        fn mul_byzantium(input: &[u8], gas_limit: u64) -> $crate::PrecompileResult {
            $crate::bn254::run_g1_op(input, gas_limit, $crate::bn254::mul::GAS_BYZANTIUM, $mul)
        }
        fn mul_istanbul(input: &[u8], gas_limit: u64) -> $crate::PrecompileResult {
            $crate::bn254::run_g1_op(input, gas_limit, $crate::bn254::mul::GAS_ISTANBUL, $mul)
        }
        fn pairing_byzantium(input: &[u8], gas_limit: u64) -> $crate::PrecompileResult {
            use $crate::bn254::pairing;
            pairing::run_with(input, gas_limit, pairing::byzantium::gas(input), $pairing)
        }
        fn pairing_istanbul(input: &[u8], gas_limit: u64) -> $crate::PrecompileResult {
            use $crate::bn254::pairing;
            pairing::run_with(input, gas_limit, pairing::istanbul::gas(input), $pairing)
        }

        /// The three BN254 precompiles of `fork` (ECADD, ECMUL, ECPAIRING, with `fork`'s
        /// prices) with this backend's arithmetic; empty before Byzantium.
        pub fn precompiles(fork: $crate::Fork) -> Vec<$crate::Precompile> {
            use $crate::bn254::{add, mul, pairing};
            use $crate::{Fork, Precompile, PrecompileId};
            if fork >= Fork::Istanbul {
                vec![
                    Precompile::new(
                        PrecompileId::Bn254Add,
                        $library,
                        add::istanbul::gas,
                        add_istanbul,
                    ),
                    Precompile::new(
                        PrecompileId::Bn254Mul,
                        $library,
                        mul::istanbul::gas,
                        mul_istanbul,
                    ),
                    Precompile::new(
                        PrecompileId::Bn254Pairing,
                        $library,
                        pairing::istanbul::gas,
                        pairing_istanbul,
                    ),
                ]
            } else if fork >= Fork::Byzantium {
                vec![
                    Precompile::new(
                        PrecompileId::Bn254Add,
                        $library,
                        add::byzantium::gas,
                        add_byzantium,
                    ),
                    Precompile::new(
                        PrecompileId::Bn254Mul,
                        $library,
                        mul::byzantium::gas,
                        mul_byzantium,
                    ),
                    Precompile::new(
                        PrecompileId::Bn254Pairing,
                        $library,
                        pairing::byzantium::gas,
                        pairing_byzantium,
                    ),
                ]
            } else {
                Vec::new()
            }
        }
    };
}
#[cfg(any(test, feature = "bn254-arkworks", feature = "substrate-bn"))]
pub(crate) use backend_precompiles;

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
#[cfg(any(test, feature = "bn254-arkworks"))]
#[inline]
pub(crate) fn limbs_be(l: &[u64; 4], out: &mut [u8]) {
    for (i, limb) in l.iter().enumerate() {
        let off = 32 - 8 * (i + 1);
        out[off..off + 8].copy_from_slice(&limb.to_be_bytes());
    }
}

#[cfg(test)]
mod tests;
