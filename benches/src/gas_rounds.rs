//! The gas report's interleaved pass (binary `interleaved`, file `rounds.json`): for every case
//! and mode, the implementations (ours, revm, the alternative backends, go-ethereum through
//! its `-serve` process) and each implementation's ECRECOVER anchor timed in the same rounds
//! by [`crate::interleave`]. This module names the arms and sizes the pass; the binary runs it.

use crate::interleave::Plan;
use testkit::files::{aa_arm, anchor_arm, case_arm, ANCHOR_CASE};

/// The cases that carry A/A arms (a second arm of ours, revm and go-ethereum on the same
/// case): the anchor, a short call and a long one.
pub const AA_CASES: [&str; 3] = [ANCHOR_CASE, "Sha256-128", "Bn256Pairing-2"];

/// go-ethereum's untimed sleep before each of its batches, µs (the `settle` of the `-serve`
/// protocol's `time` request): started right after the blocking read of its request, a batch
/// often ran with the Go runtime's monitor thread waking every few tens of µs, ~1.33x slower.
pub const GETH_SETTLE_US: u64 = 1000;

/// Who runs an arm.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// Our precompile (default backends).
    Ours,
    /// revm's default precompile.
    Revm,
    /// Alternative backend number `i` of [`crate::impls::backends`].
    Backend(usize),
    /// go-ethereum, in its `-serve` process.
    Geth,
}

/// One arm: its name in [`testkit::stats::Rounds`], who runs it, and on which input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArmSpec {
    /// `<impl>/case`, `<impl>/anchor` or `<impl>/case#2`.
    pub name: String,
    /// Who runs it.
    pub target: Target,
    /// Whether it runs the anchor case instead of the set's case.
    pub anchor: bool,
    /// For an A/A arm, the index of the arm it copies (whose batch size it takes).
    pub twin: Option<usize>,
}

/// The arms of one case: for each implementation (`impls`: name and target, ours first) its
/// case arm and, when `has_anchor` says it has an ECRECOVER of its own, its anchor arm; plus
/// an A/A arm of ours, revm and geth when `case` is one of [`AA_CASES`].
pub fn arms(
    case: &str,
    impls: &[(String, Target)],
    has_anchor: impl Fn(Target) -> bool,
) -> Vec<ArmSpec> {
    let mut out = Vec::new();
    for (imp, target) in impls {
        let case_index = out.len();
        out.push(ArmSpec {
            name: case_arm(imp),
            target: *target,
            anchor: false,
            twin: None,
        });
        if has_anchor(*target) {
            out.push(ArmSpec {
                name: anchor_arm(imp),
                target: *target,
                anchor: true,
                twin: None,
            });
        }
        if AA_CASES.contains(&case) && matches!(target, Target::Ours | Target::Revm | Target::Geth)
        {
            out.push(ArmSpec {
                name: aa_arm(imp),
                target: *target,
                anchor: false,
                twin: Some(case_index),
            });
        }
    }
    out
}

/// Sweeps over all sets per run (quick and careful): each times its share of every set's rounds
/// ([`Plan::per_pass`]), and the shares are pooled.
pub fn passes(quick: bool) -> usize {
    if quick {
        5
    } else {
        6
    }
}

/// The sizing of the pass: quick 31 rounds of 2 ms batches, at most 3 s per set and at least
/// 11 rounds; careful 101 rounds of 3 ms batches, at most 20 s per set and at least 31 rounds.
/// A set with go-ethereum's arms (`geth`) gets half as many rounds again in the quick mode:
/// go-ethereum's batches keep a slow state in a minority of rounds even when they never follow
/// one another (see [`crate::interleave::order_apart`]), so its medians need more rounds to
/// settle, and the quick report with go-ethereum still fits its 10 minutes.
pub fn plan(quick: bool, cpu_clock: bool, geth: bool) -> Plan {
    let (rounds, batch_ms, budget_s, min_rounds) = match (quick, geth) {
        (true, false) => (31, 2.0, 3.0, 11),
        (true, true) => (47, 2.0, 3.0, 15),
        (false, _) => (101, 3.0, 20.0, 31),
    };
    Plan {
        rounds,
        first_round: 0,
        batch_ns: batch_ms * 1e6,
        max_batch: 1_000_000,
        cpu_clock,
        budget_ns: budget_s * 1e9,
        min_rounds,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arms_of_a_case() {
        let impls = vec![
            ("ours".to_string(), Target::Ours),
            ("revm".to_string(), Target::Revm),
            ("k256".to_string(), Target::Backend(0)),
            ("p256".to_string(), Target::Backend(1)),
            ("geth".to_string(), Target::Geth),
        ];
        // p256 has no ECRECOVER: no anchor arm, hence no calculated gas of its own.
        let has_anchor = |t| t != Target::Backend(1);
        let names = |case| -> Vec<String> {
            arms(case, &impls, has_anchor)
                .into_iter()
                .map(|a| a.name)
                .collect()
        };
        assert_eq!(
            names("Identity-128"),
            [
                "ours/case",
                "ours/anchor",
                "revm/case",
                "revm/anchor",
                "k256/case",
                "k256/anchor",
                "p256/case",
                "geth/case",
                "geth/anchor"
            ]
        );
        let aa = arms("Sha256-128", &impls, has_anchor);
        assert_eq!(aa[2].name, "ours/case#2");
        assert!(!aa[2].anchor && aa[1].anchor && aa[2].target == Target::Ours);
        assert_eq!(aa.len(), 12);
        // Each A/A arm takes the batch of its implementation's case arm; no other arm has a twin.
        for (i, a) in aa.iter().enumerate() {
            match a.twin {
                Some(j) => {
                    assert_eq!(format!("{}#2", aa[j].name), a.name);
                    assert!(j < i);
                }
                None => assert!(!a.name.ends_with("#2")),
            }
        }
        assert_eq!(aa.iter().filter(|a| a.twin.is_some()).count(), 3);
        assert!(plan(true, true, false).rounds < plan(true, true, true).rounds);
        assert!(plan(true, true, true).rounds < plan(false, true, true).rounds);
    }
}
