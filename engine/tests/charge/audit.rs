//! Audit of the Morne Plaine charge rules (fourth reading): hand-worked
//! positions for sentences of the text that no earlier test pinned, on a
//! small open map written below, the die forced with the scripted [`Die`]
//! of the shared `board` module (`tests/board/mod.rs`).

use super::*;

/// Blue cavalry `cv` (attack 3) at 0202 charges south along column 02:
/// it crosses 0203 and 0204 and ends next to 0205. The three hexes away
/// from it (next to 0205, two hexes from 0204) are 0106, 0206 and 0306; a
/// fort stands at 0306. The other units are parked on row 9 and placed by
/// each test.
const CHARGE_MAP: &str = include_str!("../fixtures/audit_chg_map.toml");

/// The charge map with the fort at 0306 held by `fort_side`.
fn charge_map(fort_side: &str) -> Scenario {
    let src = CHARGE_MAP.replace("FORT_SIDE", fort_side);
    Scenario::from_toml(&src, "audit-mp-chg").unwrap_or_else(|e| panic!("does not load:\n{e}"))
}

/// `cv` charges 0205 with the die showing `roll`; the events.
fn charge_0205(scen: &Scenario, g: &mut GameState, roll: u8) -> Vec<Event> {
    let mut ev = Vec::new();
    charge::resolve_with(
        g,
        scen,
        unit(scen, "cv"),
        hex(scen, "0205"),
        &mut Die(roll),
        &mut ev,
    )
    .unwrap_or_else(|e| panic!("cv cannot charge 0205: {}", e.describe()));
    ev
}

// rule: MP-CHG-4
// rule: MP-CHG-3
#[test]
fn mp_chg_4_a_leader_that_cannot_retreat_is_eliminated_and_one_that_can_loses_nothing() {
    // "Leaders. The consequences regarding retreat are identical. The
    // consequences regarding the Morale Value are ignored."
    let scen = charge_map("red");
    // The three hexes away from the charger are held by red units.
    let mut g = placed(
        &scen,
        &[
            ("rl", "0205"),
            ("rb1", "0206"),
            ("rb2", "0106"),
            ("rb3", "0306"),
        ],
        |_| {},
    );
    // Morale value 2 + 3 (strength + command radius); a 9 gives 9 + 3 - 2 = 10.
    let ev = charge_0205(&scen, &mut g, 9);
    assert_eq!(charged3(&ev), (10, 5, true));
    assert_eq!(
        at(&scen, &g, "rl"),
        "off",
        "a leader that cannot retreat is eliminated"
    );
    assert_eq!(g.steps_lost(), [0, 1]);
    assert_eq!(
        at(&scen, &g, "cv"),
        "0205",
        "the charger takes the target's place"
    );

    // 0206 free but in the ZOC of blue infantry at 0207: the leader retreats
    // there and loses nothing, neither the point of the charge nor the one
    // of the ZOC (nor strength in their stead).
    let mut g = placed(
        &scen,
        &[
            ("rl", "0205"),
            ("rb2", "0106"),
            ("rb3", "0306"),
            ("bi", "0207"),
        ],
        |_| {},
    );
    let ev = charge_0205(&scen, &mut g, 9);
    assert!(charged3(&ev).2);
    assert_eq!(at(&scen, &g, "rl"), "0206");
    let l = g.unit(unit(&scen, "rl"));
    assert_eq!((l.strength_loss, l.steps), (0, 1));
    assert!(!ev.iter().any(|e| matches!(e, Event::MoraleLost { .. })));
    assert_eq!(g.steps_lost(), [0, 0]);
}

