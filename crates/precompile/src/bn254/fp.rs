//! The BN254 base field Fp, p = 0x30644e72...d87cfd47 (254 bits), on the shared Montgomery
//! kernel (`montgomery`, four 64-bit limbs).
//!
//! An [`Fp`] holds `a * R mod p` (R = 2^256), always fully reduced below p, so the derived
//! equality is field equality. Precompile inputs are public: [`Fp::inverse`] and
//! [`Fp::pow_vartime`] take time that depends on their operands (see [`montgomery::inverse`]).

use core::ops::{Add, AddAssign, Mul, MulAssign, Neg, Sub, SubAssign};
use montgomery::Modulus;
// Plain four-limb `a + b` / `a - b` with carry / borrow out (const; the workspace's one copy).
pub(crate) use limbs::add::{add4 as add_plain, sub4 as sub_plain};
use limbs::add::{add4_carry, sub4_borrow};

/// p as four little-endian 64-bit limbs.
pub const P: [u64; 4] = [
    0x3c208c16d87cfd47,
    0x97816a916871ca8d,
    0xb85045b68181585d,
    0x30644e72e131a029,
];

/// The kernel's precomputed constants for p.
pub(crate) static MODULUS: Modulus<4> = Modulus::new(P);

/// An element of Fp in Montgomery form (`a * 2^256 mod p`, below p).
#[derive(Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct Fp(pub(crate) [u64; 4]);

impl core::fmt::Debug for Fp {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Fp(0x")?;
        for b in self.to_be_bytes() {
            write!(f, "{b:02x}")?;
        }
        write!(f, ")")
    }
}

/// `a < b` on four-limb little-endian integers (const).
const fn lt(a: &[u64; 4], b: &[u64; 4]) -> bool {
    let mut i = 4;
    while i > 0 {
        i -= 1;
        if a[i] != b[i] {
            return a[i] < b[i];
        }
    }
    false
}

/// `2a mod p` for `a < p` (const: also builds the constants at compile time).
#[inline(always)]
const fn double_mod_p(a: [u64; 4]) -> [u64; 4] {
    // p < 2^254, so 2a < 2^255 never carries out of four limbs.
    let r = [
        a[0] << 1,
        a[1] << 1 | a[0] >> 63,
        a[2] << 1 | a[1] >> 63,
        a[3] << 1 | a[2] >> 63,
    ];
    if lt(&r, &P) {
        r
    } else {
        sub_p(r)
    }
}

/// `a - p` (const) for `a >= p`.
const fn sub_p(a: [u64; 4]) -> [u64; 4] {
    sub_plain(&a, &P).0
}

// Inherent `add`/`sub`/`mul`/`neg` (callable without importing the operator traits, which
// delegate to them).
#[allow(clippy::should_implement_trait)]
impl Fp {
    /// Zero.
    pub const ZERO: Fp = Fp([0; 4]);
    /// One (`R mod p` inside).
    pub const ONE: Fp = Fp::from_canonical_limbs([1, 0, 0, 0]);

    /// The element whose Montgomery representation is `limbs` (little-endian). A value `>= p`
    /// is reduced modulo p first (repeated subtraction), keeping the reduced-form invariant.
    pub const fn from_raw_montgomery(limbs: [u64; 4]) -> Fp {
        let mut a = limbs;
        while !lt(&a, &P) {
            a = sub_p(a);
        }
        Fp(a)
    }

    /// The element `limbs mod p` (little-endian canonical value), usable in `const` items. Slow
    /// (256 modular doublings): for constants, not hot paths ([`Fp::from_limbs`] is the fast one).
    pub const fn from_canonical_limbs(limbs: [u64; 4]) -> Fp {
        let mut a = Fp::from_raw_montgomery(limbs).0;
        let mut i = 0;
        while i < 256 {
            a = double_mod_p(a);
            i += 1;
        }
        Fp(a)
    }

    /// The Montgomery representation (little-endian limbs, below p).
    pub const fn to_raw_montgomery(self) -> [u64; 4] {
        self.0
    }

    /// The canonical value of `self` as little-endian limbs, below p.
    #[inline]
    pub fn to_canonical_limbs(self) -> [u64; 4] {
        montgomery::reduce(&self.0, &[0; 4], &MODULUS)
    }

    /// The element with canonical value `limbs` (little-endian), or `None` when `limbs >= p`.
    #[inline]
    pub fn from_limbs(limbs: &[u64; 4]) -> Option<Fp> {
        if !lt(limbs, &P) {
            return None;
        }
        Some(Fp(montgomery::mul(limbs, MODULUS.r2(), &MODULUS)))
    }

