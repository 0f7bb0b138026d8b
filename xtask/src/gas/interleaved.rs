//! The report's ratios from the interleaved timing (`rounds.json`, written by evm-benches'
//! `interleaved` binary, typed in `testkit::files`): calculated gas and every ours/peer ratio
//! as the median of per-round ratios with its 95 % interval, and the self-checks (A/A arms,
//! monotonic series).

use super::data::Timing;
use super::manifest::RunManifest;
use serde::Serialize;
use std::collections::BTreeSet;
use std::path::Path;
use testkit::files::{aa_arm, anchor_arm, case_arm, read_json, RoundSet, RoundsFile};

/// Reads `DIR/rounds.json` of the run described by `run`. Fails when the file is missing,
/// belongs to another run (its `started_unix` differs from run.json's), was written before
/// the run started, or lacks go-ethereum's arms although the run measured go-ethereum.
pub fn read(dir: &Path, run: &RunManifest) -> Result<RoundsFile, String> {
    let path = dir.join("rounds.json");
    if !path.is_file() {
        return Err(format!(
            "{} has no rounds.json: the interleaved timing of this run is missing (a run that \
             stopped early, or one made before the report timed its ratios interleaved); run \
             `cargo xtask gas` again",
            dir.display()
        ));
    }
    let file = read_own(&path, run)?;
    if super::data::modified_unix(&path)? + 1 < run.started_unix {
        return Err(format!(
            "{}: written before the run started (stale)",
            path.display()
        ));
    }
    if run.geth && file.geth.is_none() {
        return Err(format!(
            "{}: the run measured go-ethereum but its interleaved timing has no geth arms",
            path.display()
        ));
    }
    Ok(file)
}

/// The file of the interleaved binary's `--revm-crypto` process: ours and revm with our crypto
/// backend installed (`install_crypto` is global, hence a process of its own).
pub const CRYPTO_FILE: &str = "rounds-revm-crypto.json";

/// The implementation name of revm with our crypto backend in [`CRYPTO_FILE`].
pub const CRYPTO_IMPL: &str = "revm-crypto";

/// Reads `DIR/rounds-revm-crypto.json` of the run described by `run`: `None` when the run has
/// none (a run made before the column existed); an error when it belongs to another run.
pub fn read_crypto(dir: &Path, run: &RunManifest) -> Result<Option<RoundsFile>, String> {
    let path = dir.join(CRYPTO_FILE);
    if !path.is_file() {
        return Ok(None);
    }
    read_own(&path, run).map(Some)
}

/// Reads the rounds file at `path`; fails when it belongs to another run than `run` (its
/// `started_unix` differs from run.json's).
fn read_own(path: &Path, run: &RunManifest) -> Result<RoundsFile, String> {
    let file: RoundsFile = read_json(path)?;
    if file.started_unix != run.started_unix {
        return Err(format!(
            "{}: belongs to the run started at {} (Unix time), not to this directory's run \
             (run.json: {})",
            path.display(),
            file.started_unix,
            run.started_unix
        ));
    }
    Ok(file)
}

/// "revm + our crypto" on one case and mode: what `install_crypto` buys a revm user.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CryptoRatio {
    /// `direct` or `bytecode`.
    pub mode: String,
    /// Case name.
    pub case: String,
    /// t(revm + our crypto) / t(ours), round by round in the crypto process.
    pub crypto_over_ours: Interval,
    /// t(stock revm) / t(ours), round by round in the main process (when it timed the set).
    pub revm_over_ours: Option<Interval>,
    /// t(revm + our crypto) / t(stock revm): the two medians' quotient, through ours (the arm
    /// both processes time).
    pub crypto_over_revm: Option<f64>,
    /// revm + our crypto's calculated gas (its own ECRECOVER anchor, in the same rounds).
    pub calculated_gas: Option<Interval>,
    /// Rounds of the crypto process's set.
    pub rounds: usize,
}

