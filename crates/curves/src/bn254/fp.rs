//! The BN254 base field Fp, p = 0x30644e72...d87cfd47 (254 bits), on the shared Montgomery
//! kernel (`montgomery`, four 64-bit limbs): [`crate::field::Fp`] with BN254's modulus, the
//! tower's non-residue `xi = 9 + u` and its Frobenius constants.

use super::g2::{PSI_X, PSI_Y};
use super::{Fp, Fp2};
use crate::field::{reduce_once, sub_plain, FpParams};
use crate::fp2::TowerField;
use montgomery::Modulus;

/// p as four little-endian 64-bit limbs.
pub const P: [u64; 4] = [
    0x3c208c16d87cfd47,
    0x97816a916871ca8d,
    0xb85045b68181585d,
    0x30644e72e131a029,
];

/// BN254's base-field modulus, the parameter of [`Fp`].
#[derive(Clone, Copy, PartialEq, Eq, Default, Hash, Debug)]
pub struct Bn254Fp;

impl FpParams<4> for Bn254Fp {
    const MODULUS: Modulus<4> = Modulus::new(P);
}

crate::field::be_bytes!(32);

impl Fp {
    /// `k * self + b` for a small `k` (one pass over the limbs and one reduction by a small
    /// multiple of p, instead of a chain of modular doublings and additions).
    #[inline]
    pub fn mul_small_add(self, k: u8, b: Fp) -> Fp {
        Fp::mont(small_lincomb(&self.0, k, &b.0))
    }

    /// `k * self - b` for a small `k` (as [`Fp::mul_small_add`]).
    #[inline]
    pub fn mul_small_sub(self, k: u8, b: Fp) -> Fp {
        // -b = p - b as a plain value in (0, p]; the sum is reduced anyway.
        let (nb, _) = sub_plain(&P, &b.0);
        Fp::mont(small_lincomb(&self.0, k, &nb))
    }
}

impl TowerField for Fp {
    crate::fp2::lazy_fp2_products!();
    /// `a * (9 + u)`: `(9 a0 - a1) + (9 a1 + a0) u`.
    #[inline(always)]
    fn fp2_mul_by_nonresidue(a: Fp2) -> Fp2 {
        Fp2::new(a.c0.mul_small_sub(9, a.c1), a.c1.mul_small_add(9, a.c0))
    }
    /// `xi^((p-1) j / 6)` for `j = 1..=5` (index `j - 1`): the factors the p-power Frobenius puts
    /// on `w^j` in `Fp12` (`w^6 = xi`); `j = 2, 3` are the twist's psi factors of [`super::g2`].
    /// Computed offline (Python, exact integers); checked by `frobenius_matches_power_of_p` in the
    /// tests.
    const FROB1: [Fp2; 5] = [
        fp2(
            [
                0xd60b35dadcc9e470,
                0x5c521e08292f2176,
                0xe8b99fdd76e68b60,
                0x1284b71c2865a7df,
            ],
            [
                0xca5cf05f80f362ac,
                0x747992778eeec7e5,
                0xa6327cfe12150b8e,
                0x246996f3b4fae7e6,
            ],
        ),
        PSI_X,
        PSI_Y,
        fp2(
            [
                0x848a1f55921ea762,
                0xd33365f7be94ec72,
                0x80f3c0b75a181e84,
                0x05b54f5e64eea801,
            ],
            [
                0xc13b4711cd2b8126,
                0x3685d2ea1bdec763,
                0x9f3a80b03b0b1c92,
                0x2c145edbe7fd8aee,
            ],
        ),
        fp2(
            [
                0x2ea2c810eab7692f,
                0x425c459b55aa1bd3,
                0xe93a3661a4353ff4,
                0x0183c1e74f798649,
            ],
            [
                0x24c6b8ee6e0c2c4b,
                0xb080cb99678e2ac0,
                0xa27fb246c7729f7d,
                0x12acf2ca76fd0675,
            ],
        ),
    ];

