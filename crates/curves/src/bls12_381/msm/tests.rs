//! The MSM against blst's scalar multiplications and sums, on repeated points, infinity, zero
//! scalars and scalars at and above r, through both algorithms and many window widths.

use super::super::g1::G1Affine;
use super::super::g2::G2Affine;
use super::super::tests::blst_oracle as b;
use super::*;
use proptest::prelude::*;

/// `l` (little-endian limbs) as little-endian bytes.
fn le_bytes(l: &[u64; 4]) -> [u8; 32] {
    core::array::from_fn(|i| (l[i / 8] >> (8 * (i % 8))) as u8)
}

/// r, little-endian bytes.
fn r_bytes() -> [u8; 32] {
    le_bytes(&R)
}

/// `r + d` (d small, may be negative), little-endian bytes.
fn r_plus(d: i64) -> [u8; 32] {
    let m = [d.unsigned_abs(), 0, 0, 0];
    le_bytes(&if d >= 0 {
        crate::field::add_plain(&R, &m).0
    } else {
        crate::field::sub_plain(&R, &m).0
    })
}

/// Scalars that reach the edges: 0, 1, 2, r - 1, r, r + 1, 2^256 - 1, 2r, one bit set high.
fn edge_scalars() -> Vec<[u8; 32]> {
    let two_r = le_bytes(&crate::field::add_plain(&R, &R).0);
    let mut high = [0u8; 32];
    high[31] = 0x40;
    let small = |v: u8| {
        let mut s = [0u8; 32];
        s[0] = v;
        s
    };
    vec![
        small(0),
        small(1),
        small(2),
        r_plus(-1),
        r_bytes(),
        r_plus(1),
        [0xff; 32],
        two_r,
        high,
    ]
}

fn g1_oracle(points: &[G1Affine], scalars: &[[u8; 32]]) -> G1Affine {
    points
        .iter()
        .zip(scalars)
        .fold(G1Affine::INFINITY, |acc, (p, s)| {
            b::g1_add(&acc, &b::g1_mul_bytes(p, s))
        })
}

fn g2_oracle(points: &[G2Affine], scalars: &[[u8; 32]]) -> G2Affine {
    points
        .iter()
        .zip(scalars)
        .fold(G2Affine::INFINITY, |acc, (p, s)| {
            b::g2_add(&acc, &b::g2_mul_bytes(p, s))
        })
}

/// `n` G1 and G2 points from `seed`: multiples of the generators, with repeats, negations
/// and infinity mixed in.
fn points(seed: u64, n: usize) -> (Vec<G1Affine>, Vec<G2Affine>) {
    let mut rng = xorshift(seed);
    let mut next = || rng.next().expect("endless");
    let (mut g1s, mut g2s): (Vec<G1Affine>, Vec<G2Affine>) = (Vec::new(), Vec::new());
    for i in 0..n {
        let (p, q) = match next() % 8 {
            0 if i > 0 => (g1s[i - 1], g2s[i - 1]),
            1 if i > 0 => (g1s[0].neg(), g2s[0].neg()),
            2 => (G1Affine::INFINITY, G2Affine::INFINITY),
            _ => {
                let k = next();
                (b::g1_mul(k), b::g2_mul(k))
            }
        };
        g1s.push(p);
        g2s.push(q);
    }
    (g1s, g2s)
}

/// An endless xorshift64 stream from `seed` (any seed; zero is avoided).
fn xorshift(seed: u64) -> impl Iterator<Item = u64> {
    core::iter::successors(Some(seed | 1), |&x| {
        let x = x ^ (x << 13);
        let x = x ^ (x >> 7);
        Some(x ^ (x << 17))
    })
    .skip(1)
}

fn scalars(seed: u64, n: usize) -> Vec<[u8; 32]> {
    let edges = edge_scalars();
    xorshift(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15))
        .take(n)
        .map(|x| {
            if x.is_multiple_of(4) {
                edges[(x >> 8) as usize % edges.len()]
            } else {
                core::array::from_fn(|j| (x.rotate_left(j as u32 * 7) >> 3) as u8 ^ j as u8)
            }
        })
        .collect()
}

