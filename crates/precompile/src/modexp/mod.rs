//! Placeholder: being implemented.
use crate::{Precompile, PrecompileError, PrecompileResult};
fn todo_gas(_: &[u8]) -> u64 {
    0
}
fn todo_run(_: &[u8], _: u64) -> PrecompileResult {
    Err(PrecompileError::Backend("not implemented yet"))
}
/// Placeholder.
pub const BYZANTIUM: Precompile = Precompile::new(0x05, "MODEXP", todo_gas, todo_run);
/// Placeholder.
pub const BERLIN: Precompile = Precompile::new(0x05, "MODEXP", todo_gas, todo_run);
/// Placeholder.
pub const OSAKA: Precompile = Precompile::new(0x05, "MODEXP", todo_gas, todo_run);
