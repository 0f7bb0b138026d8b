//! The secp256r1 base field: integers modulo `p = 2^256 - 2^224 + 2^192 + 2^96 - 1`, four
//! little-endian 64-bit limbs in Montgomery form (`x` stored as `x 2^256 mod p`), partly
//! reduced: an element is any 256-bit value of its class, so the values `p .. 2^256 - 1` stand
//! for `0 .. 2^256 - p - 1` beside their canonical forms. Every operation takes and returns
//! such values; what sees the integer itself normalises first (one conditional subtraction of
//! `p`, since `2^256 < 2p`): equality, [`Fe::is_zero`], [`Fe::to_limbs`], [`Fe::to_be_bytes`],
//! [`Fe::invert`]. Skipping the final comparison with `p` of every product, square, sum and
//! difference is the point of the representation: a product's reduction subtracts `p` only
//! when its sum carries out of `2^256` (masked, no compare), a sum likewise, a difference adds
//! `p` back only on a borrow.
//!
//! On x86_64 with BMI2 and ADX a product or square is the kernel's generated assembly
//! specialised to `p` ([`montgomery::asm::Adx::mul_p256`]: `p = -1 mod 2^64` makes each
//! reduction round's factor the low limb itself, `n0 = 1`, and `p`'s sparse shape makes the
//! round one MULX and two shifts). Elsewhere (and as the tested fallback) a product is the
//! portable 4-limb product ([`limbs::mul::mul_full4`]), a square the portable 10-product
//! squaring ([`sqr_wide`], shared with secp256k1's field), both followed by the portable
//! reduction specialised to `p` ([`redc`], bit-identical to the assembly). The kernel's
//! generic Montgomery product ([`mul_kernel`]) stays for comparison.
//! Inversion is the kernel's safegcd
//! ([`montgomery::inverse_mont_vartime`]; variable time, public values only).

use crate::ecrecover::native::field::sqr_wide;
use crate::weierstrass::{impl_kernel, limbs_from_be, limbs_to_be, lt, with_kernel, Kernel};
use limbs::add::{adc, add4, add4_carry, sub4, sub4_borrow};
use limbs::mul::mac;
use montgomery::Modulus;

/// `p`, little-endian limbs.
pub const P: [u64; 4] = [
    0xffff_ffff_ffff_ffff,
    0x0000_0000_ffff_ffff,
    0x0000_0000_0000_0000,
    0xffff_ffff_0000_0001,
];

/// The kernel's constants for `p`.
pub(crate) const MODULUS: Modulus<4> = Modulus::new(P);

/// `p` where `mask` is all ones, 0 where it is 0.
#[inline(always)]
fn p_masked(mask: u64) -> [u64; 4] {
    [P[0] & mask, P[1] & mask, 0, P[3] & mask]
}

/// `r - p` if `r >= p`, else `r` (for `r < 2^256`: the canonical form of a partly reduced
/// value).
#[inline(always)]
fn reduce_once(r: [u64; 4]) -> [u64; 4] {
    let (d, borrow) = sub4_borrow(&r, &P);
    if borrow {
        r
    } else {
        d
    }
}

/// A value below `2^256` congruent to `t R^-1` modulo `p` (`R = 2^256`) for any 512-bit `t`,
/// partly reduced, bit-identical to the assembly kernel's `Adx::mul_p256` reduction: four
/// rounds of `t += t_i p 2^(64 i)` (the multiple of `p` that clears limb `i`, since
/// `-p^-1 = 1 mod 2^64`), which leave `U + hi` with `U <= p` and `hi` the high half, below
/// `2^256 + p`; then one subtraction of `p` when that sum carries out of `2^256`.
#[inline(always)]
pub fn redc(t: &[u64; 8]) -> [u64; 4] {
    let mut t = *t;
    let mut top = false;
    for i in 0..4 {
        let m = t[i];
        // t_i + m (2^64 - 1) = m 2^64: the low limb clears.
        let (_, c) = mac(m, P[0], t[i], 0);
        let (x, c) = mac(m, P[1], t[i + 1], c);
        t[i + 1] = x;
        let (x, c2) = adc(t[i + 2], c, false);
        t[i + 2] = x;
        let (x, c) = mac(m, P[3], t[i + 3], c2 as u64);
        t[i + 3] = x;
        let (x, c1) = adc(t[i + 4], c, top);
        t[i + 4] = x;
        top = c1;
    }
    // With the carry, hi - p is below 2^256 and the subtraction's borrow cancels the carry.
    sub4(
        &[t[4], t[5], t[6], t[7]],
        &p_masked((top as u64).wrapping_neg()),
    )
    .0
}

/// `a b R^-1 mod p`, fully reduced, on the kernel's generic Montgomery product, for canonical
/// `a, b` (`< p`; for comparison with [`Fe::mul`]'s specialised reduction).
pub fn mul_kernel(a: &Fe, b: &Fe) -> Fe {
    Fe(montgomery::mul(&a.0, &b.0, &MODULUS))
}

/// An element of the field in Montgomery form (`x R mod p`, `R = 2^256`): little-endian limbs
/// of any value below `2^256` of its class (partly reduced; see the module's documentation).
/// Equality is the field's.
#[derive(Clone, Copy, Debug)]
pub struct Fe(pub(crate) [u64; 4]);

impl PartialEq for Fe {
    /// Whether the two elements are equal modulo `p` (whatever their representatives).
    fn eq(&self, other: &Fe) -> bool {
        reduce_once(self.0) == reduce_once(other.0)
    }
}

