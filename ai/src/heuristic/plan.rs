//! Planning the Combat Phase before moving (`plan` on): concentration.
//!
//! At the start of a Movement Phase, for every enemy hex the side could
//! attack this turn, the units that could reach a hex next to it and
//! attack from there (MAL-CBT-2: a hex they could enter from it; armor
//! only along a road or rail; a river or stream crossing weighs as the
//! table says) are put on those hexes, strongest first, as many as the
//! stacking limit lets each hex hold. The attack that would come of it is
//! valued with the table's expectations ([`Worth::odds`]) in VP: loss
//! points each side takes times what a point is worth, plus the hex taken
//! ([`HeuristicPlayer::hex_value`]). Targets are
//! taken best first, each unit in one plan; a plan is kept when it clears
//! the side's bar ([`HeuristicPlayer::attack_bar`]).
//!
//! The plan steers the moves: a unit's planned hex scores a bonus, and a
//! hex planned for others scores less for a unit that would crowd it.
//! Headquarters and leaders are never planned into an attack.
//!
//! [`Worth::odds`]: super::worth::Worth::odds

use hexwar_engine::{Dir, GameState, HexId, Scenario, UnitId, combat, movement, retreat};

use super::HeuristicPlayer;
use super::assault::keeper;
use super::variants::PlanVariant;

/// What a unit's planned hex is worth to it, in score.
pub(super) const PLANNED: f64 = 6.0;

/// One unit's ways into an attack: (target, the hex it attacks from, its
/// attack strength from there).
type Approach = (HexId, HexId, f64);

/// A planned attack: its worth, the target, and who goes where.
type Planned = (f64, HexId, Vec<(UnitId, HexId)>);

impl HeuristicPlayer {
    /// Builds the plan of this Movement Phase (see the module doc).
    pub(super) fn plan_attacks(&mut self, scen: &Scenario, state: &GameState) {
        self.plan.clear();
        if !self.tuning.plan {
            return;
        }
        let side = state.active_side();
        let mut approaches: Vec<(UnitId, Approach)> = Vec::new();
        let mut targets: Vec<HexId> = Vec::new();
        let mut dests: Vec<HexId> = Vec::new();
        for u in state.units_of(scen, side) {
            if keeper(scen, u)
                || state.attack_strength(scen, u) <= 0.0
                || !combat::can_ever_attack(scen, u)
            {
                continue;
            }
            // Out of reach of every enemy unit this turn: no attack to plan.
            let c = scen.unit_type(u).class as usize;
            let here = state.unit(u).hex;
            if self.fields.foe[c][here.index()]
                > state.mp_left(scen, u).0 as u32 + self.graphs_max_step(c)
            {
                continue;
            }
            dests.clear();
            dests.push(here);
            // A garrison to keep attacks from where it stands (`hold`).
            if self.movable(scen, state, u) && self.garrison(scen, state, u) == 0.0 {
                movement::destinations(scen, state, u, |h, _| dests.push(h));
            }
            for &a in &dests {
                self.approaches_from(scen, state, u, a, &mut |ap| {
                    if !targets.contains(&ap.0) {
                        targets.push(ap.0);
                    }
                    approaches.push((u, ap));
                });
            }
        }
        // Best target first, each unit used once (less a target a
        // variant leaves out).
        let without = match self.variant(state) {
            PlanVariant::Without(t) => Some(t),
            _ => None,
        };
        let mut used: Vec<UnitId> = Vec::new();
        loop {
            let mut best: Option<Planned> = None;
            for &t in &targets {
                if self.plan.iter().any(|p| p.2 == t) || without == Some(t) {
                    continue;
                }
                let (v, slots) = self.plan_one(scen, state, t, &approaches, &used);
                if !slots.is_empty() && best.as_ref().is_none_or(|b| v > b.0) {
                    best = Some((v, t, slots));
                }
            }
            let Some((v, t, slots)) = best else { break };
            if v <= self.attack_bar(scen, state) {
                break;
            }
            for (u, h) in slots {
                used.push(u);
                self.plan.push((u, h, t));
            }
            self.note(format!(
                "plans an attack on {} (worth {v:+.2} VP)",
                scen.grid().label(t)
            ));
        }
    }

    /// The dearest step of `class` (the scenario's tables).
    fn graphs_max_step(&self, class: usize) -> u32 {
        self.graphs.as_ref().map_or(0, |g| g.max_step(class))
    }

