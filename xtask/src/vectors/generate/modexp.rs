//! MODEXP (0x05) inputs: every length rule's boundary and the gas rules' breakpoints.
use super::bytes::*;
use super::{named, named_with_limit, NamedInput};

fn modexp_input(b_len: &[u8], e_len: &[u8], m_len: &[u8], body: &[u8]) -> Vec<u8> {
    cat(&[&lpad(b_len, 32), &lpad(e_len, 32), &lpad(m_len, 32), body])
}

fn mx(b: &[u8], e: &[u8], m: &[u8]) -> Vec<u8> {
    let len = |v: &[u8]| word(v.len() as u64);
    modexp_input(&len(b), &len(e), &len(m), &cat(&[b, e, m]))
}

pub(super) fn inputs() -> Vec<NamedInput> {
    let ff = [0xffu8; 32];
    let odd32: Vec<u8> = (0..32u8).map(|i| i.wrapping_mul(37) | 1).collect();
    let val = |len: usize, seed: u8| -> Vec<u8> {
        (0..len)
            .map(|i| (i as u8).wrapping_mul(seed).wrapping_add(seed) | 0x80)
            .collect()
    };
    let mut out = vec![
        named("empty input", vec![]),
        named("header only, all lengths 0", vec![0; 96]),
        named("95-byte header", vec![0; 95]),
        named("3^5 mod 7", mx(&[3], &[5], &[7])),
        named("0^0 mod 5", mx(&[0], &[0], &[5])),
        named("mod 0 (1 byte)", mx(&[3], &[5], &[0])),
        named("mod 1", mx(&[3], &[5], &[1])),
        named("even modulus", mx(&[3], &[200], &[100])),
        named("mod_len 0, base_len 1", mx(&[3], &[5], &[])),
        named("base_len 0", mx(&[], &[5], &[7])),
        named("exp_len 0", mx(&[3], &[], &[7])),
        named("32-byte operands, exp 0", mx(&val(32, 3), &[0; 32], &odd32)),
        named("32-byte operands, exp 1", mx(&val(32, 3), &word(1), &odd32)),
        named(
            "32-byte operands, exp 2^255",
            mx(&val(32, 3), &cat(&[&[0x80], &[0; 31]]), &odd32),
        ),
        named(
            "32-byte operands, exp 2^256-1",
            mx(&val(32, 3), &ff, &odd32),
        ),
        named("33-byte base", mx(&val(33, 5), &[3], &odd32)),
        named("33-byte modulus", mx(&[3], &[3], &val(33, 5))),
        named(
            "33-byte exponent, head 0",
            mx(&[3], &cat(&[&[0; 32], &[3]]), &[7]),
        ),
        named(
            "33-byte exponent, head 1",
            mx(&[3], &cat(&[&[0; 31], &[1], &[3]]), &[7]),
        ),
        named(
            "64-byte exponent, head 0, tail 1",
            mx(&[3], &cat(&[&[0; 63], &[1]]), &[7]),
        ),
        named(
            "64-byte exponent, head 2^255",
            mx(&[3], &cat(&[&[0x80], &[0; 63]]), &[7]),
        ),
        named(
            "64-byte operands",
            mx(&val(64, 7), &val(8, 9), &val(64, 11)),
        ),
        named(
            "65-byte operands",
            mx(&val(65, 7), &val(8, 9), &val(65, 11)),
        ),
        named(
            "96-byte modulus, even",
            mx(&val(96, 7), &val(3, 9), &cat(&[&val(95, 11), &[2]])),
        ),
        named("input shorter than the lengths (zero-padded)", {
            let mut v = mx(&val(32, 3), &[5], &odd32);
            v.truncate(96 + 40);
            v
        }),
        named(
            "extra bytes after the modulus",
            cat(&[&mx(&[3], &[5], &[7]), &[0xee; 10]]),
        ),
    ];
    // The EIP-7823 bound: 1024 allowed, 1025 rejected (operands mostly zero-padded).
    for (what, idx) in [("base", 0usize), ("exp", 1), ("mod", 2)] {
        for len in [1024u64, 1025] {
            let mut lens = [word(1), word(1), word(1)];
            lens[idx] = word(len);
            let body: Vec<u8> = vec![0x5a; 64];
            out.push(named(
                format!("{what}_len {len}"),
                modexp_input(&lens[0], &lens[1], &lens[2], &body),
            ));
        }
    }
    out.push(named(
        "base_len=mod_len=1024, exp 3",
        mx(&val(1024, 3), &[3], &val(1024, 5)),
    ));
    out.extend(worst_cases(&val));
    // Huge length fields: charged (or rejected) before anything is allocated.
    let huge = [0xffu8; 32];
    let two64 = cat(&[&[0u8; 23], &[1], &[0; 8]]);
    let limit = 100_000_000;
    out.extend([
        named_with_limit(
            "base_len 2^256-1",
            modexp_input(&huge, &word(1), &word(1), &[]),
            limit,
        ),
        named_with_limit(
            "exp_len 2^256-1",
            modexp_input(&word(1), &huge, &word(1), &[]),
            limit,
        ),
        named_with_limit(
            "mod_len 2^256-1",
            modexp_input(&word(1), &word(1), &huge, &[]),
            limit,
        ),
        named_with_limit(
            "exp_len 2^256-1, base_len=mod_len=0",
            modexp_input(&word(0), &huge, &word(0), &[]),
            limit,
        ),
        named_with_limit(
            "exp_len 2^64, base_len=mod_len=0",
            modexp_input(&word(0), &two64, &word(0), &[]),
            limit,
        ),
        named_with_limit(
            "mod_len 2^64",
            modexp_input(&word(1), &word(1), &two64, &[]),
            limit,
        ),
        named_with_limit(
            "exp_len 2^32, exp head 0, 1-byte operands",
            modexp_input(&word(1), &word(1 << 32), &word(1), &[]),
            limit,
        ),
    ]);
    out
}

