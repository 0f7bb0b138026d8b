//! Modular addition and multiplication over the full 257- and 512-bit intermediates.

use core::num::NonZeroU64;

use crate::U256;
use limbs::add::{add4_carry, sub4_borrow};
use limbs::div::knuth::{div_rem_2, div_rem_n, div_small_quotient, Divisor4};
use limbs::div::small::rem_1;
use limbs::mul::{mac, mul_2x2, mul_wide};

/// `Some((k, c))` when `m = 2^k - c` with `k` 255 or 256 and `0 < c < 2^61`: the
/// pseudo-Mersenne moduli of elliptic-curve code in contracts (2^255 - 19 of Curve25519,
/// 2^256 - 2^32 - 977 of secp256k1), which [`rem_pseudo_mersenne`] reduces without a division.
#[inline(always)]
fn pseudo_mersenne(m: &[u64; 4]) -> Option<(u32, u64)> {
    if m[1] & m[2] != u64::MAX {
        return None;
    }
    let k = match m[3] {
        u64::MAX => 256,
        0x7fff_ffff_ffff_ffff => 255,
        _ => return None,
    };
    // m = 2^k - 2^64 + m[0], so c = 2^64 - m[0] (m[0] = 0 would make c = 2^64: not taken).
    let c = m[0].wrapping_neg();
    (c != 0 && c < 1 << 61).then_some((k, c))
}

/// `p mod m` for a 512-bit `p` and `m = 2^k - c` as [`pseudo_mersenne`] found it: since
/// `2^k = c (mod m)`, fold the high half in with one 4-by-1 multiplication, fold the bits above
/// `k` in with one more, then subtract `m` at most once.
#[inline(always)]
fn rem_pseudo_mersenne(p: &[u64; 8], m: &U256, k: u32, c: u64) -> U256 {
    // 2^256 mod m: c for k = 256, 2c for k = 255 (below 2^62).
    let c256 = if k == 256 { c } else { c << 1 };
    // t = low + c256 * high < 2^256 (1 + c256): five limbs, t[4] <= c256.
    let mut t = [0u64; 4];
    let mut carry = 0;
    for i in 0..4 {
        (t[i], carry) = mac(p[4 + i], c256, p[i], carry);
    }
    // t = q 2^k + low with q < 2^63 (at most c256 for k = 256, 2 c256 + 1 for k = 255).
    let (low, q) = if k == 256 {
        (t, carry)
    } else {
        (
            [t[0], t[1], t[2], t[3] & (u64::MAX >> 1)],
            carry << 1 | t[3] >> 63,
        )
    };
    // r = low + q c, with q c < 2^124. Only for k = 256 can it pass 2^256, and then the wrapped
    // value is below 2^124, so adding 2^256 mod m = c once more cannot carry again.
    let (qc_lo, qc_hi) = mul_wide(q, c);
    let (mut r, over) = add4_carry(&low, &[qc_lo, qc_hi, 0, 0]);
    if over {
        r = add4_carry(&r, &[c, 0, 0, 0]).0;
    }
    // r < 2m (for k = 255: r < 2^255 + 2^124; for k = 256: r < 2^256), so one subtraction.
    let (reduced, borrow) = sub4_borrow(&r, &m.0);
    U256(if borrow { r } else { reduced })
}

/// `u mod m` for a dividend of `N <= 8` limbs; 0 when `m` is zero.
#[inline(always)]
fn rem_wide<const N: usize>(u: &[u64; N], m: &U256) -> U256 {
    let mut ulen = N;
    while ulen > 0 && u[ulen - 1] == 0 {
        ulen -= 1;
    }
    let dlen = m.limb_len();
    if ulen <= 4 {
        let mut x = [0u64; 4];
        x[..ulen].copy_from_slice(&u[..ulen]);
        return U256(x).rem_or_zero(*m);
    }
    // Dispatch on the divisor length with the dividend length fixed to N (leading zero limbs
    // of the dividend are rare here and cost one cheap step each).
    let mut q = [0u64; 8];
    let mut r = [0u64; 4];
    // Each arm's divisor has the length it is dispatched on, so none gives `None`; if one did,
    // `r` stays zero (a zero modulus, EVM result zero).
    match dlen {
        0 => {}
        1 => r[0] = NonZeroU64::new(m.0[0]).map_or(0, |d| rem_1(u, d)),
        2 => {
            let rr = div_rem_2(u, m.low_u128(), &mut q[..N - 1]).unwrap_or(0);
            r[0] = rr as u64;
            r[1] = (rr >> 64) as u64;
        }
        3 => {
            div_rem_n::<9>(u, &m.0[..3], &mut q[..N - 2], &mut r[..3]);
        }
        _ => {
            div_rem_n::<9>(u, &m.0[..4], &mut q[..N - 3], &mut r[..4]);
        }
    }
    U256(r)
}

impl U256 {
    /// `(self + rhs) mod m` computed on the exact 257-bit sum (EVM ADDMOD).
    ///
    /// Returns 0 when `m` is zero.
    #[inline]
    pub fn add_mod(self, rhs: Self, m: Self) -> Self {
        // Fast path for a large modulus: when the top limbs of both operands do not exceed the
        // modulus's, each operand is below 2m, so one conditional subtraction reduces it and
        // the sum needs at most one more.
        if m.0[3] != 0 && self.0[3] <= m.0[3] && rhs.0[3] <= m.0[3] {
            let reduce = |x: Self| match sub4_borrow(&x.0, &m.0) {
                (d, false) => d,
                _ => x.0,
            };
            let (s, carry) = add4_carry(&reduce(self), &reduce(rhs));
            let (t, borrow) = sub4_borrow(&s, &m.0);
            return Self(if carry || !borrow { t } else { s });
        }
        self.add_mod_by_division(rhs, m)
    }

