//! An operational player built from a handful of heuristics (issue #6).
//!
//! Once per player-turn it builds distance fields over the map with
//! petgraph's Dijkstra (a reversed graph per movement class, built once per
//! scenario and cached, searched from a virtual root joined to the targets):
//! the cost from every hex to the objectives it wants, to the nearest enemy
//! unit, and to its side's supply anchors (the road/rail network that leads
//! to a source in the binary model, the HQs in the graded one), the last
//! both as things stand and with the hexes the enemy could cover next turn
//! blocked ("threat").
//!
//! - **Movement**: each unit in turn (front units first) scores its
//!   destinations ([`movement::destinations`]): progress toward objectives
//!   and the enemy, staying in supply (and out of hexes the enemy could cut
//!   off next turn, which also pulls back units already in such hexes),
//!   defensive terrain and the odds the adjacent enemy could bring, keeping
//!   a line (friendly neighbours, stacking next to the enemy), taking and
//!   garrisoning objectives, and stepping onto hexes that cut an enemy
//!   unit's supply, tested by re-tracing ([`supply::trace`]) on a what-if
//!   copy of the position for the few hexes on or next to enemy supply
//!   lines. One `Move` per call, `EndPhase` when every unit has had its turn.
//!   Cavalry charges ([`charge::success_chance`]) come first, and in the
//!   graded model supply points go to the units that need them most.
//! - **Rail**: the rail move that brings a reserve furthest toward the front,
//!   into a hex with room, while it gains enough.
//! - **Combat**: for every enemy hex it may attack, all eligible units are
//!   gathered and the combat is evaluated exactly ([`combat::what_if`] and
//!   [`combat::distribution`], with several air commitments): expected steps
//!   lost by each side, eliminations, retreats, the chance of taking the
//!   hex (worth more on an objective). The best attack worth making is
//!   declared unit by unit over the next calls, then rolled with the air
//!   commitment that does best; never half declared. Advances are taken
//!   onto objectives, onto enemy supply lines, or toward the enemy when the
//!   hex is not too exposed. Each of these is decided from the position
//!   alone (the attack being declared, the units already advanced), so the
//!   MCTS player can ask about positions out of order.
//! - **Objectives**: the distance field starts each objective nearer by one
//!   MP per VP it is worth less than the richest, so the big ones pull;
//!   in the last two turns taking one is worth four times as much.
//!
//! The MCTS player uses it as its guide: `unit_options` scores every
//! destination of one unit, and a `light` player traces less supply, for
//! rollouts.
//!
//! Deterministic given its RNG: ties are broken by tiny draws from it.

use petgraph::algo::dijkstra;
use petgraph::graph::{DiGraph, NodeIndex};
use petgraph::visit::EdgeRef;
use rand::{Rng, SeedableRng};

use hexwar_engine::scenario::{SupplyModel, side_bits};
use hexwar_engine::state::UnitFlags;
use hexwar_engine::{
    Action, Dir, GameState, HexId, Mp, PhaseKind, Scenario, UnitId, UnitKind, charge, combat,
    graded, movement, retreat, supply, zoc,
};

use crate::{AiRng, Player};

/// Distance that means "cannot get there" (or only through blocked hexes).
const BLOCK: u32 = 1 << 20;
const FAR: u32 = u32::MAX;
/// What-if supply tests per Movement Phase.
const CUT_TESTS: usize = 48;
/// How much nearer (Mp ticks) an objective looks per VP it is worth less
/// than the richest: one MP. (Morne-Plaine: the Allies went for the near
/// small objectives and left the redoubt, 6 VP, to the end or never.)
const VP_PULL: u32 = Mp::SCALE as u32;
/// How much more taking an objective is worth in the last two turns.
/// (Morne-Plaine against random: the Allies' draws came from objectives
/// left in French hands at the end; 93% wins before, 97% with this and
/// `VP_PULL`.)
const LATE_OBJECTIVES: f64 = 4.0;
/// Enemy units whose supply lines are traced per Movement Phase.
const TRACED: usize = 24;
/// [`CUT_TESTS`] and [`TRACED`] for a light player (a search's rollouts).
const LIGHT_CUT_TESTS: usize = 8;
const LIGHT_TRACED: usize = 8;

/// The map as petgraph graphs, one per movement class, edges reversed (from
/// the hex entered back to the hex left), with a root node joined to every
/// hex; and the forward step costs.
struct MapGraphs {
    scen_id: u64,
    n: usize,
    graphs: Vec<DiGraph<(), u32>>,
    /// Per class, per hex * 6 + direction: cost to step that way (FAR: no).
    step: Vec<Vec<u32>>,
    /// Per hex * 6 + direction: the neighbour's index (`u32::MAX`: off the map).
    nbr: Vec<u32>,
}

/// The per-player-turn distance fields, per movement class, in Mp ticks.
#[derive(Default)]
struct Fields {
    /// To the objectives the side wants (or the enemy when none).
    obj: Vec<Vec<u32>>,
    /// To the nearest enemy unit.
    foe: Vec<Vec<u32>>,
    /// To the supply anchors, enemy ZOC blocking (as things stand).
    sup: Vec<Vec<u32>>,
    /// To the supply anchors, hexes within two of an enemy unit blocking.
    threat: Vec<Vec<u32>>,
}

