//! `hexwar inspect --supply` and `--rail`, run as a user would, on the small
//! fixtures `tests/fixtures/supply.toml` and `tests/fixtures/rail.toml`.

mod common;

use std::path::{Path, PathBuf};

use common::*;
use hexwar_engine::{Action, GameState, PhaseKind, Side};
use rand::SeedableRng;
use serde_json::json;

fn supply_fixture() -> String {
    repo_file("tests/fixtures/supply.toml")
}

fn rail_fixture() -> String {
    repo_file("tests/fixtures/rail.toml")
}

/// A saved game of the rail fixture in blue's Rail Phase of turn 1, reached
/// by ending phases through the engine's checked API.
fn blue_rail_phase(dir: &Path) -> PathBuf {
    let scen = load(&rail_fixture());
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(1);
    let mut game = GameState::new(&scen, &mut rng);
    while !(game.active_side() == Side(0) && game.phase(&scen) == PhaseKind::Rail) {
        game.apply(&scen, Action::EndPhase, &mut rng, &mut ())
            .unwrap();
    }
    assert_eq!(game.turn(), 1);
    let path = dir.join("rail.json");
    std::fs::write(
        &path,
        serde_json::to_string_pretty(&game.to_saved(&scen)).unwrap(),
    )
    .unwrap();
    path
}

// rule: MAL-SUP-1, MAL-SUP-2
#[test]
fn supply_as_json_gives_paths_and_reasons() {
    let v = json(&hexwar(&[
        "inspect",
        &supply_fixture(),
        "--supply",
        "--json",
    ]));
    let expected = json!([
        {
            "unit": "b1",
            "unit_type": "Infantry",
            "side": "blue",
            "hex": "0303",
            "judged": "supplied",
            "can_trace": true,
            "path": ["0303", "0302", "0301", "0201", "0101"],
            "road_from": 2,
            "reason": null
        },
        {
            "unit": "b2",
            "unit_type": "Militia",
            "side": "blue",
            "hex": "0503",
            "judged": "unsupplied",
            "can_trace": false,
            "path": [],
            "road_from": null,
            "reason": "overland leg too long: the nearest road/rail hex leading to a source is 0501, 2 MP away (allowance 1)"
        },
        {
            "unit": "r1",
            "unit_type": "Militia",
            "side": "red",
            "hex": "0103",
            "judged": "unsupplied",
            "can_trace": false,
            "path": [],
            "road_from": null,
            "reason": "no source reachable: every supply source is enemy-held or blocked"
        }
    ]);
    assert_eq!(v, expected, "{v:#}");

    // One side only, by id, name or number.
    for side in ["red", "Red", "1"] {
        let v = json(&hexwar(&[
            "inspect",
            &supply_fixture(),
            "--supply",
            "--side",
            side,
            "--json",
        ]));
        assert_eq!(v, json!([expected[2]]), "{side}");
    }
}

#[test]
fn supply_as_a_table() {
    let o = hexwar(&["inspect", &supply_fixture(), "--supply"]);
    expect_code(&o, 0);
    let text = stdout(&o);
    for part in [
        "sup-paths: binary supply, turn 1, Blue movement phase; 3 units on the map (both sides)",
        "unit  side  hex   judged      now  path",
        "b1    blue  0303  supplied    yes  0303 0302 | 0301 0201 0101",
        "b2    blue  0503  unsupplied  no   overland leg too long",
        "r1    red   0103  unsupplied  no   no source reachable",
    ] {
        assert!(text.contains(part), "{part:?} missing:\n{text}");
    }
}

#[test]
fn supply_without_supply_rules_says_so() {
    let o = hexwar(&["inspect", &rich(), "--supply"]);
    expect_code(&o, 0);
    assert!(
        stdout(&o).contains("no supply rules (supply model \"none\")"),
        "{}",
        stdout(&o)
    );
    let o = hexwar(&["inspect", &rich(), "--supply", "--json"]);
    assert_eq!(json(&o), json!([]));
    assert!(
        stderr(&o).contains("supply model \"none\""),
        "{}",
        stderr(&o)
    );
}

#[test]
fn supply_shows_u_levels_in_the_graded_model_only() {
    let v = json(&hexwar(&["inspect", "eastfront", "--supply", "--json"]));
    let lines = v.as_array().unwrap();
    assert!(!lines.is_empty());
    for l in lines {
        assert!(l["u_level"].is_u64(), "{l}");
        if l["can_trace"] == true {
            let path = l["path"].as_array().unwrap();
            assert_eq!(path[0], l["hex"], "{l}");
            assert!(l["road_from"].as_u64().unwrap() < path.len() as u64, "{l}");
        } else {
            assert!(l["reason"].is_string(), "{l}");
        }
    }
    let v = json(&hexwar(&["inspect", "malaya", "--supply", "--json"]));
    assert!(
        v.as_array()
            .unwrap()
            .iter()
            .all(|l| l.get("u_level").is_none())
    );
}

