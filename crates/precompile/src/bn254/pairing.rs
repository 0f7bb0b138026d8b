//! 0x08 ECPAIRING (EIP-197): whether the product of the pairings of `(G1, G2)` pairs is one,
//! at the Byzantium price (100000 + 80000 per pair) and the Istanbul one (45000 + 34000 per
//! pair, EIP-1108).

use super::{arkworks, G1_LEN, G2_LEN, LIBRARY};
use crate::encoding::bool_word;
use crate::{charge, LengthRule, Precompile, PrecompileError, PrecompileOutput, PrecompileResult};

/// Length of one pair: a G1 point (64 bytes) and a G2 point (128 bytes).
pub const PAIR_LEN: usize = G1_LEN + G2_LEN;
/// The input lengths ECPAIRING accepts: any number of pairs, none included.
pub const INPUT_RULE: LengthRule = LengthRule::MultipleOf(PAIR_LEN);
/// Base price before Istanbul (EIP-197).
pub const BASE_GAS_BYZANTIUM: u64 = 100_000;
/// Price per pair before Istanbul (EIP-197).
pub const PER_PAIR_GAS_BYZANTIUM: u64 = 80_000;
/// Base price from Istanbul (EIP-1108).
pub const BASE_GAS_ISTANBUL: u64 = 45_000;
/// Price per pair from Istanbul (EIP-1108).
pub const PER_PAIR_GAS_ISTANBUL: u64 = 34_000;

/// The price of an input of `len` bytes: `base + per_pair * (len / 192)`, saturating. A length
/// that is not a multiple of 192 still has this price; the call then fails.
pub const fn gas_with(len: usize, base: u64, per_pair: u64) -> u64 {
    let pairs = (len / PAIR_LEN) as u64;
    base.saturating_add(per_pair.saturating_mul(pairs))
}

/// A backend's pairing check of a whole input (see [`arkworks::pairing_check`]).
pub type Check = fn(&[u8]) -> Result<bool, PrecompileError>;

/// Runs ECPAIRING at price `cost` with the backend `check`: the 32-byte word 1 when the product
/// of the pairings of the `(G1, G2)` pairs of `input` is one (also for empty input), 0
/// otherwise. Errors: `OutOfGas` (checked first), `InvalidInputLength` ([`INPUT_RULE`]),
/// `Bn254FieldElementOutOfRange`, `Bn254PointNotOnCurve(G1 or G2)`, `Bn254G2NotInSubgroup`.
pub fn run_with(input: &[u8], gas_limit: u64, cost: u64, check: Check) -> PrecompileResult {
    let gas_used = charge(cost, gas_limit)?;
    INPUT_RULE.check(input)?;
    let ok = check(input)?;
    Ok(PrecompileOutput::new(gas_used, bool_word(ok).to_vec()))
}

/// ECPAIRING as priced from Byzantium to Petersburg.
pub mod byzantium {
    use super::{arkworks, gas_with, run_with, BASE_GAS_BYZANTIUM, PER_PAIR_GAS_BYZANTIUM};
    use crate::PrecompileResult;

    /// `100000 + 80000 * (len / 192)` (see [`gas_with`]).
    pub fn gas(input: &[u8]) -> u64 {
        gas_with(input.len(), BASE_GAS_BYZANTIUM, PER_PAIR_GAS_BYZANTIUM)
    }

    /// [`run_with`] at [`gas`] on `ark-bn254`.
    pub fn run(input: &[u8], gas_limit: u64) -> PrecompileResult {
        run_with(input, gas_limit, gas(input), arkworks::pairing_check)
    }
}

/// ECPAIRING as priced from Istanbul on.
pub mod istanbul {
    use super::{arkworks, gas_with, run_with, BASE_GAS_ISTANBUL, PER_PAIR_GAS_ISTANBUL};
    use crate::PrecompileResult;

    /// `45000 + 34000 * (len / 192)` (see [`gas_with`]).
    pub fn gas(input: &[u8]) -> u64 {
        gas_with(input.len(), BASE_GAS_ISTANBUL, PER_PAIR_GAS_ISTANBUL)
    }

    /// [`run_with`] at [`gas`] on `ark-bn254`.
    pub fn run(input: &[u8], gas_limit: u64) -> PrecompileResult {
        run_with(input, gas_limit, gas(input), arkworks::pairing_check)
    }
}

/// ECPAIRING (`0x08`) at Byzantium prices (100000 + 80000 per pair).
pub const BYZANTIUM: Precompile =
    Precompile::new(0x08, "BN254_PAIRING", byzantium::gas, byzantium::run).with_library(LIBRARY);
/// ECPAIRING (`0x08`) at Istanbul prices (45000 + 34000 per pair).
pub const ISTANBUL: Precompile =
    Precompile::new(0x08, "BN254_PAIRING", istanbul::gas, istanbul::run).with_library(LIBRARY);
