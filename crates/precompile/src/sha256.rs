//! Placeholder: being implemented.
use crate::{Precompile, PrecompileError, PrecompileResult};
fn todo_gas(_: &[u8]) -> u64 {
    0
}
fn todo_run(_: &[u8], _: u64) -> PrecompileResult {
    Err(PrecompileError::Backend("not implemented yet"))
}
/// Placeholder.
pub const SHA256: Precompile = Precompile::new(0x02, "SHA256", todo_gas, todo_run);
