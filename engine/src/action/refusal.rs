//! Why a rule refuses a unit something: attack ([`NoAttack`]), charge
//! ([`NoCharge`]), rail move ([`NoRail`]), supply points ([`NoSpend`]).
//! Each rule module re-exports its own (`combat::NoAttack`, ...); they live
//! here, below the rules, because [`super::ActionError`] carries them.

use crate::hex::HexId;
use crate::scenario::{Mp, Scenario, UnitId};

/// Why a unit may not attack a hex.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoAttack {
    /// Not the phasing side's unit, or not on the map (nor landing there).
    NotAttacker,
    /// MAL-CBT-1: it has attacked (or is committed) already this phase.
    AlreadyAttacked,
    /// MAL-CBT-1: the hex has been attacked already this phase.
    HexAttacked,
    /// MAL-CBT-1: a unit in the hex has been attacked already this phase
    /// (in another hex, from which it retreated).
    UnitDefended(UnitId),
    /// No enemy unit in the hex.
    NoEnemy,
    /// MAL-CBT-1: not adjacent to the hex.
    NotAdjacent,
    /// MAL-CBT-1: another hex's attack is being declared; roll or cancel it first.
    OtherTarget(HexId),
    /// MAL-CBT-2: it could not enter the hex by normal movement.
    CannotEnter,
    /// MAL-CBT-2: armor attacks only across a road or rail connection.
    ArmorNeedsRoad,
    /// MAL-CBT-10: a landing force attacks only its port.
    LandingElsewhere,
    /// GS-4: the side lacks the supply points an attack costs.
    NoSupplyPoints,
}

impl NoAttack {
    /// For people, citing the rules of the scenario's family ([`super::cite()`]).
    pub fn describe(self, scen: &Scenario) -> String {
        super::cite(scen, &self.describe_all(scen))
    }

    /// Every rule ID, whatever the family.
    fn describe_all(self, scen: &Scenario) -> String {
        match self {
            NoAttack::NotAttacker => "it is not a phasing unit on the map".into(),
            NoAttack::AlreadyAttacked => "it has attacked already this phase (MAL-CBT-1)".into(),
            NoAttack::HexAttacked => {
                "that hex has been attacked already this phase (MAL-CBT-1)".into()
            }
            NoAttack::UnitDefended(u) => format!(
                "{} in that hex has been attacked already this phase (MAL-CBT-1)",
                scen.unit(u).id
            ),
            NoAttack::NoEnemy => "there is no enemy unit in that hex".into(),
            NoAttack::NotAdjacent => "it is not adjacent to that hex (MAL-CBT-1)".into(),
            NoAttack::OtherTarget(h) => format!(
                "the attack on {} is being declared: roll it or cancel it first",
                scen.grid().label(h)
            ),
            NoAttack::CannotEnter => {
                "it could not enter that hex by normal movement (MAL-CBT-2)".into()
            }
            NoAttack::ArmorNeedsRoad => {
                "armor attacks only across a road or rail connection (MAL-CBT-2)".into()
            }
            NoAttack::LandingElsewhere => {
                "a landing force must attack the port it lands at (MAL-CBT-10)".into()
            }
            NoAttack::NoSupplyPoints => {
                "its side lacks the supply points an attack costs (GS-4)".into()
            }
        }
    }
}

