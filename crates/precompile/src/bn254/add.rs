//! 0x06 ECADD (EIP-196): the sum of two BN254 G1 points, at the Byzantium price (500 gas) and
//! the Istanbul one (150 gas, EIP-1108).

use super::codec::{decode_g1, encode_g1};
use super::{run_g1_op, G1_LEN, LIBRARY};
use crate::{Precompile, PrecompileError, PrecompileId};

/// Length of an ECADD input after right-padding: two G1 points.
pub const INPUT_LEN: usize = 2 * G1_LEN;
/// ECADD price before Istanbul (EIP-196).
pub const GAS_BYZANTIUM: u64 = 500;
/// ECADD price from Istanbul (EIP-1108).
pub const GAS_ISTANBUL: u64 = 150;

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
pub fn g1_add(input: &[u8; INPUT_LEN]) -> Result<[u8; G1_LEN], PrecompileError> {
    let (a, b) = split_points(input);
    g1_add_points(a, b)
}

/// The sum of two 64-byte G1 points `a + b`, encoded as 64 bytes: [`g1_add`] on its two halves
/// (what revm's `Crypto::bn254_g1_add` asks for). Errors as [`g1_add`].
pub fn g1_add_points(a: &[u8; G1_LEN], b: &[u8; G1_LEN]) -> Result<[u8; G1_LEN], PrecompileError> {
    let a = decode_g1(a)?;
    let b = decode_g1(b)?;
    Ok(encode_g1(&a.add_affine(&b)))
}

/// ECADD as priced from Byzantium to Petersburg.
pub mod byzantium {
    use super::{g1_add, run_g1_op, GAS_BYZANTIUM};
    use crate::PrecompileResult;

    /// 500 whatever the input.
    pub fn gas(_input: &[u8]) -> u64 {
        GAS_BYZANTIUM
    }

    /// [`run_g1_op`] at 500 gas on our arithmetic.
    pub fn run(input: &[u8], gas_limit: u64) -> PrecompileResult {
        run_g1_op(input, gas_limit, GAS_BYZANTIUM, g1_add)
    }
}

/// ECADD as priced from Istanbul on.
pub mod istanbul {
    use super::{g1_add, run_g1_op, GAS_ISTANBUL};
    use crate::PrecompileResult;

    /// 150 whatever the input.
    pub fn gas(_input: &[u8]) -> u64 {
        GAS_ISTANBUL
    }

    /// [`run_g1_op`] at 150 gas on our arithmetic.
    pub fn run(input: &[u8], gas_limit: u64) -> PrecompileResult {
        run_g1_op(input, gas_limit, GAS_ISTANBUL, g1_add)
    }
}

/// ECADD (`0x06`) at Byzantium prices (500 gas).
pub const BYZANTIUM: Precompile = Precompile::new(
    PrecompileId::Bn254Add,
    LIBRARY,
    byzantium::gas,
    byzantium::run,
);
/// ECADD (`0x06`) at Istanbul prices (150 gas).
pub const ISTANBUL: Precompile = Precompile::new(
    PrecompileId::Bn254Add,
    LIBRARY,
    istanbul::gas,
    istanbul::run,
);
