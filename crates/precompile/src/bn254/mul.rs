//! 0x07 ECMUL (EIP-196): a BN254 G1 point times a 256-bit scalar, at the Byzantium price
//! (40000 gas) and the Istanbul one (6000 gas, EIP-1108).

use super::codec::{decode_g1, encode_g1};
use super::{be_limbs, run_g1_op, G1_LEN, LIBRARY, SCALAR_LEN};
use crate::{Precompile, PrecompileError, PrecompileId};
use curves::bn254::glv::mul_scalar;
use uint256::U256;

/// Length of an ECMUL input after right-padding: a G1 point and a scalar.
pub const INPUT_LEN: usize = G1_LEN + SCALAR_LEN;
/// ECMUL price before Istanbul (EIP-196).
pub const GAS_BYZANTIUM: u64 = 40_000;
/// ECMUL price from Istanbul (EIP-1108).
pub const GAS_ISTANBUL: u64 = 6_000;

/// ECMUL: the G1 point in `input[..64]` times the 256-bit big-endian scalar `input[64..96]`
/// (any value; used modulo r; GLV and wNAF, `curves::bn254::glv`), encoded as 64 bytes.
/// Errors: `Bn254FieldElementOutOfRange`, `Bn254PointNotOnCurve(G1)`.
pub fn g1_mul(input: &[u8; INPUT_LEN]) -> Result<[u8; G1_LEN], PrecompileError> {
    let (point, scalar) = input.split_at(G1_LEN);
    g1_mul_point(
        point.try_into().expect("64 bytes"),
        scalar.try_into().expect("32 bytes"),
    )
}

/// The 64-byte G1 point `point` times the big-endian `scalar`: [`g1_mul`] on its two parts
/// (what revm's `Crypto::bn254_g1_mul` asks for). Errors as [`g1_mul`].
pub fn g1_mul_point(
    point: &[u8; G1_LEN],
    scalar: &[u8; SCALAR_LEN],
) -> Result<[u8; G1_LEN], PrecompileError> {
    let p = decode_g1(point)?;
    let k = U256::from_limbs(be_limbs(scalar));
    Ok(encode_g1(&mul_scalar(&p, k).to_affine()))
}

/// ECMUL as priced from Byzantium to Petersburg.
pub mod byzantium {
    use super::{g1_mul, run_g1_op, GAS_BYZANTIUM};
    use crate::PrecompileResult;

    /// 40000 whatever the input.
    pub fn gas(_input: &[u8]) -> u64 {
        GAS_BYZANTIUM
    }

    /// [`run_g1_op`] at 40000 gas on our arithmetic.
    pub fn run(input: &[u8], gas_limit: u64) -> PrecompileResult {
        run_g1_op(input, gas_limit, GAS_BYZANTIUM, g1_mul)
    }
}

/// ECMUL as priced from Istanbul on.
pub mod istanbul {
    use super::{g1_mul, run_g1_op, GAS_ISTANBUL};
    use crate::PrecompileResult;

    /// 6000 whatever the input.
    pub fn gas(_input: &[u8]) -> u64 {
        GAS_ISTANBUL
    }

    /// [`run_g1_op`] at 6000 gas on our arithmetic.
    pub fn run(input: &[u8], gas_limit: u64) -> PrecompileResult {
        run_g1_op(input, gas_limit, GAS_ISTANBUL, g1_mul)
    }
}

/// ECMUL (`0x07`) at Byzantium prices (40000 gas).
pub const BYZANTIUM: Precompile = Precompile::new(
    PrecompileId::Bn254Mul,
    LIBRARY,
    byzantium::gas,
    byzantium::run,
);
/// ECMUL (`0x07`) at Istanbul prices (6000 gas).
pub const ISTANBUL: Precompile = Precompile::new(
    PrecompileId::Bn254Mul,
    LIBRARY,
    istanbul::gas,
    istanbul::run,
);
