//! The map as SVG, written by hand: flat-topped hexes in their terrain
//! colours, hexside features, routes, places, objectives, hex labels and
//! unit counters (`hexwar show --svg`, and the play page's background).

use std::fmt::Write as _;

use hexwar_engine::scenario::{PlaceBits, RouteKind, SideBits};
use hexwar_engine::{Dir, GameState, HexId, Scenario, Side, UnitId};

use crate::counter::{counter_now, counter_values};

/// Hex size in SVG units: centre to corner.
pub const SIZE: f64 = 36.0;
/// Space around the map.
const MARGIN: f64 = 12.0;
/// Counter colours per side when the sides name no nation below.
const SIDE_COLORS: [&str; 2] = ["#3b6db3", "#b8403a"];
/// Counter colours by nation, where a side's id or name contains one of
/// the words (the play page draws its counters in the same colours).
const NATION_COLORS: [(&[&str], &str); 6] = [
    (&["soviet", "red army"], "#b23a32"),
    (&["axis", "german", "wehrmacht"], "#55636d"),
    (&["japan"], "#8a7628"),
    (&["french", "france"], "#2f5fa8"),
    (&["prussia"], "#3d6b45"),
    (&["commonwealth", "british"], "#a8483a"),
];
/// Text on counters.
const COUNTER_TEXT: &str = "#ffffff";
/// Map colours of hexside features and routes, shared with the page's legend.
pub mod colors {
    /// Rivers.
    pub const RIVER: &str = "#2f6fcf";
    /// Streams.
    pub const STREAM: &str = "#4a90e2";
    /// Steep hexsides.
    pub const STEEP: &str = "#222222";
    /// Slope hachures.
    pub const SLOPE: &str = "#8a5a2b";
    /// Bridges.
    pub const BRIDGE: &str = "#555555";
    /// Roads.
    pub const ROAD: &str = "#a0301c";
    /// Tracks.
    pub const TRACK: &str = "#7a5230";
    /// Rail lines.
    pub const RAIL: &str = "#1a1a1a";
    /// Objective rings.
    pub const OBJECTIVE: &str = "#d4a017";
}

/// The counter colour of each side: its nation's (see `NATION_COLORS`)
/// where both sides name a different one, else blue and red.
pub fn side_colors(scen: &Scenario) -> [&'static str; 2] {
    let nation = |s: Side| {
        let info = scen.side(s);
        let (id, name) = (info.id.to_lowercase(), info.name.to_lowercase());
        NATION_COLORS
            .iter()
            .find(|(words, _)| words.iter().any(|w| id.contains(w) || name.contains(w)))
            .map(|(_, c)| *c)
    };
    match (nation(Side(0)), nation(Side(1))) {
        (Some(a), Some(b)) if a != b => [a, b],
        _ => SIDE_COLORS,
    }
}

/// Draws the map with units where `state` has them (or at their set-up
/// hexes without a state).
pub fn render(scen: &Scenario, state: Option<&GameState>) -> String {
    let mut out = String::new();
    // Writing to a String cannot fail.
    let _ = draw(&mut out, scen, state, true);
    out
}

/// Draws the map alone (terrain, hexsides, routes, places, objectives,
/// labels), without counters: the play page's background, over which it
/// places counters at [`hex_centre`].
pub fn render_map(scen: &Scenario) -> String {
    let mut out = String::new();
    let _ = draw(&mut out, scen, None, false);
    out
}

/// The drawing's width and height in SVG units.
pub fn dimensions(scen: &Scenario) -> (f64, f64) {
    let grid = scen.grid();
    (
        SIZE * (1.5 * grid.columns() as f64 + 0.5) + 2.0 * MARGIN,
        SIZE * 3f64.sqrt() * (grid.rows() as f64 + 0.5) + 2.0 * MARGIN,
    )
}

/// The centre of hex `h` in the drawing's SVG units.
pub fn hex_centre(scen: &Scenario, h: HexId) -> (f64, f64) {
    let (x, y) = scen.grid().center(h, SIZE);
    (x + MARGIN, y + MARGIN)
}

/// Escapes text for SVG content and attribute values.
fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

/// Corner `k` of a hex (0 = east, clockwise with y to the south).
fn corner(c: (f64, f64), k: usize) -> (f64, f64) {
    let a = std::f64::consts::PI / 3.0 * k as f64;
    (c.0 + SIZE * a.cos(), c.1 + SIZE * a.sin())
}

/// The two ends of the hexside of a hex centred at `c` toward `d`.
fn edge(c: (f64, f64), d: Dir) -> ((f64, f64), (f64, f64)) {
    let k = d as usize;
    (corner(c, (k + 4) % 6), corner(c, (k + 5) % 6))
}

