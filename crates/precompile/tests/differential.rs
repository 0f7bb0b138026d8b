//! Differential property tests against `revm-precompile` 43: the same input gives the same
//! success or failure, the same output bytes and the same gas, at every fork.
//!
//! Inputs are random bytes (mostly rejected) and structurally valid inputs built from real
//! points and signatures: secp256k1 and P-256 ECDSA signatures, BN254 points (arkworks),
//! BLS12-381 points (blst), KZG proofs (c-kzg with the mainnet trusted setup), MODEXP operands of
//! random sizes. Run with `cargo test -p evm-arith-precompile --test differential`.

use ark_ec::{AffineRepr, CurveGroup, PrimeGroup};
use ark_ff::{BigInteger, PrimeField};
use precompile::revm::precompile_spec_id;
use precompile::{precompiles, Fork};
use proptest::prelude::*;
use testkit::constants;
use testkit::inputs::{lpad, sub_be, word};
use testkit::oracle::{our_call, our_outcome, revm_call, revm_execute, Outcome};

/// Gas limit for the main comparison: more than any input here costs.
const BIG_LIMIT: u64 = 1 << 40;

/// Compares both implementations on `input` at `fork`: at a large limit (same outcome, output
/// and gas; `required_gas` equal to revm's gas), then at exactly the gas and one less.
fn compare_at(fork: Fork, number: u16, input: &[u8]) -> Result<(), TestCaseError> {
    let ctx = || format!("{number:#x} at {fork}, input {}", hex::encode(input));
    let call = |f: fn(Fork, u16, &[u8], u64) -> Option<Outcome>, limit| {
        f(fork, number, input, limit).unwrap_or_else(|| panic!("no precompile {}", ctx()))
    };
    let theirs = call(revm_call, BIG_LIMIT);
    let ours = call(our_call, BIG_LIMIT);
    match (&theirs, &ours) {
        (Outcome::Failure { .. }, Outcome::Failure { .. }) => return Ok(()),
        _ => prop_assert_eq!(&ours, &theirs, "{}", ctx()),
    }
    if let Outcome::Success { gas_used: gas, .. } = theirs {
        let p = precompiles(fork).by_number(number).unwrap();
        prop_assert_eq!(p.required_gas(input), gas, "required_gas, {}", ctx());
        prop_assert_eq!(
            call(our_call, gas),
            call(revm_call, gas),
            "at exactly the gas, {}",
            ctx()
        );
        if gas > 0 {
            prop_assert_eq!(
                call(our_call, gas - 1),
                Outcome::Failure { out_of_gas: true },
                "one gas short, {}",
                ctx()
            );
        }
    }
    Ok(())
}

/// [`compare_at`] at every fork that has precompile `number`.
fn compare(number: u16, input: &[u8]) -> Result<(), TestCaseError> {
    for fork in Fork::ALL {
        if precompiles(fork).by_number(number).is_some() {
            compare_at(fork, number, input)?;
        }
    }
    Ok(())
}

/// `cases` cases, or `PROPTEST_CASES` when set (for a longer hunt:
/// `PROPTEST_CASES=5000 cargo test -p evm-arith-precompile --test differential --release`).
fn config(cases: u32) -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(cases);
    ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

#[test]
fn same_precompile_sets() {
    for fork in Fork::ALL {
        let ours: Vec<u16> = precompiles(fork).iter().map(|p| p.number()).collect();
        let set = revm_precompile::Precompiles::new(precompile_spec_id(fork));
        let mut theirs: Vec<u16> = set
            .addresses()
            .map(|a| u16::from_be_bytes([a[18], a[19]]))
            .collect();
        theirs.sort();
        assert_eq!(ours, theirs, "precompile addresses at {fork}");
    }
}

/// Every precompile number of Osaka.
const NUMBERS: [u16; 18] = [
    0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f, 0x10,
    0x11, 0x100,
];

/// Input lengths each precompile cares about, to make random bytes hit the length checks.
fn interesting_len() -> impl Strategy<Value = usize> {
    prop_oneof![
        prop::sample::select(vec![
            0usize, 1, 31, 32, 33, 63, 64, 65, 96, 97, 127, 128, 129, 159, 160, 161, 191, 192, 193,
            212, 213, 214, 255, 256, 257, 287, 288, 289, 320, 383, 384, 385, 480, 512, 576, 768,
        ]),
        0usize..600,
    ]
}

proptest! {
    #![proptest_config(config(256))]

    /// Random bytes (mostly invalid) to every precompile.
    #[test]
    fn random_bytes(
        number in prop::sample::select(NUMBERS.to_vec()),
        input in interesting_len().prop_flat_map(|n| prop::collection::vec(any::<u8>(), n)),
    ) {
        compare(number, &input)?;
    }
}

