//! Audit of the Morne Plaine charge rules (fifth reading): hand-worked
//! positions for sentences of the text that no earlier test pinned closely,
//! and the departure found and corrected (a charger's move ends where it
//! entered the target's ZOC, MP-ZOC-6, whatever the charge then did to the
//! target), on a small open map written below, the die forced with the
//! scripted [`Die`] of the shared `board` module (`tests/board/mod.rs`);
//! the map is filled in by [`board::fill`].

use super::*;

/// Blue cavalry `cv` (attack 3, 6 MP) at 0202 charges south along column
/// 02: it crosses 0203 and 0204 and ends next to 0205. The three hexes a
/// target at 0205 may retreat into (next to 0205, two hexes from 0204) are
/// 0106, 0206 and 0306. Everything is clear but what `terrain` says; the
/// other units are parked in columns 7 to 9 and placed by each test.
/// `EXTRA` is replaced by the test's hexsides, routes or places.
const MAP: &str = include_str!("../fixtures/audit5_chg_map.toml");

/// The charge map with terrain `code` at each listed hex (clear elsewhere)
/// and `extra` in the file (hexsides, routes, places).
fn map(terrain: &[(&str, char)], extra: &str) -> Scenario {
    board::fill(MAP, "audit5-mp-chg", 9, terrain, extra)
}

/// cv, in 0205 after its charge, ended its move where it entered ri's ZOC
/// (0204): it may not go on to 0305.
fn stopped_in_0204(scen: &Scenario, g: &GameState) {
    assert_eq!(at(scen, g, "cv"), "0205");
    assert!(ended(scen, g, "cv"), "cv entered ri's ZOC in 0204");
    assert!(!may_move(scen, g, "cv", "0305"));
}

/// Guns at 0106 and 0306 leave ri (0205) 0206 to retreat into; cv charges
/// it with a 9: ri retreats there and loses one morale point, cv stops.
fn ri_retreats_into_0206(scen: &Scenario) {
    let mut g = placed(
        scen,
        &[("ri", "0205"), ("g1", "0106"), ("g3", "0306")],
        |_| {},
    );
    let ev = charge_with(scen, &mut g, "cv", "0205", 9);
    assert!(charged3(&ev).2);
    assert_eq!(at(scen, &g, "ri"), "0206");
    assert_eq!(g.unit(unit(scen, "ri")).morale, 3);
    stopped_in_0204(scen, &g);
}

// ---------------------------------------------- departures: the move's end

// rule: MP-CHG-1
// rule: MP-ZOC-6
#[test]
fn mp_zoc_6_a_charger_stops_where_it_entered_zoc_target_eliminated() {
    // "Whenever a unit moves into a hex controlled by an enemy unit, its
    // movement ends immediately"; the charge is movement ("a specific
    // movement segment"), and 0204, where cv ends its two hexes, is in ri's
    // ZOC when cv enters it. Red guns (no ZOC) fill 0106, 0206 and 0306:
    // ri cannot retreat and is eliminated; cv "automatically takes the
    // target's place", beside nothing but guns. Its movement ended in 0204.
    let scen = map(&[], "");
    let mut g = placed(
        &scen,
        &[
            ("ri", "0205"),
            ("g1", "0106"),
            ("g2", "0206"),
            ("g3", "0306"),
        ],
        |_| {},
    );
    let ev = charge_with(&scen, &mut g, "cv", "0205", 9);
    assert_eq!(charged3(&ev), (9, 4, true));
    assert_eq!(at(&scen, &g, "ri"), "off");
    stopped_in_0204(&scen, &g);
}

