//! Fp and Fp2 against ark-bn254's `Fq` and `Fq2`: edge values and proptest on random ones.

use crate::bn254::fp::{Bn254Fp, P};
use crate::bn254::{Fp, Fp2};
use crate::field::FpParams;
use ark_bn254::{Fq, Fq2};
use ark_ff::{AdditiveGroup, BigInt, Field, PrimeField};
use proptest::prelude::*;

pub(super) fn to_ark(a: Fp) -> Fq {
    Fq::from_bigint(BigInt::new(a.to_canonical_limbs())).expect("below p")
}

pub(super) fn from_ark(a: Fq) -> Fp {
    Fp::from_limbs(&a.into_bigint().0).expect("below p")
}

pub(super) fn to_ark2(a: Fp2) -> Fq2 {
    Fq2::new(to_ark(a.c0), to_ark(a.c1))
}

pub(super) fn from_ark2(a: Fq2) -> Fp2 {
    Fp2::new(from_ark(a.c0), from_ark(a.c1))
}

const P_MINUS_1: [u64; 4] = [P[0] - 1, P[1], P[2], P[3]];

/// 0, 1, 2, p - 1, p - 2, (p - 1) / 2, R mod p and 2^253.
fn edge_values() -> Vec<Fp> {
    let half = [
        (P[0] >> 1) | (P[1] << 63),
        (P[1] >> 1) | (P[2] << 63),
        (P[2] >> 1) | (P[3] << 63),
        P[3] >> 1,
    ];
    [
        [0, 0, 0, 0],
        [1, 0, 0, 0],
        [2, 0, 0, 0],
        P_MINUS_1,
        [P[0] - 2, P[1], P[2], P[3]],
        half,
        Fp::ONE.to_raw_montgomery(),
        [0, 0, 0, 1 << 61],
    ]
    .iter()
    .map(|l| Fp::from_limbs(l).expect("below p"))
    .collect()
}

fn be(l: &[u64; 4]) -> [u8; 32] {
    let mut b = [0u8; 32];
    for (i, limb) in l.iter().enumerate() {
        b[24 - 8 * i..32 - 8 * i].copy_from_slice(&limb.to_be_bytes());
    }
    b
}

/// The little-endian limbs of a 32-byte big-endian integer.
fn limbs(b: &[u8; 32]) -> [u64; 4] {
    core::array::from_fn(|i| u64::from_be_bytes(b[24 - 8 * i..32 - 8 * i].try_into().unwrap()))
}

#[test]
fn encoding_rejects_p_and_above() {
    assert_eq!(Fp::from_be_bytes(&be(&P)), None);
    assert_eq!(Fp::from_be_bytes(&[0xff; 32]), None);
    assert_eq!(Fp::from_be_bytes(&be(&[P[0] + 1, P[1], P[2], P[3]])), None);
    let max = Fp::from_be_bytes(&be(&P_MINUS_1)).expect("p - 1 is valid");
    assert_eq!(max, -Fp::ONE);
    assert_eq!(max.to_be_bytes(), be(&P_MINUS_1));
    assert_eq!(Fp::from_be_bytes(&[0; 32]), Some(Fp::ZERO));
}

#[test]
fn constants_and_const_builders() {
    assert_eq!(to_ark(Fp::ONE), Fq::from(1u64));
    assert_eq!(Fp::from_u64(7), Fp::from_canonical_limbs([7, 0, 0, 0]));
    assert_eq!(Fp::from_canonical_limbs(P), Fp::ZERO);
    assert_eq!(Fp::from_canonical_limbs(P_MINUS_1), -Fp::ONE);
    assert_eq!(
        Fp::from_raw_montgomery(Fp::from_u64(5).to_raw_montgomery()),
        Fp::from_u64(5)
    );
    assert_eq!(Fp::from_canonical_limbs([u64::MAX; 4]), {
        // 2^256 - 1 mod p, computed by ark.
        let v = Fq::from_le_bytes_mod_order(&[0xff; 32]);
        from_ark(v)
    });
    assert_eq!(Fp2::ONE.mul(Fp2::ONE), Fp2::ONE);
    assert!(Fp2::ZERO.is_zero() && Fp::ZERO.is_zero() && !Fp::ONE.is_zero());
}

#[test]
fn small_multiple_reciprocal_is_floor_of_2_pow_282_over_p() {
    use crate::bn254::fp::RECIP_P_282;
    use num_bigint::BigUint;
    let p = BigUint::from_slice(&P.map(|l| [l as u32, (l >> 32) as u32]).concat());
    let m = BigUint::from(RECIP_P_282);
    let two_282 = BigUint::from(1u8) << 282;
    assert!(&m * &p <= two_282 && two_282 < (&m + 1u8) * &p);
    // The largest sums the estimate sees: 255 * (p - 1) + (p - 1).
    let top = -Fp::ONE;
    assert_eq!(to_ark(top.mul_small_add(255, top)), -Fq::from(256u64));
}

