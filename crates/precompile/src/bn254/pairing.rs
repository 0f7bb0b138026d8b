//! 0x08 ECPAIRING (EIP-197): whether the product of the pairings of `(G1, G2)` pairs is one,
//! at the Byzantium price (100000 + 80000 per pair) and the Istanbul one (45000 + 34000 per
//! pair, EIP-1108).
//!
//! The default check, [`pairing_check`], runs on our own tower, optimal ate multi-Miller loop
//! (`curves::bn254::miller`) and final exponentiation (`curves::bn254::final_exp`);
//! `bn254::arkworks::pairing_check` is the same check on ark-bn254. Variable time: the inputs of a
//! precompile are public.

use super::codec::{decode_g1, decode_g2};
use super::{G1_LEN, G2_LEN, LIBRARY};
use crate::encoding::bool_word;
use crate::{charge, LengthRule, Precompile, PrecompileError, PrecompileOutput, PrecompileResult};
use crate::{InputRule, PrecompileId};
use alloc::vec::Vec;
use curves::bn254::final_exp::final_exponentiation;
use curves::bn254::miller::{multi_miller_loop, MillerPair};

/// Length of one pair: a G1 point (64 bytes) and a G2 point (128 bytes).
pub const PAIR_LEN: usize = G1_LEN + G2_LEN;
/// The input lengths ECPAIRING accepts: any number of pairs, none included.
pub const INPUT_RULE: InputRule = LengthRule::MultipleOf(PAIR_LEN).of(PrecompileId::Bn254Pairing);
/// Base price before Istanbul (EIP-197).
pub const BASE_GAS_BYZANTIUM: u64 = 100_000;
/// Price per pair before Istanbul (EIP-197).
pub const PER_PAIR_GAS_BYZANTIUM: u64 = 80_000;
/// Base price from Istanbul (EIP-1108).
pub const BASE_GAS_ISTANBUL: u64 = 45_000;
/// Price per pair from Istanbul (EIP-1108).
pub const PER_PAIR_GAS_ISTANBUL: u64 = 34_000;

/// The price of an input of `len` bytes: `base + per_pair * (len / 192)`, saturating. A length
/// that is not a multiple of 192 still has this price; the call then fails.
pub const fn gas_with(len: usize, base: u64, per_pair: u64) -> u64 {
    let pairs = (len / PAIR_LEN) as u64;
    base.saturating_add(per_pair.saturating_mul(pairs))
}

/// A backend's pairing check of a whole input (see [`pairing_check`]).
pub type Check = fn(&[u8]) -> Result<bool, PrecompileError>;

/// Decodes one 192-byte pair `G1 || G2`, validating both points (G1 first): `Ok(None)` when
/// either is the point at infinity (its pairing is one), else the pair for the Miller loop.
/// Errors: `Bn254FieldElementOutOfRange`, `Bn254PointNotOnCurve(G1 or G2)`,
/// `Bn254G2NotInSubgroup`.
pub fn decode_pair(pair: &[u8; PAIR_LEN]) -> Result<Option<MillerPair>, PrecompileError> {
    let (g1, g2) = pair.split_at(G1_LEN);
    decode_points(
        g1.try_into().expect("64 bytes"),
        g2.try_into().expect("128 bytes"),
    )
}

/// [`decode_pair`] on a pair given as its two points.
pub fn decode_points(
    g1: &[u8; G1_LEN],
    g2: &[u8; G2_LEN],
) -> Result<Option<MillerPair>, PrecompileError> {
    let p = decode_g1(g1)?;
    let q = decode_g2(g2)?;
    if p.infinity || q.infinity {
        return Ok(None);
    }
    Ok(Some(MillerPair {
        px: p.x,
        py: p.y,
        qx: q.x,
        qy: q.y,
    }))
}

/// ECPAIRING check on our arithmetic: whether `prod e(G1_i, G2_i) == 1` over the 192-byte pairs
/// of `input` (an empty input gives `true`). Every point is validated, pairs with a point at
/// infinity are skipped, then one multi-Miller loop and one final exponentiation. Errors:
/// `InvalidInputLength` (length not a multiple of 192), `Bn254FieldElementOutOfRange`,
/// `Bn254PointNotOnCurve(G1 or G2)`, `Bn254G2NotInSubgroup`; the first invalid point decides.
pub fn pairing_check(input: &[u8]) -> Result<bool, PrecompileError> {
    INPUT_RULE.check(input)?;
    let (pairs, _) = input.as_chunks::<PAIR_LEN>();
    pairing_check_pairs(pairs.iter().map(|pair| {
        let (g1, g2) = pair.split_at(G1_LEN);
        (
            g1.try_into().expect("64 bytes"),
            g2.try_into().expect("128 bytes"),
        )
    }))
}

