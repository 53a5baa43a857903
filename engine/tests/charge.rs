//! Cavalry charges, MP-CHG-1..6 (`engine/src/charge.rs`), on the fixtures
//! `chg_line.toml` (which charges are legal), `chg_check.toml` (the morale
//! check and what follows) and `chg_open.toml` (open country). The die is
//! forced with the scripted [`Die`] of the shared `board` module
//! (`tests/board/mod.rs`), which holds the helpers these tests share with
//! the other Morne Plaine readings; each test names the rule it pins.

mod board;

use std::path::Path;

use board::*;
use hexwar_engine::charge::{self, ChargeLine, NoCharge};
use hexwar_engine::combat::{self, Modifier};
use hexwar_engine::hex::Dir;
use hexwar_engine::state::UnitFlags;
use hexwar_engine::{
    Action, ActionError, Event, GameState, HexId, LossCause, Mp, PhaseKind, Scenario, Side, zoc,
};

fn load(name: &str) -> Scenario {
    load_with(name, |src| src)
}

/// The fixture `name` with `edit` applied to its text.
fn load_with(name: &str, edit: impl FnOnce(String) -> String) -> Scenario {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name);
    let src = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    Scenario::from_toml(&edit(src), name).unwrap_or_else(|e| panic!("fixture does not load:\n{e}"))
}

fn start(scen: &Scenario) -> GameState {
    let g = GameState::new(scen, &mut rng(1));
    assert_eq!(g.phase(scen), PhaseKind::Movement);
    assert_eq!(g.active_side(), Side(0));
    g
}

fn why(scen: &Scenario, g: &GameState, id: &str, target: &str) -> NoCharge {
    charge::can_charge(scen, g, unit(scen, id), hex(scen, target))
        .expect_err("the charge should be refused")
}

fn line(scen: &Scenario, g: &GameState, id: &str, target: &str) -> ChargeLine {
    charge::can_charge(scen, g, unit(scen, id), hex(scen, target))
        .unwrap_or_else(|e| panic!("{id} cannot charge {target}: {}", e.describe()))
}

fn chance(scen: &Scenario, g: &GameState, id: &str, target: &str) -> Option<f64> {
    charge::success_chance(scen, g, unit(scen, id), hex(scen, target))
}

/// The (roll, total, morale, success) of the one `Charged` event.
fn charged(events: &[Event]) -> (u8, i8, i8, bool) {
    let mut found = events.iter().filter_map(|e| match e {
        Event::Charged {
            roll,
            total,
            morale,
            success,
            ..
        } => Some((*roll, *total, *morale, *success)),
        _ => None,
    });
    let c = found.next().expect("a Charged event");
    assert!(found.next().is_none(), "one Charged event");
    c
}

/// `g` with units moved (`None`: off the map) and edited, through a saved game.
fn edit(
    scen: &Scenario,
    g: &GameState,
    places: &[(&str, Option<&str>)],
    mut f: impl FnMut(&mut hexwar_engine::save::SavedUnit),
) -> GameState {
    let mut saved = g.to_saved(scen);
    for (id, place) in places {
        let su = saved
            .units
            .iter_mut()
            .find(|u| u.id == *id)
            .unwrap_or_else(|| panic!("no unit {id}"));
        su.hex = place.map(str::to_string);
        if place.is_none() {
            su.steps = 0;
        }
    }
    for su in &mut saved.units {
        f(su);
    }
    GameState::from_saved_unchecked(scen, &saved).unwrap()
}

/// The (total, morale to beat, success) of the one `Charged` event.
fn charged3(events: &[Event]) -> (i8, i8, bool) {
    let (_, total, morale, success) = charged(events);
    (total, morale, success)
}

fn charges_of(scen: &Scenario, g: &GameState, id: &str) -> Vec<String> {
    let mut out = Vec::new();
    charge::for_each_charge(scen, g, unit(scen, id), |h| out.push(scen.grid().label(h)));
    out.sort();
    out
}

