//! Shared inputs for the benches, and the contenders they race.
//!
//! - [`movement_scenario`]: a 100 x 100 (10,000-hex) map of mixed terrain,
//!   the same for a given seed, with one unit of a chosen movement allowance
//!   at the centre and one enemy unit in a far corner. No roads, no hexside
//!   features, no enemy within reach (so no ZOC): entering a hex costs exactly
//!   its terrain cost, which peer crates can reproduce from [`terrain_points`].
//! - [`units_scenario`]: a 40 x 40 map of the same terrain mix with many
//!   units, for clone benches.
//! - [`ours`], [`pathfinding_reach`], [`hexx_reach`]: "every hex a unit can
//!   reach, with its cost" by our engine and by two peer crates, on the same
//!   input. [`normalise_ours`] and friends turn each answer into a sorted
//!   `(hex, whole points)` list so the benches (and the tests below) can
//!   assert that they agree before timing them.
//! - [`supply_scenario`]: the same 10,000-hex map with roads, rail lines,
//!   supply sources and 200 units of two movement classes, some cut off.
//! - [`supply`]: whole-side supply judgement by the engine, by its petgraph
//!   version, and by one `petgraph::algo::dijkstra` per unit.
//! - [`trace`]: one unit's supply trace, kept per position, beside the
//!   trace that judges the whole side, in built-in positions.
//! - [`midgame`]: the mid-game positions the guided search is timed on.
//! - [`play_random_game`]: one random-vs-random playout, the kernel of the
//!   games-per-second bench.
//!
//! Every input goes through the real loader ([`Scenario::from_toml`]).

use std::collections::HashSet;
use std::fmt::Write as _;

pub mod midgame;
pub mod supply;
pub mod trace;

use hexwar_ai::{AiRng, Player, RandomPlayer};
use hexwar_engine::hex::Axial;
use hexwar_engine::movement::{self, Scratch};
use hexwar_engine::{GameState, Grid, HexId, Mp, Scenario, UnitId};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// Columns and rows of the movement bench map.
pub const MAP_SIZE: u16 = 100;

/// Columns and rows of the clone bench map (1,600 hexes: the built-in
/// scenarios have 320 to 600).
pub const CLONE_MAP_SIZE: u16 = 40;

/// Movement allowances raced in the movement bench.
pub const ALLOWANCES: [u16; 3] = [4, 8, 12];

/// Seed of the bench map.
pub const MAP_SEED: u64 = 0x4845_5857_4152; // "HEXWAR"

/// The terrain of the bench map: letter, name, cost in whole movement points
/// (`None`: may not enter), and weight out of 100 in the random draw.
pub const TERRAIN: [(char, &str, Option<u32>, u32); 5] = [
    ('c', "clear", Some(1), 45),
    ('w', "woods", Some(2), 20),
    ('h', "hills", Some(2), 15),
    ('m', "marsh", Some(3), 10),
    ('l', "lake", None, 10),
];

/// Cost in whole points for the second movement class, `wheel`, to enter
/// each terrain of [`TERRAIN`] (`None`: may not enter). Written only when a
/// unit uses that class.
pub const WHEEL_COST: [Option<u32>; 5] = [Some(1), Some(3), Some(3), None, None];

/// Road rate for both classes, in movement points, on maps with routes.
/// Rail lines have no rate in normal movement (as in Malaya): following one
/// pays the terrain.
pub const ROAD_RATE: &str = "0.5";

/// Index of clear terrain in [`TERRAIN`], forced under every unit.
const CLEAR: u8 = 0;

/// The bench unit's id in [`movement_scenario`].
pub const MOVER: UnitId = UnitId(0);

/// A second blue unit of the same allowance in the same hex. Searching for
/// [`MOVER`] and [`TWIN`] in turn makes the engine search afresh each time:
/// it keeps the last search and skips a repeat for the same unit and state
/// (the player's search then the engine's apply of its choice).
pub const TWIN: UnitId = UnitId(1);

