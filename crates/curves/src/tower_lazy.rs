//! Lazy reduction in the tower: products whose `Fp2` parts stay unreduced `2N`-limb values
//! ([`montgomery::mul_wide`]) through the sums and multiplications by `xi` above them, with
//! one Montgomery reduction ([`montgomery::reduce`]) per output coefficient. Used where it
//! measured faster than the reduced formulas: the `Fp4` squaring of the cyclotomic squarings
//! ([`fp4_square`], BLS12-381's [`crate::fp2::TowerField::fp4_square`]), and the `mod p R`
//! difference of [`crate::fp2::lazy_mul`]. (Full lazy `Fp6`/`Fp12` products and sparse line
//! products were tried on the 6-limb kernel and measured 1.1-1.6x slower than the reduced
//! Karatsuba on the assembly `Fp2` product: the `2N`-limb sums cost more than the
//! reductions they save.)
//!
//! Every wide value is kept in `[0, p R)`, the kernel's reduction range, by adding or
//! subtracting `p R` (a mask, not a branch: the signs are data) after each sum or
//! difference; a product of two values below `2p` lands there directly when `4p < R`.

use crate::field::{add_carry, reduce_once, sub_borrow, Fp, FpParams};
use crate::fp2::{Fp2, TowerField};
use limbs::add::{adc, sbb};

/// A `2N`-limb unreduced value `(lo, hi)`, little-endian limbs.
type Wide<const N: usize> = ([u64; N], [u64; N]);

/// An `Fp2` element as two wide values, each in `[0, p R)`.
type WideFp2<const N: usize> = (Wide<N>, Wide<N>);

/// `a + b + carry` on `N` limbs with the carry out. (The `_addcarry_u64` form of
/// [`crate::field::add_carry`] measured slower here, on `2N`-limb values.)
#[inline(always)]
fn adc_n<const N: usize>(a: &[u64; N], b: &[u64; N], carry: bool) -> ([u64; N], bool) {
    let mut r = [0u64; N];
    let mut c = carry;
    for i in 0..N {
        (r[i], c) = adc(a[i], b[i], c);
    }
    (r, c)
}

/// `a - b - borrow` on `N` limbs with the borrow out.
#[inline(always)]
fn sbb_n<const N: usize>(a: &[u64; N], b: &[u64; N], borrow: bool) -> ([u64; N], bool) {
    let mut r = [0u64; N];
    let mut c = borrow;
    for i in 0..N {
        (r[i], c) = sbb(a[i], b[i], c);
    }
    (r, c)
}

/// `a - b` on `2N`-limb integers, wrapping, and whether it borrowed.
#[inline(always)]
pub(crate) fn sub_wide<const N: usize>(a: &Wide<N>, b: &Wide<N>) -> (Wide<N>, bool) {
    let (lo, borrow) = sbb_n(&a.0, &b.0, false);
    let (hi, borrow) = sbb_n(&a.1, &b.1, borrow);
    ((lo, hi), borrow)
}

/// `a - b mod p R` for `a, b` in `[0, p R)`: the wrapped difference plus `p R` when it
/// borrowed, selected by a mask.
#[inline(always)]
pub(crate) fn sub_wide_mod<const N: usize>(a: &Wide<N>, b: &Wide<N>, p: &[u64; N]) -> Wide<N> {
    let (d, borrow) = sub_wide(a, b);
    let mask = 0u64.wrapping_sub(borrow as u64);
    let pm: [u64; N] = core::array::from_fn(|i| p[i] & mask);
    (d.0, adc_n(&d.1, &pm, false).0)
}

/// `a + b mod p R` for `a, b` in `[0, p R)`, `p R < 2^(128N - 1)`.
#[inline(always)]
fn add_wide_mod<const N: usize>(a: &Wide<N>, b: &Wide<N>, p: &[u64; N]) -> Wide<N> {
    let (lo, carry) = adc_n(&a.0, &b.0, false);
    let (hi, _) = adc_n(&a.1, &b.1, carry);
    // The sum is below 2 p R: its high half is below 2p, and at least p exactly when the sum
    // is at least p R.
    (lo, reduce_once(hi, p))
}

/// The unreduced `a^2` for a reduced `a`: `(a0 + a1)(a0 - a1 + p)` and `a0 (2 a1)`, plain
/// products of values below `2p` (so below `4p^2 < p R`).
#[inline(always)]
fn wide_square<P: FpParams<N>, const N: usize>(a: Fp2<Fp<P, N>>) -> WideFp2<N> {
    let (a0, a1) = (&a.c0.0, &a.c1.0);
    let sum = add_carry(a0, a1).0;
    let diff = add_carry(a0, &sub_borrow(P::MODULUS.p(), a1).0).0;
    (
        montgomery::mul_wide(&sum, &diff),
        montgomery::mul_wide(a0, &add_carry(a1, a1).0),
    )
}

/// The reduced value of a wide `Fp2` element.
#[inline(always)]
fn reduce<P: FpParams<N>, const N: usize>(a: &WideFp2<N>) -> Fp2<Fp<P, N>> {
    Fp2 {
        c0: Fp::mont(montgomery::reduce(&a.0 .0, &a.0 .1, &P::MODULUS)),
        c1: Fp::mont(montgomery::reduce(&a.1 .0, &a.1 .1, &P::MODULUS)),
    }
}

/// `(a + b s)^2 = (a^2 + xi b^2, 2ab)` in `Fp4 = Fp2[s]/(s^2 - xi)` for `xi = 1 + u` and
/// `4p < R`: `a^2 + xi b^2` from the unreduced squares, reduced once (two reductions instead
/// of four and no reduced additions).
#[inline(always)]
pub fn fp4_square<P: FpParams<N>, const N: usize>(
    a: Fp2<Fp<P, N>>,
    b: Fp2<Fp<P, N>>,
) -> (Fp2<Fp<P, N>>, Fp2<Fp<P, N>>)
where
    Fp<P, N>: TowerField,
{
    let p = P::MODULUS.p();
    let (a2, b2) = (wide_square::<P, N>(a), wide_square::<P, N>(b));
    // xi b^2 = (b2.0 - b2.1) + (b2.0 + b2.1) u.
    let c0 = (
        add_wide_mod(&a2.0, &sub_wide_mod(&b2.0, &b2.1, p), p),
        add_wide_mod(&a2.1, &add_wide_mod(&b2.0, &b2.1, p), p),
    );
    (reduce::<P, N>(&c0), a.mul(b.double()))
}