// rule: MP-CHG-4
// rule: MP-ZOC-5
#[test]
fn mp_chg_4_no_retreat_into_an_enemy_fort_and_none_of_the_enemys_zoc_inside_an_own_fort() {
    // "If the unit cannot retreat (presence of other units, fort controlled
    // by enemy, map edge) it is eliminated."
    let scen = charge_map("blue");
    let mut g = placed(
        &scen,
        &[("ri", "0205"), ("rb1", "0206"), ("rb2", "0106")],
        |_| {},
    );
    // Strengths 3 and 3, morale 4: a 9 gives 9 > 4.
    let ev = charge_0205(&scen, &mut g, 9);
    assert_eq!(charged3(&ev), (9, 4, true));
    assert_eq!(
        at(&scen, &g, "ri"),
        "off",
        "0306 is a fort the enemy controls"
    );
    assert_eq!(g.steps_lost(), [0, 1]);

    // The fort red's own: the unit retreats into it. Blue infantry at 0406
    // is next to 0306, but "units inside a fort are not under enemy ZoC":
    // one morale point only (4 -> 3), not two.
    let scen = charge_map("red");
    let mut g = placed(
        &scen,
        &[
            ("ri", "0205"),
            ("rb1", "0206"),
            ("rb2", "0106"),
            ("bi", "0406"),
        ],
        |_| {},
    );
    let ev = charge_0205(&scen, &mut g, 9);
    assert!(charged3(&ev).2);
    assert_eq!(at(&scen, &g, "ri"), "0306");
    let u = g.unit(unit(&scen, "ri"));
    assert_eq!((u.morale, u.strength_loss), (3, 0));
    assert_eq!(g.steps_lost(), [0, 0]);
}

// rule: MP-CHG-5
// rule: MP-ZOC-4
#[test]
fn mp_chg_5_a_unit_already_at_morale_0_pays_the_charge_from_its_strength() {
    // "When the Morale Value of a unit drops to 0 then the remaining points
    // to lose are subtracted from its Combat Strength."
    let scen = charge_map("blue");
    let ri = unit(&scen, "ri");
    let mut g = placed(&scen, &[("ri", "0205")], |su| {
        if su.id == "ri" {
            su.morale = 0;
        }
    });
    // Morale 0: even a 1 breaks it (1 + 3 - 3 = 1 > 0).
    let ev = charge_0205(&scen, &mut g, 1);
    assert_eq!(charged3(&ev), (1, 0, true));
    // Straight on, 0206, in nobody's ZOC: one point owed, paid in strength.
    assert_eq!(at(&scen, &g, "ri"), "0206");
    let u = g.unit(ri);
    assert_eq!((u.morale, u.strength_loss, u.steps), (0, 1, 1));
    assert_eq!(g.base_strength(&scen, ri, false), 2.0);
    assert_eq!(g.base_strength(&scen, ri, true), 2.0);
}

// rule: MP-CHG-1
// rule: MP-ZOC-8
#[test]
fn mp_chg_1_a_charger_in_enemy_infantry_zoc_leaves_it_at_no_extra_cost() {
    // "A mounted unit can leave an hex controlled by infantry units freely
    // and with no additional cost"; a charge is movement (MP-CHG-1).
    let scen = charge_map("blue");
    // Red infantry at 0102 puts cv (0202) in its ZOC but not 0203.
    let g = placed(&scen, &[("ri", "0205"), ("rb1", "0102")], |_| {});
    let l = charge::can_charge(&scen, &g, unit(&scen, "cv"), hex(&scen, "0205")).unwrap();
    assert_eq!(l.cost, Mp::points(2));
    // Red cavalry there instead: one point more (MP-ZOC-8).
    let g = placed(&scen, &[("ri", "0205"), ("rc", "0102")], |_| {});
    let l = charge::can_charge(&scen, &g, unit(&scen, "cv"), hex(&scen, "0205")).unwrap();
    assert_eq!(l.cost, Mp::points(3));
    // Red infantry at 0103 covers 0203 as well: entering it would end the move.
    let g = placed(&scen, &[("ri", "0205"), ("rb1", "0103")], |_| {});
    assert_eq!(
        charge::can_charge(&scen, &g, unit(&scen, "cv"), hex(&scen, "0205")).unwrap_err(),
        NoCharge::EnemyZoc(hex(&scen, "0203"))
    );
}
