//! 0x06 ECADD (EIP-196): the sum of two BN254 G1 points, at the Byzantium price (500 gas) and
//! the Istanbul one (150 gas, EIP-1108).

use super::{g1, run_g1_op, G1_LEN, LIBRARY};
use crate::Precompile;
use crate::PrecompileId;

/// Length of an ECADD input after right-padding: two G1 points.
pub const INPUT_LEN: usize = 2 * G1_LEN;
/// ECADD price before Istanbul (EIP-196).
pub const GAS_BYZANTIUM: u64 = 500;
/// ECADD price from Istanbul (EIP-1108).
pub const GAS_ISTANBUL: u64 = 150;

/// ECADD as priced from Byzantium to Petersburg.
pub mod byzantium {
    use super::{g1, run_g1_op, GAS_BYZANTIUM};
    use crate::PrecompileResult;

    /// 500 whatever the input.
    pub fn gas(_input: &[u8]) -> u64 {
        GAS_BYZANTIUM
    }

    /// [`run_g1_op`] at 500 gas on our arithmetic.
    pub fn run(input: &[u8], gas_limit: u64) -> PrecompileResult {
        run_g1_op(input, gas_limit, GAS_BYZANTIUM, g1::g1_add)
    }
}

/// ECADD as priced from Istanbul on.
pub mod istanbul {
    use super::{g1, run_g1_op, GAS_ISTANBUL};
    use crate::PrecompileResult;

    /// 150 whatever the input.
    pub fn gas(_input: &[u8]) -> u64 {
        GAS_ISTANBUL
    }

    /// [`run_g1_op`] at 150 gas on our arithmetic.
    pub fn run(input: &[u8], gas_limit: u64) -> PrecompileResult {
        run_g1_op(input, gas_limit, GAS_ISTANBUL, g1::g1_add)
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
