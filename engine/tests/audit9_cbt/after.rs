//! The ninth reading of the Malaya combat chapter, continued: retreats,
//! advances, landings and the once-per-phase marks, on the ground and
//! helpers of `audit9_cbt.rs`.

use super::*;

// ---------------------------------------------------------------------
// Retreats.
// ---------------------------------------------------------------------

// rule: MAL-CBT-7
// rule: D-STACK-1
#[test]
fn mal_cbt_7_a_retreat_passes_through_a_full_friendly_hex_and_ends_within_the_limit() {
    // "A retreating unit cannot end its retreat in vioilation of stacking
    // limitations": only the end. r1 in 0504 is beaten by b1 and b2 (8
    // against 2, 3:1; Red's rule commits its air point at 3:1: a 2 becomes
    // 1, R2). Red's source is 1004, east. 0503, 0505 and 0603 are jungle,
    // so the only ways toward it at the least cost (2 MP) run through 0604,
    // which r2 and r3 fill (stacking 2): r1 passes through it and ends in a
    // hex two away (0704, 0705 or 0605), with both its steps; r2 and r3 stay.
    let field = Field::new()
        .hex("0503", 'j')
        .hex("0505", 'j')
        .hex("0603", 'j');
    let mut g = Game::new(
        &field,
        &[
            ("b1", "0403"),
            ("b2", "0404"),
            ("r1", "0504"),
            ("r2", "0604"),
            ("r3", "0604"),
        ],
        |_| {},
    );
    g.attack("b1", "0504");
    g.attack("b2", "0504");
    assert_eq!(g.odds(0).defender_air, 1);
    let ev = g.roll(0, &[1]);
    let path = g.path(&ev, "r1").expect("r1 retreats");
    assert_eq!(path.len(), 2, "{path:?}");
    assert_eq!(path[0], "0604");
    assert!(
        ["0704", "0705", "0605"].contains(&path[1].as_str()),
        "{path:?}"
    );
    assert_eq!(g.steps("r1"), 2);
    assert_eq!(
        (g.at("r2"), g.at("r3")),
        ("0604".to_string(), "0604".to_string())
    );
}

// rule: MAL-CBT-7
#[test]
fn mal_cbt_7_the_cost_of_a_retreat_hex_includes_its_hexside() {
    // "The retreat must be made through hexes that, under normal
    // conditions, would cost the least number of movement points for the
    // unit to enter." r1 in 0504 is beaten as above (R2). Toward 1004, 0603
    // and 0604 are both clear, but a stream runs along 0504/0603: entering
    // 0603 from 0504 costs 1 + 1 = 2 MP under normal conditions, 0604 costs
    // 1. 0503 and 0505 are jungle. The least costly ways are through 0604
    // (2 MP in all); through 0603 they cost 3. (Were the stream not counted,
    // 0603-0703 would tie with 0604-0704 and the lower hex id, 0603, win.)
    let field = Field::new()
        .hex("0503", 'j')
        .hex("0505", 'j')
        .sides("stream", &["0504/0603"]);
    let mut g = Game::new(
        &field,
        &[("b1", "0403"), ("b2", "0404"), ("r1", "0504")],
        |_| {},
    );
    g.attack("b1", "0504");
    g.attack("b2", "0504");
    let ev = g.roll(0, &[1]);
    let path = g.path(&ev, "r1").expect("r1 retreats");
    assert_eq!(path[0], "0604", "{path:?}");
    assert_eq!((path.len(), g.steps("r1")), (2, 2));
}

/// 0503 and 0603 jungle; b1 in 0403 (attacking 0504), b4 in 0505 and b3 in
/// 0605 (not attacking): 0604 lies in the ZOC of both b3 and b4.
fn two_zocs(red: &str) -> Game {
    let field = Field::new().hex("0503", 'j').hex("0603", 'j');
    Game::new(
        &field,
        &[
            ("b1", "0403"),
            ("b3", "0605"),
            ("b4", "0505"),
            (red, "0504"),
        ],
        |_| {},
    )
}

// rule: MAL-CBT-8
#[test]
fn mal_cbt_8_a_hex_in_two_enemy_units_zoc_is_one_enemy_zoc_entered() {
    // "Every Enemy ZOC entered during the retreat requires the unit (or
    // stack) to lose an additional step." r1 (two steps) in 0504 is beaten
    // by b1 alone from 0403 (4 against 2, 2:1; a 1: R2). Toward 1004 the
    // least costly ways (2 MP) run through 0604, in the ZOC of b3 (0605)
    // and of b4 (0505); 0604-0704 enters no other ZOC hex (0604-0705 enters
    // b3's 0705 too). Through the jungle 0603 every way costs 3. r1 takes
    // 0604, 0704: one hex of enemy ZOC entered, one step (read as one enemy
    // ZOC, whatever the number of units casting it); r1 ends in 0704 with
    // one step. (Counting each unit's ZOC would cost two steps and
    // eliminate it.)
    let mut g = two_zocs("r1");
    g.attack("b1", "0504");
    let ev = g.roll(0, &[0]);
    assert_eq!(g.path(&ev, "r1").unwrap(), ["0604", "0704"]);
    assert_eq!(g.lost(&ev, "r1"), 1);
    assert_eq!((g.at("r1"), g.steps("r1")), ("0704".to_string(), 1));
}

