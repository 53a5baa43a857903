//! GS-9: the pools of a saved game against the rules: none in a scenario
//! without pockets; each pocket's hexes held by its side and judged
//! isolated, at least one; shipments within the player-turn's capacity;
//! a pool only on an eliminated unit, a pocket's only on one of its side's
//! units.

use super::{Illegal, field};
use crate::rules::graded::pocket_rules;
use crate::scenario::{Scenario, Side};
use crate::state::{GameState, MAX_POCKETS, POOL_ELIMINATED_ISOLATED, POOL_FRONT, Pocket};

fn hex_err(scen: &Scenario, h: crate::hex::HexId, what: impl Into<String>) -> Illegal {
    Illegal::Hex {
        hex: scen.grid().label(h),
        what: what.into(),
    }
}

/// The pools, pockets and pooled units.
pub(super) fn check(scen: &Scenario, st: &GameState) -> Result<(), Illegal> {
    let grid = scen.grid();
    let Some(rules) = pocket_rules(scen) else {
        let empty = st.replacement_points(Side(0)) == 0
            && st.replacement_points(Side(1)) == 0
            && !st.pockets().iter().any(Pocket::active)
            && !grid.hexes().any(|h| st.hex_isolated(h))
            && st.units().iter().all(|u| u.pool == POOL_FRONT);
        return if empty {
            Ok(())
        } else {
            Err(field(
                "pools",
                "the scenario plays no replacement points or pockets (GS-9)",
            ))
        };
    };
    let mut held = [0usize; MAX_POCKETS];
    for h in grid.hexes() {
        if st.hex_isolated(h) && st.control(h).is_none() {
            return Err(hex_err(scen, h, "judged isolated, but nobody controls it"));
        }
        let Some(k) = st.pocket_at(h) else { continue };
        let p = st.pockets()[k];
        if !p.active() {
            return Err(hex_err(
                scen,
                h,
                format!("in pocket {}, which is not saved", Pocket::letter(k)),
            ));
        }
        if st.control(h) != Some(Side(p.side)) || !st.hex_isolated(h) {
            return Err(hex_err(
                scen,
                h,
                "in a pocket, but not an isolated hex its side controls (GS-9)",
            ));
        }
        held[k] += 1;
    }
    for (k, p) in st.pockets().iter().enumerate() {
        let pool = || format!("pocket {}", Pocket::letter(k));
        if !p.active() {
            continue;
        }
        if held[k] == 0 {
            return Err(field("pools", format!("{} has no hex", pool())));
        }
        if p.rp_shipped > rules.ship_rp || p.units_shipped > rules.ship_units {
            return Err(field(
                "pools",
                format!(
                    "{} shipped out more than the scenario allows a player-turn",
                    pool()
                ),
            ));
        }
    }
    for (u, setup) in st.units().iter().zip(scen.units()) {
        let bad = |what: &str| Illegal::Unit {
            unit: setup.id.clone(),
            what: what.into(),
        };
        match u.pool {
            POOL_FRONT => {}
            _ if !u.eliminated() => return Err(bad("in a pool, but not eliminated (GS-9)")),
            POOL_ELIMINATED_ISOLATED => {}
            k => {
                let p = st.pockets()[k as usize - 1];
                if !p.active() || p.side != setup.side.0 {
                    return Err(bad("in the pool of no pocket of its side (GS-9)"));
                }
            }
        }
    }
    Ok(())
}
