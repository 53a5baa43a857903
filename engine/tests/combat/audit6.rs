//! A sixth reading of the Malaya combat chapter against the engine: the
//! departure it found (MAL-CBT-7, which retreat path), corrected; the test
//! fails on the engine before the correction. On the fixtures and helpers
//! of `combat.rs`.

use super::*;

// rule: MAL-CBT-7
#[test]
fn mal_cbt_7_toward_supply_is_a_direction_then_the_cheapest_hexes() {
    // "those units must immediately move two hexes away from the combat hex
    // and toward a Friendly Supply Source (if possible) ... The retreat must
    // be made through hexes that, under normal conditions, would cost the
    // least number of movement points for the unit to enter. A unit can
    // only retreat away from a Friendly Supply Source or enter hexes that
    // are not the least costly in order to avoid violating retreat
    // priorities." r1 in the jungle 0504 is attacked from 0403 (b1, b2: 8
    // against 2 x2, 2:1; a 5 with both air points, D1R2). Red's source is
    // 1004, to the east. Two ways lead toward it: east through the jungle
    // 0604 to 0704 (2 + 1 = 3 MP, ending nearest 1004) and south along the
    // road to 0505, then 0605 (0.5 + 1 = 1.5 MP, ending nearer 1004 than
    // 0504 is). Both go toward the source, so nothing allows the dearer
    // hexes: 0505, 0605. (The engine took the end nearest the source,
    // however dear.)
    let mut g = Game::new(
        "cbt_open.toml",
        &[("b1", "0403"), ("b2", "0403"), ("r1", "0504")],
        |_| {},
    );
    g.attack("b1", "0504");
    g.attack("b2", "0504");
    let ev = g.roll(1, &[4]);
    assert_eq!(g.path(&ev, "r1").unwrap(), ["0505", "0605"]);
    assert_eq!(g.steps("r1"), 1);
    // With the road closed, the dearer way east beats the cheaper one north,
    // which leads away from 1004: `results::mal_cbt_7_retreat_prefers_the_
    // way_to_supply_over_a_cheaper_one`.
}