/// A unit to place: side 0 or 1, movement class, movement allowance, column
/// and row from 1.
#[derive(Clone, Copy, Debug)]
pub struct Placement {
    /// 0 moves first.
    pub side: u8,
    /// Movement class: 0 foot (infantry), 1 wheel (armor, [`WHEEL_COST`]).
    pub class: u8,
    /// Movement allowance in whole points.
    pub movement: u16,
    /// Column, from 1.
    pub column: u16,
    /// Row, from 1.
    pub row: u16,
}

/// Terrain indices into [`TERRAIN`] for a `size` x `size` map, row-major,
/// drawn from `seed`.
pub fn terrain_grid(seed: u64, size: u16) -> Vec<u8> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let n = size as usize * size as usize;
    (0..n)
        .map(|_| {
            let mut x = rng.random_range(0..100);
            let mut t = 0;
            while x >= TERRAIN[t].3 {
                x -= TERRAIN[t].3;
                t += 1;
            }
            t as u8
        })
        .collect()
}

/// Roads, rail lines and supply sources for a generated map (all empty for
/// the movement and clone maps). Hexes are `(column, row)` from 1.
#[derive(Clone, Debug, Default)]
pub struct Network {
    /// Each route: rail (`true`) or road, and its hexes, each adjacent to the
    /// one before.
    pub routes: Vec<(bool, Vec<(u16, u16)>)>,
    /// Supply sources of side 0 and side 1. With any source, the scenario
    /// gets `[supply] model = "binary"`.
    pub sources: [Vec<(u16, u16)>; 2],
}

/// The TOML text of a bench scenario: the `size` x `size` map from `seed`
/// with `units` on it (their hexes forced to clear). Each side needs at
/// least one unit.
pub fn scenario_toml(seed: u64, size: u16, units: &[Placement]) -> String {
    map_toml(seed, size, units, &Network::default())
}

