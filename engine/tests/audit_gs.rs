//! Audit of the grand-campaign supply chapter (section 16, GS-*), a fourth
//! reading of the text against the engine. Positions worked by hand from
//! the text; fixtures `tests/fixtures/audit_gs_*.toml` (script language in
//! `tests/common/mod.rs`). The last three tests showed where the engine
//! departed from the text; the engine was corrected on 2026-11-28
//! (docs/RULES-STATUS.md, the fourth reading).

mod common;

use common::check;
use hexwar_engine::builtin;

// rule: GS-8
#[test]
fn gs_8_twenty_one_supply_line_points_in_clear_weather() {
    // "For example, 21 supply line points in clear weather."
    // "Anything past this distance is isolated."
    check("audit_gs_loc21.toml");
}

// rule: GS-8
// rule: GS-6
#[test]
fn gs_8_loc_range_is_three_hq_ranges_of_the_turns_weather() {
    check("audit_gs_weather.toml");
}

// rule: GS-8
// rule: GS-6
#[test]
fn gs_8_eastfront_loc_is_21_in_frost_and_15_in_snow() {
    // The built-in's weathers: frost HQ range 7 (the text's clear-weather
    // 21 points), snow 5; turn 1 frost, turn 4 snow.
    let scen = builtin::load("eastfront").expect("eastfront");
    let g = scen.supply_rules().graded.as_ref().unwrap();
    assert_eq!(g.weather(1).name, "frost");
    assert_eq!(g.weather(1).loc_range(), hexwar_engine::Mp::points(21));
    assert_eq!(g.weather(4).name, "snow");
    assert_eq!(g.weather(4).loc_range(), hexwar_engine::Mp::points(15));
}

// rule: GS-1
// rule: GS-2
// rule: GS-4
// rule: GS-8
#[test]
fn gs_8_special_sources_start_no_line_of_communication_and_special_holds_the_level() {
    check("audit_gs_special.toml");
}

// rule: GS-8
#[test]
fn gs_8_the_unit_traced_to_is_not_traced_through() {
    check("audit_gs_loc_end.toml");
}

// rule: GS-8
#[test]
fn gs_8_a_unit_in_general_supply_is_never_isolated() {
    check("audit_gs_general_iso.toml");
}

// rule: GS-4
#[test]
fn gs_4_supply_points_put_a_unit_out_of_supply_back_into_full_supply() {
    check("audit_gs_spend_out.toml");
}
