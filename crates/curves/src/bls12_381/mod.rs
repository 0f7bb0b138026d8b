//! BLS12-381, the curve of EIP-2537 and EIP-4844: the base field ([`fp`], six limbs), the
//! tower over it (the shared [`crate::fp2`], [`crate::fp6`], [`crate::fp12`] with
//! `xi = 1 + u`), G1 ([`g1`]) and the M-type twist G2 ([`g2`]), and the optimal ate pairing
//! ([`pairing`]). Variable time throughout: for public inputs only.

pub mod fp;
pub mod g1;
pub mod g2;
pub mod glv;
pub mod map;
pub mod msm;
pub mod pairing;

/// An element of BLS12-381's base field (Montgomery form, six limbs; blst's `blst_fp` layout).
pub type Fp = crate::field::Fp<fp::Bls12Fp, 6>;
/// `Fp2 = Fp[u] / (u^2 + 1)`.
pub type Fp2 = crate::fp2::Fp2<Fp>;
/// `Fp6 = Fp2[v] / (v^3 - (1 + u))`.
pub type Fp6 = crate::fp6::Fp6<Fp>;
/// `Fp12 = Fp6[w] / (w^2 - v)`, where pairing values live.
pub type Fp12 = crate::fp12::Fp12<Fp>;

#[cfg(test)]
mod tests;
