//! `Fp6 = Fp2[v] / (v^3 - xi)` with `xi = 9 + u`, the middle floor of the BN254 tower.
//!
//! Variable time: pairing inputs are public, so no operation here hides its operands.

use super::fp::Fp;
use super::fp2::Fp2;
use super::g2::{PSI_X, PSI_Y};

/// Karatsuba over three terms, 6 `Fp2` multiplications: the products `[a0 b0, a1 b1, a2 b2]`
/// and the cross sums `[a0 b1 + a1 b0, a0 b2 + a2 b0, a1 b2 + a2 b1]` (each as
/// `(ai + aj)(bi + bj) - ai bi - aj bj`). Shared by [`Fp6::mul`] and the line product of the
/// Miller loop.
#[inline(always)]
pub(crate) fn karatsuba3(a: [Fp2; 3], b: [Fp2; 3]) -> ([Fp2; 3], [Fp2; 3]) {
    let v = [a[0].mul(b[0]), a[1].mul(b[1]), a[2].mul(b[2])];
    let cross = |i: usize, j: usize| a[i].add(a[j]).mul(b[i].add(b[j])).sub(v[i]).sub(v[j]);
    (v, [cross(0, 1), cross(0, 2), cross(1, 2)])
}

/// An element `c0 + c1 v + c2 v^2` of `Fp6`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fp6 {
    /// Coefficient of 1.
    pub c0: Fp2,
    /// Coefficient of `v`.
    pub c1: Fp2,
    /// Coefficient of `v^2`.
    pub c2: Fp2,
}

/// A constant `Fp2` from canonical (not Montgomery) little-endian limbs of its two parts.
const fn fp2(c0: [u64; 4], c1: [u64; 4]) -> Fp2 {
    Fp2::new(Fp::from_canonical_limbs(c0), Fp::from_canonical_limbs(c1))
}

/// A constant `Fp` from canonical little-endian limbs.
const fn fp(l: [u64; 4]) -> Fp {
    Fp::from_canonical_limbs(l)
}

/// `xi^((p-1) j / 6)` for `j = 1..=5` (index `j - 1`): the factors the p-power Frobenius puts
/// on `w^j` in `Fp12` (`w^6 = xi`); `j = 2, 3` are the twist's psi factors of [`super::g2`].
/// Computed offline (Python, exact integers); checked by `frobenius_matches_power_of_p` in the
/// tests.
pub(crate) const FROB1: [Fp2; 5] = [
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
pub(crate) const FROB2: [Fp; 5] = [
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
pub(crate) const FROB3: [Fp2; 5] = [
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

impl Fp6 {
    /// Zero.
    pub const ZERO: Fp6 = Fp6::new(Fp2::ZERO, Fp2::ZERO, Fp2::ZERO);
    /// One.
    pub const ONE: Fp6 = Fp6::new(Fp2::ONE, Fp2::ZERO, Fp2::ZERO);

    /// `c0 + c1 v + c2 v^2`.
    pub const fn new(c0: Fp2, c1: Fp2, c2: Fp2) -> Fp6 {
        Fp6 { c0, c1, c2 }
    }

    /// `self + o`.
    #[inline]
    pub fn add(&self, o: &Fp6) -> Fp6 {
        Fp6::new(self.c0.add(o.c0), self.c1.add(o.c1), self.c2.add(o.c2))
    }

    /// `self - o`.
    #[inline]
    pub fn sub(&self, o: &Fp6) -> Fp6 {
        Fp6::new(self.c0.sub(o.c0), self.c1.sub(o.c1), self.c2.sub(o.c2))
    }

    /// `-self`.
    #[inline]
    pub fn neg(&self) -> Fp6 {
        Fp6::new(self.c0.neg(), self.c1.neg(), self.c2.neg())
    }

    /// `2 self`.
    #[inline]
    pub fn double(&self) -> Fp6 {
        Fp6::new(self.c0.double(), self.c1.double(), self.c2.double())
    }

    /// `self * v`: `(xi c2, c0, c1)`, since `v^3 = xi`.
    #[inline]
    pub fn mul_by_v(&self) -> Fp6 {
        Fp6::new(self.c2.mul_by_nonresidue(), self.c0, self.c1)
    }

    /// `self * s` for `s` in `Fp2`.
    #[inline]
    pub fn mul_by_fp2(&self, s: Fp2) -> Fp6 {
        Fp6::new(self.c0.mul(s), self.c1.mul(s), self.c2.mul(s))
    }

    /// `self * o` by Karatsuba over the three coefficients: 6 `Fp2` multiplications.
    #[inline]
    pub fn mul(&self, o: &Fp6) -> Fp6 {
        let ([v0, v1, v2], [t01, t02, t12]) =
            karatsuba3([self.c0, self.c1, self.c2], [o.c0, o.c1, o.c2]);
        // t12 = a1 b2 + a2 b1 is the v^3 = xi part.
        Fp6::new(
            v0.add(t12.mul_by_nonresidue()),
            t01.add(v2.mul_by_nonresidue()),
            t02.add(v1),
        )
    }

    /// `self * (b0 + b1 v)`: the sparse product of line evaluation, 5 `Fp2` multiplications.
    #[inline]
    pub fn mul_by_01(&self, b0: Fp2, b1: Fp2) -> Fp6 {
        let (a0, a1, a2) = (self.c0, self.c1, self.c2);
        let v0 = a0.mul(b0);
        let v1 = a1.mul(b1);
        let t12 = a1.add(a2).mul(b1).sub(v1); // a2 b1
        let t01 = a0.add(a1).mul(b0.add(b1)).sub(v0).sub(v1);
        let t02 = a0.add(a2).mul(b0).sub(v0); // a2 b0
        Fp6::new(v0.add(t12.mul_by_nonresidue()), t01, t02.add(v1))
    }

    /// `self^2` by Chung and Hasan's SQR2: 2 `Fp2` multiplications and 3 squarings.
    #[inline]
    pub fn square(&self) -> Fp6 {
        let (a0, a1, a2) = (self.c0, self.c1, self.c2);
        let s0 = a0.square();
        let s1 = a0.mul(a1).double();
        let s2 = a0.sub(a1).add(a2).square();
        let s3 = a1.mul(a2).double();
        let s4 = a2.square();
        Fp6::new(
            s0.add(s3.mul_by_nonresidue()),
            s1.add(s4.mul_by_nonresidue()),
            s1.add(s2).add(s3).sub(s0).sub(s4),
        )
    }

    /// `self^-1`, or `None` for zero: the adjugate over the norm to `Fp2`.
    pub fn inverse(&self) -> Option<Fp6> {
        let (a0, a1, a2) = (self.c0, self.c1, self.c2);
        let t0 = a0.square().sub(a1.mul(a2).mul_by_nonresidue());
        let t1 = a2.square().mul_by_nonresidue().sub(a0.mul(a1));
        let t2 = a1.square().sub(a0.mul(a2));
        let norm = a0
            .mul(t0)
            .add(a2.mul(t1).add(a1.mul(t2)).mul_by_nonresidue());
        let inv = norm.inverse()?;
        Some(Fp6::new(t0.mul(inv), t1.mul(inv), t2.mul(inv)))
    }
}
