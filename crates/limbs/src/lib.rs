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
//!
//! ```
//! use core::num::NonZeroU64;
//! use limbs::{add::adc, div::small::div_rem_1, mul::{mac, mul_full4}};
//!
//! assert_eq!(adc(u64::MAX, 1, false), (0, true)); // the carry out
//! assert_eq!(mac(u64::MAX, u64::MAX, u64::MAX, u64::MAX), (u64::MAX, u64::MAX)); // a*b + c + d
//! // (2^256 - 1)^2 = 2^512 - 2^257 + 1
//! let p = mul_full4(&[u64::MAX; 4], &[u64::MAX; 4]);
//! assert_eq!(p, [1, 0, 0, 0, u64::MAX - 1, u64::MAX, u64::MAX, u64::MAX]);
//! // 2^128 + 7 = 10 * q + r
//! let mut q = [0u64; 3];
//! let r = div_rem_1(&[7, 0, 1], NonZeroU64::new(10).unwrap(), &mut q);
//! assert_eq!((q, r), ([0x999999999999999a, 0x1999999999999999, 0], 3));
//! ```
#![no_std]
#![deny(unsafe_code)]
#![warn(missing_docs)]

pub mod add;
mod asm;
pub mod div;
pub mod mul;
