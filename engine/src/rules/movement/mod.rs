//! Normal movement (MP-MOV-1..7 with the ZOC rules MP-ZOC-6..8): every hex a
//! unit can reach, with its cost and path, in one search.
//!
//! The search is Dijkstra with a bucket queue (costs are small integers in
//! [`Mp`] ticks, bounded by the movement allowance). A search state is a hex
//! plus one bit: whether the unit owes terrain for its next road hex after
//! jumping between roads (MP-MOV-6). All buffers live in a reusable
//! [`Scratch`], so a search allocates nothing once warm.
//!
//! # The search
//!
//! - **Edges.** The cost charts are folded once per scenario into an edge
//!   table (`Edge`, built by `scenario::costs::build_edges`): per class,
//!   hex and direction, eight bytes: the neighbour, the usual step cost,
//!   the step cost while owing a road debt, and the MP-MOV-6 jump and
//!   road flags. A hex's six edges are one 48-byte row, so a relaxation
//!   is one load. The free first road hex (MP-MOV-5) is worked out for
//!   first steps only (`free_step`), never stored.
//! - **No clearing.** A node's key is its cost plus a base that falls by
//!   `SPAN` with every search, so the nodes of earlier searches read as
//!   unreached without a clearing pass (the per-hex "settled" mark is the
//!   base itself); the keys are reset only when the base runs out, about
//!   once in 65,000 searches. Hexes the unit may never
//!   enter (an enemy unit, or any unit under a stacking limit of one)
//!   start as reached at no cost, so the cost comparison alone turns
//!   them away.
//! - **The first step** carries the special rules: leaving enemy ZOC
//!   (MP-ZOC-7, MP-ZOC-8; only the start hex can be in one, as entering
//!   one ends the move) and the free first road hex.
//! - **One search per move.** The buffers remember the unit and the
//!   position of their last search: a player's search followed by the
//!   engine's `apply` of its choice costs one search.

use crate::hex::{Dir, HexId};
use crate::scenario::costs::entry_cost;
pub(crate) use crate::scenario::costs::{EDGE_JUMP, EDGE_TO_ROAD, Edge, step_cost};
use crate::scenario::{Mp, PhaseKind, RouteKind, Scenario, SideBits};
use crate::state::{GameState, UnitFlags, UnitId};

mod scratch;

pub use scratch::Scratch;
use scratch::{BLOCKED, FULL, MOUNTED_STOP, NO_PREV, SPAN, STOP};
pub(crate) use scratch::{SUPPLY_BLOCKED, with_scratch};

/// MP-ZOC-7, MP-ZOC-8: leaving the hex whose info bits (for the mover's
/// side) are `here`: the bits a first step must not enter, and what the
/// step costs more. Foot units leave enemy ZOC only into a hex free of it,
/// for a point; mounted units leave enemy mounted ZOC only into a hex free
/// of that, for a point, and enemy infantry's ZOC freely.
#[inline]
pub(crate) fn leaving_zoc(here: u8, mounted: bool) -> (u8, u16) {
    if here & STOP == 0 {
        (0, 0)
    } else if !mounted {
        (STOP, Mp::ONE.0)
    } else if here & MOUNTED_STOP != 0 {
        (MOUNTED_STOP, Mp::ONE.0)
    } else {
        (0, 0)
    }
}
/// One hex a unit can reach.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Destination {
    /// The hex.
    pub hex: HexId,
    /// Movement points it costs.
    pub cost: Mp,
    /// The unit's move ends there (it enters enemy ZOC, MP-ZOC-6).
    pub stops: bool,
    /// Hexes entered, in order, ending with `hex` (the start is not included).
    pub path: Vec<HexId>,
}

/// The result of a movement search, for people and tools (it allocates; the
/// engine's own hot paths use [`for_each_destination`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reach {
    /// The unit.
    pub unit: UnitId,
    /// Where it starts.
    pub start: HexId,
    /// Movement points left before moving.
    pub mp_left: Mp,
    /// Every hex it may end a move in, cheapest first (ties by hex id).
    pub destinations: Vec<Destination>,
}

