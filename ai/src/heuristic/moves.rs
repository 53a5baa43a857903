//! The Movement Phase, unit by unit: the order the units are decided in
//! (front units first, mounted units first of all), and the score of every
//! destination of a unit (progress toward the objectives and the enemy,
//! staying in supply, danger and terrain next to the enemy, keeping a line,
//! taking and holding objectives, cutting enemy supply lines).

use hexwar_engine::hex::Axial;
use hexwar_engine::scenario::SupplyModel;
use hexwar_engine::{Action, GameState, HexId, Mp, Scenario, UnitId, UnitKind, movement};
use rand::Rng;

use super::assault::keeper;
use super::{BLOCK, HeuristicPlayer, LATE_OBJECTIVES};

/// What a hex the enemy could cut off next turn costs a unit.
const PULL_BACK: f64 = 3.0;

/// The weight of exposure for headquarters and leaders (`keep`).
const KEEPER_EXPOSURE: f64 = 2.0;
use crate::AiRng;

impl HeuristicPlayer {
    /// One action of the Movement Phase: a rebuild (GS-9), supply points or a charge first,
    /// then the next unit of the order (`pending`) that moves, to its
    /// best-scored hex; `EndPhase` when every unit has had its turn.
    pub(super) fn movement(
        &mut self,
        scen: &Scenario,
        state: &GameState,
        rng: &mut AiRng,
    ) -> Action {
        if let Some(a) = self.rebuild(scen, state) {
            return a;
        }
        if let Some(a) = self.spend_supply(scen, state) {
            return a;
        }
        if let Some(a) = self.work(scen, state) {
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
            // A novice's slip picks among all the options: they are ranked.
            let ranked = self.tuning.blunder > 0.0;
            self.unit_options(scen, state, u, rng, ranked, &mut opts);
            let Some(&(_, mut to)) = opts.first() else {
                continue;
            };
            // A novice's slip: anywhere it may go.
            if self.tuning.blunder > 0.0 && rng.random::<f64>() < self.tuning.blunder {
                to = opts[rng.random_range(0..opts.len())].1;
            }
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
    /// destination. The first is what the heuristic does; with `ranked`
    /// false only the first is in its place (the rest in no order), which
    /// spares a sort where only the choice is read. Call
    /// [`HeuristicPlayer::fresh_position`] first for a new position.
    pub(super) fn unit_options(
        &mut self,
        scen: &Scenario,
        state: &GameState,
        u: UnitId,
        rng: &mut AiRng,
        ranked: bool,
        out: &mut Vec<(f64, HexId)>,
    ) {
        out.clear();
        self.dests.clear();
        let dests = &mut self.dests;
        movement::destinations(scen, state, u, |h, c| dests.push((h, c)));
        if self.tuning.keep && keeper(scen, u) {
            self.mark_for_keeper(scen, state, u);
        }
        let here = state.unit(u).hex;
        // What leaving its hex costs `u` (`hold`): the same for every
        // destination, so asked once.
        let leave = self.garrison(scen, state, u);
        let stay = self.score(scen, state, u, here, leave, rng);
        out.push((stay + 0.25, HexId::NONE));
        if self.dests.is_empty() {
            return;
        }
        for i in 0..self.dests.len() {
            let h = self.dests[i].0;
            let s = self.score(scen, state, u, h, leave, rng);
            out.push((s, h));
        }
        if !ranked {
            // The first of the best, as the stable sort below would put
            // first; ranked after all if a pull-back is to be checked.
            let best = (1..out.len()).fold(0, |b, i| {
                if out[i].0.total_cmp(&out[b].0).is_gt() {
                    i
                } else {
                    b
                }
            });
            out.swap(0, best);
            if !self.tuning.keep || !self.may_pull_back(scen, state, u, out[0].1) {
                return;
            }
            out.swap(0, best);
        }
        // Stable: ties keep the earlier (staying first).
        out.sort_by(|a, b| b.0.total_cmp(&a.0));
        if self.tuning.keep {
            self.check_pull_backs(scen, state, u, out);
        }
    }

    /// Could [`HeuristicPlayer::check_pull_backs`] change anything when
    /// `to` is the best option: it is a pull-back (from a hex the enemy
    /// could cut off to one it could not)?
    fn may_pull_back(&self, scen: &Scenario, state: &GameState, u: UnitId, to: HexId) -> bool {
        if scen.supply_rules().model == SupplyModel::None || !to.is_some() {
            return false;
        }
        let c = scen.unit_type(u).class as usize;
        let thr = self.threshold(scen, state, u);
        self.supply_dist(c, state.unit(u).hex, true) > thr && self.supply_dist(c, to, true) <= thr
    }

    /// A pull-back only where it saves the unit: when the best option
    /// leaves a hex the enemy could cut off for one it could not, the unit
    /// must be in supply there as things stand (a what-if trace); if not,
    /// the option loses what it gained for it, and the next is looked at.
    fn check_pull_backs(
        &mut self,
        scen: &Scenario,
        state: &GameState,
        u: UnitId,
        out: &mut [(f64, HexId)],
    ) {
        for _ in 0..2 {
            let (v, to) = out[0];
            if !self.may_pull_back(scen, state, u, to) || self.supplied_at(scen, state, u, to) {
                return;
            }
            out[0].0 = v - PULL_BACK;
            out.sort_by(|a, b| b.0.total_cmp(&a.0));
        }
        // Two pull-backs in vain: no pull-back gains anything here.
        let c = scen.unit_type(u).class as usize;
        let thr = self.threshold(scen, state, u);
        for o in out.iter_mut() {
            if o.1.is_some() && self.supply_dist(c, o.1, true) <= thr {
                o.0 -= PULL_BACK;
            }
        }
        out.sort_by(|a, b| b.0.total_cmp(&a.0));
        // What is first now is no pull-back, or one checked in vain and
        // demoted twice: look once more.
        let (_, to) = out[0];
        if self.may_pull_back(scen, state, u, to) && !self.supplied_at(scen, state, u, to) {
            let stay = out.iter().position(|o| !o.1.is_some()).unwrap_or(0);
            out.swap(0, stay);
        }
    }

    /// Would `u` be in (general) supply in `to`, the position otherwise as
    /// it stands?
    fn supplied_at(&mut self, scen: &Scenario, state: &GameState, u: UnitId, to: HexId) -> bool {
        let mut work = self.work.take().unwrap_or_else(|| state.clone());
        work.clone_from(state);
        let mut dummy = <AiRng as rand::SeedableRng>::seed_from_u64(0);
        work.apply_unchecked(scen, Action::Move { unit: u, to }, &mut dummy, &mut ());
        // The verdict alone: a trace's path and reasons are for people.
        let ok = hexwar_engine::supply::status(scen, &work, u).supplied();
        self.work = Some(work);
        ok
    }

    /// Is `h` a hex some enemy unit could reach (or stop next to) next
    /// turn? Always, where the scenario has no supply rules (that map is
    /// not drawn then).
    pub(super) fn in_reach(&self, scen: &Scenario, h: HexId) -> bool {
        scen.supply_rules().model == SupplyModel::None
            || self.near_foe.get(h.index()).copied().unwrap_or(true)
    }

    /// How good it is for `u` to end its move in `h` (higher is better);
    /// `leave` is what leaving its hex costs it
    /// ([`HeuristicPlayer::garrison`]).
    fn score(
        &mut self,
        scen: &Scenario,
        state: &GameState,
        u: UnitId,
        h: HexId,
        leave: f64,
        rng: &mut AiRng,
    ) -> f64 {
        let side = state.active_side();
        let here = state.unit(u).hex;
        let c = scen.unit_type(u).class as usize;
        let hi = h.index();
        let f = &self.fields;
        let mp = |d: u32| (d.min(BLOCK) as f64) / Mp::SCALE as f64;
        let mut s = 0.0;
        let kept = self.tuning.keep && keeper(scen, u);
        if kept {
            // Behind the troops, not at their head.
            s += self.keeper_place(scen, state, u, h);
        } else {
            // Progress toward the objectives and the enemy.
            s -= 0.6 * mp(f.obj[c][hi]) + 0.4 * mp(f.foe[c][hi]);
        }
        // Supply.
        if scen.supply_rules().model != SupplyModel::None {
            let thr = self.threshold(scen, state, u);
            if self.supply_dist(c, h, false) > thr {
                s -= 12.0;
            }
            if self.supply_dist(c, h, true) > thr {
                s -= PULL_BACK;
            }
        }
        // Danger and terrain next to the enemy.
        s += if self.tuning.exposure > 0.0 {
            self.exposure_score(scen, state, u, h, self.tuning.exposure)
        } else if kept {
            // Headquarters and leaders are worth more than the strength
            // they bring: kept out of the enemy's reach.
            self.exposure_score(scen, state, u, h, KEEPER_EXPOSURE)
        } else {
            self.danger_score(scen, state, u, h)
        };
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
        let on_objective = self.graphs.as_ref().is_none_or(|g| g.objective[hi]);
        for o in scen.objectives().iter().filter(|_| on_objective) {
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
        // A garrison the enemy could replace.
        if h != here {
            s -= leave;
        }
        // The attack planned for this turn.
        s += self.plan_score(scen, state, u, h);
        // Cut enemy supply lines.
        if h != here && self.foe_line.get(hi).copied().unwrap_or(0) > 0 {
            let cut = self.cut_test(scen, state, u, h);
            s += 2.0 * cut as f64;
        }
        s + rng.random::<f64>() * 0.01
    }

    /// What leaving its hex costs `u` (`hold`): where it is the last of
    /// ours on an objective its side holds, and an enemy unit is near
    /// enough to walk in next turn (it could reach a hex next to it), what
    /// taking an objective is worth (to either side, whichever scores it);
    /// else nothing.
    pub(super) fn garrison(&self, scen: &Scenario, state: &GameState, u: UnitId) -> f64 {
        let here = state.unit(u).hex;
        let side = state.active_side();
        let hi = here.index();
        if !self.tuning.hold
            || !self.graphs.as_ref().is_some_and(|g| g.objective[hi])
            || state.control(here) != Some(side)
            || self.occ[hi][side.index()] != 1
        {
            return 0.0;
        }
        // An enemy unit near enough, and able to stand next to the hex
        // next turn (the enemy's reach, our units and ZOC in its way):
        // else nothing would walk in.
        let c = scen.unit_type(u).class as usize;
        // The threat's map of the enemy's reach (drawn whatever the supply
        // rules), else the player-turn's; a hex neither holds counts.
        let reach = if self.threat.built() {
            self.threat.near()
        } else {
            &self.near_foe
        };
        let next_to = scen.grid().neighbours(here);
        if self.fields.foe[c][hi] > self.foe_reach
            || !next_to
                .iter()
                .any(|a| a.is_some() && reach.get(a.index()).copied().unwrap_or(true))
        {
            return 0.0;
        }
        let k = if state.turn() + 1 >= scen.turns() {
            LATE_OBJECTIVES
        } else {
            1.0
        };
        // Every objective there: the enemy scores those it holds, and we
        // lose those we would have held.
        scen.objectives()
            .iter()
            .filter(|o| o.hex == here)
            .map(|o| k * (3.0 + 0.5 * o.vp as f64))
            .sum()
    }

    /// The hexes [`HeuristicPlayer::keeper_place`] counts, for `u`: our
    /// fighting units but `u`, and the enemy's, each list sorted by column
    /// (`q`) so that a destination looks only at the columns in reach.
    fn mark_for_keeper(&mut self, scen: &Scenario, state: &GameState, u: UnitId) {
        let side = state.active_side();
        let grid = scen.grid();
        let (troops, foes) = &mut self.keeper_marks;
        troops.clear();
        foes.clear();
        troops.extend(
            state
                .units_of(scen, side)
                .filter(|&v| v != u && !keeper(scen, v))
                .map(|v| grid.axial(state.unit(v).hex)),
        );
        foes.extend(
            state
                .units_of(scen, side.other())
                .map(|e| grid.axial(state.unit(e).hex)),
        );
        troops.sort_unstable_by_key(|a| a.q);
        foes.sort_unstable_by_key(|a| a.q);
    }

    /// Where a headquarters or a leader belongs (`keep`): near its own
    /// troops (a headquarters within its supply range of as many of them as
    /// possible), a little toward the goals so that it follows the front,
    /// never next to an enemy unit. Reads what
    /// [`HeuristicPlayer::mark_for_keeper`] marked for `u`.
    fn keeper_place(&self, scen: &Scenario, state: &GameState, u: UnitId, h: HexId) -> f64 {
        let grid = scen.grid();
        let c = scen.unit_type(u).class as usize;
        let mp = |d: u32| (d.min(BLOCK) as f64) / Mp::SCALE as f64;
        let f = &self.fields;
        let mut s = -0.15 * mp(f.obj[c][h.index()]) - 0.1 * mp(f.foe[c][h.index()]);
        // Troops within reach: a headquarters' supply range (in hexes, at a
        // point a hex), a leader's command, or two hexes.
        let ty = scen.unit_type(u);
        let reach = match (ty.kind, state.weather(scen)) {
            (UnitKind::Hq, Some(w)) => (w.hq_range.0 / Mp::SCALE) as u32,
            _ => (ty.command as u32).max(2),
        };
        let (troops, foes) = &self.keeper_marks;
        let at = grid.axial(h);
        let near = within(troops, at, reach).take(8).count();
        s += 0.5 * near as f64;
        // An HQ off its side's supply lines is out of general supply, and
        // so is every unit that traces to it (GS-3, GS-6).
        if self.tuning.lines
            && ty.kind == UnitKind::Hq
            && scen.supply_rules().model == SupplyModel::Graded
        {
            s += if self.lines[h.index()] { 4.0 } else { -4.0 };
        }
        if within(foes, at, 1).next().is_some() {
            s -= 6.0;
        }
        s
    }

    /// The older rule of thumb for danger: the odds the enemy next door now
    /// could bring against the stack `u` would be part of in `h` (worse
    /// than 2:1 costs), defensive terrain, and stacking up next to it.
    fn danger_score(&self, scen: &Scenario, state: &GameState, u: UnitId, h: HexId) -> f64 {
        let here = state.unit(u).hex;
        let mine = if h == here { 0 } else { 1 };
        let att = self.foe_att[h.index()];
        if att <= 0.0 {
            return 0.0;
        }
        let mut s = 0.0;
        let (def, stacked) = self.stack_defense(scen, state, u, h);
        let mult = defense_mult(scen, h);
        let ratio = att / (def * mult).max(0.25);
        if ratio > 2.0 {
            s -= ((ratio - 2.0) * 2.5).min(10.0);
        }
        s += 1.5 * (mult - 1.0);
        if scen.stacking() > 1 {
            s += 0.8 * (stacked - 1 + mine).clamp(0, scen.stacking() as i32 - 1) as f64;
        }
        s
    }

    /// Exposure: what `u` stands to lose in `h` if the enemy brings
    /// everything it could next turn against the stack it would be part of
    /// (the table's expected losses at those odds, shared over the stack,
    /// in VP of worth), and what defensive terrain and stacking save.
    fn exposure_score(
        &self,
        scen: &Scenario,
        state: &GameState,
        u: UnitId,
        h: HexId,
        weight: f64,
    ) -> f64 {
        let attack = self.threat.at(h);
        if attack <= 0.0 {
            return 0.0;
        }
        let (def, stacked) = self.stack_defense(scen, state, u, h);
        let here = state.unit(u).hex;
        let count = (stacked + if h == here { 0 } else { 1 }).max(1) as f64;
        let mult = defense_mult(scen, h);
        let o = self.worth.odds(scen, attack, def * mult);
        // The stack shares the loss, and the enemy pays its part: what
        // counts is the exchange (an even fight costs nothing); a retreat
        // costs tempo and position.
        let foe = state.active_side().other();
        let lost = o.defender / count * self.worth.per_point(u)
            - o.attacker / count * self.worth.side_point(foe);
        let mut s = -weight * (lost.max(0.0) + 0.3 * o.retreat / count);
        s += 1.5 * (mult - 1.0);
        if scen.stacking() > 1 {
            s += 0.5 * (count - 1.0).min(scen.stacking() as f64 - 1.0);
        }
        s
    }

    /// Defense of the stack `u` would be part of in `h` (ours there, and `u`
    /// if it comes from elsewhere), and how many of ours are there now.
    fn stack_defense(&self, scen: &Scenario, state: &GameState, u: UnitId, h: HexId) -> (f64, i32) {
        let side = state.active_side();
        let mut def = 0.0;
        let mut stacked = 0;
        if self.occ[h.index()][side.index()] == 0 {
            if h != state.unit(u).hex {
                def += state.defense_strength(scen, u);
            }
            return (def, 0);
        }
        for v in state.units_at(h) {
            if scen.unit(v).side == side {
                def += state.defense_strength(scen, v);
                stacked += 1;
            }
        }
        if h != state.unit(u).hex {
            def += state.defense_strength(scen, u);
        }
        (def, stacked)
    }
}

/// The hexes of `sorted` (sorted by column) within `reach` of `at`: only
/// the columns `at.q - reach ..= at.q + reach` are looked at, since a hex's
/// distance is at least its difference in column.
fn within(sorted: &[Axial], at: Axial, reach: u32) -> impl Iterator<Item = &Axial> {
    let r = reach as i32;
    let lo = sorted.partition_point(|a| a.q < at.q - r);
    let hi = sorted.partition_point(|a| a.q <= at.q + r);
    sorted[lo..hi.max(lo)]
        .iter()
        .filter(move |a| a.distance(at) <= reach)
}

/// The terrain's (and a fort's) defense multiplier in `h`.
fn defense_mult(scen: &Scenario, h: HexId) -> f64 {
    let mut mult = scen.terrain(h).defense;
    if scen.is_fort(h) {
        mult *= scen.combat().fort;
    }
    mult
}

#[cfg(test)]
mod tests {
    use hexwar_engine::{GameState, PhaseKind, builtin};
    use rand::{Rng, SeedableRng};

    use super::*;
    use crate::Player;

    /// `within` finds exactly the points a look at every point finds, in
    /// the same order, for points spread over and around the window.
    #[test]
    fn within_finds_what_a_full_scan_finds() {
        let mut rng = AiRng::seed_from_u64(11);
        for _ in 0..200 {
            let mut pts: Vec<Axial> = (0..rng.random_range(0..40))
                .map(|_| Axial {
                    q: rng.random_range(-12..12),
                    r: rng.random_range(-12..12),
                })
                .collect();
            pts.sort_unstable_by_key(|a| a.q);
            let at = Axial {
                q: rng.random_range(-14..14),
                r: rng.random_range(-14..14),
            };
            let reach = rng.random_range(0..6);
            let scan: Vec<&Axial> = pts.iter().filter(|a| a.distance(at) <= reach).collect();
            let fast: Vec<&Axial> = within(&pts, at, reach).collect();
            assert_eq!(fast, scan, "at {at:?}, reach {reach}");
        }
    }

    /// Unranked, the options put first the same option with the same score
    /// as ranked (the stable sort's first, pull-back checks included), for
    /// every unit of every Movement Phase of a heuristic game on every
    /// built-in scenario.
    #[test]
    fn the_first_option_is_the_same_ranked_or_not() {
        for name in builtin::names() {
            let scen = builtin::load(name).unwrap();
            let mut dice = AiRng::seed_from_u64(4);
            let mut st = GameState::new(&scen, &mut dice);
            let mut players = [HeuristicPlayer::default(), HeuristicPlayer::default()];
            let mut rngs = [AiRng::seed_from_u64(5), AiRng::seed_from_u64(6)];
            let mut probe = HeuristicPlayer::default();
            let (mut ranked, mut unranked) = (Vec::new(), Vec::new());
            let mut compared = 0;
            while !st.is_over() && st.turn() <= 3 {
                if st.phase(&scen) == PhaseKind::Movement {
                    probe.prepare(&scen, &st);
                    for u in st.units_of(&scen, st.active_side()).collect::<Vec<_>>() {
                        if !probe.movable(&scen, &st, u) {
                            continue;
                        }
                        // Both calls get the same budget of what-if tests.
                        let tests = probe.cut_tests;
                        for (rank, out) in [(true, &mut ranked), (false, &mut unranked)] {
                            probe.fresh_position(&scen, &st);
                            probe.cut_tests = tests;
                            let mut r = AiRng::seed_from_u64(u.0 as u64);
                            probe.unit_options(&scen, &st, u, &mut r, rank, out);
                        }
                        assert_eq!(ranked[0], unranked[0], "{name}, unit {u:?}");
                        assert_eq!(ranked.len(), unranked.len());
                        compared += 1;
                    }
                }
                let s = st.active_side().index();
                let a = players[s].choose(&scen, &st, &mut rngs[s]);
                st.apply(&scen, a, &mut dice, &mut ()).unwrap();
            }
            assert!(compared > 20, "{name}: only {compared} units compared");
        }
    }
}
