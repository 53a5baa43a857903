//! The scenario's cost tables, folded once from its charts when it is
//! loaded: the per-class edge table the movement searches read (MP-MOV-1..7),
//! the directions each hex spreads ZOC into (MP-ZOC-2, MP-ZOC-3; a fort's,
//! MP-ZOC-5), the cost fields to each hex that may be a supply source,
//! which retreats follow (MAL-CBT-7), and what a connected road or rail
//! line is
//! (`Scenario::route_connects`: MAL-SUP-5, MAL-CBT-2). Only the scenario's
//! own data is read here.

use super::{Mp, PlaceBits, RouteKind, Scenario, Side, SideBits};
use crate::hex::{Dir, HexId};

/// Cost for `class` to step from `a` across `d` into `b`, and whether it then
/// owes terrain on its next road hex; `None` if it may not.
///
/// - MP-MOV-1: the terrain cost of `b` for the class.
/// - MP-MOV-2: plus the hexside's cost (stream, ford, bridge, slope); some
///   hexsides are never crossed.
/// - MP-MOV-4: following a road (the hexside is a segment of a road) pays the
///   road rate instead of the terrain.
/// - MP-MOV-5: the first road hex of a move that starts on the road is free.
/// - MP-MOV-6: stepping off every route from one road onto another pays
///   terrain and loses the road rate for the next road hex (a track between
///   them is followed, not jumped).
/// - MP-MOV-7: where a road meets a track, the rate is that of the route the
///   unit arrives on (the route of the hexside crossed).
#[inline]
pub(crate) fn step_cost(
    scen: &Scenario,
    a: HexId,
    d: Dir,
    b: HexId,
    class: u8,
    penalty: bool,
    first_of_move: bool,
) -> Option<(Mp, bool)> {
    let cross = scen.cross_cost(a, d, class);
    if cross.is_no() {
        return None;
    }
    let bits = scen.hexside(a, d);
    let on_road = bits.contains(SideBits::ROAD);
    let hex_cost = if first_of_move && on_road && !scen.route_rate(RouteKind::Road, class).is_no() {
        Mp::ZERO
    } else {
        let mut rate = Mp::NO;
        if on_road && !penalty {
            rate = rate.min(scen.route_rate(RouteKind::Road, class));
        }
        if bits.contains(SideBits::TRACK) {
            rate = rate.min(scen.route_rate(RouteKind::Track, class));
        }
        if bits.contains(SideBits::RAIL) {
            rate = rate.min(scen.route_rate(RouteKind::Rail, class));
        }
        if rate.is_no() {
            scen.enter_cost(b, class)
        } else {
            rate
        }
    };
    if hex_cost.is_no() {
        return None;
    }
    let (roads_a, roads_b) = (scen.roads_at(a), scen.roads_at(b));
    let mut pen = penalty && roads_b == 0;
    // A track from one road onto another is followed, not jumped (MP-MOV-7).
    if !bits.intersects(SideBits::ROAD | SideBits::TRACK) && roads_a != 0 && roads_b & !roads_a != 0
    {
        pen = true;
    }
    Some((Mp(cross.0 + hex_cost.0), pen))
}

/// One hexside as one movement class sees it, precomputed from the cost
/// charts so a search step is one load and a few compares. Costs include the
/// hexside's own cost (MP-MOV-2); [`Mp::NO`] where not allowed. Eight bytes,
/// so a hex's six fit in 48: the searches' hot loop reads a row per hex.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Edge {
    /// The neighbour, or `u16::MAX` off the map.
    pub to: u16,
    /// The usual step: a route's rate where it follows one (MP-MOV-4, road;
    /// MP-MOV-7, track or rail), else the terrain (MP-MOV-1).
    pub plain: u16,
    /// The step while owing a road-rate debt (MP-MOV-6): a track or rail
    /// rate where it follows one, else the terrain (not the road rate).
    pub debt: u16,
    /// [`EDGE_JUMP`], [`EDGE_TO_ROAD`].
    pub flags: u8,
}

/// MP-MOV-6: this step jumps from one road onto another.
pub(crate) const EDGE_JUMP: u8 = 1;
/// The hex entered lies on a road (a road-rate debt is paid there).
pub(crate) const EDGE_TO_ROAD: u8 = 2;

