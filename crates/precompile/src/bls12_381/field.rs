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
pub(super) const P: [u64; 6] = {
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
    /// The canonical representative (`< p`) of any 384-bit value.
    fn reduce(&self) -> Self;
}

/// `2^384 < REDUCE_STEPS * p`: that many subtractions of p reduce any six limbs.
const REDUCE_STEPS: usize = 10;

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
    #[inline]
    fn reduce(&self) -> Self {
        let mut l = self.l;
        // `sub_mod(l, p, p)` is `l - p` when `l >= p`, else `l` (no branch).
        for _ in 0..REDUCE_STEPS {
            l = montgomery::portable::sub_mod(&l, &P, &P);
        }
        blst_fp { l }
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
    #[inline]
    fn reduce(&self) -> Self {
        blst_fp2 {
            fp: [self.fp[0].reduce(), self.fp[1].reduce()],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bound behind [`REDUCE_STEPS`], and reduction of `x + k p` for every `k` that fits.
    #[test]
    fn reduce_any_384_bits() {
        let big = |l: &[u64; 6]| {
            num_bigint::BigUint::from_slice(&l.map(|x| [x as u32, (x >> 32) as u32]).concat())
        };
        let p = big(&P);
        assert!(num_bigint::BigUint::from(1u8) << 384u32 <= &p * REDUCE_STEPS);
        let x = blst_fp {
            l: [7, 0, 0, 0, 0, 1],
        };
        let mut y = x;
        loop {
            assert_eq!(y.reduce(), x);
            let (sum, carry) = (0..6).fold(([0u64; 6], false), |(mut s, c), i| {
                let (a, c1) = y.l[i].overflowing_add(P[i]);
                let (a, c2) = a.overflowing_add(c as u64);
                s[i] = a;
                (s, c1 || c2)
            });
            if carry {
                break;
            }
            y = blst_fp { l: sum };
        }
        assert_eq!(blst_fp { l: P }.reduce(), blst_fp::default());
        assert_eq!(blst_fp { l: [u64::MAX; 6] }.reduce().l, {
            let m = (num_bigint::BigUint::from(1u8) << 384u32) - 1u8;
            let r = m % &p;
            let mut l = [0u64; 6];
            for (i, d) in r.to_u64_digits().into_iter().enumerate() {
                l[i] = d;
            }
            l
        });
    }
}
