//! Graded supply (GS-1..8), each rule pinned by a fixture worked out by hand
//! from the rule text (`tests/fixtures/gs_*.toml`, scripts documented in
//! `tests/common/mod.rs`).

mod common;

use common::check;
use hexwar_engine::save::SavedGame;
use hexwar_engine::state::UnitFlags;
use hexwar_engine::{Action, GameState, Mp, Scenario, ScenarioErrors, SupplyState};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

// rule: GS-1
// rule: GS-3
#[test]
fn gs_1_3_statuses_and_full_or_limited_by_nation() {
    check("gs_status.toml");
}

// rule: GS-3
#[test]
fn gs_3_coalition_hq_and_a_nation_without_an_hq_draw_full_supply() {
    check("gs_contingent.toml");
}

// rule: GS-3
#[test]
fn gs_3_one_way_link_full_supply_from_another_nations_hq() {
    check("gs_link.toml");
}

// rule: GS-2
#[test]
fn gs_2_u_levels_climb_to_u8_hold_across_player_turns_and_clear() {
    check("gs_ulevel.toml");
}

// rule: GS-4
#[test]
fn gs_4_supply_points_restore_full_supply_and_special_supply_holds_the_level() {
    check("gs_spend.toml");
}

// rule: GS-4
// rule: GS-5
#[test]
fn gs_4_special_supply_keeps_the_held_levels_restrictions_and_adds_its_own() {
    // "Unless SPs are being expended, they may only be used to maintain the
    // current supply status of units": s1 (infantry 4 MP, attack 6,
    // defense 6), drawing on the special source at 1601, holding U2. The
    // chart (gs_effects.toml): U2 movement x0.5, attack x0.25, defense
    // x0.5, no ZOC; special movement x0.75. It bears both: U2's row.
    let (scen, _) = common::load("gs_effects.toml");
    let g = scen.supply_rules().graded.as_ref().unwrap();
    let special = |k: u8| *g.effect(SupplyState::Special, k).unwrap();
    assert_eq!((special(0).movement, special(0).attack), (0.75, 1.0));
    assert_eq!(
        (special(1).movement, special(1).attack, special(1).defense),
        (0.5, 0.5, 0.75)
    );
    assert_eq!(special(2), *g.effect(SupplyState::Out, 2).unwrap());
    // In play: s1 at U2 in special supply moves 2 MP, attacks at 1.5,
    // defends at 3 and has no ZOC, as it would out of supply.
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
    let st = GameState::new(&scen, &mut rng);
    let mut saved = st.to_saved(&scen);
    let s1 = saved.units.iter_mut().find(|u| u.id == "s1").unwrap();
    s1.supply = SupplyState::Special;
    s1.u_level = 2;
    let st = GameState::from_saved_unchecked(&scen, &saved).unwrap();
    let u = scen.unit_by_id("s1").unwrap();
    assert_eq!(st.movement_allowance(&scen, u), Mp::points(2));
    assert_eq!(
        (st.attack_strength(&scen, u), st.defense_strength(&scen, u)),
        (1.5, 3.0)
    );
}

// rule: GS-5
#[test]
fn gs_5_effects_chart_restricts_movement_strength_and_zoc() {
    check("gs_effects.toml");
}

// rule: GS-6
#[test]
fn gs_6_rail_then_road_elements_shortened_by_weather_and_blocked() {
    check("gs_lines.toml");
}

// rule: GS-7
#[test]
fn gs_7_combat_and_supply_isolation_are_separate_markers() {
    check("gs_isolation.toml");
    let (scen, _) = common::load("gs_isolation.toml");
    let g = scen.supply_rules().graded.as_ref().unwrap();
    assert_eq!(
        g.isolated_losses, 2,
        "isolated units' extra losses, kept for combat"
    );
}

// rule: GS-8
#[test]
fn gs_8_line_of_communication_length_zoc_cost_and_friendly_hexes() {
    check("gs_loc.toml");
}

// ---------------------------------------------------------------------------
// The graded part of `[supply]` at the boundary, and in saved games.

