//! Supply (MAL-SUP-1..8): whether each unit can trace a line of supply.
//!
//! A whole side is judged at once:
//!
//! 1. the **road/rail leg** (MAL-SUP-2..4): one breadth-first search from
//!    the side's sources along connected road and rail hexsides marks every
//!    road/rail hex that leads to a source without passing an enemy unit,
//!    uncovered enemy ZOC or an enemy-controlled hex;
//! 2. the **overland leg** (MAL-SUP-2, 3, 5): a unit on one of those hexes
//!    is supplied; from any other, a Dijkstra (bucket queue) by its class's
//!    normal movement costs, bounded by its movement allowance, stops at
//!    the first of those hexes it settles: supplied if it finds one. Units
//!    are mostly near roads, so these small searches cost less than one
//!    search backwards from the whole network (which [`trace`] still runs,
//!    to explain a verdict).
//!
//! Hexes a supply line may not pass (MAL-SUP-3) are read from the flags the
//! movement [`Scratch`] keeps per hex.
//!
//! The graded model (GS-1..8) lives in [`crate::graded`]; it shares these
//! buffers, the sources and the blocking rule, and [`trace`] explains both.
//!
//! Both searches run on dense arrays in a reusable [`SupplyScratch`]. The
//! same judgement written over petgraph is [`petgraph_side`]; the bench
//! `supply` races them, and the per-unit `petgraph::algo::dijkstra`.

use std::cell::RefCell;

use crate::hex::{Dir, HexId};
use crate::movement::{SUPPLY_BLOCKED, Scratch, step_cost};
use crate::scenario::{Mp, RouteKind, Scenario, Side, SupplyModel, place_bits, side_bits};
use crate::state::{GameState, SupplyState, UnitId};
use crate::zoc;

/// Reusable buffers for supply searches.
#[derive(Clone, Debug, Default)]
pub struct SupplyScratch {
    net_stamp: Vec<u32>,
    net_generation: u32,
    net_prev: Vec<u16>,
    network: Vec<u16>,
    dist: Vec<u16>,
    stamp: Vec<u32>,
    next: Vec<u16>,
    generation: u32,
    buckets: Vec<Vec<u16>>,
    /// Per unit, the last [`judge_side`] verdict: 1 supplied, 0 not, 2 not judged.
    pub(crate) verdict: Vec<u8>,
    /// The graded model's buffers (GS-1..8).
    pub graded: crate::graded::GradedScratch,
}

const NONE16: u16 = u16::MAX;

impl SupplyScratch {
    fn fit(&mut self, n: usize) {
        if self.net_stamp.len() != n {
            *self = SupplyScratch {
                net_stamp: vec![0; n],
                net_prev: vec![NONE16; n],
                dist: vec![0; n],
                stamp: vec![0; n],
                next: vec![NONE16; n],
                ..SupplyScratch::default()
            };
        }
    }

    /// Forgets the network.
    fn bump_net(&mut self) {
        self.net_generation = self.net_generation.wrapping_add(1);
        if self.net_generation == 0 {
            self.net_stamp.fill(0);
            self.net_generation = 1;
        }
    }

    /// Forgets the distances.
    fn bump(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.stamp.fill(0);
            self.generation = 1;
        }
    }

    #[inline]
    fn on_network(&self, h: HexId) -> bool {
        self.net_stamp[h.index()] == self.net_generation
    }

    #[inline]
    fn dist(&self, h: HexId) -> u16 {
        if self.stamp[h.index()] == self.generation {
            self.dist[h.index()]
        } else {
            u16::MAX
        }
    }
}

thread_local! {
    static SUPPLY: RefCell<SupplyScratch> = RefCell::new(Default::default());
}

/// Runs `f` with this thread's movement and supply buffers. The movement
/// buffers are the ones movement searches use, so a Supply Phase finds them
/// prepared for the position the last move left, and updates them cheaply.
pub(crate) fn with_supply_scratch<T>(f: impl FnOnce(&mut Scratch, &mut SupplyScratch) -> T) -> T {
    crate::movement::with_scratch(|ms| {
        SUPPLY.with(|s| match s.try_borrow_mut() {
            Ok(mut ss) => f(ms, &mut ss),
            Err(_) => f(ms, &mut SupplyScratch::default()),
        })
    })
}