/// Each class's twin ([`Scenario::class_twin`]): the first class with the
/// same edge table (every step's cost, by terrain, hexside and route) and
/// the same hexes to stand in. Call after [`build_edges`].
pub(crate) fn build_twins(scen: &Scenario) -> Vec<u8> {
    let n = scen.grid().len();
    let classes = scen.classes().len() as u8;
    let same = |a: u8, b: u8| {
        scen.edges[a as usize * n..][..n] == scen.edges[b as usize * n..][..n]
            && scen
                .grid()
                .hexes()
                .all(|h| scen.can_stand(h, a) == scen.can_stand(h, b))
    };
    (0..classes)
        .map(|c| (0..c).find(|&t| same(t, c)).unwrap_or(c))
        .collect()
}

/// Per class, the first class that may cross exactly the road and rail
/// hexsides it may ([`Scenario::route_group`]).
pub(crate) fn build_route_groups(scen: &Scenario) -> Vec<u8> {
    let link = SideBits::ROAD | SideBits::RAIL;
    let same = |a: u8, b: u8| {
        scen.grid().hexes().all(|h| {
            Dir::ALL.into_iter().all(|d| {
                !scen.hexside(h, d).intersects(link)
                    || scen.route_connects(h, d, link, Some(a))
                        == scen.route_connects(h, d, link, Some(b))
            })
        })
    };
    let classes = scen.classes().len() as u8;
    (0..classes)
        .map(|c| (0..c).find(|&t| same(t, c)).unwrap_or(c))
        .collect()
}

/// Builds the edge table: `[class * hexes + hex][dir]`.
pub(crate) fn build_edges(scen: &Scenario) -> Vec<[Edge; 6]> {
    let grid = scen.grid();
    let n = grid.len();
    let add = |a: Mp, b: Mp| {
        if a.is_no() || b.is_no() {
            Mp::NO.0
        } else {
            a.0.saturating_add(b.0).min(Mp::NO.0 - 1)
        }
    };
    let mut out = Vec::with_capacity(scen.classes().len() * n);
    for class in 0..scen.classes().len() as u8 {
        for a in grid.hexes() {
            let mut row = [Edge {
                to: u16::MAX,
                plain: Mp::NO.0,
                debt: Mp::NO.0,
                flags: 0,
            }; 6];
            for (d, slot) in Dir::ALL.into_iter().zip(row.iter_mut()) {
                let b = grid.neighbour(a, d);
                if !b.is_some() {
                    continue;
                }
                let cross = scen.cross_cost(a, d, class);
                let bits = scen.hexside(a, d);
                let rate = |k: RouteKind, bit: SideBits| {
                    if bits.contains(bit) {
                        scen.route_rate(k, class)
                    } else {
                        Mp::NO
                    }
                };
                let road = rate(RouteKind::Road, SideBits::ROAD);
                let other = rate(RouteKind::Track, SideBits::TRACK)
                    .min(rate(RouteKind::Rail, SideBits::RAIL));
                let (ra, rb) = (scen.roads_at(a), scen.roads_at(b));
                let mut flags = 0;
                // MP-MOV-6: off every route from one road onto another (a
                // track between them is followed, MP-MOV-7).
                if !bits.intersects(SideBits::ROAD | SideBits::TRACK) && ra != 0 && rb & !ra != 0 {
                    flags |= EDGE_JUMP;
                }
                if rb != 0 {
                    flags |= EDGE_TO_ROAD;
                }
                let base = add(cross, scen.enter_cost(b, class));
                let (road, other) = (add(cross, road), add(cross, other));
                let rate = road.min(other);
                *slot = Edge {
                    to: b.0,
                    plain: if rate != Mp::NO.0 { rate } else { base },
                    debt: if other != Mp::NO.0 { other } else { base },
                    flags,
                };
            }
            out.push(row);
        }
    }
    out
}

impl Scenario {
    /// Whether a route of one of `kinds` (road, track, rail bits) connects `a`
    /// with its neighbour across `d`: the hexside is a segment of such a route
    /// and normal movement can cross it (MAL-SUP-5, MAL-CBT-2, MAL-RAIL-1). A
    /// route does not make the water go away: a road over a river with no bridge
    /// or ford, or up a steep hexside, connects nothing. With `class`, for that
    /// class (the hexside's cost for it is not "no"); with `None`, for the side
    /// as a whole (some class can cross it): the road/rail legs of supply lines
    /// and rail moves, which no class owns.
    #[inline]
    pub fn route_connects(&self, a: HexId, d: Dir, kinds: SideBits, class: Option<u8>) -> bool {
        if !self.hexside(a, d).intersects(kinds) {
            return false;
        }
        match class {
            Some(c) => !self.cross_cost(a, d, c).is_no(),
            None => {
                let nc = self.classes().len();
                let at = (a.index() * 6 + d as usize) * nc;
                self.cross_cost[at..at + nc].iter().any(|c| !c.is_no())
            }
        }
    }
}