/// The heuristic player. `from_spec("heuristic")`.
#[derive(Default)]
pub struct HeuristicPlayer {
    graphs: Option<MapGraphs>,
    fields: Fields,
    /// (turn, side) the fields were built for.
    turn_key: Option<(u8, u8)>,
    /// (turn, side, phase) of the phase the per-phase caches belong to.
    phase_key: Option<(u8, u8, usize)>,
    /// (turn, side, phase) of the Movement Phase the enemy lines, the unit
    /// order and the reserves belong to.
    move_key: Option<(u8, u8, usize)>,
    pending: Vec<UnitId>,
    /// Units moved by rail or otherwise done this phase.
    done: Vec<UnitId>,
    /// Units held back in the Movement Phase to go by rail (MAL-RAIL-3).
    reserves: Vec<UnitId>,
    /// Legal actions (reused).
    actions: Vec<Action>,
    /// Hexes (reused).
    hexes: Vec<HexId>,
    /// Destinations of the unit being moved (reused).
    dests: Vec<(HexId, Mp)>,
    /// Scored options of the unit being moved (reused).
    options: Vec<(f64, HexId)>,
    /// Per hex: summed attack strength of enemy units adjacent.
    foe_att: Vec<f64>,
    /// Per hex: within two hexes of an enemy unit.
    near_foe: Vec<bool>,
    /// Per hex: on (1) or next to (2) a traced enemy supply line.
    foe_line: Vec<u8>,
    /// Enemy units traced this phase, with their supply paths.
    foe_paths: Vec<(UnitId, Vec<HexId>)>,
    /// What-if results for the position of this call: hex, enemy steps cut.
    cut_cache: Vec<(HexId, u32)>,
    /// What-if tests made this phase.
    cut_tests: usize,
    /// Enemy units traced in the position of this call: supplied now.
    foe_now: Vec<(UnitId, bool)>,
    /// Per hex, per side: units now.
    occ: Vec<[u8; 2]>,
    zoc: Vec<u8>,
    /// Scratch buffers for fields.
    target: Vec<bool>,
    blocked: Vec<bool>,
    /// A copy of the position for what-if tests.
    work: Option<GameState>,
    /// What it means to do this player-turn.
    intent: Vec<String>,
    /// Fewer supply traces (what-if cuts, enemy lines): for rollouts,
    /// where the graded model's traces would cost most of the time.
    pub(crate) light: bool,
}

impl std::fmt::Debug for HeuristicPlayer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("HeuristicPlayer")
            .field("intent", &self.intent)
            .finish_non_exhaustive()
    }
}

impl Player for HeuristicPlayer {
    fn name(&self) -> String {
        "heuristic".into()
    }

    fn choose(&mut self, scen: &Scenario, state: &GameState, rng: &mut AiRng) -> Action {
        if state.is_over() {
            return Action::EndPhase;
        }
        self.prepare(scen, state);
        let a = match state.phase(scen) {
            PhaseKind::Movement => self.movement(scen, state, rng),
            PhaseKind::Rail => self.rail(scen, state),
            PhaseKind::Combat => self.combat(scen, state),
            _ => Action::EndPhase,
        };
        if state.check(scen, a).is_ok() {
            return a;
        }
        // Should not happen; stay legal whatever.
        state.legal_actions(scen, &mut self.actions);
        if self.actions.contains(&Action::EndPhase) {
            Action::EndPhase
        } else if state.combat().target.is_some() {
            Action::Resolve { air: 0 }
        } else {
            self.actions.first().copied().unwrap_or(Action::EndPhase)
        }
    }

    fn intent(&self) -> Vec<String> {
        self.intent.clone()
    }
}

impl HeuristicPlayer {
    /// The intent of the current (or last) player-turn, for people.
    pub fn explain(&self) -> Vec<String> {
        self.intent.clone()
    }

    /// A player that traces less (see `light`), for rollouts.
    pub(crate) fn light() -> HeuristicPlayer {
        HeuristicPlayer {
            light: true,
            ..HeuristicPlayer::default()
        }
    }

    /// Forgets every per-turn and per-phase cache: the next call builds
    /// them afresh (for a player asked about positions out of order, as in
    /// a search's rollouts).
    pub(crate) fn forget(&mut self) {
        self.turn_key = None;
        self.phase_key = None;
        self.move_key = None;
    }

    /// Forgets the per-phase caches only: the distance fields of the
    /// player-turn stay (a search's replies, from positions that differ
    /// by one side's moves, share them).
    pub(crate) fn forget_phases(&mut self) {
        self.phase_key = None;
        self.move_key = None;
    }

    /// A fresh budget of what-if supply tests (the search starts a new line
    /// of play in a Movement Phase it has prepared).
    pub(crate) fn new_line(&mut self) {
        self.cut_tests = 0;
    }

    /// Builds (or keeps) the caches `state`'s player-turn and phase need.
    pub(crate) fn prepare(&mut self, scen: &Scenario, state: &GameState) {
        let id = scen.id();
        if self.graphs.as_ref().is_none_or(|g| g.scen_id != id) {
            self.graphs = Some(build_graphs(scen, id));
            self.turn_key = None;
            self.phase_key = None;
        }
        let side = state.active_side();
        let tk = (state.turn(), side.0);
        if self.turn_key.is_some_and(|k| tk < k) {
            // An earlier player-turn than the last seen: a new game.
            self.phase_key = None;
            self.move_key = None;
        }
        if self.turn_key != Some(tk) {
            self.turn_key = Some(tk);
            self.intent.clear();
            self.build_fields(scen, state);
        }
        let pk = (state.turn(), side.0, state.phase_index());
        if self.phase_key != Some(pk) {
            self.phase_key = Some(pk);
            self.done.clear();
            self.cut_cache.clear();
            self.cut_tests = 0;
            self.enemy_map(scen, state);
            // A search comes back to a Movement Phase from later phases of
            // the same player-turn: the enemy has not moved, keep what is known.
            if state.phase(scen) == PhaseKind::Movement && self.move_key != Some(pk) {
                self.move_key = Some(pk);
                self.trace_enemy(scen, state);
                self.order_units(scen, state);
                self.pick_reserves(scen, state);
            }
        }
    }

