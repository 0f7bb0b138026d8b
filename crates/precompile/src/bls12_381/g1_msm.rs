//! 0x0c BLS12_G1MSM (EIP-2537): a multi-scalar multiplication in G1, priced with a discount per
//! number of pairs.

use super::msm::{self, Backend};
use super::{msm_gas, G1_LEN, LIBRARY, SCALAR_LEN};
use crate::{InputRule, PrecompileId};
use crate::{LengthRule, Library, Precompile, PrecompileResult};
use blst::blst_p1_affine;

/// Price of one G1 multiplication, the base of the G1MSM rule.
pub const MUL_GAS: u64 = 12_000;
/// Length of one (point, scalar) pair.
pub const PAIR_LEN: usize = G1_LEN + SCALAR_LEN;
/// The input lengths G1MSM accepts: one pair or more.
pub const INPUT_RULE: InputRule =
    LengthRule::NonEmptyMultipleOf(PAIR_LEN).of(PrecompileId::BlsG1Msm);
/// The discount above 128 pairs.
pub const MAX_DISCOUNT: u16 = 519;

/// EIP-2537 discount for `k = 1..=128` pairs (index `k - 1`); 519 for more pairs.
pub const DISCOUNT: [u16; 128] = [
    1000, 949, 848, 797, 764, 750, 738, 728, 719, 712, 705, 698, 692, 687, 682, 677, 673, 669, 665,
    661, 658, 654, 651, 648, 645, 642, 640, 637, 635, 632, 630, 627, 625, 623, 621, 619, 617, 615,
    613, 611, 609, 608, 606, 604, 603, 601, 599, 598, 596, 595, 593, 592, 591, 589, 588, 586, 585,
    584, 582, 581, 580, 579, 577, 576, 575, 574, 573, 572, 570, 569, 568, 567, 566, 565, 564, 563,
    562, 561, 560, 559, 558, 557, 556, 555, 554, 553, 552, 551, 550, 549, 548, 547, 547, 546, 545,
    544, 543, 542, 541, 540, 540, 539, 538, 537, 536, 536, 535, 534, 533, 532, 532, 531, 530, 529,
    528, 528, 527, 526, 525, 525, 524, 523, 522, 522, 521, 520, 520, 519,
];

/// G1MSM gas: [`msm_gas`] with `k = len / 160`, 12000 per multiplication and [`DISCOUNT`]
/// (519 above 128 pairs). A length that is not a positive multiple of 160 is still priced this
/// way; the call then fails.
pub fn gas(input: &[u8]) -> u64 {
    msm_gas(input.len() / PAIR_LEN, MUL_GAS, &DISCOUNT, MAX_DISCOUNT)
}

/// Runs G1MSM: `sum s_i * P_i` over the `k = len / 160` (point, scalar) pairs, as a 128-byte
/// point. Gas ([`gas`]) is charged first. Errors: `OutOfGas`, `InvalidInputLength`
/// ([`INPUT_RULE`]), `BlsInvalidFieldPadding`, `BlsFieldElementOutOfRange`,
/// `BlsPointNotOnCurve(G1)`, `BlsPointNotInSubgroup(G1)` (every point is checked, even with a
/// zero scalar).
pub fn run(input: &[u8], gas_limit: u64) -> PrecompileResult {
    run_with(input, gas_limit, Backend::Default)
}

/// [`run`] with the MSM of `backend`.
fn run_with(input: &[u8], gas_limit: u64, backend: Backend) -> PrecompileResult {
    msm::run::<blst_p1_affine>(input, gas_limit, gas(input), INPUT_RULE, backend)
}

/// BLS12_G1MSM (`0x0c`), since Prague. The MSM is ours for the term counts of the one
/// routing rule (`msm::MsmPoint::OURS`, where ours measured faster), blst's otherwise.
pub const PRAGUE: Precompile = Precompile::new(
    PrecompileId::BlsG1Msm,
    Library::CurvesOrBlstByTerms,
    gas,
    run,
);

/// The library of [`run_ours`] (its first word, `curves`, names the backend in the gas report).
pub const OURS_LIBRARY: Library = Library::CurvesBlstDecoding;

/// Runs G1MSM with the multi-scalar multiplication always on our own arithmetic
/// (`curves::bls12_381::msm`; blst still decodes, checks the points and encodes the result):
/// the same result, gas and errors as [`run`], in the same order. Variable time: the inputs
/// are public.
pub fn run_ours(input: &[u8], gas_limit: u64) -> PrecompileResult {
    run_with(input, gas_limit, Backend::Ours)
}

/// BLS12_G1MSM always on our own arithmetic ([`run_ours`]): an alternative backend.
pub const PRAGUE_OURS: Precompile =
    Precompile::new(PrecompileId::BlsG1Msm, OURS_LIBRARY, gas, run_ours);

/// Runs G1MSM with the multi-scalar multiplication always blst's: [`run`] without the
/// routing, for the benches that set the rule.
pub fn run_blst(input: &[u8], gas_limit: u64) -> PrecompileResult {
    run_with(input, gas_limit, Backend::Blst)
}

/// BLS12_G1MSM always on blst ([`run_blst`]); not in the backend list (its library is the
/// default's).
pub const PRAGUE_BLST: Precompile = Precompile::new(PrecompileId::BlsG1Msm, LIBRARY, gas, run_blst);
