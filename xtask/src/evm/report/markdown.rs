//! The EVM report in Markdown: the program and opcode-loop tables, their geometric means, and
//! the execution-environment tables with their fits.

use super::{ProgramRow, Report, Span};
use crate::gas::report::format::fmt_time;

/// A time that may be negative (a fitted intercept below zero: within the noise).
fn signed_time(ns: f64) -> String {
    if ns < 0.0 {
        format!("-{}", fmt_time(-ns))
    } else {
        fmt_time(ns)
    }
}

/// `+12.3 %` (slower) or `-4.5 %` (faster); `≈` marks overlapping confidence intervals.
fn fmt_change(change: Option<f64>, overlap: bool) -> String {
    match change {
        Some(c) => format!("{}{c:+.1} %", if overlap { "≈ " } else { "" }),
        None => "-".into(),
    }
}

/// `-3.1 % [-4.0, -2.2]`: an interleaved ratio as a change in % with its interval.
fn fmt_interleaved(x: Option<Span>) -> String {
    let pct = |r: f64| (r - 1.0) * 100.0;
    match x {
        Some(x) => format!(
            "{:+.1} % [{:+.1}, {:+.1}]",
            pct(x.ns),
            pct(x.low),
            pct(x.high)
        ),
        None => "-".into(),
    }
}

/// The geometric mean of `ratios` as a change in % (`None` for no ratio).
fn geomean_change(ratios: impl Iterator<Item = f64>) -> Option<f64> {
    let (sum, n) = ratios.fold((0.0, 0usize), |(s, n), r| (s + r.ln(), n + 1));
    (n > 0).then(|| ((sum / n as f64).exp() - 1.0) * 100.0)
}

impl Report {
    /// One table of program rows (with go-ethereum's column when it was measured).
    fn program_table(&self, rows: &[&ProgramRow]) -> String {
        let geth = self.geth_version.is_some();
        let mut s = String::from("| Program / input | Gas | stock (ruint) | uint256 | bigint |");
        s += if geth { " geth |" } else { "" };
        s += " uint256 vs stock | uint256 vs stock, interleaved | uint256 vs bigint |";
        s += if geth { " uint256 vs geth |" } else { "" };
        s += "\n|---|---:|---:|---:|---:|---:|---:|---:|";
        s += if geth { "---:|---:|\n" } else { "\n" };
        for r in rows {
            let t = |a: &str| r.times.get(a).map_or("-".into(), |x| fmt_time(x.ns));
            let c = |a: &str| fmt_change(r.change("uint256", a), r.overlap("uint256", a));
            s += &format!(
                "| `{}` | {} | {} | {} | {} |",
                r.id,
                r.gas_used,
                t("stock"),
                t("uint256"),
                t("bigint")
            );
            if geth {
                s += &format!(" {} |", t("geth"));
            }
            s += &format!(
                " {} | {} | {} |",
                c("stock"),
                fmt_interleaved(r.interleaved),
                c("bigint")
            );
            if geth {
                s += &format!(" {} |", c("geth"));
            }
            s += "\n";
        }
        s
    }

    /// The closing line of a program table: geometric means of `uint256 / stock` over `rows`
    /// (criterion's, then the interleaved ratios') as changes in %.
    fn geomean_line(rows: &[&ProgramRow]) -> String {
        let criterion = rows
            .iter()
            .filter_map(|r| Some(r.times.get("uint256")?.ns / r.times.get("stock")?.ns));
        let Some(g) = geomean_change(criterion) else {
            return String::new();
        };
        let interleaved = geomean_change(rows.iter().filter_map(|r| Some(r.interleaved?.ns)))
            .map_or(String::new(), |gi| format!(" (interleaved: {gi:+.1} %)"));
        format!("\nGeometric mean of uint256 vs stock over these rows: {g:+.1} %{interleaved}.\n")
    }

