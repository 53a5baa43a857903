//! GS-10: strategic resource points and the works they pay for, each pinned
//! by a position worked out by hand from the rule as docs/RULES.md reads it
//! (the source gives the idea only: SRPs build or repair forts, airbases and
//! rail lines).

use hexwar_engine::action::NoWork;
use hexwar_engine::state::UnitFlags;
use hexwar_engine::{
    Action, ActionError, Event, GameState, HexId, PhaseKind, Scenario, Side, SupplyState, UnitId,
    Work, combat, rail, supply,
};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus as StdRng;

/// A rail line along row 1 from blue's source at 0101 to 1001; no roads.
/// Blue: b1 at 0501 on the line, b2 (1 MP) at 1001 at its end, b3 at 0101.
/// Red: r1 at 0803 (far from everything), r2 at 0303.
const SCEN: &str = include_str!("fixtures/works.toml");

/// The SRP table most tests use: blue 3 + 1 a turn, red 2 + 2 a turn, cap 6.
const SRP: &str = r#"
[srp]
initial = { blue = 3, red = 2 }
income = { blue = 1, red = 2 }
max = 6
fort = 4
airbase = 2
repair = 1
demolish = 1
"#;

fn scen(extra: &str) -> Scenario {
    Scenario::from_toml(&format!("{SCEN}{extra}"), "works.toml")
        .unwrap_or_else(|e| panic!("test scenario does not load:\n{e}"))
}

fn start(scen: &Scenario) -> GameState {
    GameState::new(scen, &mut StdRng::seed_from_u64(0))
}

fn unit(scen: &Scenario, id: &str) -> UnitId {
    scen.unit_by_id(id).unwrap()
}

fn hex(scen: &Scenario, l: &str) -> HexId {
    scen.grid().parse(l).unwrap()
}

fn act(scen: &Scenario, st: &mut GameState, a: Action) -> Vec<Event> {
    let mut ev = Vec::new();
    st.apply(scen, a, &mut StdRng::seed_from_u64(1), &mut ev)
        .unwrap_or_else(|e| panic!("{a:?} refused: {}", e.describe(scen)));
    ev
}

fn end(scen: &Scenario, st: &mut GameState) {
    act(scen, st, Action::EndPhase);
}

/// Ends phases until `side`'s `kind` phase.
fn until(scen: &Scenario, st: &mut GameState, side: Side, kind: PhaseKind) {
    for _ in 0..20 {
        if st.active_side() == side && st.phase(scen) == kind {
            return;
        }
        end(scen, st);
    }
    panic!("never reached the {} phase", kind.name());
}

/// The state with the works given as a saved game would, unchecked.
fn with_broken(scen: &Scenario, st: &GameState, hexes: &[&str]) -> GameState {
    let mut saved = st.to_saved(scen);
    saved.works.broken_rail = hexes.iter().map(|s| s.to_string()).collect();
    GameState::from_saved_unchecked(scen, &saved).unwrap()
}

fn refusal(scen: &Scenario, st: &GameState, u: UnitId, w: Work) -> NoWork {
    match st.check(scen, Action::Work { unit: u, work: w }) {
        Err(ActionError::NoWork(_, _, why)) => why,
        other => panic!("{w:?} by {u:?}: expected a NoWork refusal, got {other:?}"),
    }
}

// rule: GS-10
#[test]
fn gs_10_srp_start_stock_and_income_each_player_turn_up_to_the_cap() {
    let s = scen(SRP);
    let mut st = start(&s);
    // Blue's first player-turn has begun: 3 + 1.
    assert_eq!(st.srp(Side(0)), 4);
    // Red's begins after blue's: 2 + 2; blue keeps its 4.
    until(&s, &mut st, Side(1), PhaseKind::Movement);
    assert_eq!(st.srp(Side(1)), 4);
    assert_eq!(st.srp(Side(0)), 4);
    // Blue's second: 4 + 1 = 5; red's second: 4 + 2 = 6 (the cap).
    until(&s, &mut st, Side(0), PhaseKind::Movement);
    assert_eq!(st.srp(Side(0)), 5);
    until(&s, &mut st, Side(1), PhaseKind::Movement);
    assert_eq!(st.srp(Side(1)), 6);
    // Red's third would be 8: the cap keeps it at 6.
    until(&s, &mut st, Side(0), PhaseKind::Movement);
    until(&s, &mut st, Side(1), PhaseKind::Movement);
    assert_eq!(st.srp(Side(1)), 6);
}

