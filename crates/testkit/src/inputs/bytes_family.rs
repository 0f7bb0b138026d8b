//! The byte-oriented precompiles: SHA256, RIPEMD160, IDENTITY (0x02-0x04), MODEXP (0x05) and
//! BLAKE2F (0x09).

use super::{word, Rng};

/// SHA256, RIPEMD160, IDENTITY: random bytes whose length is 0 ..= 200 (50%), a multiple of 32
/// plus -1, 0 or +1 up to 1 KiB (30%, the word boundaries of the price), or up to 4 KiB (20%).
pub fn hash_input(rng: &mut Rng) -> Vec<u8> {
    let len = match rng.below(10) {
        0..=4 => rng.range(0, 200),
        5..=7 => (32 * rng.range(1, 32))
            .wrapping_add(rng.range(0, 2))
            .wrapping_sub(1),
        _ => rng.range(0, 4096),
    };
    rng.bytes(len)
}

/// One MODEXP length field: zero (15%), small 1 ..= 64 (45%), a word boundary 31, 32, 33, 64,
/// 65 (15%), the EIP-7823 bound 1023, 1024, 1025 (10%), or huge (15%: 2^32, 2^64 - 1, a full
/// 32-byte word with high bytes set), returned as the 32-byte header word and the length to
/// actually generate (huge lengths generate little data).
fn modexp_len(rng: &mut Rng) -> ([u8; 32], usize) {
    let small = |n: usize| (word(n as u64), n);
    match rng.below(20) {
        0..=2 => small(0),
        3..=11 => small(rng.range(1, 64)),
        12..=14 => small(*rng.pick(&[31, 32, 33, 64, 65])),
        15 | 16 => small(*rng.pick(&[1023, 1024, 1025])),
        _ => {
            let w = match rng.below(3) {
                0 => word(1 << 32),
                1 => word(u64::MAX),
                _ => {
                    let mut w = rng.array32();
                    w[0] |= 0x80;
                    w
                }
            };
            (w, rng.range(0, 8))
        }
    }
}

/// MODEXP `(len(B), len(E), len(M), B, E, M)`. Mix: each length from `modexp_len` (zero, small,
/// word boundaries, 1024 +- 1, huge); operands random, with leading zero bytes (30%), all zero
/// (10%) or all ones (5%); the exponent's value kept to 16 bits (zeros in front) when the base
/// or modulus is long, so that calls stay cheap to run; the modulus even (30%), 1 (5%) or zero
/// (10%); the data then truncated (15%: the precompile pads with zeros) or followed by extra
/// bytes (10%: ignored). ([`super::generate`] takes a quarter of MODEXP's inputs from
/// [`modexp_edge`] instead.)
pub fn modexp(rng: &mut Rng) -> Vec<u8> {
    let (b_word, b_len) = modexp_len(rng);
    let (e_word, e_len) = modexp_len(rng);
    let (m_word, m_len) = modexp_len(rng);
    let operand = |rng: &mut Rng, len: usize| {
        let mut v = rng.bytes(len);
        match rng.below(20) {
            0..=5 => {
                let zeros = rng.range(0, len);
                v[..zeros].iter_mut().for_each(|b| *b = 0);
            }
            6 | 7 => v.iter_mut().for_each(|b| *b = 0),
            8 => v.iter_mut().for_each(|b| *b = 0xff),
            _ => {}
        }
        v
    };
    let base = operand(rng, b_len);
    let mut exp = operand(rng, e_len);
    if (b_len.max(m_len) > 128 || e_len > 64) && e_len > 2 {
        let keep = e_len - 2;
        exp[..keep].iter_mut().for_each(|b| *b = 0);
    }
    let mut modulus = operand(rng, m_len);
    if let Some(last) = modulus.last_mut() {
        match rng.below(20) {
            0..=5 => *last &= 0xfe,
            6 => {
                modulus.iter_mut().for_each(|b| *b = 0);
                *modulus.last_mut().unwrap() = 1;
            }
            7 | 8 => modulus.iter_mut().for_each(|b| *b = 0),
            _ => {}
        }
    }
    let mut input = [&b_word[..], &e_word, &m_word, &base, &exp, &modulus].concat();
    match rng.below(20) {
        0..=2 => input.truncate(rng.range(0, input.len())),
        3 | 4 => {
            let extra = rng.range(1, 64);
            input.extend(rng.bytes(extra));
        }
        _ => {}
    }
    input
}