    /// The fields of this player-turn (petgraph Dijkstra from a virtual root).
    fn build_fields(&mut self, scen: &Scenario, state: &GameState) {
        let side = state.active_side();
        let foe = side.other();
        let n = scen.grid().len();
        let g = self.graphs.as_ref().expect("graphs");
        let classes = g.graphs.len();
        self.zoc.resize(n, 0);
        zoc::zoc_map(scen, state, &mut self.zoc);
        self.occ.clear();
        self.occ.resize(n, [0, 0]);
        for (i, us) in state.units().iter().enumerate() {
            if us.on_map() {
                self.occ[us.hex.index()][scen.units()[i].side.index()] += 1;
            }
        }
        let f = &mut self.fields;
        for v in [&mut f.obj, &mut f.foe, &mut f.sup, &mut f.threat] {
            v.resize_with(classes, Vec::new);
        }
        // Objectives wanted: those it could score and does not hold.
        self.target.clear();
        self.target.resize(n, false);
        let mut any_obj = false;
        // The richer objectives pull harder: each starts nearer by
        // `VP_PULL` per VP it is worth less than the richest.
        let max_vp = scen.objectives().iter().map(|o| o.vp).max().unwrap_or(0);
        let mut obj_root = vec![FAR; n];
        for o in scen.objectives() {
            if o.side.is_none_or(|s| s == side) && state.control(o.hex) != Some(side) {
                self.target[o.hex.index()] = true;
                let start = ((max_vp - o.vp).max(0) as u32) * VP_PULL;
                let r = &mut obj_root[o.hex.index()];
                *r = (*r).min(start);
                any_obj = true;
            }
        }
        let mut foe_t = vec![false; n];
        for u in state.units_of(scen, foe) {
            foe_t[state.unit(u).hex.index()] = true;
        }
        if !any_obj {
            self.target.copy_from_slice(&foe_t);
        }
        self.blocked.clear();
        self.blocked.resize(n, false);
        for c in 0..classes {
            if any_obj {
                field_from(&g.graphs[c], n, &obj_root, &self.blocked, &mut f.obj[c]);
            } else {
                field(&g.graphs[c], n, &self.target, &self.blocked, &mut f.obj[c]);
            }
            field(&g.graphs[c], n, &foe_t, &self.blocked, &mut f.foe[c]);
        }
        // Supply anchors.
        let model = scen.supply_rules().model;
        if model == SupplyModel::None {
            for c in 0..classes {
                f.sup[c].clear();
                f.sup[c].resize(n, 0);
                f.threat[c].clear();
                f.threat[c].resize(n, 0);
            }
            return;
        }
        // Near the enemy: hexes some enemy unit could reach next turn (by its
        // class's costs, the reversed graph standing in for the forward one).
        let mut near = vec![false; n];
        let maxa = state
            .units_of(scen, foe)
            .map(|u| state.movement_allowance(scen, u).0 as u32)
            .max()
            .unwrap_or(0);
        let mut reach = Vec::new();
        let mut root = vec![FAR; n];
        // The enemy cannot enter our units' hexes, and stops in our ZOC.
        for h in 0..n {
            self.blocked[h] = self.occ[h][side.index()] > 0
                || zoc::in_enemy_zoc(scen, &self.zoc, HexId(h as u16), foe);
        }
        for cc in 0..classes {
            root.fill(FAR);
            let mut any = false;
            for u in state.units_of(scen, foe) {
                if scen.unit_type(u).class as usize == cc {
                    let w = maxa - state.movement_allowance(scen, u).0 as u32;
                    let r = &mut root[state.unit(u).hex.index()];
                    *r = (*r).min(w);
                    any = true;
                }
            }
            if !any {
                continue;
            }
            field_from(&g.graphs[cc], n, &root, &self.blocked, &mut reach);
            for h in 0..n {
                near[h] |= reach[h] <= maxa;
                // MP-ZOC-6: a hex in our ZOC ends the enemy's move there.
                if self.blocked[h] && !near[h] && self.occ[h][side.index()] == 0 {
                    for k in 0..6 {
                        let b = g.nbr[h * 6 + k] as usize;
                        if b < n {
                            let step = g.step[cc][b * 6 + (k + 3) % 6];
                            if step != FAR && reach[b].saturating_add(step) <= maxa {
                                near[h] = true;
                            }
                        }
                    }
                }
            }
        }
        for threat in [false, true] {
            // Blocked: enemy units, enemy ZOC without a friendly unit; with
            // `threat`, also hexes near the enemy without a friendly unit.
            for (h, (b, occ)) in self.blocked.iter_mut().zip(&self.occ).enumerate() {
                let hid = HexId(h as u16);
                *b = occ[foe.index()] > 0
                    || (occ[side.index()] == 0
                        && (zoc::in_enemy_zoc(scen, &self.zoc, hid, side) || (threat && near[h])));
            }
            self.target.fill(false);
            if model == SupplyModel::Graded {
                supply::sources(scen, state, side, |h| self.target[h.index()] = true);
                for u in state.units_of(scen, side) {
                    if scen.unit_type(u).kind == UnitKind::Hq && state.unit(u).supply.is_general() {
                        self.target[state.unit(u).hex.index()] = true;
                    }
                }
            } else {
                // The road/rail leg: breadth-first along road and rail from
                // the sources, through friendly or neutral unblocked hexes.
                let mut queue: Vec<HexId> = Vec::new();
                supply::sources(scen, state, side, |h| {
                    if !self.blocked[h.index()] && !self.target[h.index()] {
                        self.target[h.index()] = true;
                        queue.push(h);
                    }
                });
                while let Some(h) = queue.pop() {
                    for d in Dir::ALL {
                        if scen.hexside(h, d) & (side_bits::ROAD | side_bits::RAIL) == 0 {
                            continue;
                        }
                        let b = scen.grid().neighbour(h, d);
                        if !b.is_some()
                            || self.target[b.index()]
                            || self.blocked[b.index()]
                            || state.control(b) == Some(foe)
                        {
                            continue;
                        }
                        self.target[b.index()] = true;
                        queue.push(b);
                    }
                }
            }
            for c in 0..classes {
                let out = if threat {
                    &mut f.threat[c]
                } else {
                    &mut f.sup[c]
                };
                field(&g.graphs[c], n, &self.target, &self.blocked, out);
            }
        }
        self.near_foe = near;
    }

    /// Per phase: enemy attack strength next to each hex, and hexes near the enemy.
    fn enemy_map(&mut self, scen: &Scenario, state: &GameState) {
        let n = scen.grid().len();
        let foe = state.active_side().other();
        self.foe_att.clear();
        self.foe_att.resize(n, 0.0);
        self.near_foe.resize(n, false);
        for u in state.units_of(scen, foe) {
            let s = state.attack_strength(scen, u);
            for &a in scen.grid().neighbours(state.unit(u).hex) {
                if a.is_some() {
                    self.foe_att[a.index()] += s;
                }
            }
        }
    }

