//! The report itself: calculated gas, comparisons, the scaling fit, and its Markdown, CSV
//! and JSON renderings.

use super::data::{CasesFile, Machine, ScalingPoint, Timing};
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// The case every implementation is normalised by, and its price.
pub const ANCHOR_CASE: &str = "EcRecover/ValidKey";
/// ECRECOVER's nominal gas.
pub const ANCHOR_GAS: f64 = 3000.0;

/// Report-wide facts shown at the top.
#[derive(Clone, Debug, Serialize)]
pub struct Meta {
    /// Fork of the nominal prices.
    pub fork: String,
    /// Date of the report (UTC).
    pub date: String,
    /// Machine description from `machine.json`.
    pub machine: Machine,
    /// Anchor rate of the EIP-7904-style column, MGas/s.
    pub rate_mgas: f64,
    /// Whether the benches ran in quick mode (unknown with `--from`).
    pub quick: Option<bool>,
    /// go-ethereum version, when geth was measured.
    pub geth_version: Option<String>,
}

/// One (implementation, mode, case) line of the report.
#[derive(Clone, Debug, Serialize)]
pub struct Row {
    /// Implementation.
    #[serde(rename = "impl")]
    pub imp: String,
    /// `direct` or `bytecode`.
    pub mode: String,
    /// Case name.
    pub case: String,
    /// Mean time per call, ns.
    pub time_ns: f64,
    /// 95% interval lower bound, ns.
    pub ci_low_ns: f64,
    /// 95% interval upper bound, ns.
    pub ci_high_ns: f64,
    /// Nominal gas of the case (from `cases.json`).
    pub nominal_gas: Option<u64>,
    /// t(case) / t(ECRECOVER of the same impl and mode) × 3000.
    pub calculated_gas: Option<f64>,
    /// Nominal gas / time: gas per µs = MGas/s.
    pub mgas_per_s: Option<f64>,
    /// Gas at the anchor rate: rate × t.
    pub gas_at_rate: f64,
    /// Bytes allocated per call.
    pub bytes_alloc: Option<f64>,
    /// Allocations per call.
    pub alloc_ops: Option<f64>,
}

/// Least-squares fit time = fixed + N × marginal of one scaling case.
#[derive(Clone, Debug, Serialize)]
pub struct ScalingFit {
    /// Case name.
    pub case: String,
    /// Number of N values measured.
    pub points: usize,
    /// The N values.
    pub ns: Vec<u64>,
    /// Fixed overhead per transaction, ns.
    pub fixed_ns: f64,
    /// Marginal cost per call, ns.
    pub marginal_ns: f64,
    /// Marginal cost in gas relative to ours-bytecode ECRECOVER.
    pub marginal_calculated_gas: Option<f64>,
    /// Nominal gas of the case.
    pub nominal_gas: Option<u64>,
    /// Coefficient of determination of the fit.
    pub r2: f64,
}

/// The whole report.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// Header facts.
    pub meta: Meta,
    /// Every measured line.
    pub rows: Vec<Row>,
    /// Scaling fits.
    pub scaling: Vec<ScalingFit>,
    /// Raw scaling points.
    pub scaling_points: Vec<ScalingPoint>,
    /// Case order (cases.json order, then any other measured case).
    pub case_order: Vec<String>,
    /// Precompile name of each case of `cases.json`.
    pub case_precompile: BTreeMap<String, String>,
}

/// Orders implementations: ours, revm, geth, then backends alphabetically.
pub fn impl_rank(imp: &str) -> (u8, String) {
    let rank = match imp {
        "ours" => 0,
        "revm" => 1,
        "geth" => 2,
        _ => 3,
    };
    (rank, imp.to_string())
}

fn mode_rank(mode: &str) -> u8 {
    match mode {
        "direct" => 0,
        "bytecode" => 1,
        _ => 2,
    }
}

