//! The tenth reading of the Morne Plaine chapter, continued: more positions
//! on the ground and helpers of `audit10_mp.rs` (most of them from the
//! shared `board` module).

use super::*;

// rule: MP-ZOC-8
// rule: MP-ZOC-7
// rule: MP-CHG-1
#[test]
fn mp_zoc_8_a_camel_casts_an_infantry_zoc_and_leaves_a_zoc_as_infantry_does() {
    // "Reminder : bedouine units using dromedary are never considered as
    // mounted units"; "A mounted unit can leave an hex controlled by
    // infantry units freely"; "a mounted unit can leave a hex controlled by
    // a mounted enemy unit (cavalry or leader) only if ...".
    //
    // (a) Red camels rm at 0503 control 0502, 0602, 0603, 0504, 0403, 0402.
    // Blue cavalry c2 at 0504 is held by no mounted ZOC: it leaves at no
    // extra cost, even straight into 0603 or 0403 (stopping there).
    let scen = map(&[], "");
    let g = placed(&scen, &[("c2", "0504"), ("rm", "0503")], |_| {});
    reach_has(
        &scen,
        &g,
        "c2",
        &[
            ("0603", 1.0, true),
            ("0403", 1.0, true),
            ("0604", 1.0, false),
            ("0505", 1.0, false),
            ("0404", 1.0, false),
        ],
    );
    // (b) Blue camels bm (4 MP) at 0307, next to red cavalry rc (0308),
    // whose ZOC covers 0407 and 0207 among bm's neighbours; red infantry r3
    // at 0405 covers 0406 and 0306. Not mounted, bm leaves by the foot rule:
    // only into a hex free of every enemy ZOC, for 1 more: 0206 at 2. 0306
    // only from 0206 (3, stopping). (A mounted unit would have had 0306 and
    // 0406 at 2.)
    let g = placed(
        &scen,
        &[("bm", "0307"), ("rc", "0308"), ("r3", "0405")],
        |_| {},
    );
    reach_has(
        &scen,
        &g,
        "bm",
        &[("0206", 2.0, false), ("0306", 3.0, true)],
    );
    let r = reach(&scen, &g, "bm");
    assert!(!r.contains_key("0406"), "{r:?}");
    // And it may not charge (MP-CHG-1: "Only mounted units can charge").
    let g = placed(&scen, &[("bm", "0202"), ("ri", "0205")], |_| {});
    assert!(charge::can_charge(&scen, &g, unit(&scen, "bm"), hex(&scen, "0205")).is_err());
}

// ------------------------------ 6. the first hex of a charge in a friendly fort

// rule: MP-CHG-1
// rule: MP-ZOC-5
// rule: MP-ZOC-6
#[test]
fn mp_chg_1_a_charge_rides_through_a_friendly_fort_beside_an_enemy() {
    // "Units inside a fort are not under enemy ZoC": a charger whose first
    // hex is a fort does not enter enemy ZOC there, whoever stands beside
    // it. cv at 0202; red infantry r2 at 0303 controls 0202 and 0203; ri at
    // 0205. With no fort, 0203 is in r2's ZOC: no charge.
    let places = [("cv", "0202"), ("r2", "0303"), ("ri", "0205")];
    let scen = map(&[], "");
    let g = placed(&scen, &places, |_| {});
    assert_eq!(
        charge::can_charge(&scen, &g, unit(&scen, "cv"), hex(&scen, "0205")).unwrap_err(),
        charge::NoCharge::EnemyZoc(hex(&scen, "0203"))
    );
    // A blue fort at 0203: cv leaves r2's (infantry) ZOC freely, rides
    // through the fort (in no ZOC) and ends at 0204, in ri's ZOC. 2 MP; a
    // move over the same hexes agrees (0203 at 1, 0204 at 2 and stopping).
    let scen = map(&[], &fort("0203", Some("blue")));
    let g = placed(&scen, &places, |_| {});
    reach_has(
        &scen,
        &g,
        "cv",
        &[("0203", 1.0, false), ("0204", 2.0, true)],
    );
    let line = charge::can_charge(&scen, &g, unit(&scen, "cv"), hex(&scen, "0205")).unwrap();
    assert_eq!(line.cost, Mp::points(2));
    let mut g = g;
    let ev = charge_with(&scen, &mut g, "cv", "0205", 4);
    assert_eq!(charged(&ev), (4, 4, false));
    assert_eq!(at(&scen, &g, "cv"), "0204");
    assert!(ended(&scen, &g, "cv"));
}

