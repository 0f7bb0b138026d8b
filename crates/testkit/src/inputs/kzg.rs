//! POINT_EVALUATION (0x0a): KZG proofs from c-kzg with the mainnet trusted setup, and proofs of
//! constant polynomials (built with blst, fresh for every case).

use super::{add_small, edge_element, length_fault, lpad, maybe_corrupt, Rng};
use crate::constants::{bytes, BLS12_381_R};
use ark_bls12_381::{Fr, G1Affine};
use ark_ec::{AffineRepr, CurveGroup};
use ark_ff::{BigInteger, PrimeField};
use ark_serialize::{CanonicalDeserialize, CanonicalSerialize};
use sha2::Digest;

/// Valid inputs `(versioned hash, z, y, commitment, proof)` of random blobs: at random points,
/// and (for the coincidence family) at `z = 0`.
pub(super) struct Pool {
    valid: Vec<Vec<u8>>,
    at_zero: Vec<Vec<u8>>,
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

/// The input of a random blob's proof at `z` (random when `None`), by c-kzg; `None` when c-kzg
/// refuses (the caller draws again).
fn blob_proof(rng: &mut Rng, z: Option<[u8; 32]>) -> Option<Vec<u8>> {
    let settings = c_kzg::ethereum_kzg_settings(0);
    let mut blob = rng.bytes(c_kzg::BYTES_PER_BLOB);
    blob.iter_mut().step_by(32).for_each(|b| *b = 0);
    let blob = c_kzg::Blob::from_bytes(&blob).ok()?;
    let z = z.unwrap_or_else(|| element(rng));
    let commitment = settings.blob_to_kzg_commitment(&blob).ok()?;
    let z_bytes = c_kzg::Bytes32::from_bytes(&z).ok()?;
    let (proof, y) = settings.compute_kzg_proof(&blob, &z_bytes).ok()?;
    let commitment = commitment.to_bytes();
    Some(assemble(&z, &y[..], &commitment[..], &proof.to_bytes()[..]))
}

/// `(versioned hash of the commitment, z, y, commitment, proof)`.
fn assemble(z: &[u8], y: &[u8], commitment: &[u8], proof: &[u8]) -> Vec<u8> {
    [&versioned_hash(commitment)[..], z, y, commitment, proof].concat()
}

impl Pool {
    pub(super) fn new(rng: &mut Rng, size: usize) -> Self {
        let mut draw = |count: usize, z: Option<[u8; 32]>| {
            let mut out = Vec::with_capacity(count);
            while out.len() < count {
                out.extend(blob_proof(rng, z));
            }
            out
        };
        let valid = draw(size, None);
        let at_zero = draw(size.div_ceil(2), Some([0; 32]));
        Self { valid, at_zero }
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

/// The kinds of [`super::Family::KzgCoincidence`] input. With `C` the commitment, `π` the
/// proof and `G` the G1 generator, our verifier checks `e(C - [y]G + [z]π, G2) = e(π, [τ]G2)`;
/// each kind sets one of its terms to a degenerate value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Coincidence {
    /// The zero polynomial: `C = π = O`, `y = 0`, at a random `z`, `0` or `r - 1` (valid).
    ZeroPolynomial,
    /// A constant polynomial `c` at `z = 0`: `C = [c]G`, `y = c`, `π = O`, so the G1 side
    /// `C - [y]G` is infinity (valid).
    ConstantAtZero,
    /// A random blob's proof at `z = 0`: `[z]π = O` (valid).
    ProofAtZero,
    /// A random blob's proof shifted to `y = 0`: the blob minus the constant `y`, whose
    /// commitment is `C - [y]G` and whose proof is the same (valid).
    ZeroY,
    /// A blob's proof with the commitment replaced by the proof, or the proof by the
    /// commitment (fails).
    CommitmentIsProof,
    /// `C = [y]G - [z]π` for a proof point `π` and random `y`, `z`: the G1 side is infinity
    /// but `π` is not (fails).
    LhsAtInfinity,
    /// A blob's proof replaced by infinity (fails).
    ProofAtInfinity,
}

impl Coincidence {
    /// Every kind.
    pub const ALL: [Coincidence; 7] = [
        Coincidence::ZeroPolynomial,
        Coincidence::ConstantAtZero,
        Coincidence::ProofAtZero,
        Coincidence::ZeroY,
        Coincidence::CommitmentIsProof,
        Coincidence::LhsAtInfinity,
        Coincidence::ProofAtInfinity,
    ];

    /// Whether an input of this kind is a valid proof.
    pub fn verifies(self) -> bool {
        matches!(
            self,
            Coincidence::ZeroPolynomial
                | Coincidence::ConstantAtZero
                | Coincidence::ProofAtZero
                | Coincidence::ZeroY
        )
    }
}

/// A compressed G1 point (a valid one: pool points and points computed here).
fn g1(bytes: &[u8]) -> G1Affine {
    G1Affine::deserialize_compressed(bytes).expect("a valid compressed pool point")
}

/// The compressed encoding of `p` (48 bytes, EIP-4844's).
fn compress(p: &G1Affine) -> Vec<u8> {
    let mut out = Vec::with_capacity(48);
    p.serialize_compressed(&mut out)
        .expect("writing to a Vec cannot fail");
    out
}

/// A 32-byte big-endian scalar below r.
fn fr(bytes: &[u8]) -> Fr {
    Fr::from_be_bytes_mod_order(bytes)
}

fn fr_bytes(x: Fr) -> Vec<u8> {
    lpad(&x.into_bigint().to_bytes_be(), 32)
}

/// A blob's valid input from the pool: at a random point or (30%) at `z = 0`.
fn blob_entry<'a>(rng: &mut Rng, pool: &'a Pool) -> &'a Vec<u8> {
    if rng.percent(30) {
        rng.pick(&pool.at_zero)
    } else {
        rng.pick(&pool.valid)
    }
}

