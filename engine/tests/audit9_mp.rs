//! A ninth reading of the Morne Plaine movement chapter (MP-*) against the
//! engine: small positions worked by hand from the text, then played. Most
//! are built on `fixtures/audit9_mp_map.toml` (a 12 x 12 open map, units
//! parked out of the way and placed by each test through a saved game, the
//! charge's 1-9 die forced); the track between two roads is the script
//! `fixtures/audit9_mp_track.toml`. The helpers are those of the shared
//! `board` module (`tests/board/mod.rs`).
//!
//! Two failed on the engine before the reading's corrections (a charge
//! through an empty enemy fort, a track between two roads); the others pin
//! points the engine plays as the text says.
//!
//! Hex geometry (D-MAP-1): odd columns stand higher. From an odd column c,
//! row r: N (c, r-1), NE (c+1, r-1), SE (c+1, r), S (c, r+1), SW (c-1, r),
//! NW (c-1, r-1); from an even column: NE (c+1, r), SE (c+1, r+1), SW
//! (c-1, r+1), NW (c-1, r).

mod board;
mod common;

use board::*;
use hexwar_engine::charge;
use hexwar_engine::combat::{self, Modifier};
use hexwar_engine::state::UnitFlags;
use hexwar_engine::{Action, Event, GameState, Mp, PhaseKind, Scenario, Side};

const MAP: &str = include_str!("fixtures/audit9_mp_map.toml");

/// The map with terrain `code` at each listed hex (clear elsewhere) and
/// `extra` (hexsides, routes, forts, control) in the file.
fn map(terrain: &[(&str, char)], extra: &str) -> Scenario {
    board::fill(MAP, "audit9-mp", 12, terrain, extra)
}

/// cv's charge south from 0202 at 0205 crosses 0203 and 0204; the three hexes
/// the target may fall back into (next to 0205, two hexes from 0204) are
/// 0106, 0206 and 0306. Red guns g1 and g2 (no ZOC, MP-ZOC-4) fill 0106 and
/// 0306, so the retreat, if any, is into 0206 whatever the engine's reading
/// of "away from the charger".
const LANE: [(&str, &str); 3] = [("cv", "0202"), ("g1", "0106"), ("g2", "0306")];

fn lane_with(scen: &Scenario, more: &[(&str, &str)]) -> GameState {
    let places: Vec<(&str, &str)> = LANE.iter().chain(more).copied().collect();
    placed(scen, &places, |_| {})
}

// ================================================================ departures

// ------------------------------------------------- 1. a charge through a fort

// rule: MP-ZOC-6
// rule: MP-ZOC-5
// rule: MP-CHG-1
#[test]
fn mp_zoc_6_a_charger_riding_through_an_empty_enemy_fort_stops_in_its_zoc() {
    // "Fort. Even inoccupied, a fort is considered as a place with a small
    // detachment ... a fort exerts a ZoC in all adjacent hexes"; "Units
    // inside a fort are not under enemy ZoC"; "Whenever a unit moves into a
    // hex controlled by an enemy unit, its movement ends immediately".
    //
    // An empty red fort at 0204 (clear). Blue cavalry cv at 0203, in the
    // fort's ZOC (a mounted unit leaves a ZOC that is not mounted freely,
    // MP-ZOC-8). Red guns g1 at 0206 (no ZOC). cv charges g1: it rides
    // through the fort (0204: no ZOC inside a fort, it goes on) into 0205,
    // next to the fort, in its ZOC: its movement ends there. The guns fail
    // any check on a 9 (9 + 3 - 3 > any morale they have) and are
    // eliminated ("An artillery unit never retreats"); cv "automatically
    // takes the target's place", 0206: its movement is over all the same.
    //
    // The engine's normal move over the same two hexes says so too (the
    // fixture zoc_fort.toml pins it for a unit that walks through a red fort
    // into its ZOC): 0205 costs 2 and stops the move.
    let fort = "[places]\nforts = [\"0204\"]\n\n[control]\nhexes = { red = [\"0204\"] }\n";
    let scen = map(&[], fort);
    let g = placed(&scen, &[("cv", "0203"), ("g1", "0206")], |_| {});
    reach_has(
        &scen,
        &g,
        "cv",
        &[("0204", 1.0, false), ("0205", 2.0, true)],
    );
    let mut by_move = g.clone();
    move_to(&scen, &mut by_move, "cv", "0205");
    assert!(
        ended(&scen, &by_move, "cv"),
        "a move into the fort's ZOC ends"
    );

    let mut g = g;
    let line = charge::can_charge(&scen, &g, unit(&scen, "cv"), hex(&scen, "0206")).unwrap();
    assert_eq!(line.hexes, [hex(&scen, "0204"), hex(&scen, "0205")]);
    let ev = charge_with(&scen, &mut g, "cv", "0206", 9);
    assert!(charged(&ev).2);
    assert_eq!(at(&scen, &g, "g1"), "off");
    assert_eq!(at(&scen, &g, "cv"), "0206");
    // The charger entered the fort's ZOC at 0205: its move is over.
    assert!(
        ended(&scen, &g, "cv"),
        "cv rode into the fort's ZOC at 0205; it may still move {:?}",
        reach(&scen, &g, "cv")
    );
}