fn lerp(a: (f64, f64), b: (f64, f64), t: f64) -> (f64, f64) {
    (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t)
}

fn draw(
    out: &mut String,
    scen: &Scenario,
    state: Option<&GameState>,
    counters: bool,
) -> std::fmt::Result {
    let grid = scen.grid();
    let (width, height) = dimensions(scen);
    let center = |h: HexId| hex_centre(scen, h);
    writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.1} {height:.1}" font-family="sans-serif">"#
    )?;
    writeln!(out, "<title>{}</title>", esc(scen.title()))?;
    writeln!(
        out,
        r##"<rect width="100%" height="100%" fill="#f4f1e8"/>"##
    )?;

    // Hexes.
    writeln!(
        out,
        r##"<g id="hexes" stroke="#7d7d7d" stroke-width="0.8">"##
    )?;
    for h in grid.hexes() {
        let c = center(h);
        let pts: Vec<String> = (0..6)
            .map(|k| {
                let p = corner(c, k);
                format!("{:.1},{:.1}", p.0, p.1)
            })
            .collect();
        let t = scen.terrain(h);
        writeln!(
            out,
            r#"<polygon class="hex" points="{}" fill="{}"><title>{} {}</title></polygon>"#,
            pts.join(" "),
            esc(&t.color),
            grid.label(h),
            esc(&t.name)
        )?;
    }
    writeln!(out, "</g>")?;

    draw_hexsides(out, scen, &center)?;
    draw_routes(out, scen, &center)?;
    draw_places(out, scen, &center)?;

    // Hex labels, small, near the top of each hex.
    writeln!(
        out,
        r##"<g id="labels" font-size="{:.1}" fill="#333" text-anchor="middle">"##,
        SIZE * 0.24
    )?;
    for h in grid.hexes() {
        let c = center(h);
        writeln!(
            out,
            r#"<text x="{:.1}" y="{:.1}">{}</text>"#,
            c.0,
            c.1 - SIZE * 0.6,
            grid.label(h)
        )?;
    }
    writeln!(out, "</g>")?;

    if counters {
        draw_counters(out, scen, state, &center)?;
    }
    writeln!(out, "</svg>")
}

/// Streams and rivers along hexsides, bridges across them, fords, slopes
/// (hachures on the low side), double slopes and steep hexsides.
fn draw_hexsides(
    out: &mut String,
    scen: &Scenario,
    center: &impl Fn(HexId) -> (f64, f64),
) -> std::fmt::Result {
    let grid = scen.grid();
    writeln!(
        out,
        r#"<g id="hexsides" stroke-linecap="round" fill="none">"#
    )?;
    for h in grid.hexes() {
        let c = center(h);
        for d in Dir::ALL {
            let bits = scen.hexside(h, d);
            let n = grid.neighbour(h, d);
            let (a, b) = edge(c, d);
            // Slopes are drawn from the low side, whichever hex is first.
            if bits.contains(SideBits::UPHILL) || bits.contains(SideBits::DOUBLE_SLOPE) {
                let w = if bits.contains(SideBits::DOUBLE_SLOPE) {
                    2.2
                } else {
                    1.4
                };
                for t in [0.2, 0.35, 0.5, 0.65, 0.8] {
                    let p = lerp(a, b, t);
                    let q = lerp(p, c, 0.18);
                    writeln!(
                        out,
                        r#"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="{}" stroke-width="{w}"/>"#,
                        p.0,
                        p.1,
                        q.0,
                        q.1,
                        colors::SLOPE
                    )?;
                }
            }
            // Everything else once per hexside: from the lower id, or at the map edge.
            if n.is_some() && n.0 < h.0 {
                continue;
            }
            let line = |out: &mut String, color: &str, w: f64, extra: &str| {
                writeln!(
                    out,
                    r#"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="{color}" stroke-width="{w:.1}"{extra}/>"#,
                    a.0, a.1, b.0, b.1
                )
            };
            if bits.contains(SideBits::RIVER) {
                line(out, colors::RIVER, SIZE * 0.16, "")?;
            } else if bits.contains(SideBits::STREAM) {
                line(out, colors::STREAM, SIZE * 0.08, "")?;
            }
            if bits.contains(SideBits::STEEP) {
                line(out, colors::STEEP, SIZE * 0.12, "")?;
            }
            let mid = lerp(a, b, 0.5);
            if bits.contains(SideBits::BRIDGE) && n.is_some() {
                // A short bar across the water, along the line between the centres.
                let cn = center(n);
                let (p, q) = (lerp(mid, c, 0.25), lerp(mid, cn, 0.25));
                writeln!(
                    out,
                    r#"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="{}" stroke-width="{:.1}" stroke-linecap="butt"><title>bridge</title></line>"#,
                    p.0,
                    p.1,
                    q.0,
                    q.1,
                    colors::BRIDGE,
                    SIZE * 0.16
                )?;
            }
            if bits.contains(SideBits::FORD) {
                writeln!(
                    out,
                    r##"<circle cx="{:.1}" cy="{:.1}" r="{:.1}" fill="#ffffff" stroke="{}" stroke-width="1.5"><title>ford</title></circle>"##,
                    mid.0,
                    mid.1,
                    colors::RIVER,
                    SIZE * 0.1
                )?;
            }
        }
    }
    writeln!(out, "</g>")
}