/// The shapes of [`modexp_edge`]: the special paths of a MODEXP implementation that random
/// lengths and bytes almost never reach.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ModexpShape {
    /// An odd modulus of exactly 57 ..= 65 or 121 ..= 128 bytes (the 8- and 16-limb widths
    /// and their neighbours) with a dense exponent of 32 ..= 64 bytes.
    FixedWidth,
    /// `q · 2^k` for an odd `q`, `k` around 64, 128 or `8 · len - 1` (the CRT's split).
    EvenTimesPow2,
    /// A pure power of two `2^k`.
    PowerOfTwo,
    /// A base 2 ..= 8 times the modulus length (reduction of a long base).
    LongBase,
    /// An odd modulus near `2^(64n)` (all-ones top limb) or just above `2^(64n-1)`.
    NearLimbBoundary,
    /// An exponent whose bit length sits on a window-width threshold (7/8, 35/36, 139/140,
    /// 539/540 bits) or at the sparse/dense boundary (popcount `bits / 4`).
    WindowEdge,
}

impl ModexpShape {
    /// Every shape, in the order [`modexp_edge`] draws them.
    pub const ALL: [ModexpShape; 6] = [
        ModexpShape::FixedWidth,
        ModexpShape::EvenTimesPow2,
        ModexpShape::PowerOfTwo,
        ModexpShape::LongBase,
        ModexpShape::NearLimbBoundary,
        ModexpShape::WindowEdge,
    ];
}

/// `x` (big-endian) times `2^k`, truncated to its low `len` bytes.
fn shl_bytes(x: &[u8], k: usize, len: usize) -> Vec<u8> {
    let mut out = vec![0u8; len];
    let (bytes, bits) = (k / 8, k % 8);
    let mut carry = 0u16;
    for (i, &b) in x.iter().rev().enumerate() {
        let v = (u16::from(b) << bits) | carry;
        carry = v >> 8;
        if let Some(slot) = (i + bytes < len).then(|| len - 1 - i - bytes) {
            out[slot] = v as u8;
        }
    }
    if let Some(slot) = (x.len() + bytes < len).then(|| len - 1 - x.len() - bytes) {
        out[slot] = carry as u8;
    }
    out
}

/// `(B, E, M)` of one [`ModexpShape`], operands full length (no truncation).
pub fn modexp_edge_operands(rng: &mut Rng, shape: ModexpShape) -> (Vec<u8>, Vec<u8>, Vec<u8>) {
    let dense = |rng: &mut Rng, len: usize| {
        let mut v = rng.bytes(len);
        if let Some(top) = v.first_mut() {
            *top |= 0x80;
        }
        v
    };
    let dense_in = |rng: &mut Rng, lo: usize, hi: usize| {
        let len = rng.range(lo, hi);
        dense(rng, len)
    };
    let odd = |rng: &mut Rng, len: usize| {
        let mut v = dense(rng, len);
        if let Some(low) = v.last_mut() {
            *low |= 1;
        }
        v
    };
    match shape {
        ModexpShape::FixedWidth => {
            let len = if rng.percent(50) {
                rng.range(57, 65)
            } else {
                rng.range(121, 128)
            };
            let b_len = rng.range(1, len);
            (rng.bytes(b_len), dense_in(rng, 32, 64), odd(rng, len))
        }
        ModexpShape::EvenTimesPow2 => {
            let len = rng.range(17, 160);
            let k = match rng.below(3) {
                0 => rng.range(62, 66),
                1 => rng.range(126, 130),
                _ => 8 * len - 1 - rng.range(0, 2),
            }
            .min(8 * len - 1);
            let q = odd(rng, len);
            let mut m = shl_bytes(&q, k, len);
            if m.iter().all(|&b| b == 0) {
                m[0] = 0x80;
            }
            (rng.bytes(len), dense_in(rng, 1, 8), m)
        }
        ModexpShape::PowerOfTwo => {
            let len = rng.range(1, 160);
            let k = rng.range(0, 8 * len - 1);
            (rng.bytes(len), dense_in(rng, 1, 8), shl_bytes(&[1], k, len))
        }
        ModexpShape::LongBase => {
            let len = rng.range(1, 64);
            let mut m = dense(rng, len);
            if rng.percent(70) {
                m[len - 1] |= 1;
            }
            let b_len = len * rng.range(2, 8);
            (dense(rng, b_len), dense_in(rng, 1, 8), m)
        }
        ModexpShape::NearLimbBoundary => {
            let n = rng.range(1, 17);
            let mut m = if rng.percent(50) {
                vec![0xff; 8 * n]
            } else {
                let mut v = vec![0u8; 8 * n];
                v[0] = 0x80;
                v
            };
            // A few random low bytes, the modulus kept odd.
            let low = rng.range(1, 3).min(8 * n);
            let at = 8 * n - low;
            m[at..].copy_from_slice(&rng.bytes(low));
            m[8 * n - 1] |= 1;
            let b_len = rng.range(1, 8 * n);
            (rng.bytes(b_len), dense_in(rng, 1, 16), m)
        }
        ModexpShape::WindowEdge => {
            let bits = if rng.percent(70) {
                *rng.pick(&[7, 8, 35, 36, 139, 140, 539, 540])
            } else {
                rng.range(8, 700)
            };
            let len = bits.div_ceil(8);
            let mut e = vec![0u8; len];
            // Popcount just at or above bits/4 (sparse vs dense windows).
            let ones = (bits / 4 + rng.range(0, 1)).max(1);
            let top = bits - 1;
            e[len - 1 - top / 8] |= 1 << (top % 8);
            // `ones < bits`: random bits below the top until the popcount is reached.
            while e.iter().map(|b| b.count_ones() as usize).sum::<usize>() < ones {
                let bit = rng.range(0, top - 1);
                e[len - 1 - bit / 8] |= 1 << (bit % 8);
            }
            let m_len = rng.range(1, 64);
            (rng.bytes(m_len), e, odd(rng, m_len))
        }
    }
}