// ------------------------------------------- 3. a track between two roads

// rule: MP-MOV-7
// rule: MP-MOV-6
// rule: MP-MOV-4
#[test]
fn mp_mov_7_a_track_from_one_road_onto_another_is_no_crossroads_jump() {
    // The fixture's comment works it by hand: following a track from a hex
    // of road B into a hex of road C pays the track's rate there, and the
    // road C beyond it is paid at the road rate.
    common::check("audit9_mp_track.toml");
}

// ============================================ the engine plays these right

// ------------------------------------------ 2b. a unit in a fort casts ZOC

// rule: MP-CHG-4
// rule: MP-ZOC-5
#[test]
fn mp_chg_4_a_unit_garrisoning_a_fort_casts_its_zoc_on_the_retreat() {
    // The position of the departure above with blue infantry bi in the fort
    // at 0207: a unit in a fort (clear) controls the hexes around it like
    // any unit, and bi is an enemy unit other than the charger: 1 + 1 = 2.
    let fort = "[places]\nforts = [\"0207\"]\n\n[control]\nhexes = { blue = [\"0207\"] }\n";
    let scen = map(&[], fort);
    let mut g = lane_with(&scen, &[("ri", "0205"), ("bi", "0207")]);
    let ev = charge_with(&scen, &mut g, "cv", "0205", 9);
    assert!(charged(&ev).2);
    assert_eq!(at(&scen, &g, "ri"), "0206");
    assert_eq!(g.unit(unit(&scen, "ri")).morale, 2);
}

// ----------------------------------------- 4. diagonal charges, both parities

