//! A saved game checked against the rules, not only against the scenario:
//! the position must be one the engine could have reached, since past
//! [`GameState::from_saved`] nothing checks it again and the engine acts
//! on it (a take-back, a combat, an advance, an arrival). [`check`] runs
//! on the state `load` built, with the file beside it; the first fault is
//! reported ([`Illegal`]), naming the unit, hex or field.
//!
//! What is checked, with the engine's own rules wherever it has them:
//!
//! - the file's numbers: movement points spent in sixths, a charge
//!   target exactly with the CHARGED flag, no more rail moves than a
//!   phase holds ([`fields`]);
//! - the counters, derived rather than trusted: steps lost (every lost
//!   step is a step some unit no longer has), scenario events, supply and
//!   air points within what the scenario can have given ([`counters`]);
//! - the result, derived: a game ends only as a player-turn begins, with a
//!   side wiped out ([`GameState::wiped_out_result`]) or after the last
//!   turn by the victory points ([`GameState::points_result`]); a game in
//!   progress rests only in a phase where a decision is due;
//! - each unit (`units`): steps, morale and strength loss within its type
//!   and set-up, on the map only once it has arrived and where it may
//!   stand, its supply state one its model gives, its flags and spent
//!   movement points ones the phase allows;
//! - GS-9's pools (`pools`): none without the rules; pockets on isolated
//!   hexes their side holds; pooled units eliminated, of the pocket's side;
//! - the map and the phase (`phase`): control following occupation,
//!   stacking, the Rail Phase's moves replayed through the checked apply
//!   from the position the phase began in, the attack being declared
//!   rebuilt the same way, the hex open to an advance.
//!
//! The flags and counters that belong to a player-turn are judged against
//! a [`Moment`]: whose player-turn it is and which of its phases are over.
//! A game over has two possible moments (a side wiped out as a
//! player-turn began; the end of the last turn); the position must fit
//! one whose result it carries.

use thiserror::Error;

use super::SavedGame;
use crate::scenario::{PhaseKind, Scenario, Side, SupplyModel};
use crate::state::{GameResult, GameState, RailLog, ScenarioEvents, UnitFlags};

mod phase;
mod pools;
mod units;
mod works;

/// Why a saved position is not one the rules allow.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Illegal {
    /// Something wrong with one unit.
    #[error("unit {unit}: {what}")]
    Unit {
        /// The unit's id.
        unit: String,
        /// What is wrong.
        what: String,
    },
    /// Something wrong with one hex.
    #[error("hex {hex}: {what}")]
    Hex {
        /// The hex's label.
        hex: String,
        /// What is wrong.
        what: String,
    },
    /// Something wrong with a field of the saved game.
    #[error("{field}: {what}")]
    Field {
        /// The field, as in the file.
        field: &'static str,
        /// What is wrong.
        what: String,
    },
}

fn field(field: &'static str, what: impl Into<String>) -> Illegal {
    Illegal::Field {
        field,
        what: what.into(),
    }
}

/// Whose player-turn the per-turn fields belong to, and how far it is.
#[derive(Clone, Copy, Debug)]
pub(super) struct Moment<'a> {
    /// The game turn.
    pub turn: u8,
    /// The side whose player-turn it is (or was, when the game ended).
    pub side: Side,
    /// The phases of that player-turn that are over.
    pub ended: &'a [PhaseKind],
    /// The phase now; `None` once the game is over.
    pub now: Option<PhaseKind>,
}

impl Moment<'_> {
    /// A phase of this kind has begun in this player-turn.
    pub fn begun(&self, kind: PhaseKind) -> bool {
        self.now == Some(kind) || self.ended.contains(&kind)
    }
}

