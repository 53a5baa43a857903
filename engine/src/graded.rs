//! Graded supply (GS-1..8): full, limited, out of supply with U-levels, and
//! special supply, drawn from headquarters (HQs) that are themselves on a
//! supply line; isolation by lines of communication.
//!
//! A whole side is judged at once, as in [`crate::supply`]:
//!
//! 1. **GS-6 supply lines**: one breadth-first search along rail hexsides
//!    from the side's sources (at most the weather's `rail` hexes), then one
//!    along road hexsides from every hex that reached (at most `road`
//!    hexes). No hex on either element may hold an enemy unit, lie in enemy
//!    ZOC with no friendly unit in it, or be enemy-controlled (as MAL-SUP-3/4).
//!    An HQ standing on a hex so reached is **in general supply**.
//! 2. **GS-3 unit status**: per movement class, one multi-source Dijkstra
//!    backwards from the HQs in general supply, up to the weather's
//!    `hq_range` in movement points by that class's normal costs, blocked by
//!    enemy units and uncovered enemy ZOC. A unit reached is in general
//!    supply; whether full or limited depends on whose HQ it reaches, so a
//!    second search from the HQs that give it full supply runs only for the
//!    nations that need it. Units not reached try the special sources
//!    (GS-1) the same way.
//! 3. **GS-8 lines of communication**: the hexes in general supply (the
//!    supply lines, and every hex within `hq_range` of an HQ in general
//!    supply by the HQ's own costs) seed one more Dijkstra, with the costs of
//!    the scenario's `loc_class`, up to three times `hq_range`. A unit not
//!    reached is isolated (GS-7).
//!
//! Every search runs on dense arrays with generation stamps in a reusable
//! [`GradedScratch`]: nothing is allocated per judgement once warm.
//!
//! Interpretations, where the rule text leaves room:
//!
//! - GS-6: an HQ must stand on the supply line itself (no overland leg);
//!   the line runs rail first, then road, never back onto rail; tracks carry
//!   no supply. A source blocked or enemy-held gives nothing.
//! - GS-3: an HQ in general supply is in full supply itself. An HQ not in
//!   general supply traces to another HQ like any unit, but gives no supply.
//!   A nation "has an HQ in the theatre" while one of its HQs is on the map,
//!   in supply or not.
//! - GS-8: a line of communication pays the `loc_class` movement costs (road
//!   rate along roads). It may not enter a hex holding an enemy unit, nor an
//!   enemy-controlled hex or terrain closed to that class, except that a hex
//!   with a friendly unit can always be traced through (at 1 MP where its
//!   terrain is closed). An enemy ZOC hex adds `zoc_cost` whoever stands in
//!   it; a friendly unit standing in enemy ZOC adds 1 MP more (MP-ZOC-7).
//! - GS-2: only the phasing side is judged, in its Supply Phase, so a level
//!   holds through the enemy's player-turn (see `graded_supply_phase` in
//!   `game.rs`). Out of supply climbs one level per judgement (U1 the
//!   first); limited and full carry U0; special supply holds the level.
//! - GS-4: points are spent by an action in the side's own Movement Phase,
//!   on a unit judged in limited or special supply (a unit out of supply has
//!   no line to carry them); the unit is in full supply, U0, until its next
//!   judgement. Points come in at each of the side's supply judgements and
//!   carry over. Attacks costing points wait for the combat rules.
//! - GS-7: both sides are judged for combat isolation as each Combat Phase
//!   begins; the phasing side for supply isolation at its supply judgement.
//!   The markers live in [`crate::state::unit_flags`] and hold until judged
//!   again; `isolated_losses` is kept for the combat rules.

use crate::hex::{Dir, Grid, HexId};
use crate::movement::Scratch;
use crate::scenario::{GradedRules, Mp, Scenario, Side, UnitKind, Weather, side_bits};
use crate::state::{GameState, SupplyState, UnitId};
use crate::supply::{self, SupplyTrace};
use crate::zoc;

const NONE16: u16 = u16::MAX;
const OPPOSITE: [usize; 6] = [3, 4, 5, 0, 1, 2];

/// Verdict codes in [`GradedScratch`]'s per-unit arrays.
const FULL: u8 = 0;
const LIMITED: u8 = 1;
const OUT: u8 = 2;
const SPECIAL: u8 = 3;
/// Reached by an HQ in general supply; full or limited still to be decided.
const PENDING: u8 = 4;
const NOT_JUDGED: u8 = u8::MAX;

