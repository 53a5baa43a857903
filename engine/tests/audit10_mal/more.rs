//! The tenth reading of the Malaya chapters, continued: more positions on
//! the ground and helpers of `audit10_mal.rs`.

use super::*;

// rule: MAL-SUP-7
// rule: MAL-SUP-1
// rule: MAL-SUP-6
// rule: MAL-CBT-9
#[test]
fn mal_sup_7_an_east_port_taken_by_an_unsupplied_advance_supplies_from_the_next_supply_phase() {
    // "Japanese units can trace supply lines to ... any East coast port
    // currently under Japanese control"; "Unsupplied Infantry units have
    // their attack factors halved"; "Attacking units may advance after
    // combat only if the defending hex has left the place"; the supply
    // state "is determined during the Supply Phase ... and applies
    // through the rest of that Player-Turn".
    //
    // Red plays the port rule (east coast ports). 0502 is an east port,
    // held by Blue's b1 (defense 2). Column 8 is jungle, so Red's listed
    // source 1004 is 5 MP or more from r1 (0503) and r2 (0602): both are
    // unsupplied at Red's Supply Phase of turn 1. In Red's Combat Phase r1
    // attacks b1 at 4 / 2 = 2 against 2, 1:1; a 6: D1R2. b1 loses a step
    // and falls back west (the least costly ways toward Blue's source 0104
    // are 2 MP by 0401 or by 0402, the latter in r1's ZOC, which would
    // cost b1 its last step: the text does not choose between them, so
    // only the emptied port is asserted); r1, unsupplied, may still
    // advance, and takes the port. For the rest of Red's player-turn r1 stays unsupplied
    // (attack 2). Blue's Supply Phase of turn 2 judges both sides: 0502 is
    // now an east port under Red's control: r1 stands on it and r2 is one
    // clear hex from it: both supplied. (b4, far off at 0101, keeps Blue in
    // the game should b1 fall.)
    let field = Field::new()
        .column(8, 'j')
        .text(
            "\n[supply]\n",
            "\n[places]\neast_ports = [\"0502\"]\n\n[supply]\n",
        )
        .text(
            "\n[combat]\n",
            "\n[supply.ports]\nside = \"red\"\neast = true\n\n[combat]\n",
        );
    let mut g = Game::new(
        &field,
        &[
            ("b1", "0502"),
            ("b4", "0101"),
            ("r1", "0503"),
            ("r2", "0602"),
        ],
        |s| set_control(s, "0502", '0'),
    );
    g.until(RED, PhaseKind::Combat, 1);
    assert_eq!(g.supply("r1"), SupplyState::Out);
    assert_eq!(g.supply("r2"), SupplyState::Out);
    g.attack("r1", "0502");
    let o = g.odds();
    assert_eq!((o.attack, o.defense, o.defender_air), (2.0, 2.0, 0));
    let ev = g.roll(0, &[5]);
    assert!(g.lost(&ev, "b1") >= 1);
    assert!(g.st.units_at(g.h("0502")).next().is_none());
    g.advance("r1");
    assert_eq!(
        (g.at("r1"), g.control("0502")),
        ("0502".to_string(), Some(RED))
    );
    assert_eq!(g.supply("r1"), SupplyState::Out);
    assert_eq!(g.st.attack_strength(&g.scen, g.u("r1")), 2.0);

    g.until(BLUE, PhaseKind::Movement, 2);
    assert_eq!(g.supply("r1"), SupplyState::Full);
    assert_eq!(g.supply("r2"), SupplyState::Full);
}

