//! ECRECOVER (0x01) and P256VERIFY (0x100): real signatures, forged ones and malformed inputs.

use super::{edge_element, lpad, maybe_corrupt, sub_be, word, Rng};
use crate::constants::{bytes, P256_N, P256_P, SECP256K1_N};
use p256::ecdsa::signature::hazmat::PrehashSigner;

/// Valid signatures: secp256k1 as `(hash, v, r, s)` (128 bytes), P-256 as
/// `(hash, r, s, x, y)` (160 bytes).
pub(super) struct Pool {
    secp256k1: Vec<Vec<u8>>,
    p256: Vec<Vec<u8>>,
}

impl Pool {
    pub(super) fn new(rng: &mut Rng, size: usize) -> Self {
        let mut secp256k1 = Vec::with_capacity(size);
        while secp256k1.len() < size {
            let (key, hash) = (rng.array32(), rng.array32());
            let Ok(sk) = secp256k1::SecretKey::from_secret_bytes(key) else {
                continue;
            };
            let sig = secp256k1::ecdsa::RecoverableSignature::sign_ecdsa_recoverable(
                secp256k1::Message::from_digest(hash),
                &sk,
            );
            let (recid, rs) = sig.serialize_compact();
            let v = 27 + u64::from(u8::from(recid));
            secp256k1.push([&hash[..], &word(v), &rs[..]].concat());
        }
        let mut p256 = Vec::with_capacity(size);
        while p256.len() < size {
            let (key, hash) = (rng.array32(), rng.array32());
            let Ok(sk) = p256::ecdsa::SigningKey::from_slice(&key) else {
                continue;
            };
            let Ok(sig) = PrehashSigner::<p256::ecdsa::Signature>::sign_prehash(&sk, &hash) else {
                continue;
            };
            let point = sk.verifying_key().to_sec1_point(false);
            p256.push([&hash[..], &sig.to_bytes()[..], &point.as_bytes()[1..]].concat());
        }
        Self { secp256k1, p256 }
    }
}

/// Truncates `input` to a shorter length (the precompile pads with zeros) or appends 1 ..= 64
/// random bytes (ignored), half the time each.
fn cut_or_extend(rng: &mut Rng, input: &mut Vec<u8>) {
    if rng.percent(50) {
        input.truncate(rng.range(0, input.len() - 1));
    } else {
        let extra = rng.range(1, 64);
        input.extend(rng.bytes(extra));
    }
}

/// ECRECOVER `(hash, v, r, s)`. Mix: a real signature (35%); a real one forged (30%: `s` ->
/// `n - s` (high s), `v` flipped, `v` outside 27/28 (0, 1, 26, 29, 27 with high bytes set),
/// `r` or `s` = 0, `n - 1`, `n`, `n + 1`, 2^k, all ones, or the hash changed); random `r`, `s`
/// with `v` 27 or 28 (15%: about half recover a key); random bytes of a random length (10%);
/// a truncated (zero-padded by the precompile) or over-long real signature (10%). A quarter of
/// the structured inputs get a random corruption on top.
pub fn ecrecover(rng: &mut Rng, pool: &super::Pool) -> Vec<u8> {
    let sigs = &pool.ecdsa().secp256k1;
    let n = bytes(SECP256K1_N);
    let mut input = rng.pick(sigs).clone();
    match rng.below(20) {
        0..=6 => {}
        7..=12 => match rng.below(6) {
            0 => {
                let s = sub_be(&n, &input[96..128]);
                input[96..128].copy_from_slice(&s);
                input[63] ^= 0x03; // 27 <-> 28: the twin signature recovers the same key
            }
            1 => input[63] ^= 0x03,
            2 => {
                let v = *rng.pick(&[0u64, 1, 26, 29, 255, 27 + (1 << 8), 28 + (1 << 40)]);
                input[32..64].copy_from_slice(&word(v));
                if rng.percent(30) {
                    input[32] = 1; // a high byte set in the v word
                }
            }
            3 | 4 => {
                let at = if rng.percent(50) { 64 } else { 96 };
                let value = edge_element(rng, &n, 32);
                input[at..at + 32].copy_from_slice(&value);
            }
            _ => input[rng.below(32) as usize] ^= 1,
        },
        13..=15 => {
            input[..32].copy_from_slice(&rng.array32());
            input[32..64].copy_from_slice(&word(27 + rng.below(2)));
            input[64..].copy_from_slice(&rng.bytes(64));
        }
        16..=17 => {
            let len = rng.range(0, 200);
            return rng.bytes(len);
        }
        _ => {
            cut_or_extend(rng, &mut input);
            return input;
        }
    }
    maybe_corrupt(rng, &mut input, 25);
    input
}

/// P256VERIFY `(hash, r, s, x, y)`. Mix: a real signature (30%); its malleable twin `n - s`
/// (10%, also valid); `r` or `s` = 0, `n - 1`, `n`, `n + 1`, 2^k, all ones (15%); the hash or
/// a signature bit changed (10%); the public key off the curve (`y + 1`), at infinity (0, 0),
/// or with a coordinate at `p - 1`, `p`, `p + 1` (15%); random bytes of 160 or a random length
/// (10%); a real signature truncated or over-long (10%). A fifth of the structured inputs get a
/// random corruption on top.
pub fn p256verify(rng: &mut Rng, pool: &super::Pool) -> Vec<u8> {
    let sigs = &pool.ecdsa().p256;
    let n = bytes(P256_N);
    let mut input = rng.pick(sigs).clone();
    match rng.below(20) {
        0..=5 => {}
        6 | 7 => {
            let s = sub_be(&n, &input[64..96]);
            input[64..96].copy_from_slice(&s);
        }
        8..=10 => {
            let at = if rng.percent(50) { 32 } else { 64 };
            let value = edge_element(rng, &n, 32);
            input[at..at + 32].copy_from_slice(&value);
        }
        11 | 12 => {
            let bit = rng.below(96 * 8) as usize;
            input[bit / 8] ^= 1 << (bit % 8);
        }
        13..=15 => match rng.below(3) {
            0 => {
                let y = super::add_small(&input[128..160], 1);
                input[128..160].copy_from_slice(&y);
            }
            1 => input[96..160].iter_mut().for_each(|b| *b = 0),
            _ => {
                let at = if rng.percent(50) { 96 } else { 128 };
                let p = bytes(P256_P);
                let value = match rng.below(3) {
                    0 => super::sub_small(&p, 1),
                    1 => p,
                    _ => super::add_small(&p, 1),
                };
                input[at..at + 32].copy_from_slice(&lpad(&value, 32));
            }
        },
        16 | 17 => {
            let len = if rng.percent(50) {
                160
            } else {
                rng.range(0, 200)
            };
            return rng.bytes(len);
        }
        _ => {
            cut_or_extend(rng, &mut input);
            return input;
        }
    }
    maybe_corrupt(rng, &mut input, 20);
    input
}
