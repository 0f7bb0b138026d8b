//! The one registry of precompiles: [`PrecompileId`] names each precompile this crate knows,
//! with its address and the names other tools use for it (EIP name, go-ethereum vector file
//! stem, benchmark id prefix, fuzz target). Every other table (vector file names, fuzz targets,
//! input generators, benches, revm's halt reasons) is derived from it by an exhaustive `match`,
//! so adding a variant fails to compile until every place handles it.

use core::fmt;

/// A precompile, whatever its fork variant: `0x01` ECRECOVER ..= `0x11` BLS12_MAP_FP2_TO_G2,
/// and `0x100` P256VERIFY.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum PrecompileId {
    /// 0x01, ECRECOVER (secp256k1 public-key recovery).
    Ecrecover,
    /// 0x02, SHA256.
    Sha256,
    /// 0x03, RIPEMD160.
    Ripemd160,
    /// 0x04, IDENTITY (the data copy).
    Identity,
    /// 0x05, MODEXP (EIP-198).
    Modexp,
    /// 0x06, BN254 point addition (EIP-196).
    Bn254Add,
    /// 0x07, BN254 scalar multiplication (EIP-196).
    Bn254Mul,
    /// 0x08, BN254 pairing check (EIP-197).
    Bn254Pairing,
    /// 0x09, BLAKE2 F compression (EIP-152).
    Blake2f,
    /// 0x0a, KZG point evaluation (EIP-4844).
    PointEvaluation,
    /// 0x0b, BLS12-381 G1 addition (EIP-2537).
    BlsG1Add,
    /// 0x0c, BLS12-381 G1 multi-scalar multiplication (EIP-2537).
    BlsG1Msm,
    /// 0x0d, BLS12-381 G2 addition (EIP-2537).
    BlsG2Add,
    /// 0x0e, BLS12-381 G2 multi-scalar multiplication (EIP-2537).
    BlsG2Msm,
    /// 0x0f, BLS12-381 pairing check (EIP-2537).
    BlsPairing,
    /// 0x10, BLS12-381 map field element to G1 (EIP-2537).
    BlsMapFpToG1,
    /// 0x11, BLS12-381 map Fp2 element to G2 (EIP-2537).
    BlsMapFp2ToG2,
    /// 0x100, P-256 signature verification (EIP-7951, RIP-7212).
    P256Verify,
}

impl PrecompileId {
    /// Every precompile, ordered by address.
    pub const ALL: [PrecompileId; 18] = [
        Self::Ecrecover,
        Self::Sha256,
        Self::Ripemd160,
        Self::Identity,
        Self::Modexp,
        Self::Bn254Add,
        Self::Bn254Mul,
        Self::Bn254Pairing,
        Self::Blake2f,
        Self::PointEvaluation,
        Self::BlsG1Add,
        Self::BlsG1Msm,
        Self::BlsG2Add,
        Self::BlsG2Msm,
        Self::BlsPairing,
        Self::BlsMapFpToG1,
        Self::BlsMapFp2ToG2,
        Self::P256Verify,
    ];

    /// The precompile's number, the last two bytes of its address (`0x01`, ..., `0x100`).
    pub const fn number(self) -> u16 {
        match self {
            Self::Ecrecover => 0x01,
            Self::Sha256 => 0x02,
            Self::Ripemd160 => 0x03,
            Self::Identity => 0x04,
            Self::Modexp => 0x05,
            Self::Bn254Add => 0x06,
            Self::Bn254Mul => 0x07,
            Self::Bn254Pairing => 0x08,
            Self::Blake2f => 0x09,
            Self::PointEvaluation => 0x0a,
            Self::BlsG1Add => 0x0b,
            Self::BlsG1Msm => 0x0c,
            Self::BlsG2Add => 0x0d,
            Self::BlsG2Msm => 0x0e,
            Self::BlsPairing => 0x0f,
            Self::BlsMapFpToG1 => 0x10,
            Self::BlsMapFp2ToG2 => 0x11,
            Self::P256Verify => 0x100,
        }
    }

    /// The precompile numbered `number`, or `None` when no precompile has that number.
    pub fn from_number(number: u16) -> Option<Self> {
        Self::ALL.into_iter().find(|id| id.number() == number)
    }

    /// The precompile's 20-byte address.
    pub const fn address(self) -> crate::Address {
        crate::address(self.number())
    }

