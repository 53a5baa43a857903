//! Charts for reports, each written twice from one drawing: `STEM.png`
//! (plotters' bitmap backend) and `STEM.svg` (its SVG backend).
//!
//! Every chart is a [`Figure`]: a size and one `draw` generic over the
//! backend, so the PNG and the SVG cannot drift apart. Text uses the
//! DejaVu Sans embedded in the binary (registered once with plotters'
//! `ab_glyph` renderer), so nothing needs a system font.

use std::f64::consts::PI;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use anyhow::{Context, Result, anyhow, bail};
use hexwar_engine::{HexId, Scenario};
use plotters::coord::Shift;
use plotters::coord::types::RangedCoordf64;
use plotters::drawing::DrawingAreaErrorKind;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use plotters::style::{FontStyle, register_font};

use crate::fit::Logistic;

/// One bar of an outcome chart: a rate (0 to 1) and its 95% interval.
#[derive(Clone, Debug, PartialEq)]
pub struct Bar {
    /// What the bar counts ("Japan wins", "draws").
    pub label: String,
    /// The rate, 0 to 1.
    pub rate: f64,
    /// Lower end of the interval.
    pub low: f64,
    /// Upper end of the interval.
    pub high: f64,
}

/// One series of a histogram: `counts[v]` games had value `v`.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    /// Legend text.
    pub label: String,
    /// Games per value.
    pub counts: Vec<u64>,
}

/// One point of a sweep: the rate at `x` and its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SweepPoint {
    /// The parameter's value.
    pub x: f64,
    /// The rate, 0 to 1.
    pub rate: f64,
    /// Lower end of the interval.
    pub low: f64,
    /// Upper end of the interval.
    pub high: f64,
}

/// The font family name the embedded font is registered under.
const FAMILY: &str = "sans-serif";
/// DejaVu Sans (its licence is `assets/DejaVuSans-LICENSE.txt`).
static FONT: &[u8] = include_bytes!("../assets/DejaVuSans.ttf");

/// Registers the embedded font with plotters, once per process.
fn font() -> Result<()> {
    static OK: OnceLock<bool> = OnceLock::new();
    let ok = *OK.get_or_init(|| {
        [FontStyle::Normal, FontStyle::Bold]
            .into_iter()
            .all(|s| register_font(FAMILY, s, FONT).is_ok())
    });
    if ok {
        Ok(())
    } else {
        bail!("the embedded font DejaVuSans.ttf was rejected by the font renderer")
    }
}

/// Chart size for the plain charts.
const SIZE: (u32, u32) = (900, 600);

/// Side colours, as in the SVG map (first side blue, second red), then more.
const PALETTE: [RGBColor; 5] = [
    RGBColor(0x3b, 0x6d, 0xb3),
    RGBColor(0xb8, 0x40, 0x3a),
    RGBColor(0x4a, 0x9a, 0x4a),
    RGBColor(0xe0, 0x8a, 0x1e),
    RGBColor(0x7b, 0x52, 0xa8),
];
const DRAW_GREY: RGBColor = RGBColor(0x8c, 0x8c, 0x8c);
const INK: RGBColor = RGBColor(0x22, 0x22, 0x22);
/// The fine grid lines between labelled ones.
const LIGHT: RGBColor = RGBColor(0xf0, 0xf0, 0xf0);

type DrawResult<DB> = Result<(), DrawingAreaErrorKind<<DB as DrawingBackend>::ErrorType>>;

/// A chart: drawn the same way on any backend.
trait Figure {
    /// Pixel size of the PNG (and of the SVG's canvas).
    fn size(&self) -> (u32, u32) {
        SIZE
    }
    /// Draws the whole chart on `root`.
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> DrawResult<DB>;
}

/// `STEM.ext` (the stem may contain dots of its own).
fn with_ext(stem: &Path, ext: &str) -> PathBuf {
    let mut s = stem.as_os_str().to_owned();
    s.push(".");
    s.push(ext);
    PathBuf::from(s)
}

/// Draws `fig` into `STEM.png` and `STEM.svg`, creating the directory.
fn write_both(stem: &Path, fig: &impl Figure) -> Result<()> {
    font()?;
    if let Some(dir) = stem.parent().filter(|d| !d.as_os_str().is_empty()) {
        fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    }
    let size = fig.size();
    let png = with_ext(stem, "png");
    {
        let root = BitMapBackend::new(&png, size).into_drawing_area();
        fig.draw(&root)
            .and_then(|()| root.present())
            .map_err(|e| anyhow!("cannot write {}: {e}", png.display()))?;
    }
    let svg = with_ext(stem, "svg");
    {
        let root = SVGBackend::new(&svg, size).into_drawing_area();
        fig.draw(&root)
            .and_then(|()| root.present())
            .map_err(|e| anyhow!("cannot write {}: {e}", svg.display()))?;
    }
    Ok(())
}