/// One POINT_EVALUATION input of `kind` (versioned hash always that of its commitment, so the
/// call reaches the pairing).
pub fn coincidence_input(rng: &mut Rng, pool: &super::Pool, kind: Coincidence) -> Vec<u8> {
    let pool = pool.kzg();
    let infinity = compress(&G1Affine::zero());
    let g = G1Affine::generator();
    let entry = blob_entry(rng, pool);
    let (z, y, c, pi) = (
        &entry[32..64],
        &entry[64..96],
        &entry[96..144],
        &entry[144..192],
    );
    match kind {
        Coincidence::ZeroPolynomial => {
            let z = match rng.below(3) {
                0 => element(rng).to_vec(),
                1 => vec![0; 32],
                _ => fr_bytes(-Fr::from(1u64)),
            };
            assemble(&z, &[0; 32], &infinity, &infinity)
        }
        Coincidence::ConstantAtZero => {
            let c = fr(&element(rng));
            assemble(
                &[0; 32],
                &fr_bytes(c),
                &compress(&(g * c).into_affine()),
                &infinity,
            )
        }
        Coincidence::ProofAtZero => rng.pick(&pool.at_zero).clone(),
        Coincidence::ZeroY => {
            let shifted = (g1(c).into_group() - g * fr(y)).into_affine();
            assemble(z, &[0; 32], &compress(&shifted), pi)
        }
        Coincidence::CommitmentIsProof if rng.percent(50) => assemble(z, y, pi, pi),
        Coincidence::CommitmentIsProof => assemble(z, y, c, c),
        Coincidence::LhsAtInfinity => {
            let (y, z) = (fr(&element(rng)), fr(&element(rng)));
            let c = (g * y - g1(pi) * z).into_affine();
            assemble(&fr_bytes(z), &fr_bytes(y), &compress(&c), pi)
        }
        Coincidence::ProofAtInfinity => assemble(z, y, c, &infinity),
    }
}

/// A [`super::Family::KzgCoincidence`] input: one of the [`Coincidence`] kinds, uniformly.
pub(super) fn coincidence(rng: &mut Rng, pool: &super::Pool) -> Vec<u8> {
    let kind = *rng.pick(&Coincidence::ALL);
    coincidence_input(rng, pool, kind)
}

#[cfg(test)]
mod tests {
    use super::*;
    use precompile::PrecompileError;

    /// Each kind holds its relation (read back from the bytes with arkworks), and our
    /// POINT_EVALUATION and c-kzg both give the kind's verdict: valid kinds verify, the others
    /// fail in the pairing (not in decoding or the hash check).
    #[test]
    fn coincidences_reach_their_paths() {
        let pool = super::super::Pool::new(5, 2);
        let settings = c_kzg::ethereum_kzg_settings(0);
        let mut rng = Rng::new(17);
        let run = |x: &[u8]| precompile::kzg_point_evaluation::CANCUN.run(x, 50_000);
        for kind in Coincidence::ALL {
            for _ in 0..6 {
                let input = coincidence_input(&mut rng, &pool, kind);
                let (z, y) = (fr(&input[32..64]), fr(&input[64..96]));
                let (c, pi) = (g1(&input[96..144]), g1(&input[144..192]));
                let lhs = (c.into_group() - G1Affine::generator() * y + pi * z).into_affine();
                let holds = match kind {
                    Coincidence::ZeroPolynomial => c.is_zero() && pi.is_zero() && y == Fr::from(0),
                    Coincidence::ConstantAtZero => {
                        z == Fr::from(0) && pi.is_zero() && lhs.is_zero()
                    }
                    Coincidence::ProofAtZero => z == Fr::from(0) && !pi.is_zero(),
                    Coincidence::ZeroY => y == Fr::from(0) && !pi.is_zero(),
                    Coincidence::CommitmentIsProof => c == pi && !c.is_zero(),
                    Coincidence::LhsAtInfinity => lhs.is_zero() && !pi.is_zero(),
                    Coincidence::ProofAtInfinity => pi.is_zero() && !lhs.is_zero(),
                };
                assert!(holds, "{kind:?}: relation does not hold");
                let field = |r: std::ops::Range<usize>| c_kzg::Bytes32::from_bytes(&input[r]);
                let point = |r: std::ops::Range<usize>| c_kzg::Bytes48::from_bytes(&input[r]);
                let ckzg = settings
                    .verify_kzg_proof(
                        &point(96..144).unwrap(),
                        &field(32..64).unwrap(),
                        &field(64..96).unwrap(),
                        &point(144..192).unwrap(),
                    )
                    .unwrap();
                assert_eq!(ckzg, kind.verifies(), "{kind:?}: c-kzg");
                match run(&input) {
                    Ok(out) => assert!(kind.verifies() && out.bytes.len() == 64, "{kind:?}"),
                    Err(e) => assert!(
                        !kind.verifies() && e == PrecompileError::KzgVerificationFailed,
                        "{kind:?}: {e:?}"
                    ),
                }
            }
        }
    }
}
