//! The prime fields of the curves: [`Fp`], one generic type over the Montgomery kernel of
//! `montgomery` (`N` little-endian 64-bit limbs, the modulus given by a [`FpParams`] type),
//! so BN254's four-limb field and BLS12-381's six-limb field are the same code; and the
//! [`Field`] trait the curve formulas and the tower are written against.
//!
//! An [`Fp`] holds `a * R mod p` (`R = 2^(64N)`), always fully reduced below p, so the derived
//! equality is field equality. Precompile inputs are public: [`Fp::inverse`],
//! [`Fp::pow_vartime`] and [`Fp::sqrt`] take time that depends on their operands.

use core::fmt;
use core::hash::Hash;
use core::marker::PhantomData;
use core::ops::{Add, Mul, Neg, Sub};
use limbs::add::{adc, sbb};
use montgomery::Modulus;

/// The field operations the curve formulas and the tower need.
pub trait Field:
    Copy
    + PartialEq
    + Eq
    + fmt::Debug
    + Add<Output = Self>
    + Sub<Output = Self>
    + Mul<Output = Self>
    + Neg<Output = Self>
{
    /// Zero.
    const ZERO: Self;
    /// One.
    const ONE: Self;
    /// Whether a product costs about what a square does (a prime field on the Montgomery
    /// kernel; not Fp2, whose product takes three base products and its square two): point
    /// formulas then take one product over a square and three additions.
    const PRODUCT_LIKE_SQUARE: bool = false;
    /// `self^2`.
    fn square(self) -> Self;
    /// `2 self`.
    fn double(self) -> Self;
    /// Whether `self` is zero.
    fn is_zero(self) -> bool;
    /// `1 / self`, `None` for zero.
    fn inverse(self) -> Option<Self>;
}

/// The modulus of a prime field on `N` limbs.
///
/// The field code relies on two spare top bits: `4p < 2^(64N)` (sums of two reduced values
/// never carry out of `N` limbs, and [`crate::fp2`]'s lazy products of sums stay inside the
/// kernel's reduction range); [`FpParams::MODULUS`] must satisfy it (checked at compile time
/// by [`Fp::ONE`]'s evaluation, see `SPARE_BITS`).
pub trait FpParams<const N: usize>:
    'static + Copy + PartialEq + Eq + Default + Hash + fmt::Debug
{
    /// The kernel's constants for p.
    const MODULUS: Modulus<N>;
}

/// An element of the prime field of `P` in Montgomery form (`a * 2^(64N) mod p`, below p).
pub struct Fp<P, const N: usize>(pub(crate) [u64; N], PhantomData<P>);

impl<P, const N: usize> Fp<P, N> {
    /// The element with Montgomery representation `limbs`, which must be below p.
    #[inline(always)]
    pub(crate) const fn mont(limbs: [u64; N]) -> Self {
        Fp(limbs, PhantomData)
    }
}

// Derives would put bounds on `P`; these only need the limbs.
impl<P, const N: usize> Clone for Fp<P, N> {
    #[inline(always)]
    fn clone(&self) -> Self {
        *self
    }
}
impl<P, const N: usize> Copy for Fp<P, N> {}
impl<P, const N: usize> PartialEq for Fp<P, N> {
    #[inline]
    fn eq(&self, o: &Self) -> bool {
        self.0 == o.0
    }
}
impl<P, const N: usize> Eq for Fp<P, N> {}
impl<P, const N: usize> Hash for Fp<P, N> {
    fn hash<H: core::hash::Hasher>(&self, h: &mut H) {
        self.0.hash(h)
    }
}
impl<P: FpParams<N>, const N: usize> Default for Fp<P, N> {
    fn default() -> Self {
        Self::ZERO
    }
}

impl<P: FpParams<N>, const N: usize> fmt::Debug for Fp<P, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Fp(0x")?;
        for l in self.to_canonical_limbs().iter().rev() {
            write!(f, "{l:016x}")?;
        }
        write!(f, ")")
    }
}

/// `a < b` on `N`-limb little-endian integers (const).
pub(crate) const fn lt<const N: usize>(a: &[u64; N], b: &[u64; N]) -> bool {
    let mut i = N;
    while i > 0 {
        i -= 1;
        if a[i] != b[i] {
            return a[i] < b[i];
        }
    }
    false
}

/// Plain `a - b` on `N` limbs, wrapping, with the borrow out (const).
pub(crate) const fn sub_plain<const N: usize>(a: &[u64; N], b: &[u64; N]) -> ([u64; N], bool) {
    let mut r = [0u64; N];
    let mut borrow = false;
    let mut i = 0;
    while i < N {
        (r[i], borrow) = sbb(a[i], b[i], borrow);
        i += 1;
    }
    (r, borrow)
}