// ---------------------------------------------------------------- MP-CHG-1

// rule: MP-CHG-1
#[test]
fn mp_chg_1_camel_is_not_mounted_and_cannot_charge() {
    let scen = load("chg_line.toml");
    let mut g = start(&scen);
    assert_eq!(why(&scen, &g, "cm", "0104"), NoCharge::NotMounted);
    assert!(charges_of(&scen, &g, "cm").is_empty());
    let before = g.clone();
    let err = g
        .apply(
            &scen,
            Action::Charge {
                unit: unit(&scen, "cm"),
                target: hex(&scen, "0104"),
            },
            &mut rng(2),
            &mut (),
        )
        .unwrap_err();
    assert_eq!(
        err,
        ActionError::NoCharge(unit(&scen, "cm"), hex(&scen, "0104"), NoCharge::NotMounted)
    );
    assert!(err.describe(&scen).contains("MP-CHG-1"), "{err}");
    assert_eq!(g, before);
    // Foot units do not charge either; the same line for cavalry does.
    assert_eq!(why(&scen, &g, "b15", "1318"), NoCharge::NotMounted);
    assert_eq!(charges_of(&scen, &g, "c2"), ["0404"]);
}

// rule: MP-CHG-1
#[test]
fn mp_chg_1_cavalry_and_leaders_charge_three_hexes_along_the_line() {
    let scen = load("chg_line.toml");
    let g = start(&scen);
    let l = line(&scen, &g, "c2", "0404");
    assert_eq!(l.hexes, [hex(&scen, "0402"), hex(&scen, "0403")]);
    assert_eq!(l.target, unit(&scen, "r2"));
    assert_eq!(l.dir, Dir::S);
    assert_eq!(l.cost, Mp::points(2));
    // Leaders are mounted.
    assert!(charge::can_charge(&scen, &g, unit(&scen, "ld"), hex(&scen, "0418")).is_ok());
    // Every legal charge of the fixture, and no other, is a legal action.
    let mut actions = Vec::new();
    g.legal_actions(&scen, &mut actions);
    let mut listed: Vec<(String, String)> = actions
        .iter()
        .filter_map(|a| match *a {
            Action::Charge { unit, target } => {
                Some((scen.unit(unit).id.clone(), scen.grid().label(target)))
            }
            _ => None,
        })
        .collect();
    listed.sort();
    let want = [
        ("c10", "1311"),
        ("c2", "0404"),
        ("c7", "0411"),
        ("c8", "0711"),
        ("c9", "1011"),
        ("ld", "0418"),
    ];
    let want: Vec<(String, String)> = want
        .iter()
        .map(|(u, h)| (u.to_string(), h.to_string()))
        .collect();
    assert_eq!(listed, want);
}

// rule: MP-CHG-1
#[test]
fn mp_chg_1_target_exactly_three_hexes_away_in_a_straight_line() {
    let scen = load("chg_open.toml");
    let grid = scen.grid();
    let centre = hex(&scen, "0505");
    let ends: Vec<HexId> = Dir::ALL
        .iter()
        .map(|&d| grid.ray(centre, d, 3).nth(2).unwrap())
        .collect();
    let off_line = grid
        .hexes()
        .find(|&h| grid.distance(centre, h) == 3 && !ends.contains(&h))
        .unwrap();
    let labels: Vec<String> = ends.iter().map(|&h| grid.label(h)).collect();
    let off = grid.label(off_line);
    let places: Vec<(&str, Option<&str>)> = ["r1", "r2", "r3", "r4", "r5", "r6"]
        .iter()
        .zip(&labels)
        .map(|(id, h)| (*id, Some(h.as_str())))
        .chain([("r7", Some(off.as_str()))])
        .collect();
    let g = edit(&scen, &start(&scen), &places, |_| {});
    let mut want = labels.clone();
    want.sort();
    assert_eq!(charges_of(&scen, &g, "c"), want);
    for (d, end) in Dir::ALL.iter().zip(&labels) {
        let l = line(&scen, &g, "c", end);
        let ray: Vec<HexId> = grid.ray(centre, *d, 2).collect();
        assert_eq!(l.hexes.to_vec(), ray, "towards {end}");
    }
    assert_eq!(why(&scen, &g, "c", &off), NoCharge::NotInLine);
    // Two hexes away (adjacent after one hex) is no charge either.
    let g2 = edit(&scen, &start(&scen), &[("r1", Some("0507"))], |_| {});
    assert_eq!(why(&scen, &g2, "c", "0507"), NoCharge::NotInLine);
    // Three hexes straight on, but nobody there.
    assert_eq!(why(&scen, &g2, "c", "0508"), NoCharge::NoEnemy);
    // Not the other side's units.
    assert_eq!(why(&scen, &g2, "rc", "0506"), NoCharge::NotYourUnit);
}

