//! The scenario file as written by hand: a plain TOML shape with public
//! fields and source spans, checked into a [`Scenario`](super::Scenario) by
//! [`Scenario::from_toml`](super::Scenario::from_toml).
//!
//! `docs/SCENARIO-FORMAT.md` documents every field; keep the two in step.

use std::collections::BTreeMap;

use serde::Deserialize;
use toml::Spanned;

/// A string with its place in the file.
pub type SStr = Spanned<String>;

/// A whole scenario file.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioFile {
    /// Name, title, description, length.
    pub scenario: MetaFile,
    /// Exactly two sides; the first moves first in each game turn.
    pub sides: Spanned<Vec<SideFile>>,
    /// Size and terrain grid.
    pub map: MapFile,
    /// Terrain types, one per letter code.
    pub terrain: Spanned<Vec<TerrainFile>>,
    /// Movement classes and the route and hexside cost charts.
    pub movement: MovementFile,
    /// Hexside features by `"AAAA/BBBB"` pairs.
    #[serde(default)]
    pub hexsides: HexsidesFile,
    /// Roads, tracks and rail lines.
    #[serde(default)]
    pub routes: Vec<RouteFile>,
    /// Ports and forts.
    #[serde(default)]
    pub places: PlacesFile,
    /// Supply sources.
    #[serde(default)]
    pub supply: SupplyFile,
    /// Objectives with their victory points.
    #[serde(default)]
    pub objectives: Vec<ObjectiveFile>,
    /// Initial hex control.
    #[serde(default)]
    pub control: ControlFile,
    /// Unit types by key.
    pub unit_types: BTreeMap<String, Spanned<UnitTypeFile>>,
    /// The units, on the map at the start or arriving later.
    pub units: Vec<Spanned<UnitFile>>,
    /// Victory thresholds.
    pub victory: VictoryFile,
    /// Rule options.
    #[serde(default)]
    pub rules: RulesFile,
    /// Combat: the results table (D-CRT-1), air points, modifiers.
    #[serde(default)]
    pub combat: CombatFile,
    /// GS-10: strategic resource points and the works they pay for.
    #[serde(default)]
    pub srp: Option<Spanned<SrpFile>>,
}

/// `[srp]` (GS-10): strategic resource points. Leave the table out for a
/// scenario without them.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SrpFile {
    /// SRPs per side id at the start (default 0).
    #[serde(default)]
    pub initial: BTreeMap<SStr, Spanned<i64>>,
    /// SRPs per side id gained at the start of each of its player-turns (default 0).
    #[serde(default)]
    pub income: BTreeMap<SStr, Spanned<i64>>,
    /// Most SRPs a side may hold (default 99).
    #[serde(default)]
    pub max: Option<Spanned<i64>>,
    /// Works a side may do per player-turn (default 1).
    #[serde(default)]
    pub per_turn: Option<Spanned<i64>>,
    /// Cost of building a fort; left out: forts cannot be built.
    #[serde(default)]
    pub fort: Option<Spanned<i64>>,
    /// Cost of building an airbase; left out: airbases cannot be built.
    #[serde(default)]
    pub airbase: Option<Spanned<i64>>,
    /// Cost of repairing a broken rail hex; left out: no repairs.
    #[serde(default)]
    pub repair: Option<Spanned<i64>>,
    /// Cost of breaking a rail hex; left out: rail cannot be broken.
    #[serde(default)]
    pub demolish: Option<Spanned<i64>>,
    /// Which side ids may do a work (`fort`, `airbase`, `repair`,
    /// `demolish`); a work left out here is open to both sides.
    #[serde(default)]
    pub sides: BTreeMap<SStr, Spanned<Vec<SStr>>>,
    /// Air points each built airbase gives its controller per game turn (default 1).
    #[serde(default)]
    pub airbase_air: Option<Spanned<i64>>,
}