/// Why a unit may not charge a hex.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoCharge {
    /// The game is over, or it is not a Movement Phase.
    NotMovementPhase,
    /// The unit is not the phasing side's.
    NotYourUnit,
    /// The unit is not on the map.
    NotOnMap,
    /// MP-CHG-1: only mounted units (cavalry, leaders) charge.
    NotMounted,
    /// MP-ZOC-6: its move is over for this phase (it entered enemy ZOC, by
    /// a move or a charge, or did a work).
    MoveEnded,
    /// MP-CHG-1: the hex is not three hexes away in a straight line.
    NotInLine,
    /// MP-CHG-1: no enemy unit in the hex.
    NoEnemy,
    /// MP-CHG-2: the target stands in woods, dunes, palm grove or town.
    ProtectedTerrain,
    /// MP-CHG-2: a river crosses the line (the hex is the one beyond it).
    River(HexId),
    /// MP-CHG-1: a hex crossed is not clear ground.
    NotClear(HexId),
    /// MP-CHG-1: a hex crossed holds a unit.
    Occupied(HexId),
    /// MP-CHG-1: the unit could not enter this hex by normal movement
    /// (terrain or hexside; the target's hex included).
    CannotEnter(HexId),
    /// MP-CHG-1, MP-ZOC-6: the first hex crossed is in enemy ZOC.
    EnemyZoc(HexId),
    /// MP-CHG-1: not enough movement points left for the two hexes.
    NoPoints {
        /// What the two hexes cost.
        need: Mp,
        /// What the unit has left.
        left: Mp,
    },
}

impl NoCharge {
    /// For people.
    pub fn describe(self) -> String {
        match self {
            NoCharge::NotMovementPhase => {
                "a charge is a move, made in its side's Movement Phase (MP-CHG-1)".into()
            }
            NoCharge::NotYourUnit => {
                "only the phasing side's units charge, in its Movement Phase (MP-CHG-1)".into()
            }
            NoCharge::NotOnMap => "it is not on the map to charge from (MP-CHG-1)".into(),
            NoCharge::NotMounted => {
                "only mounted units (cavalry, leaders) charge; camels are not mounted (MP-CHG-1)"
                    .into()
            }
            NoCharge::MoveEnded => {
                "its move is over for this phase: it entered enemy ZOC, by a move or a charge (MP-ZOC-6)"
                    .into()
            }
            NoCharge::NotInLine => {
                "the target must lie three hexes away in a straight line (MP-CHG-1)".into()
            }
            NoCharge::NoEnemy => "there is no enemy unit in that hex (MP-CHG-1)".into(),
            NoCharge::ProtectedTerrain => {
                "units in woods, dunes, palm grove or town cannot be charged (MP-CHG-2)".into()
            }
            NoCharge::River(_) => {
                "a charge never crosses a river, bridged or not (MP-CHG-2)".into()
            }
            NoCharge::NotClear(_) => "the hexes crossed must be clear ground (MP-CHG-1)".into(),
            NoCharge::Occupied(_) => "the hexes crossed must be empty (MP-CHG-1)".into(),
            NoCharge::CannotEnter(_) => {
                "it could not enter a hex of the line by normal movement (MP-CHG-1)".into()
            }
            NoCharge::EnemyZoc(_) => {
                "the first hex crossed is in enemy ZOC, which would end the move (MP-CHG-1, MP-ZOC-6)"
                    .into()
            }
            NoCharge::NoPoints { need, left } => format!(
                "the charge costs {} MP and it has {} left (MP-CHG-1)",
                need.as_f64(),
                left.as_f64()
            ),
        }
    }
}

/// Why a unit may not move by rail now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoRail {
    /// Not its side's Rail Phase.
    NotRailPhase,
    /// Not on the map.
    NotOnMap,
    /// MAL-RAIL-3, MAL-SUP-6: unsupplied.
    Unsupplied,
    /// MAL-RAIL-3: it moved in this player-turn's Movement (or Naval) Phase.
    MovedThisTurn,
    /// MAL-RAIL-3: it was adjacent to an enemy unit when the phase began.
    AdjacentToEnemy,
    /// It has already moved by rail this phase.
    AlreadyRailed,
    /// MAL-RAIL-2: the side's rail capacity is used up.
    CapacityUsed,
    /// Not on a friendly-controlled rail hex.
    NotOnRail,
}

