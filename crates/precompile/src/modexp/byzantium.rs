//! MODEXP as priced from Byzantium to Istanbul (EIP-198).

use super::header::{scaled, Header};
use crate::PrecompileResult;

/// EIP-198 (Byzantium) gas: `mult_complexity(max(base_len, mod_len)) · max(adj_exp_len, 1) / 20`,
/// where `mult_complexity(x)` is `x²` up to 64, `x²/4 + 96x - 3072` up to 1024 and
/// `x²/16 + 480x - 199680` above. No minimum.
pub fn price(h: &Header) -> u64 {
    let x = u128::from(h.base_len.max(h.mod_len));
    let complexity = if x <= 64 {
        x * x
    } else if x <= 1024 {
        x * x / 4 + 96 * x - 3072
    } else {
        // x < 2^64, so x² < 2^128 and the sum stays below 2^128 + 2^73: saturate it.
        (x * x / 16).saturating_add(480 * x) - 199_680
    };
    scaled(complexity, h.iteration_count(8), 20)
}

/// The Byzantium gas of `input` ([`price`] of its header), saturating; never fails.
pub fn gas(input: &[u8]) -> u64 {
    price(&Header::parse(input))
}

/// Runs MODEXP with Byzantium gas (EIP-198): the `mod_len`-byte result. The only error is
/// [`crate::PrecompileError::OutOfGas`] (checked before anything is allocated; a price of
/// `u64::MAX`, which stands for any price that does not fit in 64 bits, is never payable).
pub fn run(input: &[u8], gas_limit: u64) -> PrecompileResult {
    super::run_with(input, gas_limit, price, false)
}
