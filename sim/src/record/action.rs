//! Actions in files and requests ([`ActionJson`]: units by id, hexes by
//! label) and back, with 404 messages for ids and labels that name
//! nothing. The play API takes them as bodies; a game record lists them.

use hexwar_engine::{Action, HexId, Scenario, UnitId, Work};
use serde::{Deserialize, Serialize};

/// An action as the page sends it: units by id, hexes by label.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ActionJson {
    /// Normal movement to a hex.
    Move {
        /// Unit id.
        unit: String,
        /// Hex label.
        to: String,
    },
    /// Rail movement to a hex.
    RailMove {
        /// Unit id.
        unit: String,
        /// Hex label.
        to: String,
    },
    /// Take back a rail move (MAL-RAIL-6).
    UndoRail {
        /// Unit id.
        unit: String,
    },
    /// Spend supply points on a unit (GS-4).
    SpendSupply {
        /// Unit id.
        unit: String,
    },
    /// Commit a unit to the attack on a hex.
    Attack {
        /// Unit id.
        unit: String,
        /// Hex label.
        target: String,
    },
    /// Roll the attack being declared.
    Resolve {
        /// Air points committed (default 0).
        #[serde(default)]
        air: u8,
    },
    /// Withdraw the attack being declared.
    CancelAttack,
    /// Advance after combat (MAL-CBT-9).
    Advance {
        /// Unit id.
        unit: String,
    },
    /// Charge (MP-CHG-1..6).
    Charge {
        /// Unit id.
        unit: String,
        /// Hex label.
        target: String,
    },
    /// End the phase.
    EndPhase,
    /// Rebuild a step of a unit from its pool (GS-9).
    Rebuild {
        /// Unit id.
        unit: String,
        /// Hex label: its hex, or where it comes back.
        hex: String,
    },
    /// Ship replacement points out of a pocket (GS-9).
    ShipRp {
        /// The pocket's slot (pool A is 0).
        pocket: u8,
    },
    /// Ship an eliminated unit out of its pocket's pool (GS-9).
    ShipUnit {
        /// Unit id.
        unit: String,
    },
    /// Eliminate a pocket voluntarily (GS-9).
    EliminatePocket {
        /// The pocket's slot (pool A is 0).
        pocket: u8,
    },
    /// GS-10: a unit does a work in its hex with strategic resource points.
    Work {
        /// Unit id.
        unit: String,
        /// `fort`, `airbase`, `repair` or `demolish`.
        work: Work,
    },
}

/// Why a unit id or hex label names nothing (404).
pub struct NotFound(pub String);

fn unit_id(scen: &Scenario, id: &str) -> Result<UnitId, NotFound> {
    scen.unit_by_id(id)
        .ok_or_else(|| NotFound(format!("no unit \"{id}\" in scenario {}", scen.name())))
}

/// A hex by its label, or a 404 message naming it.
pub fn hex_id(scen: &Scenario, label: &str) -> Result<HexId, NotFound> {
    scen.grid()
        .parse(label.trim())
        .map_err(|e| NotFound(format!("no hex \"{label}\" on this map: {e}")))
}

/// A unit by its id, or a 404 message naming it.
pub fn find_unit(scen: &Scenario, id: &str) -> Result<UnitId, NotFound> {
    unit_id(scen, id)
}

impl ActionJson {
    /// The engine's action, with ids and labels looked up.
    pub fn to_action(&self, scen: &Scenario) -> Result<Action, NotFound> {
        let u = |id: &str| unit_id(scen, id);
        let h = |l: &str| hex_id(scen, l);
        Ok(match self {
            ActionJson::Move { unit, to } => Action::Move {
                unit: u(unit)?,
                to: h(to)?,
            },
            ActionJson::RailMove { unit, to } => Action::RailMove {
                unit: u(unit)?,
                to: h(to)?,
            },
            ActionJson::UndoRail { unit } => Action::UndoRail { unit: u(unit)? },
            ActionJson::SpendSupply { unit } => Action::SpendSupply { unit: u(unit)? },
            ActionJson::Attack { unit, target } => Action::Attack {
                unit: u(unit)?,
                target: h(target)?,
            },
            ActionJson::Resolve { air } => Action::Resolve { air: *air },
            ActionJson::CancelAttack => Action::CancelAttack,
            ActionJson::Advance { unit } => Action::Advance { unit: u(unit)? },
            ActionJson::Charge { unit, target } => Action::Charge {
                unit: u(unit)?,
                target: h(target)?,
            },
            ActionJson::EndPhase => Action::EndPhase,
            ActionJson::Rebuild { unit, hex } => Action::Rebuild {
                unit: u(unit)?,
                hex: h(hex)?,
            },
            ActionJson::ShipRp { pocket } => Action::ShipRp { pocket: *pocket },
            ActionJson::ShipUnit { unit } => Action::ShipUnit { unit: u(unit)? },
            ActionJson::EliminatePocket { pocket } => Action::EliminatePocket { pocket: *pocket },
            ActionJson::Work { unit, work } => Action::Work {
                unit: u(unit)?,
                work: *work,
            },
        })
    }