/// Plain `a + b` on `N` limbs, wrapping, with the carry out (const).
pub(crate) const fn add_plain<const N: usize>(a: &[u64; N], b: &[u64; N]) -> ([u64; N], bool) {
    let mut r = [0u64; N];
    let mut carry = false;
    let mut i = 0;
    while i < N {
        (r[i], carry) = adc(a[i], b[i], carry);
        i += 1;
    }
    (r, carry)
}

/// [`add_plain`] for run-time use: one `adc` chain on x86-64 (the carry intrinsic keeps LLVM
/// from splitting the chain into `setb`/`or` steps).
#[inline(always)]
pub(crate) fn add_carry<const N: usize>(a: &[u64; N], b: &[u64; N]) -> ([u64; N], bool) {
    #[cfg(target_arch = "x86_64")]
    {
        use core::arch::x86_64::_addcarry_u64;
        let mut r = [0u64; N];
        let mut c = 0;
        for i in 0..N {
            c = _addcarry_u64(c, a[i], b[i], &mut r[i]);
        }
        (r, c != 0)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        add_plain(a, b)
    }
}

/// [`sub_plain`] for run-time use (one `sbb` chain on x86-64, as [`add_carry`]).
#[inline(always)]
pub(crate) fn sub_borrow<const N: usize>(a: &[u64; N], b: &[u64; N]) -> ([u64; N], bool) {
    #[cfg(target_arch = "x86_64")]
    {
        use core::arch::x86_64::_subborrow_u64;
        let mut r = [0u64; N];
        let mut c = 0;
        for i in 0..N {
            c = _subborrow_u64(c, a[i], b[i], &mut r[i]);
        }
        (r, c != 0)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        sub_plain(a, b)
    }
}

/// `s - p` if `s >= p`, else `s` (so `s < 2p` comes out reduced), by a mask rather than a
/// branch: the tower's sums are uniformly distributed, so a branch here mispredicts about
/// half the time. Not `montgomery::add`/`sub`: those keep a carry word and an optimisation
/// barrier for constant time, which the spare bits and public inputs do not need.
#[inline(always)]
pub(crate) fn reduce_once<const N: usize>(s: [u64; N], p: &[u64; N]) -> [u64; N] {
    let (d, borrow) = sub_borrow(&s, p);
    let keep = 0u64.wrapping_sub(borrow as u64);
    core::array::from_fn(|i| d[i] ^ ((s[i] ^ d[i]) & keep))
}

/// `2a mod p` for `a < p < 2^(64N - 1)` (const: builds the constants at compile time).
const fn double_mod<const N: usize>(a: [u64; N], p: &[u64; N]) -> [u64; N] {
    let r = add_plain(&a, &a).0;
    if lt(&r, p) {
        r
    } else {
        sub_plain(&r, p).0
    }
}

// Inherent `add`/`sub`/`mul`/`neg` (callable without importing the operator traits, which
// delegate to them).
#[allow(clippy::should_implement_trait)]
impl<P: FpParams<N>, const N: usize> Fp<P, N> {
    /// p as `N` little-endian limbs.
    pub const P: [u64; N] = *P::MODULUS.p();
    /// Zero.
    pub const ZERO: Self = Fp([0; N], PhantomData);
    /// One (`R mod p` inside).
    pub const ONE: Self = {
        // The spare bits the field code relies on (see `FpParams`): 4p < 2^(64N).
        assert!(Self::P[N - 1] >> 62 == 0, "p needs two spare top bits");
        Fp(*P::MODULUS.one(), PhantomData)
    };
    /// `R^3 mod p`: one Montgomery product with it turns the plain inverse of a Montgomery
    /// form into the Montgomery form of the inverse.
    const R3: [u64; N] = Self::from_canonical_limbs(*P::MODULUS.r2()).0;
    /// `(p + 1) / 4`, the square-root exponent (both curves' p are 3 mod 4).
    const SQRT_EXP: [u64; N] = {
        let (s, _) = add_plain(&Self::P, &{
            let mut one = [0u64; N];
            one[0] = 1;
            one
        });
        let mut r = [0u64; N];
        let mut i = 0;
        while i < N {
            r[i] = s[i] >> 2 | if i + 1 < N { s[i + 1] << 62 } else { 0 };
            i += 1;
        }
        r
    };

    /// The element whose Montgomery representation is `limbs` (little-endian). A value `>= p`
    /// is reduced modulo p first (repeated subtraction), keeping the reduced-form invariant.
    pub const fn from_raw_montgomery(limbs: [u64; N]) -> Self {
        let mut a = limbs;
        while !lt(&a, &Self::P) {
            a = sub_plain(&a, &Self::P).0;
        }
        Fp(a, PhantomData)
    }