/// EIP-7883 / execution-spec-tests style worst and edge cases within EIP-7823's 1024 bytes:
/// the largest modulus with the largest exponent, a maximal exponent on a tiny base, even and
/// 2^k moduli, modulus 1, a base at or above the modulus, exponent 0, long leading zeros, and
/// moduli of one and two limbs.
fn worst_cases(val: &dyn Fn(usize, u8) -> Vec<u8>) -> Vec<NamedInput> {
    let odd = |mut m: Vec<u8>| {
        *m.last_mut().expect("non-empty") |= 1;
        m
    };
    let m1024 = odd(val(1024, 5));
    let m32 = odd(val(32, 11));
    let pow2 = |bytes: usize| cat(&[&[0x80], &vec![0u8; bytes - 1]]);
    let padded = |v: Vec<u8>| cat(&[&[0u8; 1000], &v]);
    vec![
        named(
            "1024-byte base, exponent and odd modulus (the Osaka worst case)",
            mx(&val(1024, 3), &[0xff; 1024], &m1024),
        ),
        named(
            "base 2, 1024-byte exponent of 0xff, 32-byte modulus",
            mx(&[2], &[0xff; 1024], &m32),
        ),
        named(
            "base 3, 1024-byte exponent, 1-byte modulus",
            mx(&[3], &val(1024, 9), &[251]),
        ),
        named(
            "1024-byte modulus 2^8191, 16-byte exponent",
            mx(&val(1024, 3), &[0xff; 16], &pow2(1024)),
        ),
        named(
            "modulus 2^64 (9 bytes), odd base",
            mx(&odd(val(40, 3)), &val(20, 9), &cat(&[&[1], &[0; 8]])),
        ),
        named(
            "modulus 2^64 (9 bytes), even base",
            mx(&cat(&[&val(40, 3), &[2]]), &[7], &cat(&[&[1], &[0; 8]])),
        ),
        named(
            "1024-byte even modulus (odd · 2^100), 16-byte exponent",
            mx(
                &val(1024, 3),
                &[0xff; 16],
                &cat(&[&odd(val(1011, 7)), &[0x10], &[0; 12]]),
            ),
        ),
        named(
            "1024-byte modulus 1 (leading zeros), 1024-byte base",
            mx(&val(1024, 3), &[0xff; 32], &cat(&[&[0u8; 1023], &[1]])),
        ),
        named(
            "64-byte base of 0xff above a 32-byte modulus",
            mx(&[0xff; 64], &[0xff; 32], &m32),
        ),
        named("base equal to the modulus", mx(&m32, &[0xff; 32], &m32)),
        named(
            "exponent 0 (32 zero bytes), 1024-byte operands",
            mx(&val(1024, 3), &[0; 32], &m1024),
        ),
        named(
            "1024-byte fields with 1000 leading zero bytes",
            mx(
                &padded(val(24, 3)),
                &padded(val(24, 9)),
                &padded(odd(val(24, 11))),
            ),
        ),
        named(
            "two-limb modulus, 40-byte base",
            mx(&val(40, 3), &val(40, 9), &odd(val(16, 11))),
        ),
        named(
            "one-limb modulus, 64-byte exponent",
            mx(&val(40, 3), &val(64, 9), &odd(val(8, 11))),
        ),
    ]
}
