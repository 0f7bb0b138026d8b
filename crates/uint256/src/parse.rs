//! Parsing from hex and decimal text.

use core::fmt;
use core::str::FromStr;

use crate::U256;
use limbs::mul::mul_small_add4;

/// Error of parsing a [`U256`] from text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// No digits (the empty string, or only a `0x` prefix).
    Empty,
    /// A character that is not a digit of the radix.
    InvalidDigit,
    /// The value exceeds 2^256 - 1.
    Overflow,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Empty => "no digits to parse",
            Self::InvalidDigit => "invalid digit",
            Self::Overflow => "number exceeds 2^256 - 1",
        })
    }
}

impl core::error::Error for ParseError {}

impl U256 {
    /// Parses hexadecimal digits (either case), with an optional `0x`/`0X` prefix.
    ///
    /// Errors: [`ParseError::Empty`] if there are no digits, [`ParseError::InvalidDigit`] on any
    /// other character (no sign, whitespace or separators), [`ParseError::Overflow`] if the value
    /// exceeds 2^256 - 1 (leading zeros are fine). Never panics.
    pub fn from_hex_str(s: &str) -> Result<Self, ParseError> {
        let s = s
            .strip_prefix("0x")
            .or_else(|| s.strip_prefix("0X"))
            .unwrap_or(s);
        if s.is_empty() {
            return Err(ParseError::Empty);
        }
        let mut r = Self::ZERO;
        let mut overflow = false;
        for c in s.bytes() {
            let d = match c {
                b'0'..=b'9' => c - b'0',
                b'a'..=b'f' => c - b'a' + 10,
                b'A'..=b'F' => c - b'A' + 10,
                _ => return Err(ParseError::InvalidDigit),
            };
            if r.0[3] >> 60 != 0 {
                overflow = true;
            }
            r = r.wrapping_shl(4);
            r.0[0] |= d as u64;
        }
        if overflow {
            Err(ParseError::Overflow)
        } else {
            Ok(r)
        }
    }

    /// Parses decimal digits (no sign, whitespace or separators).
    ///
    /// Errors: [`ParseError::Empty`] for the empty string, [`ParseError::InvalidDigit`] on a
    /// non-digit, [`ParseError::Overflow`] if the value exceeds 2^256 - 1. Never panics.
    pub fn from_dec_str(s: &str) -> Result<Self, ParseError> {
        if s.is_empty() {
            return Err(ParseError::Empty);
        }
        let mut r = [0u64; 4];
        let mut overflow = false;
        for c in s.bytes() {
            if !c.is_ascii_digit() {
                return Err(ParseError::InvalidDigit);
            }
            if mul_small_add4(&mut r, 10, (c - b'0') as u64) != 0 {
                overflow = true;
            }
        }
        if overflow {
            Err(ParseError::Overflow)
        } else {
            Ok(Self(r))
        }
    }
}

impl FromStr for U256 {
    type Err = ParseError;

    /// Hex if the text starts with `0x` or `0X`, decimal otherwise; see
    /// [`U256::from_hex_str`] and [`U256::from_dec_str`] for the errors.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s.starts_with("0x") || s.starts_with("0X") {
            Self::from_hex_str(s)
        } else {
            Self::from_dec_str(s)
        }
    }
}
