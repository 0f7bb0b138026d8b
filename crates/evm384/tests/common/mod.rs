//! num-bigint model of the crate-level definitions, shared by the integration tests.
#![allow(dead_code)]

use num_bigint::BigUint;
use num_traits::{One, Zero};

pub fn big(a: &[u64; 6]) -> BigUint {
    let mut r = BigUint::zero();
    for &l in a.iter().rev() {
        r = (r << 64u32) + BigUint::from(l);
    }
    r
}

pub fn limbs(x: &BigUint) -> [u64; 6] {
    let x = x % (BigUint::one() << 384u32);
    let d = x.to_u64_digits();
    let mut r = [0u64; 6];
    r[..d.len()].copy_from_slice(&d);
    r
}

fn r384() -> BigUint {
    BigUint::one() << 384u32
}

/// add: s = a + b; (s - p) mod 2^384 if s >= p else s.
pub fn add(a: &[u64; 6], b: &[u64; 6], p: &[u64; 6]) -> [u64; 6] {
    let (a, b, p) = (big(a), big(b), big(p));
    let s = a + b;
    if s >= p {
        limbs(&(s - p))
    } else {
        limbs(&s)
    }
}

/// sub: a - b if a >= b else (a - b + p) mod 2^384.
pub fn sub(a: &[u64; 6], b: &[u64; 6], p: &[u64; 6]) -> [u64; 6] {
    let (a, b, p) = (big(a), big(b), big(p));
    if a >= b {
        limbs(&(a - b))
    } else {
        limbs(&(a + p + r384() - b))
    }
}

/// The Montgomery loop of the definition, then one conditional subtraction.
pub fn mul(a: &[u64; 6], b: &[u64; 6], p: &[u64; 6], n0: u64) -> [u64; 6] {
    let (ab, pb) = (big(a), big(p));
    let w = BigUint::one() << 64u32;
    let mut t = BigUint::zero();
    for &bi in b.iter() {
        t += &ab * BigUint::from(bi);
        let m = (&t % &w) * BigUint::from(n0) % &w;
        t = (t + m * &pb) >> 64u32;
        assert!(t < (BigUint::one() << 385u32));
    }
    if t >= pb {
        limbs(&(t - pb))
    } else {
        limbs(&t)
    }
}

pub fn n0_of(p: &[u64; 6]) -> u64 {
    let w = BigUint::one() << 64u32;
    let p0 = BigUint::from(p[0]);
    // -p^-1 mod 2^64 via modpow with Euler: p^(2^63 - 1) = p^-1 mod 2^64 for odd p
    let inv = p0.modpow(&((BigUint::one() << 63u32) - BigUint::one()), &w);
    let n = (&w - inv) % &w;
    n.to_u64_digits().first().copied().unwrap_or(0)
}

pub fn hex_limbs(h: &str) -> [u64; 6] {
    limbs(&BigUint::parse_bytes(h.as_bytes(), 16).expect("hex"))
}

pub const BLS12_381_P: &str = "1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab";
pub const BN254_P: &str = "30644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd47";

pub fn p_2_384_minus_317() -> [u64; 6] {
    limbs(&(r384() - BigUint::from(317u32)))
}