    /// The element `limbs mod p` (little-endian canonical value), usable in `const` items.
    /// Slow (`64N` modular doublings): for constants, not hot paths ([`Fp::from_limbs`] is
    /// the fast one).
    pub const fn from_canonical_limbs(limbs: [u64; N]) -> Self {
        let mut a = Self::from_raw_montgomery(limbs).0;
        let mut i = 0;
        while i < 64 * N {
            a = double_mod(a, &Self::P);
            i += 1;
        }
        Fp(a, PhantomData)
    }

    /// The Montgomery representation (little-endian limbs, below p).
    pub const fn to_raw_montgomery(self) -> [u64; N] {
        self.0
    }

    /// The canonical value of `self` as little-endian limbs, below p.
    #[inline]
    pub fn to_canonical_limbs(self) -> [u64; N] {
        montgomery::reduce(&self.0, &[0; N], &P::MODULUS)
    }

    /// The element with canonical value `limbs` (little-endian), or `None` when `limbs >= p`.
    #[inline]
    pub fn from_limbs(limbs: &[u64; N]) -> Option<Self> {
        if !lt(limbs, &Self::P) {
            return None;
        }
        Some(Fp(
            montgomery::mul(limbs, P::MODULUS.r2(), &P::MODULUS),
            PhantomData,
        ))
    }

    /// Decodes a big-endian integer of exactly `8N` bytes; `None` when it is `>= p` or the
    /// length is not `8N`.
    #[inline]
    pub fn from_be_slice(b: &[u8]) -> Option<Self> {
        if b.len() != 8 * N {
            return None;
        }
        let mut l = [0u64; N];
        for (i, limb) in l.iter_mut().enumerate() {
            let off = 8 * (N - 1 - i);
            let mut w = [0u8; 8];
            w.copy_from_slice(&b[off..off + 8]);
            *limb = u64::from_be_bytes(w);
        }
        Self::from_limbs(&l)
    }

    /// Writes the canonical value big-endian into `out[..8N]`; an `out` shorter than `8N`
    /// gets only its first bytes' worth (never a panic).
    #[inline]
    pub fn write_be(self, out: &mut [u8]) {
        let l = self.to_canonical_limbs();
        for (i, chunk) in out.chunks_mut(8).take(N).enumerate() {
            let bytes = l[N - 1 - i].to_be_bytes();
            chunk.copy_from_slice(&bytes[..chunk.len()]);
        }
    }

    /// The element `v mod p`.
    #[inline]
    pub fn from_u64(v: u64) -> Self {
        let mut l = [0u64; N];
        l[0] = v;
        Fp(
            montgomery::mul(&l, P::MODULUS.r2(), &P::MODULUS),
            PhantomData,
        )
    }

    /// Whether `self` is zero.
    #[inline]
    pub fn is_zero(self) -> bool {
        self.0 == [0; N]
    }

    /// `self + b`.
    #[inline]
    pub fn add(self, b: Self) -> Self {
        // Spare bits: the plain sum never carries out of N limbs.
        Fp(
            reduce_once(add_carry(&self.0, &b.0).0, &Self::P),
            PhantomData,
        )
    }

    /// `self - b`.
    #[inline]
    pub fn sub(self, b: Self) -> Self {
        let (d, borrow) = sub_borrow(&self.0, &b.0);
        let mask = 0u64.wrapping_sub(borrow as u64);
        Fp(add_carry(&d, &Self::P.map(|l| l & mask)).0, PhantomData)
    }

    /// `-self`.
    #[inline]
    pub fn neg(self) -> Self {
        if self.is_zero() {
            self
        } else {
            Fp(sub_plain(&Self::P, &self.0).0, PhantomData)
        }
    }

    /// `2 * self`.
    #[inline]
    pub fn double(self) -> Self {
        self.add(self)
    }

    /// `self * b`.
    #[inline]
    pub fn mul(self, b: Self) -> Self {
        Fp(montgomery::mul(&self.0, &b.0, &P::MODULUS), PhantomData)
    }

    /// `self^2`.
    #[inline]
    pub fn square(self) -> Self {
        Fp(montgomery::square(&self.0, &P::MODULUS), PhantomData)
    }

    /// `self^(2^k)`: `k` squarings in a row ([`montgomery::square_n`]: one assembly loop for
    /// BLS12-381's six limbs); `self` for `k = 0`.
    #[inline]
    pub fn square_n(self, k: u32) -> Self {
        Fp(montgomery::square_n(&self.0, k, &P::MODULUS), PhantomData)
    }

    /// `self^e` for the little-endian exponent `e` (variable time: square-and-multiply on the
    /// bits of the public exponent).
    pub fn pow_vartime(self, e: &[u64]) -> Self {
        let mut acc = Self::ONE;
        for i in (0..64 * e.len()).rev() {
            acc = acc.square();
            if (e[i / 64] >> (i % 64)) & 1 == 1 {
                acc = acc.mul(self);
            }
        }
        acc
    }

