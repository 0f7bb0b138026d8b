//! The EVM word (`uint256`) and the Montgomery kernel (`montgomery`) used directly, without an
//! EVM: a few opcodes with their EVM semantics, then `a * b mod p` for BN254's base field in
//! Montgomery form, checked against MULMOD.
//!
//! `cargo run -p evm-arith-examples --bin word_and_montgomery` prints:
//!
//! ```text
//! add(MAX, 2): 0x1
//! sdiv(-8, 3): 0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe
//! exp(3, 100): 0x5a4653ca673768565b41f775d6947d55cf3813d1
//! sar(4, -256): 0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff0
//! mulmod(2^255, 3, 2^256 - 1): 0x8000000000000000000000000000000000000000000000000000000000000001
//! bn254 montgomery a * b mod p: 0x4c3210818d04bb48d28fc0355ee3bcdbf73a9277d8810e6cce08a96029baa8f
//! matches uint256::evm::mulmod: true
//! ```

use uint256::{evm, U256};

/// BN254's base-field prime, little-endian limbs.
const BN254_P: [u64; 4] = [
    0x3c208c16d87cfd47,
    0x97816a916871ca8d,
    0xb85045b68181585d,
    0x30644e72e131a029,
];

fn main() {
    let one = U256::from_u64(1);
    let max = evm::not(U256::from_u64(0));
    let neg = |x: u64| evm::sub(U256::from_u64(0), U256::from_u64(x));
    println!("add(MAX, 2): {:#x}", evm::add(max, U256::from_u64(2)));
    println!("sdiv(-8, 3): {:#x}", evm::sdiv(neg(8), U256::from_u64(3)));
    println!(
        "exp(3, 100): {:#x}",
        evm::exp(U256::from_u64(3), U256::from_u64(100))
    );
    println!("sar(4, -256): {:#x}", evm::sar(U256::from_u64(4), neg(256)));
    let two_255 = evm::shl(U256::from_u64(255), one);
    println!(
        "mulmod(2^255, 3, 2^256 - 1): {:#x}",
        evm::mulmod(two_255, U256::from_u64(3), max)
    );

    // The kernel works on reduced values in Montgomery form: x * R mod p, R = 2^256.
    let m = montgomery::Modulus::try_new(BN254_P).expect("an odd modulus above 1");
    let a =
        U256::from_hex_str("0x1234567890abcdef1234567890abcdef1234567890abcdef1234567890abcdef")
            .expect("hex");
    let b = U256::from_hex_str("0x2fedcba0987654321fedcba0987654321fedcba0987654321fedcba09876543")
        .expect("hex");
    let to_mont = |x: &U256| montgomery::mul(x.as_limbs(), m.r2(), &m);
    let product = montgomery::mul(&to_mont(&a), &to_mont(&b), &m);
    let back = U256::from_limbs(montgomery::mul(&product, &[1, 0, 0, 0], &m));
    println!("bn254 montgomery a * b mod p: {back:#x}");
    let p = U256::from_limbs(BN254_P);
    println!(
        "matches uint256::evm::mulmod: {}",
        back == evm::mulmod(a, b, p)
    );
}