// rule: MP-CHG-1
#[test]
fn mp_chg_1_hexes_crossed_clear_empty_and_first_out_of_enemy_zoc() {
    let scen = load("chg_line.toml");
    let g = start(&scen);
    assert_eq!(
        why(&scen, &g, "c5", "1304"),
        NoCharge::NotClear(hex(&scen, "1302"))
    );
    assert_eq!(
        why(&scen, &g, "c15", "1318"),
        NoCharge::Occupied(hex(&scen, "1317"))
    );
    assert_eq!(
        why(&scen, &g, "c14", "1018"),
        NoCharge::EnemyZoc(hex(&scen, "1016"))
    );
    // Without the unit at 0917 the first hex is free and the charge legal.
    let g2 = edit(&scen, &g, &[("r14b", None)], |_| {});
    assert!(charge::can_charge(&scen, &g2, unit(&scen, "c14"), hex(&scen, "1018")).is_ok());
    // A friendly unit in the way blocks as well as an enemy one.
    let g3 = edit(&scen, &g, &[("b15", Some("0402"))], |_| {});
    assert_eq!(
        why(&scen, &g3, "c2", "0404"),
        NoCharge::Occupied(hex(&scen, "0402"))
    );
}

// rule: MP-CHG-1
#[test]
fn mp_chg_1_movement_points_for_the_two_hexes_and_charging_after_moving() {
    let scen = load("chg_line.toml");
    let g = start(&scen);
    assert_eq!(
        why(&scen, &g, "c13", "0718"),
        NoCharge::NoPoints {
            need: Mp::points(2),
            left: Mp::points(1)
        }
    );

    // A unit may move first and charge with the points it has left.
    let scen = load("chg_open.toml");
    let mut g = edit(&scen, &start(&scen), &[("r1", Some("0507"))], |_| {});
    g.apply(
        &scen,
        Action::Move {
            unit: unit(&scen, "c"),
            to: hex(&scen, "0504"),
        },
        &mut rng(3),
        &mut (),
    )
    .unwrap();
    assert_eq!(line(&scen, &g, "c", "0507").cost, Mp::points(2));
    charge_with(&scen, &mut g, "c", "0507", 1);
    assert_eq!(g.unit(unit(&scen, "c")).mp_spent, Mp::points(3));
    assert_eq!(why(&scen, &g, "c", "0508"), NoCharge::MoveEnded);

    // Points spent earlier in the phase count: two left will do, one will not.
    let spent = |mp: f64| {
        edit(&scen, &start(&scen), &[("r1", Some("0508"))], |su| {
            if su.id == "c" {
                su.mp_spent = mp;
                su.flags |= UnitFlags::MOVED.bits();
            }
        })
    };
    assert!(charge::can_charge(&scen, &spent(2.0), unit(&scen, "c"), hex(&scen, "0508")).is_ok());
    assert_eq!(
        why(&scen, &spent(3.0), "c", "0508"),
        NoCharge::NoPoints {
            need: Mp::points(2),
            left: Mp::points(1)
        }
    );
}

