use super::*;
use num_bigint::BigUint;
use proptest::prelude::*;

use crate::test_vectors;

fn input(base: &[u8], exp: &[u8], modulus: &[u8]) -> Vec<u8> {
    let mut v = Vec::new();
    for len in [base.len(), exp.len(), modulus.len()] {
        let mut w = [0u8; 32];
        w[24..].copy_from_slice(&(len as u64).to_be_bytes());
        v.extend_from_slice(&w);
    }
    v.extend_from_slice(base);
    v.extend_from_slice(exp);
    v.extend_from_slice(modulus);
    v
}

fn header(base_len: u64, exp_len: u64, mod_len: u64, exp_head: &[u8]) -> Vec<u8> {
    let mut v = Vec::new();
    for len in [base_len, exp_len, mod_len] {
        let mut w = [0u8; 32];
        w[24..].copy_from_slice(&len.to_be_bytes());
        v.extend_from_slice(&w);
    }
    v.extend(std::iter::repeat_n(0u8, base_len as usize));
    v.extend_from_slice(exp_head);
    v
}

/// num-bigint's `base^exp mod modulus`, `modulus.len()` bytes (zeros for a zero modulus): the one
/// MODEXP oracle of the unit tests.
pub(super) fn oracle(base: &[u8], exp: &[u8], modulus: &[u8]) -> Vec<u8> {
    let m = BigUint::from_bytes_be(modulus);
    let mut out = vec![0u8; modulus.len()];
    if m == BigUint::ZERO {
        return out;
    }
    let r = BigUint::from_bytes_be(base)
        .modpow(&BigUint::from_bytes_be(exp), &m)
        .to_bytes_be();
    if r != [0] {
        let n = out.len();
        out[n - r.len()..].copy_from_slice(&r);
    }
    out
}

fn ours(base: &[u8], exp: &[u8], modulus: &[u8]) -> Vec<u8> {
    let mut out = vec![0u8; modulus.len()];
    arith::modexp(base, exp, modulus, &mut out);
    out
}

fn check_file(file: &str, run: fn(&[u8], u64) -> PrecompileResult, gas: fn(&[u8]) -> u64) {
    let Some(vectors) = test_vectors::load(file) else {
        return;
    };
    for v in &vectors {
        let want_gas = v.gas.unwrap();
        assert_eq!(gas(&v.input), want_gas, "{file} {} gas", v.name);
        let out = run(&v.input, want_gas).unwrap();
        assert_eq!(Some(&out.bytes), v.expected.as_ref(), "{file} {}", v.name);
        assert_eq!(out.gas_used, want_gas);
        if want_gas > 0 {
            assert_eq!(run(&v.input, want_gas - 1), Err(PrecompileError::OutOfGas));
        }
    }
}

#[test]
fn geth_vectors_byzantium() {
    check_file("modexp.json", byzantium::run, byzantium::gas);
}

#[test]
fn geth_vectors_berlin() {
    check_file("modexp_eip2565.json", berlin::run, berlin::gas);
}

#[test]
fn geth_vectors_osaka() {
    check_file("modexp_eip7883.json", osaka::run, osaka::gas);
}

#[test]
fn eip198_examples() {
    let m =
        hex::decode("fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f").unwrap();
    let e =
        hex::decode("fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2e").unwrap();
    let out = byzantium::run(&input(&[3], &e, &m), u64::MAX).unwrap();
    assert_eq!(out.bytes, ours(&[3], &e, &m));
    assert_eq!(hex::encode(&out.bytes), format!("{:064x}", 1));
    // base length 0: 0^e = 0
    let out = berlin::run(&input(&[], &e, &m), u64::MAX).unwrap();
    assert_eq!(out.bytes, vec![0u8; 32]);
}

