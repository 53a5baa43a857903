//! `hexwar odds`: the exact outcome distribution of one attack (MAL-CBT,
//! D-CRT-1), with each side's strength and the reason for each modifier;
//! also the play page's odds.

use std::fmt;

use hexwar_engine::combat::{self, Contribution, Distribution, Outcome};
use hexwar_engine::{GameState, HexId, Scenario, Side, UnitId};
use serde::Serialize;

/// Why the odds of an attack cannot be given. Each message names the hex
/// or unit, and the rule that forbids the attack.
#[derive(Debug, thiserror::Error)]
pub enum OddsError {
    /// A hex label that is not on the map.
    #[error("{flag} {given:?}: {error}")]
    Hex {
        /// The flag (`--attack`, `--defend`).
        flag: &'static str,
        /// As given.
        given: String,
        /// What the map said.
        error: hexwar_engine::hex::LabelError,
    },
    /// An attacking hex with no unit.
    #[error("--attack {hex}: no unit there")]
    NoUnit {
        /// The hex.
        hex: String,
    },
    /// Attacking hexes holding both sides' units.
    #[error("--attack hexes hold units of both sides")]
    BothSides,
    /// No attacking hex.
    #[error("--attack: give at least one hex")]
    NoAttackHex,
    /// A defending hex without an enemy unit.
    #[error("--defend {hex}: no {side} unit there")]
    NoDefender {
        /// The hex.
        hex: String,
        /// The defending side's name.
        side: String,
    },
    /// No attacking units.
    #[error("no attackers given")]
    NoAttackers,
    /// A unit the rules do not let attack that hex.
    #[error("{unit} cannot attack {hex}: {why}")]
    CannotAttack {
        /// The unit's id.
        unit: String,
        /// The hex.
        hex: String,
        /// The rule, for people.
        why: String,
    },
}

/// One unit's line in the report.
#[derive(Clone, Debug, Serialize)]
pub struct UnitLine {
    /// Unit id.
    pub id: String,
    /// Unit name.
    pub name: String,
    /// Its hex.
    pub hex: String,
    /// Strength from type and steps.
    pub base: f64,
    /// Each modifier: what and the factor.
    pub modifiers: Vec<(String, f64)>,
    /// What it adds.
    pub strength: f64,
}

/// One outcome with its probability.
#[derive(Clone, Debug, Serialize)]
pub struct OutcomeLine {
    /// Probability, 0 to 1.
    pub probability: f64,
    /// The outcome.
    #[serde(flatten)]
    pub outcome: Outcome,
}

/// The report of `hexwar odds`.
#[derive(Clone, Debug, Serialize)]
pub struct OddsReport {
    /// Scenario name.
    pub scenario: String,
    /// The attacking side's id.
    pub attacker: String,
    /// The defending side's id.
    pub defender: String,
    /// The defending hex.
    pub defend: String,
    /// Its terrain.
    pub terrain: String,
    /// Attacking units.
    pub attackers: Vec<UnitLine>,
    /// Defending units.
    pub defenders: Vec<UnitLine>,
    /// Total attack strength.
    pub attack: f64,
    /// Total defense strength.
    pub defense: f64,
    /// The odds column, `"3:1"`.
    pub column: String,
    /// Air points the attacker commits.
    pub attacker_air: u8,
    /// Air points the defender's rule commits.
    pub defender_air: u8,
    /// Added to the die roll.
    pub die_modifier: i32,
    /// Each outcome, most likely first; the probabilities sum to 1.
    pub outcomes: Vec<OutcomeLine>,
}

fn hex_arg(scen: &Scenario, s: &str, flag: &'static str) -> Result<HexId, OddsError> {
    scen.grid().parse(s.trim()).map_err(|error| OddsError::Hex {
        flag,
        given: s.to_string(),
        error,
    })
}

/// The odds of every unit of one side in `attack` hexes attacking `defend`,
/// with `air` points. Errors name the hex or unit and the rule that forbids it.
pub fn odds(
    scen: &Scenario,
    st: &GameState,
    attack: &[String],
    defend: &str,
    air: u8,
) -> Result<OddsReport, OddsError> {
    let target = hex_arg(scen, defend, "--defend")?;
    let mut attackers: Vec<UnitId> = Vec::new();
    let mut side: Option<Side> = None;
    for a in attack {
        let h = hex_arg(scen, a, "--attack")?;
        let here: Vec<UnitId> = st.units_at(h).collect();
        if here.is_empty() {
            return Err(OddsError::NoUnit {
                hex: scen.grid().label(h),
            });
        }
        for u in here {
            let s = scen.unit(u).side;
            if *side.get_or_insert(s) != s {
                return Err(OddsError::BothSides);
            }
            attackers.push(u);
        }
    }
    let Some(side) = side else {
        return Err(OddsError::NoAttackHex);
    };
    if !st.units_at(target).any(|u| scen.unit(u).side != side) {
        return Err(OddsError::NoDefender {
            hex: scen.grid().label(target),
            side: scen.side(side.other()).name.clone(),
        });
    }
    units_odds(scen, st, &attackers, target, air)
}

