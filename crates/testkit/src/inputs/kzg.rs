//! POINT_EVALUATION (0x0a): KZG proofs from c-kzg with the mainnet trusted setup, and proofs of
//! constant polynomials (built with blst, fresh for every case).

use super::{add_small, edge_element, length_fault, maybe_corrupt, Rng};
use crate::constants::{bytes, BLS12_381_R};
use sha2::Digest;

/// Valid inputs `(versioned hash, z, y, commitment, proof)` of random blobs at random points.
pub(super) struct Pool {
    valid: Vec<Vec<u8>>,
}

/// The versioned hash of a commitment (EIP-4844): SHA-256 with the first byte set to 1.
fn versioned_hash(commitment: &[u8]) -> [u8; 32] {
    let mut hash: [u8; 32] = sha2::Sha256::digest(commitment).into();
    hash[0] = 1;
    hash
}

/// A 32-byte field element below the BLS12-381 group order (top byte cleared).
fn element(rng: &mut Rng) -> [u8; 32] {
    let mut z = rng.array32();
    z[0] = 0;
    z
}

impl Pool {
    pub(super) fn new(rng: &mut Rng, size: usize) -> Self {
        let settings = c_kzg::ethereum_kzg_settings(0);
        let mut valid = Vec::with_capacity(size);
        while valid.len() < size {
            let mut blob = rng.bytes(c_kzg::BYTES_PER_BLOB);
            blob.iter_mut().step_by(32).for_each(|b| *b = 0);
            let Ok(blob) = c_kzg::Blob::from_bytes(&blob) else {
                continue;
            };
            let z = element(rng);
            let (Ok(commitment), Ok(z_bytes)) = (
                settings.blob_to_kzg_commitment(&blob),
                c_kzg::Bytes32::from_bytes(&z),
            ) else {
                continue;
            };
            let Ok((proof, y)) = settings.compute_kzg_proof(&blob, &z_bytes) else {
                continue;
            };
            let commitment = commitment.to_bytes();
            valid.push(
                [
                    &versioned_hash(&commitment[..])[..],
                    &z,
                    &y[..],
                    &commitment[..],
                    &proof.to_bytes()[..],
                ]
                .concat(),
            );
        }
        Self { valid }
    }
}

/// A valid input for the constant polynomial `f = c`: commitment `c * G1`, proof the point at
/// infinity, `y = c` at any `z`.
fn constant_polynomial(rng: &mut Rng) -> Vec<u8> {
    let ikm = rng.array32();
    let Ok(sk) = blst::min_pk::SecretKey::key_gen(&ikm, &[]) else {
        unreachable!("key_gen accepts any 32-byte key material")
    };
    let commitment = sk.sk_to_pk().compress();
    let mut infinity = [0u8; 48];
    infinity[0] = 0xc0;
    [
        &versioned_hash(&commitment)[..],
        &element(rng),
        &sk.to_bytes(),
        &commitment,
        &infinity,
    ]
    .concat()
}

/// POINT_EVALUATION `(versioned hash, z, y, commitment, proof)`. Mix: a valid proof of a random
/// blob (25%) or of a constant polynomial (20%); perturbed (45%): `y + 1` or `z + 1` (fails
/// verification), version byte 0 or 2, a hash bit, a commitment or proof bit (invalid point or
/// wrong proof), `z` or `y` an edge value around r (`r - 1`, `r`, `r + 1`, 2^k, all ones),
/// commitment or proof at infinity; random 192 bytes (5%); length faults on top (15%
/// of all).
pub fn point_evaluation(rng: &mut Rng, pool: &super::Pool) -> Vec<u8> {
    let mut input = if rng.percent(55) {
        rng.pick(&pool.kzg().valid).clone()
    } else {
        constant_polynomial(rng)
    };
    match rng.below(20) {
        0..=8 => {}
        9 => {
            let y = add_small(&input[64..96], 1);
            input[64..96].copy_from_slice(&y);
        }
        10 => {
            let z = add_small(&input[32..64], 1);
            input[32..64].copy_from_slice(&z);
        }
        11 => input[0] = *rng.pick(&[0u8, 2, 0xff]),
        12 => input[1 + rng.below(31) as usize] ^= 1 << rng.below(8),
        13 | 14 => {
            let bit = rng.below(96 * 8) as usize;
            input[96 + bit / 8] ^= 1 << (bit % 8);
        }
        15 | 16 => {
            let at = if rng.percent(50) { 32 } else { 64 };
            let value = edge_element(rng, &bytes(BLS12_381_R), 32);
            input[at..at + 32].copy_from_slice(&value);
        }
        17 => {
            let at = if rng.percent(50) { 96 } else { 144 };
            input[at..at + 48].iter_mut().for_each(|b| *b = 0);
            input[at] = 0xc0;
        }
        18 => input = rng.bytes(192),
        _ => maybe_corrupt(rng, &mut input, 100),
    }
    if rng.percent(15) {
        length_fault(rng, &mut input);
    }
    input
}
