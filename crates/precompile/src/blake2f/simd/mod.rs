//! The compression function F with 256-bit SIMD: the 4 × 4 state held as four 256-bit rows, one
//! `G` per 64-bit lane, so each half-round is a single vectorised `G`. The rounds are written once
//! here (macros) and compiled twice: `avx2.rs` (rotations by byte shuffles) and `avx512.rs`
//! (AVX-512VL's `vprorq`); this file also picks between them at run time.
//!
//! Design notes:
//! - Diagonalisation rotates rows `a`, `c` and `d` and leaves `b` in place: `b` is the last value
//!   a half-round produces, so not permuting it keeps the lane-crossing permutes (3-cycle latency)
//!   off the critical path. The diagonal message vectors are ordered to match (lane `j` holds the
//!   diagonal through `v[4 + j]`).
//! - The message schedule has period 10, so from 20 rounds on the 40 message vectors of one
//!   period are gathered once per call; each round then only loads them, which keeps the shuffle
//!   port free for the rotations and permutes. Fewer rounds gather each round's vectors as they go,
//!   from fixed offsets (the schedule unrolled to compile-time constants).
//! - Each `G` step is `x = (old ^ new) >>> n` with `new` just computed on the round's critical
//!   path. With AVX2 the rotations by 32, 24 and 16 are single byte shuffles (masks hidden from
//!   LLVM, which otherwise distributes them over the XORs) and the rotation by 63 is
//!   `(x + x) | (x >> 63)`. On CPUs with AVX-512VL the same code is compiled a second time where
//!   the rotation by 32 is `vpshufd` (one cycle; `vprorq` takes two on Zen 4) and the others are
//!   `(old >>> n) ^ (new >> n) ^ (new << (64 - n))`: the rotation of `old` off the critical
//!   path, two shifts and one `vpternlogq` on it (two cycles, against three for the XOR and a
//!   rotation): 24 cycles a round on that path instead of 30.
#![allow(unsafe_code)]

/// A SIMD implementation of F.
#[derive(Clone, Copy, Debug)]
pub(super) enum Backend {
    /// AVX2 with AVX-512VL rotations (`vprorq`).
    Avx512,
    /// AVX2 only.
    Avx2,
}

/// Runs F with the fastest SIMD backend the CPU has (detected at run time; std caches the
/// detection) and returns `true`; returns `false` without touching `h` when there is none.
///
/// AVX-512VL, where present, is used for every round count: with the schedule unrolled to
/// constants it is faster than plain AVX2 already at 12 rounds (PERF.md).
#[inline]
pub(super) fn compress(rounds: u32, h: &mut [u64; 8], m: &[u64; 16], t: [u64; 2], f: bool) -> bool {
    compress_with(Backend::Avx512, rounds, h, m, t, f)
        || compress_with(Backend::Avx2, rounds, h, m, t, f)
}

/// Runs F with `backend` if the CPU supports it and returns `true`; returns `false` without
/// touching `h` otherwise.
#[inline]
pub(super) fn compress_with(
    backend: Backend,
    rounds: u32,
    h: &mut [u64; 8],
    m: &[u64; 16],
    t: [u64; 2],
    f: bool,
) -> bool {
    match backend {
        Backend::Avx512 => {
            if !(std::is_x86_feature_detected!("avx2")
                && std::is_x86_feature_detected!("avx512f")
                && std::is_x86_feature_detected!("avx512vl"))
            {
                return false;
            }
            // SAFETY: AVX2, AVX-512F and AVX-512VL were detected at run time by
            // is_x86_feature_detected!
            unsafe { avx512::compress(rounds, h, m, t, f) };
        }
        Backend::Avx2 => {
            if !std::is_x86_feature_detected!("avx2") {
                return false;
            }
            // SAFETY: AVX2 was detected at run time by is_x86_feature_detected!
            unsafe { avx2::compress(rounds, h, m, t, f) };
        }
    }
    true
}

