//! Our POINT_EVALUATION verifier: `e(C - [y]G1 + [z]pi, G2) e(-pi, [s]G2) = 1` on blst's field
//! arithmetic, with the Miller-loop lines of both fixed G2 points and a fixed-base table for
//! `[y]G1` precomputed once per process ([`warm_up`]).

use super::{bls_modulus, check_field_elements, KzgResult};
use crate::bls12_381::affine::p1_to_affine;
use crate::bls12_381::blst_ffi::{self, G2Lines, P1FixedBase};
use crate::PrecompileError;
use blst::blst_p1_affine;
use std::sync::OnceLock;

/// `[s]G2` of the Ethereum KZG ceremony's trusted setup, compressed: the second G2 point of the
/// `trusted_setup.txt` that c-kzg bundles (a test checks that valid c-kzg proofs verify with it).
const TAU_G2: [u8; 96] = hex_bytes(
    "b5bfd7dd8cdeb128843bc287230af38926187075cbfbefa81009a2ce615ac53d2914e5870cb452d2afaaab24f3499f72185cbfee53492714734429b7b38608e23926c911cceceac9a36851477ba4c60b087041de621000edc98edada20c1def2",
);

/// The bytes of a lowercase hex string of exactly `2 * N` digits (compile-time constants only:
/// a bad digit or length fails the build).
const fn hex_bytes<const N: usize>(s: &str) -> [u8; N] {
    const fn digit(c: u8) -> u8 {
        match c {
            b'0'..=b'9' => c - b'0',
            b'a'..=b'f' => c - b'a' + 10,
            _ => panic!("not a lowercase hex digit"),
        }
    }
    let s = s.as_bytes();
    assert!(s.len() == 2 * N, "wrong hex length");
    let mut out = [0u8; N];
    let mut i = 0;
    while i < N {
        out[i] = digit(s[2 * i]) << 4 | digit(s[2 * i + 1]);
        i += 1;
    }
    out
}

/// What the check precomputes once per process: the Miller-loop lines of the two fixed G2
/// points and a fixed-base table of the G1 generator (for `[y]G1`).
pub(super) struct Setup {
    pub(super) generator: G2Lines,
    pub(super) tau: G2Lines,
    pub(super) g1: P1FixedBase,
}

/// Built once per process, by [`warm_up`] or else by the first verification.
pub(super) static SETUP: OnceLock<Setup> = OnceLock::new();

/// Builds what the check precomputes (the G1 table's 8,160 points, 783 KB, and the two G2
/// line sets: about 5 ms), if not built yet. [`crate::precompiles`] calls it when it builds the
/// set of a fork with POINT_EVALUATION (once per process, e.g. when a revm provider is made),
/// so that the first call does not pay it; call it at start-up when using [`super::run`] directly.
///
/// Not at compile time: the table would add 783 KB to every binary using the crate (and blst
/// as a build dependency) to save 5 ms once per process.
pub fn warm_up() {
    setup();
}

pub(super) fn setup() -> &'static Setup {
    SETUP.get_or_init(|| {
        let tau = blst_ffi::p2_uncompress(&TAU_G2)
            .filter(blst_ffi::p2_in_g2)
            .expect("the trusted setup's [s]G2 constant is a G2 point");
        Setup {
            generator: G2Lines::new(&blst_ffi::p2_generator()),
            tau: G2Lines::new(&tau),
            g1: P1FixedBase::new(&blst_ffi::p1_generator()),
        }
    })
}

/// A commitment or proof: a valid compressed G1 point, infinity included, in the subgroup (the
/// checks c-kzg makes); [`PrecompileError::KzgInvalidInput`] otherwise.
fn g1_point(bytes: &[u8; 48]) -> Result<blst_p1_affine, PrecompileError> {
    let p = blst_ffi::p1_uncompress(bytes).ok_or(PrecompileError::KzgInvalidInput)?;
    if blst_ffi::p1_is_inf(&p) || blst_ffi::p1_in_g1(&p) {
        Ok(p)
    } else {
        Err(PrecompileError::KzgInvalidInput)
    }
}

/// `(r - x) mod r` as 32 little-endian bytes, for a big-endian `x < r` (r the BLS modulus).
pub(super) fn neg_scalar_le(x: &[u8; 32]) -> [u8; 32] {
    let r = bls_modulus();
    let mut out = [0u8; 32];
    if x.iter().all(|&b| b == 0) {
        return out;
    }
    let mut borrow = 0u16;
    for i in 0..32 {
        let d = u16::from(r[31 - i])
            .wrapping_sub(u16::from(x[31 - i]))
            .wrapping_sub(borrow);
        out[i] = d as u8;
        borrow = (d >> 15) & 1;
    }
    out
}

/// `C - [y]G1 + [z]pi`, as `[r - y]G1` from the fixed-base table plus `[z]pi` by blst's
/// variable-base multiplication plus `C`.
pub(super) fn lhs_point(
    g1: &P1FixedBase,
    c: &blst_p1_affine,
    y: &[u8; 32],
    z: &[u8; 32],
    pi: &blst_p1_affine,
) -> blst_p1_affine {
    let mut z_le = *z;
    z_le.reverse();
    let sum = blst_ffi::p1_add_jacobian(&g1.mult(&neg_scalar_le(y)), &blst_ffi::p1_mult(pi, &z_le));
    p1_to_affine(&blst_ffi::p1_add_mixed(&sum, c))
}

/// Verifies `proof` that the polynomial committed to by `commitment` is `y` at `z` (all in
/// their EIP-4844 encodings) against the mainnet trusted setup. Returns
/// [`PrecompileError::KzgInvalidInput`] when `z` or `y` is not below the BLS modulus or a point
/// is not a valid compressed G1 point in the subgroup, and
/// [`PrecompileError::KzgVerificationFailed`] when the proof does not verify.
pub fn verify_kzg_proof(
    commitment: &[u8; 48],
    z: &[u8; 32],
    y: &[u8; 32],
    proof: &[u8; 48],
) -> KzgResult {
    check_field_elements(z, y)?;
    let c = g1_point(commitment)?;
    let pi = g1_point(proof)?;
    let setup = setup();
    let lhs = lhs_point(&setup.g1, &c, y, z, &pi);
    // e(lhs, G2) == e(pi, [s]G2), as e(lhs, G2) e(-pi, [s]G2) == 1: one Miller loop over both
    // pairs' precomputed lines, one final exponentiation.
    let f = blst_ffi::multi_miller_loop([
        (&setup.generator, &lhs),
        (&setup.tau, &blst_ffi::p1_neg(&pi)),
    ]);
    if blst_ffi::fp12_final_is_one(&f) {
        Ok(())
    } else {
        Err(PrecompileError::KzgVerificationFailed)
    }
}