    /// [`U256::add_mod`] past its fast path: a division of the sum. Out of line so that the
    /// fast path inlines small (no stack frame for the division's buffers, no spilled modulus).
    #[inline(never)]
    fn add_mod_by_division(self, rhs: Self, m: Self) -> Self {
        if m.is_zero() {
            return Self::ZERO;
        }
        let (s, carry) = self.overflowing_add(rhs);
        if !carry {
            return s.rem_or_zero(m);
        }
        let u = [s.0[0], s.0[1], s.0[2], s.0[3], 1];
        if m.bit_len() > 257 - 32 {
            // Quotient below 2^32: one native division estimates it.
            let d = [m.0[0], m.0[1], m.0[2], m.0[3], 0];
            // `None` cannot happen (`m` has over 225 bits); it would leave zero, as for m = 0.
            let r = div_small_quotient(&u, &d, 257).unwrap_or_default().1;
            return U256([r[0], r[1], r[2], r[3]]);
        }
        rem_wide(&u, &m)
    }

    /// `(self * rhs) mod m` computed on the exact 512-bit product (EVM MULMOD).
    ///
    /// Returns 0 when `m` is zero. For many products by one modulus, [`Modulus::mul_mod`]
    /// prepares the modulus once.
    #[inline]
    pub fn mul_mod(self, rhs: Self, m: Self) -> Self {
        match self.mul_mod_narrow(rhs, m) {
            Some(r) => r,
            None => Modulus::new(m).reduce_product(&self.mul_full(rhs)),
        }
    }

    /// `Some((self * rhs) mod m)` when both operands are below 2^128 (e.g. reduced by a modulus
    /// of up to 128 bits): the product fits 256 bits, four limb products instead of sixteen.
    /// `None` otherwise.
    #[inline(always)]
    fn mul_mod_narrow(self, rhs: Self, m: Self) -> Option<Self> {
        if (self.0[2] | self.0[3] | rhs.0[2] | rhs.0[3]) != 0 {
            return None;
        }
        if (self.0[1] | rhs.0[1] | m.0[1] | m.0[2] | m.0[3]) == 0 {
            // All one limb: a 128-bit product and at most two hardware divisions.
            let Some(d) = NonZeroU64::new(m.0[0]) else {
                return Some(Self::ZERO);
            };
            let (lo, hi) = mul_wide(self.0[0], rhs.0[0]);
            return Some(Self::from_u64(rem_1(&[lo, hi], d)));
        }
        Some(Self(mul_2x2(self.low_u128(), rhs.low_u128())).rem_or_zero(m))
    }

    /// `self mod m` (0 when `m` is zero).
    #[inline]
    pub fn reduce_mod(self, m: Self) -> Self {
        self.div_rem(m).1
    }
}

/// A MULMOD modulus with its reduction prepared once: the division-free form of a
/// pseudo-Mersenne modulus, or a 193- to 256-bit modulus normalised with its reciprocal (whose
/// computation, a hardware division, is a tenth of a 256-bit MULMOD). Contracts reduce by one
/// modulus over and over (a curve's field prime), so an EVM can keep the last one.
///
/// Any value is a valid modulus; a zero modulus gives 0, as EVM MULMOD does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Modulus {
    value: U256,
    form: Form,
}

/// How a [`Modulus`] reduces a 512-bit product.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Form {
    /// `2^k - c` (see [`pseudo_mersenne`]): two folds, no division.
    PseudoMersenne { k: u32, c: u64 },
    /// A 193- to 256-bit modulus: the register-resident 8-by-4 reduction.
    Wide(Divisor4),
    /// Anything else (zero, or up to 192 bits): a division sized to the modulus.
    Narrow,
}

impl Modulus {
    /// The zero modulus (every product reduces to 0); a constant for initialising caches.
    pub const ZERO: Self = Self {
        value: U256::ZERO,
        form: Form::Narrow,
    };

    /// Prepares `m` for [`Modulus::mul_mod`]. Never fails: every value, zero included, is a
    /// MULMOD modulus.
    #[inline(always)]
    pub fn new(m: U256) -> Self {
        let form = if let Some((k, c)) = pseudo_mersenne(&m.0) {
            Form::PseudoMersenne { k, c }
        } else if let Some(d) = Divisor4::new(&m.0) {
            Form::Wide(d)
        } else {
            Form::Narrow
        };
        Self { value: m, form }
    }

    /// The modulus.
    #[inline(always)]
    pub const fn value(&self) -> U256 {
        self.value
    }

    /// `(a * b) mod m` on the exact 512-bit product, equal to [`U256::mul_mod`]; 0 for a zero
    /// modulus.
    #[inline(always)]
    pub fn mul_mod(&self, a: U256, b: U256) -> U256 {
        match a.mul_mod_narrow(b, self.value) {
            Some(r) => r,
            None => self.reduce_product(&a.mul_full(b)),
        }
    }

    /// `p mod m` for a 512-bit product `p`.
    #[inline(always)]
    fn reduce_product(&self, p: &[u64; 8]) -> U256 {
        match self.form {
            Form::PseudoMersenne { k, c } => rem_pseudo_mersenne(p, &self.value, k, c),
            // A product below 2^256 (rare past the narrow path) goes to the short division.
            Form::Wide(d) if (p[4] | p[5] | p[6] | p[7]) != 0 => U256(d.rem_8(p)),
            _ => rem_wide(p, &self.value),
        }
    }
}
