//! One test per rule ID of docs/RULES.md covered by the engine so far, each
//! driven by a perft-style fixture (see `common/mod.rs` for the script).

mod common;

use common::check;

// rule: MP-MOV-1
#[test]
fn mp_mov_1_terrain_costs_per_class_and_alternating_units() {
    check("mov_terrain.toml");
}

// rule: MP-MOV-2
#[test]
fn mp_mov_2_hexside_costs_add_and_some_hexsides_forbid() {
    check("mov_hexside.toml");
}

// rule: MP-MOV-3
#[test]
fn mp_mov_3_stacking_one_blocks_occupied_hexes() {
    check("mov_stack1.toml");
}

// rule: MP-MOV-4
// rule: MP-MOV-5
#[test]
fn mp_mov_4_5_road_rate_from_the_same_road_and_free_first_hex() {
    check("mov_road.toml");
}

// rule: MP-MOV-6
#[test]
fn mp_mov_6_jumping_between_roads_costs_terrain_twice() {
    check("mov_crossroads.toml");
}

// rule: MP-MOV-7
#[test]
fn mp_mov_7_junction_rate_is_the_route_arrived_on() {
    check("mov_junction.toml");
}

// rule: MP-ZOC-1
// rule: MP-ZOC-6
// rule: MP-ZOC-7
#[test]
fn mp_zoc_1_6_7_zoc_ring_stops_and_foot_units_leaving() {
    check("zoc_basic.toml");
}

// rule: MP-ZOC-2
#[test]
fn mp_zoc_2_no_zoc_into_or_out_of_town_and_woods() {
    check("zoc_terrain.toml");
}

// rule: MP-ZOC-3
#[test]
fn mp_zoc_3_no_zoc_across_stream_river_double_slope() {
    check("zoc_hexside.toml");
}

// rule: MP-ZOC-4
#[test]
fn mp_zoc_4_artillery_and_demoralised_exert_no_zoc() {
    check("zoc_units.toml");
}

// rule: MP-ZOC-5
#[test]
fn mp_zoc_5_forts_exert_zoc_and_shelter_their_units() {
    check("zoc_fort.toml");
}

// rule: MP-ZOC-8
#[test]
fn mp_zoc_8_mounted_units_leave_infantry_zoc_freely() {
    check("zoc_mounted.toml");
}

// rule: D-STACK-1
#[test]
fn d_stack_1_limit_checked_where_the_move_ends() {
    check("stack_limit.toml");
}

// rule: D-TURN-1
// rule: D-TURN-2
// rule: D-TURN-3
#[test]
fn d_turn_1_2_3_sequence_control_and_victory() {
    check("turns.toml");
}
