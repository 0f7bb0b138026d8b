use super::*;

use crate::test_vectors;

#[test]
fn geth_vectors() {
    let Some(vectors) = test_vectors::load("blake2F.json") else {
        return;
    };
    for v in &vectors {
        let gas_limit = v.gas.unwrap();
        let out = run(&v.input, gas_limit).unwrap();
        assert_eq!(Some(&out.bytes), v.expected.as_ref(), "{}", v.name);
        assert_eq!(out.gas_used, gas_limit, "{}", v.name);
        assert_eq!(gas(&v.input), gas_limit);
        if gas_limit > 0 {
            assert_eq!(run(&v.input, gas_limit - 1), Err(PrecompileError::OutOfGas));
        }
    }
}

#[test]
fn geth_fail_vectors() {
    let Some(vectors) = test_vectors::load("fail-blake2f.json") else {
        return;
    };
    for v in &vectors {
        let err = run(&v.input, u64::MAX).unwrap_err();
        let want = match v.expected_error.as_deref().unwrap() {
            "invalid input length" => INPUT_RULE.error(v.input.len()),
            "invalid final flag" => PrecompileError::Blake2InvalidFinalFlag,
            other => panic!("unknown error {other}"),
        };
        assert_eq!(err, want, "{}", v.name);
    }
}

/// RFC 7693 appendix A: BLAKE2b-512("abc") through F with 12 rounds.
#[test]
fn rfc7693_abc() {
    let mut h = IV;
    h[0] ^= 0x0101_0040;
    let mut m = [0u64; 16];
    m[0] = 0x636261;
    compress(12, &mut h, &m, [3, 0], true);
    let out: Vec<u8> = h.iter().flat_map(|w| w.to_le_bytes()).collect();
    assert_eq!(
        hex::encode(out),
        "ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d1\
         7d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923"
    );
}

/// A round with a run-time schedule, as RFC 7693 writes it.
fn reference_round(v: &mut [u64; 16], m: &[u64; 16], s: &[usize; 16]) {
    const LANES: [[usize; 4]; 8] = [
        [0, 4, 8, 12],
        [1, 5, 9, 13],
        [2, 6, 10, 14],
        [3, 7, 11, 15],
        [0, 5, 10, 15],
        [1, 6, 11, 12],
        [2, 7, 8, 13],
        [3, 4, 9, 14],
    ];
    for (i, [a, b, c, d]) in LANES.into_iter().enumerate() {
        g(v, a, b, c, d, m[s[2 * i]], m[s[2 * i + 1]]);
    }
}

#[test]
fn round_counts_match_reference_loop() {
    // The unrolled blocks of 10 agree with a plain `r % 10` loop for every tail length.
    let mut m = [0u64; 16];
    for (i, w) in m.iter_mut().enumerate() {
        *w = (i as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
    for rounds in 0..35u32 {
        let mut h = IV;
        compress(rounds, &mut h, &m, [128, 0], false);
        let mut v = [0u64; 16];
        v[..8].copy_from_slice(&IV);
        v[8..].copy_from_slice(&IV);
        v[12] ^= 128;
        for r in 0..rounds as usize {
            reference_round(&mut v, &m, &SIGMA[r % 10]);
        }
        let mut h2 = IV;
        for i in 0..8 {
            h2[i] ^= v[i] ^ v[i + 8];
        }
        assert_eq!(h, h2, "rounds {rounds}");
    }
}

#[test]
fn errors_and_gas() {
    let mut input = [0u8; INPUT_LEN];
    input[3] = 12;
    assert_eq!(gas(&input), 12);
    assert_eq!(gas(&input[..212]), 0);
    assert_eq!(run(&input, 12).unwrap().gas_used, 12);
    assert_eq!(run(&input, 11), Err(PrecompileError::OutOfGas));
    input[212] = 2;
    assert_eq!(
        run(&input, 12),
        Err(PrecompileError::Blake2InvalidFinalFlag)
    );
    assert_eq!(run(&input[..100], 12), Err(INPUT_RULE.error(100)));
    input[0] = 0xff;
    assert_eq!(gas(&input), 0xff00_000c);
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(128))]

    #[test]
    fn arbitrary_input_never_panics(
        len in proptest::prop_oneof![proptest::prelude::Just(213usize), 0usize..300],
        seed in proptest::prelude::any::<u64>(),
        limit in 0u64..2000,
    ) {
        let mut x = seed | 1;
        let mut data: Vec<u8> = (0..len).map(|_| { x ^= x << 13; x ^= x >> 7; x ^= x << 17; x as u8 }).collect();
        if len == 213 {
            data[0] = 0;
            data[1] = 0; // keep the round count small
        }
        match run(&data, limit) {
            Ok(out) => {
                proptest::prop_assert!(out.gas_used <= limit);
                proptest::prop_assert_eq!(out.bytes.len(), 64);
            }
            Err(e) => {
                let expected = matches!(
                    e,
                    PrecompileError::OutOfGas
                        | PrecompileError::InvalidInputLength { .. }
                        | PrecompileError::Blake2InvalidFinalFlag
                );
                proptest::prop_assert!(expected, "{e:?}");
            }
        }
    }
}