/// Checks the position `st`, read from `saved`, against the rules.
pub(super) fn check(scen: &Scenario, st: &GameState, saved: &SavedGame) -> Result<(), Illegal> {
    fields(scen, st, saved)?;
    counters(scen, st)?;
    pools::check(scen, st)?;
    works::validate(scen, st)?;
    let mut first = None;
    for m in moments(scen, st)? {
        match position(scen, st, &m) {
            Ok(()) => return Ok(()),
            Err(e) => {
                first.get_or_insert(e);
            }
        }
    }
    Err(first.unwrap_or_else(|| field("result", "no moment of the game fits it")))
}

/// Everything that depends on the moment.
fn position(scen: &Scenario, st: &GameState, m: &Moment) -> Result<(), Illegal> {
    units::check(scen, st, m)?;
    phase::occupation(scen, st, m)?;
    phase::rail(scen, st, m)?;
    phase::combat(scen, st, m)
}

/// The file's own numbers.
fn fields(scen: &Scenario, st: &GameState, saved: &SavedGame) -> Result<(), Illegal> {
    if saved.rail_moves.len() > RailLog::CAPACITY {
        return Err(field(
            "rail_moves",
            format!(
                "{} rail moves, more than a Rail Phase holds ({}, MAL-RAIL-2)",
                saved.rail_moves.len(),
                RailLog::CAPACITY
            ),
        ));
    }
    for (i, su) in saved.units.iter().enumerate() {
        let unit = |what: String| Illegal::Unit {
            unit: su.id.clone(),
            what,
        };
        let ticks = su.mp_spent * crate::scenario::Mp::SCALE as f64;
        if (ticks - ticks.round()).abs() > 1e-6 {
            return Err(unit(format!(
                "mp_spent {} is not a whole number of sixths of a movement point",
                su.mp_spent
            )));
        }
        let charged = UnitFlags::from_bits_retain(su.flags).contains(UnitFlags::CHARGED);
        match (&su.charge_target, charged) {
            (Some(t), false) => {
                return Err(unit(format!(
                    "charge_target {t} without the CHARGED flag (MP-CHG-4)"
                )));
            }
            (None, true) => {
                return Err(unit(
                    "the CHARGED flag without a charge_target (MP-CHG-4)".into(),
                ));
            }
            (Some(t), true) => {
                let target = st.unit(crate::state::UnitId(i as u16)).charge_target;
                if scen.unit(target).side == scen.units()[i].side {
                    return Err(unit(format!(
                        "charged {t}, a unit of its own side (MP-CHG-4)"
                    )));
                }
            }
            (None, false) => {}
        }
    }
    Ok(())
}

/// Steps lost, scenario events, supply and air points.
fn counters(scen: &Scenario, st: &GameState) -> Result<(), Illegal> {
    for s in Side::BOTH {
        let lost: u32 = st
            .units()
            .iter()
            .zip(scen.units())
            .filter(|(_, setup)| setup.side == s)
            .map(|(u, setup)| setup.steps.saturating_sub(u.steps) as u32)
            .sum();
        if st.steps_lost()[s.index()] as u32 != lost {
            return Err(field(
                "steps_lost",
                format!(
                    "{} {}, but its units have lost {lost} steps (D-TURN-3 counts every one)",
                    st.steps_lost()[s.index()],
                    scen.side(s).id
                ),
            ));
        }
    }
    let events = st.events;
    if events.bits() & !ScenarioEvents::all().bits() != 0 {
        return Err(field(
            "events",
            format!("unknown bits in {}", events.bits()),
        ));
    }
    let rolls = scen
        .supply_rules()
        .ports
        .as_ref()
        .is_some_and(|p| p.west_after.is_some());
    if !events.is_empty() && !rolls {
        return Err(field(
            "events",
            "the west-coast ports roll (MAL-SUP-7) in a scenario without it",
        ));
    }
    if events.contains(ScenarioEvents::WEST_PORTS_OPEN)
        && !events.contains(ScenarioEvents::WEST_PORTS_ROLLED)
    {
        return Err(field("events", "ports open without their roll (MAL-SUP-7)"));
    }
    supply_points(scen, st)?;
    for s in Side::BOTH {
        // GS-10: built airbases may add to the allowance.
        let most = scen.combat().air[s.index()].saturating_add(works::air_bound(scen, st));
        let left = st.air_points(s);
        if left > most {
            return Err(field(
                "air_points",
                format!(
                    "{} has {left}, its allowance is {most} a turn (MAL-CBT-5)",
                    scen.side(s).id
                ),
            ));
        }
    }
    Ok(())
}

