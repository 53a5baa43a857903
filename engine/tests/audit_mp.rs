//! Audit of the Morne Plaine movement chapter (fourth reading): hand-worked
//! positions for sentences of the text that no earlier test pinned.
//! Movement and ZOC: the fixture `audit_mp_zoc.toml` (its `#!` script says
//! what each line checks); forts: `audit_mp_fort.toml`. The charges' audit
//! is `charge/audit.rs`. The fifth reading's positions for movement and ZOC
//! are the fixture `audit5_mp_move.toml`; its charges, `charge/audit5.rs`.

mod common;

// ------------------------------------------------------------ movement, ZOC

// rule: MP-ZOC-7
// rule: MP-ZOC-8
// rule: MP-MOV-5
#[test]
fn mp_zoc_8_mounted_leave_by_the_enemys_kind_and_mp_mov_5_free_road_hex_out_of_zoc() {
    common::check("audit_mp_zoc.toml");
}

// rule: MP-MOV-2
// rule: MP-MOV-6
// rule: MP-ZOC-3
// rule: MP-ZOC-7
// rule: MP-ZOC-4
// rule: MP-ZOC-8
// rule: MP-ZOC-2
#[test]
fn mp_mov_2_6_and_mp_zoc_2_3_4_7_8_hand_worked_positions() {
    common::check("audit5_mp_move.toml");
}

// rule: MP-ZOC-4
// rule: MP-ZOC-8
#[test]
fn mp_zoc_4_a_leader_is_never_demoralised_and_keeps_its_zoc_at_morale_0() {
    common::check("audit6_mp_leader.toml");
}

// ------------------------------------------------------------ forts

// rule: MP-ZOC-5
#[test]
fn mp_zoc_5_a_fort_controls_every_adjacent_hex_but_town_and_woods() {
    // "Even inoccupied, a fort is considered as a place with a small
    // detachment ... a fort exerts a ZoC in all adjacent hexes": across a
    // stream or a double slope too, and from a fort in woods; not into
    // woods, which "cannot be controlled" (MP-ZOC-2).
    common::check("audit_mp_fort.toml");
}
