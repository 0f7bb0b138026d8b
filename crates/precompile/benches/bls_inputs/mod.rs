//! EIP-2537 inputs shared by the BLS12-381 benches (`mod bls_inputs;` in a bench): the
//! generators' encodings, pseudo-random scalars.
#![allow(dead_code)] // each bench uses a part

use curves::bls12_381::{g1, g2, Fp};

/// A field element as EIP-2537 encodes it: 16 zero bytes, then 48 big-endian bytes.
fn fp(a: Fp) -> Vec<u8> {
    [vec![0u8; 16], a.to_be_bytes().to_vec()].concat()
}

/// The G1 generator, 128 bytes.
pub fn g1() -> Vec<u8> {
    let g = g1::GENERATOR;
    [fp(g.x), fp(g.y)].concat()
}

/// The G2 generator, 256 bytes (`x.c0, x.c1, y.c0, y.c1`).
pub fn g2() -> Vec<u8> {
    let g = g2::GENERATOR;
    [fp(g.x.c0), fp(g.x.c1), fp(g.y.c0), fp(g.y.c1)].concat()
}

/// A pseudo-random 32-byte scalar (full 256 bits).
pub fn scalar(i: u64) -> Vec<u8> {
    let mut x = i.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    (0..32)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x as u8
        })
        .collect()
}
