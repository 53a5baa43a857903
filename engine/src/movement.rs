//! Normal movement (MP-MOV-1..7 with the ZOC rules MP-ZOC-6..8): every hex a
//! unit can reach, with its cost and path, in one search.
//!
//! The search is Dijkstra with a bucket queue (costs are small integers in
//! [`Mp`] ticks, bounded by the movement allowance). A search state is a hex
//! plus one bit: whether the unit owes terrain for its next road hex after
//! jumping between roads (MP-MOV-6). All buffers live in a reusable
//! [`Scratch`], so a search allocates nothing once warm.

use std::cell::RefCell;

use crate::hex::{Dir, HexId};
pub(crate) use crate::scenario::costs::{EDGE_JUMP, EDGE_TO_ROAD, Edge, step_cost};
use crate::scenario::{Mp, RouteKind, Scenario, Side, side_bits};
use crate::state::{GameState, UnitId, UnitState, unit_flags};
use crate::zoc;

/// Reusable buffers for searches over one map.
#[derive(Clone, Debug, Default)]
pub struct Scratch {
    /// Units per hex per side.
    pub(crate) occ: Vec<[u8; 2]>,
    /// ZOC bits per hex ([`zoc::zoc_map`]), fort hexes cleared (MP-ZOC-5).
    pub(crate) zoc: Vec<u8>,
    /// Per hex: how many units (and forts) put it in each ZOC, indexed by
    /// the bit's position in [`zoc`](Scratch::zoc), so a moved unit updates
    /// the map around its old and new hex only.
    zoc_count: Vec<[u16; 4]>,
    /// Per side, then per hex: [`BLOCKED`], [`STOP`], [`MOUNTED_STOP`],
    /// [`FULL`], [`SUPPLY_BLOCKED`].
    pub(crate) info: Vec<u8>,
    /// Per search node (hex * 2 + road debt): `base` plus its cost in the
    /// current search. Nodes of earlier searches hold larger numbers, so
    /// they read as unreached without a stamp or a clearing pass.
    key: Vec<u32>,
    /// Per search node: its predecessor in the current search.
    prev: Vec<u32>,
    /// Subtracted from `key` to get a cost; lowered by [`SPAN`] per search.
    base: u32,
    buckets: Vec<Vec<u32>>,
    /// Hexes settled by the last search, in order of cost (each once).
    settled: Vec<u16>,
    /// Per hex: `base / SPAN` of the search that first settled it.
    seen: Vec<u32>,
    /// Units found changed by an incremental prepare.
    changed: Vec<u16>,
    /// Destinations gathered by [`nth_destination`].
    dests: Vec<u16>,
    /// Hexes whose ZOC counts changed in an incremental prepare.
    dirty: Vec<u16>,
    /// Hexes whose occupancy changed in an incremental prepare.
    moved: Vec<u16>,
    /// The position the buffers were prepared for: units, fort control,
    /// (turn, side, phase, over) and the scenario's address.
    units: Vec<UnitState>,
    /// `units`, each [`pack`]ed, for a quick comparison.
    packed: Vec<(u64, u64)>,
    forts: Vec<Option<Side>>,
    phase: (u8, u8, usize, bool),
    scen_id: u64,
    prepared: bool,
    /// The stamp of the position the buffers hold (0: check it).
    stamp: u64,
    /// Bumped each time the prepared position changes.
    version: u64,
    /// The unit and position version of the search `key`/`prev` hold.
    searched: Option<(UnitId, u64)>,
}

const NO_PREV: u32 = u32::MAX;

/// Room per search in the `key` numbering: more than any cost.
const SPAN: u32 = 1 << 16;

/// A unit's state as one number: equal numbers, equal states. (Listing
/// every field makes adding one to `UnitState` a compile error here.)
#[inline]
fn pack(u: &UnitState) -> (u64, u64) {
    let UnitState {
        hex,
        mp_spent,
        steps,
        morale,
        strength_loss,
        flags,
        supply,
        u_level,
        charge_target,
    } = *u;
    (
        hex.0 as u64
            | (mp_spent.0 as u64) << 16
            | (steps as u64) << 32
            | (morale as u64) << 40
            | (strength_loss as u64) << 48,
        supply as u8 as u64
            | (u_level as u64) << 8
            | (flags as u64) << 16
            | (charge_target.0 as u64) << 32,
    )
}