/// Roads (solid), tracks (dashed) and rail lines (black with white ties),
/// from hex centre to hex centre.
fn draw_routes(
    out: &mut String,
    scen: &Scenario,
    center: &impl Fn(HexId) -> (f64, f64),
) -> std::fmt::Result {
    writeln!(
        out,
        r#"<g id="routes" fill="none" stroke-linejoin="round" stroke-linecap="round">"#
    )?;
    for r in scen.routes() {
        let pts: Vec<String> = r
            .hexes
            .iter()
            .map(|&h| {
                let c = center(h);
                format!("{:.1},{:.1}", c.0, c.1)
            })
            .collect();
        let pts = pts.join(" ");
        let title = format!("<title>{} {}</title>", r.kind.name(), esc(&r.name));
        match r.kind {
            RouteKind::Road => writeln!(
                out,
                r#"<polyline points="{pts}" stroke="{}" stroke-width="{:.1}">{title}</polyline>"#,
                colors::ROAD,
                SIZE * 0.11
            )?,
            RouteKind::Track => writeln!(
                out,
                r#"<polyline points="{pts}" stroke="{}" stroke-width="{:.1}" stroke-dasharray="{:.1} {:.1}">{title}</polyline>"#,
                colors::TRACK,
                SIZE * 0.07,
                SIZE * 0.2,
                SIZE * 0.12
            )?,
            RouteKind::Rail => {
                writeln!(
                    out,
                    r#"<polyline points="{pts}" stroke="{}" stroke-width="{:.1}">{title}</polyline>"#,
                    colors::RAIL,
                    SIZE * 0.12
                )?;
                writeln!(
                    out,
                    r##"<polyline points="{pts}" stroke="#ffffff" stroke-width="{:.1}" stroke-dasharray="{:.1} {:.1}" stroke-linecap="butt"/>"##,
                    SIZE * 0.05,
                    SIZE * 0.15,
                    SIZE * 0.15
                )?
            }
        }
    }
    writeln!(out, "</g>")
}