/// [`scenario_toml`] with roads, rail lines and supply sources. With an
/// empty `net` the text is exactly that of [`scenario_toml`].
pub fn map_toml(seed: u64, size: u16, units: &[Placement], net: &Network) -> String {
    let mut grid = terrain_grid(seed, size);
    let size = size as usize;
    for u in units {
        grid[(u.row as usize - 1) * size + (u.column as usize - 1)] = CLEAR;
    }
    // D-MAP-1 labels: column then row, two digits each, three past 99.
    let w = size.to_string().len().max(2);
    let label = |(c, r): (u16, u16)| format!("\"{c:0w$}{r:0w$}\"");
    let wheel = units.iter().any(|u| u.class == 1);
    let mut s = String::with_capacity(2 * grid.len() + 200 * units.len() + 2000);
    let _ = writeln!(
        s,
        "[scenario]\nname = \"bench\"\ntitle = \"Bench map {size} x {size}, seed {seed}\"\nturns = 10\n"
    );
    s.push_str("[[sides]]\nid = \"blue\"\nname = \"Blue\"\n\n");
    s.push_str("[[sides]]\nid = \"red\"\nname = \"Red\"\n\n");
    let _ = writeln!(
        s,
        "[map]\ncolumns = {size}\nrows = {size}\nterrain = \"\"\""
    );
    for row in grid.chunks(size) {
        s.extend(row.iter().map(|&t| TERRAIN[t as usize].0));
        s.push('\n');
    }
    s.push_str("\"\"\"\n\n");
    let points = |c: Option<u32>| c.map_or("\"no\"".to_string(), |c| c.to_string());
    for (i, (code, name, cost, _)) in TERRAIN.into_iter().enumerate() {
        let mut cost = format!("foot = {}", points(cost));
        if wheel {
            let _ = write!(cost, ", wheel = {}", points(WHEEL_COST[i]));
        }
        let _ = writeln!(
            s,
            "[[terrain]]\ncode = \"{code}\"\nname = \"{name}\"\ncost = {{ {cost} }}\n"
        );
    }
    s.push_str(if wheel {
        "[movement]\nclasses = [\"foot\", \"wheel\"]\n"
    } else {
        "[movement]\nclasses = [\"foot\"]\n"
    });
    if !net.routes.is_empty() {
        let wheel_rate = if wheel {
            format!(", wheel = {ROAD_RATE}")
        } else {
            String::new()
        };
        let _ = writeln!(s, "road = {{ foot = {ROAD_RATE}{wheel_rate} }}");
    }
    s.push('\n');
    let (mut roads, mut rails) = (0, 0);
    for (rail, hexes) in &net.routes {
        let (kind, name) = if *rail {
            rails += 1;
            ("rail", format!("Rail {rails}"))
        } else {
            roads += 1;
            ("road", format!("Road {roads}"))
        };
        let hexes: Vec<String> = hexes.iter().map(|&h| label(h)).collect();
        let _ = writeln!(
            s,
            "[[routes]]\nkind = \"{kind}\"\nname = \"{name}\"\nhexes = [{}]\n",
            hexes.join(", ")
        );
    }
    if net.sources.iter().any(|v| !v.is_empty()) {
        s.push_str("[supply]\nmodel = \"binary\"\nattrition = 0\n");
        for (side, hexes) in ["blue", "red"].into_iter().zip(&net.sources) {
            let hexes: Vec<String> = hexes.iter().map(|&h| label(h)).collect();
            let _ = writeln!(s, "sources.{side} = [{}]", hexes.join(", "));
        }
        s.push('\n');
    }
    let mut types: Vec<(u8, u16)> = units.iter().map(|u| (u.class, u.movement)).collect();
    types.sort_unstable();
    types.dedup();
    for (class, ma) in types {
        let (key, name, kind, class) = if class == 0 {
            ("ma", "Infantry", "infantry", "foot")
        } else {
            ("wh", "Motorised", "armor", "wheel")
        };
        let _ = writeln!(
            s,
            "[unit_types.{key}{ma}]\nname = \"{name} (MA {ma})\"\nkind = \"{kind}\"\nclass = \"{class}\"\nmovement = {ma}\nattack = [4, 2]\n"
        );
    }
    for (i, u) in units.iter().enumerate() {
        let side = ["blue", "red"][u.side as usize];
        let key = ["ma", "wh"][u.class as usize];
        let _ = writeln!(
            s,
            "[[units]]\nid = \"u{i}\"\nside = \"{side}\"\ntype = \"{key}{}\"\nhex = {}\n",
            u.movement,
            label((u.column, u.row)),
        );
    }
    s.push_str("[victory]\ndecisive = 5\nmarginal = 1\n");
    s
}

/// Loads bench TOML through the real loader; a failure is a bug in this file.
fn load(src: &str) -> Scenario {
    Scenario::from_toml(src, "bench.toml")
        .unwrap_or_else(|e| panic!("bench scenario does not load:\n{e}"))
}

/// The movement bench input: the map from `seed`, [`MOVER`] and [`TWIN`]
/// (blue, allowance `ma`) at the centre (hex 050050: column 50, row 50), and
/// one red unit in the far corner, out of reach, so no ZOC touches the search.
pub fn movement_scenario(seed: u64, ma: u16) -> Scenario {
    load(&movement_scenario_toml(seed, ma))
}

/// The TOML text of [`movement_scenario`].
pub fn movement_scenario_toml(seed: u64, ma: u16) -> String {
    let c = MAP_SIZE / 2;
    scenario_toml(
        seed,
        MAP_SIZE,
        &[
            Placement {
                side: 0,
                class: 0,
                movement: ma,
                column: c,
                row: c,
            },
            Placement {
                side: 0,
                class: 0,
                movement: ma,
                column: c,
                row: c,
            },
            Placement {
                side: 1,
                class: 0,
                movement: ma,
                column: MAP_SIZE,
                row: MAP_SIZE,
            },
        ],
    )
}

/// The clone bench input: the [`CLONE_MAP_SIZE`] map from `seed` with `n`
/// units (2 to 240), half blue in the west, half red in the east, one per
/// hex, allowances cycling 4, 8, 12.
pub fn units_scenario(seed: u64, n: usize) -> Scenario {
    assert!(
        (2..=240).contains(&n),
        "each side needs a unit, and at most 120 fit"
    );
    let units: Vec<Placement> = (0..n)
        .map(|i| {
            let side = (i % 2) as u8;
            let k = (i / 2) as u16;
            Placement {
                side,
                class: 0,
                movement: ALLOWANCES[i % 3],
                column: 3 + side as u16 * 20 + k % 15,
                row: 3 + 2 * (k / 15),
            }
        })
        .collect();
    load(&scenario_toml(seed, CLONE_MAP_SIZE, &units))
}

