//! The generated-input campaign: workers take cases in chunks, each case is compared between
//! ours and every peer; one precompile at a time, so that each gets its own time.

use super::geth::{self, Server};
use super::{regressions, Peer};
use indicatif::{ProgressBar, ProgressStyle};
use precompile::{Fork, Precompile};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};
use testkit::inputs::{case_rng, gas_limit, generate, Family, Pool};
use testkit::oracle::{our_call, revm_call, Outcome};

/// Valid objects (signatures, points, proofs) per kind in the generators' pool.
const POOL_SIZE: usize = 32;
/// Cases a worker takes at a time.
const CHUNK: u64 = 64;
/// Mismatches kept (for the report and `vectors/regressions/`) per precompile; all are counted.
const KEPT: usize = 50;

/// What to compare.
pub struct Plan {
    /// The fork whose precompiles and prices are used.
    pub fork: Fork,
    /// The precompiles to compare, in order.
    pub precompiles: Vec<Precompile>,
    /// Only inputs of this edge family (`None`: the full generators, which draw a share from
    /// the families).
    pub family: Option<Family>,
    /// The peers each case is compared with.
    pub peers: Vec<Peer>,
    /// Cases per precompile.
    pub cases: u64,
    /// Generator seed.
    pub seed: u64,
    /// Worker threads.
    pub jobs: usize,
}

/// One side of a comparison: the outcome (`None`: no such precompile) and a note (a peer's
/// error text, or the message of a panic).
#[derive(Clone, Debug)]
pub struct Side {
    /// What the call returned.
    pub outcome: Option<Outcome>,
    /// Why it failed, when known; `panic: ...` when it panicked.
    pub note: Option<String>,
}

impl Side {
    fn panicked(&self) -> bool {
        self.note.as_deref().is_some_and(|n| n.starts_with("panic"))
    }

    /// A one-line description: `ok gas 3000, 32 bytes 0x...`, `out of gas`, `failed (why)`.
    pub fn describe(&self) -> String {
        match (&self.outcome, &self.note) {
            (None, Some(n)) => n.clone(),
            (None, None) => "no such precompile".into(),
            (Some(Outcome::Success { output, gas_used }), _) => {
                format!("ok, gas {gas_used}, output 0x{}", hex::encode(output))
            }
            (Some(Outcome::Failure { out_of_gas: true }), _) => "out of gas".into(),
            (Some(Outcome::Failure { .. }), n) => {
                format!("failed ({})", n.as_deref().unwrap_or("invalid input"))
            }
        }
    }
}

/// A case on which a peer disagrees with us.
#[derive(Clone, Debug)]
pub struct Mismatch {
    /// The precompile.
    pub precompile: Precompile,
    /// The fork.
    pub fork: Fork,
    /// The peer that disagrees.
    pub peer: Peer,
    /// The generator seed and case index that reproduce it.
    pub seed: u64,
    /// The case index.
    pub index: u64,
    /// The input and gas limit.
    pub input: Vec<u8>,
    /// The gas limit both were given.
    pub gas_limit: u64,
    /// Our answer.
    pub ours: Side,
    /// The peer's answer.
    pub theirs: Side,
}

/// Per-precompile totals.
struct Row {
    name: &'static str,
    number: u16,
    checked: u64,
    mismatches: u64,
    reasons_differ: u64,
    succeeded: u64,
    time: Duration,
}

/// Prints `line` above the progress bar (or plainly when there is no bar).
fn say(bar: &ProgressBar, line: String) {
    if bar.is_hidden() {
        println!("{line}");
    } else {
        bar.println(line);
    }
}