/// Hex info bit: a unit of this side may not enter (an enemy unit is there;
/// MP-MOV-3: with a stacking limit of one, any unit is).
const BLOCKED: u8 = 1;
/// Hex info bit: in enemy ZOC, a move entering it stops (MP-ZOC-6).
const STOP: u8 = 2;
/// Hex info bit: in the ZOC of enemy mounted units (MP-ZOC-8).
const MOUNTED_STOP: u8 = 4;
/// Hex info bit: full to the stacking limit, not a destination (D-STACK-1).
const FULL: u8 = 8;
/// Hex info bit: no supply line of this side may pass (MAL-SUP-3, as
/// [`crate::supply::blocked`]): an enemy unit is there, or enemy ZOC and no
/// friendly unit.
pub(crate) const SUPPLY_BLOCKED: u8 = 16;

impl Scratch {
    /// Buffers sized for `scen`.
    pub fn new(scen: &Scenario) -> Scratch {
        let mut s = Scratch::default();
        s.fit(scen);
        s
    }

    fn fit(&mut self, scen: &Scenario) {
        let n = scen.grid().len();
        if self.occ.len() != n {
            self.occ = vec![[0; 2]; n];
            self.zoc = vec![0; n];
            self.zoc_count = vec![[0; 4]; n];
            self.info = vec![0; 2 * n];
            self.key = vec![u32::MAX; 2 * n];
            self.prev = vec![NO_PREV; 2 * n];
            self.seen = vec![0; n];
            self.base = u32::MAX - 2 * SPAN;
            self.prepared = false;
            self.searched = None;
        }
        let id = scen.id();
        if self.scen_id != id {
            self.scen_id = id;
            self.prepared = false;
            self.searched = None;
        }
    }

    /// Fills occupancy and ZOC for `state`. Call before searching a state.
    ///
    /// The buffers remember the position they were filled for: the same
    /// position again costs a comparison, and a position where a few units
    /// changed (a move) is updated around their old and new hexes only.
    pub fn prepare(&mut self, scen: &Scenario, state: &GameState) {
        self.fit(scen);
        // The same position as last time (its stamp says so): nothing to do.
        let stamp = state.stamp();
        if stamp != 0 && self.prepared && self.stamp == stamp {
            return;
        }
        self.diff(scen, state);
        self.stamp = stamp;
    }

    /// Brings the buffers to `state` by comparing it with the last one.
    fn diff(&mut self, scen: &Scenario, state: &GameState) {
        let phase = (
            state.turn(),
            state.active_side().0,
            state.phase_index(),
            state.is_over(),
        );
        let units = state.units();
        let same_forts = self.prepared
            && units.len() == self.units.len()
            && scen
                .forts()
                .iter()
                .zip(&self.forts)
                .all(|(&f, &c)| state.control(f) == c);
        if !same_forts {
            self.rebuild(scen, state);
        } else if !self.update(scen, units, None) && phase == self.phase {
            return;
        }
        self.phase = phase;
        self.version = self.version.wrapping_add(1);
        self.searched = None;
    }

    /// After a move of `unit` that took the position from stamp `before`
    /// (the one these buffers hold) to `state`: brings them up to date by
    /// looking at that unit alone, so the next [`Scratch::prepare`] of
    /// `state` costs nothing. (A move changes its unit and hex control; the
    /// buffers read control only at forts, which are checked.) Otherwise
    /// leaves the next `prepare` to compare everything.
    pub(crate) fn after_move(
        &mut self,
        scen: &Scenario,
        state: &GameState,
        unit: UnitId,
        before: u64,
    ) {
        let forts_same = scen
            .forts()
            .iter()
            .zip(&self.forts)
            .all(|(&f, &c)| state.control(f) == c);
        if before == 0 || !self.prepared || self.stamp != before || !forts_same {
            self.stamp = 0;
            return;
        }
        if self.update(scen, state.units(), Some(unit.index())) {
            self.version = self.version.wrapping_add(1);
            self.searched = None;
        }
        self.stamp = state.stamp();
    }

