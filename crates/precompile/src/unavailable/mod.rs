//! The precompiles that have no pure-Rust path yet, as compiled without the cargo feature
//! `blst`: POINT_EVALUATION (`0x0a`) and the BLS12-381 precompiles (`0x0b`-`0x11`). They keep
//! their address, name and place in every fork's set (so a fork's set has the same members in
//! every build), but a call fails with [`PrecompileError::Unavailable`] naming the feature that
//! brings them, and their gas rule answers `u64::MAX` (no call can be priced or succeed without
//! its backend). With `blst` on, the real modules `bls12_381` and `kzg_point_evaluation` replace
//! these (same paths, same constants).

use crate::{Library, Precompile, PrecompileError, PrecompileId, PrecompileResult};

/// What [`Precompile::library`] says for a precompile absent from this build.
pub const LIBRARY: Library = Library::Unavailable;

/// The gas rule of an absent precompile: `u64::MAX`, above every gas limit.
fn gas(_input: &[u8]) -> u64 {
    u64::MAX
}

/// The body of an absent precompile: always [`PrecompileError::Unavailable`], whatever the
/// input and gas limit (no work, no allocation).
fn run(_input: &[u8], _gas_limit: u64) -> PrecompileResult {
    Err(PrecompileError::Unavailable { feature: "blst" })
}

/// Precompile `id`, absent from this build.
const fn absent(id: PrecompileId) -> Precompile {
    Precompile::new(id, LIBRARY, gas, run)
}

/// POINT_EVALUATION (EIP-4844) without `blst`.
pub mod kzg_point_evaluation {
    use super::absent;
    use crate::Precompile;

    /// POINT_EVALUATION at Cancun: absent from this build (see [`super`]).
    pub const CANCUN: Precompile = absent(crate::PrecompileId::PointEvaluation);

    /// Nothing to prepare without `blst` (the real module builds its tables here).
    pub fn warm_up() {}
}

/// The BLS12-381 precompiles (EIP-2537) without `blst`.
pub mod bls12_381 {
    /// Declares one precompile's module with its `PRAGUE` constant.
    macro_rules! absent_module {
        ($module:ident, $id:ident, $name:literal) => {
            #[doc = concat!($name, " without `blst`.")]
            pub mod $module {
                #[doc = concat!($name, " at Prague: absent from this build (see [`crate::unavailable`]).")]
                pub const PRAGUE: crate::Precompile =
                    super::super::absent(crate::PrecompileId::$id);
            }
        };
    }
    absent_module!(g1_add, BlsG1Add, "BLS12_G1ADD");
    absent_module!(g1_msm, BlsG1Msm, "BLS12_G1MSM");
    absent_module!(g2_add, BlsG2Add, "BLS12_G2ADD");
    absent_module!(g2_msm, BlsG2Msm, "BLS12_G2MSM");
    absent_module!(pairing, BlsPairing, "BLS12_PAIRING_CHECK");
    absent_module!(map_fp_to_g1, BlsMapFpToG1, "BLS12_MAP_FP_TO_G1");
    absent_module!(map_fp2_to_g2, BlsMapFp2ToG2, "BLS12_MAP_FP2_TO_G2");
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every absent precompile fails with the precise error and is never affordable.
    #[test]
    fn absent_precompiles_fail_with_unavailable() {
        for id in &PrecompileId::ALL[9..=16] {
            let p = absent(*id);
            let n = id.number();
            for input in [&[][..], &[0u8; 128][..], &[0xff; 1000][..]] {
                assert_eq!(
                    p.run(input, u64::MAX),
                    Err(PrecompileError::Unavailable { feature: "blst" })
                );
                assert_eq!(p.required_gas(input), u64::MAX);
            }
            assert_eq!((p.number(), p.library()), (n, LIBRARY));
        }
        // The stand-ins keep the real precompiles' addresses and names.
        assert_eq!(kzg_point_evaluation::CANCUN.number(), 0x0a);
        assert_eq!(bls12_381::pairing::PRAGUE.name(), "BLS12_PAIRING_CHECK");
        assert_eq!(bls12_381::map_fp2_to_g2::PRAGUE.number(), 0x11);
        #[cfg(feature = "blst")]
        assert_eq!(
            crate::bls12_381::map_fp2_to_g2::PRAGUE.name(),
            bls12_381::map_fp2_to_g2::PRAGUE.name()
        );
    }
}