/// A per-hex set cleared in O(1) by a generation stamp.
#[derive(Clone, Debug, Default)]
struct Marks {
    stamp: Vec<u32>,
    generation: u32,
}

impl Marks {
    fn fit(&mut self, n: usize) {
        if self.stamp.len() != n {
            self.stamp = vec![0; n];
            self.generation = 1;
        }
    }

    fn clear(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.stamp.fill(0);
            self.generation = 1;
        }
    }

    /// Adds `h`; false if it was there already.
    #[inline]
    fn insert(&mut self, h: HexId) -> bool {
        let s = &mut self.stamp[h.index()];
        let fresh = *s != self.generation;
        *s = self.generation;
        fresh
    }

    #[inline]
    fn has(&self, h: HexId) -> bool {
        self.stamp[h.index()] == self.generation
    }
}

/// One element of a supply line (GS-6): hexes reached, their length in
/// hexes and the hex each was reached from, breadth-first.
#[derive(Clone, Debug, Default)]
struct Element {
    seen: Marks,
    len: Vec<u16>,
    prev: Vec<u16>,
    /// Hexes reached, in order.
    order: Vec<u16>,
}

impl Element {
    fn fit(&mut self, n: usize) {
        if self.len.len() != n {
            self.seen.fit(n);
            self.len = vec![0; n];
            self.prev = vec![NONE16; n];
        }
    }

    fn start(&mut self) {
        self.seen.clear();
        self.order.clear();
    }

    /// Reaches `h` at `len` hexes from `prev`, unless it was reached already.
    #[inline]
    fn reach(&mut self, h: HexId, len: u16, prev: u16) {
        if self.seen.insert(h) {
            self.len[h.index()] = len;
            self.prev[h.index()] = prev;
            self.order.push(h.0);
        }
    }

    /// Breadth-first along hexsides with `bit`, up to `limit` hexes from the
    /// seeds already in `order`, through hexes `open` allows.
    fn spread(
        &mut self,
        grid: &Grid,
        scen: &Scenario,
        bit: u16,
        limit: u16,
        open: impl Fn(HexId) -> bool,
    ) {
        let mut i = 0;
        while i < self.order.len() {
            let h = HexId(self.order[i]);
            i += 1;
            let d = self.len[h.index()];
            if d >= limit {
                continue;
            }
            for dir in Dir::ALL {
                if scen.hexside(h, dir) & bit == 0 {
                    continue;
                }
                let n = grid.neighbour(h, dir);
                if !self.seen.has(n) && open(n) {
                    self.reach(n, d + 1, h.0);
                }
            }
        }
    }
}

/// A bucket-queue Dijkstra over hexes, on reusable buffers.
#[derive(Clone, Debug, Default)]
struct Search {
    dist: Vec<u16>,
    next: Vec<u16>,
    stamp: Vec<u32>,
    generation: u32,
    buckets: Vec<Vec<u16>>,
    /// Hexes settled, cheapest first.
    settled: Vec<u16>,
    goal: Vec<u32>,
    goals_left: u32,
    budget: u16,
}

impl Search {
    fn fit(&mut self, n: usize) {
        if self.dist.len() != n {
            self.dist = vec![0; n];
            self.next = vec![NONE16; n];
            self.stamp = vec![0; n];
            self.goal = vec![0; n];
            self.generation = 1;
        }
    }

