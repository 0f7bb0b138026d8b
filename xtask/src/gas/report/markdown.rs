//! The report as Markdown: header, who does the math, the comparison tables, the underpriced
//! cases, the scaling fit and one table per implementation and mode.

use super::super::interleaved::PeerRatio;
use super::format::{fmt_gas, fmt_ns, fmt_num, fmt_time};
use super::{Report, Row, ANCHOR_GAS};
use std::fmt::Write as _;
use testkit::files::ANCHOR_CASE;

impl Report {
    /// The ours-vs-revm comparison table (Markdown), also printed to stdout.
    pub fn comparison_table(&self) -> String {
        self.pair_table("ours", "revm")
    }

    fn pair_table(&self, a: &str, b: &str) -> String {
        let mut s = String::new();
        let _ = writeln!(
            s,
            "| Case | {a} direct (ns) | {b} direct (ns) | {a}/{b} [95 %] | {a} bytecode (ns) | {b} bytecode (ns) | {a}/{b} [95 %] |"
        );
        s.push_str("|---|---:|---:|---:|---:|---:|---:|\n");
        for case in &self.case_order {
            let mut cells = vec![format!("`{case}`")];
            let mut any = false;
            for mode in ["direct", "bytecode"] {
                let ra = self.row(a, mode, case);
                let rb = self.row(b, mode, case);
                any |= ra.is_some() || rb.is_some();
                cells.push(ra.map_or("–".into(), |r| fmt_ns(r.time_ns)));
                cells.push(rb.map_or("–".into(), |r| fmt_ns(r.time_ns)));
                cells.push(fmt_ratio(self.ratio(a, b, mode, case)));
            }
            if any {
                let _ = writeln!(s, "| {} |", cells.join(" | "));
            }
        }
        s
    }

    /// Stock revm with our arithmetic as its crypto backend (`precompile::revm_crypto`),
    /// timed in a process of its own: against ours in its rounds, and against stock revm
    /// through ours.
    pub fn crypto_table(&self) -> String {
        let mut s = String::from(
            "revm's own precompiles after `precompile::revm_crypto::install()`, timed in a process of their own (the install is global) against ours in the same rounds; stock revm/ours comes from the main process, and revm + crypto / stock revm is the quotient of the two medians (ours is the arm both processes share).\n\n",
        );
        s.push_str("| Mode | Case | revm + crypto / ours [95 %] | stock revm / ours [95 %] | revm + crypto / stock revm | revm + crypto calculated gas |\n");
        s.push_str("|---|---|---:|---:|---:|---:|\n");
        let interval = |i: &super::super::interleaved::Interval| {
            format!("{:.3} [{:.3}, {:.3}]", i.value, i.low, i.high)
        };
        for mode in ["direct", "bytecode"] {
            for case in &self.case_order {
                let Some(r) = self
                    .revm_crypto
                    .iter()
                    .find(|r| r.mode == mode && &r.case == case)
                else {
                    continue;
                };
                let _ = writeln!(
                    s,
                    "| {mode} | `{case}` | {} | {} | {} | {} |",
                    interval(&r.crypto_over_ours),
                    r.revm_over_ours.as_ref().map_or("–".into(), interval),
                    r.crypto_over_revm.map_or("–".into(), |x| format!("{x:.3}")),
                    r.calculated_gas.map_or("–".into(), |g| fmt_gas(g.value)),
                );
            }
        }
        s
    }

