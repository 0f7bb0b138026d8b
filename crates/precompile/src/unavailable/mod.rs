//! The precompiles that have no pure-Rust path yet, as compiled without the cargo feature
//! `blst`: POINT_EVALUATION (`0x0a`) and the BLS12-381 precompiles (`0x0b`-`0x11`). They keep
//! their address, name and place in every fork's set (so a fork's set has the same members in
//! every build), but a call fails with [`PrecompileError::Unavailable`] naming the feature that
//! brings them, and their gas rule answers `u64::MAX` (no call can be priced or succeed without
//! its backend). With `blst` on, the real modules `bls12_381` and `kzg_point_evaluation` replace
//! these (same paths, same constants).

use crate::{Precompile, PrecompileError, PrecompileResult};

/// What [`Precompile::library`] says for a precompile absent from this build.
pub const LIBRARY: &str = "unavailable (needs cargo feature `blst`)";

/// The gas rule of an absent precompile: `u64::MAX`, above every gas limit.
fn gas(_input: &[u8]) -> u64 {
    u64::MAX
}

/// The body of an absent precompile: always [`PrecompileError::Unavailable`], whatever the
/// input and gas limit (no work, no allocation).
fn run(_input: &[u8], _gas_limit: u64) -> PrecompileResult {
    Err(PrecompileError::Unavailable { feature: "blst" })
}

/// An absent precompile at `number` named `name`.
const fn absent(number: u16, name: &'static str) -> Precompile {
    Precompile::new(number, name, gas, run).with_library(LIBRARY)
}

/// POINT_EVALUATION (EIP-4844) without `blst`.
pub mod kzg_point_evaluation {
    use super::absent;
    use crate::Precompile;

    /// POINT_EVALUATION at Cancun: absent from this build (see [`super`]).
    pub const CANCUN: Precompile = absent(0x0a, "POINT_EVALUATION");

    /// Nothing to prepare without `blst` (the real module builds its tables here).
    pub fn warm_up() {}
}

/// The BLS12-381 precompiles (EIP-2537) without `blst`.
pub mod bls12_381 {
    /// Declares one precompile's module with its `PRAGUE` constant.
    macro_rules! absent_module {
        ($module:ident, $number:literal, $name:literal) => {
            #[doc = concat!($name, " without `blst`.")]
            pub mod $module {
                #[doc = concat!($name, " at Prague: absent from this build (see [`crate::unavailable`]).")]
                pub const PRAGUE: crate::Precompile = super::super::absent($number, $name);
            }
        };
    }
    absent_module!(g1_add, 0x0b, "BLS12_G1ADD");
    absent_module!(g1_msm, 0x0c, "BLS12_G1MSM");
    absent_module!(g2_add, 0x0d, "BLS12_G2ADD");
    absent_module!(g2_msm, 0x0e, "BLS12_G2MSM");
    absent_module!(pairing, 0x0f, "BLS12_PAIRING_CHECK");
    absent_module!(map_fp_to_g1, 0x10, "BLS12_MAP_FP_TO_G1");
    absent_module!(map_fp2_to_g2, 0x11, "BLS12_MAP_FP2_TO_G2");
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every absent precompile fails with the precise error and is never affordable.
    #[test]
    fn absent_precompiles_fail_with_unavailable() {
        for n in 0x0a..=0x11 {
            let p = absent(n, "ABSENT");
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