// rule: MAL-RAIL-1, MAL-RAIL-4
#[test]
fn rail_lists_destinations_in_the_rail_phase() {
    let dir = temp_dir("inspect-rail");
    let saved = blue_rail_phase(&dir);
    let state = saved.to_str().unwrap();
    let v = json(&hexwar(&[
        "inspect",
        &rail_fixture(),
        "--state",
        state,
        "--rail",
        "t1",
        "--json",
    ]));
    let expected = json!({
        "unit": "t1",
        "unit_type": "Infantry",
        "side": "blue",
        "hex": "0101",
        "rail_used": 0,
        "rail_capacity": 1,
        "can_rail": true,
        "reason": null,
        "destinations": [
            { "hex": "0201", "rail_hexes": 1, "path": ["0201"] },
            { "hex": "0301", "rail_hexes": 2, "path": ["0201", "0301"] },
            { "hex": "0401", "rail_hexes": 3, "path": ["0201", "0301", "0401"] },
            { "hex": "0501", "rail_hexes": 4, "path": ["0201", "0301", "0401", "0501"] },
            { "hex": "0601", "rail_hexes": 5, "path": ["0201", "0301", "0401", "0501", "0601"] }
        ]
    });
    assert_eq!(v, expected, "{v:#}");

    let o = hexwar(&["inspect", &rail_fixture(), "--state", state, "--rail", "t1"]);
    expect_code(&o, 0);
    let text = stdout(&o);
    for part in [
        "t1 (Infantry, blue) at 0101; 0 of 1 rail moves used this phase",
        "5 hexes within reach by rail:",
        "0601     5  0201 0301 0401 0501 0601",
    ] {
        assert!(text.contains(part), "{part:?} missing:\n{text}");
    }
}

// rule: MAL-RAIL-3
#[test]
fn rail_says_why_a_unit_may_not_move() {
    let dir = temp_dir("inspect-norail");
    let saved = blue_rail_phase(&dir);
    let state = saved.to_str().unwrap();
    let reason = |unit: &str| {
        let v = json(&hexwar(&[
            "inspect",
            &rail_fixture(),
            "--state",
            state,
            "--rail",
            unit,
            "--json",
        ]));
        assert_eq!(v["can_rail"], false, "{v}");
        assert_eq!(v["destinations"], json!([]), "{v}");
        v["reason"].as_str().unwrap().to_string()
    };
    assert_eq!(
        reason("t3"),
        "it was adjacent to an enemy unit when the Rail Phase began (MAL-RAIL-3)"
    );
    assert_eq!(reason("t2"), "it is not on a friendly-controlled rail hex");
    // Red's unit, in blue's Rail Phase.
    assert!(
        reason("r1").contains("Red's Rail Phase"),
        "{}",
        reason("r1")
    );

    // Not the Rail Phase at all: say so, and how to get there.
    let o = hexwar(&["inspect", &rail_fixture(), "--rail", "t1"]);
    expect_code(&o, 0);
    let text = stdout(&o);
    assert!(
        text.contains(
            "cannot move by rail now: it is not its side's Rail Phase: it is Blue's movement \
             phase (turn 1); pass --state FILE with a game saved in Blue's Rail Phase"
        ),
        "{text}"
    );
}

#[test]
fn bad_units_and_sides_exit_2() {
    let o = hexwar(&["inspect", &rail_fixture(), "--rail", "nobody"]);
    expect_code(&o, 2);
    assert!(
        stderr(&o).contains("no unit \"nobody\" in scenario rail-short (units: t1, t2, t3, r1)"),
        "{}",
        stderr(&o)
    );
    assert!(stdout(&o).is_empty());

    let o = hexwar(&["inspect", &supply_fixture(), "--supply", "--side", "purple"]);
    expect_code(&o, 2);
    assert!(
        stderr(&o).contains("no side \"purple\" (sides: blue, red)"),
        "{}",
        stderr(&o)
    );

    // --side belongs to --supply; --supply and --rail exclude each other.
    for args in [
        &["inspect", "malaya", "--side", "0"][..],
        &["inspect", "malaya", "--supply", "--rail", "x"],
        &["inspect", "malaya", "--rail"],
    ] {
        let o = hexwar(args);
        expect_code(&o, 2);
        assert!(!stderr(&o).is_empty(), "{args:?}");
    }
}
