//! Byte encodings shared by several precompiles: the 32-byte boolean word and right-padding of
//! short inputs.

use alloc::vec::Vec;

/// The 32-byte ABI word of a boolean: 31 zero bytes, then 1 for `true` or 0 for `false` (what
/// the pairing checks and P256VERIFY return).
#[inline]
pub const fn bool_word(b: bool) -> [u8; 32] {
    let mut w = [0u8; 32];
    w[31] = b as u8;
    w
}

/// The first `N` bytes of `input`, right-padded with zeros when it is shorter (bytes past `N`
/// are ignored): how ECRECOVER, ECADD and ECMUL read their inputs (EIP-196).
#[inline]
pub fn right_pad<const N: usize>(input: &[u8]) -> [u8; N] {
    let mut buf = [0u8; N];
    let n = input.len().min(N);
    buf[..n].copy_from_slice(&input[..n]);
    buf
}

/// The first `len` bytes of `input` as a vector, right-padded with zeros when it is shorter
/// (for lengths known only at run time; the caller has paid for `len` bytes).
pub fn right_pad_vec(input: &[u8], len: usize) -> Vec<u8> {
    let mut out = vec![0u8; len];
    let n = input.len().min(len);
    out[..n].copy_from_slice(&input[..n]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_and_padding() {
        assert_eq!(bool_word(true)[31], 1);
        assert_eq!(bool_word(true)[..31], [0; 31]);
        assert_eq!(bool_word(false), [0; 32]);
        assert_eq!(right_pad::<4>(&[1, 2]), [1, 2, 0, 0]);
        assert_eq!(right_pad::<2>(&[1, 2, 3]), [1, 2]);
        assert_eq!(right_pad_vec(&[1, 2, 3], 2), vec![1, 2]);
        assert_eq!(right_pad_vec(&[1], 3), vec![1, 0, 0]);
        assert_eq!(right_pad_vec(&[], 0), Vec::<u8>::new());
    }
}