/// GS-4: supply points only in the graded model, and no more than the
/// side started with and has received at its judgements so far.
fn supply_points(scen: &Scenario, st: &GameState) -> Result<(), Illegal> {
    for s in Side::BOTH {
        let held = st.supply_points(s) as u32;
        let most = match &scen.supply_rules().graded {
            None if held > 0 => {
                return Err(field(
                    "supply_points",
                    format!(
                        "{} holds {held}: only the graded supply model has supply points (GS-4)",
                        scen.side(s).id
                    ),
                ));
            }
            None => continue,
            Some(g) => {
                g.starting_points[s.index()] as u32
                    + g.supply_points[s.index()] as u32 * st.turn() as u32
            }
        };
        if held > most {
            return Err(field(
                "supply_points",
                format!(
                    "{} holds {held}, more than it can have by turn {} ({most}, GS-4)",
                    scen.side(s).id,
                    st.turn()
                ),
            ));
        }
    }
    Ok(())
}

/// The result derived, and the moments the position may be at.
fn moments<'a>(scen: &'a Scenario, st: &GameState) -> Result<Vec<Moment<'a>>, Illegal> {
    let phases = scen.phases();
    let i = st.phase_index();
    let Some(result) = st.result() else {
        let kind = phases[i];
        if !matches!(
            kind,
            PhaseKind::Movement | PhaseKind::Rail | PhaseKind::Combat
        ) {
            return Err(field(
                "phase",
                format!(
                    "the {} phase runs by itself: a game in progress never rests in it",
                    kind.name()
                ),
            ));
        }
        return Ok(vec![Moment {
            turn: st.turn(),
            side: st.active_side(),
            ended: &phases[..i],
            now: Some(kind),
        }]);
    };
    let mut out = Vec::new();
    let wiped = st.wiped_out_result(scen);
    if i == 0 && wiped == Some(*result) {
        out.push(Moment {
            turn: st.turn(),
            side: st.active_side(),
            ended: &[],
            now: None,
        });
    }
    let last = st.turn() == scen.turns() && st.active_side() == Side(0);
    // The last turn's end: a side wiped out loses, else the points decide.
    let points = wiped.unwrap_or_else(|| st.points_result(scen));
    if i == 0 && last && points == *result {
        out.push(Moment {
            turn: st.turn(),
            side: Side(1),
            ended: phases,
            now: None,
        });
    }
    if !out.is_empty() {
        return Ok(out);
    }
    let gives = if i != 0 {
        "a game ends as a player-turn begins, in its first phase".to_string()
    } else if let Some(w) = wiped {
        format!("the position gives {}", describe(scen, &w))
    } else if last {
        format!("the position gives {}", describe(scen, &points))
    } else {
        format!(
            "the game is not over at turn {}, {}'s player-turn",
            st.turn(),
            scen.side(st.active_side()).id
        )
    };
    Err(field(
        "result",
        format!(
            "{} is not the result: {gives} (D-TURN-3)",
            describe(scen, result)
        ),
    ))
}

/// A result in words: `japan marginal, VP 14-9`.
fn describe(scen: &Scenario, r: &GameResult) -> String {
    let who = r.winner.map_or("a draw".to_string(), |s| {
        format!("{} {}", scen.side(s).id, r.level.name())
    });
    format!("{who}, VP {}-{}", r.vp[0], r.vp[1])
}

/// Whether the scenario plays the graded supply model.
pub(super) fn graded(scen: &Scenario) -> bool {
    scen.supply_rules().model == SupplyModel::Graded
}