/// Builds the report from the measured timings.
pub fn build(
    meta: Meta,
    cases: &CasesFile,
    timings: &[Timing],
    scaling: &[ScalingPoint],
) -> Report {
    let mut case_order: Vec<String> = cases.cases.iter().map(|c| c.name.clone()).collect();
    let mut extra: Vec<String> = timings
        .iter()
        .map(|t| t.case.clone())
        .filter(|c| !case_order.contains(c))
        .collect();
    extra.sort();
    extra.dedup();
    case_order.extend(extra);
    let case_pos: BTreeMap<&str, usize> = case_order
        .iter()
        .enumerate()
        .map(|(i, c)| (c.as_str(), i))
        .collect();
    let nominal: BTreeMap<&str, u64> = cases
        .cases
        .iter()
        .map(|c| (c.name.as_str(), c.gas))
        .collect();
    let anchors: BTreeMap<(&str, &str), f64> = timings
        .iter()
        .filter(|t| t.case == ANCHOR_CASE)
        .map(|t| ((t.imp.as_str(), t.mode.as_str()), t.mean_ns))
        .collect();

    let mut rows: Vec<Row> = timings
        .iter()
        .map(|t| {
            let nominal_gas = nominal.get(t.case.as_str()).copied();
            Row {
                imp: t.imp.clone(),
                mode: t.mode.clone(),
                case: t.case.clone(),
                time_ns: t.mean_ns,
                ci_low_ns: t.low_ns,
                ci_high_ns: t.high_ns,
                nominal_gas,
                calculated_gas: anchors
                    .get(&(t.imp.as_str(), t.mode.as_str()))
                    .map(|a| t.mean_ns / a * ANCHOR_GAS),
                mgas_per_s: nominal_gas.map(|g| g as f64 / t.mean_ns * 1000.0),
                gas_at_rate: meta.rate_mgas * t.mean_ns / 1000.0,
                bytes_alloc: t.bytes,
                alloc_ops: t.allocs,
            }
        })
        .collect();
    rows.sort_by(|a, b| {
        (
            impl_rank(&a.imp),
            mode_rank(&a.mode),
            case_pos[a.case.as_str()],
        )
            .cmp(&(
                impl_rank(&b.imp),
                mode_rank(&b.mode),
                case_pos[b.case.as_str()],
            ))
    });

    let anchor = anchors.get(&("ours", "bytecode")).copied();
    let mut by_case: BTreeMap<&str, Vec<&ScalingPoint>> = BTreeMap::new();
    for p in scaling {
        by_case.entry(p.case.as_str()).or_default().push(p);
    }
    let scaling_fits = by_case
        .into_iter()
        .filter_map(|(case, points)| {
            let xy: Vec<(f64, f64)> = points.iter().map(|p| (p.n as f64, p.mean_ns)).collect();
            let (fixed, marginal, r2) = fit_line(&xy)?;
            Some(ScalingFit {
                case: case.to_string(),
                points: points.len(),
                ns: points.iter().map(|p| p.n).collect(),
                fixed_ns: fixed,
                marginal_ns: marginal,
                marginal_calculated_gas: anchor.map(|a| marginal / a * ANCHOR_GAS),
                nominal_gas: nominal.get(case).copied(),
                r2,
            })
        })
        .collect();

    Report {
        meta,
        rows,
        scaling: scaling_fits,
        scaling_points: scaling.to_vec(),
        case_order,
        case_precompile: cases
            .cases
            .iter()
            .map(|c| (c.name.clone(), c.precompile.clone()))
            .collect(),
    }
}

/// Least squares y = a + b x weighted by 1/y² (relative errors, so that the large-N points
/// do not drown the intercept); returns (a, b, R²), or None with fewer than two distinct x.
pub fn fit_line(xy: &[(f64, f64)]) -> Option<(f64, f64, f64)> {
    if xy.len() < 2 || xy.iter().any(|p| p.1 <= 0.0) {
        return None;
    }
    let w = |p: &(f64, f64)| 1.0 / (p.1 * p.1);
    let sw: f64 = xy.iter().map(w).sum();
    let mx = xy.iter().map(|p| w(p) * p.0).sum::<f64>() / sw;
    let my = xy.iter().map(|p| w(p) * p.1).sum::<f64>() / sw;
    let sxx: f64 = xy.iter().map(|p| w(p) * (p.0 - mx) * (p.0 - mx)).sum();
    if sxx == 0.0 {
        return None;
    }
    let sxy: f64 = xy.iter().map(|p| w(p) * (p.0 - mx) * (p.1 - my)).sum();
    let b = sxy / sxx;
    let a = my - b * mx;
    let ss_tot: f64 = xy.iter().map(|p| w(p) * (p.1 - my) * (p.1 - my)).sum();
    let ss_res: f64 = xy.iter().map(|p| w(p) * (p.1 - a - b * p.0).powi(2)).sum();
    let r2 = if ss_tot == 0.0 {
        1.0
    } else {
        1.0 - ss_res / ss_tot
    };
    Some((a, b, r2))
}

impl Report {
    /// The row of one (impl, mode, case), if measured.
    pub fn row(&self, imp: &str, mode: &str, case: &str) -> Option<&Row> {
        self.rows
            .iter()
            .find(|r| r.imp == imp && r.mode == mode && r.case == case)
    }

