//! The tenth reading of the game loop, continued: more positions on the
//! ground and helpers of `audit10_play.rs`.

use super::*;

// rule: D-TURN-3
#[test]
fn d_turn_3_a_side_wiped_out_in_the_last_player_turn_loses_decisively_too() {
    // The same, in a game of one turn: red's Combat Phase is the last of
    // the game, and blue has no unit left when it ends. "A side also wins
    // decisively at once if the other has no units left": red wins
    // decisively, not blue on its 10 VP to 1.
    let r = wiped_out_in_turn_1(1);
    assert_eq!(
        (r.winner, r.level),
        (Some(RED), ResultLevel::Decisive),
        "{r:?}"
    );
}

// ------------------------------------------------ 9. saves mid-phase

// rule: MAL-CBT-1
// rule: MAL-CBT-9
#[test]
fn mal_cbt_1_9_a_game_saved_while_an_attack_is_declared_or_an_advance_open_plays_on_the_same() {
    // MAL-CBT-1: "If a combat is declared, clicking on any Available
    // Friendly unit will add this unit to that combat"; "no unit may attack
    // more than once ... and no unit may be attacked more than once per
    // Combat Phase"; MAL-CBT-9: attackers that took part "may then advance
    // into the attacked hex", within stacking limits.
    //
    // By hand: b1 and b2 at 0201, red's r1 (one step) at 0301. b1 declares
    // the attack; the game is saved and loaded: b2 may still join, and the
    // declaration stands (the phase may not end). Rolled (D1), r1 is gone;
    // saved and loaded again, both may advance; b1 does; saved and loaded
    // again, b2 may still advance, b1 no more; 0301 has been attacked (no
    // second attack there this phase), and neither may attack again. The
    // game played on from each reload is the game played on without it.
    let units = [
        ("b1", "0201"),
        ("b2", "0201"),
        ("bw", "0101"),
        ("t1", "0101"),
        ("r1", "0301"),
        ("r2", "0801"),
        ("r3", "0801"),
    ];
    let mut g = Game::new(line(&[]), &units, "00111111");
    g.end();
    g.attack("b1", "0301");
    let mut twin = Game {
        scen: g.scen.clone(),
        st: g.st.clone(),
        rng: g.rng.clone(),
    };
    g.reload();
    assert!(matches!(
        g.act(Action::EndPhase),
        Err(ActionError::CombatPending(_))
    ));
    let join = Action::Attack {
        unit: g.u("b2"),
        target: g.h("0301"),
    };
    assert!(g.legal().contains(&join));
    g.ok(join);
    twin.ok(join);
    g.reload();
    g.roll(0, &[0]);
    twin.roll(0, &[0]);
    assert_eq!(g.st, twin.st);
    assert_eq!(g.at("r1"), "off");
    g.reload();
    let (a1, a2) = (
        Action::Advance { unit: g.u("b1") },
        Action::Advance { unit: g.u("b2") },
    );
    assert!(g.legal().contains(&a1) && g.legal().contains(&a2));
    g.ok(a1);
    twin.ok(a1);
    g.reload();
    assert_eq!(g.st, twin.st);
    let legal = g.legal();
    assert!(legal.contains(&a2) && !legal.contains(&a1));
    assert!(g.st.hex_attacked(g.h("0301")));
    assert!(!legal.iter().any(|a| matches!(a, Action::Attack { .. })));
    g.ok(a2);
    assert_eq!((g.at("b1"), g.at("b2")), ("0301".into(), "0301".into()));
}

