//! 0x0a POINT_EVALUATION (EIP-4844): verifies a KZG proof that a blob's polynomial, committed to
//! by `commitment`, takes the value `y` at `z`.
//!
//! Input (exactly 192 bytes): `versioned_hash` (32) ‖ `z` (32, BE) ‖ `y` (32, BE) ‖
//! `commitment` (48, compressed G1) ‖ `proof` (48, compressed G1). Output on success:
//! `FIELD_ELEMENTS_PER_BLOB` (4096) and `BLS_MODULUS` as two 32-byte big-endian words.
//!
//! The proof `pi` is valid when `e(C - [y]G1, G2) = e(pi, [s]G2 - [z]G2)`. We check the
//! equivalent `e(C - [y]G1 + [z]pi, G2) e(-pi, [s]G2) = 1` on blst's field arithmetic: both G2
//! arguments are fixed (the generator and the trusted setup's `[s]G2`), so their Miller-loop
//! lines are computed once per process, as is a fixed-base table for `[y]G1`. Each call does one
//! variable-base G1 multiplication (`[z]pi`), one Miller loop over both pairs' lines (one
//! accumulator: half the Fp12 squarings of two loops) and one final exponentiation. [`ckzg`] is
//! the same check through `c-kzg` (an alternative backend for benches and a test oracle).

use crate::bls12_381::affine::p1_to_affine;
use crate::bls12_381::blst_ffi::{self, G2Lines, P1FixedBase};
use crate::{charge, LengthRule, Precompile, PrecompileError, PrecompileOutput, PrecompileResult};
use blst::blst_p1_affine;
use sha2::{Digest, Sha256};
use std::sync::OnceLock;

/// Gas of POINT_EVALUATION (every input).
pub const GAS: u64 = 50_000;

/// The length of a POINT_EVALUATION input.
pub const INPUT_LENGTH: usize = 192;

/// The only input length POINT_EVALUATION accepts.
pub const INPUT_RULE: LengthRule = LengthRule::Exact(INPUT_LENGTH);

/// The version byte of a KZG versioned hash.
pub const VERSIONED_HASH_VERSION_KZG: u8 = 0x01;

/// The library doing the math of the default backend.
pub const LIBRARY: &str = "blst (precomputed-lines pairing)";

/// The output: `FIELD_ELEMENTS_PER_BLOB` (4096) ‖ `BLS_MODULUS`, both 32-byte big-endian.
pub const RETURN_VALUE: [u8; 64] = {
    let mut out = [0u8; 64];
    out[30] = 0x10;
    let modulus: [u8; 32] = [
        0x73, 0xed, 0xa7, 0x53, 0x29, 0x9d, 0x7d, 0x48, 0x33, 0x39, 0xd8, 0x08, 0x09, 0xa1, 0xd8,
        0x05, 0x53, 0xbd, 0xa4, 0x02, 0xff, 0xfe, 0x5b, 0xfe, 0xff, 0xff, 0xff, 0xff, 0x00, 0x00,
        0x00, 0x01,
    ];
    let mut i = 0;
    while i < 32 {
        out[32 + i] = modulus[i];
        i += 1;
    }
    out
};

/// `[s]G2` of the Ethereum KZG ceremony's trusted setup, compressed: the second G2 point of the
/// `trusted_setup.txt` that c-kzg bundles (a test checks that valid c-kzg proofs verify with it).
const TAU_G2: [u8; 96] = hex_bytes(
    "b5bfd7dd8cdeb128843bc287230af38926187075cbfbefa81009a2ce615ac53d2914e5870cb452d2afaaab24f3499f72185cbfee53492714734429b7b38608e23926c911cceceac9a36851477ba4c60b087041de621000edc98edada20c1def2",
);

/// The bytes of a lowercase hex string of exactly `2 * N` digits (compile-time constants only:
/// a bad digit or length fails the build).
const fn hex_bytes<const N: usize>(s: &str) -> [u8; N] {
    const fn digit(c: u8) -> u8 {
        match c {
            b'0'..=b'9' => c - b'0',
            b'a'..=b'f' => c - b'a' + 10,
            _ => panic!("not a lowercase hex digit"),
        }
    }
    let s = s.as_bytes();
    assert!(s.len() == 2 * N, "wrong hex length");
    let mut out = [0u8; N];
    let mut i = 0;
    while i < N {
        out[i] = digit(s[2 * i]) << 4 | digit(s[2 * i + 1]);
        i += 1;
    }
    out
}

/// The gas of POINT_EVALUATION: always 50000 (never fails).
pub fn gas(_input: &[u8]) -> u64 {
    GAS
}

/// The versioned hash of a commitment: `0x01 ‖ sha256(commitment)[1..]`.
pub fn kzg_to_versioned_hash(commitment: &[u8]) -> [u8; 32] {
    let mut hash: [u8; 32] = Sha256::digest(commitment).into();
    hash[0] = VERSIONED_HASH_VERSION_KZG;
    hash
}

