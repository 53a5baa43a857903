//! Events as text for people: game logs, replays, the play page.
//! Units by id, hexes by label, dice as rolled.

use crate::event::Event;
use crate::hex::HexId;
use crate::scenario::{Scenario, Side, Work};
use crate::state::UnitId;

/// A strength with its fractions: `7.5`, `4`, `1.333`.
fn num(x: f64) -> String {
    let s = format!("{x:.3}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

impl Event {
    /// One line for a game log.
    pub fn describe(&self, scen: &Scenario) -> String {
        let w = Words(scen);
        match self {
            Event::PhaseBegan { .. }
            | Event::Arrived { .. }
            | Event::Delayed { .. }
            | Event::Moved { .. }
            | Event::RailMoved { .. }
            | Event::RailUndone { .. }
            | Event::ControlChanged { .. } => w.movement(self),
            Event::SupplyChanged { .. }
            | Event::SupplySpent { .. }
            | Event::IsolationChanged { .. }
            | Event::Scenario { .. }
            | Event::Worked { .. }
            | Event::GameOver { .. } => w.supply(self),
            Event::StepLost { .. }
            | Event::Committed { .. }
            | Event::AttackCancelled { .. }
            | Event::Combat { .. }
            | Event::Retreated { .. }
            | Event::NoRetreat { .. }
            | Event::Advanced { .. }
            | Event::Landing { .. }
            | Event::ReturnedToPool { .. } => w.combat(self),
            Event::MoraleLost { .. } | Event::Charged { .. } => w.charge(self),
            Event::PocketFormed { .. }
            | Event::PocketsMerged { .. }
            | Event::PocketRelieved { .. }
            | Event::PocketEliminated { .. }
            | Event::RpChanged { .. }
            | Event::UnitPooled { .. }
            | Event::Rebuilt { .. } => w.pools(self),
        }
    }
}

/// GS-9: a pool's name: the front pool, pool A..., the eliminated-isolated box.
fn pool_name(pool: u8) -> String {
    match pool {
        crate::state::POOL_FRONT => "the front pool".into(),
        crate::state::POOL_ELIMINATED_ISOLATED => "the eliminated-isolated box".into(),
        k => format!("pool {}", crate::state::Pocket::letter(k as usize - 1)),
    }
}

/// The scenario's words for units, hexes and sides.
struct Words<'a>(&'a Scenario);

impl Words<'_> {
    /// A unit by its id (`#n` if there is no such unit).
    fn unit(&self, u: &UnitId) -> String {
        self.0
            .units()
            .get(u.index())
            .map_or_else(|| format!("#{}", u.0), |s| s.id.clone())
    }

    /// A hex by its label, or "off the map".
    fn hex(&self, h: &HexId) -> String {
        if h.is_some() {
            self.0.grid().label(*h)
        } else {
            "off the map".into()
        }
    }

    /// A side by its name.
    fn side(&self, s: &Side) -> String {
        self.0.side(*s).name.clone()
    }

    /// Phases, arrivals, moves and control (D-TURN-1, -2, MAL-RAIL).
    fn movement(&self, e: &Event) -> String {
        match e {
            Event::PhaseBegan {
                turn,
                side: s,
                phase,
            } => {
                format!("turn {turn}, {}: {} phase", self.side(s), phase.name())
            }
            Event::Arrived { unit: u, hex: h } => {
                format!("{} arrives at {}", self.unit(u), self.hex(h))
            }
            Event::Delayed { unit: u, hex: h } => {
                format!(
                    "{} cannot enter at {} and waits a turn",
                    self.unit(u),
                    self.hex(h)
                )
            }
            Event::Moved {
                unit: u,
                from,
                to,
                cost,
            } => format!(
                "{} moves {} -> {} ({} MP)",
                self.unit(u),
                self.hex(from),
                self.hex(to),
                num(cost.as_f64())
            ),
            Event::RailMoved { unit: u, from, to } => {
                format!(
                    "{} moves by rail {} -> {}",
                    self.unit(u),
                    self.hex(from),
                    self.hex(to)
                )
            }
            Event::RailUndone { unit: u, to } => {
                format!(
                    "{}'s rail move is taken back to {}",
                    self.unit(u),
                    self.hex(to)
                )
            }
            Event::ControlChanged { hex: h, side: s } => {
                format!("{} takes control of {}", self.side(s), self.hex(h))
            }
            _ => unreachable!("not a movement event"),
        }
    }

    /// Supply (MAL-SUP, GS), scenario events and the end of the game.
    fn supply(&self, e: &Event) -> String {
        match e {
            Event::SupplyChanged {
                unit: u,
                state,
                u_level,
            } => {
                if *u_level > 0 {
                    format!("{} is {} (U{u_level})", self.unit(u), state.name())
                } else {
                    format!("{} is {}", self.unit(u), state.name())
                }
            }
            Event::SupplySpent {
                unit: u,
                points,
                left,
            } => {
                format!(
                    "{points} supply points put {} in full supply ({left} left)",
                    self.unit(u)
                )
            }
            Event::IsolationChanged {
                unit: u,
                marker,
                isolated,
            } => format!(
                "{} is {}{} isolated",
                self.unit(u),
                if *isolated { "" } else { "no longer " },
                marker.name()
            ),
            Event::Scenario { text } => text.clone(),
            Event::Worked {
                unit: u,
                hex: h,
                work,
                cost,
                left,
            } => format!(
                "{} {} at {} for {cost} strategic resource points ({left} left)",
                self.unit(u),
                match work {
                    Work::Fort => "builds a fort",
                    Work::Airbase => "builds an airbase",
                    Work::Repair => "repairs the rail line",
                    Work::Demolish => "breaks the rail line",
                },
                self.hex(h)
            ),
            Event::GameOver { result } => match result.winner {
                Some(w) => format!(
                    "game over: {} wins, {} ({} to {} VP)",
                    self.side(&w),
                    result.level.name(),
                    result.vp[0],
                    result.vp[1]
                ),
                None => format!(
                    "game over: a draw ({} to {} VP)",
                    result.vp[0], result.vp[1]
                ),
            },
            _ => unreachable!("not a supply event"),
        }
    }

    /// Attacks, their rolls and results (MAL-CBT).
    fn combat(&self, e: &Event) -> String {
        match e {
            Event::StepLost {
                unit: u,
                hex: h,
                cause,
                steps_left,
            } => {
                if *steps_left == 0 {
                    format!(
                        "{} in {} is eliminated ({})",
                        self.unit(u),
                        self.hex(h),
                        cause.name()
                    )
                } else {
                    format!(
                        "{} in {} loses a step ({}), {steps_left} left",
                        self.unit(u),
                        self.hex(h),
                        cause.name()
                    )
                }
            }
            Event::Committed { unit: u, target } => {
                format!("{} attacks {}", self.unit(u), self.hex(target))
            }
            Event::AttackCancelled { target } => {
                format!("the attack on {} is called off", self.hex(target))
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
                    self.hex(h),
                    num(*attack),
                    num(*defense),
                    self.0.combat().column_name(*column as usize),
                )
            }
            Event::Retreated {
                unit: u,
                from,
                path,
            } => format!(
                "{} retreats from {} via {}",
                self.unit(u),
                self.hex(from),
                path.iter()
                    .map(|h| self.hex(h))
                    .collect::<Vec<_>>()
                    .join(" ")
            ),
            Event::NoRetreat { unit: u, hex: h } => {
                format!(
                    "{} cannot retreat from {} and loses two steps",
                    self.unit(u),
                    self.hex(h)
                )
            }
            Event::Advanced { unit: u, hex: h } => {
                format!("{} advances into {}", self.unit(u), self.hex(h))
            }
            Event::Landing { unit: u, hex: h } => {
                format!(
                    "{} lands under fire at {} and must assault it",
                    self.unit(u),
                    self.hex(h)
                )
            }
            Event::ReturnedToPool { unit: u } => {
                format!(
                    "{} could not come ashore and returns to the pool",
                    self.unit(u)
                )
            }
            _ => unreachable!("not a combat event"),
        }
    }

    /// Morale losses and charges (MP-CHG-3..5).
    fn charge(&self, e: &Event) -> String {
        match e {
            Event::MoraleLost {
                unit: u,
                hex: h,
                cause,
                morale,
                strength_loss,
            } => format!(
                "{} in {} loses morale ({}): morale {morale}{}",
                self.unit(u),
                self.hex(h),
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
                self.unit(u),
                self.unit(target),
                if *success {
                    "the charge goes home"
                } else {
                    "the target holds"
                }
            ),
            _ => unreachable!("not a charge event"),
        }
    }

    /// GS-9: pockets and pools.
    fn pools(&self, e: &Event) -> String {
        let letter = |k: &u8| crate::state::Pocket::letter(*k as usize);
        match e {
            Event::PocketFormed { side, pocket, hex } => format!(
                "{} pocket forms around {} (pool {})",
                self.side(side),
                self.hex(hex),
                letter(pocket)
            ),
            Event::PocketsMerged { side, into, from } => format!(
                "{} pockets meet: pool {} joins pool {}",
                self.side(side),
                letter(from),
                letter(into)
            ),
            Event::PocketRelieved { side, pocket } => format!(
                "{} pocket {} is relieved: its pool joins the front pool",
                self.side(side),
                letter(pocket)
            ),
            Event::PocketEliminated {
                side,
                pocket,
                rp_lost,
                voluntary,
            } => format!(
                "{} pocket {} is eliminated{}: {rp_lost} replacement points lost",
                self.side(side),
                letter(pocket),
                if *voluntary {
                    " by choice"
                } else {
                    ", its last hex taken"
                }
            ),
            Event::RpChanged { side, pool, rp } => format!(
                "{} now holds {rp} replacement points ({})",
                pool_name(*pool),
                self.side(side)
            ),
            Event::UnitPooled { unit, pool } => {
                format!("{} goes to {}", self.unit(unit), pool_name(*pool))
            }
            Event::Rebuilt {
                unit,
                hex,
                steps,
                pool,
            } => format!(
                "{} rebuilt to {steps} steps in {} from {}",
                self.unit(unit),
                self.hex(hex),
                pool_name(*pool)
            ),
            _ => unreachable!("not a pool event"),
        }
    }
}
