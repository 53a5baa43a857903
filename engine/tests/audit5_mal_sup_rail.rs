//! Fifth reading of the Malaya supply (MAL-SUP) and rail movement
//! (MAL-RAIL) chapters against their source texts, sentence by sentence:
//! positions worked by hand for what the earlier tests leave unpinned. The
//! report is /tmp/audit5/audit5_mal_sup_rail.md.

mod common;

use common::check;

// rule: MAL-SUP-3
// rule: MAL-SUP-4
// rule: MAL-SUP-7
// The source hex is on the line: a source in enemy ZOC with no friendly
// unit in it, or held by the enemy, supplies nothing; a friendly unit in
// it, or taking it, opens it. Neutral hexes are not enemy-controlled.
#[test]
fn mal_sup_3_4_7_a_source_in_enemy_zoc_or_enemy_held_supplies_nothing() {
    check("audit5_mal_sup_rail_sources.toml");
}

// rule: MAL-SUP-2
// rule: MAL-SUP-6
// "The distance from the unit to the road / rail line can not be farther
// than one Movement Phase": exactly the allowance is enough, one MP more is
// not; the allowance is the printed one, not the one left to a unit while
// unsupplied; a static unit is supplied only on the line.
#[test]
fn mal_sup_2_overland_leg_up_to_the_printed_allowance_exactly() {
    check("audit5_mal_sup_rail_budget.toml");
}

// rule: MAL-SUP-5
// rule: MAL-SUP-6
// "through terrain that it could not enter via normal movement ... except
// through connected road / rail hexes": the overland leg by the unit's own
// class (a ford foot may cross and armor may not; jungle), the road/rail
// portion through terrain the class could not enter.
#[test]
fn mal_sup_5_overland_leg_by_the_units_class_rail_portion_through_jungle() {
    check("audit5_mal_sup_rail_class.toml");
}

// rule: MAL-SUP-1
// rule: MAL-SUP-6
// "The Supply State of units of all units (either Friendly or Enemy) is
// determined during the Supply Phase ... and applies through the rest of
// that Player-Turn": enemy units cut off in the phasing side's movement
// keep their strengths until the next Supply Phase, and are judged again
// in each side's.
#[test]
fn mal_sup_1_6_the_enemys_units_keep_the_state_judged_in_the_supply_phase() {
    check("audit5_mal_sup_rail_enemy.toml");
}

// rule: MAL-SUP-8
// "Each Unsupplied unit may lose one step at the end of the Supply Phase":
// supplied units never; one step at most, even past 100%; a one-step unit
// is eliminated; the steps count for victory points.
#[test]
fn mal_sup_8_supplied_units_spared_one_step_at_most_and_one_step_units_eliminated() {
    check("audit5_mal_sup_rail_attrition.toml");
}

// rule: MAL-RAIL-1
// rule: MAL-RAIL-3
// "All rules governing Movement apply during the Rail Movement Phase":
// entering enemy ZOC ends a rail move, a friendly unit there or not; a hex
// beyond is reached the long way round; a unit moved by rail is "Moved".
#[test]
fn mal_rail_1_enemy_zoc_ends_the_train_and_the_long_way_round() {
    check("audit5_mal_sup_rail_loop.toml");
}

// rule: MAL-RAIL-4
// rule: MAL-SUP-4
// rule: MAL-RAIL-3
// "Only Friendly controlled rail hexes may be part of the rail path": a
// neutral hex stops the train, though a supply line runs through it (only
// "Enemy controlled hexes" cut that); "adjacent to Enemy units" whether or
// not their ZOC reaches the unit.
#[test]
fn mal_rail_4_neutral_rail_hexes_stop_trains_not_supply_lines() {
    check("audit5_mal_sup_rail_friendly.toml");
}

// rule: MAL-SUP-3
// rule: MAL-SUP-4
// "free of Enemy units and Enemy ZOC": an enemy unit with no ZOC cuts the
// line by standing in it; an enemy-held empty hex does not cut the
// overland leg (only "the road / rail portion" is barred from them).
#[test]
fn mal_sup_3_an_enemy_unit_cuts_the_line_where_it_stands_zoc_or_not() {
    check("audit5_mal_sup_rail_units.toml");
}
