//! The gas report's interleaved timing: writes `DIR/rounds.json` (typed in `testkit::files`).
//!
//! Usage: `interleaved --out DIR --started UNIX [--fork NAME] [--quick] [--filter REGEX]
//! [--geth EXE]`. For every case (those the filter selects, and the anchor) and both modes,
//! the arms of `evm_benches::gas_rounds::arms` (ours, revm, the backends of the case's
//! precompile, go-ethereum with `--geth`, each with its own anchor, and the A/A arms) are timed
//! in alternating batches by `evm_benches::interleave`. Direct arms call the precompile;
//! bytecode arms run one transaction on one of two revm EVMs (the case's and the anchor's),
//! whose precompile provider is swapped between batches. go-ethereum's arms are batches timed
//! inside `EXE -serve` (started by this process, so under the same CPU affinity), this process
//! waiting on the pipe meanwhile; they never follow one another in a round
//! (`interleave::order_apart`), and each starts after an untimed settle sleep
//! (`gas_rounds::GETH_SETTLE_US`). Progress lines `interleaved [i/n] <mode>/<case>: ...` go to
//! stderr. `--started` is the run's start time (run.json), recorded so that the report can
//! tell this file from another run's.
//!
//! With `--revm-crypto` the process first installs our arithmetic as revm's crypto backend
//! (`precompile::revm_crypto::install`, global and irreversible, hence a process of its own),
//! then times only ours and revm (now "revm + our crypto", arm name `revm-crypto`), each with
//! its anchor, and writes `DIR/rounds-revm-crypto.json` instead: what the one
//! `install_crypto` call buys a revm user, against ours in the same rounds (and against stock
//! revm through ours, the arm both processes share).

use evm_benches::evm::{self, BytecodeRunner, Switched};
use evm_benches::gas_rounds::{self, arms, plan, ArmSpec, Target, GETH_SETTLE_US};
use evm_benches::impls::{self, Backend, DIRECT_GAS_LIMIT};
use evm_benches::interleave::{interleave_apart, time_batch, Elapsed, Plan};
use evm_benches::{cases, config, Case};
use precompile::Fork;
use regex::Regex;
use std::hint::black_box;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;
use testkit::files::{write_json, ClockCheck, RoundSet, RoundsFile, ANCHOR_CASE};
use testkit::geth_serve::Server;
use testkit::oracle::our_outcome;
use testkit::stats::median_interval;

/// Command-line options.
struct Options {
    out: PathBuf,
    started: u64,
    fork: Fork,
    quick: bool,
    filter: Option<Regex>,
    geth: Option<PathBuf>,
    /// Sweeps over all sets, each timing its share of every set's rounds.
    passes: usize,
    /// Install our crypto backend into revm first; time ours and revm + our crypto only.
    revm_crypto: bool,
}

fn usage() -> ExitCode {
    eprintln!(
        "usage: interleaved --out DIR --started UNIX [--fork NAME] [--quick] [--filter REGEX] [--passes N] [--geth EXE | --revm-crypto]"
    );
    ExitCode::from(2)
}

fn main() -> ExitCode {
    let (mut out, mut started, mut fork) = (None, None, config::fork());
    let (mut quick, mut filter, mut geth) = (config::quick(), None, None);
    let mut revm_crypto = false;
    let mut passes = None;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        if a == "--quick" {
            quick = true;
            continue;
        }
        if a == "--revm-crypto" {
            revm_crypto = true;
            continue;
        }
        let Some(v) = args.next() else {
            return usage();
        };
        let ok = match a.as_str() {
            "--out" => {
                out = Some(PathBuf::from(v));
                true
            }
            "--geth" => {
                geth = Some(PathBuf::from(v));
                true
            }
            "--started" => v.parse().map(|s| started = Some(s)).is_ok(),
            "--fork" => v.parse().map(|f| fork = f).is_ok(),
            "--filter" => Regex::new(&v).map(|re| filter = Some(re)).is_ok(),
            "--passes" => v
                .parse()
                .map(|n| passes = Some(n))
                .is_ok_and(|_| passes != Some(0)),
            _ => false,
        };
        if !ok {
            return usage();
        }
    }
    let (Some(out), Some(started)) = (out, started) else {
        return usage();
    };
    if revm_crypto && geth.is_some() {
        return usage();
    }
    let options = Options {
        out,
        started,
        fork,
        quick,
        filter,
        passes: passes.unwrap_or(gas_rounds::passes(quick)),
        geth,
        revm_crypto,
    };
    match run(&options) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Per-batch clock readings of the driver and of go-ethereum, for [`ClockCheck`].
