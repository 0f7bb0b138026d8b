//! `Display` (decimal), `LowerHex`, `UpperHex` and `Debug`, without allocation.

use core::fmt;
use core::num::NonZeroU64;

use crate::U256;
use limbs::div::small::div_rem_1;

/// 10^19, the largest power of ten that fits a limb.
const TEN19: NonZeroU64 = NonZeroU64::new(10_000_000_000_000_000_000).unwrap();

impl fmt::Display for U256 {
    /// Decimal, honouring width, fill and alignment flags.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // 2^256 - 1 has 78 decimal digits.
        let mut buf = [0u8; 78];
        let mut pos = buf.len();
        let mut limbs = self.0;
        loop {
            let len = U256(limbs).limb_len();
            if len == 0 {
                break;
            }
            // Peel off 19 digits at a time with one multi-limb division by 10^19.
            let mut q = [0u64; 4];
            let mut chunk = div_rem_1(&limbs[..len], TEN19, &mut q[..len]);
            limbs = q;
            let last = U256(limbs).is_zero();
            let mut digits = 0;
            while digits < 19 && !(last && chunk == 0) {
                pos -= 1;
                buf[pos] = b'0' + (chunk % 10) as u8;
                chunk /= 10;
                digits += 1;
            }
        }
        if pos == buf.len() {
            pos -= 1;
            buf[pos] = b'0';
        }
        // Only ASCII digits were written.
        let s = core::str::from_utf8(&buf[pos..]).map_err(|_| fmt::Error)?;
        f.pad_integral(true, "", s)
    }
}

fn fmt_hex(x: &U256, f: &mut fmt::Formatter<'_>, alphabet: &[u8; 16]) -> fmt::Result {
    let mut buf = [0u8; 64];
    let bytes = x.to_be_bytes();
    for (i, b) in bytes.iter().enumerate() {
        buf[2 * i] = alphabet[(b >> 4) as usize];
        buf[2 * i + 1] = alphabet[(b & 15) as usize];
    }
    // Strip leading zeros, keeping at least one digit.
    let start = ((x.leading_zeros() / 4) as usize).min(63);
    let s = core::str::from_utf8(&buf[start..]).map_err(|_| fmt::Error)?;
    f.pad_integral(true, "0x", s)
}

impl fmt::LowerHex for U256 {
    /// Lowercase hex without leading zeros; `{:#x}` adds the `0x` prefix.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt_hex(self, f, b"0123456789abcdef")
    }
}

impl fmt::UpperHex for U256 {
    /// Uppercase hex without leading zeros; `{:#X}` adds the `0x` prefix.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt_hex(self, f, b"0123456789ABCDEF")
    }
}

impl fmt::Debug for U256 {
    /// `0x`-prefixed lowercase hex, e.g. `0x1f`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self:#x}")
    }
}