fn text(size: u32) -> TextStyle<'static> {
    TextStyle::from((FAMILY, size).into_font()).color(&INK)
}

fn anchored(size: u32, h: HPos, v: VPos) -> TextStyle<'static> {
    text(size).pos(Pos::new(h, v))
}

fn pct(v: &f64) -> String {
    format!("{:.0}%", v * 100.0)
}

/// Draws a vertical error bar from `low` to `high` at `x` with caps
/// `cap` wide (in x units).
fn error_bar<DB: DrawingBackend>(
    chart: &mut ChartContext<'_, DB, Cartesian2d<RangedCoordf64, RangedCoordf64>>,
    x: f64,
    low: f64,
    high: f64,
    cap: f64,
) -> DrawResult<DB> {
    let style = INK.stroke_width(2);
    chart.draw_series([
        PathElement::new(vec![(x, low), (x, high)], style),
        PathElement::new(vec![(x - cap, low), (x + cap, low)], style),
        PathElement::new(vec![(x - cap, high), (x + cap, high)], style),
    ])?;
    Ok(())
}

// ---------------------------------------------------------------------------
// Outcomes

struct Outcomes<'a> {
    title: &'a str,
    bars: &'a [Bar],
}

impl Figure for Outcomes<'_> {
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> DrawResult<DB> {
        root.fill(&WHITE)?;
        let n = self.bars.len().max(1);
        let mut chart = ChartBuilder::on(root)
            .caption(self.title, text(28))
            .margin(20)
            .x_label_area_size(50)
            .y_label_area_size(80)
            .build_cartesian_2d(-0.5..n as f64 - 0.5, 0.0..1.0)?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_labels(0)
            .y_labels(11)
            .y_label_formatter(&pct)
            .y_desc("share of games (bars: 95% Wilson interval)")
            .light_line_style(LIGHT)
            .label_style(text(16))
            .axis_desc_style(text(18))
            .draw()?;
        let mut side = 0;
        for (i, b) in self.bars.iter().enumerate() {
            let x = i as f64;
            let color = if b.label.to_lowercase().contains("draw") {
                DRAW_GREY
            } else {
                side += 1;
                PALETTE[(side - 1) % PALETTE.len()]
            };
            chart.draw_series([Rectangle::new(
                [(x - 0.32, 0.0), (x + 0.32, b.rate.clamp(0.0, 1.0))],
                color.mix(0.85).filled(),
            )])?;
            error_bar(
                &mut chart,
                x,
                b.low.clamp(0.0, 1.0),
                b.high.clamp(0.0, 1.0),
                0.06,
            )?;
            let (px, py) = chart.backend_coord(&(x, b.high.clamp(0.0, 1.0)));
            root.draw(&Text::new(
                format!("{:.1}%", b.rate * 100.0),
                (px, py - 6),
                anchored(18, HPos::Center, VPos::Bottom),
            ))?;
            let (px, py) = chart.backend_coord(&(x, 0.0));
            root.draw(&Text::new(
                b.label.clone(),
                (px, py + 12),
                anchored(18, HPos::Center, VPos::Top),
            ))?;
        }
        Ok(())
    }
}

/// A bar chart of outcome rates (wins, draws, losses) with 95% intervals as
/// error bars. Bars whose label mentions "draw" are grey; the others take
/// the side colours in order.
pub fn outcomes(stem: &Path, title: &str, bars: &[Bar]) -> Result<()> {
    write_both(stem, &Outcomes { title, bars })
}

// ---------------------------------------------------------------------------
// Histograms

struct Histograms<'a> {
    title: &'a str,
    x_label: &'a str,
    series: &'a [Series],
}