#[test]
fn every_edge_scalar_on_one_point() {
    let (g1s, g2s) = points(3, 1);
    for s in edge_scalars() {
        assert_eq!(msm(&g1s, &[s]).to_affine(), g1_oracle(&g1s, &[s]), "{s:?}");
        assert_eq!(msm(&g2s, &[s]).to_affine(), g2_oracle(&g2s, &[s]), "{s:?}");
    }
}

#[test]
fn both_algorithms_and_many_windows_match_blst() {
    for (seed, n) in [(1, 1), (2, 2), (3, 4), (4, 5), (5, 9), (6, 33), (7, 70)] {
        let (g1s, g2s) = points(seed, n);
        let ss = scalars(seed, n);
        let want1 = g1_oracle(&g1s, &ss);
        assert_eq!(msm(&g1s, &ss).to_affine(), want1, "{n}");
        // blst's own MSM (what the bench compares with) agrees.
        assert_eq!(b::g1_msm_jacobian(&g1s, &ss).to_affine(), want1, "{n}");
        let red: Vec<[u64; 4]> = ss.iter().map(reduce_scalar).collect();
        assert_eq!(straus(&g1s, &red).to_affine(), want1, "{n}");
        let (sp1, ss1) = split(&g1s, &red);
        for c in 2..=9 {
            assert_eq!(pippenger(&g1s, &red, c).to_affine(), want1, "{n} {c}");
            assert_eq!(pippenger(&sp1, &ss1, c).to_affine(), want1, "{n} {c}");
        }
        if n <= 33 {
            let want2 = g2_oracle(&g2s, &ss);
            assert_eq!(msm(&g2s, &ss).to_affine(), want2, "{n}");
            assert_eq!(b::g2_msm_jacobian(&g2s, &ss).to_affine(), want2, "{n}");
            assert_eq!(straus(&g2s, &red).to_affine(), want2, "{n}");
            let (sp2, ss2) = split(&g2s, &red);
            for c in [2, 5, 8] {
                assert_eq!(pippenger(&g2s, &red, c).to_affine(), want2, "{n} {c}");
                assert_eq!(pippenger(&sp2, &ss2, c).to_affine(), want2, "{n} {c}");
            }
        }
    }
}

#[test]
fn sums_to_infinity_and_windows_grow_with_k() {
    // [s] P + [r - s] P = infinity; [1] P + [-1] P likewise.
    let (g1s, _) = points(9, 1);
    let p = g1s[0];
    let mut s = [0u8; 32];
    s[0] = 7;
    assert!(msm(&[p, p], &[s, r_plus(-7)]).is_infinity());
    assert!(msm(
        &[p; 8],
        &[s, r_plus(-7), s, r_plus(-7), s, r_plus(-7), s, r_plus(-7)]
    )
    .is_infinity());
    let ws: Vec<usize> = [5, 16, 64, 128, 1024]
        .iter()
        .map(|&k| window_for(k, 128))
        .collect();
    assert!(
        ws.windows(2).all(|w| w[0] <= w[1]) && ws[0] < ws[4],
        "{ws:?}"
    );
}