// rule: MAL-SUP-4
// rule: MAL-RAIL-4
// rule: MAL-CBT-7
// rule: MAL-SUP-2
#[test]
fn mal_sup_4_rail_4_a_retreat_through_a_rail_hex_takes_it_cutting_the_line_and_the_train() {
    // "The road / rail portion of the supply line can not be traced through
    // Enemy controlled hexes"; "The distance from the unit to the road /
    // rail line can not be farther than one Movement Phase"; "Only Friendly
    // controlled rail hexes may be part of the rail path." Hexes a retreat
    // passes through change hands (D-TURN-2).
    //
    // Blue's railway runs 0104 (Blue's source) 0204 0304 0404 0504 0604
    // 0704, all held by Blue. b2 stands on 0104, b3 on 0704. r1 (Red's
    // source is 0308, south) in 0303 is beaten by b1 from 0302 (2:1, a 1:
    // R2). Toward 0308 the least costly ways cross the railway; r1 goes
    // 0304, 0305 (ending 3 MP from 0308), out of every Blue ZOC, and takes
    // 0304. In Red's Movement Phase r1 moves on to 0307, whose ZOC does not
    // reach the railway. Blue's Supply Phase of turn 2: the rail portion
    // from 0104 stops at 0204 (0304 is Red's); b3's overland way to 0204
    // is five clear hexes (a rail line gives no rate in normal movement),
    // more than its 4 MP: unsupplied, by control alone. In Blue's Rail
    // Phase b2 may ride to 0204 and no further.
    let field = Field::new()
        .text("red = [\"1004\"]", "red = [\"0308\"]")
        .route(
            "rail",
            "Blue line",
            &["0104", "0204", "0304", "0404", "0504", "0604", "0704"],
        );
    let mut g = Game::new(
        &field,
        &[
            ("b1", "0302"),
            ("b2", "0104"),
            ("b3", "0704"),
            ("r1", "0303"),
        ],
        |s| {
            for h in ["0104", "0204", "0304", "0404", "0504", "0604", "0704"] {
                set_control(s, h, '0');
            }
        },
    );
    g.until(BLUE, PhaseKind::Combat, 1);
    g.attack("b1", "0303");
    let ev = g.roll(0, &[0]);
    assert_eq!(g.path(&ev, "r1").unwrap(), ["0304", "0305"]);
    assert_eq!(g.steps("r1"), 2);
    assert_eq!(g.control("0304"), Some(RED));

    g.until(RED, PhaseKind::Movement, 1);
    g.mv("r1", "0307");
    g.until(BLUE, PhaseKind::Rail, 2);
    assert_eq!(g.control("0304"), Some(RED));
    assert_eq!(g.supply("b3"), SupplyState::Out);
    assert_eq!(g.supply("b2"), SupplyState::Full);
    assert_eq!(g.rail("b2"), BTreeSet::from(["0204".to_string()]));
}

// ---------------------------------------------------------------------
// Reinforcements and ZOC with the supply line (MAL-SUP-3).
// ---------------------------------------------------------------------

// rule: MAL-SUP-3
// rule: MAL-SUP-1
// rule: MAL-RAIL-3
#[test]
fn mal_sup_3_a_reinforcement_in_the_gap_opens_the_road_at_its_own_supply_phase() {
    // "free of Enemy units and Enemy ZOC (except if Friendly units also
    // occupy that hex) ... along all the entire portion of the route";
    // the Supply Phase "happens at the start of every Player-Turn";
    // reinforcements come on at the start of their side's player-turn
    // (D-TURN-1), so before its Supply Phase.
    //
    // Blue's road runs 0104 0204 0304 0404 0504 0604 0704 0804. Red's r1 in
    // 0505 puts 0404, 0504 and 0604 in its ZOC; b3 holds 0404 and b4 0604,
    // so only 0504 cuts the road. b1 on 0804: by the road to 0704 and 0604
    // (1 MP), then round the gap by 0603, 0503, 0403 to 0404 or 0304 is
    // 4.5 MP: unsupplied at Red's Supply Phase of turn 1. b5 is due on
    // turn 2 at 0504 (empty: it comes on). Blue's Supply Phase of turn 2
    // sees b5 in 0504: the road is open to 0804, and b1 and b5 are
    // supplied. b5 began the Rail Phase beside r1: no rail move.
    let field = Field::new()
        .route(
            "road",
            "Blue road",
            &[
                "0104", "0204", "0304", "0404", "0504", "0604", "0704", "0804",
            ],
        )
        .route(
            "rail",
            "Blue rail",
            &[
                "0104", "0204", "0304", "0404", "0504", "0604", "0704", "0804",
            ],
        )
        .append(
            "[[units]]\nid = \"b5\"\nside = \"blue\"\ntype = \"inf\"\nhex = \"0504\"\nturn = 2\n",
        );
    let mut g = Game::new(
        &field,
        &[
            ("b3", "0404"),
            ("b4", "0604"),
            ("b1", "0804"),
            ("r1", "0505"),
        ],
        |s| {
            for h in [
                "0104", "0204", "0304", "0404", "0504", "0604", "0704", "0804",
            ] {
                set_control(s, h, '0');
            }
        },
    );
    assert_eq!(g.at("b5"), "off");
    g.until(RED, PhaseKind::Movement, 1);
    assert_eq!(g.supply("b1"), SupplyState::Out);
    g.until(BLUE, PhaseKind::Movement, 2);
    assert_eq!(g.at("b5"), "0504");
    assert_eq!(g.supply("b5"), SupplyState::Full);
    assert_eq!(g.supply("b1"), SupplyState::Full);
    g.until(BLUE, PhaseKind::Rail, 2);
    assert!(g.rail("b5").is_empty());
    assert!(!g.rail("b1").is_empty());
}

