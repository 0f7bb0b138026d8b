use super::*;
use crate::encoding::bool_word;
use crate::test_vectors::check_vectors;
use crate::Precompile;
use crate::{Group, PrecompileError};
use proptest::prelude::*;
use testkit::constants::{BN254_P as P, BN254_R as R};

mod codec;
mod pairing_check;
#[path = "../../../curves/src/bn254/tests/twist.rs"]
mod twist;

fn h(s: &str) -> Vec<u8> {
    hex::decode(s).unwrap()
}

const G1_GEN: &str = "00000000000000000000000000000000000000000000000000000000000000010000000000000000000000000000000000000000000000000000000000000002";
const G1_2GEN: &str = "030644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd315ed738c0e0a7c92e7845f96b2ae9c0a68a6a449e3538fc7ff3ebf7a5a18a2c4";
// The standard G2 generator in EIP-197 order (x.c1, x.c0, y.c1, y.c0).
const G2_GEN: &str = "198e9393920d483a7260bfb731fb5d25f1aa493335a9e71297e485b7aef312c21800deef121f1e76426a00665e5c4479674322d4f75edadd46debd5cd992f6ed090689d0585ff075ec9e99ad690c3395bc4b313370b38ef355acdadcd122975b12c85ea5db8c6deb4aab71808dcb408fe3d1e7690c43d37b4ce6cc0166fa7daa";

#[test]
fn geth_vectors_pass() {
    let n = check_vectors(&add::ISTANBUL, "bn256Add.json")
        + check_vectors(&mul::ISTANBUL, "bn256ScalarMul.json")
        + check_vectors(&pairing::ISTANBUL, "bn256Pairing.json");
    println!("{n} bn254 vectors");
}

#[cfg(feature = "substrate-bn")]
#[test]
fn substrate_backend_matches_vectors() {
    for (file, kind) in [
        ("bn256Add.json", 0),
        ("bn256ScalarMul.json", 1),
        ("bn256Pairing.json", 2),
    ] {
        let Some(vs) = crate::test_vectors::load(file) else {
            return;
        };
        for v in vs {
            let exp = v.expected.unwrap();
            let got = match kind {
                0 => substrate_bn::g1_add(&crate::encoding::right_pad(&v.input))
                    .unwrap()
                    .to_vec(),
                1 => substrate_bn::g1_mul(&crate::encoding::right_pad(&v.input))
                    .unwrap()
                    .to_vec(),
                _ => bool_word(substrate_bn::pairing_check(&v.input).unwrap()).to_vec(),
            };
            assert_eq!(got, exp, "{file} {}", v.name);
        }
    }
}

#[test]
fn gas_rules() {
    assert_eq!(add::BYZANTIUM.required_gas(&[]), 500);
    assert_eq!(add::ISTANBUL.required_gas(&[1; 1000]), 150);
    assert_eq!(mul::BYZANTIUM.required_gas(&[]), 40_000);
    assert_eq!(mul::ISTANBUL.required_gas(&[]), 6_000);
    assert_eq!(pairing::BYZANTIUM.required_gas(&[]), 100_000);
    assert_eq!(pairing::BYZANTIUM.required_gas(&[0; 384]), 260_000);
    assert_eq!(pairing::ISTANBUL.required_gas(&[]), 45_000);
    assert_eq!(pairing::ISTANBUL.required_gas(&[0; 191]), 45_000);
    assert_eq!(pairing::ISTANBUL.required_gas(&[0; 192]), 79_000);
    assert_eq!(pairing::ISTANBUL.required_gas(&[0; 193]), 79_000);
    assert_eq!(
        pairing::ISTANBUL.required_gas(&[0; 192 * 10]),
        45_000 + 340_000
    );
    assert_eq!(pairing::gas_with(usize::MAX, 45_000, 34_000), {
        45_000u64.saturating_add(34_000u64.saturating_mul((usize::MAX / 192) as u64))
    });
}