// rule: MP-CHG-1
// rule: MP-ZOC-8
#[test]
fn mp_chg_1_leaving_enemy_cavalry_zoc_costs_a_point_more() {
    let scen = load("chg_open.toml");
    let g = edit(&scen, &start(&scen), &[("r1", Some("0508"))], |_| {});
    assert_eq!(line(&scen, &g, "c", "0508").cost, Mp::points(2));
    let g = edit(&scen, &g, &[("rc", Some("0404"))], |_| {});
    assert_eq!(line(&scen, &g, "c", "0508").cost, Mp::points(3));
    let g = edit(&scen, &g, &[], |su| {
        if su.id == "c" {
            su.mp_spent = 2.0;
        }
    });
    assert_eq!(
        why(&scen, &g, "c", "0508"),
        NoCharge::NoPoints {
            need: Mp::points(3),
            left: Mp::points(2)
        }
    );
}

// ---------------------------------------------------------------- MP-CHG-2

// rule: MP-CHG-2
#[test]
fn mp_chg_2_units_in_woods_or_town_cannot_be_charged() {
    let scen = load("chg_line.toml");
    let mut g = start(&scen);
    assert_eq!(why(&scen, &g, "c3", "0704"), NoCharge::ProtectedTerrain);
    assert_eq!(why(&scen, &g, "c4", "1004"), NoCharge::ProtectedTerrain);
    assert!(charges_of(&scen, &g, "c3").is_empty());
    assert!(charges_of(&scen, &g, "c4").is_empty());
    let before = g.clone();
    for (c, t) in [("c3", "0704"), ("c4", "1004")] {
        let err = g
            .apply(
                &scen,
                Action::Charge {
                    unit: unit(&scen, c),
                    target: hex(&scen, t),
                },
                &mut rng(4),
                &mut (),
            )
            .unwrap_err();
        assert!(err.describe(&scen).contains("MP-CHG-2"), "{err}");
    }
    assert_eq!(g, before);
}

// rule: MP-CHG-2
#[test]
fn mp_chg_2_a_river_blocks_the_line_a_bridge_over_a_stream_does_not() {
    let scen = load("chg_line.toml");
    let g = start(&scen);
    // A river on the target's hexside.
    assert_eq!(
        why(&scen, &g, "c6", "0111"),
        NoCharge::River(hex(&scen, "0111"))
    );
    // A bridged river on the first hexside: still a river.
    assert_eq!(
        why(&scen, &g, "c11", "0118"),
        NoCharge::River(hex(&scen, "0116"))
    );
    // A bridge over a stream: the charge crosses it (the bridge replaces
    // the stream's cost: 1 + 0 + 1).
    let l = line(&scen, &g, "c7", "0411");
    assert_eq!(l.cost, Mp::points(2));
    // An unbridged stream on the target's hexside does not block either.
    assert!(charge::can_charge(&scen, &g, unit(&scen, "c8"), hex(&scen, "0711")).is_ok());
    // And the bridged-stream charge plays out.
    let mut g = g;
    charge_with(&scen, &mut g, "c7", "0411", 9);
    assert_eq!(at(&scen, &g, "c7"), "0411");
}

// ---------------------------------------------------------------- MP-CHG-3

// MP-CHG-3 to 6: the morale check and what follows it.
#[path = "charge/morale.rs"]
mod morale;

// MP-CHG-1, -2 on a second reading: the move after a charge, the target's hex.
#[path = "charge/onward.rs"]
mod onward;

// MP-CHG-1..5 on a fourth reading: hand-worked positions not pinned before.
#[path = "charge/audit.rs"]
mod audit;

// MP-CHG-1..4, MP-ZOC-6 on a fifth reading: the charger's move ends where it
// entered the target's ZOC; hand-worked positions.
#[path = "charge/audit5.rs"]
mod audit5;