/// `gs_status.toml` with `edit` applied: (old, new) replacements.
fn edited(edits: &[(&str, &str)]) -> String {
    let (_, mut src) = common::load("gs_status.toml");
    for (old, new) in edits {
        assert!(src.contains(old), "fixture lacks {old:?}");
        src = src.replacen(old, new, 1);
    }
    src
}

/// Edits to `gs_status.toml`, the text the error must point at, part of its message.
type Case = (
    &'static [(&'static str, &'static str)],
    &'static str,
    &'static str,
);

/// The one error `src` gives, as (text at its place, message).
fn one_error(src: &str) -> (String, String) {
    let errors = match Scenario::from_toml(src, "gs.toml") {
        Ok(_) => panic!("loaded without error"),
        Err(ScenarioErrors(e)) => e,
    };
    let [e] = errors.as_slice() else {
        panic!("expected one error, got {errors:#?}");
    };
    let line = src.lines().nth(e.line - 1).unwrap_or("");
    let at: String = line.chars().skip(e.col - 1).collect();
    (at, e.message.clone())
}

// rule: GS-5
// rule: GS-6
#[test]
fn gs_graded_fields_are_checked_where_they_are_written() {
    const WEATHER: &str = "[supply.weather.clear]\nroad = 20\nhq_range = 3\n";
    #[rustfmt::skip]
    let cases: &[Case] = &[
        (&[("special_range = 3\n", "special_range = 3\nturn_weather = [\"clear\", \"snow\", \"clear\"]\n")],
            "\"snow\"", "turn_weather: unknown weather \"snow\" (weathers are \"clear\")"),
        (&[("special_range = 3\n", "special_range = 3\nturn_weather = [\"clear\"]\n")],
            "[\"clear\"]", "turn_weather lists 1 turns, but the game has 3"),
        (&[(WEATHER, "[supply.weather.clear]\nroad = -1\nhq_range = 3\n")],
            "-1", "[supply.weather.clear] road must be 0 to 1000 hexes, not -1"),
        (&[(WEATHER, "[supply.weather.clear]\nroad = 20\nhq_range = 3.1\n")],
            "3.1", "hq_range 3.1 must be between 0 and 999 movement points, in steps of 1/6"),
        (&[(WEATHER, "[supply.weather.clear]\nroad = 20\nhq_range = 300\n")],
            "300", "hq_range must be at most 100 movement points"),
        (&[(WEATHER, "[supply.weather.clear]\nroad = 20\nhq_range = 3\n\n[[supply.effects]]\nlevel = \"U9\"\n")],
            "\"U9\"", "unknown level \"U9\" (limited, special, U1 to U8)"),
        (&[(WEATHER, "[supply.weather.clear]\nroad = 20\nhq_range = 3\n\n[[supply.effects]]\nlevel = \"U2\"\n\n[[supply.effects]]\nlevel = \"u2\"\n")],
            "\"u2\"", "level \"u2\" is listed twice"),
        (&[(WEATHER, "[supply.weather.clear]\nroad = 20\nhq_range = 3\n\n[[supply.effects]]\nlevel = \"limited\"\nmovement = 1.5\n")],
            "1.5", "movement must be a multiplier from 0 to 1, not 1.5"),
        (&[("special_range = 3\n", "special_range = 3\nsupply_points = { green = 2 }\n")],
            "green", "[supply] supply_points: unknown side \"green\""),
        (&[("special_range = 3\n", "special_range = 3\nsp_cost = 0\n")],
            "0", "sp_cost must be 1 to 1000, not 0"),
        (&[("special_range = 3\n", "special_range = 3\nloc_class = \"motor\"\n")],
            "\"motor\"", "loc_class: unknown movement class \"motor\" (classes are \"foot\")"),
        (&[("special_range = 3\n", "special_range = 3\nfull_supply_from = { italian = [\"martian\"] }\n")],
            "\"martian\"", "full_supply_from: unknown nation \"martian\""),
        (&[("special_range = 3\n", "special_range = 3\nfull_supply_from = { venusian = [\"german\"] }\n")],
            "venusian", "full_supply_from: unknown nation \"venusian\""),
        (&[("nation = \"italian\"\n", "nation = \"italian\"\ncoalition = true\n")],
            "true", "unit type \"it_inf\": coalition applies to headquarters only (kind = \"hq\"), not infantry"),
        (&[("model = \"graded\"", "model = \"binary\""), ("special_range = 3\n", ""),
            ("\n[supply.weather.clear]\nroad = 20\nhq_range = 3\n", "\n")],
            "blue = [\"1601\"]", "[supply] special_sources belongs to the graded supply model"),
    ];
    for (edits, token, message) in cases {
        let (at, got) = one_error(&edited(edits));
        assert!(
            at.starts_with(token) && got.contains(message),
            "{edits:?}: error at {at:?} says {got:?}; expected {token:?}, {message:?}"
        );
    }
}

