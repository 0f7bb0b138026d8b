//! `--compare DIR2`: how far two runs' calculated gas agree, case by case.

use super::report::format::fmt_gas;
use super::report::Report;
use std::fmt::Write as _;
use testkit::files::ANCHOR_CASE;

/// Two runs agree on a figure when they differ by at most this fraction.
pub const TOLERANCE: f64 = 0.10;

/// One (impl, mode, case) measured with a calculated gas in both runs.
#[derive(Clone, Debug, PartialEq)]
pub struct Pair {
    /// `<impl>-<mode>`.
    pub group: String,
    /// Case name.
    pub case: String,
    /// Calculated gas of the first run.
    pub a: f64,
    /// Calculated gas of the second run.
    pub b: f64,
}

impl Pair {
    /// Relative difference b/a - 1.
    pub fn change(&self) -> f64 {
        self.b / self.a - 1.0
    }
}

/// The rows both reports have a calculated gas for, the anchor excepted (3000 in both by
/// definition).
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

/// The share of `pairs` whose change is within [`TOLERANCE`] (0 when there are none).
pub fn share_within(pairs: &[Pair]) -> f64 {
    if pairs.is_empty() {
        return 0.0;
    }
    let ok = pairs
        .iter()
        .filter(|p| p.change().abs() <= TOLERANCE)
        .count();
    ok as f64 / pairs.len() as f64
}

/// The agreement as Markdown: the summary line, then one row per pair.
pub fn markdown(a_name: &str, b_name: &str, pairs: &[Pair]) -> String {
    let mut s = String::new();
    let ok = pairs
        .iter()
        .filter(|p| p.change().abs() <= TOLERANCE)
        .count();
    let _ = writeln!(
        s,
        "# Run-to-run agreement of calculated gas\n\n{a_name} against {b_name}: {ok} of {} (impl, mode, case) figures within {:.0} % ({:.1} %).\n",
        pairs.len(),
        TOLERANCE * 100.0,
        share_within(pairs) * 100.0
    );
    s.push_str("| Implementation-mode | Case | Calculated gas (first) | Calculated gas (second) | Change |\n|---|---|---:|---:|---:|\n");
    for p in pairs {
        let flag = if p.change().abs() <= TOLERANCE {
            ""
        } else {
            " ⚠"
        };
        let _ = writeln!(
            s,
            "| {} | `{}` | {} | {} | {:+.1} %{flag} |",
            p.group,
            p.case,
            fmt_gas(p.a),
            fmt_gas(p.b),
            p.change() * 100.0
        );
    }
    s
}