impl Eq for Fe {}

impl Fe {
    /// 0.
    pub const ZERO: Fe = Fe([0; 4]);
    /// 1 (`R mod p`).
    pub const ONE: Fe = Fe(*MODULUS.one());

    /// The element of the plain integer `l < p` (little-endian limbs); `None` when `l >= p`.
    pub fn from_limbs(l: &[u64; 4]) -> Option<Fe> {
        lt(l, &P).then(|| Fe(montgomery::mul(l, MODULUS.r2(), &MODULUS)))
    }

    /// The element of the big-endian 32 bytes `be`, or `None` when they are `>= p`.
    pub fn from_be_bytes(be: &[u8; 32]) -> Option<Fe> {
        Fe::from_limbs(&limbs_from_be(be))
    }

    /// The plain integer (canonical, `< p`), little-endian limbs.
    pub fn to_limbs(&self) -> [u64; 4] {
        montgomery::mul(&reduce_once(self.0), &[1, 0, 0, 0], &MODULUS)
    }

    /// The 32 big-endian bytes of the element's canonical form (`< p`).
    pub fn to_be_bytes(&self) -> [u8; 32] {
        limbs_to_be(&self.to_limbs())
    }

    /// Whether the element is 0 (its limbs are 0 or `p`).
    #[inline]
    pub fn is_zero(&self) -> bool {
        let l = &self.0;
        l[0] | l[1] | l[2] | l[3] == 0 || *l == P
    }

    /// `self + b mod p`, partly reduced. A carry out of `2^256` takes one subtraction of `p`
    /// (masked by the carry); the result is still at least `2^256` only when the sum was at
    /// least `2^256 + p` (both operands above `p`, rare), and then a second subtraction leaves
    /// it below `2^256` (the sum is below `2^257 < 2^256 + 2p`).
    #[inline]
    pub fn add(&self, b: &Fe) -> Fe {
        let (s, carry) = add4_carry(&self.0, &b.0);
        let (r, borrow) = sub4_borrow(&s, &p_masked((carry as u64).wrapping_neg()));
        if carry && !borrow {
            return Fe(sub4(&r, &P).0);
        }
        Fe(r)
    }

    /// `self - b mod p`, partly reduced. A borrow means `r = self - b + 2^256`; adding `p`
    /// (masked by the borrow) gives `self - b + p`, which is still negative only when
    /// `b - self > p` (possible for partly reduced `b`, rare): adding `p` once more gives
    /// `self - b + 2p`, in `[0, 2^256)` since `b - self < 2^256 < 2p`.
    #[inline]
    pub fn sub(&self, b: &Fe) -> Fe {
        let (d, borrow) = sub4_borrow(&self.0, &b.0);
        let (r, carry) = add4_carry(&d, &p_masked((borrow as u64).wrapping_neg()));
        if borrow && !carry {
            return Fe(add4(&r, &P).0);
        }
        Fe(r)
    }

    /// `-self mod p`, partly reduced.
    #[inline]
    pub fn neg(&self) -> Fe {
        Fe::ZERO.sub(self)
    }

    /// `2 self mod p`, partly reduced.
    #[inline]
    pub fn double(&self) -> Fe {
        self.add(self)
    }

    /// `self / 2 mod p`, partly reduced: `self / 2` when `self` is even, else
    /// `(self + p) / 2` (below `2^256` since `self + p < 2^257`). In Montgomery form halving
    /// the representative halves the element.
    #[inline]
    pub fn half(&self) -> Fe {
        let mask = (self.0[0] & 1).wrapping_neg();
        let (t, carry) = add4_carry(&self.0, &p_masked(mask));
        Fe([
            (t[0] >> 1) | (t[1] << 63),
            (t[1] >> 1) | (t[2] << 63),
            (t[2] >> 1) | (t[3] << 63),
            (t[3] >> 1) | ((carry as u64) << 63),
        ])
    }

    /// `self b mod p`, partly reduced, on this CPU's [`Kernel`] (one CPU check; the hot paths
    /// take the kernel as a parameter instead).
    #[inline]
    pub fn mul(&self, b: &Fe) -> Fe {
        with_kernel!(k => Kernel::mul(k, self, b))
    }

    /// `self^2 mod p`, as [`Fe::mul`].
    #[inline]
    pub fn square(&self) -> Fe {
        with_kernel!(k => Kernel::square(k, self))
    }

    /// `self b mod p`, partly reduced, in portable Rust: the 4-limb product and [`redc`].
    #[inline(always)]
    pub fn mul_portable(&self, b: &Fe) -> Fe {
        Fe(redc(&limbs::mul::mul_full4(&self.0, &b.0)))
    }

    /// `self^2 mod p` in portable Rust: the 10-product squaring and [`redc`].
    #[inline(always)]
    pub fn square_portable(&self) -> Fe {
        Fe(redc(&sqr_wide(&self.0)))
    }

    /// `self^-1 mod p` (variable time; canonical, `< p`), or `None` for 0.
    pub fn invert(&self) -> Option<Fe> {
        montgomery::inverse_mont_vartime(&reduce_once(self.0), &MODULUS).map(Fe)
    }
}

// The generated assembly for this `p` (`Adx::mul_p256`: the product and the reduction
// specialised to `p`), or the portable code.
impl_kernel!(Fe, mul_p256, square_p256);
