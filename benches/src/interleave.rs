//! Interleaved timing, the one harness of the gas and EVM reports: several *arms* (an
//! implementation on a case, its anchor, another arithmetic on the same EVM, another process)
//! timed in alternating short batches, round after round, every arm once per round in an order
//! that varies from round to round ([`order`]: ABBA for two arms, shuffled for more). Every ratio is then formed inside each round
//! and the report takes the median over the rounds in which no arm of the ratio ran slow,
//! with its 95 % interval ([`testkit::stats::Rounds::ratio`]).
//!
//! Criterion times each benchmark in one stretch, one after the other, so its ratios divide
//! times taken seconds or minutes apart; on a shared machine a slow state lasting seconds then
//! lands on one side only (the gas report's ECRECOVER anchor read 38-83 µs within one run).
//! Here both sides of a ratio are a few milliseconds apart.

use crate::cpu_time::process_cpu_time;
use std::time::Instant;
use testkit::stats::{median_sorted, Rounds};

/// One batch's time on both clocks, ns.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Elapsed {
    /// The timed process's CPU time.
    pub cpu_ns: f64,
    /// Wall time.
    pub wall_ns: f64,
}

/// Runs `f` once untimed, then `batch` times in this process; returns the time of the `batch`
/// calls on both clocks.
///
/// The untimed call puts every batch in the same state: run after its own code. Without it a
/// batch that followed an arm of the same code (its A/A twin, or another backend on the same
/// library) ran warm, one after different code cold; a call of BN254's 2-pair pairing ran ~12 %
/// faster warm, and a fixed order that let one A/A arm follow its twin more often than the
/// reverse read 0.98 on every run.
#[inline(never)]
pub fn time_batch(batch: u64, mut f: impl FnMut()) -> Elapsed {
    f();
    let (cpu, wall) = (process_cpu_time(), Instant::now());
    for _ in 0..batch {
        f();
    }
    Elapsed {
        cpu_ns: (process_cpu_time() - cpu).as_nanos() as f64,
        wall_ns: wall.elapsed().as_nanos() as f64,
    }
}

/// How many rounds, how long a batch, and which clock the ratios use.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Plan {
    /// Rounds timed (after one untimed warm-up round).
    pub rounds: usize,
    /// The number of the first round, which draws its order ([`order`]): the passes over a run's
    /// sets number their rounds on from one another, so that they do not repeat one pass's
    /// orders (a few orders repeated gave an arm the same neighbours in a fixed share of rounds).
    pub first_round: usize,
    /// Target time of one batch, ns: an arm's batch is sized from one warm call to take about
    /// this (at least one call, at most [`Plan::max_batch`]).
    pub batch_ns: f64,
    /// Upper bound of a batch, calls.
    pub max_batch: u64,
    /// Time by the process's CPU time (single-threaded runs) or wall time.
    pub cpu_clock: bool,
    /// At most this much time in all, ns, the untimed calls before the batches included: fewer
    /// rounds (never under [`Plan::min_rounds`]) for the arms whose single call is long.
    pub budget_ns: f64,
    /// Rounds timed at least, whatever the budget.
    pub min_rounds: usize,
}

impl Plan {
    /// The share of this plan that one of `passes` passes over a report's sets times: the
    /// rounds, the least rounds and the budget divided by `passes` (rounded up, at least one
    /// round), the batches unchanged. The passes' rounds are pooled afterwards
    /// ([`Rounds::append`]).
    pub fn per_pass(&self, passes: usize) -> Plan {
        let passes = passes.max(1);
        Plan {
            rounds: self.rounds.div_ceil(passes).max(1),
            min_rounds: self.min_rounds.div_ceil(passes).max(1),
            budget_ns: self.budget_ns / passes as f64,
            ..*self
        }
    }
}

