//! MP-CHG-3 to 6: the charge's morale check (its modifiers and exact
//! chance) and what follows it, on the fixtures and helpers of
//! `charge.rs`.

use super::*;

// rule: MP-CHG-3
#[test]
fn mp_chg_3_example_a_strength_3_against_strength_5_morale_4_holds_on_a_6() {
    let scen = load("chg_check.toml");
    let mut g = start(&scen);
    // 3 - 5 = -2: the infantry breaks only on 7, 8 or 9.
    assert_eq!(chance(&scen, &g, "lcA", "0104"), Some(3.0 / 9.0));
    let ev = charge_with(&scen, &mut g, "lcA", "0104", 6);
    assert_eq!(charged(&ev), (6, 4, 4, false));
    // Nothing happens to the target; the charger stays next to it.
    assert_eq!(at(&scen, &g, "rA"), "0104");
    assert_eq!(g.unit(unit(&scen, "rA")).morale, 4);
    assert_eq!(at(&scen, &g, "lcA"), "0103");
    let c = g.unit(unit(&scen, "lcA"));
    assert!(c.has(UnitFlags::MOVE_ENDED));
    assert!(!c.has(UnitFlags::CHARGED));
    assert!(!ev.iter().any(|e| matches!(e, Event::MoraleLost { .. })));
    // A 7 gives 5 > 4: it breaks.
    let mut g = start(&scen);
    let ev = charge_with(&scen, &mut g, "lcA", "0104", 7);
    assert_eq!(charged(&ev), (7, 5, 4, true));
    assert_eq!(at(&scen, &g, "rA"), "0105");
}

// rule: MP-CHG-3
#[test]
fn mp_chg_3_example_a_against_strength_3_a_6_succeeds() {
    let scen = load("chg_check.toml");
    let mut g = start(&scen);
    assert_eq!(chance(&scen, &g, "lcB", "0404"), Some(5.0 / 9.0));
    let ev = charge_with(&scen, &mut g, "lcB", "0404", 6);
    assert_eq!(charged(&ev), (6, 6, 4, true));
    assert_eq!(at(&scen, &g, "lcB"), "0404");
    // "Greater than": a 4 equals the morale value and the unit holds.
    let mut g = start(&scen);
    let ev = charge_with(&scen, &mut g, "lcB", "0404", 4);
    assert_eq!(charged(&ev), (4, 4, 4, false));
    assert_eq!(at(&scen, &g, "rB"), "0404");
}

// rule: MP-CHG-3
#[test]
fn mp_chg_3_example_b_heavy_cavalry_never_breaks_the_guard() {
    let scen = load("chg_check.toml");
    let g = start(&scen);
    // 5 - 8 = -3 against morale 6: only a raw roll above 9 would do.
    assert_eq!(chance(&scen, &g, "hcC", "0704"), Some(0.0));
    let mut g = g;
    let ev = charge_with(&scen, &mut g, "hcC", "0704", 9);
    assert_eq!(charged(&ev), (9, 6, 6, false));
    assert_eq!(at(&scen, &g, "rC"), "0704");
    assert_eq!(at(&scen, &g, "hcC"), "0703");
}

// rule: MP-CHG-3
#[test]
fn mp_chg_3_leader_morale_value_is_strength_plus_command() {
    let scen = load("chg_check.toml");
    let g = start(&scen);
    // Strength 2 + command 3 = 5 (its type's morale of 9 is not used).
    assert_eq!(charge::morale_value(&scen, &g, unit(&scen, "rF")), 5);
    // 3 - 2 = +1 against 5: rolls 5..9 break it.
    assert_eq!(chance(&scen, &g, "lcF", "0111"), Some(5.0 / 9.0));
    let mut h = g.clone();
    assert_eq!(
        charged(&charge_with(&scen, &mut h, "lcF", "0111", 4)),
        (4, 5, 5, false)
    );
    let mut h = g.clone();
    assert_eq!(
        charged(&charge_with(&scen, &mut h, "lcF", "0111", 5)),
        (5, 6, 5, true)
    );
}

