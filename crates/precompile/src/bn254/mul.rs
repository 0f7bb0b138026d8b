//! 0x07 ECMUL (EIP-196): a BN254 G1 point times a 256-bit scalar, at the Byzantium price
//! (40000 gas) and the Istanbul one (6000 gas, EIP-1108).

use super::{glv, run_g1_op, G1_LEN, LIBRARY, SCALAR_LEN};
use crate::Precompile;
use crate::PrecompileId;

/// Length of an ECMUL input after right-padding: a G1 point and a scalar.
pub const INPUT_LEN: usize = G1_LEN + SCALAR_LEN;
/// ECMUL price before Istanbul (EIP-196).
pub const GAS_BYZANTIUM: u64 = 40_000;
/// ECMUL price from Istanbul (EIP-1108).
pub const GAS_ISTANBUL: u64 = 6_000;

/// ECMUL as priced from Byzantium to Petersburg.
pub mod byzantium {
    use super::{glv, run_g1_op, GAS_BYZANTIUM};
    use crate::PrecompileResult;

    /// 40000 whatever the input.
    pub fn gas(_input: &[u8]) -> u64 {
        GAS_BYZANTIUM
    }

    /// [`run_g1_op`] at 40000 gas on our arithmetic.
    pub fn run(input: &[u8], gas_limit: u64) -> PrecompileResult {
        run_g1_op(input, gas_limit, GAS_BYZANTIUM, glv::g1_mul)
    }
}

/// ECMUL as priced from Istanbul on.
pub mod istanbul {
    use super::{glv, run_g1_op, GAS_ISTANBUL};
    use crate::PrecompileResult;

    /// 6000 whatever the input.
    pub fn gas(_input: &[u8]) -> u64 {
        GAS_ISTANBUL
    }

    /// [`run_g1_op`] at 6000 gas on our arithmetic.
    pub fn run(input: &[u8], gas_limit: u64) -> PrecompileResult {
        run_g1_op(input, gas_limit, GAS_ISTANBUL, glv::g1_mul)
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
