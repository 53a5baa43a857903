//! Supply (MAL-SUP-2..5): whether each unit of a side can trace a line of
//! supply, by three contenders on the same position.
//!
//! - [`ours`]: the engine's [`supply::judge_binary`], one road/rail search for
//!   the whole side, then for each unit off that network a bounded search
//!   that stops at the first road/rail hex.
//! - [`supply::petgraph_side`]: the engine's whole-side version written over
//!   petgraph (the same two legs, a graph built per class per call).
//! - [`PerUnitPeer`]: the peer named by the issue, one
//!   `petgraph::algo::dijkstra` per unit, forward from the unit's hex, on a
//!   petgraph graph of the map built with this file's own replica of the
//!   rules (no engine search code), with the road/rail network as targets:
//!   with no goal ([`Search::Full`]), or stopping at the nearest road/rail
//!   hex ([`Search::Goal`]).
//!
//! [`SupplyCase::check`] runs all three and asserts that they agree on every
//! unit before anything is timed.

use hexwar_engine::movement::Scratch;
use hexwar_engine::scenario::{RouteKind, SideBits};
use hexwar_engine::supply::{self, SupplyScratch};
use hexwar_engine::{Dir, GameState, HexId, Mp, Scenario, Side, UnitId, zoc};
use petgraph::graph::{DiGraph, NodeIndex};

/// The cost for `class` to step from `a` across `d` into `b` in a supply
/// trace, in [`Mp`] ticks; `None` if it may not. A replica, from the
/// scenario's public cost charts, of what the engine's movement step costs
/// with no road debt and not the first step of a move (`movement::step_cost`'s
/// doc, MP-MOV-1, 2, 4, 7): the hexside's cost, plus the cheapest rate of a
/// route the hexside is a segment of (road, track or rail, where the class
/// has one), else the terrain cost of `b`.
pub fn step_cost(scen: &Scenario, a: HexId, d: Dir, b: HexId, class: u8) -> Option<u32> {
    let cross = scen.cross_cost(a, d, class);
    if cross.is_no() {
        return None;
    }
    let bits = scen.hexside(a, d);
    let mut rate = Mp::NO;
    for (bit, kind) in [
        (SideBits::ROAD, RouteKind::Road),
        (SideBits::TRACK, RouteKind::Track),
        (SideBits::RAIL, RouteKind::Rail),
    ] {
        if bits.contains(bit) {
            rate = rate.min(scen.route_rate(kind, class));
        }
    }
    let hex = if rate.is_no() {
        scen.enter_cost(b, class)
    } else {
        rate
    };
    if hex.is_no() {
        return None;
    }
    Some(cross.0 as u32 + hex.0 as u32)
}

/// The engine: [`supply::judge_binary`] with `ms` prepared for `state`,
/// collecting `(unit, supplied)` into `out` (cleared first), in unit order.
#[inline]
pub fn ours(
    scen: &Scenario,
    state: &GameState,
    side: Side,
    ms: &Scratch,
    ss: &mut SupplyScratch,
    out: &mut Vec<(UnitId, bool)>,
) {
    out.clear();
    supply::judge_binary(scen, state, side, ms, ss, |u, s| out.push((u, s)));
}

/// How [`PerUnitPeer::judge`] runs each unit's `dijkstra`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Search {
    /// No goal: every hex the unit can reach is costed.
    Full,
    /// The road/rail network (through the target node) is the goal.
    Goal,
}

/// One unit the peer judges.
#[derive(Clone, Copy, Debug)]
struct Judged {
    unit: UnitId,
    class: u8,
    hex: HexId,
    allowance: u32,
}

