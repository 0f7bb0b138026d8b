use super::*;
use crate::test_vectors::{check_vectors, load as geth_vectors};
use crate::{Group, Precompile, PrecompileError};
use proptest::prelude::*;
use testkit::constants::BLS12_381_P as P_HEX;

fn all() -> [Precompile; 7] {
    [
        g1_add::PRAGUE,
        g1_msm::PRAGUE,
        g2_add::PRAGUE,
        g2_msm::PRAGUE,
        pairing::PRAGUE,
        map_fp_to_g1::PRAGUE,
        map_fp2_to_g2::PRAGUE,
    ]
}

fn h(s: &str) -> Vec<u8> {
    hex::decode(s).unwrap()
}

const G1_X: &str = "17f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb";
const G1_Y: &str = "08b3f481e3aaa0f1a09e30ed741d8ae4fcf5e095d5d00af600db18cb2c04b3edd03cc744a2888ae40caa232946c5e7e1";
const G2_X0: &str = "024aa2b2f08f0a91260805272dc51051c6e47ad4fa403b02b4510b647ae3d1770bac0326a805bbefd48056c8c121bdb8";
const G2_X1: &str = "13e02b6052719f607dacd3a088274f65596bd0d09920b61ab5da61bbdc7f5049334cf11213945d57e5ac7d055d042b7e";
const G2_Y0: &str = "0ce5d527727d6e118cc9cdc6da2e351aadfd9baa8cbdd3a76d429a695160d12c923ac9cc3baca289e193548608b82801";
const G2_Y1: &str = "0606c4a02ea734cc32acd2b02bc28b99cb3e287e85a763af267492ab572e99ab3f370d275cec1da1aaa9075ff05f79be";

fn fp(hex48: &str) -> Vec<u8> {
    [vec![0u8; 16], h(hex48)].concat()
}
fn g1() -> Vec<u8> {
    [fp(G1_X), fp(G1_Y)].concat()
}
fn g2() -> Vec<u8> {
    [fp(G2_X0), fp(G2_X1), fp(G2_Y0), fp(G2_Y1)].concat()
}
fn scalar(v: u64) -> Vec<u8> {
    let mut s = vec![0u8; 32];
    s[24..].copy_from_slice(&v.to_be_bytes());
    s
}
/// (0, 2) is on y^2 = x^3 + 4 (G1) but not in the subgroup.
fn g1_not_in_subgroup() -> Vec<u8> {
    let mut p = vec![0u8; 128];
    p[127] = 2;
    p
}
/// The G1 generator with y + 1: not on the curve.
fn g1_not_on_curve() -> Vec<u8> {
    let mut p = g1();
    p[127] ^= 1;
    p
}

fn expected_error(text: &str) -> fn(&PrecompileError) -> bool {
    match text {
        "invalid input length" => |e| matches!(e, PrecompileError::InvalidInputLength { .. }),
        "invalid field element top bytes" => |e| *e == PrecompileError::BlsInvalidFieldPadding,
        "invalid fp.Element encoding" => |e| *e == PrecompileError::BlsFieldElementOutOfRange,
        "invalid point: not on curve" => |e| matches!(e, PrecompileError::BlsPointNotOnCurve(_)),
        t if t.contains("not on correct subgroup") => {
            |e| matches!(e, PrecompileError::BlsPointNotInSubgroup(_))
        }
        t => panic!("unknown geth error {t:?}"),
    }
}

