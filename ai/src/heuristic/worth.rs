//! What things are worth, in victory points, so that a move, an attack and
//! an exposure can be weighed on one scale:
//!
//! - **A unit** is worth the VP its steps give the enemy
//!   (`victory.step_vp` each) plus its fighting power (its strengths
//!   against the scenario's average unit); a headquarters also for the
//!   units it keeps in supply (GS-3), a leader for its command.
//! - **A loss point** (a step, or a point of morale or strength where
//!   losses are morale, MP-CHG-5) is a unit's worth over its health: the
//!   points it can lose before it is gone.
//! - **A column of the Combat Results Table** has expected losses for each
//!   side and a chance that the defender leaves the hex, read off the table
//!   once per scenario; the exact calculator ([`combat::distribution`])
//!   decides the attacks actually made, this serves estimates of what
//!   might be made (exposure, planning).
//! - **Urgency**: how far the side is from a better result with the turns
//!   left, which makes it take more risk for objectives.
//!
//! [`combat::distribution`]: hexwar_engine::combat::distribution

use hexwar_engine::scenario::{LossModel, SupplyModel};
use hexwar_engine::{GameState, Scenario, Side, UnitId, UnitKind};

/// Expected results of one column of the table, over the die.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(super) struct ColumnOdds {
    /// Loss points of the attacker.
    pub attacker: f64,
    /// Loss points of the defender.
    pub defender: f64,
    /// Chance the result makes the defender retreat (the hex is left).
    pub retreat: f64,
}

/// Per-scenario worth tables (built once per scenario, with the graphs).
#[derive(Clone, Debug, Default)]
pub(super) struct Worth {
    /// Per unit: worth at full strength, in VP.
    unit: Vec<f64>,
    /// Per unit: loss points from full strength to gone.
    health: Vec<f64>,
    /// Per column of the table.
    pub columns: Vec<ColumnOdds>,
    /// Per side: the mean worth of a loss point of its fighting units.
    side_point: [f64; 2],
}

impl Worth {
    /// The tables of `scen`.
    pub(super) fn new(scen: &Scenario) -> Worth {
        let step_vp = scen.victory().step_vp.max(0) as f64;
        let morale = scen.combat().losses == LossModel::Morale;
        let types = scen.unit_types();
        let mean = |f: fn(&hexwar_engine::scenario::UnitType) -> f64| {
            let (mut s, mut k) = (0.0, 0.0);
            for t in types
                .iter()
                .filter(|t| !matches!(t.kind, UnitKind::Hq | UnitKind::Leader))
            {
                s += f(t);
                k += 1.0;
            }
            if k > 0.0 { s / k } else { 1.0 }
        };
        let avg = mean(|t| {
            t.attack.first().copied().unwrap_or(0.0) + t.defense.first().copied().unwrap_or(0.0)
        })
        .max(1.0);
        let graded = scen.supply_rules().model == SupplyModel::Graded;
        let n_units = scen.units().len().max(1) as f64;
        let mut unit = Vec::with_capacity(scen.units().len());
        let mut health = Vec::with_capacity(scen.units().len());
        for u in 0..scen.units().len() {
            let id = UnitId(u as u16);
            let ty = scen.unit_type(id);
            let steps = ty.steps().max(1) as f64;
            let power = ty.attack.first().copied().unwrap_or(0.0)
                + ty.defense.first().copied().unwrap_or(0.0);
            let mut w = step_vp * steps + steps * power / avg;
            match ty.kind {
                // GS-3: a headquarters keeps a share of its side in supply.
                UnitKind::Hq if graded => w += 3.0 + 0.1 * n_units,
                UnitKind::Leader => w += 1.0 + 0.5 * ty.command as f64,
                _ => {}
            }
            unit.push(w.max(0.5));
            let h = if morale {
                ty.morale.unwrap_or(0) as f64 + ty.attack.first().copied().unwrap_or(1.0).max(1.0)
            } else {
                steps
            };
            health.push(h.max(1.0));
        }
        let c = scen.combat();
        let rows = c.results.len().max(1) as f64;
        let columns = (0..c.columns.len())
            .map(|col| {
                let mut o = ColumnOdds::default();
                for row in &c.results {
                    let r = row[col];
                    o.attacker += r.attacker as f64 / rows;
                    o.defender += r.defender as f64 / rows;
                    if r.retreat > 0 {
                        o.retreat += 1.0 / rows;
                    }
                }
                o
            })
            .collect();
        let mut side_point = [0.0f64; 2];
        let mut k = [0.0f64; 2];
        for (i, setup) in scen.units().iter().enumerate() {
            let ty = &types[setup.unit_type as usize];
            if !matches!(ty.kind, UnitKind::Hq | UnitKind::Leader) {
                side_point[setup.side.index()] += unit[i] / health[i];
                k[setup.side.index()] += 1.0;
            }
        }
        for s in 0..2 {
            side_point[s] = if k[s] > 0.0 {
                side_point[s] / k[s]
            } else {
                1.0
            };
        }
        Worth {
            unit,
            health,
            columns,
            side_point,
        }
    }