    /// Fills every buffer for `state`.
    fn rebuild(&mut self, scen: &Scenario, state: &GameState) {
        self.occ.fill([0, 0]);
        self.zoc_count.fill([0; 4]);
        let setups = scen.units();
        for (i, (u, setup)) in state.units().iter().zip(setups).enumerate() {
            if u.on_map() {
                let c = &mut self.occ[u.hex.index()][setup.side.index()];
                *c = c.wrapping_add(1);
                let bit = zoc::unit_bit(scen, u, i);
                if bit != 0 {
                    self.add_zoc(scen, u.hex, bit, 1, false);
                }
            }
        }
        // MP-ZOC-5: a fort exerts the foot ZOC of the side controlling it.
        self.forts.clear();
        for &f in scen.forts() {
            let c = state.control(f);
            self.forts.push(c);
            if let Some(side) = c {
                self.add_zoc(scen, f, zoc::foot(side), 1, false);
            }
        }
        self.units.clear();
        self.units.extend_from_slice(state.units());
        self.packed.clear();
        self.packed.extend(state.units().iter().map(pack));
        for h in 0..self.occ.len() {
            self.refresh(scen, h);
        }
        self.prepared = true;
    }

    /// Brings the buffers from `self.units` to `units` (same fort control):
    /// occupancy and ZOC counts change around the units that moved, gained
    /// or lost a ZOC, and only those hexes are refreshed. (A unit whose
    /// points or flags changed, as every unit's do when a phase begins,
    /// touches nothing.)
    /// Returns whether any unit changed.
    fn update(&mut self, scen: &Scenario, units: &[UnitState], only: Option<usize>) -> bool {
        self.dirty.clear();
        self.moved.clear();
        let setups = scen.units();
        // First the units that changed, in one tight pass (or the one unit
        // the caller knows is the only one that may have).
        self.changed.clear();
        match only {
            Some(i) => {
                let key = pack(&units[i]);
                if key != self.packed[i] {
                    self.packed[i] = key;
                    self.changed.push(i as u16);
                }
            }
            None => {
                for (i, (u, p)) in units.iter().zip(self.packed.iter_mut()).enumerate() {
                    let key = pack(u);
                    if key != *p {
                        *p = key;
                        self.changed.push(i as u16);
                    }
                }
            }
        }
        for k in 0..self.changed.len() {
            let i = self.changed[k] as usize;
            let (old, new) = (self.units[i], units[i]);
            self.units[i] = new;
            let (old_bit, new_bit) = (zoc::unit_bit(scen, &old, i), zoc::unit_bit(scen, &new, i));
            if old.hex == new.hex && old_bit == new_bit {
                continue;
            }
            let side = setups[i].side.index();
            if old.on_map() {
                let c = &mut self.occ[old.hex.index()][side];
                *c = c.wrapping_sub(1);
                self.moved.push(old.hex.0);
            }
            if new.on_map() {
                let c = &mut self.occ[new.hex.index()][side];
                *c = c.wrapping_add(1);
                self.moved.push(new.hex.0);
            }
            if old_bit != 0 {
                self.add_zoc(scen, old.hex, old_bit, u16::MAX, true); // minus one
            }
            if new_bit != 0 {
                self.add_zoc(scen, new.hex, new_bit, 1, true);
            }
        }
        if self.dirty.len() + self.moved.len() >= self.occ.len() {
            for h in 0..self.occ.len() {
                self.refresh(scen, h);
            }
        } else {
            // Hexes whose occupancy changed; then those whose ZOC counts
            // changed, which need their flags redone only if a ZOC bit flipped.
            for k in 0..self.moved.len() {
                let h = self.moved[k] as usize;
                self.refresh(scen, h);
            }
            for k in 0..self.dirty.len() {
                let h = self.dirty[k] as usize;
                if self.zoc_bits(scen, h) != self.zoc[h] {
                    self.refresh(scen, h);
                }
            }
        }
        !self.changed.is_empty()
    }

    /// Adds `delta` (wrapping) to the `bit` ZOC count of each hex a ZOC
    /// spreads into from `h`.
    #[inline]
    fn add_zoc(&mut self, scen: &Scenario, h: HexId, bit: u8, delta: u16, mark: bool) {
        let k = bit.trailing_zeros() as usize;
        let (counts, dirty) = (&mut self.zoc_count, &mut self.dirty);
        zoc::for_each_spread(scen, h, |n| {
            let c = &mut counts[n.index()][k];
            *c = c.wrapping_add(delta);
            if mark {
                dirty.push(n.0);
            }
        });
    }

    /// Hex `h`'s ZOC bits by its counts.
    #[inline]
    fn zoc_bits(&self, scen: &Scenario, h: usize) -> u8 {
        let c = self.zoc_count[h];
        if scen.is_fort(HexId(h as u16)) {
            0 // MP-ZOC-5: units in a fort are never in enemy ZOC.
        } else {
            (c[0] != 0) as u8
                | ((c[1] != 0) as u8) << 1
                | ((c[2] != 0) as u8) << 2
                | ((c[3] != 0) as u8) << 3
        }
    }