    /// Traces the supply of the enemy units nearest the front, marking their
    /// lines (and the hexes next to them) as candidates for a cut.
    fn trace_enemy(&mut self, scen: &Scenario, state: &GameState) {
        let n = scen.grid().len();
        self.foe_line.clear();
        self.foe_line.resize(n, 0);
        self.foe_paths.clear();
        if scen.supply_rules().model == SupplyModel::None {
            return;
        }
        let side = state.active_side();
        let mut foes: Vec<(u32, UnitId)> = state
            .units_of(scen, side.other())
            .map(|u| (FAR, u))
            .collect();
        // Our own distance to them: the smallest over our units.
        let mine: Vec<HexId> = state
            .units_of(scen, side)
            .map(|u| state.unit(u).hex)
            .collect();
        for f in foes.iter_mut() {
            let h = state.unit(f.1).hex;
            f.0 = mine
                .iter()
                .map(|m| scen.grid().distance(*m, h))
                .min()
                .unwrap_or(FAR);
        }
        foes.sort();
        let traced = if self.light { LIGHT_TRACED } else { TRACED };
        for &(d, u) in foes.iter().take(traced) {
            if d > 8 {
                break;
            }
            let t = supply::trace(scen, state, u);
            if !t.supplied {
                continue;
            }
            for &h in &t.path {
                if !h.is_some() {
                    continue;
                }
                self.foe_line[h.index()] = 1;
                for &a in scen.grid().neighbours(h) {
                    if a.is_some() && self.foe_line[a.index()] == 0 {
                        self.foe_line[a.index()] = 2;
                    }
                }
            }
            self.foe_paths.push((u, t.path));
        }
    }

    /// Units to move, front first (mounted units first of all).
    fn order_units(&mut self, scen: &Scenario, state: &GameState) {
        self.pending.clear();
        self.pending
            .extend(state.units_of(scen, state.active_side()));
        let f = &self.fields;
        // `pending` is popped from the back: sort descending.
        self.pending.sort_by_key(|&u| {
            let c = scen.unit_type(u).class as usize;
            let h = state.unit(u).hex.index();
            let mounted = scen.unit_type(u).kind.is_mounted();
            std::cmp::Reverse((!mounted, f.foe[c][h].min(f.obj[c][h]), u))
        });
    }

    /// MAL-RAIL-3: when a Rail Phase follows, keep back (unmoved) the units
    /// farthest from the front that stand on a friendly rail hex, up to the
    /// side's rail capacity, so they may go by rail.
    fn pick_reserves(&mut self, scen: &Scenario, state: &GameState) {
        use hexwar_engine::scenario::RouteKind;
        self.reserves.clear();
        let phases = scen.phases();
        let here = state.phase_index();
        if !phases[here..].contains(&PhaseKind::Rail) {
            return;
        }
        let side = state.active_side();
        let cap = scen.rail_capacity(side) as usize;
        let mut cands: Vec<(u32, UnitId)> = Vec::new();
        for u in state.units_of(scen, side) {
            let us = state.unit(u);
            let c = scen.unit_type(u).class as usize;
            let far = self.fields.foe[c][us.hex.index()].min(BLOCK);
            if us.supply != hexwar_engine::SupplyState::Out
                && scen.has_route(us.hex, RouteKind::Rail)
                && state.control(us.hex) == Some(side)
                && self.foe_att[us.hex.index()] == 0.0
                && far >= 2 * state.movement_allowance(scen, u).0 as u32
            {
                cands.push((far, u));
            }
        }
        cands.sort_by(|a, b| b.cmp(a));
        self.reserves.extend(cands.iter().take(cap).map(|c| c.1));
    }

    fn refresh_occ(&mut self, scen: &Scenario, state: &GameState) {
        let n = scen.grid().len();
        self.occ.clear();
        self.occ.resize(n, [0, 0]);
        for (i, us) in state.units().iter().enumerate() {
            if us.on_map() {
                self.occ[us.hex.index()][scen.units()[i].side.index()] += 1;
            }
        }
    }

    // ----------------------------------------------------------------- movement

    fn movement(&mut self, scen: &Scenario, state: &GameState, rng: &mut AiRng) -> Action {
        if let Some(a) = self.spend_supply(scen, state) {
            return a;
        }
        if let Some(a) = self.charge(scen, state) {
            return a;
        }
        self.fresh_position(scen, state);
        let mut opts = std::mem::take(&mut self.options);
        while let Some(u) = self.pending.pop() {
            if !self.movable(scen, state, u) {
                continue;
            }
            self.unit_options(scen, state, u, rng, &mut opts);
            let Some(&(_, to)) = opts.first() else {
                continue;
            };
            if to.is_some() {
                self.options = opts;
                self.note_move(scen, state, u, to);
                return Action::Move { unit: u, to };
            }
        }
        self.options = opts;
        Action::EndPhase
    }

