//! `Fp2 = Fp[u] / (u^2 + 1)` over either curve's base field, and [`TowerField`], what a base
//! field supplies to the tower above it (its `Fp2` product and the non-residue `xi` defining
//! `Fp6 = Fp2[v] / (v^3 - xi)`, and the Frobenius constants).
//!
//! [`lazy_mul`] and [`lazy_square`] are the `Fp2` products of both curves: Karatsuba with lazy
//! reduction, the plain `2N`-limb products combined before two Montgomery reductions (instead
//! of three full multiplications), which the two spare bits of both moduli allow.

use crate::field::{add_carry, field_ops, sub_borrow, Field, Fp, FpParams};
use crate::fp6::Fp6;
use crate::kernel::{EachCall, Kernel};
use crate::tower_lazy::{into_range, sub_wide, WideFp2};

/// A base field of the tower: an `Fp` with the `Fp2` products, the non-residue and the
/// Frobenius constants of its curve.
pub trait TowerField: Field {
    /// `a * b` in `Fp2`.
    fn fp2_mul(a: Fp2<Self>, b: Fp2<Self>) -> Fp2<Self>;
    /// `a^2` in `Fp2`.
    fn fp2_square(a: Fp2<Self>) -> Fp2<Self>;
    /// `a * xi`, xi the non-residue defining `Fp6` (BN254: `9 + u`; BLS12-381: `1 + u`).
    fn fp2_mul_by_nonresidue(a: Fp2<Self>) -> Fp2<Self>;
    /// `xi^((p-1) j / 6)` for `j = 1..=5` (index `j - 1`): the factors the p-power Frobenius
    /// puts on `w^j` in `Fp12` (`w^6 = xi`).
    const FROB1: [Fp2<Self>; 5];
    /// `xi^((p^2-1) j / 6)` for `j = 1..=5`, all in `Fp`.
    const FROB2: [Self; 5];
    /// `xi^((p^3-1) j / 6)` for `j = 1..=5`.
    const FROB3: [Fp2<Self>; 5];
    /// `a * b` in `Fp6` (default: Karatsuba on reduced `Fp2` products,
    /// [`crate::fp6::karatsuba_mul`]).
    #[inline]
    fn fp6_mul(a: &Fp6<Self>, b: &Fp6<Self>) -> Fp6<Self> {
        crate::fp6::karatsuba_mul(a, b)
    }
    /// `a * (b0 + b1 v)` in `Fp6`, the sparse product of line evaluation (default: on reduced
    /// `Fp2` products, [`crate::fp6::mul_by_01_reduced`]).
    #[inline]
    fn fp6_mul_by_01(a: &Fp6<Self>, b0: Fp2<Self>, b1: Fp2<Self>) -> Fp6<Self> {
        crate::fp6::mul_by_01_reduced(a, b0, b1)
    }
    /// `(a + b s)^2 = (a^2 + xi b^2, 2ab)` in `Fp4 = Fp2[s]/(s^2 - xi)` (default: on reduced
    /// `Fp2` products), the step of the cyclotomic squarings.
    #[inline(always)]
    fn fp4_square(a: Fp2<Self>, b: Fp2<Self>) -> (Fp2<Self>, Fp2<Self>) {
        (
            a.square().add(b.square().mul_by_nonresidue()),
            a.mul(b.double()),
        )
    }
}

/// An element `c0 + c1 * u` of Fp2.
#[derive(Clone, Copy, PartialEq, Eq, Default, Debug, Hash)]
pub struct Fp2<F> {
    /// The real part.
    pub c0: F,
    /// The coefficient of u.
    pub c1: F,
}

// Inherent `add`/`sub`/`mul`/`neg` (callable without importing the operator traits, which
// delegate to them).
#[allow(clippy::should_implement_trait)]
impl<F: TowerField> Fp2<F> {
    /// Zero.
    pub const ZERO: Self = Fp2::new(F::ZERO, F::ZERO);
    /// One.
    pub const ONE: Self = Fp2::new(F::ONE, F::ZERO);

    /// `c0 + c1 * u`.
    pub const fn new(c0: F, c1: F) -> Self {
        Fp2 { c0, c1 }
    }