#[test]
fn geth_vectors_pass() {
    let mut n = 0;
    for (p, file) in [
        (g1_add::PRAGUE, "blsG1Add.json"),
        (g1_msm::PRAGUE, "blsG1Mul.json"),
        (g1_msm::PRAGUE, "blsG1MultiExp.json"),
        (g1_msm::PRAGUE_OURS, "blsG1Mul.json"),
        (g1_msm::PRAGUE_BLST, "blsG1Mul.json"),
        (g1_msm::PRAGUE_OURS, "blsG1MultiExp.json"),
        (g1_msm::PRAGUE_BLST, "blsG1MultiExp.json"),
        (g2_add::PRAGUE, "blsG2Add.json"),
        (g2_msm::PRAGUE, "blsG2Mul.json"),
        (g2_msm::PRAGUE, "blsG2MultiExp.json"),
        (g2_msm::PRAGUE_OURS, "blsG2Mul.json"),
        (g2_msm::PRAGUE_BLST, "blsG2Mul.json"),
        (g2_msm::PRAGUE_OURS, "blsG2MultiExp.json"),
        (g2_msm::PRAGUE_BLST, "blsG2MultiExp.json"),
        (pairing::PRAGUE, "blsPairing.json"),
        (pairing::PRAGUE_OURS, "blsPairing.json"),
        (map_fp_to_g1::PRAGUE, "blsMapG1.json"),
        (map_fp_to_g1::PRAGUE_BLST, "blsMapG1.json"),
        (map_fp2_to_g2::PRAGUE, "blsMapG2.json"),
        (map_fp2_to_g2::PRAGUE_OURS, "blsMapG2.json"),
    ] {
        n += check_vectors(&p, file);
    }
    println!("{n} bls vectors");
}

#[test]
fn geth_fail_vectors_fail_with_the_right_error() {
    let mut n = 0;
    for (p, file) in [
        (g1_add::PRAGUE, "fail-blsG1Add.json"),
        (g1_msm::PRAGUE, "fail-blsG1Mul.json"),
        (g1_msm::PRAGUE, "fail-blsG1MultiExp.json"),
        (g1_msm::PRAGUE_OURS, "fail-blsG1Mul.json"),
        (g1_msm::PRAGUE_BLST, "fail-blsG1Mul.json"),
        (g1_msm::PRAGUE_OURS, "fail-blsG1MultiExp.json"),
        (g1_msm::PRAGUE_BLST, "fail-blsG1MultiExp.json"),
        (g2_add::PRAGUE, "fail-blsG2Add.json"),
        (g2_msm::PRAGUE, "fail-blsG2Mul.json"),
        (g2_msm::PRAGUE, "fail-blsG2MultiExp.json"),
        (g2_msm::PRAGUE_OURS, "fail-blsG2Mul.json"),
        (g2_msm::PRAGUE_BLST, "fail-blsG2Mul.json"),
        (g2_msm::PRAGUE_OURS, "fail-blsG2MultiExp.json"),
        (g2_msm::PRAGUE_BLST, "fail-blsG2MultiExp.json"),
        (pairing::PRAGUE, "fail-blsPairing.json"),
        (pairing::PRAGUE_OURS, "fail-blsPairing.json"),
        (map_fp_to_g1::PRAGUE, "fail-blsMapG1.json"),
        (map_fp_to_g1::PRAGUE_BLST, "fail-blsMapG1.json"),
        (map_fp2_to_g2::PRAGUE, "fail-blsMapG2.json"),
        (map_fp2_to_g2::PRAGUE_OURS, "fail-blsMapG2.json"),
    ] {
        let Some(vs) = geth_vectors(file) else { return };
        for v in vs {
            let err = p.run(&v.input, u64::MAX).expect_err(&v.name);
            let text = v.expected_error.expect("ExpectedError");
            assert!(
                expected_error(&text)(&err),
                "{file} {}: got {err:?}, want {text}",
                v.name
            );
            n += 1;
        }
    }
    println!("{n} bls failure vectors");
}

