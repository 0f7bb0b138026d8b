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

pub use testkit::constants::{BLS12_381_P, BN254_P};

pub fn p_2_384_minus_317() -> [u64; 6] {
    limbs(&(r384() - BigUint::from(317u32)))
}

/// The backends to test: the portable one always, the asm one when the CPU has BMI2 and ADX
/// (detected at run time; a binary built with ADX enabled must find it). Says once on stdout
/// when the asm backend is skipped.
pub fn backends() -> Vec<evm384::Backend> {
    let mut v = vec![evm384::Backend::Portable];
    #[cfg(target_arch = "x86_64")]
    {
        let t = evm384::asm::Adx::detect();
        assert!(
            t.is_some() || !cfg!(target_feature = "adx"),
            "built for ADX but the CPU lacks BMI2/ADX"
        );
        match t {
            Some(t) => v.push(evm384::Backend::Asm(t)),
            None => skipped("the CPU lacks BMI2/ADX"),
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    skipped("it is x86_64 assembly");
    v
}

/// Says, once per test binary, that the asm backend was not tested and why (straight to stderr:
/// the test harness captures `println!` of passing tests).
fn skipped(why: &str) {
    use std::io::Write;
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let msg = format!("evm384: asm backend skipped ({why}); portable tested\n");
        let _ = std::io::stderr().write_all(msg.as_bytes());
    });
}
