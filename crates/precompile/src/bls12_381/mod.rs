//! BLS12-381 precompiles of EIP-2537 (Prague), `0x0b` to `0x11`, on `blst`.
//!
//! Encodings (big-endian):
//! - a base-field element is 64 bytes: 16 zero bytes, then the 48-byte value, which must be
//!   below p (`BlsInvalidFieldPadding` / `BlsFieldElementOutOfRange` otherwise);
//! - an Fp2 element `c0 + c1 * u` is `c0 || c1` (128 bytes);
//! - a G1 point is `x || y` (128 bytes), a G2 point `x || y` over Fp2 (256 bytes); all zeros is
//!   the point at infinity; any other point must be on the curve (`BlsPointNotOnCurve`);
//! - a scalar is 32 bytes, used as a 256-bit integer (not required to be below r).
//!
//! G1ADD and G2ADD do not check subgroup membership; the MSMs and the pairing check do
//! (`BlsPointNotInSubgroup`). Every length other than the ones specified is
//! `InvalidInputLength` (including empty MSM and pairing inputs).

use crate::{charge, Precompile, PrecompileError, PrecompileOutput, PrecompileResult};
use blst::{blst_fp, blst_fp2, blst_p1_affine, blst_p2_affine};

mod blst_ffi;

/// Length of an encoded base-field element.
pub const FP_LEN: usize = 64;
/// Length of an encoded G1 point.
pub const G1_LEN: usize = 128;
/// Length of an encoded G2 point.
pub const G2_LEN: usize = 256;
/// Length of an encoded scalar.
pub const SCALAR_LEN: usize = 32;
/// Length of one G1MSM pair (point and scalar).
pub const G1_MSM_PAIR_LEN: usize = G1_LEN + SCALAR_LEN;
/// Length of one G2MSM pair (point and scalar).
pub const G2_MSM_PAIR_LEN: usize = G2_LEN + SCALAR_LEN;
/// Length of one pairing-check pair (G1 and G2 points).
pub const PAIRING_PAIR_LEN: usize = G1_LEN + G2_LEN;

/// G1ADD price.
pub const G1_ADD_GAS: u64 = 375;
/// G2ADD price.
pub const G2_ADD_GAS: u64 = 600;
/// Price of one G1 multiplication, the base of the G1MSM rule.
pub const G1_MUL_GAS: u64 = 12_000;
/// Price of one G2 multiplication, the base of the G2MSM rule.
pub const G2_MUL_GAS: u64 = 22_500;
/// Divisor of the MSM discount tables.
pub const MSM_MULTIPLIER: u64 = 1_000;
/// PAIRING_CHECK price per pair.
pub const PAIRING_PER_PAIR_GAS: u64 = 32_600;
/// PAIRING_CHECK base price.
pub const PAIRING_BASE_GAS: u64 = 37_700;
/// MAP_FP_TO_G1 price.
pub const MAP_FP_TO_G1_GAS: u64 = 5_500;
/// MAP_FP2_TO_G2 price.
pub const MAP_FP2_TO_G2_GAS: u64 = 23_800;

/// EIP-2537 G1MSM discount for `k = 1..=128` pairs (index `k - 1`); 519 for more pairs.
pub const G1_MSM_DISCOUNT: [u16; 128] = [
    1000, 949, 848, 797, 764, 750, 738, 728, 719, 712, 705, 698, 692, 687, 682, 677, 673, 669, 665,
    661, 658, 654, 651, 648, 645, 642, 640, 637, 635, 632, 630, 627, 625, 623, 621, 619, 617, 615,
    613, 611, 609, 608, 606, 604, 603, 601, 599, 598, 596, 595, 593, 592, 591, 589, 588, 586, 585,
    584, 582, 581, 580, 579, 577, 576, 575, 574, 573, 572, 570, 569, 568, 567, 566, 565, 564, 563,
    562, 561, 560, 559, 558, 557, 556, 555, 554, 553, 552, 551, 550, 549, 548, 547, 547, 546, 545,
    544, 543, 542, 541, 540, 540, 539, 538, 537, 536, 536, 535, 534, 533, 532, 532, 531, 530, 529,
    528, 528, 527, 526, 525, 525, 524, 523, 522, 522, 521, 520, 520, 519,
];
/// EIP-2537 G2MSM discount for `k = 1..=128` pairs (index `k - 1`); 524 for more pairs.
pub const G2_MSM_DISCOUNT: [u16; 128] = [
    1000, 1000, 923, 884, 855, 832, 812, 796, 782, 770, 759, 749, 740, 732, 724, 717, 711, 704,
    699, 693, 688, 683, 679, 674, 670, 666, 663, 659, 655, 652, 649, 646, 643, 640, 637, 634, 632,
    629, 627, 624, 622, 620, 618, 615, 613, 611, 609, 607, 606, 604, 602, 600, 598, 597, 595, 593,
    592, 590, 589, 587, 586, 584, 583, 582, 580, 579, 578, 576, 575, 574, 573, 571, 570, 569, 568,
    567, 566, 565, 563, 562, 561, 560, 559, 558, 557, 556, 555, 554, 553, 552, 552, 551, 550, 549,
    548, 547, 546, 545, 545, 544, 543, 542, 541, 541, 540, 539, 538, 537, 537, 536, 535, 535, 534,
    533, 532, 532, 531, 530, 530, 529, 528, 528, 527, 526, 526, 525, 524, 524,
];