#[test]
fn gas_rules_and_discount_edges() {
    let g1 = |k: usize| g1_msm::PRAGUE.required_gas(&vec![0u8; k * 160]);
    let g2 = |k: usize| g2_msm::PRAGUE.required_gas(&vec![0u8; k * 288]);
    assert_eq!(g1(0), 0);
    assert_eq!(g1(1), 12_000);
    assert_eq!(g1(2), 2 * 12_000 * 949 / 1000);
    assert_eq!(g1(128), 128 * 12_000 * 519 / 1000);
    assert_eq!(g1(129), 129 * 12_000 * 519 / 1000);
    assert_eq!(g1(1000), 1000 * 12_000 * 519 / 1000);
    assert_eq!(g1_msm::PRAGUE.required_gas(&[0u8; 319]), 12_000);
    assert_eq!(g2(1), 22_500);
    assert_eq!(g2(2), 2 * 22_500);
    assert_eq!(g2(3), 3 * 22_500 * 923 / 1000);
    assert_eq!(g2(128), 128 * 22_500 * 524 / 1000);
    assert_eq!(g2(129), 129 * 22_500 * 524 / 1000);
    assert_eq!(
        msm_gas(usize::MAX, 22_500, &g2_msm::DISCOUNT, 524),
        u64::MAX, // saturates
    );
    assert_eq!(pairing::PRAGUE.required_gas(&[]), 37_700);
    assert_eq!(pairing::PRAGUE.required_gas(&[0; 384]), 70_300);
    assert_eq!(pairing::PRAGUE.required_gas(&[0; 767]), 70_300);
    assert_eq!(pairing::PRAGUE.required_gas(&[0; 768]), 102_900);
    assert_eq!(g1_add::PRAGUE.required_gas(&[]), 375);
    assert_eq!(g2_add::PRAGUE.required_gas(&[]), 600);
    assert_eq!(map_fp_to_g1::PRAGUE.required_gas(&[]), 5_500);
    assert_eq!(map_fp2_to_g2::PRAGUE.required_gas(&[]), 23_800);
}

#[test]
fn out_of_gas_is_checked_before_input() {
    for p in all() {
        let input = [0xffu8; 7];
        let gas = p.required_gas(&input);
        if gas > 0 {
            assert_eq!(
                p.run(&input, gas - 1),
                Err(PrecompileError::OutOfGas),
                "{}",
                p.name()
            );
        }
    }
    let big = vec![0u8; 160 * 200];
    assert_eq!(
        g1_msm::PRAGUE.run(&big, g1_msm::PRAGUE.required_gas(&big) - 1),
        Err(PrecompileError::OutOfGas)
    );
    let big = vec![0u8; 384 * 50];
    assert_eq!(
        pairing::PRAGUE.run(&big, pairing::PRAGUE.required_gas(&big) - 1),
        Err(PrecompileError::OutOfGas)
    );
}

#[test]
fn lengths() {
    let len_err = |p: Precompile, rule: crate::InputRule, n: usize| {
        assert_eq!(rule.precompile, p.id());
        assert_eq!(
            p.run(&vec![0u8; n], u64::MAX),
            Err(PrecompileError::InvalidInputLength {
                precompile: p.id(),
                expected: rule.lengths,
                got: n
            }),
            "{} {n}",
            p.name()
        );
    };
    for n in [0, 255, 257] {
        len_err(g1_add::PRAGUE, g1_add::INPUT_RULE, n);
    }
    for n in [0, 511, 513] {
        len_err(g2_add::PRAGUE, g2_add::INPUT_RULE, n);
    }
    for n in [0, 159, 161, 319] {
        len_err(g1_msm::PRAGUE, g1_msm::INPUT_RULE, n);
    }
    for n in [0, 287, 289] {
        len_err(g2_msm::PRAGUE, g2_msm::INPUT_RULE, n);
    }
    for n in [0, 383, 385] {
        len_err(pairing::PRAGUE, pairing::INPUT_RULE, n);
    }
    for n in [0, 63, 65] {
        len_err(map_fp_to_g1::PRAGUE, map_fp_to_g1::INPUT_RULE, n);
    }
    for n in [0, 127, 129] {
        len_err(map_fp2_to_g2::PRAGUE, map_fp2_to_g2::INPUT_RULE, n);
    }
}