/// MAL-SUP-3: a hex no leg may pass for `side`: it holds an enemy unit, or it
/// lies in enemy ZOC and no friendly unit stands in it.
#[inline]
pub(crate) fn blocked(_scen: &Scenario, ms: &Scratch, h: HexId, side: Side) -> bool {
    // Prepared per hex: an enemy unit, or enemy ZOC (none in a fort,
    // MP-ZOC-5) and no friendly unit.
    ms.info(h, side) & SUPPLY_BLOCKED != 0
}

/// The side's supply sources now (MAL-SUP-7): its listed sources, plus the
/// ports a port rule gives it, each only while the enemy does not control it.
pub fn sources(scen: &Scenario, state: &GameState, side: Side, mut f: impl FnMut(HexId)) {
    let enemy_held = |h: HexId| state.control(h) == Some(side.other());
    for &h in scen.sources(side) {
        if !enemy_held(h) {
            f(h);
        }
    }
    if let Some(rule) = scen
        .supply_rules()
        .ports
        .as_ref()
        .filter(|r| r.side == side)
    {
        let west = rule.west_after.is_none() || state.event(crate::state::events::WEST_PORTS_OPEN);
        let mask = if rule.east { place_bits::EAST_PORT } else { 0 }
            | if west { place_bits::WEST_PORT } else { 0 };
        // One pass over the place bits (a tight loop: most hexes are no port).
        for (i, &p) in scen.places.iter().enumerate() {
            if p & mask != 0 && state.control(HexId(i as u16)) == Some(side) {
                f(HexId(i as u16));
            }
        }
    }
}

/// GS-1: the side's special supply sources now, each only while the enemy
/// does not control it.
pub fn special_sources(scen: &Scenario, state: &GameState, side: Side, mut f: impl FnMut(HexId)) {
    if let Some(g) = &scen.supply_rules().graded {
        for &h in &g.special_sources[side.index()] {
            if state.control(h) != Some(side.other()) {
                f(h);
            }
        }
    }
}

/// The road/rail leg: marks every road/rail hex connected to a usable source.
fn network(scen: &Scenario, state: &GameState, side: Side, ms: &Scratch, ss: &mut SupplyScratch) {
    ss.bump_net();
    let generation = ss.net_generation;
    ss.network.clear();
    sources(scen, state, side, |h| {
        if !blocked(scen, ms, h, side) && ss.net_stamp[h.index()] != generation {
            ss.net_stamp[h.index()] = generation;
            ss.net_prev[h.index()] = NONE16;
            ss.network.push(h.0);
        }
    });
    let grid = scen.grid();
    let mut i = 0;
    while i < ss.network.len() {
        let h = HexId(ss.network[i]);
        i += 1;
        // The directions a road or rail line leaves by, as bits (no branch
        // per hexside), then only those.
        let sides = &scen.sides_bits[h.index() * 6..][..6];
        let mut m = 0u8;
        for (d, &bits) in sides.iter().enumerate() {
            m |= ((bits & (side_bits::ROAD | side_bits::RAIL) != 0) as u8) << d;
        }
        let ns = grid.neighbours(h);
        while m != 0 {
            let d = m.trailing_zeros() as usize;
            m &= m - 1;
            let n = ns[d];
            if ss.net_stamp[n.index()] == generation
                || blocked(scen, ms, n, side)
                || state.control(n) == Some(side.other())
            {
                continue;
            }
            ss.net_stamp[n.index()] = generation;
            ss.net_prev[n.index()] = h.0;
            ss.network.push(n.0);
        }
    }
}

/// The direction back, by direction index.
const OPPOSITE: [usize; 6] = [3, 4, 5, 0, 1, 2];

