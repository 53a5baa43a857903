//! The map's key, from the scenario ([`LegendJson`]): each terrain on the
//! map with its colour, its cost to enter per movement class and its
//! defense factor; each hexside feature and route with the colour the map
//! draws it in and what crossing it or following it costs. The page adds
//! the markers, badges and highlights it draws itself.

use hexwar_engine::scenario::{RouteKind, SideBits};
use hexwar_engine::{Dir, HexId, Scenario};
use serde::Serialize;

use crate::draw::map_svg::colors;

/// A terrain type on the map.
#[derive(Clone, Debug, Serialize)]
pub struct TerrainLine {
    /// Name.
    pub name: String,
    /// Its colour on the map.
    pub color: String,
    /// MP to enter, per movement class (`no`: may not).
    pub costs: Vec<String>,
    /// Defense multiplier of units in it.
    pub defense: f64,
}

/// A hexside feature or route on the map.
#[derive(Clone, Debug, Serialize)]
pub struct FeatureLine {
    /// `river`, `stream`, `bridge`, `ford`, `slope`, `double_slope`,
    /// `steep`, `road`, `track`, `rail`.
    pub kind: &'static str,
    /// Its colour on the map.
    pub color: &'static str,
    /// Crossing it (a hexside) or a hex along it (a route), MP per
    /// movement class; empty where the map shows it only.
    pub costs: Vec<String>,
}

/// The key of the map.
#[derive(Clone, Debug, Serialize)]
pub struct LegendJson {
    /// Movement class names, in the order of every `costs`.
    pub classes: Vec<String>,
    /// Terrain on the map.
    pub terrain: Vec<TerrainLine>,
    /// Hexside features on the map.
    pub hexsides: Vec<FeatureLine>,
    /// Routes on the map.
    pub routes: Vec<FeatureLine>,
}

/// Hexside features, the bit that marks each, and its map colour.
const SIDES: [(&str, SideBits, &str); 7] = [
    ("river", SideBits::RIVER, colors::RIVER),
    ("stream", SideBits::STREAM, colors::STREAM),
    ("bridge", SideBits::BRIDGE, colors::BRIDGE),
    ("ford", SideBits::FORD, colors::RIVER),
    ("slope", SideBits::UPHILL, colors::SLOPE),
    ("double_slope", SideBits::DOUBLE_SLOPE, colors::SLOPE),
    ("steep", SideBits::STEEP, colors::STEEP),
];

/// Builds the key of `scen`'s map.
pub fn legend(scen: &Scenario) -> LegendJson {
    let grid = scen.grid();
    let classes = scen.classes().len() as u8;
    let per_class = |f: &dyn Fn(u8) -> String| (0..classes).map(f).collect::<Vec<_>>();
    let mut terrain = Vec::new();
    for (i, t) in scen.terrain_types().iter().enumerate() {
        let Some(h) = grid.hexes().find(|&h| scen.terrain_index(h) == i) else {
            continue;
        };
        terrain.push(TerrainLine {
            name: t.name.clone(),
            color: t.color.clone(),
            costs: per_class(&|c| scen.enter_cost(h, c).to_string()),
            defense: t.defense,
        });
    }
    let mut hexsides = Vec::new();
    for (kind, bit, color) in SIDES {
        let Some((h, d)) = plainest_side(scen, bit) else {
            continue;
        };
        // A slope is climbed from its low side: the cost is the uphill one.
        hexsides.push(FeatureLine {
            kind,
            color,
            costs: per_class(&|c| scen.cross_cost(h, d, c).to_string()),
        });
    }
    let routes = [
        ("road", RouteKind::Road, colors::ROAD),
        ("track", RouteKind::Track, colors::TRACK),
        ("rail", RouteKind::Rail, colors::RAIL),
    ]
    .into_iter()
    .filter(|(_, k, _)| scen.routes().iter().any(|r| r.kind == *k))
    .map(|(kind, k, color)| FeatureLine {
        kind,
        color,
        costs: if k == RouteKind::Rail {
            Vec::new()
        } else {
            per_class(&|c| scen.route_rate(k, c).to_string())
        },
    })
    .collect();
    LegendJson {
        classes: scen.classes().to_vec(),
        terrain,
        hexsides,
        routes,
    }
}

/// A hexside with `bit` and as few other features as may be (no route
/// across it, no other water or slope), for its crossing cost.
fn plainest_side(scen: &Scenario, bit: SideBits) -> Option<(HexId, Dir)> {
    let grid = scen.grid();
    let others = SideBits::RIVER
        | SideBits::STREAM
        | SideBits::BRIDGE
        | SideBits::FORD
        | SideBits::UPHILL
        | SideBits::DOWNHILL
        | SideBits::DOUBLE_SLOPE
        | SideBits::STEEP
        | SideBits::ROAD
        | SideBits::TRACK
        | SideBits::RAIL;
    let mut any = None;
    for h in grid.hexes() {
        for d in Dir::ALL {
            let b = scen.hexside(h, d);
            if !b.contains(bit) || !grid.neighbour(h, d).is_some() {
                continue;
            }
            let rest = b & others & !bit;
            // A bridge or ford is over water: only the water may go with it.
            let water = SideBits::RIVER | SideBits::STREAM;
            let plain = if bit == SideBits::BRIDGE || bit == SideBits::FORD {
                (rest & !water).is_empty()
            } else {
                rest.is_empty()
            };
            if plain {
                return Some((h, d));
            }
            any.get_or_insert((h, d));
        }
    }
    any
}
