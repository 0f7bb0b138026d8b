//! Deterministic input generators per precompile family, for `cargo xtask diff` and the
//! differential tests: inputs that reach the interesting paths (valid points and signatures,
//! points off the curve and outside the subgroup, field elements at the edges, malformed
//! lengths), not only random bytes.
//!
//! Case `i` of precompile `n` under seed `s` is a pure function of `(s, n, i)` and a [`Pool`] of
//! expensive valid objects (signatures, curve points, KZG proofs) that is itself a function of
//! `s`: [`case_rng`] then [`generate`]. The split of cases between threads therefore does not
//! change the inputs. Each family's mix is described on its generator.

mod bls12_381;
mod bn254;
mod bytes_family;
mod curve;
mod ecdsa;
mod family;
mod kzg;

use precompile::PrecompileId;
use std::sync::OnceLock;

pub use bls12_381::{
    bls_g1_add, bls_g1_msm, bls_g2_add, bls_g2_msm, bls_map_fp, bls_map_fp2, bls_pairing,
};
pub use bn254::{bn254_add, bn254_mul, bn254_pairing};
pub use bytes_family::{
    blake2f, hash_input, modexp, modexp_edge, modexp_edge_operands, ModexpShape,
};
pub use ecdsa::{ecrecover, p256verify};
pub use family::{family_share, Family};
pub use kzg::{coincidence_input, point_evaluation, Coincidence};

/// A small, fast, portable pseudo-random generator (SplitMix64): the same seed gives the same
/// stream on every platform and every version of this crate's dependencies.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator seeded with `seed`.
    pub fn new(seed: u64) -> Self {
        Self(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            0
        } else {
            // The modulo bias (below 2^-40 for the ranges used here) does not matter.
            self.next_u64() % n
        }
    }

    /// A `usize` in `lo..=hi`.
    pub fn range(&mut self, lo: usize, hi: usize) -> usize {
        lo + self.below((hi - lo) as u64 + 1) as usize
    }

    /// True with probability `percent` / 100.
    pub fn percent(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }

    /// One element of a non-empty slice.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u64) as usize]
    }

    /// `n` random bytes.
    pub fn bytes(&mut self, n: usize) -> Vec<u8> {
        (0..n).map(|_| self.next_u64() as u8).collect()
    }

    /// 32 random bytes.
    pub fn array32(&mut self) -> [u8; 32] {
        let mut out = [0u8; 32];
        for chunk in out.chunks_mut(8) {
            chunk.copy_from_slice(&self.next_u64().to_le_bytes());
        }
        out
    }
}

/// The generator of case `index` of precompile `number` under `seed`: independent streams per
/// case, so that any subset of cases can be regenerated alone (a mismatch is reproduced by its
/// seed and index).
pub fn case_rng(seed: u64, number: u16, index: u64) -> Rng {
    let mut mix = Rng::new(seed ^ (u64::from(number) << 48));
    let a = mix.next_u64();
    Rng::new(a ^ index.wrapping_mul(0xd134_2543_de82_ef95))
}

/// The expensive valid objects of one run (signatures, curve points, KZG proofs), built on first
/// use per family from the run's seed and shared by every thread; generators combine them (sums
/// of pool points are new valid points) so that a small pool yields many distinct inputs.
pub struct Pool {
    seed: u64,
    size: usize,
    ecdsa: OnceLock<ecdsa::Pool>,
    bn254: OnceLock<bn254::Pool>,
    bls12_381: OnceLock<bls12_381::Pool>,
    kzg: OnceLock<kzg::Pool>,
}

impl Pool {
    /// A pool of `size` objects per kind (at least 2), derived from `seed`. Nothing is computed
    /// until a generator needs it.
    pub fn new(seed: u64, size: usize) -> Self {
        Self {
            seed,
            size: size.max(2),
            ecdsa: OnceLock::new(),
            bn254: OnceLock::new(),
            bls12_381: OnceLock::new(),
            kzg: OnceLock::new(),
        }
    }

    fn rng(&self, family: u64) -> Rng {
        Rng::new(self.seed ^ family.wrapping_mul(0xa076_1d64_78bd_642f))
    }

    fn ecdsa(&self) -> &ecdsa::Pool {
        self.ecdsa
            .get_or_init(|| ecdsa::Pool::new(&mut self.rng(1), self.size))
    }

    fn bn254(&self) -> &bn254::Pool {
        self.bn254
            .get_or_init(|| bn254::Pool::new(&mut self.rng(2), self.size))
    }

