//! The static part of a game: map, terrain, hexsides, routes, unit types,
//! set-up, victory and rule options. Built once from a file, checked, and
//! shared behind an `Arc` by every game played on it.

pub(crate) mod costs;
mod file;
mod ids;
mod load;

pub use file::ScenarioFile;
pub use ids::{ScenarioId, SupplyState, UnitId};
pub use load::{ScenarioError, ScenarioErrors};

use std::fmt;

use crate::hex::{Dir, Grid, HexId};

/// Movement points in fixed point: `Mp(6)` is one point, so halves and thirds
/// are exact and sums never round.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Default,
    serde::Serialize,
    serde::Deserialize,
)]
#[serde(transparent)]
pub struct Mp(pub u16);

impl Mp {
    /// Ticks per movement point.
    pub const SCALE: u16 = 6;
    /// Zero.
    pub const ZERO: Mp = Mp(0);
    /// One movement point.
    pub const ONE: Mp = Mp(Self::SCALE);
    /// Cannot enter / cannot cross.
    pub const NO: Mp = Mp(u16::MAX);

    /// Whole points.
    pub const fn points(n: u16) -> Mp {
        Mp(n * Self::SCALE)
    }

    /// True for [`Mp::NO`].
    #[inline]
    pub fn is_no(self) -> bool {
        self == Mp::NO
    }

    /// As a float, for people and JSON.
    pub fn as_f64(self) -> f64 {
        self.0 as f64 / Self::SCALE as f64
    }
}

impl fmt::Display for Mp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_no() {
            return f.write_str("no");
        }
        let whole = self.0 / Self::SCALE;
        match self.0 % Self::SCALE {
            0 => write!(f, "{whole}"),
            3 => write!(f, "{whole}.5"),
            _ => write!(f, "{:.2}", self.as_f64()),
        }
    }
}

/// One of the two sides. `Side(0)` moves first in each game turn.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub struct Side(pub u8);

impl Side {
    /// Both sides, in turn order.
    pub const BOTH: [Side; 2] = [Side(0), Side(1)];

    /// The other side.
    #[inline]
    pub fn other(self) -> Side {
        Side(1 - self.0)
    }