// rule: MP-CHG-1
// rule: MP-CHG-4
#[test]
fn mp_chg_1_4_diagonal_charges_from_odd_and_even_columns() {
    // "A charging action is a two-hexes straight movement that ends
    // adjacent to an enemy unit. The charging action is valid if the target
    // enemy unit is in line with the movement of the charging unit."
    //
    // (a) North-east from an odd column: cv at 0307 -> 0406 -> 0506, red
    // infantry ri at 0605, the next hex on. Hexes next to 0605 and two from
    // 0506 (away from the charger): 0604, 0705 (straight on) and 0706. All
    // empty and out of blue ZOC: ri falls back straight on (the engine's
    // reading; the text sends the choice to a chapter we do not hold), one
    // morale point; cv takes 0605.
    let scen = map(&[], "");
    let mut g = placed(&scen, &[("cv", "0307"), ("ri", "0605")], |_| {});
    let line = charge::can_charge(&scen, &g, unit(&scen, "cv"), hex(&scen, "0605")).unwrap();
    assert_eq!(line.hexes, [hex(&scen, "0406"), hex(&scen, "0506")]);
    assert_eq!(line.cost, Mp::points(2));
    // 0605 is not three hexes from 0307 along any other direction, and the
    // hexes beside the line are no targets.
    for off in ["0604", "0606", "0705"] {
        let mut h = g.clone();
        let mut saved = h.to_saved(&scen);
        saved.units.iter_mut().find(|u| u.id == "ri").unwrap().hex = Some(off.into());
        h = GameState::from_saved_unchecked(&scen, &saved).unwrap();
        assert!(
            charge::can_charge(&scen, &h, unit(&scen, "cv"), hex(&scen, off)).is_err(),
            "{off} is not in line"
        );
    }
    let ev = charge_with(&scen, &mut g, "cv", "0605", 9);
    assert!(charged(&ev).2);
    assert_eq!(at(&scen, &g, "ri"), "0705");
    assert_eq!(g.unit(unit(&scen, "ri")).morale, 3);
    assert_eq!(at(&scen, &g, "cv"), "0605");
    // Blue infantry bi at 0804 controls 0705 but neither 0604 nor 0706:
    // ri takes a hex out of enemy ZOC and loses the one point only.
    let mut g = placed(
        &scen,
        &[("cv", "0307"), ("ri", "0605"), ("bi", "0804")],
        |_| {},
    );
    charge_with(&scen, &mut g, "cv", "0605", 9);
    let ri = at(&scen, &g, "ri");
    assert!(ri == "0604" || ri == "0706", "{ri}");
    assert_eq!(g.unit(unit(&scen, "ri")).morale, 3);

    // (b) South-west from an even column: cv at 0806 -> 0707 -> 0607, ri at
    // 0508. Away from 0607: 0407, 0408 (straight on) and 0509. Red guns g1
    // fill 0408: ri takes 0407 or 0509, one point.
    let mut g = placed(
        &scen,
        &[("cv", "0806"), ("ri", "0508"), ("g1", "0408")],
        |_| {},
    );
    let line = charge::can_charge(&scen, &g, unit(&scen, "cv"), hex(&scen, "0508")).unwrap();
    assert_eq!(line.hexes, [hex(&scen, "0707"), hex(&scen, "0607")]);
    charge_with(&scen, &mut g, "cv", "0508", 9);
    let ri = at(&scen, &g, "ri");
    assert!(ri == "0407" || ri == "0509", "{ri}");
    assert_eq!(g.unit(unit(&scen, "ri")).morale, 3);
    assert_eq!(at(&scen, &g, "cv"), "0508");
}

// ------------------------------------------------ 5. leaving ZOC, turn after

// rule: MP-ZOC-6
// rule: MP-ZOC-7
#[test]
fn mp_zoc_7_the_turn_after_stopping_in_enemy_zoc_the_unit_leaves_only_into_free_hexes() {
    // "Entering an enemy ZoC costs no additional movement point, but the
    // movement ceases immediately"; "An infantry unit ... can leave an enemy
    // ZoC only if the destination hex is not itself in an enemy ZoC. This
    // action costs one additional movement point."
    //
    // Blue infantry bi (4 MP) at 0604 steps into 0605, next to red infantry
    // ri at 0606: 1 MP, its move is over. Next turn, in blue's Movement
    // Phase, it may move again; from 0605 its neighbours are 0604, 0705 and
    // 0505 (free: 1 + 1 = 2) and 0706, 0506 (ri's ZOC: not straight in).
    // 0706 and 0506 are reached a step later (3, stopping there).
    let scen = map(&[], "");
    let mut g = placed(&scen, &[("bi", "0604"), ("ri", "0606")], |_| {});
    reach_has(&scen, &g, "bi", &[("0605", 1.0, true)]);
    move_to(&scen, &mut g, "bi", "0605");
    assert!(ended(&scen, &g, "bi"));
    assert!(reach(&scen, &g, "bi").is_empty());
    end_until(&scen, &mut g, 2, Side(0), PhaseKind::Movement);
    assert!(!ended(&scen, &g, "bi"));
    assert_eq!(mp_left(&scen, &g, "bi"), 4.0);
    reach_has(
        &scen,
        &g,
        "bi",
        &[
            ("0604", 2.0, false),
            ("0705", 2.0, false),
            ("0505", 2.0, false),
            ("0706", 3.0, true),
            ("0506", 3.0, true),
        ],
    );
    // 0706 by way of 0705, not straight from 0605.
    let dests = hexwar_engine::reachable(&scen, &g, unit(&scen, "bi")).destinations;
    let to_0706 = dests.iter().find(|d| d.hex == hex(&scen, "0706")).unwrap();
    assert_eq!(to_0706.path, [hex(&scen, "0705"), hex(&scen, "0706")]);
}

