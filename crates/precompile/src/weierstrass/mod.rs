//! What the two ECDSA precompiles' own curve arithmetic shares (ECRECOVER on secp256k1,
//! [`crate::ecrecover::native`]; P256VERIFY on secp256r1, [`crate::secp256r1::native`]): the
//! wNAF digits of a scalar ([`wnaf`]), big-endian conversions of 256-bit integers, and the
//! few operations on ECDSA scalars modulo a 4-limb group order on the shared Montgomery kernel.
//! The field arithmetic and the point formulas stay with each curve: secp256k1's field has the
//! pseudo-Mersenne reduction and `a = 0`, secp256r1's the Montgomery form and `a = -3`.

pub mod wnaf;

use limbs::add::sub4;
use montgomery::Modulus;

/// The little-endian limbs of the big-endian 32 bytes `be`.
pub(crate) const fn limbs_from_be(be: &[u8; 32]) -> [u64; 4] {
    let mut l = [0u64; 4];
    let mut i = 0;
    while i < 32 {
        l[3 - i / 8] |= (be[i] as u64) << (8 * (7 - i % 8));
        i += 1;
    }
    l
}

/// The big-endian 32 bytes of the little-endian limbs `l`.
pub(crate) fn limbs_to_be(l: &[u64; 4]) -> [u8; 32] {
    let mut be = [0u8; 32];
    for (i, limb) in l.iter().enumerate() {
        be[24 - 8 * i..32 - 8 * i].copy_from_slice(&limb.to_be_bytes());
    }
    be
}

/// `a < b` as 256-bit integers.
pub(crate) const fn lt(a: &[u64; 4], b: &[u64; 4]) -> bool {
    sub4(a, b).1
}

/// Scalars of an ECDSA group: integers modulo the group order `n` (odd, `2^255 < n < 2^256`),
/// as plain little-endian limbs. A handful of operations per signature, so they run on the
/// generic Montgomery kernel with conversions rather than in Montgomery form.
pub(crate) mod scalar {
    use super::{limbs_from_be, lt, sub4, Modulus};

    /// The big-endian `be` as limbs when it is below `n`, else `None`.
    pub(crate) fn from_be_bytes(be: &[u8; 32], n: &Modulus<4>) -> Option<[u64; 4]> {
        let l = limbs_from_be(be);
        lt(&l, n.p()).then_some(l)
    }

    /// The big-endian `be` reduced modulo `n` (one subtraction suffices: `2^256 < 2n`).
    pub(crate) fn reduce_be_bytes(be: &[u8; 32], n: &Modulus<4>) -> [u64; 4] {
        let l = limbs_from_be(be);
        if lt(&l, n.p()) {
            l
        } else {
            sub4(&l, n.p()).0
        }
    }

    /// `a b mod n` for `a, b < n`: the Montgomery product, then the product with `R^2` to
    /// undo `R^-1`.
    pub(crate) fn mul(a: &[u64; 4], b: &[u64; 4], n: &Modulus<4>) -> [u64; 4] {
        let abr = montgomery::mul(a, b, n);
        montgomery::mul(&abr, n.r2(), n)
    }

    /// `a^-1 mod n` (safegcd, variable time: public values only), or `None` for 0.
    pub(crate) fn invert(a: &[u64; 4], n: &Modulus<4>) -> Option<[u64; 4]> {
        montgomery::inverse_vartime(a, n)
    }
}

/// A base field's product and square, chosen once per top-level operation
/// (`with_kernel!`: one CPU-feature check per recovery or verification, not one per
/// product): the generated assembly behind the [`montgomery::asm::Adx`] token (proof that the
/// CPU has BMI2 and ADX) on x86_64, else [`Portable`]. Both give the same values (tested).
pub trait Kernel<F>: Copy {
    /// `a b`.
    fn mul(self, a: &F, b: &F) -> F;
    /// `a^2`.
    fn square(self, a: &F) -> F;
}

/// The portable kernel: plain Rust products, any target.
#[derive(Clone, Copy, Debug)]
pub struct Portable;

