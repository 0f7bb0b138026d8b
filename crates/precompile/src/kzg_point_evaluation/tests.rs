use super::verify::{lhs_point, neg_scalar_le, setup, SETUP};
use super::*;
use crate::bls12_381::affine::p1_to_affine;
use crate::bls12_381::blst_ffi;
use crate::test_vectors;
use blst::blst_p1_affine;

/// c-kzg-4844 `verify_kzg_proof_case_correct_proof_4_4`.
fn valid_input() -> Vec<u8> {
    let commitment = hex::decode("8f59a8d2a1a625a17f3fea0fe5eb8c896db3764f3185481bc22f91b4aaffcca25f26936857bc3a7c2539ea8ec3a952b7").unwrap();
    let z =
        hex::decode("73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000000").unwrap();
    let y =
        hex::decode("1522a4a7f34e1ea350ae07c29c96c7e79655aa926122e95fe69fcbd932ca49e9").unwrap();
    let proof = hex::decode("a62ad71d14c5719385c0686f1871430475bf3a00f0aa3f7b8dd99a9abc2160744faf0070725e00b60ad9a026a15b1a8c").unwrap();
    let vh = kzg_to_versioned_hash(&commitment).to_vec();
    [vh, z, y, commitment, proof].concat()
}

#[test]
fn geth_vectors() {
    let Some(vectors) = test_vectors::load("pointEvaluation.json") else {
        return;
    };
    for v in &vectors {
        let out = run(&v.input, 50_000).unwrap();
        assert_eq!(Some(&out.bytes), v.expected.as_ref(), "{}", v.name);
        assert_eq!(Some(out.gas_used), v.gas);
    }
}

#[test]
fn valid_and_every_failure() {
    let input = valid_input();
    assert_eq!(run(&input, 50_000).unwrap().bytes, RETURN_VALUE.to_vec());
    assert_eq!(run(&input, 49_999), Err(PrecompileError::OutOfGas));
    assert_eq!(
        run(&input[..191], 50_000),
        Err(PrecompileError::InvalidInputLength {
            precompile: crate::PrecompileId::PointEvaluation,
            expected: INPUT_RULE.lengths,
            got: 191
        })
    );
    // Wrong version byte.
    let mut bad = input.clone();
    bad[0] = 0x02;
    assert_eq!(
        run(&bad, 50_000),
        Err(PrecompileError::KzgInvalidVersionedHash)
    );
    // Wrong y: valid encoding, proof fails.
    let mut bad = input.clone();
    bad[95] ^= 1;
    assert_eq!(
        run(&bad, 50_000),
        Err(PrecompileError::KzgVerificationFailed)
    );
    // z = BLS modulus and y = all ones: not field elements.
    let mut bad = input.clone();
    bad[32..64].copy_from_slice(bls_modulus());
    assert_eq!(run(&bad, 50_000), Err(PrecompileError::KzgInvalidInput));
    let mut bad = input.clone();
    bad[64..96].fill(0xff);
    assert_eq!(run(&bad, 50_000), Err(PrecompileError::KzgInvalidInput));
    // Proof that is not a point (compression flag cleared).
    let mut bad = input.clone();
    bad[144] &= 0x7f;
    assert_eq!(run(&bad, 50_000), Err(PrecompileError::KzgInvalidInput));
    // Commitment that is not a point, with a matching versioned hash.
    let mut bad = input.clone();
    bad[96..144].fill(0xff);
    let vh = kzg_to_versioned_hash(&bad[96..144]);
    bad[..32].copy_from_slice(&vh);
    assert_eq!(run(&bad, 50_000), Err(PrecompileError::KzgInvalidInput));
}

type Args = ([u8; 48], [u8; 32], [u8; 32], [u8; 48]);

/// A valid (commitment, z, y, proof) of c-kzg for a blob and z drawn from `seed`.
fn ckzg_proof(seed: u64) -> Args {
    let settings = c_kzg::ethereum_kzg_settings(0);
    let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state >> 24) as u8
    };
    let mut blob = vec![0u8; c_kzg::BYTES_PER_BLOB];
    for (i, b) in blob.iter_mut().enumerate() {
        *b = if i % 32 == 0 { 0 } else { next() };
    }
    let blob = c_kzg::Blob::from_bytes(&blob).unwrap();
    let z: [u8; 32] = core::array::from_fn(|i| if i == 0 { 0 } else { next() });
    let commitment = settings.blob_to_kzg_commitment(&blob).unwrap().to_bytes();
    let (proof, y) = settings
        .compute_kzg_proof(&blob, &c_kzg::Bytes32::from(z))
        .unwrap();
    (*commitment, z, *y, *proof.to_bytes())
}

