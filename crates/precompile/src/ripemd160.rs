//! 0x03 RIPEMD160: the RIPEMD-160 digest of the input, left-padded to 32 bytes.
//!
//! Our own RIPEMD-160 (Dobbertin, Bosselaers, Preneel 1996): the two lines of the compression
//! function run step by step side by side, two independent dependency chains for the CPU to
//! overlap (the `ripemd` crate, which revm uses and the tests take as the oracle, runs the left
//! line's 80 steps, then the right line's, one chain of about 4 cycles per step).

use crate::{charge, linear_gas, Precompile, PrecompileOutput, PrecompileResult};
use crate::{Library, PrecompileId};

/// The initial chaining value.
const H0: [u32; 5] = [
    0x6745_2301,
    0xefcd_ab89,
    0x98ba_dcfe,
    0x1032_5476,
    0xc3d2_e1f0,
];

/// Message word of each step, left line.
const R_LEFT: [usize; 80] = [
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 7, 4, 13, 1, 10, 6, 15, 3, 12, 0, 9, 5,
    2, 14, 11, 8, 3, 10, 14, 4, 9, 15, 8, 1, 2, 7, 0, 6, 13, 11, 5, 12, 1, 9, 11, 10, 0, 8, 12, 4,
    13, 3, 7, 15, 14, 5, 6, 2, 4, 0, 5, 9, 7, 12, 2, 10, 14, 1, 3, 8, 11, 6, 15, 13,
];
/// Message word of each step, right line.
const R_RIGHT: [usize; 80] = [
    5, 14, 7, 0, 9, 2, 11, 4, 13, 6, 15, 8, 1, 10, 3, 12, 6, 11, 3, 7, 0, 13, 5, 10, 14, 15, 8, 12,
    4, 9, 1, 2, 15, 5, 1, 3, 7, 14, 6, 9, 11, 8, 12, 2, 10, 0, 4, 13, 8, 6, 4, 1, 3, 11, 15, 0, 5,
    12, 2, 13, 9, 7, 10, 14, 12, 15, 10, 4, 1, 5, 8, 7, 6, 2, 13, 14, 0, 3, 9, 11,
];
/// Rotation of each step, left line.
const S_LEFT: [u32; 80] = [
    11, 14, 15, 12, 5, 8, 7, 9, 11, 13, 14, 15, 6, 7, 9, 8, 7, 6, 8, 13, 11, 9, 7, 15, 7, 12, 15,
    9, 11, 7, 13, 12, 11, 13, 6, 7, 14, 9, 13, 15, 14, 8, 13, 6, 5, 12, 7, 5, 11, 12, 14, 15, 14,
    15, 9, 8, 9, 14, 5, 6, 8, 6, 5, 12, 9, 15, 5, 11, 6, 8, 13, 12, 5, 12, 13, 14, 11, 8, 5, 6,
];
/// Rotation of each step, right line.
const S_RIGHT: [u32; 80] = [
    8, 9, 9, 11, 13, 15, 15, 5, 7, 7, 8, 11, 14, 14, 12, 6, 9, 13, 15, 7, 12, 8, 9, 11, 7, 7, 12,
    7, 6, 15, 13, 11, 9, 7, 15, 11, 8, 6, 6, 14, 12, 13, 5, 14, 13, 13, 7, 5, 15, 5, 8, 11, 14, 14,
    6, 14, 6, 9, 12, 9, 12, 5, 15, 8, 8, 5, 12, 9, 12, 5, 14, 6, 8, 13, 6, 5, 15, 13, 11, 11,
];
/// Round constants, left and right line.
const K_LEFT: [u32; 5] = [0, 0x5a82_7999, 0x6ed9_eba1, 0x8f1b_bcdc, 0xa953_fd4e];
const K_RIGHT: [u32; 5] = [0x50a2_8be6, 0x5c4d_d124, 0x6d70_3ef3, 0x7a6d_76e9, 0];

/// The boolean function of round `round` (0..5; the right line uses them in reverse order).
#[inline(always)]
const fn f(round: usize, x: u32, y: u32, z: u32) -> u32 {
    match round {
        0 => x ^ y ^ z,
        1 => (x & y) | (!x & z),
        2 => (x | !y) ^ z,
        3 => (x & z) | (y & !z),
        _ => x ^ (y | !z),
    }
}

/// One step of one line on the state `[a, b, c, d, e]`.
#[inline(always)]
fn step(v: &mut [u32; 5], fx: u32, word: u32, k: u32, s: u32) {
    let t = v[0]
        .wrapping_add(fx)
        .wrapping_add(word)
        .wrapping_add(k)
        .rotate_left(s)
        .wrapping_add(v[4]);
    *v = [v[4], t, v[1], v[2].rotate_left(10), v[3]];
}

/// Step `j` of both lines. With `j` a literal, every table read and `f`'s match fold away.
macro_rules! steps {
    ($x:ident, $l:ident, $r:ident; $($j:literal)*) => {$(
        let fl = f($j / 16, $l[1], $l[2], $l[3]);
        step(&mut $l, fl, $x[R_LEFT[$j]], K_LEFT[$j / 16], S_LEFT[$j]);
        let fr = f(4 - $j / 16, $r[1], $r[2], $r[3]);
        step(&mut $r, fr, $x[R_RIGHT[$j]], K_RIGHT[$j / 16], S_RIGHT[$j]);
    )*};
}

