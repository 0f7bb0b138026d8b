//! The secp256k1 base field: integers modulo `p = 2^256 - 2^32 - 977`, as four little-endian
//! 64-bit limbs, partly reduced: an element is any 256-bit value of its class, so the
//! values `p .. 2^256 - 1` stand for `0 .. 2^32 + 976` beside their canonical forms. Every
//! operation takes and returns such values (`2^256 < 2p` leaves no room for more: a sum or
//! difference is folded back below `2^256` at once). What sees the integer itself normalises
//! first (one conditional subtraction of `p`): equality, [`Fe::is_zero`], [`Fe::is_odd`],
//! [`Fe::to_be_bytes`], [`Fe::limbs`], [`Fe::invert`]. Skipping the final subtraction of
//! every product, square, sum and difference is the point of the representation.
//!
//! On x86_64 with BMI2 and ADX a product or square is the kernel's generated assembly for
//! this `p` ([`montgomery::asm::Adx::mul_k256`]: the plain product and the pseudo-Mersenne
//! reduction `2^256 = 2^32 + 977 (mod p)` in registers). Elsewhere (and as the tested
//! fallback) a product is the shared kernel's plain product ([`montgomery::mul_wide`]) followed
//! by the same reduction in Rust ([`reduce_wide`]), a square the portable [`sqr_wide`] (10 limb
//! products). The pseudo-Mersenne reduction measured as fast as the kernel's Montgomery
//! product for this `p` (PERF.md), and it keeps elements in plain form (no conversions), so
//! the inversion is [`montgomery::inverse_vartime`] as it stands.

use limbs::add::{adc, sbb};
use limbs::mul::mac;
use montgomery::Modulus;

use crate::weierstrass::{impl_kernel, with_kernel, Kernel};
pub(crate) use crate::weierstrass::{limbs_from_be, limbs_to_be};

/// `p`, little-endian limbs.
pub const P: [u64; 4] = [
    0xffff_fffe_ffff_fc2f,
    0xffff_ffff_ffff_ffff,
    0xffff_ffff_ffff_ffff,
    0xffff_ffff_ffff_ffff,
];

/// `2^256 - p = 2^32 + 977`: what a unit of weight `2^256` is worth modulo `p`.
const C: u64 = 0x1_0000_03d1;

/// `p` for the kernel's inversion.
const MODULUS: Modulus<4> = Modulus::new(P);

/// An element of the field: little-endian limbs of any value below `2^256` of its class modulo
/// `p` (partly reduced; see the module's documentation). Equality is the field's.
#[derive(Clone, Copy, Debug)]
pub struct Fe(pub(crate) [u64; 4]);

impl PartialEq for Fe {
    /// Whether the two elements are equal modulo `p` (whatever their representatives).
    fn eq(&self, other: &Fe) -> bool {
        reduce_once(self.0) == reduce_once(other.0)
    }
}

impl Eq for Fe {}

/// A value below `2^256` congruent to `lo + hi * 2^256` modulo `p`, for any `lo, hi < 2^256`
/// (partly reduced): two folds of the high part by `C`, bit-identical to the assembly
/// kernel's `Adx::mul_k256` reduction.
pub const fn reduce_wide(lo: &[u64; 4], hi: &[u64; 4]) -> [u64; 4] {
    // lo + hi * C: 4 limbs and a top word below 2^34.
    let mut r = [0u64; 4];
    let mut top = 0u64;
    let mut i = 0;
    while i < 4 {
        (r[i], top) = mac(hi[i], C, lo[i], top);
        i += 1;
    }
    // r + top * C: below 2^256 + 2^67, so at most one carry out of the top limb.
    let (r0, mut c) = mac(top, C, r[0], 0);
    r[0] = r0;
    i = 1;
    while i < 4 {
        let carry;
        (r[i], carry) = adc(r[i], c, false);
        c = carry as u64;
        i += 1;
    }
    // A carry out means 2^256 + r with r < 2^67 (r[1] < 2^3): add C once more, which carries
    // at most into r[1].
    let (r0, carry) = adc(r[0], c * C, false);
    r[0] = r0;
    r[1] += carry as u64;
    r
}

/// The 8-limb square of `a`, little-endian: the six cross products once, doubled, plus the
/// four squares (10 limb products where a general product takes 16).
pub const fn sqr_wide(a: &[u64; 4]) -> [u64; 8] {
    let (t1, c) = mac(a[0], a[1], 0, 0);
    let (t2, c) = mac(a[0], a[2], 0, c);
    let (t3, t4) = mac(a[0], a[3], 0, c);
    let (t3, c) = mac(a[1], a[2], t3, 0);
    let (t4, t5) = mac(a[1], a[3], t4, c);
    let (t5, t6) = mac(a[2], a[3], t5, 0);
    let d = [
        0,
        t1 << 1,
        (t2 << 1) | (t1 >> 63),
        (t3 << 1) | (t2 >> 63),
        (t4 << 1) | (t3 >> 63),
        (t5 << 1) | (t4 >> 63),
        (t6 << 1) | (t5 >> 63),
        t6 >> 63,
    ];
    let mut out = [0u64; 8];
    let mut carry = false;
    let mut i = 0;
    while i < 4 {
        let (lo, hi) = mac(a[i], a[i], 0, 0);
        (out[2 * i], carry) = adc(d[2 * i], lo, carry);
        (out[2 * i + 1], carry) = adc(d[2 * i + 1], hi, carry);
        i += 1;
    }
    out
}