    /// The whole report as Markdown.
    pub fn markdown(&self) -> String {
        let m = &self.meta;
        let mut s = String::new();
        s.push_str("# Precompile gas report\n\n");
        let _ = writeln!(s, "- **Date:** {}", m.date);
        let _ = writeln!(s, "- **Fork:** {}", m.fork);
        let _ = writeln!(
            s,
            "- **CPU:** {}",
            if m.machine.cpu.is_empty() {
                "unknown"
            } else {
                &m.machine.cpu
            }
        );
        let _ = writeln!(
            s,
            "- **CPU features used:** {}",
            if m.machine.features.is_empty() {
                "none reported".to_string()
            } else {
                m.machine.features.join(", ")
            }
        );
        let _ = writeln!(
            s,
            "- **Mode:** {}",
            if m.quick {
                "quick (rough figures)"
            } else {
                "careful"
            }
        );
        let _ = writeln!(s, "- **Threads:** {}", self.threads_text());
        if let Some(v) = &m.geth_version {
            let _ = writeln!(s, "- **go-ethereum:** {v}");
        }
        let _ = writeln!(
            s,
            "- **Time** = criterion's median {} per call (geth: mean wall time over its samples); **MGas/s** = nominal gas / t; **Gas @ {} MGas/s** = {} × t(µs) (EIP-7904 style); the scaling fit: criterion.",
            self.clock_text(),
            fmt_num(m.rate_mgas),
            fmt_num(m.rate_mgas)
        );
        let _ = writeln!(
            s,
            "- **Ratios** (interleaved timing, `rounds.json`): {}",
            self.interleaving_text()
        );
        let _ = writeln!(s, "- **Anchor:** {}", self.anchor_text());
        s.push_str("\n## Who does the math\n\n");
        s.push_str(&self.library_table());

        s.push_str("\n## ours vs revm\n\n");
        s.push_str(&self.comparison_table());

        if self.rows.iter().any(|r| r.imp == "geth") {
            s.push_str("\n## Clients side by side\n\n");
            s.push_str(&self.client_table());
        }

        if !self.revm_crypto.is_empty() {
            s.push_str("\n## revm + our crypto (`install_crypto`)\n\n");
            s.push_str(&self.crypto_table());
        }

        let backends = self.backends();
        if !backends.is_empty() {
            s.push_str("\n## Backends compared (direct calls)\n\n");
            s.push_str(&self.backend_table(&backends));
        }

        s.push_str("\n## Self-checks\n\n");
        s.push_str(&self.checks_markdown());

        s.push_str("\n## Underpriced at this machine's speed\n\n");
        let under = self.underpriced();
        if under.is_empty() {
            s.push_str("No case has a calculated gas above its nominal price.\n");
        } else {
            s.push_str("Cases whose calculated gas (relative to ECRECOVER) exceeds the nominal price, with calculated gas and calculated/nominal per implementation and mode:\n\n");
            for case in &self.case_order {
                let hits: Vec<&&Row> = under.iter().filter(|r| &r.case == case).collect();
                let Some(first) = hits.first() else { continue };
                let text: Vec<String> = hits
                    .iter()
                    .map(|r| {
                        let c = r.calculated_gas.unwrap_or(0.0);
                        let n = r.nominal_gas.unwrap_or(0).max(1) as f64;
                        format!("{}-{} {} (×{:.2})", r.imp, r.mode, fmt_gas(c), c / n)
                    })
                    .collect();
                let _ = writeln!(
                    s,
                    "- `{case}` (nominal {}): {}",
                    first.nominal_gas.unwrap_or(0),
                    text.join(", ")
                );
            }
        }

        if !self.scaling.is_empty() {
            s.push_str("\n## Scaling: time = fixed + N × marginal\n\n");
            let _ = write!(s, "Least-squares fit (weighted by 1/t², i.e. relative errors) over the transactions of N calls (ours, bytecode). Marginal calculated gas = marginal / marginal(`{ANCHOR_CASE}`) × {ANCHOR_GAS}: one more call inside a transaction against one more ECRECOVER call inside a transaction (ECRECOVER's own scaling series), not against a whole ECRECOVER transaction.\n\n");
            s.push_str("| Case | N | Fixed overhead (ns) | Marginal per call (ns) | Marginal calculated gas | Nominal gas | R² |\n|---|---|---:|---:|---:|---:|---:|\n");
            for f in &self.scaling {
                let _ = writeln!(
                    s,
                    "| `{}` | {} | {} | {} | {} | {} | {:.4} |",
                    f.case,
                    f.ns.iter()
                        .map(u64::to_string)
                        .collect::<Vec<_>>()
                        .join(", "),
                    fmt_ns(f.fixed_ns),
                    fmt_ns(f.marginal_ns),
                    f.marginal_calculated_gas.map_or("–".into(), fmt_gas),
                    f.nominal_gas.map_or("–".into(), |g| g.to_string()),
                    f.r2
                );
            }
        }

        s.push_str("\n## Per implementation and mode\n");
        for (imp, mode) in self.groups() {
            let _ = writeln!(s, "\n### {imp} — {mode}\n");
            let _ = writeln!(
                s,
                "| Test | Time (ns) [95% CI] | Nominal gas | Calculated gas [95 %] | MGas/s | Gas @ {} MGas/s | Bytes alloc | Alloc ops |",
                fmt_num(self.meta.rate_mgas)
            );
            s.push_str("|---|---:|---:|---:|---:|---:|---:|---:|\n");
            for r in self.rows.iter().filter(|r| r.imp == imp && r.mode == mode) {
                let _ = writeln!(
                    s,
                    "| `{}` | {} [{}, {}] | {} | {} | {} | {} | {} | {} |",
                    r.case,
                    fmt_ns(r.time_ns),
                    fmt_ns(r.ci_low_ns),
                    fmt_ns(r.ci_high_ns),
                    r.nominal_gas.map_or("–".into(), |g| g.to_string()),
                    fmt_gas_interval(r),
                    r.mgas_per_s.map_or("–".into(), |v| format!("{v:.1}")),
                    fmt_gas(r.gas_at_rate),
                    r.bytes_alloc.map_or("–".into(), fmt_num),
                    r.alloc_ops.map_or("–".into(), fmt_num),
                );
            }
        }
        s.push_str("\n![nominal vs calculated gas](gas.svg)\n");
        s
    }

