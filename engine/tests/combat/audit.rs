//! A fourth reading of the Malaya combat chapter (MAL-CBT-1..10, D-CRT-1),
//! sentence by sentence, against the engine. Positions are the fixtures
//! `cbt_open.toml` and `cbt_corridor.toml` (their comments describe the
//! ground), some grown here by a line or two of TOML. Each test places the
//! units it needs, enters Blue's Combat Phase and forces the die and every
//! random choice with a script, so each expected number is worked by hand
//! from the rule text. On the fixtures and helpers of `combat.rs`.
//!
//! The three departures it found (MAL-CBT-7, retreats toward enemy-held or
//! unopened ports; MAL-CBT-2, attacks by units that cannot move) are
//! corrected: their tests fail on the engine before the correction.

use hexwar_engine::combat::{Modifier, NoAttack};
use hexwar_engine::{Event, PhaseKind, Scenario, Side, SupplyState};

use super::*;

// ---------------------------------------------------------------------
// Departures from the text, corrected (they fail on the engine before).
// ---------------------------------------------------------------------

/// `cbt_open.toml` with `places` (a `[places]` table body) and a
/// `[supply.ports]` table body for red, and `control` (a `[control]` body).
fn open_with_ports(places: &str, ports: &str, control: &str) -> Scenario {
    let src = source("cbt_open.toml").replacen(
        "[supply]",
        &format!("[places]\n{places}\n\n[control]\n{control}\n\n[supply]"),
        1,
    );
    let src = src.replacen(
        "[combat]",
        &format!("[supply.ports]\n{ports}\n\n[combat]"),
        1,
    );
    scenario(&src)
}

/// r1 (two steps) in the jungle 0504 attacked by b1 and b2 from 0403: 8
/// against 2 x2 = 4, 2:1; blue's air point +1, red's (jungle) -1: a 5 stays
/// a 5, D1R2. The retreat's events; `holds` names the side holding 0502
/// before the roll.
fn open_d1r2(scen: Scenario, holds: Side) -> (Game, Vec<Event>) {
    let mut g = Game::with(
        scen,
        &[("b1", "0403"), ("b2", "0403"), ("r1", "0504")],
        |_| {},
    );
    assert_eq!(g.st.control(g.h("0502")), Some(holds));
    g.attack("b1", "0504");
    g.attack("b2", "0504");
    let ev = g.roll(1, &[4]);
    (g, ev)
}

// rule: MAL-CBT-7
#[test]
fn mal_cbt_7_retreat_toward_a_friendly_source_not_an_enemy_held_port() {
    // "those units must immediately move two hexes away from the combat hex
    // and toward a Friendly Supply Source (if possible)". Red draws supply
    // from 1004 and from the east-coast ports it controls (MAL-SUP-7). The
    // east-coast port 0502 is held by blue: it is no source of red's. So the
    // retreat heads for 1004 by the cheapest hexes that do (MAL-CBT-7):
    // south along the road to 0505, then 0605 (1.5 MP), out of blue's ZOC:
    // r1 ends with one step (the D1). Were 0502 a source, the way north,
    // 0503 then 0502, would lead toward one too, but it is dearer (4 MP,
    // across a ford): toward "a" source, any of them, the cheapest way wins
    // (the tenth reading; before, only the way toward the nearest source,
    // 0502, counted, and r1 went north).
    let scen = open_with_ports(
        "east_ports = [\"0502\"]",
        "side = \"red\"\neast = true",
        "hexes = { blue = [\"0502\"] }",
    );
    let (g, ev) = open_d1r2(scen, Side(0));
    assert_eq!(g.path(&ev, "r1").unwrap(), ["0505", "0605"]);
    assert_eq!(g.steps("r1"), 1);
    // Held by red, the port is a source of red's too: south still.
    let scen = open_with_ports(
        "east_ports = [\"0502\"]",
        "side = \"red\"\neast = true",
        "hexes = { red = [\"0502\"] }",
    );
    let (g, ev) = open_d1r2(scen, Side(1));
    assert_eq!(g.path(&ev, "r1").unwrap(), ["0505", "0605"]);
}

