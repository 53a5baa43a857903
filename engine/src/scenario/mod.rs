//! The static part of a game: map, terrain, hexsides, routes, unit types,
//! set-up, victory and rule options. Built once from a file, checked, and
//! shared behind an `Arc` by every game played on it.
//!
//! The bottom of the engine's layers: nothing here imports anything of the
//! crate but [`crate::hex`]. This file holds [`Scenario`] and its accessors;
//! every type below is reachable as `scenario::X`.
//!
//! - `vocab.rs`: [`Mp`], [`Side`], [`SideInfo`].
//! - `ids.rs`: [`ScenarioId`], [`UnitId`], [`SupplyState`].
//! - `map.rs`: [`Terrain`], [`Route`], [`RouteKind`], the [`SideBits`] and
//!   [`PlaceBits`] flag words.
//! - `units.rs`: [`UnitKind`], [`UnitType`], [`UnitSetup`].
//! - `rules.rs`: [`PhaseKind`], [`Victory`], [`Objective`], the supply rules
//!   ([`SupplyRules`], [`GradedRules`], [`Weather`], [`SupplyEffect`]).
//! - `combat.rs`: [`CombatRules`], [`CrtResult`], [`LossModel`].
//! - `costs.rs`: the cost tables folded once at load (movement edges, ZOC
//!   directions, retreat source fields).
//! - `file.rs`: [`ScenarioFile`], the file as written, with spans.
//! - `load/`: the boundary, [`Scenario::from_toml`]: one checking function
//!   per section of the file, [`ScenarioErrors`] with `file:line:col`.

mod combat;
pub(crate) mod costs;
mod file;
mod ids;
mod load;
mod map;
mod rules;
mod units;
mod vocab;
mod works;

pub use combat::{CombatRules, CrtResult, LossModel};
pub use file::ScenarioFile;
pub use ids::{ScenarioId, SupplyState, UnitId, folded_id, id_problem, same_id, side_id_problem};
pub use load::{ScenarioError, ScenarioErrors};
pub use map::{PlaceBits, Route, RouteKind, SideBits, Terrain};
pub use rules::{
    GradedRules, Objective, PhaseKind, PocketRules, PortRule, SupplyEffect, SupplyModel,
    SupplyRules, Victory, Weather,
};
pub use units::{UnitKind, UnitSetup, UnitType};
pub use vocab::{Mp, Side, SideInfo};
pub use works::{SrpRules, Work};

use crate::hex::{Dir, Grid, HexId};

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
    pub(crate) sides_bits: Vec<SideBits>,
    /// Roads through each hex, as a bit set of road numbers (MP-MOV-6).
    pub(crate) hex_roads: Vec<u64>,
    /// Any route kind through each hex: bit 0 road, 1 track, 2 rail.
    pub(crate) hex_routes: Vec<u8>,
    pub(crate) routes: Vec<Route>,
    pub(crate) places: Vec<PlaceBits>,
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
    /// Per class, its twin ([`Scenario::class_twin`]; built after checking).
    pub(crate) class_twins: Vec<u8>,
    /// Per class, its route group ([`Scenario::route_group`]; built after checking).
    pub(crate) route_groups: Vec<u8>,
    /// Per hex, the directions its ZOC spreads into (built after checking).
    pub(crate) zoc_dirs: Vec<u8>,
    /// Per hex, the directions a fort there casts its ZOC into (MP-ZOC-5;
    /// built after checking).
    pub(crate) fort_dirs: Vec<u8>,
    /// MAL-CBT, D-CRT-1.
    pub(crate) combat: CombatRules,
    /// MAL-CBT-7: per side, the hexes that may be its supply sources
    /// (MAL-SUP-7), built after checking.
    pub(crate) source_candidates: [Vec<costs::SourceCandidate>; 2],
    /// MAL-CBT-7: per candidate field `k` and class, each hex's movement
    /// cost to that hex (`u32::MAX`: none), at `(k * classes + class) *
    /// hexes`; built after checking.
    pub(crate) source_fields: Vec<u32>,
    /// GS-10: strategic resource points, if the scenario has them.
    pub(crate) srp: Option<SrpRules>,
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

    /// MAL-CBT-7: the hexes that may be `side`'s supply sources (MAL-SUP-7:
    /// which are now is `rules::sources::is_source`).
    pub(crate) fn source_candidates(&self, side: Side) -> &[costs::SourceCandidate] {
        &self.source_candidates[side.index()]
    }

    /// MAL-CBT-7: each hex's movement cost for `class` to the candidate
    /// source `c`, by normal movement costs, enemy units ignored
    /// (`u32::MAX`: it cannot be reached).
    #[inline]
    pub(crate) fn source_field(&self, c: &costs::SourceCandidate, class: u8) -> &[u32] {
        let n = self.grid.len();
        let at = (c.field as usize * self.classes.len() + class as usize) * n;
        &self.source_fields[at..at + n]
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
            ids::same_id(&i.id, name) || ids::same_id(&i.name, name)
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
    /// The first movement class whose costs are `class`'s on every hexside
    /// and in every hex (`class` itself if no earlier one's are): a search
    /// by one's costs finds what a search by the other's would, so it is
    /// made once for both.
    #[inline]
    pub fn class_twin(&self, class: u8) -> u8 {
        self.class_twins
            .get(class as usize)
            .copied()
            .unwrap_or(class)
    }
    /// The first movement class that may cross every road or rail hexside
    /// `class` may, and no other (`class` itself if no earlier one may): the
    /// binary model's road/rail leg, traced by a unit of `class` across the
    /// hexsides its class can cross (MAL-SUP-5), is the same for both.
    #[inline]
    pub fn route_group(&self, class: u8) -> u8 {
        self.route_groups
            .get(class as usize)
            .copied()
            .unwrap_or(class)
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
    /// Hexside bits ([`SideBits`]) of `h` toward `d`.
    #[inline]
    pub fn hexside(&self, h: HexId, d: Dir) -> SideBits {
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
    /// Place bits ([`PlaceBits`]) of a hex.
    #[inline]
    pub fn places(&self, h: HexId) -> PlaceBits {
        self.places[h.index()]
    }
    /// Whether `h` is a fort (MP-ZOC-5).
    #[inline]
    pub fn is_fort(&self, h: HexId) -> bool {
        self.places[h.index()].contains(PlaceBits::FORT)
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
            .position(|u| ids::same_id(&u.id, id))
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
    /// GS-10: the scenario's strategic resource points, if it has them.
    pub fn srp(&self) -> Option<&SrpRules> {
        self.srp.as_ref()
    }
    /// All fort hexes.
    pub fn forts(&self) -> &[HexId] {
        &self.forts
    }
    /// Whether a unit of `class` may stand in `h`: it can enter the terrain,
    /// or a route it may follow passes through (armor on a mountain road),
    /// or a rail line does: a train may let any unit off where the line
    /// takes it (MAL-RAIL-1), though the scenario gives rail no rate for
    /// normal movement.
    pub fn can_stand(&self, h: HexId, class: u8) -> bool {
        if !self.enter_cost(h, class).is_no() || self.has_route(h, RouteKind::Rail) {
            return true;
        }
        [RouteKind::Road, RouteKind::Track]
            .into_iter()
            .any(|k| self.has_route(h, k) && !self.route_rate(k, class).is_no())
    }
}
