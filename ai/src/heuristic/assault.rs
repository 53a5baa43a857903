//! Attacks valued in victory points (`keep` on): which units join, and
//! whether an attack is worth making.
//!
//! - **Worth, not steps.** Each outcome of the exact distribution is
//!   valued as the loss points each side takes times what a point of the
//!   units involved is worth ([`Worth`](super::worth::Worth)), plus the hex
//!   taken (an objective's VP, more as the end nears or the side falls
//!   behind: [`urgency`]), plus a little for a retreat forced.
//! - **Headquarters and leaders stay out** of an attack unless their part
//!   is decisive: the attack is valued with and without them, and they join
//!   only when they add more than a clear margin. Their loss costs far more
//!   than the strength they add (a headquarters keeps its units in supply).
//! - **Urgency.** A side that is losing as the game runs out accepts worse
//!   odds for an objective: waiting loses for certain.
//!
//! Like the rest of the Combat Phase, each choice is a function of the
//! position alone (the attack being declared, the units committed).

use hexwar_engine::{GameState, HexId, Scenario, UnitId, UnitKind, combat};

use super::HeuristicPlayer;
use super::worth::urgency;

/// How much more (VP) an attack must be worth with a headquarters or a
/// leader in it than without, for it to join.
const DECISIVE: f64 = 1.5;

/// Is `u` a unit kept out of attacks unless decisive?
pub(super) fn keeper(scen: &Scenario, u: UnitId) -> bool {
    matches!(scen.unit_type(u).kind, UnitKind::Hq | UnitKind::Leader)
}

/// The worth of an attack, with what a person wants to read of it.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct AttackWorth {
    /// Expected VP gained (losses inflicted less losses taken, the hex).
    pub value: f64,
    /// Chance of taking the hex.
    pub take: f64,
    /// Expected steps lost by the defender and by the attacker.
    pub lost_defender: f64,
    pub lost_attacker: f64,
    /// Expected morale lost by the defender and by the attacker.
    pub morale_defender: f64,
    pub morale_attacker: f64,
    /// The odds column.
    pub column: usize,
}

impl HeuristicPlayer {
    /// The worth of rolling the attack declared in `st` with `air` points.
    pub(super) fn attack_worth(
        &self,
        scen: &Scenario,
        st: &GameState,
        air: u8,
        landing: bool,
    ) -> AttackWorth {
        let side = st.active_side();
        let t = st.combat().target;
        let (att_pp, def_pp) = self.point_worths(scen, st, t);
        let hex = self.hex_value(scen, st, t);
        let d = combat::distribution(scen, st, air);
        let mut w = AttackWorth {
            column: d.odds.column,
            ..AttackWorth::default()
        };
        for (o, p) in &d.outcomes {
            let def = (o.defender_steps + o.defender_morale) as f64;
            let att = (o.attacker_steps + o.attacker_morale) as f64;
            let mut v = def * def_pp - att * att_pp;
            if o.retreated {
                v += 0.3;
            }
            if o.hex_taken {
                v += hex;
                w.take += p;
            }
            w.value += p * v;
            w.lost_defender += p * o.defender_steps as f64;
            w.lost_attacker += p * o.attacker_steps as f64;
            w.morale_defender += p * o.defender_morale as f64;
            w.morale_attacker += p * o.attacker_morale as f64;
        }
        w.value -= 0.35 * air as f64;
        if let Some(g) = &scen.supply_rules().graded {
            w.value -= 0.05 * g.attack_sp as f64;
        }
        if landing {
            w.value += 100.0; // MAL-CBT-10: it must.
        }
        let _ = side;
        w
    }

    /// The worth of a loss point to the attackers committed in `st` and to
    /// the defenders of `t` (means over the units, by health).
    fn point_worths(&self, scen: &Scenario, st: &GameState, t: HexId) -> (f64, f64) {
        let side = st.active_side();
        let mean = |it: &mut dyn Iterator<Item = UnitId>| {
            let (mut s, mut k) = (0.0, 0.0);
            for u in it {
                s += self.worth.per_point(u);
                k += 1.0;
            }
            if k > 0.0 { s / k } else { 1.0 }
        };
        let att = mean(
            &mut st
                .units_of(scen, side)
                .filter(|u| st.unit(*u).has(hexwar_engine::state::UnitFlags::COMMITTED)),
        );
        let def = mean(&mut st.units_at(t).filter(|u| scen.unit(*u).side != side));
        (att, def)
    }

