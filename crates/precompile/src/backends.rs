//! The alternative backends compiled into this build: the same precompiles with their math
//! done by another library, for side-by-side benches and cross-checks.

use crate::{Fork, Precompile};
use alloc::vec::Vec;

/// `fork`'s precompiles that this build can also run on another library, each with that
/// library as its [`Precompile::library`]: ECRECOVER on our native arithmetic or on
/// libsecp256k1 (whichever is not the default), and on `k256` (cargo feature `k256`), BN254
/// on `ark-bn254` (feature `bn254-arkworks`) and on `substrate-bn` (feature `substrate-bn`),
/// BLS12_PAIRING_CHECK, MAP_FP2_TO_G2 and the MSMs on our own arithmetic (`curves`; feature
/// `blst`, which still decodes) and MAP_FP_TO_G1 on blst (its default is ours), POINT_EVALUATION on `c-kzg` (feature `c-kzg`), P256VERIFY (EIP-7951) on
/// our native arithmetic or on aws-lc (feature `aws-lc`), whichever is not the default, and on
/// `p256` (feature `p256`). Only those active at `fork` are listed; each has the
/// address, name and gas rule of `fork`'s default.
pub fn alternative_backends(fork: Fork) -> Vec<Precompile> {
    #[allow(unused_mut)] // without the optional backends nothing is pushed
    let mut out = Vec::new();
    if !crate::ecrecover::NATIVE_IS_DEFAULT {
        out.push(crate::ecrecover::native::HOMESTEAD);
    }
    #[cfg(feature = "libsecp256k1")]
    if crate::ecrecover::NATIVE_IS_DEFAULT {
        out.push(crate::ecrecover::libsecp256k1::HOMESTEAD);
    }
    #[cfg(feature = "k256")]
    out.push(crate::ecrecover::k256::HOMESTEAD);
    #[cfg(feature = "bn254-arkworks")]
    out.extend(crate::bn254::arkworks::precompiles(fork));
    #[cfg(feature = "substrate-bn")]
    out.extend(crate::bn254::substrate_bn::precompiles(fork));
    #[cfg(feature = "blst")]
    if fork >= Fork::Prague {
        out.push(crate::bls12_381::pairing::PRAGUE_OURS);
        out.push(crate::bls12_381::map_fp_to_g1::PRAGUE_BLST);
        out.push(crate::bls12_381::map_fp2_to_g2::PRAGUE_OURS);
        out.push(crate::bls12_381::g1_msm::PRAGUE_OURS);
        out.push(crate::bls12_381::g2_msm::PRAGUE_OURS);
    }
    #[cfg(feature = "c-kzg")]
    if fork >= Fork::Cancun {
        out.push(crate::kzg_point_evaluation::ckzg::CANCUN);
    }
    if fork >= Fork::Osaka {
        if !crate::secp256r1::NATIVE_IS_DEFAULT {
            out.push(crate::secp256r1::native::OSAKA);
        }
        #[cfg(feature = "aws-lc")]
        if crate::secp256r1::NATIVE_IS_DEFAULT {
            out.push(crate::secp256r1::awslc_ffi::OSAKA);
        }
        #[cfg(feature = "p256")]
        out.push(crate::secp256r1::rustcrypto::OSAKA);
    }
    let _ = fork; // unused when no alternative backend is compiled in
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::precompiles;

    #[test]
    fn backends_match_the_default_precompile_they_replace() {
        for fork in Fork::ALL {
            for alt in alternative_backends(fork) {
                let default = precompiles(fork)
                    .by_number(alt.number())
                    .expect("backend of an active precompile");
                assert_eq!(alt.name(), default.name());
                assert_ne!(alt.library(), default.library());
                for input in [&[][..], &[0u8; 192][..], &[1u8; 300][..]] {
                    assert_eq!(alt.required_gas(input), default.required_gas(input));
                    assert_eq!(
                        alt.run(input, 1 << 30),
                        default.run(input, 1 << 30),
                        "{fork} {alt:?}"
                    );
                }
            }
        }
        #[cfg(feature = "p256")]
        assert_eq!(
            alternative_backends(Fork::Osaka).last().unwrap().library(),
            crate::Library::P256
        );
    }
}