/// The "revm + our crypto" figures of every set of `crypto` (the `--revm-crypto` process),
/// with stock revm's from `main` (rounds.json).
pub fn crypto_ratios(main: &RoundsFile, crypto: &RoundsFile) -> Vec<CryptoRatio> {
    crypto
        .sets
        .iter()
        .filter_map(|s| {
            let (c, rounds) = s
                .rounds
                .ratio_in_rounds(&case_arm(CRYPTO_IMPL), &case_arm("ours"))?;
            let c = Interval::from(c);
            let r = set(main, &s.case, &s.mode)
                .and_then(|m| m.rounds.ratio(&case_arm("revm"), &case_arm("ours")))
                .map(Interval::from);
            Some(CryptoRatio {
                mode: s.mode.clone(),
                case: s.case.clone(),
                crypto_over_ours: c,
                revm_over_ours: r,
                crypto_over_revm: r.map(|r| c.value / r.value),
                calculated_gas: anchor_ratio(s, CRYPTO_IMPL)
                    .map(|g| g.scaled(super::report::ANCHOR_GAS)),
                rounds,
            })
        })
        .collect()
}

/// The (impl, mode, case) timings that have no interleaved arms in `file` (their case arm, and
/// their anchor arm when `timings` has an anchor for that implementation and mode), as
/// `<impl>-<mode>/<case>`.
pub fn missing(file: &RoundsFile, timings: &[Timing]) -> Vec<String> {
    let anchored: BTreeSet<(&str, &str)> = timings
        .iter()
        .filter(|t| t.case == testkit::files::ANCHOR_CASE)
        .map(|t| (t.imp.as_str(), t.mode.as_str()))
        .collect();
    timings
        .iter()
        .filter(|t| {
            let Some(set) = set(file, &t.case, &t.mode) else {
                return true;
            };
            set.rounds.arm(&case_arm(&t.imp)).is_none()
                || (anchored.contains(&(t.imp.as_str(), t.mode.as_str()))
                    && set.rounds.arm(&anchor_arm(&t.imp)).is_none())
                || set.rounds.is_empty()
        })
        .map(|t| format!("{}-{}/{}", t.imp, t.mode, t.case))
        .collect()
}

/// The set of `case` in `mode`.
pub fn set<'a>(file: &'a RoundsFile, case: &str, mode: &str) -> Option<&'a RoundSet> {
    file.sets.iter().find(|s| s.case == case && s.mode == mode)
}

/// A median of per-round ratios with its 95 % interval.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Interval {
    /// The median.
    pub value: f64,
    /// Lower bound of its 95 % interval.
    pub low: f64,
    /// Upper bound.
    pub high: f64,
}

impl Interval {
    fn from((value, low, high): (f64, f64, f64)) -> Self {
        Interval { value, low, high }
    }

    /// Scaled by `k` (e.g. a ratio to the anchor times 3000).
    pub fn scaled(self, k: f64) -> Self {
        Interval {
            value: self.value * k,
            low: self.low * k,
            high: self.high * k,
        }
    }

    /// Whether `x` lies within the interval.
    pub fn contains(&self, x: f64) -> bool {
        self.low <= x && x <= self.high
    }
}

/// `imp`'s t(case) / t(anchor) in `set`, round by round.
pub fn anchor_ratio(set: &RoundSet, imp: &str) -> Option<Interval> {
    set.rounds
        .ratio(&case_arm(imp), &anchor_arm(imp))
        .map(Interval::from)
}

/// One implementation's time over another's on one case and mode, round by round.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PeerRatio {
    /// `direct` or `bytecode`.
    pub mode: String,
    /// Case name.
    pub case: String,
    /// The numerator's implementation.
    pub num: String,
    /// The denominator's implementation.
    pub den: String,
    /// t(num) / t(den).
    pub ratio: Interval,
    /// Rounds it was taken over (the clean ones, see `testkit::stats::Rounds::clean_rounds`).
    pub rounds: usize,
}

/// The ratios the report prints: ours/revm, ours/geth and backend/ours in every set that has
/// both arms.
pub fn peer_ratios(file: &RoundsFile) -> Vec<PeerRatio> {
    let mut out = Vec::new();
    for s in &file.sets {
        let imps: Vec<&str> = s
            .rounds
            .arms
            .iter()
            .filter_map(|a| a.strip_suffix("/case"))
            .collect();
        let mut pairs = vec![("ours", "revm"), ("ours", "geth")];
        pairs.extend(
            imps.iter()
                .filter(|i| !["ours", "revm", "geth"].contains(i))
                .map(|b| (*b, "ours")),
        );
        for (num, den) in pairs {
            let (a, b) = (case_arm(num), case_arm(den));
            if let Some((r, rounds)) = s.rounds.ratio_in_rounds(&a, &b) {
                out.push(PeerRatio {
                    mode: s.mode.clone(),
                    case: s.case.clone(),
                    num: num.to_string(),
                    den: den.to_string(),
                    ratio: Interval::from(r),
                    rounds,
                });
            }
        }
    }
    out
}