// rule: MP-CHG-1
// rule: MP-ZOC-6
// rule: MP-CHG-5
#[test]
fn mp_zoc_6_a_charger_stops_where_it_entered_zoc_target_demoralised() {
    // ri, morale 1, controls 0204 when cv enters it. It fails the check,
    // retreats straight on into 0206 (in no blue ZOC) and loses its one
    // morale point: demoralised, it exerts no ZOC (MP-ZOC-4), so cv, in
    // 0205, now stands in none. Its movement ended all the same in 0204.
    let scen = map(&[], "");
    let mut g = placed(&scen, &[("ri", "0205")], |su| {
        if su.id == "ri" {
            su.morale = 1;
        }
    });
    let ev = charge_with(&scen, &mut g, "cv", "0205", 9);
    assert_eq!(charged3(&ev), (9, 1, true));
    assert_eq!(at(&scen, &g, "ri"), "0206");
    assert_eq!(g.unit(unit(&scen, "ri")).morale, 0);
    stopped_in_0204(&scen, &g);
}

// rule: MP-CHG-1
// rule: MP-ZOC-6
// rule: MP-ZOC-3
#[test]
fn mp_zoc_6_a_charger_stops_where_it_entered_zoc_target_behind_a_stream() {
    // Guns at 0106 and 0306 leave ri 0206 to retreat into, across a stream
    // (0205/0206): from there its ZOC does not reach 0205 (MP-ZOC-3), where
    // cv now stands. It controlled 0204 when cv entered it.
    let scen = map(&[], "[hexsides]\nstream = [\"0205/0206\"]\n");
    ri_retreats_into_0206(&scen);
}

// rule: MP-CHG-1
// rule: MP-ZOC-6
// rule: MP-ZOC-2
#[test]
fn mp_zoc_6_a_charger_stops_where_it_entered_zoc_target_in_woods() {
    // Guns at 0106 and 0306 leave ri the woods at 0206: "the units located
    // in a town or in woods do not control the adjacent hexes" (MP-ZOC-2),
    // so cv, in 0205, stands in no ZOC. ri controlled 0204 when cv entered
    // it.
    let scen = map(&[("0206", 'w')], "");
    ri_retreats_into_0206(&scen);
}

// ---------------------------------------------- charges: hand-worked positions

// rule: MP-CHG-4
// rule: MP-ZOC-2
// rule: MP-ZOC-3
// rule: MP-ZOC-4
#[test]
fn mp_chg_4_a_cavalry_target_loses_a_point_per_enemy_zoc_by_the_zoc_rules() {
    // "Infantry and cavalry. The unit is retreated by one hex and its Morale
    // Value decreased by 1. If this retreat makes it enter a ZoC of enemy
    // units other than the charging unit, it loses an additional number of
    // Morale points equal to this number of zones of control."
    // Red cavalry rc (3, morale 4) at 0205. Blue broken infantry (morale 0)
    // at 0106 and blue guns at 0306 take two of its three retreat hexes;
    // 0206 is left. Around 0206: the broken infantry and the guns (no ZOC,
    // MP-ZOC-4), blue infantry bw in woods at 0207 (none from woods,
    // MP-ZOC-2), blue infantry bi at 0307 across a stream (none across it,
    // MP-ZOC-3), blue cavalry bc at 0107 (one), and the charger (not
    // counted). 1 + 1 = 2 points: morale 4 -> 2.
    let scen = map(&[("0207", 'w')], "[hexsides]\nstream = [\"0206/0307\"]\n");
    let mut g = placed(
        &scen,
        &[
            ("rc", "0205"),
            ("bd", "0106"),
            ("ba", "0306"),
            ("bw", "0207"),
            ("bi", "0307"),
            ("bc", "0107"),
        ],
        |_| {},
    );
    // 9 + 3 - 3 = 9 > 4.
    let ev = charge_with(&scen, &mut g, "cv", "0205", 9);
    assert_eq!(charged3(&ev), (9, 4, true));
    assert_eq!(at(&scen, &g, "rc"), "0206");
    let u = g.unit(unit(&scen, "rc"));
    assert_eq!((u.morale, u.strength_loss, u.steps), (2, 0, 1));
    let lost = ev
        .iter()
        .filter(|e| matches!(e, Event::MoraleLost { .. }))
        .count();
    assert_eq!(lost, 2);
    assert_eq!(at(&scen, &g, "cv"), "0205");
}