/// The overland leg for one movement class: cost from every hex to the
/// network, up to `budget`, searched backwards from the network.
fn overland(
    scen: &Scenario,
    side: Side,
    class: u8,
    budget: u16,
    ms: &Scratch,
    ss: &mut SupplyScratch,
) {
    let generation = ss.generation;
    let budget = budget.min(Mp::NO.0 - 1);
    if ss.buckets.len() <= budget as usize {
        ss.buckets.resize_with(budget as usize + 1, Vec::new);
    }
    for i in 0..ss.network.len() {
        let h = ss.network[i] as usize;
        ss.stamp[h] = generation;
        ss.dist[h] = 0;
        ss.next[h] = NONE16;
        ss.buckets[0].push(h as u16);
    }
    let n = scen.grid().len();
    let edges = &scen.edges[class as usize * n..][..n];
    let info = ms.side_info(side);
    let SupplyScratch {
        dist,
        stamp,
        next,
        buckets,
        ..
    } = ss;
    let (dist, stamp, next) = (&mut dist[..n], &mut stamp[..n], &mut next[..n]);
    let buckets = &mut buckets[..=budget as usize];
    for cost in 0..=budget {
        while let Some(y) = buckets[cost as usize].pop() {
            let yi = y as usize;
            if dist[yi] != cost || stamp[yi] != generation {
                continue;
            }
            for (d, e) in edges[yi].iter().enumerate() {
                if e.to == u16::MAX {
                    continue;
                }
                let x = e.to as usize;
                // The trace steps x -> y: entering y from x by normal costs,
                // a route's rate where it follows one (MAL-SUP-2, MAL-SUP-5).
                let total = cost as u32 + edges[x][OPPOSITE[d]].plain as u32;
                if total > budget as u32 {
                    continue; // Also where it may not: Mp::NO.
                }
                // MAL-SUP-3 (as `blocked`; fort hexes carry no ZOC bits in a prepared map).
                if info[x] & SUPPLY_BLOCKED != 0 {
                    continue;
                }
                if stamp[x] != generation || (total as u16) < dist[x] {
                    stamp[x] = generation;
                    dist[x] = total as u16;
                    next[x] = y;
                    buckets[total as usize].push(x as u16);
                }
            }
        }
    }
}

/// The overland leg from one hex: whether a unit of `class` at `from` can
/// reach the road/rail network (marked by [`network`]) within `budget`.
/// Searches forwards from `from`, by the costs [`overland`] uses
/// backwards, and stops at the first network hex it settles.
fn overland_from(
    scen: &Scenario,
    side: Side,
    class: u8,
    from: HexId,
    budget: u16,
    ms: &Scratch,
    ss: &mut SupplyScratch,
) -> bool {
    let n = scen.grid().len();
    let edges = &scen.edges[class as usize * n..][..n];
    let budget = budget.min(Mp::NO.0 - 1);
    // Most units stand next to a road or rail hex of the network: one step
    // within the allowance settles it without a search. (Network hexes are
    // never blocked.)
    if edges[from.index()]
        .iter()
        .any(|e| e.plain <= budget && ss.net_stamp[e.to as usize] == ss.net_generation)
    {
        return true;
    }
    ss.bump();
    let generation = ss.generation;
    if ss.buckets.len() <= budget as usize {
        ss.buckets.resize_with(budget as usize + 1, Vec::new);
    }
    let info = ms.side_info(side);
    let net_generation = ss.net_generation;
    let SupplyScratch {
        dist,
        stamp,
        net_stamp,
        buckets,
        ..
    } = ss;
    let (dist, stamp, net_stamp) = (&mut dist[..n], &mut stamp[..n], &net_stamp[..n]);
    let buckets = &mut buckets[..=budget as usize];
    stamp[from.index()] = generation;
    dist[from.index()] = 0;
    buckets[0].push(from.0);
    for cost in 0..=budget {
        while let Some(y) = buckets[cost as usize].pop() {
            let yi = y as usize;
            if dist[yi] != cost || stamp[yi] != generation {
                continue;
            }
            if net_stamp[yi] == net_generation {
                for b in &mut buckets[cost as usize..] {
                    b.clear();
                }
                return true;
            }
            for e in &edges[yi] {
                // Entering x from y (MAL-SUP-2, MAL-SUP-5); Mp::NO off the map.
                let total = cost as u32 + e.plain as u32;
                if total > budget as u32 {
                    continue;
                }
                let x = e.to as usize;
                if info[x] & SUPPLY_BLOCKED != 0 {
                    continue; // MAL-SUP-3
                }
                if stamp[x] != generation || (total as u16) < dist[x] {
                    stamp[x] = generation;
                    dist[x] = total as u16;
                    buckets[total as usize].push(x as u16);
                }
            }
        }
    }
    false
}

/// Judges every unit of `side` on the map: `out(unit, supplied)`.
/// `ms` must be prepared for `state`.
pub fn judge_side(
    scen: &Scenario,
    state: &GameState,
    side: Side,
    ms: &Scratch,
    ss: &mut SupplyScratch,
    mut out: impl FnMut(UnitId, bool),
) {
    judge_side_into(scen, state, side, ms, ss);
    for (i, v) in ss.verdict.iter().enumerate() {
        if *v != 2 {
            out(UnitId(i as u16), *v == 1);
        }
    }
}

