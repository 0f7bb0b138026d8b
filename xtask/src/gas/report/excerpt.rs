//! The README's excerpt of the report (`excerpt.md` of every run): a few cases, ours, revm and
//! go-ethereum direct, with calculated gas and the ours/peer ratios from the interleaved
//! timing. `cargo xtask gas --from DIR --update-readme` puts it into README.md between
//! [`BEGIN`] and [`END`], so that the README quotes a run instead of hand-copied figures.

use super::format::{fmt_gas, fmt_time};
use super::{PeerRatio, Report};
use std::fmt::Write as _;

/// The cases of the excerpt: one or two per precompile family.
pub const CASES: [&str; 9] = [
    "EcRecover/ValidKey",
    "Sha256-128",
    "ModExp-1024",
    "Bn256Pairing-2",
    "Blake2F-12rounds",
    "PointEvaluation-Valid",
    "Bls12G1MSM-8",
    "Bls12Pairing-2",
    "P256Verify-Valid",
];

/// The line before the excerpt in README.md.
pub const BEGIN: &str = "<!-- gas-excerpt:begin (cargo xtask gas --from DIR --update-readme) -->";
/// The line after it.
pub const END: &str = "<!-- gas-excerpt:end -->";

impl Report {
    /// The excerpt as Markdown: a line saying where the figures come from, then the table
    /// (rows of [`CASES`] that were measured; `–` where an implementation was not).
    pub fn excerpt(&self) -> String {
        let m = &self.meta;
        let mut s = String::new();
        let _ = writeln!(
            s,
            "From `cargo xtask gas{}{}` of {} on {} ({} thread{}{}). Per implementation: criterion's median time per call (process CPU time), then the calculated gas [95 % interval]; the ratios are medians of per-round ratios of the interleaved timing (clean rounds), with their 95 % interval.\n",
            if m.quick { " --quick" } else { "" },
            if m.geth_version.is_some() { " --with-geth" } else { "" },
            m.date,
            if m.machine.cpu.is_empty() { "an unnamed CPU" } else { &m.machine.cpu },
            m.threads,
            if m.threads == 1 { "" } else { "s" },
            m.cpus.as_ref().map_or(String::new(), |c| format!(", pinned to CPU {c}")),
        );
        s.push_str("| Case | ours direct | revm direct | geth direct | ours/revm [95 %] | ours/geth [95 %] |\n");
        s.push_str("|---|---:|---:|---:|---:|---:|\n");
        for case in CASES {
            let cell = |imp: &str| {
                self.row(imp, "direct", case).map_or("–".to_string(), |r| {
                    let gas = match (r.calculated_gas, r.calculated_gas_interval) {
                        (Some(g), Some((lo, hi))) => {
                            format!("{} [{}, {}]", fmt_gas(g), fmt_gas(lo), fmt_gas(hi))
                        }
                        (Some(g), None) => fmt_gas(g),
                        _ => "–".into(),
                    };
                    format!("{} <br/> {gas}", fmt_time(r.time_ns))
                })
            };
            let ratio = |den: &str| {
                self.ratio("ours", den, "direct", case)
                    .map_or("–".to_string(), fmt_interval)
            };
            if self.row("ours", "direct", case).is_none() {
                continue;
            }
            let _ = writeln!(
                s,
                "| `{case}` | {} | {} | {} | {} | {} |",
                cell("ours"),
                cell("revm"),
                cell("geth"),
                ratio("revm"),
                ratio("geth"),
            );
        }
        s
    }
}

fn fmt_interval(r: &PeerRatio) -> String {
    format!(
        "{:.2} [{:.2}, {:.2}]",
        r.ratio.value, r.ratio.low, r.ratio.high
    )
}

/// `readme` with the text between the [`BEGIN`] and [`END`] lines replaced by `excerpt`;
/// an error when the markers are missing or out of order.
pub fn splice(readme: &str, excerpt: &str) -> Result<String, String> {
    let begin = readme
        .find(BEGIN)
        .ok_or_else(|| format!("README.md has no line `{BEGIN}`"))?;
    let after_begin = begin + BEGIN.len();
    let end = readme[after_begin..]
        .find(END)
        .map(|i| after_begin + i)
        .ok_or_else(|| format!("README.md has no line `{END}` after `{BEGIN}`"))?;
    Ok(format!(
        "{}\n{}{}",
        &readme[..after_begin],
        excerpt,
        &readme[end..]
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splice_replaces_between_the_markers() {
        let readme = format!("intro\n{BEGIN}\nold table\n{END}\nrest\n");
        let new = splice(&readme, "new table\n").unwrap();
        assert_eq!(new, format!("intro\n{BEGIN}\nnew table\n{END}\nrest\n"));
        // Idempotent.
        assert_eq!(splice(&new, "new table\n").unwrap(), new);
        assert!(splice("no markers", "x").is_err());
        assert!(splice(&format!("{END}\n{BEGIN}\n"), "x").is_err());
    }

    #[test]
    fn the_readme_has_the_markers() {
        let path = crate::test::workspace_root().join("README.md");
        let readme = std::fs::read_to_string(path).unwrap();
        let new = splice(&readme, "EXCERPT\n").unwrap();
        assert!(new.contains(&format!("{BEGIN}\nEXCERPT\n{END}\n")));
        assert_eq!(
            new.len() - new.find(END).unwrap(),
            readme.len() - readme.find(END).unwrap()
        );
    }
}