#[test]
fn field_element_errors() {
    let mut padded = g1();
    padded[0] = 1;
    let mut big = g1();
    big[16..64].copy_from_slice(&h(P_HEX));
    for (input, err) in [
        (padded, PrecompileError::BlsInvalidFieldPadding),
        (big, PrecompileError::BlsFieldElementOutOfRange),
    ] {
        let add = [input.clone(), g1()].concat();
        assert_eq!(g1_add::PRAGUE.run(&add, 375), Err(err));
        let msm = [input.clone(), scalar(1)].concat();
        assert_eq!(g1_msm::PRAGUE.run(&msm, 12_000), Err(err));
        assert_eq!(map_fp_to_g1::PRAGUE.run(&input[..64], 5_500), Err(err));
        let mut fp2 = [input[..64].to_vec(), vec![0; 64]].concat();
        assert_eq!(map_fp2_to_g2::PRAGUE.run(&fp2, 23_800), Err(err));
        fp2.rotate_left(64);
        assert_eq!(map_fp2_to_g2::PRAGUE.run(&fp2, 23_800), Err(err));
        let mut g2in = g2();
        g2in[128..192].copy_from_slice(&input[..64]);
        assert_eq!(
            g2_add::PRAGUE.run(&[g2(), g2in.clone()].concat(), 600),
            Err(err)
        );
        assert_eq!(
            pairing::PRAGUE.run(&[g1(), g2in].concat(), u64::MAX),
            Err(err)
        );
    }
}

#[test]
fn curve_and_subgroup_errors() {
    // Not on curve: rejected everywhere.
    let bad1 = g1_not_on_curve();
    assert_eq!(
        g1_add::PRAGUE.run(&[g1(), bad1.clone()].concat(), 375),
        Err(PrecompileError::BlsPointNotOnCurve(Group::G1))
    );
    assert_eq!(
        g1_msm::PRAGUE.run(&[bad1.clone(), scalar(0)].concat(), 12_000),
        Err(PrecompileError::BlsPointNotOnCurve(Group::G1))
    );
    let mut bad2 = g2();
    bad2[255] ^= 1;
    assert_eq!(
        g2_add::PRAGUE.run(&[bad2.clone(), g2()].concat(), 600),
        Err(PrecompileError::BlsPointNotOnCurve(Group::G2))
    );
    assert_eq!(
        pairing::PRAGUE.run(&[vec![0; 128], bad2].concat(), u64::MAX),
        Err(PrecompileError::BlsPointNotOnCurve(Group::G2))
    );
    // Outside the subgroup: fine for ADD, rejected for MSM (even with a zero scalar) and
    // pairing (even against infinity).
    let out = g1_not_in_subgroup();
    let sum = g1_add::PRAGUE
        .run(&[out.clone(), vec![0; 128]].concat(), 375)
        .unwrap();
    assert_eq!(sum.bytes, out);
    assert_eq!(
        g1_msm::PRAGUE.run(&[out.clone(), scalar(0)].concat(), 12_000),
        Err(PrecompileError::BlsPointNotInSubgroup(Group::G1))
    );
    assert_eq!(
        pairing::PRAGUE.run(&[out, vec![0; 256]].concat(), u64::MAX),
        Err(PrecompileError::BlsPointNotInSubgroup(Group::G1))
    );
}