    /// The name the EIPs use for it (`"ECRECOVER"`, `"BLS12_G1MSM"`, ...): what
    /// [`Precompile::name`](crate::Precompile::name) returns and the gas report prints.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Ecrecover => "ECRECOVER",
            Self::Sha256 => "SHA256",
            Self::Ripemd160 => "RIPEMD160",
            Self::Identity => "IDENTITY",
            Self::Modexp => "MODEXP",
            Self::Bn254Add => "BN254_ADD",
            Self::Bn254Mul => "BN254_MUL",
            Self::Bn254Pairing => "BN254_PAIRING",
            Self::Blake2f => "BLAKE2F",
            Self::PointEvaluation => "POINT_EVALUATION",
            Self::BlsG1Add => "BLS12_G1ADD",
            Self::BlsG1Msm => "BLS12_G1MSM",
            Self::BlsG2Add => "BLS12_G2ADD",
            Self::BlsG2Msm => "BLS12_G2MSM",
            Self::BlsPairing => "BLS12_PAIRING_CHECK",
            Self::BlsMapFpToG1 => "BLS12_MAP_FP_TO_G1",
            Self::BlsMapFp2ToG2 => "BLS12_MAP_FP2_TO_G2",
            Self::P256Verify => "P256VERIFY",
        }
    }

    /// The precompile whose EIP name ([`PrecompileId::name`]) is `name`, exactly.
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|id| id.name() == name)
    }

    /// The stem of go-ethereum's test vector file for it (`core/vm/testdata/precompiles/`,
    /// `<stem>.json` and `fail-<stem>.json`; case-insensitive when matched). Older names of
    /// the same files (`modexp_eip2565`, `blsG1Mul`) are aliases kept by `testkit::vector_names`.
    pub const fn geth_stem(self) -> &'static str {
        match self {
            Self::Ecrecover => "ecRecover",
            Self::Sha256 => "sha256",
            Self::Ripemd160 => "ripemd160",
            Self::Identity => "identity",
            Self::Modexp => "modexp",
            Self::Bn254Add => "bn256Add",
            Self::Bn254Mul => "bn256ScalarMul",
            Self::Bn254Pairing => "bn256Pairing",
            Self::Blake2f => "blake2F",
            Self::PointEvaluation => "pointEvaluation",
            Self::BlsG1Add => "blsG1Add",
            Self::BlsG1Msm => "blsG1MultiExp",
            Self::BlsG2Add => "blsG2Add",
            Self::BlsG2Msm => "blsG2MultiExp",
            Self::BlsPairing => "blsPairing",
            Self::BlsMapFpToG1 => "blsMapG1",
            Self::BlsMapFp2ToG2 => "blsMapG2",
            Self::P256Verify => "p256Verify",
        }
    }

    /// The prefix of its gas-report case names and benchmark ids (`"EcRecover"` in
    /// `ours-direct/EcRecover/ValidKey`, `"Bls12G1MSM"` in `Bls12G1MSM-8`): every case name of
    /// the precompile starts with it, followed by `/` or `-` or nothing.
    pub const fn bench_prefix(self) -> &'static str {
        match self {
            Self::Ecrecover => "EcRecover",
            Self::Sha256 => "Sha256",
            Self::Ripemd160 => "RipeMd",
            Self::Identity => "Identity",
            Self::Modexp => "ModExp",
            Self::Bn254Add => "Bn256Add",
            Self::Bn254Mul => "Bn256Mul",
            Self::Bn254Pairing => "Bn256Pairing",
            Self::Blake2f => "Blake2F",
            Self::PointEvaluation => "PointEvaluation",
            Self::BlsG1Add => "Bls12G1Add",
            Self::BlsG1Msm => "Bls12G1MSM",
            Self::BlsG2Add => "Bls12G2Add",
            Self::BlsG2Msm => "Bls12G2MSM",
            Self::BlsPairing => "Bls12Pairing",
            Self::BlsMapFpToG1 => "Bls12MapFpToG1",
            Self::BlsMapFp2ToG2 => "Bls12MapFp2ToG2",
            Self::P256Verify => "P256Verify",
        }
    }

    /// The family it belongs to (the precompiles one library or one EIP implements together).
    pub const fn family(self) -> Family {
        match self {
            Self::Ecrecover => Family::Ecrecover,
            Self::Sha256 => Family::Sha256,
            Self::Ripemd160 => Family::Ripemd160,
            Self::Identity => Family::Identity,
            Self::Modexp => Family::Modexp,
            Self::Bn254Add | Self::Bn254Mul | Self::Bn254Pairing => Family::Bn254,
            Self::Blake2f => Family::Blake2f,
            Self::PointEvaluation => Family::PointEvaluation,
            Self::BlsG1Add
            | Self::BlsG1Msm
            | Self::BlsG2Add
            | Self::BlsG2Msm
            | Self::BlsPairing
            | Self::BlsMapFpToG1
            | Self::BlsMapFp2ToG2 => Family::Bls12381,
            Self::P256Verify => Family::P256Verify,
        }
    }

    /// The cargo-fuzz target of `fuzz/` that fuzzes it (`fuzz/fuzz_targets/<target>.rs`).
    pub const fn fuzz_target(self) -> &'static str {
        match self {
            Self::Ecrecover => "ecrecover",
            Self::Sha256 => "sha256",
            Self::Ripemd160 => "ripemd160",
            Self::Identity => "identity",
            Self::Modexp => "modexp",
            Self::Bn254Add => "bn254_add",
            Self::Bn254Mul => "bn254_mul",
            Self::Bn254Pairing => "bn254_pairing",
            Self::Blake2f => "blake2f",
            Self::PointEvaluation => "point_evaluation",
            Self::BlsG1Add => "bls_g1_add",
            Self::BlsG1Msm => "bls_g1_msm",
            Self::BlsG2Add => "bls_g2_add",
            Self::BlsG2Msm => "bls_g2_msm",
            Self::BlsPairing => "bls_pairing",
            Self::BlsMapFpToG1 => "bls_map_fp_to_g1",
            Self::BlsMapFp2ToG2 => "bls_map_fp2_to_g2",
            Self::P256Verify => "p256verify",
        }
    }
}