#[test]
fn edge_cases() {
    // mod length 0: empty output, gas still charged.
    let i = input(&[5], &[3], &[]);
    assert_eq!(
        berlin::run(&i, 200).unwrap(),
        PrecompileOutput::new(200, vec![])
    );
    assert_eq!(osaka::run(&i, 499), Err(PrecompileError::OutOfGas));
    assert_eq!(
        byzantium::run(&[], 0).unwrap(),
        PrecompileOutput::new(0, vec![])
    );
    // modulus 0 and 1 give zeros of mod length.
    assert_eq!(
        berlin::run(&input(&[5], &[3], &[0, 0]), 200).unwrap().bytes,
        vec![0, 0]
    );
    assert_eq!(
        berlin::run(&input(&[5], &[3], &[0, 1]), 200).unwrap().bytes,
        vec![0, 0]
    );
    // exponent 0: 1 (mod m > 1), even for base 0.
    assert_eq!(
        berlin::run(&input(&[0], &[0], &[0, 7]), 200).unwrap().bytes,
        vec![0, 1]
    );
    assert_eq!(
        berlin::run(&input(&[], &[], &[9]), 200).unwrap().bytes,
        vec![1]
    );
    // modulus partly beyond the input: read as right-padded with zeros.
    let mut i = input(&[2], &[5], &[0x01, 0x00]);
    i.pop();
    assert_eq!(
        berlin::run(&i, 200).unwrap().bytes,
        ours(&[2], &[5], &[1, 0])
    );
    assert_eq!(berlin::run(&i, 200).unwrap().bytes, vec![0, 32]);
    // base partly beyond input: modulus is all zeros.
    let i = header(4, 1, 2, &[]);
    assert_eq!(berlin::run(&i[..97], 200).unwrap().bytes, vec![0, 0]);
    // even moduli.
    assert_eq!(
        ours(&[3], &[200], &[0x10, 0x00]),
        oracle(&[3], &[200], &[0x10, 0x00])
    );
    assert_eq!(
        ours(&[6], &[200], &[0x10, 0x00]),
        oracle(&[6], &[200], &[0x10, 0x00])
    );
    assert_eq!(ours(&[6], &[2], &[0x0c]), oracle(&[6], &[2], &[0x0c]));
}

#[test]
fn huge_lengths_fail_out_of_gas_without_allocating() {
    let mut i = vec![0u8; 96];
    i[0] = 0xff; // base_len = 2^255 + ...
    i[95] = 1;
    assert_eq!(byzantium::gas(&i), u64::MAX);
    assert_eq!(berlin::gas(&i), u64::MAX);
    assert_eq!(
        byzantium::run(&i, u64::MAX - 1),
        Err(PrecompileError::OutOfGas)
    );
    assert_eq!(berlin::run(&i, u64::MAX), Err(PrecompileError::OutOfGas));
    assert_eq!(
        osaka::run(&i, u64::MAX),
        Err(PrecompileError::ModexpInputTooLarge)
    );
    // mod_len = 2^64 - 1.
    let mut i = vec![0u8; 96];
    i[88..96].fill(0xff);
    assert_eq!(berlin::run(&i, u64::MAX), Err(PrecompileError::OutOfGas));
    // Huge exponent with zero base and modulus lengths: Byzantium 0 gas, Berlin 200.
    let mut i = vec![0u8; 96];
    i[32] = 0xff;
    assert_eq!(
        byzantium::run(&i, 0).unwrap(),
        PrecompileOutput::new(0, vec![])
    );
    assert_eq!(
        berlin::run(&i, 200).unwrap(),
        PrecompileOutput::new(200, vec![])
    );
    assert_eq!(
        osaka::run(&i, u64::MAX),
        Err(PrecompileError::ModexpInputTooLarge)
    );
    // Huge exponent with a 1-byte modulus is priced beyond u64.
    let mut i = vec![0u8; 96];
    i[32] = 0xff;
    i[95] = 1;
    assert_eq!(berlin::gas(&i), u64::MAX);
}

/// EIP-198's price computed exactly with big integers, then saturated at `u64::MAX`.
fn byzantium_gas_exact(base_len: &BigUint, exp_len: &BigUint, mod_len: &BigUint) -> u64 {
    let x = base_len.max(mod_len).clone();
    let complexity = if x <= BigUint::from(64u32) {
        &x * &x
    } else if x <= BigUint::from(1024u32) {
        &x * &x / 4u32 + &x * 96u32 - 3072u32
    } else {
        &x * &x / 16u32 + &x * 480u32 - 199_680u32
    };
    // The exponent bytes are all zero here, so only the part beyond 32 bytes counts.
    let adjusted = if exp_len > &BigUint::from(32u32) {
        (exp_len - 32u32) * 8u32
    } else {
        BigUint::from(0u32)
    };
    let adjusted = adjusted.max(BigUint::from(1u32));
    u64::try_from(complexity * adjusted / 20u32).unwrap_or(u64::MAX)
}