#[test]
fn out_of_gas_is_checked_first() {
    let bad = [0xffu8; 200];
    assert_eq!(add::ISTANBUL.run(&bad, 149), Err(PrecompileError::OutOfGas));
    assert_eq!(
        mul::BYZANTIUM.run(&bad, 39_999),
        Err(PrecompileError::OutOfGas)
    );
    assert_eq!(
        pairing::ISTANBUL.run(&bad, 78_999),
        Err(PrecompileError::OutOfGas)
    );
    assert_eq!(
        pairing::BYZANTIUM.run(&[], 99_999),
        Err(PrecompileError::OutOfGas)
    );
    assert_eq!(add::ISTANBUL.run(&[], 150).unwrap().gas_used, 150);
}

#[test]
fn add_padding_infinity_and_truncation() {
    // Empty input: O + O = O.
    assert_eq!(add::ISTANBUL.run(&[], 150).unwrap().bytes, vec![0u8; 64]);
    // G + O with the second point entirely omitted.
    let g = h(G1_GEN);
    assert_eq!(add::ISTANBUL.run(&g, 150).unwrap().bytes, g);
    // G + G = 2G, with trailing garbage past 128 bytes ignored.
    let mut input = [h(G1_GEN), h(G1_GEN), vec![0xff; 7]].concat();
    assert_eq!(add::ISTANBUL.run(&input, 150).unwrap().bytes, h(G1_2GEN));
    // Short input: the last byte of y missing is a zero, so (1, 0) is not on the curve.
    input.truncate(127);
    assert_eq!(
        add::ISTANBUL.run(&input, 150),
        Err(PrecompileError::Bn254PointNotOnCurve(Group::G1))
    );
    // G + (-G) = O.
    let mut neg = h(G1_GEN);
    let minus_two = h("30644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd45");
    neg[32..].copy_from_slice(&minus_two);
    let input = [h(G1_GEN), neg].concat();
    assert_eq!(add::ISTANBUL.run(&input, 150).unwrap().bytes, vec![0u8; 64]);
}

#[test]
fn add_and_mul_errors() {
    // x = p.
    let input = [h(P), vec![0; 32]].concat();
    assert_eq!(
        add::ISTANBUL.run(&input, 150),
        Err(PrecompileError::Bn254FieldElementOutOfRange)
    );
    assert_eq!(
        mul::ISTANBUL.run(&input, 6000),
        Err(PrecompileError::Bn254FieldElementOutOfRange)
    );
    // y = p on the second point.
    let input = [h(G1_GEN), vec![0; 32], h(P)].concat();
    assert_eq!(
        add::BYZANTIUM.run(&input, 500),
        Err(PrecompileError::Bn254FieldElementOutOfRange)
    );
    // (1, 3) is not on the curve.
    let mut not_on = h(G1_GEN);
    not_on[63] = 3;
    assert_eq!(
        mul::ISTANBUL.run(&not_on, 6000),
        Err(PrecompileError::Bn254PointNotOnCurve(Group::G1))
    );
    assert_eq!(
        add::ISTANBUL.run(&[h(G1_GEN), not_on].concat(), 150),
        Err(PrecompileError::Bn254PointNotOnCurve(Group::G1))
    );
}

#[test]
fn mul_uses_full_scalar() {
    let g = h(G1_GEN);
    let run = |s: &[u8]| mul::ISTANBUL.run(&[g.clone(), s.to_vec()].concat(), 6000);
    // r * G = O; (r + 1) * G = G; 2 * G; scalar omitted = 0.
    assert_eq!(run(&h(R)).unwrap().bytes, vec![0; 64]);
    let mut r1 = h(R);
    r1[31] += 1;
    assert_eq!(run(&r1).unwrap().bytes, g);
    let mut two = [0u8; 32];
    two[31] = 2;
    assert_eq!(run(&two).unwrap().bytes, h(G1_2GEN));
    assert_eq!(run(&[]).unwrap().bytes, vec![0; 64]);
    // 2^256 - 1 is accepted (no range rule on the scalar).
    assert_eq!(run(&[0xff; 32]).unwrap().bytes.len(), 64);
    // Infinity times anything is infinity.
    assert_eq!(
        mul::ISTANBUL.run(&[0u8; 96], 6000).unwrap().bytes,
        vec![0; 64]
    );
}

