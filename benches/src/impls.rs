//! The implementations compared: ours, revm's default precompiles, and the alternative
//! backends our precompile crate carries behind cargo features.

use crate::cases::Case;
use crate::evm;
use precompile::{Fork, GasFn, Library, Precompile, PrecompileId, Precompiles, RunFn};
use testkit::oracle::{our_outcome, revm_call};

/// The gas limit given to a precompile called directly (above every case's price).
pub const DIRECT_GAS_LIMIT: u64 = 1 << 40;

/// An alternative backend of one of our precompiles: its body, with the same contract as the
/// default one, to be swapped in for precompile `number`.
#[derive(Clone, Copy, Debug)]
pub struct Backend {
    /// The implementation name used in benchmark group ids (`"k256"`, `"substrate-bn"`, ...).
    pub name: &'static str,
    /// The precompile it implements.
    pub id: PrecompileId,
    /// The library that does its math.
    pub library: Library,
    /// Its gas rule (the same as the default backend's).
    pub gas: GasFn,
    /// Its body.
    pub run: RunFn,
}

impl Backend {
    /// Our precompile for `fork` with this backend's body (same address, name and gas rule).
    pub fn precompile(&self, fork: Fork) -> Option<Precompile> {
        precompile::precompiles(fork).by_number(self.id.number())?;
        Some(Precompile::new(self.id, self.library, self.gas, self.run))
    }

    /// `fork`'s standard set with this backend swapped in, leaked to `'static` for a revm
    /// provider (call it once per runner, outside any timed loop).
    pub fn set(&self, fork: Fork) -> Option<&'static Precompiles> {
        let p = self.precompile(fork)?;
        Some(Box::leak(Box::new(
            precompile::precompiles(fork).clone().with(p),
        )))
    }
}

/// Who does the math in revm-precompile as this crate builds it: the `revm` dependency of
/// benches/Cargo.toml enables the features `std`, `secp256k1`, `portable`, `c-kzg` and `blst`
/// (revm's defaults) and not `bn`, `gmp` or `p256-aws-lc-rs`; each arm names the branch of
/// revm-precompile 43's `cfg_if!` that those features select.
pub const fn revm_library(id: PrecompileId) -> &'static str {
    use precompile::Family as F;
    match id.family() {
        F::Ecrecover => "libsecp256k1 (secp256k1 crate)", // feature secp256k1 (k256 otherwise)
        F::Sha256 => "sha2",
        F::Ripemd160 => "ripemd",
        F::Identity | F::Blake2f => "own (revm)",
        F::Modexp => "aurora-engine-modexp",  // no feature gmp
        F::Bn254 => "ark-bn254",              // no feature bn (substrate-bn)
        F::PointEvaluation => "c-kzg",        // feature c-kzg (blst otherwise)
        F::Bls12381 => "blst",                // feature blst (ark-bls12-381 otherwise)
        F::P256Verify => "p256 (RustCrypto)", // no feature p256-aws-lc-rs
    }
}

/// Who does the math for each of `fork`'s precompiles in each implementation of this build:
/// ours (from [`Precompile::library`]), revm ([`revm_library`]) and every backend.
pub fn libraries(fork: Fork) -> Vec<testkit::files::Library> {
    let row = |imp: &str, p: &Precompile, library: &str| testkit::files::Library {
        imp: imp.to_string(),
        precompile: p.name().to_string(),
        library: library.to_string(),
    };
    let mut out = Vec::new();
    for p in precompile::precompiles(fork).iter() {
        out.push(row("ours", p, p.library().name()));
        out.push(row("revm", p, revm_library(p.id())));
    }
    for b in backends(fork) {
        if let Some(p) = b.precompile(fork) {
            out.push(row(b.name, &p, p.library().name()));
        }
    }
    out
}

/// The alternative backends compiled into this build, for precompiles of `fork`: those of
/// [`precompile::alternative_backends`] (`k256`, `substrate-bn` and `bn254-arkworks` behind the
/// cargo features of `evm-benches` that forward to `precompile`'s, on by default, as is
/// RustCrypto `p256`'s). The implementation name is the library's [`Library::short_name`]
/// (`"k256"`, `"substrate-bn"`, `"ark-bn254"`, `"p256"`). Our default backends are timed by
/// the group `ours-*`.
pub fn backends(fork: Fork) -> Vec<Backend> {
    precompile::alternative_backends(fork)
        .into_iter()
        .map(|p| Backend {
            name: p.library().short_name(),
            id: p.id(),
            library: p.library(),
            gas: p.gas_fn(),
            run: p.run_fn(),
        })
        .collect()
}

/// revm's precompile for `case` under `fork` (its default set).
pub fn revm_precompile(fork: Fork, case: &Case) -> Option<&'static revm_precompile::Precompile> {
    testkit::oracle::revm_precompile(fork, case.number)
}

/// Checks, before timing, that ours and revm give the same result for `case` under `fork`,
/// directly and through revm bytecode, and that every backend agrees with ours.
///
/// # Panics
/// When they disagree (every precompile is implemented: a disagreement is a bug), with a
/// message naming the case and both results; when `fork` lacks the case's precompile.
pub fn verify(fork: Fork, case: &Case) {
    let ours = case
        .precompile(fork)
        .expect("case has a precompile at fork");
    let mine = our_outcome(ours.run(&case.input, DIRECT_GAS_LIMIT));
    let theirs = revm_call(fork, case.number, &case.input, DIRECT_GAS_LIMIT)
        .expect("revm has the precompile");
    assert_eq!(
        mine,
        theirs,
        "case {} ({}): ours and revm disagree when called directly",
        case.name,
        case.precompile_name()
    );
    let a = evm::checked(&evm::ours(fork, evm::check_code(case.number), &case.input).run());
    let b = evm::checked(&evm::revm(fork, evm::check_code(case.number), &case.input).run());
    assert_eq!(
        a,
        b,
        "case {} ({}): ours and revm disagree through revm bytecode",
        case.name,
        case.precompile_name()
    );
    for backend in backends(fork)
        .iter()
        .filter(|b| b.id.number() == case.number)
    {
        let other = our_outcome((backend.run)(&case.input, DIRECT_GAS_LIMIT));
        assert_eq!(
            mine, other,
            "case {}: backend {} disagrees with ours",
            case.name, backend.name
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use precompile::revm::spec_from_fork;

    #[test]
    fn every_precompile_has_a_library_in_every_implementation() {
        let fork = Fork::LATEST;
        let libs = libraries(fork);
        for p in precompile::precompiles(fork).iter() {
            for imp in ["ours", "revm"] {
                let l = libs
                    .iter()
                    .find(|l| l.imp == imp && l.precompile == p.name())
                    .unwrap_or_else(|| panic!("{imp} {} has no library", p.name()));
                assert!(!l.library.is_empty(), "{imp} {}", p.name());
            }
        }
        for b in backends(fork) {
            assert!(libs
                .iter()
                .any(|l| l.imp == b.name && l.library == b.library.name()));
        }
        // revm has every precompile of the registry, at the latest fork.
        let revm = revm_precompile::Precompiles::new(spec_from_fork(fork).into());
        for id in PrecompileId::ALL {
            assert!(revm
                .get(&revm::primitives::Address::from(id.address()))
                .is_some());
        }
    }
}
