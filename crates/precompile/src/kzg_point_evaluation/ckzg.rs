//! The POINT_EVALUATION check through `c-kzg` (its bundled mainnet trusted setup): the same
//! contract as [`super::run`] and [`super::verify_kzg_proof`], kept as an alternative backend
//! (cargo feature `c-kzg`).

use super::{check_field_elements, run_with, KzgResult};
use crate::PrecompileId;
use crate::{Precompile, PrecompileError, PrecompileResult};
use c_kzg::{Bytes32, Bytes48};

/// The library name of this backend, as [`Precompile::library`] reports it.
pub const LIBRARY: crate::Library = crate::Library::CKzg;

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
    Precompile::new(PrecompileId::PointEvaluation, LIBRARY, super::gas, run);
