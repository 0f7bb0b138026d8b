//! The MSM backends of G1MSM and G2MSM, written once over the group: blst's
//! ([`blst_ffi`]'s `p1_msm`/`p2_msm`), ours (`curves::bls12_381::msm` over blst-decoded points)
//! and the default, which routes each call by its number of terms ([`MsmPoint::OURS`], the
//! one place of the rule).
//!
//! Both backends run on one thread below [`blst_ffi::MSM_THREADED_FROM`] terms; from there
//! blst's driver may use its thread pool when more than one CPU is allowed (the gas report pins
//! the process to one CPU). Ours is always single-threaded.

use super::codec::{read_g1, read_g2, write_g1, write_g2};
use super::{blst_ffi, curves_codec, run_msm};
use crate::{InputRule, PrecompileError, PrecompileResult};
use blst::{blst_p1_affine, blst_p2_affine};
use core::ops::RangeInclusive;
use curves::bls12_381::glv::Endo;
use curves::curve::Affine;

/// A decoded point type of an MSM precompile (blst's G1 or G2 affine point) with what both
/// backends need.
pub(crate) trait MsmPoint: Sized + 'static {
    /// Our field of the group's coordinates.
    type Field: Endo;
    /// The term counts (after infinity points and zero scalars are left out) that the default
    /// sends to ours: where ours measured faster than blst in an interleaved same-run bench
    /// (`cargo bench -p evm-arith-precompile --bench bls12_381_ours`; figures in the commit
    /// that set them). blst takes every other count.
    const OURS: RangeInclusive<usize>;
    /// Decodes a point (`subgroup`: also check subgroup membership).
    fn read(b: &[u8], subgroup: bool) -> Result<Self, PrecompileError>;
    /// Encodes a point.
    fn write(p: &Self) -> Vec<u8>;
    /// blst's MSM.
    fn blst(points: &[Self], scalars: &[[u8; 32]]) -> Self;
    /// The point as ours.
    fn to_ours(p: &Self) -> Affine<Self::Field>;
    /// Our point as blst's.
    fn from_ours(p: &Affine<Self::Field>) -> Self;
}

impl MsmPoint for blst_p1_affine {
    type Field = curves::bls12_381::Fp;
    const OURS: RangeInclusive<usize> = 1..=128;
    fn read(b: &[u8], subgroup: bool) -> Result<Self, PrecompileError> {
        read_g1(b, subgroup)
    }
    fn write(p: &Self) -> Vec<u8> {
        write_g1(p)
    }
    fn blst(points: &[Self], scalars: &[[u8; 32]]) -> Self {
        blst_ffi::p1_msm(points, scalars)
    }
    fn to_ours(p: &Self) -> Affine<Self::Field> {
        Affine::new(curves_codec::fp(&p.x), curves_codec::fp(&p.y))
    }
    fn from_ours(p: &Affine<Self::Field>) -> Self {
        curves_codec::g1_to_blst(p)
    }
}

impl MsmPoint for blst_p2_affine {
    type Field = curves::bls12_381::Fp2;
    const OURS: RangeInclusive<usize> = 1..=512;
    fn read(b: &[u8], subgroup: bool) -> Result<Self, PrecompileError> {
        read_g2(b, subgroup)
    }
    fn write(p: &Self) -> Vec<u8> {
        write_g2(p)
    }
    fn blst(points: &[Self], scalars: &[[u8; 32]]) -> Self {
        blst_ffi::p2_msm(points, scalars)
    }
    fn to_ours(p: &Self) -> Affine<Self::Field> {
        Affine::new(curves_codec::fp2(&p.x), curves_codec::fp2(&p.y))
    }
    fn from_ours(p: &Affine<Self::Field>) -> Self {
        curves_codec::g2_to_blst(p)
    }
}

/// Which MSM a call runs.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Backend {
    /// By term count ([`MsmPoint::OURS`]): the precompiles' default.
    Default,
    /// Always ours.
    Ours,
    /// Always blst.
    Blst,
}

/// The MSM on our own arithmetic over blst-decoded points (none at infinity).
fn ours<P: MsmPoint>(points: &[P], scalars: &[[u8; 32]]) -> P {
    let points: Vec<_> = points.iter().map(P::to_ours).collect();
    P::from_ours(&curves::bls12_381::msm::msm(&points, scalars).to_affine())
}

/// The default MSM: ours for the term counts of [`MsmPoint::OURS`], blst's otherwise.
pub(crate) fn routed<P: MsmPoint>(points: &[P], scalars: &[[u8; 32]]) -> P {
    if P::OURS.contains(&points.len()) {
        ours(points, scalars)
    } else {
        P::blst(points, scalars)
    }
}

/// Runs an MSM precompile over points `P` with `backend`: gas `cost` first, then the length
/// `rule`, decoding and subgroup checks (blst's, for every backend), the MSM and the encoding;
/// the same errors in the same order for every backend.
pub(crate) fn run<P: MsmPoint>(
    input: &[u8],
    gas_limit: u64,
    cost: u64,
    rule: InputRule,
    backend: Backend,
) -> PrecompileResult {
    let msm: fn(&[P], &[[u8; 32]]) -> P = match backend {
        Backend::Default => routed,
        Backend::Ours => ours,
        Backend::Blst => P::blst,
    };
    run_msm(input, gas_limit, cost, rule, P::read, msm, P::write)
}