// ------------------------------------------ 7. a charge across a double slope

// rule: MP-ZOC-3
// rule: MP-ZOC-6
// rule: MP-CHG-3
// rule: MP-CHG-4
#[test]
fn mp_zoc_6_a_charger_across_a_double_slope_stops_only_when_it_takes_the_hex_beside_the_target() {
    // "The hexes adjacent to the unit separated by ... a double slope
    // symbol (or more) are not controlled"; "Charge uphill through Slope :
    // value of Morale + 1" (a double slope is uphill from both sides);
    // "The charging unit automatically takes the target's place";
    // "Whenever a unit moves into a hex controlled by an enemy unit, its
    // movement ends immediately".
    //
    // A double slope on 0204/0205. ri (3, morale 4) at 0205 does not control
    // 0204; guns at 0106 and 0306. cv (6 MP) charges along 0203 and 0204
    // (2 MP). Morale value 4 + 1 = 5.
    let scen = map(&[], "[hexsides]\ndouble_slope = [\"0204/0205\"]\n");
    let lane = [
        ("cv", "0202"),
        ("g1", "0106"),
        ("g2", "0306"),
        ("ri", "0205"),
    ];
    let g = placed(&scen, &lane, |_| {});
    reach_has(&scen, &g, "cv", &[("0204", 2.0, false)]);
    // (a) A 5 gives 5, not above 5: ri holds. cv at 0204 is in no ZOC: it
    // moves on with 4 MP.
    let mut ga = g.clone();
    assert_eq!(
        charged(&charge_with(&scen, &mut ga, "cv", "0205", 5)),
        (5, 5, false)
    );
    assert_eq!(at(&scen, &ga, "cv"), "0204");
    assert!(!ended(&scen, &ga, "cv"));
    assert_eq!(mp_left(&scen, &ga, "cv"), 4.0);
    // (b) A 6 breaks it: ri falls back into 0206 (one point), cv takes
    // 0205, beside ri with no double slope between: it has moved into a
    // hex ri controls, and its movement ends.
    let mut gb = g.clone();
    assert_eq!(
        charged(&charge_with(&scen, &mut gb, "cv", "0205", 6)),
        (6, 5, true)
    );
    assert_eq!(at(&scen, &gb, "ri"), "0206");
    assert_eq!(gb.unit(unit(&scen, "ri")).morale, 3);
    assert_eq!(at(&scen, &gb, "cv"), "0205");
    assert!(ended(&scen, &gb, "cv"));
    // (c) Guns at 0206 too: ri cannot fall back and is eliminated; cv takes
    // 0205, beside nothing but guns, and moves on.
    let mut gc = placed(
        &scen,
        &[lane.as_slice(), &[("g3", "0206")]].concat(),
        |_| {},
    );
    let ev = charge_with(&scen, &mut gc, "cv", "0205", 6);
    assert!(ev.iter().any(|e| matches!(e, Event::NoRetreat { .. })));
    assert_eq!(at(&scen, &gc, "ri"), "off");
    assert_eq!(at(&scen, &gc, "cv"), "0205");
    assert!(!ended(&scen, &gc, "cv"));
    assert_eq!(mp_left(&scen, &gc, "cv"), 4.0);
}

// --------------------- 8. who counts in a fall-back: a general, camels, cavalry

