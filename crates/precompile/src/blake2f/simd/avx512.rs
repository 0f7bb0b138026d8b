//! F with AVX-512VL: each XOR-and-rotate of `G` as `vpshufd` (by 32) or a `vpternlogq` of the
//! rotated older operand and two shifts of the new one (see the parent module).
#![allow(unsafe_code)]

// The shared macros (`compress_fn!`, `round!`, ...) expand here: their intrinsics and constants
// resolve in this module.
use core::arch::x86_64::*;

use crate::blake2f::{IV, SIGMA};

/// `(old ^ new)` rotated right in every lane by `$n`, with `new` the value just computed (on
/// the round's critical path) and `old` one known earlier. By 32: a swap of the halves of each
/// lane (`vpshufd`, one cycle). Else `ror(old) ^ (new >> n) ^ (new << (64 - n))`: two shifts in
/// parallel and one `vpternlogq` after `new`, two cycles where the XOR and `vprorq` take three.
macro_rules! ror_avx512 {
    ($rot:ident, $old:expr, $new:expr, 32) => {
        _mm256_shuffle_epi32::<0b10_11_00_01>(_mm256_xor_si256($old, $new))
    };
    ($rot:ident, $old:expr, $new:expr, $n:literal) => {{
        let new = $new;
        _mm256_ternarylogic_epi64::<0x96>(
            _mm256_ror_epi64::<$n>($old),
            _mm256_srli_epi64::<$n>(new),
            _mm256_slli_epi64::<{ 64 - $n }>(new),
        )
    }};
}

compress_fn!(
    /// F with AVX-512VL rotations; same contract as [`super::compress`].
    #[target_feature(enable = "avx2,avx512f,avx512vl")]
    compress,
    ror_avx512,
    |_rot| {}
);