// rule: MAL-CBT-7
#[test]
fn mal_cbt_7_retreat_not_toward_a_west_port_before_it_is_a_source() {
    // The same, the port 0502 a west-coast port held by red, which becomes a
    // source only once 0101 ("Penang") has been taken with its shipping
    // intact (MAL-SUP-7). It has not: 0502 is not a supply source yet, and
    // the retreat goes south-east toward 1004 (0505, 0605).
    let scen = open_with_ports(
        "west_ports = [\"0502\"]",
        "side = \"red\"\nwest_after = \"0101\"\nwest_chance = 100",
        "hexes = { red = [\"0502\"] }",
    );
    let (g, ev) = open_d1r2(scen, Side(1));
    assert_eq!(g.path(&ev, "r1").unwrap(), ["0505", "0605"]);
    assert_eq!(g.steps("r1"), 1);
}

// rule: MAL-CBT-2
#[test]
fn mal_cbt_2_a_unit_that_cannot_move_cannot_attack() {
    // "An attacking unit must also be able to enter the defender's hex in
    // order to attack." A unit whose movement allowance is 0 (the type of
    // malaya's "coast defence guns") enters no hex by normal movement (the
    // engine has no minimum move), so it may not attack r1 in 0504 from
    // 0403, across a plain hexside, where b1 beside it may.
    let src = source("cbt_open.toml").replacen(
        "[[units]]",
        "[unit_types.fixed]\nname = \"Coast guns\"\nkind = \"artillery\"\nclass = \"foot\"\n\
         movement = 0\nattack = 4\ndefense = 3\n\n[[units]]\nid = \"f1\"\nside = \"blue\"\n\
         type = \"fixed\"\nhex = \"0201\"\n\n[[units]]",
        1,
    );
    let g = Game::with(
        scenario(&src),
        &[("b1", "0403"), ("f1", "0403"), ("r1", "0504")],
        |_| {},
    );
    assert_eq!(g.st.phase(&g.scen), PhaseKind::Combat);
    assert_eq!(
        g.st.movement_allowance(&g.scen, g.u("f1")),
        hexwar_engine::Mp::ZERO
    );
    assert_eq!(g.can_attack("b1", "0504"), Ok(()));
    assert_eq!(g.can_attack("f1", "0504"), Err(NoAttack::CannotEnter));
}

// ---------------------------------------------------------------------
// What the engine does and nothing pinned.
// ---------------------------------------------------------------------

// rule: MAL-CBT-1
// rule: MAL-CBT-3
// rule: MAL-CBT-9
#[test]
fn mal_cbt_1_a_unit_stacked_with_an_attacker_may_attack_elsewhere_untouched() {
    // "Units in a hex that contains an attacking unit need not participate
    // in that same attack nor any attack"; "Friendly units in a stack that
    // are not participating in a given attack are never affected by the
    // results of the attack." b1 and b4 share 0403; b1 alone attacks r1 in
    // the jungle 0504: 4 against 2 x2 = 4, 1:1; red commits its air point
    // (jungle): a 6 becomes 5, D1R2. r1 loses a step and retreats toward
    // its source 1004 by the cheapest way, the road to 0505, then 0605.
    let mut g = Game::new(
        "cbt_open.toml",
        &[
            ("b1", "0403"),
            ("b4", "0403"),
            ("r1", "0504"),
            ("r3", "0402"),
        ],
        |_| {},
    );
    g.attack("b1", "0504");
    let ev = g.roll(0, &[5]);
    assert_eq!(g.path(&ev, "r1").unwrap(), ["0505", "0605"]);
    assert_eq!(g.steps("r1"), 1);
    // b4 took no part: it may not advance into 0504, b1 may.
    let legal = g.legal();
    assert!(legal.contains(&Action::Advance { unit: g.u("b1") }));
    assert!(!legal.contains(&Action::Advance { unit: g.u("b4") }));
    assert_eq!(g.steps("b4"), 2);
    // ... and it may still attack another hex: r3 (1) in the open 0402.
    assert_eq!(g.can_attack("b4", "0402"), Ok(()));
    g.attack("b4", "0402");
    let o = combat::odds(&g.scen, &g.st, 0);
    assert_eq!((o.attack, o.defense), (4.0, 1.0));
    assert_eq!(g.scen.combat().column_name(o.column), "4:1");
}