/// [`pairing_check`] on pairs given as their two points (what revm's
/// `Crypto::bn254_pairing_check` asks for): whether `prod e(G1_i, G2_i) == 1` (`true` for no
/// pairs). Errors as [`pairing_check`], except that there is no length to get wrong.
pub fn pairing_check_pairs<'a>(
    points: impl ExactSizeIterator<Item = (&'a [u8; G1_LEN], &'a [u8; G2_LEN])>,
) -> Result<bool, PrecompileError> {
    let mut pairs = Vec::with_capacity(points.len());
    for (g1, g2) in points {
        if let Some(p) = decode_points(g1, g2)? {
            pairs.push(p);
        }
    }
    if pairs.is_empty() {
        return Ok(true);
    }
    // A Miller loop of valid points is never zero, so the final exponentiation exists.
    Ok(final_exponentiation(&multi_miller_loop(&pairs)).is_some_and(|f| f.is_one()))
}

/// Runs ECPAIRING at price `cost` with the backend `check`: the 32-byte word 1 when the product
/// of the pairings of the `(G1, G2)` pairs of `input` is one (also for empty input), 0
/// otherwise. Errors: `OutOfGas` (checked first), `InvalidInputLength` ([`INPUT_RULE`]),
/// `Bn254FieldElementOutOfRange`, `Bn254PointNotOnCurve(G1 or G2)`, `Bn254G2NotInSubgroup`.
pub fn run_with(input: &[u8], gas_limit: u64, cost: u64, check: Check) -> PrecompileResult {
    let gas_used = charge(cost, gas_limit)?;
    INPUT_RULE.check(input)?;
    let ok = check(input)?;
    Ok(PrecompileOutput::new(gas_used, bool_word(ok).to_vec()))
}

/// ECPAIRING as priced from Byzantium to Petersburg.
pub mod byzantium {
    use super::{gas_with, run_with, BASE_GAS_BYZANTIUM, PER_PAIR_GAS_BYZANTIUM};
    use crate::PrecompileResult;

    /// `100000 + 80000 * (len / 192)` (see [`gas_with`]).
    pub fn gas(input: &[u8]) -> u64 {
        gas_with(input.len(), BASE_GAS_BYZANTIUM, PER_PAIR_GAS_BYZANTIUM)
    }

    /// [`run_with`] at [`gas`] with our [`pairing_check`](super::pairing_check).
    pub fn run(input: &[u8], gas_limit: u64) -> PrecompileResult {
        run_with(input, gas_limit, gas(input), super::pairing_check)
    }
}

/// ECPAIRING as priced from Istanbul on.
pub mod istanbul {
    use super::{gas_with, run_with, BASE_GAS_ISTANBUL, PER_PAIR_GAS_ISTANBUL};
    use crate::PrecompileResult;

    /// `45000 + 34000 * (len / 192)` (see [`gas_with`]).
    pub fn gas(input: &[u8]) -> u64 {
        gas_with(input.len(), BASE_GAS_ISTANBUL, PER_PAIR_GAS_ISTANBUL)
    }

    /// [`run_with`] at [`gas`] with our [`pairing_check`](super::pairing_check).
    pub fn run(input: &[u8], gas_limit: u64) -> PrecompileResult {
        run_with(input, gas_limit, gas(input), super::pairing_check)
    }
}

/// ECPAIRING (`0x08`) at Byzantium prices (100000 + 80000 per pair).
pub const BYZANTIUM: Precompile = Precompile::new(
    PrecompileId::Bn254Pairing,
    LIBRARY,
    byzantium::gas,
    byzantium::run,
);
/// ECPAIRING (`0x08`) at Istanbul prices (45000 + 34000 per pair).
pub const ISTANBUL: Precompile = Precompile::new(
    PrecompileId::Bn254Pairing,
    LIBRARY,
    istanbul::gas,
    istanbul::run,
);