impl Figure for Histograms<'_> {
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> DrawResult<DB> {
        root.fill(&WHITE)?;
        let used = |s: &Series| s.counts.iter().position(|&c| c > 0);
        let lo = self.series.iter().filter_map(used).min().unwrap_or(0);
        let hi = self
            .series
            .iter()
            .filter_map(|s| s.counts.iter().rposition(|&c| c > 0))
            .max()
            .unwrap_or(0)
            .max(lo);
        let top = self
            .series
            .iter()
            .flat_map(|s| s.counts.iter().copied())
            .max()
            .unwrap_or(0)
            .max(1) as f64
            * 1.12;
        let mut chart = ChartBuilder::on(root)
            .caption(self.title, text(28))
            .margin(20)
            .x_label_area_size(55)
            .y_label_area_size(80)
            .build_cartesian_2d(lo as f64 - 0.5..hi as f64 + 0.5, 0.0..top)?;
        let span = hi - lo + 1;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_labels(span.min(16))
            .x_label_formatter(&|v| {
                if (v - v.round()).abs() < 1e-9 {
                    format!("{v:.0}")
                } else {
                    String::new()
                }
            })
            .y_label_formatter(&|v| format!("{v:.0}"))
            .x_desc(self.x_label)
            .y_desc("games")
            .light_line_style(LIGHT)
            .label_style(text(16))
            .axis_desc_style(text(18))
            .draw()?;
        let k = self.series.len().max(1);
        let width = 0.84 / k as f64;
        for (i, s) in self.series.iter().enumerate() {
            let color = PALETTE[i % PALETTE.len()];
            let games: u64 = s.counts.iter().sum();
            let total: f64 = s
                .counts
                .iter()
                .enumerate()
                .map(|(v, &c)| v as f64 * c as f64)
                .sum();
            let label = if games > 0 {
                format!("{} (mean {:.1})", s.label, total / games as f64)
            } else {
                format!("{} (no games)", s.label)
            };
            let left = -0.42 + i as f64 * width;
            chart
                .draw_series(s.counts.iter().enumerate().filter(|(_, c)| **c > 0).map(
                    |(v, &c)| {
                        let x = v as f64 + left;
                        Rectangle::new([(x, 0.0), (x + width, c as f64)], color.mix(0.8).filled())
                    },
                ))?
                .label(label)
                .legend(move |(x, y)| {
                    Rectangle::new([(x, y - 7), (x + 16, y + 7)], color.mix(0.8).filled())
                });
        }
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperRight)
            .label_font(text(18))
            .background_style(WHITE.mix(0.85))
            .border_style(INK)
            .draw()?;
        Ok(())
    }
}

/// Histograms of a per-game count (steps lost, game length in turns), one
/// series per side or batch, bars side by side for each value; the legend
/// gives each series' mean.
pub fn histograms(stem: &Path, title: &str, x_label: &str, series: &[Series]) -> Result<()> {
    write_both(
        stem,
        &Histograms {
            title,
            x_label,
            series,
        },
    )
}

// ---------------------------------------------------------------------------
// Heat map

/// Colour stops of the heat scale, pale to dark (ColorBrewer YlOrRd).
const HEAT: [(u8, u8, u8); 6] = [
    (0xfe, 0xd9, 0x76),
    (0xfe, 0xb2, 0x4c),
    (0xfd, 0x8d, 0x3c),
    (0xfc, 0x4e, 0x2a),
    (0xe3, 0x1a, 0x1c),
    (0xb1, 0x00, 0x26),
];

/// The heat colour at `t` (0 to 1).
fn heat(t: f64) -> RGBColor {
    let t = t.clamp(0.0, 1.0) * (HEAT.len() - 1) as f64;
    let i = (t.floor() as usize).min(HEAT.len() - 2);
    let f = t - i as f64;
    let (a, b) = (HEAT[i], HEAT[i + 1]);
    let mix = |x: u8, y: u8| (x as f64 + (y as f64 - x as f64) * f).round() as u8;
    RGBColor(mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2))
}

/// Whole-number ticks for a square-root colour scale up to `max`: every
/// value up to 4, else five spread evenly along the scale (0, max/16,
/// max/4, 9max/16, max), rounded.
fn scale_ticks(max: u64) -> Vec<u64> {
    if max <= 4 {
        return (0..=max.max(1)).collect();
    }
    let mut t: Vec<u64> = (0..=4u64)
        .map(|k| (max as f64 * (k * k) as f64 / 16.0).round() as u64)
        .collect();
    t.dedup();
    t
}

/// `"#rrggbb"` to a colour; grey for anything else.
fn parse_color(s: &str) -> RGBColor {
    let hex = s.strip_prefix('#').unwrap_or("");
    let byte = |i: usize| {
        hex.get(i..i + 2)
            .and_then(|h| u8::from_str_radix(h, 16).ok())
    };
    match (hex.len(), byte(0), byte(2), byte(4)) {
        (6, Some(r), Some(g), Some(b)) => RGBColor(r, g, b),
        _ => RGBColor(0xcc, 0xcc, 0xcc),
    }
}

/// `c` faded toward white, keeping `keep` of it.
fn fade(c: RGBColor, keep: f64) -> RGBColor {
    let f = |x: u8| (x as f64 * keep + 255.0 * (1.0 - keep)).round() as u8;
    RGBColor(f(c.0), f(c.1), f(c.2))
}

/// Where the map sits in a heat map image.
#[derive(Clone, Copy, Debug, PartialEq)]
struct HeatLayout {
    /// Hex size, centre to corner, in pixels.
    hex: f64,
    /// Top-left corner of the map's bounding box.
    origin: (f64, f64),
    /// Map width and height in pixels.
    map: (f64, f64),
    /// Image size.
    image: (u32, u32),
}

/// Longest side of the map in pixels (hexes grow no larger than `HEX_MAX`).
const MAP_BOX: f64 = 1000.0;
const HEX_MAX: f64 = 36.0;
const HEAT_TOP: f64 = 96.0;
const HEAT_SIDE: f64 = 44.0;
const HEAT_BOTTOM: f64 = 40.0;
const HEAT_LEGEND: f64 = 170.0;