/// BLS12_G1ADD (`0x0b`).
pub const G1_ADD: Precompile = Precompile::new(0x0b, "BLS12_G1ADD", g1_add_gas, g1_add_run);
/// BLS12_G1MSM (`0x0c`).
pub const G1_MSM: Precompile = Precompile::new(0x0c, "BLS12_G1MSM", g1_msm_gas, g1_msm_run);
/// BLS12_G2ADD (`0x0d`).
pub const G2_ADD: Precompile = Precompile::new(0x0d, "BLS12_G2ADD", g2_add_gas, g2_add_run);
/// BLS12_G2MSM (`0x0e`).
pub const G2_MSM: Precompile = Precompile::new(0x0e, "BLS12_G2MSM", g2_msm_gas, g2_msm_run);
/// BLS12_PAIRING_CHECK (`0x0f`).
pub const PAIRING_CHECK: Precompile =
    Precompile::new(0x0f, "BLS12_PAIRING_CHECK", pairing_gas, pairing_run);
/// BLS12_MAP_FP_TO_G1 (`0x10`).
pub const MAP_FP_TO_G1: Precompile = Precompile::new(
    0x10,
    "BLS12_MAP_FP_TO_G1",
    map_fp_to_g1_gas,
    map_fp_to_g1_run,
);
/// BLS12_MAP_FP2_TO_G2 (`0x11`).
pub const MAP_FP2_TO_G2: Precompile = Precompile::new(
    0x11,
    "BLS12_MAP_FP2_TO_G2",
    map_fp2_to_g2_gas,
    map_fp2_to_g2_run,
);

/// G1ADD gas: 375 whatever the input.
pub fn g1_add_gas(_input: &[u8]) -> u64 {
    G1_ADD_GAS
}

/// G2ADD gas: 600 whatever the input.
pub fn g2_add_gas(_input: &[u8]) -> u64 {
    G2_ADD_GAS
}

/// MAP_FP_TO_G1 gas: 5500 whatever the input.
pub fn map_fp_to_g1_gas(_input: &[u8]) -> u64 {
    MAP_FP_TO_G1_GAS
}

/// MAP_FP2_TO_G2 gas: 23800 whatever the input.
pub fn map_fp2_to_g2_gas(_input: &[u8]) -> u64 {
    MAP_FP2_TO_G2_GAS
}

/// The EIP-2537 MSM price for `k` pairs: `k * mul_gas * discount(k) / 1000`, where
/// `discount(k)` is `table[k - 1]` for `k <= 128` and `max_discount` above; 0 for `k = 0`.
/// Saturates at `u64::MAX`.
pub fn msm_gas(k: usize, mul_gas: u64, table: &[u16; 128], max_discount: u16) -> u64 {
    if k == 0 {
        return 0;
    }
    let discount = table.get(k - 1).copied().unwrap_or(max_discount) as u128;
    let gas = (k as u128) * (mul_gas as u128) * discount / (MSM_MULTIPLIER as u128);
    u64::try_from(gas).unwrap_or(u64::MAX)
}