/// The precomputed-lines check and c-kzg give the same result (including the error) on
/// valid proofs, on each argument corrupted, and on the point-at-infinity cases: the
/// constant polynomial (proof at infinity), the zero polynomial (commitment at infinity)
/// and infinity where it does not verify.
#[test]
fn agrees_with_ckzg() {
    let mut infinity = [0u8; 48];
    infinity[0] = 0xc0;
    let mut cases: Vec<(Args, Result<(), PrecompileError>)> = Vec::new();
    for seed in 1..=3 {
        let (c, z, y, pi) = ckzg_proof(seed);
        cases.push(((c, z, y, pi), Ok(())));
        let mut y1 = y;
        y1[31] ^= 1;
        let mut z1 = z;
        z1[31] ^= 1;
        let failed = Err(PrecompileError::KzgVerificationFailed);
        cases.push(((c, z, y1, pi), failed));
        cases.push(((c, z1, y, pi), failed));
        cases.push(((c, z, y, c), failed));
        cases.push(((pi, z, y, pi), failed));
        cases.push(((c, z, y, infinity), failed));
        cases.push(((infinity, z, y, pi), failed));
        // Not a point (x not on the curve) and not canonical (compression flag cleared).
        let mut bad = pi;
        bad[47] ^= 1;
        let mut flag = pi;
        flag[0] &= 0x7f;
        for bad in [bad, flag] {
            let invalid = Err(PrecompileError::KzgInvalidInput);
            if blst_ffi::p1_uncompress(&bad).is_none() {
                cases.push(((c, z, y, bad), invalid));
                cases.push(((bad, z, y, pi), invalid));
            }
        }
    }
    // f = k: commitment [k]G1, proof at infinity, y = k at any z; f = 0: both at infinity.
    let sk = blst::min_pk::SecretKey::key_gen(&[7u8; 32], &[]).unwrap();
    let (k, kg) = (sk.to_bytes(), sk.sk_to_pk().compress());
    let z = [3u8; 32];
    cases.push(((kg, z, k, infinity), Ok(())));
    cases.push(((infinity, z, [0; 32], infinity), Ok(())));
    cases.push((
        (infinity, z, k, infinity),
        Err(PrecompileError::KzgVerificationFailed),
    ));
    for ((c, z, y, pi), want) in cases {
        let ours = verify_kzg_proof(&c, &z, &y, &pi);
        assert_eq!(ours, ckzg::verify_kzg_proof(&c, &z, &y, &pi));
        assert_eq!(
            ours,
            want,
            "{}",
            hex::encode([&c[..], &z, &y, &pi].concat())
        );
    }
}

/// Building a fork's set with POINT_EVALUATION builds the tables, off the first call; a set
/// without it does not. Checked in a fresh child process running this test alone, since any
/// other test of this process may have built the tables already.
#[test]
fn set_construction_warms_up() {
    const CHILD: &str = "PRECOMPILE_KZG_WARM_UP_CHILD";
    if std::env::var_os(CHILD).is_some() {
        assert!(SETUP.get().is_none(), "built before any set");
        crate::precompiles(crate::Fork::Berlin);
        assert!(
            SETUP.get().is_none(),
            "built by a set without POINT_EVALUATION"
        );
        crate::precompiles(crate::Fork::Cancun);
        assert!(SETUP.get().is_some(), "not built by Cancun's set");
        return;
    }
    let status = std::process::Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "kzg_point_evaluation::tests::set_construction_warms_up",
        ])
        .args(["--test-threads", "1"])
        .env(CHILD, "1")
        .status()
        .unwrap();
    assert!(status.success(), "child: {status:?}");
}

#[test]
fn negated_scalar_is_r_minus_x() {
    assert_eq!(neg_scalar_le(&[0; 32]), [0; 32]);
    let mut one = [0u8; 32];
    one[31] = 1;
    let mut r_minus_one = *bls_modulus();
    r_minus_one[31] -= 1;
    r_minus_one.reverse();
    assert_eq!(neg_scalar_le(&one), r_minus_one);
    let mut r_minus_one_be = *bls_modulus();
    r_minus_one_be[31] -= 1;
    assert_eq!(neg_scalar_le(&r_minus_one_be), {
        let mut le = one;
        le.reverse();
        le
    });
}

