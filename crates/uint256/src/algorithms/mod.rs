//! Raw limb algorithms on little-endian `u64` slices and arrays.
//!
//! These are the building blocks behind [`crate::U256`], public for code that needs wider
//! intermediates (evm384 and the MODEXP precompile use [`add::adc`], [`add::sbb`] and
//! [`mul::mac`], the workspace's one copy of each). Slice lengths are the caller's to get right
//! (a bounds panic otherwise); [`div`] checks its divisors, so no argument reaches the hardware
//! divider with one that faults.

pub mod add;
pub(crate) mod asm;
pub mod div;
pub mod mul;