// rule: MAL-CBT-9
// rule: MAL-CBT-8
#[test]
fn mal_cbt_9_a_hex_emptied_by_a_retreat_loss_may_be_advanced_into_by_attackers_only() {
    // "Attacking units may advance after combat only if the defending hex
    // has left the place (due to elimination of retreat)." The same ground
    // with r4 (one step, defense 1) in 0504: b1's 4 against 1, 3:1; Red
    // commits its air point at 3:1, a 2 becomes 1: R2. r4 retreats by 0604
    // (b3's and b4's ZOC), loses its one step there and is gone: the hex is
    // empty. b1, which attacked, may advance into it; b4, beside it but not
    // in the attack, may not.
    let mut g = two_zocs("r4");
    g.attack("b1", "0504");
    let ev = g.roll(0, &[1]);
    assert_eq!(g.path(&ev, "r4").unwrap()[0], "0604");
    assert_eq!(g.at("r4"), "off");
    assert!(g.may_advance("b1"));
    assert!(!g.may_advance("b4"));
    g.act(Action::Advance { unit: g.u("b1") }).unwrap();
    assert_eq!(g.at("b1"), "0504");
}

// ---------------------------------------------------------------------
// Amphibious assault.
// ---------------------------------------------------------------------

/// The field with three landing units (infantry, two steps) due off the
/// port 0504 on turn 2; `units` placed; played to Blue's Combat Phase of
/// turn 2.
fn landing(units: &[(&str, &str)]) -> Game {
    let mut text = String::new();
    for id in ["L1", "L2", "L3"] {
        text.push_str(&format!(
            "[[units]]\nid = \"{id}\"\nside = \"blue\"\ntype = \"inf\"\nhex = \"0504\"\n\
             turn = 2\namphibious = true\n\n"
        ));
    }
    let field = Field::new().text("[victory]", &format!("{text}[victory]"));
    let mut g = Game::new(&field, units, |_| {});
    g.until(Side(0), PhaseKind::Combat, 2);
    for id in ["L1", "L2", "L3"] {
        assert!(
            g.st.unit(g.u(id))
                .has(hexwar_engine::state::UnitFlags::LANDING),
            "{id} waits offshore"
        );
    }
    g
}

// rule: MAL-CBT-10
// rule: MAL-CBT-9
// rule: D-STACK-1
#[test]
fn mal_cbt_10_landing_units_that_cannot_advance_for_stacking_go_back_with_their_lost_step() {
    // "When making amphibious assaults, each attacking unit suffer one
    // additional step loss and return to the reinforcement box if it is not
    // able to advance in the defender hex"; "Advances may not violate
    // stacking limitations" (2 here). L1, L2 and L3 land off the red-held
    // port 0504 on turn 2 and attack it with b1 from 0403: 16 against 2,
    // 3:1; Red's rule commits its air point (turn 2's): a 2 becomes 1, R2.
    // r1 leaves the port. Each landing unit loses its extra step. Two of
    // them can advance into the empty port and do; the third cannot
    // (stacking) and goes back to the reinforcement box with its one step;
    // b1 cannot advance either: the port is full.
    let mut g = landing(&[("b1", "0403"), ("r1", "0504")]);
    g.attack("b1", "0504");
    for id in ["L1", "L2", "L3"] {
        assert!(
            g.st.unit(g.u(id))
                .has(hexwar_engine::state::UnitFlags::COMMITTED),
            "{id} is in the attack on its port"
        );
    }
    assert_eq!(g.odds(0).attack, 16.0);
    let ev = g.roll(0, &[1]);
    assert!(g.path(&ev, "r1").is_some());
    for id in ["L1", "L2", "L3"] {
        assert_eq!(g.lost(&ev, id), 1, "{id}");
    }
    let ashore: Vec<&str> = ["L1", "L2", "L3"]
        .into_iter()
        .filter(|id| g.at(id) == "0504")
        .collect();
    assert_eq!(ashore.len(), 2, "{ashore:?}");
    let back = ["L1", "L2", "L3"]
        .into_iter()
        .find(|id| !ashore.contains(id))
        .unwrap();
    assert_eq!((g.at(back), g.steps(back)), ("off".to_string(), 1));
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::ReturnedToPool { unit } if *unit == g.u(back)))
    );
    assert!(!g.may_advance("b1"));
}