/// Every hex `u` may move to now by normal movement, with cost and path.
/// Empty when the unit may not move (not its side's Movement Phase, move
/// ended, no points left, not on the map).
pub fn reachable(scen: &Scenario, state: &GameState, u: UnitId) -> Reach {
    with_scratch(|s| {
        s.prepare(scen, state);
        search(scen, state, s, u);
        let mut destinations = Vec::new();
        each_destination(scen, state, s, u, |hex, node, cost| {
            destinations.push(Destination {
                hex,
                cost,
                stops: s.info(hex, scen.unit(u).side) & STOP != 0,
                path: path_to(s, node),
            })
        });
        destinations.sort_by_key(|d| (d.cost, d.hex));
        Reach {
            unit: u,
            start: state.unit(u).hex,
            mp_left: state.mp_left(scen, u),
            destinations,
        }
    })
}

/// Calls `f(hex, cost)` for each destination of `u`, allocating nothing.
/// `scratch` must have been prepared for `state`.
pub fn for_each_destination(
    scen: &Scenario,
    state: &GameState,
    scratch: &mut Scratch,
    u: UnitId,
    mut f: impl FnMut(HexId, Mp),
) {
    search(scen, state, scratch, u);
    each_destination(scen, state, scratch, u, |h, _, c| f(h, c));
}

/// Calls `f(hex, cost)` for each destination of `u`, with this thread's
/// search buffers (allocating nothing once warm). A following `apply` of a
/// move of the same unit from the same state reuses this search. `f` must not
/// start engine searches itself.
pub fn destinations(scen: &Scenario, state: &GameState, u: UnitId, f: impl FnMut(HexId, Mp)) {
    with_scratch(|s| {
        s.prepare(scen, state);
        for_each_destination(scen, state, s, u, f)
    })
}

/// One destination of `u`, chosen by `pick`: it is called once with the
/// number of destinations (if there are any) and returns an index below it;
/// the answer is that destination in [`destinations`] order. One search
/// with this thread's buffers, allocating nothing once warm (a random
/// player draws once per unit instead of once per destination).
pub fn nth_destination(
    scen: &Scenario,
    state: &GameState,
    u: UnitId,
    pick: impl FnOnce(u32) -> u32,
) -> Option<HexId> {
    with_scratch(|s| {
        s.prepare(scen, state);
        search(scen, state, s, u);
        // The hexes `each_destination` visits, in its order.
        let n = s.occ.len();
        let info = &s.info[scen.unit(u).side.index() * n..][..n];
        let start = state.unit(u).hex.0;
        s.dests.clear();
        s.dests.extend(
            s.settled
                .iter()
                .copied()
                .filter(|&h| h != start && info[h as usize] & FULL == 0),
        );
        if s.dests.is_empty() {
            return None;
        }
        let k = pick(s.dests.len() as u32) as usize;
        s.dests.get(k).map(|&h| HexId(h))
    })
}

/// Whether `u` can ever enter a hex: not a unit with a printed movement
/// allowance of 0 (fixed coast defences). Such a unit neither attacks nor
/// advances (MAL-CBT-2: "an attacking unit must also be able to enter the
/// defender's hex") nor retreats (MAL-CBT-7: "a retreating unit cannot
/// enter a hex that it could not move to normally").
pub fn can_ever_move(scen: &Scenario, u: UnitId) -> bool {
    scen.unit_type(u).movement != Mp::ZERO
}

/// What `u` pays to step from `a` across `d` into `b` "normally", or `None`
/// if it could not: the step is closed to its class ([`entry_cost`]), or
/// dearer than its whole printed allowance (normal movement knows no
/// minimum move, so no move of the unit ever makes that step). Attacks,
/// advances (MAL-CBT-2, -9) and retreats (MAL-CBT-7) ask it.
pub fn normal_step(scen: &Scenario, u: UnitId, a: HexId, d: Dir, b: HexId) -> Option<Mp> {
    let ty = scen.unit_type(u);
    entry_cost(scen, a, d, b, ty.class).filter(|c| *c <= ty.movement)
}

