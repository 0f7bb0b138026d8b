//! Scalars modulo the secp256r1 group order `n` (plain little-endian limbs, `< n`): the three
//! products and one inversion of a verification, on the shared kernel
//! (`crate::weierstrass::scalar`).

use crate::weierstrass::scalar as ecdsa;
use montgomery::Modulus;

/// `n`, little-endian limbs.
pub const N: [u64; 4] = [
    0xf3b9_cac2_fc63_2551,
    0xbce6_faad_a717_9e84,
    0xffff_ffff_ffff_ffff,
    0xffff_ffff_0000_0000,
];

/// `n` for the kernel.
const MODULUS: Modulus<4> = Modulus::new(N);

/// A scalar `< n` (little-endian limbs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scalar(pub(crate) [u64; 4]);

impl Scalar {
    /// The scalar of the big-endian 32 bytes `be`, or `None` when they are `>= n`.
    pub fn from_be_bytes(be: &[u8; 32]) -> Option<Scalar> {
        ecdsa::from_be_bytes(be, &MODULUS).map(Scalar)
    }

    /// The big-endian 32 bytes `be` reduced modulo `n` (ECDSA's `e` of a 256-bit hash).
    pub fn reduce_be_bytes(be: &[u8; 32]) -> Scalar {
        Scalar(ecdsa::reduce_be_bytes(be, &MODULUS))
    }

    /// The little-endian limbs (`< n`).
    pub fn limbs(&self) -> &[u64; 4] {
        &self.0
    }

    /// `self b mod n`.
    pub fn mul(&self, b: &Scalar) -> Scalar {
        Scalar(ecdsa::mul(&self.0, &b.0, &MODULUS))
    }

    /// `self^-1 mod n` (variable time), or `None` for 0.
    pub fn invert(&self) -> Option<Scalar> {
        ecdsa::invert(&self.0, &MODULUS).map(Scalar)
    }
}