/// A MODEXP input of one of the [`ModexpShape`]s (drawn uniformly), lengths exact.
pub fn modexp_edge(rng: &mut Rng) -> Vec<u8> {
    let shape = *rng.pick(&ModexpShape::ALL);
    let (b, e, m) = modexp_edge_operands(rng, shape);
    [
        &word(b.len() as u64)[..],
        &word(e.len() as u64),
        &word(m.len() as u64),
        &b,
        &e,
        &m,
    ]
    .concat()
}

/// BLAKE2F `(rounds: u32 BE, h: 64, m: 128, t: 16, f: 1)`. Rounds: 0 ..= 16 (40%), 12 (20%),
/// 17 ..= 2000 (15%), 2^k (15%: up to 2^31, most of them too expensive for the limit and
/// compared as out of gas), u32::MAX (5%), random (5%). The final flag 0 or 1 (85%), else
/// another byte. Length 213 (90%), else 0 ..= 300.
pub fn blake2f(rng: &mut Rng) -> Vec<u8> {
    let rounds: u32 = match rng.below(20) {
        0..=7 => rng.below(17) as u32,
        8..=11 => 12,
        12..=14 => rng.range(17, 2000) as u32,
        15..=17 => 1 << rng.below(32),
        18 => u32::MAX,
        _ => rng.next_u64() as u32,
    };
    let flag = if rng.percent(85) {
        rng.below(2) as u8
    } else {
        rng.range(2, 255) as u8
    };
    let mut input = [&rounds.to_be_bytes()[..], &rng.bytes(208), &[flag]].concat();
    if rng.percent(10) {
        let len = rng.range(0, 300);
        input.resize(len, 0);
        if len > 213 {
            input[213..].copy_from_slice(&rng.bytes(len - 213));
        }
    }
    input
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_bigint::BigUint;

    /// Each shape produces what it promises, read back from the operands.
    #[test]
    fn modexp_shapes_reach_their_paths() {
        let mut rng = Rng::new(5);
        for shape in ModexpShape::ALL {
            for _ in 0..300 {
                let (b, e, m) = modexp_edge_operands(&mut rng, shape);
                let mb = BigUint::from_bytes_be(&m);
                let eb = BigUint::from_bytes_be(&e);
                assert!(mb > BigUint::from(1u8), "{shape:?}");
                let tz = mb.trailing_zeros().unwrap() as usize;
                match shape {
                    ModexpShape::FixedWidth => {
                        assert!((57..=65).contains(&m.len()) || (121..=128).contains(&m.len()));
                        assert!(tz == 0 && m[0] >= 0x80 && eb.bits() >= 32 * 8 - 7);
                    }
                    ModexpShape::EvenTimesPow2 => {
                        let k = tz;
                        let top = 8 * m.len() - 1;
                        assert!(
                            (62..=66).contains(&k) || (126..=130).contains(&k) || k + 2 >= top,
                            "k = {k} of {top}"
                        );
                    }
                    ModexpShape::PowerOfTwo => assert_eq!(mb.count_ones(), 1),
                    ModexpShape::LongBase => assert!(b.len() >= 2 * m.len()),
                    ModexpShape::NearLimbBoundary => {
                        let bits = mb.bits() as usize;
                        assert!(tz == 0 && m.len() % 8 == 0 && bits == 8 * m.len());
                        let limbs = m.len() / 8;
                        let near_top = mb.bits() == 64 * limbs as u64
                            && (mb.count_ones() as usize >= 64 * limbs - 24
                                || mb < (BigUint::from(1u8) << (64 * limbs - 1)) + (1u32 << 24));
                        assert!(near_top, "{m:02x?}");
                    }
                    ModexpShape::WindowEdge => {
                        let bits = eb.bits() as usize;
                        let ones = eb.count_ones() as usize;
                        assert!(tz == 0 && ones >= (bits / 4).max(1) && ones <= bits / 4 + 2);
                    }
                }
            }
        }
    }

    #[test]
    fn shifts() {
        assert_eq!(shl_bytes(&[1], 9, 3), [0, 2, 0]);
        assert_eq!(shl_bytes(&[0x81], 1, 2), [1, 2]);
        assert_eq!(shl_bytes(&[0x81], 1, 1), [2]);
        assert_eq!(shl_bytes(&[1], 23, 3), [0x80, 0, 0]);
    }
}