#[derive(Default)]
struct Clocks {
    driver: Vec<f64>,
    geth: Vec<f64>,
    geth_outer: Vec<f64>,
}

impl Clocks {
    fn checks(&self) -> Vec<ClockCheck> {
        let median = |xs: &[f64]| median_interval(xs.to_vec()).0;
        let mut out = vec![ClockCheck {
            process: "driver".into(),
            cpu_per_wall: median(&self.driver),
            outer_per_inner: 1.0,
            batches: self.driver.len(),
        }];
        if !self.geth.is_empty() {
            out.push(ClockCheck {
                process: "geth".into(),
                cpu_per_wall: median(&self.geth),
                outer_per_inner: median(&self.geth_outer),
                batches: self.geth.len(),
            });
        }
        out
    }
}

/// go-ethereum's `-serve` process and the ids it has prepared.
struct Geth {
    server: Server,
}

impl Geth {
    /// Checks go-ethereum's direct answer on `case` against ours, then prepares it as `id`.
    fn prepare(&mut self, id: &str, fork: Fork, mode: &str, case: &Case) -> Result<(), String> {
        let p = case.precompile(fork).ok_or("no precompile at the fork")?;
        let ours = our_outcome(p.run(&case.input, DIRECT_GAS_LIMIT));
        let theirs = self
            .server
            .call(fork, case.number, &case.input, DIRECT_GAS_LIMIT)?;
        if theirs.outcome.as_ref() != Some(&ours) {
            return Err(format!(
                "go-ethereum disagrees with ours on {}: {theirs:?}",
                case.name
            ));
        }
        self.server
            .prepare(id, fork, mode, case.number, &case.input)
    }
}

fn selected(filter: Option<&Regex>, case: &Case, imps: &[String]) -> bool {
    let Some(f) = filter else { return true };
    case.name == ANCHOR_CASE
        || f.is_match(&case.name)
        || imps.iter().any(|imp| {
            ["direct", "bytecode"]
                .iter()
                .any(|mode| f.is_match(&format!("{imp}-{mode}/{}", case.name)))
        })
}