/// G1MSM gas: [`msm_gas`] with `k = len / 160`, 12000 per multiplication and the G1 table
/// (maximum discount 519). A length that is not a positive multiple of 160 is still priced
/// this way; the call then fails.
pub fn g1_msm_gas(input: &[u8]) -> u64 {
    msm_gas(
        input.len() / G1_MSM_PAIR_LEN,
        G1_MUL_GAS,
        &G1_MSM_DISCOUNT,
        519,
    )
}

/// G2MSM gas: [`msm_gas`] with `k = len / 288`, 22500 per multiplication and the G2 table
/// (maximum discount 524). Bad lengths are priced this way too.
pub fn g2_msm_gas(input: &[u8]) -> u64 {
    msm_gas(
        input.len() / G2_MSM_PAIR_LEN,
        G2_MUL_GAS,
        &G2_MSM_DISCOUNT,
        524,
    )
}

/// PAIRING_CHECK gas: `32600 * k + 37700` with `k = len / 384` (saturating). Bad lengths are
/// priced this way too.
pub fn pairing_gas(input: &[u8]) -> u64 {
    let k = (input.len() / PAIRING_PAIR_LEN) as u64;
    PAIRING_PER_PAIR_GAS
        .saturating_mul(k)
        .saturating_add(PAIRING_BASE_GAS)
}

// ---------------------------------------------------------------------------------------------
// Decoding and encoding.

/// Decodes a 64-byte padded field element.
#[inline]
fn read_fp(b: &[u8]) -> Result<blst_fp, PrecompileError> {
    let (pad, value) = b.split_at(FP_LEN - 48);
    if pad.iter().any(|&x| x != 0) {
        return Err(PrecompileError::BlsInvalidFieldPadding);
    }
    blst_ffi::fp_from_be(value.try_into().expect("48 bytes"))
        .ok_or(PrecompileError::BlsFieldElementOutOfRange)
}

/// Decodes a 128-byte Fp2 element `c0 || c1`.
#[inline]
fn read_fp2(b: &[u8]) -> Result<blst_fp2, PrecompileError> {
    Ok(blst_fp2 {
        fp: [read_fp(&b[..FP_LEN])?, read_fp(&b[FP_LEN..2 * FP_LEN])?],
    })
}

/// Decodes a 128-byte G1 point: coordinates valid, on the curve or all-zero infinity, and in
/// the subgroup when `subgroup` is set.
#[inline]
fn read_g1(b: &[u8], subgroup: bool) -> Result<blst_p1_affine, PrecompileError> {
    let p = blst_p1_affine {
        x: read_fp(&b[..FP_LEN])?,
        y: read_fp(&b[FP_LEN..G1_LEN])?,
    };
    if b[..G1_LEN].iter().all(|&x| x == 0) {
        return Ok(p);
    }
    if !blst_ffi::p1_on_curve(&p) {
        return Err(PrecompileError::BlsPointNotOnCurve);
    }
    if subgroup && !blst_ffi::p1_in_g1(&p) {
        return Err(PrecompileError::BlsPointNotInSubgroup);
    }
    Ok(p)
}

/// Decodes a 256-byte G2 point; as [`read_g1`].
#[inline]
fn read_g2(b: &[u8], subgroup: bool) -> Result<blst_p2_affine, PrecompileError> {
    let p = blst_p2_affine {
        x: read_fp2(&b[..2 * FP_LEN])?,
        y: read_fp2(&b[2 * FP_LEN..G2_LEN])?,
    };
    if b[..G2_LEN].iter().all(|&x| x == 0) {
        return Ok(p);
    }
    if !blst_ffi::p2_on_curve(&p) {
        return Err(PrecompileError::BlsPointNotOnCurve);
    }
    if subgroup && !blst_ffi::p2_in_g2(&p) {
        return Err(PrecompileError::BlsPointNotInSubgroup);
    }
    Ok(p)
}

#[inline]
fn write_fp(fp: &blst_fp, out: &mut [u8]) {
    out[FP_LEN - 48..FP_LEN].copy_from_slice(&blst_ffi::fp_to_be(fp));
}

fn write_g1(p: &blst_p1_affine) -> Vec<u8> {
    let mut out = vec![0u8; G1_LEN];
    write_fp(&p.x, &mut out[..FP_LEN]);
    write_fp(&p.y, &mut out[FP_LEN..]);
    out
}

