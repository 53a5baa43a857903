//! An eighth reading of the Morne Plaine movement chapter (MP-*) against
//! the engine: positions for sentences of the text that nothing pinned
//! closely. Fixtures: `audit8_mp_chg.toml` (a charge made in one piece or
//! in pieces), `audit8_mp_zoc.toml` (a ford).

mod common;

use hexwar_engine::{Action, Event, GameState, HexId, PhaseKind, Scenario, Side, UnitId, charge};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

fn rng(seed: u64) -> Xoshiro256PlusPlus {
    Xoshiro256PlusPlus::seed_from_u64(seed)
}

fn hex(scen: &Scenario, label: &str) -> HexId {
    scen.grid().parse(label).unwrap()
}

fn unit(scen: &Scenario, id: &str) -> UnitId {
    scen.unit_by_id(id)
        .unwrap_or_else(|| panic!("no unit {id}"))
}

fn label(scen: &Scenario, h: HexId) -> String {
    scen.grid().label(h)
}

/// The charge fixture at blue's first Movement Phase.
fn chg_start() -> (Scenario, GameState) {
    let (scen, _) = common::load("audit8_mp_chg.toml");
    let g = GameState::new(&scen, &mut rng(1));
    assert_eq!(g.phase(&scen), PhaseKind::Movement);
    assert_eq!(g.active_side(), Side(0));
    (scen, g)
}

/// Moves `id` to `to` by a normal move (checked apply) after checking that
/// its path is the straight line `path` and that the engine's own rules
/// call that line a charge of the unit in `target`; the move's events.
fn move_along_charging_line(
    scen: &Scenario,
    g: &mut GameState,
    id: &str,
    path: [&str; 2],
    target: &str,
) -> Vec<Event> {
    let u = unit(scen, id);
    // The engine's own charging line: the two hexes crossed, then the target.
    let line = charge::can_charge(scen, g, u, hex(scen, target))
        .unwrap_or_else(|e| panic!("{id} cannot charge {target}: {}", e.describe()));
    assert_eq!(line.hexes.map(|h| label(scen, h)), path);
    // The normal move to the second hex takes exactly that line.
    let reach = hexwar_engine::reachable(scen, g, u);
    let dest = reach
        .destinations
        .iter()
        .find(|d| d.hex == hex(scen, path[1]))
        .unwrap_or_else(|| panic!("{id} cannot move to {}", path[1]));
    let walked: Vec<String> = dest.path.iter().map(|&h| label(scen, h)).collect();
    assert_eq!(walked, path);
    let mut events: Vec<Event> = Vec::new();
    g.apply(
        scen,
        Action::Move {
            unit: u,
            to: hex(scen, path[1]),
        },
        &mut rng(2),
        &mut events,
    )
    .unwrap_or_else(|e| panic!("the move of {id} to {} is refused: {e}", path[1]));
    events
}

/// Whether `events` hold a morale check of a charge by `by` on `on`.
fn charged(scen: &Scenario, events: &[Event], by: &str, on: &str) -> bool {
    let (by, on) = (unit(scen, by), unit(scen, on));
    events
        .iter()
        .any(|e| matches!(e, Event::Charged { unit, target, .. } if *unit == by && *target == on))
}

// ------------------------------------------------------------ MP-CHG-1: in one piece

// rule: MP-CHG-1
#[test]
fn mp_chg_1_the_line_ridden_in_one_piece_charges_and_in_pieces_does_not() {
    // "Charge automatically takes place during movement. It consists in a
    // specific movement segment called a 'charging action'"; "The charging
    // action must be carried out in one piece. Deselecting the unit (or
    // selecting another) cancels the current charging action." The
    // engine's charge (`Action::Charge`) is the two hexes ridden in one
    // piece; its move (`Action::Move`) is the move made in pieces, which
    // charges nothing. Blue cavalry cv at 0202 and red infantry ri at 0205,
    // all clear: 0203 then 0204 is a charging line.
    let (scen, mut g) = chg_start();
    let events = move_along_charging_line(&scen, &mut g, "cv", ["0203", "0204"], "0205");
    assert!(!charged(&scen, &events, "cv", "ri"), "{events:?}");
    let (scen, mut g) = chg_start();
    let mut events: Vec<Event> = Vec::new();
    let (cv, ri) = (unit(&scen, "cv"), unit(&scen, "ri"));
    g.apply(
        &scen,
        Action::Charge {
            unit: cv,
            target: hex(&scen, "0205"),
        },
        &mut rng(2),
        &mut events,
    )
    .unwrap_or_else(|e| panic!("cv may not charge ri: {e}"));
    assert!(charged(&scen, &events, "cv", "ri"), "{events:?}");
    // Beside ri, or in its place if the charge succeeded (MP-CHG-3).
    let at = label(&scen, g.unit(cv).hex);
    assert!(
        at == "0204" || (at == "0205" && g.unit(ri).hex != g.unit(cv).hex),
        "{at}"
    );
}

// ------------------------------------------------------------ MP-ZOC-3: a ford

// rule: MP-ZOC-3
#[test]
fn mp_zoc_3_no_zoc_across_a_forded_river() {
    // "The hexes adjacent to the unit separated by a stream, a river or a
    // double slope symbol (or more) are not controlled": a ford lets units
    // across, the river still stops the ZOC.
    common::check("audit8_mp_zoc.toml");
}