// rule: MAL-CBT-4
// rule: MAL-SUP-6
#[test]
fn mal_cbt_4_unsupplied_armor_quartered_and_halved_cumulative_fractions_kept() {
    // "Combat Strengths of units may be affected by terrain and supply
    // considerations ... Such effects are always cumulative. If a unit's
    // Strength is halved or quartered, fractions are not rounded."
    // t1 (armor, 6) unsupplied attacks along the road 0505-0504: 6/4 = 1.5;
    // with b1 (4) from 0403: 5.5 against r1's 2 x2 (jungle) = 4: 1.375, 1:1.
    let mut g = Game::new(
        "cbt_open.toml",
        &[("t1", "0505"), ("b1", "0403"), ("r1", "0504")],
        |s| set_supply(s, "t1", SupplyState::Out),
    );
    g.attack("t1", "0504");
    g.attack("b1", "0504");
    let o = combat::odds(&g.scen, &g.st, 0);
    assert_eq!(o.attack, 5.5);
    assert_eq!(o.defense, 4.0);
    assert_eq!(g.scen.combat().column_name(o.column), "1:1");
    let t1 = o.attackers.iter().find(|c| c.unit == g.u("t1")).unwrap();
    assert_eq!((t1.base, t1.strength), (6.0, 1.5));
    assert_eq!(t1.modifiers, vec![(Modifier::Supply, 0.25)]);

    // Red armor (defense 3) unsupplied in the jungle 0504: 3/2 x2 = 3;
    // b3 (3) across the ford: 3 x0.5 = 1.5. 1.5 against 3: 1:2.
    let src = source("cbt_open.toml").replacen(
        "[[units]]",
        "[unit_types.rtank]\nname = \"Red tanks\"\nkind = \"armor\"\nclass = \"armor\"\n\
         movement = 6\nattack = [5, 2]\ndefense = [3, 1]\n\n[[units]]\nid = \"rt\"\n\
         side = \"red\"\ntype = \"rtank\"\nhex = \"1001\"\n\n[[units]]",
        1,
    );
    let mut g = Game::with(scenario(&src), &[("b3", "0503"), ("rt", "0504")], |s| {
        set_supply(s, "rt", SupplyState::Out)
    });
    g.attack("b3", "0504");
    let o = combat::odds(&g.scen, &g.st, 0);
    assert_eq!((o.attack, o.defense), (1.5, 3.0));
    assert_eq!(g.scen.combat().column_name(o.column), "1:2");
    assert_eq!(
        o.defenders[0].modifiers,
        vec![(Modifier::Supply, 0.5), (Modifier::Terrain, 2.0)]
    );
}

// rule: MAL-CBT-7
#[test]
fn mal_cbt_7_among_paths_to_the_same_end_the_cheapest_hexes() {
    // "The retreat must be made through hexes that, under normal
    // conditions, would cost the least number of movement points for the
    // unit to enter." In the corridor, 0401 made jungle (2 MP): r1 beaten
    // out of 0302 (R2) reaches 0502 by 0401 (2 + 1) or by 0402 (1 + 1);
    // the end hex is the same, so the way to supply is the same: 0402.
    // (Without the jungle the tie goes to the lower id, 0401.)
    let src = source("cbt_corridor.toml")
        .replacen("w w w c w c w w", "w w w j w c w w", 1)
        .replacen(
            "[movement]",
            "[[terrain]]\ncode = \"j\"\nname = \"jungle\"\ncost = { foot = 2 }\n\n[movement]",
            1,
        );
    let mut g = Game::with(scenario(&src), &[("b1", "0202"), ("r1", "0302")], |_| {});
    g.attack("b1", "0302");
    // 4 against 2, 2:1; a 1: R2.
    let ev = g.roll(0, &[0]);
    assert_eq!(g.path(&ev, "r1").unwrap(), ["0402", "0502"]);
    assert_eq!((g.at("r1"), g.steps("r1")), ("0502".to_string(), 2));
}

// rule: MAL-CBT-8
#[test]
fn mal_cbt_8_an_enemy_zoc_hex_costs_a_step_even_with_a_friend_in_it() {
    // "Every Enemy ZOC entered during the retreat requires the unit (or
    // stack) to lose an additional step": no exception for a hex a friendly
    // unit holds (the supply rule has one; this one does not). r2 holds
    // 0502, in b2's ZOC (0601); r1 retreats from 0302 (R2) into it by 0401
    // (stacking two) and loses a step; r2, which did not retreat, none.
    let mut g = Game::new(
        "cbt_corridor.toml",
        &[
            ("b1", "0202"),
            ("r1", "0302"),
            ("r2", "0502"),
            ("b2", "0601"),
        ],
        |_| {},
    );
    g.attack("b1", "0302");
    let ev = g.roll(0, &[0]);
    assert_eq!(g.path(&ev, "r1").unwrap(), ["0401", "0502"]);
    assert_eq!((g.steps("r1"), g.steps("r2")), (1, 1));
}

