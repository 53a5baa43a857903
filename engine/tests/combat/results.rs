//! MAL-CBT-7 to 10: what follows a roll (retreats, their losses, advances,
//! landings from the sea), on the fixtures and helpers of `combat.rs`.

use super::*;

// rule: MAL-CBT-7
// rule: D-STACK-1
#[test]
fn mal_cbt_7_retreat_two_hexes_or_a_third_when_overstacked() {
    // Free: two hexes away, the cheapest (tie: lowest ids).
    let (g, ev) = corridor_retreat(&[], |_| {});
    assert_eq!(retreat_path(&g, &ev).unwrap(), ["0401", "0502"]);
    assert_eq!((g.at("r1"), g.steps("r1")), ("0502".to_string(), 2));
    // 0502 full (stacking 2): a retreat forced into a third hex.
    let (g, ev) = corridor_retreat(&[("r2", "0502"), ("r5", "0502")], |_| {});
    assert_eq!(retreat_path(&g, &ev).unwrap(), ["0401", "0502", "0601"]);
    assert_eq!(g.at("r1"), "0601");
    // Not into an enemy-occupied hex: with b2 in 0401 it goes by the fort.
    let (g, ev) = corridor_retreat(&[("b2", "0401")], |_| {});
    assert_eq!(retreat_path(&g, &ev).unwrap(), ["0402", "0502"]);
}

// rule: MAL-CBT-7
#[test]
fn mal_cbt_7_retreat_prefers_the_way_to_supply_over_a_cheaper_one() {
    // r1 in 0504 (jungle) retreats from attackers in 0403. North (0503,
    // 0502: 2 MP) is cheaper than east (0604 jungle, 0704: 3 MP), but the
    // north path leads away from red's source at 1004, the east one toward
    // it (ending 3 MP from it). (The cheapest way toward it, south along
    // the road by 0505, is closed here by blue's b3 standing in 0505.)
    let mut g = Game::new(
        "cbt_open.toml",
        &[
            ("b1", "0403"),
            ("b2", "0403"),
            ("b3", "0505"),
            ("r1", "0504"),
        ],
        |_| {},
    );
    g.attack("b1", "0504");
    g.attack("b2", "0504");
    // 8 against 4: 2:1. A 5, +1 air -1 air (jungle): 5, D1R2.
    let ev = g.roll(1, &[4]);
    assert_eq!(retreat_path(&g, &ev).unwrap(), ["0604", "0704"]);
    // The D1, and a step for entering b3's ZOC at 0604 (MAL-CBT-8).
    assert_eq!(g.steps("r1"), 0);
}

// rule: MAL-CBT-8
// rule: MP-ZOC-5
#[test]
fn mal_cbt_8_retreat_losses_through_zoc_and_when_blocked() {
    // b2 in 0601 puts 0502 in blue ZOC: one step for entering it.
    let (g, ev) = corridor_retreat(&[("b2", "0601")], |_| {});
    assert_eq!(retreat_path(&g, &ev).unwrap(), ["0401", "0502"]);
    assert_eq!(g.steps("r1"), 1);
    // Every way blocked (0502 full, 0601 enemy-held, 0602 full): two steps.
    let (g, ev) = corridor_retreat(
        &[
            ("r2", "0502"),
            ("r5", "0502"),
            ("b2", "0601"),
            ("r3", "0602"),
            ("r4", "0602"),
        ],
        |_| {},
    );
    assert!(ev.iter().any(|e| matches!(e, Event::NoRetreat { .. })));
    assert_eq!(g.steps("r1"), 0);
    // MP-ZOC-5: a retreat may not enter a fort the enemy controls. With b2
    // in 0401, the fort 0402 is the only way; blue holds it: blocked.
    let (g, ev) = corridor_retreat(&[("b2", "0401")], |s| {
        // Control row 2, column 4 (the fort) to blue ('0').
        let row = &mut s.control[1];
        row.replace_range(3..4, "0");
    });
    assert!(retreat_path(&g, &ev).is_none());
    assert_eq!(g.steps("r1"), 0);
}

// rule: MAL-CBT-9
#[test]
fn mal_cbt_9_advance_into_the_emptied_hex_by_attackers_only() {
    let (mut g, _) = corridor_retreat(&[("b2", "0102"), ("b3", "0401")], |_| {});
    let legal = g.legal();
    let (b1, b2) = (g.u("b1"), g.u("b2"));
    assert!(legal.contains(&Action::Advance { unit: b1 }));
    assert!(
        !legal.contains(&Action::Advance { unit: b2 }),
        "b2 did not attack"
    );
    assert!(matches!(
        g.act(Action::Advance { unit: b2 }),
        Err(ActionError::CannotAdvance(_))
    ));
    g.act(Action::Advance { unit: b1 }).unwrap();
    assert_eq!(g.at("b1"), "0302");
    assert_eq!(g.st.control(g.h("0302")), Some(Side(0)));
    // No advance where the defender held (a 2 gives D1: r1 stays).
    let g = corridor_held(&[]);
    assert!(
        !g.legal()
            .iter()
            .any(|a| matches!(a, Action::Advance { .. }))
    );
}

// rule: MAL-CBT-10
#[test]
fn mal_cbt_10_amphibious_assault_costs_a_step_and_may_return_to_the_pool() {
    // The landing force reaches the red-held port 0302 on turn 2.
    let to_turn_2 = || {
        let mut g = corridor(&[], |_| {});
        let mut events = Vec::new();
        while g.st.turn() < 2 {
            g.st.apply(&g.scen, Action::EndPhase, &mut g.rng, &mut events)
                .unwrap();
        }
        assert!(events.iter().any(|e| matches!(e, Event::Landing { .. })));
        g.act(Action::EndPhase).unwrap(); // Blue's movement
        assert_eq!(g.st.phase(&g.scen), PhaseKind::Combat);
        g
    };
    let mut g = to_turn_2();
    let land = g.u("land");
    assert!(g.st.unit(land).has(UnitFlags::LANDING));
    assert!(g.legal().contains(&Action::Attack {
        unit: land,
        target: g.h("0302")
    }));
    assert!(matches!(
        g.act(Action::EndPhase),
        Err(ActionError::MustLand(_))
    ));
    assert_eq!(g.refused("land", "0202"), NoAttack::NoEnemy);
    g.attack("land", "0302");
    g.attack("b1", "0302");
    // 8 against 2, a 1: R2. The port is emptied; the landing force comes
    // ashore, one step down.
    g.roll(0, &[0]);
    assert_eq!((g.at("land"), g.steps("land")), ("0302".to_string(), 1));
    assert!(!g.st.unit(land).has(UnitFlags::LANDING));
    // A 2 (D1): r1 holds; the landing force loses its step and goes back
    // to the pool, to land again next turn.
    let mut g = to_turn_2();
    g.attack("land", "0302");
    g.roll(0, &[1]);
    assert_eq!((g.at("land"), g.steps("land")), ("off".to_string(), 1));
    assert!(!g.st.unit(land).has(UnitFlags::LANDING));
    g.act(Action::EndPhase).unwrap();
    let mut events = Vec::new();
    while g.st.turn() < 3 {
        g.st.apply(&g.scen, Action::EndPhase, &mut g.rng, &mut events)
            .unwrap();
    }
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::Landing { unit, .. } if *unit == land))
    );
}