    /// What one loss point of `u` costs its side (worth over health).
    pub(super) fn per_point(&self, u: UnitId) -> f64 {
        self.unit[u.index()] / self.health[u.index()]
    }

    /// The mean worth of a loss point of `side`'s fighting units.
    pub(super) fn side_point(&self, side: Side) -> f64 {
        self.side_point[side.index()]
    }

    /// The table's expectations at `attack` against `defense`.
    pub(super) fn odds(&self, scen: &Scenario, attack: f64, defense: f64) -> ColumnOdds {
        self.columns[scen.combat().column(attack, defense)]
    }
}

/// How much the side to move needs to change the score with the turns left,
/// in `0..=1`: 0 when it is winning comfortably or the game is young, up to
/// 1 when it is losing and few turns remain. Counts objectives held now and
/// steps eliminated ([`GameState::victory_points`]).
pub(super) fn urgency(scen: &Scenario, state: &GameState, side: Side) -> f64 {
    let vp = state.victory_points(scen);
    let margin = (vp[side.index()] - vp[side.other().index()]) as f64;
    let marginal = scen.victory().marginal.max(1) as f64;
    let turns = scen.turns().max(1) as f64;
    let left = (scen.turns() as f64 - state.turn() as f64 + 1.0).max(1.0);
    // Behind (or not ahead by a marginal win) matters more as time runs out.
    let behind = ((marginal - margin) / (2.0 * marginal)).clamp(0.0, 1.0);
    let late = (1.0 - (left - 1.0) / turns).clamp(0.0, 1.0);
    (behind * (0.3 + 0.7 * late)).clamp(0.0, 1.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The default table's 1:1 column, worked by hand from the scenario
    /// file's rows, and a unit worth in its parts.
    #[test]
    fn column_odds_are_the_table_averaged_over_the_die() {
        let scen = hexwar_engine::builtin::load("malaya").unwrap();
        let w = Worth::new(&scen);
        let c = scen.combat();
        for (col, o) in w.columns.iter().enumerate() {
            let rows = c.results.len() as f64;
            let def: f64 = c
                .results
                .iter()
                .map(|r| r[col].defender as f64)
                .sum::<f64>()
                / rows;
            let att: f64 = c
                .results
                .iter()
                .map(|r| r[col].attacker as f64)
                .sum::<f64>()
                / rows;
            assert!((o.defender - def).abs() < 1e-12 && (o.attacker - att).abs() < 1e-12);
        }
        // Better odds never cost the attacker more nor the defender less.
        for pair in w.columns.windows(2) {
            assert!(pair[1].defender >= pair[0].defender - 1e-9);
            assert!(pair[1].attacker <= pair[0].attacker + 1e-9);
        }
    }

    #[test]
    fn urgency_grows_when_behind_and_late() {
        // Morne-Plaine without the Allies' bonus: they start behind (the
        // French hold most objectives).
        let src: String = hexwar_engine::builtin::source("morne-plaine")
            .unwrap()
            .lines()
            .filter(|l| !l.starts_with("bonus ="))
            .map(|l| format!("{l}\n"))
            .collect();
        let scen = Scenario::from_toml(&src, "morne-plaine.toml").unwrap();
        let mut rng = <crate::AiRng as rand::SeedableRng>::seed_from_u64(1);
        let st = GameState::new(&scen, &mut rng);
        let vp = st.victory_points(&scen);
        assert!(vp[0] < vp[1]);
        let allies = urgency(&scen, &st, Side(0));
        let french = urgency(&scen, &st, Side(1));
        assert!(allies > french, "{allies} {french}");
        assert!(allies > 0.0 && allies < 1.0);
    }
}
