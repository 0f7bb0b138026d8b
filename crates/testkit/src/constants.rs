//! Curve moduli and group orders, big-endian hex without `0x`: one copy for every test, bench
//! and generator (the library itself keeps its own typed constants, e.g. `evm384::BLS12_381_P`,
//! checked against these in the tests below). [`bytes`] decodes one.

/// BLS12-381 base-field prime p (381 bits).
pub const BLS12_381_P: &str = "1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab";

/// BLS12-381 group order r (the scalar field, 255 bits).
pub const BLS12_381_R: &str = "73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001";

/// BN254 (alt_bn128) base-field prime p.
pub const BN254_P: &str = "30644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd47";

/// BN254 (alt_bn128) group order r (the scalar field).
pub const BN254_R: &str = "30644e72e131a029b85045b68181585d2833e84879b9709143e1f593f0000001";

/// secp256k1 group order n.
pub const SECP256K1_N: &str = "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141";

/// P-256 (secp256r1) base-field prime p.
pub const P256_P: &str = "ffffffff00000001000000000000000000000000ffffffffffffffffffffffff";

/// P-256 (secp256r1) group order n.
pub const P256_N: &str = "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551";

/// The big-endian bytes of one of the constants above (any even-length hex string).
///
/// # Panics
/// When `hex` is not valid hex: the constants here always are.
pub fn bytes(hex: &str) -> Vec<u8> {
    hex::decode(hex).unwrap_or_else(|e| panic!("constant {hex:?} is not hex: {e}"))
}

#[cfg(test)]
mod tests {
    //! Each constant against an independent source: the curve libraries' own moduli.
    use super::*;
    use ark_ff::{BigInteger, PrimeField};

    fn ark_modulus<F: PrimeField>() -> String {
        hex::encode(F::MODULUS.to_bytes_be())
    }

    /// Strips leading zero bytes of a big-endian hex string (arkworks pads to whole limbs).
    fn trim(h: &str) -> &str {
        let mut s = h;
        while s.starts_with("00") {
            s = &s[2..];
        }
        s
    }

    #[test]
    fn bn254_against_arkworks() {
        assert_eq!(trim(&ark_modulus::<ark_bn254::Fq>()), BN254_P);
        assert_eq!(trim(&ark_modulus::<ark_bn254::Fr>()), BN254_R);
    }

    #[test]
    fn bls12_381_against_arkworks_and_evm384() {
        assert_eq!(trim(&ark_modulus::<ark_bls12_381::Fq>()), BLS12_381_P);
        assert_eq!(trim(&ark_modulus::<ark_bls12_381::Fr>()), BLS12_381_R);
        let limbs_be: String = evm384::BLS12_381_P
            .iter()
            .rev()
            .map(|l| format!("{l:016x}"))
            .collect();
        assert_eq!(trim(&limbs_be), BLS12_381_P);
    }

    #[test]
    fn secp256k1_order_against_libsecp256k1() {
        assert_eq!(hex::encode(secp256k1::constants::CURVE_ORDER), SECP256K1_N);
    }

    #[test]
    fn p256_against_the_curve_equation() {
        // p = 2^256 - 2^224 + 2^192 + 2^96 - 1 (FIPS 186-4, D.1.2.3), built from its terms.
        let mut p = num_bigint::BigUint::from(1u8) << 256u32;
        p -= num_bigint::BigUint::from(1u8) << 224u32;
        p += num_bigint::BigUint::from(1u8) << 192u32;
        p += num_bigint::BigUint::from(1u8) << 96u32;
        p -= 1u8;
        assert_eq!(format!("{p:x}"), P256_P);
        // n is the order of the generator: n * G = O, (n - 1) * G = -G, checked by p256.
        use p256::elliptic_curve::PrimeField as _;
        let n_minus_1 = p256::Scalar::ZERO - p256::Scalar::ONE;
        let mut n = bytes(P256_N);
        *n.last_mut().unwrap() -= 1;
        assert_eq!(n_minus_1.to_repr().as_slice(), n.as_slice());
    }
}