    /// A new search up to `budget` (in [`Mp`] ticks).
    fn start(&mut self, budget: u16) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.stamp.fill(0);
            self.goal.fill(0);
            self.generation = 1;
        }
        self.settled.clear();
        self.goals_left = 0;
        self.budget = budget;
        if self.buckets.len() <= budget as usize {
            self.buckets.resize_with(budget as usize + 1, Vec::new);
        }
    }

    fn seed(&mut self, h: HexId) {
        if self.dist(h) != 0 {
            self.stamp[h.index()] = self.generation;
            self.dist[h.index()] = 0;
            self.next[h.index()] = NONE16;
            self.buckets[0].push(h.0);
        }
    }

    /// The search may stop once every goal is settled.
    fn goal(&mut self, h: HexId) {
        if self.goal[h.index()] != self.generation {
            self.goal[h.index()] = self.generation;
            self.goals_left += 1;
        }
    }

    #[inline]
    fn dist(&self, h: HexId) -> u16 {
        if self.stamp[h.index()] == self.generation {
            self.dist[h.index()]
        } else {
            u16::MAX
        }
    }

    #[inline]
    fn reached(&self, h: HexId) -> bool {
        self.dist(h) <= self.budget
    }

    /// Runs the search: `cost(y, d, x)` is what stepping between settled `y`
    /// and its neighbour `x` across direction `d` adds, `None` if barred.
    fn run(&mut self, grid: &Grid, mut cost: impl FnMut(HexId, usize, HexId) -> Option<u16>) {
        let budget = self.budget;
        let use_goals = self.goals_left > 0;
        for c in 0..=budget {
            while let Some(y) = self.buckets[c as usize].pop() {
                let y = HexId(y);
                if self.dist(y) != c {
                    continue;
                }
                self.settled.push(y.0);
                if use_goals && self.goal[y.index()] == self.generation {
                    self.goals_left -= 1;
                    if self.goals_left == 0 {
                        for b in &mut self.buckets[c as usize..=budget as usize] {
                            b.clear();
                        }
                        return;
                    }
                }
                for (d, &x) in grid.neighbours(y).iter().enumerate() {
                    if !x.is_some() {
                        continue;
                    }
                    let Some(step) = cost(y, d, x) else { continue };
                    let total = c as u32 + step as u32;
                    if total <= budget as u32 && (total as u16) < self.dist(x) {
                        self.stamp[x.index()] = self.generation;
                        self.dist[x.index()] = total as u16;
                        self.next[x.index()] = y.0;
                        self.buckets[total as usize].push(x.0);
                    }
                }
            }
        }
    }

    /// The hexes from `h` back to a seed, `h` first.
    fn path(&self, h: HexId) -> Vec<HexId> {
        let mut out = vec![h];
        let mut h = h;
        while self.next[h.index()] != NONE16 {
            h = HexId(self.next[h.index()]);
            out.push(h);
        }
        out
    }
}

/// An HQ of the side being judged.
#[derive(Clone, Copy, Debug)]
struct Hq {
    unit: UnitId,
    hex: HexId,
    nation: u8,
    coalition: bool,
    class: u8,
    /// GS-6: on a supply line.
    general: bool,
}

/// Reusable buffers for graded supply judgements.
#[derive(Clone, Debug, Default)]
pub struct GradedScratch {
    rail: Element,
    road: Element,
    search: Search,
    /// Hexes in general supply (GS-8 seeds).
    general: Marks,
    general_list: Vec<u16>,
    hqs: Vec<Hq>,
    /// Units of one class still to be judged.
    todo: Vec<u16>,
    /// Per unit: [`FULL`], [`LIMITED`], [`OUT`], [`SPECIAL`] or not judged.
    status: Vec<u8>,
    /// Per unit: 1 isolated, 0 not, [`NOT_JUDGED`].
    isolated: Vec<u8>,
}

impl GradedScratch {
    fn fit(&mut self, n: usize, units: usize) {
        self.rail.fit(n);
        self.road.fit(n);
        self.search.fit(n);
        self.general.fit(n);
        self.status.clear();
        self.status.resize(units, NOT_JUDGED);
        self.isolated.clear();
        self.isolated.resize(units, NOT_JUDGED);
    }

    /// GS-6: `h` is on one of the side's supply lines (after a judgement).
    fn on_line(&self, h: HexId) -> bool {
        self.rail.seen.has(h) || self.road.seen.has(h)
    }

    /// `u`'s status from the last judgement that asked for it.
    pub fn status(&self, u: UnitId) -> Option<SupplyState> {
        match *self.status.get(u.index())? {
            FULL => Some(SupplyState::Full),
            LIMITED => Some(SupplyState::Limited),
            OUT => Some(SupplyState::Out),
            SPECIAL => Some(SupplyState::Special),
            _ => None,
        }
    }

    /// Whether `u` was isolated at the last judgement that asked.
    pub fn isolated(&self, u: UnitId) -> Option<bool> {
        match *self.isolated.get(u.index())? {
            0 => Some(false),
            1 => Some(true),
            _ => None,
        }
    }
}

/// What to judge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Judge {
    /// GS-1, GS-3: each unit's status.
    pub status: bool,
    /// GS-7, GS-8: whether each unit is isolated.
    pub isolation: bool,
}