    fn bls12_381(&self) -> &bls12_381::Pool {
        self.bls12_381
            .get_or_init(|| bls12_381::Pool::new(&mut self.rng(3), self.size))
    }

    fn kzg(&self) -> &kzg::Pool {
        // A KZG proof of a blob costs a second or more to build here (commitment and proof over
        // 4096 evaluations): an eighth of the pool size suffices, the generator derives further
        // valid inputs from constant polynomials.
        self.kzg
            .get_or_init(|| kzg::Pool::new(&mut self.rng(4), self.size.div_ceil(8)))
    }
}

/// One input for precompile `id` from `rng` and `pool` (every precompile of the registry has
/// its generator: a new [`PrecompileId`] fails to compile here until it has one). A share of
/// the inputs ([`family_share`]) comes from the edge families of `id` ([`Family`]).
pub fn generate(id: PrecompileId, rng: &mut Rng, pool: &Pool) -> Vec<u8> {
    use PrecompileId as P;
    if let Some(input) = family::drawn(id, rng).and_then(|f| f.generate(id, rng, pool)) {
        return input;
    }
    match id {
        P::Ecrecover => ecrecover(rng, pool),
        P::Sha256 | P::Ripemd160 | P::Identity => hash_input(rng),
        P::Modexp => modexp(rng),
        P::Bn254Add => bn254_add(rng, pool),
        P::Bn254Mul => bn254_mul(rng, pool),
        P::Bn254Pairing => bn254_pairing(rng, pool),
        P::Blake2f => blake2f(rng),
        P::PointEvaluation => point_evaluation(rng, pool),
        P::BlsG1Add => bls_g1_add(rng, pool),
        P::BlsG1Msm => bls_g1_msm(rng, pool),
        P::BlsG2Add => bls_g2_add(rng, pool),
        P::BlsG2Msm => bls_g2_msm(rng, pool),
        P::BlsPairing => bls_pairing(rng, pool),
        P::BlsMapFpToG1 => bls_map_fp(rng),
        P::BlsMapFp2ToG2 => bls_map_fp2(rng),
        P::P256Verify => p256verify(rng, pool),
    }
}

/// Above this price a call is given only failing limits by [`gas_limit`]: running it would take
/// milliseconds or more per implementation (BLAKE2F with millions of rounds, MODEXP with
/// kilobyte operands) and the boundary is what matters there. Every other generated input
/// (MSMs and pairings included) costs less.
pub const EXPENSIVE_GAS: u64 = 2_000_000;

/// The largest limit [`gas_limit`] returns: above any block gas limit (and far below the
/// ~9.2e17 where revm-precompile 43 aborts on MODEXP's saturated price).
pub const MAX_LIMIT: u64 = 100_000_000;

/// A gas limit for an input whose price is `required`: mostly enough (exactly the price, a bit
/// more, or [`MAX_LIMIT`]), sometimes one gas short or a random smaller limit, so that the
/// out-of-gas boundary is compared too. Inputs priced above [`EXPENSIVE_GAS`] get only a limit
/// below their price.
pub fn gas_limit(rng: &mut Rng, required: u64) -> u64 {
    if required > EXPENSIVE_GAS {
        return if rng.percent(50) {
            required.min(MAX_LIMIT + 1) - 1
        } else {
            rng.below(EXPENSIVE_GAS)
        };
    }
    match rng.below(20) {
        0..=5 => required,
        6..=9 => required + rng.below(1000),
        10..=15 => MAX_LIMIT,
        16..=17 => required.saturating_sub(1),
        _ => rng.below(required.saturating_add(1)),
    }
}

// ---------------------------------------------------------------------------------------------
// Byte-level helpers shared by the families.

/// `n` as a 32-byte big-endian word.
pub fn word(n: u64) -> [u8; 32] {
    let mut w = [0u8; 32];
    w[24..].copy_from_slice(&n.to_be_bytes());
    w
}

/// `v` left-padded with zeros to `len` bytes (returned unchanged when already longer).
pub fn lpad(v: &[u8], len: usize) -> Vec<u8> {
    let mut out = vec![0u8; len.saturating_sub(v.len())];
    out.extend_from_slice(v);
    out
}

/// `a + d` for a big-endian integer (wrapping at its width).
fn add_small(a: &[u8], d: u8) -> Vec<u8> {
    let mut out = a.to_vec();
    let mut carry = u16::from(d);
    for b in out.iter_mut().rev() {
        let s = u16::from(*b) + carry;
        *b = s as u8;
        carry = s >> 8;
    }
    out
}

