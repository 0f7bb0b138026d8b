//! The case list: one named input per benchmarked precompile call, built in code from fixed
//! seeds so that every run (and the Go peer, through `cases.json`) sees identical bytes.
//!
//! Where each input comes from is recorded in [`Case::source`]:
//! - hashes and IDENTITY: bytes of a seeded xorshift/splitmix stream ([`Rng`]);
//! - ECRECOVER: a libsecp256k1 (`secp256k1` crate) RFC 6979 signature with a fixed key;
//! - MODEXP: the EIP-198 example, and operands shaped like the EIP-2565/EIP-7883 vectors
//!   (base = modulus length, 32-byte exponent) drawn from the seeded stream;
//! - BN254: multiples of the generators computed with `ark-bn254` from seeded scalars;
//! - BLAKE2F: the EIP-152 "abc" vector (12 rounds) and the same block with 100000 rounds;
//! - POINT_EVALUATION: a `c-kzg` commitment and proof (Ethereum trusted setup bundled with
//!   c-kzg) for a seeded blob, and two corruptions of it;
//! - BLS12-381: multiples of the generators computed with `ark-bls12-381` from seeded scalars,
//!   and seeded field elements for the map-to-curve precompiles;
//! - P256VERIFY: a RustCrypto `p256` signature with a fixed key, and a corrupted hash.

use ark_ec::{AffineRepr, CurveGroup, PrimeGroup};
use ark_ff::{BigInteger, PrimeField};
use precompile::{precompiles, Fork, Precompile, PrecompileId};
use sha2::{Digest, Sha256};

/// One benchmarked call: a precompile and an input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    /// The case name, as used for benchmark function ids (`"EcRecover/ValidKey"`).
    pub name: String,
    /// The precompile's number (`0x01` .. `0x11`, `0x100`).
    pub number: u16,
    /// The call's input.
    pub input: Vec<u8>,
    /// Where the input comes from.
    pub source: String,
}

impl Case {
    fn new(
        name: impl Into<String>,
        number: u16,
        input: Vec<u8>,
        source: impl Into<String>,
    ) -> Self {
        Self {
            name: name.into(),
            number,
            input,
            source: source.into(),
        }
    }

    /// Our precompile for this case at `fork`, or `None` when `fork` does not have it.
    pub fn precompile(&self, fork: Fork) -> Option<&'static Precompile> {
        precompiles(fork).by_number(self.number)
    }

    /// The precompile of the case (`None` only for a number outside the registry, which no
    /// case of [`all_cases`] has).
    pub fn id(&self) -> Option<PrecompileId> {
        PrecompileId::from_number(self.number)
    }

    /// The precompile's EIP name (`"ECRECOVER"`, `"BLS12_G1MSM"`, ...).
    pub fn precompile_name(&self) -> &'static str {
        self.id().map_or("?", PrecompileId::name)
    }

    /// The nominal gas of the call under `fork` (our `required_gas`), or `None` when `fork`
    /// does not have the precompile.
    pub fn gas(&self, fork: Fork) -> Option<u64> {
        self.precompile(fork).map(|p| p.required_gas(&self.input))
    }

    /// The precompile's 20-byte address.
    pub fn address(&self) -> precompile::Address {
        precompile::address(self.number)
    }
}

/// A deterministic byte and scalar stream (splitmix64), seeded from a label.
#[derive(Clone, Debug)]
pub struct Rng(testkit::inputs::Rng);

