//! Our arithmetic as revm 43's crypto backend: [`RevmCrypto`] implements
//! [`revm::precompile::Crypto`], so that one call at start-up,
//! [`install`] (or `revm::precompile::install_crypto(RevmCrypto)`), gives stock revm our
//! hashes, curves, MODEXP and BLAKE2F while revm keeps its own precompile set, input parsing,
//! gas and halts. This is the way in for an EVM that keeps revm's precompiles (an L2 set,
//! custom precompiles); [`crate::revm::RevmPrecompiles`] replaces the whole set instead.
//!
//! Each method calls the function our precompile of the same name uses, on the arguments revm
//! has already parsed: the SHA-256 and RIPEMD-160 digests, BN254 add, mul and pairing on our
//! `montgomery`-kernel curves, ECRECOVER's recovery, MODEXP's arithmetic, BLAKE2F's
//! compression, P256VERIFY's EIP-7951 check (its backend as [`crate::secp256r1::LIBRARY`]
//! says), the POINT_EVALUATION proof check and the BLS12-381 operations. Failures are the
//! [`PrecompileHalt`]s stock revm gives for the same input (through
//! [`crate::revm::halt_reason`]), so outputs, gas and halts are revm's (the test
//! `tests/revm_crypto.rs` checks that on every vector and on generated inputs).
//!
//! The install is global and happens at most once per process: `install_crypto` returns
//! `false`, and keeps the first backend, if one was installed already, or if revm has already
//! run a crypto operation (which installs its default backend).
//!
//! ```
//! use precompile::revm_crypto::RevmCrypto;
//! use revm::precompile::{Crypto, PrecompileSpecId, Precompiles};
//!
//! // Call a method directly ...
//! let digest = RevmCrypto.sha256(b"abc");
//! assert_eq!(digest[0], 0xba);
//! // ... or install it once, before the first precompile call, for every revm EVM.
//! assert!(precompile::revm_crypto::install());
//! let sha256 = Precompiles::new(PrecompileSpecId::OSAKA)
//!     .get(&revm::precompile::u64_to_address(2))
//!     .unwrap();
//! let out = sha256.execute(b"abc", 100, 0).unwrap();
//! assert_eq!(out.bytes[..], digest[..]);
//! ```

use crate::revm::halt_reason;
use crate::{blake2f, bls12_381, bn254, ecrecover, kzg_point_evaluation, modexp};
use crate::{ripemd160, secp256r1, sha256};
use revm::precompile::bls12_381::{G1Point, G1PointScalar, G2Point, G2PointScalar};
use revm::precompile::{Crypto, PrecompileHalt};

/// Our arithmetic behind revm's [`Crypto`] trait: every method of the trait is implemented
/// (none falls back to revm's default). A unit type: install it with [`install`].
#[derive(Clone, Copy, Debug, Default)]
pub struct RevmCrypto;

/// Installs [`RevmCrypto`] as revm's crypto backend for the whole process: `true` when it was
/// installed, `false` when a backend was already in place (installed earlier, or revm's
/// default, fixed by the first precompile call that needed one).
pub fn install() -> bool {
    revm::precompile::install_crypto(RevmCrypto)
}

/// `bytes` as a reference to an `N`-byte array, or the halt `Other(what)` for another length
/// (revm always passes the lengths the curve operations expect).
fn exact<'a, const N: usize>(
    bytes: &'a [u8],
    what: &'static str,
) -> Result<&'a [u8; N], PrecompileHalt> {
    bytes
        .try_into()
        .map_err(|_| PrecompileHalt::other_static(what))
}

impl Crypto for RevmCrypto {
    /// [`sha256::digest`].
    fn sha256(&self, input: &[u8]) -> [u8; 32] {
        sha256::digest(input)
    }

    /// [`ripemd160::digest`], left-padded to 32 bytes.
    fn ripemd160(&self, input: &[u8]) -> [u8; 32] {
        let mut out = [0u8; 32];
        out[12..].copy_from_slice(&ripemd160::digest(input));
        out
    }

    /// [`bn254::add::g1_add_points`] of two 64-byte points.
    fn bn254_g1_add(&self, p1: &[u8], p2: &[u8]) -> Result<[u8; 64], PrecompileHalt> {
        const LEN: &str = "bn254 G1 point is not 64 bytes";
        bn254::add::g1_add_points(exact(p1, LEN)?, exact(p2, LEN)?).map_err(halt_reason)
    }

    /// [`bn254::mul::g1_mul_point`] of a 64-byte point and a 32-byte scalar.
    fn bn254_g1_mul(&self, point: &[u8], scalar: &[u8]) -> Result<[u8; 64], PrecompileHalt> {
        let point = exact(point, "bn254 G1 point is not 64 bytes")?;
        let scalar = exact(scalar, "bn254 scalar is not 32 bytes")?;
        bn254::mul::g1_mul_point(point, scalar).map_err(halt_reason)
    }

