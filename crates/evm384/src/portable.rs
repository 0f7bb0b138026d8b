//! Portable Rust backend (`u64` limbs, `u128` products): the `montgomery` crate's portable
//! functions at 6 limbs (one copy in the workspace).
//!
//! Bit-identical to [`crate::asm`] for every input, following the integer definitions
//! at the crate root (`montgomery::portable` documents the same formulas for any width).
//! Constant time: all loops have fixed trip counts and the final selections are done with
//! masks behind a value barrier, never with a branch on operand values.

pub use montgomery::portable::{add_mod, mul_mont, sub_mod};
