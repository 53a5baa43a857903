//! Supply rules (MAL-SUP-1..8), each pinned by a fixture worked out by hand
//! from the rule text, and attrition checked against its probabilities.

mod common;

use common::check;
use hexwar_engine::{Event, GameState, LossCause};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

// rule: MAL-SUP-1
// rule: MAL-SUP-3
#[test]
fn mal_sup_1_3_judged_once_per_player_turn_and_zoc_opened_by_a_friend() {
    check("sup_zoc.toml");
}

// rule: MAL-SUP-2
// rule: MAL-SUP-5
#[test]
fn mal_sup_2_5_overland_leg_within_allowance_and_armor_through_a_mountain_pass() {
    check("sup_overland.toml");
}

// rule: MAL-SUP-4
#[test]
fn mal_sup_4_road_leg_not_through_enemy_controlled_hexes() {
    check("sup_control.toml");
}

// rule: MAL-SUP-5
#[test]
fn mal_sup_5_a_units_road_leg_crosses_only_hexsides_its_class_may() {
    check("audit6_mal_sup_road_ford.toml");
}

// rule: MAL-SUP-6
#[test]
fn mal_sup_6_unsupplied_movement_and_strengths() {
    // Infantry: -1 MP, attack halved; armor: half MP, attack quartered, defense halved.
    check("sup_zoc.toml");
    check("sup_overland.toml");
}

// rule: MAL-SUP-7
#[test]
fn mal_sup_7_port_sources_and_the_penang_event() {
    check("sup_ports.toml");
}

// rule: MAL-SUP-8
#[test]
fn mal_sup_8_attrition_rates_by_terrain_within_binomial_interval() {
    let (scen, _) = common::load("sup_attrition.toml");
    let n = 100_000u32;
    // Units c, j, m, k stand in clear, jungle, mountain, cultivated.
    let expect = [("c", 0.30), ("j", 0.50), ("m", 0.60), ("k", 0.20)];
    let ids: Vec<_> = expect
        .iter()
        .map(|(id, _)| scen.unit_by_id(id).unwrap())
        .collect();
    let mut hits = [0u32; 4];
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(42);
    let mut events = Vec::new();
    for _ in 0..n {
        events.clear();
        // A new game runs blue's first Supply Phase: every unit is unsupplied.
        let st = GameState::new_with(&scen, &mut rng, &mut events);
        let mut lost = [0u16; 2];
        for e in &events {
            if let Event::StepLost { unit, cause, .. } = e {
                assert_eq!(*cause, LossCause::Attrition);
                lost[scen.unit(*unit).side.index()] += 1;
                if let Some(i) = ids.iter().position(|u| u == unit) {
                    hits[i] += 1;
                }
            }
        }
        // Attrition losses count for victory points (step_vp = 1).
        assert_eq!(st.steps_lost(), lost);
        assert_eq!(st.victory_points(&scen), [lost[1] as i32, lost[0] as i32]);
    }
    for (i, (id, p)) in expect.iter().enumerate() {
        let rate = hits[i] as f64 / n as f64;
        // 99.9% two-sided binomial interval (normal approximation, z = 3.29).
        let half = 3.29 * (p * (1.0 - p) / n as f64).sqrt();
        assert!(
            (rate - p).abs() <= half,
            "unit {id}: rate {rate:.4}, expected {p} +- {half:.4}"
        );
    }
}

// rule: MAL-SUP-5
#[test]
fn mal_sup_5_no_supply_line_along_a_road_over_a_river_with_no_bridge() {
    check("sup_water.toml");
}

// rule: MAL-SUP-5
// rule: MAL-CBT-2
#[test]
fn mal_sup_5_movement_supply_and_attack_agree_on_a_road_over_water() {
    use hexwar_engine::combat::{self, NoAttack};
    use hexwar_engine::scenario::SideBits;
    let (scen, _) = common::load("sup_water.toml");
    let h = |l: &str| scen.grid().parse(l).unwrap();
    let road = SideBits::ROAD;
    let dir = |a: &str, b: &str| scen.grid().direction(h(a), h(b)).unwrap();
    // The one definition: the north road does not connect 0301 and 0401,
    // for the side or for the class; the bridged south road does.
    assert!(!scen.route_connects(h("0301"), dir("0301", "0401"), road, None));
    assert!(!scen.route_connects(h("0401"), dir("0401", "0301"), road, Some(0)));
    assert!(scen.route_connects(h("0303"), dir("0303", "0403"), road, None));
    assert!(scen.route_connects(h("0201"), dir("0201", "0301"), road, Some(0)));
    // The attack entry check (MAL-CBT-1, -2) agrees: w1 in 0301 may not
    // attack r1 in 0401 across the river, along the road or not; across the
    // bridge it may.
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(0);
    let st = GameState::new(&scen, &mut rng);
    let place = |hexes: &[(&str, &str)]| {
        let mut saved = st.to_saved(&scen);
        for su in saved.units.iter_mut() {
            if let Some((_, hex)) = hexes.iter().find(|(id, _)| *id == su.id) {
                su.hex = Some(hex.to_string());
            } else {
                su.hex = None;
                su.steps = 0;
            }
        }
        GameState::from_saved_unchecked(&scen, &saved).unwrap()
    };
    let w1 = scen.unit_by_id("w1").unwrap();
    let across = place(&[("w1", "0301"), ("r1", "0401")]);
    assert_eq!(
        combat::what_if(&scen, &across, &[w1], h("0401")).err(),
        Some((w1, NoAttack::CannotEnter))
    );
    let bridged = place(&[("w1", "0303"), ("r1", "0403")]);
    assert!(combat::what_if(&scen, &bridged, &[w1], h("0403")).is_ok());
}