/// [`judge_side`], leaving the verdicts in `ss.verdict`.
pub(crate) fn judge_side_into(
    scen: &Scenario,
    state: &GameState,
    side: Side,
    ms: &Scratch,
    ss: &mut SupplyScratch,
) {
    ss.fit(scen.grid().len());
    ss.verdict.clear();
    ss.verdict.resize(state.units().len(), 2);
    network(scen, state, side, ms, ss);
    // A search from each unit off the road/rail leg, which stops at the
    // first road/rail hex it reaches: in the bench and built-in positions
    // this explores far less than one search from the whole network.
    let setups = scen.units();
    for (i, (u, setup)) in state.units().iter().zip(setups).enumerate() {
        if !u.on_map() || setup.side != side {
            continue;
        }
        let ty = &scen.unit_types()[setup.unit_type as usize];
        ss.verdict[i] = (ss.on_network(u.hex)
            || overland_from(scen, side, ty.class, u.hex, ty.movement.0, ms, ss))
            as u8;
    }
}

/// Why a unit is or is not in supply, for people.
///
/// The binary model (MAL-SUP) fills the first five fields; the graded model
/// (GS-1..8) fills them all: `path` runs from the unit overland to its HQ
/// (`road_from` is the HQ's hex), then along the HQ's supply line, road
/// element first (`rail_from` is where the rail element begins), to a
/// source; for special supply it ends at the special source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SupplyTrace {
    /// The unit.
    pub unit: UnitId,
    /// Supplied now (by the current position, not the last judgement);
    /// graded: in full, limited or special supply.
    pub supplied: bool,
    /// The traced path from the unit's hex to a source, when supplied.
    pub path: Vec<HexId>,
    /// Where the overland leg meets the road/rail leg (an index into
    /// `path`); graded: the HQ's hex.
    pub road_from: usize,
    /// Why not, when not supplied; graded: also why limited or special
    /// rather than full.
    pub reason: Option<String>,
    /// Status by the current position: binary `Full` or `Out`; graded GS-1.
    pub state: SupplyState,
    /// GS-2: the U-level as last judged.
    pub u_level: u8,
    /// GS-3: the HQ traced to (itself for an HQ in general supply).
    pub hq: Option<UnitId>,
    /// GS-6: where the HQ's road element meets its rail element (an index
    /// into `path`).
    pub rail_from: usize,
    /// GS-8: no line of communication reaches it now.
    pub isolated: bool,
    /// GS-8: its line of communication now, from its hex to the nearest hex
    /// in general supply (empty when isolated).
    pub loc: Vec<HexId>,
    /// GS-8: what that line costs.
    pub loc_cost: Option<Mp>,
    /// GS-7: isolated when the last Combat Phase began.
    pub combat_isolated: bool,
    /// GS-7: isolated at its side's last supply judgement.
    pub supply_isolated: bool,
}

impl SupplyTrace {
    /// A trace that has found nothing yet: out of supply, no path, with the
    /// unit's U-level and isolation markers.
    pub(crate) fn unsupplied(unit: UnitId, us: &crate::state::UnitState) -> SupplyTrace {
        SupplyTrace {
            unit,
            supplied: false,
            path: Vec::new(),
            road_from: 0,
            reason: None,
            state: SupplyState::Out,
            u_level: us.u_level,
            hq: None,
            rail_from: 0,
            isolated: false,
            loc: Vec::new(),
            loc_cost: None,
            combat_isolated: us.has(crate::state::unit_flags::COMBAT_ISOLATED),
            supply_isolated: us.has(crate::state::unit_flags::SUPPLY_ISOLATED),
        }
    }
}