    /// The cross-client table: one row per case, one column per implementation and mode,
    /// each cell `time <br/> calculated gas`, plus ours/geth.
    pub fn client_table(&self) -> String {
        let clients: Vec<&str> = ["ours", "revm", "geth"]
            .into_iter()
            .filter(|c| self.rows.iter().any(|r| r.imp == *c))
            .collect();
        let mut s = String::new();
        let mut header = vec!["Case".to_string()];
        for mode in ["direct", "bytecode"] {
            for c in &clients {
                header.push(format!("{c} {mode}"));
            }
        }
        header.push("ours/geth direct".into());
        header.push("ours/geth bytecode".into());
        let _ = writeln!(s, "| {} |", header.join(" | "));
        let _ = writeln!(s, "|---|{}", "---:|".repeat(header.len() - 1));
        for case in &self.case_order {
            let mut cells = vec![format!("`{case}`")];
            let mut any = false;
            for mode in ["direct", "bytecode"] {
                for c in &clients {
                    cells.push(match self.row(c, mode, case) {
                        Some(r) => {
                            any = true;
                            format!(
                                "{} <br/> {}",
                                fmt_time(r.time_ns),
                                r.calculated_gas.map_or("–".into(), fmt_gas)
                            )
                        }
                        None => "–".into(),
                    });
                }
            }
            for mode in ["direct", "bytecode"] {
                cells.push(fmt_ratio(self.ratio("ours", "geth", mode, case)));
            }
            if any {
                let _ = writeln!(s, "| {} |", cells.join(" | "));
            }
        }
        s.push_str(
            "\nEach cell: time per call <br/> calculated gas (normalised by the same implementation's ECRECOVER, in the same rounds of the interleaved timing); ours/geth: the median of per-round ratios [95 %], go-ethereum's batches timed in its own process between ours. \
             *direct*: the precompile called with the input (geth: `RequiredGas` + `Run`). \
             *bytecode*: one transaction to a contract that copies the input to memory and STATICCALLs the precompile \
             (revm's `transact` for ours and revm; go-ethereum's `core.ApplyMessage`), the state reused and reverted between runs.\n",
        );
        s
    }

    fn backend_table(&self, backends: &[String]) -> String {
        let mut s = String::new();
        s.push_str("| Case | Backend | Time (ns) | ours, chosen backend (ns) | Backend/ours [95 %] |\n|---|---|---:|---:|---:|\n");
        for case in &self.case_order {
            let ours = self.row("ours", "direct", case);
            let precompile = self.case_precompile.get(case).map_or("", String::as_str);
            for b in backends {
                if let Some(r) = self.row(b, "direct", case) {
                    let chosen = self
                        .library("ours", precompile)
                        .map_or("ours".to_string(), |l| format!("ours ({l})"));
                    let _ = writeln!(
                        s,
                        "| `{}` | {} | {} | {} | {} |",
                        case,
                        b,
                        fmt_ns(r.time_ns),
                        ours.map_or("–".into(), |o| format!("{} {chosen}", fmt_ns(o.time_ns))),
                        fmt_ratio(self.ratio(b, "ours", "direct", case)),
                    );
                }
            }
        }
        s
    }

