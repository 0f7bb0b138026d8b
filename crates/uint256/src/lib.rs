//! The 256-bit EVM word.
//!
//! [`U256`] is a `Copy` value of four little-endian `u64` limbs. It never allocates, the crate is
//! `#![no_std]`; its only `unsafe` code is in one small assembly module: SSE2 helpers (an
//! equality test, moves into vector registers), a one-byte read for BYTE and the stores into
//! a ruint word.
//!
//! * [`evm`] has one function per EVM opcode (ADD ... CLZ) with exact EVM semantics and EVM
//!   operand order; [`evm::slot`] computes DIV, MOD, SIGNEXTEND, BYTE and SAR on an
//!   interpreter's stack slot in place.
//! * Methods on [`U256`] give what precompile code needs: overflowing add/sub, the full 512-bit
//!   product, division with remainder, modular add/mul, exponentiation, bit queries, byte
//!   conversions, parsing and formatting.
//! * The operator traits (`+ - * / % & | ^ ! << >>`) wrap modulo 2^256 like the EVM; `/` and `%`
//!   by zero give 0 (EVM semantics) and never panic.
//!
//! The limb algorithms underneath (carry chains, products, division) are the `limbs` crate's
//! (package `evm-arith-limbs`), shared with the Montgomery kernel and MODEXP.
//!
//! ```
//! use uint256::{evm, U256};
//!
//! let max = evm::not(U256::ZERO);
//! assert_eq!(evm::add(max, U256::from_u64(2)), U256::ONE); // wraps like the EVM
//! assert_eq!(evm::div(U256::from_u64(7), U256::ZERO), U256::ZERO); // x / 0 = 0
//! let minus_8 = evm::sub(U256::ZERO, U256::from_u64(8));
//! let minus_3 = evm::sub(U256::ZERO, U256::from_u64(3));
//! assert_eq!(evm::sdiv(minus_8, U256::from_u64(3)), evm::add(minus_3, U256::ONE)); // -2
//! assert_eq!(evm::mulmod(max, max, U256::from_u64(12)), U256::from_u64(9));
//! assert_eq!(format!("{:#x}", evm::exp(U256::from_u64(2), U256::from_u64(8))), "0x100");
//! ```
#![no_std]
#![deny(unsafe_code)]
#![warn(missing_docs)]

mod add;
mod asm;
mod bits;
mod bytes;
mod cmp;
mod div;
mod exp;
mod fmt;
mod modular;
mod mul;
mod ops;
mod parse;
mod shift;

pub mod evm;

#[cfg(feature = "ruint")]
mod ruint_compat;

pub use bytes::SliceTooLongError;
pub use modular::Modulus;
pub use parse::ParseError;

/// An unsigned 256-bit integer, the EVM word.
///
/// Stored as four `u64` limbs, least significant first. Signed EVM operations interpret the same
/// bits as two's complement.
#[derive(Clone, Copy, Default)]
pub struct U256([u64; 4]);

impl U256 {
    /// Zero.
    pub const ZERO: Self = Self([0; 4]);
    /// One.
    pub const ONE: Self = Self([1, 0, 0, 0]);
    /// 2^256 - 1 (all bits set; -1 in two's complement).
    pub const MAX: Self = Self([u64::MAX; 4]);
    /// 2^255, the sign bit (the most negative value, -2^255, in two's complement).
    pub const SIGN_BIT: Self = Self([0, 0, 0, 1 << 63]);
    /// Number of bits, 256.
    pub const BITS: u32 = 256;

    /// Builds a value from four little-endian limbs (`limbs[0]` is the least significant).
    #[inline(always)]
    pub const fn from_limbs(limbs: [u64; 4]) -> Self {
        Self(limbs)
    }

    /// The four little-endian limbs.
    #[inline(always)]
    pub const fn as_limbs(&self) -> &[u64; 4] {
        &self.0
    }

    /// The four little-endian limbs, by value.
    #[inline(always)]
    pub const fn into_limbs(self) -> [u64; 4] {
        self.0
    }

    /// Builds a value from a `u64`.
    #[inline(always)]
    pub const fn from_u64(x: u64) -> Self {
        Self([x, 0, 0, 0])
    }

    /// Builds a value from a `u128`.
    #[inline(always)]
    pub const fn from_u128(x: u128) -> Self {
        Self([x as u64, (x >> 64) as u64, 0, 0])
    }

    /// True if the value is zero.
    #[inline(always)]
    pub const fn is_zero(&self) -> bool {
        (self.0[0] | self.0[1] | self.0[2] | self.0[3]) == 0
    }

    /// True if the sign bit (bit 255) is set, i.e. the value is negative in two's complement.
    #[inline(always)]
    pub const fn is_negative(&self) -> bool {
        (self.0[3] >> 63) != 0
    }

    /// The low 64 bits (truncating).
    #[inline(always)]
    pub const fn low_u64(&self) -> u64 {
        self.0[0]
    }

    /// The low 128 bits (truncating).
    #[inline(always)]
    pub const fn low_u128(&self) -> u128 {
        (self.0[0] as u128) | ((self.0[1] as u128) << 64)
    }

    /// The value as `u64`, or `None` if it does not fit.
    #[inline]
    pub const fn to_u64(&self) -> Option<u64> {
        if (self.0[1] | self.0[2] | self.0[3]) == 0 {
            Some(self.0[0])
        } else {
            None
        }
    }

    /// The value as `u128`, or `None` if it does not fit.
    #[inline]
    pub const fn to_u128(&self) -> Option<u128> {
        if (self.0[2] | self.0[3]) == 0 {
            Some(self.low_u128())
        } else {
            None
        }
    }
}

impl From<u64> for U256 {
    #[inline(always)]
    fn from(x: u64) -> Self {
        Self::from_u64(x)
    }
}

impl From<u128> for U256 {
    #[inline(always)]
    fn from(x: u128) -> Self {
        Self::from_u128(x)
    }
}

impl From<u32> for U256 {
    #[inline(always)]
    fn from(x: u32) -> Self {
        Self::from_u64(x as u64)
    }
}

impl From<bool> for U256 {
    #[inline(always)]
    fn from(x: bool) -> Self {
        Self::from_u64(x as u64)
    }
}

impl From<[u64; 4]> for U256 {
    #[inline(always)]
    fn from(limbs: [u64; 4]) -> Self {
        Self(limbs)
    }
}

impl From<U256> for [u64; 4] {
    #[inline(always)]
    fn from(x: U256) -> Self {
        x.0
    }
}