// rule: MP-CHG-3
#[test]
fn mp_chg_3_uphill_and_stream_add_one_downhill_takes_one() {
    let scen = load("chg_line.toml");
    let g = start(&scen);
    // 3 against 3, morale 4: the total must beat 4, 5 or 3.
    assert_eq!(chance(&scen, &g, "c2", "0404"), Some(5.0 / 9.0));
    assert_eq!(chance(&scen, &g, "c7", "0411"), Some(4.0 / 9.0)); // a stream crossed on the way, bridged
    assert_eq!(chance(&scen, &g, "c8", "0711"), Some(4.0 / 9.0)); // across a stream
    assert_eq!(chance(&scen, &g, "c9", "1011"), Some(4.0 / 9.0)); // uphill
    assert_eq!(chance(&scen, &g, "c10", "1311"), Some(6.0 / 9.0)); // downhill
    let check = |c: &str, t: &str| {
        let l = line(&scen, &g, c, t);
        charge::morale_check(&scen, &g, unit(&scen, c), &l)
    };
    let up = check("c9", "1011");
    assert_eq!((up.slope, up.stream, up.to_beat()), (1, 0, 5));
    let down = check("c10", "1311");
    assert_eq!((down.slope, down.stream, down.to_beat()), (-1, 0, 3));
    let wet = check("c8", "0711");
    assert_eq!((wet.slope, wet.stream, wet.to_beat()), (0, 1, 5));
    // The event reports the modified value.
    let mut h = g.clone();
    assert_eq!(
        charged(&charge_with(&scen, &mut h, "c9", "1011", 5)),
        (5, 5, 5, false)
    );
    let mut h = g.clone();
    assert_eq!(
        charged(&charge_with(&scen, &mut h, "c10", "1311", 4)),
        (4, 4, 3, true)
    );
}

// rule: MP-CHG-3
#[test]
fn mp_chg_3_a_slope_or_stream_anywhere_on_the_charge_counts_once() {
    // "Charge uphill through Slope", "Charge through a stream": through
    // any hexside the charge crosses, as "charge through a bridge" is a
    // bridge on the way (MP-CHG-2). c at 0505 charges r1 at 0508 along
    // 0506 and 0507; 3 against 3, morale 4.
    let with = |sides: &str| {
        let scen = load_with("chg_open.toml", |src| {
            src.replacen(
                "[movement]\nclasses = [\"foot\", \"horse\"]",
                "[movement]\nclasses = [\"foot\", \"horse\"]\nstream = { foot = 0, horse = 0 }\nslope = { foot = 0, horse = 0 }",
                1,
            ) + "\n[hexsides]\n"
                + sides
        });
        let g = edit(&scen, &start(&scen), &[("r1", Some("0508"))], |_| {});
        let l = line(&scen, &g, "c", "0508");
        let m = charge::morale_check(&scen, &g, unit(&scen, "c"), &l);
        (m.slope, m.stream, m.to_beat())
    };
    assert_eq!(with(""), (0, 0, 4));
    // Uphill out of the start hex, two hexes short of the target.
    assert_eq!(with("slope = [\"0505/0506\"]\n"), (1, 0, 5));
    // Downhill into the second hex.
    assert_eq!(with("slope = [\"0507/0506\"]\n"), (-1, 0, 3));
    // Up, then down: both modifiers, which cancel.
    assert_eq!(with("slope = [\"0505/0506\", \"0507/0506\"]\n"), (0, 0, 4));
    // A stream on the first hexside; two streams count once.
    assert_eq!(with("stream = [\"0505/0506\"]\n"), (0, 1, 5));
    assert_eq!(with("stream = [\"0505/0506\", \"0507/0508\"]\n"), (0, 1, 5));
}

