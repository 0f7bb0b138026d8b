//! MODEXP as priced from Berlin to Prague (EIP-2565).

use super::header::{scaled, Header};
use crate::PrecompileResult;

/// EIP-2565 (Berlin) gas: `max(200, ceil(max(base_len, mod_len) / 8)² · iterations / 3)`.
pub fn price(h: &Header) -> u64 {
    let words = u128::from(h.base_len.max(h.mod_len).div_ceil(8));
    scaled(words * words, h.iteration_count(8), 3).max(200)
}

/// The Berlin gas of `input` ([`price`] of its header), saturating; never fails.
pub fn gas(input: &[u8]) -> u64 {
    price(&Header::parse(input))
}

/// Runs MODEXP with Berlin gas (EIP-2565): as [`super::byzantium::run`] with the Berlin price.
pub fn run(input: &[u8], gas_limit: u64) -> PrecompileResult {
    super::run_with(input, gas_limit, price, false)
}