    /// The Movement Phase's unit order, first first (from `prepare`).
    pub(crate) fn unit_order(&self) -> impl Iterator<Item = UnitId> + '_ {
        self.pending.iter().rev().copied()
    }

    /// What comes before any unit's move in a Movement Phase: supply
    /// points spent, a charge worth making.
    pub(crate) fn movement_extras(&mut self, scen: &Scenario, state: &GameState) -> Option<Action> {
        self.spend_supply(scen, state)
            .or_else(|| self.charge(scen, state))
    }

    /// Per position: occupancy refreshed, what-if answers forgotten.
    pub(crate) fn fresh_position(&mut self, scen: &Scenario, state: &GameState) {
        self.refresh_occ(scen, state);
        // What-if answers hold for this position only.
        self.cut_cache.clear();
        self.foe_now.clear();
    }

    /// May `u` move now, and is it not held back for the Rail Phase?
    pub(crate) fn movable(&self, scen: &Scenario, state: &GameState, u: UnitId) -> bool {
        movement::can_move(scen, state, u) && !self.reserves.contains(&u)
    }

    /// Where `u` might end its move, best first, with scores: staying
    /// (`HexId::NONE`, with a small bonus for not moving) and every
    /// destination. The first is what the heuristic does. Call
    /// [`HeuristicPlayer::fresh_position`] first for a new position.
    pub(crate) fn unit_options(
        &mut self,
        scen: &Scenario,
        state: &GameState,
        u: UnitId,
        rng: &mut AiRng,
        out: &mut Vec<(f64, HexId)>,
    ) {
        out.clear();
        self.dests.clear();
        let dests = &mut self.dests;
        movement::destinations(scen, state, u, |h, c| dests.push((h, c)));
        let here = state.unit(u).hex;
        let stay = self.score(scen, state, u, here, rng);
        out.push((stay + 0.25, HexId::NONE));
        if self.dests.is_empty() {
            return;
        }
        for i in 0..self.dests.len() {
            let h = self.dests[i].0;
            let s = self.score(scen, state, u, h, rng);
            out.push((s, h));
        }
        // Stable: ties keep the earlier (staying first).
        out.sort_by(|a, b| b.0.total_cmp(&a.0));
    }

    /// Is `h` a hex some enemy unit could reach (or stop next to) next
    /// turn? Always, where the scenario has no supply rules (that map is
    /// not drawn then).
    pub(crate) fn in_reach(&self, scen: &Scenario, h: HexId) -> bool {
        scen.supply_rules().model == SupplyModel::None
            || self.near_foe.get(h.index()).copied().unwrap_or(true)
    }

    /// Says why `u` goes to `to`, when it cuts or pulls back.
    fn note_move(&mut self, scen: &Scenario, state: &GameState, u: UnitId, to: HexId) {
        let here = state.unit(u).hex;
        let cut = self.cut_value(to);
        if cut > 0 {
            self.note(format!(
                "{} to {}: cuts the supply of {} enemy step(s)",
                scen.unit(u).id,
                scen.grid().label(to),
                cut
            ));
        }
        let c = scen.unit_type(u).class as usize;
        let thr = self.threshold(scen, state, u);
        if self.supply_dist(c, here, true) > thr && self.supply_dist(c, to, true) <= thr {
            self.note(format!(
                "{} pulled back from {} to {}: would be cut off",
                scen.unit(u).id,
                scen.grid().label(here),
                scen.grid().label(to)
            ));
        }
    }

    /// GS-4: spend supply points on the unit that needs them most (held at a
    /// U-level by special supply, or limited and facing the enemy).
    fn spend_supply(&mut self, scen: &Scenario, state: &GameState) -> Option<Action> {
        let g = scen.supply_rules().graded.as_ref()?;
        let side = state.active_side();
        let reserve = g.sp_cost + 2 * g.attack_sp;
        if state.supply_points(side) < reserve {
            return None;
        }
        let mut best: Option<(i32, UnitId)> = None;
        for u in state.units_of(scen, side) {
            if graded::can_spend(scen, state, u).is_err() {
                continue;
            }
            let us = state.unit(u);
            let front = self.foe_att.get(us.hex.index()).is_some_and(|a| *a > 0.0);
            let v = us.u_level as i32 * 3 + front as i32 * 2
                - (us.supply == hexwar_engine::SupplyState::Limited && !front) as i32 * 10;
            if v > 1 && best.is_none_or(|b| v > b.0) {
                best = Some((v, u));
            }
        }
        let (_, u) = best?;
        self.note(format!(
            "supply points for {} (U{})",
            scen.unit(u).id,
            state.unit(u).u_level
        ));
        Some(Action::SpendSupply { unit: u })
    }

    /// MP-CHG: the best charge whose morale check is likely to break the target.
    fn charge(&mut self, scen: &Scenario, state: &GameState) -> Option<Action> {
        if !scen.unit_types().iter().any(|t| t.kind.is_mounted()) {
            return None;
        }
        let side = state.active_side();
        let mut best: Option<(f64, UnitId, HexId, f64)> = None;
        let mut targets = std::mem::take(&mut self.hexes);
        for u in state.units_of(scen, side) {
            if !scen.unit_type(u).kind.is_mounted() || scen.unit_type(u).kind == UnitKind::Leader {
                continue;
            }
            targets.clear();
            charge::for_each_charge(scen, state, u, |t| targets.push(t));
            for &t in &targets {
                let Some(p) = charge::success_chance(scen, state, u, t) else {
                    continue;
                };
                if p < 0.55 {
                    continue;
                }
                let mut worth = 1.0;
                for v in state.units_at(t) {
                    let k = scen.unit_type(v).kind;
                    worth += if k == UnitKind::Artillery { 2.0 } else { 0.5 };
                    worth += state.base_strength(scen, v, false) * 0.1;
                }
                if scen.objectives().iter().any(|o| o.hex == t) {
                    worth += 1.5;
                }
                let v = p * worth;
                if best.is_none_or(|b| v > b.0) {
                    best = Some((v, u, t, p));
                }
            }
        }
        self.hexes = targets;
        let (_, u, t, p) = best?;
        self.note(format!(
            "{} charges {} ({:.0}% to break it)",
            scen.unit(u).id,
            scen.grid().label(t),
            p * 100.0
        ));
        Some(Action::Charge { unit: u, target: t })
    }

    /// Supply threshold for `u`: the overland leg it may trace (Mp ticks).
    fn threshold(&self, scen: &Scenario, state: &GameState, u: UnitId) -> u32 {
        match scen.supply_rules().model {
            SupplyModel::Graded => state.weather(scen).map_or(BLOCK, |w| w.hq_range.0 as u32),
            SupplyModel::Binary => scen.unit_type(u).movement.0 as u32,
            SupplyModel::None => BLOCK,
        }
    }

    /// Distance from `h` to the supply anchors; a blocked hex is taken to be
    /// held by the unit (its own hex never blocks its trace).
    fn supply_dist(&self, c: usize, h: HexId, threat: bool) -> u32 {
        let f = if threat {
            &self.fields.threat[c]
        } else {
            &self.fields.sup[c]
        };
        let d = f[h.index()];
        if d < BLOCK {
            return d;
        }
        let g = self.graphs.as_ref().expect("graphs");
        let mut best = d;
        for k in 0..6 {
            let s = g.step[c][h.index() * 6 + k];
            if s == FAR {
                continue;
            }
            let b = g.neighbour(h, k);
            if b < g.n && f[b] < BLOCK {
                best = best.min(f[b] + s);
            }
        }
        best
    }

    fn cut_value(&self, h: HexId) -> u32 {
        self.cut_cache
            .iter()
            .find(|(x, _)| *x == h)
            .map_or(0, |c| c.1)
    }

    /// Enemy steps whose supply a move of `u` to `h` would cut (what-if, cached).
    fn cut_test(&mut self, scen: &Scenario, state: &GameState, u: UnitId, h: HexId) -> u32 {
        if let Some(c) = self.cut_cache.iter().find(|(x, _)| *x == h) {
            return c.1;
        }
        if self.cut_tests
            >= if self.light {
                LIGHT_CUT_TESTS
            } else {
                CUT_TESTS
            }
        {
            return 0;
        }
        self.cut_tests += 1;
        let mut work = self.work.take().unwrap_or_else(|| state.clone());
        work.clone_from(state);
        let mut dummy = AiRng::seed_from_u64(0);
        work.apply_unchecked(scen, Action::Move { unit: u, to: h }, &mut dummy, &mut ());
        let mut cut = 0;
        let grid = scen.grid();
        for (e, path) in &self.foe_paths {
            if !path.iter().any(|p| *p == h || grid.distance(*p, h) <= 1) {
                continue;
            }
            // Already cut off (by an earlier move this phase): nothing to gain.
            let now = match self.foe_now.iter().find(|(x, _)| x == e) {
                Some(&(_, s)) => s,
                None => {
                    let s = supply::trace(scen, state, *e).supplied;
                    self.foe_now.push((*e, s));
                    s
                }
            };
            if now && !supply::trace(scen, &work, *e).supplied {
                cut += state.unit(*e).steps as u32;
            }
        }
        self.work = Some(work);
        self.cut_cache.push((h, cut));
        cut
    }

    /// How good it is for `u` to end its move in `h` (higher is better).
    fn score(
        &mut self,
        scen: &Scenario,
        state: &GameState,
        u: UnitId,
        h: HexId,
        rng: &mut AiRng,
    ) -> f64 {
        let side = state.active_side();
        let here = state.unit(u).hex;
        let c = scen.unit_type(u).class as usize;
        let hi = h.index();
        let f = &self.fields;
        let mp = |d: u32| (d.min(BLOCK) as f64) / Mp::SCALE as f64;
        let mut s = 0.0;
        // Progress toward the objectives and the enemy.
        s -= 0.6 * mp(f.obj[c][hi]) + 0.4 * mp(f.foe[c][hi]);
        // Supply.
        if scen.supply_rules().model != SupplyModel::None {
            let thr = self.threshold(scen, state, u);
            if self.supply_dist(c, h, false) > thr {
                s -= 12.0;
            }
            if self.supply_dist(c, h, true) > thr {
                s -= 3.0;
            }
        }
        // Danger and terrain next to the enemy.
        let mine = if h == here { 0 } else { 1 };
        let att = self.foe_att[hi];
        if att > 0.0 {
            let mut def = 0.0;
            let mut stacked = 0;
            for v in state.units_at(h) {
                if scen.unit(v).side == side {
                    def += state.defense_strength(scen, v);
                    stacked += 1;
                }
            }
            if h != here {
                def += state.defense_strength(scen, u);
            }
            let mut mult = scen.terrain(h).defense;
            if scen.is_fort(h) {
                mult *= scen.combat().fort;
            }
            let ratio = att / (def * mult).max(0.25);
            if ratio > 2.0 {
                s -= ((ratio - 2.0) * 2.5).min(10.0);
            }
            s += 1.5 * (mult - 1.0);
            if scen.stacking() > 1 {
                s += 0.8 * (stacked - 1 + mine).clamp(0, scen.stacking() as i32 - 1) as f64;
            }
        }
        // A line: friendly neighbours (not the unit itself).
        let mut friends = 0;
        for &a in scen.grid().neighbours(h) {
            if a.is_some() && a != here && self.occ[a.index()][side.index()] > 0 {
                friends += 1;
            }
        }
        if self.near_foe.get(hi).copied().unwrap_or(false) {
            s += 0.5 * friends.min(2) as f64 - 0.2 * (friends - 2).max(0) as f64;
        }
        // Objectives: take them, hold them.
        for o in scen.objectives() {
            if o.hex != h || o.side.is_some_and(|x| x != side) {
                continue;
            }
            if state.control(h) != Some(side) {
                // The last two turns: what is held at the end is what counts.
                let k = if state.turn() + 1 >= scen.turns() {
                    LATE_OBJECTIVES
                } else {
                    1.0
                };
                s += k * (3.0 + 0.5 * o.vp as f64);
            } else if h == here
                && self.occ[hi][side.index()] == 1
                && mp(f.foe[c][hi]) <= 2.0 * scen.unit_type(u).movement.as_f64()
            {
                s += 2.0 + 0.3 * o.vp as f64;
            }
        }
        // Cut enemy supply lines.
        if h != here && self.foe_line.get(hi).copied().unwrap_or(0) > 0 {
            let cut = self.cut_test(scen, state, u, h);
            s += 2.0 * cut as f64;
        }
        s + rng.random::<f64>() * 0.01
    }

    // --------------------------------------------------------------------- rail

    pub(crate) fn rail(&mut self, scen: &Scenario, state: &GameState) -> Action {
        state.legal_actions(scen, &mut self.actions);
        if !self.actions.contains(&Action::EndPhase) {
            // MAL-RAIL-5: overstacked; take a rail move back.
            if let Some(a) = self
                .actions
                .iter()
                .find(|a| matches!(a, Action::UndoRail { .. }))
            {
                if let Action::UndoRail { unit } = *a {
                    // Not railed again this phase.
                    self.done.push(unit);
                }
                return *a;
            }
        }
        self.refresh_occ(scen, state);
        let side = state.active_side();
        let limit = scen.stacking();
        let mut best: Option<(f64, UnitId, HexId)> = None;
        for a in &self.actions {
            let Action::RailMove { unit, to } = *a else {
                continue;
            };
            if self.done.contains(&unit) {
                continue;
            }
            if self.occ[to.index()][side.index()] + 1 > limit
                || self.occ[to.index()][side.other().index()] > 0
            {
                continue;
            }
            let c = scen.unit_type(unit).class as usize;
            let from = state.unit(unit).hex;
            let g = |h: HexId| {
                let f = &self.fields;
                (0.6 * f.obj[c][h.index()].min(BLOCK) as f64
                    + 0.4 * f.foe[c][h.index()].min(BLOCK) as f64)
                    / Mp::SCALE as f64
            };
            // Keep garrisons on objectives.
            if scen.objectives().iter().any(|o| o.hex == from)
                && self.occ[from.index()][side.index()] == 1
            {
                continue;
            }
            let thr = self.threshold(scen, state, unit);
            if scen.supply_rules().model != SupplyModel::None
                && self.supply_dist(c, to, false) > thr
            {
                continue;
            }
            let gain = g(from) - g(to);
            if gain > 3.0 && best.is_none_or(|b| gain > b.0) {
                best = Some((gain, unit, to));
            }
        }
        if let Some((gain, unit, to)) = best {
            self.note(format!(
                "{} by rail to {} ({gain:.0} MP nearer the front)",
                scen.unit(unit).id,
                scen.grid().label(to)
            ));
            return Action::RailMove { unit, to };
        }
        Action::EndPhase
    }

    // ------------------------------------------------------------------- combat

    /// The Combat Phase, as a function of the position alone (a search
    /// asks about positions out of order): an attack being declared is
    /// joined by every other unit that may, then rolled with the air
    /// commitment that does best; otherwise advance, or declare the best
    /// attack worth making, or end the phase.
    pub(crate) fn combat(&mut self, scen: &Scenario, state: &GameState) -> Action {
        state.legal_actions(scen, &mut self.actions);
        let declared = state.combat().target;
        if declared.is_some() {
            let next = self
                .actions
                .iter()
                .find(|a| matches!(a, Action::Attack { target, .. } if *target == declared));
            if let Some(a) = next {
                return *a;
            }
            let landing = state.units_of(scen, state.active_side()).any(|u| {
                state.unit(u).has(UnitFlags::COMMITTED) && state.unit(u).has(UnitFlags::LANDING)
            });
            let mut best = (f64::NEG_INFINITY, 0u8);
            for air in self.airs(state) {
                let ev = self.attack_value(scen, state, declared, air, landing).0;
                if ev > best.0 {
                    best = (ev, air);
                }
            }
            return Action::Resolve { air: best.1 };
        }
        if let Some(a) = self.advance(scen, state) {
            return a;
        }
        let must = !self.actions.contains(&Action::EndPhase);
        // Targets, each with every unit that may join.
        let mut targets: Vec<HexId> = Vec::new();
        for a in &self.actions {
            if let Action::Attack { target, .. } = *a {
                if !targets.contains(&target) {
                    targets.push(target);
                }
            }
        }
        let mut attackers: Vec<UnitId> = Vec::new();
        let mut best: Option<(f64, HexId, u8, UnitId, String)> = None;
        for &t in &targets {
            attackers.clear();
            for a in &self.actions {
                if let Action::Attack { unit, target } = *a {
                    if target == t && !attackers.contains(&unit) {
                        attackers.push(unit);
                    }
                }
            }
            let landing = attackers
                .iter()
                .any(|u| state.unit(*u).has(UnitFlags::LANDING));
            let Ok(st) = combat::what_if(scen, state, &attackers, t) else {
                continue;
            };
            for air in self.airs(state) {
                let (ev, take, el_d, el_a, column) = self.attack_value(scen, &st, t, air, landing);
                if best.as_ref().is_none_or(|b| ev > b.0) {
                    let why = format!(
                        "attack {} with {} unit(s) at {} (air {air}): expected steps {el_d:.2} lost by the defender, {el_a:.2} by us, hex taken {:.0}%",
                        scen.grid().label(t),
                        attackers.len(),
                        scen.combat().column_name(column),
                        take * 100.0
                    );
                    best = Some((ev, t, air, attackers[0], why));
                }
            }
        }
        if let Some((ev, t, _, unit, why)) = best {
            if ev > 0.15 || must {
                self.note(why);
                return Action::Attack { unit, target: t };
            }
        }
        Action::EndPhase
    }

    /// The air commitments worth comparing: none, one, all.
    fn airs(&self, state: &GameState) -> impl Iterator<Item = u8> + use<> {
        let left = state.air_points(state.active_side());
        let airs = [0u8, 1.min(left), left];
        (0..3).filter_map(move |k| (!airs[..k].contains(&airs[k])).then_some(airs[k]))
    }

    /// The worth of rolling the attack declared on `t` in `st` with `air`
    /// points, by the exact outcomes: expected steps lost each side (morale
    /// losses half a step), eliminations, retreats, the hex taken (more on
    /// an objective or an enemy supply line); with the chance of taking the
    /// hex, the expected steps lost by each side and the odds column.
    fn attack_value(
        &self,
        scen: &Scenario,
        st: &GameState,
        t: HexId,
        air: u8,
        landing: bool,
    ) -> (f64, f64, f64, f64, usize) {
        let side = st.active_side();
        let obj_vp: i32 = scen
            .objectives()
            .iter()
            .filter(|o| o.hex == t && o.side.is_none_or(|x| x == side))
            .map(|o| o.vp)
            .sum();
        let on_line = self.foe_line.get(t.index()).copied().unwrap_or(0) == 1;
        let d = combat::distribution(scen, st, air);
        let mut ev = 0.0;
        let mut take = 0.0;
        let (mut el_d, mut el_a) = (0.0, 0.0);
        for (o, p) in &d.outcomes {
            // Morale losses (MP-CHG-5) weigh like half a step.
            let mut v = o.defender_steps as f64 - 0.9 * o.attacker_steps as f64
                + 0.5 * o.defender_morale as f64
                - 0.45 * o.attacker_morale as f64
                + 0.3 * o.defenders_eliminated as f64
                - 0.3 * o.attackers_eliminated as f64;
            if o.retreated {
                v += 0.3;
            }
            if o.hex_taken {
                v += 0.3 + 0.3 * obj_vp as f64 + if on_line { 0.5 } else { 0.0 };
                take += p;
            }
            ev += p * v;
            el_d += p * o.defender_steps as f64;
            el_a += p * o.attacker_steps as f64;
        }
        ev -= 0.35 * air as f64;
        if let Some(g) = &scen.supply_rules().graded {
            ev -= 0.05 * g.attack_sp as f64;
        }
        if landing {
            ev += 100.0; // MAL-CBT-10: it must.
        }
        (ev, take, el_d, el_a, d.odds.column)
    }

    /// MAL-CBT-9: advance into the emptied hex when it is an objective, on an
    /// enemy supply line, or brings a unit nearer its goals without much danger.
    fn advance(&mut self, scen: &Scenario, state: &GameState) -> Option<Action> {
        let hex = state.combat().advance;
        if !hex.is_some() {
            return None;
        }
        let side = state.active_side();
        let is_obj = scen
            .objectives()
            .iter()
            .any(|o| o.hex == hex && o.side.is_none_or(|x| x == side));
        let on_line = self.foe_line.get(hex.index()).copied().unwrap_or(0) > 0;
        let want = if is_obj { scen.stacking() } else { 1 };
        // The hex was emptied: ours in it now have advanced.
        let advanced = state
            .units_at(hex)
            .filter(|v| scen.unit(*v).side == side)
            .count();
        if advanced >= want as usize {
            return None;
        }
        let mut best: Option<(f64, UnitId)> = None;
        for a in &self.actions {
            let Action::Advance { unit } = *a else {
                continue;
            };
            let c = scen.unit_type(unit).class as usize;
            let from = state.unit(unit).hex;
            if !from.is_some() {
                // MAL-CBT-10: a landing force comes ashore or goes back to the pool.
                best = Some((f64::MAX, unit));
                break;
            }
            let f = &self.fields;
            let gain = (f.obj[c][from.index()].min(BLOCK) as f64
                - f.obj[c][hex.index()].min(BLOCK) as f64)
                / Mp::SCALE as f64;
            let def = state.defense_strength(scen, unit) * scen.terrain(hex).defense;
            let danger = self.foe_att[hex.index()] / def.max(0.25);
            let v = gain + if is_obj { 10.0 } else { 0.0 } + if on_line { 3.0 } else { 0.0 }
                - if danger > 3.0 { 4.0 } else { 0.0 };
            if v > 0.5 && best.is_none_or(|b| v > b.0) {
                best = Some((v, unit));
            }
        }
        let (_, unit) = best?;
        self.note(format!(
            "{} advances into {}",
            scen.unit(unit).id,
            scen.grid().label(hex)
        ));
        Some(Action::Advance { unit })
    }

    fn note(&mut self, s: String) {
        if self.intent.len() < 64 {
            self.intent.push(s);
        }
    }
}

