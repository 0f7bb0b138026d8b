//! 0x05 MODEXP: `base^exp mod modulus` on big integers (EIP-198), with the gas rules of
//! Byzantium (EIP-198), Berlin (EIP-2565) and Osaka (EIP-7883, with the EIP-7823 length bound).
//!
//! Input: `base_len`, `exp_len`, `mod_len` (three 32-byte big-endian words), then `base`,
//! `exp` and `modulus` of those lengths; missing bytes read as zeros. Output: `mod_len` bytes,
//! the result left-padded (zeros when the modulus is 0 or 1; empty when `mod_len` is 0).
//! [`gas`] holds the price rules, [`arith`] the limb arithmetic.

pub mod arith;
pub mod gas;

use crate::{charge, Precompile, PrecompileError, PrecompileOutput, PrecompileResult};
pub use gas::Header;

/// The EIP-7823 bound (Osaka): each of `base_len`, `exp_len`, `mod_len` is at most 1024 bytes.
pub const OSAKA_MAX_LEN: u64 = 1024;

/// The length of the MODEXP header (three 32-byte lengths).
pub const HEADER_LEN: usize = 96;

/// The Byzantium gas of `input` (EIP-198), saturating; never fails.
pub fn byzantium_gas(input: &[u8]) -> u64 {
    gas::byzantium(&Header::parse(input))
}

/// The Berlin gas of `input` (EIP-2565), saturating; never fails.
pub fn berlin_gas(input: &[u8]) -> u64 {
    gas::berlin(&Header::parse(input))
}

/// The Osaka gas of `input` (EIP-7883), saturating; never fails (an input beyond the EIP-7823
/// bound still has this price, though running it fails).
pub fn osaka_gas(input: &[u8]) -> u64 {
    gas::osaka(&Header::parse(input))
}

/// `len` bytes of `input` from `offset`, zero-padded on the right where the input ends (the
/// caller has paid for `len` bytes).
fn padded(input: &[u8], offset: usize, len: usize) -> Vec<u8> {
    let mut out = vec![0u8; len];
    if offset < input.len() {
        let n = (input.len() - offset).min(len);
        out[..n].copy_from_slice(&input[offset..offset + n]);
    }
    out
}

/// Computes the output once gas is paid: `mod_len` bytes (lengths already known to fit).
fn compute(input: &[u8], h: &Header) -> Vec<u8> {
    // The caller has charged gas covering max(base_len, mod_len) squared and exp_len linearly,
    // so these fit in memory; `usize::try_from` cannot fail for them on 64-bit targets, and an
    // unpayable length never gets here.
    let to_usize = |x: u64| usize::try_from(x).unwrap_or(usize::MAX);
    let (base_len, exp_len, mod_len) = (
        to_usize(h.base_len),
        to_usize(h.exp_len),
        to_usize(h.mod_len),
    );
    let mut out = vec![0u8; mod_len];
    if mod_len == 0 {
        return out;
    }
    let data = input.get(HEADER_LEN..).unwrap_or_default();
    let mod_start = base_len.saturating_add(exp_len);
    let modulus = padded(data, mod_start, mod_len);
    if modulus.iter().all(|&b| b == 0) {
        return out;
    }
    // A non-zero modulus means the input reaches past the exponent: base and exponent are
    // wholly inside `data`.
    let base = &data[..base_len];
    let exp = &data[base_len..mod_start];
    arith::modexp(base, exp, &modulus, &mut out);
    out
}

fn run_with(
    input: &[u8],
    gas_limit: u64,
    price: fn(&Header) -> u64,
    bounded: bool,
) -> PrecompileResult {
    let h = Header::parse(input);
    if bounded
        && (h.base_len > OSAKA_MAX_LEN || h.exp_len > OSAKA_MAX_LEN || h.mod_len > OSAKA_MAX_LEN)
    {
        return Err(PrecompileError::ModexpInputTooLarge);
    }
    let cost = price(&h);
    // A saturated price stands for one beyond u64: never payable, whatever the limit.
    if cost == u64::MAX {
        return Err(PrecompileError::OutOfGas);
    }
    let gas_used = charge(cost, gas_limit)?;
    Ok(PrecompileOutput::new(gas_used, compute(input, &h)))
}

/// Runs MODEXP with Byzantium gas (EIP-198): the `mod_len`-byte result. The only error is
/// [`PrecompileError::OutOfGas`] (checked before anything is allocated; a price of `u64::MAX`,
/// which stands for any price that does not fit in 64 bits, is never payable).
pub fn byzantium_run(input: &[u8], gas_limit: u64) -> PrecompileResult {
    run_with(input, gas_limit, gas::byzantium, false)
}

/// Runs MODEXP with Berlin gas (EIP-2565): as [`byzantium_run`] with the Berlin price.
pub fn berlin_run(input: &[u8], gas_limit: u64) -> PrecompileResult {
    run_with(input, gas_limit, gas::berlin, false)
}

/// Runs MODEXP with Osaka rules: [`PrecompileError::ModexpInputTooLarge`] when a length exceeds
/// 1024 bytes (EIP-7823, checked first), else as [`byzantium_run`] with the EIP-7883 price.
pub fn osaka_run(input: &[u8], gas_limit: u64) -> PrecompileResult {
    run_with(input, gas_limit, gas::osaka, true)
}

/// MODEXP at 0x05 with Byzantium gas (EIP-198).
pub const BYZANTIUM: Precompile = Precompile::new(0x05, "MODEXP", byzantium_gas, byzantium_run);
/// MODEXP at 0x05 with Berlin gas (EIP-2565).
pub const BERLIN: Precompile = Precompile::new(0x05, "MODEXP", berlin_gas, berlin_run);
/// MODEXP at 0x05 with Osaka gas and bounds (EIP-7883, EIP-7823).
pub const OSAKA: Precompile = Precompile::new(0x05, "MODEXP", osaka_gas, osaka_run);

#[cfg(test)]
mod tests;