/// `a - d` for a big-endian integer (wrapping at its width).
fn sub_small(a: &[u8], d: u8) -> Vec<u8> {
    let mut out = a.to_vec();
    let mut borrow = i16::from(d);
    for b in out.iter_mut().rev() {
        let s = i16::from(*b) - borrow;
        *b = s.rem_euclid(256) as u8;
        borrow = i16::from(s < 0);
    }
    out
}

/// `m - a` for equal-length big-endian integers with `a <= m` (wrapping otherwise).
pub fn sub_be(m: &[u8], a: &[u8]) -> Vec<u8> {
    let mut out = vec![0u8; m.len()];
    let mut borrow = 0i16;
    for i in (0..m.len()).rev() {
        let d = i16::from(m[i]) - i16::from(a[i]) - borrow;
        out[i] = d.rem_euclid(256) as u8;
        borrow = i16::from(d < 0);
    }
    out
}

/// A `width`-byte big-endian field element (or scalar) for modulus `m` (big-endian, at most
/// `width` bytes), from the mix: random below `m` (40%), 0 or 1 (10%), `m - 1`, `m`, `m + 1`
/// (30%), `2^k` (10%), all ones or fully random (10%).
fn edge_element(rng: &mut Rng, m: &[u8], width: usize) -> Vec<u8> {
    let m = lpad(m, width);
    match rng.below(10) {
        0..=3 => below(rng, &m),
        4 => word_tail(rng.below(2) as u8, width),
        5 => sub_small(&m, 1),
        6 => m,
        7 => add_small(&m, 1),
        8 => {
            let mut v = vec![0u8; width];
            let k = rng.below(8 * width as u64) as usize;
            v[width - 1 - k / 8] = 1 << (k % 8);
            v
        }
        _ if rng.percent(50) => vec![0xff; width],
        _ => rng.bytes(width),
    }
}

/// A random big-endian number below `m` (same width), by clearing the top bits and retrying.
fn below(rng: &mut Rng, m: &[u8]) -> Vec<u8> {
    let top = m.iter().position(|&b| b != 0).unwrap_or(m.len());
    loop {
        let mut v = rng.bytes(m.len());
        v[..top].iter_mut().for_each(|b| *b = 0);
        if top < m.len() {
            v[top] &= u8::MAX >> m[top].leading_zeros();
        }
        if v.as_slice() < m {
            return v;
        }
    }
}

/// `width` zero bytes ending in `last`.
fn word_tail(last: u8, width: usize) -> Vec<u8> {
    let mut v = vec![0u8; width];
    if let Some(b) = v.last_mut() {
        *b = last;
    }
    v
}

/// With probability `percent`%, corrupts `input`: flips one bit, truncates it, appends bytes, or
/// overwrites one 32-byte word with an edge value (zero, all ones, random).
fn maybe_corrupt(rng: &mut Rng, input: &mut Vec<u8>, percent: u64) {
    if !rng.percent(percent) {
        return;
    }
    match rng.below(4) {
        0 if !input.is_empty() => {
            let at = rng.below(input.len() as u64 * 8) as usize;
            input[at / 8] ^= 1 << (at % 8);
        }
        1 if !input.is_empty() => {
            let len = rng.below(input.len() as u64) as usize;
            input.truncate(len);
        }
        2 => {
            let n = rng.range(1, 64);
            input.extend(rng.bytes(n));
        }
        _ if input.len() >= 32 => {
            let at = 32 * rng.below(input.len() as u64 / 32) as usize;
            let fill = match rng.below(3) {
                0 => vec![0u8; 32],
                1 => vec![0xffu8; 32],
                _ => rng.bytes(32),
            };
            input[at..at + 32].copy_from_slice(&fill);
        }
        _ => {}
    }
}

/// How an encoded curve point is presented to a precompile, for [`point_variant`].
struct Encoded<'a> {
    /// A valid point: its coordinates as `width`-byte big-endian field elements, one after the
    /// other (an EIP-2537 element is 64 bytes with 16 zero bytes of padding in front).
    valid: Vec<u8>,
    /// The same point negated (valid too).
    negated: Vec<u8>,
    /// A point on the curve outside the prime-order subgroup, when the curve has one.
    outside_subgroup: Option<Vec<u8>>,
    /// The field modulus (big-endian) and the width of one encoded element.
    modulus: &'a [u8],
    width: usize,
    /// The zero padding in front of each element (EIP-2537: 16), which a decoder must check.
    padding: usize,
}

