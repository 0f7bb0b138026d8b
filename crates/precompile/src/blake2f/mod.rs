//! 0x09 BLAKE2F (EIP-152): the BLAKE2b compression function F with a caller-chosen round count.
//!
//! Input (exactly 213 bytes): `rounds` (4 bytes, big-endian) ‖ `h` (8 × 8 bytes, little-endian)
//! ‖ `m` (16 × 8 bytes LE) ‖ `t` (2 × 8 bytes LE) ‖ `f` (1 byte, 0 or 1). Output: the new `h`,
//! 64 bytes little-endian. Gas: `rounds`.

use crate::{charge, LengthRule, Precompile, PrecompileError, PrecompileOutput, PrecompileResult};
use crate::{InputRule, Library, PrecompileId};

/// The length of a BLAKE2F input.
pub const INPUT_LEN: usize = 213;

/// The only input length BLAKE2F accepts.
pub const INPUT_RULE: InputRule = LengthRule::Exact(INPUT_LEN).of(PrecompileId::Blake2f);

/// The BLAKE2b initialisation vector.
pub const IV: [u64; 8] = [
    0x6a09e667f3bcc908,
    0xbb67ae8584caa73b,
    0x3c6ef372fe94f82b,
    0xa54ff53a5f1d36f1,
    0x510e527fade682d1,
    0x9b05688c2b3e6c1f,
    0x1f83d9abfb41bd6b,
    0x5be0cd19137e2179,
];

/// The message schedule (period 10: round `r` uses `SIGMA[r % 10]`).
pub const SIGMA: [[usize; 16]; 10] = [
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
    [14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3],
    [11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4],
    [7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8],
    [9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13],
    [2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9],
    [12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11],
    [13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10],
    [6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5],
    [10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0],
];

/// The gas of BLAKE2F on `input`: the 4-byte big-endian round count at its start, or 0 when the
/// input is not exactly 213 bytes (as go-ethereum prices it; such a call fails with
/// [`PrecompileError::InvalidInputLength`]). Never fails.
pub fn gas(input: &[u8]) -> u64 {
    if input.len() != INPUT_LEN {
        return 0;
    }
    u64::from(u32::from_be_bytes([input[0], input[1], input[2], input[3]]))
}

#[inline(always)]
fn g(v: &mut [u64; 16], a: usize, b: usize, c: usize, d: usize, x: u64, y: u64) {
    v[a] = v[a].wrapping_add(v[b]).wrapping_add(x);
    v[d] = (v[d] ^ v[a]).rotate_right(32);
    v[c] = v[c].wrapping_add(v[d]);
    v[b] = (v[b] ^ v[c]).rotate_right(24);
    v[a] = v[a].wrapping_add(v[b]).wrapping_add(y);
    v[d] = (v[d] ^ v[a]).rotate_right(16);
    v[c] = v[c].wrapping_add(v[d]);
    v[b] = (v[b] ^ v[c]).rotate_right(63);
}

/// One round with the schedule `SIGMA[R]` (a compile-time constant, so the message words are
/// addressed directly).
#[inline(always)]
fn round<const R: usize>(v: &mut [u64; 16], m: &[u64; 16]) {
    let s = const { SIGMA[R] };
    g(v, 0, 4, 8, 12, m[s[0]], m[s[1]]);
    g(v, 1, 5, 9, 13, m[s[2]], m[s[3]]);
    g(v, 2, 6, 10, 14, m[s[4]], m[s[5]]);
    g(v, 3, 7, 11, 15, m[s[6]], m[s[7]]);
    g(v, 0, 5, 10, 15, m[s[8]], m[s[9]]);
    g(v, 1, 6, 11, 12, m[s[10]], m[s[11]]);
    g(v, 2, 7, 8, 13, m[s[12]], m[s[13]]);
    g(v, 3, 4, 9, 14, m[s[14]], m[s[15]]);
}

/// Rounds `0..count` of a block of ten (`count ≤ 10`).
#[inline(always)]
fn rounds_prefix(v: &mut [u64; 16], m: &[u64; 16], count: u32) {
    macro_rules! upto {
        ($($r:literal)*) => {
            $(
                if count > $r {
                    round::<$r>(v, m);
                }
            )*
        };
    }
    upto!(0 1 2 3 4 5 6 7 8 9);
}