/// Runs `plan`, prints the per-precompile summary and the final `N checked, M mismatches`
/// line, and writes the mismatches to `regressions` (failure exit status if any).
pub fn run(root: &Path, plan: Plan, regressions: &Path) -> Result<ExitCode, String> {
    let mut servers: Vec<Option<Server>> = Vec::with_capacity(plan.jobs);
    let mut geth_version = None;
    if plan.peers.contains(&Peer::Geth) {
        let exe = geth::build(root)?;
        for _ in 0..plan.jobs {
            let server = Server::start(&exe)?;
            geth_version.get_or_insert_with(|| server.version().to_string());
            servers.push(Some(server));
        }
    } else {
        servers.resize_with(plan.jobs, || None);
    }
    let peers: Vec<String> = plan
        .peers
        .iter()
        .map(|p| match (p, &geth_version) {
            (Peer::Geth, Some(v)) => format!("go-ethereum {v}"),
            (Peer::Revm, _) => "revm-precompile 43".to_string(),
            (p, _) => p.name().to_string(),
        })
        .collect();
    println!(
        "diff: {} precompile(s) at {}, {} inputs each{}, seed {}, against {} ({} jobs)",
        plan.precompiles.len(),
        plan.fork,
        plan.cases,
        plan.family
            .map(|f| format!(" of family {f}"))
            .unwrap_or_default(),
        plan.seed,
        peers.join(" and "),
        plan.jobs
    );
    let pool = Pool::new(plan.seed, POOL_SIZE);
    let bar = progress(plan.cases * plan.precompiles.len() as u64);
    if bar.is_hidden() {
        println!("{HEADER}");
    }
    let mut rows = Vec::new();
    let mut kept = Vec::new();
    for &p in &plan.precompiles {
        bar.set_message(p.name());
        let started = Instant::now();
        let tally = run_precompile(&plan, p, &pool, &mut servers, &bar)?;
        let row = Row {
            name: p.name(),
            number: p.number(),
            checked: plan.cases,
            mismatches: tally.mismatches,
            reasons_differ: tally.reasons_differ,
            succeeded: tally.succeeded,
            time: started.elapsed(),
        };
        say(&bar, format_row(&row));
        for m in &tally.kept {
            say(
                &bar,
                format!(
                "  MISMATCH {} case {} (seed {}{}), limit {}, input 0x{}\n    ours: {}\n    {}: {}",
                p.name(),
                m.index,
                m.seed,
                plan.family.map(|f| format!(", family {f}")).unwrap_or_default(),
                m.gas_limit,
                hex::encode(&m.input),
                m.ours.describe(),
                m.peer.name(),
                m.theirs.describe()
            ),
            );
        }
        kept.extend(tally.kept);
        rows.push(row);
    }
    if !bar.is_hidden() {
        bar.finish_and_clear();
        println!("{HEADER}");
        for row in &rows {
            println!("{}", format_row(row));
        }
    }
    if !kept.is_empty() {
        for file in regressions::write(regressions, &kept, geth_version.as_deref())? {
            println!("wrote {}", file.display());
        }
    }
    let checked: u64 = rows.iter().map(|r| r.checked).sum();
    let mismatches: u64 = rows.iter().map(|r| r.mismatches).sum();
    println!("{checked} checked, {mismatches} mismatches");
    Ok(if mismatches == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// The summary's header: `ok` is the share of cases on which our call succeeded; `oog/invalid`
/// counts cases both sides failed, one for lack of gas and one for a bad input (the same to
/// the EVM: a failure consumes all gas given).
const HEADER: &str =
    "precompile               addr    checked  mismatches       time        ok oog/invalid";

fn format_row(r: &Row) -> String {
    format!(
        "{:<22} {:>6} {:>10} {:>11} {:>9.1}s {:>9.1}% {:>10}",
        r.name,
        format!("{:#04x}", r.number),
        r.checked,
        r.mismatches,
        r.time.as_secs_f64(),
        100.0 * r.succeeded as f64 / r.checked.max(1) as f64,
        r.reasons_differ
    )
}

fn progress(total: u64) -> ProgressBar {
    if !crate::gas::run::interactive() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(total);
    bar.set_style(
        ProgressStyle::with_template(
            "{spinner} [{elapsed}] {bar:30.cyan/blue} {pos}/{len} (eta {eta}) {wide_msg}",
        )
        .expect("valid template"),
    );
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}

/// The result of one precompile's cases.
struct Tally {
    /// Cases on which some peer disagrees.
    mismatches: u64,
    /// Cases on which both fail, but only one side for lack of gas (not a disagreement).
    reasons_differ: u64,
    /// Cases on which our call succeeded (how much of the mix reaches the success path).
    succeeded: u64,
    /// The first [`KEPT`] mismatches, by case index.
    kept: Vec<Mismatch>,
}

/// Compares `plan.cases` inputs of `p` on every worker.
fn run_precompile(
    plan: &Plan,
    p: Precompile,
    pool: &Pool,
    servers: &mut [Option<Server>],
    bar: &ProgressBar,
) -> Result<Tally, String> {
    let next = AtomicU64::new(0);
    let count = AtomicU64::new(0);
    let reasons = AtomicU64::new(0);
    let successes = AtomicU64::new(0);
    let found = Mutex::new(Vec::new());
    let results: Vec<Result<(), String>> = std::thread::scope(|s| {
        let workers: Vec<_> = servers
            .iter_mut()
            .map(|server| {
                let (next, count, found) = (&next, &count, &found);
                let (reasons, successes) = (&reasons, &successes);
                s.spawn(move || -> Result<(), String> {
                    loop {
                        let start = next.fetch_add(CHUNK, Ordering::Relaxed);
                        if start >= plan.cases {
                            return Ok(());
                        }
                        let end = (start + CHUNK).min(plan.cases);
                        for index in start..end {
                            let mut flags = CaseFlags::default();
                            let ms = check_case(plan, p, pool, index, server.as_mut(), &mut flags)?;
                            reasons.fetch_add(u64::from(flags.reasons_differ), Ordering::Relaxed);
                            successes.fetch_add(u64::from(flags.succeeded), Ordering::Relaxed);
                            if !ms.is_empty() {
                                count.fetch_add(1, Ordering::Relaxed);
                                let mut f = found.lock().expect("no panic while held");
                                f.extend(ms);
                            }
                        }
                        bar.inc(end - start);
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().unwrap_or_else(|_| Err("a worker panicked".into())))
            .collect()
    });
    results.into_iter().collect::<Result<(), String>>()?;
    let mut found = found.into_inner().expect("workers done");
    found.sort_by_key(|m: &Mismatch| (m.index, m.peer.name()));
    found.truncate(KEPT);
    Ok(Tally {
        mismatches: count.into_inner(),
        reasons_differ: reasons.into_inner(),
        succeeded: successes.into_inner(),
        kept: found,
    })
}

/// Runs `f`, turning a panic into a [`Side`] with the panic's message.
fn guarded(f: impl FnOnce() -> Option<Outcome>) -> Side {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(outcome) => Side {
            outcome,
            note: None,
        },
        Err(e) => {
            let msg = e
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            Side {
                outcome: None,
                note: Some(format!("panic: {msg}")),
            }
        }
    }
}

/// What a case showed besides its mismatches.
#[derive(Default)]
struct CaseFlags {
    /// Both sides failed, only one for lack of gas.
    reasons_differ: bool,
    /// Our call succeeded.
    succeeded: bool,
}

/// Case `index` of `p`: generates it, runs ours and each peer; returns the disagreements.
fn check_case(
    plan: &Plan,
    p: Precompile,
    pool: &Pool,
    index: u64,
    server: Option<&mut Server>,
    flags: &mut CaseFlags,
) -> Result<Vec<Mismatch>, String> {
    let (fork, number) = (plan.fork, p.number());
    let mut rng = case_rng(plan.seed, number, index);
    let input = match plan.family {
        Some(f) => f
            .generate(p.id(), &mut rng, pool)
            .ok_or_else(|| format!("internal: family {f} has no input for {}", p.name()))?,
        None => generate(p.id(), &mut rng, pool),
    };
    let limit = gas_limit(&mut rng, p.required_gas(&input));
    let ours = guarded(|| our_call(fork, number, &input, limit));
    flags.succeeded = matches!(ours.outcome, Some(Outcome::Success { .. }));
    let mut server = server;
    let mut out = Vec::new();
    for &peer in &plan.peers {
        let theirs = match peer {
            Peer::Revm => guarded(|| revm_call(fork, number, &input, limit)),
            Peer::Geth => {
                let server = server
                    .as_deref_mut()
                    .ok_or("internal: geth peer without a server")?;
                let answer = server.call(fork, number, &input, limit)?;
                Side {
                    outcome: answer.outcome,
                    note: answer.reason,
                }
            }
        };
        // A failure consumes all the gas given, whatever its reason: out of gas and invalid
        // input are the same to the EVM (implementations check in different orders).
        let same = match (&ours.outcome, &theirs.outcome) {
            (
                Some(Outcome::Failure { out_of_gas: a }),
                Some(Outcome::Failure { out_of_gas: b }),
            ) => {
                flags.reasons_differ |= a != b;
                true
            }
            (a, b) => a == b,
        };
        if !same || theirs.panicked() || ours.panicked() {
            out.push(Mismatch {
                precompile: p,
                fork,
                peer,
                seed: plan.seed,
                index,
                input: input.clone(),
                gas_limit: limit,
                ours: ours.clone(),
                theirs,
            });
        }
    }
    Ok(out)
}