/// Judges `side` in the current position: each unit's status (GS-1, GS-3)
/// and/or whether it is isolated (GS-7, GS-8), as `what` asks, calling
/// `out(unit, status, isolated)` for each unit of the side on the map
/// (`None` for what was not asked). `ms` must be prepared for `state`.
/// Nothing is judged unless the scenario plays the graded model.
pub fn judge_side(
    scen: &Scenario,
    state: &GameState,
    side: Side,
    what: Judge,
    ms: &Scratch,
    gs: &mut GradedScratch,
    mut out: impl FnMut(UnitId, Option<SupplyState>, Option<bool>),
) {
    judge_into(scen, state, side, what, ms, gs);
    for i in 0..gs.status.len() {
        let u = UnitId(i as u16);
        let (s, iso) = (gs.status(u), gs.isolated(u));
        if s.is_some() || iso.is_some() {
            out(u, s, iso);
        }
    }
}

/// [`judge_side`], leaving the answers in `gs`.
pub(crate) fn judge_into(
    scen: &Scenario,
    state: &GameState,
    side: Side,
    what: Judge,
    ms: &Scratch,
    gs: &mut GradedScratch,
) {
    let Some(g) = scen.supply_rules().graded.as_ref() else {
        return;
    };
    gs.fit(scen.grid().len(), state.units().len());
    let w = g.weather(state.turn());
    lines(scen, state, side, w, ms, gs);
    collect_hqs(scen, state, side, g, gs);
    if what.status {
        statuses(scen, state, side, g, w, ms, gs);
    }
    if what.isolation {
        isolation(scen, state, side, g, w, ms, gs);
    }
}

/// GS-6: the side's supply lines, rail element then road element, from its
/// usable sources.
fn lines(
    scen: &Scenario,
    state: &GameState,
    side: Side,
    w: &Weather,
    ms: &Scratch,
    gs: &mut GradedScratch,
) {
    let grid = scen.grid();
    gs.rail.start();
    gs.road.start();
    supply::sources(scen, state, side, |h| {
        if !supply::blocked(scen, ms, h, side) {
            gs.rail.reach(h, 0, NONE16);
        }
    });
    // MAL-SUP-3/4 as GS-6 reads them: no enemy unit, no uncovered enemy ZOC,
    // no enemy-controlled hex.
    let open =
        |h: HexId| !supply::blocked(scen, ms, h, side) && state.control(h) != Some(side.other());
    gs.rail.spread(grid, scen, side_bits::RAIL, w.rail, open);
    for i in 0..gs.rail.order.len() {
        gs.road.reach(HexId(gs.rail.order[i]), 0, NONE16);
    }
    gs.road.spread(grid, scen, side_bits::ROAD, w.road, open);
}

fn collect_hqs(
    scen: &Scenario,
    state: &GameState,
    side: Side,
    g: &GradedRules,
    gs: &mut GradedScratch,
) {
    gs.hqs.clear();
    for u in state.units_of(scen, side) {
        let ty = scen.unit_type(u);
        if ty.kind != UnitKind::Hq {
            continue;
        }
        let hex = state.unit(u).hex;
        let general = gs.on_line(hex);
        gs.hqs.push(Hq {
            unit: u,
            hex,
            nation: g.type_nation[scen.unit(u).unit_type as usize],
            coalition: ty.coalition,
            class: ty.class,
            general,
        });
    }
}

/// GS-3 (and special supply, GS-1): a backward trace step for `class`, from
/// `x` into the settled `y`: normal costs (a route's rate where it follows
/// one), never into an enemy unit or uncovered enemy ZOC (as MAL-SUP-3).
#[inline]
fn trace_step(
    scen: &Scenario,
    ms: &Scratch,
    side: Side,
    class: u8,
) -> impl Fn(HexId, usize, HexId) -> Option<u16> {
    let n = scen.grid().len();
    let edges = &scen.edges[class as usize * n..][..n];
    let enemy = side.other().index();
    let enemy_zoc = zoc::any(side.other());
    move |_y, d, x| {
        let o = ms.occ[x.index()];
        if o[enemy] > 0 || (ms.zoc[x.index()] & enemy_zoc != 0 && o[side.index()] == 0) {
            return None;
        }
        let c = edges[x.index()][OPPOSITE[d]].plain;
        (c != Mp::NO.0).then_some(c)
    }
}