    /// `xi^((p^2-1) j / 6)` for `j = 1..=5`: all in `Fp` (the `p^2` Frobenius fixes `Fp2`).
    /// `FROB2[2]` is `-1`.
    const FROB2: [Fp; 5] = [
        fp([
            0xe4bd44e5607cfd49,
            0xc28f069fbb966e3d,
            0x5e6dd9e7e0acccb0,
            0x30644e72e131a029,
        ]),
        fp([
            0xe4bd44e5607cfd48,
            0xc28f069fbb966e3d,
            0x5e6dd9e7e0acccb0,
            0x30644e72e131a029,
        ]),
        fp([
            0x3c208c16d87cfd46,
            0x97816a916871ca8d,
            0xb85045b68181585d,
            0x30644e72e131a029,
        ]),
        fp([
            0x5763473177fffffe,
            0xd4f263f1acdb5c4f,
            0x59e26bcea0d48bac,
            0x0000000000000000,
        ]),
        fp([
            0x5763473177ffffff,
            0xd4f263f1acdb5c4f,
            0x59e26bcea0d48bac,
            0x0000000000000000,
        ]),
    ];

    /// `xi^((p^3-1) j / 6)` for `j = 1..=5`.
    const FROB3: [Fp2; 5] = [
        fp2(
            [
                0xe86f7d391ed4a67f,
                0x894cb38dbe55d24a,
                0xefe9608cd0acaa90,
                0x19dc81cfcc82e4bb,
            ],
            [
                0x7694aa2bf4c0c101,
                0x7f03a5e397d439ec,
                0x06cbeee33576139d,
                0x00abf8b60be77d73,
            ],
        ),
        fp2(
            [
                0x7b746ee87bdcfb6d,
                0x805ffd3d5d6942d3,
                0xbaff1c77959f25ac,
                0x0856e078b755ef0a,
            ],
            [
                0x380cab2baaa586de,
                0x0fdf31bf98ff2631,
                0xa9f30e6dec26094f,
                0x04f1de41b3d1766f,
            ],
        ),
        fp2(
            [
                0x5fcc8ad066dce9ed,
                0xbbd689a3bea870f4,
                0xdbf17f1dca9e5ea3,
                0x2a275b6d9896aa4c,
            ],
            [
                0xb94d0cb3b2594c64,
                0x7600ecc7d8cf6eba,
                0xb14b900e9507e932,
                0x28a411b634f09b8f,
            ],
        ),
        fp2(
            [
                0x0e1a92bc3ccbf066,
                0xe633094575b06bcb,
                0x19bee0f7b5b2444e,
                0x0bc58c6611c08dab,
            ],
            [
                0x5fe3ed9d730c239f,
                0xa44a9e08737f96e5,
                0xfeb0f6ef0cd21d04,
                0x23d5e999e1910a12,
            ],
        ),
        fp2(
            [
                0xebde847076261b43,
                0x2ed68098967c84a5,
                0x711699fa3b4d3f69,
                0x13c49044952c0905,
            ],
            [
                0x1f25041384282499,
                0x3e2ddaea20028021,
                0x9fb1b2282a48633d,
                0x16db366a59b1dd0b,
            ],
        ),
    ];
}

/// `xi^((p^2-1) / 3)`, the factor of `-psi^2` on x.
pub const FROB2_1: Fp = <Fp as TowerField>::FROB2[1];

/// A constant `Fp2` from canonical (not Montgomery) little-endian limbs of its two parts.
const fn fp2(c0: [u64; 4], c1: [u64; 4]) -> Fp2 {
    Fp2::new(Fp::from_canonical_limbs(c0), Fp::from_canonical_limbs(c1))
}

/// A constant `Fp` from canonical little-endian limbs.
const fn fp(l: [u64; 4]) -> Fp {
    Fp::from_canonical_limbs(l)
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
    reduce_once(reduce_once([t[0], t[1], t[2], t[3]], &P), &P)
}
