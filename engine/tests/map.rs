//! The map a scenario describes (D-MAP-2, D-MAP-3) and victory from steps
//! lost (D-TURN-3), read back from a fixture.

mod common;

use hexwar_engine::hex::Dir;
use hexwar_engine::save::SavedGame;
use hexwar_engine::scenario::{PlaceBits, RouteKind, SideBits};
use hexwar_engine::{GameState, Side};
use rand::SeedableRng;

// rule: D-MAP-2
#[test]
fn d_map_2_terrain_hexsides_and_named_routes() {
    let (scen, _) = common::load("places.toml");
    let g = scen.grid();
    let h = |l: &str| g.parse(l).unwrap();
    assert_eq!(scen.terrain(h("0201")).name, "jungle");
    assert_eq!(scen.terrain(h("0401")).name, "mountain");
    assert_eq!(scen.terrain(h("0302")).name, "town");
    assert_eq!(scen.terrain(h("0201")).attrition, 20);
    // Features are seen from both sides; a slope is uphill one way only.
    let side = |a: &str, b: &str| scen.hexside(h(a), g.direction(h(a), h(b)).unwrap());
    assert!(side("0101", "0102").contains(SideBits::STREAM));
    assert!(side("0102", "0101").contains(SideBits::STREAM));
    assert!(side("0201", "0301").contains(SideBits::RIVER));
    assert!(side("0301", "0201").contains(SideBits::BRIDGE));
    assert!(side("0202", "0302").contains(SideBits::UPHILL));
    assert!(!side("0302", "0202").contains(SideBits::UPHILL));
    assert!(side("0302", "0202").contains(SideBits::DOWNHILL));
    assert!(side("0403", "0303").contains(SideBits::DOUBLE_SLOPE));
    assert!(side("0402", "0401").contains(SideBits::STEEP));
    assert!(!side("0101", "0201").contains(SideBits::STREAM));
    // Routes run through hexsides and keep their names.
    assert!(side("0201", "0101").contains(SideBits::ROAD));
    assert!(!side("0101", "0102").contains(SideBits::ROAD));
    assert!(side("0203", "0303").contains(SideBits::RAIL));
    let names: Vec<_> = scen
        .routes()
        .iter()
        .map(|r| (r.kind, r.name.as_str()))
        .collect();
    assert_eq!(
        names,
        [
            (RouteKind::Road, "Coast road"),
            (RouteKind::Rail, "Railway")
        ]
    );
    assert!(scen.has_route(h("0301"), RouteKind::Road));
    assert!(!scen.has_route(h("0301"), RouteKind::Rail));
    // The steep hexside is never crossed; the bridged river is.
    assert!(scen.cross_cost(h("0401"), Dir::S, 0).is_no());
    assert!(
        !scen
            .cross_cost(h("0201"), g.direction(h("0201"), h("0301")).unwrap(), 0)
            .is_no()
    );
}

// rule: D-MAP-3
#[test]
fn d_map_3_ports_forts_sources_objectives() {
    let (scen, _) = common::load("places.toml");
    let g = scen.grid();
    let h = |l: &str| g.parse(l).unwrap();
    assert!(scen.places(h("0401")).contains(PlaceBits::EAST_PORT));
    assert!(scen.places(h("0101")).contains(PlaceBits::WEST_PORT));
    assert!(!scen.places(h("0101")).contains(PlaceBits::EAST_PORT));
    assert!(scen.is_fort(h("0302")));
    assert!(!scen.is_fort(h("0301")));
    assert_eq!(scen.sources(Side(0)), [h("0101")]);
    assert_eq!(scen.sources(Side(1)), [h("0403"), h("0401")]);
    assert_eq!(scen.place_name(h("0101")), Some("Port Blue"));
    let objs: Vec<_> = scen
        .objectives()
        .iter()
        .map(|o| (g.label(o.hex), o.vp, o.side))
        .collect();
    assert_eq!(
        objs,
        [
            ("0302".to_string(), 5, None),
            ("0401".to_string(), 2, Some(Side(1)))
        ]
    );
}

// rule: D-TURN-3
#[test]
fn d_turn_3_enemy_steps_lost_and_side_only_objectives_score() {
    let (scen, _) = common::load("places.toml");
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(1);
    let st = GameState::new(&scen, &mut rng);
    // Nobody holds the fort or the mountain port yet.
    assert_eq!(st.victory_points(&scen), [0, 0]);
    // A saved position: blue holds the fort and 0401 (red-only objective),
    // red has lost 3 steps and blue 1 (2 VP a step).
    let mut saved: SavedGame = st.to_saved(&scen);
    saved.steps_lost = [1, 3];
    saved.control[1] = "..0.".into(); // 0302 is row 2, column 3
    saved.control[0] = "...0".into(); // 0401
    let st = GameState::from_saved_unchecked(&scen, &saved).unwrap();
    assert_eq!(st.victory_points(&scen), [5 + 3 * 2, 2]);
}

// rule: D-TURN-3
#[test]
fn d_turn_3_bonus_counts_for_its_side_from_the_start() {
    let (_, src) = common::load("places.toml");
    let src = src.replace("marginal = 2", "marginal = 2\nbonus = { red = 7 }");
    let scen = hexwar_engine::Scenario::from_toml(&src, "places.toml").unwrap();
    assert_eq!(scen.victory().bonus, [0, 7]);
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(1);
    let st = GameState::new(&scen, &mut rng);
    assert_eq!(st.victory_points(&scen), [0, 7]);
    // Steps lost and objectives add to it.
    let mut saved: SavedGame = st.to_saved(&scen);
    saved.steps_lost = [1, 0];
    let st = GameState::from_saved_unchecked(&scen, &saved).unwrap();
    assert_eq!(st.victory_points(&scen), [0, 7 + 2]);
}

// rule: D-TURN-3
#[test]
fn d_turn_3_bonus_for_an_unknown_side_or_out_of_range_is_refused() {
    let (_, src) = common::load("places.toml");
    for (bonus, want) in [
        ("{ green = 3 }", "green"),
        ("{ red = -1 }", "bonus must be 0 to 10000 VP, not -1"),
    ] {
        let bad = src.replace("marginal = 2", &format!("marginal = 2\nbonus = {bonus}"));
        let err = hexwar_engine::Scenario::from_toml(&bad, "places.toml")
            .unwrap_err()
            .to_string();
        assert!(err.contains(want), "{bonus}: {err}");
        assert!(err.contains("places.toml:111:"), "{bonus}: {err}");
    }
}