/// One encoded point from the mix: valid as given (50%), its negation (8%), infinity (all
/// zeros, 8%), off the curve (the last element + 1, 8%), outside the subgroup when there is
/// such a point (10%), one element replaced by an edge value (`p - 1`, `p`, `p + 1`, 2^k, ...,
/// 8%), non-zero padding (4% when the encoding has padding), random bytes (4%).
fn point_variant(rng: &mut Rng, e: Encoded<'_>) -> Vec<u8> {
    let elements = e.valid.len() / e.width;
    match rng.below(50) {
        0..=24 => e.valid,
        25..=28 => e.negated,
        29..=32 => vec![0; e.valid.len()],
        33..=36 => {
            let mut v = e.valid;
            let last = v.len() - e.width;
            let bumped = add_small(&v[last..], 1);
            v[last..].copy_from_slice(&bumped);
            v
        }
        37..=41 if e.outside_subgroup.is_some() => e.outside_subgroup.unwrap_or_default(),
        37..=45 => {
            let mut v = e.valid;
            let at = e.width * rng.below(elements as u64) as usize;
            let value = edge_element(rng, e.modulus, e.width - e.padding);
            v[at + e.padding..at + e.width].copy_from_slice(&value);
            v
        }
        46 | 47 if e.padding > 0 => {
            let mut v = e.valid;
            let at = e.width * rng.below(elements as u64) as usize;
            v[at + rng.below(e.padding as u64) as usize] = rng.range(1, 255) as u8;
            v
        }
        _ => rng.bytes(e.valid.len()),
    }
}

