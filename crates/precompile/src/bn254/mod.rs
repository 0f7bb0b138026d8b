//! Placeholder: being implemented.
use crate::{Precompile, PrecompileError, PrecompileResult};
fn todo_gas(_: &[u8]) -> u64 {
    0
}
fn todo_run(_: &[u8], _: u64) -> PrecompileResult {
    Err(PrecompileError::Backend("not implemented yet"))
}
/// Placeholder.
pub const ADD_BYZANTIUM: Precompile = Precompile::new(0x06, "BN254_ADD", todo_gas, todo_run);
/// Placeholder.
pub const ADD_ISTANBUL: Precompile = Precompile::new(0x06, "BN254_ADD", todo_gas, todo_run);
/// Placeholder.
pub const MUL_BYZANTIUM: Precompile = Precompile::new(0x07, "BN254_MUL", todo_gas, todo_run);
/// Placeholder.
pub const MUL_ISTANBUL: Precompile = Precompile::new(0x07, "BN254_MUL", todo_gas, todo_run);
/// Placeholder.
pub const PAIRING_BYZANTIUM: Precompile =
    Precompile::new(0x08, "BN254_PAIRING", todo_gas, todo_run);
/// Placeholder.
pub const PAIRING_ISTANBUL: Precompile = Precompile::new(0x08, "BN254_PAIRING", todo_gas, todo_run);