fn bls_modulus() -> &'static [u8; 32] {
    RETURN_VALUE[32..].try_into().expect("32 bytes")
}

/// What the check precomputes once per process: the Miller-loop lines of the two fixed G2
/// points and a fixed-base table of the G1 generator (for `[y]G1`).
struct Setup {
    generator: G2Lines,
    tau: G2Lines,
    g1: P1FixedBase,
}

fn setup() -> &'static Setup {
    static SETUP: OnceLock<Setup> = OnceLock::new();
    SETUP.get_or_init(|| {
        let tau = blst_ffi::p2_uncompress(&TAU_G2)
            .filter(blst_ffi::p2_in_g2)
            .expect("the trusted setup's [s]G2 constant is a G2 point");
        Setup {
            generator: G2Lines::new(&blst_ffi::p2_generator()),
            tau: G2Lines::new(&tau),
            g1: P1FixedBase::new(&blst_ffi::p1_generator()),
        }
    })
}

/// A commitment or proof: a valid compressed G1 point, infinity included, in the subgroup (the
/// checks c-kzg makes); [`PrecompileError::KzgInvalidInput`] otherwise.
fn g1_point(bytes: &[u8; 48]) -> Result<blst_p1_affine, PrecompileError> {
    let p = blst_ffi::p1_uncompress(bytes).ok_or(PrecompileError::KzgInvalidInput)?;
    if blst_ffi::p1_is_inf(&p) || blst_ffi::p1_in_g1(&p) {
        Ok(p)
    } else {
        Err(PrecompileError::KzgInvalidInput)
    }
}

/// `(r - x) mod r` as 32 little-endian bytes, for a big-endian `x < r` (r the BLS modulus).
fn neg_scalar_le(x: &[u8; 32]) -> [u8; 32] {
    let r = bls_modulus();
    let mut out = [0u8; 32];
    if x.iter().all(|&b| b == 0) {
        return out;
    }
    let mut borrow = 0u16;
    for i in 0..32 {
        let d = u16::from(r[31 - i])
            .wrapping_sub(u16::from(x[31 - i]))
            .wrapping_sub(borrow);
        out[i] = d as u8;
        borrow = (d >> 15) & 1;
    }
    out
}

/// `C - [y]G1 + [z]pi`, as `[r - y]G1` from the fixed-base table plus `[z]pi` by blst's
/// variable-base multiplication plus `C`.
fn lhs_point(
    g1: &P1FixedBase,
    c: &blst_p1_affine,
    y: &[u8; 32],
    z: &[u8; 32],
    pi: &blst_p1_affine,
) -> blst_p1_affine {
    let mut z_le = *z;
    z_le.reverse();
    let sum = blst_ffi::p1_add_jacobian(&g1.mult(&neg_scalar_le(y)), &blst_ffi::p1_mult(pi, &z_le));
    p1_to_affine(&blst_ffi::p1_add_mixed(&sum, c))
}

/// Verifies `proof` that the polynomial committed to by `commitment` is `y` at `z` (all in
/// their EIP-4844 encodings) against the mainnet trusted setup. Returns
/// [`PrecompileError::KzgInvalidInput`] when `z` or `y` is not below the BLS modulus or a point
/// is not a valid compressed G1 point in the subgroup, and
/// [`PrecompileError::KzgVerificationFailed`] when the proof does not verify.
pub fn verify_kzg_proof(
    commitment: &[u8; 48],
    z: &[u8; 32],
    y: &[u8; 32],
    proof: &[u8; 48],
) -> KzgResult {
    check_field_elements(z, y)?;
    let c = g1_point(commitment)?;
    let pi = g1_point(proof)?;
    let setup = setup();
    let lhs = lhs_point(&setup.g1, &c, y, z, &pi);
    // e(lhs, G2) == e(pi, [s]G2), as e(lhs, G2) e(-pi, [s]G2) == 1: one Miller loop over both
    // pairs' precomputed lines, one final exponentiation.
    let f = blst_ffi::multi_miller_loop([
        (&setup.generator, &lhs),
        (&setup.tau, &blst_ffi::p1_neg(&pi)),
    ]);
    if blst_ffi::fp12_final_is_one(&f) {
        Ok(())
    } else {
        Err(PrecompileError::KzgVerificationFailed)
    }
}

/// The POINT_EVALUATION check through `c-kzg` (its bundled mainnet trusted setup): the same
/// contract as [`super::run`] and [`super::verify_kzg_proof`], kept as an alternative backend
/// (cargo feature `c-kzg`).
#[cfg(any(test, feature = "c-kzg"))]
pub mod ckzg {
    use super::{check_field_elements, run_with, KzgResult};
    use crate::{Precompile, PrecompileError, PrecompileResult};
    use c_kzg::{Bytes32, Bytes48};