// ----------------------------------- 6. put in enemy ZOC mid-move by a charge

// rule: MP-ZOC-7
// rule: MP-ZOC-6
// rule: MP-CHG-4
#[test]
fn mp_zoc_7_a_unit_a_charged_enemy_falls_back_beside_mid_move_leaves_by_the_zoc_rule() {
    // Blue infantry bi (4 MP) moves 0308 -> 0307 (1 MP; next to guns only:
    // no ZOC). cv charges ri (morale 4) at 0205 with a 9; ri falls back
    // into 0206, next to bi (0206's SE neighbour is 0307): one point, and
    // one more for bi's ZOC (an enemy unit other than the charger): morale
    // 2, not demoralised. bi did not move into ri's ZOC, so its move goes
    // on; but it now stands in enemy ZOC: it may leave only into a hex out
    // of enemy ZOC, for 1 MP more: 0406, 0407, 0308 at 2; never straight
    // into 0207 (ri's ZOC), which it reaches from 0308 (3, stopping).
    let scen = map(&[], "");
    let mut g = lane_with(&scen, &[("ri", "0205"), ("bi", "0308")]);
    move_to(&scen, &mut g, "bi", "0307");
    assert!(!ended(&scen, &g, "bi"));
    let ev = charge_with(&scen, &mut g, "cv", "0205", 9);
    assert!(charged(&ev).2);
    assert_eq!(at(&scen, &g, "ri"), "0206");
    assert_eq!(g.unit(unit(&scen, "ri")).morale, 2);
    assert!(!ended(&scen, &g, "bi"));
    assert_eq!(mp_left(&scen, &g, "bi"), 3.0);
    reach_has(
        &scen,
        &g,
        "bi",
        &[
            ("0406", 2.0, false),
            ("0407", 2.0, false),
            ("0308", 2.0, false),
            ("0207", 3.0, true),
        ],
    );
}

// --------------------------------- 7. demoralised by a charge: no ZOC at once

// rule: MP-ZOC-4
// rule: MP-CHG-5
#[test]
fn mp_zoc_4_a_target_demoralised_by_a_charge_loses_its_zoc_at_once() {
    // The same position with ri at morale 1: it owes 2 points, pays 1 from
    // morale (0) and 1 from strength ("when the Morale Value of a unit drops
    // to 0 then the remaining points to lose are subtracted from its Combat
    // Strength"). At morale 0 it is demoralised and "the demoralised units
    // do not exert any ZoC": bi, next to it, leaves at no extra cost and
    // walks past it (0207 at 1, 0107 at 2) without stopping.
    let scen = map(&[], "");
    let mut g = placed(
        &scen,
        &[
            ("cv", "0202"),
            ("g1", "0106"),
            ("g2", "0306"),
            ("ri", "0205"),
            ("bi", "0308"),
        ],
        |su| {
            if su.id == "ri" {
                su.morale = 1;
            }
        },
    );
    move_to(&scen, &mut g, "bi", "0307");
    charge_with(&scen, &mut g, "cv", "0205", 9);
    assert_eq!(at(&scen, &g, "ri"), "0206");
    let ri = g.unit(unit(&scen, "ri"));
    assert_eq!((ri.morale, ri.strength_loss), (0, 1));
    reach_has(
        &scen,
        &g,
        "bi",
        &[
            ("0207", 1.0, false),
            ("0107", 2.0, false),
            ("0406", 1.0, false),
        ],
    );
}