impl NoRail {
    /// For people.
    pub fn describe(self) -> &'static str {
        match self {
            NoRail::NotRailPhase => "it is not its side's Rail Phase",
            NoRail::NotOnMap => "it is not on the map",
            NoRail::Unsupplied => "it is unsupplied (MAL-SUP-6, MAL-RAIL-3)",
            NoRail::MovedThisTurn => {
                "it moved in this player-turn's Movement or Naval Phase (MAL-RAIL-3)"
            }
            NoRail::AdjacentToEnemy => {
                "it was adjacent to an enemy unit when the Rail Phase began (MAL-RAIL-3)"
            }
            NoRail::AlreadyRailed => "it has already moved by rail this phase",
            NoRail::CapacityUsed => {
                "the side's rail capacity for this phase is used up (MAL-RAIL-2)"
            }
            NoRail::NotOnRail => "it is not on a friendly-controlled rail hex",
        }
    }
}

/// Why supply points may not be spent on a unit now (GS-4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoSpend {
    /// The scenario does not play the graded model.
    NotGraded,
    /// Not its side's Movement Phase.
    NotMovementPhase,
    /// Not on the map.
    NotOnMap,
    /// Already in full supply.
    AlreadyFull,
    /// Its side has fewer supply points than the cost.
    NoPoints,
}

impl NoSpend {
    /// For people.
    pub fn describe(self) -> &'static str {
        match self {
            NoSpend::NotGraded => "the scenario does not play graded supply (GS-4)",
            NoSpend::NotMovementPhase => "supply points are spent in the side's own Movement Phase",
            NoSpend::NotOnMap => "it is not on the map",
            NoSpend::AlreadyFull => "it is already in full supply",
            NoSpend::NoPoints => "its side has too few supply points (GS-4)",
        }
    }
}

/// GS-9: why a rebuild, a shipment out of a pocket or a pocket's
/// elimination is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoPool {
    /// The scenario plays no replacement points or pockets.
    Off,
    /// Only in the phasing side's Movement Phase, for its own units and pockets.
    NotYours,
    /// No pocket in that slot.
    NoPocket,
    /// The pool lacks the replacement points.
    NoRp {
        /// RPs needed.
        needed: u16,
        /// RPs the pool holds.
        held: u16,
    },
    /// The unit on the map has all the steps it sets up with.
    FullStrength,
    /// The unit is in no pool it could be rebuilt from (on the map
    /// elsewhere, or in the eliminated-isolated box).
    NotInPool,
    /// The hex is not one the unit may be rebuilt in: its own hex for a
    /// unit on the map; a hex of its pocket, or a friendly supply source
    /// for the front pool, with room and terrain it may stand in.
    BadHex,
    /// A unit on the map that is isolated but in no pocket draws from no pool.
    Isolated,
    /// A unit on the map outside any pocket must be in general supply to
    /// draw on the front pool.
    OutOfSupply,
    /// The scenario lets no pocket ship or fly out that.
    ShipClosed,
    /// The pocket has shipped out all it may this player-turn.
    ShipSpent,
    /// Nothing in the pool to ship out.
    NothingToShip,
}

impl NoPool {
    /// For people.
    pub fn describe(self) -> String {
        match self {
            NoPool::Off => "the scenario has no replacement points or pockets (GS-9)".into(),
            NoPool::NotYours => {
                "only the phasing side, in its Movement Phase, for its own units and pockets".into()
            }
            NoPool::NoPocket => "there is no such pocket".into(),
            NoPool::NoRp { needed, held } => {
                format!("the pool holds {held} replacement points, {needed} needed")
            }
            NoPool::FullStrength => "it has all its steps".into(),
            NoPool::NotInPool => "it lies in no pool it could be rebuilt from".into(),
            NoPool::BadHex => "it may not be rebuilt in that hex".into(),
            NoPool::Isolated => "it is isolated but in no pocket: no pool reaches it".into(),
            NoPool::OutOfSupply => {
                "it is not in general supply: the front pool does not reach it".into()
            }
            NoPool::ShipClosed => "the scenario lets no pocket ship or fly that out".into(),
            NoPool::ShipSpent => "the pocket has shipped out all it may this player-turn".into(),
            NoPool::NothingToShip => "there is nothing of that in the pool".into(),
        }
    }
}