/// GS-1, GS-3: every unit's status.
fn statuses(
    scen: &Scenario,
    state: &GameState,
    side: Side,
    g: &GradedRules,
    w: &Weather,
    ms: &Scratch,
    gs: &mut GradedScratch,
) {
    let grid = scen.grid();
    let setups = scen.units();
    let units = state.units();
    let nation_of = |i: usize| g.type_nation[setups[i].unit_type as usize];
    // Nations with an HQ on the map (GS-3 contingents), and HQs in general supply.
    let mut has_hq = 0u64;
    let mut general = 0usize;
    for hq in &gs.hqs {
        has_hq |= 1 << hq.nation;
        if hq.general {
            general += 1;
            gs.status[hq.unit.index()] = FULL;
        }
    }
    let special_range = g.special_range.unwrap_or(w.hq_range).0;
    let mut any_special = false;
    supply::special_sources(scen, state, side, |h| {
        any_special |= !supply::blocked(scen, ms, h, side)
    });
    for class in 0..scen.classes().len() as u8 {
        gs.todo.clear();
        for (i, (u, setup)) in units.iter().zip(setups).enumerate() {
            if u.on_map()
                && setup.side == side
                && gs.status[i] == NOT_JUDGED
                && scen.unit_types()[setup.unit_type as usize].class == class
            {
                gs.todo.push(i as u16);
            }
        }
        if gs.todo.is_empty() {
            continue;
        }
        // Every HQ in general supply: who is in general supply at all.
        let mut pending = 0u64;
        if general > 0 {
            gs.search.start(w.hq_range.0);
            for hq in gs.hqs.iter().filter(|h| h.general) {
                gs.search.seed(hq.hex);
            }
            for &i in &gs.todo {
                gs.search.goal(units[i as usize].hex);
            }
            gs.search.run(grid, trace_step(scen, ms, side, class));
            for &i in &gs.todo {
                let i = i as usize;
                if gs.search.reached(units[i].hex) {
                    // GS-3: a nation with no HQ of its own traces full supply from any.
                    let n = nation_of(i);
                    gs.status[i] = if has_hq & (1 << n) == 0 {
                        FULL
                    } else {
                        pending |= 1 << n;
                        PENDING
                    };
                }
            }
        }
        // Full or limited, nation by nation: does an HQ of the unit's own
        // nation, or a coalition HQ, reach it?
        while pending != 0 {
            let nation = pending.trailing_zeros() as u8;
            pending &= pending - 1;
            let gives_full = |hq: &Hq| hq.general && (hq.coalition || hq.nation == nation);
            let own = gs.hqs.iter().filter(|h| gives_full(h)).count();
            let searched = own > 0 && own < general;
            if searched {
                gs.search.start(w.hq_range.0);
                for hq in gs.hqs.iter().filter(|h| gives_full(h)) {
                    gs.search.seed(hq.hex);
                }
                for &i in &gs.todo {
                    if gs.status[i as usize] == PENDING && nation_of(i as usize) == nation {
                        gs.search.goal(units[i as usize].hex);
                    }
                }
                gs.search.run(grid, trace_step(scen, ms, side, class));
            }
            for &i in &gs.todo {
                let i = i as usize;
                if gs.status[i] == PENDING && nation_of(i) == nation {
                    let full = if searched {
                        gs.search.reached(units[i].hex)
                    } else {
                        own > 0
                    };
                    gs.status[i] = if full { FULL } else { LIMITED };
                }
            }
        }
        // Not in general supply: special supply (GS-1), or out of supply.
        if any_special && gs.todo.iter().any(|&i| gs.status[i as usize] == NOT_JUDGED) {
            gs.search.start(special_range);
            supply::special_sources(scen, state, side, |h| {
                if !supply::blocked(scen, ms, h, side) {
                    gs.search.seed(h);
                }
            });
            for &i in &gs.todo {
                if gs.status[i as usize] == NOT_JUDGED {
                    gs.search.goal(units[i as usize].hex);
                }
            }
            gs.search.run(grid, trace_step(scen, ms, side, class));
            for &i in &gs.todo {
                let i = i as usize;
                if gs.status[i] == NOT_JUDGED && gs.search.reached(units[i].hex) {
                    gs.status[i] = SPECIAL;
                }
            }
        }
        for &i in &gs.todo {
            if gs.status[i as usize] == NOT_JUDGED {
                gs.status[i as usize] = OUT;
            }
        }
    }
}