    /// What taking `t` is worth to the side to move: an objective's VP
    /// (held at the end is what counts: more as the end nears, and more
    /// when behind), an enemy supply line, or a little ground.
    pub(super) fn hex_value(&self, scen: &Scenario, st: &GameState, t: HexId) -> f64 {
        let side = st.active_side();
        let vp: i32 = scen
            .objectives()
            .iter()
            .filter(|o| o.hex == t && o.side.is_none_or(|x| x == side))
            .map(|o| o.vp)
            .sum();
        let left = (scen.turns() as f64 - st.turn() as f64).max(0.0);
        let late = 1.0 / (1.0 + 0.5 * left);
        let hurry = 1.0 + self.tuning.urgency * urgency(scen, st, side);
        let on_line = self.foe_line.get(t.index()).copied().unwrap_or(0) == 1;
        0.3 + vp as f64 * (0.5 + 0.5 * late) * hurry + if on_line { 0.8 } else { 0.0 }
    }

    /// The units to commit against `t` among `eligible`: all but the
    /// keepers, and the keepers too where they are decisive; with the
    /// best air commitment (`with_air`; else none) and its worth. `None`
    /// if no attack can be made.
    pub(super) fn best_assault(
        &self,
        scen: &Scenario,
        state: &GameState,
        eligible: &[UnitId],
        t: HexId,
        landing: bool,
        with_air: bool,
    ) -> Option<(Vec<UnitId>, u8, AttackWorth)> {
        let plain: Vec<UnitId> = eligible
            .iter()
            .copied()
            .filter(|u| !keeper(scen, *u))
            .collect();
        // Which units, compared without air.
        let mut best: Option<(Vec<UnitId>, GameState, AttackWorth)> = None;
        let sets: [&[UnitId]; 2] = [&plain, eligible];
        for (k, set) in sets.into_iter().enumerate() {
            if set.is_empty() || (k == 1 && set.len() == plain.len()) {
                continue;
            }
            let Ok(st) = combat::what_if(scen, state, set, t) else {
                continue;
            };
            let w = self.attack_worth(scen, &st, 0, landing);
            // The keepers join only where they add a clear margin.
            let bar = if k == 1 && !plain.is_empty() {
                DECISIVE
            } else {
                0.0
            };
            if best.as_ref().is_none_or(|b| w.value - bar > b.2.value) {
                best = Some((set.to_vec(), st, w));
            }
        }
        let (set, st, w) = best?;
        let (air, w) = if with_air {
            self.air_on(scen, state, &st, landing, w)
        } else {
            (0, w)
        };
        Some((set, air, w))
    }

    /// The air points that make the attack of `set` on `t` worth most,
    /// `without` being its worth with none.
    pub(super) fn best_air(
        &self,
        scen: &Scenario,
        state: &GameState,
        set: &[UnitId],
        t: HexId,
        landing: bool,
        without: AttackWorth,
    ) -> (u8, AttackWorth) {
        if state.air_points(state.active_side()) == 0 {
            return (0, without);
        }
        match combat::what_if(scen, state, set, t) {
            Ok(st) => self.air_on(scen, state, &st, landing, without),
            Err(_) => (0, without),
        }
    }

    /// [`HeuristicPlayer::best_air`] on the position `st` with the attack declared.
    fn air_on(
        &self,
        scen: &Scenario,
        state: &GameState,
        st: &GameState,
        landing: bool,
        without: AttackWorth,
    ) -> (u8, AttackWorth) {
        let mut top = (0u8, without);
        for air in self.airs(state).filter(|a| *a > 0) {
            let w = self.attack_worth(scen, st, air, landing);
            if w.value > top.1.value {
                top = (air, w);
            }
        }
        top
    }

    /// A quick estimate of the worth of attacking `t` with the plain units
    /// of `eligible` (the keepers left out), by the table's expectations:
    /// to rank targets before the exact calculator sees the best of them.
    pub(super) fn estimate_assault(
        &self,
        scen: &Scenario,
        state: &GameState,
        eligible: &[UnitId],
        t: HexId,
    ) -> f64 {
        let side = state.active_side();
        let (mut attack, mut att_pp, mut k) = (0.0, 0.0, 0.0);
        for &u in eligible.iter().filter(|u| !keeper(scen, **u)) {
            attack += state.attack_strength(scen, u);
            att_pp += self.worth.per_point(u);
            k += 1.0;
        }
        if k == 0.0 {
            return f64::NEG_INFINITY;
        }
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
        let o = self.worth.odds(scen, attack, defense * mult);
        o.defender * def_pp / n.max(1.0) - o.attacker * att_pp / k
            + o.retreat * (0.3 + self.hex_value(scen, state, t))
    }

    /// The bar an attack's worth must clear: lower when behind late.
    pub(super) fn attack_bar(&self, scen: &Scenario, state: &GameState) -> f64 {
        0.1 - self.tuning.urgency * urgency(scen, state, state.active_side())
            + self.bar_shift(state)
    }
}