// rule: GS-10
#[test]
fn gs_10_demolition_spends_srp_breaks_the_rail_and_ends_the_move() {
    let s = scen(SRP);
    let mut st = start(&s);
    until(&s, &mut st, Side(0), PhaseKind::Movement);
    let (b1, h) = (unit(&s, "b1"), hex(&s, "0501"));
    let ev = act(
        &s,
        &mut st,
        Action::Work {
            unit: b1,
            work: Work::Demolish,
        },
    );
    assert!(st.rail_broken(h));
    assert_eq!(st.srp(Side(0)), 3, "4 - 1");
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Worked { unit, hex, work: Work::Demolish, cost: 1, left: 3 } if *unit == b1 && *hex == h
    )));
    assert!(st.unit(b1).has(UnitFlags::MOVE_ENDED));
    assert!(matches!(
        st.check(
            &s,
            Action::Move {
                unit: b1,
                to: hex(&s, "0502")
            }
        ),
        Err(ActionError::CannotMove(_))
    ));
    // Its move is over; and one work a player-turn (the default) is done.
    assert_eq!(refusal(&s, &st, b1, Work::Demolish), NoWork::MoveEnded);
    assert_eq!(
        refusal(&s, &st, unit(&s, "b3"), Work::Repair),
        NoWork::LimitReached
    );
    // With the limit lifted: a whole line is not repaired, a broken one not broken again.
    let mut saved = st.to_saved(&s);
    saved.works.done = 0;
    saved.units[b1.index()].flags = 0;
    let st = GameState::from_saved_unchecked(&s, &saved).unwrap();
    assert_eq!(refusal(&s, &st, b1, Work::Demolish), NoWork::RailState);
    assert_eq!(
        refusal(&s, &st, unit(&s, "b3"), Work::Repair),
        NoWork::RailState
    );
}

// rule: GS-10
#[test]
fn gs_10_refused_when_short_of_srp_and_state_untouched() {
    let s = scen(SRP);
    let mut st = start(&s);
    until(&s, &mut st, Side(0), PhaseKind::Movement);
    let b1 = unit(&s, "b1");
    // A fort costs 4: blue holds 4, so it may; with 3 it may not.
    assert!(
        st.check(
            &s,
            Action::Work {
                unit: b1,
                work: Work::Fort
            }
        )
        .is_ok()
    );
    let mut saved = st.to_saved(&s);
    saved.works.srp = [3, 4];
    let mut st = GameState::from_saved(&s, &saved).unwrap();
    let before = st.clone();
    let a = Action::Work {
        unit: b1,
        work: Work::Fort,
    };
    let err = st
        .apply(&s, a, &mut StdRng::seed_from_u64(0), &mut ())
        .unwrap_err();
    assert_eq!(
        err,
        ActionError::NoWork(b1, Work::Fort, NoWork::NoPoints { cost: 4, left: 3 })
    );
    assert_eq!(st, before);
    let mut legal = Vec::new();
    st.legal_actions(&s, &mut legal);
    assert!(!legal.contains(&a));
    assert!(legal.contains(&Action::Work {
        unit: b1,
        work: Work::Demolish
    }));
}

// rule: GS-10
#[test]
fn gs_10_works_only_in_the_own_movement_phase_per_turn_limit_and_sides() {
    let extra = format!("{SRP}per_turn = 1\nsides = {{ repair = [\"red\"] }}\n");
    let s = scen(&extra);
    let mut st = start(&s);
    until(&s, &mut st, Side(0), PhaseKind::Movement);
    let (b1, b3, r2) = (unit(&s, "b1"), unit(&s, "b3"), unit(&s, "r2"));
    assert_eq!(
        refusal(&s, &st, r2, Work::Airbase),
        NoWork::NotMovementPhase
    );
    act(
        &s,
        &mut st,
        Action::Work {
            unit: b1,
            work: Work::Demolish,
        },
    );
    // One work a player-turn.
    assert_eq!(refusal(&s, &st, b3, Work::Demolish), NoWork::LimitReached);
    // Repair is red's only, whatever blue holds.
    assert_eq!(refusal(&s, &st, b1, Work::Repair), NoWork::NotThisSide);
    // Off the line: nothing to break.
    assert_eq!(
        refusal(&s, &st, r2, Work::Demolish),
        NoWork::NotMovementPhase
    );
    end(&s, &mut st);
    assert_ne!(st.phase(&s), PhaseKind::Movement);
    assert_eq!(
        refusal(&s, &st, b3, Work::Demolish),
        NoWork::NotMovementPhase
    );
    // Red's Movement Phase: the count starts again, r2 stands off the rail.
    until(&s, &mut st, Side(1), PhaseKind::Movement);
    assert_eq!(st.works_done(), 0);
    assert_eq!(refusal(&s, &st, r2, Work::Demolish), NoWork::NoRail);
    assert_eq!(refusal(&s, &st, r2, Work::Repair), NoWork::NoRail);
    assert!(
        st.check(
            &s,
            Action::Work {
                unit: r2,
                work: Work::Airbase
            }
        )
        .is_ok()
    );
}

