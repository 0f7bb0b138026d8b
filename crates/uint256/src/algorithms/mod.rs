//! Raw limb algorithms on little-endian `u64` slices and arrays.
//!
//! These are the building blocks behind [`crate::U256`]; they are public for code (e.g.
//! precompiles) that needs wider intermediates, but carry only the documented preconditions and
//! no input validation beyond debug assertions.

pub mod add;
pub(crate) mod asm;
pub mod div;
pub mod mul;
