//! Unit types and set-up: what a unit is for the rules (its kind), what a
//! type of unit can do, and where each unit starts or arrives.

use super::vocab::name_in;
use super::{Mp, Side};
use crate::hex::HexId;

/// What the rules see in a unit: drives ZOC, charges and supply rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnitKind {
    /// Foot.
    Infantry,
    /// Mounted (MP-ZOC-8), may charge (MP-CHG-1).
    Cavalry,
    /// Camel troops: not mounted for the rules (MP-CHG-1).
    Camel,
    /// No ZOC (MP-ZOC-4); never retreats from a charge (MP-CHG-4).
    Artillery,
    /// Mounted; morale from strength and command (MP-CHG-3).
    Leader,
    /// Tracked and wheeled units (MAL-CBT-2, MAL-SUP-5).
    Armor,
    /// Headquarters (GS-3).
    Hq,
}

impl UnitKind {
    /// Every kind with its file name.
    pub const NAMES: [(&'static str, UnitKind); 7] = [
        ("infantry", UnitKind::Infantry),
        ("cavalry", UnitKind::Cavalry),
        ("camel", UnitKind::Camel),
        ("artillery", UnitKind::Artillery),
        ("leader", UnitKind::Leader),
        ("armor", UnitKind::Armor),
        ("hq", UnitKind::Hq),
    ];

    /// The name used in files.
    pub fn name(self) -> &'static str {
        name_in(&Self::NAMES, self)
    }

    /// Mounted for MP-ZOC-8 and MP-CHG-1: cavalry and leaders (camels are not).
    pub fn is_mounted(self) -> bool {
        matches!(self, UnitKind::Cavalry | UnitKind::Leader)
    }
}

/// A unit type.
#[derive(Clone, Debug)]
pub struct UnitType {
    /// Key in the file.
    pub key: String,
    /// Name for people.
    pub name: String,
    /// Rule kind.
    pub kind: UnitKind,
    /// Movement class index (column of the cost charts).
    pub class: u8,
    /// Movement allowance.
    pub movement: Mp,
    /// Attack strength per step, full first.
    pub attack: Vec<f64>,
    /// Defense strength per step, full first.
    pub defense: Vec<f64>,
    /// Morale value, if the unit has one.
    pub morale: Option<u8>,
    /// Command radius (leaders).
    pub command: u8,
    /// Exerts a ZOC at all (MP-ZOC-4: never for artillery).
    pub exerts_zoc: bool,
    /// Nationality (GS-3).
    pub nation: String,
    /// GS-3: a coalition (command) HQ: full supply to every nation of its side.
    pub coalition: bool,
    /// Short text for counters.
    pub symbol: String,
}

impl UnitType {
    /// Number of steps at full strength.
    pub fn steps(&self) -> u8 {
        self.attack.len() as u8
    }
}

/// A unit's set-up.
#[derive(Clone, Debug)]
pub struct UnitSetup {
    /// Unique id.
    pub id: String,
    /// Name for people.
    pub name: String,
    /// Owner.
    pub side: Side,
    /// Index into [`Scenario::unit_types`](super::Scenario::unit_types).
    pub unit_type: u16,
    /// Set-up hex, or entry hex for reinforcements.
    pub hex: HexId,
    /// Arrival turn (1 = on the map at the start).
    pub arrives: u8,
    /// Steps at set-up.
    pub steps: u8,
    /// MAL-CBT-10: lands from the sea at its entry port.
    pub amphibious: bool,
}