/// `[a, b, c, d]` as a vector (lane 0 first).
macro_rules! set {
    ($a:expr, $b:expr, $c:expr, $d:expr) => {
        _mm256_setr_epi64x($a as i64, $b as i64, $c as i64, $d as i64)
    };
}

/// `[a, b, c, d]` from four words in memory: broadcasts (load ports only) blended together, which
/// keeps the gather off the shuffle port that the rotations and permutes need.
macro_rules! gather {
    ($a:expr, $b:expr, $c:expr, $d:expr) => {{
        let ab = _mm256_blend_epi32::<0b1100_1100>(
            _mm256_set1_epi64x($a as i64),
            _mm256_set1_epi64x($b as i64),
        );
        let cd = _mm256_blend_epi32::<0b1100_1100>(
            _mm256_set1_epi64x($c as i64),
            _mm256_set1_epi64x($d as i64),
        );
        _mm256_blend_epi32::<0b1111_0000>(ab, cd)
    }};
}

/// The four message vectors of the round with schedule `$s` (column `x`, column `y`, diagonal
/// `x`, diagonal `y`). Lane `j` of the diagonal step holds the diagonal through `v[4 + j]`, i.e.
/// the `G`s 3, 0, 1, 2 of RFC 7693's diagonal step.
macro_rules! round_msg {
    ($m:expr, $s:expr) => {{
        let (m, s): (&[u64; 16], &[usize; 16]) = ($m, $s);
        [
            gather!(m[s[0]], m[s[2]], m[s[4]], m[s[6]]),
            gather!(m[s[1]], m[s[3]], m[s[5]], m[s[7]]),
            gather!(m[s[14]], m[s[8]], m[s[10]], m[s[12]]),
            gather!(m[s[15]], m[s[9]], m[s[11]], m[s[13]]),
        ]
    }};
}

/// One round on the rows `$a..$d` with the message vectors `$msg` (see [`round_msg!`]).
macro_rules! round {
    ($ror:ident, $rot:ident, $a:ident, $b:ident, $c:ident, $d:ident, $msg:expr) => {{
        let msg: &[__m256i; 4] = $msg;
        // Half of `G` (rotations 32 and 24) on every lane.
        macro_rules! g1 {
            ($x:expr) => {
                $a = _mm256_add_epi64(_mm256_add_epi64($a, $x), $b);
                $d = $ror!($rot, $d, $a, 32);
                $c = _mm256_add_epi64($c, $d);
                $b = $ror!($rot, $b, $c, 24);
            };
        }
        // The other half (rotations 16 and 63).
        macro_rules! g2 {
            ($y:expr) => {
                $a = _mm256_add_epi64(_mm256_add_epi64($a, $y), $b);
                $d = $ror!($rot, $d, $a, 16);
                $c = _mm256_add_epi64($c, $d);
                $b = $ror!($rot, $b, $c, 63);
            };
        }
        g1!(msg[0]);
        g2!(msg[1]);
        // a = [v3 v0 v1 v2], c = [v9 v10 v11 v8], d = [v14 v15 v12 v13]; b stays.
        $a = _mm256_permute4x64_epi64::<0b10_01_00_11>($a);
        $c = _mm256_permute4x64_epi64::<0b00_11_10_01>($c);
        $d = _mm256_permute4x64_epi64::<0b01_00_11_10>($d);
        g1!(msg[2]);
        g2!(msg[3]);
        $a = _mm256_permute4x64_epi64::<0b00_11_10_01>($a);
        $c = _mm256_permute4x64_epi64::<0b10_01_00_11>($c);
        $d = _mm256_permute4x64_epi64::<0b01_00_11_10>($d);
    }};
}