/// The per-unit peer for one side in one position: a petgraph graph of the
/// map per movement class, and one `petgraph::algo::dijkstra` per unit.
///
/// [`PerUnitPeer::new`] does the per-position work, which is not timed:
///
/// - the hexes no leg may pass (MAL-SUP-3): those holding an enemy unit, and
///   those in enemy ZOC holding no friendly unit (the ZOC map comes from the
///   engine's `zoc::zoc_map`; forts are never in enemy ZOC, MP-ZOC-5);
/// - the road/rail leg (MAL-SUP-2..4), by its own breadth-first search: from
///   the side's sources (the engine's `supply::sources`, which applies the
///   port rule of MAL-SUP-7) along hexsides carrying a road or rail line,
///   into hexes not blocked and not enemy-controlled;
/// - per movement class with units of the side, a `DiGraph` with a node per
///   hex and one more, the target: an edge `a -> b` for every step into a
///   hex `b` that is not blocked, weighted by [`step_cost`] (so terrain the
///   class may not enter and hexsides it may not cross have no edge,
///   MAL-SUP-5), and a zero-cost edge from each road/rail hex to the target.
///
/// [`PerUnitPeer::judge`] is the timed part: per unit, `dijkstra` from the
/// unit's hex; the unit is supplied if the target's cost (the cheapest
/// road/rail hex's) is within its movement allowance. Two ways:
///
/// - [`Search::Full`], as the issue words it: `dijkstra` with no goal, which
///   costs every hex the unit can reach, then the check.
/// - [`Search::Goal`]: `dijkstra` with the target as its goal, which stops
///   once the target is settled, that is at the nearest road/rail hex. It
///   cannot stop at the allowance (petgraph's dijkstra has no cost limit),
///   so a unit with no road/rail hex it can reach still costs every hex it
///   can reach.
pub struct PerUnitPeer {
    /// Per movement class: the graph, or `None` if the side has no unit of it.
    graphs: Vec<Option<DiGraph<(), u32>>>,
    target: NodeIndex,
    units: Vec<Judged>,
}

impl PerUnitPeer {
    /// Builds the graphs for `side` in `state`.
    pub fn new(scen: &Scenario, state: &GameState, side: Side) -> PerUnitPeer {
        let grid = scen.grid();
        let n = grid.len();
        let mut occ = vec![[0u8; 2]; n];
        for (u, setup) in state.units().iter().zip(scen.units()) {
            if u.on_map() {
                occ[u.hex.index()][setup.side.index()] += 1;
            }
        }
        let mut zoc_map = vec![0u8; n];
        zoc::zoc_map(scen, state, &mut zoc_map);
        let (mine, theirs) = (side.index(), side.other().index());
        let blocked: Vec<bool> = grid
            .hexes()
            .map(|h| {
                let o = occ[h.index()];
                o[theirs] > 0 || (zoc::in_enemy_zoc(scen, &zoc_map, h, side) && o[mine] == 0)
            })
            .collect();

        // The road/rail leg.
        let mut on_network = vec![false; n];
        let mut queue = Vec::new();
        supply::sources(scen, state, side, |h| {
            if !blocked[h.index()] && !on_network[h.index()] {
                on_network[h.index()] = true;
                queue.push(h);
            }
        });
        let mut i = 0;
        while i < queue.len() {
            let h = queue[i];
            i += 1;
            for d in Dir::ALL {
                if !scen
                    .hexside(h, d)
                    .intersects(SideBits::ROAD | SideBits::RAIL)
                {
                    continue;
                }
                let x = grid.neighbour(h, d);
                if !x.is_some()
                    || on_network[x.index()]
                    || blocked[x.index()]
                    || state.control(x) == Some(side.other())
                {
                    continue;
                }
                on_network[x.index()] = true;
                queue.push(x);
            }
        }

        let units: Vec<Judged> = state
            .units_of(scen, side)
            .map(|u| {
                let ty = scen.unit_type(u);
                Judged {
                    unit: u,
                    class: ty.class,
                    hex: state.unit(u).hex,
                    allowance: ty.movement.0 as u32,
                }
            })
            .collect();
        let target = NodeIndex::new(n);
        let graphs = (0..scen.classes().len() as u8)
            .map(|class| {
                if !units.iter().any(|j| j.class == class) {
                    return None;
                }
                let mut g: DiGraph<(), u32> = DiGraph::with_capacity(n + 1, 7 * n);
                for _ in 0..=n {
                    g.add_node(());
                }
                for a in grid.hexes() {
                    for d in Dir::ALL {
                        let b = grid.neighbour(a, d);
                        if !b.is_some() || blocked[b.index()] {
                            continue;
                        }
                        if let Some(c) = step_cost(scen, a, d, b, class) {
                            g.add_edge(NodeIndex::new(a.index()), NodeIndex::new(b.index()), c);
                        }
                    }
                    if on_network[a.index()] {
                        g.add_edge(NodeIndex::new(a.index()), target, 0);
                    }
                }
                Some(g)
            })
            .collect();
        PerUnitPeer {
            graphs,
            target,
            units,
        }
    }