impl Rng {
    /// The stream for `label` (FNV-1a of the label as the seed).
    pub fn new(label: &str) -> Self {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for b in label.bytes() {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
        Self(testkit::inputs::Rng::new(h))
    }

    /// The next 64-bit word (testkit's SplitMix64 step).
    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// `n` bytes of the stream.
    pub fn bytes(&mut self, n: usize) -> Vec<u8> {
        let mut out = Vec::with_capacity(n + 8);
        while out.len() < n {
            out.extend_from_slice(&self.next_u64().to_be_bytes());
        }
        out.truncate(n);
        out
    }

    /// A field element of `F` reduced from 64 bytes of the stream.
    pub fn field<F: PrimeField>(&mut self) -> F {
        F::from_be_bytes_mod_order(&self.bytes(64))
    }
}

fn sha256(data: &[u8]) -> [u8; 32] {
    Sha256::digest(data).into()
}

/// `x` big-endian, left-padded with zeros to `width` bytes.
fn be<F: PrimeField>(x: &F, width: usize) -> Vec<u8> {
    let raw = x.into_bigint().to_bytes_be();
    let mut out = vec![0u8; width - raw.len()];
    out.extend_from_slice(&raw);
    out
}

// ---------------------------------------------------------------- hashes, identity

fn hash_cases(out: &mut Vec<Case>) {
    for len in [128, 256] {
        let src = format!("{len} bytes of Rng(\"sha256-{len}\")");
        out.push(Case::new(
            format!("Sha256-{len}"),
            0x02,
            Rng::new(&format!("sha256-{len}")).bytes(len),
            src,
        ));
    }
    for len in [128, 256] {
        let src = format!("{len} bytes of Rng(\"ripemd-{len}\")");
        out.push(Case::new(
            format!("RipeMd-{len}"),
            0x03,
            Rng::new(&format!("ripemd-{len}")).bytes(len),
            src,
        ));
    }
    out.push(Case::new(
        "Identity-128",
        0x04,
        Rng::new("identity-128").bytes(128),
        "128 bytes of Rng(\"identity-128\")",
    ));
}

// ---------------------------------------------------------------- ECRECOVER

fn ecrecover_case() -> Case {
    use secp256k1::{ecdsa::RecoverableSignature, Message, SecretKey};
    let key =
        SecretKey::from_secret_bytes(sha256(b"evm-benches ecrecover key")).expect("valid key");
    let hash = sha256(b"evm-benches ecrecover message");
    let sig = RecoverableSignature::sign_ecdsa_recoverable(Message::from_digest(hash), &key);
    let (recid, rs) = sig.serialize_compact();
    let mut input = hash.to_vec();
    input.extend_from_slice(&[0u8; 31]);
    input.push(27 + u8::from(recid));
    input.extend_from_slice(&rs);
    Case::new(
        "EcRecover/ValidKey",
        0x01,
        input,
        "secp256k1 RFC 6979 signature, key sha256(\"evm-benches ecrecover key\"), hash sha256(\"evm-benches ecrecover message\")",
    )
}

/// go-ethereum's ecRecover vector `CallEcrecoverUnrecoverableKey` (160 bytes, the last 32
/// ignored): `r` is not the x-coordinate of a curve point, so recovery fails early.
fn ecrecover_unrecoverable_case() -> Case {
    Case::new(
        "EcRecover/UnrecoverableKey",
        0x01,
        hex::decode("a8b53bdf3306a35a7103ab5504a0c9b492295564b6202b1942a84ef300107281000000000000000000000000000000000000000000000000000000000000001b307835653165303366353363653138623737326363623030393366663731663366353366356337356237346463623331613835616138623838393262346538621122334455667788991011121314151617181920212223242526272829303132").expect("hex"),
        "go-ethereum ecRecover.json: CallEcrecoverUnrecoverableKey",
    )
}

// ---------------------------------------------------------------- MODEXP

fn modexp_input(base: &[u8], exp: &[u8], modulus: &[u8]) -> Vec<u8> {
    let mut input = Vec::new();
    for len in [base.len(), exp.len(), modulus.len()] {
        let mut word = [0u8; 32];
        word[24..].copy_from_slice(&(len as u64).to_be_bytes());
        input.extend_from_slice(&word);
    }
    input.extend_from_slice(base);
    input.extend_from_slice(exp);
    input.extend_from_slice(modulus);
    input
}

fn modexp_cases(out: &mut Vec<Case>) {
    // EIP-198's example: 3 ^ (p - 1) mod p for the secp256k1 field prime p (Fermat).
    let p =
        hex::decode("fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f").unwrap();
    let e =
        hex::decode("fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2e").unwrap();
    out.push(Case::new(
        "ModExp-EIP198",
        0x05,
        modexp_input(&[3], &e, &p),
        "EIP-198 example: 3^(p-1) mod p, p the secp256k1 field prime",
    ));
    // base and modulus of `bytes` bytes (modulus odd, top bit set), a 32-byte exponent.
    for (name, bytes, odd) in [
        ("ModExp-Small", 8, true),
        ("ModExp-256", 32, true),
        ("ModExp-1024", 128, true),
        ("ModExp-2048", 256, true),
        ("ModExp-1024-EvenMod", 128, false),
    ] {
        let mut rng = Rng::new(name);
        let base = rng.bytes(bytes);
        let exp = rng.bytes(if bytes == 8 { 8 } else { 32 });
        let mut modulus = rng.bytes(bytes);
        modulus[0] |= 0x80;
        if odd {
            modulus[bytes - 1] |= 1;
        } else {
            modulus[bytes - 1] &= !1;
        }
        let src = format!(
            "EIP-2565/EIP-7883-shaped: {bytes}-byte base and {} modulus, {}-byte exponent, from Rng(\"{name}\")",
            if odd { "odd" } else { "even" },
            exp.len()
        );
        out.push(Case::new(
            name,
            0x05,
            modexp_input(&base, &exp, &modulus),
            src,
        ));
    }
    modexp_worst_cases(out);
}

/// EIP-7883 / execution-spec-tests style worst and edge cases, each below the EIP-7825
/// transaction gas cap (2^24) at Osaka prices so every mode can run it.
fn modexp_worst_cases(out: &mut Vec<Case>) {
    let mut rng = Rng::new("ModExp-Worst");
    let odd = |mut m: Vec<u8>| {
        m[0] |= 0x80;
        *m.last_mut().unwrap() |= 1;
        m
    };
    let m32 = odd(rng.bytes(32));
    let m1024 = odd(rng.bytes(1024));
    let b1024 = rng.bytes(1024);
    let mut even1024 = m1024.clone();
    even1024[1023] &= !1;
    let mut pow2_1024 = vec![0u8; 1024];
    pow2_1024[0] = 0x80;
    let mut padded = vec![0u8; 1024];
    padded[1016..].copy_from_slice(&odd(rng.bytes(8)));
    let mut padded_base = vec![0u8; 1024];
    padded_base[1016..].copy_from_slice(&rng.bytes(8));
    let cases: [(&str, Vec<u8>, &str); 8] = [
        (
            "ModExp-MaxExp-TinyBase",
            modexp_input(&[3], &[0xff; 1024], &m32),
            "base 3, exponent 1024 bytes of 0xff (the EIP-7823 maximum), 32-byte odd modulus",
        ),
        (
            "ModExp-1024B-Mod-MaxExp32",
            modexp_input(&b1024, &[0xff; 32], &m1024),
            "1024-byte base and odd modulus, exponent 2^256-1 (the largest 1024-byte modulus case under the 2^24 gas cap)",
        ),
        (
            "ModExp-1024B-EvenMod",
            modexp_input(&b1024, &[0xff; 16], &even1024),
            "1024-byte base and even modulus (2 times an odd number), 16-byte exponent of 0xff",
        ),
        (
            "ModExp-1024B-Pow2Mod",
            modexp_input(&b1024, &[0xff; 16], &pow2_1024),
            "1024-byte base, modulus 2^8191, 16-byte exponent of 0xff",
        ),
        (
            "ModExp-Mod1",
            modexp_input(&b1024[..32], &[0xff; 32], &[1]),
            "modulus 1 (result 0), 32-byte base and exponent",
        ),
        (
            "ModExp-Exp0",
            modexp_input(&b1024, &[0; 32], &m1024),
            "exponent 0 (result 1) with a 1024-byte base and modulus",
        ),
        (
            "ModExp-BaseAboveMod",
            modexp_input(&[0xff; 64], &[0xff; 32], &m32),
            "64-byte base of 0xff above a 32-byte odd modulus, 32-byte exponent of 0xff",
        ),
        (
            "ModExp-LeadingZeros",
            modexp_input(&padded_base, &[0xff; 32], &padded),
            "1024-byte base and modulus with 1016 leading zero bytes (8-byte values), 32-byte exponent of 0xff",
        ),
    ];
    for (name, input, src) in cases {
        out.push(Case::new(name, 0x05, input, src));
    }
}

// ---------------------------------------------------------------- BN254

fn bn_g1(p: &ark_bn254::G1Affine) -> Vec<u8> {
    let (x, y) = p.xy().expect("not infinity");
    [be(&x, 32), be(&y, 32)].concat()
}

/// EVM encoding of a BN254 G2 point: x_imag, x_real, y_imag, y_real.
fn bn_g2(p: &ark_bn254::G2Affine) -> Vec<u8> {
    let (x, y) = p.xy().expect("not infinity");
    [be(&x.c1, 32), be(&x.c0, 32), be(&y.c1, 32), be(&y.c0, 32)].concat()
}

/// `k` pairs (a_i G1, b_i G2); for `k >= 2` the last pair is chosen so that the product of
/// pairings is 1 (the check succeeds), for `k = 1` the check fails (returns 0).
fn pairs<S: PrimeField>(k: usize, rng: &mut Rng, mut enc: impl FnMut(S, S) -> Vec<u8>) -> Vec<u8> {
    let mut acc = S::from(0u64);
    let mut input = Vec::new();
    for i in 0..k {
        if i + 1 == k && k >= 2 {
            input.extend(enc(-acc, S::from(1u64)));
        } else {
            let (a, b) = (rng.field::<S>(), rng.field::<S>());
            acc += a * b;
            input.extend(enc(a, b));
        }
    }
    input
}

fn bn254_cases(out: &mut Vec<Case>) {
    use ark_bn254::{Fr, G1Projective as G1, G2Projective as G2};
    let mut rng = Rng::new("bn254");
    let a = (G1::generator() * rng.field::<Fr>()).into_affine();
    let b = (G1::generator() * rng.field::<Fr>()).into_affine();
    out.push(Case::new(
        "Bn256Add-Valid",
        0x06,
        [bn_g1(&a), bn_g1(&b)].concat(),
        "ark-bn254: two multiples of G1 by Rng(\"bn254\") scalars",
    ));
    let s = rng.bytes(32);
    out.push(Case::new(
        "Bn256Mul-Valid",
        0x07,
        [bn_g1(&a), s].concat(),
        "ark-bn254: a multiple of G1 and a 32-byte scalar from Rng(\"bn254\")",
    ));
    for k in [1usize, 2, 4, 8] {
        let name = format!("Bn256Pairing-{k}");
        let mut rng = Rng::new(&name);
        let input = pairs(k, &mut rng, |a: Fr, b: Fr| {
            [
                bn_g1(&(G1::generator() * a).into_affine()),
                bn_g2(&(G2::generator() * b).into_affine()),
            ]
            .concat()
        });
        let src = format!(
            "ark-bn254: {k} pairs (a_i G1, b_i G2) from Rng(\"{name}\"){}",
            if k >= 2 {
                ", last pair making the product 1"
            } else {
                ""
            }
        );
        out.push(Case::new(name, 0x08, input, src));
    }
}

// ---------------------------------------------------------------- BLAKE2F

fn blake2f_input(rounds: u32) -> Vec<u8> {
    let mut input = rounds.to_be_bytes().to_vec();
    for (i, w) in precompile::blake2f::IV.iter().enumerate() {
        let w = if i == 0 { w ^ 0x0101_0040 } else { *w }; // digest length 64, no key
        input.extend_from_slice(&w.to_le_bytes());
    }
    let mut m = [0u8; 128];
    m[..3].copy_from_slice(b"abc");
    input.extend_from_slice(&m);
    input.extend_from_slice(&3u64.to_le_bytes()); // t0 = 3 bytes
    input.extend_from_slice(&0u64.to_le_bytes()); // t1
    input.push(1); // final block
    input
}

fn blake2f_cases(out: &mut Vec<Case>) {
    out.push(Case::new(
        "Blake2F-12rounds",
        0x09,
        blake2f_input(12),
        "EIP-152 test vector 5: BLAKE2b(\"abc\") compression, 12 rounds",
    ));
    out.push(Case::new(
        "Blake2F-100000rounds",
        0x09,
        blake2f_input(100_000),
        "EIP-152 test vector 5 with 100000 rounds",
    ));
}

// ---------------------------------------------------------------- POINT_EVALUATION

fn point_evaluation_cases(out: &mut Vec<Case>) {
    use c_kzg::{Blob, Bytes32, BYTES_PER_BLOB};
    let settings = c_kzg::ethereum_kzg_settings(0);
    let mut rng = Rng::new("point-evaluation");
    let mut blob = [0u8; BYTES_PER_BLOB];
    blob.copy_from_slice(&rng.bytes(BYTES_PER_BLOB));
    for chunk in blob.chunks_mut(32) {
        chunk[0] = 0; // every field element below the BLS12-381 scalar modulus
    }
    let blob = Blob::new(blob);
    let commitment = settings.blob_to_kzg_commitment(&blob).expect("commitment");
    let mut z = [0u8; 32];
    z.copy_from_slice(&rng.bytes(32));
    z[0] = 0;
    let (proof, y) = settings
        .compute_kzg_proof(&blob, &Bytes32::new(z))
        .expect("proof");
    let commitment: [u8; 48] = *commitment.to_bytes();
    let proof: [u8; 48] = *proof.to_bytes();
    let mut versioned = sha256(&commitment);
    versioned[0] = 0x01;
    let input = |y: &[u8], proof: &[u8]| [&versioned[..], &z, y, &commitment, proof].concat();
    out.push(Case::new(
        "PointEvaluation-Valid",
        0x0a,
        input(&y[..], &proof),
        "c-kzg: commitment and proof at a seeded z for a blob from Rng(\"point-evaluation\"), Ethereum trusted setup",
    ));
    let mut bad_y = *y;
    bad_y[31] ^= 1;
    out.push(Case::new(
        "PointEvaluation-WrongValue",
        0x0a,
        input(&bad_y, &proof),
        "PointEvaluation-Valid with y's last bit flipped (proof does not verify)",
    ));
    out.push(Case::new(
        "PointEvaluation-WrongProof",
        0x0a,
        input(&y[..], &commitment),
        "PointEvaluation-Valid with the commitment as proof (a valid point, not the proof)",
    ));
}

// ---------------------------------------------------------------- BLS12-381

/// EIP-2537 encoding of a base field element: 16 zero bytes then 48 bytes big-endian.
fn bls_fp(x: &ark_bls12_381::Fq) -> Vec<u8> {
    be(x, 64)
}

fn bls_g1(p: &ark_bls12_381::G1Affine) -> Vec<u8> {
    let (x, y) = p.xy().expect("not infinity");
    [bls_fp(&x), bls_fp(&y)].concat()
}

/// EIP-2537 encoding of a G2 point: x.c0, x.c1, y.c0, y.c1.
fn bls_g2(p: &ark_bls12_381::G2Affine) -> Vec<u8> {
    let (x, y) = p.xy().expect("not infinity");
    [bls_fp(&x.c0), bls_fp(&x.c1), bls_fp(&y.c0), bls_fp(&y.c1)].concat()
}

/// The MSM sizes benchmarked for G1 and G2.
pub const MSM_SIZES: [usize; 8] = [1, 2, 4, 8, 16, 32, 64, 128];

/// The pairing sizes benchmarked for BLS12-381.
pub const BLS_PAIRING_SIZES: [usize; 4] = [1, 2, 4, 8];

fn bls_cases(out: &mut Vec<Case>) {
    use ark_bls12_381::{Fq, Fr, G1Projective as G1, G2Projective as G2};
    let mut rng = Rng::new("bls12-381");
    let g1 = |rng: &mut Rng| (G1::generator() * rng.field::<Fr>()).into_affine();
    let g2 = |rng: &mut Rng| (G2::generator() * rng.field::<Fr>()).into_affine();
    out.push(Case::new(
        "Bls12G1Add",
        0x0b,
        [bls_g1(&g1(&mut rng)), bls_g1(&g1(&mut rng))].concat(),
        "ark-bls12-381: two multiples of G1 by Rng(\"bls12-381\") scalars",
    ));
    out.push(Case::new(
        "Bls12G2Add",
        0x0d,
        [bls_g2(&g2(&mut rng)), bls_g2(&g2(&mut rng))].concat(),
        "ark-bls12-381: two multiples of G2 by Rng(\"bls12-381\") scalars",
    ));
    for k in MSM_SIZES {
        let name = format!("Bls12G1MSM-{k}");
        let mut rng = Rng::new(&name);
        let input = (0..k)
            .flat_map(|_| [bls_g1(&g1(&mut rng)), rng.bytes(32)].concat())
            .collect();
        let src =
            format!("ark-bls12-381: {k} (multiple of G1, 32-byte scalar) from Rng(\"{name}\")");
        out.push(Case::new(name, 0x0c, input, src));
    }
    for k in MSM_SIZES {
        let name = format!("Bls12G2MSM-{k}");
        let mut rng = Rng::new(&name);
        let input = (0..k)
            .flat_map(|_| [bls_g2(&g2(&mut rng)), rng.bytes(32)].concat())
            .collect();
        let src =
            format!("ark-bls12-381: {k} (multiple of G2, 32-byte scalar) from Rng(\"{name}\")");
        out.push(Case::new(name, 0x0e, input, src));
    }
    for k in BLS_PAIRING_SIZES {
        let name = format!("Bls12Pairing-{k}");
        let mut rng = Rng::new(&name);
        let input = pairs(k, &mut rng, |a: Fr, b: Fr| {
            [
                bls_g1(&(G1::generator() * a).into_affine()),
                bls_g2(&(G2::generator() * b).into_affine()),
            ]
            .concat()
        });
        let src = format!(
            "ark-bls12-381: {k} pairs (a_i G1, b_i G2) from Rng(\"{name}\"){}",
            if k >= 2 {
                ", last pair making the product 1"
            } else {
                ""
            }
        );
        out.push(Case::new(name, 0x0f, input, src));
    }
    let mut rng = Rng::new("bls12-381-map");
    out.push(Case::new(
        "Bls12MapFpToG1",
        0x10,
        bls_fp(&rng.field::<Fq>()),
        "a field element from Rng(\"bls12-381-map\")",
    ));
    out.push(Case::new(
        "Bls12MapFp2ToG2",
        0x11,
        [bls_fp(&rng.field::<Fq>()), bls_fp(&rng.field::<Fq>())].concat(),
        "two field elements from Rng(\"bls12-381-map\")",
    ));
}

// ---------------------------------------------------------------- P256VERIFY

fn p256_cases(out: &mut Vec<Case>) {
    use p256::ecdsa::{signature::Signer, Signature, SigningKey};
    let key = SigningKey::from_slice(&sha256(b"evm-benches p256 key")).expect("valid key");
    let message = b"evm-benches p256 message";
    let sig: Signature = key.sign(message);
    let point = key.verifying_key().to_sec1_point(false);
    let hash = sha256(message);
    let input = |hash: &[u8]| [hash, &sig.to_bytes()[..], &point.as_bytes()[1..]].concat();
    out.push(Case::new(
        "P256Verify-Valid",
        0x100,
        input(&hash),
        "p256 (RustCrypto) RFC 6979 signature of sha256(\"evm-benches p256 message\"), key sha256(\"evm-benches p256 key\")",
    ));
    let mut bad = hash;
    bad[0] ^= 1;
    out.push(Case::new(
        "P256Verify-Invalid",
        0x100,
        input(&bad),
        "P256Verify-Valid with the hash's first bit flipped (signature does not verify)",
    ));
    // go-ethereum's p256Verify.json rejects: keys not on the curve (x = 0, y = 0, both 0).
    let zero = [0u8; 32];
    let key_x = hex::decode("bcbb2914c79f045eaa6ecbbc612816b3be5d2d6796707d8125e9f851c18af015");
    let key_y = hex::decode("fffffffeecad44b6f05d15b33146549c2297b522a5eed8430cff596758e6c43d");
    let geth_sig = hex::decode("2f77668a9dfbf8d5848b9eeb4a7145ca94c6ed9236e4a773f6dcafa5132b2f9170bebe684cdcb5ca72a42f0d873879359bd1781a591809947628d313a3814f67aec03aca8f5587a4d535fa31027bbe9cc0e464b1c3577f4c2dcde6b2094798a9");
    let (key_x, key_y, geth_sig) = (
        key_x.expect("hex"),
        key_y.expect("hex"),
        geth_sig.expect("hex"),
    );
    for (name, qx, qy, vector) in [
        (
            "P256Verify-KeyXZero",
            &zero[..],
            &key_y[..],
            "invalid public key x param errors",
        ),
        (
            "P256Verify-KeyYZero",
            &key_x[..],
            &zero[..],
            "invalid public key y param errors",
        ),
        (
            "P256Verify-KeyZero",
            &zero[..],
            &zero[..],
            "reference point errors",
        ),
    ] {
        out.push(Case::new(
            name,
            0x100,
            [&geth_sig[..], qx, qy].concat(),
            format!("go-ethereum p256Verify.json: \"{vector}\" (key not on the curve)"),
        ));
    }
}

/// Every case, for every fork, in address order.
pub fn all_cases() -> Vec<Case> {
    let mut out = vec![ecrecover_case(), ecrecover_unrecoverable_case()];
    hash_cases(&mut out);
    modexp_cases(&mut out);
    bn254_cases(&mut out);
    blake2f_cases(&mut out);
    point_evaluation_cases(&mut out);
    bls_cases(&mut out);
    p256_cases(&mut out);
    out.sort_by_key(|c| c.number);
    out
}

/// The cases whose precompile exists at `fork`.
pub fn cases(fork: Fork) -> Vec<Case> {
    all_cases()
        .into_iter()
        .filter(|c| c.precompile(fork).is_some())
        .collect()
}

/// The case named `name`.
pub fn case(name: &str) -> Option<Case> {
    all_cases().into_iter().find(|c| c.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_inputs_deterministic() {
        let a = all_cases();
        let b = all_cases();
        assert_eq!(a, b);
        let mut names: Vec<&str> = a.iter().map(|c| c.name.as_str()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), a.len());
    }

    #[test]
    fn names_start_with_the_registry_prefix() {
        for c in all_cases() {
            let id = c.id().expect("case of a registered precompile");
            let rest = c.name.strip_prefix(id.bench_prefix());
            assert!(
                rest.is_some_and(|r| r.is_empty() || r.starts_with(['-', '/'])),
                "case {} of {id} does not start with {}",
                c.name,
                id.bench_prefix()
            );
        }
    }

    #[test]
    fn input_lengths() {
        for c in all_cases() {
            let ok = match c.number {
                0x01 => c.input.len() >= 128,
                0x06 => c.input.len() == 128,
                0x07 => c.input.len() == 96,
                0x08 => c.input.len() % 192 == 0,
                0x09 => c.input.len() == 213,
                0x0a => c.input.len() == 192,
                0x0b => c.input.len() == 256,
                0x0c => c.input.len() % 160 == 0,
                0x0d => c.input.len() == 512,
                0x0e => c.input.len() % 288 == 0,
                0x0f => c.input.len() % 384 == 0,
                0x10 => c.input.len() == 64,
                0x11 => c.input.len() == 128,
                0x100 => c.input.len() == 160,
                _ => true,
            };
            assert!(ok, "{}: length {}", c.name, c.input.len());
        }
    }
}
