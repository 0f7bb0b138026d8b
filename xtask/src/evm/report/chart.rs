//! `evm.svg`: the change of uint256 against stock revm per program input, as horizontal bars,
//! drawn with plotters like the gas report's chart.

use super::Report;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use std::path::Path;

/// Faster than stock (a negative change).
const FASTER: RGBColor = RGBColor(0x2a, 0x9d, 0x8f);
/// Slower than stock.
const SLOWER: RGBColor = RGBColor(0xe7, 0x6f, 0x51);

/// Draws the chart of `report` into `path` (SVG): one bar per program input (the opcode loops
/// left out), top to bottom in file order, its change in % written next to it.
pub fn draw(report: &Report, path: &Path) -> Result<(), String> {
    let rows: Vec<(&str, f64)> = report
        .rows
        .iter()
        .filter(|r| r.group != "synth")
        .filter_map(|r| Some((r.id.as_str(), r.change("uint256", "stock")?)))
        .collect();
    let n = rows.len().max(1) as f64;
    // Room on the right of the longest bar for its label.
    let scale = rows.iter().map(|r| r.1.abs()).fold(10.0f64, f64::max) * 1.2;
    let height = 90 + 18 * rows.len() as u32;
    let e = |x: &dyn std::fmt::Display| format!("evm.svg: {x}");
    let root = SVGBackend::new(path, (900, height)).into_drawing_area();
    root.fill(&WHITE).map_err(|x| e(&x))?;
    let mut chart = ChartBuilder::on(&root)
        .caption(
            "uint256 instructions vs stock revm (change in time, %; left = faster)",
            ("sans-serif", 15),
        )
        .margin(12)
        .x_label_area_size(30)
        .y_label_area_size(300)
        .build_cartesian_2d(-scale..scale, 0.0..n)
        .map_err(|x| e(&x))?;
    chart
        .configure_mesh()
        .y_labels(0)
        .disable_y_mesh()
        .x_desc("change in time, %")
        .draw()
        .map_err(|x| e(&x))?;
    // Row i sits in [n - 1 - i, n - i): the first input on top.
    let row = |i: usize| n - 1.0 - i as f64;
    // The input names left of the plot area (plotters would put tick labels between rows).
    let name = ("sans-serif", 11)
        .into_font()
        .into_text_style(&root)
        .pos(Pos::new(HPos::Right, VPos::Center));
    for (i, (id, _)) in rows.iter().enumerate() {
        let (x, y) = chart.backend_coord(&(-scale, row(i) + 0.5));
        root.draw(&Text::new(id.to_string(), (x - 6, y), name.clone()))
            .map_err(|x| e(&x))?;
    }
    chart
        .draw_series(rows.iter().enumerate().map(|(i, &(_, c))| {
            let color = if c < 0.0 { FASTER } else { SLOWER };
            Rectangle::new([(0.0, row(i) + 0.15), (c, row(i) + 0.85)], color.filled())
        }))
        .map_err(|x| e(&x))?;
    let value = ("sans-serif", 10)
        .into_font()
        .into_text_style(&root)
        .pos(Pos::new(HPos::Left, VPos::Center));
    chart
        .draw_series(rows.iter().enumerate().map(|(i, &(_, c))| {
            let at = (c.max(0.0) + scale * 0.01, row(i) + 0.5);
            Text::new(format!("{c:+.1}"), at, value.clone())
        }))
        .map_err(|x| e(&x))?;
    chart
        .draw_series(LineSeries::new([(0.0, 0.0), (0.0, n)], &BLACK))
        .map_err(|x| e(&x))?;
    root.present().map_err(|x| e(&x))?;
    Ok(())
}