/// One A/A figure: an implementation's second arm on a case over its first, same rounds.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AaCheck {
    /// Implementation.
    #[serde(rename = "impl")]
    pub imp: String,
    /// `direct` or `bytecode`.
    pub mode: String,
    /// Case name.
    pub case: String,
    /// t(copy) / t(case): 1 up to noise.
    pub ratio: Interval,
    /// Rounds it was taken over (the clean ones, see `testkit::stats::Rounds::clean_rounds`).
    pub rounds: usize,
}

/// How far an A/A median may stray from 1.00 (the bar: ±2 %).
pub const AA_TOLERANCE: f64 = 0.02;

impl AaCheck {
    /// Whether the ratio strays from 1.00 by more than its interval (1 outside it).
    pub fn flagged(&self) -> bool {
        !self.ratio.contains(1.0)
    }

    /// Whether the median strays from 1.00 by more than [`AA_TOLERANCE`].
    pub fn beyond_tolerance(&self) -> bool {
        (self.ratio.value - 1.0).abs() > AA_TOLERANCE
    }
}

/// Every A/A figure of `file`.
pub fn aa_checks(file: &RoundsFile) -> Vec<AaCheck> {
    let mut out = Vec::new();
    for s in &file.sets {
        for arm in &s.rounds.arms {
            let Some(imp) = arm.strip_suffix("/case#2") else {
                continue;
            };
            let (a, b) = (aa_arm(imp), case_arm(imp));
            if let Some((r, rounds)) = s.rounds.ratio_in_rounds(&a, &b) {
                out.push(AaCheck {
                    imp: imp.to_string(),
                    mode: s.mode.clone(),
                    case: s.case.clone(),
                    ratio: Interval::from(r),
                    rounds,
                });
            }
        }
    }
    out
}

/// The series whose cost must grow with their size: `<prefix>-<n>` cases.
pub const SERIES: [&str; 4] = ["Bn256Pairing", "Bls12Pairing", "Bls12G1MSM", "Bls12G2MSM"];

/// The size `n` of a case named `<prefix>-<n>`.
pub fn series_size(prefix: &str, case: &str) -> Option<u64> {
    case.strip_prefix(prefix)?.strip_prefix('-')?.parse().ok()
}

/// One point of a series: its label, its size and its figure with an interval.
#[derive(Clone, Debug, PartialEq)]
pub struct SeriesPoint {
    /// Case name or `N=<n>`.
    pub label: String,
    /// Size (pairs, points, calls).
    pub size: u64,
    /// Calculated gas or time.
    pub value: Interval,
}

/// A step of a series where the larger size costs less.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Inversion {
    /// The series, e.g. `ours-direct Bn256Pairing` or `scaling Identity-128`.
    pub series: String,
    /// The smaller size's label.
    pub from: String,
    /// The larger size's label.
    pub to: String,
    /// The smaller size's figure.
    pub from_value: Interval,
    /// The larger size's figure (below `from_value`).
    pub to_value: Interval,
}

impl Inversion {
    /// Whether the intervals do not even overlap (the inversion is beyond the noise).
    pub fn beyond_intervals(&self) -> bool {
        self.to_value.high < self.from_value.low
    }
}

