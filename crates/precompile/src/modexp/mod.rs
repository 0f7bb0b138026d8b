//! 0x05 MODEXP: `base^exp mod modulus` on big integers (EIP-198), with the gas rules of
//! Byzantium (EIP-198), Berlin (EIP-2565) and Osaka (EIP-7883, with the EIP-7823 length bound).
//!
//! Input: `base_len`, `exp_len`, `mod_len` (three 32-byte big-endian words), then `base`,
//! `exp` and `modulus` of those lengths; missing bytes read as zeros. Output: `mod_len` bytes,
//! the result left-padded (zeros when the modulus is 0 or 1; empty when `mod_len` is 0).
//! [`header`] reads the declared lengths, [`byzantium`], [`berlin`] and [`osaka`] hold each
//! fork's price rule and body, the private `arith` the exponentiation (odd moduli in `ring` over
//! `montgomery::var`, the workspace's one Montgomery kernel; even ones by the CRT in `even`),
//! `window` the sliding window. [`pow`] is the exponentiation without the precompile's parsing
//! and gas (revm's `Crypto::modexp` and the benches call it).

// The kernel modules are private: nothing outside MODEXP needs their items, and [`pow`] is
// the one public entry to the arithmetic.
mod arith;
pub mod berlin;
pub mod byzantium;
mod even;
mod fixed;
pub mod header;
pub mod osaka;
mod ring;
mod window;

use crate::encoding::right_pad_vec;
use crate::PrecompileId;
use crate::{charge, Precompile, PrecompileError, PrecompileOutput, PrecompileResult};
use alloc::{borrow::Cow, vec::Vec};
pub use header::Header;

/// The library doing MODEXP's arithmetic: this crate's own ([`pow`]).
pub const LIBRARY: crate::Library = crate::Library::Own;

/// The EIP-7823 bound (Osaka): each of `base_len`, `exp_len`, `mod_len` is at most 1024 bytes.
pub const MAX_LEN_OSAKA: u64 = 1024;

/// The length of the MODEXP header (three 32-byte lengths).
pub const HEADER_LEN: usize = 96;

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
    let present = data.get(mod_start..).unwrap_or_default();
    // Right-padding copies only when the input ends inside the modulus.
    let modulus = match present.get(..mod_len) {
        Some(whole) => Cow::Borrowed(whole),
        None => Cow::Owned(right_pad_vec(present, mod_len)),
    };
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

/// `base^exp mod modulus` for big-endian operands of any length, as `modulus.len()` big-endian
/// bytes (all zeros when the modulus is 0; empty when it has no bytes). No gas is charged: the
/// caller has priced the lengths (revm's `Crypto::modexp` is such a caller).
pub fn pow(base: &[u8], exp: &[u8], modulus: &[u8]) -> Vec<u8> {
    let mut out = vec![0u8; modulus.len()];
    if modulus.iter().any(|&b| b != 0) {
        arith::modexp(base, exp, modulus, &mut out);
    }
    out
}

/// Runs MODEXP with the price rule `price`, applying the EIP-7823 length bound when `bounded`:
/// what [`byzantium::run`], [`berlin::run`] and [`osaka::run`] share.
fn run_with(
    input: &[u8],
    gas_limit: u64,
    price: fn(&Header) -> u64,
    bounded: bool,
) -> PrecompileResult {
    let h = Header::parse(input);
    if bounded
        && (h.base_len > MAX_LEN_OSAKA || h.exp_len > MAX_LEN_OSAKA || h.mod_len > MAX_LEN_OSAKA)
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

/// MODEXP at 0x05 with Byzantium gas (EIP-198).
pub const BYZANTIUM: Precompile = Precompile::new(
    PrecompileId::Modexp,
    LIBRARY,
    byzantium::gas,
    byzantium::run,
);
/// MODEXP at 0x05 with Berlin gas (EIP-2565).
pub const BERLIN: Precompile =
    Precompile::new(PrecompileId::Modexp, LIBRARY, berlin::gas, berlin::run);
/// MODEXP at 0x05 with Osaka gas and bounds (EIP-7883, EIP-7823).
pub const OSAKA: Precompile =
    Precompile::new(PrecompileId::Modexp, LIBRARY, osaka::gas, osaka::run);

#[cfg(test)]
mod kernel_tests;
#[cfg(test)]
mod tests;