/// GS-8: marks the hexes in general supply: the supply lines, and the hexes
/// within `hq_range` of an HQ in general supply (by the HQ's own costs).
fn general_hexes(scen: &Scenario, side: Side, w: &Weather, ms: &Scratch, gs: &mut GradedScratch) {
    let grid = scen.grid();
    gs.general.clear();
    gs.general_list.clear();
    for i in 0..gs.rail.order.len() {
        let h = HexId(gs.rail.order[i]);
        if gs.general.insert(h) {
            gs.general_list.push(h.0);
        }
    }
    for i in 0..gs.road.order.len() {
        let h = HexId(gs.road.order[i]);
        if gs.general.insert(h) {
            gs.general_list.push(h.0);
        }
    }
    let mut classes = 0u32;
    for hq in &gs.hqs {
        if hq.general {
            classes |= 1 << hq.class.min(31);
        }
    }
    while classes != 0 {
        let class = classes.trailing_zeros() as u8;
        classes &= classes - 1;
        gs.search.start(w.hq_range.0);
        for k in 0..gs.hqs.len() {
            if gs.hqs[k].general && gs.hqs[k].class == class {
                gs.search.seed(gs.hqs[k].hex);
            }
        }
        gs.search.run(grid, trace_step(scen, ms, side, class));
        for k in 0..gs.search.settled.len() {
            let h = HexId(gs.search.settled[k]);
            // The search charges each hex's entry, but not the first: only
            // hexes a unit of the class could stand in count.
            if scen.can_stand(h, class) && gs.general.insert(h) {
                gs.general_list.push(h.0);
            }
        }
    }
}

/// GS-8: a forward LOC step from the settled `y` into `x` (see the module doc).
#[inline]
fn loc_step(
    scen: &Scenario,
    state: &GameState,
    g: &GradedRules,
    ms: &Scratch,
    side: Side,
) -> impl Fn(HexId, usize, HexId) -> Option<u16> {
    let n = scen.grid().len();
    let edges = &scen.edges[g.loc_class as usize * n..][..n];
    let enemy = side.other().index();
    let enemy_zoc = zoc::any(side.other());
    let zoc_cost = g.zoc_cost.0;
    move |y, d, x| {
        let o = ms.occ[x.index()];
        if o[enemy] > 0 {
            return None;
        }
        let friend = o[side.index()] > 0;
        let mut c = edges[y.index()][d].plain;
        if !friend && (c == Mp::NO.0 || state.control(x) == Some(side.other())) {
            return None;
        }
        if c == Mp::NO.0 {
            c = Mp::ONE.0;
        }
        if ms.zoc[x.index()] & enemy_zoc != 0 {
            c = c.saturating_add(zoc_cost);
            if friend {
                c = c.saturating_add(Mp::ONE.0);
            }
        }
        Some(c)
    }
}

/// GS-7, GS-8: which units no line of communication reaches.
fn isolation(
    scen: &Scenario,
    state: &GameState,
    side: Side,
    g: &GradedRules,
    w: &Weather,
    ms: &Scratch,
    gs: &mut GradedScratch,
) {
    general_hexes(scen, side, w, ms, gs);
    gs.search.start(w.loc_range().0);
    for k in 0..gs.general_list.len() {
        gs.search.seed(HexId(gs.general_list[k]));
    }
    let setups = scen.units();
    for (u, setup) in state.units().iter().zip(setups) {
        if u.on_map() && setup.side == side {
            gs.search.goal(u.hex);
        }
    }
    gs.search
        .run(scen.grid(), loc_step(scen, state, g, ms, side));
    for (i, (u, setup)) in state.units().iter().zip(setups).enumerate() {
        if u.on_map() && setup.side == side {
            gs.isolated[i] = !gs.search.reached(u.hex) as u8;
        }
    }
}

/// The supply line from an on-line hex `h` back to its source: the road
/// element, then the rail element. Returns the hexes after `h`, and how many
/// of them belong to the road element (so the hex where the road element
/// meets the rail element is that many places after `h`).
fn line_back(gs: &GradedScratch, h: HexId) -> (Vec<HexId>, usize) {
    let mut out = Vec::new();
    let mut h = h;
    if !gs.rail.seen.has(h) {
        while gs.road.prev[h.index()] != NONE16 {
            h = HexId(gs.road.prev[h.index()]);
            out.push(h);
        }
    }
    let rail_from = out.len();
    while gs.rail.prev[h.index()] != NONE16 {
        h = HexId(gs.rail.prev[h.index()]);
        out.push(h);
    }
    (out, rail_from)
}