/// `[combat]` (MAL-CBT, D-CRT-1). Every field has a default; leave the
/// table out for the default Combat Results Table.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CombatFile {
    /// D-CRT-1: the odds columns, lowest first, as `"A:D"` (e.g. `"1:3"`, `"3:1"`).
    #[serde(default)]
    pub columns: Option<Spanned<Vec<SStr>>>,
    /// D-CRT-1: one row per die result (1 first), one result per column:
    /// `"-"`, `"A1"`, `"D1"`, `"D1R2"`, `"EX"`, `"A1D2R2"`.
    #[serde(default)]
    pub results: Option<Spanned<Vec<Spanned<Vec<SStr>>>>>,
    /// MAL-CBT-6, MP-CHG-5: `"steps"` (default) or `"morale"` (a loss is a
    /// morale point; morale below zero comes off combat strength).
    #[serde(default)]
    pub losses: Option<SStr>,
    /// MAL-CBT-5: air points per side id for each game turn (default 0).
    #[serde(default)]
    pub air: BTreeMap<SStr, Spanned<i64>>,
    /// MAL-CBT-5: the defender commits one air point when the odds column
    /// before air is at least this one, or it defends in terrain with a
    /// defense multiplier above 1 (default `"3:1"`).
    #[serde(default)]
    pub defender_air_at: Option<SStr>,
    /// Attack multiplier for a unit attacking across a river (default 0.5).
    #[serde(default)]
    pub river: Option<Spanned<f64>>,
    /// Attack multiplier for a unit attacking across a stream (default 1).
    #[serde(default)]
    pub stream: Option<Spanned<f64>>,
    /// Defense multiplier in a fort (default 2).
    #[serde(default)]
    pub fort: Option<Spanned<f64>>,
    /// MAL-CBT-10: extra steps each unit landing at a port loses (default 1).
    #[serde(default)]
    pub amphibious_loss: Option<Spanned<i64>>,
}

/// `[scenario]`
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MetaFile {
    /// Short name, as used on the command line.
    pub name: SStr,
    /// Title for people.
    pub title: String,
    /// A paragraph or two.
    #[serde(default)]
    pub description: String,
    /// Number of game turns.
    pub turns: Spanned<i64>,
    /// What one game turn stands for ("3 days", "1 hour").
    #[serde(default)]
    pub turn_length: String,
}

/// `[[sides]]`
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideFile {
    /// Identifier used in the file and on the command line.
    pub id: SStr,
    /// Name for people.
    pub name: String,
}

/// `[map]`
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MapFile {
    /// Number of columns.
    pub columns: Spanned<i64>,
    /// Number of rows.
    pub rows: Spanned<i64>,
    /// One line per row, north first; one terrain letter per column
    /// (spaces between letters are allowed and ignored).
    pub terrain: SStr,
}

/// `[[terrain]]`
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TerrainFile {
    /// The letter used in the map grid.
    pub code: SStr,
    /// Name (clear, jungle, town, ...).
    pub name: String,
    /// Cost to enter, per movement class: a number, or `"no"`.
    pub cost: Spanned<CostTable>,
    /// MP-ZOC-2: no ZOC reaches into this terrain and units in it exert none (towns, woods).
    #[serde(default)]
    pub no_zoc: bool,
    /// MAL-SUP-8: percentage points added to the attrition chance here.
    #[serde(default)]
    pub attrition: i64,
    /// MP-CHG-1: a charge may cross this terrain (clear ground).
    #[serde(default)]
    pub open: bool,
    /// MP-CHG-2: units here cannot be charged (woods, dunes, palm grove, town).
    #[serde(default)]
    pub no_charge: bool,
    /// MAL-CBT-4: defense strength multiplier for units here (default 1).
    #[serde(default)]
    pub defense: Option<Spanned<f64>>,
    /// Fill colour for drawings (`#rrggbb`); a default is picked from the name.
    #[serde(default)]
    pub color: Option<SStr>,
}

/// A movement cost: a number of movement points, or the word `"no"`.
#[derive(Clone, Debug, Deserialize)]
#[serde(untagged)]
pub enum CostValue {
    /// Whole points.
    Int(i64),
    /// Fractional points (multiples of 1/6).
    Float(f64),
    /// `"no"`: may not enter or cross.
    Word(String),
}

/// Movement class -> cost.
pub type CostTable = BTreeMap<SStr, Spanned<CostValue>>;

/// `[movement]`
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MovementFile {
    /// Movement classes: the columns of the cost charts.
    pub classes: Spanned<Vec<SStr>>,
    /// MP-MOV-4: rate paid per hex when following a road. A class left out pays terrain.
    #[serde(default)]
    pub road: CostTable,
    /// MP-MOV-7: rate paid per hex when following a track.
    #[serde(default)]
    pub track: CostTable,
    /// Rate paid per hex when following a rail line in normal movement.
    #[serde(default)]
    pub rail: CostTable,
    /// MP-MOV-2: added when crossing a stream without a bridge.
    #[serde(default)]
    pub stream: CostTable,
    /// Added when crossing a river at a ford (a river without bridge or ford is never crossed).
    #[serde(default)]
    pub ford: CostTable,
    /// Added when crossing a bridge (over a stream or a river), instead of the water's cost.
    #[serde(default)]
    pub bridge: CostTable,
    /// Added when crossing a slope uphill.
    #[serde(default)]
    pub slope: CostTable,
    /// Added when crossing a double slope, either way.
    #[serde(default)]
    pub double_slope: CostTable,
}

