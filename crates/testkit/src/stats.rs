//! Medians of measurements, for the reports, and [`Rounds`]: the per-round times of an
//! interleaved timing (several arms timed in alternating batches, see `evm_benches::interleave`),
//! from which every ratio of the gas and EVM reports is taken round by round (in the rounds in
//! which no arm of the ratio ran slow: [`Rounds::clean_rounds`]).

use serde::{Deserialize, Serialize};

/// The median of ascending `xs` (the mean of the middle two for an even count); NaN if empty.
pub fn median_sorted(xs: &[f64]) -> f64 {
    let n = xs.len();
    match n {
        0 => f64::NAN,
        _ if n % 2 == 1 => xs[n / 2],
        _ => (xs[n / 2 - 1] + xs[n / 2]) / 2.0,
    }
}

/// The median of `xs` and its 95 % distribution-free interval: the order statistics at ranks
/// n/2 -+ 1.96 sqrt(n)/2 (normal approximation of the binomial). NaNs if `xs` is empty.
pub fn median_interval(mut xs: Vec<f64>) -> (f64, f64, f64) {
    if xs.is_empty() {
        return (f64::NAN, f64::NAN, f64::NAN);
    }
    xs.sort_by(f64::total_cmp);
    let n = xs.len();
    let half = 0.98 * (n as f64).sqrt();
    let mid = n as f64 / 2.0;
    let low = (mid - half).floor().max(0.0) as usize;
    let high = ((mid + half).ceil() as usize).min(n - 1);
    (median_sorted(&xs), xs[low], xs[high])
}

/// The times of an interleaved timing: `arms` timed in alternating batches, round after round,
/// each round running every arm once (in a varied order).
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
pub struct Rounds {
    /// The arms' names, e.g. `ours/case`, `revm/anchor`.
    pub arms: Vec<String>,
    /// Calls per batch, per arm.
    pub batch: Vec<u64>,
    /// Time per call in ns, `ns[round][arm]` (the batch's time over its calls).
    pub ns: Vec<Vec<f64>>,
    /// Per arm, the median over rounds of its batch's CPU time over its wall time.
    pub cpu_per_wall: Vec<f64>,
}

impl Rounds {
    /// The index of the arm named `name`.
    pub fn arm(&self, name: &str) -> Option<usize> {
        self.arms.iter().position(|a| a == name)
    }

    /// Rounds timed.
    pub fn len(&self) -> usize {
        self.ns.len()
    }

    /// Whether no round was timed.
    pub fn is_empty(&self) -> bool {
        self.ns.is_empty()
    }

    /// Arm `arm`'s time per call: the median over rounds with its 95 % interval (NaNs when
    /// there is no round; `None` for an unknown arm).
    pub fn time(&self, arm: &str) -> Option<(f64, f64, f64)> {
        let i = self.arm(arm)?;
        Some(median_interval(self.ns.iter().map(|r| r[i]).collect()))
    }

    /// Appends the rounds of `later`, a timing of the same arms taken later (another pass of
    /// the same set): the rounds are pooled, `batch` stays this timing's, and `cpu_per_wall`
    /// becomes the round-weighted mean of both. An error when the arms differ.
    pub fn append(&mut self, later: Rounds) -> Result<(), String> {
        if later.arms != self.arms {
            return Err(format!(
                "cannot pool rounds of arms {:?} with {:?}",
                later.arms, self.arms
            ));
        }
        let (n, m) = (self.len() as f64, later.len() as f64);
        if n + m > 0.0 {
            for (c, l) in self.cpu_per_wall.iter_mut().zip(&later.cpu_per_wall) {
                *c = (*c * n + l * m) / (n + m);
            }
        }
        self.ns.extend(later.ns);
        Ok(())
    }

    /// `t(num) / t(den)` formed in each clean round (see [`Rounds::clean_rounds`]), then the
    /// median over those rounds with its 95 % interval: both times of every ratio come from
    /// the same round, so a machine state that lasts longer than a round moves both, and a
    /// round in which either arm was disturbed does not count. `None` when an arm is unknown.
    pub fn ratio(&self, num: &str, den: &str) -> Option<(f64, f64, f64)> {
        self.ratio_in_rounds(num, den).map(|(r, _)| r)
    }

    /// [`Rounds::ratio`] and the number of rounds it was taken over (its clean rounds, or every
    /// round). `None` when an arm is unknown.
    pub fn ratio_in_rounds(&self, num: &str, den: &str) -> Option<((f64, f64, f64), usize)> {
        let (a, b) = (self.arm(num)?, self.arm(den)?);
        let ratios: Vec<f64> = self
            .clean_rounds(&[a, b])
            .into_iter()
            .map(|r| r[a] / r[b])
            .collect();
        let n = ratios.len();
        Some((median_interval(ratios), n))
    }

