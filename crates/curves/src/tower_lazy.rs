//! Lazy reduction in the tower: products whose `Fp2` parts stay unreduced `2N`-limb values
//! ([`montgomery::mul_wide`]) through the sums and multiplications by `xi` above them, with
//! one Montgomery reduction ([`montgomery::reduce`]) per output coefficient: BLS12-381's
//! `Fp6` product, its sparse product with a line (its [`crate::fp2::TowerField::fp6_mul`]
//! and [`crate::fp2::TowerField::fp6_mul_by_01`]) and the `Fp4` squaring of the cyclotomic
//! squarings ([`fp4_square`]), all for `xi = 1 + u`.
//!
//! The wide values are signed, two's complement on `2N` limbs, and the sums and differences
//! between the products plain wrapping `2N`-limb additions: every intermediate value is a
//! short sum of products of reduced values, each below `p^2` in magnitude (below `4p^2` for
//! Karatsuba's products of sums), and each output coefficient lies in `(-8p^2, 8p^2)`. With
//! three spare bits (`8p < R`) that is inside `(-p R, p R)`, so one addition of `p R` when
//! negative (a mask on the high half) puts it in the kernel's reduction range `[0, p R)`.
//! (Keeping every intermediate value in `[0, p R)` instead, a masked correction after each
//! sum, measured no faster than the reduced formulas: the corrections cost what the saved
//! reductions did.)

use crate::field::{Fp, FpParams};
use crate::fp2::{mul_wide, square_wide, Fp2, TowerField};
use crate::fp6::Fp6;
use crate::kernel::{EachCall, Kernel};
use limbs::add::{adc, sbb};

/// A `2N`-limb value `(lo, hi)`, little-endian limbs, two's complement.
type Wide<const N: usize> = ([u64; N], [u64; N]);

/// An `Fp2` element as two wide values.
pub(crate) type WideFp2<const N: usize> = (Wide<N>, Wide<N>);

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

/// `a + b` on `2N`-limb integers, wrapping.
#[inline(always)]
pub(crate) fn add_wide<const N: usize>(a: &Wide<N>, b: &Wide<N>) -> Wide<N> {
    let (lo, carry) = adc_n(&a.0, &b.0, false);
    (lo, adc_n(&a.1, &b.1, carry).0)
}

/// `a - b` on `2N`-limb integers, wrapping, and whether it borrowed.
#[inline(always)]
pub(crate) fn sub_wide<const N: usize>(a: &Wide<N>, b: &Wide<N>) -> (Wide<N>, bool) {
    let (lo, borrow) = sbb_n(&a.0, &b.0, false);
    let (hi, borrow) = sbb_n(&a.1, &b.1, borrow);
    ((lo, hi), borrow)
}

/// `a` in `[0, p R)` for a signed `a` in `(-p R, p R)`: `a + p R` when negative (the top bit
/// set), selected by a mask.
#[inline(always)]
pub(crate) fn into_range<const N: usize>(a: &Wide<N>, p: &[u64; N]) -> Wide<N> {
    let mask = 0u64.wrapping_sub(a.1[N - 1] >> 63);
    let pm: [u64; N] = core::array::from_fn(|i| p[i] & mask);
    (a.0, adc_n(&a.1, &pm, false).0)
}

/// The reduced value of a wide `Fp2` element whose parts lie in `(-p R, p R)`.
#[inline(always)]
fn reduce<K: Kernel<N>, P: FpParams<N>, const N: usize>(k: K, a: &WideFp2<N>) -> Fp2<Fp<P, N>> {
    let p = P::MODULUS.p();
    let (c0, c1) = (into_range(&a.0, p), into_range(&a.1, p));
    Fp2 {
        c0: Fp::mont(k.reduce(&c0.0, &c0.1, &P::MODULUS)),
        c1: Fp::mont(k.reduce(&c1.0, &c1.1, &P::MODULUS)),
    }
}

/// `a + b` on wide `Fp2` values.
#[inline(always)]
fn add2<const N: usize>(a: &WideFp2<N>, b: &WideFp2<N>) -> WideFp2<N> {
    (add_wide(&a.0, &b.0), add_wide(&a.1, &b.1))
}

/// `a - b` on wide `Fp2` values.
#[inline(always)]
fn sub2<const N: usize>(a: &WideFp2<N>, b: &WideFp2<N>) -> WideFp2<N> {
    (sub_wide(&a.0, &b.0).0, sub_wide(&a.1, &b.1).0)
}

/// `a * xi` on a wide `Fp2` value for `xi = 1 + u`: `(a0 - a1) + (a0 + a1) u`.
#[inline(always)]
fn mul_by_xi<const N: usize>(a: &WideFp2<N>) -> WideFp2<N> {
    (sub_wide(&a.0, &a.1).0, add_wide(&a.0, &a.1))
}