    /// 0 or 1.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A side's names.
#[derive(Clone, Debug)]
pub struct SideInfo {
    /// Identifier (file, command line).
    pub id: String,
    /// Name for people.
    pub name: String,
}

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

/// The file name of `v` in a `(name, value)` table.
fn name_in<T: PartialEq>(table: &[(&'static str, T)], v: T) -> &'static str {
    table.iter().find(|(_, k)| *k == v).map_or("?", |(n, _)| n)
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
    /// Index into [`Scenario::unit_types`].
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

/// Kinds of route.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RouteKind {
    /// Roads (MP-MOV-4..6).
    Road,
    /// Tracks (MP-MOV-7).
    Track,
    /// Rail lines (MAL-RAIL).
    Rail,
}

impl RouteKind {
    /// Name used in files.
    pub fn name(self) -> &'static str {
        match self {
            RouteKind::Road => "road",
            RouteKind::Track => "track",
            RouteKind::Rail => "rail",
        }
    }
}

/// A named road, track or rail line.
#[derive(Clone, Debug)]
pub struct Route {
    /// Kind.
    pub kind: RouteKind,
    /// Name.
    pub name: String,
    /// Hexes in order.
    pub hexes: Vec<HexId>,
}

/// A terrain type.
#[derive(Clone, Debug)]
pub struct Terrain {
    /// Letter in the grid.
    pub code: char,
    /// Name.
    pub name: String,
    /// MP-ZOC-2: no ZOC into or out of it.
    pub no_zoc: bool,
    /// MAL-SUP-8 attrition modifier, percentage points.
    pub attrition: i8,
    /// MP-CHG-1: charges may cross it.
    pub open: bool,
    /// MP-CHG-2: units in it cannot be charged.
    pub no_charge: bool,
    /// MAL-CBT-4: defense strength multiplier for units in it.
    pub defense: f64,
    /// Drawing colour.
    pub color: String,
}

/// An objective.
#[derive(Clone, Debug)]
pub struct Objective {
    /// Hex.
    pub hex: HexId,
    /// Name.
    pub name: String,
    /// Victory points.
    pub vp: i32,
    /// Only this side scores it.
    pub side: Option<Side>,
}

/// Phases of a player-turn (D-TURN-1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PhaseKind {
    /// Supply judgement (automatic).
    Supply,
    /// Normal movement.
    Movement,
    /// Rail movement.
    Rail,
    /// Combat.
    Combat,
    /// Naval movement.
    Naval,
    /// Rally.
    Rally,
}

impl PhaseKind {
    /// Every phase with its file name.
    pub const NAMES: [(&'static str, PhaseKind); 6] = [
        ("supply", PhaseKind::Supply),
        ("movement", PhaseKind::Movement),
        ("rail", PhaseKind::Rail),
        ("combat", PhaseKind::Combat),
        ("naval", PhaseKind::Naval),
        ("rally", PhaseKind::Rally),
    ];

    /// Name used in files and logs.
    pub fn name(self) -> &'static str {
        name_in(&Self::NAMES, self)
    }
}

/// Victory thresholds (D-TURN-3).
#[derive(Clone, Debug)]
pub struct Victory {
    /// VP per enemy step eliminated.
    pub step_vp: i32,
    /// Margin for a decisive victory.
    pub decisive: i32,
    /// Margin for a marginal victory.
    pub marginal: i32,
}

/// Which supply rules a scenario plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum SupplyModel {
    /// Every unit is always in supply.
    #[default]
    None,
    /// Supplied or not (MAL-SUP-1..8).
    Binary,
    /// Full, limited, out, special, with U-levels and HQs (GS-1..8).
    Graded,
}

/// MAL-SUP-7: a side that draws supply from ports it controls.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PortRule {
    /// The side.
    pub side: Side,
    /// East-coast ports it controls are sources.
    pub east: bool,
    /// West-coast ports become sources once this hex (Penang) is captured
    /// with its shipping intact; `None`: always.
    pub west_after: Option<HexId>,
    /// Percent chance the shipping is captured intact, rolled once.
    pub west_chance: u8,
}

/// Supply rules of a scenario.
#[derive(Clone, Debug, Default)]
pub struct SupplyRules {
    /// The model.
    pub model: SupplyModel,
    /// MAL-SUP-8: base attrition chance in percent for an unsupplied unit
    /// (default 30 in the binary model, 0 in the graded one).
    pub attrition: u8,
    /// MAL-SUP-8: attrition strikes both sides' unsupplied units in each
    /// Supply Phase (the rule's letter), or only the phasing side's.
    pub attrition_both_sides: bool,
    /// MAL-SUP-7 ports.
    pub ports: Option<PortRule>,
    /// GS-1..8: the graded model's data; `Some` exactly when the model is
    /// [`SupplyModel::Graded`].
    pub graded: Option<GradedRules>,
}

/// GS-6: what one kind of weather does to supply lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weather {
    /// Name, as in the file.
    pub name: String,
    /// Longest road element of a supply line, in hexes (`u16::MAX`: no limit).
    pub road: u16,
    /// Longest rail element of a supply line, in hexes (`u16::MAX`: no limit).
    pub rail: u16,
    /// Overland range from a unit to an HQ (GS-3); three times this is the
    /// longest line of communication (GS-8).
    pub hq_range: Mp,
}

impl Weather {
    /// GS-8: the longest line of communication, three times the HQ range.
    pub fn loc_range(&self) -> Mp {
        Mp(self.hq_range.0.saturating_mul(3))
    }
}

/// GS-5: one row of the Supply Effects Chart: multipliers on movement
/// allowance and strengths (fractions kept), and whether ZOC is kept.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SupplyEffect {
    /// Movement allowance multiplier (0 to 1).
    pub movement: f64,
    /// Attack strength multiplier (0 to 1).
    pub attack: f64,
    /// Defense strength multiplier (0 to 1).
    pub defense: f64,
    /// The unit still exerts its ZOC.
    pub zoc: bool,
}

