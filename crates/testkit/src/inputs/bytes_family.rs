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
/// bytes (10%: ignored).
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
