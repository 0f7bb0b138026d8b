//! The variable-time affine arithmetic ([`super::affine`], [`super::field`]) against blst's own
//! (Jacobian sum, constant-time affine conversion), and G1ADD / G2ADD against revm-precompile,
//! on random curve points in and out of the subgroup, `P + P`, `P + (-P)` and infinity.

use super::affine;
use super::blst_ffi::{self, p1_mult, p2_mult};
use super::codec::{write_g1, write_g2};
use super::field::Field;
use super::{g1_add, g2_add};
use blst::{blst_fp, blst_fp2, blst_p1_affine, blst_p2_affine};
use proptest::prelude::*;

/// A curve point (not necessarily in the subgroup): the first x from the random bits of `seed`
/// (below p: top byte below p's 0x1a), then its last byte counting up, that has one.
fn g1_point(seed: &[u8; 48], odd_y: bool) -> blst_p1_affine {
    let mut b = *seed;
    b[0] = (b[0] % 0x1a) | 0x80 | if odd_y { 0x20 } else { 0 };
    (0..=255u8)
        .find_map(|i| {
            b[47] = seed[47].wrapping_add(i);
            blst_ffi::p1_uncompress(&b).filter(|p| !blst_ffi::p1_is_inf(p))
        })
        .expect("about half of all x have a point")
}

/// As [`g1_point`] on the G2 curve (x = `c1 || c0` in the compressed encoding).
fn g2_point(seed: &[u8; 96], odd_y: bool) -> blst_p2_affine {
    let mut b = *seed;
    b[0] = (b[0] % 0x1a) | 0x80 | if odd_y { 0x20 } else { 0 };
    b[48] %= 0x1a;
    (0..=255u8)
        .find_map(|i| {
            b[95] = seed[95].wrapping_add(i);
            blst_ffi::p2_uncompress(&b)
        })
        .expect("about half of all x have a point")
}

fn neg<F: Field + Default>(y: &F) -> F {
    F::default().sub(y)
}

/// Defines `$name(a, b)`: checks every sum among `a`, `b`, `-a`, `2a` and infinity against
/// blst, and the precompile against revm's on each encoded pair (G1 and G2 alike).
macro_rules! check_sums {
    ($name:ident, $point:ident, $add:path, $oracle:path, $write:path, $ours:expr, $revm:path) => {
        fn $name(a: &$point, b: &$point) {
            let inf = $point::default();
            let minus_a = $point {
                x: a.x,
                y: neg(&a.y),
            };
            let two_a = $add(a, a);
            for (p, q) in [
                (a, b),
                (b, a),
                (a, a),
                (a, &minus_a),
                (&minus_a, a),
                (&two_a, a),
                (a, &inf),
                (&inf, b),
                (&inf, &inf),
            ] {
                let ours = $add(p, q);
                assert_eq!(ours, $oracle(p, q), "{}({p:?}, {q:?})", stringify!($add));
                let input = [$write(p), $write(q)].concat();
                let out = $ours.run(&input, u64::MAX).unwrap().bytes;
                assert_eq!(out, $write(&ours));
                assert_eq!(out, $revm(&input, u64::MAX).unwrap().bytes.to_vec());
            }
        }
    };
}
check_sums!(
    check_g1,
    blst_p1_affine,
    affine::p1_add,
    blst_ffi::p1_add,
    write_g1,
    g1_add::PRAGUE,
    revm_precompile::bls12_381::g1_add::g1_add
);
check_sums!(
    check_g2,
    blst_p2_affine,
    affine::p2_add,
    blst_ffi::p2_add,
    write_g2,
    g2_add::PRAGUE,
    revm_precompile::bls12_381::g2_add::g2_add
);

#[test]
fn generators_infinity_and_scalar_multiples() {
    let (g1, g2) = (blst_ffi::p1_generator(), blst_ffi::p2_generator());
    check_g1(&g1, &g1);
    check_g2(&g2, &g2);
    // The Jacobian results of blst's multiplications, including infinity ([0] P, [r] P).
    let r: [u8; 32] = {
        let mut r = hex::decode(testkit::constants::BLS12_381_R).unwrap();
        r.reverse();
        r.try_into().unwrap()
    };
    for s in [[0u8; 32], r, [1; 32], [0xff; 32]] {
        let j1 = p1_mult(&g1, &s);
        assert_eq!(affine::p1_to_affine(&j1), blst_ffi::p1_affine(&j1));
        let j2 = p2_mult(&g2, &s);
        assert_eq!(affine::p2_to_affine(&j2), blst_ffi::p2_affine(&j2));
    }
}

