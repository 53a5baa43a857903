//! A tenth reading of the Morne Plaine movement chapter (MP-*) against the
//! engine: small positions worked by hand from the text, then played, aimed
//! at the places where two rules meet (forts changing hands mid-phase and
//! the turn after, reinforcements in enemy ZOC, charges and forts, ZOC
//! across a double slope, camels, two charges in one move). Most are built
//! on `fixtures/audit10_mp_map.toml` (a 12 x 12 open map, units parked out
//! of the way and placed by each test through a saved game, the charge's
//! 1-9 die forced); the reinforcements are the script
//! `fixtures/audit10_mp_reinf.toml`. The helpers are those of the shared
//! `board` module (`tests/board/mod.rs`).
//!
//! One failed on the engine before the reading's correction: a charged unit
//! falling back into ground it could never move into (12). The others pin
//! points the engine plays as the text says.
//!
//! Hex geometry (D-MAP-1): odd columns stand higher. From an odd column c,
//! row r: N (c, r-1), NE (c+1, r-1), SE (c+1, r), S (c, r+1), SW (c-1, r),
//! NW (c-1, r-1); from an even column: NE (c+1, r), SE (c+1, r+1), SW
//! (c-1, r+1), NW (c-1, r).
//!
//! Parked units: blue in column 12, red in column 10 (the red leader at 1007
//! controls 0907 and 0908, red infantry 0901 to 0904); the positions keep
//! to columns 1 to 8.

mod board;
mod common;

use board::*;
use hexwar_engine::charge;
use hexwar_engine::{Event, GameState, Mp, PhaseKind, Scenario, Side};

const MAP: &str = include_str!("fixtures/audit10_mp_map.toml");

/// The map with terrain `code` at each listed hex (clear elsewhere) and
/// `extra` (hexsides, routes, forts, control) in the file.
fn map(terrain: &[(&str, char)], extra: &str) -> Scenario {
    board::fill(MAP, "audit10-mp", 12, terrain, extra)
}

/// `[places]` with one fort, and its control (`None`: nobody's).
fn fort(h: &str, side: Option<&str>) -> String {
    let mut s = format!("[places]\nforts = [\"{h}\"]\n");
    if let Some(side) = side {
        s.push_str(&format!("\n[control]\nhexes = {{ {side} = [\"{h}\"] }}\n"));
    }
    s
}

fn control(scen: &Scenario, g: &GameState, h: &str) -> Option<Side> {
    g.control(hex(scen, h))
}

// ---------------------------------------- 1. a fort taken in the middle of a phase

// rule: MP-ZOC-5
// rule: MP-ZOC-6
// rule: MP-ZOC-7
#[test]
fn mp_zoc_5_a_fort_taken_mid_phase_frees_the_units_it_held_and_holds_the_enemy_next_turn() {
    // "Fort. Even inoccupied, a fort is considered as a place with a small
    // detachment ... a fort exerts a ZoC in all adjacent hexes"; "Units
    // inside a fort are not under enemy ZoC"; "An infantry unit ... can
    // leave an enemy ZoC only if the destination hex is not itself in an
    // enemy ZoC. This action costs one additional movement point";
    // "Whenever a unit moves into a hex controlled by an enemy unit, its
    // movement ends immediately".
    //
    // An empty red fort F at 0505 controls 0504, 0604, 0605, 0506, 0405 and
    // 0404. Red infantry r2 at 0506 controls 0605, 0606, 0507, 0406, 0405.
    // Blue: cavalry cv at 0504 and infantry bi at 0604 (both in F's ZOC),
    // infantry bw at 0304 (in none).
    let scen = map(&[], &fort("0505", Some("red")));
    let mut g = placed(
        &scen,
        &[
            ("cv", "0504"),
            ("bi", "0604"),
            ("bw", "0304"),
            ("r2", "0506"),
        ],
        |_| {},
    );
    // bw steps into F's ZOC at 0404 (1) and its move is over.
    reach_has(&scen, &g, "bw", &[("0404", 1.0, true)]);
    move_to(&scen, &mut g, "bw", "0404");
    assert!(ended(&scen, &g, "bw"));
    // bi, held by F: out only into hexes free of red ZOC, for 1 more
    // (0603, 0704, 0705 at 2), or into the empty fort itself, in no ZOC
    // (2, not stopping); never straight into 0605.
    reach_has(
        &scen,
        &g,
        "bi",
        &[
            ("0603", 2.0, false),
            ("0704", 2.0, false),
            ("0705", 2.0, false),
            ("0505", 2.0, false),
        ],
    );
    assert_ne!(reach(&scen, &g, "bi").get("0605").map(|c| c.0), Some(1.0));
    // cv is in F's ZOC, not a mounted one: it leaves freely into the fort
    // (1), which is in no ZOC; the fort is blue's now.
    reach_has(&scen, &g, "cv", &[("0505", 1.0, false)]);
    move_to(&scen, &mut g, "cv", "0505");
    assert!(!ended(&scen, &g, "cv"));
    assert_eq!(control(&scen, &g, "0505"), Some(Side(0)));
    // Its next move: from the fort (in no ZOC) to 0504, no longer in red
    // ZOC (1), and on to 0502 (3); 0405 and 0605 are in r2's ZOC (1, stop).
    reach_has(
        &scen,
        &g,
        "cv",
        &[
            ("0504", 1.0, false),
            ("0503", 2.0, false),
            ("0502", 3.0, false),
            ("0405", 1.0, true),
            ("0605", 1.0, true),
        ],
    );
    move_to(&scen, &mut g, "cv", "0502");
    // bi now stands in no red ZOC (the fort is blue's, r2 is not next to
    // it): every step costs 1, and it may step straight into r2's ZOC at
    // 0605 (stopping) or past the fort (0504, not stopping).
    reach_has(
        &scen,
        &g,
        "bi",
        &[
            ("0603", 1.0, false),
            ("0704", 1.0, false),
            ("0705", 1.0, false),
            ("0504", 1.0, false),
            ("0505", 1.0, false),
            ("0605", 1.0, true),
        ],
    );
    // bw's movement ended when it entered F's ZOC; the fort changing hands
    // does not give it back.
    assert!(ended(&scen, &g, "bw"));
    assert!(reach(&scen, &g, "bw").is_empty());
    assert!(!may_move(&scen, &g, "bw", "0304"));

    // The turn after: red's Movement Phase. r2 at 0506 is in the ZOC of
    // the (now blue) fort only. It may leave into hexes free of blue ZOC,
    // for 1 more: 0606, 0507, 0406 at 2, and the empty fort (in no ZOC) at
    // 2 without stopping; 0605 and 0405 (the fort's ZOC) only a step later,
    // at 3, stopping there.
    end_until(&scen, &mut g, 1, Side(1), PhaseKind::Movement);
    assert_eq!(mp_left(&scen, &g, "r2"), 4.0);
    reach_has(
        &scen,
        &g,
        "r2",
        &[
            ("0606", 2.0, false),
            ("0507", 2.0, false),
            ("0406", 2.0, false),
            ("0505", 2.0, false),
            ("0605", 3.0, true),
            ("0405", 3.0, true),
        ],
    );
}