/// `r - p` if `r >= p`, else `r` (for `r < 2^256`; the canonical form of a partly reduced
/// value): `r >= p` exactly when `r + C` carries.
const fn reduce_once(r: [u64; 4]) -> [u64; 4] {
    let mut s = [0u64; 4];
    let mut carry;
    (s[0], carry) = adc(r[0], C, false);
    let mut i = 1;
    while i < 4 {
        (s[i], carry) = adc(r[i], 0, carry);
        i += 1;
    }
    if carry {
        s
    } else {
        r
    }
}

impl Fe {
    /// 0.
    pub const ZERO: Fe = Fe([0; 4]);
    /// 1.
    pub const ONE: Fe = Fe([1, 0, 0, 0]);

    /// The element of the big-endian 32 bytes `be`, or `None` when they are `>= p`.
    pub const fn from_be_bytes(be: &[u8; 32]) -> Option<Fe> {
        let l = limbs_from_be(be);
        let reduced = reduce_once(l);
        if reduced[0] == l[0] && reduced[1] == l[1] && reduced[2] == l[2] && reduced[3] == l[3] {
            Some(Fe(l))
        } else {
            None
        }
    }

    /// The 32 big-endian bytes of the element's canonical form (`< p`).
    pub fn to_be_bytes(&self) -> [u8; 32] {
        limbs_to_be(&reduce_once(self.0))
    }

    /// The canonical form (`< p`) of the element.
    #[inline]
    pub const fn normalize(&self) -> Fe {
        Fe(reduce_once(self.0))
    }

    /// Whether the element is 0 (its limbs are 0 or `p`).
    pub const fn is_zero(&self) -> bool {
        let l = &self.0;
        l[0] | l[1] | l[2] | l[3] == 0 || (l[0] == P[0] && l[1] & l[2] & l[3] == u64::MAX)
    }

    /// Whether the element's canonical form (an integer in `[0, p)`) is odd.
    pub const fn is_odd(&self) -> bool {
        reduce_once(self.0)[0] & 1 == 1
    }

    /// `self + b mod p`, partly reduced. A carry out of `2^256` is worth `C`; adding it can
    /// carry out again only when the sum was at least `2^257 - C`, and then what is left is
    /// below `C`, so a second `C` fits in the low limb.
    #[inline]
    pub const fn add(&self, b: &Fe) -> Fe {
        let mut r = [0u64; 4];
        let mut carry = false;
        let mut i = 0;
        while i < 4 {
            (r[i], carry) = adc(self.0[i], b.0[i], carry);
            i += 1;
        }
        (r[0], carry) = adc(r[0], carry as u64 * C, false);
        i = 1;
        while i < 4 {
            (r[i], carry) = adc(r[i], 0, carry);
            i += 1;
        }
        r[0] += carry as u64 * C;
        Fe(r)
    }

    /// `self - b mod p`, partly reduced. A borrow means `r = self - b + 2^256`; subtracting
    /// `C` gives `self - b + p`, which borrows again only when `b - self > p` (possible for
    /// partly reduced `b`): then subtracting `C` once more gives `self - b + 2p`, in
    /// `[0, p)`, without a further borrow.
    #[inline]
    pub const fn sub(&self, b: &Fe) -> Fe {
        let mut r = [0u64; 4];
        let mut borrow = false;
        let mut i = 0;
        while i < 4 {
            (r[i], borrow) = sbb(self.0[i], b.0[i], borrow);
            i += 1;
        }
        // Branch-free: the first borrow is a coin toss in the point formulas.
        (r[0], borrow) = sbb(r[0], borrow as u64 * C, false);
        i = 1;
        while i < 4 {
            (r[i], borrow) = sbb(r[i], 0, borrow);
            i += 1;
        }
        if borrow {
            // Rare: only a partly reduced `b` (above `p`) gets here.
            (r[0], borrow) = sbb(r[0], C, false);
            i = 1;
            while i < 4 {
                (r[i], borrow) = sbb(r[i], 0, borrow);
                i += 1;
            }
        }
        Fe(r)
    }

    /// `M self mod p` for a constant `M <= 8` (a larger `M` does not compile: the folds below
    /// rely on the bound), partly reduced: four limb products and two folds of the top limb by
    /// `C`.
    #[inline]
    pub fn mul_small<const M: u64>(&self) -> Fe {
        const { assert!(M <= 8, "mul_small: M must be at most 8") };
        let m = M;
        let mut r = [0u64; 4];
        let mut top = 0u64;
        for (ri, &a) in r.iter_mut().zip(&self.0) {
            (*ri, top) = mac(a, m, 0, top);
        }
        // r + top C with top < 8: below 2^256 + 2^36, so at most one carry out, after which
        // r < 2^36 and adding C once more cannot carry.
        let mut carry;
        (r[0], carry) = adc(r[0], top * C, false);
        for ri in &mut r[1..] {
            (*ri, carry) = adc(*ri, 0, carry);
        }
        // After a carry out r < 2^36: adding C carries at most into r[1].
        (r[0], carry) = adc(r[0], carry as u64 * C, false);
        r[1] += carry as u64;
        Fe(r)
    }

