//! F with AVX2 only: rotations by 32, 24 and 16 as byte shuffles, by 63 as `(x + x) | (x >> 63)`.
#![allow(unsafe_code)]

// The shared macros (`compress_fn!`, `round!`, ...) expand here: their intrinsics and constants
// resolve in this module.
use core::arch::x86_64::*;

use crate::blake2f::{IV, SIGMA};
use core::hint::black_box;

/// The shuffle masks of the rotations by 32, 24 and 16.
#[derive(Clone, Copy)]
struct Rot {
    r32: __m256i,
    r24: __m256i,
    r16: __m256i,
}

/// `(old ^ new)` rotated right in every lane by 32, 24, 16 or 63 with AVX2: byte shuffles with
/// the masks `$rot` ([`Rot`]), and `(x + x) | (x >> 63)`.
macro_rules! ror_avx2 {
    ($rot:ident, $old:expr, $new:expr, 32) => {
        _mm256_shuffle_epi8(_mm256_xor_si256($old, $new), $rot.r32)
    };
    ($rot:ident, $old:expr, $new:expr, 24) => {
        _mm256_shuffle_epi8(_mm256_xor_si256($old, $new), $rot.r24)
    };
    ($rot:ident, $old:expr, $new:expr, 16) => {
        _mm256_shuffle_epi8(_mm256_xor_si256($old, $new), $rot.r16)
    };
    ($rot:ident, $old:expr, $new:expr, 63) => {{
        let x = _mm256_xor_si256($old, $new);
        _mm256_or_si256(_mm256_add_epi64(x, x), _mm256_srli_epi64::<63>(x))
    }};
}

compress_fn!(
    /// F with AVX2; same contract as [`super::compress`].
    #[target_feature(enable = "avx2")]
    compress,
    ror_avx2,
    |rot| {
        // The byte shuffles of the rotations, hidden from the optimiser: as constants LLVM folds
        // them into the neighbouring permutes and distributes them over the XORs, which doubles the
        // shuffles on the critical path.
        black_box(Rot {
            r32: _mm256_setr_epi8(
                4, 5, 6, 7, 0, 1, 2, 3, 12, 13, 14, 15, 8, 9, 10, 11, //
                4, 5, 6, 7, 0, 1, 2, 3, 12, 13, 14, 15, 8, 9, 10, 11,
            ),
            r24: _mm256_setr_epi8(
                3, 4, 5, 6, 7, 0, 1, 2, 11, 12, 13, 14, 15, 8, 9, 10, //
                3, 4, 5, 6, 7, 0, 1, 2, 11, 12, 13, 14, 15, 8, 9, 10,
            ),
            r16: _mm256_setr_epi8(
                2, 3, 4, 5, 6, 7, 0, 1, 10, 11, 12, 13, 14, 15, 8, 9, //
                2, 3, 4, 5, 6, 7, 0, 1, 10, 11, 12, 13, 14, 15, 8, 9,
            ),
        })
    }
);
