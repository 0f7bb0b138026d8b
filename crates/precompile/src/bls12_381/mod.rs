//! Placeholder: being implemented.
use crate::{Precompile, PrecompileError, PrecompileResult};
fn todo_gas(_: &[u8]) -> u64 {
    0
}
fn todo_run(_: &[u8], _: u64) -> PrecompileResult {
    Err(PrecompileError::Backend("not implemented yet"))
}
/// Placeholder.
pub const G1_ADD: Precompile = Precompile::new(0x0b, "BLS12_G1ADD", todo_gas, todo_run);
/// Placeholder.
pub const G1_MSM: Precompile = Precompile::new(0x0c, "BLS12_G1MSM", todo_gas, todo_run);
/// Placeholder.
pub const G2_ADD: Precompile = Precompile::new(0x0d, "BLS12_G2ADD", todo_gas, todo_run);
/// Placeholder.
pub const G2_MSM: Precompile = Precompile::new(0x0e, "BLS12_G2MSM", todo_gas, todo_run);
/// Placeholder.
pub const PAIRING_CHECK: Precompile =
    Precompile::new(0x0f, "BLS12_PAIRING_CHECK", todo_gas, todo_run);
/// Placeholder.
pub const MAP_FP_TO_G1: Precompile =
    Precompile::new(0x10, "BLS12_MAP_FP_TO_G1", todo_gas, todo_run);
/// Placeholder.
pub const MAP_FP2_TO_G2: Precompile =
    Precompile::new(0x11, "BLS12_MAP_FP2_TO_G2", todo_gas, todo_run);