/// The BLAKE2b compression function F of EIP-152 / RFC 7693 §3.2 with `rounds` rounds: updates
/// the state `h` with the message block `m`, offset counter `t` and final-block flag `f`.
/// Every argument is valid (`rounds` = 0 only mixes `h` with the initial `v`).
///
/// Uses AVX2 (with AVX-512VL rotations where available) on x86_64 CPUs that have it (detected
/// at run time; feature `std`), the portable code otherwise.
#[inline]
pub fn compress(rounds: u32, h: &mut [u64; 8], m: &[u64; 16], t: [u64; 2], f: bool) {
    #[cfg(all(target_arch = "x86_64", feature = "std"))]
    if simd::compress(rounds, h, m, t, f) {
        return;
    }
    compress_portable(rounds, h, m, t, f);
}

/// [`compress`] without SIMD: what non-x86_64 targets and CPUs without AVX2 run.
pub(crate) fn compress_portable(
    rounds: u32,
    h: &mut [u64; 8],
    m: &[u64; 16],
    t: [u64; 2],
    f: bool,
) {
    let mut v = [0u64; 16];
    v[..8].copy_from_slice(h);
    v[8..].copy_from_slice(&IV);
    v[12] ^= t[0];
    v[13] ^= t[1];
    if f {
        v[14] = !v[14];
    }
    // Whole blocks of 10 rounds with the schedule unrolled to constants, then the tail.
    let mut left = rounds;
    while left >= 10 {
        round::<0>(&mut v, m);
        round::<1>(&mut v, m);
        round::<2>(&mut v, m);
        round::<3>(&mut v, m);
        round::<4>(&mut v, m);
        round::<5>(&mut v, m);
        round::<6>(&mut v, m);
        round::<7>(&mut v, m);
        round::<8>(&mut v, m);
        round::<9>(&mut v, m);
        left -= 10;
    }
    rounds_prefix(&mut v, m, left);
    for i in 0..8 {
        h[i] ^= v[i] ^ v[i + 8];
    }
}

/// Runs BLAKE2F: the 64-byte new state. Errors: [`PrecompileError::InvalidInputLength`] unless
/// the input is exactly 213 bytes (checked first, before gas), [`PrecompileError::OutOfGas`]
/// when `rounds > gas_limit`, [`PrecompileError::Blake2InvalidFinalFlag`] when the last byte is
/// neither 0 nor 1.
pub fn run(input: &[u8], gas_limit: u64) -> PrecompileResult {
    let Ok(input) = <&[u8; INPUT_LEN]>::try_from(input) else {
        return Err(INPUT_RULE.error(input.len()));
    };
    let gas_used = charge(gas(input), gas_limit)?;
    let f = match input[212] {
        0 => false,
        1 => true,
        _ => return Err(PrecompileError::Blake2InvalidFinalFlag),
    };
    let rounds = u32::from_be_bytes([input[0], input[1], input[2], input[3]]);
    // Fixed offsets into a fixed-size array: the bounds checks fold away.
    let word = |at: usize| {
        let mut b = [0u8; 8];
        b.copy_from_slice(&input[at..at + 8]);
        u64::from_le_bytes(b)
    };
    let mut h: [u64; 8] = core::array::from_fn(|i| word(4 + 8 * i));
    let m: [u64; 16] = core::array::from_fn(|i| word(68 + 8 * i));
    let t = [word(196), word(204)];
    compress(rounds, &mut h, &m, t, f);
    let mut out = vec![0u8; 64];
    for (chunk, w) in out.chunks_exact_mut(8).zip(h) {
        chunk.copy_from_slice(&w.to_le_bytes());
    }
    Ok(PrecompileOutput::new(gas_used, out))
}

/// The BLAKE2F precompile at 0x09 (since Istanbul).
pub const ISTANBUL: Precompile = Precompile::new(PrecompileId::Blake2f, Library::Own, gas, run);

// The run-time AVX2 / AVX-512 detection needs `std` (the OS's XSAVE support is part of it).
#[cfg(all(target_arch = "x86_64", feature = "std"))]
mod simd;
#[cfg(test)]
mod tests;