fn heat_layout(scen: &Scenario) -> HeatLayout {
    let grid = scen.grid();
    let units = (
        1.5 * grid.columns() as f64 + 0.5,
        3f64.sqrt() * (grid.rows() as f64 + 0.5),
    );
    let hex = (MAP_BOX / units.0.max(units.1)).min(HEX_MAX);
    let map = (hex * units.0, hex * units.1);
    let w = (2.0 * HEAT_SIDE + map.0 + HEAT_LEGEND).max(640.0);
    let h = (HEAT_TOP + map.1 + HEAT_BOTTOM).max(480.0);
    // The map is centred in the room left of the legend.
    let x0 = ((w - HEAT_LEGEND - map.0) / 2.0).max(HEAT_SIDE);
    HeatLayout {
        hex,
        origin: (x0, HEAT_TOP),
        map,
        image: (w.ceil() as u32, h.ceil() as u32),
    }
}

struct HeatMap<'a> {
    title: &'a str,
    scen: &'a Scenario,
    values: &'a [u64],
    layout: HeatLayout,
}

impl HeatMap<'_> {
    fn center(&self, h: HexId) -> (f64, f64) {
        let (x, y) = self.scen.grid().center(h, self.layout.hex);
        (x + self.layout.origin.0, y + self.layout.origin.1)
    }

    fn corners(&self, c: (f64, f64)) -> Vec<(i32, i32)> {
        (0..6)
            .map(|k| {
                let a = PI / 3.0 * k as f64;
                let s = self.layout.hex;
                (
                    (c.0 + s * a.cos()).round() as i32,
                    (c.1 + s * a.sin()).round() as i32,
                )
            })
            .collect()
    }

    /// No movement class may stand there (sea, lakes).
    fn impassable(&self, h: HexId) -> bool {
        (0..self.scen.classes().len()).all(|c| !self.scen.can_stand(h, c as u8))
    }
}

fn px(p: (f64, f64)) -> (i32, i32) {
    (p.0.round() as i32, p.1.round() as i32)
}

