//! `--compare DIR2`: how far two runs agree, figure by figure: every calculated gas and every
//! ours/peer ratio (both from the interleaved timing), with the share of figures within 5 %
//! and within 10 %, overall and per column group (calculated gas per implementation,
//! ours/revm, ours/geth, backend/ours), so that a bar such as "90 % within 5 %" reads directly.

use super::report::format::fmt_gas;
use super::report::Report;
use std::fmt::Write as _;
use testkit::files::ANCHOR_CASE;

/// The tolerances whose shares are printed.
pub const TOLERANCES: [f64; 2] = [0.05, 0.10];

/// One figure present in both runs.
#[derive(Clone, Debug, PartialEq)]
pub struct Pair {
    /// The implementation (a calculated gas) or `<num>/<den>` (a ratio).
    pub what: String,
    /// Whether the figure is a ratio between implementations (else a calculated gas).
    pub ratio: bool,
    /// `direct` or `bytecode`.
    pub mode: String,
    /// Case name.
    pub case: String,
    /// The figure in the first run.
    pub a: f64,
    /// The figure in the second run.
    pub b: f64,
}

impl Pair {
    /// Relative difference b/a - 1.
    pub fn change(&self) -> f64 {
        self.b / self.a - 1.0
    }

    /// `<impl>-<mode>` or `<num>/<den>-<mode>`.
    pub fn group(&self) -> String {
        format!("{}-{}", self.what, self.mode)
    }

    /// The column group whose share the summary gives: `calculated gas, <impl>` (`backends`
    /// for every alternative backend), `ours/revm`, `ours/geth` or `backend/ours`.
    pub fn column(&self) -> String {
        let known = ["ours", "revm", "geth", "ours/revm", "ours/geth"];
        match (self.ratio, known.contains(&self.what.as_str())) {
            (false, true) => format!("calculated gas, {}", self.what),
            (false, false) => "calculated gas, backends".into(),
            (true, true) => self.what.clone(),
            (true, false) => "backend/ours".into(),
        }
    }
}

/// The rows both reports have a calculated gas for, the anchor excepted (3000 up to its A/A
/// noise in both).
pub fn pairs(a: &Report, b: &Report) -> Vec<Pair> {
    a.rows
        .iter()
        .filter(|r| r.case != ANCHOR_CASE)
        .filter_map(|r| {
            let x = r.calculated_gas.filter(|g| *g > 0.0)?;
            let y = b.row(&r.imp, &r.mode, &r.case)?.calculated_gas?;
            Some(Pair {
                what: r.imp.clone(),
                ratio: false,
                mode: r.mode.clone(),
                case: r.case.clone(),
                a: x,
                b: y,
            })
        })
        .collect()
}

/// The ours/peer (and backend/ours) ratios both reports have.
pub fn ratio_pairs(a: &Report, b: &Report) -> Vec<Pair> {
    a.ratios
        .iter()
        .filter_map(|r| {
            let y = b.ratio(&r.num, &r.den, &r.mode, &r.case)?;
            Some(Pair {
                what: format!("{}/{}", r.num, r.den),
                ratio: true,
                mode: r.mode.clone(),
                case: r.case.clone(),
                a: r.ratio.value,
                b: y.ratio.value,
            })
        })
        .filter(|p| p.a > 0.0)
        .collect()
}

/// The share of `pairs` whose change is within `tolerance` (0 when there are none).
pub fn share_within<'a>(pairs: impl IntoIterator<Item = &'a Pair>, tolerance: f64) -> f64 {
    let (mut ok, mut n) = (0usize, 0usize);
    for p in pairs {
        n += 1;
        ok += usize::from(p.change().abs() <= tolerance);
    }
    if n == 0 {
        0.0
    } else {
        ok as f64 / n as f64
    }
}

/// One line of the per-group table: the group, its figures, the shares within 5 % and 10 %
/// of all of them, and within 5 % per mode.
#[derive(Clone, Debug, PartialEq)]
pub struct GroupShare {
    /// `all calculated gas`, `all ratios`, or a [`Pair::column`].
    pub group: String,
    /// Figures in the group.
    pub rows: usize,
    /// Shares within [`TOLERANCES`], in order.
    pub within: [f64; 2],
    /// Share within 5 % of the direct figures and of the bytecode ones (None without any).
    pub by_mode: [Option<f64>; 2],
}

