//! An eighth reading of the Malaya combat chapter against the engine: the
//! sentences it plays right that nothing pinned closely, and the departure
//! the reading found (MAL-CBT-9: armor that attacked along a rail line may
//! advance along it), corrected; that test fails on the engine before its
//! correction. On the fixtures and helpers of `combat.rs`, and
//! `audit8_combat_river.toml`.

use super::*;

// rule: MAL-CBT-8
// rule: MAL-CBT-7
#[test]
fn mal_cbt_8_an_enemy_zoc_hex_entered_as_the_third_hex_costs_a_step() {
    // "If such would be the case, then the unit would continue retreating
    // one more hex"; "Every Enemy ZOC entered during the retreat requires
    // the unit (or stack) to lose an additional step." In the corridor r1
    // (0302) is beaten by b1 from 0202 (4 against 2, 2:1; a 1: R2). The only
    // hex two away, 0502, is full (r2, r5; stacking 2), so r1 runs on a
    // third hex, 0601 or 0602, both beside b2 in 0702: the hex entered last
    // is in enemy ZOC and costs a step (0401 and 0502 are in no blue ZOC).
    let mut g = Game::new(
        "cbt_corridor.toml",
        &[
            ("b1", "0202"),
            ("r1", "0302"),
            ("r2", "0502"),
            ("r5", "0502"),
            ("b2", "0702"),
        ],
        |_| {},
    );
    g.attack("b1", "0302");
    let ev = g.roll(0, &[0]);
    let path = g.path(&ev, "r1").expect("r1 retreated");
    assert_eq!(path.len(), 3, "{path:?}");
    assert_eq!(&path[..2], ["0401", "0502"]);
    assert!(path[2] == "0601" || path[2] == "0602", "{path:?}");
    assert_eq!(g.lost(&ev, "r1"), 1);
    assert_eq!((g.at("r1"), g.steps("r1")), (path[2].clone(), 1));
}

// rule: MAL-CBT-8
// rule: MAL-CBT-9
#[test]
fn mal_cbt_8_9_a_unit_with_no_hex_two_away_loses_two_steps_and_the_emptied_hex_may_be_taken() {
    // "If a retreat could not be satisfied without violating one those
    // rules, then the unit (or the stack) would suffer a two steps loss
    // penality"; "Attacking units may advance after combat only if the
    // defending hex has left the place (due to elimination or retreat)".
    // r1 (two steps) holds 0802, the corridor's east end, at the map's
    // edge: its only neighbour it may enter (b1 holds 0702) is 0803, and
    // from there no hex lies two away from 0802 (water and the map's edge).
    // b1 (4 against 2, 2:1; a 1: R2): no retreat, two steps, r1 is
    // eliminated; the hex is empty, so b1 may advance into it.
    let mut g = Game::new(
        "cbt_corridor.toml",
        &[("b1", "0702"), ("r1", "0802")],
        |_| {},
    );
    g.attack("b1", "0802");
    let ev = g.roll(0, &[0]);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::NoRetreat { unit, .. } if *unit == g.u("r1")))
    );
    assert_eq!(g.path(&ev, "r1"), None);
    assert_eq!(g.lost(&ev, "r1"), 2);
    assert_eq!(g.at("r1"), "off");
    assert!(g.legal().contains(&Action::Advance { unit: g.u("b1") }));
    g.act(Action::Advance { unit: g.u("b1") }).unwrap();
    assert_eq!(g.at("b1"), "0802");
}

