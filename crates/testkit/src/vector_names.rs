//! Which precompile and fork a vector file is run against, from its name, as go-ethereum's
//! `core/vm/contracts_test.go` maps them (`cargo xtask vectors` adds `--address` / `--fork`
//! overrides; the tests that run vector files use this map directly).

use precompile::{precompiles, secp256r1, Fork, Precompile, PrecompileId};

/// The precompile a vector file is run against.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// Precompile `number` of the set active at `fork`.
    Mainnet {
        /// The precompile's number (`0x01`, ..., `0x100`).
        number: u16,
        /// The fork whose set (and gas rule) is used.
        fork: Fork,
    },
    /// RIP-7212's P256VERIFY (the L2 variant, 3450 gas).
    P256Rip7212,
}

impl Target {
    /// Our precompile for this target, or why there is none.
    pub fn precompile(self) -> Result<Precompile, String> {
        match self {
            Target::P256Rip7212 => Ok(secp256r1::RIP7212),
            Target::Mainnet { number, fork } => precompiles(fork)
                .by_number(number)
                .copied()
                .ok_or_else(|| format!("no precompile at {number:#x} in {fork}")),
        }
    }

    /// A human description: name, address and fork.
    pub fn describe(self) -> String {
        match self {
            Target::P256Rip7212 => "P256VERIFY (RIP-7212)".into(),
            Target::Mainnet { number, fork } => match precompiles(fork).by_number(number) {
                Some(p) => format!("{} {number:#x} @ {fork}", p.name()),
                None => format!("{number:#x} @ {fork}"),
            },
        }
    }
}

/// The fork go-ethereum's `core/vm/contracts_test.go` runs `id`'s vector file at (the newest
/// gas rule when the file was written: `modexp` at Byzantium, `bn256*` at Istanbul).
pub const fn geth_default_fork(id: PrecompileId) -> Fork {
    use precompile::Family as F;
    match id.family() {
        F::Ecrecover | F::Sha256 | F::Ripemd160 | F::Identity => Fork::Homestead,
        F::Modexp => Fork::Byzantium,
        F::Bn254 | F::Blake2f => Fork::Istanbul,
        F::PointEvaluation => Fork::Cancun,
        F::Bls12381 => Fork::Prague,
        F::P256Verify => Fork::Osaka,
    }
}

/// Other vector file names of `id` (lower case) and the fork each selects, besides
/// [`PrecompileId::geth_stem`]: go-ethereum's repriced MODEXP files, and `blsG1Mul`/`blsG2Mul`
/// (from the draft of EIP-2537 that had separate MUL precompiles), which run against the MSM
/// precompiles with one pair, as geth does.
pub const fn aliases(id: PrecompileId) -> &'static [(&'static str, Fork)] {
    use PrecompileId as P;
    match id {
        P::Modexp => &[
            ("modexp_eip2565", Fork::Berlin),
            ("modexp_eip7883", Fork::Osaka),
        ],
        P::BlsG1Msm => &[("blsg1mul", Fork::Prague)],
        P::BlsG2Msm => &[("blsg2mul", Fork::Prague)],
        P::Ecrecover
        | P::Sha256
        | P::Ripemd160
        | P::Identity
        | P::Bn254Add
        | P::Bn254Mul
        | P::Bn254Pairing
        | P::Blake2f
        | P::PointEvaluation
        | P::BlsG1Add
        | P::BlsG2Add
        | P::BlsPairing
        | P::BlsMapFpToG1
        | P::BlsMapFp2ToG2
        | P::P256Verify => &[],
    }
}

/// Every vector file base name (lower case, without `fail-`, fork suffix and `.json`), the
/// precompile and the default fork it selects: each precompile's go-ethereum stem
/// ([`PrecompileId::geth_stem`] at [`geth_default_fork`]) and its [`aliases`].
pub fn names() -> Vec<(String, PrecompileId, Fork)> {
    PrecompileId::ALL
        .into_iter()
        .flat_map(|id| {
            let stem = (
                id.geth_stem().to_ascii_lowercase(),
                id,
                geth_default_fork(id),
            );
            let more = aliases(id)
                .iter()
                .map(move |&(n, f)| (n.to_string(), id, f));
            std::iter::once(stem).chain(more)
        })
        .collect()
}

/// The name of RIP-7212's P256VERIFY (not part of any mainnet fork).
pub const RIP7212_NAME: &str = "p256verifyrip7212";

/// Maps a vector file's base name to its target and whether every case must fail.
///
/// `[fail-]<name>[_<fork>].json`, case-insensitively: `<name>` from [`names`] (or
/// `p256VerifyRip7212`), `<fork>` any name `Fork::from_str` accepts; without a fork suffix the
/// fork is the one go-ethereum's tests use (`modexp` Byzantium, `bn256*` Istanbul, ...).
pub fn resolve_name(stem: &str) -> Option<(Target, bool)> {
    let (fail, rest) = match stem.strip_prefix("fail-") {
        Some(rest) => (true, rest),
        None => (false, stem),
    };
    let lower = rest.to_ascii_lowercase();
    let lookup = |name: &str, fork: Option<Fork>| -> Option<Target> {
        if name == RIP7212_NAME {
            return Some(Target::P256Rip7212);
        }
        names()
            .into_iter()
            .find(|(n, _, _)| n == name)
            .map(|(_, id, default)| Target::Mainnet {
                number: id.number(),
                fork: fork.unwrap_or(default),
            })
    };
    if let Some(t) = lookup(&lower, None) {
        return Some((t, fail));
    }
    let (name, fork) = lower.rsplit_once('_')?;
    let fork: Fork = fork.parse().ok()?;
    lookup(name, Some(fork)).map(|t| (t, fail))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_is_unique_and_its_precompile_exists_at_its_fork() {
        let all = names();
        for (i, (name, id, fork)) in all.iter().enumerate() {
            assert!(all[i + 1..].iter().all(|(n, _, _)| n != name), "{name}");
            let p = precompiles(*fork).by_number(id.number());
            assert_eq!(p.map(Precompile::id), Some(*id), "{name} at {fork}");
        }
    }

    #[test]
    fn names_map_like_geth() {
        let t = |s| resolve_name(s).unwrap();
        let m = |number, fork| Target::Mainnet { number, fork };
        assert_eq!(t("bn256Add"), (m(6, Fork::Istanbul), false));
        assert_eq!(t("modexp"), (m(5, Fork::Byzantium), false));
        assert_eq!(t("modexp_eip2565"), (m(5, Fork::Berlin), false));
        assert_eq!(t("modexp_eip7883"), (m(5, Fork::Osaka), false));
        assert_eq!(t("blsG1Mul"), (m(0x0c, Fork::Prague), false));
        assert_eq!(t("fail-blake2f"), (m(9, Fork::Istanbul), true));
        assert_eq!(t("fail-blsG2Mul"), (m(0x0e, Fork::Prague), true));
        assert_eq!(t("p256Verify"), (m(0x100, Fork::Osaka), false));
        assert_eq!(t("modexp_osaka"), (m(5, Fork::Osaka), false));
        assert_eq!(t("bn256Pairing_byzantium"), (m(8, Fork::Byzantium), false));
        assert_eq!(t("p256VerifyRip7212"), (Target::P256Rip7212, false));
        assert_eq!(t("ecRecover_homestead"), (m(1, Fork::Homestead), false));
        assert!(resolve_name("unknown").is_none());
        assert!(resolve_name("modexp_neverland").is_none());
    }
}
