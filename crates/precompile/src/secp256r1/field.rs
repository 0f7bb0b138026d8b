//! Just enough secp256r1 base-field arithmetic to decide whether an affine point is on the
//! curve, on the stack, with the shared `montgomery` kernel (four limbs). It lets P256VERIFY
//! reject a bad key before anything is allocated for aws-lc.

use montgomery::Modulus;

/// Four little-endian 64-bit limbs.
type Limbs = [u64; 4];

/// The field modulus p = 2^256 - 2^224 + 2^192 + 2^96 - 1, little-endian limbs.
const P: Limbs = [
    0xffff_ffff_ffff_ffff,
    0x0000_0000_ffff_ffff,
    0x0000_0000_0000_0000,
    0xffff_ffff_0000_0001,
];

/// The kernel's constants for p.
const FIELD: Modulus<4> = Modulus::new(P);

/// `3 * 2^-256 mod p`: the curve's `-a` at the scale of one Montgomery product.
const THREE_OVER_R: Limbs = [
    0x0000_0009_0000_0002,
    0x0000_0003_ffff_fffa,
    0xffff_fff7_0000_0006,
    0xffff_fffc_0000_0009,
];

/// `b * 2^-512 mod p`: the curve's `b` at the scale of two Montgomery products.
const B_OVER_R2: Limbs = [
    0xe59b_e0a6_4584_a137,
    0xfc35_21eb_9ca0_65a7,
    0x7c17_8684_a0f4_5303,
    0x3081_dc38_d948_431a,
];

/// The limbs of a 32-byte big-endian integer.
fn limbs(be: &[u8; 32]) -> Limbs {
    core::array::from_fn(|i| {
        let at = 32 - 8 * (i + 1);
        u64::from_be_bytes(be[at..at + 8].try_into().expect("8 bytes"))
    })
}

/// `a * b * 2^-256 mod p` for `a, b < p`.
fn mont_mul(a: &Limbs, b: &Limbs) -> Limbs {
    montgomery::mul(a, b, &FIELD)
}

/// Whether the big-endian coordinates `(x, y)`, both below p, satisfy
/// `y^2 = x^3 - 3x + b (mod p)`, compared at the scale `2^-512`:
/// `y^2 / R^2` against `(x^2 / R - 3 / R) * x / R + b / R^2` with `R = 2^256`. `(0, 0)`, which
/// stands for no point, is not on the curve. Values of p or above give an unspecified answer.
pub(crate) fn is_on_curve(x: &[u8; 32], y: &[u8; 32]) -> bool {
    let (x, y) = (limbs(x), limbs(y));
    let lhs = mont_mul(&mont_mul(&y, &y), &[1, 0, 0, 0]);
    let x2_minus_3 = montgomery::sub(&mont_mul(&x, &x), &THREE_OVER_R, &FIELD);
    let rhs = montgomery::add(&mont_mul(&x2_minus_3, &x), &B_OVER_R2, &FIELD);
    lhs == rhs
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_bigint::BigUint;
    use p256::elliptic_curve::{point::AffineCoordinates, Field};
    use p256::{AffinePoint, FieldBytes, ProjectivePoint, Scalar};
    use proptest::prelude::*;

    fn big(l: &Limbs) -> BigUint {
        BigUint::from_slice(
            &l.iter()
                .flat_map(|w| [*w as u32, (w >> 32) as u32])
                .collect::<Vec<_>>(),
        )
    }

    fn p256_says(x: &[u8; 32], y: &[u8; 32]) -> bool {
        AffinePoint::from_coordinates(&FieldBytes::from(*x), &FieldBytes::from(*y))
            .is_some()
            .into()
    }

    #[test]
    fn constants_against_num_bigint() {
        let p = big(&P);
        let r = BigUint::from(1u8) << 256;
        assert_eq!(p, BigUint::from_bytes_be(&super::super::P));
        assert_eq!(big(&THREE_OVER_R) * &r % &p, BigUint::from(3u8));
        let b = BigUint::parse_bytes(
            b"5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604b",
            16,
        )
        .unwrap();
        assert_eq!(big(&B_OVER_R2) * &r * &r % &p, b);
    }

    #[test]
    fn generator_multiples_are_on_the_curve_and_neighbours_are_not() {
        let mut rng = proptest::test_runner::TestRng::deterministic_rng(
            proptest::test_runner::RngAlgorithm::ChaCha,
        );
        for _ in 0..64 {
            let q = (ProjectivePoint::GENERATOR * Scalar::random(&mut rng)).to_affine();
            let (x, y): ([u8; 32], [u8; 32]) = (q.x().into(), q.y().into());
            assert!(is_on_curve(&x, &y));
            let mut y1 = y;
            y1[31] ^= 1;
            assert_eq!(is_on_curve(&x, &y1), p256_says(&x, &y1));
            assert!(!is_on_curve(&x, &y1));
        }
        assert!(!is_on_curve(&[0; 32], &[0; 32]));
    }

    proptest! {
        #[test]
        fn agrees_with_p256_on_field_elements(x in any::<[u8; 32]>(), y in any::<[u8; 32]>()) {
            let below_p = |v: &[u8; 32]| v < &super::super::P;
            prop_assume!(below_p(&x) && below_p(&y));
            prop_assert_eq!(is_on_curve(&x, &y), p256_says(&x, &y));
        }
    }
}
