//! Coarse kinds of error, to compare our errors with go-ethereum's and revm's texts.

use precompile::PrecompileError;

/// A coarse kind of error, to compare our errors with go-ethereum's and revm's texts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    OutOfGas,
    Length,
    Flag,
    FieldRange,
    Padding,
    NotOnCurve,
    Subgroup,
    ModexpTooLarge,
    KzgHash,
    KzgInput,
    KzgVerify,
    Other,
}

impl ErrorKind {
    /// The kind of one of our errors.
    pub fn of_error(e: &PrecompileError) -> Self {
        use PrecompileError as E;
        match e {
            E::OutOfGas => Self::OutOfGas,
            E::InvalidInputLength { .. } => Self::Length,
            E::ModexpInputTooLarge => Self::ModexpTooLarge,
            E::Blake2InvalidFinalFlag => Self::Flag,
            E::Bn254FieldElementOutOfRange | E::BlsFieldElementOutOfRange => Self::FieldRange,
            E::Bn254PointNotOnCurve(_) | E::BlsPointNotOnCurve(_) => Self::NotOnCurve,
            E::Bn254G2NotInSubgroup | E::BlsPointNotInSubgroup(_) => Self::Subgroup,
            E::BlsInvalidFieldPadding => Self::Padding,
            E::KzgInvalidVersionedHash => Self::KzgHash,
            E::KzgInvalidInput => Self::KzgInput,
            E::KzgVerificationFailed => Self::KzgVerify,
            _ => Self::Other,
        }
    }

    /// The kind of a go-ethereum or revm error text, when it is recognisable.
    pub fn of_text(text: &str) -> Option<Self> {
        let t = text.to_ascii_lowercase();
        let has = |s: &str| t.contains(s);
        Some(if has("out of gas") {
            Self::OutOfGas
        } else if has("mismatched blob version") || has("versioned hash") {
            Self::KzgHash
        } else if has("verifying blob kzg proof failed") || has("proof verification failed") {
            Self::KzgVerify
        } else if t.starts_with("kzg ") {
            Self::KzgInput
        } else if has("length") {
            Self::Length
        } else if has("flag") {
            Self::Flag
        } else if has("top bytes") || has("padding") {
            Self::Padding
        } else if has("fp.element") || has("non-canonical") {
            Self::FieldRange
        } else if has("not on curve") {
            Self::NotOnCurve
        } else if has("subgroup") {
            Self::Subgroup
        } else if has("modexp limit") || has("eip-7823") {
            Self::ModexpTooLarge
        } else {
            return None;
        })
    }
}