// rule: GS-10
#[test]
fn gs_10_scenario_without_srp_allows_no_work() {
    let s = scen("");
    let mut st = start(&s);
    until(&s, &mut st, Side(0), PhaseKind::Movement);
    let b1 = unit(&s, "b1");
    assert_eq!(refusal(&s, &st, b1, Work::Demolish), NoWork::NotInScenario);
    assert_eq!(st.srp(Side(0)), 0);
    let mut legal = Vec::new();
    st.legal_actions(&s, &mut legal);
    assert!(!legal.iter().any(|a| matches!(a, Action::Work { .. })));
    // A work without a cost is not allowed either.
    let s = scen("[srp]\ninitial = { blue = 5 }\ndemolish = 0\n");
    let mut st = start(&s);
    until(&s, &mut st, Side(0), PhaseKind::Movement);
    assert_eq!(refusal(&s, &st, b1, Work::Fort), NoWork::NotInScenario);
    assert!(
        st.check(
            &s,
            Action::Work {
                unit: b1,
                work: Work::Demolish
            }
        )
        .is_ok()
    );
}

// rule: GS-10
#[test]
fn gs_10_broken_rail_stops_rail_movement_and_repair_restores_it() {
    let s = scen(SRP);
    let mut st = start(&s);
    until(&s, &mut st, Side(0), PhaseKind::Rail);
    let b3 = unit(&s, "b3");
    let dests = |st: &GameState| {
        let mut out = Vec::new();
        let mut ms = hexwar_engine::movement::Scratch::new(&s);
        ms.prepare(&s, st);
        rail::destinations(&s, st, &ms, b3, |h, _| out.push(s.grid().label(h)));
        out
    };
    assert!(dests(&st).contains(&"1001".to_string()));
    // 0601 broken: b3 rides 0201..0501 only.
    let broken = with_broken(&s, &st, &["0601"]);
    assert_eq!(dests(&broken), ["0201", "0301", "0401", "0501"]);
    assert!(matches!(
        broken.check(
            &s,
            Action::RailMove {
                unit: b3,
                to: hex(&s, "0701")
            }
        ),
        Err(ActionError::Unreachable { .. })
    ));
    // A unit standing in a broken hex does not leave it by rail.
    let broken = with_broken(&s, &st, &["0101"]);
    assert!(dests(&broken).is_empty());
    assert!(matches!(
        rail::eligibility(&s, &broken, b3),
        Err(rail::NoRail::NotOnRail)
    ));
    // Repaired in blue's next Movement Phase, the line runs through again.
    let mut st = with_broken(&s, &st, &["0501"]);
    until(&s, &mut st, Side(0), PhaseKind::Movement);
    assert_eq!(st.turn(), 2);
    let b1 = unit(&s, "b1");
    let before = st.srp(Side(0));
    act(
        &s,
        &mut st,
        Action::Work {
            unit: b1,
            work: Work::Repair,
        },
    );
    assert!(!st.rail_broken(hex(&s, "0501")));
    assert_eq!(st.srp(Side(0)), before - 1);
    assert_eq!(refusal(&s, &st, b1, Work::Repair), NoWork::MoveEnded);
    until(&s, &mut st, Side(0), PhaseKind::Rail);
    assert!(dests(&st).contains(&"1001".to_string()));
}

