//! `[[routes]]` and the route charts of `[movement]`: roads, tracks and
//! rail lines as chains of adjacent hexes, and the rate each class pays
//! following one (MP-MOV-4, MP-MOV-7).

use super::errors::Ctx;
use super::hexsides::set_side;
use super::read::Absent;
use crate::hex::{Grid, HexId};
use crate::scenario::file::{CostTable, MovementFile, RouteFile};
use crate::scenario::{Mp, Route, RouteKind, SideBits};

/// `[movement]` road, track and rail: the rate per `(kind, class)`,
/// `kind * classes + class`; a class left out may not follow the route.
pub(super) fn check_route_rates(
    cx: &mut Ctx<'_>,
    mv: &MovementFile,
    classes: &[String],
) -> Vec<Mp> {
    let mut rate =
        |t: &CostTable, what: &str| cx.cost_table(classes, t, Absent::Costs(Mp::NO), what);
    let mut route_rate = Vec::new();
    route_rate.extend(rate(&mv.road, "[movement] road"));
    route_rate.extend(rate(&mv.track, "[movement] track"));
    route_rate.extend(rate(&mv.rail, "[movement] rail"));
    route_rate
}

/// The checked routes and what they leave on the map.
pub(super) struct Routes {
    /// Every route with a known kind, in file order.
    pub(super) routes: Vec<Route>,
    /// Roads through each hex, as a bit set of road numbers (MP-MOV-6).
    pub(super) hex_roads: Vec<u64>,
    /// Any route kind through each hex: bit 0 road, 1 track, 2 rail.
    pub(super) hex_routes: Vec<u8>,
}

/// `[[routes]]`: each a known kind, a new name, at least two hexes, each
/// adjacent to the one before; at most 64 roads. The hexsides they follow
/// get their route bit in `sides_bits`.
pub(super) fn check_routes(
    cx: &mut Ctx<'_>,
    raw: &[RouteFile],
    grid: &Grid,
    sides_bits: &mut [SideBits],
) -> Routes {
    let n = grid.len();
    let mut out = Routes {
        routes: Vec::new(),
        hex_roads: vec![0u64; n],
        hex_routes: vec![0u8; n],
    };
    for r in raw {
        let Some(kind) = route_kind(cx, r) else {
            continue;
        };
        if out.routes.iter().any(|x| x.name == *r.name.get_ref()) {
            cx.err(
                r.name.span(),
                format!("duplicate route name \"{}\"", r.name.get_ref()),
            );
        }
        if r.hexes.len() < 2 {
            cx.err(
                r.name.span(),
                format!(
                    "{} \"{}\" needs at least two hexes",
                    kind.name(),
                    r.name.get_ref()
                ),
            );
        }
        let road_no = out
            .routes
            .iter()
            .filter(|x| x.kind == RouteKind::Road)
            .count();
        if kind == RouteKind::Road && road_no >= 64 {
            cx.err(
                r.name.span(),
                "at most 64 roads (join roads that are one road)",
            );
            continue;
        }
        let hexes = walk_route(cx, r, kind, road_no, grid, sides_bits, &mut out);
        out.routes.push(Route {
            kind,
            name: r.name.get_ref().clone(),
            hexes,
        });
    }
    out
}

/// A route's kind: road, track or rail.
fn route_kind(cx: &mut Ctx<'_>, r: &RouteFile) -> Option<RouteKind> {
    match r.kind.get_ref().as_str() {
        "road" => Some(RouteKind::Road),
        "track" => Some(RouteKind::Track),
        "rail" => Some(RouteKind::Rail),
        k => {
            cx.err(
                r.kind.span(),
                format!(
                    "route \"{}\": unknown route kind \"{k}\" (road, track or rail)",
                    r.name.get_ref()
                ),
            );
            None
        }
    }
}

/// A route's good hexes, in order; each step between adjacent hexes marks
/// the hexside, each hex its road number (road `road_no`) and route kind.
fn walk_route(
    cx: &mut Ctx<'_>,
    r: &RouteFile,
    kind: RouteKind,
    road_no: usize,
    grid: &Grid,
    sides_bits: &mut [SideBits],
    out: &mut Routes,
) -> Vec<HexId> {
    let mut hexes = Vec::new();
    let mut prev: Option<HexId> = None;
    let route_what = format!("{} \"{}\"", kind.name(), r.name.get_ref());
    for s in &r.hexes {
        let Some(h) = cx.hex(grid, s, &route_what) else {
            prev = None;
            continue;
        };
        if let Some(p) = prev {
            match grid.direction(p, h) {
                Some(d) => {
                    let bit = match kind {
                        RouteKind::Road => SideBits::ROAD,
                        RouteKind::Track => SideBits::TRACK,
                        RouteKind::Rail => SideBits::RAIL,
                    };
                    set_side(sides_bits, grid, p, d, bit, bit);
                }
                None => cx.err(
                    s.span(),
                    format!(
                        "{} \"{}\" jumps from {} to {}, which are not adjacent",
                        kind.name(),
                        r.name.get_ref(),
                        grid.label(p),
                        grid.label(h)
                    ),
                ),
            }
        }
        if kind == RouteKind::Road {
            out.hex_roads[h.index()] |= 1 << road_no;
        }
        out.hex_routes[h.index()] |= 1 << kind as u8;
        hexes.push(h);
        prev = Some(h);
    }
    hexes
}