// ------------------------------------- 8. the bonus, this combat phase only

// rule: MP-CHG-4
#[test]
fn mp_chg_4_the_charge_bonus_is_for_the_combat_phase_that_follows_only() {
    // "The successful charging unit gets a bonus in the combat phase that
    // follows if its attack aims at the charged unit"; "its Combat Strength
    // is multiplied by 1,5 (rounded down if necessary)". cv (3) breaks ri
    // and takes 0205; ri stands in 0206. In blue's Combat Phase that
    // follows, cv attacks 0206 at 3 x 1.5 = 4.5 -> 4 (the attack is
    // withdrawn before its roll). A turn later, in blue's next Combat
    // Phase, the same attack is at 3: that phase does not follow the charge.
    let scen = map(&[], "");
    let mut g = lane_with(&scen, &[("ri", "0205")]);
    charge_with(&scen, &mut g, "cv", "0205", 9);
    assert_eq!(at(&scen, &g, "ri"), "0206");
    let attack = Action::Attack {
        unit: unit(&scen, "cv"),
        target: hex(&scen, "0206"),
    };
    end_until(&scen, &mut g, 1, Side(0), PhaseKind::Combat);
    apply(&scen, &mut g, attack);
    let a = &combat::odds(&scen, &g, 0).attackers[0];
    assert_eq!((a.base, a.strength), (3.0, 4.0));
    assert!(a.modifiers.contains(&(Modifier::Charge, 1.5)));
    apply(&scen, &mut g, Action::CancelAttack);
    end_until(&scen, &mut g, 2, Side(0), PhaseKind::Combat);
    assert_eq!(at(&scen, &g, "ri"), "0206");
    assert!(!g.unit(unit(&scen, "cv")).has(UnitFlags::CHARGED));
    apply(&scen, &mut g, attack);
    let a = &combat::odds(&scen, &g, 0).attackers[0];
    assert_eq!((a.base, a.strength), (3.0, 3.0));
    assert!(!a.modifiers.iter().any(|m| m.0 == Modifier::Charge));
}

// ------------------------------ 9. a leader's morale value, downhill, reduced

// rule: MP-CHG-3
// rule: MP-CHG-4
#[test]
fn mp_chg_3_a_leaders_morale_value_is_its_current_strength_plus_command_less_one_downhill() {
    // "The leaders have no Morale Value ... the value taken into account as
    // their Morale Value is simulated and corresponds to their Combat
    // Strength + their command radius"; "Charge downhill through Slope :
    // value of Morale - 1"; "If the resulting number is greater than the
    // unit's current Morale Value then it fails the test."
    //
    // Red general rl: strength 4 worn to 3 (a point of strength lost), command
    // 2, a type morale of 2 the check does not use. cv (3) charges it at 0205
    // down a slope (0204 high, 0205 at its foot): morale value 3 + 2 - 1 = 4,
    // the roll gets 3 - 3 = 0. A 4 gives 4, not above 4: it holds. A 5
    // breaks it: 5 of the 9 rolls (5..9). "Leaders. The consequences regarding
    // retreat are identical. The consequences regarding the Morale Value are
    // ignored": it falls back into 0206, morale and strength untouched.
    let scen = map(&[], "[hexsides]\nslope = [\"0205/0204\"]\n");
    let setup = |su: &mut hexwar_engine::save::SavedUnit| {
        if su.id == "rl" {
            su.strength_loss = 1;
        }
    };
    let places = [
        ("cv", "0202"),
        ("g1", "0106"),
        ("g2", "0306"),
        ("rl", "0205"),
    ];
    let g = placed(&scen, &places, setup);
    assert_eq!(
        charge::success_chance(&scen, &g, unit(&scen, "cv"), hex(&scen, "0205")),
        Some(5.0 / 9.0)
    );
    let mut g4 = g.clone();
    assert_eq!(
        charged(&charge_with(&scen, &mut g4, "cv", "0205", 4)),
        (4, 4, false)
    );
    assert_eq!(at(&scen, &g4, "rl"), "0205");
    let mut g5 = g;
    assert_eq!(
        charged(&charge_with(&scen, &mut g5, "cv", "0205", 5)),
        (5, 4, true)
    );
    assert_eq!(at(&scen, &g5, "rl"), "0206");
    let rl = g5.unit(unit(&scen, "rl"));
    assert_eq!((rl.morale, rl.strength_loss, rl.steps), (2, 1, 1));
    assert_eq!(at(&scen, &g5, "cv"), "0205");
}