impl Figure for HeatMap<'_> {
    fn size(&self) -> (u32, u32) {
        self.layout.image
    }

    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> DrawResult<DB> {
        let scen = self.scen;
        let grid = scen.grid();
        let lay = self.layout;
        let max = self.values.iter().copied().max().unwrap_or(0);
        let total: u64 = self.values.iter().sum();
        root.fill(&WHITE)?;
        let (w, _) = lay.image;
        root.draw(&Text::new(
            self.title.to_string(),
            (w as i32 / 2, 14),
            anchored(26, HPos::Center, VPos::Top),
        ))?;
        root.draw(&Text::new(
            format!(
                "{total} steps lost in all; at most {max} in one hex. Hexes are labelled CCRR (column, row)."
            ),
            (w as i32 / 2, 48),
            anchored(15, HPos::Center, VPos::Top),
        ))?;

        // Hexes: faint terrain, impassable terrain in full, heat on top.
        let scale = |v: u64| (v as f64 / max.max(1) as f64).sqrt();
        for h in grid.hexes() {
            let c = self.center(h);
            let v = self.values[h.index()];
            let terrain = parse_color(&scen.terrain(h).color);
            let fill = if v > 0 {
                heat(scale(v))
            } else if self.impassable(h) {
                terrain
            } else {
                fade(terrain, 0.35)
            };
            let pts = self.corners(c);
            root.draw(&Polygon::new(pts.clone(), fill.filled()))?;
            let mut ring = pts;
            ring.push(ring[0]);
            root.draw(&PathElement::new(ring, RGBColor(0xb0, 0xb0, 0xb0)))?;
        }
        // Objectives: a dark ring inside the hex.
        for o in scen.objectives() {
            let c = self.center(o.hex);
            let r = (lay.hex * 0.62).round() as i32;
            root.draw(&Circle::new(px(c), r, WHITE.stroke_width(4)))?;
            root.draw(&Circle::new(px(c), r, INK.stroke_width(2)))?;
        }

        // Coordinate frame: column numbers above and below, rows left and right.
        let fs = 13;
        let col_step = (22.0 / (1.5 * lay.hex)).ceil().max(1.0) as u16;
        let row_step = (16.0 / (3f64.sqrt() * lay.hex)).ceil().max(1.0) as u16;
        let (top, bottom) = (lay.origin.1, lay.origin.1 + lay.map.1);
        let (left, right) = (lay.origin.0, lay.origin.0 + lay.map.0);
        for col in (1..=grid.columns()).filter(|c| (c - 1) % col_step == 0) {
            if let Some(h) = grid.at(col, 1) {
                let x = self.center(h).0.round() as i32;
                let s = format!("{col:02}");
                root.draw(&Text::new(
                    s.clone(),
                    (x, top as i32 - 4),
                    anchored(fs, HPos::Center, VPos::Bottom),
                ))?;
                root.draw(&Text::new(
                    s,
                    (x, bottom as i32 + 4),
                    anchored(fs, HPos::Center, VPos::Top),
                ))?;
            }
        }
        for row in (1..=grid.rows()).filter(|r| (r - 1) % row_step == 0) {
            if let Some(h) = grid.at(1, row) {
                let y = self.center(h).1.round() as i32;
                let s = format!("{row:02}");
                root.draw(&Text::new(
                    s.clone(),
                    (left as i32 - 6, y),
                    anchored(fs, HPos::Right, VPos::Center),
                ))?;
                root.draw(&Text::new(
                    s,
                    (right as i32 + 6, y),
                    anchored(fs, HPos::Left, VPos::Center),
                ))?;
            }
        }

        // The five hottest places get their label (and place name): the
        // hottest hex, then the hottest local peak more than three hexes
        // from any labelled one, and so on.
        let mut hot: Vec<HexId> = grid
            .hexes()
            .filter(|h| self.values[h.index()] > 0)
            .collect();
        hot.sort_by_key(|h| (std::cmp::Reverse(self.values[h.index()]), h.0));
        let mut peaks: Vec<HexId> = Vec::new();
        for h in hot {
            if peaks.len() == 5 {
                break;
            }
            let v = self.values[h.index()];
            let local_max = grid
                .neighbours(h)
                .iter()
                .all(|n| !n.is_some() || self.values[n.index()] <= v);
            if local_max && peaks.iter().all(|&p| grid.distance(p, h) > 3) {
                peaks.push(h);
            }
        }
        for &h in &peaks {
            let c = self.center(h);
            let label = match scen.place_name(h) {
                Some(name) => format!("{} {name}", grid.label(h)),
                None => grid.label(h),
            };
            let style = anchored(13, HPos::Left, VPos::Center);
            let (tw, th) = root
                .estimate_text_size(&label, &style)
                .unwrap_or((8 * label.len() as u32, 14));
            // Right of the hex, or left of it near the map's east edge.
            let mut x = (c.0 + lay.hex * 0.9).round() as i32;
            if x as f64 + tw as f64 > right + 4.0 {
                x = (c.0 - lay.hex * 0.9).round() as i32 - tw as i32;
            }
            let y = c.1.round() as i32;
            let tick_x = if (x as f64) < c.0 {
                x + tw as i32 + 3
            } else {
                x - 3
            };
            root.draw(&Rectangle::new(
                [
                    (x - 3, y - th as i32 / 2 - 3),
                    (x + tw as i32 + 3, y + th as i32 / 2 + 3),
                ],
                WHITE.mix(0.85).filled(),
            ))?;
            root.draw(&PathElement::new(
                vec![(tick_x, y), (c.0.round() as i32, y)],
                INK,
            ))?;
            root.draw(&Text::new(label, (x, y), style))?;
        }

        // Colour scale on the right: square-root scale, labelled in steps.
        let lx = (w as f64 - HEAT_LEGEND + 30.0).round() as i32;
        let (ly0, ly1) = (HEAT_TOP as i32 + 20, HEAT_TOP as i32 + 320);
        root.draw(&Text::new(
            "steps lost",
            (lx, ly0 - 28),
            anchored(15, HPos::Left, VPos::Top),
        ))?;
        root.draw(&Text::new(
            "(square-root scale)",
            (lx, ly0 - 12),
            anchored(12, HPos::Left, VPos::Top),
        ))?;
        let span = (ly1 - ly0) as f64;
        for y in ly0..ly1 {
            let t = 1.0 - (y - ly0) as f64 / span;
            root.draw(&Rectangle::new(
                [(lx, y), (lx + 22, y + 1)],
                heat(t).filled(),
            ))?;
        }
        root.draw(&Rectangle::new([(lx, ly0), (lx + 22, ly1)], INK))?;
        for v in scale_ticks(max) {
            let t = (v as f64 / max.max(1) as f64).sqrt();
            let y = ly1 - (t * span).round() as i32;
            root.draw(&PathElement::new(vec![(lx + 22, y), (lx + 27, y)], INK))?;
            root.draw(&Text::new(
                v.to_string(),
                (lx + 31, y),
                anchored(13, HPos::Left, VPos::Center),
            ))?;
        }
        // Key for the hexes with no losses.
        let mut ky = ly1 + 30;
        let clear = grid.hexes().find(|&h| !self.impassable(h));
        let water = grid.hexes().find(|&h| self.impassable(h));
        for (h, what) in [(clear, "no losses"), (water, "impassable")] {
            let Some(h) = h else { continue };
            let t = parse_color(&scen.terrain(h).color);
            let fill = if what == "no losses" {
                fade(t, 0.35)
            } else {
                t
            };
            root.draw(&Rectangle::new(
                [(lx, ky), (lx + 22, ky + 14)],
                fill.filled(),
            ))?;
            root.draw(&Rectangle::new([(lx, ky), (lx + 22, ky + 14)], INK))?;
            root.draw(&Text::new(
                what,
                (lx + 30, ky + 7),
                anchored(13, HPos::Left, VPos::Center),
            ))?;
            ky += 24;
        }
        if !scen.objectives().is_empty() {
            root.draw(&Circle::new((lx + 11, ky + 7), 7, INK.stroke_width(2)))?;
            root.draw(&Text::new(
                "objective",
                (lx + 30, ky + 7),
                anchored(13, HPos::Left, VPos::Center),
            ))?;
        }
        Ok(())
    }
}