#[test]
fn msm_semantics() {
    let run = |input: &[u8]| g1_msm::PRAGUE.run(input, u64::MAX).unwrap().bytes;
    // 0 * G = O, 1 * G = G, G + G = 2 * G (ADD, MSM k=1, MSM k=2 agree).
    assert_eq!(run(&[g1(), scalar(0)].concat()), vec![0; 128]);
    assert_eq!(run(&[g1(), scalar(1)].concat()), g1());
    let two = run(&[g1(), scalar(2)].concat());
    assert_eq!(
        g1_add::PRAGUE
            .run(&[g1(), g1()].concat(), 375)
            .unwrap()
            .bytes,
        two
    );
    assert_eq!(run(&[g1(), scalar(1), g1(), scalar(1)].concat()), two);
    // r * G = O and (r + 1) * G = G: the full 256-bit scalar is used, with and without
    // Pippenger (k = 1, 2, and above the threaded threshold).
    let r = h(testkit::constants::BLS12_381_R);
    let mut r1 = r.clone();
    r1[31] += 1;
    assert_eq!(run(&[g1(), r.clone()].concat()), vec![0; 128]);
    assert_eq!(run(&[g1(), r1.clone()].concat()), g1());
    let mut many = Vec::new();
    for _ in 0..blst_ffi::MSM_THREADED_FROM + 1 {
        many.extend_from_slice(&[g1(), r1.clone()].concat());
    }
    let k = blst_ffi::MSM_THREADED_FROM as u64 + 1;
    assert_eq!(run(&many), run(&[g1(), scalar(k)].concat()));
    // 2^256 - 1 is a valid scalar.
    let all_ones = run(&[g1(), vec![0xff; 32]].concat());
    assert_eq!(all_ones.len(), 128);
    // G2: same identities.
    let run2 = |input: &[u8]| g2_msm::PRAGUE.run(input, u64::MAX).unwrap().bytes;
    let two2 = g2_add::PRAGUE
        .run(&[g2(), g2()].concat(), 600)
        .unwrap()
        .bytes;
    assert_eq!(run2(&[g2(), scalar(2)].concat()), two2);
    assert_eq!(run2(&[g2(), r1.clone(), g2(), r1].concat()), two2);
    assert_eq!(run2(&[g2(), r].concat()), vec![0; 256]);
    assert_eq!(run2(&[vec![0; 256], scalar(5)].concat()), vec![0; 256]);
}

/// Our pairing backend against blst's on the differential generator's inputs: same output or
/// the same error, every outcome reached.
#[test]
fn pairing_ours_matches_blst() {
    use testkit::inputs::{bls_pairing, Pool, Rng};
    let pool = Pool::new(5, 8);
    let mut rng = Rng::new(26);
    let (mut trues, mut falses, mut errs) = (0, 0, 0);
    for _ in 0..150 {
        let input = bls_pairing(&mut rng, &pool);
        let want = pairing::PRAGUE.run(&input, u64::MAX);
        assert_eq!(
            pairing::PRAGUE_OURS.run(&input, u64::MAX),
            want,
            "{}",
            hex::encode(&input)
        );
        match want {
            Ok(o) if o.bytes[31] == 1 => trues += 1,
            Ok(_) => falses += 1,
            Err(_) => errs += 1,
        }
    }
    assert!(
        trues > 0 && falses > 0 && errs > 0,
        "{trues} {falses} {errs}"
    );
}

#[test]
fn pairing_semantics() {
    for p in [pairing::PRAGUE, pairing::PRAGUE_OURS] {
        pairing_semantics_of(p);
    }
}

