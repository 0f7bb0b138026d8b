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
//! The arithmetic runs on `ark-bn254` ([`arkworks`]); with the cargo feature `substrate-bn` the
//! same operations are also available through `substrate-bn` ([`substrate`]) for comparison.

use crate::{charge, Precompile, PrecompileError, PrecompileOutput, PrecompileResult};

pub mod arkworks;
#[cfg(feature = "substrate-bn")]
pub mod substrate;

/// Length of an ECADD input after right-padding: two G1 points.
pub const ADD_INPUT_LEN: usize = 128;
/// Length of an ECMUL input after right-padding: a G1 point and a scalar.
pub const MUL_INPUT_LEN: usize = 96;
/// Length of one ECPAIRING pair: a G1 point (64 bytes) and a G2 point (128 bytes).
pub const PAIR_LEN: usize = 192;

/// ECADD price before Istanbul (EIP-196).
pub const ADD_GAS_BYZANTIUM: u64 = 500;
/// ECADD price from Istanbul (EIP-1108).
pub const ADD_GAS_ISTANBUL: u64 = 150;
/// ECMUL price before Istanbul (EIP-196).
pub const MUL_GAS_BYZANTIUM: u64 = 40_000;
/// ECMUL price from Istanbul (EIP-1108).
pub const MUL_GAS_ISTANBUL: u64 = 6_000;
/// ECPAIRING base price before Istanbul (EIP-197).
pub const PAIRING_BASE_GAS_BYZANTIUM: u64 = 100_000;
/// ECPAIRING price per pair before Istanbul (EIP-197).
pub const PAIRING_PER_PAIR_GAS_BYZANTIUM: u64 = 80_000;
/// ECPAIRING base price from Istanbul (EIP-1108).
pub const PAIRING_BASE_GAS_ISTANBUL: u64 = 45_000;
/// ECPAIRING price per pair from Istanbul (EIP-1108).
pub const PAIRING_PER_PAIR_GAS_ISTANBUL: u64 = 34_000;

/// ECADD (`0x06`) at Byzantium prices (500 gas).
pub const ADD_BYZANTIUM: Precompile =
    Precompile::new(0x06, "BN254_ADD", add_gas_byzantium, add_run_byzantium);
/// ECADD (`0x06`) at Istanbul prices (150 gas).
pub const ADD_ISTANBUL: Precompile =
    Precompile::new(0x06, "BN254_ADD", add_gas_istanbul, add_run_istanbul);
/// ECMUL (`0x07`) at Byzantium prices (40000 gas).
pub const MUL_BYZANTIUM: Precompile =
    Precompile::new(0x07, "BN254_MUL", mul_gas_byzantium, mul_run_byzantium);
/// ECMUL (`0x07`) at Istanbul prices (6000 gas).
pub const MUL_ISTANBUL: Precompile =
    Precompile::new(0x07, "BN254_MUL", mul_gas_istanbul, mul_run_istanbul);
/// ECPAIRING (`0x08`) at Byzantium prices (100000 + 80000 per pair).
pub const PAIRING_BYZANTIUM: Precompile = Precompile::new(
    0x08,
    "BN254_PAIRING",
    pairing_gas_byzantium,
    pairing_run_byzantium,
);
/// ECPAIRING (`0x08`) at Istanbul prices (45000 + 34000 per pair).
pub const PAIRING_ISTANBUL: Precompile = Precompile::new(
    0x08,
    "BN254_PAIRING",
    pairing_gas_istanbul,
    pairing_run_istanbul,
);

/// ECADD gas at Byzantium: 500 whatever the input.
pub fn add_gas_byzantium(_input: &[u8]) -> u64 {
    ADD_GAS_BYZANTIUM
}

/// ECADD gas from Istanbul: 150 whatever the input.
pub fn add_gas_istanbul(_input: &[u8]) -> u64 {
    ADD_GAS_ISTANBUL
}

/// ECMUL gas at Byzantium: 40000 whatever the input.
pub fn mul_gas_byzantium(_input: &[u8]) -> u64 {
    MUL_GAS_BYZANTIUM
}

/// ECMUL gas from Istanbul: 6000 whatever the input.
pub fn mul_gas_istanbul(_input: &[u8]) -> u64 {
    MUL_GAS_ISTANBUL
}

/// ECPAIRING gas at Byzantium: `100000 + 80000 * (len / 192)` (saturating). An input whose
/// length is not a multiple of 192 still has this price; the call then fails.
pub fn pairing_gas_byzantium(input: &[u8]) -> u64 {
    pairing_gas(
        input.len(),
        PAIRING_BASE_GAS_BYZANTIUM,
        PAIRING_PER_PAIR_GAS_BYZANTIUM,
    )
}