// ---------------------------------------------------------------------
// Retreats that could not be made normally; ZOC after an advance.
// ---------------------------------------------------------------------

// rule: MAL-CBT-7
// rule: MAL-CBT-8
// rule: MAL-SUP-5
#[test]
fn mal_cbt_7_armor_retreats_along_a_road_into_jungle_but_not_along_a_rail_line() {
    // "A retreating unit cannot enter a hex that it could not move to
    // normally"; "If a retreat could not be satisfied without violating one
    // those rules, then the unit (or the stack) would suffer a two steps
    // loss penality." Armor moves into jungle only along a road; a rail
    // line is used in the Rail Phase, not by normal movement.
    //
    // rt (Red armor, two steps, defense 3) in 0504 is beaten by b1 and b2
    // from 0403 and 0404 (8 against 3, 2:1; clear, no Red air; a 1: R2).
    // 0503 and 0505 are water, 0603 and 0604 jungle; a rail line runs 0504
    // 0604 0704. rt can enter no hex next to 0504: no retreat, two steps:
    // eliminated. With a road instead of the rail line, rt follows it
    // (0604, 0704: 0.5 + 0.5 MP, out of Blue's ZOC) and keeps both steps.
    let ground = || {
        Field::new()
            .hex("0503", 'w')
            .hex("0505", 'w')
            .hex("0603", 'j')
            .hex("0604", 'j')
    };
    let units = [("b1", "0403"), ("b2", "0404"), ("rt", "0504")];
    let field = ground().route("rail", "Line", &["0504", "0604", "0704"]);
    let mut g = Game::new(&field, &units, |_| {});
    g.until(BLUE, PhaseKind::Combat, 1);
    g.attack("b1", "0504");
    g.attack("b2", "0504");
    assert_eq!(g.odds().defender_air, 0);
    let ev = g.roll(0, &[0]);
    assert!(g.no_retreat(&ev, "rt"));
    assert_eq!(g.lost(&ev, "rt"), 2);
    assert_eq!(g.at("rt"), "off");

    let field = ground().route("road", "Road", &["0504", "0604", "0704"]);
    let mut g = Game::new(&field, &units, |_| {});
    g.until(BLUE, PhaseKind::Combat, 1);
    g.attack("b1", "0504");
    g.attack("b2", "0504");
    let ev = g.roll(0, &[0]);
    assert_eq!(g.path(&ev, "rt").unwrap(), ["0604", "0704"]);
    assert_eq!(g.steps("rt"), 2);
}