/// F through [`compress_portable`] and, on x86_64 CPUs with AVX2, through the AVX2 code; the
/// two must agree, and [`compress`] must give the same.
fn check_backends(rounds: u32, h: [u64; 8], m: &[u64; 16], t: [u64; 2], f: bool) {
    let mut portable = h;
    compress_portable(rounds, &mut portable, m, t, f);
    let mut dispatched = h;
    compress(rounds, &mut dispatched, m, t, f);
    assert_eq!(portable, dispatched, "rounds {rounds}");
    #[cfg(target_arch = "x86_64")]
    {
        for backend in [simd::Backend::Avx2, simd::Backend::Avx512] {
            let mut out = h;
            if simd::compress_with(backend, rounds, &mut out, m, t, f) {
                assert_eq!(portable, out, "{backend:?} rounds {rounds}");
            } else {
                skipped(&format!("{backend:?}"), "the CPU lacks it");
            }
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    skipped("Avx2 and Avx512", "they are x86_64 code");
}

/// Says, once per path, that a SIMD path was not tested and why (straight to stderr: the test
/// harness captures `println!` of passing tests).
fn skipped(path: &str, why: &str) {
    use std::io::Write;
    static SAID: std::sync::Mutex<Vec<String>> = std::sync::Mutex::new(Vec::new());
    let mut said = SAID.lock().unwrap_or_else(|e| e.into_inner());
    if !said.iter().any(|p| p == path) {
        said.push(path.to_string());
        let msg = format!("blake2f: {path} path skipped ({why}); portable tested\n");
        let _ = std::io::stderr().write_all(msg.as_bytes());
    }
}

#[test]
fn backends_agree_on_rfc_and_large_round_counts() {
    let m: [u64; 16] = core::array::from_fn(|i| (i as u64).wrapping_mul(0x0123_4567_89ab_cdef));
    for rounds in [0, 1, 9, 10, 11, 12, 19, 20, 21, 100, 1000, 12_345, 100_000] {
        for f in [false, true] {
            check_backends(rounds, IV, &m, [128, 0], f);
            check_backends(rounds, IV, &m, [u64::MAX, 0x8000_0000_0000_0001], f);
        }
    }
}

#[test]
fn portable_matches_rfc7693_abc() {
    let mut h = IV;
    h[0] ^= 0x0101_0040;
    let mut m = [0u64; 16];
    m[0] = 0x636261;
    let mut p = h;
    compress_portable(12, &mut p, &m, [3, 0], true);
    compress(12, &mut h, &m, [3, 0], true);
    assert_eq!(p, h);
    assert_eq!(
        p[0].to_le_bytes(),
        [0xba, 0x80, 0xa5, 0x3f, 0x98, 0x1c, 0x4d, 0x0d]
    );
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(256))]

    #[test]
    fn avx2_matches_portable(
        h in proptest::prelude::any::<[u64; 8]>(),
        m in proptest::prelude::any::<[u64; 16]>(),
        t in proptest::prelude::any::<[u64; 2]>(),
        f in proptest::prelude::any::<bool>(),
        rounds in proptest::prop_oneof![
            4 => 0u32..=50,
            1 => 51u32..5000,
        ],
    ) {
        check_backends(rounds, h, &m, t, f);
    }
}
