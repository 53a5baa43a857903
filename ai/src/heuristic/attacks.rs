//! Combat plans: for every enemy hex it may attack, all eligible units
//! gathered and the combat evaluated exactly (expected steps lost each
//! side, eliminations, retreats, the chance of taking the hex) with several
//! air commitments; advances after combat; cavalry charges (MP-CHG) whose
//! morale check is likely to break the target.

use hexwar_engine::state::UnitFlags;
use hexwar_engine::{Action, GameState, HexId, Mp, Scenario, UnitId, UnitKind, charge, combat};

use super::assault::AttackWorth;
use super::intent::losses;
use super::{BLOCK, HeuristicPlayer};

/// Targets valued exactly per declaration, the best by the table's estimate.
const EXACT_TARGETS: usize = 2;

impl HeuristicPlayer {
    /// The Combat Phase, as a function of the position alone (a search
    /// asks about positions out of order): an attack being declared is
    /// joined by every other unit that may, then rolled with the air
    /// commitment that does best; otherwise advance, or declare the best
    /// attack worth making, or end the phase.
    pub(super) fn combat(&mut self, scen: &Scenario, state: &GameState) -> Action {
        if self.tuning.keep {
            return self.combat_by_worth(scen, state);
        }
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
                        "attack {} with {} unit(s) at {} (air {air}): expected loss {} to the defender, {} to us, hex taken {:.0}%",
                        scen.grid().label(t),
                        attackers.len(),
                        scen.combat().column_name(column),
                        losses(el_d.0, el_d.1),
                        losses(el_a.0, el_a.1),
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

    /// The Combat Phase with attacks valued in VP (`keep`): the attack
    /// being declared is joined by the units [`best_assault`] keeps, then
    /// rolled with its air commitment; otherwise advance, or declare the
    /// best attack worth its bar, or end the phase.
    ///
    /// [`best_assault`]: HeuristicPlayer::best_assault
    fn combat_by_worth(&mut self, scen: &Scenario, state: &GameState) -> Action {
        state.legal_actions(scen, &mut self.actions);
        let side = state.active_side();
        let declared = state.combat().target;
        let landing_in =
            |st: &GameState, us: &[UnitId]| us.iter().any(|u| st.unit(*u).has(UnitFlags::LANDING));
        if declared.is_some() {
            let mut eligible: Vec<UnitId> = state
                .units_of(scen, side)
                .filter(|u| state.unit(*u).has(UnitFlags::COMMITTED))
                .collect();
            let committed = eligible.len();
            for a in &self.actions {
                if let Action::Attack { unit, target } = *a {
                    if target == declared && !eligible.contains(&unit) {
                        eligible.push(unit);
                    }
                }
            }
            // The set chosen when this attack was declared, while it holds
            // every unit committed since; else chosen afresh.
            let key = (state.turn(), side.0, state.phase_index(), declared);
            let memo = self.assault_memo.as_ref().filter(|(k, set, _)| {
                *k == key && eligible[..committed].iter().all(|u| set.contains(u))
            });
            let (set, air) = match memo {
                Some((_, set, air)) => (set.clone(), *air),
                None => {
                    let landing = landing_in(state, &eligible[..committed]);
                    match self.best_assault(scen, state, &eligible, declared, landing, true) {
                        Some((set, air, _)) => (set, air),
                        None => return Action::Resolve { air: 0 },
                    }
                }
            };
            self.assault_memo = Some((key, set.clone(), air));
            if let Some(&u) = set
                .iter()
                .find(|u| !state.unit(**u).has(UnitFlags::COMMITTED) && eligible.contains(u))
            {
                return Action::Attack {
                    unit: u,
                    target: declared,
                };
            }
            return Action::Resolve { air };
        }
        if let Some(a) = self.advance(scen, state) {
            return a;
        }
        let must = !self.actions.contains(&Action::EndPhase);
        let mut targets: Vec<HexId> = Vec::new();
        for a in &self.actions {
            if let Action::Attack { target, .. } = *a {
                if !targets.contains(&target) {
                    targets.push(target);
                }
            }
        }
        // Every target estimated by the table, the best few exactly.
        let mut ranked: Vec<(f64, HexId, Vec<UnitId>)> = Vec::new();
        for &t in &targets {
            let mut eligible: Vec<UnitId> = Vec::new();
            for a in &self.actions {
                if let Action::Attack { unit, target } = *a {
                    if target == t && !eligible.contains(&unit) {
                        eligible.push(unit);
                    }
                }
            }
            let guess = self.estimate_assault(scen, state, &eligible, t);
            ranked.push((guess, t, eligible));
        }
        ranked.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        // The best few exactly, without air; the winner's air after.
        let mut best: Option<(HexId, Vec<UnitId>, bool, AttackWorth)> = None;
        for (_, t, eligible) in ranked.into_iter().take(EXACT_TARGETS) {
            let landing = landing_in(state, &eligible);
            let Some((set, _, w)) = self.best_assault(scen, state, &eligible, t, landing, false)
            else {
                continue;
            };
            if best.as_ref().is_none_or(|b| w.value > b.3.value) {
                best = Some((t, set, landing, w));
            }
        }
        let best = best.map(|(t, set, landing, w)| {
            let (air, w) = self.best_air(scen, state, &set, t, landing, w);
            let why = format!(
                "attack {} with {} unit(s) at {} (air {air}): expected loss {} to the defender, {} to us, hex taken {:.0}%, worth {:+.2} VP",
                scen.grid().label(t),
                set.len(),
                scen.combat().column_name(w.column),
                losses(w.lost_defender, w.morale_defender),
                losses(w.lost_attacker, w.morale_attacker),
                w.take * 100.0,
                w.value
            );
            let unit = set[0];
            let memo = Some(((state.turn(), side.0, state.phase_index(), t), set, air));
            (w.value, t, unit, why, memo)
        });
        if let Some((v, t, unit, why, memo)) = best {
            if v > self.attack_bar(scen, state) || must {
                self.note(why);
                self.assault_memo = memo;
                return Action::Attack { unit, target: t };
            }
        }
        Action::EndPhase
    }

    /// The air commitments worth comparing: none, one, all.
    pub(super) fn airs(&self, state: &GameState) -> impl Iterator<Item = u8> + use<> {
        let left = state.air_points(state.active_side());
        let airs = [0u8, 1.min(left), left];
        (0..3).filter_map(move |k| (!airs[..k].contains(&airs[k])).then_some(airs[k]))
    }

    /// The worth of rolling the attack declared on `t` in `st` with `air`
    /// points, by the exact outcomes: expected steps lost each side (morale
    /// losses half a step), eliminations, retreats, the hex taken (more on
    /// an objective or an enemy supply line); with the chance of taking the
    /// hex, the expected steps and morale lost by each side and the odds
    /// column.
    fn attack_value(
        &self,
        scen: &Scenario,
        st: &GameState,
        t: HexId,
        air: u8,
        landing: bool,
    ) -> (f64, f64, (f64, f64), (f64, f64), usize) {
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
        // Expected (steps, morale) lost by the defender and by us.
        let (mut el_d, mut el_a) = ((0.0, 0.0), (0.0, 0.0));
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
            el_d.0 += p * o.defender_steps as f64;
            el_a.0 += p * o.attacker_steps as f64;
            el_d.1 += p * o.defender_morale as f64;
            el_a.1 += p * o.attacker_morale as f64;
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
    /// enemy supply line, or brings a unit nearer its goals without much
    /// danger. Leaving an objective it alone holds, when the enemy could
    /// walk in, costs what a move off it costs ([`HeuristicPlayer::garrison`]),
    /// so it advances off one in practice only into another. The enemy's
    /// reach is the player-turn's: a unit destroyed in this phase still
    /// counts, which errs toward staying.
    fn advance(&mut self, scen: &Scenario, state: &GameState) -> Option<Action> {
        let hex = state.combat().advance;
        if !hex.is_some() {
            return None;
        }
        // The garrisons as they stand after the phase's combats; without
        // `hold` nothing reads them here, and `novice`'s games stay as
        // they were.
        if self.tuning.hold {
            self.refresh_occ(scen, state);
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
                - if danger > 3.0 { 4.0 } else { 0.0 }
                - self.garrison(scen, state, unit);
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

    /// MP-CHG: the best charge whose morale check is likely to break the target.
    pub(super) fn charge(&mut self, scen: &Scenario, state: &GameState) -> Option<Action> {
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
}