// rule: MAL-CBT-8
// rule: MAL-CBT-9
// rule: MAL-CBT-5
#[test]
fn mal_cbt_8_9_an_attacker_that_advanced_costs_the_next_retreat_a_step() {
    // "Every Enemy ZOC entered during the retreat requires the unit (or
    // stack) to lose an additional step"; "Attacking units may advance
    // after combat ... into the attacked hex." The zone is the enemy's as
    // it stands when the retreat is made, an advance earlier in the phase
    // included.
    //
    // Red's source is 0508. 0505, 0705 and 0804 are jungle. First combat:
    // b1 (0403) against r4 (one step, defense 1) in 0504: 4:1, the 3:1
    // column; Red's rule commits its air point; a 3 becomes 2: D1R2, r4 is
    // eliminated and b1 advances into 0504. Second combat: b2 (0703)
    // against r2 (two steps) in 0704: 2:1, Red has no air point left; a 1:
    // R2. The only 2 MP way toward 0508 is 0604, 0605 (ending 3 MP from it;
    // 0704 is 5); every other way toward it crosses jungle. 0604 lies in
    // the ZOC of b1, now in 0504: r2 loses a step and ends in 0605 with
    // one. (Without the advance, the same retreat costs nothing.)
    let field = Field::new()
        .hex("0505", 'j')
        .hex("0705", 'j')
        .hex("0804", 'j')
        .text("red = [\"1004\"]", "red = [\"0508\"]");
    let units = [
        ("b1", "0403"),
        ("r4", "0504"),
        ("b2", "0703"),
        ("r2", "0704"),
    ];
    for advance in [true, false] {
        let mut g = Game::new(&field, &units, |_| {});
        g.until(BLUE, PhaseKind::Combat, 1);
        g.attack("b1", "0504");
        assert_eq!(g.odds().defender_air, 1);
        let ev = g.roll(0, &[2]);
        assert_eq!(g.at("r4"), "off");
        assert_eq!(g.lost(&ev, "r4"), 1);
        if advance {
            g.advance("b1");
            assert_eq!(g.at("b1"), "0504");
        }
        g.attack("b2", "0704");
        assert_eq!(g.odds().defender_air, 0);
        let ev = g.roll(0, &[0]);
        assert_eq!(g.path(&ev, "r2").unwrap(), ["0604", "0605"]);
        assert_eq!(g.lost(&ev, "r2"), usize::from(advance), "advance {advance}");
    }
}

// ---------------------------------------------------------------------
// Air points and supply (MAL-CBT-5 with MAL-SUP-6).
// ---------------------------------------------------------------------

// rule: MAL-CBT-5
// rule: MAL-SUP-6
// rule: MAL-CBT-4
#[test]
fn mal_cbt_5_sup_6_the_defenders_air_follows_the_ratio_supply_made() {
    // "The defending air points commited to the defense are determined by
    // the game mechanisms (depends on various factors such as combat
    // ratio, defensive terrain type, etc.)"; "The combat strength of the
    // attacker and the defender can be modified by terrain and supply";
    // "Unsupplied Armored units have ... their defense factors halved."
    // The project's rule commits a point from the 3:1 column on, in clear.
    //
    // b1 (4) and c1 (3) attack rt (armor, defense 3) in the clear 0504:
    // 7 against 3, 2:1: no Red air point; a 2 is D1R2. Unsupplied, rt
    // defends with 1.5: 7 against 1.5, over 4:1, the 3:1 column: Red
    // commits its point (and has none left), and a 2 becomes a 1: R2.
    for out in [false, true] {
        let mut g = Game::new(
            &Field::new(),
            &[("b1", "0403"), ("c1", "0404"), ("rt", "0504")],
            |s| {
                if out {
                    set_supply(s, "rt", SupplyState::Out)
                }
            },
        );
        g.until(BLUE, PhaseKind::Combat, 1);
        g.attack("b1", "0504");
        g.attack("c1", "0504");
        let o = g.odds();
        assert_eq!(o.defense, if out { 1.5 } else { 3.0 });
        assert_eq!(o.defender_air, u8::from(out));
        let ev = g.roll(0, &[1]);
        assert_eq!(g.lost(&ev, "rt"), usize::from(!out));
        assert_eq!(g.st.air_points(RED), u8::from(!out));
    }
}

// ---------------------------------------------------------------------
// Rail the turn after a retreat (MAL-RAIL-3 with MAL-CBT-7).
// ---------------------------------------------------------------------