/// Length faults for a structured input of `unit`-byte items: unchanged (85%), truncated to a
/// random length (7%), extended by random bytes (4%), or cut/extended by one byte (4%).
fn length_fault(rng: &mut Rng, input: &mut Vec<u8>) {
    match rng.below(100) {
        0..=84 => {}
        85..=91 => input.truncate(rng.range(0, input.len())),
        92..=95 => {
            let n = rng.range(1, 100);
            input.extend(rng.bytes(n));
        }
        _ if rng.percent(50) || input.is_empty() => input.push(rng.next_u64() as u8),
        _ => {
            input.pop();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cases_are_reproducible_and_distinct() {
        let pool = Pool::new(7, 4);
        use PrecompileId as P;
        for id in [
            P::Ecrecover,
            P::Sha256,
            P::Modexp,
            P::Bn254Add,
            P::Blake2f,
            P::BlsG1Add,
            P::BlsMapFpToG1,
            P::P256Verify,
        ] {
            let number = id.number();
            let a: Vec<Vec<u8>> = (0..20)
                .map(|i| generate(id, &mut case_rng(7, number, i), &pool))
                .collect();
            let b: Vec<Vec<u8>> = (0..20)
                .map(|i| generate(id, &mut case_rng(7, number, i), &pool))
                .collect();
            assert_eq!(a, b, "{number:#x}");
            let mut distinct = a.clone();
            distinct.sort();
            distinct.dedup();
            assert!(
                distinct.len() > 10,
                "{number:#x}: only {} distinct",
                distinct.len()
            );
        }
    }

    /// Every generator's mix reaches both our success path (a non-empty output) and our error
    /// paths, with enough gas: a generator of only rejected (or only valid) inputs fails this.
    #[test]
    fn every_generator_reaches_success_and_failure() {
        use precompile::{precompiles, Fork};
        let pool = Pool::new(11, 4);
        for p in precompiles(Fork::Osaka).iter() {
            let (mut ok, mut failed) = (0, 0);
            for i in 0..160 {
                let input = generate(p.id(), &mut case_rng(11, p.number(), i), &pool);
                let price = p.required_gas(&input);
                if price > EXPENSIVE_GAS {
                    continue;
                }
                // ECRECOVER and P256VERIFY reject a signature with an empty success.
                match p.run(&input, price) {
                    Ok(out) if !out.bytes.is_empty() => ok += 1,
                    _ => failed += 1,
                }
            }
            // The hashes and IDENTITY have no failure but lack of gas.
            let can_fail = !(0x02..=0x04).contains(&p.number());
            assert!(
                ok >= 12 && (failed >= 12 || !can_fail),
                "{p:?}: {ok} succeeded, {failed} failed"
            );
        }
    }

    /// The cofactor families: every point has the prime order it claims (so lies outside the
    /// subgroup), the ADD precompiles double it and cancel it like arkworks (no subgroup check
    /// there), and the MSM and pairing precompiles reject it, alone or plus a valid point, with
    /// their subgroup error.
    #[test]
    fn cofactor_points_reach_the_subgroup_checks() {
        use ark_ec::{AffineRepr, CurveGroup};
        use precompile::{bls12_381 as bls, Group as G, PrecompileError as E};
        let pool = Pool::new(3, 2);
        let (b, n) = (pool.bls12_381(), pool.bn254());
        // Each point on its curve, outside the subgroup, of the order of its factor.
        macro_rules! check_orders {
            ($points:expr, $factors:expr) => {
                for (t, &(q, _)) in $points.iter().zip($factors.iter()) {
                    assert!(t.is_on_curve() && !t.is_in_correct_subgroup_assuming_on_curve());
                    assert!(t.mul_bigint([q]).into_affine().is_zero());
                }
            };
        }
        check_orders!(b.g1.small_order, bls12_381::G1_COFACTOR_FACTORS);
        check_orders!(b.g2.small_order, bls12_381::G2_COFACTOR_FACTORS);
        check_orders!(n.g2.small_order, bn254::G2_COFACTOR_FACTORS);
        assert_eq!(b.g1.small_order.len(), 5);
        assert_eq!(b.g2.small_order.len(), 6);
        assert_eq!(n.g2.small_order.len(), 4);
        let scalar = word(1);
        let mut rng = Rng::new(9);
        // ADD doubles and cancels (no subgroup check there); MSM rejects: each point alone or
        // plus a valid point.
        macro_rules! check_add_and_msm {
            ($group:expr, $add:expr, $msm:expr, $g:expr) => {
                for t in &$group.small_order {
                    let t = if rng.percent(50) {
                        *t
                    } else {
                        (*t + $group.valid(&mut rng)).into_affine()
                    };
                    let (e, neg) = ($group.enc(&t), $group.enc(&-t));
                    let run = |x: &[u8]| $add.run(x, 1 << 20).map(|o| o.bytes);
                    let doubled = $group.enc(&(t + t).into_affine());
                    assert_eq!(run(&[e.clone(), e.clone()].concat()), Ok(doubled));
                    assert_eq!(run(&[e.clone(), neg].concat()), Ok(vec![0; e.len()]));
                    let msm = [e, scalar.to_vec()].concat();
                    let err = Err(E::BlsPointNotInSubgroup($g));
                    assert_eq!($msm.run(&msm, 1 << 22), err);
                }
            };
        }
        check_add_and_msm!(b.g1, bls::g1_add::PRAGUE, bls::g1_msm::PRAGUE, G::G1);
        check_add_and_msm!(b.g2, bls::g2_add::PRAGUE, bls::g2_msm::PRAGUE, G::G2);
        for t in &n.g2.small_order {
            let t = if rng.percent(50) {
                *t
            } else {
                (*t + n.g2.valid(&mut rng)).into_affine()
            };
            let pairing = [n.g1.enc(&n.g1.valid(&mut rng)), n.g2.enc(&t)].concat();
            assert_eq!(
                precompile::bn254::pairing::ISTANBUL.run(&pairing, 1 << 22),
                Err(E::Bn254G2NotInSubgroup)
            );
        }
    }

    #[test]
    fn small_integer_helpers() {
        assert_eq!(add_small(&[0x00, 0xff], 1), [0x01, 0x00]);
        assert_eq!(sub_small(&[0x01, 0x00], 1), [0x00, 0xff]);
        assert_eq!(sub_be(&[0x01, 0x00], &[0x00, 0x01]), [0x00, 0xff]);
        assert_eq!(lpad(&[1], 3), [0, 0, 1]);
        let mut rng = Rng::new(1);
        for _ in 0..100 {
            assert!(below(&mut rng, &[0x01, 0x05]).as_slice() < [0x01, 0x05].as_slice());
        }
    }

    #[test]
    fn gas_limits_cover_both_sides_of_the_price() {
        let mut rng = Rng::new(3);
        let limits: Vec<u64> = (0..200).map(|_| gas_limit(&mut rng, 1000)).collect();
        assert!(limits.contains(&1000) && limits.contains(&999) && limits.contains(&MAX_LIMIT));
        assert!(limits.iter().any(|&l| l < 999));
        assert!((0..100).all(|_| gas_limit(&mut rng, EXPENSIVE_GAS + 5) < EXPENSIVE_GAS + 5));
    }
}