// rule: GS-10
#[test]
fn gs_10_broken_rail_cuts_the_binary_supply_trace() {
    let s = scen(SRP);
    let st = start(&s);
    let b2 = unit(&s, "b2");
    // b2 (1 MP) at the line's end traces along the rail to 0101.
    assert_eq!(supply::status(&s, &st, b2).state, SupplyState::Full);
    let t = supply::trace(&s, &st, b2);
    assert!(t.supplied);
    // Broken at 0601: the rail leg ends at 0501, four hexes from b2.
    let broken = with_broken(&s, &st, &["0601"]);
    assert_eq!(supply::status(&s, &broken, b2).state, SupplyState::Out);
    let t = supply::trace(&s, &broken, b2);
    assert!(!t.supplied);
    // b1 at 0501 is still on the leg.
    assert_eq!(
        supply::status(&s, &broken, unit(&s, "b1")).state,
        SupplyState::Full
    );
    // The judgement of the next Supply Phase agrees.
    let mut st2 = broken.clone();
    until(&s, &mut st2, Side(1), PhaseKind::Movement);
    until(&s, &mut st2, Side(0), PhaseKind::Movement);
    assert_eq!(st2.turn(), 2);
    assert_eq!(st2.unit(b2).supply, SupplyState::Out);
}

// rule: GS-10
#[test]
fn gs_10_broken_rail_cuts_the_graded_rail_element() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/gs_lines.toml");
    let src = std::fs::read_to_string(path).unwrap();
    let s = Scenario::from_toml(&format!("{src}\n[srp]\ndemolish = 0\n"), "gs_lines.toml").unwrap();
    let st = start(&s);
    let ha = unit(&s, "HA");
    let lines = |st: &GameState| {
        let mut out = Vec::new();
        supply::supply_lines(&s, st, Side(0), |h| out.push(s.grid().label(h)));
        out
    };
    // Rail 0101-0601 then road to 0801: HA is in full supply.
    assert!(lines(&st).contains(&"0801".to_string()));
    assert_eq!(supply::trace(&s, &st, ha).state, SupplyState::Full);
    // Broken at 0401: the rail element stops at 0301, and no road joins it.
    let broken = with_broken(&s, &st, &["0401"]);
    let l = lines(&broken);
    assert!(l.contains(&"0301".to_string()));
    assert!(!l.contains(&"0401".to_string()) && !l.contains(&"0801".to_string()));
    assert_ne!(supply::trace(&s, &broken, ha).state, SupplyState::Full);
    // A broken source hex is still a source, but the rail does not leave it;
    // the road from source 0103 is untouched.
    let broken = with_broken(&s, &st, &["0101"]);
    let l = lines(&broken);
    assert!(l.contains(&"0101".to_string()) && !l.contains(&"0201".to_string()));
    assert!(l.contains(&"0503".to_string()));
}

// rule: GS-10
#[test]
fn gs_10_built_fort_multiplies_defense_as_a_scenario_fort() {
    let s = scen(SRP);
    let mut st = start(&s);
    until(&s, &mut st, Side(1), PhaseKind::Movement);
    let r2 = unit(&s, "r2");
    let t = hex(&s, "0303");
    act(
        &s,
        &mut st,
        Action::Work {
            unit: r2,
            work: Work::Fort,
        },
    );
    assert!(st.fort_built(t) && st.is_fort(&s, t));
    assert_eq!(st.srp(Side(1)), 0, "2 + 2 - 4");
    // A fort there already: no second one.
    let mut saved = st.to_saved(&s);
    saved.works.srp = [6, 6];
    saved.works.done = 0;
    saved.units[r2.index()].flags = 0;
    let again = GameState::from_saved_unchecked(&s, &saved).unwrap();
    assert_eq!(refusal(&s, &again, r2, Work::Fort), NoWork::AlreadyBuilt);
    // Blue attacks 0303 from 0302 with b1: defense 3 x 2 in the fort.
    let mut saved = st.to_saved(&s);
    saved.units[unit(&s, "b1").index()].hex = Some("0302".into());
    let mut st = GameState::from_saved_unchecked(&s, &saved).unwrap();
    until(&s, &mut st, Side(0), PhaseKind::Combat);
    let b1 = unit(&s, "b1");
    act(
        &s,
        &mut st,
        Action::Attack {
            unit: b1,
            target: t,
        },
    );
    let odds = combat::odds(&s, &st, 0);
    assert_eq!(odds.defense, 6.0);
    // The same without the fort: 3.
    let mut saved = st.to_saved(&s);
    saved.works.forts.clear();
    let plain = GameState::from_saved_unchecked(&s, &saved).unwrap();
    assert_eq!(combat::odds(&s, &plain, 0).defense, 3.0);
}