// ---------------------------------------------------------------------------------------------
// Helpers for structured inputs.

/// Applies a random corruption (or none) to `input`: flip one bit, truncate, extend.
fn mutate(input: &mut Vec<u8>, how: u8, at: usize) {
    if input.is_empty() {
        return;
    }
    let at = at % input.len();
    match how % 8 {
        0 => input[at] ^= 1 << (at % 8),
        1 => input.truncate(at),
        2 => input.push(at as u8),
        _ => {}
    }
}

// ---------------------------------------------------------------------------------------------
// ECRECOVER, P256VERIFY

proptest! {
    #![proptest_config(config(48))]

    #[test]
    fn ecrecover_valid_signatures(
        key in prop::array::uniform32(any::<u8>()),
        hash in prop::array::uniform32(any::<u8>()),
        v_delta in prop::sample::select(vec![0u64, 0, 0, 0, 2, 27, 1 << 40]),
        how in any::<u8>(), at in any::<usize>(),
    ) {
        let Ok(sk) = secp256k1::SecretKey::from_secret_bytes(key) else { return Ok(()) };
        let sig = secp256k1::ecdsa::RecoverableSignature::sign_ecdsa_recoverable(
            secp256k1::Message::from_digest(hash),
            &sk,
        );
        let (recid, rs) = sig.serialize_compact();
        let v = 27 + u64::from(u8::from(recid)) + v_delta;
        let mut input = [&hash[..], &word(v), &rs[..]].concat();
        mutate(&mut input, how, at);
        compare(0x01, &input)?;
    }

    #[test]
    fn p256_valid_signatures(
        key in prop::array::uniform32(any::<u8>()),
        hash in prop::array::uniform32(any::<u8>()),
        high_s in any::<bool>(),
        how in any::<u8>(), at in any::<usize>(),
    ) {
        use p256::ecdsa::signature::hazmat::PrehashSigner;
        let Ok(sk) = p256::ecdsa::SigningKey::from_slice(&key) else { return Ok(()) };
        let sig: p256::ecdsa::Signature = sk.sign_prehash(&hash).unwrap();
        let rs = sig.to_bytes();
        let (r, mut s) = (rs[..32].to_vec(), rs[32..].to_vec());
        if high_s {
            // The malleable twin (n - s) is valid for P256VERIFY too.
            s = sub_be(&constants::bytes(constants::P256_N), &s);
        }
        let point = sk.verifying_key().to_sec1_point(false);
        let xy = &point.as_bytes()[1..];
        let mut input = [&hash[..], &r, &s, xy].concat();
        mutate(&mut input, how, at);
        compare(0x100, &input)?;
        // RIP-7212's variant: same result, 3450 gas.
        let ours = our_outcome(precompile::secp256r1::RIP7212.run(&input, BIG_LIMIT));
        let theirs = revm_execute(&revm_precompile::secp256r1::P256VERIFY, &input, BIG_LIMIT);
        prop_assert_eq!(ours, theirs.outcome, "RIP-7212, input {}", hex::encode(&input));
    }
}

// ---------------------------------------------------------------------------------------------
// MODEXP, BLAKE2F

fn modexp_len() -> impl Strategy<Value = usize> {
    prop_oneof![
        8 => prop::sample::select(vec![0usize, 1, 2, 31, 32, 33, 63, 64, 65, 128]),
        4 => 0usize..100,
        1 => prop::sample::select(vec![200usize, 1023, 1024, 1025]),
    ]
}

proptest! {
    #![proptest_config(config(96))]

    #[test]
    fn modexp_operands(
        (b_len, e_len, m_len) in (modexp_len(), prop_oneof![3 => 0usize..40, 1 => modexp_len()], modexp_len()),
        seed in any::<u64>(),
        even in any::<bool>(),
        zero_mod in prop::bool::weighted(0.1),
        exp_small in prop::bool::weighted(0.7),
        cut in prop::option::weighted(0.15, any::<usize>()),
    ) {
        let mut state = seed | 1;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state as u8
        };
        let base: Vec<u8> = (0..b_len).map(|_| next()).collect();
        let mut exp: Vec<u8> = (0..e_len).map(|_| next()).collect();
        if exp_small && e_len > 2 {
            // Keep the exponent short-valued (cheap) while its length stays large.
            let keep = e_len - 2;
            exp[..keep].iter_mut().for_each(|b| *b = 0);
        }
        let mut modulus: Vec<u8> = (0..m_len).map(|_| next()).collect();
        if let Some(last) = modulus.last_mut() {
            if even { *last &= 0xfe } else { *last |= 1 }
        }
        if zero_mod {
            modulus.iter_mut().for_each(|b| *b = 0);
        }
        let mut input = [
            &word(b_len as u64)[..], &word(e_len as u64), &word(m_len as u64),
            &base, &exp, &modulus,
        ].concat();
        if let Some(cut) = cut {
            input.truncate(cut % (input.len() + 1));
        }
        compare(0x05, &input)?;
    }

    #[test]
    fn blake2f_inputs(
        rounds in prop_oneof![0u32..64, Just(12u32), 0u32..2000],
        body in prop::collection::vec(any::<u8>(), 208),
        flag in prop_oneof![4 => 0u8..2, 1 => any::<u8>()],
    ) {
        let input = [&rounds.to_be_bytes()[..], &body, &[flag]].concat();
        compare(0x09, &input)?;
    }
}

