//! `gas.svg`: nominal vs calculated gas per case, log scale.

use super::report::{Report, ANCHOR_GAS};
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use std::path::Path;

/// The series drawn: nominal gas, then calculated gas of ours (direct, bytecode) and of
/// geth (bytecode) when measured.
fn series(report: &Report) -> Vec<(String, RGBColor, Vec<Option<f64>>)> {
    let nominal: Vec<Option<f64>> = report
        .case_order
        .iter()
        .map(|c| {
            report
                .rows
                .iter()
                .find(|r| &r.case == c)
                .and_then(|r| r.nominal_gas)
                .map(|g| g as f64)
        })
        .collect();
    let mut out = vec![("nominal".to_string(), RGBColor(90, 90, 90), nominal)];
    let palette = [
        RGBColor(31, 119, 180),
        RGBColor(255, 127, 14),
        RGBColor(44, 160, 44),
        RGBColor(214, 39, 40),
    ];
    let mut k = 0;
    for (imp, mode) in [
        ("ours", "direct"),
        ("ours", "bytecode"),
        ("geth", "bytecode"),
    ] {
        let values: Vec<Option<f64>> = report
            .case_order
            .iter()
            .map(|c| report.row(imp, mode, c).and_then(|r| r.calculated_gas))
            .collect();
        if values.iter().any(Option::is_some) {
            out.push((
                format!("calculated ({imp} {mode})"),
                palette[k % palette.len()],
                values,
            ));
            k += 1;
        }
    }
    out
}

/// Draws the chart into `path` (SVG).
pub fn draw(report: &Report, path: &Path) -> Result<(), String> {
    let series = series(report);
    // Only cases with at least one value.
    let cases: Vec<usize> = (0..report.case_order.len())
        .filter(|&i| series.iter().any(|s| s.2[i].is_some()))
        .collect();
    let values = series
        .iter()
        .flat_map(|s| cases.iter().filter_map(|&i| s.2[i]))
        .filter(|v| *v > 0.0);
    let (lo, hi) = values.fold((f64::MAX, f64::MIN), |(lo, hi), v| (lo.min(v), hi.max(v)));
    let (lo, hi) = if lo > hi {
        (1.0, ANCHOR_GAS * 10.0)
    } else {
        (lo / 2.0, hi * 8.0)
    };
    let width = (160 + 48 * cases.len() as u32).max(800);
    let root = SVGBackend::new(path, (width, 640)).into_drawing_area();
    let e = |e: &dyn std::fmt::Display| format!("gas.svg: {e}");
    root.fill(&WHITE).map_err(|x| e(&x))?;
    let names: Vec<String> = cases
        .iter()
        .map(|&i| report.case_order[i].clone())
        .collect();
    let n = names.len().max(1) as f64;
    let mut chart = ChartBuilder::on(&root)
        .caption(
            format!("Nominal vs calculated gas ({})", report.meta.fork),
            ("sans-serif", 22),
        )
        .margin(16)
        .x_label_area_size(170)
        .y_label_area_size(70)
        .build_cartesian_2d(-0.5f64..(n - 0.5), (lo..hi).log_scale())
        .map_err(|x| e(&x))?;
    chart
        .configure_mesh()
        .x_labels(0)
        .y_label_formatter(&|v: &f64| axis_label(*v))
        .y_desc("gas (log scale)")
        .disable_x_mesh()
        .draw()
        .map_err(|x| e(&x))?;
    // Case names under the bars, rotated to read downwards from the axis (plotters would
    // centre rotated tick labels on the axis).
    let style = ("sans-serif", 12)
        .into_font()
        .transform(FontTransform::Rotate90)
        .into_text_style(&root)
        .pos(Pos::new(HPos::Left, VPos::Center));
    for (i, name) in names.iter().enumerate() {
        let (px, py) = chart.backend_coord(&(i as f64, lo));
        root.draw(&Text::new(name.clone(), (px, py + 8), style.clone()))
            .map_err(|x| e(&x))?;
    }
    let k = series.len() as f64;
    let bar = 0.8 / k;
    for (j, (name, color, vals)) in series.iter().enumerate() {
        let color = *color;
        let bars = cases.iter().enumerate().filter_map(|(x, &i)| {
            let v = vals[i]?;
            let x0 = x as f64 - 0.4 + j as f64 * bar;
            Some(Rectangle::new(
                [(x0, lo), (x0 + bar * 0.9, v.max(lo))],
                color.filled(),
            ))
        });
        chart
            .draw_series(bars)
            .map_err(|x| e(&x))?
            .label(name.clone())
            .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 12, y + 5)], color.filled()));
    }
    chart
        .configure_series_labels()
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .position(SeriesLabelPosition::UpperLeft)
        .draw()
        .map_err(|x| e(&x))?;
    root.present().map_err(|x| e(&x))?;
    Ok(())
}

/// Axis label of a gas value: 1, 10, 100, 1k, 10k, 1M...
fn axis_label(v: f64) -> String {
    if v >= 1e6 {
        format!("{}M", v / 1e6)
    } else if v >= 1e3 {
        format!("{}k", v / 1e3)
    } else {
        format!("{v}")
    }
}