/// The inversions of `points` (any order) taken by increasing size.
pub fn inversions(series: &str, points: &[SeriesPoint]) -> Vec<Inversion> {
    let mut p: Vec<&SeriesPoint> = points.iter().collect();
    p.sort_by_key(|x| x.size);
    p.windows(2)
        .filter(|w| w[1].size > w[0].size && w[1].value.value < w[0].value.value)
        .map(|w| Inversion {
            series: series.to_string(),
            from: w[0].label.clone(),
            to: w[1].label.clone(),
            from_value: w[0].value,
            to_value: w[1].value,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use testkit::stats::Rounds;

    fn rounds(arms: &[&str], ns: Vec<Vec<f64>>) -> Rounds {
        Rounds {
            arms: arms.iter().map(|a| a.to_string()).collect(),
            batch: vec![1; arms.len()],
            cpu_per_wall: vec![1.0; arms.len()],
            ns,
        }
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9 * b.abs().max(1.0)
    }

    fn file(sets: Vec<RoundSet>) -> RoundsFile {
        RoundsFile {
            started_unix: 7,
            fork: "Osaka".into(),
            quick: true,
            clock: "cpu".into(),
            batch_ns: 2e6,
            passes: 1,
            geth: None,
            clocks: vec![],
            sets,
        }
    }

    /// revm + our crypto against ours in its own process, against stock revm through ours.
    #[test]
    fn crypto_ratios_go_through_ours() {
        let main = file(vec![RoundSet {
            case: "Sha256-128".into(),
            mode: "direct".into(),
            rounds: rounds(&["ours/case", "revm/case"], vec![vec![100.0, 200.0]; 3]),
        }]);
        let crypto = file(vec![
            RoundSet {
                case: "Sha256-128".into(),
                mode: "direct".into(),
                rounds: rounds(
                    &[
                        "ours/case",
                        "ours/anchor",
                        "revm-crypto/case",
                        "revm-crypto/anchor",
                    ],
                    vec![vec![100.0, 1000.0, 150.0, 1500.0]; 3],
                ),
            },
            RoundSet {
                case: "Identity-32".into(),
                mode: "bytecode".into(),
                rounds: rounds(
                    &["ours/case", "revm-crypto/case"],
                    vec![vec![10.0, 30.0]; 3],
                ),
            },
        ]);
        let r = crypto_ratios(&main, &crypto);
        assert_eq!(r.len(), 2);
        assert!(close(r[0].crypto_over_ours.value, 1.5));
        assert!(close(r[0].revm_over_ours.unwrap().value, 2.0));
        assert!(close(r[0].crypto_over_revm.unwrap(), 0.75));
        assert!(close(r[0].calculated_gas.unwrap().value, 300.0));
        assert_eq!(r[0].rounds, 3);
        // A set stock revm was not timed on keeps its own ratio only.
        assert!(close(r[1].crypto_over_ours.value, 3.0));
        assert_eq!(r[1].revm_over_ours, None);
        assert_eq!(r[1].crypto_over_revm, None);
        assert_eq!(r[1].calculated_gas, None);
    }

    #[test]
    fn ratios_and_aa_from_the_same_rounds() {
        // Round 2 is three times slower for every arm: per-round ratios do not see it.
        let arms = [
            "ours/case",
            "ours/anchor",
            "ours/case#2",
            "revm/case",
            "revm/anchor",
        ];
        let ns: Vec<Vec<f64>> = (0..9)
            .map(|r| {
                let k = if r == 2 { 3.0 } else { 1.0 };
                let aa = if r % 2 == 0 { 1.01 } else { 0.99 };
                [10.0, 30.0, 10.0 * aa, 20.0, 40.0]
                    .iter()
                    .map(|x| x * k)
                    .collect()
            })
            .collect();
        let f = file(vec![RoundSet {
            case: "Sha256-128".into(),
            mode: "direct".into(),
            rounds: rounds(&arms, ns),
        }]);
        let s = set(&f, "Sha256-128", "direct").unwrap();
        let gas = |imp| anchor_ratio(s, imp).unwrap().scaled(3000.0);
        assert!(close(gas("ours").value, 1000.0) && close(gas("ours").high, 1000.0));
        assert!(close(gas("revm").value, 1500.0));
        let peers = peer_ratios(&f);
        assert_eq!(peers.len(), 1, "no geth arm, no ours/geth");
        assert_eq!(
            (peers[0].num.as_str(), peers[0].den.as_str()),
            ("ours", "revm")
        );
        assert!(close(peers[0].ratio.value, 0.5));
        let aa = aa_checks(&f);
        assert_eq!(aa.len(), 1);
        // The copy's median is 10.1 (round 2 above it): the 8 clean rounds are all but round
        // 2, four at 1.01 and four at 0.99.
        assert_eq!(aa[0].rounds, 8);
        assert!(close(aa[0].ratio.value, 1.0) && close(aa[0].ratio.low, 0.99));
        assert!(!aa[0].flagged(), "{:?}", aa[0].ratio);
    }

    #[test]
    fn aa_flag_when_one_is_outside_the_interval() {
        let ns: Vec<Vec<f64>> = (0..15)
            .map(|r| vec![100.0, 103.0 + (r % 3) as f64 * 0.1])
            .collect();
        let f = file(vec![RoundSet {
            case: "EcRecover/ValidKey".into(),
            mode: "bytecode".into(),
            rounds: rounds(&["revm/case", "revm/case#2"], ns),
        }]);
        let aa = aa_checks(&f);
        assert_eq!(
            (aa[0].imp.as_str(), aa[0].mode.as_str()),
            ("revm", "bytecode")
        );
        assert!(aa[0].flagged() && aa[0].ratio.low > 1.02);
        assert!(aa[0].beyond_tolerance());
        // 1.5 % off with a wide interval: 1.00 inside it, within ±2 %; 2.5 % off with a wide
        // interval: not flagged, but beyond the tolerance. The copy runs 1 % fast in 3 rounds,
        // slow in 3 (left out: above its median) and `off` in 9.
        for (off, beyond) in [(1.5, false), (2.5, true)] {
            let ns: Vec<Vec<f64>> = (0..15)
                .map(|r| {
                    let copy = match r % 5 {
                        0 => 99.0,
                        1 => 110.0,
                        _ => 100.0 + off,
                    };
                    vec![100.0, copy]
                })
                .collect();
            let f = file(vec![RoundSet {
                case: "Sha256-128".into(),
                mode: "direct".into(),
                rounds: rounds(&["ours/case", "ours/case#2"], ns),
            }]);
            let aa = &aa_checks(&f)[0];
            assert!(!aa.flagged(), "{aa:?}");
            assert_eq!(aa.beyond_tolerance(), beyond, "{aa:?}");
        }
    }

    #[test]
    fn missing_arms_are_named() {
        let f = file(vec![RoundSet {
            case: "Sha256-128".into(),
            mode: "direct".into(),
            rounds: rounds(&["ours/case", "ours/anchor"], vec![vec![1.0, 2.0]]),
        }]);
        let t = |imp: &str, mode: &str, case: &str| Timing {
            imp: imp.into(),
            mode: mode.into(),
            case: case.into(),
            time_ns: 1.0,
            low_ns: 1.0,
            high_ns: 1.0,
            measurements: 1,
            bytes: None,
            allocs: None,
        };
        let timings = [
            t("ours", "direct", "Sha256-128"),
            t("revm", "direct", "Sha256-128"),
            t("ours", "bytecode", "Sha256-128"),
        ];
        assert_eq!(
            missing(&f, &timings),
            ["revm-direct/Sha256-128", "ours-bytecode/Sha256-128"]
        );
    }

    #[test]
    fn series_inversions() {
        let p = |size: u64, v: f64, half: f64| SeriesPoint {
            label: format!("Bn256Pairing-{size}"),
            size,
            value: Interval {
                value: v,
                low: v - half,
                high: v + half,
            },
        };
        // 1, 2, 4, 8 pairs given out of order; 4 pairs cheaper than 2, within the noise,
        // and 8 cheaper than 4 beyond it.
        let pts = [
            p(8, 90.0, 1.0),
            p(1, 50.0, 1.0),
            p(4, 99.0, 2.0),
            p(2, 100.0, 2.0),
        ];
        let inv = inversions("ours-direct Bn256Pairing", &pts);
        assert_eq!(inv.len(), 2);
        assert_eq!(
            (inv[0].from.as_str(), inv[0].to.as_str()),
            ("Bn256Pairing-2", "Bn256Pairing-4")
        );
        assert!(!inv[0].beyond_intervals());
        assert!(inv[1].beyond_intervals());
        assert!(inversions("x", &[p(1, 1.0, 0.0), p(2, 2.0, 0.0)]).is_empty());
        assert_eq!(series_size("Bls12G1MSM", "Bls12G1MSM-128"), Some(128));
        assert_eq!(series_size("Bls12G1MSM", "Bls12G1MSM-Zero"), None);
        assert_eq!(series_size("Bls12G1MSM", "Bls12G2MSM-2"), None);
    }
}