/// Traces `u`'s supply in the current position and explains the answer.
pub fn trace(scen: &Scenario, state: &GameState, u: UnitId) -> SupplyTrace {
    with_supply_scratch(|ms, ss| {
        ms.prepare(scen, state);
        if scen.supply_rules().model == SupplyModel::Graded {
            return crate::graded::trace(scen, state, u, ms, &mut ss.graded);
        }
        let side = scen.unit(u).side;
        let us = state.unit(u);
        let ty = scen.unit_type(u);
        let mut t = SupplyTrace::unsupplied(u, us);
        if scen.supply_rules().model == SupplyModel::None {
            t.supplied = true;
            t.state = SupplyState::Full;
            t.reason = Some("the scenario has no supply rules: always in supply".into());
            return t;
        }
        if !us.on_map() {
            t.reason = Some("not on the map".into());
            return t;
        }
        ss.fit(scen.grid().len());
        network(scen, state, side, ms, ss);
        ss.bump();
        overland(scen, side, ty.class, ty.movement.0, ms, ss);
        if ss.dist(us.hex) <= ty.movement.0 {
            t.supplied = true;
            t.state = SupplyState::Full;
            let mut h = us.hex;
            t.path.push(h);
            while !ss.on_network(h) {
                h = HexId(ss.next[h.index()]);
                t.path.push(h);
            }
            t.road_from = t.path.len() - 1;
            while ss.net_prev[h.index()] != NONE16 {
                h = HexId(ss.net_prev[h.index()]);
                t.path.push(h);
            }
            return t;
        }
        t.reason = Some(diagnose(scen, state, u, ms, ss));
        t
    })
}

/// The first reason found, checking each rule in turn with the others relaxed.
fn diagnose(
    scen: &Scenario,
    state: &GameState,
    u: UnitId,
    ms: &Scratch,
    ss: &mut SupplyScratch,
) -> String {
    let grid = scen.grid();
    let side = scen.unit(u).side;
    let ty = scen.unit_type(u);
    let hex = state.unit(u).hex;
    let mut any_source = false;
    sources(scen, state, side, |h| {
        any_source |= !blocked(scen, ms, h, side)
    });
    if !any_source {
        return "no source reachable: every supply source is enemy-held or blocked".into();
    }
    // The nearest road/rail hex within the allowance, ignoring what blocks.
    let Some(path) = relaxed_overland(scen, ty.class, ty.movement.0, ss, hex) else {
        // None in reach: is one farther away, by an open path?
        ss.bump();
        overland(scen, side, ty.class, 2000, ms, ss);
        let d = ss.dist(hex);
        if d == u16::MAX {
            return "no road or rail hex within its movement allowance (by its own movement costs)"
                .into();
        }
        let mut h = hex;
        while !ss.on_network(h) {
            h = HexId(ss.next[h.index()]);
        }
        return format!(
            "overland leg too long: the nearest road/rail hex leading to a source is {}, {} MP away (allowance {})",
            grid.label(h),
            Mp(d),
            ty.movement
        );
    };
    let why = |h: HexId| -> Option<&'static str> {
        if ms.count(h, side.other()) > 0 {
            Some("holds an enemy unit")
        } else if zoc::in_enemy_zoc(scen, &ms.zoc, h, side) && ms.count(h, side) == 0 {
            Some("is in enemy ZOC")
        } else {
            None
        }
    };
    for &h in path.iter().skip(1) {
        if let Some(w) = why(h) {
            return format!("overland leg: {} {w}", grid.label(h));
        }
    }
    // The road/rail leg: the shortest connected road/rail path to a source,
    // ignoring what blocks it, and the first thing on it that does.
    let start = *path.last().unwrap_or(&hex);
    let mut targets = Vec::new();
    sources(scen, state, side, |h| targets.push(h));
    let mut prev = vec![NONE16; grid.len()];
    let mut seen = vec![false; grid.len()];
    let mut queue = std::collections::VecDeque::from([start]);
    seen[start.index()] = true;
    let mut found = None;
    while let Some(h) = queue.pop_front() {
        if targets.contains(&h) {
            found = Some(h);
            break;
        }
        for d in Dir::ALL {
            let n = grid.neighbour(h, d);
            if scen.hexside(h, d) & (side_bits::ROAD | side_bits::RAIL) != 0 && !seen[n.index()] {
                seen[n.index()] = true;
                prev[n.index()] = h.0;
                queue.push_back(n);
            }
        }
    }
    let Some(mut h) = found else {
        return format!(
            "road leg: the road/rail at {} does not lead to a friendly source",
            grid.label(start)
        );
    };
    let mut leg = vec![h];
    while prev[h.index()] != NONE16 {
        h = HexId(prev[h.index()]);
        leg.push(h);
    }
    for &h in leg.iter().rev() {
        if let Some(w) = why(h) {
            return format!("road leg: {} {w}", grid.label(h));
        }
        if state.control(h) == Some(side.other()) {
            return format!("road leg: {} is enemy-controlled", grid.label(h));
        }
    }
    "no source reachable".into()
}