// -------------------------------------------- 2. reinforcements in enemy ZOC

// rule: MP-ZOC-7
// rule: MP-ZOC-8
// rule: MP-MOV-5
#[test]
fn mp_zoc_7_8_reinforcements_that_come_on_in_enemy_zoc_leave_it_by_the_zoc_rules() {
    // The fixture's comment works the positions by hand.
    common::check("audit10_mp_reinf.toml");
}

// ------------------------------------------ 3. a charge takes a fort

// rule: MP-CHG-4
// rule: MP-ZOC-5
// rule: MP-ZOC-7
#[test]
fn mp_chg_4_a_charge_that_takes_a_fort_turns_its_zoc_and_the_enemy_leaves_it_next_turn() {
    // "The charging unit automatically takes the target's place"; a fort
    // is no terrain that protects from a charge ("Units in woods, dunes,
    // palm grove and towns cannot be the target of a charge"); "a fort
    // exerts a ZoC in all adjacent hexes".
    //
    // Red infantry ri (3, morale 4) in a red fort at 0205 (clear); red guns
    // g1 and g2 (no ZOC) at 0106 and 0306. Blue infantry bi at 0305 is in
    // the fort's and ri's ZOC: it may leave into 0304, 0404, 0405 at 2, not
    // straight into 0204 (which it reaches from 0304 at 3, stopping).
    let scen = map(&[], &fort("0205", Some("red")));
    let mut g = placed(
        &scen,
        &[
            ("cv", "0202"),
            ("g1", "0106"),
            ("g2", "0306"),
            ("ri", "0205"),
            ("bi", "0305"),
        ],
        |_| {},
    );
    reach_has(
        &scen,
        &g,
        "bi",
        &[
            ("0304", 2.0, false),
            ("0404", 2.0, false),
            ("0405", 2.0, false),
            ("0204", 3.0, true),
        ],
    );
    // cv charges along 0203 and 0204 (0204 is in ri's and the fort's ZOC:
    // its move ends there). 9 + 3 - 3 = 9 > 4: ri falls back into 0206 (the
    // guns fill 0106 and 0306), where no blue unit but the charger reaches:
    // one morale point. cv takes the fort.
    let ev = charge_with(&scen, &mut g, "cv", "0205", 9);
    assert_eq!(charged(&ev), (9, 4, true));
    assert_eq!(at(&scen, &g, "ri"), "0206");
    assert_eq!(g.unit(unit(&scen, "ri")).morale, 3);
    assert_eq!(at(&scen, &g, "cv"), "0205");
    assert_eq!(control(&scen, &g, "0205"), Some(Side(0)));
    assert!(ended(&scen, &g, "cv"));
    // bi is in no red ZOC now (the fort is blue's; ri at 0206 and the guns
    // do not reach 0305): 1 a hex, 0204 beside the fort included; 0307,
    // beside ri, at 3 by 0405 and 0406, stopping.
    reach_has(
        &scen,
        &g,
        "bi",
        &[
            ("0304", 1.0, false),
            ("0404", 1.0, false),
            ("0405", 1.0, false),
            ("0204", 1.0, false),
            ("0307", 3.0, true),
        ],
    );
    // The turn after: red's Movement Phase. The guns (2 MP) are in blue
    // ZOC (cv in the fort, the fort itself, bi): "an infantry unit and an
    // artillery unit can leave an enemy ZoC only if the destination hex is
    // not itself in an enemy ZoC ... one additional movement point". g2 at
    // 0306: only 0406 and 0307 are free of blue ZOC (0405 is bi's): 2 each.
    // g1 at 0106: only 0107 (0105 is cv's and the fort's): 2. ri (4 MP) at
    // 0206: 0307, 0207, 0107 at 2.
    end_until(&scen, &mut g, 1, Side(1), PhaseKind::Movement);
    let g2: Vec<_> = reach(&scen, &g, "g2").into_iter().collect();
    assert_eq!(
        g2,
        [
            ("0307".to_string(), (2.0, false)),
            ("0406".to_string(), (2.0, false))
        ]
    );
    let g1: Vec<_> = reach(&scen, &g, "g1").into_iter().collect();
    assert_eq!(g1, [("0107".to_string(), (2.0, false))]);
    reach_has(
        &scen,
        &g,
        "ri",
        &[
            ("0307", 2.0, false),
            ("0207", 2.0, false),
            ("0107", 2.0, false),
        ],
    );
}

