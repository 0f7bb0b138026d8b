//! MODEXP from Osaka: the EIP-7883 price and the EIP-7823 length bound.

use super::header::{scaled, Header};
use crate::PrecompileResult;

/// EIP-7883 (Osaka) gas: `max(500, complexity · iterations)` where the complexity is 16 up to
/// 32 bytes and `2 · ceil(max_len / 8)²` above, and an exponent byte beyond the first 32 counts
/// 16 iterations.
pub fn price(h: &Header) -> u64 {
    let max_len = h.base_len.max(h.mod_len);
    let complexity = if max_len <= 32 {
        16
    } else {
        let words = u128::from(max_len.div_ceil(8));
        (words * words).saturating_mul(2)
    };
    scaled(complexity, h.iteration_count(16), 1).max(500)
}

/// The Osaka gas of `input` ([`price`] of its header), saturating; never fails (an input beyond the EIP-7823 bound still has this price, though running it fails).
pub fn gas(input: &[u8]) -> u64 {
    price(&Header::parse(input))
}

/// Runs MODEXP with Osaka rules: [`crate::PrecompileError::ModexpInputTooLarge`] when a length
/// exceeds 1024 bytes (EIP-7823, checked first), else as [`super::byzantium::run`] with the
/// EIP-7883 price.
pub fn run(input: &[u8], gas_limit: u64) -> PrecompileResult {
    super::run_with(input, gas_limit, price, true)
}
