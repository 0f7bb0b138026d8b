//! Byte helpers of the generators: testkit's, plus concatenation and small-constant steps.

pub(super) use testkit::constants::bytes as h;
pub(super) use testkit::inputs::{lpad, sub_be, word};

/// The concatenation of `parts`.
pub(super) fn cat(parts: &[&[u8]]) -> Vec<u8> {
    parts.concat()
}

/// Adds `k` (small) to the big-endian integer `v` (wrapping).
pub(super) fn add_small(v: &[u8], k: u8) -> Vec<u8> {
    let mut out = v.to_vec();
    let mut carry = u16::from(k);
    for b in out.iter_mut().rev() {
        let s = u16::from(*b) + carry;
        *b = s as u8;
        carry = s >> 8;
        if carry == 0 {
            break;
        }
    }
    out
}

/// Subtracts `k` (small) from the big-endian integer `v` (wrapping).
pub(super) fn sub_small(v: &[u8], k: u8) -> Vec<u8> {
    let mut out = v.to_vec();
    let mut borrow = i16::from(k);
    for b in out.iter_mut().rev() {
        let s = i16::from(*b) - borrow;
        *b = s.rem_euclid(256) as u8;
        borrow = i16::from(s < 0);
        if borrow == 0 {
            break;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_arithmetic() {
        assert_eq!(add_small(&[0x00, 0xff], 1), vec![0x01, 0x00]);
        assert_eq!(sub_small(&[0x01, 0x00], 1), vec![0x00, 0xff]);
    }
}