    /// `1 / self`, or `None` for zero (variable time: [`montgomery::inverse_vartime`]).
    #[inline]
    pub fn inverse(self) -> Option<Self> {
        if self.is_zero() {
            return None;
        }
        // self = aR; its plain inverse is a^-1 R^-1, and one Montgomery product with R^3
        // gives a^-1 R.
        let inv = montgomery::inverse_vartime(&self.0, &P::MODULUS)?;
        Some(Fp(
            montgomery::mul(&inv, &Self::R3, &P::MODULUS),
            PhantomData,
        ))
    }

    /// `1 / self` by Fermat's little theorem (`self^(p-2)`), or `None` for zero: a slow
    /// second implementation, kept to cross-check [`Fp::inverse`] in tests.
    pub fn inverse_fermat(self) -> Option<Self> {
        if self.is_zero() {
            return None;
        }
        let mut two = [0u64; N];
        two[0] = 2;
        Some(self.pow_vartime(&sub_plain(&Self::P, &two).0))
    }

    /// A square root of `self`, or `None` when `self` is not a square (p = 3 mod 4, true of
    /// both curves: `self^((p+1)/4)`, checked by squaring).
    pub fn sqrt(self) -> Option<Self> {
        let r = self.pow_vartime(&Self::SQRT_EXP);
        (r.square() == self).then_some(r)
    }
}

/// The operator traits (`+ - * unary-` and their assigning forms) of a type with inherent
/// `add`, `sub`, `mul` and `neg`, generic over the listed parameters.
macro_rules! field_ops {
    (impl[$($g:tt)*] $t:ty) => {
        impl<$($g)*> core::ops::Add for $t {
            type Output = $t;
            #[inline]
            fn add(self, b: $t) -> $t {
                <$t>::add(self, b)
            }
        }
        impl<$($g)*> core::ops::Sub for $t {
            type Output = $t;
            #[inline]
            fn sub(self, b: $t) -> $t {
                <$t>::sub(self, b)
            }
        }
        impl<$($g)*> core::ops::Mul for $t {
            type Output = $t;
            #[inline]
            fn mul(self, b: $t) -> $t {
                <$t>::mul(self, b)
            }
        }
        impl<$($g)*> core::ops::Neg for $t {
            type Output = $t;
            #[inline]
            fn neg(self) -> $t {
                <$t>::neg(self)
            }
        }
        impl<$($g)*> core::ops::AddAssign for $t {
            #[inline]
            fn add_assign(&mut self, b: $t) {
                *self = <$t>::add(*self, b);
            }
        }
        impl<$($g)*> core::ops::SubAssign for $t {
            #[inline]
            fn sub_assign(&mut self, b: $t) {
                *self = <$t>::sub(*self, b);
            }
        }
        impl<$($g)*> core::ops::MulAssign for $t {
            #[inline]
            fn mul_assign(&mut self, b: $t) {
                *self = <$t>::mul(*self, b);
            }
        }
    };
}
pub(crate) use field_ops;

field_ops!(impl[P: FpParams<N>, const N: usize] Fp<P, N>);

impl<P: FpParams<N>, const N: usize> Field for Fp<P, N> {
    const ZERO: Self = Self::ZERO;
    const ONE: Self = Self::ONE;
    const PRODUCT_LIKE_SQUARE: bool = true;
    #[inline(always)]
    fn square(self) -> Self {
        Fp::square(self)
    }
    #[inline(always)]
    fn double(self) -> Self {
        Fp::double(self)
    }
    #[inline(always)]
    fn is_zero(self) -> bool {
        Fp::is_zero(self)
    }
    #[inline(always)]
    fn inverse(self) -> Option<Self> {
        Fp::inverse(self)
    }
}

/// `from_be_bytes` and `to_be_bytes` of a curve's `Fp` (the `Fp` in scope where this is
/// invoked), [`Fp::from_be_slice`] and [`Fp::write_be`] on arrays of its `8N` bytes (`$len`).
macro_rules! be_bytes {
    ($len:literal) => {
        impl Fp {
            #[doc = concat!("Decodes a ", $len, "-byte big-endian integer; `None` when it is `>= p`.")]
            #[inline]
            pub fn from_be_bytes(b: &[u8; $len]) -> Option<Fp> {
                Fp::from_be_slice(b)
            }

            #[doc = concat!("The ", $len, "-byte big-endian encoding of the canonical value.")]
            #[inline]
            pub fn to_be_bytes(self) -> [u8; $len] {
                let mut out = [0u8; $len];
                self.write_be(&mut out);
                out
            }
        }
    };
}
pub(crate) use be_bytes;