    /// `self / 2 mod p`, partly reduced: `self / 2` when `self` is even, else
    /// `(self + p) / 2` (below `2^256` since `self + p < 2^257`).
    #[inline]
    pub const fn half(&self) -> Fe {
        let mask = (self.0[0] & 1).wrapping_neg();
        let mut t = [0u64; 4];
        let mut carry = false;
        let mut i = 0;
        while i < 4 {
            (t[i], carry) = adc(self.0[i], P[i] & mask, carry);
            i += 1;
        }
        Fe([
            (t[0] >> 1) | (t[1] << 63),
            (t[1] >> 1) | (t[2] << 63),
            (t[2] >> 1) | (t[3] << 63),
            (t[3] >> 1) | ((carry as u64) << 63),
        ])
    }

    /// `-self mod p`, partly reduced.
    #[inline]
    pub const fn neg(&self) -> Fe {
        Fe::ZERO.sub(self)
    }

    /// `2 self mod p`, partly reduced.
    #[inline]
    pub const fn double(&self) -> Fe {
        self.add(self)
    }

    /// `self * b mod p`, partly reduced, on this CPU's [`Kernel`] (one CPU check; the hot paths
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

    /// `self * b mod p`, partly reduced: the shared kernel's plain product
    /// ([`montgomery::mul_wide`]) and [`reduce_wide`].
    #[inline(always)]
    pub fn mul_portable(&self, b: &Fe) -> Fe {
        let (lo, hi) = montgomery::mul_wide(&self.0, &b.0);
        Fe(reduce_wide(&lo, &hi))
    }

    /// `self^2 mod p`: the portable squaring (10 limb products) and [`reduce_wide`].
    #[inline(always)]
    pub fn square_portable(&self) -> Fe {
        Fe::from_wide(&sqr_wide(&self.0))
    }

    /// The element `w mod p` of a 512-bit integer `w` (8 little-endian limbs), partly reduced.
    pub const fn from_wide(w: &[u64; 8]) -> Fe {
        Fe(reduce_wide(
            &[w[0], w[1], w[2], w[3]],
            &[w[4], w[5], w[6], w[7]],
        ))
    }

    /// The little-endian limbs of the canonical form (`< p`).
    pub const fn limbs(&self) -> [u64; 4] {
        reduce_once(self.0)
    }

    /// `self^-1 mod p` (safegcd, variable time: public values only), or `None` for 0.
    pub fn invert(&self) -> Option<Fe> {
        montgomery::inverse_vartime(&reduce_once(self.0), &MODULUS).map(Fe)
    }

    /// `self^(2^n)`.
    #[inline]
    fn square_n<K: Kernel<Fe>>(&self, k: K, n: usize) -> Fe {
        let mut x = *self;
        for _ in 0..n {
            x = k.square(&x);
        }
        x
    }

    /// A square root of `self` (`self^((p+1)/4)`, `p = 3 mod 4`), or `None` when `self` is not
    /// a square. Which of the two roots comes back is unspecified. `k`: the field's kernel.
    pub fn sqrt<K: Kernel<Fe>>(&self, k: K) -> Option<Fe> {
        // (p + 1) / 4 has blocks of ones of lengths 223, 22 and 2 (from the top), built by the
        // addition chain 1, 2, 3, 6, 9, 11, 22, 44, 88, 176, 220, 223 (libsecp256k1's):
        // 253 squarings and 13 multiplications.
        let a = self;
        let x2 = k.mul(&k.square(a), a);
        let x3 = k.mul(&x2.square_n(k, 1), a);
        let x6 = k.mul(&x3.square_n(k, 3), &x3);
        let x9 = k.mul(&x6.square_n(k, 3), &x3);
        let x11 = k.mul(&x9.square_n(k, 2), &x2);
        let x22 = k.mul(&x11.square_n(k, 11), &x11);
        let x44 = k.mul(&x22.square_n(k, 22), &x22);
        let x88 = k.mul(&x44.square_n(k, 44), &x44);
        let x176 = k.mul(&x88.square_n(k, 88), &x88);
        let x220 = k.mul(&x176.square_n(k, 44), &x44);
        let x223 = k.mul(&x220.square_n(k, 3), &x3);
        let t = k.mul(&x223.square_n(k, 23), &x22);
        let t = k.mul(&t.square_n(k, 6), &x2);
        let root = t.square_n(k, 2);
        (k.square(&root) == *a).then_some(root)
    }
}

// The generated assembly for this `p` (`Adx::mul_k256`: the plain product and the
// pseudo-Mersenne reduction in registers), or the portable code.
impl_kernel!(Fe, mul_k256, square_k256);