    /// The library name of this backend, as [`Precompile::library`] reports it.
    pub const LIBRARY: &str = "c-kzg";

    /// As [`super::verify_kzg_proof`] (commitment `c`, proof `pi`), verified by c-kzg.
    pub fn verify_kzg_proof(c: &[u8; 48], z: &[u8; 32], y: &[u8; 32], pi: &[u8; 48]) -> KzgResult {
        // c-kzg checks these too, but without saying which argument was bad.
        check_field_elements(z, y)?;
        let settings = c_kzg::ethereum_kzg_settings(0);
        match settings.verify_kzg_proof(
            &Bytes48::from(*c),
            &Bytes32::from(*z),
            &Bytes32::from(*y),
            &Bytes48::from(*pi),
        ) {
            Ok(true) => Ok(()),
            Ok(false) => Err(PrecompileError::KzgVerificationFailed),
            Err(_) => Err(PrecompileError::KzgInvalidInput),
        }
    }

    /// Runs POINT_EVALUATION with c-kzg (same contract as [`super::run`]).
    pub fn run(input: &[u8], gas_limit: u64) -> PrecompileResult {
        run_with(input, gas_limit, verify_kzg_proof)
    }

    /// POINT_EVALUATION (`0x0a`) on c-kzg.
    pub const CANCUN: Precompile =
        Precompile::new(0x0a, "POINT_EVALUATION", super::gas, run).with_library(LIBRARY);
}

/// What a proof verification returns: `Ok(())` when the proof verifies, or why it does not.
pub type KzgResult = Result<(), PrecompileError>;

/// A proof verifier with the contract of [`verify_kzg_proof`].
type VerifyFn = fn(&[u8; 48], &[u8; 32], &[u8; 32], &[u8; 48]) -> KzgResult;

/// [`PrecompileError::KzgInvalidInput`] unless `z` and `y` are both below the BLS modulus.
fn check_field_elements(z: &[u8; 32], y: &[u8; 32]) -> KzgResult {
    if z >= bls_modulus() || y >= bls_modulus() {
        Err(PrecompileError::KzgInvalidInput)
    } else {
        Ok(())
    }
}

/// Runs POINT_EVALUATION: 50000 gas and [`RETURN_VALUE`]. Errors, in the order checked:
/// [`PrecompileError::OutOfGas`] below 50000 gas, [`PrecompileError::InvalidInputLength`] unless
/// the input is 192 bytes, [`PrecompileError::KzgInvalidVersionedHash`] when the versioned hash
/// is not that of the commitment, then those of [`verify_kzg_proof`].
pub fn run(input: &[u8], gas_limit: u64) -> PrecompileResult {
    run_with(input, gas_limit, verify_kzg_proof)
}

/// [`run`] with the proof verified by `verify`.
fn run_with(input: &[u8], gas_limit: u64, verify: VerifyFn) -> PrecompileResult {
    let gas_used = charge(GAS, gas_limit)?;
    let Ok(input) = <&[u8; INPUT_LENGTH]>::try_from(input) else {
        return Err(INPUT_RULE.error(input.len()));
    };
    let (versioned_hash, rest) = input.split_at(32);
    let (z, rest) = rest.split_at(32);
    let (y, rest) = rest.split_at(32);
    let (commitment, proof) = rest.split_at(48);
    if kzg_to_versioned_hash(commitment)[..] != *versioned_hash {
        return Err(PrecompileError::KzgInvalidVersionedHash);
    }
    let arr32 = |s: &[u8]| <[u8; 32]>::try_from(s).unwrap_or([0; 32]);
    let arr48 = |s: &[u8]| <[u8; 48]>::try_from(s).unwrap_or([0; 48]);
    verify(&arr48(commitment), &arr32(z), &arr32(y), &arr48(proof))?;
    Ok(PrecompileOutput::new(gas_used, RETURN_VALUE.to_vec()))
}

/// The POINT_EVALUATION precompile at 0x0a (since Cancun).
pub const CANCUN: Precompile =
    Precompile::new(0x0a, "POINT_EVALUATION", gas, run).with_library(LIBRARY);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_vectors;

    /// c-kzg-4844 `verify_kzg_proof_case_correct_proof_4_4`.
    fn valid_input() -> Vec<u8> {
        let commitment = hex::decode("8f59a8d2a1a625a17f3fea0fe5eb8c896db3764f3185481bc22f91b4aaffcca25f26936857bc3a7c2539ea8ec3a952b7").unwrap();
        let z = hex::decode("73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000000")
            .unwrap();
        let y = hex::decode("1522a4a7f34e1ea350ae07c29c96c7e79655aa926122e95fe69fcbd932ca49e9")
            .unwrap();
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
                expected: INPUT_RULE,
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
            if fix_hash && data.len() == INPUT_LENGTH {
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
}