    /// Decodes a 32-byte big-endian integer; `None` when it is `>= p`.
    #[inline]
    pub fn from_be_bytes(b: &[u8; 32]) -> Option<Fp> {
        Fp::from_limbs(&super::be_limbs(b))
    }

    /// The 32-byte big-endian encoding of the canonical value.
    #[inline]
    pub fn to_be_bytes(self) -> [u8; 32] {
        let mut out = [0u8; 32];
        super::limbs_be(&self.to_canonical_limbs(), &mut out);
        out
    }

    /// The element `v mod p`.
    #[inline]
    pub fn from_u64(v: u64) -> Fp {
        Fp(montgomery::mul(&[v, 0, 0, 0], MODULUS.r2(), &MODULUS))
    }

    /// Whether `self` is zero.
    #[inline]
    pub fn is_zero(self) -> bool {
        self.0 == [0; 4]
    }

    /// `self + b`.
    #[inline]
    pub fn add(self, b: Fp) -> Fp {
        // p < 2^254: the plain sum never carries out of four limbs.
        Fp(reduce_once(add4_carry(&self.0, &b.0).0))
    }

    /// `self - b`.
    #[inline]
    pub fn sub(self, b: Fp) -> Fp {
        let (d, borrow) = sub4_borrow(&self.0, &b.0);
        let mask = 0u64.wrapping_sub(borrow as u64);
        Fp(add4_carry(&d, &P.map(|l| l & mask)).0)
    }

    /// `-self`.
    #[inline]
    pub fn neg(self) -> Fp {
        if self.is_zero() {
            self
        } else {
            Fp(sub_plain(&P, &self.0).0)
        }
    }

    /// `2 * self`.
    #[inline]
    pub fn double(self) -> Fp {
        self.add(self)
    }

    /// `self * b`.
    #[inline]
    pub fn mul(self, b: Fp) -> Fp {
        Fp(montgomery::mul(&self.0, &b.0, &MODULUS))
    }

    /// `self^2`.
    #[inline]
    pub fn square(self) -> Fp {
        Fp(montgomery::square(&self.0, &MODULUS))
    }

    /// `k * self + b` for a small `k` (one pass over the limbs and one reduction by a small
    /// multiple of p, instead of a chain of modular doublings and additions).
    #[inline]
    pub fn mul_small_add(self, k: u8, b: Fp) -> Fp {
        Fp(small_lincomb(&self.0, k, &b.0))
    }

    /// `k * self - b` for a small `k` (as [`Fp::mul_small_add`]).
    #[inline]
    pub fn mul_small_sub(self, k: u8, b: Fp) -> Fp {
        // -b = p - b as a plain value in (0, p]; the sum is reduced anyway.
        let (nb, _) = sub_plain(&P, &b.0);
        Fp(small_lincomb(&self.0, k, &nb))
    }

    /// `self^e` for the little-endian exponent `e` (variable time: square-and-multiply on the
    /// bits of the public exponent).
    pub fn pow_vartime(self, e: &[u64; 4]) -> Fp {
        let mut acc = Fp::ONE;
        for i in (0..256).rev() {
            acc = acc.square();
            if (e[i / 64] >> (i % 64)) & 1 == 1 {
                acc = acc.mul(self);
            }
        }
        acc
    }

    /// `1 / self`, or `None` for zero (variable time: [`montgomery::inverse_vartime`]).
    #[inline]
    pub fn inverse(self) -> Option<Fp> {
        if self.is_zero() {
            return None;
        }
        // self = aR; its plain inverse is a^-1 R^-1, and one Montgomery product with R^3
        // gives a^-1 R.
        const R3: [u64; 4] = Fp::from_canonical_limbs(Fp::from_canonical_limbs(Fp::ONE.0).0).0;
        let inv = montgomery::inverse_vartime(&self.0, &MODULUS)?;
        Some(Fp(montgomery::mul(&inv, &R3, &MODULUS)))
    }

    /// `1 / self` by Fermat's little theorem (`self^(p-2)`), or `None` for zero: a slow
    /// second implementation, kept to cross-check [`Fp::inverse`] in tests.
    pub fn inverse_fermat(self) -> Option<Fp> {
        if self.is_zero() {
            return None;
        }
        const P_MINUS_2: [u64; 4] = [P[0] - 2, P[1], P[2], P[3]];
        Some(self.pow_vartime(&P_MINUS_2))
    }

