//! The Movement Phase, unit by unit: the order the units are decided in
//! (front units first, mounted units first of all), and the score of every
//! destination of a unit (progress toward the objectives and the enemy,
//! staying in supply, danger and terrain next to the enemy, keeping a line,
//! taking and holding objectives, cutting enemy supply lines).

use hexwar_engine::scenario::SupplyModel;
use hexwar_engine::{Action, GameState, HexId, Mp, Scenario, UnitId, movement};
use rand::Rng;

use super::{BLOCK, HeuristicPlayer, LATE_OBJECTIVES};
use crate::AiRng;

impl HeuristicPlayer {
    /// One action of the Movement Phase: supply points or a charge first,
    /// then the next unit of the order (`pending`) that moves, to its
    /// best-scored hex; `EndPhase` when every unit has had its turn.
    pub(super) fn movement(
        &mut self,
        scen: &Scenario,
        state: &GameState,
        rng: &mut AiRng,
    ) -> Action {
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

    /// Units to move, front first (mounted units first of all).
    pub(super) fn order_units(&mut self, scen: &Scenario, state: &GameState) {
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

    /// Per hex, per side: the units there now.
    pub(super) fn refresh_occ(&mut self, scen: &Scenario, state: &GameState) {
        let n = scen.grid().len();
        self.occ.clear();
        self.occ.resize(n, [0, 0]);
        for (i, us) in state.units().iter().enumerate() {
            if us.on_map() {
                self.occ[us.hex.index()][scen.units()[i].side.index()] += 1;
            }
        }
    }

    /// Per position: occupancy refreshed, what-if answers forgotten.
    pub(super) fn fresh_position(&mut self, scen: &Scenario, state: &GameState) {
        self.refresh_occ(scen, state);
        // What-if answers hold for this position only.
        self.cut_cache.clear();
        self.foe_now.clear();
    }

    /// May `u` move now, and is it not held back for the Rail Phase?
    pub(super) fn movable(&self, scen: &Scenario, state: &GameState, u: UnitId) -> bool {
        movement::can_move(scen, state, u) && !self.reserves.contains(&u)
    }

    /// Where `u` might end its move, best first, with scores: staying
    /// (`HexId::NONE`, with a small bonus for not moving) and every
    /// destination. The first is what the heuristic does. Call
    /// [`HeuristicPlayer::fresh_position`] first for a new position.
    pub(super) fn unit_options(
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
    pub(super) fn in_reach(&self, scen: &Scenario, h: HexId) -> bool {
        scen.supply_rules().model == SupplyModel::None
            || self.near_foe.get(h.index()).copied().unwrap_or(true)
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
}
