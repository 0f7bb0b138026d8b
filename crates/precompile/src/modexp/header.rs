//! The MODEXP input header: the three declared lengths and the exponent's head, which every
//! gas rule reads.
//!
//! All arithmetic is overflow-safe: lengths at or above 2^64 are read as `u64::MAX`, products
//! are taken in `u128` with saturation, and a price above `u64::MAX` is `u64::MAX`. A length
//! base or modulus length word at or above 2^64 makes the exact price exceed `u64::MAX` through
//! the complexity (or the price is zero when the complexity is zero); the exponent length is
//! kept as a `u128` for the iteration count, so the result is the exact price whenever that fits
//! in a `u64`, and `u64::MAX` otherwise.

/// The lengths and exponent head a MODEXP input declares (read from its first 96 bytes and the
/// first 32 bytes of the exponent, zero-padded).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Header {
    /// The base length in bytes (saturated to `u64::MAX`).
    pub base_len: u64,
    /// The exponent length in bytes (saturated to `u64::MAX`).
    pub exp_len: u64,
    /// The modulus length in bytes (saturated to `u64::MAX`).
    pub mod_len: u64,
    /// The bit length of the exponent's first `min(exp_len, 32)` bytes (0 to 256).
    pub exp_head_bits: u32,
    /// The exponent length word, saturated to `u128::MAX` (exact below 2^128): the iteration
    /// count needs it beyond `u64`, where the price can still fit in a `u64`.
    pub exp_len_wide: u128,
}

/// The 32-byte word at `offset` of `input`, zero-padded on the right.
fn word_at(input: &[u8], offset: usize) -> [u8; 32] {
    crate::encoding::right_pad(input.get(offset..).unwrap_or_default())
}

/// A 32-byte big-endian word as a `u128`, saturating.
fn saturating_u128(w: &[u8; 32]) -> u128 {
    if w[..16].iter().any(|&b| b != 0) {
        return u128::MAX;
    }
    let mut b = [0u8; 16];
    b.copy_from_slice(&w[16..]);
    u128::from_be_bytes(b)
}

/// A 32-byte big-endian word as a `u64`, saturating.
fn saturating_u64(w: &[u8; 32]) -> u64 {
    if w[..24].iter().any(|&b| b != 0) {
        return u64::MAX;
    }
    let mut b = [0u8; 8];
    b.copy_from_slice(&w[24..]);
    u64::from_be_bytes(b)
}

impl Header {
    /// Reads the header of a MODEXP `input` (never fails: missing bytes are zeros).
    pub fn parse(input: &[u8]) -> Self {
        let base_len = saturating_u64(&word_at(input, 0));
        let exp_word = word_at(input, 32);
        let exp_len = saturating_u64(&exp_word);
        let mod_len = saturating_u64(&word_at(input, 64));
        // The exponent starts at 96 + base_len; if that is past the input it is all zeros.
        let exp_head_bits = match usize::try_from(base_len)
            .ok()
            .and_then(|b| b.checked_add(96))
        {
            Some(start) if start < input.len() => {
                let head_len = exp_len.min(32) as usize;
                let raw = word_at(input, start);
                let head = &raw[..head_len];
                match head.iter().position(|&b| b != 0) {
                    None => 0,
                    Some(i) => ((head_len - i) * 8) as u32 - head[i].leading_zeros(),
                }
            }
            _ => 0,
        };
        Header {
            base_len,
            exp_len,
            mod_len,
            exp_head_bits,
            exp_len_wide: saturating_u128(&exp_word),
        }
    }

    /// The iteration count ("adjusted exponent length") with `multiplier` bits per exponent
    /// byte beyond the first 32 (8 before Osaka, 16 from EIP-7883), at least 1. Exact for every
    /// exponent length word below 2^124, saturating at `u128::MAX` above.
    pub fn iteration_count(&self, multiplier: u64) -> u128 {
        let head = u128::from(self.exp_head_bits.saturating_sub(1));
        let tail = if self.exp_len_wide > 32 {
            u128::from(multiplier).saturating_mul(self.exp_len_wide - 32)
        } else {
            0
        };
        tail.saturating_add(head).max(1)
    }
}

/// `complexity · iterations / divisor`, saturating at `u64::MAX`.
pub(super) fn scaled(complexity: u128, iterations: u128, divisor: u128) -> u64 {
    let product = complexity.saturating_mul(iterations);
    u64::try_from(product / divisor).unwrap_or(u64::MAX)
}