/// Whether `u` may move at all now (its side's Movement Phase, on the map,
/// move not ended, points left).
pub fn can_move(scen: &Scenario, state: &GameState, u: UnitId) -> bool {
    let us = state.unit(u);
    !state.is_over()
        && state.phase(scen) == PhaseKind::Movement
        && scen.unit(u).side == state.active_side()
        && us.on_map()
        && !us.has(UnitFlags::MOVE_ENDED)
        && state.mp_left(scen, u) > Mp::ZERO
}

/// Visits the settled nodes that are legal destinations: best node per hex,
/// not the start, not overstacked (D-STACK-1).
fn each_destination(
    scen: &Scenario,
    state: &GameState,
    s: &Scratch,
    u: UnitId,
    mut f: impl FnMut(HexId, u32, Mp),
) {
    let info = s.side_info(scen.unit(u).side);
    let start = state.unit(u).hex;
    for &h in &s.settled {
        let hex = HexId(h);
        if hex == start || info[hex.index()] & FULL != 0 {
            continue;
        }
        // The cheaper of the hex's two nodes, the one without road debt on a tie.
        let (n0, n1) = ((h as u32) << 1, (h as u32) << 1 | 1);
        let (d0, d1) = (s.dist(n0), s.dist(n1));
        if d0 <= d1 {
            f(hex, n0, Mp(d0));
        } else {
            f(hex, n1, Mp(d1));
        }
    }
}

/// Hexes entered on the way to `node`, start excluded.
fn path_to(s: &Scratch, node: u32) -> Vec<HexId> {
    let mut out = Vec::new();
    let mut n = node;
    while s.prev[n as usize] != NO_PREV {
        out.push(HexId((n >> 1) as u16));
        n = s.prev[n as usize];
    }
    out.reverse();
    out
}

/// The search itself. Fills `s.settled` with every hex reached within the
/// unit's movement points, cheapest first.
fn search(scen: &Scenario, state: &GameState, s: &mut Scratch, u: UnitId) {
    // The same unit in the same position: the buffers already hold the answer
    // (a player's search followed by the engine's apply of its choice).
    let key = (u, s.version);
    if s.prepared && s.searched == Some(key) {
        return;
    }
    s.searched = Some(key);
    fresh_buffers(s);
    if !can_move(scen, state, u) {
        return;
    }
    let us = state.unit(u);
    let start = Start {
        // Below Mp::NO, so a step that may not be taken never fits the budget.
        budget: state.mp_left(scen, u).0.min(Mp::NO.0 - 1) as u32,
        fresh: !us.has(UnitFlags::MOVED),
        penalty: us.has(UnitFlags::ROAD_PENALTY),
    };
    run(scen, state, s, u, start);
}

/// Where a search starts from: the points it may spend, whether this is the
/// first step of the unit's move (MP-MOV-5), and whether it owes a road
/// debt (MP-MOV-6).
#[derive(Clone, Copy)]
struct Start {
    budget: u32,
    fresh: bool,
    penalty: bool,
}

/// Forgets the last search: keys and marks are made stale by lowering the
/// base (clearing the arrays only when the base runs out).
fn fresh_buffers(s: &mut Scratch) {
    if s.base < 2 * SPAN {
        s.key.fill(u32::MAX);
        s.seen.fill(0);
        s.base = u32::MAX - 2 * SPAN;
    } else {
        s.base -= SPAN;
    }
    s.settled.clear();
}