fn pairing_semantics_of(p: Precompile) {
    let run = |input: &[u8]| p.run(input, u64::MAX).unwrap().bytes[31];
    assert_eq!(run(&[g1(), g2()].concat()), 0);
    assert_eq!(run(&[vec![0; 128], g2()].concat()), 1);
    assert_eq!(run(&[g1(), vec![0; 256]].concat()), 1);
    // e(G, H) * e(-G, H) = 1, also with 17 pairs (above blst's 16-pair chunk).
    let mut neg = g1_msm::PRAGUE
        .run(
            &[
                g1(),
                h("73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000000"),
            ]
            .concat(),
            u64::MAX,
        )
        .unwrap()
        .bytes;
    let pair = [g1(), g2()].concat();
    let neg_pair = [std::mem::take(&mut neg), g2()].concat();
    assert_eq!(run(&[pair.clone(), neg_pair.clone()].concat()), 1);
    let mut many = Vec::new();
    for _ in 0..8 {
        many.extend_from_slice(&pair);
        many.extend_from_slice(&neg_pair);
    }
    many.extend_from_slice(&[vec![0; 128], g2()].concat());
    assert_eq!(run(&many), 1);
    many.extend_from_slice(&pair);
    assert_eq!(run(&many), 0);
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 48,
        rng_seed: proptest::test_runner::RngSeed::Fixed(0xb15),
        failure_persistence: None,
        ..ProptestConfig::default()
    })]
    #[test]
    fn arbitrary_input_never_panics(
        len in prop_oneof![0usize..1200, Just(64usize), Just(128), Just(160), Just(256),
                           Just(288), Just(384), Just(512), Just(768)],
        seed in any::<u64>(),
        zero_pad in any::<bool>(),
        gas_limit in prop_oneof![any::<u64>(), 0u64..200_000],
    ) {
        // Bytes from a small xorshift; with `zero_pad` the top 16 bytes of every 64-byte word
        // are cleared so that field-element and curve checks are reached.
        let mut x = seed | 1;
        let mut input: Vec<u8> = (0..len).map(|_| { x ^= x << 13; x ^= x >> 7; x ^= x << 17; x as u8 }).collect();
        if zero_pad {
            for chunk in input.chunks_mut(64) {
                let n = chunk.len().min(17);
                chunk[..n].fill(0);
            }
        }
        for p in all() {
            crate::test_vectors::check_gas_contract(&p, &input, gas_limit)?;
        }
        prop_assert_eq!(
            pairing::PRAGUE_OURS.run(&input, gas_limit),
            pairing::PRAGUE.run(&input, gas_limit)
        );
        for (ours, blst) in [
            (map_fp_to_g1::PRAGUE, map_fp_to_g1::PRAGUE_BLST),
            (map_fp2_to_g2::PRAGUE_OURS, map_fp2_to_g2::PRAGUE),
            (g1_msm::PRAGUE_OURS, g1_msm::PRAGUE),
            (g2_msm::PRAGUE_OURS, g2_msm::PRAGUE),
        ] {
            prop_assert_eq!(ours.run(&input, gas_limit), blst.run(&input, gas_limit));
        }
    }

    /// The maps on our arithmetic against blst's on random field elements (64-byte padded
    /// words, below p) and on words at and around p.
    #[test]
    fn maps_ours_match_blst(
        words in proptest::collection::vec(
            prop_oneof![
                any::<[u8; 48]>().prop_map(|mut w| { w[0] %= 0x1a; w }),
                (0u8..4, any::<bool>()).prop_map(|(d, up)| map_edge_word(d, up)),
            ],
            2,
        ),
    ) {
        let word = |w: &[u8; 48]| [&[0u8; 16][..], &w[..]].concat();
        let g1_input = word(&words[0]);
        let g2_input = [word(&words[0]), word(&words[1])].concat();
        prop_assert_eq!(
            map_fp_to_g1::PRAGUE.run(&g1_input, u64::MAX),
            map_fp_to_g1::PRAGUE_BLST.run(&g1_input, u64::MAX)
        );
        prop_assert_eq!(
            map_fp2_to_g2::PRAGUE_OURS.run(&g2_input, u64::MAX),
            map_fp2_to_g2::PRAGUE.run(&g2_input, u64::MAX)
        );
    }
}

/// `d` (0..4) as a 48-byte big-endian word, or `p - 1 + d` with `up` (p - 1, p, p + 1, p + 2:
/// the last canonical value and the first out-of-range ones).
fn map_edge_word(d: u8, up: bool) -> [u8; 48] {
    let p = h("1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab");
    let mut w = [0u8; 48];
    if !up {
        w[47] = d;
        return w;
    }
    w.copy_from_slice(&p);
    // p - 1 + d: the low byte 0xab never wraps for d < 4.
    w[47] = w[47] - 1 + d;
    w
}