/// What `class` pays to step from `a` across `d` into `b` by normal
/// movement, or `None` if it may not (terrain, prohibited hexside; a road,
/// track or rail line along the hexside opens terrain the class could not
/// otherwise enter, as in movement).
pub fn entry_cost(scen: &Scenario, a: HexId, d: Dir, b: HexId, class: u8) -> Option<Mp> {
    let cross = scen.cross_cost(a, d, class);
    if cross.is_no() {
        return None;
    }
    let bits = scen.hexside(a, d);
    let mut cost = scen.enter_cost(b, class);
    for (bit, kind) in [
        (SideBits::ROAD, RouteKind::Road),
        (SideBits::TRACK, RouteKind::Track),
        (SideBits::RAIL, RouteKind::Rail),
    ] {
        if bits.contains(bit) {
            cost = cost.min(scen.route_rate(kind, class));
        }
    }
    if cost.is_no() {
        return None;
    }
    Some(Mp(cross.0.saturating_add(cost.0)))
}

/// What may make a hex a side's supply source (MAL-SUP-7); whether it is one
/// now is `rules::sources::is_source`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SourceKind {
    /// Listed in the scenario (`[supply] sources`).
    Listed,
    /// A port of the side a port rule serves: its port bits (east, west).
    Port(PlaceBits),
}

/// A hex that may be a side's supply source, and its cost field
/// ([`Scenario::source_field`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct SourceCandidate {
    /// The hex.
    pub hex: HexId,
    /// What may make it a source.
    pub kind: SourceKind,
    /// Its field's number (one per hex, shared by its kinds).
    pub field: u32,
}

/// MAL-CBT-7: each side's candidate supply sources (its listed sources and,
/// for the side a port rule serves, every east and west port), and one
/// movement-cost field per candidate hex and movement class: each hex's cost
/// to reach it by normal movement (`u32::MAX`: never), laid out as
/// [`Scenario::source_field`] reads it. Built with `petgraph::algo::dijkstra`
/// from the candidate over the map graph reversed (edges from the hex
/// entered back to the hex left, so distances run from every hex to it).
/// Which candidates are sources is decided when a retreat is planned.
pub(crate) fn build_source_fields(scen: &Scenario) -> ([Vec<SourceCandidate>; 2], Vec<u32>) {
    use petgraph::graph::{DiGraph, NodeIndex};
    let grid = scen.grid();
    let n = grid.len();
    let mut hexes: Vec<HexId> = Vec::new();
    let mut cands: [Vec<SourceCandidate>; 2] = Default::default();
    let ports = PlaceBits::EAST_PORT | PlaceBits::WEST_PORT;
    for side in Side::BOTH {
        let mut add = |hex: HexId, kind: SourceKind| {
            let field = match hexes.iter().position(|&h| h == hex) {
                Some(k) => k,
                None => {
                    hexes.push(hex);
                    hexes.len() - 1
                }
            } as u32;
            cands[side.index()].push(SourceCandidate { hex, kind, field });
        };
        for &h in scen.sources(side) {
            add(h, SourceKind::Listed);
        }
        if scen
            .supply_rules()
            .ports
            .as_ref()
            .is_some_and(|p| p.side == side)
        {
            for h in grid.hexes() {
                let bits = scen.places(h) & ports;
                if !bits.is_empty() {
                    add(h, SourceKind::Port(bits));
                }
            }
        }
    }
    let classes = scen.classes().len();
    let mut out = vec![u32::MAX; hexes.len() * classes * n];
    for class in 0..classes {
        let mut g: DiGraph<(), u32> = DiGraph::with_capacity(n, 6 * n);
        for _ in 0..n {
            g.add_node(());
        }
        for a in grid.hexes() {
            for d in Dir::ALL {
                let b = grid.neighbour(a, d);
                if !b.is_some() {
                    continue;
                }
                if let Some(c) = entry_cost(scen, a, d, b, class as u8) {
                    // Reversed: reaching `a` from `b` in the search means
                    // `a` gets to the source through `b`.
                    g.add_edge(
                        NodeIndex::new(b.index()),
                        NodeIndex::new(a.index()),
                        c.0 as u32,
                    );
                }
            }
        }
        for (k, s) in hexes.iter().enumerate() {
            let dist =
                petgraph::algo::dijkstra(&g, NodeIndex::new(s.index()), None, |e| *e.weight());
            let field = &mut out[(k * classes + class) * n..][..n];
            for (node, d) in dist {
                field[node.index()] = d;
            }
        }
    }
    (cands, out)
}