fn run(o: &Options) -> Result<(), String> {
    // Before any revm precompile call: the first one would fix revm's default backend.
    if o.revm_crypto && !precompile::revm_crypto::install() {
        return Err("revm's crypto backend was already set; cannot install ours".into());
    }
    // revm's arms: stock revm, or revm with our crypto installed.
    let revm_name = if o.revm_crypto { "revm-crypto" } else { "revm" };
    let fork = o.fork;
    let cpu_clock = config::cpu_clock();
    let plan = plan(o.quick, cpu_clock, o.geth.is_some());
    // The crypto process times ours and revm only (no alternative backends).
    let backends = if o.revm_crypto {
        Vec::new()
    } else {
        impls::backends(fork)
    };
    let all = cases(fork);
    let anchor = all
        .iter()
        .find(|c| c.name == ANCHOR_CASE)
        .ok_or("no anchor case at this fork")?
        .clone();
    let mut geth = match &o.geth {
        Some(exe) => Some(Geth {
            server: Server::start(exe)?,
        }),
        None => None,
    };
    let geth_version = geth.as_ref().map(|g| g.server.version().to_string());
    let mut chosen = Vec::new();
    for case in &all {
        let mut imps = vec![
            "ours".to_string(),
            revm_name.to_string(),
            "geth".to_string(),
        ];
        imps.extend(
            backends
                .iter()
                .filter(|b| b.id.number() == case.number)
                .map(|b| b.name.to_string()),
        );
        if selected(o.filter.as_ref(), case, &imps) {
            impls::verify(fork, case);
            chosen.push(case);
        }
    }
    let total = 2 * chosen.len();
    let mut clocks = Clocks::default();
    // Every set's rounds come from `passes` sweeps over all sets: a machine state that lasts
    // seconds (another tenant, the other core's load) then reaches every set in several
    // places of the run instead of deciding one set's whole median.
    let per_pass = plan.per_pass(o.passes);
    let mut sets: Vec<RoundSet> = Vec::with_capacity(total);
    for pass in 0..o.passes {
        let pass_plan = Plan {
            first_round: pass * per_pass.rounds,
            ..per_pass
        };
        for (m, mode) in ["direct", "bytecode"].into_iter().enumerate() {
            if let Some(g) = geth.as_mut() {
                g.prepare(&format!("anchor-{mode}"), fork, mode, &anchor)?;
            }
            for (i, case) in chosen.iter().enumerate() {
                let index = m * chosen.len() + i;
                let mut imps = vec![
                    ("ours".to_string(), Target::Ours),
                    (revm_name.to_string(), Target::Revm),
                ];
                for (b, backend) in backends.iter().enumerate() {
                    if backend.id.number() == case.number {
                        imps.push((backend.name.to_string(), Target::Backend(b)));
                    }
                }
                if let Some(g) = geth.as_mut() {
                    g.prepare(&format!("case-{mode}"), fork, mode, case)?;
                    imps.push(("geth".to_string(), Target::Geth));
                }
                let has_anchor = |t: Target| match t {
                    Target::Backend(b) => backends[b].id.number() == anchor.number,
                    _ => true,
                };
                let specs = arms(&case.name, &imps, has_anchor);
                let ctx = SetContext {
                    fork,
                    plan: &pass_plan,
                    backends: &backends,
                    case,
                    anchor: &anchor,
                    mode,
                };
                let timed = time_set(&ctx, &specs, geth.as_mut(), &mut clocks)?;
                if pass == 0 {
                    sets.push(RoundSet {
                        case: case.name.clone(),
                        mode: mode.to_string(),
                        rounds: timed,
                    });
                } else {
                    sets[index].rounds.append(timed)?;
                }
                if pass + 1 < o.passes {
                    continue;
                }
                let rounds = &sets[index].rounds;
                let summary = match (
                    rounds.ratio("ours/case", &format!("{revm_name}/case")),
                    rounds.ratio("ours/case", "ours/anchor"),
                ) {
                    (Some(v), Some(g)) => format!(
                        "ours/{revm_name} {:.3} [{:.3}, {:.3}], ours gas {:.1}, {} rounds",
                        v.0,
                        v.1,
                        v.2,
                        g.0 * 3000.0,
                        rounds.len()
                    ),
                    _ => format!("{} rounds", rounds.len()),
                };
                eprintln!(
                    "interleaved [{}/{total}] {mode}/{}: {summary}",
                    index + 1,
                    case.name
                );
            }
        }
    }
    let file = RoundsFile {
        started_unix: o.started,
        fork: fork.name().to_string(),
        quick: o.quick,
        clock: if cpu_clock { "cpu" } else { "wall" }.to_string(),
        batch_ns: plan.batch_ns,
        passes: o.passes,
        geth: geth_version,
        clocks: clocks.checks(),
        sets,
    };
    std::fs::create_dir_all(&o.out).map_err(|e| format!("{}: {e}", o.out.display()))?;
    let name = if o.revm_crypto {
        "rounds-revm-crypto.json"
    } else {
        "rounds.json"
    };
    write_json(&o.out.join(name), &file)?;
    eprintln!("wrote {}", o.out.join(name).display());
    Ok(())
}

/// What one set's timing needs besides its arms.
struct SetContext<'a> {
    fork: Fork,
    plan: &'a Plan,
    backends: &'a [Backend],
    case: &'a Case,
    anchor: &'a Case,
    mode: &'a str,
}

/// The precompile providers of one bytecode EVM: the one installed and the others, swapped in
/// and out without rebuilding them.
struct Providers {
    runner: BytecodeRunner<Switched>,
    current: Target,
    parked: Vec<(Target, Switched)>,
}

impl Providers {
    fn new(ctx: &SetContext, case: &Case, specs: &[ArmSpec]) -> Result<Self, String> {
        let mut parked = Vec::new();
        for s in specs {
            if s.target == Target::Ours
                || s.target == Target::Geth
                || parked.iter().any(|(t, _)| *t == s.target)
            {
                continue;
            }
            let p = match s.target {
                Target::Revm => Switched::revm(ctx.fork),
                Target::Backend(b) => Switched::ours_with(
                    ctx.backends[b]
                        .set(ctx.fork)
                        .ok_or("backend precompile at fork")?,
                ),
                Target::Ours | Target::Geth => unreachable!("skipped above"),
            };
            parked.push((s.target, p));
        }
        Ok(Providers {
            runner: evm::switched(ctx.fork, evm::call_code(case.number), &case.input),
            current: Target::Ours,
            parked,
        })
    }

