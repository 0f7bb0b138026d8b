//! 0x0e BLS12_G2MSM (EIP-2537): a multi-scalar multiplication in G2, priced with a discount per
//! number of pairs.

use super::msm::{self, Backend};
use super::{msm_gas, G2_LEN, LIBRARY, SCALAR_LEN};
use crate::{InputRule, PrecompileId};
use crate::{LengthRule, Library, Precompile, PrecompileResult};
use blst::blst_p2_affine;

/// Price of one G2 multiplication, the base of the G2MSM rule.
pub const MUL_GAS: u64 = 22_500;
/// Length of one (point, scalar) pair.
pub const PAIR_LEN: usize = G2_LEN + SCALAR_LEN;
/// The input lengths G2MSM accepts: one pair or more.
pub const INPUT_RULE: InputRule =
    LengthRule::NonEmptyMultipleOf(PAIR_LEN).of(PrecompileId::BlsG2Msm);
/// The discount above 128 pairs.
pub const MAX_DISCOUNT: u16 = 524;

/// EIP-2537 discount for `k = 1..=128` pairs (index `k - 1`); 524 for more pairs.
pub const DISCOUNT: [u16; 128] = [
    1000, 1000, 923, 884, 855, 832, 812, 796, 782, 770, 759, 749, 740, 732, 724, 717, 711, 704,
    699, 693, 688, 683, 679, 674, 670, 666, 663, 659, 655, 652, 649, 646, 643, 640, 637, 634, 632,
    629, 627, 624, 622, 620, 618, 615, 613, 611, 609, 607, 606, 604, 602, 600, 598, 597, 595, 593,
    592, 590, 589, 587, 586, 584, 583, 582, 580, 579, 578, 576, 575, 574, 573, 571, 570, 569, 568,
    567, 566, 565, 563, 562, 561, 560, 559, 558, 557, 556, 555, 554, 553, 552, 552, 551, 550, 549,
    548, 547, 546, 545, 545, 544, 543, 542, 541, 541, 540, 539, 538, 537, 537, 536, 535, 535, 534,
    533, 532, 532, 531, 530, 530, 529, 528, 528, 527, 526, 526, 525, 524, 524,
];

/// G2MSM gas: [`msm_gas`] with `k = len / 288`, 22500 per multiplication and [`DISCOUNT`]
/// (524 above 128 pairs). A length that is not a positive multiple of 288 is still priced this
/// way; the call then fails.
pub fn gas(input: &[u8]) -> u64 {
    msm_gas(input.len() / PAIR_LEN, MUL_GAS, &DISCOUNT, MAX_DISCOUNT)
}

/// Runs G2MSM: `sum s_i * P_i` over the `k = len / 288` (point, scalar) pairs, as a 256-byte
/// point. Gas ([`gas`]) is charged first. Errors: `OutOfGas`, `InvalidInputLength`
/// ([`INPUT_RULE`]), `BlsInvalidFieldPadding`, `BlsFieldElementOutOfRange`,
/// `BlsPointNotOnCurve(G2)`, `BlsPointNotInSubgroup(G2)` (every point is checked, even with a
/// zero scalar).
pub fn run(input: &[u8], gas_limit: u64) -> PrecompileResult {
    run_with(input, gas_limit, Backend::Default)
}

/// [`run`] with the MSM of `backend`.
fn run_with(input: &[u8], gas_limit: u64, backend: Backend) -> PrecompileResult {
    msm::run::<blst_p2_affine>(input, gas_limit, gas(input), INPUT_RULE, backend)
}

/// BLS12_G2MSM (`0x0e`), since Prague. The MSM is ours for the term counts of the one
/// routing rule (`msm::MsmPoint::OURS`, where ours measured faster), blst's otherwise.
pub const PRAGUE: Precompile = Precompile::new(
    PrecompileId::BlsG2Msm,
    Library::CurvesOrBlstByTerms,
    gas,
    run,
);

/// The library of [`run_ours`] (its first word, `curves`, names the backend in the gas report).
pub const OURS_LIBRARY: Library = Library::CurvesBlstDecoding;

/// Runs G2MSM with the multi-scalar multiplication always on our own arithmetic
/// (`curves::bls12_381::msm`; blst still decodes, checks the points and encodes the result):
/// the same result, gas and errors as [`run`], in the same order. Variable time: the inputs
/// are public.
pub fn run_ours(input: &[u8], gas_limit: u64) -> PrecompileResult {
    run_with(input, gas_limit, Backend::Ours)
}

/// BLS12_G2MSM always on our own arithmetic ([`run_ours`]): an alternative backend.
pub const PRAGUE_OURS: Precompile =
    Precompile::new(PrecompileId::BlsG2Msm, OURS_LIBRARY, gas, run_ours);

/// Runs G2MSM with the multi-scalar multiplication always blst's: [`run`] without the
/// routing, for the benches that set the rule.
pub fn run_blst(input: &[u8], gas_limit: u64) -> PrecompileResult {
    run_with(input, gas_limit, Backend::Blst)
}

/// BLS12_G2MSM always on blst ([`run_blst`]); not in the backend list (its library is the
/// default's).
pub const PRAGUE_BLST: Precompile = Precompile::new(PrecompileId::BlsG2Msm, LIBRARY, gas, run_blst);
