//! A unit as its counter shows it (`4-3`: attack strength at its steps,
//! then movement allowance), for the text summary, the SVG map and the play
//! page alike.

use hexwar_engine::{GameState, Scenario, UnitId};

/// A unit's counter values: attack strength at `steps` and movement
/// allowance, as printed on counters (`4-3`).
pub fn counter_values(scen: &Scenario, u: UnitId, steps: u8) -> String {
    let ty = scen.unit_type(u);
    let lost = ty.steps().saturating_sub(steps) as usize;
    let attack = ty
        .attack
        .get(lost)
        .or(ty.attack.last())
        .copied()
        .unwrap_or(0.0);
    format!("{}-{}", number(attack), ty.movement)
}

/// A unit's counter values in a position: the attack strength combat uses
/// before supply and terrain (its steps left, less strength lost to morale,
/// MP-CHG-5) and its movement allowance as printed. What is shown is what
/// is used: a Napoleonic `3-3` that has lost a point to morale shows `2-3`.
pub fn counter_now(scen: &Scenario, st: &GameState, u: UnitId) -> String {
    let ty = scen.unit_type(u);
    let attack = st.base_strength(scen, u, true);
    format!("{}-{}", number(attack), ty.movement)
}

/// A strength without a trailing `.0`.
fn number(x: f64) -> String {
    if x.fract() == 0.0 {
        format!("{x:.0}")
    } else {
        format!("{x}")
    }
}