/// Rounds `$i` (schedule `SIGMA[$i]`, a compile-time constant) for each listed `$i < $left`.
macro_rules! const_rounds {
    ($ror:ident, $rot:ident, $a:ident, $b:ident, $c:ident, $d:ident, $m:expr, $left:expr; $($i:literal)*) => {
        $(
            if $left > $i {
                round!($ror, $rot, $a, $b, $c, $d, &round_msg!($m, &SIGMA[$i]));
            }
        )*
    };
}

/// Generates a compression function from one rotation macro (the rest is shared).
macro_rules! compress_fn {
    ($(#[$attr:meta])* $name:ident, $ror:ident, |$rot:ident| $rot_init:block) => {
        $(#[$attr])*
        pub(super) fn $name(rounds: u32, h: &mut [u64; 8], m: &[u64; 16], t: [u64; 2], f: bool) {
            // SAFETY: `h` is 8 readable words (64 bytes); unaligned loads have no alignment need.
            let (lo, hi) = unsafe {
                (
                    _mm256_loadu_si256(h.as_ptr().cast()),
                    _mm256_loadu_si256(h.as_ptr().add(4).cast()),
                )
            };
            let (mut a, mut b) = (lo, hi);
            let mut c = set!(IV[0], IV[1], IV[2], IV[3]);
            let v14 = if f { !IV[6] } else { IV[6] };
            let mut d = set!(IV[4] ^ t[0], IV[5] ^ t[1], v14, IV[7]);
            let $rot = $rot_init;
            if rounds >= 20 {
                let sched = [
                    round_msg!(m, &SIGMA[0]),
                    round_msg!(m, &SIGMA[1]),
                    round_msg!(m, &SIGMA[2]),
                    round_msg!(m, &SIGMA[3]),
                    round_msg!(m, &SIGMA[4]),
                    round_msg!(m, &SIGMA[5]),
                    round_msg!(m, &SIGMA[6]),
                    round_msg!(m, &SIGMA[7]),
                    round_msg!(m, &SIGMA[8]),
                    round_msg!(m, &SIGMA[9]),
                ];
                let mut left = rounds;
                while left >= 10 {
                    round!($ror, $rot, a, b, c, d, &sched[0]);
                    round!($ror, $rot, a, b, c, d, &sched[1]);
                    round!($ror, $rot, a, b, c, d, &sched[2]);
                    round!($ror, $rot, a, b, c, d, &sched[3]);
                    round!($ror, $rot, a, b, c, d, &sched[4]);
                    round!($ror, $rot, a, b, c, d, &sched[5]);
                    round!($ror, $rot, a, b, c, d, &sched[6]);
                    round!($ror, $rot, a, b, c, d, &sched[7]);
                    round!($ror, $rot, a, b, c, d, &sched[8]);
                    round!($ror, $rot, a, b, c, d, &sched[9]);
                    left -= 10;
                }
                for msg in &sched[..left as usize] {
                    round!($ror, $rot, a, b, c, d, msg);
                }
            } else {
                // Fewer than 20 rounds: gather each round's message vectors as it comes, with the
                // schedule a compile-time constant so the words are loaded from fixed offsets
                // (a runtime schedule adds a dependent index load per word).
                let mut left = rounds;
                if left >= 10 {
                    const_rounds!($ror, $rot, a, b, c, d, m, left; 0 1 2 3 4 5 6 7 8 9);
                    left -= 10;
                }
                const_rounds!($ror, $rot, a, b, c, d, m, left; 0 1 2 3 4 5 6 7 8 9);
            }
            let lo = _mm256_xor_si256(lo, _mm256_xor_si256(a, c));
            let hi = _mm256_xor_si256(hi, _mm256_xor_si256(b, d));
            // SAFETY: `h` is 8 writable words (64 bytes); unaligned stores have no alignment need.
            unsafe {
                _mm256_storeu_si256(h.as_mut_ptr().cast(), lo);
                _mm256_storeu_si256(h.as_mut_ptr().add(4).cast(), hi);
            }
        }
    };
}

mod avx2;
mod avx512;
