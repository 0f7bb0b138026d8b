//! Limb primitives: the arithmetic on little-endian `u64` limbs that the workspace's integer
//! crates share, one copy of each.
//!
//! * [`add`]: add and subtract with carry ([`add::adc`], [`add::sbb`]), slice and four-limb
//!   chains;
//! * [`mul`]: the widening limb product and multiply-accumulate ([`mul::mac`]), truncated and
//!   full four-limb products, multiply-subtract;
//! * [`div`]: division by one limb, by two limbs and by three or more (Knuth's algorithm D with
//!   Möller–Granlund reciprocals), each checking its divisor so that no input reaches the
//!   hardware divider with one that faults.
//!
//! `uint256` (the EVM word), `montgomery` (the Montgomery kernel) and the MODEXP precompile
//! build on these. `#![no_std]`, no dependencies, no allocation. The only `unsafe` code is the
//! x86-64 128-by-64 `div` instruction in one private assembly module, with a portable fallback.
//! Slice lengths are the caller's to get right (a bounds panic otherwise).
#![no_std]
#![deny(unsafe_code)]
#![warn(missing_docs)]

pub mod add;
mod asm;
pub mod div;
pub mod mul;
