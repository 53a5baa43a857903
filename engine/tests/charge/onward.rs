//! MP-CHG-1, -2: what the text says of the charger's move after a charge
//! ("a new charging action later in the movement phase") and of the target's
//! hex ("the terrain type of the hex occupied by the target unit has no
//! influence on charge" but for woods, dunes, palm grove and towns), on
//! `chg_open.toml` grown for each test.

use super::*;

/// `chg_open.toml` with `edit` applied to its text.
fn open_with(edit: impl FnOnce(String) -> String) -> Scenario {
    load_with("chg_open.toml", edit)
}

/// Guns (artillery: no ZOC, MP-ZOC-4) of morale 9, which always hold a
/// charge of equal strength; c with 6 movement points.
fn with_guns(src: String) -> String {
    src.replacen(
        "class = \"horse\"\nmovement = 4",
        "class = \"horse\"\nmovement = 6",
        1,
    )
    .replacen(
        "id = \"r1\"\nside = \"red\"\ntype = \"inf\"",
        "id = \"r1\"\nside = \"red\"\ntype = \"gun\"",
        1,
    ) + "\n[unit_types.gun]\nname = \"Guns\"\nkind = \"artillery\"\nclass = \"foot\"\n\
         movement = 2\nattack = 3\nmorale = 9\n"
}

// rule: MP-CHG-1
// rule: MP-ZOC-6
#[test]
fn mp_chg_1_a_charger_out_of_enemy_zoc_moves_on_and_may_charge_again() {
    let scen = open_with(with_guns);
    // Guns at 0508 (no ZOC), infantry r2 at 0502 (off the charge's line);
    // r5, next to 0508, off the map.
    let places = [("r1", Some("0508")), ("r2", Some("0502")), ("r5", None)];
    let mut g = edit(&scen, &start(&scen), &places, |_| {});
    let ev = charge_with(&scen, &mut g, "c", "0508", 9);
    assert!(!charged(&ev).3, "the guns hold");
    assert_eq!(at(&scen, &g, "c"), "0507");
    // Next to the guns but in no ZOC: the move is not over.
    let mut map = vec![0u8; scen.grid().len()];
    zoc::zoc_map(&scen, &g, &mut map);
    assert!(!zoc::in_enemy_zoc(&scen, &map, hex(&scen, "0507"), Side(0)));
    assert!(!ended(&scen, &g, "c"));
    assert_eq!(g.mp_left(&scen, unit(&scen, "c")), Mp::points(4));
    // A new charging action with the points left: back along 0506 and
    // 0505 at the infantry in 0504 (moved there first: 0502 -> 0504 is
    // off the line from 0507).
    let mut g2 = edit(&scen, &g, &[("r2", Some("0504"))], |_| {});
    assert_eq!(line(&scen, &g2, "c", "0504").cost, Mp::points(2));
    let ev = charge_with(&scen, &mut g2, "c", "0504", 1);
    assert!(!charged(&ev).3, "the infantry holds");
    assert_eq!(at(&scen, &g2, "c"), "0505");
    // Next to infantry: in its ZOC, and that ends the move (MP-ZOC-6).
    assert!(ended(&scen, &g2, "c"));
    assert_eq!(why(&scen, &g2, "c", "0502"), NoCharge::MoveEnded);
    // Moving on instead is a legal move too.
    let mut actions = Vec::new();
    g.legal_actions(&scen, &mut actions);
    assert!(actions.iter().any(|a| matches!(a,
        Action::Move { unit: u, to } if *u == unit(&scen, "c") && *to == hex(&scen, "0407"))));
}

// rule: MP-CHG-1
#[test]
fn mp_chg_1_a_charger_that_takes_the_hex_of_eliminated_guns_moves_on() {
    let scen = open_with(with_guns);
    // Guns with no morale left fail on any roll; artillery never retreats.
    let g = edit(
        &scen,
        &start(&scen),
        &[("r1", Some("0508")), ("r5", None)],
        |su| {
            if su.id == "r1" {
                su.morale = 0;
            }
        },
    );
    let mut g = g;
    let ev = charge_with(&scen, &mut g, "c", "0508", 1);
    assert!(charged(&ev).3);
    assert!(g.unit(unit(&scen, "r1")).eliminated());
    assert_eq!(at(&scen, &g, "c"), "0508");
    assert!(!ended(&scen, &g, "c"));
    let mut g2 = g.clone();
    g2.apply(
        &scen,
        Action::Move {
            unit: unit(&scen, "c"),
            to: hex(&scen, "0509"),
        },
        &mut rng(6),
        &mut (),
    )
    .unwrap();
    assert_eq!(at(&scen, &g2, "c"), "0509");
    assert_eq!(g2.unit(unit(&scen, "c")).mp_spent, Mp::points(3));
}

/// `chg_open.toml` with marsh (no horse may enter it) at 0508.
fn with_marsh(src: String) -> String {
    let clear = "c c c c c c c c c\n";
    let marsh = clear.repeat(7) + "c c c c m c c c c\n" + clear;
    src.replacen(&clear.repeat(9), &marsh, 1).replacen(
        "[movement]",
        "[[terrain]]\ncode = \"m\"\nname = \"marsh\"\ncost = { foot = 3, horse = \"no\" }\n\n[movement]",
        1,
    )
}

// rule: MP-CHG-2
#[test]
fn mp_chg_2_a_unit_in_terrain_the_charger_cannot_enter_may_be_charged() {
    let scen = open_with(with_marsh);
    assert!(!scen.terrain(hex(&scen, "0508")).open);
    let g = edit(
        &scen,
        &start(&scen),
        &[("r1", Some("0508")), ("r5", None)],
        |_| {},
    );
    let l = line(&scen, &g, "c", "0508");
    assert_eq!(l.target, unit(&scen, "r1"));
    let mut g = g;
    let ev = charge_with(&scen, &mut g, "c", "0508", 9);
    assert!(charged(&ev).3);
    // The target retreats; the charger, which may not enter marsh, stays
    // next to the hex and keeps its bonus against the unit charged.
    assert_ne!(at(&scen, &g, "r1"), "0508");
    assert_eq!(at(&scen, &g, "c"), "0507");
    let c = g.unit(unit(&scen, "c"));
    assert!(c.has(UnitFlags::CHARGED));
    assert_eq!(c.charge_target, unit(&scen, "r1"));
    assert!(!ev.iter().any(|e| matches!(e, Event::Advanced { .. })));
    // A hexside no horse may cross still forbids the charge.
    let steep = open_with(|s| s + "\n[hexsides]\nsteep = [\"0507/0508\"]\n");
    let g = edit(
        &steep,
        &start(&steep),
        &[("r1", Some("0508")), ("r5", None)],
        |_| {},
    );
    assert_eq!(
        why(&steep, &g, "c", "0508"),
        NoCharge::CannotEnter(hex(&steep, "0508"))
    );
}
