//! What every chart shares: a [`Figure`] is a size and one `draw` generic
//! over the backend, written twice from that one drawing, `STEM.png`
//! (plotters' bitmap backend) and `STEM.svg` (its SVG backend), so the two
//! cannot drift apart. Text uses the DejaVu Sans embedded in the binary
//! (registered once with plotters' `ab_glyph` renderer), so nothing needs a
//! system font. Also the palette, text styles and error bars.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use plotters::coord::Shift;
use plotters::coord::types::RangedCoordf64;
use plotters::drawing::DrawingAreaErrorKind;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use plotters::style::{FontStyle, register_font};

use crate::files::{self, FileError};

/// Why a chart could not be drawn.
#[derive(Debug, thiserror::Error)]
pub enum PlotError {
    /// The embedded font did not load.
    #[error("the embedded font DejaVuSans.ttf was rejected by the font renderer")]
    Font,
    /// The chart's folder could not be created.
    #[error(transparent)]
    File(#[from] FileError),
    /// Drawing or writing the image failed.
    #[error("cannot write {}: {error}", path.display())]
    Draw {
        /// The image.
        path: PathBuf,
        /// What plotters said.
        error: Box<dyn std::error::Error + Send + Sync>,
    },
    /// A heat map given one value per hex of another map.
    #[error("heat map of {scenario}: {values} values for {hexes} hexes")]
    HeatValues {
        /// Scenario name.
        scenario: String,
        /// Values given.
        values: usize,
        /// Hexes on its map.
        hexes: usize,
    },
}

/// The font family name the embedded font is registered under.
const FAMILY: &str = "sans-serif";
/// DejaVu Sans (its licence is `assets/DejaVuSans-LICENSE.txt`).
static FONT: &[u8] = include_bytes!("../../assets/DejaVuSans.ttf");

/// Registers the embedded font with plotters, once per process.
fn font() -> Result<(), PlotError> {
    static OK: OnceLock<bool> = OnceLock::new();
    let ok = *OK.get_or_init(|| {
        [FontStyle::Normal, FontStyle::Bold]
            .into_iter()
            .all(|s| register_font(FAMILY, s, FONT).is_ok())
    });
    if ok { Ok(()) } else { Err(PlotError::Font) }
}

/// Chart size for the plain charts.
pub(super) const SIZE: (u32, u32) = (900, 600);

/// Side colours, as in the SVG map (first side blue, second red), then more.
pub(super) const PALETTE: [RGBColor; 5] = [
    RGBColor(0x3b, 0x6d, 0xb3),
    RGBColor(0xb8, 0x40, 0x3a),
    RGBColor(0x4a, 0x9a, 0x4a),
    RGBColor(0xe0, 0x8a, 0x1e),
    RGBColor(0x7b, 0x52, 0xa8),
];
pub(super) const DRAW_GREY: RGBColor = RGBColor(0x8c, 0x8c, 0x8c);
pub(super) const INK: RGBColor = RGBColor(0x22, 0x22, 0x22);
/// The fine grid lines between labelled ones.
pub(super) const LIGHT: RGBColor = RGBColor(0xf0, 0xf0, 0xf0);

pub(super) type DrawResult<DB> =
    Result<(), DrawingAreaErrorKind<<DB as DrawingBackend>::ErrorType>>;

/// A chart: drawn the same way on any backend.
pub(super) trait Figure {
    /// Pixel size of the PNG (and of the SVG's canvas).
    fn size(&self) -> (u32, u32) {
        SIZE
    }
    /// Draws the whole chart on `root`.
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> DrawResult<DB>;
}

/// `STEM.ext` (the stem may contain dots of its own).
pub(super) fn with_ext(stem: &Path, ext: &str) -> PathBuf {
    let mut s = stem.as_os_str().to_owned();
    s.push(".");
    s.push(ext);
    PathBuf::from(s)
}

/// Draws `fig` into `STEM.png` and `STEM.svg`, creating the directory.
pub(super) fn write_both(stem: &Path, fig: &impl Figure) -> Result<(), PlotError> {
    font()?;
    if let Some(dir) = stem.parent().filter(|d| !d.as_os_str().is_empty()) {
        files::create_dir_all(dir)?;
    }
    let size = fig.size();
    let png = with_ext(stem, "png");
    {
        let root = BitMapBackend::new(&png, size).into_drawing_area();
        fig.draw(&root)
            .and_then(|()| root.present())
            .map_err(|e| PlotError::Draw {
                path: png.clone(),
                error: Box::new(e),
            })?;
    }
    let svg = with_ext(stem, "svg");
    {
        let root = SVGBackend::new(&svg, size).into_drawing_area();
        fig.draw(&root)
            .and_then(|()| root.present())
            .map_err(|e| PlotError::Draw {
                path: svg.clone(),
                error: Box::new(e),
            })?;
    }
    Ok(())
}

pub(super) fn text(size: u32) -> TextStyle<'static> {
    TextStyle::from((FAMILY, size).into_font()).color(&INK)
}

/// A title's font size: `max`, or smaller so that `title` fits in a
/// chart `width` pixels wide with a margin at each side (DejaVu Sans
/// averages about 0.58 of its size a character).
pub(super) fn title_size(title: &str, width: u32, max: u32) -> u32 {
    let room = width.saturating_sub(60) as f64;
    let chars = title.chars().count().max(1) as f64;
    ((room / (0.58 * chars)).floor() as u32).clamp(11, max)
}

/// A title's text style, sized to fit the chart's width ([`title_size`]).
pub(super) fn title(title: &str, width: u32, max: u32) -> TextStyle<'static> {
    text(title_size(title, width, max))
}

pub(super) fn anchored(size: u32, h: HPos, v: VPos) -> TextStyle<'static> {
    text(size).pos(Pos::new(h, v))
}

pub(super) fn pct(v: &f64) -> String {
    format!("{:.0}%", v * 100.0)
}

/// Draws a vertical error bar from `low` to `high` at `x` with caps
/// `cap` wide (in x units).
pub(super) fn error_bar<DB: DrawingBackend>(
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

/// Helpers for the charts' tests.
#[cfg(test)]
pub(super) mod testing {
    use std::fs;
    use std::path::{Path, PathBuf};

    use super::with_ext;

    /// A fresh directory under the system temp dir for one test.
    pub fn temp(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("hexwar-plots-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    /// Removes a test's directory, unless `HEXWAR_KEEP_PLOTS` is set (to
    /// look at the charts).
    pub fn cleanup(dir: &Path) {
        if std::env::var_os("HEXWAR_KEEP_PLOTS").is_none() {
            let _ = fs::remove_dir_all(dir);
        }
    }

    /// Checks `STEM.png` (signature, IHDR size) and `STEM.svg` (an `<svg`
    /// element holding the title).
    pub fn check(stem: &Path, size: (u32, u32), title: &str) {
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
    fn long_titles_get_smaller_type() {
        use super::title_size;
        assert_eq!(title_size("short", 900, 28), 28);
        let long =
            "malaya: Japan (heuristic) win rate vs unit_types.jp_inf.attack.0, 1000 games a value";
        let size = title_size(long, 900, 26);
        assert!(
            size < 26 && (size as f64) * 0.58 * long.len() as f64 <= 840.0,
            "{size}"
        );
    }

    #[test]
    fn a_stem_keeps_its_dots() {
        assert_eq!(
            with_ext(Path::new("a/b.c"), "png"),
            PathBuf::from("a/b.c.png")
        );
    }
}
