//! A sixth reading of the grand-campaign supply chapter (GS-*) against the
//! engine: the two departures it found, corrected; each test fails on the
//! engine before the correction. Positions: the fixtures `audit6_gs_*.toml`
//! (their comments describe the ground).

use hexwar_engine::action::NoWork;
use hexwar_engine::state::{POOL_FRONT, UnitFlags};
use hexwar_engine::{
    Action, ActionError, Event, GameState, HexId, PhaseKind, Scenario, Side, SupplyState, UnitId,
    Work,
};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus as Rng;

/// The fixture `name`, its game begun, and the events so far.
fn start(name: &str) -> (Scenario, GameState, Vec<Event>) {
    let p = format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
    let s = Scenario::from_toml(&std::fs::read_to_string(&p).unwrap(), name).unwrap();
    let mut ev = Vec::new();
    let st = GameState::new_with(&s, &mut Rng::seed_from_u64(0), &mut ev);
    (s, st, ev)
}

fn u(s: &Scenario, id: &str) -> UnitId {
    s.unit_by_id(id).unwrap()
}

fn h(s: &Scenario, l: &str) -> HexId {
    s.grid().parse(l).unwrap()
}

fn act(s: &Scenario, st: &mut GameState, a: Action, ev: &mut Vec<Event>) {
    st.apply(s, a, &mut Rng::seed_from_u64(1), ev)
        .unwrap_or_else(|e| panic!("{a:?} refused: {}", e.describe(s)));
}

/// Ends phases until `side`'s `kind` phase.
fn until(s: &Scenario, st: &mut GameState, side: Side, kind: PhaseKind, ev: &mut Vec<Event>) {
    for _ in 0..20 {
        if st.active_side() == side && st.phase(s) == kind {
            return;
        }
        act(s, st, Action::EndPhase, ev);
    }
    panic!("never reached {}", kind.name());
}

/// (combat isolation, supply isolation) markers of `x`.
fn markers(st: &GameState, x: UnitId) -> (bool, bool) {
    let us = st.unit(x);
    (
        us.has(UnitFlags::COMBAT_ISOLATED),
        us.has(UnitFlags::SUPPLY_ISOLATED),
    )
}

fn formed(ev: &[Event]) -> bool {
    ev.iter().any(|e| matches!(e, Event::PocketFormed { .. }))
}

// rule: GS-7
// rule: GS-9
#[test]
fn gs_7_9_the_latest_isolation_check_decides_a_pocket_in_the_own_combat_phase() {
    // "A unit or hex isolated at the start of one of these phases remains
    // isolated until isolation status is checked again"; "an isolated
    // pocket may be formed when a unit takes casualties ... while
    // isolated". b, supply-isolated at Blue's supply judgement, moves to
    // 0502, within reach of a line of communication: the check at the start
    // of the Combat Phase finds it not isolated. It then loses a step
    // attacking (A1): no pocket forms, the step's RP goes to the front pool.
    let (s, mut st, mut ev) = start("audit6_gs_pocket_stale_marker.toml");
    let b = u(&s, "b");
    until(&s, &mut st, Side(0), PhaseKind::Movement, &mut ev);
    assert_eq!(markers(&st, b), (false, true));
    act(
        &s,
        &mut st,
        Action::Move {
            unit: b,
            to: h(&s, "0502"),
        },
        &mut ev,
    );
    act(&s, &mut st, Action::EndPhase, &mut ev);
    assert_eq!(st.phase(&s), PhaseKind::Combat);
    assert_eq!(markers(&st, b), (false, true));
    assert!(!st.hex_isolated(h(&s, "0502")));
    let rp = st.replacement_points(Side(0));
    ev.clear();
    act(
        &s,
        &mut st,
        Action::Attack {
            unit: b,
            target: h(&s, "0601"),
        },
        &mut ev,
    );
    act(&s, &mut st, Action::Resolve { air: 0 }, &mut ev);
    assert_eq!(st.unit(b).steps, 1);
    assert!(!formed(&ev), "no pocket: {ev:?}");
    assert_eq!(st.pocket_at(h(&s, "0502")), None);
    assert!(!st.hex_isolated(h(&s, "0502")));
    assert_eq!(st.replacement_points(Side(0)), rp + 1);
}