#[test]
fn gas_saturates_exactly_where_the_true_price_leaves_u64() {
    // Exponent lengths just below, at and above 2^64 with a 1-byte modulus: the true price is
    // below u64::MAX for 2^64 - 1 and above it from 2^64 on.
    let one = BigUint::from(1u32);
    let zero = BigUint::from(0u32);
    for exp_word in [
        BigUint::from(u64::MAX) - 1u32,
        BigUint::from(u64::MAX),
        BigUint::from(u64::MAX) + 1u32,
        BigUint::from(1u32) << 255u32,
    ] {
        let mut i = vec![0u8; 96];
        let bytes = exp_word.to_bytes_be();
        i[64 - bytes.len()..64].copy_from_slice(&bytes);
        i[95] = 1;
        assert_eq!(
            byzantium::gas(&i),
            byzantium_gas_exact(&zero, &exp_word, &one),
            "exp_len {exp_word}"
        );
    }
}

#[test]
fn osaka_bound() {
    for at in [31usize, 63, 95] {
        let mut i = vec![0u8; 96];
        i[at - 1] = 0x04; // 1024
        assert!(osaka::run(&i, u64::MAX).is_ok(), "1024 at {at}");
        i[at] = 1; // 1025
        assert_eq!(
            osaka::run(&i, u64::MAX),
            Err(PrecompileError::ModexpInputTooLarge)
        );
        assert!(berlin::run(&i, u64::MAX).is_ok());
    }
}

#[test]
fn gas_breakpoints() {
    let g = |f: fn(&Header) -> u64, b: u64, e: u64, m: u64, head: &[u8]| {
        f(&Header::parse(&header(b, e, m, head)))
    };
    // EIP-198 complexity pieces: x = 64 -> 4096, x = 65 -> 65²/4 + 96·65 - 3072 = 4224,
    // x = 1025 -> 1025²/16 + 480·1025 - 199680 = 357_662 (floor).
    assert_eq!(g(byzantium::price, 64, 1, 0, &[2]), 4096 / 20);
    assert_eq!(
        g(byzantium::price, 65, 1, 0, &[2]),
        (65 * 65 / 4 + 96 * 65 - 3072) / 20
    );
    assert_eq!(
        g(byzantium::price, 0, 1, 1024, &[2]),
        (1024 * 1024 / 4 + 96 * 1024 - 3072) / 20
    );
    assert_eq!(
        g(byzantium::price, 0, 1, 1025, &[2]),
        (1025 * 1025 / 16 + 480 * 1025 - 199_680) / 20
    );
    // Iteration count: exponent 0 and 1 count 1; 2^255 in 32 bytes counts 255.
    let mut top = [0u8; 32];
    top[0] = 0x80;
    assert_eq!(g(berlin::price, 64, 32, 64, &top), 64 * 255 / 3);
    // 64 / 3 < 200: the EIP-2565 minimum.
    assert_eq!(g(berlin::price, 64, 1, 64, &[0]), 200);
    // Word rounding; 8·(33-32) + 0 = 8 iterations.
    assert_eq!(g(berlin::price, 0, 33, 256, &[0; 32]), 32 * 32 * 8 / 3);
    assert_eq!(g(berlin::price, 0, 1, 8, &[3]), 200);
    assert_eq!(g(berlin::price, 0, 33, 255, &[0; 32]), 32 * 32 * 8 / 3);
    // A head of 0x01 followed by 31 zero bytes has 249 bits: 8 + 248 iterations.
    assert_eq!(g(berlin::price, 0, 33, 255, &[1]), 32 * 32 * 256 / 3);
    // EIP-7883: min 500; complexity 16 up to 32 bytes, 2·words² above; 16 per exponent byte.
    assert_eq!(g(osaka::price, 32, 32, 32, &top), 16 * 255);
    assert_eq!(g(osaka::price, 32, 1, 32, &[3]), 500);
    assert_eq!(g(osaka::price, 33, 1, 0, &[3]), 500); // 2·5² = 50
    assert_eq!(g(osaka::price, 0, 40, 33, &[0; 32]), 50 * 16 * 8);
    assert_eq!(g(osaka::price, 0, 40, 32, &top), 16 * (16 * 8 + 255));
    assert_eq!(
        g(osaka::price, 0, 40, 256, &top),
        2 * 32 * 32 * (16 * 8 + 255)
    );
    // Exponent head shorter than 32 bytes and past the end of the input.
    assert_eq!(g(osaka::price, 0, 1, 64, &[]), 500);
    assert_eq!(g(osaka::price, 0, 5, 64, &[]), 500);
    assert_eq!(g(osaka::price, 0, 33, 64, &[]), 128 * 16);
    assert_eq!(g(osaka::price, 1, 2, 64, &[0x01, 0x00]), 2 * 64 * 8);
}