// ---------------------------------------------------------------------
// The phase after.
// ---------------------------------------------------------------------

// rule: MAL-CBT-1
#[test]
fn mal_cbt_1_once_per_combat_phase_is_per_phase_a_defender_attacks_and_is_attacked_after() {
    // "No unit may attack more than once per Combat Phase, and no unit may
    // be attacked more than once per Combat Phase." b1 beats r1 out of 0504
    // (4 against 2, 2:1; a 1: R2) and advances into it. In Red's player-turn
    // r1, attacked once in Blue's phase, moves back beside 0504 and may
    // attack b1, which attacked once in Blue's phase; a 5 is "-". In Blue's
    // Combat Phase of turn 2 b1 may attack r1 again, in a hex attacked in
    // Red's phase.
    let field = Field::new();
    let mut g = Game::new(&field, &[("b1", "0403"), ("r1", "0504")], |_| {});
    g.attack("b1", "0504");
    let ev = g.roll(0, &[0]);
    let path = g.path(&ev, "r1").expect("r1 retreats");
    g.act(Action::Advance { unit: g.u("b1") }).unwrap();
    g.until(Side(1), PhaseKind::Movement, 1);
    let back = g.h(&path[0]);
    g.act(Action::Move {
        unit: g.u("r1"),
        to: back,
    })
    .unwrap();
    g.until(Side(1), PhaseKind::Combat, 1);
    assert_eq!(g.can_attack("r1", "0504"), Ok(()));
    g.attack("r1", "0504");
    g.roll(0, &[4]);
    g.until(Side(0), PhaseKind::Combat, 2);
    assert_eq!(g.can_attack("b1", &path[0]), Ok(()));
}

// rule: MAL-CBT-7
// rule: MAL-CBT-8
// rule: MAL-CBT-6
#[test]
fn mal_cbt_7_each_unit_of_a_stack_retreats_toward_supply_only_where_it_can_enter() {
    // "those units must immediately move two hexes away from the combat hex
    // and toward a Friendly Supply Source (if possible)"; "A retreating unit
    // cannot enter a hex that it could not move to normally"; "Every Enemy
    // ZOC entered during the retreat requires the unit (or stack) to lose an
    // additional step." Column 6 is jungle from edge to edge, so armor (no
    // jungle) has no way at all to Red's source 1004; infantry has. r1
    // (infantry) and rt (armor) in 0504 are beaten by b1 and b2: 8 against
    // 2 + 3 = 5, 1:1; a 6: D1R2. The D1 goes to r1 or rt (both two steps;
    // the script gives r1). r1 retreats toward 1004 through the jungle, its
    // end nearer 1004 than 0504; rt cannot go toward any source, so it
    // takes a least costly way (clear hexes, 2 MP), which must start in
    // 0503 or 0505, both in blue ZOC: it pays a step for each ZOC hex.
    let mut field = Field::new();
    for r in 1..=8 {
        field = field.hex(&format!("06{r:02}"), 'j');
    }
    let mut g = Game::new(
        &field,
        &[
            ("b1", "0403"),
            ("b2", "0404"),
            ("r1", "0504"),
            ("rt", "0504"),
        ],
        |_| {},
    );
    g.attack("b1", "0504");
    g.attack("b2", "0504");
    let o = g.odds(0);
    assert_eq!(
        (o.attack, o.defense, g.column(&o)),
        (8.0, 5.0, "1:1".to_string())
    );
    let ev = g.roll(0, &[5, 0]);
    let grid = g.scen.grid();
    let from = g.h("0504");
    let src = g.h("1004");
    let r1 = g.path(&ev, "r1").expect("r1 retreats");
    assert_eq!(r1.len(), 2, "{r1:?}");
    assert!(
        grid.distance(g.h(&r1[1]), src) < grid.distance(from, src),
        "{r1:?}"
    );
    let rt = g.path(&ev, "rt").expect("rt retreats");
    assert_eq!(rt.len(), 2, "{rt:?}");
    assert!(rt[0] == "0503" || rt[0] == "0505", "{rt:?}");
    assert!(
        rt.iter().all(|h| g.scen.terrain(g.h(h)).name == "clear"),
        "{rt:?}"
    );
    let blue_zoc = hexwar_engine::zoc::zoc_hexes(&g.scen, &g.st, Side(0));
    let zoc = rt.iter().filter(|h| blue_zoc.contains(&g.h(h))).count();
    assert!(zoc >= 1);
    assert_eq!(g.lost(&ev, "rt"), zoc, "{rt:?}");
    assert_eq!(g.lost(&ev, "r1"), 1);
}
