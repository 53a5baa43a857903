//! An eighth reading of the Malaya supply (MAL-SUP) and rail movement
//! (MAL-RAIL) chapters against their texts, sentence by sentence: the
//! departure it found (the road/rail leg crossed from the source's end,
//! MAL-SUP-5), corrected (its two tests fail on the engine before), and
//! sentences the engine plays right that nothing pinned closely.

mod common;

use common::check;

// rule: MAL-SUP-5
// rule: MAL-SUP-2
// "A line of supply can not be traced by a unit through terrain that it
// could not enter via normal movement": the unit traces toward the source,
// so a road up a slope armor may not climb carries no armor line toward a
// source at the top. (The engine checked the road leg's hexsides from the
// source outwards, downhill, and supplied the tank.)
#[test]
fn mal_sup_5_road_leg_up_a_slope_the_unit_cannot_climb_carries_no_line() {
    check("audit8_malsup_slope_up.toml");
}

// rule: MAL-SUP-5
// rule: MAL-SUP-2
// The same road the other way: the tank traces downhill toward the source,
// which it may do. (The engine checked the road leg from the source
// outwards, uphill, "no", and left the tank unsupplied.)
#[test]
fn mal_sup_5_road_leg_down_a_slope_the_unit_may_descend_carries_the_line() {
    check("audit8_malsup_slope_down.toml");
}

// rule: MAL-RAIL-1
// rule: MAL-RAIL-3
// "All rules governing Movement apply during the Rail Movement Phase": the
// train takes a rail hexside only in a direction the unit's class may
// cross it (down a slope armor may not climb, not up it). "Only units
// which did not moved during the previous Naval or Movement Phases": this
// player-turn's phases; a unit that moved in the last one may ride now.
#[test]
fn mal_rail_1_3_the_train_goes_only_where_the_class_may_cross_and_moved_is_this_turns() {
    check("audit8_malsup_rail_slope.toml");
}

// rule: MAL-SUP-3
// "free of Enemy units and Enemy ZOC (except if Friendly units also occupy
// that hex)": friendly ZOC over an empty hex in enemy ZOC does not open it;
// a friendly unit standing there does.
#[test]
fn mal_sup_3_friendly_zoc_does_not_open_an_empty_hex_in_enemy_zoc() {
    check("audit8_malsup_both_zoc.toml");
}