// rule: MP-CHG-3
#[test]
fn mp_chg_3_success_chance_is_exact_over_the_nine_rolls() {
    for (file, lanes) in [
        (
            "chg_check.toml",
            &[
                ("lcA", "0104"),
                ("lcB", "0404"),
                ("hcC", "0704"),
                ("lcD", "1004"),
                ("lcE", "1304"),
                ("lcF", "0111"),
                ("lcG", "0411"),
                ("lcH", "0711"),
                ("lcI", "1011"),
                ("lcJ", "1311"),
            ][..],
        ),
        (
            "chg_line.toml",
            &[
                ("c2", "0404"),
                ("c7", "0411"),
                ("c8", "0711"),
                ("c9", "1011"),
                ("c10", "1311"),
                ("ld", "0418"),
            ][..],
        ),
    ] {
        let scen = load(file);
        let g = start(&scen);
        for (c, t) in lanes {
            let p = chance(&scen, &g, c, t).unwrap();
            let wins = (1..=9)
                .filter(|&r| {
                    let mut h = g.clone();
                    charged(&charge_with(&scen, &mut h, c, t, r)).3
                })
                .count();
            assert_eq!(p, wins as f64 / 9.0, "{c} -> {t}");
        }
        // No chance for a charge that may not be made.
        if file == "chg_line.toml" {
            assert_eq!(chance(&scen, &g, "cm", "0104"), None);
        }
    }
}

// ---------------------------------------------------------------- MP-CHG-4

// rule: MP-CHG-4
#[test]
fn mp_chg_4_charger_takes_the_hex_target_retreats_and_loses_a_morale_point() {
    let scen = load("chg_check.toml");
    let mut g = start(&scen);
    let ev = charge_with(&scen, &mut g, "lcB", "0404", 9);
    assert!(charged(&ev).3);
    // The target retreats straight away from the charger, one morale point down.
    assert_eq!(at(&scen, &g, "rB"), "0405");
    let rb = g.unit(unit(&scen, "rB"));
    assert_eq!((rb.morale, rb.strength_loss, rb.steps), (3, 0, 1));
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::MoraleLost {
            cause: LossCause::Charge,
            morale: 3,
            ..
        }
    )));
    // The charger takes its hex, with the charge bonus marked.
    assert_eq!(at(&scen, &g, "lcB"), "0404");
    let c = g.unit(unit(&scen, "lcB"));
    assert!(c.has(UnitFlags::CHARGED) && c.has(UnitFlags::MOVE_ENDED));
    assert_eq!(c.charge_target, unit(&scen, "rB"));
    assert_eq!(c.mp_spent, Mp::points(2));
    for h in ["0402", "0403", "0404"] {
        assert_eq!(g.control(hex(&scen, h)), Some(Side(0)), "{h}");
    }
    assert_eq!(g.control(hex(&scen, "0405")), Some(Side(1)));
}

// rule: MP-CHG-4
#[test]
fn mp_chg_4_charger_strength_x1_5_rounded_down_in_the_following_combat() {
    let scen = load("chg_check.toml");
    let mut g = start(&scen);
    charge_with(&scen, &mut g, "lcG", "0411", 9);
    assert_eq!(at(&scen, &g, "rG"), "0412");
    g.apply(&scen, Action::EndPhase, &mut rng(5), &mut ())
        .unwrap();
    assert_eq!(g.phase(&scen), PhaseKind::Combat);
    g.apply(
        &scen,
        Action::Attack {
            unit: unit(&scen, "lcG"),
            target: hex(&scen, "0412"),
        },
        &mut rng(5),
        &mut (),
    )
    .unwrap();
    let odds = combat::odds(&scen, &g, 0);
    let a = &odds.attackers[0];
    assert_eq!(a.unit, unit(&scen, "lcG"));
    assert_eq!(a.base, 3.0);
    assert_eq!(a.strength, 4.0); // 3 x 1.5 = 4.5, rounded down
    assert!(a.modifiers.contains(&(Modifier::Charge, 1.5)));

    // A charge that failed earns no bonus.
    let mut g = start(&scen);
    charge_with(&scen, &mut g, "lcG", "0411", 1);
    g.apply(&scen, Action::EndPhase, &mut rng(5), &mut ())
        .unwrap();
    g.apply(
        &scen,
        Action::Attack {
            unit: unit(&scen, "lcG"),
            target: hex(&scen, "0411"),
        },
        &mut rng(5),
        &mut (),
    )
    .unwrap();
    assert_eq!(combat::odds(&scen, &g, 0).attackers[0].strength, 3.0);
}

