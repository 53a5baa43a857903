//! Why a unit may not do a work (GS-10, [`super::Action::Work`]); the rule
//! is `crate::rules::works`, which re-exports it.

/// Why a unit may not do a work now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoWork {
    /// The scenario does not allow this work (no `[srp]`, no cost given).
    NotInScenario,
    /// The scenario does not allow this work to the unit's side.
    NotThisSide,
    /// Works are done in the side's own Movement Phase only.
    NotMovementPhase,
    /// Not a phasing unit on the map.
    NotOnMap,
    /// Its move is over (it worked already, or entered enemy ZOC).
    MoveEnded,
    /// Building and repairing need a unit in general supply.
    OutOfSupply,
    /// The side has done the works a player-turn allows.
    LimitReached,
    /// The side lacks the SRPs.
    NoPoints {
        /// What the work costs.
        cost: u16,
        /// What the side holds.
        left: u16,
    },
    /// There is a fort (or airbase) there already.
    AlreadyBuilt,
    /// No rail line runs through the hex.
    NoRail,
    /// The rail line there is not broken (repair) or is broken already (demolish).
    RailState,
}

impl NoWork {
    /// For people.
    pub fn describe(self) -> String {
        match self {
            NoWork::NotInScenario => "the scenario does not allow it".into(),
            NoWork::NotThisSide => "the scenario does not allow it to this side".into(),
            NoWork::NotMovementPhase => "works are done in the own Movement Phase".into(),
            NoWork::NotOnMap => "it is not a phasing unit on the map".into(),
            NoWork::MoveEnded => "its move is over this phase".into(),
            NoWork::OutOfSupply => "building and repairing need a unit in supply".into(),
            NoWork::LimitReached => "its side has done the works a player-turn allows".into(),
            NoWork::NoPoints { cost, left } => {
                format!("it costs {cost} strategic resource points, its side has {left}")
            }
            NoWork::AlreadyBuilt => "there is one there already".into(),
            NoWork::NoRail => "no rail line runs through its hex".into(),
            NoWork::RailState => "the rail line there is not in the state the work needs".into(),
        }
    }
}