fn write_g2(p: &blst_p2_affine) -> Vec<u8> {
    let mut out = vec![0u8; G2_LEN];
    for (i, fp) in [&p.x.fp[0], &p.x.fp[1], &p.y.fp[0], &p.y.fp[1]]
        .into_iter()
        .enumerate()
    {
        write_fp(fp, &mut out[i * FP_LEN..(i + 1) * FP_LEN]);
    }
    out
}

/// A big-endian 32-byte scalar as the little-endian bytes blst reads.
#[inline]
fn scalar_le(b: &[u8]) -> [u8; 32] {
    let mut s: [u8; 32] = b.try_into().expect("32 bytes");
    s.reverse();
    s
}

#[inline]
fn is_zero(b: &[u8]) -> bool {
    b.iter().all(|&x| x == 0)
}

#[inline]
fn check_len(input: &[u8], len: usize) -> Result<(), PrecompileError> {
    if input.len() == len {
        Ok(())
    } else {
        Err(PrecompileError::InvalidInputLength { got: input.len() })
    }
}

#[inline]
fn check_multiple(input: &[u8], unit: usize) -> Result<(), PrecompileError> {
    if !input.is_empty() && input.len().is_multiple_of(unit) {
        Ok(())
    } else {
        Err(PrecompileError::InvalidInputLength { got: input.len() })
    }
}

// ---------------------------------------------------------------------------------------------
// The precompiles.

/// Runs G1ADD: the 128-byte sum of the two G1 points of a 256-byte input (no subgroup check).
/// Errors: `OutOfGas` (below 375), `InvalidInputLength`, `BlsInvalidFieldPadding`,
/// `BlsFieldElementOutOfRange`, `BlsPointNotOnCurve`.
pub fn g1_add_run(input: &[u8], gas_limit: u64) -> PrecompileResult {
    let gas_used = charge(G1_ADD_GAS, gas_limit)?;
    check_len(input, 2 * G1_LEN)?;
    let a = read_g1(&input[..G1_LEN], false)?;
    let b = read_g1(&input[G1_LEN..], false)?;
    Ok(PrecompileOutput::new(
        gas_used,
        write_g1(&blst_ffi::p1_add(&a, &b)),
    ))
}

/// Runs G2ADD: the 256-byte sum of the two G2 points of a 512-byte input (no subgroup check).
/// Errors as [`g1_add_run`] (gas 600).
pub fn g2_add_run(input: &[u8], gas_limit: u64) -> PrecompileResult {
    let gas_used = charge(G2_ADD_GAS, gas_limit)?;
    check_len(input, 2 * G2_LEN)?;
    let a = read_g2(&input[..G2_LEN], false)?;
    let b = read_g2(&input[G2_LEN..], false)?;
    Ok(PrecompileOutput::new(
        gas_used,
        write_g2(&blst_ffi::p2_add(&a, &b)),
    ))
}

/// Runs G1MSM: `sum s_i * P_i` over the `k = len / 160` (point, scalar) pairs, as a 128-byte
/// point. Gas ([`g1_msm_gas`]) is charged first. Errors: `OutOfGas`, `InvalidInputLength`
/// (empty or not a multiple of 160), `BlsInvalidFieldPadding`, `BlsFieldElementOutOfRange`,
/// `BlsPointNotOnCurve`, `BlsPointNotInSubgroup` (every point is checked, even with a zero
/// scalar).
pub fn g1_msm_run(input: &[u8], gas_limit: u64) -> PrecompileResult {
    let gas_used = charge(g1_msm_gas(input), gas_limit)?;
    check_multiple(input, G1_MSM_PAIR_LEN)?;
    let k = input.len() / G1_MSM_PAIR_LEN;
    let mut points = Vec::with_capacity(k);
    let mut scalars = Vec::with_capacity(k);
    for pair in input.chunks_exact(G1_MSM_PAIR_LEN) {
        let p = read_g1(&pair[..G1_LEN], true)?;
        let s = &pair[G1_LEN..];
        // Infinity points and zero scalars add nothing.
        if !is_zero(&pair[..G1_LEN]) && !is_zero(s) {
            points.push(p);
            scalars.push(scalar_le(s));
        }
    }
    Ok(PrecompileOutput::new(
        gas_used,
        write_g1(&blst_ffi::p1_msm(&points, &scalars)),
    ))
}

