//! The boundary: a [`ScenarioFile`] (anything TOML can say) becomes a checked
//! [`Scenario`] (only what the rules can play), or a list of errors that
//! each name the file, line, column and what is wrong. Nothing here panics on
//! user data.
//!
//! [`Scenario::from_toml`] parses the file (`parse.rs`: every unknown key
//! and type error, not only the first), then one checking function per
//! section reads it, in the order below, recording every error in the
//! collector (`errors.rs`) and going on where it can; a section without
//! which nothing after it can be read (two sides, the movement classes, the
//! terrain types, the map) ends the check. The span helpers that read one
//! hex, side or cost are in `read.rs`.
//!
//! | file                | section                                         |
//! |---------------------|-------------------------------------------------|
//! | `meta.rs`           | `[scenario]`, `[[sides]]`                       |
//! | `terrain.rs`        | `[movement] classes`, `[[terrain]]`             |
//! | `map.rs`            | `[map]`: size and terrain grid                  |
//! | `routes.rs`         | route rates, `[[routes]]`                       |
//! | `hexsides.rs`       | hexside costs, `[hexsides]`, the cost tables    |
//! | `places.rs`         | `[places]`                                      |
//! | `supply.rs`         | `[supply]`: sources, model, attrition, ports    |
//! | `victory.rs`        | `[[objectives]]`, `[victory]`                   |
//! | `units.rs`          | `[unit_types]`                                  |
//! | `rules.rs`          | `[rules]`: stacking, phases, rail               |
//! | `setup.rs`          | `[[units]]`, `[control]`                        |
//! | `reinforcements.rs` | arrival turns, amphibious landings              |
//! | `graded.rs`         | `[supply]`: the graded model (GS-1..8)          |
//! | `weather.rs`        | `[supply.weather]`, `turn_weather` (GS-6)       |
//! | `pockets.rs`        | `[supply.pockets]` (GS-9)                       |
//! | `combat.rs`         | `[combat]`                                      |
//! | `srp.rs`            | `[srp]`: strategic resource points (GS-10)      |

mod combat;
mod errors;
mod graded;
mod hexsides;
mod known;
mod map;
mod meta;
mod parse;
mod places;
mod pockets;
mod read;
mod reinforcements;
mod routes;
mod rules;
mod setup;
mod srp;
mod supply;
mod terrain;
mod units;
mod victory;
mod weather;

pub use errors::{ScenarioError, ScenarioErrors};

use errors::Ctx;
use known::Known;

use super::file::ScenarioFile;
use super::{Scenario, ScenarioId, costs};

impl Scenario {
    /// Parses and checks a scenario file. `file` names it in error messages.
    pub fn from_toml(src: &str, file: &str) -> Result<Scenario, ScenarioErrors> {
        let mut cx = Ctx::new(src, file);
        // Every unknown key and type error (`parse.rs`), then the checks.
        let Some(raw) = parse::read(&mut cx) else {
            cx.errors.sort_by_key(|e| (e.line, e.col));
            return Err(ScenarioErrors(cx.errors));
        };
        let scen = Scenario::check(&mut cx, raw);
        match scen {
            Some(mut s) if cx.errors.is_empty() => {
                s.edges = costs::build_edges(&s);
                s.class_twins = costs::build_twins(&s);
                s.route_groups = costs::build_route_groups(&s);
                s.zoc_dirs = costs::build_dirs(&s);
                s.fort_dirs = costs::build_fort_dirs(&s);
                (s.source_candidates, s.source_fields) = costs::build_source_fields(&s);
                Ok(s)
            }
            _ => {
                cx.errors.sort_by_key(|e| (e.line, e.col));
                Err(ScenarioErrors(cx.errors))
            }
        }
    }

    /// Checks every section in order and assembles the scenario; `None` if
    /// a section the rest depends on is unusable. Errors go to `cx`: a
    /// `Some` with errors recorded is still a failure.
    fn check(cx: &mut Ctx<'_>, raw: ScenarioFile) -> Option<Scenario> {
        let (name, turns) = meta::check_meta(cx, &raw.scenario);
        let (sides, side_spans) = meta::check_sides(cx, &raw.sides)?;
        let classes = terrain::check_classes(cx, &raw.movement)?;
        let types = terrain::check_terrain(cx, &raw.terrain, &classes)?;
        let (grid, hex_terrain) = map::check_map(cx, &raw.map, &types)?;
        let route_rate = routes::check_route_rates(cx, &raw.movement, &classes);
        let crossing = hexsides::check_crossing_costs(cx, &raw.movement, &classes);
        let mut sides_bits = hexsides::check_hexsides(cx, &raw.hexsides, &grid);
        let routes = routes::check_routes(cx, &raw.routes, &grid, &mut sides_bits);
        let enter_cost = hexsides::enter_costs(&grid, classes.len(), &hex_terrain, &types.costs);
        let cross_cost = hexsides::cross_costs(&grid, classes.len(), &sides_bits, &crossing);
        let (places, place_names) = places::check_places(cx, &raw.places, &grid);
        let sources = supply::check_sources(cx, &raw.supply, &grid, &sides);
        let objectives = victory::check_objectives(cx, &raw.objectives, &grid, &sides);
        let (unit_types, type_index) = units::check_unit_types(cx, &raw.unit_types, &classes);
        let stacking = rules::check_stacking(cx, &raw.rules);
        let phases = rules::check_phases(cx, &raw.rules);
        let type_keys: Vec<String> = raw.unit_types.keys().cloned().collect();
        let known = Known {
            grid: &grid,
            sides: &sides,
            side_spans: &side_spans,
            turns,
            classes: &classes,
            terrain: &types,
            hex_terrain: &hex_terrain,
            hex_routes: &routes.hex_routes,
            route_rate: &route_rate,
            places: &places,
            unit_types: &unit_types,
            type_index: &type_index,
            type_keys: &type_keys,
            stacking,
        };
        let units = setup::check_units(cx, &raw.units, &known);
        let initial_control = setup::check_control(cx, &raw.control, &grid, &sides, &units);
        let victory = victory::check_victory(cx, &raw.victory, &sides);
        let mut supply = supply::check_supply(cx, &raw.supply, &grid, &sides);
        supply.graded = graded::check_graded(cx, &raw.supply, supply.model, &known);
        let (rail_capacity, rail_hexes) = rules::check_rail(cx, &raw.rules, &sides);
        let combat = combat::check_combat(cx, &raw.combat, &sides);
        let forts = places::forts(&grid, &places);
        let srp = raw.srp.as_ref().map(|r| srp::check_srp(cx, r, &sides));
        Some(Scenario {
            id: ScenarioId::fresh(),
            name,
            title: raw.scenario.title,
            description: raw.scenario.description.trim().to_string(),
            turn_length: raw.scenario.turn_length,
            turns: turns.clamp(1, 99) as u8,
            sides,
            grid,
            terrain: types.terrain,
            hex_terrain,
            classes,
            enter_cost,
            cross_cost,
            route_rate,
            sides_bits,
            hex_roads: routes.hex_roads,
            hex_routes: routes.hex_routes,
            routes: routes.routes,
            places,
            place_names,
            sources,
            objectives,
            initial_control,
            unit_types,
            units,
            victory,
            stacking,
            phases,
            supply,
            forts,
            rail_capacity,
            rail_hexes,
            edges: Vec::new(),
            class_twins: Vec::new(),
            route_groups: Vec::new(),
            zoc_dirs: Vec::new(),
            fort_dirs: Vec::new(),
            combat,
            source_candidates: Default::default(),
            source_fields: Vec::new(),
            srp,
        })
    }
}
