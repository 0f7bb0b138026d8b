use super::*;
use crate::test_vectors::{check_vectors, load as geth_vectors};
use crate::PrecompileError;
use p256::ecdsa::{signature::hazmat::PrehashSigner, Signature, SigningKey};
use proptest::prelude::*;

#[test]
fn p_minus_n() {
    let big = |b: &[u8; 32]| num_bigint::BigUint::from_bytes_be(b);
    assert_eq!(big(&P) - big(&N), big(&P_MINUS_N));
}

fn one() -> Vec<u8> {
    crate::encoding::bool_word(true).to_vec()
}

/// A valid 160-byte input signed with a fixed key over `hash`.
pub(super) fn signed(hash: [u8; 32]) -> Vec<u8> {
    let key = SigningKey::from_slice(&[0x42; 32]).unwrap();
    let sig: Signature = key.sign_prehash(&hash).unwrap();
    let point = key.verifying_key().to_sec1_point(false);
    [&hash[..], &sig.to_bytes()[..], &point.as_bytes()[1..]].concat()
}

pub(super) fn sub_be(a: &[u8; 32], b: &[u8]) -> [u8; 32] {
    let mut out = [0u8; 32];
    let mut borrow = 0i16;
    for i in (0..32).rev() {
        let d = a[i] as i16 - b[i] as i16 - borrow;
        borrow = (d < 0) as i16;
        out[i] = d.rem_euclid(256) as u8;
    }
    out
}

#[test]
fn geth_vectors_eip7951() {
    let n = check_vectors(&OSAKA, "p256Verify.json");
    println!("{n} p256 vectors");
}

#[test]
fn geth_vectors_rip7212_differ_only_on_large_x() {
    let Some(vs) = geth_vectors("p256Verify.json") else {
        return;
    };
    let mut differing = 0;
    for v in vs {
        let out = RIP7212.run(&v.input, 3450).unwrap();
        assert_eq!(out.gas_used, 3450);
        let expected = v.expected.unwrap();
        if out.bytes != expected {
            // Only an accepted signature whose R'.x is r + n (so r < p - n) may differ.
            assert_eq!(expected, one(), "{}", v.name);
            assert!(v.input[32..64] < P_MINUS_N[..], "{}", v.name);
            differing += 1;
        }
    }
    println!("{differing} vectors rejected by RIP-7212's exact comparison");
}

#[test]
fn rustcrypto_backend_matches_vectors() {
    let Some(vs) = geth_vectors("p256Verify.json") else {
        return;
    };
    for v in vs {
        let exp = v.expected.unwrap() == one();
        assert_eq!(rustcrypto::verify_eip7951(&v.input), exp, "{}", v.name);
        assert_eq!(awslc::verify_eip7951(&v.input), exp, "{}", v.name);
        #[cfg(feature = "aws-lc")]
        assert_eq!(awslc_ffi::verify_eip7951(&v.input), exp, "{}", v.name);
    }
}

#[test]
fn valid_signature_high_s_and_gas() {
    let input = signed([7; 32]);
    assert_eq!(
        OSAKA.run(&input, 6900).unwrap(),
        PrecompileOutput::new(6900, one())
    );
    assert_eq!(
        RIP7212.run(&input, 3450).unwrap(),
        PrecompileOutput::new(3450, one())
    );
    // (r, n - s) verifies as well: no low-s rule.
    let mut high = input.clone();
    let s: [u8; 32] = input[64..96].try_into().unwrap();
    high[64..96].copy_from_slice(&sub_be(&N, &s));
    assert!(verify_eip7951(&high));
    assert!(verify_rip7212(&high));
    // Flipping a hash bit breaks it.
    let mut bad = input.clone();
    bad[0] ^= 1;
    assert!(!verify_eip7951(&bad));
    assert_eq!(
        OSAKA.run(&bad, 7000).unwrap(),
        PrecompileOutput::new(6900, vec![])
    );
}

#[test]
fn hash_is_used_modulo_n() {
    // A hash >= n verifies like hash - n.
    let big = [0xff; 32];
    let input = signed(big);
    assert!(verify_eip7951(&input));
    let mut reduced = input.clone();
    reduced[..32].copy_from_slice(&sub_be(&big, &N));
    assert!(verify_eip7951(&reduced));
    assert!(verify_rip7212(&reduced));
}