/// The cheapest path from `from` to any road/rail hex, ignoring enemy units
/// and ZOC, within `budget`; `None` if there is none.
fn relaxed_overland(
    scen: &Scenario,
    class: u8,
    budget: u16,
    ss: &mut SupplyScratch,
    from: HexId,
) -> Option<Vec<HexId>> {
    let grid = scen.grid();
    ss.bump();
    let generation = ss.generation;
    ss.stamp[from.index()] = generation;
    ss.dist[from.index()] = 0;
    ss.next[from.index()] = NONE16;
    if ss.buckets.len() <= budget as usize {
        ss.buckets.resize_with(budget as usize + 1, Vec::new);
    }
    ss.buckets[0].push(from.0);
    let mut found = None;
    for cost in 0..=budget {
        while let Some(a) = ss.buckets[cost as usize].pop() {
            let a = HexId(a);
            if ss.dist(a) != cost || found.is_some() {
                continue;
            }
            if on_road_or_rail(scen, a) {
                found = Some(a);
                continue;
            }
            for d in Dir::ALL {
                let b = grid.neighbour(a, d);
                if !b.is_some() {
                    continue;
                }
                let Some((c, _)) = step_cost(scen, a, d, b, class, false, false) else {
                    continue;
                };
                let total = cost as u32 + c.0 as u32;
                if total <= budget as u32 && (total as u16) < ss.dist(b) {
                    ss.stamp[b.index()] = generation;
                    ss.dist[b.index()] = total as u16;
                    ss.next[b.index()] = a.0;
                    ss.buckets[total as usize].push(b.0);
                }
            }
        }
    }
    for b in ss.buckets.iter_mut() {
        b.clear();
    }
    let mut h = found?;
    let mut path = vec![h];
    while ss.next[h.index()] != NONE16 {
        h = HexId(ss.next[h.index()]);
        path.push(h);
    }
    path.reverse();
    Some(path)
}

/// The same whole-side judgement over petgraph: a graph of the map built per
/// class, filtered by the position, searched by `petgraph::algo::dijkstra`
/// from a virtual source joined to the network. Kept to race the dense-array
/// search in the `supply` bench; the engine uses [`judge_side`].
pub fn petgraph_side(scen: &Scenario, state: &GameState, side: Side) -> Vec<(UnitId, bool)> {
    use petgraph::graph::{DiGraph, NodeIndex};
    let grid = scen.grid();
    let n = grid.len();
    let mut out = Vec::new();
    with_supply_scratch(|ms, ss| {
        ms.prepare(scen, state);
        ss.fit(n);
        network(scen, state, side, ms, ss);
        for class in 0..scen.classes().len() as u8 {
            let units: Vec<UnitId> = state
                .units_of(scen, side)
                .filter(|u| scen.unit_type(*u).class == class)
                .collect();
            if units.is_empty() {
                continue;
            }
            // Edges point from the network outward: y -> x costs entering y from x.
            let mut g: DiGraph<(), u32> = DiGraph::with_capacity(n + 1, n * 6 + n);
            for _ in 0..=n {
                g.add_node(());
            }
            let root = NodeIndex::new(n);
            for y in grid.hexes() {
                if ss.on_network(y) {
                    g.add_edge(root, NodeIndex::new(y.index()), 0);
                }
                for d in Dir::ALL {
                    let x = grid.neighbour(y, d);
                    if !x.is_some() || blocked(scen, ms, x, side) {
                        continue;
                    }
                    if let Some((c, _)) = step_cost(scen, x, d.opposite(), y, class, false, false) {
                        g.add_edge(
                            NodeIndex::new(y.index()),
                            NodeIndex::new(x.index()),
                            c.0 as u32,
                        );
                    }
                }
            }
            let dist = petgraph::algo::dijkstra(&g, root, None, |e| *e.weight());
            for u in units {
                let d = dist.get(&NodeIndex::new(state.unit(u).hex.index()));
                out.push((
                    u,
                    d.is_some_and(|d| *d <= scen.unit_type(u).movement.0 as u32),
                ));
            }
        }
    });
    out.sort();
    out
}

#[inline]
fn on_road_or_rail(scen: &Scenario, h: HexId) -> bool {
    scen.has_route(h, RouteKind::Road) || scen.has_route(h, RouteKind::Rail)
}