// rule: MP-CHG-4
#[test]
fn mp_chg_4_the_x1_5_is_on_the_combat_strength_before_the_combat_modifiers() {
    // "Its Combat Strength is multiplied by 1,5 (rounded down if
    // necessary)": the unit's strength, then the combat's modifiers. Lane G
    // with heavy cavalry (5), and a stream (x0.5 to attack across it)
    // between 0411, which it takes, and 0412, where rG retreats.
    let scen = load_with("chg_check.toml", |src| {
        src.replacen(
            "id = \"lcG\"\nside = \"blue\"\ntype = \"lcav\"",
            "id = \"lcG\"\nside = \"blue\"\ntype = \"hcav\"",
            1,
        ) + "\n[combat]\nstream = 0.5\n\n[hexsides]\nstream = [\"0411/0412\"]\n"
    });
    let mut g = start(&scen);
    charge_with(&scen, &mut g, "lcG", "0411", 9);
    assert_eq!(at(&scen, &g, "rG"), "0412");
    g.apply(&scen, Action::EndPhase, &mut rng(5), &mut ())
        .unwrap();
    let attack = Action::Attack {
        unit: unit(&scen, "lcG"),
        target: hex(&scen, "0412"),
    };
    g.apply(&scen, attack, &mut rng(5), &mut ()).unwrap();
    let a = &combat::odds(&scen, &g, 0).attackers[0];
    // 5 x 1.5 = 7.5, rounded down to 7, then halved across the stream: 3.5
    // (halving first would give 2.5 x 1.5 = 3.75, rounded down to 3).
    assert_eq!(a.base, 5.0);
    assert_eq!(a.strength, 3.5);
    assert_eq!(
        a.modifiers,
        vec![(Modifier::Charge, 1.5), (Modifier::Stream, 0.5)]
    );
}

// rule: MP-CHG-4
#[test]
fn mp_chg_4_artillery_never_retreats_it_is_eliminated() {
    let scen = load("chg_check.toml");
    let mut g = start(&scen);
    // 3 - 2 against morale 0 (no morale value): every roll breaks it.
    assert_eq!(chance(&scen, &g, "lcE", "1304"), Some(1.0));
    let ev = charge_with(&scen, &mut g, "lcE", "1304", 1);
    assert!(charged(&ev).3);
    assert_eq!(at(&scen, &g, "rE"), "off");
    assert!(g.unit(unit(&scen, "rE")).eliminated());
    assert_eq!(g.steps_lost(), [0, 1]);
    assert!(ev.iter().any(|e| matches!(e, Event::NoRetreat { .. })));
    assert!(!ev.iter().any(|e| matches!(e, Event::Retreated { .. })));
    assert_eq!(at(&scen, &g, "lcE"), "1304");
}

// rule: MP-CHG-4
#[test]
fn mp_chg_4_a_unit_that_cannot_retreat_is_eliminated() {
    let scen = load("chg_check.toml");
    let mut g = start(&scen);
    let ev = charge_with(&scen, &mut g, "lcH", "0711", 9);
    assert!(charged(&ev).3);
    assert!(g.unit(unit(&scen, "rH")).eliminated());
    assert_eq!(g.steps_lost(), [0, 1]);
    assert_eq!(at(&scen, &g, "lcH"), "0711");
    // It would have held on a 4 (3 - 3 against 4): then nothing happens.
    let mut g = start(&scen);
    charge_with(&scen, &mut g, "lcH", "0711", 4);
    assert_eq!(at(&scen, &g, "rH"), "0711");
}

