//! Rail movement (MAL-RAIL-1..6), each pinned by a fixture worked out by
//! hand from the rule text.

mod common;

use common::check;

// rule: MAL-RAIL-1
// rule: MAL-RAIL-2
// rule: MAL-RAIL-5
// rule: MAL-RAIL-6
#[test]
fn mal_rail_1_2_5_6_forty_hexes_capacity_stacking_and_take_back() {
    check("rail_line.toml");
}

// rule: MAL-RAIL-1
// rule: MAL-RAIL-3
// rule: MAL-RAIL-4
#[test]
fn mal_rail_1_3_4_zoc_eligibility_and_friendly_control() {
    check("rail_control.toml");
}

// rule: MAL-RAIL-1
#[test]
fn mal_rail_1_off_anywhere_the_line_takes_it_across_hexsides_its_class_can_cross() {
    check("rail_lake.toml");
}
