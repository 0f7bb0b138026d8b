//! Scalars modulo the group order `n` (four little-endian 64-bit limbs, `< n`), and the GLV
//! split of a scalar along the endomorphism `lambda`.
//!
//! The handful of products per recovery use the shared Montgomery kernel (two Montgomery
//! products with `R^2` give the plain product) and the kernel's inversion.

use crate::weierstrass::{lt, scalar as ecdsa};
use limbs::add::adc;
use limbs::add::sub4;
use montgomery::Modulus;

/// `n`, little-endian limbs.
pub(crate) const N: [u64; 4] = [
    0xbfd2_5e8c_d036_4141,
    0xbaae_dce6_af48_a03b,
    0xffff_ffff_ffff_fffe,
    0xffff_ffff_ffff_ffff,
];

/// `n` for the kernel.
const MODULUS: Modulus<4> = Modulus::new(N);

/// `(n - 1) / 2`: scalars above it are negated before the wNAF.
const HALF_N: [u64; 4] = [
    0xdfe9_2f46_681b_20a0,
    0x5d57_6e73_57a4_501d,
    0xffff_ffff_ffff_ffff,
    0x7fff_ffff_ffff_ffff,
];

/// `-lambda mod n`, where `lambda` (a cube root of 1 mod n) acts on points as
/// `lambda (x, y) = (beta x, y)`.
pub(crate) const MINUS_LAMBDA: [u64; 4] = [
    0xe0cf_c810_b512_83cf,
    0xa880_b9fc_8ec7_39c2,
    0x5ad9_e3fd_77ed_9ba4,
    0xac9c_52b3_3fa3_cf1f,
];
/// `-b1` of the short lattice basis (`0xe4437ed6010e88286f547fa90abfe4c3`).
pub(crate) const MINUS_B1: [u64; 4] = [0x6f54_7fa9_0abf_e4c3, 0xe443_7ed6_010e_8828, 0, 0];
/// `-b2 mod n`.
pub(crate) const MINUS_B2: [u64; 4] = [
    0xd765_cda8_3db1_562c,
    0x8a28_0ac5_0774_346d,
    0xffff_ffff_ffff_fffe,
    0xffff_ffff_ffff_ffff,
];
/// `round(2^384 b2 / n)`.
pub(crate) const G1: [u64; 4] = [
    0xe893_209a_45db_b031,
    0x3daa_8a14_71e8_ca7f,
    0xe86c_90e4_9284_eb15,
    0x3086_d221_a7d4_6bcd,
];
/// `round(2^384 (-b1) / n)`.
pub(crate) const G2: [u64; 4] = [
    0x1571_b4ae_8ac4_7f71,
    0x2212_08ac_9df5_06c6,
    0x6f54_7fa9_0abf_e4c4,
    0xe443_7ed6_010e_8828,
];

/// A scalar `< n` (little-endian limbs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scalar(pub(crate) [u64; 4]);

/// `a >= b` as 256-bit integers.
fn ge(a: &[u64; 4], b: &[u64; 4]) -> bool {
    !lt(a, b)
}

/// `a - b mod 2^256`.
fn sub_raw(a: &[u64; 4], b: &[u64; 4]) -> [u64; 4] {
    sub4(a, b).0
}

impl Scalar {
    /// 0.
    pub const ZERO: Scalar = Scalar([0; 4]);

    /// The scalar of the big-endian 32 bytes `be`, or `None` when they are `>= n`.
    pub fn from_be_bytes(be: &[u8; 32]) -> Option<Scalar> {
        ecdsa::from_be_bytes(be, &MODULUS).map(Scalar)
    }

    /// The big-endian 32 bytes `be` reduced modulo `n` (one subtraction suffices: `2^256 < 2n`).
    pub fn reduce_be_bytes(be: &[u8; 32]) -> Scalar {
        Scalar(ecdsa::reduce_be_bytes(be, &MODULUS))
    }

    /// Whether the scalar is 0.
    pub fn is_zero(&self) -> bool {
        self.0 == [0; 4]
    }

    /// `self + b mod n`.
    pub fn add(&self, b: &Scalar) -> Scalar {
        Scalar(montgomery::add(&self.0, &b.0, &MODULUS))
    }

    /// `-self mod n`.
    pub fn neg(&self) -> Scalar {
        Scalar(montgomery::neg(&self.0, &MODULUS))
    }

    /// `self * b mod n`: the Montgomery product, then the product with `R^2` to undo `R^-1`.
    pub fn mul(&self, b: &Scalar) -> Scalar {
        Scalar(ecdsa::mul(&self.0, &b.0, &MODULUS))
    }

    /// `self^-1 mod n` (safegcd, variable time: public values only), or `None` for 0.
    pub fn invert(&self) -> Option<Scalar> {
        ecdsa::invert(&self.0, &MODULUS).map(Scalar)
    }

    /// `(|m|, m < 0)` for the signed representative `m` of `self` in `(-n/2, n/2]`.
    pub fn to_signed(self) -> ([u64; 4], bool) {
        if ge(&HALF_N, &self.0) {
            (self.0, false)
        } else {
            (sub_raw(&N, &self.0), true)
        }
    }

    /// The GLV split: `(k1, k2)` with `k1 + k2 lambda = self (mod n)` and the signed
    /// representatives of both below `2^128` in absolute value (libsecp256k1's
    /// `scalar_split_lambda`: `k2 = -(c1 b1 + c2 b2)` with `c_i = round(self g_i / 2^384)`,
    /// `k1 = self - k2 lambda`).
    pub fn split_lambda(&self) -> (Scalar, Scalar) {
        let c1 = Scalar(mul_shift_384(&self.0, &G1));
        let c2 = Scalar(mul_shift_384(&self.0, &G2));
        let k2 = c1.mul(&Scalar(MINUS_B1)).add(&c2.mul(&Scalar(MINUS_B2)));
        let k1 = k2.mul(&Scalar(MINUS_LAMBDA)).add(self);
        (k1, k2)
    }
}

/// `round(a b / 2^384)` for `a, b < 2^256` (below `2^128 + 1`, so a reduced scalar).
fn mul_shift_384(a: &[u64; 4], b: &[u64; 4]) -> [u64; 4] {
    let (_, hi) = montgomery::mul_wide(a, b);
    let round = hi[1] >> 63;
    let (l0, c) = adc(hi[2], round, false);
    let (l1, c) = adc(hi[3], 0, c);
    [l0, l1, c as u64, 0]
}
