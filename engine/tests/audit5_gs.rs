//! Audit of the grand-campaign supply chapter (section 16, GS-*), a fifth
//! reading of the text against the engine. Positions worked by hand from
//! the text; fixtures `tests/fixtures/audit5_gs_*.toml` (script language
//! in `tests/common/mod.rs`), each of whose `#!` scripts says what it
//! checks and why. The last two
//! failed on the engine before the fifth reading's corrections of GS-8.

mod common;

use common::check;

// rule: GS-3
// rule: GS-1
#[test]
fn gs_3_full_supply_from_a_farther_own_hq_limited_from_a_foreign_one() {
    // "Each country may have one or more army/front HQs from which their
    // units may trace full supply." "A unit may only trace a limited
    // supply line from a HQ belonging to another country."
    check("audit5_gs_status.toml");
}

// rule: GS-8
// rule: GS-7
#[test]
fn gs_8_every_enemy_zoc_hex_adds_its_cost_and_a_friend_in_zoc_one_more() {
    // "Add all modified enemy ZOC costs to the hex count. No screening of
    // enemy ZOCs is allowed. If the LOC has to be traced through a friendly
    // unit in an enemy ZOC, add the lowest numbered +# MP marker to the hex
    // count." "Anything past this distance is isolated."
    check("audit5_gs_loc_cost.toml");
}

// rule: GS-8
#[test]
fn gs_8_an_empty_hex_in_enemy_zoc_within_hq_range_is_in_general_supply() {
    // "A line of communication refers to the distance a unit may trace
    // from a hex in general supply to the unit."
    check("audit5_gs_zoc_seed.toml");
}

// rule: GS-8
#[test]
fn gs_8_a_line_of_communication_crosses_an_empty_enemy_held_hex() {
    // "Trace as if counting an overland supply route from the closest hex
    // in general supply."
    check("audit5_gs_loc_control.toml");
}