// rule: MAL-RAIL-5
// rule: MAL-RAIL-6
#[test]
fn mal_rail_5_6_a_game_saved_with_a_hex_overstacked_by_rail_keeps_it_and_the_take_back() {
    // MAL-RAIL-5: "There are no Stacking restriction during rail movement,
    // but Stacking will be checked at the end of the Rail Movement Phase.
    // The Rail Movement Phase will not end as long as overstacked hexes
    // exist." MAL-RAIL-6: "clicking on a unit that has previously rail
    // moved will abort its move".
    //
    // By hand (the line with a Rail Phase, stacking 3; the road is a
    // railway too): b1, b2 and t1 stand at 0601, bw at 0201. bw rides to
    // 0601 (four units: overstacked). Saved and loaded, the phase still may
    // not end; bw's move may still be taken back, which puts it in 0201 and
    // gives the capacity back; then the phase ends (and the Combat Phase,
    // with no enemy unit next to blue's, passes by itself).
    let scen = line(&[
        (
            "[[routes]]",
            "[[routes]]\nkind = \"rail\"\nname = \"the line\"\nhexes = [\"0101\", \"0201\", \"0301\", \"0401\", \"0501\", \"0601\", \"0701\", \"0801\"]\n\n[[routes]]",
        ),
        (
            r#"phases = ["supply", "movement", "combat"]"#,
            "phases = [\"supply\", \"movement\", \"rail\", \"combat\"]",
        ),
    ]);
    let mut g = Game::new(
        scen,
        &[
            ("b1", "0601"),
            ("b2", "0601"),
            ("bw", "0201"),
            ("t1", "0601"),
            ("r1", "0801"),
            ("r2", "0801"),
            ("r3", "0801"),
        ],
        "00000001",
    );
    g.end();
    assert_eq!(g.phase(), (1, BLUE, PhaseKind::Rail));
    let ride = Action::RailMove {
        unit: g.u("bw"),
        to: g.h("0601"),
    };
    g.ok(ride);
    g.reload();
    assert_eq!(g.at("bw"), "0601");
    assert!(matches!(
        g.act(Action::EndPhase),
        Err(ActionError::Overstacked(_))
    ));
    assert!(!g.legal().contains(&Action::EndPhase));
    g.ok(Action::UndoRail { unit: g.u("bw") });
    assert_eq!(g.at("bw"), "0201");
    assert_eq!(g.st.rail_used(), 0);
    g.reload();
    assert!(g.legal().contains(&ride));
    g.end();
    assert_eq!(g.phase(), (1, RED, PhaseKind::Movement));
}

// ------------------------------------------------ MAL-RAIL-3 with GS-10

/// The line with a railway along the road, a Rail Phase, and GS-10's
/// repair (1 SRP; blue holds 2).
fn line_with_rail_and_works() -> Scenario {
    line(&[
        (
            "[[routes]]",
            "[[routes]]\nkind = \"rail\"\nname = \"the line\"\nhexes = [\"0101\", \"0201\", \"0301\", \"0401\", \"0501\", \"0601\", \"0701\", \"0801\"]\n\n[[routes]]",
        ),
        (
            r#"phases = ["supply", "movement", "combat"]"#,
            "phases = [\"supply\", \"movement\", \"rail\", \"combat\"]\n\n[srp]\ninitial = { blue = 2, red = 2 }\nrepair = 1\ndemolish = 1",
        ),
    ])
}

// rule: MAL-RAIL-3
// rule: GS-10
#[test]
fn mal_rail_3_a_unit_that_moved_then_mended_the_rail_may_not_ride() {
    // The other half, which the engine plays right: t1 walks from 0101 to
    // 0201 (it moved) and mends the line there; in the Rail Phase it may
    // not ride: "Only units which did not moved during the previous ...
    // Movement Phases".
    let scen = line_with_rail_and_works();
    let mut g = Game::new(
        scen,
        &[
            ("b1", "0101"),
            ("b2", "0101"),
            ("bw", "0101"),
            ("t1", "0101"),
            ("r1", "0801"),
            ("r2", "0801"),
            ("r3", "0801"),
        ],
        "00000001",
    );
    let mut saved = g.st.to_saved(&g.scen);
    saved.works.broken_rail = vec!["0201".into()];
    g.st = GameState::from_saved_unchecked(&g.scen, &saved).unwrap();
    let t1 = g.u("t1");
    g.ok(Action::Move {
        unit: t1,
        to: g.h("0201"),
    });
    g.ok(Action::Work {
        unit: t1,
        work: hexwar_engine::Work::Repair,
    });
    g.end();
    assert_eq!(g.phase(), (1, BLUE, PhaseKind::Rail));
    assert_eq!(
        hexwar_engine::rail::eligibility(&g.scen, &g.st, t1),
        Err(hexwar_engine::rail::NoRail::MovedThisTurn)
    );
}

// ----------------------------------- seeded games of the built-ins, saved