// rule: MP-CHG-1
// rule: MP-CHG-2
#[test]
fn mp_chg_1_the_start_hex_may_be_any_terrain_and_a_road_makes_no_hex_clear() {
    // "The crossed hexes (except the initial hex) must be of clear terrain,
    // thus excluding any other type of terrain (roads and tracks have no
    // effect)." A road runs 0202-0203-0204-0205.
    let road = "[[routes]]\nkind = \"road\"\nname = \"R\"\nhexes = [\"0202\", \"0203\", \"0204\", \"0205\"]\n";
    // cv in woods at 0202: the initial hex does not matter.
    let scen = map(&[("0202", 'w')], road);
    let g = placed(&scen, &[("ri", "0205")], |_| {});
    assert!(charge::can_charge(&scen, &g, unit(&scen, "cv"), hex(&scen, "0205")).is_ok());
    // Woods at 0203, road or no road: not clear.
    let scen = map(&[("0203", 'w')], road);
    let g = placed(&scen, &[("ri", "0205")], |_| {});
    assert_eq!(
        charge::can_charge(&scen, &g, unit(&scen, "cv"), hex(&scen, "0205")).unwrap_err(),
        NoCharge::NotClear(hex(&scen, "0203"))
    );
    // Woods at 0204, the second hex crossed: not clear either.
    let scen = map(&[("0204", 'w')], road);
    let g = placed(&scen, &[("ri", "0205")], |_| {});
    assert_eq!(
        charge::can_charge(&scen, &g, unit(&scen, "cv"), hex(&scen, "0205")).unwrap_err(),
        NoCharge::NotClear(hex(&scen, "0204"))
    );
}

// rule: MP-CHG-1
// rule: MP-ZOC-5
#[test]
fn mp_chg_1_an_enemy_forts_zoc_stops_a_charge_a_charger_in_a_fort_leaves_free() {
    // "On the contrary, a fort exerts a ZoC in all adjacent hexes": an empty
    // red fort at 0304 controls 0203, the first hex crossed; entering it
    // would end the move (MP-ZOC-6), so no charge, across a stream too.
    for extra in ["", "[hexsides]\nstream = [\"0203/0304\"]\n"] {
        let scen = map(
            &[],
            &format!(
                "{extra}[places]\nforts = [\"0304\"]\n\n[control]\nhexes = {{ red = [\"0304\"] }}\n"
            ),
        );
        let g = placed(&scen, &[("ri", "0205")], |_| {});
        assert_eq!(
            charge::can_charge(&scen, &g, unit(&scen, "cv"), hex(&scen, "0205")).unwrap_err(),
            NoCharge::EnemyZoc(hex(&scen, "0203")),
            "{extra}"
        );
    }
    // "Units inside a fort are not under enemy ZoC": cv in a blue fort at
    // 0202 beside red cavalry rk (0102) pays no extra point to leave (2,
    // not 3, MP-ZOC-8).
    let scen = map(
        &[],
        "[places]\nforts = [\"0202\"]\n\n[control]\nhexes = { blue = [\"0202\"] }\n",
    );
    let g = placed(&scen, &[("ri", "0205"), ("rk", "0102")], |_| {});
    let l = charge::can_charge(&scen, &g, unit(&scen, "cv"), hex(&scen, "0205")).unwrap();
    assert_eq!(l.cost, Mp::points(2));
    // Without the fort, the same position costs the point.
    let scen = map(&[], "");
    let g = placed(&scen, &[("ri", "0205"), ("rk", "0102")], |_| {});
    let l = charge::can_charge(&scen, &g, unit(&scen, "cv"), hex(&scen, "0205")).unwrap();
    assert_eq!(l.cost, Mp::points(3));
}