/// Every hex `u` could end a move in at its side's next Movement Phase if
/// the position stood as it is: a fresh move with its whole movement
/// allowance (as its supply leaves it now), through the same rules as
/// [`destinations`] (enemy units block, enemy ZOC stops, MP-ZOC-6..8), its
/// own hex included. Callable for either side's units, in any phase: what a
/// player asks to know what the enemy could reach (and attack) next turn.
/// One search with this thread's buffers; allocates nothing once warm.
pub fn next_move_reach(scen: &Scenario, state: &GameState, u: UnitId, mut f: impl FnMut(HexId)) {
    with_scratch(|s| {
        s.prepare(scen, state);
        // The buffers will not hold `u`'s search as the rules see it now.
        s.searched = None;
        fresh_buffers(s);
        let us = state.unit(u);
        if !us.on_map() {
            return;
        }
        let allowance = state.movement_allowance(scen, u);
        if allowance == Mp::ZERO {
            f(us.hex);
            return;
        }
        let start = Start {
            budget: allowance.0.min(Mp::NO.0 - 1) as u32,
            fresh: true,
            penalty: false,
        };
        run(scen, state, s, u, start);
        f(state.unit(u).hex);
        for &h in &s.settled {
            f(HexId(h));
        }
    })
}

/// The search proper from `u`'s hex (see [`search`]).
fn run(scen: &Scenario, state: &GameState, s: &mut Scratch, u: UnitId, from: Start) {
    let us = *state.unit(u);
    let side = scen.unit(u).side;
    let ty = scen.unit_type(u);
    let budget = from.budget;
    let n = scen.grid().len();
    let edges = &scen.edges[ty.class as usize * n..][..n];
    if s.buckets.len() <= budget as usize {
        s.buckets.resize_with(budget as usize + 1, Vec::new);
    }
    let base = s.base;
    let info = &s.info[side.index() * n..][..n];
    let keys = &mut s.key[..2 * n];
    let prev = &mut s.prev[..2 * n];
    let buckets = &mut s.buckets[..=budget as usize];
    let settled = &mut s.settled;
    let seen = &mut s.seen[..n];
    let stamp = base / SPAN; // Never 0: base stays at 2 * SPAN or above.

    // The first step, with its special rules: leaving an enemy ZOC (MP-ZOC-7,
    // MP-ZOC-8; only the start can be in one, as entering one ends the move)
    // and the free first road hex (MP-MOV-5).
    let start = us.hex;
    let (must_avoid, leave_cost) = leaving_zoc(info[start.index()], ty.kind.is_mounted());
    let (fresh, penalty) = (from.fresh, from.penalty);
    // Hexes the unit may never enter (BLOCKED: an enemy unit, or with a
    // stacking limit of one any unit) read as reached at no cost, so the
    // relaxations below turn them away by the cost comparison alone.
    let stack1 = scen.stacking() == 1;
    for (o, setup) in state.units().iter().zip(scen.units()) {
        if o.on_map() && (stack1 || setup.side != side) {
            let h = (o.hex.0 as usize) << 1;
            keys[h] = base;
            keys[h | 1] = base;
        }
    }
    let start_node = (start.0 as u32) << 1 | penalty as u32;
    keys[start_node as usize] = base;
    seen[start.index()] = stamp;
    prev[start_node as usize] = NO_PREV;
    for (d, e) in edges[start.index()].iter().enumerate() {
        let free = if fresh && e.to != u16::MAX {
            free_step(scen, start, d, ty.class)
        } else {
            Mp::NO.0
        };
        let Some((step, pen)) = edge_step(e, penalty, free) else {
            continue; // Off the map too: every cost is Mp::NO there.
        };
        if info[e.to as usize] & (BLOCKED | must_avoid) != 0 {
            continue;
        }
        let total = step as u32 + leave_cost as u32;
        if total <= budget {
            let nb = (e.to as u32) << 1 | pen as u32;
            if base + total < keys[nb as usize] {
                keys[nb as usize] = base + total;
                prev[nb as usize] = start_node;
                buckets[total as usize].push(nb);
            }
        }
    }

    for cost in 0..=budget {
        let here = base + cost;
        while let Some(node) = buckets[cost as usize].pop() {
            if keys[node as usize] != here {
                continue; // Reached more cheaply since it was queued.
            }
            let a = (node >> 1) as usize;
            if seen[a] != stamp {
                seen[a] = stamp; // Each hex once, when first settled.
                settled.push(a as u16);
            }
            if info[a] & STOP != 0 {
                continue; // MP-ZOC-6: entering enemy ZOC ends the move.
            }
            if node & 1 == 0 {
                for e in &edges[a] {
                    // The usual step; off the map or forbidden costs Mp::NO.
                    // (Never into an enemy hex, nor, MP-MOV-3, an occupied
                    // one: their keys say reached at no cost.)
                    let total = cost + e.plain as u32;
                    if total > budget {
                        continue;
                    }
                    let nb = (e.to as u32) << 1 | (e.flags & EDGE_JUMP) as u32;
                    if base + total < keys[nb as usize] {
                        keys[nb as usize] = base + total;
                        prev[nb as usize] = node;
                        buckets[total as usize].push(nb);
                    }
                }
            } else {
                for e in &edges[a] {
                    let Some((step, pen)) = edge_step(e, true, Mp::NO.0) else {
                        continue;
                    };
                    let total = cost + step as u32;
                    if total > budget {
                        continue;
                    }
                    let nb = (e.to as u32) << 1 | pen as u32;
                    if base + total < keys[nb as usize] {
                        keys[nb as usize] = base + total;
                        prev[nb as usize] = node;
                        buckets[total as usize].push(nb);
                    }
                }
            }
        }
    }
}