/// Fails to compile for a modulus without the three spare bits (`8p < R`) that keep the
/// output coefficients here inside `(-p R, p R)`.
#[inline(always)]
fn assert_three_spare_bits<P: FpParams<N>, const N: usize>() {
    const { assert!(Fp::<P, N>::P[N - 1] >> 61 == 0, "lazy tower needs 8p < R") }
}

/// `(a + b s)^2 = (a^2 + xi b^2, 2ab)` in `Fp4 = Fp2[s]/(s^2 - xi)` for `xi = 1 + u` and
/// `8p < R`: `a^2 + xi b^2` from the unreduced squares, reduced once (two reductions instead
/// of four and no reduced additions), `2ab` by the lazy `Fp2` product.
#[inline(always)]
pub fn fp4_square<P: FpParams<N>, const N: usize>(
    a: Fp2<Fp<P, N>>,
    b: Fp2<Fp<P, N>>,
) -> (Fp2<Fp<P, N>>, Fp2<Fp<P, N>>)
where
    Fp<P, N>: TowerField,
{
    fp4_square_with(EachCall, a, b)
}

/// [`fp4_square`] on the kernel `k`.
#[inline(always)]
pub(crate) fn fp4_square_with<K: Kernel<N>, P: FpParams<N>, const N: usize>(
    k: K,
    a: Fp2<Fp<P, N>>,
    b: Fp2<Fp<P, N>>,
) -> (Fp2<Fp<P, N>>, Fp2<Fp<P, N>>)
where
    Fp<P, N>: TowerField,
{
    assert_three_spare_bits::<P, N>();
    // Parts of each square in [0, 4p^2).
    let (a2, b2) = (square_wide(k, a), square_wide(k, b));
    // a^2 + xi b^2: parts in (-2p^2, 8p^2) (a^2's second part is below 2p^2).
    (
        reduce(k, &add2(&a2, &mul_by_xi(&b2))),
        crate::fp2::mul_with(k, a, b.double()),
    )
}

/// `a * b` in `Fp6 = Fp2[v] / (v^3 - xi)` for `xi = 1 + u` and `8p < R`, on the kernel `k`:
/// Karatsuba over the three coefficients with the six `Fp2` products left unreduced,
/// combined as signed wide values and reduced once per output coefficient (six reductions
/// instead of twelve).
#[inline(always)]
pub(crate) fn fp6_mul_with<K: Kernel<N>, P: FpParams<N>, const N: usize>(
    k: K,
    a: &Fp6<Fp<P, N>>,
    b: &Fp6<Fp<P, N>>,
) -> Fp6<Fp<P, N>>
where
    Fp<P, N>: TowerField,
{
    assert_three_spare_bits::<P, N>();
    let (a, b) = ([a.c0, a.c1, a.c2], [b.c0, b.c1, b.c2]);
    // Parts of each product in (-p^2, 2p^2).
    let v: [WideFp2<N>; 3] = core::array::from_fn(|i| mul_wide(k, a[i], b[i]));
    // a_i b_j + a_j b_i = (a_i + a_j)(b_i + b_j) - a_i b_i - a_j b_j, parts in (-4p^2, 3p^2)
    // (the sums reduced: the wide product takes inputs below p).
    let cross = |i: usize, j: usize| {
        let s = mul_wide(k, a[i].add(a[j]), b[i].add(b[j]));
        sub2(&sub2(&s, &v[i]), &v[j])
    };
    let (t01, t02, t12) = (cross(0, 1), cross(0, 2), cross(1, 2));
    // t12 is the v^3 = xi part; the outputs' parts lie in (-7p^2, 8p^2).
    Fp6::new(
        reduce(k, &add2(&v[0], &mul_by_xi(&t12))),
        reduce(k, &add2(&t01, &mul_by_xi(&v[2]))),
        reduce(k, &add2(&t02, &v[1])),
    )
}

/// `a * (b0 + b1 v)` in `Fp6` (the sparse product of line evaluation) for `xi = 1 + u` and
/// `8p < R`, on the kernel `k`: five unreduced `Fp2` products, six reductions (ten on
/// reduced products).
#[inline(always)]
pub(crate) fn fp6_mul_by_01_with<K: Kernel<N>, P: FpParams<N>, const N: usize>(
    k: K,
    a: &Fp6<Fp<P, N>>,
    b0: Fp2<Fp<P, N>>,
    b1: Fp2<Fp<P, N>>,
) -> Fp6<Fp<P, N>>
where
    Fp<P, N>: TowerField,
{
    assert_three_spare_bits::<P, N>();
    let v0 = mul_wide(k, a.c0, b0);
    let v1 = mul_wide(k, a.c1, b1);
    let s = mul_wide(k, a.c0.add(a.c1), b0.add(b1));
    let t01 = sub2(&sub2(&s, &v0), &v1);
    // Parts in (-4p^2, 5p^2).
    Fp6::new(
        reduce(k, &add2(&v0, &mul_by_xi(&mul_wide(k, a.c2, b1)))),
        reduce(k, &t01),
        reduce(k, &add2(&mul_wide(k, a.c2, b0), &v1)),
    )
}