/// `[hexsides]`: each a list of `"AAAA/BBBB"` pairs of adjacent hexes.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HexsidesFile {
    /// Streams.
    #[serde(default)]
    pub stream: Vec<SStr>,
    /// Rivers.
    #[serde(default)]
    pub river: Vec<SStr>,
    /// Bridges over a stream or river.
    #[serde(default)]
    pub bridge: Vec<SStr>,
    /// Fords over a river.
    #[serde(default)]
    pub ford: Vec<SStr>,
    /// Slopes: `"LOW/HIGH"`, crossing from the first hex to the second is uphill.
    #[serde(default)]
    pub slope: Vec<SStr>,
    /// Double slopes (uphill both ways; block ZOC, MP-ZOC-3).
    #[serde(default)]
    pub double_slope: Vec<SStr>,
    /// Steep slopes, cliffs: never crossed (MP-MOV-2).
    #[serde(default)]
    pub steep: Vec<SStr>,
}

/// `[[routes]]`
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RouteFile {
    /// `road`, `track` or `rail`.
    pub kind: SStr,
    /// Name, unique among routes.
    pub name: SStr,
    /// The hexes in order, each adjacent to the one before.
    pub hexes: Vec<SStr>,
}

/// `[places]`
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlacesFile {
    /// East-coast ports.
    #[serde(default)]
    pub east_ports: Vec<SStr>,
    /// West-coast ports.
    #[serde(default)]
    pub west_ports: Vec<SStr>,
    /// Forts (MP-ZOC-5).
    #[serde(default)]
    pub forts: Vec<SStr>,
    /// Named hexes (towns, cities) for maps and logs.
    #[serde(default)]
    pub names: BTreeMap<String, SStr>,
}

/// `[supply]`
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SupplyFile {
    /// `"none"` (default), `"binary"` (MAL-SUP) or `"graded"` (GS).
    #[serde(default)]
    pub model: Option<SStr>,
    /// Supply source hexes per side id.
    #[serde(default)]
    pub sources: BTreeMap<SStr, Vec<SStr>>,
    /// MAL-SUP-8: base attrition chance, percent (default 30).
    #[serde(default)]
    pub attrition: Option<Spanned<i64>>,
    /// MAL-SUP-8: `"both"` (default: every unsupplied unit in every Supply
    /// Phase, the rule's letter) or `"phasing"` (only the phasing side's).
    #[serde(default)]
    pub attrition_sides: Option<SStr>,
    /// MAL-SUP-7: a side supplied through the ports it controls.
    #[serde(default)]
    pub ports: Option<PortsFile>,
    /// GS-6: weather tables by name, `[supply.weather.NAME]`; the first in
    /// the file is the default weather. Graded model only.
    #[serde(default)]
    pub weather: BTreeMap<SStr, Spanned<WeatherFile>>,
    /// GS-6: the weather of each game turn, one name per turn (default: the
    /// first weather every turn). Not `weather`: that key holds the tables.
    #[serde(default)]
    pub turn_weather: Option<Spanned<Vec<SStr>>>,
    /// GS-5: the Supply Effects Chart, one `[[supply.effects]]` per level.
    #[serde(default)]
    pub effects: Vec<Spanned<EffectFile>>,
    /// GS-4: supply points each side receives at each of its supply
    /// judgement phases, per side id (default 0).
    #[serde(default)]
    pub supply_points: BTreeMap<SStr, Spanned<i64>>,
    /// GS-4: supply points each side holds at the start, per side id (default 0).
    #[serde(default)]
    pub starting_points: BTreeMap<SStr, Spanned<i64>>,
    /// GS-4: supply points spent to put one unit in full supply (default 1).
    #[serde(default)]
    pub sp_cost: Option<Spanned<i64>>,
    /// GS-4: supply points each attack costs its side (default 0). An
    /// attack cannot be declared without them.
    #[serde(default)]
    pub attack_sp: Option<Spanned<i64>>,
    /// GS-1, GS-4: special (non-national) supply sources per side id.
    #[serde(default)]
    pub special_sources: BTreeMap<SStr, Vec<SStr>>,
    /// GS-1: how far (movement points, by the unit's own costs) a unit may
    /// trace to a special source (default: the turn's `hq_range`).
    #[serde(default)]
    pub special_range: Option<Spanned<f64>>,
    /// GS-8: movement points an enemy ZOC hex adds to a line of communication (default 2).
    #[serde(default)]
    pub zoc_cost: Option<Spanned<f64>>,
    /// GS-7: extra step losses an isolated unit takes in combat (default 1).
    #[serde(default)]
    pub isolated_losses: Option<Spanned<i64>>,
    /// GS-8: the movement class whose costs a line of communication pays
    /// (default: the first class).
    #[serde(default)]
    pub loc_class: Option<SStr>,
    /// GS-3: one-way links, nation = the other nations whose HQs give its
    /// units full supply (`australia = ["britain"]`).
    #[serde(default)]
    pub full_supply_from: BTreeMap<SStr, Vec<SStr>>,
    /// GS-9: replacement points and isolated pockets, `[supply.pockets]`
    /// (default: none). Graded model only.
    #[serde(default)]
    pub pockets: Option<Spanned<PocketsFile>>,
}