impl MapGraphs {
    #[inline]
    fn neighbour(&self, h: HexId, k: usize) -> usize {
        // Step costs are FAR off the map, so this is only read on the map.
        self.nbr[h.index() * 6 + k] as usize
    }
}

fn build_graphs(scen: &Scenario, scen_id: u64) -> MapGraphs {
    let grid = scen.grid();
    let n = grid.len();
    let mut graphs = Vec::new();
    let mut step = Vec::new();
    let mut nbr = vec![u32::MAX; n * 6];
    for a in grid.hexes() {
        for (k, d) in Dir::ALL.into_iter().enumerate() {
            let b = grid.neighbour(a, d);
            if b.is_some() {
                nbr[a.index() * 6 + k] = b.index() as u32;
            }
        }
    }
    for class in 0..scen.classes().len() as u8 {
        let mut g: DiGraph<(), u32> = DiGraph::with_capacity(n + 1, 7 * n);
        for _ in 0..=n {
            g.add_node(());
        }
        let mut st = vec![FAR; n * 6];
        for a in grid.hexes() {
            for (k, d) in Dir::ALL.into_iter().enumerate() {
                let b = grid.neighbour(a, d);
                if !b.is_some() {
                    continue;
                }
                if let Some(c) = retreat::entry_cost(scen, a, d, b, class).map(|m| m.0 as u32) {
                    st[a.index() * 6 + k] = c;
                    g.add_edge(NodeIndex::new(b.index()), NodeIndex::new(a.index()), c);
                }
            }
        }
        let root = NodeIndex::new(n);
        for h in 0..n {
            g.add_edge(root, NodeIndex::new(h), 0);
        }
        graphs.push(g);
        step.push(st);
    }
    MapGraphs {
        scen_id,
        n,
        graphs,
        step,
        nbr,
    }
}