// ------------------- 10. over a bridged stream: held, the charger rides on

// rule: MP-CHG-2
// rule: MP-CHG-3
// rule: MP-ZOC-3
// rule: MP-CHG-1
#[test]
fn mp_chg_2_a_charge_held_across_a_bridged_stream_leaves_the_charger_free_to_charge_again() {
    // "Cavalry may charge through a bridge if the bridge is over a stream
    // only"; "Charge through a stream : value of Morale + 1"; "The hexes
    // adjacent to the unit separated by a stream ... are not controlled";
    // "The mounted unit may carry out a new charging action later in the
    // movement phase provided its remaining movement allowance is high
    // enough."
    //
    // A bridged stream on 0204/0205. cv (6 MP) at 0202, next to red
    // infantry r2 at 0201 (infantry ZOC: a mounted unit leaves it freely),
    // charges ri (3, morale 4) at 0205: 2 MP; morale value 4 + 1 = 5; a 5
    // gives 5: ri holds. cv stands at 0204, which ri's ZOC does not reach
    // across the stream: its move goes on (4 MP left). It turns and charges
    // r2 back along 0203 and 0202 (2 MP); 0202 is in r2's ZOC: that move
    // ends there, whatever the check.
    let scen = map(
        &[],
        "[hexsides]\nstream = [\"0204/0205\"]\nbridge = [\"0204/0205\"]\n",
    );
    let mut g = placed(
        &scen,
        &[("cv", "0202"), ("r2", "0201"), ("ri", "0205")],
        |_| {},
    );
    let line = charge::can_charge(&scen, &g, unit(&scen, "cv"), hex(&scen, "0205")).unwrap();
    assert_eq!(line.cost, Mp::points(2));
    let ev = charge_with(&scen, &mut g, "cv", "0205", 5);
    assert_eq!(charged(&ev), (5, 5, false));
    assert_eq!(
        (at(&scen, &g, "cv"), at(&scen, &g, "ri")),
        ("0204".into(), "0205".into())
    );
    assert!(!ended(&scen, &g, "cv"));
    assert_eq!(mp_left(&scen, &g, "cv"), 4.0);
    let line = charge::can_charge(&scen, &g, unit(&scen, "cv"), hex(&scen, "0201")).unwrap();
    assert_eq!(line.hexes, [hex(&scen, "0203"), hex(&scen, "0202")]);
    assert_eq!(line.cost, Mp::points(2));
    let ev = charge_with(&scen, &mut g, "cv", "0201", 1);
    assert!(!charged(&ev).2);
    assert_eq!(at(&scen, &g, "cv"), "0202");
    assert!(ended(&scen, &g, "cv"));
}

// ----------------------- 11. from infantry ZOC straight into mounted ZOC

// rule: MP-ZOC-8
// rule: MP-ZOC-6
#[test]
fn mp_zoc_8_a_mounted_unit_leaves_infantry_zoc_freely_even_into_mounted_zoc() {
    // "A mounted unit can leave an hex controlled by infantry units freely
    // and with no additional cost. However a mounted unit can leave a hex
    // controlled by a mounted enemy unit ... only if ...": the restriction
    // is on leaving a hex in mounted ZOC, not on entering one.
    //
    // Blue cavalry c2 (6 MP) at 0504, in the ZOC of red infantry ri (0503)
    // only. Red cavalry rc at 0705 controls 0604 (not 0504). c2 steps
    // straight into 0604 for 1 and stops there (MP-ZOC-6); into 0603 (ri's
    // ZOC) for 1, stopping; into 0505, free, for 1.
    let scen = map(&[], "");
    let g = placed(
        &scen,
        &[("c2", "0504"), ("ri", "0503"), ("rc", "0705")],
        |_| {},
    );
    reach_has(
        &scen,
        &g,
        "c2",
        &[
            ("0604", 1.0, true),
            ("0603", 1.0, true),
            ("0505", 1.0, false),
        ],
    );
}