impl SupplyEffect {
    /// No effect: full supply, or a level the chart leaves unrestricted.
    pub const NONE: SupplyEffect = SupplyEffect {
        movement: 1.0,
        attack: 1.0,
        defense: 1.0,
        zoc: true,
    };
}

/// The graded supply model's data (GS-1..8), from `[supply]`.
#[derive(Clone, Debug, PartialEq)]
pub struct GradedRules {
    /// GS-6: the weather kinds, in file order (at least one).
    pub weathers: Vec<Weather>,
    /// GS-6: index into `weathers` for each game turn (turn 1 first).
    pub turn_weather: Vec<u8>,
    /// GS-5: effects for limited supply (index 0, "U0") and U1..U8, each
    /// level missing from the chart filled from the nearest lower one.
    pub levels: [SupplyEffect; 9],
    /// GS-5: the chart's row for special supply, if it has one (else a
    /// special-supplied unit has the row of the level it holds).
    pub special: Option<SupplyEffect>,
    /// GS-4: supply points each side receives at each of its supply judgements.
    pub supply_points: [u16; 2],
    /// GS-4: supply points each side starts with.
    pub starting_points: [u16; 2],
    /// GS-4: supply points to put one unit in full supply.
    pub sp_cost: u16,
    /// GS-4: supply points each attack costs.
    pub attack_sp: u16,
    /// GS-1: special supply sources per side.
    pub special_sources: [Vec<HexId>; 2],
    /// GS-1: range to a special source; `None`: the turn's HQ range.
    pub special_range: Option<Mp>,
    /// GS-8: what an enemy ZOC hex adds to a line of communication.
    pub zoc_cost: Mp,
    /// GS-7: extra step losses for an isolated unit in combat (for combat).
    pub isolated_losses: u8,
    /// GS-8: the movement class whose costs lines of communication pay.
    pub loc_class: u8,
    /// GS-3: the nations, in order of first mention among the unit types.
    pub nations: Vec<String>,
    /// GS-3: index into `nations` per unit type.
    pub type_nation: Vec<u8>,
}

impl GradedRules {
    /// GS-6: the weather of game turn `turn` (from 1).
    pub fn weather(&self, turn: u8) -> &Weather {
        let i = self
            .turn_weather
            .get(turn.saturating_sub(1) as usize)
            .copied()
            .unwrap_or(0);
        &self.weathers[i as usize]
    }

    /// GS-5: the chart's row for a unit in `state` at `u_level`; `None` in
    /// full supply. Out of supply reads U1..U8 (a U0 there counts as U1);
    /// special supply reads the chart's "special" row, or else the row of
    /// the level it holds (U0: limited).
    pub fn effect(&self, state: SupplyState, u_level: u8) -> Option<&SupplyEffect> {
        use SupplyState as S;
        let level = (u_level as usize).min(8);
        match state {
            S::Full => None,
            S::Limited => Some(&self.levels[0]),
            S::Out => Some(&self.levels[level.max(1)]),
            S::Special => Some(self.special.as_ref().unwrap_or(&self.levels[level])),
        }
    }
}

/// Bits of a hexside, as seen from the hex it belongs to.
pub mod side_bits {
    /// A stream runs along it.
    pub const STREAM: u16 = 1 << 0;
    /// A river runs along it.
    pub const RIVER: u16 = 1 << 1;
    /// Bridged.
    pub const BRIDGE: u16 = 1 << 2;
    /// Ford.
    pub const FORD: u16 = 1 << 3;
    /// Crossing out of this hex is uphill.
    pub const UPHILL: u16 = 1 << 4;
    /// Crossing out of this hex is downhill.
    pub const DOWNHILL: u16 = 1 << 5;
    /// Double slope.
    pub const DOUBLE_SLOPE: u16 = 1 << 6;
    /// Steep: never crossed.
    pub const STEEP: u16 = 1 << 7;
    /// A road crosses it.
    pub const ROAD: u16 = 1 << 8;
    /// A track crosses it.
    pub const TRACK: u16 = 1 << 9;
    /// A rail line crosses it.
    pub const RAIL: u16 = 1 << 10;
    /// MP-ZOC-3: no ZOC across it (stream, river, double slope).
    pub const BLOCKS_ZOC: u16 = STREAM | RIVER | DOUBLE_SLOPE;
}

