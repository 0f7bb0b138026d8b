//! The decomposition against num-bigint (the identity `k = sum k_i |x|^(m i)` and the bounds)
//! and the endomorphisms against blst's multiplications by `|x|` and `x^2`.

use super::super::msm::reduce_scalar;
use super::super::tests::blst_oracle as b;
use super::*;
use num_bigint::BigUint;
use proptest::prelude::*;

fn big(l: &[u64; 4]) -> BigUint {
    l.iter()
        .rev()
        .fold(BigUint::from(0u8), |acc, &x| (acc << 64) + x)
}

/// r as a big integer.
fn r() -> BigUint {
    big(&[
        0xffffffff00000001,
        0x53bda402fffe5bfe,
        0x3339d80809a1d805,
        0x73eda753299d7d48,
    ])
}

/// Checks the split of `s mod r` for both groups against num-bigint.
fn check(s: &[u8; 32]) {
    let k = reduce_scalar(s);
    let want = BigUint::from_bytes_le(s) % r();
    assert_eq!(big(&k), want, "reduce {s:?}");
    let x = BigUint::from(X_ABS);
    let d = base_x_digits(&k);
    assert!(d.iter().all(|&d| d < X_ABS), "{d:x?}");
    let recompose = |parts: &[[u64; 4]], base: &BigUint| {
        parts
            .iter()
            .rev()
            .fold(BigUint::from(0u8), |acc, p| acc * base + big(p))
    };
    let g1 = <Fp as Endo>::split(&k);
    assert_eq!(recompose(&g1[..2], &(&x * &x)), want, "G1 {s:?}");
    assert!(g1[..2].iter().all(|h| h[2] == 0 && h[3] == 0));
    assert_eq!(g1[2..], [[0; 4]; 2]);
    let g2 = <Fp2 as Endo>::split(&k);
    assert_eq!(recompose(&g2, &x), want, "G2 {s:?}");
}

#[test]
fn edge_scalars_split_exactly() {
    let word = |v: &BigUint| {
        let mut out = [0u8; 32];
        let b = v.to_bytes_le();
        out[..b.len()].copy_from_slice(&b);
        out
    };
    let r_big = r();
    // 0, 1, 2^256 - 1, r and its neighbours (reduced to r - 1, 0, 1).
    let mut values = vec![
        BigUint::from(0u8),
        BigUint::from(1u8),
        (BigUint::from(1u8) << 256) - 1u8,
    ];
    values.extend([&r_big - 1u8, r_big.clone(), &r_big + 1u8]);
    // Digits at their largest: |x|^i - 1 for i = 1, 2, 3, and |x|^3 (a single top digit).
    let mut pow = BigUint::from(1u8);
    for _ in 0..3 {
        pow *= X_ABS;
        values.push(&pow - 1u8);
    }
    values.push(pow);
    for v in values {
        check(&word(&v));
    }
    // The top digit of r - 1 (the largest reduced scalar) is below |x|: the decomposition of
    // every reduced scalar is exact.
    let top = base_x_digits(&reduce_scalar(&word(&(&r_big - 1u8))))[3];
    assert!(top < X_ABS);
}

#[test]
fn endomorphisms_act_as_their_eigenvalues() {
    for k in [1u64, 2, 7, 0xdead_beef] {
        let p = b::g1_mul(k);
        // E(P) = [x^2] P.
        assert_eq!(
            Fp::endo(&p),
            b::g1_mul_u64(&b::g1_mul_u64(&p, X_ABS), X_ABS)
        );
        let q = b::g2_mul(k);
        // E(Q) = -psi(Q) = [|x|] Q.
        assert_eq!(Fp2::endo(&q), b::g2_mul_u64(&q, X_ABS));
    }
    assert!(Fp::endo(&Affine::INFINITY).infinity);
    assert!(Fp2::endo(&Affine::INFINITY).infinity);
}

proptest! {
    #[test]
    fn random_scalars_split_exactly(s in any::<[u8; 32]>()) {
        check(&s);
    }
}