/// The compression function: `h` updated by one 64-byte block.
fn compress(h: &mut [u32; 5], block: &[u8; 64]) {
    let x: [u32; 16] = core::array::from_fn(|i| {
        u32::from_le_bytes([
            block[4 * i],
            block[4 * i + 1],
            block[4 * i + 2],
            block[4 * i + 3],
        ])
    });
    let (mut l, mut r) = (*h, *h);
    steps!(x, l, r;
        0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31
        32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61
        62 63 64 65 66 67 68 69 70 71 72 73 74 75 76 77 78 79);
    *h = [
        h[1].wrapping_add(l[2]).wrapping_add(r[3]),
        h[2].wrapping_add(l[3]).wrapping_add(r[4]),
        h[3].wrapping_add(l[4]).wrapping_add(r[0]),
        h[4].wrapping_add(l[0]).wrapping_add(r[1]),
        h[0].wrapping_add(l[1]).wrapping_add(r[2]),
    ];
}

/// The RIPEMD-160 digest of `data` (any length; the bit length is taken mod 2^64 as the
/// standard pads it).
pub fn digest(data: &[u8]) -> [u8; 20] {
    let mut h = H0;
    let (blocks, tail) = data.as_chunks::<64>();
    for block in blocks {
        compress(&mut h, block);
    }
    // Padding: 0x80, zeros, then the bit length (little-endian) in the last 8 bytes; one block
    // when the tail leaves room for the 9 bytes, two otherwise.
    let mut last = [0u8; 128];
    last[..tail.len()].copy_from_slice(tail);
    last[tail.len()] = 0x80;
    let end = if tail.len() < 56 { 64 } else { 128 };
    let bits = (data.len() as u64).wrapping_mul(8);
    last[end - 8..end].copy_from_slice(&bits.to_le_bytes());
    for block in last[..end].as_chunks::<64>().0 {
        compress(&mut h, block);
    }
    let mut out = [0u8; 20];
    for (o, w) in out.chunks_exact_mut(4).zip(h) {
        o.copy_from_slice(&w.to_le_bytes());
    }
    out
}

/// Base gas of RIPEMD160.
pub const BASE_GAS: u64 = 600;
/// Gas per 32-byte word of input.
pub const WORD_GAS: u64 = 120;

/// The gas of RIPEMD160 on `input`: `600 + 120 * ceil(len / 32)` (saturating; never fails).
pub fn gas(input: &[u8]) -> u64 {
    linear_gas(input.len(), BASE_GAS, WORD_GAS)
}

/// Runs RIPEMD160: returns 12 zero bytes followed by the 20-byte digest of `input`. Every input
/// is valid; the only error is [`crate::PrecompileError::OutOfGas`] when [`gas`] exceeds
/// `gas_limit`.
pub fn run(input: &[u8], gas_limit: u64) -> PrecompileResult {
    let gas_used = charge(gas(input), gas_limit)?;
    let mut out = vec![0u8; 32];
    out[12..].copy_from_slice(&digest(input));
    Ok(PrecompileOutput::new(gas_used, out))
}

/// The RIPEMD160 precompile at 0x03 (since Frontier).
pub const HOMESTEAD: Precompile = Precompile::new(PrecompileId::Ripemd160, Library::Own, gas, run);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::PrecompileError;
    use ripemd::{Digest, Ripemd160};

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]

        /// Equal to the `ripemd` crate on every length around the padding boundaries (55, 56,
        /// 63, 64, 119, 120 bytes) and beyond.
        #[test]
        fn digest_matches_ripemd_crate(data in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..300)) {
            let want: [u8; 20] = Ripemd160::digest(&data).into();
            proptest::prop_assert_eq!(digest(&data), want);
        }
    }

    /// The test vectors of the RIPEMD-160 paper.
    #[test]
    fn paper_vectors() {
        let million_a = vec![b'a'; 1_000_000];
        for (msg, want) in [
            (&b""[..], "9c1185a5c5e9fc54612808977ee8f548b2258d31"),
            (b"a", "0bdc9d2d256b3ee9daae347be6f4dc835a467ffe"),
            (
                b"message digest",
                "5d0689ef49d2fae572b881b123a85ffa21595f36",
            ),
            (
                b"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
                "12a053384a9c0c88e405a06c27dcf49ada62eb2b",
            ),
            (
                b"12345678901234567890123456789012345678901234567890123456789012345678901234567890",
                "9b752e45573d4b39f4dbd3323cab82bf63326bfb",
            ),
            (&million_a[..], "52783243c1697bdbe16d37f97f68f08325dc1528"),
        ] {
            assert_eq!(hex::encode(digest(msg)), want);
        }
    }

    #[test]
    fn empty_and_abc() {
        let out = run(b"", 600).unwrap();
        assert_eq!(
            hex::encode(out.bytes),
            "0000000000000000000000009c1185a5c5e9fc54612808977ee8f548b2258d31"
        );
        let out = run(b"abc", 720).unwrap();
        assert_eq!(out.gas_used, 720);
        assert_eq!(
            hex::encode(out.bytes),
            "0000000000000000000000008eb208f7e05d987a9b044a8e98c6b087f15a0bfc"
        );
    }

    #[test]
    fn gas_words_and_out_of_gas() {
        assert_eq!(gas(&[0; 64]), 840);
        assert_eq!(gas(&[0; 65]), 960);
        assert_eq!(run(&[0; 65], 959), Err(PrecompileError::OutOfGas));
    }
}