// ---------------------------------------------------------------------------------------------
// BN254

fn fq_be(x: &ark_bn254::Fq) -> Vec<u8> {
    lpad(&x.into_bigint().to_bytes_be(), 32)
}

fn bn_g1(k: u64) -> Vec<u8> {
    let p = (ark_bn254::G1Projective::generator() * ark_bn254::Fr::from(k)).into_affine();
    match p.xy() {
        Some((x, y)) => [fq_be(&x), fq_be(&y)].concat(),
        None => vec![0; 64],
    }
}

fn bn_g2(k: u64) -> Vec<u8> {
    let p = (ark_bn254::G2Projective::generator() * ark_bn254::Fr::from(k)).into_affine();
    match p.xy() {
        Some((x, y)) => [fq_be(&x.c1), fq_be(&x.c0), fq_be(&y.c1), fq_be(&y.c0)].concat(),
        None => vec![0; 128],
    }
}

/// `-k` mod the group order, as a u64 multiple of the generator is not enough: use `n - k`
/// through the field.
fn bn_g1_neg(k: u64) -> Vec<u8> {
    let p = (ark_bn254::G1Projective::generator() * -ark_bn254::Fr::from(k)).into_affine();
    match p.xy() {
        Some((x, y)) => [fq_be(&x), fq_be(&y)].concat(),
        None => vec![0; 64],
    }
}

proptest! {
    #![proptest_config(config(32))]

    #[test]
    fn bn254_add_mul(
        a in 0u64..1_000_000, b in 0u64..1_000_000,
        scalar in prop::array::uniform32(any::<u8>()),
        how in any::<u8>(), at in any::<usize>(),
    ) {
        let mut add = [bn_g1(a), bn_g1(b)].concat();
        mutate(&mut add, how, at);
        compare(0x06, &add)?;
        let mut mul = [bn_g1(a), scalar.to_vec()].concat();
        mutate(&mut mul, how, at);
        compare(0x07, &mul)?;
    }

    #[test]
    fn bn254_pairing(
        pairs in prop::collection::vec((1u64..1000, 1u64..1000), 0..3),
        balanced in any::<bool>(),
        how in any::<u8>(), at in any::<usize>(),
    ) {
        let mut input = Vec::new();
        for &(a, b) in &pairs {
            input.extend(bn_g1(a));
            input.extend(bn_g2(b));
            if balanced {
                // e(aP, bQ) * e(-(ab)P, Q) = 1.
                input.extend(bn_g1_neg(a * b));
                input.extend(bn_g2(1));
            }
        }
        mutate(&mut input, how, at);
        compare(0x08, &input)?;
    }
}

// ---------------------------------------------------------------------------------------------
// BLS12-381 (EIP-2537 encodings)

/// Pads each 48-byte field element to 64 bytes.
fn pad_fp(bytes: &[u8]) -> Vec<u8> {
    bytes.chunks(48).flat_map(|c| lpad(c, 64)).collect()
}

/// A G1 point `sk * G1` (a blst public key) and a G2 point `sk * H(msg)` (a signature).
fn bls_points(ikm: &[u8; 32]) -> (Vec<u8>, Vec<u8>) {
    let sk = blst::min_pk::SecretKey::key_gen(ikm, &[]).unwrap();
    let g1 = pad_fp(&sk.sk_to_pk().serialize());
    let sig = sk.sign(b"msg", b"BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_NUL_", &[]);
    let ser = sig.serialize(); // x.c1, x.c0, y.c1, y.c0 (ZCash order)
    let reorder = [&ser[48..96], &ser[..48], &ser[144..], &ser[96..144]].concat();
    (g1, pad_fp(&reorder))
}

/// Negates an encoded G1 point (p - y).
fn bls_g1_neg(p: &[u8]) -> Vec<u8> {
    if p.iter().all(|&b| b == 0) {
        return p.to_vec();
    }
    let modulus = constants::bytes(constants::BLS12_381_P);
    let y = &p[64 + 16..];
    [&p[..64], &lpad(&sub_be(&modulus, y), 64)].concat()
}