impl fmt::Display for PrecompileId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A family of precompiles ([`PrecompileId::family`]): tables that name one library per family
/// (which library revm or go-ethereum uses, a fork) match on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    /// ECRECOVER.
    Ecrecover,
    /// SHA256.
    Sha256,
    /// RIPEMD160.
    Ripemd160,
    /// IDENTITY.
    Identity,
    /// MODEXP.
    Modexp,
    /// BN254 add, mul, pairing (EIP-196/197).
    Bn254,
    /// BLAKE2F.
    Blake2f,
    /// POINT_EVALUATION.
    PointEvaluation,
    /// The seven BLS12-381 precompiles (EIP-2537).
    Bls12381,
    /// P256VERIFY.
    P256Verify,
}

/// The library that does a precompile's math in this build (see
/// [`Precompile::library`](crate::Precompile::library)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Library {
    /// This crate's own code (MODEXP, BLAKE2F, IDENTITY, RIPEMD160).
    Own,
    /// This crate's own curve arithmetic on the `montgomery` kernel (BN254).
    OwnMontgomery,
    /// Our affine addition on the `montgomery` kernel, with blst's point decoding (BLS12-381
    /// ADD).
    OwnAffineBlstDecoding,
    /// blst.
    Blst,
    /// Our KZG verifier: blst's pairing over precomputed G2 lines (POINT_EVALUATION).
    BlstPrecomputedLines,
    /// c-kzg (POINT_EVALUATION).
    CKzg,
    /// The `sha2` crate.
    Sha2,
    /// libsecp256k1 through the `secp256k1` crate (ECRECOVER).
    Libsecp256k1,
    /// Our own secp256k1 arithmetic on the `montgomery` kernel (ECRECOVER, `ecrecover::native`).
    NativeSecp256k1,
    /// Our `curves` crate's BLS12-381 arithmetic (pairing, subgroup checks, maps, MSMs), with
    /// blst's point decoding (the default MAP_FP_TO_G1, and the alternative backends of
    /// PAIRING_CHECK, MAP_FP2_TO_G2 and the MSMs).
    CurvesBlstDecoding,
    /// Our `curves` MSM for the term counts where it measured faster, blst's above, with
    /// blst's point decoding (the default G1MSM and G2MSM; the rule is
    /// `bls12_381::msm::MsmPoint::OURS`).
    CurvesOrBlstByTerms,
    /// No library: the precompile is absent from this build (without the cargo feature `blst`;
    /// every call fails with [`crate::PrecompileError::Unavailable`]).
    Unavailable,
    /// RustCrypto's `k256` (ECRECOVER).
    K256,
    /// RustCrypto's `p256` (P256VERIFY).
    P256,
    /// aws-lc through `aws-lc-sys` (P256VERIFY).
    AwsLc,
    /// Our own secp256r1 arithmetic on the `montgomery` kernel (P256VERIFY,
    /// `secp256r1::native`).
    NativeP256,
    /// arkworks' `ark-bn254` (BN254).
    ArkBn254,
    /// `substrate-bn` (BN254).
    SubstrateBn,
}

