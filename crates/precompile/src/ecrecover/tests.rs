use super::*;
use crate::PrecompileError;

use crate::test_vectors;

type Backend = fn(&Signature) -> Option<[u8; 32]>;

const VALID: &str = "18c547e4f7b0f325ad1e56f57e26c745b09a3e503d86e00e5255ff7f715d3d1c000000000000000000000000000000000000000000000000000000000000001c73b1693892219d736caba55bdb67216e485557ea6b6af75f37096c9aa6a5a75feeb940b1d03b21e36b0e47e79769f095fe2ab855bd91e3a38756b7d75a9c4549";
const VALID_OUT: &str = "000000000000000000000000a94f5374fce5edbc8e2a8697c15331677e6ebf0b";

#[allow(clippy::vec_init_then_push)]
fn backends() -> Vec<(&'static str, Backend)> {
    // One push per backend compiled in (each behind its feature).
    #[allow(unused_mut)]
    let mut v: Vec<(&'static str, Backend)> = Vec::new();
    #[cfg(feature = "libsecp256k1")]
    v.push(("libsecp", libsecp256k1::recover));
    #[cfg(feature = "k256")]
    v.push(("k256", k256::recover));
    v.push(("native", native::recover));
    v
}

#[test]
fn geth_vectors() {
    let Some(vectors) = test_vectors::load("ecRecover.json") else {
        return;
    };
    for (backend, f) in backends() {
        for v in &vectors {
            let out = run_with(&v.input, 3000, f).unwrap();
            assert_eq!(
                Some(&out.bytes),
                v.expected.as_ref(),
                "{backend} {}",
                v.name
            );
            assert_eq!(Some(out.gas_used), v.gas, "{}", v.name);
        }
    }
}

#[test]
fn valid_signature_and_padding() {
    let input = hex::decode(VALID).unwrap();
    for (backend, f) in backends() {
        let out = run_with(&input, 5000, f).unwrap();
        assert_eq!(hex::encode(&out.bytes), VALID_OUT, "{backend}");
        assert_eq!(out.gas_used, 3000);
        // Extra bytes past 128 are ignored.
        let mut long = input.clone();
        long.extend_from_slice(&[0xff; 40]);
        assert_eq!(run_with(&long, 3000, f).unwrap().bytes, out.bytes);
    }
}

#[test]
fn high_s_is_accepted() {
    // (r, n - s) with the other v recovers the same key.
    let input = hex::decode(VALID).unwrap();
    let mut flipped = input.clone();
    let s = num_bigint::BigUint::from_bytes_be(&input[96..128]);
    let n = num_bigint::BigUint::from_bytes_be(&SECP256K1_ORDER);
    let s2 = (&n - s).to_bytes_be();
    flipped[96..128].fill(0);
    flipped[128 - s2.len()..128].copy_from_slice(&s2);
    flipped[63] = 27;
    for (backend, f) in backends() {
        assert_eq!(
            hex::encode(run_with(&flipped, 3000, f).unwrap().bytes),
            VALID_OUT,
            "{backend}"
        );
    }
}

#[test]
fn bad_signatures_give_empty_output() {
    let input = hex::decode(VALID).unwrap();
    let mut cases: Vec<Vec<u8>> = Vec::new();
    // v = 29, v = 0, v with a high byte set.
    for (i, b) in [(63, 29u8), (63, 0), (32, 1)] {
        let mut c = input.clone();
        c[i] = b;
        cases.push(c);
    }
    // r = 0, s = 0, r = n, s = n, s = n + 1 (low bytes), r = 2^256 - 1.
    for range in [64..96, 96..128] {
        let mut c = input.clone();
        c[range.clone()].fill(0);
        cases.push(c);
        let mut c = input.clone();
        c[range.clone()].copy_from_slice(&SECP256K1_ORDER);
        cases.push(c);
        let mut c = input.clone();
        c[range].fill(0xff);
        cases.push(c);
    }
    // Truncated: s reads as zero.
    cases.push(input[..96].to_vec());
    cases.push(Vec::new());
    for (backend, f) in backends() {
        for c in &cases {
            let out = run_with(c, 3000, f).unwrap();
            assert!(out.bytes.is_empty(), "{backend} {}", hex::encode(c));
            assert_eq!(out.gas_used, 3000);
        }
    }
}

#[test]
fn out_of_gas() {
    assert_eq!(gas(&[]), 3000);
    assert_eq!(
        run(&hex::decode(VALID).unwrap(), 2999),
        Err(PrecompileError::OutOfGas)
    );
    assert_eq!(HOMESTEAD.number(), 1);
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]

    #[test]
    fn arbitrary_input_never_panics(data in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..200), limit in 0u64..6000) {
        for (_, f) in backends() {
            match run_with(&data, limit, f) {
                Ok(out) => {
                    proptest::prop_assert!(out.gas_used <= limit);
                    proptest::prop_assert!(out.bytes.is_empty() || out.bytes.len() == 32);
                }
                Err(e) => proptest::prop_assert_eq!(e, PrecompileError::OutOfGas),
            }
        }
    }
}