#[test]
fn arith_known_values() {
    // 2^(2^16) mod (2^127 - 1) = 2^(65536 mod 127) = 2^4
    let m = BigUint::from(2u8).pow(127) - 1u8;
    let mbytes = m.to_bytes_be();
    assert_eq!(
        ours(&[2], &[1, 0, 0], &mbytes),
        oracle(&[2], &[1, 0, 0], &mbytes)
    );
    // Multi-limb even modulus with big power of two.
    let m2 = (BigUint::from(3u8).pow(100) << 200u32).to_bytes_be();
    for b in [
        &[7u8][..],
        &[6u8],
        &[0x80, 0, 0, 1],
        &[2, 0, 0, 0, 0, 0, 0, 0, 0],
    ] {
        for e in [
            &[1u8][..],
            &[2],
            &[0xff, 0xff],
            &[1, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        ] {
            assert_eq!(ours(b, e, &m2), oracle(b, e, &m2), "{b:?} {e:?}");
        }
    }
    // Pure powers of two as moduli.
    for k in [1u32, 2, 3, 63, 64, 65, 128, 200] {
        let m = (BigUint::from(1u8) << k).to_bytes_be();
        for b in [&[3u8][..], &[2], &[0xff; 20], &[4, 0]] {
            for e in [&[1u8][..], &[5], &[0xff; 9]] {
                assert_eq!(ours(b, e, &m), oracle(b, e, &m), "k {k} {b:?} {e:?}");
            }
        }
    }
}

fn sized_bytes(max: usize) -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        prop::collection::vec(any::<u8>(), 0..=max),
        // Sparse values: mostly zeros, a few set bytes (exercise trimming and small limbs).
        (0..=max).prop_flat_map(|n| prop::collection::vec(
            prop_oneof![9 => Just(0u8), 1 => any::<u8>()],
            n
        )),
        prop::collection::vec(Just(0xffu8), 0..=max),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn matches_num_bigint(base in sized_bytes(80), exp in sized_bytes(24), modulus in sized_bytes(80)) {
        prop_assert_eq!(ours(&base, &exp, &modulus), oracle(&base, &exp, &modulus));
    }

    #[test]
    fn matches_num_bigint_even(base in sized_bytes(70), exp in sized_bytes(12), odd in sized_bytes(40), shift in 0u32..300) {
        let m = (BigUint::from_bytes_be(&odd) | BigUint::from(1u8)) << shift;
        let modulus = m.to_bytes_be();
        prop_assert_eq!(ours(&base, &exp, &modulus), oracle(&base, &exp, &modulus));
    }

    #[test]
    fn arbitrary_input_never_panics(data in prop::collection::vec(any::<u8>(), 0..300), limit in 0u64..200_000) {
        for (run, gas) in [
            (byzantium::run as fn(&[u8], u64) -> PrecompileResult, byzantium::gas as fn(&[u8]) -> u64),
            (berlin::run, berlin::gas),
            (osaka::run, osaka::gas),
        ] {
            if let Ok(out) = run(&data, limit) {
                prop_assert!(out.gas_used <= limit);
                prop_assert_eq!(out.gas_used, gas(&data));
            }
        }
    }

    #[test]
    fn small_lengths_never_panic(lens in (0u64..70, 0u64..70, 0u64..70), tail in prop::collection::vec(any::<u8>(), 0..220), limit in 0u64..100_000) {
        let mut data = Vec::new();
        for len in [lens.0, lens.1, lens.2] {
            let mut w = [0u8; 32];
            w[24..].copy_from_slice(&len.to_be_bytes());
            data.extend_from_slice(&w);
        }
        data.extend_from_slice(&tail);
        for run in [byzantium::run as fn(&[u8], u64) -> PrecompileResult, berlin::run, osaka::run] {
            if let Ok(out) = run(&data, limit) {
                prop_assert!(out.gas_used <= limit);
                prop_assert_eq!(out.bytes.len() as u64, lens.2);
                let d = &data[96..];
                let (b, e) = (lens.0 as usize, lens.1 as usize);
                let get = |o: usize, n: usize| -> Vec<u8> { (o..o + n).map(|i| d.get(i).copied().unwrap_or(0)).collect() };
                prop_assert_eq!(out.bytes, oracle(&get(0, b), &get(b, e), &get(b + e, lens.2 as usize)));
            }
        }
    }
}
