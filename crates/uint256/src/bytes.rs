//! Conversion to and from byte arrays.

use core::fmt;

use crate::U256;

/// Error of [`U256::from_be_slice`] and [`U256::from_le_slice`]: the input was longer than 32
/// bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SliceTooLongError {
    /// Length of the rejected input, in bytes.
    pub len: usize,
}

impl fmt::Display for SliceTooLongError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} bytes do not fit a 256-bit word (at most 32)",
            self.len
        )
    }
}

impl core::error::Error for SliceTooLongError {}

impl U256 {
    /// The 32-byte big-endian encoding (the EVM's memory and storage layout).
    #[inline]
    pub const fn to_be_bytes(&self) -> [u8; 32] {
        limbs_to_bytes(&self.0, true)
    }

    /// The 32-byte little-endian encoding.
    #[inline]
    pub const fn to_le_bytes(&self) -> [u8; 32] {
        limbs_to_bytes(&self.0, false)
    }

    /// Reads a 32-byte big-endian encoding.
    #[inline]
    pub const fn from_be_bytes(bytes: [u8; 32]) -> Self {
        Self(bytes_to_limbs(&bytes, true))
    }

    /// Reads a 32-byte little-endian encoding.
    #[inline]
    pub const fn from_le_bytes(bytes: [u8; 32]) -> Self {
        Self(bytes_to_limbs(&bytes, false))
    }

    /// Reads a big-endian slice of at most 32 bytes, left-padded with zeros (the empty slice is
    /// 0). Longer input is an error.
    #[inline]
    pub fn from_be_slice(bytes: &[u8]) -> Result<Self, SliceTooLongError> {
        Self::from_slice(bytes, true)
    }

    /// Reads a little-endian slice of at most 32 bytes, zero-extended (the empty slice is 0).
    /// Longer input is an error.
    #[inline]
    pub fn from_le_slice(bytes: &[u8]) -> Result<Self, SliceTooLongError> {
        Self::from_slice(bytes, false)
    }

    /// [`Self::from_be_slice`] (`be`) or [`Self::from_le_slice`]: the bytes go to the low-order
    /// end of a zeroed 32-byte buffer (its end when big-endian, its start when little-endian).
    #[inline(always)]
    fn from_slice(bytes: &[u8], be: bool) -> Result<Self, SliceTooLongError> {
        let n = bytes.len();
        if n > 32 {
            return Err(SliceTooLongError { len: n });
        }
        let mut buf = [0u8; 32];
        let at = if be { 32 - n } else { 0 };
        buf[at..at + n].copy_from_slice(bytes);
        Ok(Self(bytes_to_limbs(&buf, be)))
    }
}

impl From<[u8; 32]> for U256 {
    /// Big-endian, as the EVM stores words.
    #[inline]
    fn from(bytes: [u8; 32]) -> Self {
        Self::from_be_bytes(bytes)
    }
}

impl From<U256> for [u8; 32] {
    /// Big-endian, as the EVM stores words.
    #[inline]
    fn from(x: U256) -> Self {
        x.to_be_bytes()
    }
}

impl TryFrom<&[u8]> for U256 {
    type Error = SliceTooLongError;

    /// Big-endian, left-padded; see [`U256::from_be_slice`].
    #[inline]
    fn try_from(bytes: &[u8]) -> Result<Self, Self::Error> {
        Self::from_be_slice(bytes)
    }
}

/// The 32 bytes of little-endian limbs `x`, big-endian (`be`) or little-endian: limb `3 - i` or
/// `i` fills bytes `8i..8i + 8`. `be` is a constant at every call, so each caller compiles to
/// its own four byte swaps or plain copies.
#[inline(always)]
const fn limbs_to_bytes(x: &[u64; 4], be: bool) -> [u8; 32] {
    let mut out = [0u8; 32];
    let mut i = 0;
    while i < 4 {
        let b = if be {
            x[3 - i].to_be_bytes()
        } else {
            x[i].to_le_bytes()
        };
        let mut k = 0;
        while k < 8 {
            out[i * 8 + k] = b[k];
            k += 1;
        }
        i += 1;
    }
    out
}

/// The little-endian limbs of 32 bytes read big-endian (`be`) or little-endian; the inverse of
/// [`limbs_to_bytes`].
#[inline(always)]
const fn bytes_to_limbs(bytes: &[u8; 32], be: bool) -> [u64; 4] {
    let mut r = [0u64; 4];
    let mut i = 0;
    while i < 4 {
        let mut b = [0u8; 8];
        let mut k = 0;
        while k < 8 {
            b[k] = bytes[i * 8 + k];
            k += 1;
        }
        if be {
            r[3 - i] = u64::from_be_bytes(b);
        } else {
            r[i] = u64::from_le_bytes(b);
        }
        i += 1;
    }
    r
}