    /// [`bn254::pairing::pairing_check_pairs`] of (64-byte G1, 128-byte G2) pairs.
    fn bn254_pairing_check(&self, pairs: &[(&[u8], &[u8])]) -> Result<bool, PrecompileHalt> {
        // Lengths first, so that a bad one is reported before any point is decoded.
        let mut points = Vec::with_capacity(pairs.len());
        for (g1, g2) in pairs {
            points.push((
                exact(g1, "bn254 G1 point is not 64 bytes")?,
                exact(g2, "bn254 G2 point is not 128 bytes")?,
            ));
        }
        bn254::pairing::pairing_check_pairs(points.into_iter()).map_err(halt_reason)
    }

    /// [`ecrecover::recover`] (ECRECOVER's backend): the 32-byte address word, or
    /// `Secp256k1RecoverFailed` when `r` or `s` is outside `[1, n)`, `recid` is not 0 or 1, or
    /// no key matches.
    fn secp256k1_ecrecover(
        &self,
        sig: &[u8; 64],
        recid: u8,
        msg: &[u8; 32],
    ) -> Result<[u8; 32], PrecompileHalt> {
        ecrecover::Signature::new(*msg, recid, *sig)
            .and_then(|s| ecrecover::recover(&s))
            .ok_or(PrecompileHalt::Secp256k1RecoverFailed)
    }

    /// [`modexp::pow`] (MODEXP's arithmetic): `modulus.len()` bytes, never fails.
    fn modexp(&self, base: &[u8], exp: &[u8], modulus: &[u8]) -> Result<Vec<u8>, PrecompileHalt> {
        Ok(modexp::pow(base, exp, modulus))
    }

    /// [`blake2f::compress`].
    fn blake2_compress(&self, rounds: u32, h: &mut [u64; 8], m: &[u64; 16], t: &[u64; 2], f: bool) {
        blake2f::compress(rounds, h, m, *t, f);
    }

    /// [`secp256r1::verify_eip7951`] (P256VERIFY's check, as revm's default: `R'.x mod n`)
    /// of `msg ‖ sig ‖ pk`.
    fn secp256r1_verify_signature(&self, msg: &[u8; 32], sig: &[u8; 64], pk: &[u8; 64]) -> bool {
        let mut input = [0u8; secp256r1::INPUT_LEN];
        input[..32].copy_from_slice(msg);
        input[32..96].copy_from_slice(sig);
        input[96..].copy_from_slice(pk);
        secp256r1::verify_eip7951(&input)
    }

    /// [`kzg_point_evaluation::verify_kzg_proof`]; any failure (a bad encoding or a proof that
    /// does not verify) is `BlobVerifyKzgProofFailed`, as in stock revm.
    fn verify_kzg_proof(
        &self,
        z: &[u8; 32],
        y: &[u8; 32],
        commitment: &[u8; 48],
        proof: &[u8; 48],
    ) -> Result<(), PrecompileHalt> {
        kzg_point_evaluation::verify_kzg_proof(commitment, z, y, proof)
            .map_err(|_| PrecompileHalt::BlobVerifyKzgProofFailed)
    }

    /// BLS12_G1ADD's sum (no subgroup check).
    fn bls12_381_g1_add(&self, a: G1Point, b: G1Point) -> Result<[u8; 96], PrecompileHalt> {
        bls12_381::revm_crypto::g1_add(&a, &b)
    }

    /// BLS12_G1MSM's sum (points subgroup checked).
    fn bls12_381_g1_msm(
        &self,
        pairs: &mut dyn Iterator<Item = Result<G1PointScalar, PrecompileHalt>>,
    ) -> Result<[u8; 96], PrecompileHalt> {
        bls12_381::revm_crypto::g1_msm(pairs)
    }

    /// BLS12_G2ADD's sum (no subgroup check).
    fn bls12_381_g2_add(&self, a: G2Point, b: G2Point) -> Result<[u8; 192], PrecompileHalt> {
        bls12_381::revm_crypto::g2_add(&a, &b)
    }

    /// BLS12_G2MSM's sum (points subgroup checked).
    fn bls12_381_g2_msm(
        &self,
        pairs: &mut dyn Iterator<Item = Result<G2PointScalar, PrecompileHalt>>,
    ) -> Result<[u8; 192], PrecompileHalt> {
        bls12_381::revm_crypto::g2_msm(pairs)
    }

    /// BLS12_PAIRING_CHECK's check.
    fn bls12_381_pairing_check(
        &self,
        pairs: &[(G1Point, G2Point)],
    ) -> Result<bool, PrecompileHalt> {
        bls12_381::revm_crypto::pairing_check(pairs)
    }

    /// BLS12_MAP_FP_TO_G1's map.
    fn bls12_381_fp_to_g1(&self, fp: &[u8; 48]) -> Result<[u8; 96], PrecompileHalt> {
        bls12_381::revm_crypto::map_fp_to_g1(fp)
    }

    /// BLS12_MAP_FP2_TO_G2's map of `(c0, c1)`.
    fn bls12_381_fp2_to_g2(&self, fp2: ([u8; 48], [u8; 48])) -> Result<[u8; 192], PrecompileHalt> {
        bls12_381::revm_crypto::map_fp2_to_g2(&fp2.0, &fp2.1)
    }
}