#[test]
fn every_size_up_to_130_matches_blst() {
    // k = 1..=130 (every plan: Straus for few terms, Pippenger for many) with edge scalars and
    // repeated, negated and infinity points; G2 on every third size (its oracle is slow).
    let mut plans = std::collections::HashSet::new();
    for n in 1..=130 {
        let (g1s, g2s) = points(n as u64 + 1000, n);
        let ss = scalars(n as u64 + 2000, n);
        assert_eq!(msm(&g1s, &ss).to_affine(), g1_oracle(&g1s, &ss), "G1 {n}");
        plans.insert(plan(n, 2, 128) == Plan::Straus);
        if n % 3 == 1 {
            assert_eq!(msm(&g2s, &ss).to_affine(), g2_oracle(&g2s, &ss), "G2 {n}");
            plans.insert(plan(n, 4, 64) == Plan::Straus);
        }
    }
    assert_eq!(plans.len(), 2, "both plans reached");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn msm_matches_blst(seed in any::<u64>(), n in 1usize..24) {
        let (g1s, g2s) = points(seed, n);
        let ss = scalars(seed, n);
        prop_assert_eq!(msm(&g1s, &ss).to_affine(), g1_oracle(&g1s, &ss));
        prop_assert_eq!(msm(&g2s, &ss).to_affine(), g2_oracle(&g2s, &ss));
    }

    #[test]
    fn signed_digits_and_wnaf_recompose(s in any::<[u8; 32]>(), c in 2usize..17) {
        let s = reduce_scalar(&s);
        // sum d_i 2^(c i) as a signed wide integer, in u128 pieces: compare via num-bigint.
        use num_bigint::BigInt;
        let want = s.iter().rev().fold(BigInt::from(0), |acc, &l| (acc << 64) + l);
        let got = signed_digits(&s, c, 255 / c + 1)
            .iter()
            .rev()
            .fold(BigInt::from(0), |acc, &d| (acc << c) + d);
        prop_assert_eq!(&got, &want);
        let naf = wnaf(&s);
        let got = naf.iter().rev().fold(BigInt::from(0), |acc, &d| (acc << 1) + d);
        prop_assert_eq!(&got, &want);
        prop_assert!(naf.iter().all(|&d| d == 0 || (d % 2 != 0 && d.abs() < 16)));
    }
}

#[test]
fn batch_affine_buckets_with_collisions_and_many_terms() {
    // One point (and its negative) many times with equal and random scalars: every round of
    // the batch-affine accumulation meets P + P (a doubling) and P + (-P) (infinity) in the
    // same buckets; then k = 300 and 600 distinct terms (Pippenger's plan) in both groups.
    let (g1s, g2s) = points(77, 1);
    let (p, q) = (g1s[0], g2s[0]);
    let mut s7 = [0u8; 32];
    s7[0] = 7;
    let rnd = scalars(78, 200);
    for n in [40usize, 200] {
        let ps: Vec<G1Affine> = (0..n)
            .map(|i| if i % 5 == 4 { p.neg() } else { p })
            .collect();
        let qs: Vec<G2Affine> = (0..n)
            .map(|i| if i % 5 == 4 { q.neg() } else { q })
            .collect();
        let ss: Vec<[u8; 32]> = (0..n)
            .map(|i| if i % 2 == 0 { s7 } else { rnd[i] })
            .collect();
        let red: Vec<[u64; 4]> = ss.iter().map(reduce_scalar).collect();
        let want1 = g1_oracle(&ps, &ss);
        assert_eq!(msm(&ps, &ss).to_affine(), want1, "G1 {n}");
        let want2 = g2_oracle(&qs, &ss);
        assert_eq!(msm(&qs, &ss).to_affine(), want2, "G2 {n}");
        for c in [3, 6, 9] {
            assert_eq!(pippenger(&ps, &red, c).to_affine(), want1, "G1 {n} {c}");
            assert_eq!(pippenger(&qs, &red, c).to_affine(), want2, "G2 {n} {c}");
        }
    }
    for n in [300usize, 600] {
        let (g1s, g2s) = points(n as u64 + 5000, n);
        let ss = scalars(n as u64 + 6000, n);
        assert_eq!(msm(&g1s, &ss).to_affine(), g1_oracle(&g1s, &ss), "G1 {n}");
        assert_eq!(msm(&g2s, &ss).to_affine(), g2_oracle(&g2s, &ss), "G2 {n}");
    }
}