/// Evaluates `$body` with `$k` bound to the fastest [`Kernel`] of this CPU: the
/// [`montgomery::asm::Adx`] token when [`montgomery::asm::Adx::detect`] finds BMI2 and ADX
/// (x86_64), else [`Portable`]. `$body` is compiled for both.
macro_rules! with_kernel {
    ($k:ident => $body:expr) => {{
        #[cfg(target_arch = "x86_64")]
        let adx = montgomery::asm::Adx::detect();
        #[cfg(not(target_arch = "x86_64"))]
        let adx: Option<$crate::weierstrass::Portable> = None;
        match adx {
            Some($k) => $body,
            None => {
                let $k = $crate::weierstrass::Portable;
                $body
            }
        }
    }};
}
pub(crate) use with_kernel;

/// Implements [`Kernel`] for a field tuple struct `$fe` (with inherent `mul_portable` and
/// `square_portable`, and limbs in `.0`) on [`Portable`] and, on x86_64, on the
/// [`montgomery::asm::Adx`] token with its methods `$mul` and `$square` (the field's generated
/// assembly).
macro_rules! impl_kernel {
    ($fe:ident, $mul:ident, $square:ident) => {
        impl $crate::weierstrass::Kernel<$fe> for $crate::weierstrass::Portable {
            #[inline(always)]
            fn mul(self, a: &$fe, b: &$fe) -> $fe {
                a.mul_portable(b)
            }

            #[inline(always)]
            fn square(self, a: &$fe) -> $fe {
                a.square_portable()
            }
        }

        #[cfg(target_arch = "x86_64")]
        impl $crate::weierstrass::Kernel<$fe> for montgomery::asm::Adx {
            #[inline(always)]
            fn mul(self, a: &$fe, b: &$fe) -> $fe {
                $fe(self.$mul(&a.0, &b.0))
            }

            #[inline(always)]
            fn square(self, a: &$fe) -> $fe {
                $fe(self.$square(&a.0))
            }
        }
    };
}
pub(crate) use impl_kernel;

/// What the shared point types need of a curve's base field.
pub trait Field: Copy {
    /// 0.
    const ZERO: Self;
    /// 1.
    const ONE: Self;
    /// `-self`.
    fn negate(&self) -> Self;
}

/// Implements [`Field`] for a field type with inherent `ZERO`, `ONE` and `neg`.
macro_rules! impl_field {
    ($fe:ty) => {
        impl $crate::weierstrass::Field for $fe {
            const ZERO: $fe = <$fe>::ZERO;
            const ONE: $fe = <$fe>::ONE;

            #[inline]
            fn negate(&self) -> $fe {
                self.neg()
            }
        }
    };
}
pub(crate) use impl_field;

/// An affine point (never the point at infinity) over the field `F`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Affine<F> {
    /// x.
    pub x: F,
    /// y.
    pub y: F,
}

/// A point in Jacobian coordinates `(X, Y, Z)`, standing for `(X / Z^2, Y / Z^3)`, or the
/// point at infinity (`inf`, other fields unused).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Jacobian<F> {
    /// X.
    pub x: F,
    /// Y.
    pub y: F,
    /// Z (nonzero unless `inf`).
    pub z: F,
    /// Whether this is the point at infinity.
    pub inf: bool,
}

impl<F: Field> core::ops::Neg for Affine<F> {
    type Output = Affine<F>;

    /// `-self`.
    #[inline]
    fn neg(self) -> Affine<F> {
        Affine {
            x: self.x,
            y: self.y.negate(),
        }
    }
}

impl<F: Field> Jacobian<F> {
    /// The point at infinity.
    pub const INFINITY: Jacobian<F> = Jacobian {
        x: F::ZERO,
        y: F::ONE,
        z: F::ZERO,
        inf: true,
    };

    /// `(x, y, 1)`.
    #[inline]
    pub fn from_affine(a: &Affine<F>) -> Jacobian<F> {
        Jacobian {
            x: a.x,
            y: a.y,
            z: F::ONE,
            inf: false,
        }
    }
}