// rule: GS-7
// rule: GS-9
#[test]
fn gs_7_9_a_unit_found_connected_at_the_enemys_combat_phase_goes_to_the_front_pool() {
    // b, isolated at Red's supply judgement; Red's blocker moves away, and
    // the check at the start of Red's Combat Phase finds b and its hex not
    // isolated. Red eliminates b (D1) and advances into its hex: b was not
    // isolated when it fell, so it goes to the front pool, not to a pocket
    // taken at once (which sent it to the eliminated-isolated box).
    let (s, mut st, mut ev) = start("audit6_gs_pocket_taken_stale_marker.toml");
    let (b, rb, ra) = (u(&s, "b"), u(&s, "rb"), u(&s, "ra"));
    until(&s, &mut st, Side(1), PhaseKind::Movement, &mut ev);
    assert_eq!(markers(&st, b), (true, true));
    act(
        &s,
        &mut st,
        Action::Move {
            unit: rb,
            to: h(&s, "1203"),
        },
        &mut ev,
    );
    act(&s, &mut st, Action::EndPhase, &mut ev);
    assert_eq!(st.phase(&s), PhaseKind::Combat);
    assert_eq!(markers(&st, b), (false, true));
    ev.clear();
    act(
        &s,
        &mut st,
        Action::Attack {
            unit: ra,
            target: h(&s, "0601"),
        },
        &mut ev,
    );
    act(&s, &mut st, Action::Resolve { air: 0 }, &mut ev);
    act(&s, &mut st, Action::Advance { unit: ra }, &mut ev);
    assert!(st.unit(b).eliminated());
    assert!(!formed(&ev), "no pocket: {ev:?}");
    assert_eq!(st.unit(b).pool, POOL_FRONT);
}

// rule: GS-7
// rule: GS-9
#[test]
fn gs_7_9_a_rebuild_is_judged_by_the_latest_check_not_an_older_combat_marker() {
    // b is combat-isolated in Red's Combat Phase; Red's attack (EX) removes
    // the blocker, and at Blue's next supply judgement b traces full
    // supply: that check found it not isolated. In Blue's Movement Phase it
    // may take a step back from the front pool (the combat marker of Red's
    // Combat Phase is older than that check).
    let (s, mut st, mut ev) = start("audit6_gs_rebuild_stale_combat_marker.toml");
    let (b, rb) = (u(&s, "b"), u(&s, "rb"));
    until(&s, &mut st, Side(1), PhaseKind::Combat, &mut ev);
    assert_eq!(markers(&st, b), (true, true));
    act(
        &s,
        &mut st,
        Action::Attack {
            unit: rb,
            target: h(&s, "0501"),
        },
        &mut ev,
    );
    act(&s, &mut st, Action::Resolve { air: 0 }, &mut ev);
    until(&s, &mut st, Side(0), PhaseKind::Movement, &mut ev);
    assert_eq!(st.unit(b).supply, SupplyState::Full);
    assert_eq!(st.unit(b).steps, 1);
    assert_eq!(markers(&st, b), (true, false));
    assert!(st.replacement_points(Side(0)) > 0);
    assert!(
        hexwar_engine::rules::graded::can_rebuild(&s, &st, b, h(&s, "0501")).is_ok(),
        "{:?}",
        hexwar_engine::rules::graded::can_rebuild(&s, &st, b, h(&s, "0501"))
    );
}

// rule: GS-1
// rule: GS-10
// rule: MAL-RAIL-3
#[test]
fn gs_1_a_unit_in_special_supply_is_out_of_supply_for_rail_moves_and_works() {
    // "Out of Supply: Units that are not in general supply are classed as
    // 'out of supply'"; "Special supply sources do not provide general
    // supply". s stands 1 MP from a special source (special supply), o 2 MP
    // (out of supply); both on a broken rail line. Neither may repair it
    // (a work needs a unit not out of supply), nor move by rail ("only
    // supplied units may move by rail").
    let (s, mut st, mut ev) = start("audit6_gs_special_is_out.toml");
    let (su, o) = (u(&s, "s"), u(&s, "o"));
    until(&s, &mut st, Side(0), PhaseKind::Movement, &mut ev);
    assert_eq!(st.unit(su).supply, SupplyState::Special);
    assert_eq!(st.unit(o).supply, SupplyState::Out);
    let mut saved = st.to_saved(&s);
    saved.works.broken_rail = vec!["0901".into(), "1201".into()];
    let broken = GameState::from_saved_unchecked(&s, &saved).unwrap();
    for x in [su, o] {
        let r = broken.check(
            &s,
            Action::Work {
                unit: x,
                work: Work::Repair,
            },
        );
        assert!(
            matches!(r, Err(ActionError::NoWork(_, _, NoWork::OutOfSupply))),
            "{:?}: {r:?}",
            broken.unit(x).supply
        );
    }
    // Neither may move by rail: Blue's Rail Phase, with no unit that may,
    // is passed over (with s in special supply counted as supplied, it was
    // played).
    act(&s, &mut st, Action::EndPhase, &mut ev);
    assert!(
        !(st.active_side() == Side(0) && st.phase(&s) == PhaseKind::Rail),
        "no unit may move by rail"
    );
}