// rule: MP-CHG-4
// rule: MP-ZOC-4
#[test]
fn mp_chg_4_a_general_at_morale_0_and_camels_count_in_the_fall_back() {
    // "If this retreat makes it enter a ZoC of enemy units other than the
    // charging unit, it loses an additional number of Morale points equal
    // to this number of zones of control"; "The leaders have no Morale
    // Value" (never demoralised: a general's ZOC stays, MP-ZOC-4); camels
    // are foot, with a ZOC.
    //
    // ri (morale 4) at 0205, guns at 0106 and 0306: it falls back into 0206.
    // Around 0206: the blue general bl (its morale at 0) at 0207, blue
    // cavalry c2 at 0107, blue camels bm at 0307: three ZOCs beside the
    // charger's. 1 + 3 = 4 points: morale 0, strength untouched.
    let scen = map(&[], "");
    let mut g = placed(
        &scen,
        &[
            ("cv", "0202"),
            ("g1", "0106"),
            ("g2", "0306"),
            ("ri", "0205"),
            ("bl", "0207"),
            ("c2", "0107"),
            ("bm", "0307"),
        ],
        |su| {
            if su.id == "bl" {
                su.morale = 0;
            }
        },
    );
    let ev = charge_with(&scen, &mut g, "cv", "0205", 9);
    assert!(charged(&ev).2);
    assert_eq!(at(&scen, &g, "ri"), "0206");
    let ri = g.unit(unit(&scen, "ri"));
    assert_eq!((ri.morale, ri.strength_loss), (0, 0));
    let lost = ev
        .iter()
        .filter(|e| matches!(e, Event::MoraleLost { .. }))
        .count();
    assert_eq!(lost, 4);
}

// ------------------------------ 9. two charges in one move, then the combat

// -------------------- 10. a mounted unit held by cavalry goes into a fort

// rule: MP-ZOC-8
// rule: MP-ZOC-5
#[test]
fn mp_zoc_8_a_mounted_unit_held_by_cavalry_may_leave_into_an_enemy_fort_and_out_of_it_freely() {
    // "A mounted unit can leave a hex controlled by a mounted enemy unit
    // ... only if the destination hex is not itself controlled by a mounted
    // enemy unit. This action costs one additional movement point"; "Units
    // inside a fort are not under enemy ZoC"; a fort's ZOC is not a mounted
    // unit's.
    //
    // An empty red fort F at 0705; red cavalry rc at 0806 controls 0805,
    // 0906, 0907, 0807, 0707 and 0706. Blue cavalry c2 (6 MP) at 0706 is in
    // rc's and F's ZOC. Out for 1 more: into F (no ZOC: 2, going on), into
    // 0606 (free: 2), into 0605 (F's ZOC, not mounted: 2, stopping); 0707
    // and 0805 (rc's) only later: 3, stopping.
    let scen = map(&[], &fort("0705", Some("red")));
    let mut g = placed(&scen, &[("c2", "0706"), ("rc", "0806")], |_| {});
    reach_has(
        &scen,
        &g,
        "c2",
        &[
            ("0705", 2.0, false),
            ("0606", 2.0, false),
            ("0605", 2.0, true),
            ("0707", 3.0, true),
            ("0805", 3.0, true),
        ],
    );
    move_to(&scen, &mut g, "c2", "0705");
    assert_eq!(control(&scen, &g, "0705"), Some(Side(0)));
    assert!(!ended(&scen, &g, "c2"));
    assert_eq!(mp_left(&scen, &g, "c2"), 4.0);
    // In the fort it is in no ZOC: 1 a hex, straight into rc's ZOC at 0805
    // (stopping); the fort's neighbours are free now.
    reach_has(
        &scen,
        &g,
        "c2",
        &[
            ("0805", 1.0, true),
            ("0804", 1.0, false),
            ("0704", 1.0, false),
            ("0605", 1.0, false),
        ],
    );
}

// ------------------- 11. a road over a stream and up a slope, to the last point

