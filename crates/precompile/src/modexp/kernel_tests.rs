//! The row kernels (assembly against portable, limb for limb), the Montgomery squaring against
//! the product, and `base^exp mod m` against num-bigint on operands up to EIP-7823's 1024 bytes
//! with both kernels.

use super::arith::modexp_with;
use super::mont::Mont;
use super::rows::{self, Rows};
use super::tests::oracle;
use num_bigint::BigUint;
use proptest::prelude::*;

/// Every kernel this machine can run: the portable one and, when detected, the assembly.
fn kernels() -> Vec<Rows> {
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

/// A limb string: random, all ones or sparse, by `kind`.
fn limbs(kind: u8, words: Vec<u64>) -> Vec<u64> {
    match kind % 3 {
        0 => words,
        1 => vec![u64::MAX; words.len()],
        _ => words
            .iter()
            .map(|&w| if w % 5 == 0 { w } else { 0 })
            .collect(),
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

#[cfg(target_arch = "x86_64")]
#[test]
fn this_x86_machine_has_the_assembly_or_says_so() {
    if matches!(Rows::detect(), Rows::Portable) {
        eprintln!("SKIPPED assembly kernel tests: this CPU lacks BMI2 or ADX");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The row kernel of each implementation against the portable loop, limb for limb.
    #[test]
    fn addmul_rows_agree(r in prop::collection::vec(any::<u64>(), 0..70), a in prop::collection::vec(any::<u64>(), 0..70), b in any::<u64>(), kind in any::<u8>()) {
        let len = r.len().min(a.len());
        let a = limbs(kind, a[..len].to_vec());
        let r = limbs(kind / 3, r[..len].to_vec());
        let mut want = r.clone();
        let want_carry = rows::addmul_1(&mut want, &a, b, 0);
        for k in kernels() {
            let mut got = r.clone();
            let carry = k.addmul_1(&mut got, &a, b);
            prop_assert_eq!(&got, &want, "{:?}", k);
            prop_assert_eq!(carry, want_carry, "{:?}", k);
        }
        // And against num-bigint.
        let big = |l: &[u64]| BigUint::from_slice(&l.iter().flat_map(|&x| [x as u32, (x >> 32) as u32]).collect::<Vec<_>>());
        let mut full = want.clone();
        full.push(want_carry);
        prop_assert_eq!(big(&full), big(&r) + big(&a) * BigUint::from(b));
    }

    /// The dedicated squaring equals the product of an element with itself, with each kernel.
    #[test]
    fn squaring_matches_product(m in prop::collection::vec(any::<u64>(), 1..40), a in prop::collection::vec(any::<u64>(), 40)) {
        let mut m = m;
        m[0] |= 1;
        let n = m.len();
        *m.last_mut().unwrap() |= 1 << 63;
        // a < m: clear the top bit of a's top limb.
        let mut a = a[..n].to_vec();
        a[n - 1] &= !(1 << 63);
        for k in kernels() {
            let ctx = Mont::new(&m, k).unwrap();
            let (mut s, mut p, mut t) = (vec![0; n], vec![0; n], vec![0; 2 * n]);
            ctx.sqr(&a, &mut s, &mut t);
            ctx.mul(&a, &a, &mut p, &mut t);
            prop_assert_eq!(s, p, "{:?}", k);
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
