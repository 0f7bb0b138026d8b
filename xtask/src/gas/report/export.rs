//! The report as CSV and JSON.

use super::format::csv_field;
use super::Report;
use std::fmt::Write as _;

impl Report {
    /// The rows as CSV (`kind` = `measurement`: calculated gas with its 95 % interval and
    /// rounds), the scaling fits (`kind` = `scaling`: time = marginal per call,
    /// `calculated_gas` = its calculated gas, `fixed_ns` = fixed), the ours/peer and
    /// backend/ours ratios (`kind` = `ratio`, `impl` = `<num>/<den>`) and the A/A figures
    /// (`kind` = `aa`), each ratio with its 95 % interval and rounds.
    pub fn csv(&self) -> String {
        let mut s = String::from(
            "kind,impl,mode,case,time_ns,ci_low_ns,ci_high_ns,nominal_gas,calculated_gas,mgas_per_s,gas_at_rate,bytes_alloc,alloc_ops,fixed_ns,calculated_gas_low,calculated_gas_high,rounds,ratio,ratio_low,ratio_high\n",
        );
        let opt = |v: Option<f64>| v.map_or(String::new(), |x| format!("{x:.3}"));
        let gas = |g: Option<u64>| g.map_or(String::new(), |g| g.to_string());
        let count = |n: Option<usize>| n.map_or(String::new(), |n| n.to_string());
        for r in &self.rows {
            let (lo, hi) = r.calculated_gas_interval.unzip();
            let _ = writeln!(
                s,
                "measurement,{},{},{},{:.3},{:.3},{:.3},{},{},{},{:.3},{},{},,{},{},{},,,",
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
                opt(lo),
                opt(hi),
                count(r.rounds),
            );
        }
        for f in &self.scaling {
            let _ = writeln!(
                s,
                "scaling,ours,bytecode,{},{:.3},,,{},{},,,,,{:.3},,,,,,",
                csv_field(&f.case),
                f.marginal_ns,
                gas(f.nominal_gas),
                opt(f.marginal_calculated_gas),
                f.fixed_ns,
            );
        }
        let ratios = self
            .ratios
            .iter()
            .map(|r| {
                (
                    "ratio",
                    format!("{}/{}", r.num, r.den),
                    &r.mode,
                    &r.case,
                    r.ratio,
                    r.rounds,
                )
            })
            .chain(
                self.aa
                    .iter()
                    .map(|a| ("aa", a.imp.clone(), &a.mode, &a.case, a.ratio, a.rounds)),
            );
        for (kind, imp, mode, case, ratio, rounds) in ratios {
            let _ = writeln!(
                s,
                "{kind},{},{},{},,,,,,,,,,,,,{rounds},{:.5},{:.5},{:.5}",
                csv_field(&imp),
                csv_field(mode),
                csv_field(case),
                ratio.value,
                ratio.low,
                ratio.high,
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