proptest! {
    #![proptest_config(config(24))]

    #[test]
    fn bls_add_msm(
        ikm1 in prop::array::uniform32(any::<u8>()),
        ikm2 in prop::array::uniform32(any::<u8>()),
        scalars in prop::collection::vec(prop::array::uniform32(any::<u8>()), 1..4),
        infinity in prop::bool::weighted(0.15),
        how in any::<u8>(), at in any::<usize>(),
    ) {
        let (a1, a2) = bls_points(&ikm1);
        let (mut b1, mut b2) = bls_points(&ikm2);
        if infinity {
            b1.iter_mut().for_each(|b| *b = 0);
            b2.iter_mut().for_each(|b| *b = 0);
        }
        let mut add1 = [a1.clone(), b1.clone()].concat();
        mutate(&mut add1, how, at);
        compare(0x0b, &add1)?;
        let mut add2 = [a2.clone(), b2.clone()].concat();
        mutate(&mut add2, how, at);
        compare(0x0d, &add2)?;
        let mut msm1 = Vec::new();
        let mut msm2 = Vec::new();
        for (i, s) in scalars.iter().enumerate() {
            msm1.extend(if i % 2 == 0 { &a1 } else { &b1 });
            msm1.extend(s);
            msm2.extend(if i % 2 == 0 { &a2 } else { &b2 });
            msm2.extend(s);
        }
        mutate(&mut msm1, how, at);
        compare(0x0c, &msm1)?;
        mutate(&mut msm2, how, at);
        compare(0x0e, &msm2)?;
    }

    #[test]
    fn bls_pairing(
        ikm in prop::array::uniform32(any::<u8>()),
        ikm2 in prop::array::uniform32(any::<u8>()),
        balanced in any::<bool>(),
        how in any::<u8>(), at in any::<usize>(),
    ) {
        let (pk, sig) = bls_points(&ikm);
        let (pk2, sig2) = bls_points(&ikm2);
        // e(sk*G1, H(m)) == e(G1, sk*H(m)): with H(m) = sig / sk unknown, use the pair
        // (pk, sig2) and (-pk2, sig) which balances only by chance; `balanced` uses
        // e(pk, sig2) * e(-pk, sig2) = 1 instead.
        let mut input = if balanced {
            [pk.clone(), sig2.clone(), bls_g1_neg(&pk), sig2.clone()].concat()
        } else {
            [pk.clone(), sig2.clone(), bls_g1_neg(&pk2), sig.clone()].concat()
        };
        mutate(&mut input, how, at);
        compare(0x0f, &input)?;
    }

    #[test]
    fn bls_map(
        e1 in prop::array::uniform32(any::<u8>()),
        e2 in prop::array::uniform32(any::<u8>()),
        top in 0u8..0x1b,
        how in any::<u8>(), at in any::<usize>(),
    ) {
        // Field elements: 48 bytes whose top byte is below 0x1a (so below p) or just at p's.
        let fp = |e: &[u8; 32]| {
            let mut v = vec![0u8; 64];
            v[16] = top;
            v[17..49].copy_from_slice(e);
            v[49..].copy_from_slice(&e[..15]);
            v
        };
        let mut g1 = fp(&e1);
        mutate(&mut g1, how, at);
        compare(0x10, &g1)?;
        let mut g2 = [fp(&e1), fp(&e2)].concat();
        mutate(&mut g2, how, at);
        compare(0x11, &g2)?;
    }
}

// ---------------------------------------------------------------------------------------------
// POINT_EVALUATION

proptest! {
    #![proptest_config(config(4))]

    #[test]
    fn kzg_proofs(
        seed in any::<u64>(),
        z in prop::array::uniform32(any::<u8>()),
        how in any::<u8>(), at in any::<usize>(),
    ) {
        use sha2::Digest;
        let settings = c_kzg::ethereum_kzg_settings(0);
        let mut blob = vec![0u8; c_kzg::BYTES_PER_BLOB];
        let mut state = seed | 1;
        for (i, b) in blob.iter_mut().enumerate() {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            // Keep every field element below the modulus.
            *b = if i % 32 == 0 { 0 } else { (state >> 56) as u8 };
        }
        let blob = c_kzg::Blob::from_bytes(&blob).unwrap();
        let mut z = z;
        z[0] = 0;
        let commitment = settings.blob_to_kzg_commitment(&blob).unwrap().to_bytes();
        let (proof, y) = settings
            .compute_kzg_proof(&blob, &c_kzg::Bytes32::from_bytes(&z).unwrap())
            .unwrap();
        let mut hash: [u8; 32] = sha2::Sha256::digest(&commitment[..]).into();
        hash[0] = 1;
        let mut input = [&hash[..], &z, &y[..], &commitment[..], &proof.to_bytes()[..]].concat();
        mutate(&mut input, how, at);
        compare(0x0a, &input)?;
    }
}