// rule: GS-10
#[test]
fn gs_10_built_airbase_gives_its_controller_air_points_each_game_turn() {
    let s = scen(SRP);
    let mut st = start(&s);
    assert_eq!(st.air_points(Side(0)), 1);
    until(&s, &mut st, Side(0), PhaseKind::Movement);
    let b1 = unit(&s, "b1");
    act(
        &s,
        &mut st,
        Action::Work {
            unit: b1,
            work: Work::Airbase,
        },
    );
    assert!(st.airbase_built(hex(&s, "0501")));
    assert_eq!(st.srp(Side(0)), 2);
    // Turn 2: blue's 1 point plus 1 from the airbase; red still none.
    end(&s, &mut st);
    until(&s, &mut st, Side(0), PhaseKind::Movement);
    assert_eq!(st.turn(), 2);
    assert_eq!(st.air_points(Side(0)), 2);
    assert_eq!(st.air_points(Side(1)), 0);
    // Red takes the hex: the airbase serves red from the next game turn.
    let mut saved = st.to_saved(&s);
    saved.units[b1.index()].hex = Some("0502".into());
    saved.units[unit(&s, "r1").index()].hex = Some("0501".into());
    let row: Vec<char> = saved.control[0].chars().collect();
    let mut row = row;
    row[4] = '1';
    saved.control[0] = row.into_iter().collect();
    let mut st = GameState::from_saved_unchecked(&s, &saved).unwrap();
    until(&s, &mut st, Side(1), PhaseKind::Movement);
    until(&s, &mut st, Side(0), PhaseKind::Movement);
    assert_eq!(st.turn(), 3);
    assert_eq!(st.air_points(Side(0)), 1);
    assert_eq!(st.air_points(Side(1)), 1);
}

// rule: GS-10
#[test]
fn gs_10_works_round_trip_through_a_saved_game() {
    let s = scen(SRP);
    let mut st = start(&s);
    until(&s, &mut st, Side(0), PhaseKind::Movement);
    act(
        &s,
        &mut st,
        Action::Work {
            unit: unit(&s, "b1"),
            work: Work::Demolish,
        },
    );
    let saved = st.to_saved(&s);
    assert_eq!(saved.works.broken_rail, ["0501"]);
    assert_eq!(saved.works.srp, [3, 2]);
    assert_eq!(saved.works.done, 1);
    let json = serde_json::to_string(&saved).unwrap();
    let back: hexwar_engine::save::SavedGame = serde_json::from_str(&json).unwrap();
    let again = GameState::from_saved(&s, &back).unwrap();
    assert_eq!(again, st);
}

// rule: GS-10
#[test]
fn gs_10_tampered_works_are_refused() {
    let s = scen(SRP);
    let st = start(&s);
    let good = st.to_saved(&s);
    let refused = |f: &dyn Fn(&mut hexwar_engine::save::SavedGame), want: &str| {
        let mut saved = good.clone();
        f(&mut saved);
        let err = GameState::from_saved(&s, &saved).unwrap_err().to_string();
        assert!(err.contains(want), "expected \"{want}\" in \"{err}\"");
    };
    refused(
        &|g| g.works.broken_rail = vec!["0502".into()],
        "no rail line",
    );
    refused(
        &|g| g.works.broken_rail = vec!["9999".into()],
        "works.broken_rail",
    );
    refused(&|g| g.works.srp = [7, 0], "cap");
    refused(&|g| g.works.done = 2, "works.done");
    // Without [srp], no works at all.
    let plain = scen("");
    let mut g = start(&plain).to_saved(&plain);
    g.works.forts = vec!["0202".into()];
    let err = GameState::from_saved(&plain, &g).unwrap_err().to_string();
    assert!(err.contains("no strategic resource points"), "{err}");
}

// rule: GS-10
#[test]
fn gs_10_bad_srp_data_names_file_and_line() {
    let bad =
        "[srp]\ninitial = { blue = -1, green = 2 }\nfort = 5000\nsides = { bridge = [\"blue\"] }\n";
    let Err(errs) = Scenario::from_toml(&format!("{SCEN}{bad}"), "works.toml") else {
        panic!("bad [srp] data loaded");
    };
    let errs = errs.to_string();
    let base = SCEN.lines().count();
    for (line, want) in [
        (base + 2, "initial must be 0 to 9999, not -1"),
        (base + 2, "unknown side \"green\""),
        (base + 3, "fort must be 0 to 999, not 5000"),
        (base + 4, "unknown work \"bridge\""),
    ] {
        assert!(
            errs.contains(&format!("works.toml:{line}:")) && errs.contains(want),
            "expected line {line} \"{want}\" in:\n{errs}"
        );
    }
}
