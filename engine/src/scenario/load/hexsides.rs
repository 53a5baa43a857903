//! `[hexsides]` and the hexside charts of `[movement]`: water, slopes,
//! bridges and fords along hexsides, what crossing each costs a class
//! (MP-MOV-2), and the per-hex and per-hexside cost tables folded from them.

use super::errors::Ctx;
use super::read::Absent;
use crate::hex::{Dir, Grid, HexId};
use crate::scenario::file::{CostTable, HexsidesFile, MovementFile};
use crate::scenario::{Mp, SideBits};

/// What crossing each kind of hexside adds, per movement class (MP-MOV-2).
pub(super) struct CrossingCosts {
    stream: Vec<Mp>,
    ford: Vec<Mp>,
    bridge: Vec<Mp>,
    slope: Vec<Mp>,
    double_slope: Vec<Mp>,
}

/// `[movement]` stream, ford, bridge, slope and double_slope: a class left
/// out pays nothing extra.
pub(super) fn check_crossing_costs(
    cx: &mut Ctx<'_>,
    mv: &MovementFile,
    classes: &[String],
) -> CrossingCosts {
    let mut extra =
        |t: &CostTable, what: &str| cx.cost_table(classes, t, Absent::Costs(Mp::ZERO), what);
    CrossingCosts {
        stream: extra(&mv.stream, "[movement] stream"),
        ford: extra(&mv.ford, "[movement] ford"),
        bridge: extra(&mv.bridge, "[movement] bridge"),
        slope: extra(&mv.slope, "[movement] slope"),
        double_slope: extra(&mv.double_slope, "[movement] double_slope"),
    }
}

/// `[hexsides]`: the bits ([`SideBits`]) of every
/// hexside, per `(hex, dir)`, seen from both sides. A bridge must cross a
/// stream or river, a ford a river.
pub(super) fn check_hexsides(cx: &mut Ctx<'_>, hs: &HexsidesFile, grid: &Grid) -> Vec<SideBits> {
    let mut sides_bits = vec![SideBits::empty(); grid.len() * 6];
    for (list, here, there, what) in [
        (&hs.stream, SideBits::STREAM, SideBits::STREAM, "stream"),
        (&hs.river, SideBits::RIVER, SideBits::RIVER, "river"),
        (&hs.slope, SideBits::UPHILL, SideBits::DOWNHILL, "slope"),
        (
            &hs.double_slope,
            SideBits::DOUBLE_SLOPE,
            SideBits::DOUBLE_SLOPE,
            "double slope",
        ),
        (&hs.steep, SideBits::STEEP, SideBits::STEEP, "steep slope"),
    ] {
        for s in list {
            if let Some((h, d)) = cx.pair(grid, s, what) {
                set_side(&mut sides_bits, grid, h, d, here, there);
            }
        }
    }
    let mut crossings = Vec::new();
    for (list, bit, what) in [
        (&hs.bridge, SideBits::BRIDGE, "bridge"),
        (&hs.ford, SideBits::FORD, "ford"),
    ] {
        for s in list {
            if let Some((h, d)) = cx.pair(grid, s, what) {
                crossings.push((h, d, bit, s.span(), what));
            }
        }
    }
    for (h, d, bit, span, what) in crossings {
        let b = sides_bits[h.index() * 6 + d as usize];
        let ok = if bit == SideBits::FORD {
            b.contains(SideBits::RIVER)
        } else {
            b.intersects(SideBits::RIVER | SideBits::STREAM)
        };
        if !ok {
            let needs = if bit == SideBits::FORD {
                "river"
            } else {
                "stream or river"
            };
            cx.err(
                span,
                format!(
                    "{what} at {}/{} crosses no {needs}: list the water in [hexsides] too",
                    grid.label(h),
                    grid.label(grid.neighbour(h, d))
                ),
            );
        }
        set_side(&mut sides_bits, grid, h, d, bit, bit);
    }
    sides_bits
}

/// Sets `here` on the hexside of `h` toward `d`, and `there` on the same
/// hexside seen from the neighbour.
pub(super) fn set_side(
    bits: &mut [SideBits],
    grid: &Grid,
    h: HexId,
    d: Dir,
    here: SideBits,
    there: SideBits,
) {
    bits[h.index() * 6 + d as usize] |= here;
    let o = grid.neighbour(h, d);
    bits[o.index() * 6 + d.opposite() as usize] |= there;
}

/// MP-MOV-1: entry cost per `(hex, class)`, `hex * classes + class`, from
/// each hex's terrain.
pub(super) fn enter_costs(
    grid: &Grid,
    nc: usize,
    hex_terrain: &[u8],
    terrain_costs: &[Vec<Mp>],
) -> Vec<Mp> {
    let mut enter_cost = vec![Mp::NO; grid.len() * nc];
    for h in grid.hexes() {
        let t = hex_terrain[h.index()] as usize;
        enter_cost[h.index() * nc..(h.index() + 1) * nc].copy_from_slice(&terrain_costs[t]);
    }
    enter_cost
}

/// MP-MOV-2: crossing cost per `(hex, dir, class)`,
/// `(hex * 6 + dir) * classes + class`: water (bridge, ford or stream),
/// uphill slope and double slope added; a steep hexside, an unbridged
/// unforded river or the map's edge is [`Mp::NO`].
pub(super) fn cross_costs(
    grid: &Grid,
    nc: usize,
    sides_bits: &[SideBits],
    costs: &CrossingCosts,
) -> Vec<Mp> {
    let mut cross_cost = vec![Mp::NO; grid.len() * 6 * nc];
    for h in grid.hexes() {
        for d in Dir::ALL {
            if !grid.neighbour(h, d).is_some() {
                continue;
            }
            let b = sides_bits[h.index() * 6 + d as usize];
            if b.contains(SideBits::STEEP)
                || (b.contains(SideBits::RIVER) && !b.intersects(SideBits::BRIDGE | SideBits::FORD))
            {
                continue;
            }
            for c in 0..nc {
                let water = if b.contains(SideBits::BRIDGE) {
                    costs.bridge[c]
                } else if b.contains(SideBits::FORD) {
                    costs.ford[c]
                } else if b.contains(SideBits::STREAM) {
                    costs.stream[c]
                } else {
                    Mp::ZERO
                };
                let up = if b.contains(SideBits::UPHILL) {
                    costs.slope[c]
                } else {
                    Mp::ZERO
                };
                let dbl = if b.contains(SideBits::DOUBLE_SLOPE) {
                    costs.double_slope[c]
                } else {
                    Mp::ZERO
                };
                let total = if [water, up, dbl].iter().any(|m| m.is_no()) {
                    Mp::NO
                } else {
                    Mp(water.0 + up.0 + dbl.0)
                };
                cross_cost[(h.index() * 6 + d as usize) * nc + c] = total;
            }
        }
    }
    cross_cost
}