/// Cost from every hex to the nearest `target` hex, paths not passing
/// through `blocked` hexes (a path through one costs [`BLOCK`] more).
fn field(g: &DiGraph<(), u32>, n: usize, target: &[bool], blocked: &[bool], out: &mut Vec<u32>) {
    search(g, n, |t| if target[t] { 0 } else { BLOCK }, blocked, out)
}

/// [`field`] with a starting cost per hex (`FAR`: not a target).
fn field_from(g: &DiGraph<(), u32>, n: usize, root: &[u32], blocked: &[bool], out: &mut Vec<u32>) {
    search(g, n, |t| root[t].min(BLOCK), blocked, out)
}

/// petgraph's Dijkstra from the virtual root (node `n`), whose edge to each
/// hex costs `start(hex)`.
fn search(
    g: &DiGraph<(), u32>,
    n: usize,
    start: impl Fn(usize) -> u32,
    blocked: &[bool],
    out: &mut Vec<u32>,
) {
    let root = NodeIndex::new(n);
    let dist = dijkstra(g, root, None, |e| {
        let t = e.target().index();
        if e.source() == root {
            start(t)
        } else if blocked[t] {
            *e.weight() + BLOCK
        } else {
            *e.weight()
        }
    });
    out.clear();
    out.resize(n, FAR);
    for (node, d) in dist {
        if node.index() < n {
            out[node.index()] = d;
        }
    }
}