// ------------------------------ 12. a retreat over a river: bridge or none

// rule: MP-CHG-4
// rule: MP-ZOC-3
// rule: MP-MOV-2
#[test]
fn mp_chg_4_a_target_falls_back_over_a_bridged_river_and_not_over_an_unbridged_one() {
    // "The unit is retreated by one hex ... If this retreat makes it enter a
    // ZoC of enemy units other than the charging unit, it loses an
    // additional number of Morale points equal to this number of zones of
    // control. If the unit cannot retreat ... it is eliminated"; "Some
    // terrain features may prevent movement (unbridged or unforded
    // rivers...)"; no ZOC across a river.
    //
    // A river on 0205/0206 (bridged first) and on 0206/0307. ri (morale 4)
    // at 0205 is broken by cv with a 9; 0106 and 0306 are full: it crosses
    // the bridge into 0206. There blue infantry bx (0207) controls it, and
    // blue infantry bw (0307, across the river) does not: 1 + 1 = 2 points,
    // morale 2.
    let bridged = "[hexsides]\nriver = [\"0205/0206\", \"0206/0307\"]\nbridge = [\"0205/0206\"]\n";
    let scen = map(&[], bridged);
    let mut g = lane_with(&scen, &[("ri", "0205"), ("bx", "0207"), ("bw", "0307")]);
    charge_with(&scen, &mut g, "cv", "0205", 9);
    assert_eq!(at(&scen, &g, "ri"), "0206");
    assert_eq!(g.unit(unit(&scen, "ri")).morale, 2);
    assert_eq!(at(&scen, &g, "cv"), "0205");
    // Without the bridge it cannot retreat: eliminated; cv takes its place.
    let scen = map(&[], "[hexsides]\nriver = [\"0205/0206\", \"0206/0307\"]\n");
    let mut g = lane_with(&scen, &[("ri", "0205"), ("bx", "0207"), ("bw", "0307")]);
    let ev = charge_with(&scen, &mut g, "cv", "0205", 9);
    assert!(ev.iter().any(|e| matches!(e, Event::NoRetreat { .. })));
    assert_eq!(at(&scen, &g, "ri"), "off");
    assert_eq!(g.steps_lost(), [0, 1]);
    assert_eq!(at(&scen, &g, "cv"), "0205");
}

// -------------------- 13. a charger held in a fort stands in no enemy ZOC

// rule: MP-ZOC-5
// rule: MP-CHG-1
// rule: MP-ZOC-7
#[test]
fn mp_zoc_5_a_charger_held_in_a_fort_beside_its_target_rides_on_freely() {
    // "Units inside a fort are not under enemy ZoC." A blue fort at 0204,
    // clear and empty: cv charges ri (morale 4) at 0205 through 0203 into
    // the fort. A 1 gives 1: ri holds. cv, in the fort beside ri, is in no
    // enemy ZOC: its move goes on (4 MP left), it leaves the fort at no
    // extra point (0304 at 1) and may step into ri's ZOC (0305, stopping).
    let fort = "[places]\nforts = [\"0204\"]\n\n[control]\nhexes = { blue = [\"0204\"] }\n";
    let scen = map(&[], fort);
    let mut g = placed(&scen, &[("cv", "0202"), ("ri", "0205")], |_| {});
    let ev = charge_with(&scen, &mut g, "cv", "0205", 1);
    assert!(!charged(&ev).2);
    assert_eq!(at(&scen, &g, "cv"), "0204");
    assert!(!ended(&scen, &g, "cv"));
    assert_eq!(mp_left(&scen, &g, "cv"), 4.0);
    reach_has(
        &scen,
        &g,
        "cv",
        &[("0304", 1.0, false), ("0305", 1.0, true)],
    );
}