/// The per-group shares: all calculated gas, then per implementation; all ratios, then
/// ours/revm, ours/geth, backend/ours (the groups that have figures).
pub fn group_shares(gas: &[Pair], ratios: &[Pair]) -> Vec<GroupShare> {
    let share = |group: String, pairs: Vec<&Pair>| {
        let mode = |m: &str| {
            let sel: Vec<&Pair> = pairs.iter().copied().filter(|p| p.mode == m).collect();
            (!sel.is_empty()).then(|| share_within(sel, TOLERANCES[0]))
        };
        GroupShare {
            rows: pairs.len(),
            within: TOLERANCES.map(|t| share_within(pairs.iter().copied(), t)),
            by_mode: [mode("direct"), mode("bytecode")],
            group,
        }
    };
    let mut out = Vec::new();
    for (all, figures, columns) in [
        (
            "all calculated gas",
            gas,
            &[
                "calculated gas, ours",
                "calculated gas, revm",
                "calculated gas, geth",
                "calculated gas, backends",
            ][..],
        ),
        (
            "all ratios",
            ratios,
            &["ours/revm", "ours/geth", "backend/ours"][..],
        ),
    ] {
        if figures.is_empty() {
            continue;
        }
        out.push(share(all.into(), figures.iter().collect()));
        for c in columns {
            let sel: Vec<&Pair> = figures.iter().filter(|p| p.column() == *c).collect();
            if !sel.is_empty() {
                out.push(share((*c).into(), sel));
            }
        }
    }
    out
}

/// The per-group shares as a Markdown table.
fn group_table(gas: &[Pair], ratios: &[Pair]) -> String {
    let mut s = String::from(
        "| Figures | Rows | Within 5 % | Within 10 % | Direct within 5 % | Bytecode within 5 % |\n|---|---:|---:|---:|---:|---:|\n",
    );
    let pct = |x: Option<f64>| x.map_or("–".into(), |x| format!("{:.1} %", x * 100.0));
    for g in group_shares(gas, ratios) {
        let _ = writeln!(
            s,
            "| {} | {} | {} | {} | {} | {} |",
            g.group,
            g.rows,
            pct(Some(g.within[0])),
            pct(Some(g.within[1])),
            pct(g.by_mode[0]),
            pct(g.by_mode[1]),
        );
    }
    s
}

/// One summary line: how many of `pairs` lie within each of [`TOLERANCES`].
fn summary(what: &str, pairs: &[Pair]) -> String {
    let shares: Vec<String> = TOLERANCES
        .iter()
        .map(|&t| {
            let n = pairs.iter().filter(|p| p.change().abs() <= t).count();
            format!(
                "{n} of {} within {:.0} % ({:.1} %)",
                pairs.len(),
                t * 100.0,
                share_within(pairs, t) * 100.0
            )
        })
        .collect();
    format!("- {what}: {}.", shares.join(", "))
}

/// The agreement as Markdown: the summary lines, then one row per figure.
pub fn markdown(a_name: &str, b_name: &str, gas: &[Pair], ratios: &[Pair]) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "# Run-to-run agreement\n\n{a_name} against {b_name}:\n\n{}\n{}\n\n{}",
        summary("calculated gas, (impl, mode, case)", gas),
        summary(
            "ours/peer and backend/ours ratios, (pair, mode, case)",
            ratios
        ),
        group_table(gas, ratios),
    );
    s.push_str("| Figure | Case | First | Second | Change |\n|---|---|---:|---:|---:|\n");
    let rows = gas.iter().map(|p| (p, fmt_gas(p.a), fmt_gas(p.b))).chain(
        ratios
            .iter()
            .map(|p| (p, format!("{:.3}", p.a), format!("{:.3}", p.b))),
    );
    for (p, a, b) in rows {
        let c = p.change().abs();
        let flag = if c <= TOLERANCES[0] {
            ""
        } else if c <= TOLERANCES[1] {
            " ·"
        } else {
            " ⚠"
        };
        let _ = writeln!(
            s,
            "| {} | `{}` | {a} | {b} | {:+.1} %{flag} |",
            p.group(),
            p.case,
            p.change() * 100.0
        );
    }
    s.push_str("\n(· between 5 and 10 %, ⚠ beyond 10 %.)\n");
    s
}