    /// Whether `self` is zero.
    #[inline]
    pub fn is_zero(self) -> bool {
        self.c0.is_zero() && self.c1.is_zero()
    }

    /// `self + b`.
    #[inline]
    pub fn add(self, b: Self) -> Self {
        Fp2::new(self.c0 + b.c0, self.c1 + b.c1)
    }

    /// `self - b`.
    #[inline]
    pub fn sub(self, b: Self) -> Self {
        Fp2::new(self.c0 - b.c0, self.c1 - b.c1)
    }

    /// `-self`.
    #[inline]
    pub fn neg(self) -> Self {
        Fp2::new(-self.c0, -self.c1)
    }

    /// `2 * self`.
    #[inline]
    pub fn double(self) -> Self {
        Fp2::new(self.c0.double(), self.c1.double())
    }

    /// `self * b` ([`TowerField::fp2_mul`]).
    #[inline]
    pub fn mul(self, b: Self) -> Self {
        F::fp2_mul(self, b)
    }

    /// `self^2` ([`TowerField::fp2_square`]).
    #[inline]
    pub fn square(self) -> Self {
        F::fp2_square(self)
    }

    /// `self * b` for `b` in Fp.
    #[inline]
    pub fn mul_by_fp(self, b: F) -> Self {
        Fp2::new(self.c0 * b, self.c1 * b)
    }

    /// `self * xi`, the non-residue defining `Fp6 = Fp2[v] / (v^3 - xi)`.
    #[inline]
    pub fn mul_by_nonresidue(self) -> Self {
        F::fp2_mul_by_nonresidue(self)
    }

    /// `c0 - c1 u`, the conjugate (the p-power Frobenius).
    #[inline]
    pub fn conjugate(self) -> Self {
        Fp2::new(self.c0, -self.c1)
    }

    /// `self^(p^power)`: the conjugate for odd `power`, `self` for even.
    #[inline]
    pub fn frobenius_map(self, power: usize) -> Self {
        if power % 2 == 1 {
            self.conjugate()
        } else {
            self
        }
    }

    /// `1 / self` = `conj(self) / (c0^2 + c1^2)`, or `None` for zero.
    #[inline]
    pub fn inverse(self) -> Option<Self> {
        let norm = self.c0.square() + self.c1.square();
        let inv = norm.inverse()?;
        Some(Fp2::new(self.c0 * inv, -(self.c1 * inv)))
    }
}

field_ops!(impl[F: TowerField] Fp2<F>);

impl<F: TowerField> Field for Fp2<F> {
    const ZERO: Self = Self::ZERO;
    const ONE: Self = Self::ONE;
    #[inline(always)]
    fn square(self) -> Self {
        Fp2::square(self)
    }
    #[inline(always)]
    fn double(self) -> Self {
        Fp2::double(self)
    }
    #[inline(always)]
    fn is_zero(self) -> bool {
        Fp2::is_zero(self)
    }
    #[inline(always)]
    fn inverse(self) -> Option<Self> {
        Fp2::inverse(self)
    }
}

/// `Fp2` multiplication for a field on the Montgomery kernel with `4p < R`:
/// `(a0 b0 - a1 b1) + ((a0 + a1)(b0 + b1) - a0 b0 - a1 b1) u`, each part reduced once from
/// its `2N`-limb value.
#[inline(always)]
pub fn lazy_mul<P: FpParams<N>, const N: usize>(
    a: Fp2<Fp<P, N>>,
    b: Fp2<Fp<P, N>>,
) -> Fp2<Fp<P, N>> {
    mul_with(EachCall, a, b)
}

/// [`lazy_mul`] on the kernel `k`.
#[inline(always)]
pub(crate) fn mul_with<K: Kernel<N>, P: FpParams<N>, const N: usize>(
    k: K,
    a: Fp2<Fp<P, N>>,
    b: Fp2<Fp<P, N>>,
) -> Fp2<Fp<P, N>> {
    let (c0, c1) = mul_wide(k, a, b);
    // c1 = a0 b1 + a1 b0 < 2 p^2 < p R is in the reduction range, c0 once made positive.
    reduce_parts(k, &(into_range(&c0, &Fp::<P, N>::P), c1))
}

