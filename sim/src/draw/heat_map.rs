//! The heat map of a batch: the scenario's map with each hex shaded by the
//! steps lost there, a colour scale, the coordinate frame and the hottest
//! places labelled.

use std::f64::consts::PI;
use std::path::Path;

use hexwar_engine::{HexId, Scenario};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, VPos};

use super::figure::{DrawResult, Figure, INK, PlotError, anchored, write_both};

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
        let max = self.values.iter().copied().max().unwrap_or(0);
        let total: u64 = self.values.iter().sum();
        root.fill(&WHITE)?;
        let (w, _) = self.layout.image;
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
        self.draw_hexes(root, max)?;
        self.draw_frame(root)?;
        self.draw_peaks(root)?;
        self.draw_legend(root, max)
    }
}

impl HeatMap<'_> {
    /// Hexes: faint terrain, impassable terrain in full, heat on top; the
    /// objectives ringed.
    fn draw_hexes<DB: DrawingBackend>(
        &self,
        root: &DrawingArea<DB, Shift>,
        max: u64,
    ) -> DrawResult<DB> {
        let scen = self.scen;
        let grid = scen.grid();
        let lay = self.layout;
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

        Ok(())
    }

    /// Column numbers above and below the map, rows left and right.
    fn draw_frame<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> DrawResult<DB> {
        let scen = self.scen;
        let grid = scen.grid();
        let lay = self.layout;
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

        Ok(())
    }

    /// The five hottest places, labelled with their hex and place name.
    fn draw_peaks<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> DrawResult<DB> {
        let scen = self.scen;
        let grid = scen.grid();
        let lay = self.layout;
        let right = lay.origin.0 + lay.map.0;
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

        Ok(())
    }

    /// The colour scale on the right, and the key to the other shades.
    fn draw_legend<DB: DrawingBackend>(
        &self,
        root: &DrawingArea<DB, Shift>,
        max: u64,
    ) -> DrawResult<DB> {
        let scen = self.scen;
        let grid = scen.grid();
        let lay = self.layout;
        let (w, _) = lay.image;
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
pub fn heat_map(
    stem: &Path,
    title: &str,
    scen: &Scenario,
    values: &[u64],
) -> Result<(), PlotError> {
    let hexes = scen.grid().len();
    if values.len() != hexes {
        return Err(PlotError::HeatValues {
            scenario: scen.name().to_string(),
            values: values.len(),
            hexes,
        });
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

#[cfg(test)]
mod tests {
    use super::super::figure::testing::{check, cleanup, temp};
    use super::*;

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
    fn heat_colours_run_from_pale_to_dark() {
        assert_eq!(heat(0.0), RGBColor(0xfe, 0xd9, 0x76));
        assert_eq!(heat(1.0), RGBColor(0xb1, 0x00, 0x26));
        assert_eq!(parse_color("#0a0B0c"), RGBColor(10, 11, 12));
        assert_eq!(parse_color("blue"), RGBColor(0xcc, 0xcc, 0xcc));
        assert_eq!(scale_ticks(0), vec![0, 1]);
        assert_eq!(scale_ticks(3), vec![0, 1, 2, 3]);
        assert_eq!(scale_ticks(160), vec![0, 10, 40, 90, 160]);
    }
}