/// A point on the twist `y^2 = x^3 + b'` that is not in the order-r subgroup.
fn g2_not_in_subgroup() -> Vec<u8> {
    use ark_bn254::{Fq, Fq2};
    use ark_ec::short_weierstrass::SWCurveConfig;
    use ark_ff::{Field, PrimeField};
    for i in 1u64.. {
        let x = Fq2::new(Fq::from(i), Fq::from(1u64));
        let rhs = x * x * x + ark_bn254::g2::Config::COEFF_B;
        if let Some(y) = rhs.sqrt() {
            let p = ark_bn254::G2Affine::new_unchecked(x, y);
            assert!(p.is_on_curve());
            if !p.is_in_correct_subgroup_assuming_on_curve() {
                let mut out = vec![0u8; 128];
                for (k, f) in [x.c1, x.c0, y.c1, y.c0].iter().enumerate() {
                    limbs_be(&f.into_bigint().0, &mut out[32 * k..32 * k + 32]);
                }
                return out;
            }
        }
    }
    unreachable!()
}

#[test]
fn pairing_results_and_errors() {
    let run = |input: &[u8]| pairing::ISTANBUL.run(input, u64::MAX);
    let one = bool_word(true).to_vec();
    let zero = bool_word(false).to_vec();
    assert_eq!(run(&[]).unwrap().bytes, one);
    assert_eq!(
        run(&[0u8; 192]).unwrap().bytes,
        one,
        "e(O, O) is the identity"
    );
    let pair = [h(G1_GEN), h(G2_GEN)].concat();
    assert_eq!(run(&pair).unwrap().bytes, zero);
    // e(G, H) * e(-G, H) = 1.
    let mut neg = h(G1_GEN);
    neg[32..].copy_from_slice(&h(
        "30644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd45",
    ));
    let input = [pair.clone(), neg, h(G2_GEN)].concat();
    assert_eq!(run(&input).unwrap().bytes, one);
    // G1 at infinity paired with a valid G2, and the reverse: skipped.
    let input = [vec![0u8; 64], h(G2_GEN), h(G1_GEN), vec![0u8; 128]].concat();
    assert_eq!(run(&input).unwrap().bytes, one);

    assert_eq!(run(&pair[..191]), Err(pairing::INPUT_RULE.error(191)));
    assert_eq!(
        run(&[pair.clone(), vec![0]].concat()),
        Err(pairing::INPUT_RULE.error(193))
    );
    // Bad G1 (field, curve) even when G2 is infinity.
    let input = [h(P), vec![0u8; 160]].concat();
    assert_eq!(
        run(&input),
        Err(PrecompileError::Bn254FieldElementOutOfRange)
    );
    let mut bad_g1 = pair.clone();
    bad_g1[63] = 3;
    assert_eq!(
        run(&bad_g1),
        Err(PrecompileError::Bn254PointNotOnCurve(Group::G1))
    );
    // Each G2 coordinate limb out of range.
    for k in 0..4 {
        let mut input = pair.clone();
        input[64 + 32 * k..96 + 32 * k].copy_from_slice(&h(P));
        assert_eq!(
            run(&input),
            Err(PrecompileError::Bn254FieldElementOutOfRange)
        );
    }
    // G2 not on the curve: swap real and imaginary parts of x.
    let mut swapped = pair.clone();
    swapped[64..96].copy_from_slice(&h(G2_GEN)[32..64]);
    swapped[96..128].copy_from_slice(&h(G2_GEN)[..32]);
    assert_eq!(
        run(&swapped),
        Err(PrecompileError::Bn254PointNotOnCurve(Group::G2))
    );
    // G2 on the twist but outside the subgroup, with G1 at infinity: still an error.
    let input = [vec![0u8; 64], g2_not_in_subgroup()].concat();
    assert_eq!(run(&input), Err(PrecompileError::Bn254G2NotInSubgroup));
}

