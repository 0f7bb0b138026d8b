//! 0x0a POINT_EVALUATION (EIP-4844): verifies a KZG proof that a blob's polynomial, committed to
//! by `commitment`, takes the value `y` at `z`.
//!
//! Input (exactly 192 bytes): `versioned_hash` (32) ‖ `z` (32, BE) ‖ `y` (32, BE) ‖
//! `commitment` (48, compressed G1) ‖ `proof` (48, compressed G1). Output on success:
//! `FIELD_ELEMENTS_PER_BLOB` (4096) and `BLS_MODULUS` as two 32-byte big-endian words.
//! Verification uses `c-kzg` with the Ethereum mainnet trusted setup it embeds.

use crate::{charge, LengthRule, Precompile, PrecompileError, PrecompileOutput, PrecompileResult};
use c_kzg::{Bytes32, Bytes48};
use sha2::{Digest, Sha256};

/// Gas of POINT_EVALUATION (every input).
pub const GAS: u64 = 50_000;

/// The length of a POINT_EVALUATION input.
pub const INPUT_LENGTH: usize = 192;

/// The only input length POINT_EVALUATION accepts.
pub const INPUT_RULE: LengthRule = LengthRule::Exact(INPUT_LENGTH);

/// The version byte of a KZG versioned hash.
pub const VERSIONED_HASH_VERSION_KZG: u8 = 0x01;

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

fn bls_modulus() -> &'static [u8] {
    &RETURN_VALUE[32..]
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
) -> Result<(), PrecompileError> {
    // c-kzg checks these too, but without saying which argument was bad.
    if &z[..] >= bls_modulus() || &y[..] >= bls_modulus() {
        return Err(PrecompileError::KzgInvalidInput);
    }
    let settings = c_kzg::ethereum_kzg_settings(0);
    match settings.verify_kzg_proof(
        &Bytes48::from(*commitment),
        &Bytes32::from(*z),
        &Bytes32::from(*y),
        &Bytes48::from(*proof),
    ) {
        Ok(true) => Ok(()),
        Ok(false) => Err(PrecompileError::KzgVerificationFailed),
        Err(_) => Err(PrecompileError::KzgInvalidInput),
    }
}

/// Runs POINT_EVALUATION: 50000 gas and [`RETURN_VALUE`]. Errors, in the order checked:
/// [`PrecompileError::OutOfGas`] below 50000 gas, [`PrecompileError::InvalidInputLength`] unless
/// the input is 192 bytes, [`PrecompileError::KzgInvalidVersionedHash`] when the versioned hash
/// is not that of the commitment, then those of [`verify_kzg_proof`].
pub fn run(input: &[u8], gas_limit: u64) -> PrecompileResult {
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
    verify_kzg_proof(&arr48(commitment), &arr32(z), &arr32(y), &arr48(proof))?;
    Ok(PrecompileOutput::new(gas_used, RETURN_VALUE.to_vec()))
}

/// The POINT_EVALUATION precompile at 0x0a (since Cancun).
pub const CANCUN: Precompile =
    Precompile::new(0x0a, "POINT_EVALUATION", gas, run).with_library("c-kzg");

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
    }
}
