//! The variable-width Montgomery arithmetic (`montgomery::var`): the row kernels (assembly
//! against portable, limb for limb, and against num-bigint), the 16-limb ring against the
//! generic one and num-bigint, and the squaring against the product.

use montgomery::var::{self, FixedRows, Mont, Mont16, PortableRows, Rows};
use num_bigint::BigUint;
use proptest::prelude::*;

/// Every kernel this machine can run: the portable one and, when detected, the assembly.
fn kernels() -> Vec<Rows> {
    let mut all = vec![Rows::Portable];
    let detected = Rows::detect();
    if !matches!(detected, Rows::Portable) {
        all.push(detected);
    }
    all
}

/// The number whose little-endian limbs are `l`.
fn big(l: &[u64]) -> BigUint {
    BigUint::from_slice(
        &l.iter()
            .flat_map(|&x| [x as u32, (x >> 32) as u32])
            .collect::<Vec<_>>(),
    )
}

/// The low 16 limbs of `x` (which must be below `2^1024`).
fn limbs16(x: &BigUint) -> [u64; 16] {
    let mut out = [0u64; 16];
    for (o, d) in out.iter_mut().zip(x.to_u64_digits()) {
        *o = d;
    }
    out
}

/// Near-maximal limbs, where rare carries live: all ones, all ones but one end, the top bit
/// alone, one, zero.
const EDGE_LIMBS: [u64; 6] = [u64::MAX, u64::MAX - 1, 1 << 63, (1 << 63) - 1, 1, 0];

/// `L`-limb strings for the carry grid: each edge limb repeated, and all ones with the low
/// or the top limb set to another edge limb.
fn edge_rows<const L: usize>() -> Vec<[u64; L]> {
    let mut out = Vec::new();
    for &w in &EDGE_LIMBS {
        out.push([w; L]);
        let mut low = [u64::MAX; L];
        low[0] = w;
        out.push(low);
        let mut top = [u64::MAX; L];
        top[L - 1] = w;
        out.push(top);
    }
    out
}

/// The fixed-length rows of every implementation (`L` limbs of `r` and `a`) against num-bigint.
fn fixed_rows_case<const L: usize>(r: &[u64], a: &[u64], b: u64) -> Result<(), TestCaseError> {
    let r: [u64; L] = r[..L].try_into().unwrap();
    let a: [u64; L] = a[..L].try_into().unwrap();
    let want = big(&r) + big(&a) * BigUint::from(b);
    let mut got = r;
    let carry = PortableRows.addmul(&mut got, &a, b);
    prop_assert_eq!(
        big(&got) + (BigUint::from(carry) << (64 * L)),
        want.clone(),
        "portable L={}",
        L
    );
    #[cfg(target_arch = "x86_64")]
    if let Some(adx) = montgomery::asm::Adx::detect() {
        let mut asm = r;
        let asm_carry = adx.addmul(&mut asm, &a, b);
        prop_assert_eq!((asm, asm_carry), (got, carry), "assembly L={}", L);
    }
    Ok(())
}

/// [`fixed_rows_case`] for every length the 16-limb ring uses (1 to 16).
fn fixed_rows_all(r: &[u64], a: &[u64], b: u64) -> Result<(), TestCaseError> {
    fixed_rows_case::<1>(r, a, b)?;
    fixed_rows_case::<2>(r, a, b)?;
    fixed_rows_case::<3>(r, a, b)?;
    fixed_rows_case::<4>(r, a, b)?;
    fixed_rows_case::<5>(r, a, b)?;
    fixed_rows_case::<6>(r, a, b)?;
    fixed_rows_case::<7>(r, a, b)?;
    fixed_rows_case::<8>(r, a, b)?;
    fixed_rows_case::<9>(r, a, b)?;
    fixed_rows_case::<10>(r, a, b)?;
    fixed_rows_case::<11>(r, a, b)?;
    fixed_rows_case::<12>(r, a, b)?;
    fixed_rows_case::<13>(r, a, b)?;
    fixed_rows_case::<14>(r, a, b)?;
    fixed_rows_case::<15>(r, a, b)?;
    fixed_rows_case::<16>(r, a, b)
}

/// The 16-limb ring (portable and assembly) against the generic rows and num-bigint:
/// `mul(a, b)` and `sqr(a)` are below `m` and congruent to `a · b · 2^-1024`.
fn mont16_case(m: &[u64; 16], a: &[u64; 16], b: &[u64; 16]) -> Result<(), TestCaseError> {
    let (mb, ab, bb) = (big(m), big(a), big(b));
    let r = BigUint::from(1u8) << 1024;
    let check = |got: &[u64; 16], x: &BigUint, y: &BigUint| -> Result<(), TestCaseError> {
        let g = big(got);
        prop_assert!(g < mb);
        prop_assert_eq!((g * &r) % &mb, (x * y) % &mb);
        Ok(())
    };
    let generic = Mont::new(m, Rows::Portable).unwrap();
    let (mut want_mul, mut want_sqr, mut t) = ([0u64; 16], [0u64; 16], [0u64; 32]);
    generic.mul(a, b, &mut want_mul, &mut t);
    generic.sqr(a, &mut want_sqr, &mut t);
    check(&want_mul, &ab, &bb)?;
    check(&want_sqr, &ab, &ab)?;
    let portable = Mont16::new(m, PortableRows).unwrap();
    prop_assert_eq!(portable.mul(a, b), want_mul);
    prop_assert_eq!(portable.sqr(a), want_sqr);
    #[cfg(target_arch = "x86_64")]
    if let Some(adx) = montgomery::asm::Adx::detect() {
        let asm = Mont16::new(m, adx).unwrap();
        prop_assert_eq!(asm.mul(a, b), want_mul, "assembly mul");
        prop_assert_eq!(asm.sqr(a), want_sqr, "assembly sqr");
    }
    Ok(())
}