/// Bits of a hex's places.
pub mod place_bits {
    /// East-coast port.
    pub const EAST_PORT: u8 = 1 << 0;
    /// West-coast port.
    pub const WEST_PORT: u8 = 1 << 1;
    /// Fort.
    pub const FORT: u8 = 1 << 2;
}

/// A checked scenario. Build with [`Scenario::from_toml`]; share as `Arc<Scenario>`.
#[derive(Clone, Debug)]
pub struct Scenario {
    pub(crate) id: ScenarioId,
    pub(crate) name: String,
    pub(crate) title: String,
    pub(crate) description: String,
    pub(crate) turn_length: String,
    pub(crate) turns: u8,
    pub(crate) sides: [SideInfo; 2],
    pub(crate) grid: Grid,
    pub(crate) terrain: Vec<Terrain>,
    pub(crate) hex_terrain: Vec<u8>,
    pub(crate) classes: Vec<String>,
    /// Entry cost per `(hex, class)`: `hex * classes + class`.
    pub(crate) enter_cost: Vec<Mp>,
    /// Crossing cost per `(hex, dir, class)`: `(hex * 6 + dir) * classes + class`.
    pub(crate) cross_cost: Vec<Mp>,
    /// Route rates per `(kind, class)`: `kind * classes + class`.
    pub(crate) route_rate: Vec<Mp>,
    /// Hexside bits per `(hex, dir)`.
    pub(crate) sides_bits: Vec<u16>,
    /// Roads through each hex, as a bit set of road numbers (MP-MOV-6).
    pub(crate) hex_roads: Vec<u64>,
    /// Any route kind through each hex: bit 0 road, 1 track, 2 rail.
    pub(crate) hex_routes: Vec<u8>,
    pub(crate) routes: Vec<Route>,
    pub(crate) places: Vec<u8>,
    pub(crate) place_names: Vec<(HexId, String)>,
    pub(crate) sources: [Vec<HexId>; 2],
    pub(crate) objectives: Vec<Objective>,
    pub(crate) initial_control: Vec<u8>,
    pub(crate) unit_types: Vec<UnitType>,
    pub(crate) units: Vec<UnitSetup>,
    pub(crate) victory: Victory,
    pub(crate) stacking: u8,
    pub(crate) phases: Vec<PhaseKind>,
    pub(crate) supply: SupplyRules,
    pub(crate) forts: Vec<HexId>,
    pub(crate) rail_capacity: [u8; 2],
    pub(crate) rail_hexes: u16,
    /// Per-class step table for movement searches (built after checking).
    pub(crate) edges: Vec<[costs::Edge; 6]>,
    /// Per hex, the directions its ZOC spreads into (built after checking).
    pub(crate) zoc_dirs: Vec<u8>,
    /// MAL-CBT, D-CRT-1.
    pub(crate) combat: CombatRules,
    /// MAL-CBT-7: per `side * classes + class`, each hex's movement cost to
    /// the side's nearest supply source (`u32::MAX`: none), built after checking.
    pub(crate) source_fields: Vec<Vec<u32>>,
}

/// D-CRT-1: one result of the Combat Results Table.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub struct CrtResult {
    /// Steps the attacker loses.
    pub attacker: u8,
    /// Steps the defender loses.
    pub defender: u8,
    /// Hexes the defender retreats (0: none).
    pub retreat: u8,
}