/// `[supply.pockets]` (GS-9): replacement points (RPs), the front pool and
/// the isolated pools of pockets.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PocketsFile {
    /// RPs each side's front pool receives at each of its supply
    /// judgements, per side id (default 0).
    #[serde(default)]
    pub rp_per_turn: BTreeMap<SStr, Spanned<i64>>,
    /// RPs each side's front pool holds at the start, per side id (default 0).
    #[serde(default)]
    pub initial_rp: BTreeMap<SStr, Spanned<i64>>,
    /// RPs to rebuild one step (default 1).
    #[serde(default)]
    pub step_rp: Option<Spanned<i64>>,
    /// Special replacements: RPs each step lost puts in the unit's pool
    /// (default 0).
    #[serde(default)]
    pub loss_rp: Option<Spanned<i64>>,
    /// Whether an isolated unit taking a loss forms a pocket (default true).
    #[serde(default)]
    pub form: Option<Spanned<bool>>,
    /// RPs each pocket may ship or fly out per player-turn (default 0).
    #[serde(default)]
    pub ship_rp: Option<Spanned<i64>>,
    /// Eliminated units each pocket may ship or fly out per player-turn (default 0).
    #[serde(default)]
    pub ship_units: Option<Spanned<i64>>,
}

/// `[supply.weather.NAME]` (GS-6).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WeatherFile {
    /// Longest road element of a supply line, in hexes (default: no limit).
    #[serde(default)]
    pub road: Option<Spanned<i64>>,
    /// Longest rail element of a supply line, in hexes (default: no limit).
    #[serde(default)]
    pub rail: Option<Spanned<i64>>,
    /// Overland HQ supply range in movement points (default 7); a line of
    /// communication may be three times as long (GS-8).
    #[serde(default)]
    pub hq_range: Option<Spanned<f64>>,
}

/// `[[supply.effects]]` (GS-5): one row of the Supply Effects Chart.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EffectFile {
    /// `"limited"` (or `"U0"`), `"special"`, or `"U1"` to `"U8"`.
    pub level: SStr,
    /// Movement allowance multiplier, 0 to 1 (default 1).
    #[serde(default)]
    pub movement: Option<Spanned<f64>>,
    /// Attack strength multiplier, 0 to 1 (default 1).
    #[serde(default)]
    pub attack: Option<Spanned<f64>>,
    /// Defense strength multiplier, 0 to 1 (default 1).
    #[serde(default)]
    pub defense: Option<Spanned<f64>>,
    /// Whether the unit still exerts a ZOC (default true).
    #[serde(default)]
    pub zoc: Option<bool>,
}

/// `[supply.ports]`
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PortsFile {
    /// The side.
    pub side: SStr,
    /// East-coast ports it controls are sources (default true).
    #[serde(default = "yes")]
    pub east: bool,
    /// West-coast ports become sources once this hex is captured with its
    /// shipping intact (Penang); leave out for "always".
    #[serde(default)]
    pub west_after: Option<SStr>,
    /// Percent chance the shipping is captured intact (default 100).
    #[serde(default)]
    pub west_chance: Option<Spanned<i64>>,
}

fn yes() -> bool {
    true
}

/// `[[objectives]]`
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ObjectiveFile {
    /// The hex.
    pub hex: SStr,
    /// Name for people.
    #[serde(default)]
    pub name: String,
    /// Victory points to the side that controls it at the end.
    pub vp: Spanned<i64>,
    /// Only this side scores it (default: whichever side controls it).
    #[serde(default)]
    pub side: Option<SStr>,
}

