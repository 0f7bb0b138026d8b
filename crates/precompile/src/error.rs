//! Why a precompile call failed.

use crate::PrecompileId;
use core::fmt;

/// Which group of a pairing-friendly curve a point was meant to be in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Group {
    /// The group over the base field (BN254 G1: 64-byte points; BLS12-381 G1: 128 bytes).
    G1,
    /// The group over the quadratic extension (BN254 G2: 128 bytes; BLS12-381 G2: 256 bytes).
    G2,
}

impl fmt::Display for Group {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Group::G1 => "G1",
            Group::G2 => "G2",
        })
    }
}

/// The input lengths a precompile accepts, as carried by [`PrecompileError::InvalidInputLength`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LengthRule {
    /// Exactly this many bytes.
    Exact(usize),
    /// A multiple of this many bytes, zero included.
    MultipleOf(usize),
    /// A multiple of this many bytes, at least one (empty input is rejected).
    NonEmptyMultipleOf(usize),
}

impl LengthRule {
    /// Whether `len` satisfies the rule.
    pub const fn accepts(self, len: usize) -> bool {
        match self {
            LengthRule::Exact(n) => len == n,
            LengthRule::MultipleOf(n) => len.is_multiple_of(n),
            LengthRule::NonEmptyMultipleOf(n) => len != 0 && len.is_multiple_of(n),
        }
    }

    /// The length the rule is stated in: the exact length, or the unit of the multiples.
    pub const fn unit(self) -> usize {
        match self {
            LengthRule::Exact(n)
            | LengthRule::MultipleOf(n)
            | LengthRule::NonEmptyMultipleOf(n) => n,
        }
    }

    /// This rule as precompile `precompile`'s [`InputRule`].
    pub const fn of(self, precompile: PrecompileId) -> InputRule {
        InputRule {
            precompile,
            lengths: self,
        }
    }
}

/// The input lengths one precompile accepts: its `INPUT_RULE`. Its errors name the precompile,
/// so that a length failure says whose rule it broke.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct InputRule {
    /// The precompile the rule belongs to.
    pub precompile: PrecompileId,
    /// The lengths it accepts.
    pub lengths: LengthRule,
}

impl InputRule {
    /// Whether `len` satisfies the rule.
    pub const fn accepts(self, len: usize) -> bool {
        self.lengths.accepts(len)
    }

    /// The error for an input of `got` bytes that breaks this rule.
    pub const fn error(self, got: usize) -> PrecompileError {
        PrecompileError::InvalidInputLength {
            precompile: self.precompile,
            expected: self.lengths,
            got,
        }
    }

    /// `Ok(())` when `input`'s length satisfies the rule, else
    /// [`PrecompileError::InvalidInputLength`] with the precompile, the rule and the length.
    pub const fn check(self, input: &[u8]) -> Result<(), PrecompileError> {
        if self.accepts(input.len()) {
            Ok(())
        } else {
            Err(self.error(input.len()))
        }
    }
}

impl fmt::Display for LengthRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LengthRule::Exact(n) => write!(f, "exactly {n} bytes"),
            LengthRule::MultipleOf(n) => write!(f, "a multiple of {n} bytes"),
            LengthRule::NonEmptyMultipleOf(n) => write!(f, "a non-zero multiple of {n} bytes"),
        }
    }
}