/// One seeded game of `name` of (mostly) uniformly chosen legal actions:
/// at every decision it is saved and loaded through the checked boundary,
/// and the sentences of the turn sequence below are checked against the
/// events, each worked out independently of the engine's own code. What
/// went wrong, if anything.
fn play_and_check(name: &str, seed: u64) -> Vec<String> {
    use std::collections::BTreeSet;
    let scen = builtin::load(name).unwrap();
    let mut dice = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut pick = Xoshiro256PlusPlus::seed_from_u64(seed ^ 0x9e37);
    let mut events = Vec::new();
    let mut st = GameState::new_with(&scen, &mut dice, &mut events);
    let mut legal = Vec::new();
    let mut bad = Vec::new();
    let end_bias = 0.002 + (seed % 5) as f64 * 0.01;
    // Units that moved (or charged) in this player-turn; units next to an
    // enemy unit as the Rail Phase began.
    let mut moved: BTreeSet<u16> = BTreeSet::new();
    let mut barred: BTreeSet<u16> = BTreeSet::new();
    // MAL-CBT-1 in this Combat Phase: units that attacked, hexes and units
    // attacked; MAL-CBT-9: the last combat's attackers and hex.
    let mut attackers: BTreeSet<u16> = BTreeSet::new();
    let mut hexes: BTreeSet<u32> = BTreeSet::new();
    let mut defenders: BTreeSet<u16> = BTreeSet::new();
    let mut last: (Vec<u16>, u32) = (Vec::new(), u32::MAX);
    let grid = scen.grid();
    for step in 0..20_000 {
        if st.is_over() || bad.len() > 5 {
            break;
        }
        let at = format!(
            "{name} seed {seed} step {step} (turn {}, {:?}, {:?})",
            st.turn(),
            st.active_side(),
            st.phase(&scen)
        );
        let saved = st.to_saved(&scen);
        match GameState::from_saved(&scen, &saved) {
            Ok(back) if back.to_saved(&scen) == saved => {}
            Ok(_) => bad.push(format!("{at}: reload differs")),
            Err(e) => bad.push(format!("{at}: refused: {e}")),
        }
        st.legal_actions(&scen, &mut legal);
        let first = |f: fn(&Action) -> bool| legal.iter().copied().find(f);
        let resolve = first(|a| matches!(a, Action::Resolve { .. }));
        let charge = first(|a| matches!(a, Action::Charge { .. }));
        let attack = first(|a| matches!(a, Action::Attack { .. }));
        let phase = st.phase(&scen);
        let a = match (resolve, charge, attack) {
            (Some(r), _, _) if pick.random_bool(0.5) => r,
            (_, Some(c), _) if pick.random_bool(0.5) => c,
            (_, _, Some(a)) if pick.random_bool(0.7) => a,
            _ if phase == PhaseKind::Movement
                && pick.random_bool(end_bias)
                && legal.contains(&Action::EndPhase) =>
            {
                Action::EndPhase
            }
            _ => legal[pick.random_range(0..legal.len())],
        };
        // MAL-RAIL-3: "Only supplied units ... which did not moved during
        // the previous Naval or Movement Phases ... which do not begin the
        // Rail Movement Phase adjacent to Enemy units may move by rail."
        if let Action::RailMove { unit, .. } = a {
            if moved.contains(&unit.0) || barred.contains(&unit.0) {
                bad.push(format!(
                    "{at}: a rail move of a unit that moved or began adjacent"
                ));
            }
            if !st.unit(unit).supply.is_general() {
                bad.push(format!("{at}: a rail move of a unit not in supply"));
            }
        }
        if let Action::Charge { unit, .. } = a {
            moved.insert(unit.0);
        }
        // MAL-CBT-1: "No unit may attack more than once per Combat Phase,
        // and no unit may be attacked more than once per Combat Phase"; each
        // hex once. MAL-CBT-9: only attackers that took part advance, into
        // the hex they attacked.
        if let Action::Resolve { .. } = a {
            let target = st.combat().target;
            let side = st.active_side();
            let mine: Vec<u16> = (0..st.units().len())
                .filter(|&i| st.units()[i].has(UnitFlags::COMMITTED))
                .map(|i| i as u16)
                .collect();
            let theirs: Vec<u16> = st
                .units_at(target)
                .filter(|&o| scen.unit(o).side != side)
                .map(|o| o.0)
                .collect();
            if mine.iter().any(|u| attackers.contains(u))
                || theirs.iter().any(|u| defenders.contains(u))
                || !hexes.insert(target.0 as u32)
            {
                bad.push(format!("{at}: a unit or hex in a second combat"));
            }
            attackers.extend(mine.iter().copied());
            defenders.extend(theirs);
            last = (mine, target.0 as u32);
        }
        if let Action::Advance { unit } = a {
            if !last.0.contains(&unit.0) || st.combat().advance.0 as u32 != last.1 {
                bad.push(format!("{at}: an advance by a unit not of the last combat"));
            }
        }
        events.clear();
        st.apply(&scen, a, &mut dice, &mut events).unwrap();
        let mut in_supply_phase = false;
        for e in &events {
            match e {
                Event::PhaseBegan { phase, side, .. } => {
                    in_supply_phase = *phase == PhaseKind::Supply;
                    attackers.clear();
                    defenders.clear();
                    hexes.clear();
                    if *phase == PhaseKind::Supply {
                        moved.clear();
                        // D-TURN-1's reading: a reinforcement due waits only
                        // where its entry hex holds an enemy unit or is full.
                        for (i, setup) in scen.units().iter().enumerate() {
                            let u = st.units()[i];
                            if setup.side != *side
                                || setup.arrives > st.turn()
                                || u.hex.is_some()
                                || u.eliminated()
                                || u.has(UnitFlags::LANDING)
                            {
                                continue;
                            }
                            let here = || st.units_at(setup.hex);
                            let enemy = here().any(|o| scen.unit(o).side != *side);
                            let full = here().count() >= scen.stacking() as usize;
                            let emptied = events.iter().any(|e| {
                                matches!(e, Event::StepLost { hex, steps_left: 0, .. } if *hex == setup.hex)
                            });
                            if !enemy && !full && !emptied {
                                bad.push(format!("{at}: {} waits with room", setup.id));
                            }
                        }
                    }
                    if *phase == PhaseKind::Rail {
                        barred.clear();
                        for (i, u) in st.units().iter().enumerate() {
                            if scen.units()[i].side == *side
                                && u.on_map()
                                && grid.neighbours(u.hex).iter().any(|n| {
                                    n.is_some()
                                        && st.units_at(*n).any(|o| scen.unit(o).side != *side)
                                })
                            {
                                barred.insert(i as u16);
                            }
                        }
                    }
                }
                // MP-MOV-1: a unit pays from its allowance as its supply
                // leaves it (MAL-SUP-6, GS-5), never more.
                Event::Moved { unit, .. } => {
                    moved.insert(unit.0);
                    let (spent, ma) =
                        (st.unit(*unit).mp_spent, st.movement_allowance(&scen, *unit));
                    if spent > ma {
                        bad.push(format!(
                            "{at}: {} spent {} of {}",
                            scen.unit(*unit).id,
                            spent.as_f64(),
                            ma.as_f64()
                        ));
                    }
                }
                // MAL-SUP-1: judged in the Supply Phase, held for the
                // player-turn (GS-4: or bought with supply points).
                Event::SupplyChanged { unit, .. }
                    if !in_supply_phase && !matches!(a, Action::SpendSupply { .. }) =>
                {
                    bad.push(format!(
                        "{at}: {}'s supply changed by {a:?}",
                        scen.unit(*unit).id
                    ));
                }
                // D-TURN-3: the points, or a side wiped out.
                Event::GameOver { result } => {
                    let wiped = st.wiped_out_result(&scen);
                    if Some(*result) != wiped && *result != st.points_result(&scen) {
                        bad.push(format!("{at}: the result {result:?} is neither"));
                    }
                }
                _ => {}
            }
        }
    }
    bad
}

// rule: D-TURN-1
// rule: MAL-RAIL-3
// rule: MAL-SUP-1
#[test]
fn d_turn_1_seeded_built_in_games_keep_the_turn_sequence_and_survive_a_save_at_every_decision() {
    // The position at every decision of a real game is one the rules
    // allow, so the checked loader takes it back as it was: mid-move (road
    // debts, moves ended in enemy ZOC), mid-charge bonus, mid-rail (moves
    // to take back, units barred), mid-combat (declared, open to an
    // advance), landings offshore, pockets and works: every one of these
    // comes up in these games. (The ninth reading's hardening corpus loads a
    // dozen positions; this walks whole games.) Along the way: no rail move
    // by a unit that moved, began the Rail Phase next to an enemy unit or
    // is out of supply; no unit or hex in two combats of a phase, no
    // advance but by the last combat's attackers; no reinforcement waiting
    // with room; no move past
    // the allowance the unit's supply leaves it; no supply verdict changed
    // outside the Supply Phase; the result is the points or a wipe-out.
    let mut bad = Vec::new();
    for name in ["malaya", "morne-plaine", "eastfront"] {
        for seed in 0..12 {
            bad.extend(play_and_check(name, seed));
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}