    /// Recomputes hex `h`'s ZOC bits (from the counts) and its info for both sides.
    #[inline]
    fn refresh(&mut self, scen: &Scenario, h: usize) {
        let z = self.zoc_bits(scen, h);
        self.zoc[h] = z;
        let occ = self.occ[h];
        let (limit, stack1) = (scen.stacking(), scen.stacking() == 1);
        let n = self.occ.len();
        for side in Side::BOTH {
            let (mine, theirs) = (occ[side.index()], occ[side.other().index()]);
            let enemy = side.other();
            let in_zoc = z & zoc::any(enemy) != 0;
            self.info[side.index() * n + h] = (BLOCKED
                * (theirs > 0 || (stack1 && mine > 0)) as u8)
                | (STOP * in_zoc as u8)
                | (MOUNTED_STOP * (z & zoc::mounted(enemy) != 0) as u8)
                | (FULL * (mine >= limit) as u8)
                | (SUPPLY_BLOCKED * (theirs > 0 || (in_zoc && mine == 0)) as u8);
        }
    }

    /// Info bits of hex `h` for `side`.
    #[inline]
    pub(crate) fn info(&self, h: HexId, side: Side) -> u8 {
        self.info[side.index() * self.occ.len() + h.index()]
    }

    /// Info bits of every hex for `side`, by hex.
    #[inline]
    pub(crate) fn side_info(&self, side: Side) -> &[u8] {
        let n = self.occ.len();
        &self.info[side.index() * n..][..n]
    }

    /// Cost of `node` in the last search, `u16::MAX` if not reached.
    #[inline]
    fn dist(&self, node: u32) -> u16 {
        let v = self.key[node as usize].wrapping_sub(self.base);
        if v < SPAN { v as u16 } else { u16::MAX }
    }

    /// Units of `side` in `h` (after [`Scratch::prepare`]).
    #[inline]
    pub fn count(&self, h: HexId, side: Side) -> u8 {
        self.occ[h.index()][side.index()]
    }
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

/// Runs `f` with this thread's scratch buffers (or fresh ones if they are in use).
pub(crate) fn with_scratch<T>(f: impl FnOnce(&mut Scratch) -> T) -> T {
    SCRATCH.with(|s| match s.try_borrow_mut() {
        Ok(mut s) => f(&mut s),
        Err(_) => f(&mut Scratch::default()),
    })
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

/// Whether `u` may move at all now (its side's Movement Phase, on the map,
/// move not ended, points left).
pub fn can_move(scen: &Scenario, state: &GameState, u: UnitId) -> bool {
    let us = state.unit(u);
    !state.is_over()
        && state.phase(scen) == crate::scenario::PhaseKind::Movement
        && scen.unit(u).side == state.active_side()
        && us.on_map()
        && !us.has(unit_flags::MOVE_ENDED)
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
    if s.base < 2 * SPAN {
        s.key.fill(u32::MAX);
        s.seen.fill(0);
        s.base = u32::MAX - 2 * SPAN;
    } else {
        s.base -= SPAN;
    }
    s.settled.clear();
    if !can_move(scen, state, u) {
        return;
    }
    let us = *state.unit(u);
    let side = scen.unit(u).side;
    let ty = scen.unit_type(u);
    // Below Mp::NO, so a step that may not be taken never fits the budget.
    let budget = state.mp_left(scen, u).0.min(Mp::NO.0 - 1) as u32;
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
    let here = info[start.index()];
    let (must_avoid, leave_cost) = if here & STOP == 0 {
        (0, 0)
    } else if !ty.kind.is_mounted() {
        (STOP, Mp::ONE.0) // MP-ZOC-7: foot units only into a hex free of enemy ZOC, +1.
    } else if here & MOUNTED_STOP != 0 {
        (MOUNTED_STOP, Mp::ONE.0) // MP-ZOC-8: out of enemy mounted ZOC only, +1.
    } else {
        (0, 0) // MP-ZOC-8: mounted units leave enemy infantry's ZOC freely.
    };
    let fresh = !us.has(unit_flags::MOVED);
    let penalty = us.has(unit_flags::ROAD_PENALTY);
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
    if scen.hexside(a, dir) & side_bits::ROAD == 0
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