// ---------------- 4. a fall-back into a fort nobody held, demoralised there

// rule: MP-CHG-4
// rule: MP-CHG-5
// rule: MP-ZOC-5
// rule: MP-ZOC-4
// rule: MP-ZOC-7
#[test]
fn mp_chg_4_a_target_falling_back_into_an_unheld_fort_is_sheltered_and_its_fort_holds_a_unit_mid_move()
 {
    // "If a unit has to retreat after combat, it cannot enter into a fort
    // under enemy control" (a fort nobody holds is allowed); "Units inside a
    // fort are not under enemy ZoC"; "Even inoccupied, a fort is considered
    // as a place with a small detachment ... a fort exerts a ZoC in all
    // adjacent hexes"; "the demoralised units do not exert any ZoC".
    //
    // A fort nobody holds at 0206. Red infantry ri (morale 1) at 0205; red
    // guns at 0106 and 0306. Blue infantry bi (4 MP) walks 0308 -> 0307
    // (1): next to guns and an unheld fort, in no ZOC; its move goes on.
    let scen = map(&[], &fort("0206", None));
    let places = [
        ("cv", "0202"),
        ("g1", "0106"),
        ("g2", "0306"),
        ("ri", "0205"),
        ("bi", "0308"),
    ];
    let morale_1 = |su: &mut hexwar_engine::save::SavedUnit| {
        if su.id == "ri" {
            su.morale = 1;
        }
    };
    let mut g = placed(&scen, &places, morale_1);
    assert_eq!(control(&scen, &g, "0206"), None);
    move_to(&scen, &mut g, "bi", "0307");
    assert!(!ended(&scen, &g, "bi"));
    // cv breaks ri with a 9; ri falls back into the fort (the only hex
    // free), beside bi, but in a fort it is in no enemy ZOC: it owes the
    // one point, and is demoralised at morale 0. The fort is red's now.
    let ev = charge_with(&scen, &mut g, "cv", "0205", 9);
    assert!(charged(&ev).2);
    assert_eq!(at(&scen, &g, "ri"), "0206");
    let ri = g.unit(unit(&scen, "ri"));
    assert_eq!((ri.morale, ri.strength_loss), (0, 0));
    assert_eq!(control(&scen, &g, "0206"), Some(Side(1)));
    // ri casts no ZOC, but the red fort does, into 0307: bi, mid-move, is
    // in enemy ZOC. Out only into hexes free of it, for 1 more: 0406, 0407,
    // 0308 at 2; 0207 (the fort's ZOC) not straight, but from 0308, at 3,
    // stopping.
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

    // Without the fort, the same fall-back into 0206 enters bi's ZOC: two
    // points, one from morale and one from strength; ri, demoralised, holds
    // bi in no ZOC, and bi walks past it (0207 at 1).
    let scen = map(&[], "");
    let mut g = placed(&scen, &places, morale_1);
    move_to(&scen, &mut g, "bi", "0307");
    charge_with(&scen, &mut g, "cv", "0205", 9);
    assert_eq!(at(&scen, &g, "ri"), "0206");
    let ri = g.unit(unit(&scen, "ri"));
    assert_eq!((ri.morale, ri.strength_loss), (0, 1));
    reach_has(
        &scen,
        &g,
        "bi",
        &[("0207", 1.0, false), ("0406", 1.0, false)],
    );
}

// ------------------------------------------------ 5. camels are foot for ZOC

#[path = "audit10_mp/more.rs"]
mod more;