    /// The (impl, mode) pairs measured, in report order.
    pub fn groups(&self) -> Vec<(String, String)> {
        let mut groups: Vec<(String, String)> = Vec::new();
        for r in &self.rows {
            if !groups.iter().any(|(i, m)| *i == r.imp && *m == r.mode) {
                groups.push((r.imp.clone(), r.mode.clone()));
            }
        }
        groups
    }

    /// Implementations other than ours, revm and geth: the alternative backends.
    pub fn backends(&self) -> Vec<String> {
        let mut b: Vec<String> = self
            .rows
            .iter()
            .filter(|r| impl_rank(&r.imp).0 == 3)
            .map(|r| r.imp.clone())
            .collect();
        b.sort();
        b.dedup();
        b
    }

    /// Rows whose calculated gas exceeds the nominal price.
    pub fn underpriced(&self) -> Vec<&Row> {
        self.rows
            .iter()
            .filter(|r| match (r.calculated_gas, r.nominal_gas) {
                (Some(c), Some(n)) => c > n as f64 && r.case != ANCHOR_CASE,
                _ => false,
            })
            .collect()
    }

    /// The ours-vs-revm comparison table (Markdown), also printed to stdout.
    pub fn comparison_table(&self) -> String {
        self.pair_table("ours", "revm")
    }