// rule: MP-MOV-2
// rule: MP-MOV-4
#[test]
fn mp_mov_2_4_a_road_over_a_stream_and_up_a_slope_pays_all_three_to_the_last_point() {
    // "Terrain effects are cumulative"; "The cost to enter a hex crossed by
    // a road is the cost associated with the main terrain feature of the
    // hex ... The benefit provided by the use of a road is effective only if
    // the unit comes from a hex crossed by the same road."
    //
    // A road 0602-0603-0604; the hexside 0603/0604 is a stream and a slope
    // up to 0604. Woods (2) round 0604 on its other sides. bi (4 MP) at
    // 0601, off the road: 0602 (entered off the road) 1; 0603 along the
    // road 0.5 (1.5); 0604 along the road 0.5 + stream 1 + slope 1 (4.0),
    // its last point; no further.
    let road = "[[routes]]\nkind = \"road\"\nname = \"R\"\nhexes = [\"0602\", \"0603\", \"0604\"]\n\n\
                [hexsides]\nstream = [\"0603/0604\"]\nslope = [\"0603/0604\"]\n";
    let woods = [
        ("0504", 'w'),
        ("0505", 'w'),
        ("0704", 'w'),
        ("0705", 'w'),
        ("0605", 'w'),
    ];
    let scen = map(&woods, road);
    let g = placed(&scen, &[("bi", "0601")], |_| {});
    reach_has(
        &scen,
        &g,
        "bi",
        &[
            ("0602", 1.0, false),
            ("0603", 1.5, false),
            ("0604", 4.0, false),
        ],
    );
    let dests = hexwar_engine::reachable(&scen, &g, unit(&scen, "bi")).destinations;
    let to = dests.iter().find(|d| d.hex == hex(&scen, "0604")).unwrap();
    assert_eq!(
        to.path,
        [hex(&scen, "0602"), hex(&scen, "0603"), hex(&scen, "0604")]
    );
}

// ------------- 12. a fall-back into ground the unit could never move into

// rule: MP-CHG-4
// rule: MAL-CBT-7
#[test]
fn mp_chg_4_a_charged_unit_falls_back_only_where_a_retreat_after_combat_could_go() {
    // "If the unit cannot retreat (presence of other units, fort controlled
    // by enemy, map edge) it is eliminated. ... The criteria that lead the
    // choice of the hex where the unit retreats are described in the
    // chapter 'Retreat after combat'." The project's retreat after combat
    // (MAL-CBT-7, for every scenario, Morne-Plaine's included): "a
    // retreating unit cannot enter a hex that it could not move to
    // normally", and no move of a unit enters a hex dearer than its whole
    // allowance (ninth reading).
    //
    // ri (infantry, 4 MP, morale 4) at 0205; red guns at 0106 and 0306;
    // 0206 is deep marsh (5 for foot). cv breaks ri with a 9: the only hex
    // left is one ri could never move into: it cannot retreat and is
    // eliminated; cv takes 0205.
    let scen = map(&[("0206", 'm')], "");
    // The engine's retreat after combat agrees that 0206 is closed: ri
    // boxed in at 0205 but for the marsh has no one-hex retreat.
    let boxed = placed(
        &scen,
        &[
            ("ri", "0205"),
            ("g1", "0106"),
            ("g2", "0306"),
            ("g3", "0204"),
            ("r2", "0105"),
            ("r3", "0305"),
        ],
        |_| {},
    );
    let mut ms = hexwar_engine::movement::Scratch::new(&scen);
    ms.prepare(&scen, &boxed);
    assert_eq!(
        hexwar_engine::retreat::plan(&scen, &boxed, &ms, unit(&scen, "ri"), hex(&scen, "0205"), 1),
        None
    );
    // The charge.
    let mut g = placed(
        &scen,
        &[
            ("cv", "0202"),
            ("g1", "0106"),
            ("g2", "0306"),
            ("ri", "0205"),
        ],
        |_| {},
    );
    let ev = charge_with(&scen, &mut g, "cv", "0205", 9);
    assert!(charged(&ev).2);
    assert_eq!(
        at(&scen, &g, "ri"),
        "off",
        "ri fell back into ground it could never move into"
    );
    assert!(ev.iter().any(|e| matches!(e, Event::NoRetreat { .. })));
    assert_eq!(g.steps_lost(), [0, 1]);
    assert_eq!(at(&scen, &g, "cv"), "0205");
}