    /// Judges every unit of the side, one `dijkstra` each, into `out`
    /// (cleared first), in unit order.
    pub fn judge(&self, search: Search, out: &mut Vec<(UnitId, bool)>) {
        let goal = (search == Search::Goal).then_some(self.target);
        out.clear();
        for j in &self.units {
            let g = self.graphs[j.class as usize]
                .as_ref()
                .expect("a graph for every class the side has");
            let dist =
                petgraph::algo::dijkstra(g, NodeIndex::new(j.hex.index()), goal, |e| *e.weight());
            let supplied = dist.get(&self.target).is_some_and(|&d| d <= j.allowance);
            out.push((j.unit, supplied));
        }
    }
}

/// One supply-bench case: one side in one position, with each contender's
/// per-position work done.
pub struct SupplyCase<'a> {
    /// The scenario.
    pub scen: &'a Scenario,
    /// The position.
    pub state: &'a GameState,
    /// The side judged.
    pub side: Side,
    /// The engine's movement scratch, prepared for `state`.
    pub ms: Scratch,
    /// The engine's supply scratch.
    pub ss: SupplyScratch,
    /// The per-unit peer's graphs.
    pub peer: PerUnitPeer,
}

impl<'a> SupplyCase<'a> {
    /// Prepares the engine's scratch and builds the peer's graphs.
    pub fn new(scen: &'a Scenario, state: &'a GameState, side: Side) -> SupplyCase<'a> {
        let mut ms = Scratch::new(scen);
        ms.prepare(scen, state);
        SupplyCase {
            scen,
            state,
            side,
            ms,
            ss: SupplyScratch::default(),
            peer: PerUnitPeer::new(scen, state, side),
        }
    }

    /// Runs the three contenders (the per-unit peer both ways), asserts that they give the same verdict
    /// for every unit of the side on the map, and returns the verdicts.
    pub fn check(&mut self) -> Vec<(UnitId, bool)> {
        let mut o = Vec::new();
        ours(
            self.scen,
            self.state,
            self.side,
            &self.ms,
            &mut self.ss,
            &mut o,
        );
        o.sort_unstable();
        let expected: Vec<UnitId> = self.state.units_of(self.scen, self.side).collect();
        assert_eq!(
            o.iter().map(|v| v.0).collect::<Vec<_>>(),
            expected,
            "the engine judged other units than the side's units on the map"
        );
        let p = supply::petgraph_side(self.scen, self.state, self.side);
        assert_eq!(
            o,
            p,
            "{}, side {}: judge_binary and petgraph_side disagree",
            self.scen.name(),
            self.side.index()
        );
        for search in [Search::Full, Search::Goal] {
            let mut u = Vec::new();
            self.peer.judge(search, &mut u);
            u.sort_unstable();
            assert_eq!(
                o,
                u,
                "{}, side {}: judge_binary and per-unit dijkstra ({search:?}) disagree",
                self.scen.name(),
                self.side.index()
            );
        }
        o
    }
}