// rule: MP-CHG-4
#[test]
fn mp_chg_4_leaders_retreat_but_lose_no_morale() {
    let scen = load("chg_check.toml");
    let mut g = start(&scen);
    let ev = charge_with(&scen, &mut g, "lcF", "0111", 9);
    assert!(charged(&ev).3);
    assert_eq!(at(&scen, &g, "rF"), "0112");
    let l = g.unit(unit(&scen, "rF"));
    assert_eq!((l.morale, l.strength_loss, l.steps), (9, 0, 1));
    assert!(!ev.iter().any(|e| matches!(e, Event::MoraleLost { .. })));
    assert_eq!(at(&scen, &g, "lcF"), "0111");
}

// rule: MP-CHG-4
#[test]
fn mp_chg_4_retreat_away_from_the_charger_into_the_fewest_enemy_zocs() {
    let scen = load("chg_check.toml");
    let mut g = start(&scen);
    // Straight on (1012) is in blue infantry's ZOC; 0912 and 1112 are
    // free: the lower id, 0912, is taken and only one point lost.
    charge_with(&scen, &mut g, "lcI", "1011", 9);
    assert_eq!(at(&scen, &g, "rI"), "0912");
    assert_eq!(g.unit(unit(&scen, "rI")).morale, 3);
}

// rule: MP-CHG-4
#[test]
fn mp_chg_4_one_more_point_per_enemy_unit_whose_zoc_it_enters() {
    let scen = load("chg_check.toml");
    let mut g = start(&scen);
    // 1312 is in the ZOC of two blue infantry units (the artillery beside
    // them exerts none, MP-ZOC-4): 1 + 2 points.
    let ev = charge_with(&scen, &mut g, "lcJ", "1311", 9);
    assert_eq!(at(&scen, &g, "rJ"), "1312");
    assert_eq!(g.unit(unit(&scen, "rJ")).morale, 1);
    let lost = ev
        .iter()
        .filter(|e| matches!(e, Event::MoraleLost { .. }))
        .count();
    assert_eq!(lost, 3);
    // Without the second infantry unit it owes 2.
    let mut g = edit(&scen, &start(&scen), &[("bJ2", None)], |_| {});
    charge_with(&scen, &mut g, "lcJ", "1311", 9);
    assert_eq!(g.unit(unit(&scen, "rJ")).morale, 2);
}

// ---------------------------------------------------------------- MP-CHG-5

// rule: MP-CHG-5
#[test]
fn mp_chg_5_example_morale_1_owes_2_pays_1_morale_and_1_strength() {
    let scen = load("chg_check.toml");
    let mut g = start(&scen);
    let rd = unit(&scen, "rD");
    assert!(zoc::exerts_zoc(&scen, &g, rd));
    let ev = charge_with(&scen, &mut g, "lcD", "1004", 9);
    assert!(charged(&ev).3);
    // The only hex away from the charger is 1005, in the ZOC of blue
    // infantry at 1006: one point for the charge, one for the ZOC.
    assert_eq!(at(&scen, &g, "rD"), "1005");
    let u = g.unit(rd);
    assert_eq!((u.morale, u.strength_loss, u.steps), (0, 1, 1));
    assert_eq!(g.base_strength(&scen, rd, true), 2.0);
    assert_eq!(g.base_strength(&scen, rd, false), 2.0);
    // Morale 0: demoralised, no ZOC (MP-ZOC-4).
    assert!(!zoc::exerts_zoc(&scen, &g, rd));
    assert!(!zoc::zoc_hexes(&scen, &g, Side(1)).contains(&hex(&scen, "1006")));
    let lost: Vec<(u8, u8)> = ev
        .iter()
        .filter_map(|e| match e {
            Event::MoraleLost {
                unit,
                cause: LossCause::Charge,
                morale,
                strength_loss,
                ..
            } if *unit == rd => Some((*morale, *strength_loss)),
            _ => None,
        })
        .collect();
    assert_eq!(lost, [(0, 0), (0, 1)]);
    assert_eq!(g.steps_lost(), [0, 0]);
}