/// The scenario's map with each hex shaded by `values[hex index]` (steps
/// lost there over a batch): faint terrain underneath, impassable hexes in
/// their own colour, objectives ringed, a colour scale, column and row
/// numbers round the map and the five hottest hexes labelled. The image is
/// sized to the map (portrait for a tall map).
pub fn heat_map(stem: &Path, title: &str, scen: &Scenario, values: &[u64]) -> Result<()> {
    let hexes = scen.grid().len();
    if values.len() != hexes {
        bail!(
            "heat map of {}: {} values for {hexes} hexes",
            scen.name(),
            values.len()
        );
    }
    write_both(
        stem,
        &HeatMap {
            title,
            scen,
            values,
            layout: heat_layout(scen),
        },
    )
}

// ---------------------------------------------------------------------------
// Sweep

struct Sweep<'a> {
    title: &'a str,
    x_label: &'a str,
    points: &'a [SweepPoint],
    fit: Option<Logistic>,
    interval: Option<(f64, f64)>,
}

impl Figure for Sweep<'_> {
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> DrawResult<DB> {
        root.fill(&WHITE)?;
        let xs = || self.points.iter().map(|p| p.x).filter(|x| x.is_finite());
        let (mut lo, mut hi) = (
            xs().fold(f64::INFINITY, f64::min),
            xs().fold(f64::NEG_INFINITY, f64::max),
        );
        if !lo.is_finite() {
            (lo, hi) = (0.0, 1.0);
        }
        let tried = hi - lo;
        // Show x50 and its interval when they are near the values tried.
        let x50 = self.fit.and_then(|f| f.x50());
        let reach = tried.max(1e-9);
        let (tried_lo, tried_hi) = (lo, hi);
        let near = |x: f64| x >= tried_lo - reach && x <= tried_hi + reach;
        for x in x50
            .into_iter()
            .chain(self.interval.into_iter().flat_map(|(a, b)| [a, b]))
        {
            if near(x) {
                lo = lo.min(x);
                hi = hi.max(x);
            }
        }
        let pad = if hi > lo { (hi - lo) * 0.06 } else { 0.5 };
        let (x0, x1) = (lo - pad, hi + pad);
        let mut chart = ChartBuilder::on(root)
            .caption(self.title, text(26))
            .margin(20)
            .x_label_area_size(55)
            .y_label_area_size(80)
            .build_cartesian_2d(x0..x1, 0.0..1.0)?;
        chart
            .configure_mesh()
            .y_labels(11)
            .y_label_formatter(&pct)
            .x_desc(self.x_label)
            .y_desc("first side's win rate")
            .x_label_formatter(&|x| fmt_x(*x))
            .label_style(text(16))
            .axis_desc_style(text(18))
            .light_line_style(LIGHT)
            .draw()?;
        let fit_color = PALETTE[1];
        // The 50% point and its interval first, underneath the data.
        if let (Some(_), Some((ia, ib))) = (x50, self.interval) {
            let (a, b) = (ia.clamp(x0, x1), ib.clamp(x0, x1));
            chart
                .draw_series([Rectangle::new(
                    [(a, 0.0), (b, 1.0)],
                    fit_color.mix(0.12).filled(),
                )])?
                .label(format!(
                    "x50 95% bootstrap interval {} to {}",
                    fmt_x(ia),
                    fmt_x(ib)
                ))
                .legend(move |(x, y)| {
                    Rectangle::new([(x, y - 7), (x + 16, y + 7)], fit_color.mix(0.25).filled())
                });
        }
        chart.draw_series(DashedLineSeries::new(
            [(x0, 0.5), (x1, 0.5)],
            8,
            6,
            DRAW_GREY.stroke_width(2),
        ))?;
        if let Some(f) = self.fit {
            let n = 240;
            chart
                .draw_series(LineSeries::new(
                    (0..=n).map(|i| {
                        let x = x0 + (x1 - x0) * i as f64 / n as f64;
                        (x, f.p(x))
                    }),
                    fit_color.stroke_width(3),
                ))?
                .label(format!("logistic fit: b0 = {:.3}, b1 = {:.3}", f.b0, f.b1))
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 16, y)], fit_color.stroke_width(3))
                });
        }
        if let Some(x) = x50 {
            let inside = x >= x0 && x <= x1;
            let tried = (tried_lo..=tried_hi).contains(&x);
            let label = if inside && tried {
                format!("x50 = {} (50% win rate)", fmt_x(x))
            } else if inside {
                format!("x50 = {}, beyond the values tried", fmt_x(x))
            } else {
                format!("x50 = {} lies outside the chart", fmt_x(x))
            };
            if inside {
                chart
                    .draw_series(DashedLineSeries::new(
                        [(x, 0.0), (x, 0.5)],
                        6,
                        4,
                        fit_color.stroke_width(2),
                    ))?
                    .label(label)
                    .legend(move |(x, y)| Circle::new((x + 8, y), 5, fit_color.filled()));
                chart.draw_series([Circle::new((x, 0.5), 6, fit_color.filled())])?;
                if let Some((a, b)) = self.interval {
                    let (a, b) = (a.clamp(x0, x1), b.clamp(x0, x1));
                    let style = fit_color.stroke_width(3);
                    chart.draw_series([PathElement::new(vec![(a, 0.5), (b, 0.5)], style)])?;
                }
            } else {
                chart
                    .draw_series(std::iter::empty::<Circle<(f64, f64), i32>>())?
                    .label(label)
                    .legend(move |(x, y)| Circle::new((x + 8, y), 5, fit_color.filled()));
            }
        }
        // Data: points with 95% Wilson intervals.
        let cap = (x1 - x0) * 0.008;
        for p in self.points.iter().filter(|p| p.x.is_finite()) {
            error_bar(
                &mut chart,
                p.x,
                p.low.clamp(0.0, 1.0),
                p.high.clamp(0.0, 1.0),
                cap,
            )?;
        }
        let data = PALETTE[0];
        chart
            .draw_series(
                self.points
                    .iter()
                    .filter(|p| p.x.is_finite())
                    .map(|p| Circle::new((p.x, p.rate.clamp(0.0, 1.0)), 6, data.filled())),
            )?
            .label("win rate, 95% Wilson interval")
            .legend(move |(x, y)| Circle::new((x + 8, y), 5, data.filled()));
        let rising = self.fit.is_none_or(|f| f.b1 >= 0.0);
        chart
            .configure_series_labels()
            .position(if rising {
                SeriesLabelPosition::UpperLeft
            } else {
                SeriesLabelPosition::UpperRight
            })
            .label_font(text(16))
            .background_style(WHITE.mix(0.9))
            .border_style(INK)
            .draw()?;
        Ok(())
    }
}