/// ECPAIRING gas from Istanbul: `45000 + 34000 * (len / 192)` (saturating). An input whose
/// length is not a multiple of 192 still has this price; the call then fails.
pub fn pairing_gas_istanbul(input: &[u8]) -> u64 {
    pairing_gas(
        input.len(),
        PAIRING_BASE_GAS_ISTANBUL,
        PAIRING_PER_PAIR_GAS_ISTANBUL,
    )
}

#[inline]
const fn pairing_gas(len: usize, base: u64, per_pair: u64) -> u64 {
    let pairs = (len / PAIR_LEN) as u64;
    base.saturating_add(per_pair.saturating_mul(pairs))
}

/// Copies `input` into a zero-filled `N`-byte buffer: right-pads short inputs with zeros and
/// ignores bytes past `N`, as EIP-196 specifies.
#[inline]
fn right_pad<const N: usize>(input: &[u8]) -> [u8; N] {
    let mut buf = [0u8; N];
    let n = input.len().min(N);
    buf[..n].copy_from_slice(&input[..n]);
    buf
}

fn add_run(input: &[u8], gas_limit: u64, cost: u64) -> PrecompileResult {
    let gas_used = charge(cost, gas_limit)?;
    let out = arkworks::g1_add(&right_pad::<ADD_INPUT_LEN>(input))?;
    Ok(PrecompileOutput::new(gas_used, out.to_vec()))
}

fn mul_run(input: &[u8], gas_limit: u64, cost: u64) -> PrecompileResult {
    let gas_used = charge(cost, gas_limit)?;
    let out = arkworks::g1_mul(&right_pad::<MUL_INPUT_LEN>(input))?;
    Ok(PrecompileOutput::new(gas_used, out.to_vec()))
}

fn pairing_run(input: &[u8], gas_limit: u64, cost: u64) -> PrecompileResult {
    let gas_used = charge(cost, gas_limit)?;
    if !input.len().is_multiple_of(PAIR_LEN) {
        return Err(PrecompileError::InvalidInputLength { got: input.len() });
    }
    let ok = arkworks::pairing_check(input)?;
    Ok(PrecompileOutput::new(gas_used, bool_word(ok).to_vec()))
}

/// The 32-byte ABI word of a boolean: zeros, with last byte 1 for `true`.
#[inline]
pub(crate) fn bool_word(b: bool) -> [u8; 32] {
    let mut w = [0u8; 32];
    w[31] = b as u8;
    w
}

/// Runs ECADD with Byzantium gas (500): the 64-byte sum of the two G1 points of `input`
/// (right-padded with zeros to 128 bytes, longer input truncated); `OutOfGas` when
/// `gas_limit < 500`; `Bn254FieldElementOutOfRange` / `Bn254G1NotOnCurve` on a bad point.
pub fn add_run_byzantium(input: &[u8], gas_limit: u64) -> PrecompileResult {
    add_run(input, gas_limit, ADD_GAS_BYZANTIUM)
}

/// Runs ECADD with Istanbul gas (150); otherwise as [`add_run_byzantium`].
pub fn add_run_istanbul(input: &[u8], gas_limit: u64) -> PrecompileResult {
    add_run(input, gas_limit, ADD_GAS_ISTANBUL)
}

/// Runs ECMUL with Byzantium gas (40000): the 64-byte product of the G1 point and the 32-byte
/// scalar of `input` (right-padded with zeros to 96 bytes, longer input truncated); `OutOfGas`
/// when `gas_limit < 40000`; `Bn254FieldElementOutOfRange` / `Bn254G1NotOnCurve` on a bad point.
pub fn mul_run_byzantium(input: &[u8], gas_limit: u64) -> PrecompileResult {
    mul_run(input, gas_limit, MUL_GAS_BYZANTIUM)
}

/// Runs ECMUL with Istanbul gas (6000); otherwise as [`mul_run_byzantium`].
pub fn mul_run_istanbul(input: &[u8], gas_limit: u64) -> PrecompileResult {
    mul_run(input, gas_limit, MUL_GAS_ISTANBUL)
}

/// Runs ECPAIRING with Byzantium gas: the 32-byte word 1 when the product of the pairings of
/// the `(G1, G2)` pairs of `input` is one (also for empty input), 0 otherwise. Errors:
/// `OutOfGas` (checked first), `InvalidInputLength` when the length is not a multiple of 192,
/// `Bn254FieldElementOutOfRange`, `Bn254G1NotOnCurve`, `Bn254G2NotOnCurve`,
/// `Bn254G2NotInSubgroup`.
pub fn pairing_run_byzantium(input: &[u8], gas_limit: u64) -> PrecompileResult {
    pairing_run(input, gas_limit, pairing_gas_byzantium(input))
}

/// Runs ECPAIRING with Istanbul gas; otherwise as [`pairing_run_byzantium`].
pub fn pairing_run_istanbul(input: &[u8], gas_limit: u64) -> PrecompileResult {
    pairing_run(input, gas_limit, pairing_gas_istanbul(input))
}

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