/// Per hex, the directions (bit `d`) a ZOC spreads into from it: MP-ZOC-1,
/// the six adjacent hexes, except across streams, rivers and double slopes
/// (MP-ZOC-3) and into town or woods (MP-ZOC-2); none at all from town or
/// woods (MP-ZOC-2). Built once per scenario.
pub(crate) fn build_dirs(scen: &Scenario) -> Vec<u8> {
    let grid = scen.grid();
    grid.hexes()
        .map(|h| {
            if scen.terrain(h).no_zoc {
                return 0;
            }
            let mut m = 0u8;
            for (d, &n) in grid.neighbours(h).iter().enumerate() {
                if n.is_some()
                    && !scen.sides_bits[h.index() * 6 + d].intersects(SideBits::BLOCKS_ZOC)
                    && !scen.terrain(n).no_zoc
                {
                    m |= 1 << d;
                }
            }
            m
        })
        .collect()
}

/// Per hex, the directions (bit `d`) a fort there casts its ZOC into
/// (MP-ZOC-5: "a fort exerts a ZoC in all adjacent hexes"): every
/// neighbour that can be controlled at all, so not into town or woods
/// (MP-ZOC-2), but across any hexside (MP-ZOC-3 is about units), whatever
/// the fort's own terrain. Built once per scenario.
pub(crate) fn build_fort_dirs(scen: &Scenario) -> Vec<u8> {
    let grid = scen.grid();
    grid.hexes()
        .map(|h| {
            let mut m = 0u8;
            for (d, &n) in grid.neighbours(h).iter().enumerate() {
                if n.is_some() && !scen.terrain(n).no_zoc {
                    m |= 1 << d;
                }
            }
            m
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use crate::builtin;
    use crate::scenario::Scenario;

    fn twins(scen: &Scenario) -> Vec<u8> {
        (0..scen.classes().len() as u8)
            .map(|c| scen.class_twin(c))
            .collect()
    }

    /// Eastfront's cavalry pays what its foot pays everywhere, so its
    /// searches are the foot's; the other built-ins' classes all differ,
    /// and one cost changed for one class parts the twins.
    #[test]
    fn a_class_with_the_same_costs_everywhere_has_a_twin() {
        let east = builtin::load("eastfront").unwrap();
        assert_eq!(east.classes(), ["foot", "motor", "cavalry"]);
        assert_eq!(twins(&east), [0, 1, 0]);
        assert_eq!(twins(&builtin::load("malaya").unwrap()), [0, 1]);
        assert_eq!(twins(&builtin::load("morne-plaine").unwrap()), [0, 1, 2, 3]);
        let src = builtin::source("eastfront").unwrap();
        for (from, to) in [
            (
                "cost = { foot = 3, motor = \"no\", cavalry = 3 }",
                "cost = { foot = 3, motor = \"no\", cavalry = 4 }",
            ),
            (
                "ford = { foot = 2, motor = \"no\", cavalry = 2 }",
                "ford = { foot = 2, motor = \"no\", cavalry = 1 }",
            ),
        ] {
            assert!(src.contains(from), "{from}");
            let scen = Scenario::from_toml(&src.replace(from, to), "east.toml").unwrap();
            assert_eq!(twins(&scen), [0, 1, 2], "{to}");
        }
    }

    /// The built-ins' road and rail hexsides are crossed by every class
    /// alike: one route group each, one road/rail leg per side as before.
    /// A road over a ford armor may not use parts armor from foot
    /// (MAL-SUP-5).
    #[test]
    fn classes_that_cross_the_same_road_and_rail_hexsides_share_a_route_group() {
        let groups = |s: &Scenario| {
            (0..s.classes().len() as u8)
                .map(|c| s.route_group(c))
                .collect::<Vec<_>>()
        };
        assert_eq!(groups(&builtin::load("eastfront").unwrap()), [0, 0, 0]);
        assert_eq!(groups(&builtin::load("malaya").unwrap()), [0, 0]);
        assert_eq!(
            groups(&builtin::load("morne-plaine").unwrap()),
            [0, 0, 0, 0]
        );
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/audit6_mal_sup_road_ford.toml"
        );
        let src = std::fs::read_to_string(path).unwrap();
        let ford = Scenario::from_toml(&src, "ford.toml").unwrap();
        assert_eq!(ford.classes(), ["infantry", "armor"]);
        assert_eq!(groups(&ford), [0, 1]);
    }
}