/// The order of `arms` arms in round `round`. Two arms: ABBA (rounds read AB BA BA AB, so
/// each runs first and second equally often, and after the other). More arms: a shuffle
/// drawn from the round number (deterministic, different every round), so that no arm keeps
/// a place, and no arm keeps a neighbour. A fixed cycle (rotations, Latin squares) places
/// arms that sit together in the list together in every round: go-ethereum's arms, timed in
/// another process, then always ran in one block, and its first batch after the switch from
/// this process differed from the next ones by 25-40 % on a loaded 2-core VM (its A/A ratio
/// read 1.31 under rotation), a carry-over effect that a shuffle turns into noise.
pub fn order(round: usize, arms: usize) -> Vec<usize> {
    let mut o: Vec<usize> = (0..arms).collect();
    if arms == 2 {
        if matches!(round % 4, 1 | 2) {
            o.reverse();
        }
        return o;
    }
    // Fisher-Yates with splitmix64 of the round number.
    let mut state = (round as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ 0x5851_f42d_4c95_7f2d;
    let mut next = || {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    for i in (1..arms).rev() {
        let j = (next() % (i as u64 + 1)) as usize;
        o.swap(i, j);
    }
    o
}

/// The order of the arms in round `round` when the arms marked in `apart` run in another
/// process (go-ethereum's `-serve`): as [`order`] when none or all are, otherwise every such
/// arm has at least ⌊inner/apart⌋ arms of this process before it, also across the boundary
/// between rounds (the apart arms sit at the evenly spaced places `⌊j·k/e⌋`, the same in every
/// round, and each round shuffles which arm fills which place of either kind).
///
/// Why: on a pinned CPU a go-ethereum batch that directly follows another go-ethereum batch
/// is mostly in a slow state (~1.33x on both clocks), one that follows a few batches of this
/// process mostly not; a shuffled order put a varying share of a set's go-ethereum batches in
/// the slow state, and their median flipped between the two levels from run to run.
pub fn order_apart(round: usize, apart: &[bool]) -> Vec<usize> {
    let k = apart.len();
    let outer: Vec<usize> = (0..k).filter(|&i| apart[i]).collect();
    let inner: Vec<usize> = (0..k).filter(|&i| !apart[i]).collect();
    let e = outer.len();
    if e == 0 || e == k {
        return order(round, k);
    }
    let mut o_inner = order(round, inner.len()).into_iter().map(|i| inner[i]);
    let mut o_outer = order(round, e).into_iter().map(|i| outer[i]);
    let mut slots = (0..e).map(|j| j * k / e).peekable();
    (0..k)
        .map(|pos| {
            if slots.peek() == Some(&pos) {
                slots.next();
                o_outer.next()
            } else {
                o_inner.next()
            }
            .expect("as many places of each kind as arms")
        })
        .collect()
}

/// Times `names.len()` arms by `plan`: `run(arm, batch)` runs arm `arm` `batch` times in a row
/// and returns its time (in this process: [`time_batch`]; in another: that process's own
/// measure). Each arm is called once to warm up and size its batch, then one untimed round,
/// then the rounds in [`order`]. Returns the per-round time per call of every arm, or the
/// first error of `run`.
pub fn interleave(
    names: Vec<String>,
    plan: &Plan,
    run: impl FnMut(usize, u64) -> Result<Elapsed, String>,
) -> Result<Rounds, String> {
    let apart = vec![false; names.len()];
    let twins = vec![None; names.len()];
    interleave_apart(names, &apart, &twins, plan, run)
}

/// [`interleave`] with the arms marked in `apart` (same length as `names`) run in another
/// process, hence ordered by [`order_apart`], and each arm `i` with `twins[i] = Some(j)` (an
/// A/A copy of arm `j < i`) run in batches of arm `j`'s size. Sized from one call each, two
/// copies of go-ethereum's SHA256 bytecode arm got batches of 358 and 486 calls, and the longer
/// batch, holding a Go GC cycle more often, read 1.19x the other.
pub fn interleave_apart(
    names: Vec<String>,
    apart: &[bool],
    twins: &[Option<usize>],
    plan: &Plan,
    mut run: impl FnMut(usize, u64) -> Result<Elapsed, String>,
) -> Result<Rounds, String> {
    let k = names.len();
    if apart.len() != k || twins.len() != k {
        return Err(format!(
            "{} arms but {} apart marks and {} twins",
            k,
            apart.len(),
            twins.len()
        ));
    }
    if let Some(i) = (0..k).find(|&i| twins[i].is_some_and(|j| j >= i)) {
        return Err(format!("arm {i}'s twin is not an earlier arm"));
    }
    let clock = |e: &Elapsed| if plan.cpu_clock { e.cpu_ns } else { e.wall_ns };
    let mut batch = Vec::with_capacity(k);
    for (arm, twin) in twins.iter().enumerate() {
        run(arm, 1)?;
        let once = clock(&run(arm, 1)?).max(1.0);
        let own = ((plan.batch_ns / once).ceil() as u64).clamp(1, plan.max_batch.max(1));
        batch.push(twin.map_or(own, |j| batch[j]));
    }
    let mut round_ns = 0.0;
    for arm in order_apart(0, apart) {
        // The batch's untimed call ([`time_batch`]) costs time too.
        round_ns += clock(&run(arm, batch[arm])?) * (batch[arm] + 1) as f64 / batch[arm] as f64;
    }
    let affordable = (plan.budget_ns / round_ns.max(1.0)) as usize;
    let rounds = affordable.clamp(plan.min_rounds.min(plan.rounds), plan.rounds);
    let mut ns = Vec::with_capacity(rounds);
    let mut ratios: Vec<Vec<f64>> = vec![Vec::with_capacity(rounds); k];
    for round in 0..rounds {
        let mut row = vec![0.0; k];
        for arm in order_apart(plan.first_round + round, apart) {
            let e = run(arm, batch[arm])?;
            row[arm] = clock(&e) / batch[arm] as f64;
            ratios[arm].push(e.cpu_ns / e.wall_ns.max(1.0));
        }
        ns.push(row);
    }
    let cpu_per_wall = ratios
        .into_iter()
        .map(|mut r| {
            r.sort_by(f64::total_cmp);
            median_sorted(&r)
        })
        .collect();
    Ok(Rounds {
        arms: names,
        batch,
        ns,
        cpu_per_wall,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orders_vary_and_spread_evenly() {
        let abba: Vec<Vec<usize>> = (0..4).map(|r| order(r, 2)).collect();
        assert_eq!(abba, [[0, 1], [1, 0], [1, 0], [0, 1]]);
        assert_eq!(order(5, 2), [1, 0]);
        assert!(order(3, 0).is_empty());
        assert_eq!(order(3, 1), [0]);
        for k in [3, 6, 11] {
            let rounds = 2000;
            let mut first = vec![0usize; k];
            let mut follows = vec![vec![0usize; k]; k];
            for r in 0..rounds {
                let o = order(r, k);
                let mut seen = o.clone();
                seen.sort();
                assert_eq!(seen, (0..k).collect::<Vec<_>>(), "round {r} of {k}");
                assert_eq!(o, order(r, k), "deterministic");
                first[o[0]] += 1;
                for w in o.windows(2) {
                    follows[w[0]][w[1]] += 1;
                }
            }
            // Every arm first, and every arm right after every other, about equally often
            // (binomial spread: within 35 % of the expectation at these counts).
            let expect_first = rounds as f64 / k as f64;
            assert!(
                first
                    .iter()
                    .all(|&n| (n as f64 - expect_first).abs() < 0.35 * expect_first),
                "{k}: {first:?}"
            );
            let expect_pair = rounds as f64 * (k - 1) as f64 / (k * (k - 1)) as f64;
            for (a, row) in follows.iter().enumerate() {
                for (b, &n) in row.iter().enumerate().filter(|&(b, _)| b != a) {
                    let n = n as f64;
                    assert!(
                        (n - expect_pair).abs() < 0.35 * expect_pair,
                        "{k}: {a}->{b} {n}"
                    );
                }
            }
            // Consecutive rounds differ.
            if k == 11 {
                assert!((0..50).all(|r| order(r, k) != order(r + 1, k)));
            }
        }
    }

    /// Every apart arm has ⌊inner/apart⌋ inner arms before it, within a round and across
    /// rounds; every round is a permutation; the arms take turns in their places.
    #[test]
    fn apart_arms_never_follow_one_another() {
        assert_eq!(order_apart(3, &[false; 5]), order(3, 5));
        assert_eq!(order_apart(3, &[true; 4]), order(3, 4));
        for apart in [
            vec![false, false, false, false, true, true],
            vec![true, false, false, true, false, false, false, true, false],
            vec![false, true, false, false, false],
            vec![true, true, true, false, false],
            vec![false, false, false, false, false, false, false, true, true],
        ] {
            let k = apart.len();
            let e = apart.iter().filter(|&&a| a).count();
            let min_gap = (k - e) / e;
            let mut seq = Vec::new();
            let mut first = vec![0usize; k];
            for r in 0..400 {
                let o = order_apart(r, &apart);
                let mut seen = o.clone();
                seen.sort();
                assert_eq!(seen, (0..k).collect::<Vec<_>>(), "{apart:?} round {r}");
                assert_eq!(o, order_apart(r, &apart), "deterministic");
                first[o[0]] += 1;
                seq.extend(o);
            }
            let mut since = usize::MAX;
            for (i, &arm) in seq.iter().enumerate() {
                if apart[arm] {
                    assert!(since >= min_gap, "{apart:?}: {since} before position {i}");
                    since = 0;
                } else {
                    since = since.saturating_add(1);
                }
            }
            // The first place is an apart one, taken by each apart arm in turn.
            for (arm, &n) in first.iter().enumerate() {
                if apart[arm] {
                    assert!((n as f64 - 400.0 / e as f64).abs() < 0.35 * 400.0 / e as f64);
                } else {
                    assert_eq!(n, 0);
                }
            }
        }
    }

    /// The timed rounds draw their orders from `first_round` on, so passes do not repeat
    /// each other's orders; every batch is preceded by one untimed call of its own.
    #[test]
    fn rounds_are_numbered_from_first_round() {
        for first_round in [0, 17, 34] {
            let plan = Plan {
                rounds: 17,
                first_round,
                batch_ns: 1000.0,
                max_batch: 1000,
                cpu_clock: true,
                budget_ns: 1e12,
                min_rounds: 17,
            };
            let mut log = Vec::new();
            interleave(
                vec!["a".into(), "b".into(), "c".into()],
                &plan,
                |arm, batch| {
                    log.push((arm, batch));
                    Ok(Elapsed {
                        cpu_ns: 100.0 * batch as f64,
                        wall_ns: 100.0 * batch as f64,
                    })
                },
            )
            .unwrap();
            // 6 sizing calls and the untimed round, then the timed rounds in order.
            let timed: Vec<usize> = log[9..].iter().map(|&(arm, _)| arm).collect();
            let expected: Vec<usize> = (0..17).flat_map(|r| order(first_round + r, 3)).collect();
            assert_eq!(timed, expected, "first_round {first_round}");
        }
        let passes: Vec<Vec<usize>> = [0, 17]
            .iter()
            .map(|&f| (f..f + 17).flat_map(|r| order(r, 5)).collect())
            .collect();
        assert_ne!(passes[0], passes[1]);
        let mut calls = 0;
        time_batch(5, || calls += 1);
        assert_eq!(calls, 6, "one untimed call, then the batch");
    }

    /// An A/A copy runs in batches of its original's size, whatever its own sizing call read;
    /// a twin that is not an earlier arm is refused.
    #[test]
    fn twins_take_their_originals_batch() {
        let plan = Plan {
            rounds: 4,
            first_round: 0,
            batch_ns: 1000.0,
            max_batch: 1000,
            cpu_clock: true,
            budget_ns: 1e12,
            min_rounds: 4,
        };
        let mut sizing = 0;
        let rounds = interleave_apart(
            vec!["a".into(), "b".into(), "a#2".into()],
            &[false; 3],
            &[None, None, Some(0)],
            &plan,
            |arm, batch| {
                // The copy's sizing call reads slow (as a disturbed call would).
                sizing += 1;
                let per_call = if arm == 2 && sizing <= 6 { 40.0 } else { 10.0 };
                Ok(Elapsed {
                    cpu_ns: per_call * batch as f64,
                    wall_ns: per_call * batch as f64,
                })
            },
        )
        .unwrap();
        assert_eq!(rounds.batch, vec![100, 100, 100]);
        let refused = interleave_apart(
            vec!["a".into(), "b".into()],
            &[false; 2],
            &[Some(1), None],
            &plan,
            |_, _| unreachable!("refused before any call"),
        );
        assert!(refused.is_err());
    }

    /// A fake clock: arm 1 costs twice arm 0 per call, and the machine is three times slower
    /// during the calls of every third round (a slow state hitting both arms of the round).
    #[test]
    fn ratios_come_from_the_same_rounds() {
        let plan = Plan {
            rounds: 30,
            first_round: 0,
            batch_ns: 1000.0,
            max_batch: 1000,
            cpu_clock: true,
            budget_ns: 1e12,
            min_rounds: 5,
        };
        let mut calls = 0u64;
        let mut log = Vec::new();
        let rounds = interleave(vec!["a".into(), "b".into()], &plan, |arm, batch| {
            calls += 1;
            log.push((arm, batch));
            // Calls 1-4 warm up and size, 5-6 are the untimed round; then 2 per round.
            let round = calls.saturating_sub(7) / 2;
            let slow = if round % 3 == 2 { 3.0 } else { 1.0 };
            let per_call = 10.0 * (arm + 1) as f64 * slow;
            Ok(Elapsed {
                cpu_ns: per_call * batch as f64,
                wall_ns: 2.0 * per_call * batch as f64,
            })
        })
        .unwrap();
        assert_eq!(rounds.len(), 30);
        // Batches sized to 1000 ns: 100 calls of a, 50 of b.
        assert_eq!(rounds.batch, vec![100, 50]);
        assert_eq!(rounds.ratio("b", "a"), Some((2.0, 2.0, 2.0)));
        assert_eq!(rounds.cpu_per_wall, vec![0.5, 0.5]);
        // Round 1 ran b first (ABBA), and the slow rounds are slow on both arms.
        assert_eq!(&log[8..10], &[(1, 50), (0, 100)]);
        assert_eq!(rounds.ns[2], vec![30.0, 60.0]);
        let (t, lo, hi) = rounds.time("a").unwrap();
        assert_eq!((t, lo, hi), (10.0, 10.0, 30.0));
    }

    #[test]
    fn a_pass_takes_its_share_of_the_plan() {
        let plan = Plan {
            rounds: 47,
            first_round: 0,
            batch_ns: 2e6,
            max_batch: 1000,
            cpu_clock: true,
            budget_ns: 3e9,
            min_rounds: 15,
        };
        let p = plan.per_pass(5);
        assert_eq!((p.rounds, p.min_rounds, p.budget_ns), (10, 3, 6e8));
        assert_eq!((p.batch_ns, p.max_batch, p.cpu_clock), (2e6, 1000, true));
        assert_eq!(plan.per_pass(1), plan);
        assert_eq!(plan.per_pass(0), plan);
        assert_eq!(plan.per_pass(100).rounds, 1);
    }

    #[test]
    fn the_budget_cuts_rounds_but_not_below_the_minimum() {
        let plan = Plan {
            rounds: 100,
            first_round: 0,
            batch_ns: 10.0,
            max_batch: 10,
            cpu_clock: false,
            budget_ns: 2000.0,
            min_rounds: 7,
        };
        // Each call takes 50 ns of wall time: a round of two arms, one call each and its
        // untimed call, is 200 ns; 10 rounds fit.
        let each = |_: usize, b: u64| {
            Ok(Elapsed {
                cpu_ns: 0.0,
                wall_ns: 50.0 * b as f64,
            })
        };
        assert_eq!(
            interleave(vec!["a".into(), "b".into()], &plan, each)
                .unwrap()
                .len(),
            10
        );
        let tight = Plan {
            budget_ns: 10.0,
            ..plan
        };
        assert_eq!(
            interleave(vec!["a".into(), "b".into()], &tight, each)
                .unwrap()
                .len(),
            7
        );
        let failing = |arm: usize, _| {
            if arm == 1 {
                Err("arm 1 broke".to_string())
            } else {
                each(arm, 1)
            }
        };
        assert_eq!(
            interleave(vec!["a".into(), "b".into()], &plan, failing).unwrap_err(),
            "arm 1 broke"
        );
    }
}