// rule: GS-6
#[test]
fn gs_6_defaults_without_weather_tables_and_weather_in_file_order() {
    // No weather table: one "clear" weather, no length limits, HQ range 7.
    let src = edited(&[("[supply.weather.clear]\nroad = 20\nhq_range = 3\n", "")]);
    let scen = Scenario::from_toml(&src, "gs.toml").unwrap();
    let g = scen.supply_rules().graded.as_ref().unwrap();
    assert_eq!(g.weathers.len(), 1);
    let w = g.weather(1);
    assert_eq!(
        (w.name.as_str(), w.road, w.rail),
        ("clear", u16::MAX, u16::MAX)
    );
    assert_eq!((w.hq_range, w.loc_range()), (Mp::points(7), Mp::points(21)));
    // The first table in the file (not by name) is the default weather.
    let src = edited(&[(
        "[supply.weather.clear]\nroad = 20\nhq_range = 3\n",
        "[supply.weather.snow]\nroad = 2\n\n[supply.weather.clear]\nroad = 20\n",
    )]);
    let scen = Scenario::from_toml(&src, "gs.toml").unwrap();
    let g = scen.supply_rules().graded.as_ref().unwrap();
    assert_eq!(g.weather(2).name, "snow");
    assert_eq!(g.weather(2).road, 2);
}

// rule: GS-2
// rule: GS-4
// rule: GS-7
#[test]
fn gs_saved_games_keep_u_levels_supply_points_and_markers() {
    let (scen, _) = common::load("gs_isolation.toml");
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
    let mut st = GameState::new(&scen, &mut rng);
    for _ in 0..5 {
        st.apply(&scen, Action::EndPhase, &mut rng, &mut ())
            .unwrap();
    }
    let a2 = scen.unit_by_id("a2").unwrap();
    assert!(st.unit(a2).u_level >= 2);
    assert!(
        st.unit(a2)
            .has(UnitFlags::COMBAT_ISOLATED | UnitFlags::SUPPLY_ISOLATED)
    );
    let json = serde_json::to_string(&st.to_saved(&scen)).unwrap();
    let back: SavedGame = serde_json::from_str(&json).unwrap();
    assert_eq!(GameState::from_saved(&scen, &back).unwrap(), st);

    let (spend, _) = common::load("gs_spend.toml");
    let st = GameState::new(&spend, &mut rng);
    let saved = st.to_saved(&spend);
    assert_eq!(saved.supply_points, [3, 0]);
    assert_eq!(GameState::from_saved(&spend, &saved).unwrap(), st);

    let mut bad = back.clone();
    bad.units[a2.index()].u_level = 9;
    assert!(
        GameState::from_saved(&scen, &bad)
            .unwrap_err()
            .to_string()
            .contains("U-level 9")
    );
    // Limited and special supply exist only in the graded model.
    let (binary, _) = common::load("sup_zoc.toml");
    let mut saved = GameState::new(&binary, &mut rng).to_saved(&binary);
    saved.units[0].supply = SupplyState::Limited;
    assert!(
        GameState::from_saved(&binary, &saved)
            .unwrap_err()
            .to_string()
            .contains("limited supply")
    );
}