/// Runs G2MSM: `sum s_i * Q_i` over the `k = len / 288` pairs, as a 256-byte point. Gas
/// ([`g2_msm_gas`]) is charged first. Errors as [`g1_msm_run`].
pub fn g2_msm_run(input: &[u8], gas_limit: u64) -> PrecompileResult {
    let gas_used = charge(g2_msm_gas(input), gas_limit)?;
    check_multiple(input, G2_MSM_PAIR_LEN)?;
    let k = input.len() / G2_MSM_PAIR_LEN;
    let mut points = Vec::with_capacity(k);
    let mut scalars = Vec::with_capacity(k);
    for pair in input.chunks_exact(G2_MSM_PAIR_LEN) {
        let p = read_g2(&pair[..G2_LEN], true)?;
        let s = &pair[G2_LEN..];
        if !is_zero(&pair[..G2_LEN]) && !is_zero(s) {
            points.push(p);
            scalars.push(scalar_le(s));
        }
    }
    Ok(PrecompileOutput::new(
        gas_used,
        write_g2(&blst_ffi::p2_msm(&points, &scalars)),
    ))
}

/// Runs PAIRING_CHECK: the 32-byte word 1 when `prod e(P_i, Q_i) == 1` over the `k = len / 384`
/// (G1, G2) pairs, else 0. Gas ([`pairing_gas`]) is charged first. Every point is validated
/// (subgroup included); pairs with a point at infinity are then skipped. Errors: `OutOfGas`,
/// `InvalidInputLength` (empty or not a multiple of 384), `BlsInvalidFieldPadding`,
/// `BlsFieldElementOutOfRange`, `BlsPointNotOnCurve`, `BlsPointNotInSubgroup`.
pub fn pairing_run(input: &[u8], gas_limit: u64) -> PrecompileResult {
    let gas_used = charge(pairing_gas(input), gas_limit)?;
    check_multiple(input, PAIRING_PAIR_LEN)?;
    let k = input.len() / PAIRING_PAIR_LEN;
    let mut g1 = Vec::with_capacity(k);
    let mut g2 = Vec::with_capacity(k);
    for pair in input.chunks_exact(PAIRING_PAIR_LEN) {
        let p = read_g1(&pair[..G1_LEN], true)?;
        let q = read_g2(&pair[G1_LEN..], true)?;
        if !is_zero(&pair[..G1_LEN]) && !is_zero(&pair[G1_LEN..]) {
            g1.push(p);
            g2.push(q);
        }
    }
    let mut out = vec![0u8; 32];
    out[31] = blst_ffi::pairing_is_one(&g1, &g2) as u8;
    Ok(PrecompileOutput::new(gas_used, out))
}

/// Runs MAP_FP_TO_G1: the 128-byte G1 point that the simplified-SWU map (with the 11-isogeny
/// and cofactor clearing, no hashing) gives for the 64-byte field element input. Errors:
/// `OutOfGas` (below 5500), `InvalidInputLength` (not 64 bytes), `BlsInvalidFieldPadding`,
/// `BlsFieldElementOutOfRange`.
pub fn map_fp_to_g1_run(input: &[u8], gas_limit: u64) -> PrecompileResult {
    let gas_used = charge(MAP_FP_TO_G1_GAS, gas_limit)?;
    check_len(input, FP_LEN)?;
    let u = read_fp(input)?;
    Ok(PrecompileOutput::new(
        gas_used,
        write_g1(&blst_ffi::map_fp_to_g1(&u)),
    ))
}

/// Runs MAP_FP2_TO_G2: the 256-byte G2 point for the 128-byte Fp2 element input (SWU map,
/// 3-isogeny, cofactor clearing). Errors as [`map_fp_to_g1_run`] (gas 23800, length 128).
pub fn map_fp2_to_g2_run(input: &[u8], gas_limit: u64) -> PrecompileResult {
    let gas_used = charge(MAP_FP2_TO_G2_GAS, gas_limit)?;
    check_len(input, 2 * FP_LEN)?;
    let u = read_fp2(input)?;
    Ok(PrecompileOutput::new(
        gas_used,
        write_g2(&blst_ffi::map_fp2_to_g2(&u)),
    ))
}

#[cfg(test)]
mod tests;
