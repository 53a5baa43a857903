//! A ninth reading of the Malaya supply (MAL-SUP) and rail movement
//! (MAL-RAIL) chapters against their texts: small positions worked by hand
//! from the sentences quoted in each fixture, then played on the engine.
//! One failed on the engine before the reading's correction (a train leaves
//! enemy ZOC only as a move may, MAL-RAIL-1).

mod common;

use common::check;

// rule: MAL-SUP-6
// "Unsupplied Infantry units have one movement point less. Unsupplied
// Armored units have their movement points halved ... attack factors
// quartered, and their defense factors halved": fractions kept, an
// infantry unit of 1 MP left with none, infantry defense untouched.
#[test]
fn mal_sup_6_unsupplied_allowances_and_strengths_with_fractions() {
    check("audit9_sup_effects.toml");
}

// rule: MAL-SUP-1
// rule: MAL-SUP-8
// rule: MAL-SUP-3
// "determined during the Supply Phase ... and applies through the rest of
// that Player-Turn"; "may lose one step at the end of the Supply Phase":
// every unit is judged before attrition strikes, and a unit whose line ran
// through the hex of a friend that attrition then eliminates stays
// supplied until the next Supply Phase.
#[test]
fn mal_sup_1_8_judged_before_attrition_and_the_verdict_holds_for_the_player_turn() {
    check("audit9_sup_order.toml");
}

// rule: MAL-SUP-7
// "(if the Penang shipping has been captured intact) to any West coast
// port": rolled in the first Supply Phase after the capture, whoever's it
// is, and used in that same judgement; once captured intact, the west
// ports stay open after Penang is lost again, each a source while held.
#[test]
fn mal_sup_7_penang_rolled_at_the_next_supply_phase_and_west_ports_stay_open() {
    check("audit9_sup_penang.toml");
}

// rule: MAL-SUP-5
// rule: MAL-SUP-4
// rule: MAL-SUP-2
// "except through connected road / rail hexes": armor's overland leg
// follows a road into jungle (through an empty enemy-held hex, which only
// the road/rail portion may not cross) at the road rate; off the road the
// jungle shuts it, where foot passes.
#[test]
fn mal_sup_5_armor_overland_leg_along_a_road_into_jungle_and_not_off_it() {
    check("audit9_sup_armor_road.toml");
}

// rule: MAL-SUP-2
// "to a road or a rail line ... and thence to a Supply Source": two roads
// whose ends are adjacent but not joined carry nothing from one to the
// other; the step between them is overland, at the terrain's cost.
#[test]
fn mal_sup_2_roads_that_do_not_meet_are_joined_only_overland() {
    check("audit9_sup_stubs.toml");
}

// rule: MAL-RAIL-3
// rule: MAL-RAIL-2
// "Only units which did not moved during the previous Naval or Movement
// Phases": a unit that came on as its player-turn began has not moved in
// them and may ride; one that rode last turn may ride again; capacity is a
// phase's.
#[test]
fn mal_rail_3_a_new_arrival_may_ride_and_capacity_is_each_phases() {
    check("audit9_sup_rail_arrival.toml");
}

// rule: MAL-SUP-7
// rule: MAL-SUP-3
// "any East coast port currently under Japanese control", traced to "free
// of ... Enemy ZOC (except if Friendly units also occupy that hex)": a
// held port in enemy ZOC supplies only while a friend stands on it, and a
// chain of friends opens the road beyond it.
#[test]
fn mal_sup_7_a_held_port_in_enemy_zoc_supplies_only_with_a_friend_on_it() {
    check("audit9_sup_port_chain.toml");
}

// rule: MAL-RAIL-4
// "Only Friendly controlled rail hexes may be part of the rail path":
// control as it stands when the rail move is made, a hex taken in the
// Movement Phase just before included.
#[test]
fn mal_rail_4_a_rail_hex_taken_in_the_movement_phase_is_friendly() {
    check("audit9_sup_rail_taken.toml");
}

// rule: MAL-RAIL-5
// "Stacking will be checked at the end of the Rail Movement Phase": a hex
// overstacked by one rail move and relieved by the next lets the phase end.
#[test]
fn mal_rail_5_stacking_is_checked_at_the_end_not_after_each_move() {
    check("audit9_sup_rail_out.toml");
}

// rule: MAL-RAIL-1
// rule: MAL-RAIL-3
// "All rules governing Movement apply during the Rail Movement Phase": a
// unit in an empty enemy fort's ZOC (next to no enemy unit, so not barred)
// leaves it by rail only as it may on foot, into a hex free of enemy ZOC
// (MP-ZOC-7), not along the line into more of the fort's ZOC.
#[test]
fn mal_rail_1_a_train_leaves_enemy_zoc_only_as_a_move_may() {
    check("audit9_sup_rail_fort.toml");
}

// rule: MAL-RAIL-1
// rule: MAL-RAIL-3
// "The mechanisms take into account ... enemy ZOC": a friendly fort on
// the line, next to an enemy unit, is in no enemy ZOC (MP-ZOC-5), so the
// train runs through it; a unit in that fort began the phase "adjacent to
// Enemy units" and may not ride.
#[test]
fn mal_rail_1_3_a_train_runs_through_a_friendly_fort_beside_the_enemy() {
    check("audit9_sup_rail_fort_pass.toml");
}

// rule: MAL-SUP-8
// rule: MAL-SUP-6
// "20% more chance if the unit occupies a Jungle hex, 30% more chance if
// the unit occupies a Mountain hex": certain at a base of 80, one step
// even past 100%; the reduced unit, still unsupplied, fights at its
// reduced factors halved (infantry) or quartered and halved (armor).
#[test]
fn mal_sup_8_6_attrition_then_reduced_factors_halved_and_quartered() {
    check("audit9_sup_reduced.toml");
}