impl CrtResult {
    /// Reads `"-"`, `"EX"`, or `A<n>`, `D<n>`, `R<n>` in that order
    /// (`"A1"`, `"D1R2"`, `"A1D1"`). `None` if it is none of those.
    pub fn parse(s: &str) -> Option<CrtResult> {
        let s = s.trim();
        let mut r = CrtResult::default();
        if s == "-" {
            return Some(r);
        }
        if s.eq_ignore_ascii_case("EX") {
            r.attacker = 1;
            r.defender = 1;
            return Some(r);
        }
        let mut rest = s;
        let mut last = 0;
        while !rest.is_empty() {
            let (letter, tail) = rest.split_at(1);
            let slot = match letter {
                "A" | "a" => 1,
                "D" | "d" => 2,
                "R" | "r" => 3,
                _ => return None,
            };
            if slot <= last {
                return None;
            }
            last = slot;
            let digits = tail.bytes().take_while(u8::is_ascii_digit).count();
            if digits == 0 || digits > 2 {
                return None;
            }
            let n: u8 = tail[..digits].parse().ok()?;
            match slot {
                1 => r.attacker = n,
                2 => r.defender = n,
                _ => r.retreat = n,
            }
            rest = &tail[digits..];
        }
        if r == CrtResult::default() {
            return None;
        }
        Some(r)
    }
}

impl fmt::Display for CrtResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if *self == CrtResult::default() {
            return f.write_str("-");
        }
        if self.attacker > 0 {
            write!(f, "A{}", self.attacker)?;
        }
        if self.defender > 0 {
            write!(f, "D{}", self.defender)?;
        }
        if self.retreat > 0 {
            write!(f, "R{}", self.retreat)?;
        }
        Ok(())
    }
}

/// How combat losses are taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LossModel {
    /// MAL-CBT-6: step losses.
    Steps,
    /// MP-CHG-5: each loss is a morale point; morale below zero comes off
    /// combat strength; a unit with no strength left is eliminated.
    Morale,
}

/// MAL-CBT and D-CRT-1: the combat rules of a scenario.
#[derive(Clone, Debug)]
pub struct CombatRules {
    /// Odds columns, lowest first, as (attack, defense).
    pub columns: Vec<(u16, u16)>,
    /// `results[die - 1][column]`.
    pub results: Vec<Vec<CrtResult>>,
    /// How losses are taken.
    pub losses: LossModel,
    /// Air points per side each game turn (MAL-CBT-5).
    pub air: [u8; 2],
    /// The defender commits an air point from this column up (MAL-CBT-5).
    pub defender_air_at: usize,
    /// Attack multiplier across a river.
    pub river: f64,
    /// Attack multiplier across a stream.
    pub stream: f64,
    /// Defense multiplier in a fort.
    pub fort: f64,
    /// MAL-CBT-10: extra steps lost by each landing unit.
    pub amphibious_loss: u8,
}

impl CombatRules {
    /// The die's number of faces: one row of the table per face.
    pub fn die(&self) -> u8 {
        self.results.len() as u8
    }

    /// A column's name, `"3:1"`.
    pub fn column_name(&self, i: usize) -> String {
        let (a, d) = self.columns[i];
        format!("{a}:{d}")
    }

    /// D-CRT-1: the column for `attack` against `defense`: the highest whose
    /// ratio the odds reach; below the first, the first; a defense of zero,
    /// the last.
    pub fn column(&self, attack: f64, defense: f64) -> usize {
        if defense <= 0.0 {
            return self.columns.len() - 1;
        }
        let mut col = 0;
        for (i, &(a, d)) in self.columns.iter().enumerate() {
            // attack/defense >= a/d, without dividing; a hair of tolerance
            // for strengths like 1/3 that f64 cannot hold exactly.
            if attack * d as f64 + 1e-9 >= defense * a as f64 {
                col = i;
            }
        }
        col
    }

    /// The default table (D-CRT-1), documented in docs/SCENARIO-FORMAT.md.
    pub fn default_table() -> (Vec<(u16, u16)>, Vec<Vec<CrtResult>>) {
        const COLUMNS: [(u16, u16); 8] = [
            (1, 3),
            (1, 2),
            (1, 1),
            (2, 1),
            (3, 1),
            (4, 1),
            (5, 1),
            (6, 1),
        ];
        const ROWS: [[&str; 8]; 6] = [
            ["A2", "A2", "A1", "A1", "A1", "EX", "D1", "D1R2"],
            ["A2", "A1", "A1", "A1", "EX", "D1", "D1R2", "D1R2"],
            ["A1", "A1", "EX", "EX", "D1", "D1R2", "D1R2", "D2R2"],
            ["A1", "EX", "D1", "D1", "D1R2", "D1R2", "D2R2", "D2R2"],
            ["A1", "D1", "D1R2", "D1R2", "D1R2", "D2R2", "D2R2", "D2R2"],
            ["EX", "D1R2", "D1R2", "D2R2", "D2R2", "D2R2", "D3R2", "D3R2"],
        ];
        let rows = ROWS
            .iter()
            .map(|r| {
                r.iter()
                    .map(|c| CrtResult::parse(c).unwrap_or_default())
                    .collect()
            })
            .collect();
        (COLUMNS.to_vec(), rows)
    }
}