    /// The runner with `target`'s provider installed.
    fn with(&mut self, target: Target) -> &mut BytecodeRunner<Switched> {
        if target != self.current {
            let i = self
                .parked
                .iter()
                .position(|(t, _)| *t == target)
                .expect("every arm's provider is parked or installed");
            let (t, p) = self.parked.swap_remove(i);
            let old = std::mem::replace(&mut self.runner.evm_mut().precompiles, p);
            self.parked.push((self.current, old));
            self.current = t;
        }
        &mut self.runner
    }
}

/// Times one set's arms.
fn time_set(
    ctx: &SetContext,
    specs: &[ArmSpec],
    mut geth: Option<&mut Geth>,
    clocks: &mut Clocks,
) -> Result<testkit::stats::Rounds, String> {
    let ours_case = *ctx.case.precompile(ctx.fork).ok_or("precompile at fork")?;
    let ours_anchor = *ctx.anchor.precompile(ctx.fork).ok_or("anchor at fork")?;
    let revm_case = impls::revm_precompile(ctx.fork, ctx.case).ok_or("revm precompile")?;
    let revm_anchor = impls::revm_precompile(ctx.fork, ctx.anchor).ok_or("revm anchor")?;
    let mut evms = if ctx.mode == "bytecode" {
        Some((
            Providers::new(ctx, ctx.case, specs)?,
            Providers::new(ctx, ctx.anchor, specs)?,
        ))
    } else {
        None
    };
    let names = specs.iter().map(|s| s.name.clone()).collect();
    let apart: Vec<bool> = specs.iter().map(|s| s.target == Target::Geth).collect();
    let twins: Vec<Option<usize>> = specs.iter().map(|s| s.twin).collect();
    interleave_apart(names, &apart, &twins, ctx.plan, |arm, batch| {
        let spec = &specs[arm];
        let input = if spec.anchor {
            &ctx.anchor.input
        } else {
            &ctx.case.input
        };
        if spec.target == Target::Geth {
            let g = geth
                .as_deref_mut()
                .ok_or("geth arm without a geth process")?;
            let id = format!(
                "{}-{}",
                if spec.anchor { "anchor" } else { "case" },
                ctx.mode
            );
            let outer = Instant::now();
            let (wall, cpu) = g.server.time(&id, batch, GETH_SETTLE_US)?;
            // The settle sleep is outside go-ethereum's timed region by design.
            let outer = outer.elapsed().as_nanos() as f64 - GETH_SETTLE_US as f64 * 1e3;
            clocks.geth.push(cpu / wall.max(1.0));
            clocks.geth_outer.push(outer / wall.max(1.0));
            return Ok(Elapsed {
                cpu_ns: cpu,
                wall_ns: wall,
            });
        }
        let e = match evms.as_mut() {
            Some((case_evm, anchor_evm)) => {
                let r = if spec.anchor { anchor_evm } else { case_evm }.with(spec.target);
                time_batch(batch, || {
                    black_box(r.run());
                })
            }
            None => match spec.target {
                Target::Ours => {
                    let p = if spec.anchor { ours_anchor } else { ours_case };
                    time_batch(batch, || {
                        let _ = black_box(p.run(black_box(input), DIRECT_GAS_LIMIT));
                    })
                }
                Target::Revm => {
                    let p = if spec.anchor { revm_anchor } else { revm_case };
                    time_batch(batch, || {
                        let _ = black_box(p.execute(black_box(input), DIRECT_GAS_LIMIT, 0));
                    })
                }
                Target::Backend(b) => {
                    let run = ctx.backends[b].run;
                    time_batch(batch, || {
                        let _ = black_box(run(black_box(input), DIRECT_GAS_LIMIT));
                    })
                }
                Target::Geth => unreachable!("answered above"),
            },
        };
        clocks.driver.push(e.cpu_ns / e.wall_ns.max(1.0));
        Ok(e)
    })
}
