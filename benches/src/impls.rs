//! The implementations compared: ours, revm's default precompiles, and the alternative
//! backends our precompile crate carries behind cargo features.

use crate::cases::Case;
use crate::evm;
use precompile::{Fork, GasFn, Precompile, Precompiles, RunFn};
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
    pub number: u16,
    /// The library that does its math.
    pub library: &'static str,
    /// Its gas rule (the same as the default backend's).
    pub gas: GasFn,
    /// Its body.
    pub run: RunFn,
}

impl Backend {
    /// Our precompile for `fork` with this backend's body (same address, name and gas rule).
    pub fn precompile(&self, fork: Fork) -> Option<Precompile> {
        let p = precompile::precompiles(fork).by_number(self.number)?;
        Some(Precompile::new(p.number(), p.name(), self.gas, self.run).with_library(self.library))
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

/// revm-precompile's P256VERIFY library in the build compared (no `p256-aws-lc-rs` feature).
const REVM_P256: &str = "p256 (RustCrypto)";

/// Who does the math in revm-precompile as this crate builds it: the `revm` dependency of
/// benches/Cargo.toml enables the features `std`, `secp256k1`, `portable`, `c-kzg` and `blst`
/// (revm's defaults) and not `bn`, `gmp` or `p256-aws-lc-rs`; each entry names the branch of
/// revm-precompile 43's `cfg_if!` that those features select.
pub const REVM_LIBRARIES: [(u16, &str); 18] = [
    (0x01, "libsecp256k1 (secp256k1 crate)"), // feature secp256k1 (k256 otherwise)
    (0x02, "sha2"),
    (0x03, "ripemd"),
    (0x04, "own (revm)"),
    (0x05, "aurora-engine-modexp"), // no feature gmp
    (0x06, "ark-bn254"),            // no feature bn (substrate-bn)
    (0x07, "ark-bn254"),
    (0x08, "ark-bn254"),
    (0x09, "own (revm)"),
    (0x0a, "c-kzg"), // feature c-kzg (blst otherwise)
    (0x0b, "blst"),  // feature blst (ark-bls12-381 otherwise)
    (0x0c, "blst"),
    (0x0d, "blst"),
    (0x0e, "blst"),
    (0x0f, "blst"),
    (0x10, "blst"),
    (0x11, "blst"),
    (0x100, REVM_P256), // no feature p256-aws-lc-rs
];

/// Who does the math for each of `fork`'s precompiles in each implementation of this build:
/// ours (from [`Precompile::library`]), revm ([`REVM_LIBRARIES`]) and every backend.
pub fn libraries(fork: Fork) -> Vec<testkit::files::Library> {
    let row = |imp: &str, p: &Precompile, library: &str| testkit::files::Library {
        imp: imp.to_string(),
        precompile: p.name().to_string(),
        library: library.to_string(),
    };
    let mut out = Vec::new();
    for p in precompile::precompiles(fork).iter() {
        out.push(row("ours", p, p.library()));
        let revm = REVM_LIBRARIES.iter().find(|(n, _)| *n == p.number());
        out.push(row("revm", p, revm.map_or("unknown", |(_, l)| l)));
    }
    for b in backends(fork) {
        if let Some(p) = b.precompile(fork) {
            out.push(row(b.name, &p, p.library()));
        }
    }
    out
}

/// The alternative backends compiled into this build, for precompiles of `fork`: those of
/// [`precompile::alternative_backends`] (`k256`, `substrate-bn` and `bn254-arkworks` behind the
/// cargo features of `evm-benches` that forward to `precompile`'s, on by default; RustCrypto
/// `p256` always). The implementation name is the first word of the backend's library
/// (`"k256"`, `"substrate-bn"`, `"ark-bn254"`, `"p256"`). Our default backends are timed by
/// the group `ours-*`.
pub fn backends(fork: Fork) -> Vec<Backend> {
    precompile::alternative_backends(fork)
        .into_iter()
        .map(|p| Backend {
            name: p.library().split(' ').next().unwrap_or(p.library()),
            number: p.number(),
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
    for backend in backends(fork).iter().filter(|b| b.number == case.number) {
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
                assert!(
                    l.library != "unknown" && l.library != precompile::UNATTRIBUTED,
                    "{imp} {}: {}",
                    p.name(),
                    l.library
                );
            }
        }
        for b in backends(fork) {
            assert!(libs
                .iter()
                .any(|l| l.imp == b.name && l.library == b.library));
        }
        // revm has every precompile the table names, at the latest fork.
        let revm = revm_precompile::Precompiles::new(spec_from_fork(fork).into());
        for (n, _) in REVM_LIBRARIES {
            assert!(revm
                .get(&revm::primitives::Address::from(precompile::address(n)))
                .is_some());
        }
    }
}
