//! The pairing tower, Miller loop and final exponentiation against ark-bn254 (an independent
//! implementation of the same tower `Fp2[v]/(v^3 - (9 + u))`, `Fp6[w]/(w^2 - v)`), and the
//! Frobenius constants against plain exponentiation by `p`.

use crate::bn254::final_exp::final_exponentiation;
use crate::bn254::g2::BN_X;
use crate::bn254::miller::{multi_miller_loop, MillerPair, ATE_LOOP};
use crate::bn254::{Fp, Fp12, Fp2, Fp6};
use crate::pairing::{line_product, mul_by_01234};
use ark_bn254::{Bn254, Fq, Fq12, Fq2, Fq6, Fr, G1Affine, G1Projective, G2Affine, G2Projective};
use ark_ec::pairing::Pairing;
use ark_ec::{AffineRepr, CurveGroup, PrimeGroup};
use ark_ff::{BigInteger, CyclotomicMultSubgroup, Field, PrimeField};
use proptest::prelude::*;

// ---- conversions through the 32-byte big-endian encoding ----

fn fp(a: &Fq) -> Fp {
    let b: [u8; 32] = a.into_bigint().to_bytes_be().try_into().unwrap();
    Fp::from_be_bytes(&b).unwrap()
}
fn fq(a: &Fp) -> Fq {
    Fq::from_be_bytes_mod_order(&a.to_be_bytes())
}
fn fp2(a: &Fq2) -> Fp2 {
    Fp2::new(fp(&a.c0), fp(&a.c1))
}
fn fq2(a: &Fp2) -> Fq2 {
    Fq2::new(fq(&a.c0), fq(&a.c1))
}
fn fp6(a: &Fq6) -> Fp6 {
    Fp6::new(fp2(&a.c0), fp2(&a.c1), fp2(&a.c2))
}
fn fq6(a: &Fp6) -> Fq6 {
    Fq6::new(fq2(&a.c0), fq2(&a.c1), fq2(&a.c2))
}
fn fp12(a: &Fq12) -> Fp12 {
    Fp12::new(fp6(&a.c0), fp6(&a.c1))
}
fn fq12(a: &Fp12) -> Fq12 {
    Fq12::new(fq6(&a.c0), fq6(&a.c1))
}

// ---- deterministic random values from a proptest seed ----

/// splitmix64: a stream of 64-bit words from `seed`.
struct Words(u64);
impl Words {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn bytes(&mut self) -> [u8; 32] {
        let mut b = [0u8; 32];
        for c in b.chunks_mut(8) {
            c.copy_from_slice(&self.next().to_le_bytes());
        }
        b
    }
    /// Uniform-ish field element, with 0, 1 and p - 1 mixed in.
    fn fq(&mut self) -> Fq {
        match self.next() % 16 {
            0 => Fq::from(0u64),
            1 => Fq::from(1u64),
            2 => -Fq::from(1u64),
            _ => Fq::from_le_bytes_mod_order(&self.bytes()),
        }
    }
    fn fq2(&mut self) -> Fq2 {
        Fq2::new(self.fq(), self.fq())
    }
    fn fq6(&mut self) -> Fq6 {
        Fq6::new(self.fq2(), self.fq2(), self.fq2())
    }
    fn fq12(&mut self) -> Fq12 {
        Fq12::new(self.fq6(), self.fq6())
    }
    fn fr(&mut self) -> Fr {
        Fr::from_le_bytes_mod_order(&self.bytes())
    }
    fn g1(&mut self) -> G1Affine {
        (G1Projective::generator() * self.fr()).into_affine()
    }
    fn g2(&mut self) -> G2Affine {
        (G2Projective::generator() * self.fr()).into_affine()
    }
}

/// An element of the cyclotomic subgroup: `f^((p^6 - 1)(p^2 + 1))` computed by ark.
fn cyclotomic(f: &Fq12) -> Fq12 {
    let g = f.cyclotomic_inverse().unwrap() * f.inverse().unwrap();
    g.frobenius_map(2) * g
}