impl Library {
    /// A description for reports (`"blst"`, `"libsecp256k1 (secp256k1 crate)"`, ...).
    pub const fn name(self) -> &'static str {
        match self {
            Self::Own => "ours",
            Self::OwnMontgomery => "ours (montgomery kernel)",
            Self::OwnAffineBlstDecoding => "ours (affine, montgomery kernel) + blst decoding",
            Self::Blst => "blst",
            Self::BlstPrecomputedLines => "blst (precomputed-lines pairing)",
            Self::CKzg => "c-kzg",
            Self::Sha2 => "sha2",
            Self::Libsecp256k1 => "libsecp256k1 (secp256k1 crate)",
            Self::NativeSecp256k1 => "native secp256k1 (montgomery kernel)",
            Self::CurvesBlstDecoding => "curves (our BLS12-381 arithmetic; blst decoding)",
            Self::CurvesOrBlstByTerms => {
                "curves up to 128 (G1) / 512 (G2) terms, blst above (our BLS12-381 MSM; blst decoding)"
            }
            Self::Unavailable => "unavailable (needs cargo feature `blst`)",
            Self::K256 => "k256 (RustCrypto)",
            Self::P256 => "p256 (RustCrypto)",
            Self::AwsLc => "aws-lc (aws-lc-sys)",
            Self::NativeP256 => "native secp256r1 (montgomery kernel)",
            Self::ArkBn254 => "ark-bn254",
            Self::SubstrateBn => "substrate-bn",
        }
    }

    /// A short name for benchmark ids of an alternative backend (`"k256"`, `"substrate-bn"`,
    /// `"ark-bn254"`, `"p256"`, ...): no spaces or slashes, and one per library (the gas report
    /// pairs an implementation with its ECRECOVER anchor by this name).
    pub const fn short_name(self) -> &'static str {
        match self {
            Self::Own | Self::OwnMontgomery | Self::OwnAffineBlstDecoding => "ours",
            Self::Blst | Self::BlstPrecomputedLines => "blst",
            Self::CKzg => "c-kzg",
            Self::Sha2 => "sha2",
            Self::Libsecp256k1 => "libsecp256k1",
            Self::NativeSecp256k1 => "native",
            Self::CurvesBlstDecoding => "curves",
            Self::CurvesOrBlstByTerms => "curves-blst",
            Self::Unavailable => "unavailable",
            Self::K256 => "k256",
            Self::P256 => "p256",
            Self::AwsLc => "aws-lc",
            Self::NativeP256 => "native-p256",
            Self::ArkBn254 => "ark-bn254",
            Self::SubstrateBn => "substrate-bn",
        }
    }
}

impl fmt::Display for Library {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_and_names_are_unique_and_ordered() {
        for (i, a) in PrecompileId::ALL.iter().enumerate() {
            assert_eq!(PrecompileId::from_number(a.number()), Some(*a));
            assert_eq!(PrecompileId::from_name(a.name()), Some(*a));
            for b in &PrecompileId::ALL[i + 1..] {
                assert!(a.number() < b.number() && a < b);
                assert_ne!(a.geth_stem().to_lowercase(), b.geth_stem().to_lowercase());
                assert_ne!(a.fuzz_target(), b.fuzz_target());
                // No prefix is a prefix of another (case names are told apart by prefix).
                assert!(!b.bench_prefix().starts_with(a.bench_prefix()), "{a} {b}");
                assert!(!a.bench_prefix().starts_with(b.bench_prefix()), "{a} {b}");
            }
        }
        assert_eq!(PrecompileId::from_number(0x12), None);
        assert_eq!(PrecompileId::from_name("ecrecover"), None);
    }

    #[test]
    fn alternative_backends_have_one_short_name_per_library() {
        for fork in crate::Fork::ALL {
            let backends = crate::alternative_backends(fork);
            for (i, a) in backends.iter().enumerate() {
                for b in &backends[i + 1..] {
                    if a.library().short_name() == b.library().short_name() {
                        assert_eq!(a.library(), b.library(), "{fork:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn every_fork_set_uses_the_registry() {
        for fork in crate::Fork::ALL {
            for p in crate::precompiles(fork).iter() {
                assert_eq!(p.number(), p.id().number());
                assert_eq!(p.name(), p.id().name());
            }
        }
        let osaka: Vec<_> = crate::precompiles(crate::Fork::Osaka)
            .iter()
            .map(|p| p.id())
            .collect();
        assert_eq!(osaka, PrecompileId::ALL);
    }
}