/// Units on the supply bench map.
pub const SUPPLY_UNITS: usize = 200;

/// Rows the supply map's west-east roads wander about.
const ROAD_ROWS: [u16; 6] = [8, 25, 42, 59, 76, 93];

/// Columns of the supply map's straight north-south roads.
const ROAD_COLUMNS: [u16; 3] = [20, 50, 80];

/// Rows the supply map's two rail lines wander about.
const RAIL_ROWS: [u16; 2] = [24, 72];

/// A line of hexes from column 1 to `size`, starting in row `row`, each
/// adjacent to the one before: from an odd column the next column's rows
/// `r - 1` and `r` touch, from an even one rows `r` and `r + 1` (D-MAP-1).
/// It drifts back toward `row`, with a random step three times in ten.
fn wander(rng: &mut Xoshiro256PlusPlus, size: u16, row: u16) -> Vec<(u16, u16)> {
    let mut r = row;
    let mut line = vec![(1, r)];
    for c in 1..size {
        let (lo, hi) = if c % 2 == 1 {
            (r.saturating_sub(1).max(1), r)
        } else {
            (r, (r + 1).min(size))
        };
        r = if rng.random_range(0..10) < 3 || r == row {
            [lo, hi][rng.random_range(0..2)]
        } else if r > row {
            lo
        } else {
            hi
        };
        line.push((c + 1, r));
    }
    line
}

/// The supply bench's roads, rail lines and sources on the [`MAP_SIZE`] map,
/// drawn from `seed`: six roads from the west edge to the east, each
/// wandering about one of rows 8, 25, 42, 59, 76 and 93; three
/// straight roads from the north edge to the south at columns 20, 50 and
/// 80, which join them; two rail lines from west to east about rows 24 and
/// 72. Blue's sources are the west ends of the
/// west-east roads and rail lines, red's the east ends.
pub fn supply_network(seed: u64) -> Network {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed ^ 0x5355_5050_4C59); // "SUPPLY"
    let mut net = Network::default();
    for (rail, rows) in [(false, &ROAD_ROWS[..]), (true, &RAIL_ROWS[..])] {
        for &row in rows {
            let line = wander(&mut rng, MAP_SIZE, row);
            net.sources[0].push(line[0]);
            net.sources[1].push(line[line.len() - 1]);
            net.routes.push((rail, line));
        }
    }
    for c in ROAD_COLUMNS {
        net.routes
            .push((false, (1..=MAP_SIZE).map(|r| (c, r)).collect()));
    }
    net
}

/// The supply bench's units: [`SUPPLY_UNITS`] of them, alternately blue and
/// red, one per hex, on hexes drawn from `seed`: blue in columns 1 to 70,
/// red in columns 31 to 100, any row, so the two mingle in the middle
/// of the map. Each side's allowances cycle 4, 8, 12; every fourth unit of
/// a side is wheeled (class 1), the rest foot.
pub fn supply_placements(seed: u64) -> Vec<Placement> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed ^ 0x0055_4E49_5453); // "UNITS"
    let mut taken = HashSet::new();
    (0..SUPPLY_UNITS)
        .map(|i| {
            let side = (i % 2) as u8;
            let k = i / 2;
            let west = 1 + side as u16 * 30;
            let (column, row) = loop {
                let h = (
                    rng.random_range(west..west + 70),
                    rng.random_range(1..=MAP_SIZE),
                );
                if taken.insert(h) {
                    break h;
                }
            };
            Placement {
                side,
                class: (k % 4 == 3) as u8,
                movement: ALLOWANCES[k % 3],
                column,
                row,
            }
        })
        .collect()
}

