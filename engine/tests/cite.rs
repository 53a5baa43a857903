//! Refusals cite the rules of the scenario's own family, or no ID
//! (`action::cite`): a Napoleonic game (Morne Plaine, `MP-`) is never told
//! `(MAL-CBT-1)`; a Malaya game is.

use hexwar_engine::action::{RuleFamily, cite};
use hexwar_engine::combat::{self, NoAttack};
use hexwar_engine::{ActionError, GameState, Scenario, builtin};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

/// Built-in `name` at its start, and the refusal of an attack by the first
/// player's first unit on the map on the hex of an enemy unit that is not
/// adjacent to it (MAL-CBT-1: `combat::can_attack`, which the checked apply
/// runs in the Combat Phase).
fn far_attack(name: &str) -> (std::sync::Arc<Scenario>, ActionError) {
    let scen = builtin::load(name).unwrap();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
    let st = GameState::new(&scen, &mut rng);
    let side = st.active_side();
    let on_map = |u: &hexwar_engine::UnitId| st.unit(*u).on_map();
    let ids = || (0..scen.units().len()).map(|i| hexwar_engine::UnitId(i as u16));
    let unit = ids()
        .filter(on_map)
        .find(|u| scen.unit(*u).side == side)
        .unwrap();
    let grid = scen.grid();
    let enemy = ids()
        .filter(on_map)
        .find(|u| {
            scen.unit(*u).side != side && grid.distance(st.unit(*u).hex, st.unit(unit).hex) > 1
        })
        .unwrap();
    let target = st.unit(enemy).hex;
    let why = combat::can_attack(&scen, &st, unit, target).unwrap_err();
    assert_eq!(why, NoAttack::NotAdjacent);
    (scen, ActionError::NoAttack(unit, target, why))
}

// rule: MAL-CBT-1
#[test]
fn refusals_cite_the_rules_of_the_scenarios_family() {
    let (scen, err) = far_attack("morne-plaine");
    assert_eq!(RuleFamily::of(&scen), RuleFamily::MornePlaine);
    let text = err.describe(&scen);
    assert!(text.ends_with("it is not adjacent to that hex"), "{text}");
    assert!(!text.contains("MAL-"), "{text}");
    let (scen, err) = far_attack("malaya");
    assert_eq!(RuleFamily::of(&scen), RuleFamily::Malaya);
    let text = err.describe(&scen);
    assert!(
        text.ends_with("it is not adjacent to that hex (MAL-CBT-1)"),
        "{text}"
    );
    let eastfront = builtin::load("eastfront").unwrap();
    assert_eq!(RuleFamily::of(&eastfront), RuleFamily::GrandCampaign);
}

#[test]
fn cite_keeps_the_familys_ids_and_ours_and_other_parentheses() {
    let mp = builtin::load("morne-plaine").unwrap();
    let mal = builtin::load("malaya").unwrap();
    let gs = builtin::load("eastfront").unwrap();
    let t = "its move is over (MP-ZOC-6) or it has charged (MP-CHG-1)";
    assert_eq!(cite(&mp, t), t);
    assert_eq!(cite(&mal, t), "its move is over or it has charged");
    let t = "it is unsupplied (MAL-SUP-6, MAL-RAIL-3)";
    assert_eq!(cite(&mal, t), t);
    assert_eq!(cite(&gs, t), "it is unsupplied");
    let t = "the table (D-CRT-1, MAL-CBT-4): traced to G (german, HQ)";
    assert_eq!(
        cite(&mp, t),
        "the table (D-CRT-1): traced to G (german, HQ)"
    );
    assert_eq!(
        cite(&gs, "limited supply (GS-3): traced"),
        "limited supply (GS-3): traced"
    );
    assert_eq!(
        cite(&mal, "limited supply (GS-3): traced"),
        "limited supply: traced"
    );
}
