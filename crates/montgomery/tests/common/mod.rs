//! num-bigint oracle for the integration tests: limb conversions and the textbook values.
#![allow(dead_code)]

use num_bigint::BigUint;
use num_traits::One;

pub fn big<const N: usize>(a: &[u64; N]) -> BigUint {
    let mut r = BigUint::ZERO;
    for &l in a.iter().rev() {
        r = (r << 64u32) + BigUint::from(l);
    }
    r
}

/// The low `64N` bits of `x` as limbs.
pub fn limbs<const N: usize>(x: &BigUint) -> [u64; N] {
    let x = x % (BigUint::one() << (64 * N));
    let d = x.to_u64_digits();
    let mut r = [0u64; N];
    r[..d.len()].copy_from_slice(&d);
    r
}

pub fn r<const N: usize>() -> BigUint {
    BigUint::one() << (64 * N)
}

/// `x * R^-1 mod p` (p odd).
pub fn mont_div<const N: usize>(x: &BigUint, p: &BigUint) -> BigUint {
    let rinv = r::<N>().modinv(p).expect("p odd");
    x * rinv % p
}

pub fn hex<const N: usize>(h: &str) -> [u64; N] {
    limbs(&BigUint::parse_bytes(h.as_bytes(), 16).expect("hex"))
}

pub const BN254_P: &str = "30644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd47";
pub const BLS12_381_P: &str = "1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab";
