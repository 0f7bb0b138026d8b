//! Number formatting shared by the Markdown, CSV and chart renderings.

/// Quotes a CSV field when it holds a comma, a quote or a newline.
pub fn csv_field(s: &str) -> String {
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