// ---------------------------------------------------------------- MP-CHG-6

// rule: MP-CHG-6
#[test]
fn mp_chg_6_an_illegal_charge_is_refused_and_changes_nothing() {
    let scen = load("chg_line.toml");
    let mut g = start(&scen);
    let before = g.clone();
    for (c, t) in [
        ("cm", "0104"),
        ("c3", "0704"),
        ("c5", "1304"),
        ("c6", "0111"),
        ("c13", "0718"),
        ("c14", "1018"),
        ("c15", "1318"),
        ("c2", "0403"),
    ] {
        let a = Action::Charge {
            unit: unit(&scen, c),
            target: hex(&scen, t),
        };
        assert!(
            matches!(
                g.apply(&scen, a, &mut rng(6), &mut ()),
                Err(ActionError::NoCharge(..))
            ),
            "{c} -> {t}"
        );
        let mut events = Vec::new();
        let r = charge::resolve_with(
            &mut g,
            &scen,
            unit(&scen, c),
            hex(&scen, t),
            &mut Die(9),
            &mut events,
        );
        let e = r.expect_err("refused");
        assert!(
            e.describe().contains("MP-CHG-"),
            "{c} -> {t}: {}",
            e.describe()
        );
        assert!(events.is_empty());
        assert_eq!(g, before, "{c} -> {t}");
    }
    // Outside the Movement Phase, even a good line is refused.
    g.apply(&scen, Action::EndPhase, &mut rng(6), &mut ())
        .unwrap();
    let before = g.clone();
    let a = Action::Charge {
        unit: unit(&scen, "c2"),
        target: hex(&scen, "0404"),
    };
    assert!(matches!(
        g.apply(&scen, a, &mut rng(6), &mut ()),
        Err(ActionError::WrongPhase { .. })
    ));
    assert_eq!(why(&scen, &g, "c2", "0404"), NoCharge::NotMovementPhase);
    assert_eq!(g, before);
}

// rule: MP-CHG-6
#[test]
fn mp_chg_6_a_charge_is_one_whole_action() {
    let scen = load("chg_check.toml");
    for seed in 0..40 {
        let mut g = start(&scen);
        let mut events = Vec::new();
        let (c, t) = (unit(&scen, "lcB"), unit(&scen, "rB"));
        g.apply(
            &scen,
            Action::Charge {
                unit: c,
                target: hex(&scen, "0404"),
            },
            &mut rng(seed),
            &mut events,
        )
        .unwrap();
        // Move, check and result, all in this one action.
        let moved = events
            .iter()
            .position(|e| matches!(e, Event::Moved { unit, .. } if *unit == c));
        let check = events
            .iter()
            .position(|e| matches!(e, Event::Charged { .. }));
        assert!(moved.is_some() && moved < check, "{events:?}");
        let (_, _, _, success) = charged(&events);
        if success {
            assert_eq!(at(&scen, &g, "lcB"), "0404");
            assert_eq!(at(&scen, &g, "rB"), "0405");
            assert_eq!(g.unit(t).morale, 3);
        } else {
            assert_eq!(at(&scen, &g, "lcB"), "0403");
            assert_eq!(at(&scen, &g, "rB"), "0404");
            assert_eq!(g.unit(t).morale, 4);
        }
        // The charger's move is over: no more moves or charges for it.
        let mut actions = Vec::new();
        g.legal_actions(&scen, &mut actions);
        assert!(!actions.iter().any(|a| matches!(
            *a,
            Action::Move { unit, .. } | Action::Charge { unit, .. } if unit == c
        )));
        assert_eq!(why(&scen, &g, "lcB", "0407"), NoCharge::MoveEnded);
    }
}