/// The TOML text of [`supply_scenario`].
pub fn supply_scenario_toml(seed: u64) -> String {
    map_toml(
        seed,
        MAP_SIZE,
        &supply_placements(seed),
        &supply_network(seed),
    )
}

/// The supply bench input: the [`MAP_SIZE`] (10,000-hex) map from `seed`,
/// with the roads, rail lines and sources of [`supply_network`], the units
/// of [`supply_placements`], and `[supply] model = "binary"`.
pub fn supply_scenario(seed: u64) -> Scenario {
    load(&supply_scenario_toml(seed))
}

/// A new game on `scen`, from a fixed seed (the bench scenarios have no
/// chance in their opening phases, so any seed gives the same state).
pub fn new_game(scen: &Scenario) -> GameState {
    GameState::new(scen, &mut Xoshiro256PlusPlus::seed_from_u64(0))
}

/// Cost to enter each hex for movement class 0, in whole points (0: may not
/// enter) — the peers' view of the map, read from the loaded scenario.
pub fn terrain_points(scen: &Scenario) -> Vec<u8> {
    scen.grid()
        .hexes()
        .map(|h| {
            let c = scen.enter_cost(h, 0);
            if c.is_no() {
                0
            } else {
                debug_assert_eq!(c.0 % Mp::SCALE, 0, "bench terrain costs are whole points");
                (c.0 / Mp::SCALE) as u8
            }
        })
        .collect()
}

/// Ours: [`movement::for_each_destination`] with a prepared `scratch`,
/// collecting into `out` (cleared first). Excludes the start hex.
#[inline]
pub fn ours(
    scen: &Scenario,
    state: &GameState,
    scratch: &mut Scratch,
    unit: UnitId,
    out: &mut Vec<(HexId, Mp)>,
) {
    out.clear();
    movement::for_each_destination(scen, state, scratch, unit, |h, c| out.push((h, c)));
}

/// `pathfinding`'s `dijkstra_reach` over our dense neighbour table and the
/// costs from [`terrain_points`], cut once the cost passes `ma` (it yields in
/// cost order). Collects into `out` (cleared first); includes the start.
#[inline]
pub fn pathfinding_reach(
    grid: &Grid,
    points: &[u8],
    start: HexId,
    ma: u32,
    out: &mut Vec<(HexId, u32)>,
) {
    out.clear();
    let successors = |&h: &HexId| {
        grid.neighbours(h).iter().filter_map(|&n| {
            if !n.is_some() {
                return None;
            }
            match points[n.index()] {
                0 => None,
                c => Some((n, c as u32)),
            }
        })
    };
    for item in pathfinding::directed::dijkstra::dijkstra_reach(&start, successors) {
        if item.total_cost > ma {
            break;
        }
        out.push((item.node, item.total_cost));
    }
}

/// Our hex as `hexx` axial coordinates: both use axial `(q, r)` with the same
/// six neighbour steps, so the mapping is the identity on `(q, r)`.
#[inline]
pub fn to_hexx(grid: &Grid, h: HexId) -> hexx::Hex {
    let a = grid.axial(h);
    hexx::Hex::new(a.q, a.r)
}

/// `hexx`'s `field_of_movement` from `start` with budget `ma`. Its cost
/// closure gives the cost of entering a hex minus one (it adds one itself);
/// `None` is impassable or off the map. Includes the start; gives no costs.
#[inline]
pub fn hexx_reach(grid: &Grid, points: &[u8], start: HexId, ma: u32) -> HashSet<hexx::Hex> {
    hexx::algorithms::field_of_movement(to_hexx(grid, start), ma, |h| {
        let id = grid.from_axial(Axial { q: h.x, r: h.y })?;
        match points[id.index()] {
            0 => None,
            c => Some(c as u32 - 1),
        }
    })
}

/// Ours as sorted `(hex, whole points)`.
pub fn normalise_ours(out: &[(HexId, Mp)]) -> Vec<(HexId, u32)> {
    let mut v: Vec<(HexId, u32)> = out
        .iter()
        .map(|&(h, c)| (h, (c.0 / Mp::SCALE) as u32))
        .collect();
    v.sort_unstable();
    v
}