    /// The page's shape of an engine action.
    pub fn from_action(scen: &Scenario, a: Action) -> ActionJson {
        let u = |x: UnitId| scen.unit(x).id.clone();
        let h = |x: HexId| scen.grid().label(x);
        match a {
            Action::Move { unit, to } => ActionJson::Move {
                unit: u(unit),
                to: h(to),
            },
            Action::RailMove { unit, to } => ActionJson::RailMove {
                unit: u(unit),
                to: h(to),
            },
            Action::UndoRail { unit } => ActionJson::UndoRail { unit: u(unit) },
            Action::SpendSupply { unit } => ActionJson::SpendSupply { unit: u(unit) },
            Action::Attack { unit, target } => ActionJson::Attack {
                unit: u(unit),
                target: h(target),
            },
            Action::Resolve { air } => ActionJson::Resolve { air },
            Action::CancelAttack => ActionJson::CancelAttack,
            Action::Advance { unit } => ActionJson::Advance { unit: u(unit) },
            Action::Charge { unit, target } => ActionJson::Charge {
                unit: u(unit),
                target: h(target),
            },
            Action::EndPhase => ActionJson::EndPhase,
            Action::Rebuild { unit, hex } => ActionJson::Rebuild {
                unit: u(unit),
                hex: h(hex),
            },
            Action::ShipRp { pocket } => ActionJson::ShipRp { pocket },
            Action::ShipUnit { unit } => ActionJson::ShipUnit { unit: u(unit) },
            Action::EliminatePocket { pocket } => ActionJson::EliminatePocket { pocket },
            Action::Work { unit, work } => ActionJson::Work {
                unit: u(unit),
                work,
            },
        }
    }
}

/// An action in words, with unit ids and hex labels (`j-11 to 0512`).
pub fn describe_action(scen: &Scenario, a: Action) -> String {
    let unit = |u: UnitId| scen.unit(u).id.as_str();
    let hex = |h: HexId| scen.grid().label(h);
    match a {
        Action::Move { unit: u, to } => format!("{} to {}", unit(u), hex(to)),
        Action::RailMove { unit: u, to } => format!("{} by rail to {}", unit(u), hex(to)),
        Action::UndoRail { unit: u } => format!("{} back from its rail move", unit(u)),
        Action::SpendSupply { unit: u } => format!("supply points spent on {}", unit(u)),
        Action::Attack { unit: u, target } => format!("{} attacks {}", unit(u), hex(target)),
        Action::Resolve { air } if air > 0 => {
            format!("the attack rolled, with {air} air point(s)")
        }
        Action::Resolve { .. } => "the attack rolled".into(),
        Action::CancelAttack => "the attack called off".into(),
        Action::Advance { unit: u } => format!("{} advances", unit(u)),
        Action::Charge { unit: u, target } => format!("{} charges {}", unit(u), hex(target)),
        Action::EndPhase => "end of the phase".into(),
        Action::Rebuild { unit: u, hex: h } => format!("{} rebuilt in {}", unit(u), hex(h)),
        Action::ShipRp { pocket } => format!("replacement points shipped out of pocket {pocket}"),
        Action::ShipUnit { unit: u } => format!("{} shipped out of its pocket", unit(u)),
        Action::EliminatePocket { pocket } => format!("pocket {pocket} given up"),
        Action::Work { unit: u, work } => format!("{} works: {}", unit(u), work.name()),
    }
}