/// Odd 16-limb moduli near `2^1024` and near `2^1023`, and operands near them.
fn edge_moduli() -> Vec<[u64; 16]> {
    let top = BigUint::from(1u8) << 1024;
    let half = BigUint::from(1u8) << 1023;
    let mut out: Vec<BigUint> = [1u32, 3, 5, 0xffff_ffff]
        .iter()
        .map(|&k| &top - k)
        .collect();
    out.push(&top - (BigUint::from(1u8) << 64) - 1u8);
    out.push(&top - (BigUint::from(1u8) << 512) + 1u8);
    out.push(&half + 1u8);
    out.push(&half + (BigUint::from(1u8) << 1000) - 1u8);
    out.iter().map(limbs16).collect()
}

/// Operands below `m` with many carries: `m - 1`, `m - 2`, `m / 2`, all ones below `m`'s top
/// limb, 1 and 0.
fn edge_operands(m: &[u64; 16]) -> Vec<[u64; 16]> {
    let mb = big(m);
    let mut ones = [u64::MAX; 16];
    ones[15] = m[15] - 1;
    [
        &mb - 1u8,
        &mb - 2u8,
        &mb >> 1,
        big(&ones),
        BigUint::from(1u8),
        BigUint::from(0u8),
    ]
    .iter()
    .map(limbs16)
    .collect()
}

#[test]
fn fixed_rows_agree_on_the_carry_grid() {
    for b in EDGE_LIMBS.into_iter().chain([u64::MAX - 2, 3]) {
        for r in edge_rows::<16>() {
            for a in edge_rows::<16>() {
                fixed_rows_all(&r, &a, b).unwrap();
            }
        }
    }
}

#[test]
fn mont16_agrees_on_moduli_near_2_to_the_1024() {
    for m in edge_moduli() {
        let ops = edge_operands(&m);
        for a in &ops {
            for b in &ops {
                mont16_case(&m, a, b).unwrap();
            }
        }
    }
}

/// A limb string: random, all ones or sparse, by `kind`.
fn limbs(kind: u8, words: Vec<u64>) -> Vec<u64> {
    match kind % 3 {
        0 => words,
        1 => vec![u64::MAX; words.len()],
        _ => words
            .iter()
            .map(|&w| if w % 5 == 0 { w } else { 0 })
            .collect(),
    }
}

#[cfg(target_arch = "x86_64")]
#[test]
fn this_x86_machine_has_the_assembly_or_says_so() {
    if matches!(Rows::detect(), Rows::Portable) {
        eprintln!("SKIPPED assembly kernel tests: this CPU lacks BMI2 or ADX");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The row kernel of each implementation against the portable loop, limb for limb.
    #[test]
    fn addmul_rows_agree(r in prop::collection::vec(any::<u64>(), 0..70), a in prop::collection::vec(any::<u64>(), 0..70), b in any::<u64>(), kind in any::<u8>()) {
        let len = r.len().min(a.len());
        let a = limbs(kind, a[..len].to_vec());
        let r = limbs(kind / 3, r[..len].to_vec());
        let mut want = r.clone();
        let want_carry = var::addmul_1(&mut want, &a, b, 0);
        for k in kernels() {
            let mut got = r.clone();
            let carry = k.addmul_1(&mut got, &a, b);
            prop_assert_eq!(&got, &want, "{:?}", k);
            prop_assert_eq!(carry, want_carry, "{:?}", k);
        }
        // And against num-bigint.
        let mut full = want.clone();
        full.push(want_carry);
        prop_assert_eq!(big(&full), big(&r) + big(&a) * BigUint::from(b));
    }

    /// The fixed-length rows (1 to 16 limbs) of each implementation against num-bigint.
    #[test]
    fn fixed_rows_agree(r in prop::collection::vec(any::<u64>(), 16), a in prop::collection::vec(any::<u64>(), 16), b in any::<u64>(), kind in any::<u8>()) {
        fixed_rows_all(&limbs(kind / 3, r), &limbs(kind, a), b)?;
    }

    /// The 16-limb ring on random odd moduli and operands below them.
    #[test]
    fn mont16_agrees(m in prop::collection::vec(any::<u64>(), 16), a in prop::collection::vec(any::<u64>(), 16), b in prop::collection::vec(any::<u64>(), 16), kind in any::<u8>()) {
        let mut m = limbs16(&big(&limbs(kind, m)));
        m[0] |= 1;
        m[15] |= 1 << 63;
        let reduce = |x: Vec<u64>| limbs16(&(big(&x) % big(&m)));
        mont16_case(&m, &reduce(a), &reduce(b))?;
    }

    /// The dedicated squaring equals the product of an element with itself, with each kernel.
    #[test]
    fn squaring_matches_product(m in prop::collection::vec(any::<u64>(), 1..40), a in prop::collection::vec(any::<u64>(), 40)) {
        let mut m = m;
        m[0] |= 1;
        let n = m.len();
        *m.last_mut().unwrap() |= 1 << 63;
        // a < m: clear the top bit of a's top limb.
        let mut a = a[..n].to_vec();
        a[n - 1] &= !(1 << 63);
        for k in kernels() {
            let ctx = Mont::new(&m, k).unwrap();
            let (mut s, mut p, mut t) = (vec![0; n], vec![0; n], vec![0; 2 * n]);
            ctx.sqr(&a, &mut s, &mut t);
            ctx.mul(&a, &a, &mut p, &mut t);
            prop_assert_eq!(s, p, "{:?}", k);
        }
    }
}