/// The odds of `attackers` (units of one side) attacking `target` with
/// `air` points, for the play server. The error says which unit may not
/// attack and the rule that forbids it ([`combat::can_attack`]).
pub fn units_odds(
    scen: &Scenario,
    st: &GameState,
    attackers: &[UnitId],
    target: HexId,
    air: u8,
) -> Result<OddsReport, OddsError> {
    let Some(&first) = attackers.first() else {
        return Err(OddsError::NoAttackers);
    };
    let side = scen.unit(first).side;
    let what_if = combat::what_if(scen, st, attackers, target).map_err(|(u, why)| {
        OddsError::CannotAttack {
            unit: scen.unit(u).id.clone(),
            hex: scen.grid().label(target),
            why: why.describe(scen),
        }
    })?;
    let d: Distribution = combat::distribution(scen, &what_if, air);
    let line = |c: &Contribution| {
        let setup = scen.unit(c.unit);
        let h = st.unit(c.unit).hex;
        UnitLine {
            id: setup.id.clone(),
            name: setup.name.clone(),
            hex: if h.is_some() {
                scen.grid().label(h)
            } else {
                "at sea".into()
            },
            base: c.base,
            modifiers: c
                .modifiers
                .iter()
                .map(|(m, f)| (m.name().to_string(), *f))
                .collect(),
            strength: c.strength,
        }
    };
    Ok(OddsReport {
        scenario: scen.name().to_string(),
        attacker: scen.side(side).id.clone(),
        defender: scen.side(side.other()).id.clone(),
        defend: scen.grid().label(target),
        terrain: scen.terrain(target).name.clone(),
        attackers: d.odds.attackers.iter().map(line).collect(),
        defenders: d.odds.defenders.iter().map(line).collect(),
        attack: d.odds.attack,
        defense: d.odds.defense,
        column: scen.combat().column_name(d.odds.column),
        attacker_air: d.odds.attacker_air,
        defender_air: d.odds.defender_air,
        die_modifier: d.odds.die_modifier,
        outcomes: d
            .outcomes
            .iter()
            .map(|(o, p)| OutcomeLine {
                probability: *p,
                outcome: *o,
            })
            .collect(),
    })
}

/// A strength with its fractions: `7.5`, `4`, `1.333`.
fn num(x: f64) -> String {
    let s = format!("{x:.3}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

impl fmt::Display for OddsReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{}: {} attacks {} ({})",
            self.scenario, self.attacker, self.defend, self.terrain
        )?;
        for (title, units) in [
            ("attackers", &self.attackers),
            ("defenders", &self.defenders),
        ] {
            writeln!(f, "  {title}")?;
            for u in units {
                let mods = if u.modifiers.is_empty() {
                    String::new()
                } else {
                    let m: Vec<String> = u
                        .modifiers
                        .iter()
                        .map(|(w, x)| format!("{w} x{}", num(*x)))
                        .collect();
                    format!(" ({})", m.join(", "))
                };
                writeln!(
                    f,
                    "    {:<10} {:<5} {:>6} -> {:>6}{mods}  {}",
                    u.id,
                    u.hex,
                    num(u.base),
                    num(u.strength),
                    u.name
                )?;
            }
        }
        writeln!(
            f,
            "  {} : {} -> column {}; air: attacker {}, defender {} (die {:+})",
            num(self.attack),
            num(self.defense),
            self.column,
            self.attacker_air,
            self.defender_air,
            self.die_modifier
        )?;
        // Morale columns only where losses are taken in morale (MP-CHG-5).
        let morale = self
            .outcomes
            .iter()
            .any(|o| o.outcome.attacker_morale + o.outcome.defender_morale > 0);
        write!(
            f,
            "  {:>7}  {:>9}  {:>9}  {:>8}  {:>9}  {:>9}  {:>9}",
            "chance", "att.steps", "def.steps", "retreat", "def.elim", "att.elim", "hex taken"
        )?;
        if morale {
            write!(f, "  {:>10}  {:>10}", "att.morale", "def.morale")?;
        }
        writeln!(f)?;
        let yes = |b: bool| if b { "yes" } else { "no" };
        for o in &self.outcomes {
            let x = &o.outcome;
            write!(
                f,
                "  {:>6.2}%  {:>9}  {:>9}  {:>8}  {:>9}  {:>9}  {:>9}",
                o.probability * 100.0,
                x.attacker_steps,
                x.defender_steps,
                yes(x.retreated),
                x.defenders_eliminated,
                x.attackers_eliminated,
                yes(x.hex_taken)
            )?;
            if morale {
                write!(f, "  {:>10}  {:>10}", x.attacker_morale, x.defender_morale)?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
