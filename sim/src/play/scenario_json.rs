//! `GET /api/scenario` ([`ScenarioJson`]): what the page draws and never
//! changes: sides, phases, every hex with its centre on `/map.svg`, every
//! unit as set up, the combat table's columns.

use hexwar_engine::scenario::PlaceBits;
use hexwar_engine::{Scenario, Side, UnitId};
use serde::Serialize;

use super::legend::{LegendJson, legend};
use crate::draw::map_svg;

/// A side by id and name.
#[derive(Clone, Debug, Serialize)]
pub struct SideJson {
    /// Id.
    pub id: String,
    /// Name.
    pub name: String,
    /// Its counters' colour (as `hexwar show --svg` draws them).
    pub color: &'static str,
}

/// An objective on a hex.
#[derive(Clone, Debug, Serialize)]
pub struct ObjectiveJson {
    /// Name.
    pub name: String,
    /// Victory points.
    pub vp: i32,
    /// The only side that scores it, if one.
    pub side: Option<String>,
}

/// One hex of the map.
#[derive(Clone, Debug, Serialize)]
pub struct HexJson {
    /// Label.
    pub label: String,
    /// Centre, SVG units of `/map.svg`.
    pub x: f64,
    /// Centre, SVG units of `/map.svg`.
    pub y: f64,
    /// Terrain name.
    pub terrain: String,
    /// Place name.
    pub name: Option<String>,
    /// A named place.
    pub town: bool,
    /// A port.
    pub port: bool,
    /// A fort.
    pub fort: bool,
    /// The objective there.
    pub objective: Option<ObjectiveJson>,
}

/// One unit as set up.
#[derive(Clone, Debug, Serialize)]
pub struct UnitInfo {
    /// Id.
    pub id: String,
    /// Name.
    pub name: String,
    /// Side id.
    pub side: String,
    /// Unit type name.
    #[serde(rename = "type")]
    pub unit_type: String,
    /// Rule kind.
    pub kind: &'static str,
    /// Counter symbol.
    pub symbol: String,
    /// Steps at full strength.
    pub steps: u8,
    /// Attack per step, full first.
    pub attack: Vec<f64>,
    /// Defense per step, full first.
    pub defense: Vec<f64>,
    /// Movement allowance.
    pub movement: f64,
    /// Morale value.
    pub morale: Option<u8>,
    /// Arrival turn.
    pub arrives: u8,
    /// Set-up or entry hex.
    pub hex: String,
}

/// The combat table's shape.
#[derive(Clone, Debug, Serialize)]
pub struct CombatInfo {
    /// Column names, lowest first.
    pub columns: Vec<String>,
    /// Air points per side each game turn.
    pub air: [u8; 2],
}

/// `GET /api/scenario`.
#[derive(Clone, Debug, Serialize)]
pub struct ScenarioJson {
    /// Name.
    pub name: String,
    /// Title.
    pub title: String,
    /// Description.
    pub description: String,
    /// Game turns.
    pub turns: u8,
    /// Both sides.
    pub sides: [SideJson; 2],
    /// The person's side id.
    pub human: String,
    /// The AI spec (a level by its name).
    pub ai: String,
    /// The levels a person may choose for the AI, weakest first.
    pub levels: [&'static str; 4],
    /// The phases of a player-turn.
    pub phases: Vec<&'static str>,
    /// Centre to corner, SVG units.
    pub hex_size: f64,
    /// Drawing width.
    pub width: f64,
    /// Drawing height.
    pub height: f64,
    /// Every hex.
    pub hexes: Vec<HexJson>,
    /// Every unit.
    pub units: Vec<UnitInfo>,
    /// Combat table.
    pub combat: CombatInfo,
    /// Units a hex may hold (D-STACK-1).
    pub stacking: u8,
    /// `binary` or `graded` supply.
    pub supply_model: &'static str,
    /// The map's key.
    pub legend: LegendJson,
}

/// A scenario the New game dialog offers.
#[derive(Clone, Debug, Serialize)]
pub struct ScenarioChoice {
    /// Name (a built-in's, or the file's).
    pub name: String,
    /// Title.
    pub title: String,
    /// Both sides.
    pub sides: [SideJson; 2],
}

/// A scenario as the New game dialog lists it.
pub fn scenario_choice(scen: &Scenario) -> ScenarioChoice {
    let colors = map_svg::side_colors(scen);
    ScenarioChoice {
        name: scen.name().to_string(),
        title: scen.title().to_string(),
        sides: Side::BOTH.map(|s| SideJson {
            id: scen.side(s).id.clone(),
            name: scen.side(s).name.clone(),
            color: colors[s.index()],
        }),
    }
}

/// Builds `GET /api/scenario`.
pub fn scenario_json(scen: &Scenario, human: Side, ai: &str) -> ScenarioJson {
    let grid = scen.grid();
    let (width, height) = map_svg::dimensions(scen);
    let side_id = |s: Side| scen.side(s).id.clone();
    let hexes =
        grid.hexes()
            .map(|h| {
                let (x, y) = map_svg::hex_centre(scen, h);
                let name = scen.place_name(h).map(str::to_string);
                HexJson {
                    label: grid.label(h),
                    x: (x * 10.0).round() / 10.0,
                    y: (y * 10.0).round() / 10.0,
                    terrain: scen.terrain(h).name.clone(),
                    town: name.is_some(),
                    name,
                    port: scen
                        .places(h)
                        .intersects(PlaceBits::EAST_PORT | PlaceBits::WEST_PORT),
                    fort: scen.is_fort(h),
                    objective: scen.objectives().iter().find(|o| o.hex == h).map(|o| {
                        ObjectiveJson {
                            name: o.name.clone(),
                            vp: o.vp,
                            side: o.side.map(side_id),
                        }
                    }),
                }
            })
            .collect();
    let units = scen
        .units()
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let ty = scen.unit_type(UnitId(i as u16));
            UnitInfo {
                id: s.id.clone(),
                name: s.name.clone(),
                side: side_id(s.side),
                unit_type: ty.name.clone(),
                kind: ty.kind.name(),
                symbol: ty.symbol.clone(),
                steps: ty.steps(),
                attack: ty.attack.clone(),
                defense: ty.defense.clone(),
                movement: ty.movement.as_f64(),
                morale: ty.morale,
                arrives: s.arrives,
                hex: grid.label(s.hex),
            }
        })
        .collect();
    let c = scen.combat();
    let choice = scenario_choice(scen);
    ScenarioJson {
        name: scen.name().to_string(),
        title: scen.title().to_string(),
        description: scen.description().to_string(),
        turns: scen.turns(),
        sides: choice.sides,
        human: side_id(human),
        ai: ai.to_string(),
        levels: hexwar_ai::LEVELS,
        phases: scen.phases().iter().map(|p| p.name()).collect(),
        hex_size: map_svg::SIZE,
        width,
        height,
        hexes,
        units,
        combat: CombatInfo {
            columns: (0..c.columns.len()).map(|i| c.column_name(i)).collect(),
            air: c.air,
        },
        stacking: scen.stacking(),
        supply_model: if scen.supply_rules().graded.is_some() {
            "graded"
        } else {
            "binary"
        },
        legend: legend(scen),
    }
}