/// Why a precompile call failed. A failure consumes all gas given to the call.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PrecompileError {
    /// The call's price is above the gas limit it was given.
    OutOfGas,
    /// The input has a length the precompile does not accept.
    InvalidInputLength {
        /// The precompile whose rule the input broke.
        precompile: PrecompileId,
        /// The lengths the precompile accepts.
        expected: LengthRule,
        /// The length received.
        got: usize,
    },
    /// MODEXP: a base, exponent or modulus length is above the EIP-7823 bound of 1024 bytes.
    ModexpInputTooLarge,
    /// BLAKE2F: the final-block flag byte is neither 0 nor 1.
    Blake2InvalidFinalFlag,
    /// BN254: a coordinate of a point is not below the field modulus.
    Bn254FieldElementOutOfRange,
    /// BN254: a point of the given group is not on its curve.
    Bn254PointNotOnCurve(Group),
    /// BN254: a G2 point is not in the prime-order subgroup (G1 has cofactor 1: every point on
    /// its curve is in it).
    Bn254G2NotInSubgroup,
    /// BLS12-381: a field element's 64-byte encoding has non-zero top 16 bytes.
    BlsInvalidFieldPadding,
    /// BLS12-381: a field element is not below the modulus.
    BlsFieldElementOutOfRange,
    /// BLS12-381: a point of the given group is not on its curve.
    BlsPointNotOnCurve(Group),
    /// BLS12-381: a point of the given group is not in the prime-order subgroup.
    BlsPointNotInSubgroup(Group),
    /// POINT_EVALUATION: the versioned hash does not match the commitment.
    KzgInvalidVersionedHash,
    /// POINT_EVALUATION: a commitment, proof or field element is not a valid encoding.
    KzgInvalidInput,
    /// POINT_EVALUATION: the proof does not verify.
    KzgVerificationFailed,
    /// The precompile has no backend in this build: it needs the cargo feature `feature` (for
    /// now POINT_EVALUATION and BLS12-381 without `blst`; see [`crate::unavailable`]).
    Unavailable {
        /// The cargo feature of this crate that brings the precompile's backend.
        feature: &'static str,
    },
}

impl fmt::Display for PrecompileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::OutOfGas => f.write_str("out of gas"),
            Self::InvalidInputLength {
                precompile,
                expected,
                got,
            } => {
                write!(
                    f,
                    "{precompile}: invalid input length {got}: expected {expected}"
                )
            }
            Self::ModexpInputTooLarge => {
                f.write_str("modexp input longer than 1024 bytes (EIP-7823)")
            }
            Self::Blake2InvalidFinalFlag => f.write_str("blake2f final flag is not 0 or 1"),
            Self::Bn254FieldElementOutOfRange => f.write_str("bn254 field element not below p"),
            Self::Bn254PointNotOnCurve(g) => write!(f, "bn254 {g} point not on curve"),
            Self::Bn254G2NotInSubgroup => f.write_str("bn254 G2 point not in subgroup"),
            Self::BlsInvalidFieldPadding => {
                f.write_str("bls12-381 field element has non-zero padding")
            }
            Self::BlsFieldElementOutOfRange => f.write_str("bls12-381 field element not below p"),
            Self::BlsPointNotOnCurve(g) => write!(f, "bls12-381 {g} point not on curve"),
            Self::BlsPointNotInSubgroup(g) => write!(f, "bls12-381 {g} point not in subgroup"),
            Self::KzgInvalidVersionedHash => f.write_str("kzg versioned hash mismatch"),
            Self::KzgInvalidInput => f.write_str("kzg invalid commitment, proof or field element"),
            Self::KzgVerificationFailed => f.write_str("kzg proof verification failed"),
            Self::Unavailable { feature } => write!(
                f,
                "precompile unavailable in this build: enable cargo feature `{feature}`"
            ),
        }
    }
}

impl core::error::Error for PrecompileError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn length_rules() {
        assert!(LengthRule::Exact(4).accepts(4));
        assert!(!LengthRule::Exact(4).accepts(5));
        assert!(LengthRule::MultipleOf(3).accepts(0));
        assert!(LengthRule::MultipleOf(3).accepts(6));
        assert!(!LengthRule::MultipleOf(3).accepts(7));
        assert!(!LengthRule::NonEmptyMultipleOf(3).accepts(0));
        assert!(LengthRule::NonEmptyMultipleOf(3).accepts(3));
        let rule = LengthRule::NonEmptyMultipleOf(3).of(PrecompileId::BlsPairing);
        assert!(rule.accepts(6) && !rule.accepts(0));
        assert_eq!(
            rule.check(&[0; 4]),
            Err(PrecompileError::InvalidInputLength {
                precompile: PrecompileId::BlsPairing,
                expected: LengthRule::NonEmptyMultipleOf(3),
                got: 4
            })
        );
        assert_eq!(
            LengthRule::Exact(213)
                .of(PrecompileId::Blake2f)
                .error(0)
                .to_string(),
            "BLAKE2F: invalid input length 0: expected exactly 213 bytes"
        );
    }
}
