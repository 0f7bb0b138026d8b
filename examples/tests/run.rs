//! Runs every example binary and checks what it prints against independent oracles (num-bigint,
//! the `sha2` crate, known curve points), so the examples in the README keep working.

use num_bigint::BigUint;
use std::process::Command;

/// The stdout of the example binary at `path`, which must exit successfully.
fn run(path: &str) -> String {
    let out = Command::new(path).output().expect("run the example");
    assert!(
        out.status.success(),
        "{path} failed: {}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

/// The value printed after `key: ` on its own line.
fn value<'a>(out: &'a str, key: &str) -> &'a str {
    out.lines()
        .find_map(|l| l.strip_prefix(key).and_then(|v| v.strip_prefix(": ")))
        .unwrap_or_else(|| panic!("no line {key:?} in:\n{out}"))
}

/// The big-endian hex string `hex` as a number.
fn big(hex: &str) -> BigUint {
    BigUint::parse_bytes(hex.as_bytes(), 16).expect("hex")
}

fn hex_of(x: &BigUint) -> String {
    format!("0x{}", x.to_str_radix(16))
}

#[test]
fn revm_crypto() {
    let out = run(env!("CARGO_BIN_EXE_revm_crypto"));
    assert_eq!(value(&out, "installed"), "true");
    assert_eq!(value(&out, "backend"), "RevmCrypto");
    use sha2::Digest;
    assert_eq!(
        value(&out, "sha256(\"abc\")"),
        hex::encode(sha2::Sha256::digest(b"abc"))
    );
    // 2G on BN254 (EIP-196's test point).
    assert_eq!(
        value(&out, "bn254 add(G, G)"),
        "030644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd3\
         15ed738c0e0a7c92e7845f96b2ae9c0a68a6a449e3538fc7ff3ebf7a5a18a2c4"
    );
    assert_eq!(value(&out, "modexp(3, 5, 7)"), "05");
}

#[test]
fn revm_evm() {
    let out = run(env!("CARGO_BIN_EXE_revm_evm"));
    let word = value(&out, "mulmod");
    let p = big("fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f");
    let a = big("79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798");
    let b = big("483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8");
    let want = (&a * &b) % &p;
    assert_eq!(word, hex_of(&want));
    let mut be = want.to_bytes_be();
    be.splice(0..0, std::iter::repeat_n(0, 32 - be.len()));
    use sha2::Digest;
    assert_eq!(
        value(&out, "sha256(mulmod)"),
        hex::encode(sha2::Sha256::digest(&be))
    );
    assert_eq!(value(&out, "mulmod matches uint256::evm::mulmod"), "true");
    assert_eq!(
        value(&out, "sha256 matches precompile::sha256::digest"),
        "true"
    );
    assert_eq!(value(&out, "same output and gas as stock revm"), "true");
}

#[test]
fn word_and_montgomery() {
    let out = run(env!("CARGO_BIN_EXE_word_and_montgomery"));
    let m256 = BigUint::from(1u8) << 256u32;
    assert_eq!(value(&out, "add(MAX, 2)"), "0x1");
    assert_eq!(value(&out, "sdiv(-8, 3)"), hex_of(&(&m256 - 2u8)));
    assert_eq!(
        value(&out, "exp(3, 100)"),
        hex_of(&BigUint::from(3u8).pow(100))
    );
    assert_eq!(value(&out, "sar(4, -256)"), hex_of(&(&m256 - 16u8)));
    let two_255 = BigUint::from(1u8) << 255u32;
    assert_eq!(
        value(&out, "mulmod(2^255, 3, 2^256 - 1)"),
        hex_of(&((two_255 * 3u8) % (&m256 - 1u8)))
    );
    let p = big("30644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd47");
    let a = big("1234567890abcdef1234567890abcdef1234567890abcdef1234567890abcdef");
    let b = big("2fedcba0987654321fedcba0987654321fedcba0987654321fedcba09876543");
    assert_eq!(
        value(&out, "bn254 montgomery a * b mod p"),
        hex_of(&((a * b) % p))
    );
    assert_eq!(value(&out, "matches uint256::evm::mulmod"), "true");
}