// rule: MAL-CBT-9
// rule: D-STACK-1
#[test]
fn mal_cbt_9_advance_from_zoc_to_zoc_with_no_mp_left_within_stacking() {
    // "Such advance does not expend any movement points. The advance may be
    // made even if moving from enemy ZOC to another enemy ZOC." b1 and b2
    // attack r1 in 0302 from 0202, which is in r4's ZOC (0103); b1 has spent
    // all its 4 MP. r3 in 0401 puts 0302 in red ZOC. 8 against 2, 2:1; a 1:
    // R2; r1 retreats by 0401 (a friend's hex, passed through) or 0402 to
    // 0502: same end, same cost, the lower id, 0401.
    let mut g = Game::new(
        "cbt_corridor.toml",
        &[
            ("b1", "0202"),
            ("b2", "0202"),
            ("r1", "0302"),
            ("r3", "0401"),
            ("r4", "0103"),
        ],
        |s| s.units.iter_mut().find(|u| u.id == "b1").unwrap().mp_spent = 4.0,
    );
    g.attack("b1", "0302");
    g.attack("b2", "0302");
    let ev = g.roll(0, &[0]);
    assert_eq!(g.path(&ev, "r1").unwrap(), ["0401", "0502"]);
    let red_zoc = hexwar_engine::zoc::zoc_hexes(&g.scen, &g.st, Side(1));
    assert!(red_zoc.contains(&g.h("0202")) && red_zoc.contains(&g.h("0302")));
    // Both attackers may advance, from r4's ZOC into r3's.
    g.act(Action::Advance { unit: g.u("b1") }).unwrap();
    g.act(Action::Advance { unit: g.u("b2") }).unwrap();
    assert_eq!(
        (g.at("b1"), g.at("b2")),
        ("0302".to_string(), "0302".to_string())
    );
}

// rule: MAL-CBT-9
// rule: D-STACK-1
#[test]
fn mal_cbt_9_advance_may_not_overstack() {
    // Three attackers, stacking two: b1, b2 from 0202 and b3 (1) from 0401
    // on r1 in 0302: 9 against 2, 2:1; a 1: R2. r1 retreats by 0402 (0401
    // is blue) to 0502. Two may advance; the third may not.
    let mut g = Game::new(
        "cbt_corridor.toml",
        &[
            ("b1", "0202"),
            ("b2", "0202"),
            ("b3", "0401"),
            ("r1", "0302"),
        ],
        |_| {},
    );
    for id in ["b1", "b2", "b3"] {
        g.attack(id, "0302");
    }
    let ev = g.roll(0, &[0]);
    assert_eq!(g.path(&ev, "r1").unwrap(), ["0402", "0502"]);
    g.act(Action::Advance { unit: g.u("b3") }).unwrap();
    g.act(Action::Advance { unit: g.u("b1") }).unwrap();
    assert!(!g.legal().contains(&Action::Advance { unit: g.u("b2") }));
    assert!(matches!(
        g.act(Action::Advance { unit: g.u("b2") }),
        Err(ActionError::CannotAdvance(_))
    ));
    assert_eq!(g.at("b2"), "0202");
}

// rule: D-CRT-1
// rule: MAL-CBT-4
#[test]
fn d_crt_1_odds_are_rounded_in_the_defenders_favour() {
    // "the standard Attacker / Defender ratios": the odds fall to the column
    // at or below them. 5 against 12 (1:2.4) is 1:3; 6 against 12 is 1:2;
    // 7 against 3 (2.33:1) is 2:1; 11.5 against 4 (2.875:1) is 2:1.
    let (scen, _) = common::load("cbt_open.toml");
    let c = scen.combat();
    let name = |a: f64, d: f64| c.column_name(c.column(a, d));
    assert_eq!(name(5.0, 12.0), "1:3");
    assert_eq!(name(6.0, 12.0), "1:2");
    assert_eq!(name(7.0, 3.0), "2:1");
    assert_eq!(name(11.5, 4.0), "2:1");
    assert_eq!(name(12.0, 4.0), "3:1");
}