/// Objectives (a gold ring and their VP), ports, forts, supply sources and
/// place names.
fn draw_places(
    out: &mut String,
    scen: &Scenario,
    center: &impl Fn(HexId) -> (f64, f64),
) -> std::fmt::Result {
    let grid = scen.grid();
    writeln!(out, r#"<g id="places">"#)?;
    for o in scen.objectives() {
        let c = center(o.hex);
        writeln!(
            out,
            r#"<circle cx="{:.1}" cy="{:.1}" r="{:.1}" fill="none" stroke="{}" stroke-width="{:.1}"><title>objective {} {} VP</title></circle>"#,
            c.0,
            c.1,
            SIZE * 0.72,
            colors::OBJECTIVE,
            SIZE * 0.07,
            esc(&o.name),
            o.vp
        )?;
        writeln!(
            out,
            r##"<text x="{:.1}" y="{:.1}" font-size="{:.1}" font-weight="bold" fill="#8a6500" text-anchor="middle">{}VP</text>"##,
            c.0 + SIZE * 0.55,
            c.1 - SIZE * 0.3,
            SIZE * 0.22,
            o.vp
        )?;
    }
    for h in grid.hexes() {
        let c = center(h);
        let p = scen.places(h);
        if p.intersects(PlaceBits::EAST_PORT | PlaceBits::WEST_PORT) {
            let coast = if p.contains(PlaceBits::EAST_PORT) {
                "east"
            } else {
                "west"
            };
            writeln!(
                out,
                r##"<text x="{:.1}" y="{:.1}" font-size="{:.1}" fill="#1d3f7a" text-anchor="middle">&#x2693;<title>{coast}-coast port</title></text>"##,
                c.0 - SIZE * 0.55,
                c.1 + SIZE * 0.1,
                SIZE * 0.32
            )?;
        }
        if p.contains(PlaceBits::FORT) {
            let pts: Vec<String> = (0..5)
                .map(|k| {
                    let a =
                        -std::f64::consts::FRAC_PI_2 + k as f64 * 2.0 * std::f64::consts::PI / 5.0;
                    let r = SIZE * 0.16;
                    format!(
                        "{:.1},{:.1}",
                        c.0 + SIZE * 0.55 + r * a.cos(),
                        c.1 + SIZE * 0.15 + r * a.sin()
                    )
                })
                .collect();
            writeln!(
                out,
                r##"<polygon points="{}" fill="#444444" stroke="#000000" stroke-width="1"><title>fort</title></polygon>"##,
                pts.join(" ")
            )?;
        }
    }
    for s in Side::BOTH {
        for &h in scen.sources(s) {
            let c = center(h);
            let (fill, text) = (side_colors(scen)[s.index()], COUNTER_TEXT);
            let (x, y) = (c.0 - SIZE * 0.5, c.1 - SIZE * 0.3);
            writeln!(
                out,
                r#"<circle cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="{fill}"><title>{} supply source</title></circle>"#,
                SIZE * 0.13,
                esc(&scen.side(s).name)
            )?;
            writeln!(
                out,
                r#"<text x="{x:.1}" y="{:.1}" font-size="{:.1}" fill="{text}" text-anchor="middle">S</text>"#,
                y + SIZE * 0.07,
                SIZE * 0.18
            )?;
        }
    }
    for (h, name) in scen.place_names() {
        let c = center(*h);
        writeln!(
            out,
            r##"<text x="{:.1}" y="{:.1}" font-size="{:.1}" font-style="italic" fill="#222" text-anchor="middle">{}</text>"##,
            c.0,
            c.1 + SIZE * 0.75,
            SIZE * 0.22,
            esc(name)
        )?;
    }
    writeln!(out, "</g>")
}

/// Where each unit stands, with its steps: from `state` if given, else the
/// set-up (units arriving on turn 1 at their hexes). Units off the map are left out.
pub fn unit_positions(scen: &Scenario, state: Option<&GameState>) -> Vec<(UnitId, HexId, u8)> {
    match state {
        Some(st) => st
            .units()
            .iter()
            .enumerate()
            .filter(|(_, u)| u.on_map())
            .map(|(i, u)| (UnitId(i as u16), u.hex, u.steps))
            .collect(),
        None => scen
            .units()
            .iter()
            .enumerate()
            .filter(|(_, u)| u.arrives <= 1 && u.steps > 0)
            .map(|(i, u)| (UnitId(i as u16), u.hex, u.steps))
            .collect(),
    }
}

/// One counter per unit on the map: side colour, type symbol, id and
/// `attack-movement`. Stacked units are offset so each shows.
fn draw_counters(
    out: &mut String,
    scen: &Scenario,
    state: Option<&GameState>,
    center: &impl Fn(HexId) -> (f64, f64),
) -> std::fmt::Result {
    let units = unit_positions(scen, state);
    let mut in_hex = vec![0u32; scen.grid().len()];
    let side = SIZE * 0.86;
    writeln!(out, r#"<g id="counters" text-anchor="middle">"#)?;
    for (u, h, steps) in units {
        let k = in_hex[h.index()];
        in_hex[h.index()] += 1;
        let c = center(h);
        let off = SIZE * 0.1 * k as f64;
        let (x, y) = (c.0 - side / 2.0 + off, c.1 - side / 2.0 + SIZE * 0.06 + off);
        let setup = scen.unit(u);
        let ty = scen.unit_type(u);
        let (fill, text) = (side_colors(scen)[setup.side.index()], COUNTER_TEXT);
        let title = format!(
            "{} {} ({}), {} steps",
            esc(&setup.id),
            esc(&setup.name),
            esc(&ty.name),
            steps
        );
        writeln!(out, r#"<g class="counter"><title>{title}</title>"#)?;
        writeln!(
            out,
            r##"<rect x="{x:.1}" y="{y:.1}" width="{side:.1}" height="{side:.1}" rx="2" fill="{fill}" stroke="#111" stroke-width="1"/>"##
        )?;
        let cx = x + side / 2.0;
        let lines = [
            (0.30, 0.22, esc(&ty.symbol)),
            (0.60, 0.22, esc(&setup.id)),
            (
                0.92,
                0.24,
                match state {
                    Some(st) => counter_now(scen, st, u),
                    None => counter_values(scen, u, steps),
                },
            ),
        ];
        for (dy, fs, s) in lines {
            writeln!(
                out,
                r#"<text x="{cx:.1}" y="{:.1}" font-size="{:.1}" fill="{text}">{s}</text>"#,
                y + side * dy,
                SIZE * fs
            )?;
        }
        writeln!(out, "</g>")?;
    }
    writeln!(out, "</g>")
}
