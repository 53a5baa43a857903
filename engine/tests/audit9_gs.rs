//! Audit of the grand-campaign supply chapter (section 16, GS-*), a ninth
//! reading of the text against the engine. Each position was worked by hand
//! from the text first; fixtures `tests/fixtures/audit9_gs_*.toml` (script
//! language in `tests/common/mod.rs`), whose `#!` scripts quote the
//! sentences they check. Two failed on the engine before the reading's
//! corrections (a line of communication across an unbridged river; hexes
//! in general supply by the classes on the map); the others pin points the
//! engine plays right.

mod common;

use common::check;

// rule: GS-8
#[test]
fn gs_8_a_line_of_communication_does_not_jump_an_unbridged_river_into_a_friendly_hex() {
    // "Trace as if counting an overland supply route from the closest hex
    // in general supply." "Note: A line of communications may always be
    // traced through a hex with a friendly unit in it."
    check("audit9_gs_loc_river.toml");
}

// rule: GS-5
// rule: GS-8
#[test]
fn gs_5_8_an_enemy_unit_whose_level_takes_its_zoc_adds_no_zoc_cost() {
    // "A units abilities (such as ZOCs, ...) may be restricted if it is
    // not in a state of full supply"; "Add all modified enemy ZOC costs to
    // the hex count."
    check("audit9_gs_zocless_enemy.toml");
}

// rule: GS-2
// rule: GS-4
#[test]
fn gs_2_4_after_supply_points_the_level_climbs_from_u0_and_special_supply_holds_u0() {
    // "have enough SPs expended on it to put it back into full supply";
    // "Increase the level by one each time supply is checked in a friendly
    // supply judgement phase and the unit is out of supply."
    check("audit9_gs_sp_then.toml");
}

// rule: GS-8
// rule: GS-1
#[test]
fn gs_8_a_hex_another_nations_hq_supplies_starts_a_line_of_communication() {
    // "Full supply and limited supply are together classed as 'general'
    // supply"; "Trace ... from the closest hex in general supply."
    check("audit9_gs_loc_foreign_hq.toml");
}

// rule: GS-1
#[test]
fn gs_1_limited_supply_is_general_supply_for_a_rail_move_even_after_supply_points() {
    // "Full supply and limited supply are together classed as 'general'
    // supply"; "a unit in full supply must also be in general supply
    // unless SPs are used to supply it."
    check("audit9_gs_limited_rail.toml");
}

// rule: GS-8
#[test]
fn gs_8_a_stack_in_enemy_zoc_adds_one_marker_not_one_per_unit() {
    // "If the LOC has to be traced through a friendly unit in an enemy
    // ZOC, add the lowest numbered '+# MP' marker to the hex count."
    check("audit9_gs_loc_stack.toml");
}

// rule: GS-8
#[test]
fn gs_8_a_line_over_a_slope_is_counted_from_the_hex_in_general_supply() {
    // "A line of communication refers to the distance a unit may trace
    // from a hex in general supply to the unit."
    check("audit9_gs_loc_slope.toml");
}

// rule: GS-3
#[test]
fn gs_3_a_countrys_hq_counts_from_the_turn_it_arrives_in_the_theatre() {
    // "If a country does not have their own army HQ in a theatre, they may
    // trace a full supply line from any HQ of the contingent to which they
    // belong."
    check("audit9_gs_hq_arrives.toml");
}

// rule: GS-3
// rule: GS-8
#[test]
fn gs_3_8_hq_range_and_line_of_communication_hold_at_their_limits_in_half_points() {
    // "three times the distance a unit may trace overland from an HQ in
    // that weather condition and still be in supply ... Anything past this
    // distance is isolated."
    check("audit9_gs_loc_fraction.toml");
}

// rule: GS-8
// rule: GS-1
#[test]
fn gs_8_an_hq_off_every_supply_line_starts_no_line_of_communication() {
    // "General supply must be traced from a national supply source"; "the
    // distance a unit may trace from a hex in general supply to the unit."
    check("audit9_gs_loc_offline_hq.toml");
}

// rule: GS-6
// rule: GS-8
#[test]
fn gs_6_8_lines_and_ranges_of_zero_leave_only_the_hexes_in_general_supply() {
    // "each of which have a maximum length that may be traced. These will
    // be affected by weather"; "three times the distance a unit may trace
    // overland from an HQ in that weather condition".
    check("audit9_gs_zero.toml");
}

// rule: GS-8
#[test]
fn gs_8_a_hex_in_general_supply_does_not_depend_on_the_classes_left_on_the_map() {
    // "Trace as if counting an overland supply route from the closest hex
    // in general supply."
    check("audit9_gs_general_classes.toml");
}
