//! The BLS12-381 base field Fp, p = 0x1a0111ea...ffffaaab (381 bits), on the shared
//! Montgomery kernel (`montgomery`, six 64-bit limbs): [`crate::field::Fp`] with BLS12-381's
//! modulus, the tower's non-residue `xi = 1 + u` and its Frobenius constants. The Montgomery
//! form (`a * 2^384 mod p`, fully reduced, six little-endian limbs) is blst's `blst_fp` too.

use super::{Fp, Fp2, Fp6};
use crate::field::FpParams;
use crate::fp2::TowerField;
use crate::kernel::with_kernel;
use crate::tower_lazy;
use montgomery::Modulus;

/// p as six little-endian 64-bit limbs.
pub const P: [u64; 6] = [
    0xb9feffffffffaaab,
    0x1eabfffeb153ffff,
    0x6730d2a0f6b0f624,
    0x64774b84f38512bf,
    0x4b1ba7b6434bacd7,
    0x1a0111ea397fe69a,
];

/// Canonical limbs that several Frobenius constants (and psi's) share; each constant is
/// checked against exponentiation in the tests.
pub(crate) const FROB_A: [u64; 6] = [
    0xc81084fbede3cc09,
    0xee67992f72ec05f4,
    0x77f76e17009241c5,
    0x48395dabc2d3435e,
    0x6831e36d6bd17ffe,
    0x06af0e0437ff400b,
];

/// Canonical limbs that several Frobenius constants (and psi's) share; each constant is
/// checked against exponentiation in the tests.
pub(crate) const FROB_B: [u64; 6] = [
    0xf1ee7b04121bdea2,
    0x304466cf3e67fa0a,
    0xef396489f61eb45e,
    0x1c3dedd930b1cf60,
    0xe2e9c448d77a2cd9,
    0x135203e60180a68e,
];

/// Canonical limbs that several Frobenius constants (and psi's) share; each constant is
/// checked against exponentiation in the tests.
pub(crate) const FROB_C: [u64; 6] = [
    0x8bfd00000000aaac,
    0x409427eb4f49fffd,
    0x897d29650fb85f9b,
    0xaa0d857d89759ad4,
    0xec02408663d4de85,
    0x1a0111ea397fe699,
];

/// Canonical limbs that several Frobenius constants (and psi's) share; each constant is
/// checked against exponentiation in the tests.
pub(crate) const FROB_D: [u64; 6] = [
    0x8bfd00000000aaad,
    0x409427eb4f49fffd,
    0x897d29650fb85f9b,
    0xaa0d857d89759ad4,
    0xec02408663d4de85,
    0x1a0111ea397fe699,
];

/// `p - 1` (canonical limbs): `-1`, a Frobenius factor.
pub(crate) const P_MINUS_1: [u64; 6] = [
    0xb9feffffffffaaaa,
    0x1eabfffeb153ffff,
    0x6730d2a0f6b0f624,
    0x64774b84f38512bf,
    0x4b1ba7b6434bacd7,
    0x1a0111ea397fe69a,
];

/// BLS12-381's base-field modulus, the parameter of [`Fp`].
#[derive(Clone, Copy, PartialEq, Eq, Default, Hash, Debug)]
pub struct Bls12Fp;

impl FpParams<6> for Bls12Fp {
    const MODULUS: Modulus<6> = Modulus::new(P);
}

crate::field::be_bytes!(48);