/// The MSMs and maps on our arithmetic against blst's on the differential generator's inputs
/// and on MSMs of k = 1..130 pairs mixing infinity, repeated points, zero scalars and scalars
/// at and above r: same output or the same error.
#[test]
fn msm_and_maps_ours_match_blst() {
    use testkit::inputs::{bls_g1_msm, bls_g2_msm, bls_map_fp, bls_map_fp2, Pool, Rng};
    let pool = Pool::new(5, 8);
    let mut rng = Rng::new(2626);
    let (mut oks, mut errs) = (0, 0);
    for _ in 0..60 {
        for (ours, blst, input) in [
            (
                g1_msm::PRAGUE_OURS,
                g1_msm::PRAGUE_BLST,
                bls_g1_msm(&mut rng, &pool),
            ),
            (
                g2_msm::PRAGUE_OURS,
                g2_msm::PRAGUE_BLST,
                bls_g2_msm(&mut rng, &pool),
            ),
            (
                map_fp_to_g1::PRAGUE,
                map_fp_to_g1::PRAGUE_BLST,
                bls_map_fp(&mut rng),
            ),
            (
                map_fp2_to_g2::PRAGUE_OURS,
                map_fp2_to_g2::PRAGUE,
                bls_map_fp2(&mut rng),
            ),
        ] {
            let want = blst.run(&input, u64::MAX);
            assert_eq!(ours.run(&input, u64::MAX), want, "{}", hex::encode(&input));
            if want.is_ok() {
                oks += 1;
            } else {
                errs += 1;
            }
        }
    }
    assert!(oks > 0 && errs > 0, "{oks} {errs}");
    let r = h(testkit::constants::BLS12_381_R);
    let mut r1 = r.clone();
    r1[31] += 1;
    let g1s: Vec<Vec<u8>> = (1..6u64)
        .map(|i| {
            g1_msm::PRAGUE
                .run(&[g1(), scalar(i)].concat(), u64::MAX)
                .unwrap()
                .bytes
        })
        .chain([vec![0; 128]])
        .collect();
    let g2s: Vec<Vec<u8>> = (1..6u64)
        .map(|i| {
            g2_msm::PRAGUE
                .run(&[g2(), scalar(i)].concat(), u64::MAX)
                .unwrap()
                .bytes
        })
        .chain([vec![0; 256]])
        .collect();
    let scalars = [
        scalar(0),
        scalar(1),
        r.clone(),
        r1,
        vec![0xff; 32],
        h("73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000000"),
    ];
    // Sizes on both sides of each routing limit (G1 128, G2 512: `msm::MsmPoint::OURS`).
    for k in [1usize, 2, 3, 4, 5, 8, 17, 64, 128, 129, 130, 512, 513] {
        let (mut in1, mut in2) = (Vec::new(), Vec::new());
        for i in 0..k {
            let s = if i % 3 == 0 {
                scalars[i % scalars.len()].clone()
            } else {
                scalar(1000 + i as u64 * 7919)
            };
            in1.extend_from_slice(&[g1s[i * 7 % g1s.len()].clone(), s.clone()].concat());
            in2.extend_from_slice(&[g2s[i * 5 % g2s.len()].clone(), s].concat());
        }
        // The default (routed by k) and always-ours against always-blst.
        let want1 = g1_msm::PRAGUE_BLST.run(&in1, u64::MAX);
        assert_eq!(g1_msm::PRAGUE_OURS.run(&in1, u64::MAX), want1, "{k}");
        assert_eq!(g1_msm::PRAGUE.run(&in1, u64::MAX), want1, "{k}");
        if k <= 64 || k >= 512 {
            assert_eq!(
                g2_msm::PRAGUE.run(&in2, u64::MAX),
                g2_msm::PRAGUE_BLST.run(&in2, u64::MAX),
                "{k}"
            );
            assert_eq!(
                g2_msm::PRAGUE_OURS.run(&in2, u64::MAX),
                g2_msm::PRAGUE_BLST.run(&in2, u64::MAX),
                "{k}"
            );
        }
    }
}