// rule: MAL-RAIL-3
// rule: MAL-CBT-7
// rule: MAL-RAIL-1
#[test]
fn mal_rail_3_a_unit_that_retreated_in_the_enemy_turn_may_ride_if_not_beside_the_enemy() {
    // "Only units which did not moved during the previous Naval or
    // Movement Phases may move by rail"; "Only units which do not begin the
    // Rail Movement Phase adjacent to Enemy units may move by rail"; a
    // retreat "is not considered normal movement, but is rather a function
    // of combat".
    //
    // A railway runs 0104 0204 0304 0404 0504 0604 0704; Blue holds 0104
    // to 0304. Red's source is 0506, so r1 (0404) and r2 (0403) are
    // supplied. b1 (two steps) in 0304 is beaten by r1 and r2 in Red's
    // Combat Phase (8 against 2, the 3:1 column; Blue's rule commits an air
    // point: a 2 becomes 1, R2). Toward Blue's source 0104 (2 MP from
    // 0304) the only 2 MP way is 0204, 0104 (0203, 0205 and 0105 are
    // jungle; 0303 and 0305 lie in Red's ZOC and lead no nearer): b1 ends
    // on the source, on the railway, out of Red's ZOC, with both steps. In Blue's Rail Phase of turn 2 b1
    // has not moved in that turn's Movement Phase and is next to no enemy:
    // it may ride, as far as 0204 and 0304 (0404 holds r1; 0304 is in its
    // ZOC and ends the ride).
    let field = Field::new()
        .hex("0203", 'j')
        .hex("0205", 'j')
        .hex("0105", 'j')
        .text("red = [\"1004\"]", "red = [\"0506\"]")
        .route(
            "rail",
            "Blue line",
            &["0104", "0204", "0304", "0404", "0504", "0604", "0704"],
        );
    let mut g = Game::new(
        &field,
        &[("b1", "0304"), ("r1", "0404"), ("r2", "0403")],
        |s| {
            for h in ["0104", "0204", "0304"] {
                set_control(s, h, '0');
            }
        },
    );
    g.until(RED, PhaseKind::Combat, 1);
    g.attack("r1", "0304");
    g.attack("r2", "0304");
    assert_eq!(g.odds().defender_air, 1);
    let ev = g.roll(0, &[1]);
    assert_eq!(g.path(&ev, "b1").unwrap(), ["0204", "0104"]);
    assert_eq!(g.steps("b1"), 2);
    g.until(BLUE, PhaseKind::Rail, 2);
    assert_eq!(g.supply("b1"), SupplyState::Full);
    assert_eq!(
        g.rail("b1"),
        BTreeSet::from(["0204".to_string(), "0304".to_string()])
    );
}

// ---------------------------------------------------------------------
// "Never by sea" (MAL-SUP-7 with MAL-CBT-7).
// ---------------------------------------------------------------------

// rule: MAL-SUP-7
// rule: MAL-CBT-7
// rule: MAL-SUP-1
#[test]
fn mal_sup_7_cbt_7_a_port_is_no_source_of_the_side_supplied_only_overland() {
    // "The Commonwealth player has only one Supply Source: Singapore.
    // Commonwealth supply lines cannot be traced to Friendly units by
    // sea"; "toward a Friendly Supply Source (if possible)". Only Red has a
    // port rule (east ports); 0507 is an east port held by Blue.
    //
    // b2 stands next to the port at 0508, six hexes and more from Blue's
    // source 0104: unsupplied at Red's Supply Phase, port or not. In Red's
    // Combat Phase r1 (supplied from 1004, 4 MP away) beats b1 in 0504
    // from 0604 (4 against 2, 2:1; a 1: R2). Column 4 is jungle. Toward
    // 0104 (5 MP from 0504) lead only the ways west through column 4 (3
    // MP: 0403-0303, 0404-0304 ..., out of r1's ZOC). South, 0505-0506
    // costs 2 and would lead toward the port, which is no source of
    // Blue's; it lies in r1's ZOC besides. b1 goes west, both steps kept.
    let field = Field::new()
        .column(4, 'j')
        .text(
            "\n[supply]\n",
            "\n[places]\neast_ports = [\"0507\"]\n\n[supply]\n",
        )
        .text(
            "\n[combat]\n",
            "\n[supply.ports]\nside = \"red\"\neast = true\n\n[combat]\n",
        );
    let mut g = Game::new(
        &field,
        &[("b1", "0504"), ("b2", "0508"), ("r1", "0604")],
        |s| set_control(s, "0507", '0'),
    );
    g.until(RED, PhaseKind::Combat, 1);
    assert_eq!(g.supply("b2"), SupplyState::Out);
    assert_eq!(g.supply("r1"), SupplyState::Full);
    g.attack("r1", "0504");
    let o = g.odds();
    assert_eq!((o.attack, o.defense, o.defender_air), (4.0, 2.0, 0));
    let ev = g.roll(0, &[0]);
    let path = g.path(&ev, "b1").expect("b1 retreats");
    assert!(path[0].starts_with("04"), "{path:?}");
    assert_eq!(g.steps("b1"), 2);
}