/// MP-MOV-5: the cost of the free first road hex across `d` from `a` (the
/// hexside's cost alone), or [`Mp::NO`] if the hexside is no road `class`
/// may follow. Only first steps need it, so it is not in the edge table.
#[inline]
fn free_step(scen: &Scenario, a: HexId, d: usize, class: u8) -> u16 {
    let dir = Dir::ALL[d];
    let cross = scen.cross_cost(a, dir, class);
    if !scen.hexside(a, dir).contains(SideBits::ROAD)
        || cross.is_no()
        || scen.route_rate(RouteKind::Road, class).is_no()
    {
        Mp::NO.0
    } else {
        cross.0
    }
}

/// The cost of a step by its edge, and the road debt after it (see
/// [`step_cost`]); `free` is [`free_step`] for a unit's first step, else
/// [`Mp::NO`].
#[inline]
fn edge_step(e: &Edge, penalty: bool, free: u16) -> Option<(u16, bool)> {
    let cost = if free != Mp::NO.0 {
        free
    } else if penalty {
        e.debt
    } else {
        e.plain
    };
    if cost == Mp::NO.0 {
        return None;
    }
    Some((
        cost,
        (penalty && e.flags & EDGE_TO_ROAD == 0) || e.flags & EDGE_JUMP != 0,
    ))
}

/// The cheapest path for `u` to `to` now: (path, cost, penalty after), or
/// `None` if `to` is not a destination.
pub(crate) fn route_to(
    scen: &Scenario,
    state: &GameState,
    s: &mut Scratch,
    u: UnitId,
    to: HexId,
) -> Option<(Mp, bool)> {
    s.prepare(scen, state);
    search(scen, state, s, u);
    let side = scen.unit(u).side;
    if to.index() >= scen.grid().len()
        || to == state.unit(u).hex
        || s.count(to, side) >= scen.stacking()
        || s.info(to, side) & BLOCKED != 0
    {
        return None;
    }
    // The better of the hex's two nodes (no road debt on a tie).
    let (n0, n1) = ((to.0 as u32) << 1, (to.0 as u32) << 1 | 1);
    let (d0, d1) = (s.dist(n0), s.dist(n1));
    let found = if d0 == u16::MAX && d1 == u16::MAX {
        None
    } else if d0 <= d1 {
        Some((n0, Mp(d0)))
    } else {
        Some((n1, Mp(d1)))
    };
    let (node, cost) = found?;
    Some((cost, node & 1 == 1))
}

/// Walks the path of the last search to `to` (best node), calling `f` for
/// each hex entered.
pub(crate) fn walk_path(s: &Scratch, to: HexId, penalty: bool, mut f: impl FnMut(HexId)) {
    let node = (to.0 as u32) << 1 | penalty as u32;
    let mut n = node;
    while s.prev[n as usize] != NO_PREV {
        f(HexId((n >> 1) as u16));
        n = s.prev[n as usize];
    }
}
