//! Which precompile and fork a vector file is run against, from its name, as go-ethereum's
//! `core/vm/contracts_test.go` maps them (`cargo xtask vectors` adds `--address` / `--fork`
//! overrides; the tests that run vector files use this map directly).

use precompile::{precompiles, secp256r1, Fork, Precompile};

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

/// File base names (lower case, without `fail-`, fork suffix and `.json`) and the precompile and
/// default fork each selects. The first names and forks are those of go-ethereum's
/// `core/vm/contracts_test.go`; `blsG1Mul`/`blsG2Mul` (from the draft of EIP-2537 that had
/// separate MUL precompiles) run against the MSM precompiles with one pair, as geth does.
pub const NAMES: &[(&str, u16, Fork)] = &[
    ("ecrecover", 0x01, Fork::Homestead),
    ("sha256", 0x02, Fork::Homestead),
    ("ripemd160", 0x03, Fork::Homestead),
    ("identity", 0x04, Fork::Homestead),
    ("modexp", 0x05, Fork::Byzantium),
    ("modexp_eip2565", 0x05, Fork::Berlin),
    ("modexp_eip7883", 0x05, Fork::Osaka),
    ("bn256add", 0x06, Fork::Istanbul),
    ("bn256scalarmul", 0x07, Fork::Istanbul),
    ("bn256pairing", 0x08, Fork::Istanbul),
    ("blake2f", 0x09, Fork::Istanbul),
    ("pointevaluation", 0x0a, Fork::Cancun),
    ("blsg1add", 0x0b, Fork::Prague),
    ("blsg1mul", 0x0c, Fork::Prague),
    ("blsg1multiexp", 0x0c, Fork::Prague),
    ("blsg2add", 0x0d, Fork::Prague),
    ("blsg2mul", 0x0e, Fork::Prague),
    ("blsg2multiexp", 0x0e, Fork::Prague),
    ("blspairing", 0x0f, Fork::Prague),
    ("blsmapg1", 0x10, Fork::Prague),
    ("blsmapg2", 0x11, Fork::Prague),
    ("p256verify", 0x100, Fork::Osaka),
];

/// The name of RIP-7212's P256VERIFY (not part of any mainnet fork).
pub const RIP7212_NAME: &str = "p256verifyrip7212";

/// Maps a vector file's base name to its target and whether every case must fail.
///
/// `[fail-]<name>[_<fork>].json`, case-insensitively: `<name>` from [`NAMES`] (or
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
        NAMES
            .iter()
            .find(|(n, _, _)| *n == name)
            .map(|&(_, number, default)| Target::Mainnet {
                number,
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
        assert!(resolve_name("unknown").is_none());
        assert!(resolve_name("modexp_neverland").is_none());
    }
}
