//! F with AVX-512VL: every rotation is one `vprorq` (one cycle off each half-round's critical
//! path, the rotation by 63).
#![allow(unsafe_code)]

// The shared macros (`compress_fn!`, `round!`, ...) expand here: their intrinsics and constants
// resolve in this module.
use core::arch::x86_64::*;

use crate::blake2f::{IV, SIGMA};

/// Rotation right of every lane with AVX-512VL's `vprorq` (one cycle for every amount).
macro_rules! ror_avx512 {
    ($rot:ident, $x:expr, $n:literal) => {
        _mm256_ror_epi64::<$n>($x)
    };
}

compress_fn!(
    /// F with AVX-512VL rotations; same contract as [`super::compress`].
    #[target_feature(enable = "avx2,avx512f,avx512vl")]
    compress,
    ror_avx512,
    |_rot| {}
);