impl Default for CombatRules {
    fn default() -> Self {
        let (columns, results) = CombatRules::default_table();
        CombatRules {
            columns,
            results,
            losses: LossModel::Steps,
            air: [0, 0],
            defender_air_at: 4,
            river: 0.5,
            stream: 1.0,
            fort: 2.0,
            amphibious_loss: 1,
        }
    }
}

impl Scenario {
    /// This scenario's identity, for caches of tables built from it: never
    /// shared with another scenario, even one built later at the same address.
    pub fn id(&self) -> u64 {
        self.id.get()
    }

    /// Short name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// MAL-CBT and D-CRT-1: the combat rules and results table.
    pub fn combat(&self) -> &CombatRules {
        &self.combat
    }

    /// MAL-CBT-7: each hex's movement cost for `class` to `side`'s nearest
    /// supply source, by normal movement costs, enemy units ignored
    /// (`u32::MAX`: none reachable).
    pub fn source_field(&self, side: Side, class: u8) -> &[u32] {
        &self.source_fields[side.index() * self.classes.len() + class as usize]
    }
    /// Title.
    pub fn title(&self) -> &str {
        &self.title
    }
    /// Description.
    pub fn description(&self) -> &str {
        &self.description
    }
    /// What a game turn stands for.
    pub fn turn_length(&self) -> &str {
        &self.turn_length
    }
    /// Number of game turns.
    pub fn turns(&self) -> u8 {
        self.turns
    }
    /// The side's names.
    pub fn side(&self, s: Side) -> &SideInfo {
        &self.sides[s.index()]
    }
    /// Finds a side by id or name, ignoring case.
    pub fn side_by_name(&self, name: &str) -> Option<Side> {
        Side::BOTH.into_iter().find(|s| {
            let i = self.side(*s);
            i.id.eq_ignore_ascii_case(name) || i.name.eq_ignore_ascii_case(name)
        })
    }
    /// The map's shape.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }
    /// Terrain types.
    pub fn terrain_types(&self) -> &[Terrain] {
        &self.terrain
    }
    /// Terrain of a hex.
    #[inline]
    pub fn terrain(&self, h: HexId) -> &Terrain {
        &self.terrain[self.hex_terrain[h.index()] as usize]
    }
    /// Terrain index of a hex.
    #[inline]
    pub fn terrain_index(&self, h: HexId) -> usize {
        self.hex_terrain[h.index()] as usize
    }
    /// Movement class names.
    pub fn classes(&self) -> &[String] {
        &self.classes
    }
    /// Cost for `class` to enter `h` by its terrain (MP-MOV-1).
    #[inline]
    pub fn enter_cost(&self, h: HexId, class: u8) -> Mp {
        self.enter_cost[h.index() * self.classes.len() + class as usize]
    }
    /// Cost for `class` to cross the hexside of `h` in direction `d` (MP-MOV-2).
    #[inline]
    pub fn cross_cost(&self, h: HexId, d: Dir, class: u8) -> Mp {
        self.cross_cost[(h.index() * 6 + d as usize) * self.classes.len() + class as usize]
    }
    /// Rate for `class` when following a route of `kind` (MP-MOV-4, MP-MOV-7).
    #[inline]
    pub fn route_rate(&self, kind: RouteKind, class: u8) -> Mp {
        self.route_rate[kind as usize * self.classes.len() + class as usize]
    }
    /// Hexside bits ([`side_bits`]) of `h` toward `d`.
    #[inline]
    pub fn hexside(&self, h: HexId, d: Dir) -> u16 {
        self.sides_bits[h.index() * 6 + d as usize]
    }
    /// Roads through `h` as a bit set of road numbers.
    #[inline]
    pub fn roads_at(&self, h: HexId) -> u64 {
        self.hex_roads[h.index()]
    }
    /// Whether any route of `kind` passes through `h`.
    #[inline]
    pub fn has_route(&self, h: HexId, kind: RouteKind) -> bool {
        self.hex_routes[h.index()] & (1 << kind as u8) != 0
    }
    /// All routes.
    pub fn routes(&self) -> &[Route] {
        &self.routes
    }
    /// Place bits ([`place_bits`]) of a hex.
    #[inline]
    pub fn places(&self, h: HexId) -> u8 {
        self.places[h.index()]
    }
    /// Whether `h` is a fort (MP-ZOC-5).
    #[inline]
    pub fn is_fort(&self, h: HexId) -> bool {
        self.places[h.index()] & place_bits::FORT != 0
    }
    /// Named hexes.
    pub fn place_names(&self) -> &[(HexId, String)] {
        &self.place_names
    }
    /// The name of a hex, if it has one.
    pub fn place_name(&self, h: HexId) -> Option<&str> {
        self.place_names
            .iter()
            .find(|(p, _)| *p == h)
            .map(|(_, n)| n.as_str())
    }
    /// A side's supply sources.
    pub fn sources(&self, s: Side) -> &[HexId] {
        &self.sources[s.index()]
    }
    /// Objectives.
    pub fn objectives(&self) -> &[Objective] {
        &self.objectives
    }
    /// Initial control of a hex: 0 none, 1 + side.
    pub fn initial_control(&self) -> &[u8] {
        &self.initial_control
    }
    /// Unit types.
    pub fn unit_types(&self) -> &[UnitType] {
        &self.unit_types
    }
    /// Units' set-up, indexed by [`UnitId`].
    pub fn units(&self) -> &[UnitSetup] {
        &self.units
    }
    /// A unit's set-up.
    #[inline]
    pub fn unit(&self, u: UnitId) -> &UnitSetup {
        &self.units[u.index()]
    }
    /// A unit's type.
    #[inline]
    pub fn unit_type(&self, u: UnitId) -> &UnitType {
        &self.unit_types[self.units[u.index()].unit_type as usize]
    }
    /// Finds a unit by id, ignoring case.
    pub fn unit_by_id(&self, id: &str) -> Option<UnitId> {
        self.units
            .iter()
            .position(|u| u.id.eq_ignore_ascii_case(id))
            .map(|i| UnitId(i as u16))
    }
    /// Victory thresholds.
    pub fn victory(&self) -> &Victory {
        &self.victory
    }
    /// D-STACK-1 stacking limit.
    pub fn stacking(&self) -> u8 {
        self.stacking
    }
    /// D-TURN-1 phases of each player-turn.
    pub fn phases(&self) -> &[PhaseKind] {
        &self.phases
    }
    /// Supply rules.
    pub fn supply_rules(&self) -> &SupplyRules {
        &self.supply
    }
    /// MAL-RAIL-2: units `side` may move by rail per Rail Phase.
    pub fn rail_capacity(&self, side: Side) -> u8 {
        self.rail_capacity[side.index()]
    }
    /// MAL-RAIL-1: most hexes in one rail move.
    pub fn rail_hexes(&self) -> u16 {
        self.rail_hexes
    }
    /// All fort hexes.
    pub fn forts(&self) -> &[HexId] {
        &self.forts
    }
    /// Whether a unit of `class` may stand in `h`: it can enter the terrain,
    /// or a route it may follow passes through (armor on a mountain road).
    pub fn can_stand(&self, h: HexId, class: u8) -> bool {
        if !self.enter_cost(h, class).is_no() {
            return true;
        }
        [RouteKind::Road, RouteKind::Track, RouteKind::Rail]
            .into_iter()
            .any(|k| self.has_route(h, k) && !self.route_rate(k, class).is_no())
    }
}
