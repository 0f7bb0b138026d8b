//! BN254 G1 scalar multiplication (ECMUL's) with the GLV endomorphism and width-5 wNAF.
//!
//! BN254's G1 has the endomorphism `phi(x, y) = (beta x, y)` with `beta^3 = 1` in Fp, acting
//! as multiplication by `lambda` (`lambda^3 = 1` mod r). A scalar `k` (reduced mod r) is split
//! as `k = k1 + k2 lambda mod r` with `|k1|, |k2| < 2^128` (Babai rounding against a reduced
//! lattice basis of `{(a, b) : a + b lambda = 0 mod r}`), and `[k]P = [k1]P + [k2]phi(P)` is
//! evaluated with one shared chain of about 128 doublings. Variable time: the scalar is
//! public in a precompile call.

use super::g1::{G1Affine, G1Jacobian};
use super::Fp;
use crate::curve::batch_to_affine;
use uint256::U256;

/// The group order r.
pub const R: U256 = U256::from_limbs([
    0x43e1f593f0000001,
    0x2833e84879b97091,
    0xb85045b68181585d,
    0x30644e72e131a029,
]);

/// beta, a primitive cube root of unity in Fp with `(beta x, y) = [lambda](x, y)`.
pub const BETA: Fp = Fp::from_canonical_limbs([
    0x5763473177fffffe,
    0xd4f263f1acdb5c4f,
    0x59e26bcea0d48bac,
    0,
]);

/// lambda, the eigenvalue of `phi` on G1 (`lambda^2 + lambda + 1 = 0` mod r).
pub const LAMBDA: U256 = U256::from_limbs([
    0x8b17ea66b99c90dd,
    0x5bfc41088d8daaa7,
    0xb3c4d79d41a91758,
    0,
]);

// The reduced basis v1 = (A1, -B1_NEG), v2 = (A2, B2) of the lattice (determinant r).
const A1: U256 = U256::from_limbs([0x89d3256894d213e3, 0, 0, 0]);
const B1_NEG: U256 = U256::from_limbs([0x8211bbeb7d4f1128, 0x6f4d8248eeb859fc, 0, 0]);
const A2: U256 = U256::from_limbs([0x0be4e1541221250b, 0x6f4d8248eeb859fd, 0, 0]);
const B2: U256 = U256::from_limbs([0x89d3256894d213e3, 0, 0, 0]);
// floor(2^256 * B2 / r) and floor(2^256 * B1_NEG / r): c_i = floor(k * G_i / 2^256).
const G1: U256 = U256::from_limbs([0xd91d232ec7e0b3d7, 0x2, 0, 0]);
const G2: U256 = U256::from_limbs([0x7a7bd9d4391eb18d, 0x4ccef014a773d2cf, 0x2, 0]);

/// A signed scalar half: `(negative, magnitude)`.
pub type Half = (bool, u128);

/// `k mod r` for any 256-bit `k` (at most five subtractions: `2^256 / r < 6`).
#[inline]
pub fn reduce_scalar(mut k: U256) -> U256 {
    while k >= R {
        k = k.wrapping_sub(R);
    }
    k
}

/// Splits any 256-bit `k` (reduced mod r first) into `(k1, k2)` with
/// `k = k1 + k2 * lambda (mod r)` and both magnitudes below 2^127.
pub fn decompose(k: U256) -> (Half, Half) {
    let k = reduce_scalar(k);
    let c1 = k.widening_mul(G1).1;
    let c2 = k.widening_mul(G2).1;
    // k1 = k - c1 a1 - c2 a2, k2 = c1 (-b1) - c2 b2, exact as signed values below 2^128 in
    // magnitude, so wrapping 256-bit arithmetic gives them in two's complement.
    let k1 = k
        .wrapping_sub(c1.wrapping_mul(A1))
        .wrapping_sub(c2.wrapping_mul(A2));
    let k2 = c1.wrapping_mul(B1_NEG).wrapping_sub(c2.wrapping_mul(B2));
    (signed_half(k1), signed_half(k2))
}

/// A two's-complement 256-bit value of magnitude below 2^128 as `(negative, magnitude)`.
#[inline]
fn signed_half(v: U256) -> Half {
    if v.is_negative() {
        (true, v.wrapping_neg().low_u128())
    } else {
        (false, v.low_u128())
    }
}

/// The window width of the wNAF digits (odd digits in `[-15, 15]`).
const WINDOW: u32 = 5;
/// Odd multiples `P, 3P, .., 15P` in the table.
const TABLE: usize = 1 << (WINDOW - 2);
/// Digits of a magnitude below 2^128 (one more than its bit length, at most).
const MAX_DIGITS: usize = 130;

/// The width-5 NAF of `k` (digits little-endian, each zero or odd in `[-15, 15]`, no two
/// non-zero within 5 positions) and its length.
fn wnaf(mut k: u128) -> ([i8; MAX_DIGITS], usize) {
    let mut digits = [0i8; MAX_DIGITS];
    let mut len = 0;
    let modulus = 1i32 << WINDOW;
    while k != 0 {
        if k & 1 == 1 {
            let mut d = (k % modulus as u128) as i32;
            if d >= modulus / 2 {
                d -= modulus;
            }
            digits[len] = d as i8;
            // k < 2^127 + 16 here: adding up to 15 never overflows.
            k = if d < 0 {
                k + (-d) as u128
            } else {
                k - d as u128
            };
        }
        k >>= 1;
        len += 1;
    }
    (digits, len)
}

/// `[k]p` for any 256-bit `k` (taken modulo r, which does not change the result since
/// `[r]p = O` on G1).
pub fn mul_scalar(p: &G1Affine, k: U256) -> G1Jacobian {
    if p.infinity {
        return G1Jacobian::INFINITY;
    }
    let ((neg1, k1), (neg2, k2)) = decompose(k);
    if k1 == 0 && k2 == 0 {
        return G1Jacobian::INFINITY;
    }
    // Odd multiples P, 3P, .., 15P, made affine with one inversion so that every addition of
    // the main loop is a mixed one.
    let pj = G1Jacobian::from(*p);
    let two_p = pj.double();
    let mut jac = [pj; TABLE];
    for i in 1..TABLE {
        jac[i] = jac[i - 1].add(&two_p);
    }
    let table = batch_to_affine(&jac);
    let table_phi = table.map(|t| G1Affine { x: t.x * BETA, ..t });
    let (d1, l1) = wnaf(k1);
    let (d2, l2) = wnaf(k2);
    let mut acc = G1Jacobian::INFINITY;
    for i in (0..l1.max(l2)).rev() {
        acc = acc.double();
        let d = d1[i];
        if d != 0 {
            let t = table[(d.unsigned_abs() / 2) as usize];
            acc = acc.add_mixed(&if (d < 0) != neg1 { t.neg() } else { t });
        }
        let d = d2[i];
        if d != 0 {
            let t = table_phi[(d.unsigned_abs() / 2) as usize];
            acc = acc.add_mixed(&if (d < 0) != neg2 { t.neg() } else { t });
        }
    }
    acc
}