    /// The rounds in which every arm of `arms` ran at or below its own median time over all
    /// rounds, or every round when fewer than [`MIN_CLEAN_ROUNDS`] are. A disturbance (the
    /// other core's load, a Go GC cycle or runtime thread, a slow state of the host) only adds
    /// time, and it strikes the arms of a round independently: a round in which one arm ran
    /// slow would carry that arm's disturbance into the ratio, and the median of all per-round
    /// ratios moved with the share of such rounds from run to run.
    pub fn clean_rounds(&self, arms: &[usize]) -> Vec<&[f64]> {
        let medians: Vec<f64> = arms
            .iter()
            .map(|&i| {
                let mut xs: Vec<f64> = self.ns.iter().map(|r| r[i]).collect();
                xs.sort_by(f64::total_cmp);
                median_sorted(&xs)
            })
            .collect();
        let clean: Vec<&[f64]> = self
            .ns
            .iter()
            .filter(|r| arms.iter().zip(&medians).all(|(&i, &m)| r[i] <= m))
            .map(Vec::as_slice)
            .collect();
        if clean.len() >= MIN_CLEAN_ROUNDS {
            clean
        } else {
            self.ns.iter().map(Vec::as_slice).collect()
        }
    }
}

/// The fewest clean rounds a ratio is taken over ([`Rounds::clean_rounds`]); with fewer, every
/// round counts.
pub const MIN_CLEAN_ROUNDS: usize = 7;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ratios_are_taken_round_by_round() {
        // A slow state hits both arms of round 1: per-round ratios stay 2, while the ratio of
        // the arms' medians would not be.
        let r = Rounds {
            arms: vec!["a".into(), "b".into()],
            batch: vec![1, 1],
            ns: vec![vec![2.0, 1.0], vec![20.0, 10.0], vec![4.0, 2.0]],
            cpu_per_wall: vec![1.0, 1.0],
        };
        assert_eq!(r.ratio("a", "b"), Some((2.0, 2.0, 2.0)));
        assert_eq!(r.ratio("b", "a"), Some((0.5, 0.5, 0.5)));
        assert_eq!(r.time("a").unwrap().0, 4.0);
        assert!(r.ratio("a", "c").is_none());
        assert_eq!((r.len(), r.is_empty()), (3, false));
    }

    #[test]
    fn ratios_skip_rounds_in_which_an_arm_ran_slow() {
        // `a` takes 2, `b` 1, but `b` is disturbed in 6 of every 11 rounds (1.1 to 1.6): the
        // median of all per-round ratios (1.82) carries the disturbance, the clean rounds
        // (both arms at or below their medians, 2.0 and 1.1) do not.
        let pattern = [1.0, 1.0, 1.0, 1.0, 1.0, 1.1, 1.2, 1.3, 1.4, 1.5, 1.6];
        let ns: Vec<Vec<f64>> = (0..3)
            .flat_map(|_| pattern.iter().map(|&b| vec![2.0, b]))
            .collect();
        let all = median_interval(ns.iter().map(|r| r[0] / r[1]).collect()).0;
        assert!((all - 2.0 / 1.1).abs() < 1e-12);
        let r = Rounds {
            arms: vec!["a".into(), "b".into()],
            batch: vec![1, 1],
            ns,
            cpu_per_wall: vec![1.0, 1.0],
        };
        assert_eq!(r.clean_rounds(&[0, 1]).len(), 18);
        assert_eq!(r.ratio("a", "b").unwrap().0, 2.0);
        // Too few clean rounds: every round counts.
        let short = Rounds {
            ns: r.ns[..11].to_vec(),
            ..r.clone()
        };
        assert_eq!(short.clean_rounds(&[0, 1]).len(), 11);
        assert!((short.ratio("a", "b").unwrap().0 - 2.0 / 1.1).abs() < 1e-12);
    }

    #[test]
    fn passes_pool_their_rounds() {
        let first = |ns: Vec<Vec<f64>>, c: f64| Rounds {
            arms: vec!["a".into(), "b".into()],
            batch: vec![3, 4],
            ns,
            cpu_per_wall: vec![c, 1.0],
        };
        let mut r = first(vec![vec![2.0, 1.0]], 0.9);
        r.append(first(
            vec![vec![6.0, 2.0], vec![9.0, 3.0], vec![12.0, 4.0]],
            0.5,
        ))
        .unwrap();
        assert_eq!(r.len(), 4);
        assert_eq!(r.ratio("a", "b").unwrap().0, 3.0);
        assert!((r.cpu_per_wall[0] - 0.6).abs() < 1e-12);
        assert_eq!(r.batch, vec![3, 4]);
        let mut other = first(vec![], 1.0);
        other.arms[1] = "c".into();
        assert!(r.append(other).is_err());
        assert_eq!(r.len(), 4, "a refused pass leaves the rounds as they were");
    }

    #[test]
    fn median_and_its_interval() {
        let (m, lo, hi) = median_interval((1..=25).rev().map(f64::from).collect());
        // n = 25: ranks 12.5 -+ 4.9 -> 7 and 18 (0-based), values 8 and 19.
        assert_eq!((m, lo, hi), (13.0, 8.0, 19.0));
        assert_eq!(median_interval(vec![2.0, 1.0]), (1.5, 1.0, 2.0));
        assert_eq!(median_interval(vec![3.0]), (3.0, 3.0, 3.0));
        assert!(median_interval(vec![]).0.is_nan());
        assert!(median_sorted(&[]).is_nan());
    }
}
