//! `--compare DIR2`: how far two runs agree, figure by figure: every calculated gas and every
//! ours/peer ratio (both from the interleaved timing), with the share of figures within 5 %
//! and within 10 %.

use super::report::format::fmt_gas;
use super::report::Report;
use std::fmt::Write as _;
use testkit::files::ANCHOR_CASE;

/// The tolerances whose shares are printed.
pub const TOLERANCES: [f64; 2] = [0.05, 0.10];

/// One figure present in both runs.
#[derive(Clone, Debug, PartialEq)]
pub struct Pair {
    /// `<impl>-<mode>` for a calculated gas, `<num>/<den>-<mode>` for a ratio.
    pub group: String,
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
                group: format!("{}-{}", r.imp, r.mode),
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
                group: format!("{}/{}-{}", r.num, r.den, r.mode),
                case: r.case.clone(),
                a: r.ratio.value,
                b: y.ratio.value,
            })
        })
        .filter(|p| p.a > 0.0)
        .collect()
}

/// The share of `pairs` whose change is within `tolerance` (0 when there are none).
pub fn share_within(pairs: &[Pair], tolerance: f64) -> f64 {
    if pairs.is_empty() {
        return 0.0;
    }
    let ok = pairs
        .iter()
        .filter(|p| p.change().abs() <= tolerance)
        .count();
    ok as f64 / pairs.len() as f64
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
        "# Run-to-run agreement\n\n{a_name} against {b_name}:\n\n{}\n{}\n",
        summary("calculated gas, (impl, mode, case)", gas),
        summary(
            "ours/peer and backend/ours ratios, (pair, mode, case)",
            ratios
        ),
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
            p.group,
            p.case,
            p.change() * 100.0
        );
    }
    s.push_str("\n(· between 5 and 10 %, ⚠ beyond 10 %.)\n");
    s
}