// --------------------------- 14. a charge line's cost along and across roads

// rule: MP-CHG-1
// rule: MP-MOV-5
// rule: MP-MOV-6
#[test]
fn mp_chg_1_a_charge_line_pays_the_free_first_road_hex_and_the_crossroads_jump() {
    // A charge is "a specific movement segment": its hexes cost what
    // movement costs. (a) A road runs 0202-0203-0204-0205 along cv's line
    // at ri (0205): "in the beginning of the turn moving to a road hex is
    // always free if the unit is already on a road hex": 0203 costs 0, and
    // 0204, entered from "a hex crossed by the same road", 0.5.
    let road = "[[routes]]\nkind = \"road\"\nname = \"R\"\nhexes = [\"0202\", \"0203\", \"0204\", \"0205\"]\n";
    let scen = map(&[], road);
    let g = placed(&scen, &[("cv", "0202"), ("ri", "0205")], |_| {});
    let line = charge::can_charge(&scen, &g, unit(&scen, "cv"), hex(&scen, "0205")).unwrap();
    assert_eq!(line.cost, Mp(Mp::SCALE / 2));
    // (b) Road A 0201-0202-0303 and road B 0303-0203-0204-0205 meet at the
    // crossroads 0303. cv on road A at 0202 charges down road B without
    // going via the crossroads: 0203 "pays the normal cost of the terrain
    // entered" (1) and "will not benefit from the 0 cost of the next road
    // hex entered subsequently": 0204 costs its terrain too (1). 2 in all.
    let roads = "[[routes]]\nkind = \"road\"\nname = \"A\"\nhexes = [\"0201\", \"0202\", \"0303\"]\n\n\
                 [[routes]]\nkind = \"road\"\nname = \"B\"\nhexes = [\"0303\", \"0203\", \"0204\", \"0205\"]\n";
    let scen = map(&[], roads);
    let g = placed(&scen, &[("cv", "0202"), ("ri", "0205")], |_| {});
    let line = charge::can_charge(&scen, &g, unit(&scen, "cv"), hex(&scen, "0205")).unwrap();
    assert_eq!(line.cost, Mp::points(2));
}

// ------------------- 15. the first hex crossed, by the exceptions to ZOC

// rule: MP-CHG-1
// rule: MP-ZOC-2
// rule: MP-ZOC-3
// rule: MP-ZOC-6
#[test]
fn mp_chg_1_the_first_hex_beside_an_enemy_in_woods_or_across_a_stream_is_no_stop() {
    // The charge's first hex (0203) is entered by movement: "whenever a
    // unit moves into a hex controlled by an enemy unit, its movement ends
    // immediately", so a charge whose first hex is in enemy ZOC never
    // reaches its target. Red infantry r2 at 0303 is next to 0203 (and to
    // cv's start, 0202: infantry ZOC, which a mounted unit leaves freely).
    // In clear, r2 controls 0203: no charge. In woods ("the units located in
    // a town or in woods do not control the adjacent hexes") or behind a
    // stream on 0203/0303 ("separated by a stream ... are not controlled"),
    // it does not: the charge at ri (0205) is legal, for 2.
    let places = [("cv", "0202"), ("ri", "0205"), ("r2", "0303")];
    let scen = map(&[], "");
    let g = placed(&scen, &places, |_| {});
    assert_eq!(
        charge::can_charge(&scen, &g, unit(&scen, "cv"), hex(&scen, "0205")).unwrap_err(),
        charge::NoCharge::EnemyZoc(hex(&scen, "0203"))
    );
    for scen in [
        map(&[("0303", 'w')], ""),
        map(&[], "[hexsides]\nstream = [\"0203/0303\"]\n"),
    ] {
        let g = placed(&scen, &places, |_| {});
        let line = charge::can_charge(&scen, &g, unit(&scen, "cv"), hex(&scen, "0205")).unwrap();
        assert_eq!(line.cost, Mp::points(2));
    }
}
