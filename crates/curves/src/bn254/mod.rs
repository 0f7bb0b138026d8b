//! BN254 (alt_bn128), the curve of EIP-196/197: the base field ([`fp`], four limbs), the tower
//! over it (the shared [`crate::fp2`], [`crate::fp6`], [`crate::fp12`] with `xi = 9 + u`), G1
//! ([`g1`]) and the D-type twist G2 ([`g2`], with its psi subgroup check), G1 scalar
//! multiplication by GLV and wNAF ([`glv`]), the optimal ate Miller loop ([`miller`]) and the
//! final exponentiation ([`final_exp`]). Variable time throughout: every input of a
//! precompile is public, so no secret reaches this code.

pub mod final_exp;
pub mod fp;
pub mod g1;
pub mod g2;
pub mod glv;
pub mod miller;

/// An element of BN254's base field (Montgomery form, four limbs).
pub type Fp = crate::field::Fp<fp::Bn254Fp, 4>;
/// `Fp2 = Fp[u] / (u^2 + 1)`.
pub type Fp2 = crate::fp2::Fp2<Fp>;
/// `Fp6 = Fp2[v] / (v^3 - (9 + u))`.
pub type Fp6 = crate::fp6::Fp6<Fp>;
/// `Fp12 = Fp6[w] / (w^2 - v)`, where pairing values live.
pub type Fp12 = crate::fp12::Fp12<Fp>;
/// A compressed element of the cyclotomic subgroup of [`Fp12`].
pub type CompressedCyclotomic = crate::cyclotomic::CompressedCyclotomic<Fp>;

#[cfg(test)]
mod tests;