// rule: MAL-CBT-8
// rule: MAL-CBT-6
#[test]
fn mal_cbt_8_losses_come_before_the_retreat_so_an_eliminated_attacker_casts_no_zoc() {
    // "Combat Resolution: Required steps losses are automatically
    // distributed among participating units ... Retreats: If required,
    // retreats are automatically handled by game mechanisms. Further losses
    // may be distributed as needed." b3 (one step, attack 1) in 0401
    // attacks r2 (one step, defense 1) in 0302: 1:1. The table's 1 at 1:1
    // is made A1R2 here: b3 is eliminated first, so r2's retreat may take
    // 0401 (empty now), and 0502 is in no blue ZOC: r2 ends in 0502 with
    // its step. Had b3 still stood there, 0401 would be closed and 0502
    // (beside 0401) in its ZOC: a step, and r2 gone.
    let src = source("cbt_corridor.toml").replacen(r#"["A1", "R2"]"#, r#"["A1R2", "R2"]"#, 1);
    let scen = Scenario::from_toml(&src, "audit8_a1r2.toml").unwrap_or_else(|e| panic!("{e}"));
    let mut g = Game::with(scen, &[("b3", "0401"), ("r2", "0302")], |_| {});
    g.attack("b3", "0302");
    let ev = g.roll(0, &[0]);
    assert_eq!(g.at("b3"), "off");
    assert_eq!(g.path(&ev, "r2").unwrap(), ["0401", "0502"]);
    assert_eq!((g.at("r2"), g.steps("r2")), ("0502".to_string(), 1));
}

// rule: MAL-CBT-7
#[test]
fn mal_cbt_7_a_retreat_never_crosses_a_hexside_the_unit_could_not_cross_normally() {
    // "A retreating unit cannot enter a hex that it could not move to
    // normally." r1 in 0403 is beaten by b1 from 0503 (4 against 2, 2:1;
    // a 1: R2). Red's source is 0103, to the west. The straight way home,
    // 0303 then 0203 (beside the source), crosses a river with no bridge
    // or ford: closed. Of the ways left that go toward the source, 0402
    // then 0302 ends nearest it (2 MP; by 0404 and 0305 it is 3), so r1
    // takes it and pays a step for 0402, in b1's ZOC (MAL-CBT-8).
    let mut g = Game::new(
        "audit8_combat_river.toml",
        &[("b1", "0503"), ("r1", "0403")],
        |_| {},
    );
    g.attack("b1", "0403");
    let ev = g.roll(0, &[0]);
    assert_eq!(g.path(&ev, "r1").unwrap(), ["0402", "0302"]);
    assert_eq!((g.at("r1"), g.steps("r1")), ("0302".to_string(), 1));
    // With the river gone, the straight way home is the one taken.
    let src =
        source("audit8_combat_river.toml").replacen(r#"river = ["0303/0403", "0304/0403"]"#, "", 1);
    let scen = Scenario::from_toml(&src, "audit8_no_river.toml").unwrap_or_else(|e| panic!("{e}"));
    let mut g = Game::with(scen, &[("b1", "0503"), ("r1", "0403")], |_| {});
    g.attack("b1", "0403");
    let ev = g.roll(0, &[0]);
    let path = g.path(&ev, "r1").unwrap();
    assert!(path[0] == "0303" || path[0] == "0304", "{path:?}");
    assert_eq!(g.steps("r1"), 2);
}

// rule: MAL-CBT-9
// rule: MAL-CBT-2
#[test]
fn mal_cbt_9_armor_advances_along_the_road_it_attacked_by() {
    // "An armored unit may not attack any hex that is not connected by a
    // road or a rail"; "They may then advance into the attacked hex." t1 in
    // 0505 attacks r1 in the jungle 0504 along the road 0505-0504: 6
    // against 2 x2 = 1.5, 1:1. Red's rule commits its air point (jungle),
    // Blue one: a 6 stays 6, D1R2. r1 leaves 0504 (or is destroyed), and t1
    // may advance into the jungle along the road, where it could enter by
    // normal movement (the road rate).
    let mut g = Game::new("cbt_open.toml", &[("t1", "0505"), ("r1", "0504")], |_| {});
    g.attack("t1", "0504");
    g.roll(1, &[5]);
    assert_ne!(g.at("r1"), "0504");
    assert!(g.legal().contains(&Action::Advance { unit: g.u("t1") }));
    g.act(Action::Advance { unit: g.u("t1") }).unwrap();
    assert_eq!(g.at("t1"), "0504");
}

// rule: MAL-CBT-1
#[test]
fn mal_cbt_1_a_unit_that_joined_an_attack_that_was_withdrawn_may_still_attack() {
    // "No unit may attack more than once per Combat Phase"; the procedure:
    // "Clicking on any Selected Friendly unit will cancel this unit's
    // participation to that combat", and a declared combat may be
    // cancelled. An attack withdrawn before the roll is no attack: b1, once
    // committed against 0302 and withdrawn, may attack it (or another hex)
    // after all; once rolled, it may not attack again.
    let mut g = Game::new(
        "cbt_corridor.toml",
        &[("b1", "0202"), ("r1", "0302")],
        |_| {},
    );
    g.attack("b1", "0302");
    g.act(Action::CancelAttack).unwrap();
    g.attack("b1", "0302");
    g.roll(0, &[1]); // a 2 at 2:1: D1, r1 holds.
    let again = g.st.check(
        &g.scen,
        Action::Attack {
            unit: g.u("b1"),
            target: g.h("0302"),
        },
    );
    assert!(
        matches!(
            again,
            Err(ActionError::NoAttack(_, _, NoAttack::AlreadyAttacked))
                | Err(ActionError::NoAttack(_, _, NoAttack::HexAttacked))
                | Err(ActionError::NoAttack(_, _, NoAttack::UnitDefended(_)))
        ),
        "{again:?}"
    );
}

// rule: MAL-CBT-9
// rule: MAL-CBT-2
#[test]
fn mal_cbt_9_armor_that_attacked_along_a_rail_line_may_advance_along_it() {
    // "An attacking unit must also be able to enter the defender's hex in
    // order to attack (for example, an armored unit may not attack any hex
    // that is not connected by a road or a rail to the hex occupied by the
    // armored unit)"; "Attacking units may advance after combat only if the
    // defending hex has left the place ... They may then advance into the
    // attacked hex." The rail line lets armor in (settled on 2026-11-27),
    // so t1 in 0503 may attack r1 in the mountain 0603 along the line
    // 0503-0603 although its normal movement (no rail rate) could not take
    // it there; the unit "able to enter" the hex to attack it may enter it
    // once it is empty. (The engine judged the advance by normal movement
    // alone.) 6 against 2, 3:1; red's rule commits its air point (3:1),
    // Blue one: a 6 stays 6, D2R2: r1 is destroyed.
    let src = source("cbt_open.toml").replacen(
        "[supply]",
        "[[routes]]\nkind = \"rail\"\nname = \"Line\"\nhexes = [\"0503\", \"0603\"]\n\n[supply]",
        1,
    );
    let scen = Scenario::from_toml(&src, "audit8_rail.toml").unwrap_or_else(|e| panic!("{e}"));
    let mut g = Game::with(scen, &[("t1", "0503"), ("r1", "0603")], |_| {});
    g.attack("t1", "0603");
    g.roll(1, &[5]);
    assert_eq!(g.at("r1"), "off");
    assert!(
        g.legal().contains(&Action::Advance { unit: g.u("t1") }),
        "t1 attacked 0603 along the rail line but may not advance into it"
    );
    g.act(Action::Advance { unit: g.u("t1") }).unwrap();
    assert_eq!(g.at("t1"), "0603");
}