/// A named MSM input with its expected sum: (name, points, scalars, sum).
type Case<P> = (&'static str, Vec<P>, Vec<[u8; 32]>, P);

/// The adversarial inputs of one size for one group: one point repeated with one scalar, with
/// a scalar and its opposite alternating (the sum is infinity), with random scalars, with the
/// same scalar written as `s + r`, and the repeated point mixed with distinct points, infinity
/// terms, zero scalars and edge scalars. Each with the expected sum by blst's single
/// multiplications.
fn adversarial<P: Copy>(
    distinct: &[P],
    infinity: P,
    n: usize,
    oracle: impl Fn(&[P], &[[u8; 32]]) -> P,
) -> Vec<Case<P>> {
    let p = distinct[0];
    let rnd = scalars(n as u64 + 7000, n);
    // A full-width s below r (so that s + r fits in 32 bytes), s + r and r - s.
    let mut s: [u8; 32] = core::array::from_fn(|j| (j as u8).wrapping_mul(37) ^ 0x5a);
    s[31] &= 0x3f;
    let plus_r = le_bytes(&crate::field::add_plain(&reduce_scalar(&s), &R).0);
    let minus = le_bytes(&crate::field::sub_plain(&R, &reduce_scalar(&s)).0);
    let edges = edge_scalars();
    let mixed_points: Vec<P> = (0..n)
        .map(|i| match i % 6 {
            1 => distinct[i % distinct.len()],
            4 => infinity,
            _ => p,
        })
        .collect();
    let mixed_scalars: Vec<[u8; 32]> = (0..n)
        .map(|i| match i % 5 {
            0 => edges[i % edges.len()],
            1 => plus_r,
            _ => s,
        })
        .collect();
    let cases = vec![
        ("one P one s", vec![p; n], vec![s; n]),
        (
            "one P, s and -s",
            vec![p; n],
            (0..n).map(|i| if i % 2 == 0 { s } else { minus }).collect(),
        ),
        ("one P random s", vec![p; n], rnd.clone()),
        (
            "one P, s and s + r",
            vec![p; n],
            (0..n)
                .map(|i| if i % 3 == 0 { plus_r } else { s })
                .collect(),
        ),
        ("one P among others", mixed_points, mixed_scalars),
    ];
    cases
        .into_iter()
        .map(|(name, ps, ss)| {
            let want = oracle(&ps, &ss);
            (name, ps, ss, want)
        })
        .collect()
}

#[test]
fn adversarial_inputs_match_blst() {
    // Every term of a window in one bucket (or a few), through the plan's algorithm and
    // through Pippenger at several windows, at sizes from Straus's to the precompiles' largest
    // (G1MSM 128, G2MSM 512).
    let (g1s, g2s) = points(4242, 16);
    let g1s: Vec<G1Affine> = g1s.into_iter().filter(|p| !p.infinity).collect();
    let g2s: Vec<G2Affine> = g2s.into_iter().filter(|p| !p.infinity).collect();
    for n in [1usize, 2, 3, 8, 17, 64, 128] {
        for (name, ps, ss, want) in adversarial(&g1s, G1Affine::INFINITY, n, g1_oracle) {
            assert_eq!(msm(&ps, &ss).to_affine(), want, "G1 {name} {n}");
            let red: Vec<[u64; 4]> = ss.iter().map(reduce_scalar).collect();
            let (sp, sk) = split(&ps, &red);
            for c in [2, 5, 8] {
                assert_eq!(
                    pippenger(&sp, &sk, c).to_affine(),
                    want,
                    "G1 {name} {n} {c}"
                );
            }
        }
    }
    for n in [1usize, 3, 17, 128, 512] {
        for (name, ps, ss, want) in adversarial(&g2s, G2Affine::INFINITY, n, g2_oracle) {
            assert_eq!(msm(&ps, &ss).to_affine(), want, "G2 {name} {n}");
            if n <= 128 {
                let red: Vec<[u64; 4]> = ss.iter().map(reduce_scalar).collect();
                let (sp, sk) = split(&ps, &red);
                for c in [3, 7] {
                    assert_eq!(
                        pippenger(&sp, &sk, c).to_affine(),
                        want,
                        "G2 {name} {n} {c}"
                    );
                }
            }
        }
    }
}