    /// The execution-environment tables: ns per multiplication at each N with the ratio to
    /// native, then the fits.
    fn environment_tables(&self) -> String {
        let Some(native) = self.series.get("native@dalek") else {
            return "No Ed25519 series in this run.\n".into();
        };
        let names: Vec<&String> = self
            .series
            .keys()
            .filter(|k| *k != "native@dalek")
            .collect();
        let mut s = String::from("| N | native (dalek) |");
        for n in &names {
            s += &format!(" {n} |");
        }
        s += "\n|---:|---:|";
        s += &"---:|".repeat(names.len());
        s += "\n";
        for &(n, t_native) in native {
            s += &format!("| {n} | {} |", fmt_time(t_native / n as f64));
            for name in &names {
                let cell = self.series[*name]
                    .iter()
                    .find(|p| p.0 == n)
                    .map_or("-".into(), |&(_, t)| {
                        format!("{} (x{:.0})", fmt_time(t / n as f64), t / t_native)
                    });
                s += &format!(" {cell} |");
            }
            s += "\n";
        }
        let native_marginal = self
            .fits
            .iter()
            .find(|f| f.series == "native@dalek")
            .map(|f| f.marginal_ns);
        s += "\nFit of the transaction time over N (weighted least squares): time = fixed + N x marginal.\n\n| Series | Fixed | Marginal | Marginal / native | R² |\n|---|---:|---:|---:|---:|\n";
        for f in &self.fits {
            let ratio = native_marginal.map_or("-".into(), |m| format!("{:.0}", f.marginal_ns / m));
            s += &format!(
                "| `{}` | {} | {} | {ratio} | {:.4} |\n",
                f.series,
                signed_time(f.fixed_ns),
                fmt_time(f.marginal_ns),
                f.r2
            );
        }
        s
    }

    /// The Markdown report.
    pub fn markdown(&self) -> String {
        let mut s = format!(
            "# EVM report\n\nRun of {}, fork {}, {} mode, pinned to CPU {} (process CPU time, criterion median per transaction; ≈ marks overlapping 95 % intervals). Change = t(uint256) / t(other) - 1: negative is faster. The interleaved column times uint256 and stock back to back on one EVM, round after round (ABBA order), in several processes with the machine stack and heap at different offsets, and gives the median of those memory layouts' ratios with its 95 % interval over the layouts: criterion times each arithmetic in one stretch, so a machine state lasting seconds lands on one of them only (the short opcode loops flip sign between runs that way), and one layout can favour either side of a short loop by tens of percent; the interleaved figure covers both. The build aligns every function to 64 bytes, so that code placement does not favour either side. Every output was checked against upstream's expected output (where given) and all arithmetics agreed on status, gas and output before timing.\n\n",
            self.date,
            self.fork,
            if self.quick { "quick" } else { "careful" },
            self.cpus.as_deref().unwrap_or("(not pinned)")
        );
        if let Some(v) = &self.geth_version {
            s += &format!("go-ethereum {v}: its EVM runs the same bytecode as a message call (mean wall time of Go benchmark runs; status and output checked against revm first).\n\n");
        }
        let programs: Vec<&ProgramRow> = self.rows.iter().filter(|r| r.group != "synth").collect();
        let synth: Vec<&ProgramRow> = self.rows.iter().filter(|r| r.group == "synth").collect();
        s += "## Programs\n\n";
        s += &self.program_table(&programs);
        s += &Self::geomean_line(&programs);
        s += "\n## Opcode loops (synth: each opcode ~1000 times in a 255-iteration loop)\n\n";
        s += &self.program_table(&synth);
        s += &Self::geomean_line(&synth);
        s += "\n## Execution environment: Ed25519 scalarMultBase, N calls in one transaction\n\nTime per multiplication (transaction time / N) and, in brackets, the ratio to native curve25519-dalek `mul_base` + compression repeated N times.\n\n";
        s += &self.environment_tables();
        s
    }
}