/// Explains `u`'s graded supply in the current position (for
/// [`supply::trace`]): its status, the HQ and path it traces by, or why not;
/// and its line of communication (GS-8).
pub(crate) fn trace(
    scen: &Scenario,
    state: &GameState,
    u: UnitId,
    ms: &Scratch,
    gs: &mut GradedScratch,
) -> SupplyTrace {
    let us = state.unit(u);
    let mut t = SupplyTrace::unsupplied(u, us);
    let Some(g) = scen.supply_rules().graded.as_ref() else {
        return t;
    };
    if !us.on_map() {
        t.reason = Some("not on the map".into());
        return t;
    }
    let grid = scen.grid();
    let side = scen.unit(u).side;
    let w = g.weather(state.turn());
    judge_into(
        scen,
        state,
        side,
        Judge {
            status: true,
            isolation: true,
        },
        ms,
        gs,
    );
    // The LOC search ran last: read it before anything else reuses the buffers.
    t.isolated = gs.isolated[u.index()] == 1;
    if !t.isolated {
        t.loc = gs.search.path(us.hex);
        t.loc_cost = Some(Mp(gs.search.dist(us.hex)));
    }
    let Some(status) = gs.status(u) else {
        return t;
    };
    t.state = status;
    t.supplied = status != SupplyState::Out;
    let ty = scen.unit_type(u);
    let nation = g.type_nation[scen.unit(u).unit_type as usize];
    let weather = &w.name;
    let hq_name = |h: &Hq| {
        format!(
            "{} ({}, {}) at {}",
            scen.unit(h.unit).id,
            g.nations[h.nation as usize],
            if h.coalition { "coalition HQ" } else { "HQ" },
            grid.label(h.hex)
        )
    };
    // An HQ in general supply: its own supply line.
    if let Some(hq) = gs.hqs.iter().find(|h| h.unit == u && h.general) {
        t.hq = Some(u);
        let (back, rail_from) = line_back(gs, hq.hex);
        t.path.push(hq.hex);
        t.path.extend(back);
        t.rail_from = rail_from;
        return t;
    }
    let has_own = gs.hqs.iter().any(|h| h.nation == nation);
    let gives_full = |h: &Hq| h.general && (h.coalition || h.nation == nation || !has_own);
    match status {
        SupplyState::Full | SupplyState::Limited => {
            // Retrace from the HQs that give this status, to name the HQ.
            gs.search.start(w.hq_range.0);
            for h in &gs.hqs {
                if h.general && (status == SupplyState::Limited || gives_full(h)) {
                    gs.search.seed(h.hex);
                }
            }
            gs.search.run(grid, trace_step(scen, ms, side, ty.class));
            let over = gs.search.path(us.hex);
            let end = *over.last().unwrap_or(&us.hex);
            let hq = gs
                .hqs
                .iter()
                .filter(|h| h.general && h.hex == end)
                .max_by_key(|h| gives_full(h))
                .copied();
            t.road_from = over.len() - 1;
            t.path = over;
            if let Some(hq) = hq {
                t.hq = Some(hq.unit);
                let (back, rail_from) = line_back(gs, hq.hex);
                t.rail_from = t.road_from + rail_from;
                t.path.extend(back);
                if status == SupplyState::Limited {
                    t.reason = Some(format!(
                        "limited supply (GS-3): traced to {}, not of its nation ({}); no {} or coalition HQ in general supply within {} MP ({} weather)",
                        hq_name(&hq),
                        g.nations[nation as usize],
                        g.nations[nation as usize],
                        w.hq_range,
                        weather
                    ));
                }
            }
        }
        SupplyState::Special => {
            let range = g.special_range.unwrap_or(w.hq_range);
            gs.search.start(range.0);
            supply::special_sources(scen, state, side, |h| {
                if !supply::blocked(scen, ms, h, side) {
                    gs.search.seed(h);
                }
            });
            gs.search.run(grid, trace_step(scen, ms, side, ty.class));
            t.path = gs.search.path(us.hex);
            t.road_from = t.path.len() - 1;
            t.rail_from = t.road_from;
            t.reason = Some(format!(
                "special supply (GS-1): no HQ in general supply within {} MP ({weather} weather); special source {} within {} MP",
                w.hq_range,
                grid.label(*t.path.last().unwrap_or(&us.hex)),
                range
            ));
        }
        SupplyState::Out => t.reason = Some(why_out(scen, state, u, g, w, ms, gs)),
    }
    t
}

