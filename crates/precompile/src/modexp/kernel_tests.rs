//! `base^exp mod m` against num-bigint on operands up to EIP-7823's 1024 bytes with each row
//! kernel of `montgomery::var` (the kernels themselves are tested in montgomery's
//! `tests/var.rs`).

use super::arith::modexp_with;
use super::tests::oracle;
use montgomery::var::Rows;
use num_bigint::BigUint;
use proptest::prelude::*;

/// Every kernel this machine can run: the portable one and, when detected, the assembly.
pub(super) fn kernels() -> Vec<Rows> {
    let mut all = vec![Rows::Portable];
    let detected = Rows::detect();
    if !matches!(detected, Rows::Portable) {
        all.push(detected);
    }
    all
}

fn ours(rows: Rows, base: &[u8], exp: &[u8], modulus: &[u8]) -> Vec<u8> {
    let mut out = vec![0u8; modulus.len()];
    modexp_with(rows, base, exp, modulus, &mut out);
    out
}

/// MODEXP on 128-byte odd moduli near `2^1024` and `2^1023` (the 16-limb ring) against
/// num-bigint with every kernel: base `m - 1`, `m - 2`, all ones; exponents 2, 3, 65537 and
/// long all-ones ones.
#[test]
fn modexp_near_2_to_the_1024_matches_num_bigint() {
    let exps: [&[u8]; 5] = [&[2], &[3], &[1, 0, 1], &[0xff; 9], &[0xff; 40]];
    let one = || BigUint::from(1u8);
    let moduli: [BigUint; 6] = [
        (one() << 1024) - 1u8,
        (one() << 1024) - 0xffff_ffffu32,
        (one() << 1024) - (one() << 64) - 1u8,
        (one() << 1024) - (one() << 512) + 1u8,
        (one() << 1023) + 1u8,
        (one() << 1023) + (one() << 1000) - 1u8,
    ];
    for mb in moduli {
        let mut modulus = mb.to_bytes_be();
        while modulus.len() < 128 {
            modulus.insert(0, 0);
        }
        for base in [&mb - 1u8, &mb - 2u8, (one() << 1024) - 1u8] {
            let base = base.to_bytes_be();
            for exp in exps {
                let want = oracle(&base, exp, &modulus);
                for k in kernels() {
                    assert_eq!(ours(k, &base, exp, &modulus), want, "{k:?}");
                }
            }
        }
    }
}

/// Bytes of `len` (a random prefix of leading zeros when `zeros`), random or all `0xff`.
fn bytes_strategy(max: usize) -> impl Strategy<Value = Vec<u8>> {
    (0..=max, any::<bool>(), 0usize..64, any::<u64>()).prop_map(|(len, ones, zeros, seed)| {
        let mut x = seed | 1;
        let mut v: Vec<u8> = (0..len)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                if ones {
                    0xff
                } else {
                    x as u8
                }
            })
            .collect();
        let z = zeros.min(len);
        v[..z].fill(0);
        v
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// MODEXP on random 128-byte odd moduli (the 16-limb ring) against num-bigint.
    #[test]
    fn modexp_16_limbs_matches_num_bigint(base in bytes_strategy(160), exp in bytes_strategy(24), modulus in prop::collection::vec(any::<u8>(), 128)) {
        let mut modulus = modulus;
        modulus[0] |= 1;
        modulus[127] |= 1;
        let want = oracle(&base, &exp, &modulus);
        for k in kernels() {
            prop_assert_eq!(ours(k, &base, &exp, &modulus), want.clone(), "{:?}", k);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    /// Odd, even and power-of-two moduli of 1 to 1024 bytes, zero-length fields and long runs
    /// of leading zeros, against num-bigint with every kernel (short exponents keep it quick).
    #[test]
    fn matches_num_bigint_up_to_1024_bytes(base in bytes_strategy(1024), exp in bytes_strategy(6), modulus in bytes_strategy(1024), shape in 0u8..4, shift in 0usize..2000) {
        let mut modulus = modulus;
        match (shape, modulus.last_mut()) {
            (0, Some(low)) => *low |= 1,
            (1, Some(_)) => {
                let m = (BigUint::from_bytes_be(&modulus) | BigUint::from(1u8)) << (shift % (8 * modulus.len()));
                let bytes = m.to_bytes_be();
                let keep = bytes.len().min(modulus.len());
                modulus.fill(0);
                let l = modulus.len();
                modulus[l - keep..].copy_from_slice(&bytes[bytes.len() - keep..]);
            }
            (2, Some(_)) => {
                let l = modulus.len();
                modulus.fill(0);
                let bit = shift % (8 * l);
                modulus[l - 1 - bit / 8] = 1 << (bit % 8);
            }
            _ => {}
        }
        let want = oracle(&base, &exp, &modulus);
        for k in kernels() {
            prop_assert_eq!(ours(k, &base, &exp, &modulus), want.clone(), "{:?}", k);
        }
    }

    /// Long exponents on moduli up to 160 bytes (every window width).
    #[test]
    fn long_exponents_match_num_bigint(base in bytes_strategy(160), exp in bytes_strategy(200), modulus in bytes_strategy(160), odd in any::<bool>()) {
        let mut modulus = modulus;
        if let (true, Some(low)) = (odd, modulus.last_mut()) {
            *low |= 1;
        }
        let want = oracle(&base, &exp, &modulus);
        for k in kernels() {
            prop_assert_eq!(ours(k, &base, &exp, &modulus), want.clone(), "{:?}", k);
        }
    }
}
