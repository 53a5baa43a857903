//! Audit of the grand-campaign supply chapter (section 16, GS-*), an eighth
//! reading of the text against the engine. Positions worked by hand from
//! the text; fixtures `tests/fixtures/audit8_gs_*.toml` (script language in
//! `tests/common/mod.rs`), each of whose `#!` scripts quotes the text it
//! checks. Each but the last failed on the engine before the reading's
//! corrections (docs/RULES-STATUS.md, "Settled on an eighth reading").

mod common;

use common::check;

// rule: GS-3
// rule: GS-8
#[test]
fn gs_3_the_overland_route_is_counted_from_the_hq_to_the_unit() {
    // "the distance a unit may trace overland from an HQ in that weather
    // condition and still be in supply"; "Trace as if counting an overland
    // supply route from the closest hex in general supply."
    check("audit8_gs_trace_from_hq.toml");
}

// rule: GS-3
#[test]
fn gs_3_a_coalition_hq_is_not_a_countrys_own_army_hq() {
    // "Exception: If a country does not have their own army HQ in a
    // theatre, they may trace a full supply line from any HQ of the
    // contingent to which they belong."
    check("audit8_gs_coalition_not_own.toml");
}

// rule: GS-8
#[test]
fn gs_8_the_line_pays_for_the_units_own_hex_not_for_its_start() {
    // "A line of communication refers to the distance a unit may trace
    // from a hex in general supply to the unit."
    check("audit8_gs_loc_direction.toml");
}

// rule: GS-1
// rule: GS-4
#[test]
fn gs_1_full_supply_bought_with_supply_points_is_not_general_supply() {
    // "a unit in full supply must also be in general supply unless SPs are
    // used to supply it"; "in general supply ... must draw supply from a
    // general supply source (full or limited) and not from a special
    // supply source."
    check("audit8_gs_sp_not_general.toml");
}