/// `[control]`
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ControlFile {
    /// Side controlling every hex not listed (default: none).
    #[serde(default)]
    pub default: Option<SStr>,
    /// Hexes per side id.
    #[serde(default)]
    pub hexes: BTreeMap<SStr, Vec<SStr>>,
}

/// A list of numbers per step, or a single number for one-step units.
#[derive(Clone, Debug, Deserialize)]
#[serde(untagged)]
pub enum PerStep {
    /// One value: a one-step unit.
    One(f64),
    /// Full strength first, then each reduced step.
    Steps(Vec<f64>),
}

/// `[unit_types.KEY]`
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitTypeFile {
    /// Name for people.
    pub name: String,
    /// What the rules see: infantry, cavalry, camel, artillery, leader, armor, hq.
    pub kind: SStr,
    /// Movement class (a column of the cost charts); default: the kind.
    #[serde(default)]
    pub class: Option<SStr>,
    /// Movement allowance in movement points.
    pub movement: Spanned<f64>,
    /// Attack strength per step.
    pub attack: Spanned<PerStep>,
    /// Defense strength per step (default: the attack strengths).
    #[serde(default)]
    pub defense: Option<Spanned<PerStep>>,
    /// Morale value (Napoleonic units).
    #[serde(default)]
    pub morale: Option<Spanned<i64>>,
    /// Command radius (leaders).
    #[serde(default)]
    pub command: Option<Spanned<i64>>,
    /// Whether it exerts a ZOC at all (default true; artillery never does, MP-ZOC-4).
    #[serde(default)]
    pub zoc: Option<bool>,
    /// Nationality, for graded supply (GS-3).
    #[serde(default)]
    pub nation: Option<String>,
    /// GS-3: a coalition (or command) HQ, giving full supply to every nation
    /// of its side. Only for `kind = "hq"`. (`command` is the leaders' radius.)
    #[serde(default)]
    pub coalition: Option<Spanned<bool>>,
    /// Short counter text (default: from the name).
    #[serde(default)]
    pub symbol: Option<String>,
}

/// `[[units]]`
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitFile {
    /// Unique id.
    pub id: SStr,
    /// Name for people (default: the id).
    #[serde(default)]
    pub name: Option<String>,
    /// Side id.
    pub side: SStr,
    /// Unit type key.
    #[serde(rename = "type")]
    pub unit_type: SStr,
    /// Set-up hex, or entry hex for a reinforcement.
    pub hex: SStr,
    /// Reinforcement: the game turn it arrives (default: on the map at the start).
    #[serde(default)]
    pub turn: Option<Spanned<i64>>,
    /// Steps at set-up (default: the type's full steps).
    #[serde(default)]
    pub steps: Option<Spanned<i64>>,
    /// MAL-CBT-10: a reinforcement that lands from the sea at its entry hex
    /// (a port), attacking the port's defenders if the enemy holds it.
    #[serde(default)]
    pub amphibious: bool,
}

/// `[victory]`
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VictoryFile {
    /// Victory points per enemy step eliminated, attrition included (default 1).
    #[serde(default)]
    pub step_vp: Option<Spanned<i64>>,
    /// VP margin for a decisive victory.
    pub decisive: Spanned<i64>,
    /// VP margin for a marginal victory; below it the game is a draw.
    pub marginal: Spanned<i64>,
    /// VP each side holds before play (the designer's handicap), by side id.
    #[serde(default)]
    pub bonus: BTreeMap<SStr, Spanned<i64>>,
}

/// `[rules]`
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RulesFile {
    /// D-STACK-1: units per hex (default 3).
    #[serde(default)]
    pub stacking: Option<Spanned<i64>>,
    /// D-TURN-1: the phases of a player-turn, in order
    /// (default `["supply", "movement", "rail", "combat"]`).
    #[serde(default)]
    pub phases: Option<Spanned<Vec<SStr>>>,
    /// MAL-RAIL-2: units each side may move by rail per Rail Phase (default 1;
    /// 2 for the Commonwealth's "Increased Rail Capacity" option).
    #[serde(default)]
    pub rail_capacity: BTreeMap<SStr, Spanned<i64>>,
    /// MAL-RAIL-1: most rail hexes in one rail move (default 40).
    #[serde(default)]
    pub rail_hexes: Option<Spanned<i64>>,
}
