//! Pairing-friendly curves on the workspace's Montgomery kernel (`montgomery`): BN254 on four
//! limbs and BLS12-381 on six, with one tower written once for both.
//!
//! - [`field`]: the prime field [`field::Fp`], generic over the limb count and modulus, and the
//!   [`field::Field`] trait the formulas use;
//! - [`fp2`], [`fp6`], [`fp12`]: the tower `Fp2 = Fp[u]/(u^2 + 1)`, `Fp6 = Fp2[v]/(v^3 - xi)`,
//!   `Fp12 = Fp6[w]/(w^2 - v)`, generic over the base field ([`fp2::TowerField`] gives each
//!   curve's `xi` and Frobenius constants); [`tower_lazy`]: their products with lazy reduction
//!   (BLS12-381's); [`cyclotomic`]: squarings in the cyclotomic subgroup;
//! - [`curve`]: short-Weierstrass formulas (Jacobian, mixed addition) over any of the fields;
//! - [`pairing`]: the multi-Miller-loop driver, line products for D- and M-type twists, and the
//!   easy part of the final exponentiation;
//! - [`bn254`], [`bls12_381`]: the curves' constants, groups, loop parameters and hard parts.
//!
//! Variable time throughout (branches and inversions depend on the values): for public
//! inputs such as an EVM precompile's, never for secrets. `no_std` with `alloc` (the Miller
//! loop keeps one state per pair in a `Vec`).
//!
//! ```
//! use curves::bls12_381::{g1, g2, pairing};
//!
//! let (p, q) = (g1::GENERATOR, g2::GENERATOR);
//! let pair = |p: g1::G1Affine| pairing::MillerPair { px: p.x, py: p.y, qx: q.x, qy: q.y };
//! // e(P, Q) * e(-P, Q) = 1, while e(P, Q) alone is not one.
//! assert!(pairing::pairing_check(&[pair(p), pair(p.neg())]));
//! assert!(!pairing::pairing_check(&[pair(p)]));
//! assert!(p.is_on_curve() && p.is_in_subgroup() && q.is_in_subgroup());
//! ```

#![cfg_attr(not(test), no_std)]
#![deny(unsafe_code)]
#![warn(missing_docs)]

extern crate alloc;
// `curves::` paths inside the crate too, so that the tests' blst oracle also builds in the bench.
extern crate self as curves;

pub mod bls12_381;
pub mod bn254;
pub mod curve;
pub mod cyclotomic;
pub mod field;
pub mod fp12;
pub mod fp2;
pub mod fp6;
pub mod inverse;
mod kernel;
pub mod pairing;
pub mod tower_lazy;
