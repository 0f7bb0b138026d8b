//! Fp and Fp2 arithmetic on blst's own representation, for the affine results of the
//! precompiles: a `blst_fp` holds `a * R mod p` with `R = 2^384`, fully reduced, as six
//! little-endian limbs, which is exactly the Montgomery form of the workspace's 6-limb kernel
//! (`montgomery`), so the values pass between the two without conversion.
//!
//! [`Field::inverse`] is variable time (safegcd, [`montgomery::inverse_mont_vartime`]), several
//! times faster than blst's constant-time inversion; every precompile input is public.

use super::blst_ffi::P_BE;
use blst::{blst_fp, blst_fp2};
use montgomery::Modulus;

/// p as six little-endian limbs (from the big-endian bytes, the one copy of p).
const P: [u64; 6] = {
    let mut limbs = [0u64; 6];
    let mut i = 0;
    while i < 48 {
        limbs[5 - i / 8] |= (P_BE[i] as u64) << (8 * (7 - i % 8));
        i += 1;
    }
    limbs
};

/// The kernel's constants for p.
static MODULUS: Modulus<6> = Modulus::new(P);

/// The field operations the affine formulas need, on values below p (blst's outputs and
/// decoded inputs always are).
pub(crate) trait Field: Copy {
    /// `a + b`.
    fn add(&self, b: &Self) -> Self;
    /// `a - b`.
    fn sub(&self, b: &Self) -> Self;
    /// `a * b`.
    fn mul(&self, b: &Self) -> Self;
    /// `a^2`.
    fn square(&self) -> Self;
    /// `1 / a`, or `None` for zero (variable time).
    fn inverse(&self) -> Option<Self>;
    /// Whether `a = 0`.
    fn is_zero(&self) -> bool;
}

impl Field for blst_fp {
    #[inline]
    fn add(&self, b: &Self) -> Self {
        blst_fp {
            l: montgomery::add(&self.l, &b.l, &MODULUS),
        }
    }
    #[inline]
    fn sub(&self, b: &Self) -> Self {
        blst_fp {
            l: montgomery::sub(&self.l, &b.l, &MODULUS),
        }
    }
    #[inline]
    fn mul(&self, b: &Self) -> Self {
        blst_fp {
            l: montgomery::mul(&self.l, &b.l, &MODULUS),
        }
    }
    #[inline]
    fn square(&self) -> Self {
        blst_fp {
            l: montgomery::square(&self.l, &MODULUS),
        }
    }
    #[inline]
    fn inverse(&self) -> Option<Self> {
        montgomery::inverse_mont_vartime(&self.l, &MODULUS).map(|l| blst_fp { l })
    }
    #[inline]
    fn is_zero(&self) -> bool {
        self.l == [0; 6]
    }
}

/// Fp2 = Fp[u] / (u^2 + 1), `fp[0] + fp[1] * u`.
impl Field for blst_fp2 {
    #[inline]
    fn add(&self, b: &Self) -> Self {
        blst_fp2 {
            fp: [self.fp[0].add(&b.fp[0]), self.fp[1].add(&b.fp[1])],
        }
    }
    #[inline]
    fn sub(&self, b: &Self) -> Self {
        blst_fp2 {
            fp: [self.fp[0].sub(&b.fp[0]), self.fp[1].sub(&b.fp[1])],
        }
    }
    #[inline]
    fn mul(&self, b: &Self) -> Self {
        // Karatsuba: (a0 + a1 u)(b0 + b1 u)
        //   = (a0 b0 - a1 b1) + ((a0 + a1)(b0 + b1) - a0 b0 - a1 b1) u.
        let [a0, a1] = &self.fp;
        let [b0, b1] = &b.fp;
        let (t0, t1) = (a0.mul(b0), a1.mul(b1));
        let mid = a0.add(a1).mul(&b0.add(b1));
        blst_fp2 {
            fp: [t0.sub(&t1), mid.sub(&t0).sub(&t1)],
        }
    }
    #[inline]
    fn square(&self) -> Self {
        // (a0 + a1 u)^2 = (a0 + a1)(a0 - a1) + 2 a0 a1 u.
        let [a0, a1] = &self.fp;
        let t = a0.mul(a1);
        blst_fp2 {
            fp: [a0.add(a1).mul(&a0.sub(a1)), t.add(&t)],
        }
    }
    #[inline]
    fn inverse(&self) -> Option<Self> {
        // 1 / (a0 + a1 u) = (a0 - a1 u) / (a0^2 + a1^2): one base-field inversion.
        let [a0, a1] = &self.fp;
        let n = a0.square().add(&a1.square()).inverse()?;
        let zero = blst_fp::default();
        Some(blst_fp2 {
            fp: [a0.mul(&n), zero.sub(&a1.mul(&n))],
        })
    }
    #[inline]
    fn is_zero(&self) -> bool {
        self.fp[0].is_zero() && self.fp[1].is_zero()
    }
}