    /// A square root of `self`, or `None` when `self` is not a square (p = 3 mod 4:
    /// `self^((p+1)/4)`, checked by squaring).
    pub fn sqrt(self) -> Option<Fp> {
        const P_PLUS_1_OVER_4: [u64; 4] = [
            0x4f082305b61f3f52,
            0x65e05aa45a1c72a3,
            0x6e14116da0605617,
            0x0c19139cb84c680a,
        ];
        let r = self.pow_vartime(&P_PLUS_1_OVER_4);
        (r.square() == self).then_some(r)
    }
}

/// `floor(2^282 / p)` (29 bits), the reciprocal [`small_lincomb`] estimates quotients with.
pub(crate) const RECIP_P_282: u64 = 0x1529_1d18;

/// `(k * a + b) mod p` for `a, b < 2^256` with `k * a + b < 2^320` always (k < 2^8): the
/// five-limb sum, minus `q p` for a quotient estimated from the top limbs (never above the
/// true quotient, at most 2 below it), then at most a few subtractions of p (variable time).
/// Linear, so it maps Montgomery forms to the Montgomery form of the result.
#[inline]
fn small_lincomb(a: &[u64; 4], k: u8, b: &[u64; 4]) -> [u64; 4] {
    let mut t = [0u64; 5];
    let mut carry = 0u128;
    for i in 0..4 {
        let v = a[i] as u128 * k as u128 + b[i] as u128 + carry;
        t[i] = v as u64;
        carry = v >> 64;
    }
    t[4] = carry as u64;
    // q = floor(floor(t / 2^250) * M / 2^32) with M = floor(2^282 / p): never above
    // floor(t / p) and at most 2 below it (truncating t costs < 2^250 / p < 0.09, M's
    // truncation < 2^14 / 2^32). A multiplication, where a u128 division would call
    // a library routine (that halved the speed of `Fp2::mul_by_nonresidue`).
    let top = t[4] << 6 | t[3] >> 58; // t < 2^264, so top < 2^14
    let q = (top * RECIP_P_282) >> 32;
    let mut borrow = 0u128;
    let mut qp_carry = 0u128;
    for i in 0..5 {
        let pi = if i < 4 { P[i] } else { 0 };
        let qp = pi as u128 * q as u128 + qp_carry;
        qp_carry = qp >> 64;
        let d = (t[i] as u128).wrapping_sub(qp as u64 as u128 + borrow);
        t[i] = d as u64;
        borrow = (d >> 64) & 1;
    }
    // Now 0 <= t < 3p < 2^256 (t[4] = 0).
    reduce_once(reduce_once([t[0], t[1], t[2], t[3]]))
}

/// `s - p` if `s >= p`, else `s` (so `s < 2p` comes out reduced), by a mask rather than a
/// branch: the tower's sums are uniformly distributed, so a branch here mispredicts about
/// half the time. Not `montgomery::add`/`sub`: those keep a carry word and an optimisation
/// barrier for constant time, which BN254's spare bits and public inputs do not need (the
/// timings of the three forms are in PERF.md).
#[inline(always)]
fn reduce_once(s: [u64; 4]) -> [u64; 4] {
    let (d, borrow) = sub4_borrow(&s, &P);
    let keep = 0u64.wrapping_sub(borrow as u64);
    core::array::from_fn(|i| d[i] ^ ((s[i] ^ d[i]) & keep))
}

macro_rules! fp_ops {
    ($t:ty) => {
        impl Add for $t {
            type Output = $t;
            #[inline]
            fn add(self, b: $t) -> $t {
                <$t>::add(self, b)
            }
        }
        impl Sub for $t {
            type Output = $t;
            #[inline]
            fn sub(self, b: $t) -> $t {
                <$t>::sub(self, b)
            }
        }
        impl Mul for $t {
            type Output = $t;
            #[inline]
            fn mul(self, b: $t) -> $t {
                <$t>::mul(self, b)
            }
        }
        impl Neg for $t {
            type Output = $t;
            #[inline]
            fn neg(self) -> $t {
                <$t>::neg(self)
            }
        }
        impl AddAssign for $t {
            #[inline]
            fn add_assign(&mut self, b: $t) {
                *self = <$t>::add(*self, b);
            }
        }
        impl SubAssign for $t {
            #[inline]
            fn sub_assign(&mut self, b: $t) {
                *self = <$t>::sub(*self, b);
            }
        }
        impl MulAssign for $t {
            #[inline]
            fn mul_assign(&mut self, b: $t) {
                *self = <$t>::mul(*self, b);
            }
        }
    };
}
pub(crate) use fp_ops;

fp_ops!(Fp);