    /// The threads line: how many, where, and what the `cases` process saw under the same
    /// pinning.
    fn threads_text(&self) -> String {
        let m = &self.meta;
        let pinned = m.cpus.as_ref().map_or(
            "CPU affinity not set (not Linux): only GOMAXPROCS".to_string(),
            |c| {
                format!(
                    "every measured process pinned to CPU(s) {c} with taskset, GOMAXPROCS={}",
                    m.threads
                )
            },
        );
        let seen = m.machine.available_parallelism;
        let check = if seen == m.threads {
            format!("the benches' processes see {seen} CPU(s), so blst's thread pool has {seen} thread(s)")
        } else {
            format!(
                "**warning:** the `cases` process saw {seen} CPU(s), not {}",
                m.threads
            )
        };
        format!("{} ({pinned}; {check})", m.threads)
    }

    /// What the time column measures.
    fn clock_text(&self) -> &'static str {
        if self.meta.clock == "cpu" {
            "process CPU time (single-threaded, so the time on an idle core: other processes' time slices are not counted)"
        } else {
            "wall time"
        }
    }

    /// The anchor line: how it was measured and its spread per implementation and mode.
    fn anchor_text(&self) -> String {
        let spreads: Vec<String> = self
            .rows
            .iter()
            .filter(|r| r.case == ANCHOR_CASE && r.measurements > 1)
            .map(|r| {
                format!(
                    "{}-{} {} ({}–{})",
                    r.imp,
                    r.mode,
                    fmt_time(r.time_ns),
                    fmt_time(r.ci_low_ns),
                    fmt_time(r.ci_high_ns)
                )
            })
            .collect();
        let n = self
            .rows
            .iter()
            .filter(|r| r.case == ANCHOR_CASE)
            .map(|r| r.measurements)
            .max()
            .unwrap_or(0);
        if spreads.is_empty() {
            format!("`{ANCHOR_CASE}`, measured once")
        } else {
            format!(
                "`{ANCHOR_CASE}` measured {n} times, spread from the start to the end of the run; its time is the median of those, its interval their range: {}",
                spreads.join(", ")
            )
        }
    }

    /// Who does the math: one row per precompile, one column per implementation.
    pub fn library_table(&self) -> String {
        let mut imps: Vec<&str> = self.meta.libraries.iter().map(|l| l.imp.as_str()).collect();
        imps.sort_by_key(|i| super::impl_rank(i));
        imps.dedup();
        let mut precompiles: Vec<&str> = Vec::new();
        for l in &self.meta.libraries {
            if !precompiles.contains(&l.precompile.as_str()) {
                precompiles.push(&l.precompile);
            }
        }
        let mut s = String::new();
        let _ = writeln!(s, "| Precompile | {} | ours = revm? |", imps.join(" | "));
        let _ = writeln!(s, "|---|{}---|", "---|".repeat(imps.len()));
        for p in precompiles {
            let cells: Vec<&str> = imps
                .iter()
                .map(|i| self.library(i, p).unwrap_or("–"))
                .collect();
            let same = match (self.library("ours", p), self.library("revm", p)) {
                (Some(a), Some(b)) if a == b => "same library",
                (Some(_), Some(_)) => "different",
                _ => "–",
            };
            let _ = writeln!(s, "| {p} | {} | {same} |", cells.join(" | "));
        }
        s
    }

    /// How the interleaved timing ran, for the header.
    fn interleaving_text(&self) -> String {
        let i = &self.interleaving;
        format!(
            "**calculated gas** = t(case) / t(`{ANCHOR_CASE}` of the same implementation and mode) × {ANCHOR_GAS} and every ours/peer column are medians of per-round ratios with their 95 % interval, over the rounds in which both arms of the ratio ran at or below their own median time (a disturbance only adds time; all rounds when fewer than 7 are such): each case's implementations and their anchors ran in alternating batches of about {:.0} ms (every round in a new shuffled order), {}–{} rounds per case and mode ({} sets), taken in {} {} over all sets (each set's rounds spread over the run, so that a machine state lasting seconds reaches every set's median in several places), timed by {}",
            i.batch_ns / 1e6,
            i.min_rounds,
            i.max_rounds,
            i.sets,
            i.passes,
            if i.passes == 1 { "pass" } else { "passes" },
            if i.clock == "cpu" {
                "process CPU time (go-ethereum: its own process CPU time, see the clocks below)"
            } else {
                "wall time"
            }
        )
    }

    /// The self-checks: A/A figures, series inversions, clocks.
    fn checks_markdown(&self) -> String {
        let mut s = String::new();
        s.push_str("**A/A** (an implementation timed against itself in the same rounds: the ratio should be 1.00, within its interval and within ±2 %):\n\n| Implementation-mode | Case | A/A ratio [95 %] | Clean rounds | |\n|---|---|---:|---:|---|\n");
        for a in &self.aa {
            let _ = writeln!(
                s,
                "| {}-{} | `{}` | {:.3} [{:.3}, {:.3}] | {} | {} |",
                a.imp,
                a.mode,
                a.case,
                a.ratio.value,
                a.ratio.low,
                a.ratio.high,
                a.rounds,
                match (a.flagged(), a.beyond_tolerance()) {
                    (false, false) => "ok",
                    (true, false) => "⚠ 1.00 outside the interval",
                    (false, true) => "⚠ beyond ±2 %",
                    (true, true) => "⚠ 1.00 outside the interval, beyond ±2 %",
                }
            );
        }
        if self.aa.is_empty() {
            s.push_str("| – | – | – | – | no A/A arm timed |\n");
        }
        s.push_str("\n**Series** (pairings of 1/2/4/8 pairs, MSM sizes, the scaling bench's N: a larger size must cost more): ");
        if self.inversions.is_empty() {
            s.push_str("no inversion.\n");
        } else {
            s.push_str("⚠ inversions:\n\n");
            for v in &self.inversions {
                let _ = writeln!(
                    s,
                    "- {}: `{}` {} [{}, {}] > `{}` {} [{}, {}]{}",
                    v.series,
                    v.from,
                    fmt_gas(v.from_value.value),
                    fmt_gas(v.from_value.low),
                    fmt_gas(v.from_value.high),
                    v.to,
                    fmt_gas(v.to_value.value),
                    fmt_gas(v.to_value.low),
                    fmt_gas(v.to_value.high),
                    if v.beyond_intervals() {
                        " (beyond the intervals)"
                    } else {
                        " (within the intervals)"
                    }
                );
            }
        }
        s.push_str("\n**Clocks**: ");
        let texts: Vec<String> = self
            .clocks
            .iter()
            .map(|c| {
                let who = if c.process == "geth" {
                    "go-ethereum's process"
                } else {
                    "this driver (ours, revm, backends)"
                };
                let outer = if c.process == "geth" {
                    format!(
                        "; the driver's wall time around a geth batch (request and answer included) / geth's own wall time {:.4}",
                        c.outer_per_inner
                    )
                } else {
                    String::new()
                };
                format!(
                    "{who}: CPU time / wall time per batch {:.4} (median of {} batches){outer}",
                    c.cpu_per_wall, c.batches
                )
            })
            .collect();
        s.push_str(&texts.join("; "));
        s.push_str(". Both processes time a batch on the same clock, the process's CPU time (every thread: Go's GC and runtime included), pinned to the same CPU; CPU/wall near 1 says that neither lost the CPU to other processes in the middle of its batches, nor ran work on another thread.");
        if let (Some(d), Some(g)) = (
            self.clocks.iter().find(|c| c.process == "driver"),
            self.clocks.iter().find(|c| c.process == "geth"),
        ) {
            if (d.cpu_per_wall / g.cpu_per_wall - 1.0).abs() > 0.05 || g.cpu_per_wall > 1.05 {
                s.push_str(" ⚠ The two processes' CPU/wall differ by more than 5 %: their clocks do not measure alike here.");
            }
        }
        s.push('\n');
        s
    }
}

/// A ratio cell: median [95 % interval], or – when not timed.
fn fmt_ratio(r: Option<&PeerRatio>) -> String {
    r.map_or("–".into(), |r| {
        format!(
            "{:.2} [{:.2}, {:.2}]",
            r.ratio.value, r.ratio.low, r.ratio.high
        )
    })
}

/// A calculated-gas cell with its interval.
fn fmt_gas_interval(r: &Row) -> String {
    match (r.calculated_gas, r.calculated_gas_interval) {
        (Some(g), Some((lo, hi))) => format!("{} [{}, {}]", fmt_gas(g), fmt_gas(lo), fmt_gas(hi)),
        (Some(g), None) => fmt_gas(g),
        _ => "–".into(),
    }
}