fn pair(p: &G1Affine, q: &G2Affine) -> MillerPair {
    let (px, py) = p.xy().unwrap();
    let (qx, qy) = q.xy().unwrap();
    MillerPair {
        px: fp(&px),
        py: fp(&py),
        qx: fp2(&qx),
        qy: fp2(&qy),
    }
}

/// Our pairing value of one pair (Miller loop and final exponentiation).
fn our_pairing(p: &G1Affine, q: &G2Affine) -> Fq12 {
    fq12(&final_exponentiation(&multi_miller_loop(&[pair(p, q)])).unwrap())
}

// ---- the tower ----

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn fp6_ops_match_ark(seed in any::<u64>()) {
        let mut w = Words(seed);
        let (a, b) = (w.fq6(), w.fq6());
        let (x, y) = (fp6(&a), fp6(&b));
        prop_assert_eq!(fq6(&x.add(&y)), a + b);
        prop_assert_eq!(fq6(&x.sub(&y)), a - b);
        prop_assert_eq!(fq6(&x.neg()), -a);
        prop_assert_eq!(fq6(&x.double()), a + a);
        prop_assert_eq!(fq6(&x.mul(&y)), a * b);
        prop_assert_eq!(fq6(&x.square()), a.square());
        prop_assert_eq!(x.inverse().map(|i| fq6(&i)), a.inverse());
        let (b0, b1) = (w.fq2(), w.fq2());
        let sparse = Fq6::new(b0, b1, Fq2::from(0u64));
        prop_assert_eq!(fq6(&x.mul_by_01(fp2(&b0), fp2(&b1))), a * sparse);
        prop_assert_eq!(fq6(&x.mul_by_fp2(fp2(&b0))), a * Fq6::new(b0, Fq2::from(0u64), Fq2::from(0u64)));
    }

    #[test]
    fn fp12_ops_match_ark(seed in any::<u64>()) {
        let mut w = Words(seed);
        let (a, b) = (w.fq12(), w.fq12());
        let (x, y) = (fp12(&a), fp12(&b));
        prop_assert_eq!(fq12(&x.mul(&y)), a * b);
        prop_assert_eq!(fq12(&x.square()), a.square());
        prop_assert_eq!(x.inverse().map(|i| fq12(&i)), a.inverse());
        prop_assert_eq!(fq12(&x.conjugate()), a.cyclotomic_inverse().unwrap());
        prop_assert_eq!(fq12(&x.frobenius()), a.frobenius_map(1));
        prop_assert_eq!(fq12(&x.frobenius2()), a.frobenius_map(2));
        prop_assert_eq!(fq12(&x.frobenius3()), a.frobenius_map(3));
        let (d0, d3, d4) = (w.fq2(), w.fq2(), w.fq2());
        let mut expect = a;
        expect.mul_by_034(&d0, &d3, &d4);
        prop_assert_eq!(fq12(&x.mul_by_034(fp2(&d0), fp2(&d3), fp2(&d4))), expect);
        // Two lines multiplied together first, then into the accumulator (the Miller loop's way).
        let (e0, e3, e4) = (w.fq2(), w.fq2(), w.fq2());
        expect.mul_by_034(&e0, &e3, &e4);
        let z = line_product((fp2(&d0), fp2(&d3), fp2(&d4)), (fp2(&e0), fp2(&e3), fp2(&e4)));
        prop_assert_eq!(fq12(&mul_by_01234(&x, &z)), expect);
    }

    #[test]
    fn cyclotomic_ops_match_generic(seed in any::<u64>()) {
        let mut w = Words(seed);
        let c = cyclotomic(&w.fq12());
        let x = fp12(&c);
        prop_assert_eq!(fq12(&x.cyclotomic_square()), c.square());
        prop_assert_eq!(fq12(&x.conjugate()), c.inverse().unwrap());
        prop_assert_eq!(fq12(&crate::bn254::final_exp::exp_by_x(&x)), c.pow([BN_X]));
    }

    #[test]
    fn pairing_matches_ark(seed in any::<u64>()) {
        let mut w = Words(seed);
        let (p, q) = (w.g1(), w.g2());
        prop_assert_eq!(our_pairing(&p, &q), Bn254::pairing(p, q).0);
    }
}

