//! Placeholder: being implemented.
use crate::{Precompile, PrecompileError, PrecompileResult};
fn todo_gas(_: &[u8]) -> u64 {
    0
}
fn todo_run(_: &[u8], _: u64) -> PrecompileResult {
    Err(PrecompileError::Backend("not implemented yet"))
}
/// Placeholder.
pub const P256VERIFY: Precompile = Precompile::new(0x100, "P256VERIFY", todo_gas, todo_run);
/// Placeholder.
pub const P256VERIFY_RIP7212: Precompile = Precompile::new(0x100, "P256VERIFY", todo_gas, todo_run);