    fn pair_table(&self, a: &str, b: &str) -> String {
        let mut s = String::new();
        let _ = writeln!(
            s,
            "| Case | {a} direct (ns) | {b} direct (ns) | {a}/{b} | {a} bytecode (ns) | {b} bytecode (ns) | {a}/{b} |"
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
                cells.push(match (ra, rb) {
                    (Some(x), Some(y)) => format!("{:.2}", x.time_ns / y.time_ns),
                    _ => "–".into(),
                });
            }
            if any {
                let _ = writeln!(s, "| {} |", cells.join(" | "));
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
        if let Some(q) = m.quick {
            let _ = writeln!(
                s,
                "- **Mode:** {}",
                if q {
                    "quick (rough figures)"
                } else {
                    "careful"
                }
            );
        }
        if let Some(v) = &m.geth_version {
            let _ = writeln!(s, "- **go-ethereum:** {v}");
        }
        let _ = writeln!(
            s,
            "- **Calculated gas** = t(case) / t(`{ANCHOR_CASE}` of the same implementation and mode) × {ANCHOR_GAS}; **MGas/s** = nominal gas / t; **Gas @ {} MGas/s** = {} × t(µs) (EIP-7904 style).",
            fmt_num(m.rate_mgas),
            fmt_num(m.rate_mgas)
        );
        let backends = m.machine.backend_pairs();
        if !backends.is_empty() {
            s.push_str("\n## Backends\n\n| Precompile | Backend |\n|---|---|\n");
            for (k, v) in backends {
                let _ = writeln!(s, "| {k} | {v} |");
            }
        }

        s.push_str("\n## ours vs revm\n\n");
        s.push_str(&self.comparison_table());

        if self.rows.iter().any(|r| r.imp == "geth") {
            s.push_str("\n## Clients side by side\n\n");
            s.push_str(&self.client_table());
        }

        let backends = self.backends();
        if !backends.is_empty() {
            s.push_str("\n## Backends compared (direct calls)\n\n");
            s.push_str(&self.backend_table(&backends));
        }

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
            s.push_str("Least-squares fit (weighted by 1/t², i.e. relative errors) over the transactions of N calls (ours, bytecode). Marginal calculated gas is relative to ours-bytecode ECRECOVER.\n\n");
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
                "| Test | Time (ns) [95% CI] | Nominal gas | Calculated gas | MGas/s | Gas @ {} MGas/s | Bytes alloc | Alloc ops |",
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
                    r.calculated_gas.map_or("–".into(), fmt_gas),
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
                cells.push(
                    match (self.row("ours", mode, case), self.row("geth", mode, case)) {
                        (Some(o), Some(g)) => format!("{:.2}", o.time_ns / g.time_ns),
                        _ => "–".into(),
                    },
                );
            }
            if any {
                let _ = writeln!(s, "| {} |", cells.join(" | "));
            }
        }
        s.push_str(
            "\nEach cell: mean time per call <br/> calculated gas (normalised by the same implementation's ECRECOVER). \
             *direct*: the precompile called with the input (geth: `RequiredGas` + `Run`). \
             *bytecode*: one transaction to a contract that copies the input to memory and STATICCALLs the precompile \
             (revm's `transact` for ours and revm; go-ethereum's `core.ApplyMessage`), the state reused and reverted between runs.\n",
        );
        s
    }

    fn backend_table(&self, backends: &[String]) -> String {
        let mut s = String::new();
        s.push_str("| Case | Backend | Time (ns) | ours, chosen backend (ns) | Backend/ours |\n|---|---|---:|---:|---:|\n");
        for case in &self.case_order {
            let ours = self.row("ours", "direct", case);
            let precompile = self.case_precompile.get(case).map_or("", String::as_str);
            for b in backends {
                if let Some(r) = self.row(b, "direct", case) {
                    let chosen = self
                        .meta
                        .machine
                        .chosen_backend(precompile, case)
                        .map_or("ours".to_string(), |c| format!("ours ({c})"));
                    let _ = writeln!(
                        s,
                        "| `{}` | {} | {} | {} | {} |",
                        case,
                        b,
                        fmt_ns(r.time_ns),
                        ours.map_or("–".into(), |o| format!("{} {chosen}", fmt_ns(o.time_ns))),
                        ours.map_or("–".into(), |o| format!("{:.2}", r.time_ns / o.time_ns)),
                    );
                }
            }
        }
        s
    }

    /// The rows as CSV (`kind` = `measurement`), then the scaling fits (`kind` = `scaling`:
    /// time = marginal per call, `calculated_gas` = its calculated gas, `fixed_ns` = fixed).
    pub fn csv(&self) -> String {
        let mut s = String::from(
            "kind,impl,mode,case,time_ns,ci_low_ns,ci_high_ns,nominal_gas,calculated_gas,mgas_per_s,gas_at_rate,bytes_alloc,alloc_ops,fixed_ns\n",
        );
        let opt = |v: Option<f64>| v.map_or(String::new(), |x| format!("{x:.3}"));
        let gas = |g: Option<u64>| g.map_or(String::new(), |g| g.to_string());
        for r in &self.rows {
            let _ = writeln!(
                s,
                "measurement,{},{},{},{:.3},{:.3},{:.3},{},{},{},{:.3},{},{},",
                csv_field(&r.imp),
                csv_field(&r.mode),
                csv_field(&r.case),
                r.time_ns,
                r.ci_low_ns,
                r.ci_high_ns,
                gas(r.nominal_gas),
                opt(r.calculated_gas),
                opt(r.mgas_per_s),
                r.gas_at_rate,
                opt(r.bytes_alloc),
                opt(r.alloc_ops),
            );
        }
        for f in &self.scaling {
            let _ = writeln!(
                s,
                "scaling,ours,bytecode,{},{:.3},,,{},{},,,,,{:.3}",
                csv_field(&f.case),
                f.marginal_ns,
                gas(f.nominal_gas),
                opt(f.marginal_calculated_gas),
                f.fixed_ns,
            );
        }
        s
    }

    /// The report as JSON: everything, plus the underpriced (impl, mode, case) list.
    pub fn json(&self) -> Result<String, String> {
        let mut v = serde_json::to_value(self).map_err(|e| e.to_string())?;
        let under: Vec<serde_json::Value> = self
            .underpriced()
            .iter()
            .map(|r| {
                serde_json::json!({
                    "impl": r.imp, "mode": r.mode, "case": r.case,
                    "calculated_gas": r.calculated_gas, "nominal_gas": r.nominal_gas,
                })
            })
            .collect();
        v["underpriced"] = serde_json::Value::Array(under);
        serde_json::to_string_pretty(&v)
            .map(|t| t + "\n")
            .map_err(|e| e.to_string())
    }
}

fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// Formats nanoseconds with a precision suited to the magnitude.
pub fn fmt_ns(ns: f64) -> String {
    if ns.abs() < 100.0 {
        format!("{ns:.2}")
    } else if ns.abs() < 10_000.0 {
        format!("{ns:.1}")
    } else {
        format!("{ns:.0}")
    }
}

/// Formats a time with its unit (ns, µs, ms).
pub fn fmt_time(ns: f64) -> String {
    if ns < 1_000.0 {
        format!("{ns:.1} ns")
    } else if ns < 1_000_000.0 {
        format!("{:.2} µs", ns / 1_000.0)
    } else {
        format!("{:.2} ms", ns / 1_000_000.0)
    }
}

/// Formats a gas figure: whole numbers above 100, one decimal below.
pub fn fmt_gas(g: f64) -> String {
    if g.abs() < 100.0 {
        format!("{g:.1}")
    } else {
        format!("{g:.0}")
    }
}

/// Formats a number without a useless fractional part.
pub fn fmt_num(v: f64) -> String {
    if v.fract() == 0.0 && v.abs() < 1e15 {
        format!("{v:.0}")
    } else {
        format!("{v:.2}")
    }
}