#[test]
fn failures_return_empty_output_and_charge_gas() {
    let good = signed([9; 32]);
    let check = |input: &[u8]| {
        assert_eq!(
            OSAKA.run(input, 6900).unwrap(),
            PrecompileOutput::new(6900, vec![])
        );
        assert_eq!(
            RIP7212.run(input, 3450).unwrap(),
            PrecompileOutput::new(3450, vec![])
        );
    };
    check(&[]);
    check(&good[..159]);
    check(&[good.clone(), vec![0]].concat());
    let with = |at: usize, v: &[u8; 32]| {
        let mut i = good.clone();
        i[at..at + 32].copy_from_slice(v);
        i
    };
    let zero = [0u8; 32];
    check(&with(32, &zero)); // r = 0
    check(&with(64, &zero)); // s = 0
    check(&with(32, &N)); // r = n
    check(&with(64, &N)); // s = n
    check(&with(32, &[0xff; 32])); // r > n
    check(&with(96, &P)); // qx = p
    check(&with(128, &P)); // qy = p
    let mut zero_key = good.clone();
    zero_key[96..].fill(0); // (0, 0): "infinity", not on the curve
    check(&zero_key);
    let mut off_curve = good.clone();
    off_curve[159] ^= 1;
    check(&off_curve);
    assert_eq!(OSAKA.run(&good, 6899), Err(PrecompileError::OutOfGas));
    assert_eq!(RIP7212.run(&[], 3449), Err(PrecompileError::OutOfGas));
    assert_eq!(OSAKA.required_gas(&[0; 1000]), 6900);
    assert_eq!(RIP7212.required_gas(&[]), 3450);
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 64,
        rng_seed: proptest::test_runner::RngSeed::Fixed(0x256),
        failure_persistence: None,
        ..ProptestConfig::default()
    })]
    #[test]
    fn arbitrary_input_never_panics(
        input in prop_oneof![
            proptest::collection::vec(any::<u8>(), 0..400),
            proptest::collection::vec(any::<u8>(), 160..=160),
        ],
        gas_limit in prop_oneof![any::<u64>(), 0u64..10_000],
    ) {
        for p in [OSAKA, RIP7212] {
            let gas = p.required_gas(&input);
            match p.run(&input, gas_limit) {
                Ok(out) => {
                    prop_assert!(out.gas_used <= gas_limit);
                    prop_assert_eq!(out.gas_used, gas);
                    prop_assert!(out.bytes.is_empty() || out.bytes == one());
                }
                Err(e) => {
                    prop_assert_eq!(e, PrecompileError::OutOfGas);
                    prop_assert!(gas > gas_limit);
                }
            }
        }
    }
}

/// A signature whose `R'` has x-coordinate `r + n` (possible when `r < p - n`): EIP-7951
/// accepts it (`R'.x mod n == r`), RIP-7212's exact comparison rejects it.
#[test]
fn rip7212_compares_x_exactly() {
    use p256::elliptic_curve::{
        ff::PrimeField, point::DecompressPoint, sec1::ToSec1Point, subtle::Choice,
    };
    use p256::{AffinePoint, FieldBytes, ProjectivePoint, Scalar};
    // R: the first point whose x is n + i (i = r) for small i.
    let (r_int, big_r) = (1u8..)
        .find_map(|i| {
            let mut x = N;
            x[31] += i; // n ends in 0x51: no carry for small i
            let pt: Option<AffinePoint> =
                AffinePoint::decompress(&FieldBytes::from(x), Choice::from(0)).into();
            pt.map(|p| (i, p))
        })
        .unwrap();
    let mut r_bytes = [0u8; 32];
    r_bytes[31] = r_int;
    let r = Scalar::from_repr(FieldBytes::from(r_bytes)).unwrap();
    // s = 1, e = 1: R' = e/s G + r/s Q = G + r Q, so Q = (R - G) / r gives R' = R.
    let q = (ProjectivePoint::from(big_r) - ProjectivePoint::GENERATOR) * r.invert().unwrap();
    let q = q.to_affine().to_sec1_point(false);
    let mut e1 = [0u8; 32];
    e1[31] = 1;
    let input = [&e1[..], &r_bytes[..], &e1[..], &q.as_bytes()[1..]].concat();
    assert!(verify_eip7951(&input));
    assert!(!verify_rip7212(&input));
    assert_eq!(OSAKA.run(&input, 6900).unwrap().bytes, one());
    assert_eq!(RIP7212.run(&input, 3450).unwrap().bytes, Vec::<u8>::new());
}

/// This build's backend (native) and the safe
/// `aws-lc-rs` path (the oracle) agree on every geth vector and on single-byte corruptions of a
/// valid input (key off the curve, wrong r/s/hash, ...).
#[test]
fn default_backend_matches_safe_awslc() {
    for v in geth_vectors("p256Verify.json").unwrap_or_default() {
        assert_eq!(
            verify_eip7951(&v.input),
            awslc::verify_eip7951(&v.input),
            "{}",
            v.name
        );
    }
    let input = signed([3; 32]);
    assert!(verify_eip7951(&input));
    for i in 0..INPUT_LEN {
        for bit in [0x01u8, 0x80] {
            let mut bad = input.clone();
            bad[i] ^= bit;
            assert_eq!(
                verify_eip7951(&bad),
                awslc::verify_eip7951(&bad),
                "byte {i} bit {bit:#x}"
            );
        }
    }
}

/// A key off the curve (x = 0, y = 0, both 0, or y off by one) fails `parse` itself, before
/// any arithmetic; the same input with the valid key passes it.
#[test]
fn off_curve_keys_fail_parse() {
    let good = signed([5; 32]);
    assert!(parse(&good).is_some());
    let with_key = |qx: Option<[u8; 32]>, qy: Option<[u8; 32]>| {
        let mut i = good.clone();
        if let Some(x) = qx {
            i[96..128].copy_from_slice(&x);
        }
        if let Some(y) = qy {
            i[128..].copy_from_slice(&y);
        }
        i
    };
    let mut y_plus_one: [u8; 32] = good[128..].try_into().unwrap();
    y_plus_one[31] ^= 1;
    for bad in [
        with_key(Some([0; 32]), None),
        with_key(None, Some([0; 32])),
        with_key(Some([0; 32]), Some([0; 32])),
        with_key(None, Some(y_plus_one)),
    ] {
        assert!(parse(&bad).is_none());
        assert!(!verify_eip7951(&bad) && !verify_rip7212(&bad));
        assert!(!rustcrypto::verify_eip7951(&bad));
    }
}