impl TowerField for Fp {
    /// Lazy reduction ([`crate::fp2::lazy_mul`]), out of line: a call costs less than the
    /// code of every inlined copy.
    #[inline(never)]
    fn fp2_mul(a: Fp2, b: Fp2) -> Fp2 {
        with_kernel!(k => crate::fp2::mul_with(k, a, b))
    }
    /// Lazy reduction ([`crate::fp2::lazy_square`]), out of line.
    #[inline(never)]
    fn fp2_square(a: Fp2) -> Fp2 {
        with_kernel!(k => crate::fp2::square_with(k, a))
    }
    /// Lazy reduction (unreduced `Fp2` products, [`crate::tower_lazy`]), out of line.
    #[inline(never)]
    fn fp6_mul(a: &Fp6, b: &Fp6) -> Fp6 {
        with_kernel!(k => tower_lazy::fp6_mul_with(k, a, b))
    }
    /// Lazy reduction (unreduced `Fp2` products, [`crate::tower_lazy`]), out of line.
    #[inline(never)]
    fn fp6_mul_by_01(a: &Fp6, b0: Fp2, b1: Fp2) -> Fp6 {
        with_kernel!(k => tower_lazy::fp6_mul_by_01_with(k, a, b0, b1))
    }
    /// Lazy reduction ([`tower_lazy::fp4_square`]), out of line.
    #[inline(never)]
    fn fp4_square(a: Fp2, b: Fp2) -> (Fp2, Fp2) {
        with_kernel!(k => tower_lazy::fp4_square_with(k, a, b))
    }
    /// `a * (1 + u)`: `(a0 - a1) + (a0 + a1) u`.
    #[inline(always)]
    fn fp2_mul_by_nonresidue(a: Fp2) -> Fp2 {
        Fp2::new(a.c0.sub(a.c1), a.c0.add(a.c1))
    }
    /// `xi^((p-1) j / 6)` for `j = 1..=5`. Computed offline (Python, exact integers); checked
    /// by `frobenius_matches_power_of_p` in the tests.
    const FROB1: [Fp2; 5] = [
        fp2(
            [
                0x8d0775ed92235fb8,
                0xf67ea53d63e7813d,
                0x7b2443d784bab9c4,
                0x0fd603fd3cbd5f4f,
                0xc231beb4202c0d1f,
                0x1904d3bf02bb0667,
            ],
            [
                0x2cf78a126ddc4af3,
                0x282d5ac14d6c7ec2,
                0xec0c8ec971f63c5f,
                0x54a14787b6c7b36f,
                0x88e9e902231f9fb8,
                0x00fc3e2b36c4e032,
            ],
        ),
        fp2([0; 6], FROB_C),
        fp2(FROB_A, FROB_A),
        fp2(FROB_D, [0; 6]),
        fp2(
            [
                0x9b18fae980078116,
                0xc63a3e6e257f8732,
                0x8beadf4d8e9c0566,
                0xf39816240c0b8fee,
                0xdf47fa6b48b1e045,
                0x05b2cfd9013a5fd8,
            ],
            [
                0x1ee605167ff82995,
                0x5871c1908bd478cd,
                0xdb45f3536814f0bd,
                0x70df3560e77982d0,
                0x6bd3ad4afa99cc91,
                0x144e4211384586c1,
            ],
        ),
    ];
    /// `xi^((p^2-1) j / 6)` for `j = 1..=5`, all in Fp.
    const FROB2: [Fp; 5] = [
        Fp::from_canonical_limbs([
            0x2e01fffffffeffff,
            0xde17d813620a0002,
            0xddb3a93be6f89688,
            0xba69c6076a0f77ea,
            0x5f19672fdf76ce51,
            0,
        ]),
        Fp::from_canonical_limbs([
            0x2e01fffffffefffe,
            0xde17d813620a0002,
            0xddb3a93be6f89688,
            0xba69c6076a0f77ea,
            0x5f19672fdf76ce51,
            0,
        ]),
        Fp::from_canonical_limbs(P_MINUS_1),
        Fp::from_canonical_limbs(FROB_C),
        Fp::from_canonical_limbs(FROB_D),
    ];
    /// `xi^((p^3-1) j / 6)` for `j = 1..=5`.
    const FROB3: [Fp2; 5] = [
        fp2(FROB_B, FROB_A),
        fp2([0; 6], [1, 0, 0, 0, 0, 0]),
        fp2(FROB_B, FROB_B),
        fp2(P_MINUS_1, [0; 6]),
        fp2(FROB_A, FROB_B),
    ];
}

/// A constant `Fp2` from canonical (not Montgomery) little-endian limbs of its two parts.
pub(crate) const fn fp2(c0: [u64; 6], c1: [u64; 6]) -> Fp2 {
    Fp2::new(Fp::from_canonical_limbs(c0), Fp::from_canonical_limbs(c1))
}