#[test]
fn zero_has_no_inverse() {
    assert_eq!(Fp6::ZERO.inverse(), None);
    assert_eq!(Fp12::new(Fp6::ZERO, Fp6::ZERO).inverse(), None);
    assert_eq!(final_exponentiation(&Fp12::new(Fp6::ZERO, Fp6::ZERO)), None);
}

/// `f^e` by square-and-multiply, `e` as little-endian limbs: independent of the Frobenius
/// constants.
fn pow(f: &Fp12, e: &[u64]) -> Fp12 {
    let mut acc = Fp12::ONE;
    for limb in e.iter().rev() {
        for bit in (0..64).rev() {
            acc = acc.square();
            if (limb >> bit) & 1 == 1 {
                acc = acc.mul(f);
            }
        }
    }
    acc
}

#[test]
fn frobenius_matches_power_of_p() {
    let p = Fq::MODULUS.0;
    let mut w = Words(7);
    for _ in 0..4 {
        let f = fp12(&w.fq12());
        let fp1 = pow(&f, &p);
        assert_eq!(f.frobenius(), fp1);
        let fp2 = pow(&fp1, &p);
        assert_eq!(f.frobenius2(), fp2);
        assert_eq!(f.frobenius3(), pow(&fp2, &p));
    }
}

/// The value of signed binary digits, least significant first.
fn digits_value(digits: &[i8]) -> i128 {
    digits
        .iter()
        .enumerate()
        .map(|(i, &d)| i128::from(d) << i)
        .sum()
}

#[test]
fn ate_loop_is_six_x_plus_two() {
    assert_eq!(digits_value(&ATE_LOOP), 6 * i128::from(BN_X) + 2);
}

// ---- the pairing ----

#[test]
fn generators_match_ark() {
    let (p, q) = (G1Affine::generator(), G2Affine::generator());
    let e = our_pairing(&p, &q);
    assert_eq!(e, Bn254::pairing(p, q).0);
    assert_ne!(e, Fq12::from(1u64));
}

#[test]
fn bilinear() {
    let mut w = Words(11);
    let (p, q) = (w.g1(), w.g2());
    let (a, b) = (w.fr(), w.fr());
    let lhs = our_pairing(&(p * a).into_affine(), &(q * b).into_affine());
    let rhs = our_pairing(&p, &q).pow((a * b).into_bigint());
    assert_eq!(lhs, rhs);
}

#[test]
fn multi_pairing_product() {
    let mut w = Words(5);
    for n in 1..=4usize {
        let ps: Vec<G1Affine> = (0..n).map(|_| w.g1()).collect();
        let qs: Vec<G2Affine> = (0..n).map(|_| w.g2()).collect();
        let pairs: Vec<MillerPair> = ps.iter().zip(&qs).map(|(p, q)| pair(p, q)).collect();
        let ours = final_exponentiation(&multi_miller_loop(&pairs)).unwrap();
        assert_eq!(fq12(&ours), Bn254::multi_pairing(&ps, &qs).0, "{n} pairs");
        assert!(!ours.is_one());
        // e(P, Q) e(-P, Q) ... = 1: append the negations.
        let mut all = pairs.clone();
        all.extend(ps.iter().zip(&qs).map(|(p, q)| pair(&(-*p), q)));
        assert!(final_exponentiation(&multi_miller_loop(&all))
            .unwrap()
            .is_one());
        // e(aP, Q) e(P, -aQ) = 1.
        let a = w.fr();
        let pa = (ps[0] * a).into_affine();
        let qa = (-(qs[0] * a)).into_affine();
        let check = [pair(&pa, &qs[0]), pair(&ps[0], &qa)];
        assert!(final_exponentiation(&multi_miller_loop(&check))
            .unwrap()
            .is_one());
    }
    assert!(final_exponentiation(&multi_miller_loop(&[]))
        .unwrap()
        .is_one());
}