/// The two-pair Miller loop over precomputed lines is exactly the product of blst's
/// single-pair loops, infinity included; with one pair it is blst's loop.
#[test]
fn multi_miller_loop_is_the_product_of_blst_loops() {
    let setup = setup();
    let inf = blst_p1_affine::default();
    for seed in 1..=2 {
        let (c, _, _, pi) = ckzg_proof(seed);
        let c = blst_ffi::p1_uncompress(&c).unwrap();
        let pi = blst_ffi::p1_uncompress(&pi).unwrap();
        for (a, b) in [(c, pi), (pi, c), (inf, pi), (c, inf), (inf, inf)] {
            let product = setup.generator.miller_loop(&a) * setup.tau.miller_loop(&b);
            let ours = blst_ffi::multi_miller_loop([(&setup.generator, &a), (&setup.tau, &b)]);
            assert_eq!(ours, product);
        }
        let single = blst_ffi::multi_miller_loop([(&setup.tau, &c)]);
        assert_eq!(single, setup.tau.miller_loop(&c));
    }
}

/// The check as the pairing equation states it (two loops, blst's `finalverify`) agrees.
#[test]
fn product_check_agrees_with_finalverify() {
    let setup = setup();
    for seed in 1..=2 {
        let (c, z, y, pi) = ckzg_proof(seed);
        let (c, pi) = (
            blst_ffi::p1_uncompress(&c).unwrap(),
            blst_ffi::p1_uncompress(&pi).unwrap(),
        );
        for y in [y, {
            let mut y1 = y;
            y1[31] ^= 1;
            y1
        }] {
            let lhs = lhs_point(&setup.g1, &c, &y, &z, &pi);
            let two_loops = blst_ffi::fp12_final_equal(
                &setup.generator.miller_loop(&lhs),
                &setup.tau.miller_loop(&pi),
            );
            let f = blst_ffi::multi_miller_loop([
                (&setup.generator, &lhs),
                (&setup.tau, &blst_ffi::p1_neg(&pi)),
            ]);
            assert_eq!(blst_ffi::fp12_final_is_one(&f), two_loops);
        }
    }
}

/// `[s]G1` from the table equals blst's variable-base multiplication.
fn table_matches_blst(s: [u8; 32]) {
    let ours = p1_to_affine(&setup().g1.mult(&s));
    let blst = p1_to_affine(&blst_ffi::p1_mult(&blst_ffi::p1_generator(), &s));
    assert_eq!(ours, blst, "{}", hex::encode(s));
}

#[test]
fn fixed_base_table_edges() {
    let mut r_le = *bls_modulus();
    r_le.reverse();
    let mut r_minus_1 = r_le;
    r_minus_1[0] -= 1;
    let one = core::array::from_fn(|i| u8::from(i == 0));
    for s in [[0; 32], one, [0xff; 32], r_le, r_minus_1, [1; 32]] {
        table_matches_blst(s);
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(32))]

    #[test]
    fn arbitrary_input_never_panics(
        data in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..260),
        fix_hash in proptest::prelude::any::<bool>(),
        limit in 49_000u64..51_000,
    ) {
        let mut data = data;
        if fix_hash && data.len() == INPUT_LEN {
            let vh = kzg_to_versioned_hash(&data[96..144]);
            data[..32].copy_from_slice(&vh);
        }
        if let Ok(out) = run(&data, limit) {
            proptest::prop_assert!(out.gas_used <= limit);
        }
    }

    #[test]
    fn random_192_bytes_with_valid_hash(data in proptest::collection::vec(proptest::prelude::any::<u8>(), 192)) {
        let mut data = data;
        let vh = kzg_to_versioned_hash(&data[96..144]);
        data[..32].copy_from_slice(&vh);
        let err = run(&data, 50_000).unwrap_err();
        proptest::prop_assert!(matches!(err, PrecompileError::KzgInvalidInput | PrecompileError::KzgVerificationFailed));
    }

    #[test]
    fn fixed_base_table_random(s in proptest::prelude::any::<[u8; 32]>()) {
        table_matches_blst(s);
    }
}