/// Jacobian coordinates `>= p` (the same field elements plus p) give the same affine point, and
/// `Z = p` is infinity: the conversion reduces before it inverts.
#[test]
fn non_canonical_jacobian_coordinates_are_reduced() {
    use super::field::P;
    let plus_p = |a: &blst_fp| {
        let mut l = [0u64; 6];
        let mut carry = false;
        for i in 0..6 {
            let (s, c1) = a.l[i].overflowing_add(P[i]);
            let (s, c2) = s.overflowing_add(carry as u64);
            (l[i], carry) = (s, c1 || c2);
        }
        // a < p < 2^381, so a + p < 2^384.
        assert!(!carry);
        blst_fp { l }
    };
    let (g1, g2) = (blst_ffi::p1_generator(), blst_ffi::p2_generator());
    for s in [[1u8; 32], [0x5a; 32]] {
        let j1 = p1_mult(&g1, &s);
        let expected = blst_ffi::p1_affine(&j1);
        let mut shifted = j1;
        (shifted.x, shifted.y, shifted.z) = (plus_p(&j1.x), plus_p(&j1.y), plus_p(&j1.z));
        assert_eq!(affine::p1_to_affine(&shifted), expected);
        let j2 = p2_mult(&g2, &s);
        let mut shifted = j2;
        shifted.z.fp[0] = plus_p(&j2.z.fp[0]);
        shifted.x.fp[1] = plus_p(&j2.x.fp[1]);
        assert_eq!(affine::p2_to_affine(&shifted), blst_ffi::p2_affine(&j2));
    }
    // Z = p is Z = 0: infinity.
    let mut inf = p1_mult(&g1, &[3; 32]);
    inf.z = blst_fp { l: P };
    assert_eq!(affine::p1_to_affine(&inf), blst_p1_affine::default());
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 256,
        rng_seed: proptest::test_runner::RngSeed::Fixed(0xadd),
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn g1_sums_match_blst_and_revm(
        sa in prop::array::uniform32(any::<u8>()), ta in prop::array::uniform16(any::<u8>()),
        sb in prop::array::uniform32(any::<u8>()), tb in prop::array::uniform16(any::<u8>()),
        ya: bool, yb: bool, k in prop::array::uniform32(any::<u8>()),
    ) {
        let seed = |s: [u8; 32], t: [u8; 16]| -> [u8; 48] {
            [&s[..], &t[..]].concat().try_into().unwrap()
        };
        let (a, b) = (g1_point(&seed(sa, ta), ya), g1_point(&seed(sb, tb), yb));
        check_g1(&a, &b);
        let j = p1_mult(&a, &k);
        prop_assert_eq!(affine::p1_to_affine(&j), blst_ffi::p1_affine(&j));
    }

    #[test]
    fn g2_sums_match_blst_and_revm(
        s in prop::collection::vec(any::<u8>(), 192), ya: bool, yb: bool,
        k in prop::array::uniform32(any::<u8>()),
    ) {
        let a = g2_point(&s[..96].try_into().unwrap(), ya);
        let b = g2_point(&s[96..].try_into().unwrap(), yb);
        check_g2(&a, &b);
        let j = p2_mult(&a, &k);
        prop_assert_eq!(affine::p2_to_affine(&j), blst_ffi::p2_affine(&j));
    }

    #[test]
    fn field_ops_match_blst(x in prop::collection::vec(any::<u64>(), 24), edge in 0u8..4) {
        use blst_ffi::field_oracle as o;
        // Elements below p from random limbs (top limb below p's), or 0, 1, p - 1 by `edge`.
        let fp = |l: &[u64]| {
            let mut l: [u64; 6] = l.try_into().unwrap();
            l[5] &= 0x0fff_ffff_ffff_ffff;
            blst_fp { l }
        };
        let one = blst_ffi::fp_from_be(&{ let mut b = [0u8; 48]; b[47] = 1; b }).unwrap();
        let zero = blst_fp::default();
        let a = match edge { 0 => zero, 1 => one, 2 => o::fp_sub(&zero, &one), _ => fp(&x[..6]) };
        let b = fp(&x[6..12]);
        prop_assert_eq!(a.add(&b), o::fp_add(&a, &b));
        prop_assert_eq!(a.sub(&b), o::fp_sub(&a, &b));
        prop_assert_eq!(a.mul(&b), o::fp_mul(&a, &b));
        prop_assert_eq!(a.square(), o::fp_sqr(&a));
        prop_assert_eq!(a.inverse(), (!a.is_zero()).then(|| o::fp_inverse(&a)));
        let a2 = blst_fp2 { fp: [a, fp(&x[12..18])] };
        let b2 = blst_fp2 { fp: [b, fp(&x[18..])] };
        prop_assert_eq!(a2.add(&b2), o::fp2_add(&a2, &b2));
        prop_assert_eq!(a2.sub(&b2), o::fp2_sub(&a2, &b2));
        prop_assert_eq!(a2.mul(&b2), o::fp2_mul(&a2, &b2));
        prop_assert_eq!(a2.square(), o::fp2_sqr(&a2));
        prop_assert_eq!(a2.inverse(), (!a2.is_zero()).then(|| o::fp2_inverse(&a2)));
        let real = blst_fp2 { fp: [a, zero] };
        prop_assert_eq!(real.inverse(), (!a.is_zero()).then(|| o::fp2_inverse(&real)));
    }
}