/// A number for a chart: up to 3 significant decimals, no trailing zeros.
fn fmt_x(x: f64) -> String {
    let s = format!("{x:.3}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" { "0".into() } else { s.into() }
}

/// A sweep: the first side's win rate against a parameter, with 95% error
/// bars, the fitted logistic curve, a dashed 50% line, and the fitted 50%
/// point with its interval (`interval`, from [`crate::fit::bootstrap_x50`])
/// as a band and a bar along the 50% line. The chart widens to show x50
/// when it lies within one tried range of the values; beyond that the
/// legend says where it is.
pub fn sweep(
    stem: &Path,
    title: &str,
    x_label: &str,
    points: &[SweepPoint],
    fit: Option<Logistic>,
    interval: Option<(f64, f64)>,
) -> Result<()> {
    write_both(
        stem,
        &Sweep {
            title,
            x_label,
            points,
            fit,
            interval,
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh directory under the system temp dir for one test.
    fn temp(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("hexwar-plots-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    /// Removes a test's directory, unless `HEXWAR_KEEP_PLOTS` is set (to
    /// look at the charts).
    fn cleanup(dir: &Path) {
        if std::env::var_os("HEXWAR_KEEP_PLOTS").is_none() {
            let _ = fs::remove_dir_all(dir);
        }
    }

    /// Checks `STEM.png` (signature, IHDR size) and `STEM.svg` (an `<svg`
    /// element holding the title).
    fn check(stem: &Path, size: (u32, u32), title: &str) {
        let png = fs::read(with_ext(stem, "png")).unwrap();
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
        assert_eq!(&png[12..16], b"IHDR");
        let w = u32::from_be_bytes(png[16..20].try_into().unwrap());
        let h = u32::from_be_bytes(png[20..24].try_into().unwrap());
        assert_eq!((w, h), size);
        let svg = fs::read_to_string(with_ext(stem, "svg")).unwrap();
        assert!(svg.contains("<svg"), "no <svg in {}", stem.display());
        assert!(svg.contains(title), "title missing from {}", stem.display());
        assert!(svg.contains(&format!(r#"width="{}""#, size.0)));
    }

    #[test]
    fn outcomes_writes_png_and_svg() {
        let dir = temp("outcomes");
        let stem = dir.join("outcomes");
        let bars = [
            ("Japan wins", 0.55, 0.48, 0.62),
            ("draws", 0.05, 0.02, 0.09),
            ("Commonwealth wins", 0.40, 0.33, 0.47),
        ]
        .map(|(l, rate, low, high)| Bar {
            label: l.into(),
            rate,
            low,
            high,
        });
        outcomes(&stem, "Malaya outcomes", &bars).unwrap();
        check(&stem, SIZE, "Malaya outcomes");
        cleanup(&dir);
    }

    #[test]
    fn histograms_write_png_and_svg() {
        let dir = temp("hist");
        let stem = dir.join("steps");
        let series = [
            Series {
                label: "Japan".into(),
                counts: vec![0, 2, 5, 9, 4, 1],
            },
            Series {
                label: "Commonwealth".into(),
                counts: vec![0, 0, 1, 3, 8, 6, 2, 1],
            },
        ];
        histograms(&stem, "Steps lost per game", "steps lost", &series).unwrap();
        check(&stem, SIZE, "Steps lost per game");
        // No data at all still draws.
        let empty = stem.with_file_name("empty");
        histograms(&empty, "Empty", "turns", &[]).unwrap();
        check(&empty, SIZE, "Empty");
        cleanup(&dir);
    }

    #[test]
    fn heat_map_writes_a_portrait_map_for_malaya() {
        let scen = hexwar_engine::builtin::load("malaya").unwrap();
        let n = scen.grid().len();
        // Losses fading with distance from two battles, none at sea.
        let grid = scen.grid();
        let battles = [grid.parse("0512").unwrap(), grid.parse("0824").unwrap()];
        let values: Vec<u64> = grid
            .hexes()
            .map(|h| {
                let near = battles.iter().map(|&b| grid.distance(h, b)).min().unwrap();
                let land = (0..scen.classes().len()).any(|c| scen.can_stand(h, c as u8));
                if land {
                    40u64.saturating_sub(9 * near as u64)
                } else {
                    0
                }
            })
            .collect();
        assert_eq!(values.len(), n);
        let dir = temp("heat");
        let stem = dir.join("heat");
        heat_map(&stem, "Malaya steps lost", &scen, &values).unwrap();
        let size = heat_layout(&scen).image;
        assert!(size.1 > size.0, "malaya is portrait: {size:?}");
        check(&stem, size, "Malaya steps lost");
        assert!(heat_map(&stem, "x", &scen, &values[1..]).is_err());
        // A wide map gives a landscape image; no losses at all still draws.
        let wide = hexwar_engine::builtin::load("eastfront").unwrap();
        let size = heat_layout(&wide).image;
        assert!(size.0 > size.1, "eastfront is landscape: {size:?}");
        let stem = dir.join("wide");
        heat_map(&stem, "Eastfront", &wide, &vec![0; wide.grid().len()]).unwrap();
        check(&stem, size, "Eastfront");
        cleanup(&dir);
    }

    #[test]
    fn sweep_writes_png_and_svg() {
        let f = Logistic { b0: -3.0, b1: 1.0 };
        let points: Vec<SweepPoint> = [1.0, 2.0, 3.0, 4.0, 5.0]
            .iter()
            .map(|&x| {
                let rate = f.p(x);
                SweepPoint {
                    x,
                    rate,
                    low: (rate - 0.08).max(0.0),
                    high: (rate + 0.08).min(1.0),
                }
            })
            .collect();
        let dir = temp("sweep");
        let stem = dir.join("sweep");
        sweep(
            &stem,
            "Sweep of attack",
            "attack",
            &points,
            Some(f),
            Some((2.7, 3.3)),
        )
        .unwrap();
        check(&stem, SIZE, "Sweep of attack");
        // Without a fit, and with x50 far outside.
        let stem = stem.with_file_name("no-fit");
        sweep(&stem, "No fit", "x", &points, None, None).unwrap();
        check(&stem, SIZE, "No fit");
        let stem = stem.with_file_name("far");
        let far = Logistic { b0: -30.0, b1: 1.0 };
        sweep(&stem, "Far", "x", &points, Some(far), None).unwrap();
        check(&stem, SIZE, "Far");
        cleanup(&dir);
    }

    #[test]
    fn heat_colours_run_from_pale_to_dark() {
        assert_eq!(heat(0.0), RGBColor(0xfe, 0xd9, 0x76));
        assert_eq!(heat(1.0), RGBColor(0xb1, 0x00, 0x26));
        assert_eq!(parse_color("#0a0B0c"), RGBColor(10, 11, 12));
        assert_eq!(parse_color("blue"), RGBColor(0xcc, 0xcc, 0xcc));
        assert_eq!(scale_ticks(0), vec![0, 1]);
        assert_eq!(scale_ticks(3), vec![0, 1, 2, 3]);
        assert_eq!(scale_ticks(160), vec![0, 10, 40, 90, 160]);
        assert_eq!(fmt_x(2.5), "2.5");
        assert_eq!(fmt_x(3.0), "3");
        assert_eq!(
            with_ext(Path::new("a/b.c"), "png"),
            PathBuf::from("a/b.c.png")
        );
    }
}