/// `pathfinding`'s answer as sorted `(hex, whole points)`, start removed.
pub fn normalise_pathfinding(out: &[(HexId, u32)], start: HexId) -> Vec<(HexId, u32)> {
    let mut v: Vec<(HexId, u32)> = out.iter().copied().filter(|&(h, _)| h != start).collect();
    v.sort_unstable();
    v
}

/// `hexx`'s answer as sorted hexes, start removed.
pub fn normalise_hexx(grid: &Grid, set: &HashSet<hexx::Hex>, start: HexId) -> Vec<HexId> {
    let mut v: Vec<HexId> = set
        .iter()
        .map(|h| {
            grid.from_axial(Axial { q: h.x, r: h.y })
                .expect("hexx reached a hex off the map")
        })
        .filter(|&h| h != start)
        .collect();
    v.sort_unstable();
    v
}

/// One movement-bench case: the scenario, the game, and the peers' inputs.
pub struct MovementCase {
    /// Movement allowance of [`MOVER`].
    pub ma: u16,
    /// The loaded scenario.
    pub scen: Scenario,
    /// A new game on it (blue's Movement Phase).
    pub state: GameState,
    /// `state` after [`TWIN`] moved to its costliest destination: another
    /// position (so the engine prepares and searches afresh) with the same
    /// answer for [`MOVER`] (a friendly unit neither blocks nor exerts ZOC).
    pub state_b: GameState,
    /// Whole-point entry costs for the peers.
    pub points: Vec<u8>,
    /// Where [`MOVER`] stands.
    pub start: HexId,
}

impl MovementCase {
    /// The case for allowance `ma` on the map from `seed`.
    pub fn new(seed: u64, ma: u16) -> MovementCase {
        let scen = movement_scenario(seed, ma);
        let state = new_game(&scen);
        let points = terrain_points(&scen);
        let start = state.unit(MOVER).hex;
        let mut state_b = state.clone();
        let to = movement::reachable(&scen, &state, TWIN)
            .destinations
            .last()
            .expect("the twin can move")
            .hex;
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(0);
        state_b
            .apply(
                &scen,
                hexwar_engine::Action::Move { unit: TWIN, to },
                &mut rng,
                &mut (),
            )
            .expect("the twin's move is legal");
        assert_eq!(
            state.mp_left(&scen, MOVER),
            Mp::points(ma),
            "the bench unit must start with its full allowance"
        );
        MovementCase {
            ma,
            scen,
            state,
            state_b,
            points,
            start,
        }
    }

    /// Runs all three contenders, asserts they agree (same hexes; same costs
    /// where the peer gives costs), and returns the number of hexes reached.
    pub fn check(&self) -> usize {
        let grid = self.scen.grid();
        let mut scratch = Scratch::new(&self.scen);
        let mut o = Vec::new();
        let mut answers = Vec::new();
        for (state, unit) in [
            (&self.state, MOVER),
            (&self.state, TWIN),
            (&self.state_b, MOVER),
        ] {
            scratch.prepare(&self.scen, state);
            ours(&self.scen, state, &mut scratch, unit, &mut o);
            answers.push(normalise_ours(&o));
        }
        assert!(
            answers.iter().all(|a| *a == answers[0]),
            "the engine's answers differ between the bench's twins"
        );
        let o = answers.swap_remove(0);
        let mut p = Vec::new();
        pathfinding_reach(grid, &self.points, self.start, self.ma as u32, &mut p);
        let p = normalise_pathfinding(&p, self.start);
        assert_eq!(o, p, "ours and pathfinding disagree (MA {})", self.ma);
        let x = normalise_hexx(
            grid,
            &hexx_reach(grid, &self.points, self.start, self.ma as u32),
            self.start,
        );
        let o_hexes: Vec<HexId> = o.iter().map(|&(h, _)| h).collect();
        assert_eq!(o_hexes, x, "ours and hexx disagree (MA {})", self.ma);
        o.len()
    }
}