// rule: MP-CHG-3
#[test]
fn mp_chg_3_strength_slope_and_stream_modifiers_cumulate() {
    // "All following modifiers can be cumulated." Heavy cavalry hc (5)
    // charges infantry ri (3, morale 4) uphill across a stream on the
    // target's hexside (0204/0205): the roll gets +2, the morale value +1
    // +1 = 6. The charge succeeds on 5 + 2 = 7 > 6, not on 4 + 2 = 6.
    let up = "[hexsides]\nstream = [\"0204/0205\"]\nslope = [\"0204/0205\"]\n";
    let scen = map(&[], up);
    let places = [("hc", "0202"), ("cv", "0801"), ("ri", "0205")];
    let g = placed(&scen, &places, |_| {});
    assert_eq!(
        charge::success_chance(&scen, &g, unit(&scen, "hc"), hex(&scen, "0205")),
        Some(5.0 / 9.0)
    );
    let mut g4 = g.clone();
    assert_eq!(
        charged3(&charge_with(&scen, &mut g4, "hc", "0205", 4)),
        (6, 6, false)
    );
    assert_eq!(at(&scen, &g4, "ri"), "0205");
    let mut g5 = g.clone();
    assert_eq!(
        charged3(&charge_with(&scen, &mut g5, "hc", "0205", 5)),
        (7, 6, true)
    );
    // Downhill across the stream: -1 + 1, the morale value stays 4: a roll
    // of 3 gives 5 > 4.
    let down = "[hexsides]\nstream = [\"0204/0205\"]\nslope = [\"0205/0204\"]\n";
    let scen = map(&[], down);
    let g = placed(&scen, &places, |_| {});
    assert_eq!(
        charge::success_chance(&scen, &g, unit(&scen, "hc"), hex(&scen, "0205")),
        Some(7.0 / 9.0)
    );
    let mut g3 = g.clone();
    assert_eq!(
        charged3(&charge_with(&scen, &mut g3, "hc", "0205", 3)),
        (5, 4, true)
    );
    // "The unit's current Morale Value": ri down to morale 2 by earlier
    // losses, no hexside: 2 to beat; a 1 gives 3 > 2.
    let scen = map(&[], "");
    let mut g = placed(&scen, &places, |su| {
        if su.id == "ri" {
            su.morale = 2;
        }
    });
    assert_eq!(
        charged3(&charge_with(&scen, &mut g, "hc", "0205", 1)),
        (3, 2, true)
    );
}

// rule: MP-CHG-4
#[test]
fn mp_chg_4_a_target_against_the_map_edge_is_eliminated() {
    // "If the unit cannot retreat (presence of other units, fort controlled
    // by enemy, map edge) it is eliminated." cv at 0206 charges ri at 0209,
    // on the last row: the three hexes beyond it (0110, 0210, 0310) are off
    // the map. 9 + 3 - 3 = 9 > 4: ri is eliminated, cv takes its place.
    let scen = map(&[], "");
    let mut g = placed(&scen, &[("cv", "0206"), ("ri", "0209")], |_| {});
    let ev = charge_with(&scen, &mut g, "cv", "0209", 9);
    assert_eq!(charged3(&ev), (9, 4, true));
    assert!(ev.iter().any(|e| matches!(e, Event::NoRetreat { .. })));
    assert_eq!(at(&scen, &g, "ri"), "off");
    assert_eq!(g.steps_lost(), [0, 1]);
    assert_eq!(at(&scen, &g, "cv"), "0209");
    // A 4 gives 4, not above 4: ri holds and stays.
    let mut g = placed(&scen, &[("cv", "0206"), ("ri", "0209")], |_| {});
    let ev = charge_with(&scen, &mut g, "cv", "0209", 4);
    assert_eq!(charged3(&ev), (4, 4, false));
    assert_eq!(at(&scen, &g, "ri"), "0209");
    assert_eq!(at(&scen, &g, "cv"), "0208");
}
