//! Events as text for people: game logs, replays, the play page.
//! Units by id, hexes by label, dice as rolled.

use crate::event::Event;
use crate::hex::HexId;
use crate::scenario::Scenario;
use crate::state::UnitId;

/// A strength with its fractions: `7.5`, `4`, `1.333`.
fn num(x: f64) -> String {
    let s = format!("{x:.3}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

impl Event {
    /// One line for a game log.
    pub fn describe(&self, scen: &Scenario) -> String {
        let unit = |u: &UnitId| {
            scen.units()
                .get(u.index())
                .map_or_else(|| format!("#{}", u.0), |s| s.id.clone())
        };
        let hex = |h: &HexId| {
            if h.is_some() {
                scen.grid().label(*h)
            } else {
                "off the map".into()
            }
        };
        let side = |s: &crate::Side| scen.side(*s).name.clone();
        match self {
            Event::PhaseBegan {
                turn,
                side: s,
                phase,
            } => {
                format!("turn {turn}, {}: {} phase", side(s), phase.name())
            }
            Event::Arrived { unit: u, hex: h } => format!("{} arrives at {}", unit(u), hex(h)),
            Event::Delayed { unit: u, hex: h } => {
                format!("{} cannot enter at {} and waits a turn", unit(u), hex(h))
            }
            Event::Moved {
                unit: u,
                from,
                to,
                cost,
            } => format!(
                "{} moves {} -> {} ({} MP)",
                unit(u),
                hex(from),
                hex(to),
                num(cost.as_f64())
            ),
            Event::RailMoved { unit: u, from, to } => {
                format!("{} moves by rail {} -> {}", unit(u), hex(from), hex(to))
            }
            Event::RailUndone { unit: u, to } => {
                format!("{}'s rail move is taken back to {}", unit(u), hex(to))
            }
            Event::ControlChanged { hex: h, side: s } => {
                format!("{} takes control of {}", side(s), hex(h))
            }
            Event::SupplyChanged {
                unit: u,
                state,
                u_level,
            } => {
                if *u_level > 0 {
                    format!("{} is {} (U{u_level})", unit(u), state.name())
                } else {
                    format!("{} is {}", unit(u), state.name())
                }
            }
            Event::SupplySpent {
                unit: u,
                points,
                left,
            } => {
                format!(
                    "{points} supply points put {} in full supply ({left} left)",
                    unit(u)
                )
            }
            Event::IsolationChanged {
                unit: u,
                marker,
                isolated,
            } => format!(
                "{} is {}{} isolated",
                unit(u),
                if *isolated { "" } else { "no longer " },
                marker.name()
            ),
            Event::StepLost {
                unit: u,
                hex: h,
                cause,
                steps_left,
            } => {
                if *steps_left == 0 {
                    format!("{} in {} is eliminated ({})", unit(u), hex(h), cause.name())
                } else {
                    format!(
                        "{} in {} loses a step ({}), {steps_left} left",
                        unit(u),
                        hex(h),
                        cause.name()
                    )
                }
            }
            Event::Committed { unit: u, target } => {
                format!("{} attacks {}", unit(u), hex(target))
            }
            Event::AttackCancelled { target } => {
                format!("the attack on {} is called off", hex(target))
            }
            Event::Combat {
                hex: h,
                attack,
                defense,
                column,
                attacker_air,
                defender_air,
                roll,
            } => {
                let air = if *attacker_air + *defender_air > 0 {
                    format!(", air {attacker_air} against {defender_air}")
                } else {
                    String::new()
                };
                format!(
                    "combat at {}: {} against {}, column {}{air}; {roll}",
                    hex(h),
                    num(*attack),
                    num(*defense),
                    scen.combat().column_name(*column as usize),
                )
            }
            Event::Retreated {
                unit: u,
                from,
                path,
            } => format!(
                "{} retreats from {} via {}",
                unit(u),
                hex(from),
                path.iter().map(&hex).collect::<Vec<_>>().join(" ")
            ),
            Event::NoRetreat { unit: u, hex: h } => {
                format!(
                    "{} cannot retreat from {} and loses two steps",
                    unit(u),
                    hex(h)
                )
            }
            Event::Advanced { unit: u, hex: h } => format!("{} advances into {}", unit(u), hex(h)),
            Event::Landing { unit: u, hex: h } => {
                format!(
                    "{} lands under fire at {} and must assault it",
                    unit(u),
                    hex(h)
                )
            }
            Event::ReturnedToPool { unit: u } => {
                format!("{} could not come ashore and returns to the pool", unit(u))
            }
            Event::MoraleLost {
                unit: u,
                hex: h,
                cause,
                morale,
                strength_loss,
            } => format!(
                "{} in {} loses morale ({}): morale {morale}{}",
                unit(u),
                hex(h),
                cause.name(),
                if *strength_loss > 0 {
                    format!(", strength -{strength_loss}")
                } else {
                    String::new()
                }
            ),
            Event::Charged {
                unit: u,
                target,
                roll,
                total,
                morale,
                success,
            } => format!(
                "{} charges {}: rolled {roll}, {total} against morale {morale}: {}",
                unit(u),
                unit(target),
                if *success {
                    "the charge goes home"
                } else {
                    "the target holds"
                }
            ),
            Event::Scenario { text } => text.clone(),
            Event::GameOver { result } => match result.winner {
                Some(w) => format!(
                    "game over: {} wins, {} ({} to {} VP)",
                    side(&w),
                    result.level.name(),
                    result.vp[0],
                    result.vp[1]
                ),
                None => format!(
                    "game over: a draw ({} to {} VP)",
                    result.vp[0], result.vp[1]
                ),
            },
        }
    }
}
