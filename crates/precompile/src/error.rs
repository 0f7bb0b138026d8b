//! Why a precompile call failed.

use core::fmt;

/// Why a precompile call failed. A failure consumes all gas given to the call.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PrecompileError {
    /// The call's price is above the gas limit it was given.
    OutOfGas,
    /// The input has a length the precompile does not accept.
    InvalidInputLength {
        /// The length received.
        got: usize,
    },
    /// MODEXP: a base, exponent or modulus length is above the EIP-7823 bound of 1024 bytes.
    ModexpInputTooLarge,
    /// BLAKE2F: the final-block flag byte is neither 0 nor 1.
    Blake2InvalidFinalFlag,
    /// BN254: a coordinate is not below the field modulus.
    Bn254FieldElementOutOfRange,
    /// BN254: a G1 point is not on the curve.
    Bn254G1NotOnCurve,
    /// BN254: a G2 point is not on the curve.
    Bn254G2NotOnCurve,
    /// BN254: a G2 point is not in the prime-order subgroup.
    Bn254G2NotInSubgroup,
    /// BLS12-381: a field element's 64-byte encoding has non-zero top 16 bytes.
    BlsInvalidFieldPadding,
    /// BLS12-381: a field element is not below the modulus.
    BlsFieldElementOutOfRange,
    /// BLS12-381: a point is not on the curve.
    BlsPointNotOnCurve,
    /// BLS12-381: a point is not in the prime-order subgroup.
    BlsPointNotInSubgroup,
    /// POINT_EVALUATION: the versioned hash does not match the commitment.
    KzgInvalidVersionedHash,
    /// POINT_EVALUATION: a commitment, proof or field element is not a valid encoding.
    KzgInvalidInput,
    /// POINT_EVALUATION: the proof does not verify.
    KzgVerificationFailed,
    /// The backend refused the input for a reason not listed above.
    Backend(&'static str),
}

impl fmt::Display for PrecompileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::OutOfGas => f.write_str("out of gas"),
            Self::InvalidInputLength { got } => write!(f, "invalid input length {got}"),
            Self::ModexpInputTooLarge => {
                f.write_str("modexp input longer than 1024 bytes (EIP-7823)")
            }
            Self::Blake2InvalidFinalFlag => f.write_str("blake2f final flag is not 0 or 1"),
            Self::Bn254FieldElementOutOfRange => f.write_str("bn254 field element not below p"),
            Self::Bn254G1NotOnCurve => f.write_str("bn254 G1 point not on curve"),
            Self::Bn254G2NotOnCurve => f.write_str("bn254 G2 point not on curve"),
            Self::Bn254G2NotInSubgroup => f.write_str("bn254 G2 point not in subgroup"),
            Self::BlsInvalidFieldPadding => {
                f.write_str("bls12-381 field element has non-zero padding")
            }
            Self::BlsFieldElementOutOfRange => f.write_str("bls12-381 field element not below p"),
            Self::BlsPointNotOnCurve => f.write_str("bls12-381 point not on curve"),
            Self::BlsPointNotInSubgroup => f.write_str("bls12-381 point not in subgroup"),
            Self::KzgInvalidVersionedHash => f.write_str("kzg versioned hash mismatch"),
            Self::KzgInvalidInput => f.write_str("kzg invalid commitment, proof or field element"),
            Self::KzgVerificationFailed => f.write_str("kzg proof verification failed"),
            Self::Backend(why) => write!(f, "backend error: {why}"),
        }
    }
}

impl std::error::Error for PrecompileError {}