    /// Every enemy hex `u` could attack from `a`, with its strength there.
    fn approaches_from(
        &self,
        scen: &Scenario,
        state: &GameState,
        u: UnitId,
        a: HexId,
        f: &mut impl FnMut(Approach),
    ) {
        let side = state.active_side();
        let ty = scen.unit_type(u);
        let attack = state.attack_strength(scen, u);
        for d in Dir::ALL {
            let t = scen.grid().neighbour(a, d);
            if !t.is_some() || self.occ[t.index()][side.other().index()] == 0 {
                continue;
            }
            let Some(mult) = combat::crossing(scen, a, d, ty.kind) else {
                continue;
            };
            if retreat::entry_cost(scen, a, d, t, ty.class).is_none() {
                continue;
            }
            f((t, a, attack * mult));
        }
    }

    /// The attack on `t` the free units could make: who goes where, and its
    /// worth in VP by the table's expectations.
    fn plan_one(
        &self,
        scen: &Scenario,
        state: &GameState,
        t: HexId,
        approaches: &[(UnitId, Approach)],
        used: &[UnitId],
    ) -> (f64, Vec<(UnitId, HexId)>) {
        let side = state.active_side();
        let mut cands: Vec<(f64, UnitId, HexId)> = approaches
            .iter()
            .filter(|(u, ap)| ap.0 == t && !used.contains(u))
            .map(|&(u, (_, a, s))| (s, u, a))
            .collect();
        // Strongest approach first; each unit once.
        cands.sort_by(|x, y| y.0.total_cmp(&x.0).then(x.1.cmp(&y.1)).then(x.2.cmp(&y.2)));
        let mut slots: Vec<(UnitId, HexId)> = Vec::new();
        let mut attack = 0.0;
        let mut att_pp = 0.0;
        for (s, u, a) in cands {
            if slots.iter().any(|p| p.0 == u) {
                continue;
            }
            // Room in `a`: ours staying there (not planned elsewhere), and
            // those planned into it.
            let staying = state
                .units_at(a)
                .filter(|v| scen.unit(*v).side == side && *v != u)
                .filter(|v| {
                    !self.plan.iter().any(|p| p.0 == *v) && !slots.iter().any(|p| p.0 == *v)
                })
                .count();
            let planned = self.plan.iter().filter(|p| p.1 == a).count()
                + slots.iter().filter(|p| p.1 == a).count();
            if staying + planned >= scen.stacking() as usize {
                continue;
            }
            slots.push((u, a));
            attack += s;
            att_pp += self.worth.per_point(u);
        }
        if slots.is_empty() {
            return (f64::NEG_INFINITY, slots);
        }
        let k = slots.len() as f64;
        att_pp /= k;
        let (mut defense, mut def_pp, mut n) = (0.0f64, 0.0f64, 0.0f64);
        for v in state.units_at(t).filter(|v| scen.unit(*v).side != side) {
            defense += state.defense_strength(scen, v);
            def_pp += self.worth.per_point(v);
            n += 1.0;
        }
        let mult = scen.terrain(t).defense
            * if scen.is_fort(t) {
                scen.combat().fort
            } else {
                1.0
            };
        def_pp /= n.max(1.0);
        let o = self.worth.odds(scen, attack, defense * mult);
        let v = o.defender * def_pp - o.attacker * att_pp
            + o.retreat * (0.3 + self.hex_value(scen, state, t));
        (v, slots)
    }

    /// The plan's word on `u` ending in `h`: a bonus for its planned hex, a
    /// cost for crowding a hex planned for others.
    pub(super) fn plan_score(
        &self,
        scen: &Scenario,
        state: &GameState,
        u: UnitId,
        h: HexId,
    ) -> f64 {
        if self.plan.is_empty() {
            return 0.0;
        }
        if let Some(p) = self.plan.iter().find(|p| p.0 == u) {
            return if p.1 == h { PLANNED } else { 0.0 };
        }
        let side = state.active_side();
        let planned_in = self
            .plan
            .iter()
            .filter(|p| p.1 == h && state.unit(p.0).hex != h)
            .count();
        if planned_in == 0 {
            return 0.0;
        }
        let here = state
            .units_at(h)
            .filter(|v| scen.unit(*v).side == side)
            .count();
        if here + planned_in + 1 > scen.stacking() as usize {
            -PLANNED
        } else {
            0.0
        }
    }
}