#[cfg(feature = "substrate-bn")]
#[test]
fn substrate_backend_same_errors() {
    let pair = [h(G1_GEN), h(G2_GEN)].concat();
    let input = [vec![0u8; 64], g2_not_in_subgroup()].concat();
    assert_eq!(
        substrate_bn::pairing_check(&input),
        Err(PrecompileError::Bn254G2NotInSubgroup)
    );
    let mut bad = pair.clone();
    bad[63] = 3;
    assert_eq!(
        substrate_bn::pairing_check(&bad),
        arkworks::pairing_check(&bad)
    );
    let mut swapped = pair;
    swapped[64..96].copy_from_slice(&h(G2_GEN)[32..64]);
    swapped[96..128].copy_from_slice(&h(G2_GEN)[..32]);
    assert_eq!(
        substrate_bn::pairing_check(&swapped),
        Err(PrecompileError::Bn254PointNotOnCurve(Group::G2))
    );
}

fn all() -> [Precompile; 6] {
    [
        add::BYZANTIUM,
        add::ISTANBUL,
        mul::BYZANTIUM,
        mul::ISTANBUL,
        pairing::BYZANTIUM,
        pairing::ISTANBUL,
    ]
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 64,
        rng_seed: proptest::test_runner::RngSeed::Fixed(0xb254),
        failure_persistence: None,
        ..ProptestConfig::default()
    })]
    #[test]
    fn arbitrary_input_never_panics(
        input in proptest::collection::vec(any::<u8>(), 0..800),
        gas_limit in prop_oneof![any::<u64>(), 0u64..300_000],
        prefix_valid in any::<bool>(),
    ) {
        let mut input = input;
        if prefix_valid && input.len() >= 192 {
            // Make the first pair valid so that later bytes reach deeper checks.
            input[..192].copy_from_slice(&[h(G1_GEN), h(G2_GEN)].concat());
        }
        for p in all() {
            crate::test_vectors::check_gas_contract(&p, &input, gas_limit)?;
        }
    }
}

/// Our G2 subgroup test agrees with ark's on points in and out of the subgroup.
#[test]
fn g2_subgroup_check_matches_ark() {
    use ark_bn254::{Fq, Fq2, G2Affine, G2Projective};
    use ark_ec::{short_weierstrass::SWCurveConfig, AffineRepr, CurveGroup};
    use ark_ff::Field;
    let (mut inside, mut outside) = (0, 0);
    for i in 1u64..60 {
        let x = Fq2::new(Fq::from(i), Fq::from(i + 7));
        let Some(y) = (x * x * x + ark_bn254::g2::Config::COEFF_B).sqrt() else {
            continue;
        };
        let p = G2Affine::new_unchecked(x, y);
        for q in [
            p,
            (G2Projective::from(p) * ark_bn254::Fr::from(i)).into_affine(),
        ] {
            let ark = q.is_in_correct_subgroup_assuming_on_curve();
            assert_eq!(arkworks::in_g2_subgroup(&q), ark, "x = {i}");
            outside += !ark as u32;
        }
        let cleared = p.clear_cofactor();
        assert!(arkworks::in_g2_subgroup(&cleared));
        inside += 1;
    }
    let g = G2Affine::generator();
    for k in 1u64..10 {
        assert!(arkworks::in_g2_subgroup(
            &(g * ark_bn254::Fr::from(k)).into_affine()
        ));
    }
    assert!(inside > 5 && outside > 5);
}