/// Plays one game, random against random, from `seed`, with the unchecked
/// apply (the simulation path). Returns the number of actions played.
pub fn play_random_game(scen: &Scenario, seed: u64) -> u32 {
    let mut dice = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut ai_rng = AiRng::seed_from_u64(seed ^ 0x9E37_79B9_7F4A_7C15);
    let mut game = GameState::new(scen, &mut dice);
    let mut players = [RandomPlayer::default(), RandomPlayer::default()];
    let mut actions = 0;
    while !game.is_over() {
        let side = game.active_side().index();
        let action = players[side].choose(scen, &game, &mut ai_rng);
        game.apply_unchecked(scen, action, &mut dice, &mut ());
        actions += 1;
    }
    actions
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexwar_engine::Side;

    #[test]
    fn bench_scenarios_load_and_are_deterministic() {
        assert_eq!(movement_scenario_toml(7, 8), movement_scenario_toml(7, 8));
        assert_ne!(movement_scenario_toml(7, 8), movement_scenario_toml(8, 8));
        let scen = movement_scenario(MAP_SEED, 8);
        assert_eq!(scen.grid().len(), 10_000);
        let state = new_game(&scen);
        assert_eq!(scen.grid().label(state.unit(MOVER).hex), "050050");
        assert!(movement::can_move(&scen, &state, MOVER));
        for n in [50, 200] {
            let scen = units_scenario(MAP_SEED, n);
            assert_eq!(
                new_game(&scen)
                    .units()
                    .iter()
                    .filter(|u| u.on_map())
                    .count(),
                n
            );
        }
    }

    #[test]
    fn contenders_agree_on_reachable_hexes_and_costs() {
        for seed in [MAP_SEED, 1, 2, 3] {
            for ma in ALLOWANCES {
                let n = MovementCase::new(seed, ma).check();
                assert!(
                    n > ma as usize,
                    "seed {seed}, MA {ma}: only {n} hexes reached"
                );
            }
        }
    }

    // rule: MAL-SUP-2, GS-3, GS-8
    #[test]
    fn trace_contenders_agree_in_the_bench_positions() {
        for name in hexwar_engine::builtin::names() {
            let scen = hexwar_engine::builtin::load(name).expect("built-in scenario loads");
            for when in [trace::When::Opening, trace::When::Midgame] {
                let case = trace::TraceCase::new(&scen, when);
                assert_ne!(case.a, case.b, "{name} {when:?}: the move changed nothing");
                let supplied = case.check();
                assert!(supplied.iter().sum::<usize>() > 0, "{name} {when:?}");
            }
        }
    }

    // rule: MAL-SUP-2, MAL-SUP-3, MAL-SUP-4, MAL-SUP-5
    #[test]
    fn supply_contenders_agree() {
        for name in hexwar_engine::builtin::names() {
            let scen = hexwar_engine::builtin::load(name).expect("built-in scenario loads");
            let state = new_game(&scen);
            for side in Side::BOTH {
                let v = supply::SupplyCase::new(&scen, &state, side).check();
                assert!(!v.is_empty(), "{name}: side {} has no units", side.index());
            }
        }
        for seed in [MAP_SEED, 1, 2] {
            let scen = supply_scenario(seed);
            assert_eq!(scen.grid().len(), 10_000);
            let state = new_game(&scen);
            assert_eq!(
                state.units().iter().filter(|u| u.on_map()).count(),
                SUPPLY_UNITS
            );
            for side in Side::BOTH {
                let v = supply::SupplyCase::new(&scen, &state, side).check();
                let supplied = v.iter().filter(|v| v.1).count();
                assert_eq!(v.len(), SUPPLY_UNITS / 2);
                assert!(
                    (40..=90).contains(&supplied),
                    "seed {seed}, side {}: {supplied} of {} supplied; the map should cut some off",
                    side.index(),
                    v.len()
                );
            }
        }
    }

    #[test]
    fn random_games_end() {
        for name in hexwar_engine::builtin::names() {
            let scen = hexwar_engine::builtin::load(name).expect("built-in scenario loads");
            for seed in 0..3 {
                assert!(play_random_game(&scen, seed) > 0);
            }
        }
    }
}