/// Why `u` is out of supply: the first reason found.
fn why_out(
    scen: &Scenario,
    state: &GameState,
    u: UnitId,
    g: &GradedRules,
    w: &Weather,
    ms: &Scratch,
    gs: &mut GradedScratch,
) -> String {
    let grid = scen.grid();
    let side = scen.unit(u).side;
    let class = scen.unit_type(u).class;
    let hex = state.unit(u).hex;
    let limits = |w: &Weather| {
        let n = |x: u16| {
            if x == u16::MAX {
                "any number of".to_string()
            } else {
                x.to_string()
            }
        };
        format!(
            "{} rail then {} road hexes in {} weather",
            n(w.rail),
            n(w.road),
            w.name
        )
    };
    let special = if g.special_sources[side.index()].is_empty() {
        String::new()
    } else {
        format!(
            "; no special source within {} MP",
            g.special_range.unwrap_or(w.hq_range)
        )
    };
    if gs.hqs.is_empty() {
        return format!("out of supply: its side has no HQ on the map (GS-3){special}");
    }
    if !gs.hqs.iter().any(|h| h.general) {
        let h = gs.hqs[0];
        return format!(
            "out of supply: no HQ of its side is in general supply (GS-6); {} at {} is not on a supply line from a source ({}), free of enemy units, enemy ZOC and enemy-controlled hexes{special}",
            scen.unit(h.unit).id,
            grid.label(h.hex),
            limits(w)
        );
    }
    // How far is the nearest HQ in general supply, with no range limit?
    gs.search.start(Mp::points(999).0);
    for h in &gs.hqs {
        if h.general {
            gs.search.seed(h.hex);
        }
    }
    gs.search.goal(hex);
    gs.search.run(grid, trace_step(scen, ms, side, class));
    if gs.search.reached(hex) {
        let end = *gs.search.path(hex).last().unwrap_or(&hex);
        let name = gs
            .hqs
            .iter()
            .find(|h| h.general && h.hex == end)
            .map_or(String::from("an HQ"), |h| scen.unit(h.unit).id.clone());
        format!(
            "out of supply: the nearest HQ in general supply, {name} at {}, is {} MP away by its movement costs (range {} MP in {} weather, GS-3){special}",
            grid.label(end),
            Mp(gs.search.dist(hex)),
            w.hq_range,
            w.name
        )
    } else {
        format!(
            "out of supply: no HQ in general supply can be reached overland (enemy units, uncovered enemy ZOC or impassable terrain in the way, GS-3){special}"
        )
    }
}

/// Why supply points may not be spent on a unit now (GS-4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoSpend {
    /// The scenario does not play the graded model.
    NotGraded,
    /// Not its side's Movement Phase.
    NotMovementPhase,
    /// Not on the map.
    NotOnMap,
    /// Already in full supply.
    AlreadyFull,
    /// Out of supply: no general or special supply carries the points to it.
    NoRoute,
    /// Its side has fewer supply points than the cost.
    NoPoints,
}

impl NoSpend {
    /// For people.
    pub fn describe(self) -> &'static str {
        match self {
            NoSpend::NotGraded => "the scenario does not play graded supply (GS-4)",
            NoSpend::NotMovementPhase => "supply points are spent in the side's own Movement Phase",
            NoSpend::NotOnMap => "it is not on the map",
            NoSpend::AlreadyFull => "it is already in full supply",
            NoSpend::NoRoute => {
                "it is out of supply: only a unit in limited or special supply can be given supply points (GS-4)"
            }
            NoSpend::NoPoints => "its side has too few supply points (GS-4)",
        }
    }
}

/// GS-4: whether supply points may be spent on `u` now, and if not why.
///
/// In its side's Movement Phase, a unit judged in limited or special supply
/// (the points need a general or special supply line to reach it; a unit
/// out of supply has none) may be put in full supply for the scenario's
/// `sp_cost`, while its side has that many points.
pub fn can_spend(scen: &Scenario, state: &GameState, u: UnitId) -> Result<(), NoSpend> {
    let Some(g) = scen.supply_rules().graded.as_ref() else {
        return Err(NoSpend::NotGraded);
    };
    let side = scen.unit(u).side;
    if state.is_over()
        || state.phase(scen) != crate::scenario::PhaseKind::Movement
        || state.active_side() != side
    {
        return Err(NoSpend::NotMovementPhase);
    }
    let us = state.unit(u);
    if !us.on_map() {
        return Err(NoSpend::NotOnMap);
    }
    match us.supply {
        SupplyState::Full => return Err(NoSpend::AlreadyFull),
        SupplyState::Out => return Err(NoSpend::NoRoute),
        SupplyState::Limited | SupplyState::Special => {}
    }
    if state.supply_points(side) < g.sp_cost {
        return Err(NoSpend::NoPoints);
    }
    Ok(())
}