fn check_fp(a: Fp, b: Fp) {
    let (x, y) = (to_ark(a), to_ark(b));
    assert_eq!(to_ark(a + b), x + y);
    assert_eq!(to_ark(a - b), x - y);
    assert_eq!(to_ark(a * b), x * y);
    assert_eq!(to_ark(-a), -x);
    assert_eq!(to_ark(a.double()), x.double());
    assert_eq!(to_ark(a.square()), x.square());
    assert_eq!(a.inverse().map(to_ark), x.inverse());
    assert_eq!(a.sqrt().is_some(), x.sqrt().is_some());
    if let Some(r) = a.sqrt() {
        assert_eq!(r.square(), a);
    }
    assert_eq!(Fp::from_be_bytes(&a.to_be_bytes()), Some(a));
    for k in [0u8, 1, 2, 9, 17, 255] {
        assert_eq!(to_ark(a.mul_small_add(k, b)), x * Fq::from(k) + y);
        assert_eq!(to_ark(a.mul_small_sub(k, b)), x * Fq::from(k) - y);
    }
}

fn check_fp2(a: Fp2, b: Fp2) {
    let (x, y) = (to_ark2(a), to_ark2(b));
    assert_eq!(to_ark2(a + b), x + y);
    assert_eq!(to_ark2(a - b), x - y);
    assert_eq!(to_ark2(a * b), x * y);
    assert_eq!(to_ark2(-a), -x);
    assert_eq!(to_ark2(a.double()), x.double());
    assert_eq!(to_ark2(a.square()), x.square());
    assert_eq!(
        to_ark2(a.mul_by_fp(b.c0)),
        x * Fq2::new(y.c0, Fq::from(0u64))
    );
    assert_eq!(
        to_ark2(a.mul_by_nonresidue()),
        x * Fq2::new(Fq::from(9u64), Fq::from(1u64))
    );
    let mut conj = x;
    conj.conjugate_in_place();
    assert_eq!(to_ark2(a.conjugate()), conj);
    for power in 0..4 {
        let mut f = x;
        f.frobenius_map_in_place(power);
        assert_eq!(to_ark2(a.frobenius_map(power)), f);
    }
    assert_eq!(a.inverse().map(to_ark2), x.inverse());
}

#[test]
fn edge_values_match_ark() {
    let e = edge_values();
    for &a in &e {
        for &b in &e {
            check_fp(a, b);
            for &c in &e {
                check_fp2(Fp2::new(a, b), Fp2::new(c, a));
            }
        }
    }
}

fn fp_strategy() -> impl Strategy<Value = Fp> {
    any::<[u8; 32]>().prop_map(|b| from_ark(Fq::from_be_bytes_mod_order(&b)))
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 512,
        rng_seed: proptest::test_runner::RngSeed::Fixed(0xf2),
        failure_persistence: None,
        ..ProptestConfig::default()
    })]
    #[test]
    fn random_fp_ops_match_ark(a in fp_strategy(), b in fp_strategy()) {
        check_fp(a, b);
    }

    #[test]
    fn random_fp2_ops_match_ark(
        a in fp_strategy(), b in fp_strategy(), c in fp_strategy(), d in fp_strategy()
    ) {
        check_fp2(Fp2::new(a, b), Fp2::new(c, d));
    }

    #[test]
    fn decoding_matches_the_range_rule(bytes in any::<[u8; 32]>()) {
        let ark = Fq::from_bigint(BigInt::new(limbs(&bytes)));
        prop_assert_eq!(Fp::from_be_bytes(&bytes).map(to_ark), ark);
    }
}

#[test]
fn inversion_matches_fermat_on_edge_values() {
    for a in edge_values() {
        assert_eq!(a.inverse(), a.inverse_fermat());
        if let Some(i) = a.inverse() {
            assert_eq!(i * a, Fp::ONE);
        }
    }
    // Plain-integer inversion: 0 and values >= p have none.
    let inverse_mod_p = |x: &[u64; 4]| montgomery::inverse_vartime(x, &Bn254Fp::MODULUS);
    assert_eq!(inverse_mod_p(&[0; 4]), None);
    assert_eq!(inverse_mod_p(&P), None);
    assert_eq!(inverse_mod_p(&[u64::MAX; 4]), None);
    assert_eq!(inverse_mod_p(&[1, 0, 0, 0]), Some([1, 0, 0, 0]));
    assert_eq!(inverse_mod_p(&P_MINUS_1), Some(P_MINUS_1));
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 4096,
        rng_seed: proptest::test_runner::RngSeed::Fixed(0x1417),
        failure_persistence: None,
        ..ProptestConfig::default()
    })]
    #[test]
    fn inversion_matches_ark(a in fp_strategy(), small in any::<u64>(), shift in 0u32..254) {
        prop_assert_eq!(a.inverse().map(to_ark), to_ark(a).inverse());
        // Sparse values (few bits set, long zero runs) exercise the batched zero skipping.
        let mut l = [0u64; 4];
        l[(shift / 64) as usize] = 1 << (shift % 64);
        l[0] |= small & 0xff;
        let s = Fp::from_limbs(&l).expect("below p");
        prop_assert_eq!(s.inverse().map(to_ark), to_ark(s).inverse());
    }
}