/// The reduced value of a wide `Fp2` element whose parts lie in `[0, p R)`.
#[inline(always)]
fn reduce_parts<K: Kernel<N>, P: FpParams<N>, const N: usize>(
    k: K,
    (c0, c1): &WideFp2<N>,
) -> Fp2<Fp<P, N>> {
    Fp2 {
        c0: Fp::mont(k.reduce(&c0.0, &c0.1, &P::MODULUS)),
        c1: Fp::mont(k.reduce(&c1.0, &c1.1, &P::MODULUS)),
    }
}

/// The unreduced `a * b` for reduced `a, b` (Karatsuba): the real part `a0 b0 - a1 b1` in
/// `(-p^2, p^2)`, two's complement, the other `a0 b1 + a1 b0` in `[0, 2p^2)`.
#[inline(always)]
pub(crate) fn mul_wide<K: Kernel<N>, P: FpParams<N>, const N: usize>(
    k: K,
    a: Fp2<Fp<P, N>>,
    b: Fp2<Fp<P, N>>,
) -> WideFp2<N> {
    let (a0, a1, b0, b1) = (&a.c0.0, &a.c1.0, &b.c0.0, &b.c1.0);
    let v0 = k.mul_wide(a0, b0);
    let v1 = k.mul_wide(a1, b1);
    // a0 + a1 < 2p < R/2: the plain sums fit N limbs, their product 4p^2 < p R.
    let s = k.mul_wide(&add_carry(a0, a1).0, &add_carry(b0, b1).0);
    let (t, _) = sub_wide(&s, &v0);
    let (c1, _) = sub_wide(&t, &v1);
    (sub_wide(&v0, &v1).0, c1)
}

/// `Fp2` squaring for a field on the Montgomery kernel with `4p < R`:
/// `(a0 + a1)(a0 - a1) + 2 a0 a1 u`, the sums and differences taken as plain integers below
/// 2p (no modular reduction) and each product reduced once.
#[inline(always)]
pub fn lazy_square<P: FpParams<N>, const N: usize>(a: Fp2<Fp<P, N>>) -> Fp2<Fp<P, N>> {
    square_with(EachCall, a)
}

/// [`lazy_square`] on the kernel `k`.
#[inline(always)]
pub(crate) fn square_with<K: Kernel<N>, P: FpParams<N>, const N: usize>(
    k: K,
    a: Fp2<Fp<P, N>>,
) -> Fp2<Fp<P, N>> {
    reduce_parts(k, &square_wide(k, a))
}

/// The unreduced `a^2` for a reduced `a`: `(a0 + a1)(a0 - a1 + p)` and `a0 (2 a1)`, plain
/// products of values below `2p` (so below `4p^2 < p R`).
#[inline(always)]
pub(crate) fn square_wide<K: Kernel<N>, P: FpParams<N>, const N: usize>(
    k: K,
    a: Fp2<Fp<P, N>>,
) -> WideFp2<N> {
    let p = &Fp::<P, N>::P;
    let (a0, a1) = (&a.c0.0, &a.c1.0);
    let sum = add_carry(a0, a1).0;
    let diff = add_carry(a0, &sub_borrow(p, a1).0).0;
    (
        k.mul_wide(&sum, &diff),
        k.mul_wide(a0, &add_carry(a1, a1).0),
    )
}

/// The `Fp2` products of an `impl TowerField` by lazy reduction, [`lazy_mul`] and
/// [`lazy_square`] (both curves' `Fp` leave the spare bits they need): one definition for
/// every tower field.
macro_rules! lazy_fp2_products {
    () => {
        #[inline(always)]
        fn fp2_mul(a: $crate::fp2::Fp2<Self>, b: $crate::fp2::Fp2<Self>) -> $crate::fp2::Fp2<Self> {
            $crate::fp2::lazy_mul(a, b)
        }
        #[inline(always)]
        fn fp2_square(a: $crate::fp2::Fp2<Self>) -> $crate::fp2::Fp2<Self> {
            $crate::fp2::lazy_square(a)
        }
    };
}
pub(crate) use lazy_fp2_products;
