//! GS-9: the actions that draw on the pools, in the phasing side's
//! Movement Phase: rebuilding a step from a pool, shipping or flying
//! replacement points (RPs) and eliminated units out of a pocket, and
//! eliminating a pocket voluntarily. Each is checked here (`can_*`, with a
//! typed [`NoPool`]) and applied by [`GameState::apply_pool_action`].
//!
//! Readings taken:
//!
//! - A rebuild restores one step for `step_rp` RPs. A reduced unit on the
//!   map draws on its hex's pocket pool, or, outside any pocket, on the
//!   front pool if it was judged in general supply (full or limited) and
//!   carries no isolation marker (replacements come up the supply lines).
//!   An eliminated unit comes back at one step: from a pocket's pool in a
//!   hex of that pocket, from the front pool in one of its side's supply
//!   sources not held by the enemy; within stacking, on terrain it may
//!   stand in; it may not move again this phase. A unit is rebuilt up to
//!   the strength it sets up with, no further; a rebuilt step no longer
//!   counts as lost for victory (D-TURN-3).
//! - Shipping out (the scenario's `ship_rp` and `ship_units`, per pocket
//!   per player-turn; 0 closes it) moves RPs or an eliminated unit from a
//!   pocket's pool to the front pool ("the theatre's pool"). We hold no
//!   airbase or port rule for it: the capacity stands for both.

use crate::action::{Action, NoPool};
use crate::event::{Event, EventSink};
use crate::hex::HexId;
use crate::scenario::{Scenario, SupplyState};
use crate::state::{
    GameState, MAX_POCKETS, POOL_ELIMINATED_ISOLATED, POOL_FRONT, UnitFlags, UnitId,
};

use super::pockets::{isolated_now, pocket_rules, pool_of};

/// The RPs `pool` of `state`'s phasing side holds (0 front, slot + 1).
fn pool_rp(state: &GameState, pool: u8) -> u16 {
    match pool {
        POOL_FRONT => state.replacement_points(state.active_side()),
        k => state.pockets()[k as usize - 1].rp,
    }
}

/// GS-9: whether one step of `unit` may be rebuilt now in `hex`; the pool
/// it draws on.
pub fn can_rebuild(
    scen: &Scenario,
    state: &GameState,
    unit: UnitId,
    hex: HexId,
) -> Result<u8, NoPool> {
    let rules = pocket_rules(scen).ok_or(NoPool::Off)?;
    let side = scen.unit(unit).side;
    if side != state.active_side() {
        return Err(NoPool::NotYours);
    }
    let us = state.unit(unit);
    let pocket = state
        .pocket_at(hex)
        .filter(|&k| state.pockets()[k].of(side));
    let pool = if us.on_map() {
        if us.steps >= scen.unit(unit).steps {
            return Err(NoPool::FullStrength);
        }
        if hex != us.hex {
            return Err(NoPool::BadHex);
        }
        match pocket {
            Some(k) => pool_of(k),
            None if isolated_now(scen, state, unit) => return Err(NoPool::Isolated),
            None if !us.in_general_supply() => {
                return Err(NoPool::OutOfSupply);
            }
            None => POOL_FRONT,
        }
    } else if us.eliminated() && us.pool != POOL_ELIMINATED_ISOLATED {
        let place = match us.pool {
            POOL_FRONT => {
                scen.sources(side).contains(&hex) && state.control(hex) != Some(side.other())
            }
            k => pocket.map(pool_of) == Some(k),
        };
        let room = state.units_at(hex).all(|o| scen.unit(o).side == side)
            && state.units_at(hex).count() < scen.stacking() as usize
            && scen.can_stand(hex, scen.unit_type(unit).class);
        if !place || !room {
            return Err(NoPool::BadHex);
        }
        us.pool
    } else {
        return Err(NoPool::NotInPool);
    };
    let held = pool_rp(state, pool);
    if held < rules.step_rp {
        return Err(NoPool::NoRp {
            needed: rules.step_rp,
            held,
        });
    }
    Ok(pool)
}

/// The phasing side's pocket in slot `pocket`.
fn own_pocket(state: &GameState, pocket: u8) -> Result<usize, NoPool> {
    let k = pocket as usize;
    if k >= MAX_POCKETS || !state.pockets()[k].active() {
        return Err(NoPool::NoPocket);
    }
    if !state.pockets()[k].of(state.active_side()) {
        return Err(NoPool::NotYours);
    }
    Ok(k)
}

/// GS-9: whether pocket `pocket` may ship RPs out now; how many it would.
pub fn can_ship_rp(scen: &Scenario, state: &GameState, pocket: u8) -> Result<u16, NoPool> {
    let rules = pocket_rules(scen).ok_or(NoPool::Off)?;
    let p = state.pockets()[own_pocket(state, pocket)?];
    if rules.ship_rp == 0 {
        return Err(NoPool::ShipClosed);
    }
    if p.rp_shipped >= rules.ship_rp {
        return Err(NoPool::ShipSpent);
    }
    if p.rp == 0 {
        return Err(NoPool::NothingToShip);
    }
    Ok(p.rp.min(rules.ship_rp - p.rp_shipped))
}

/// GS-9: whether eliminated `unit` may be shipped out of its pocket's pool
/// now; the pocket's slot.
pub fn can_ship_unit(scen: &Scenario, state: &GameState, unit: UnitId) -> Result<usize, NoPool> {
    let rules = pocket_rules(scen).ok_or(NoPool::Off)?;
    let us = state.unit(unit);
    if !us.eliminated() || us.pool == POOL_FRONT || us.pool == POOL_ELIMINATED_ISOLATED {
        return Err(NoPool::NotInPool);
    }
    if scen.unit(unit).side != state.active_side() {
        return Err(NoPool::NotYours);
    }
    let k = own_pocket(state, us.pool - 1)?;
    if rules.ship_units == 0 {
        return Err(NoPool::ShipClosed);
    }
    if state.pockets()[k].units_shipped >= rules.ship_units {
        return Err(NoPool::ShipSpent);
    }
    Ok(k)
}

/// GS-9: whether pocket `pocket` may be eliminated voluntarily now.
pub fn can_eliminate_pocket(scen: &Scenario, state: &GameState, pocket: u8) -> Result<(), NoPool> {
    pocket_rules(scen).ok_or(NoPool::Off)?;
    own_pocket(state, pocket).map(|_| ())
}

/// GS-9: every legal pool action of the phasing side now (the caller
/// checks the phase), each given to `f`.
pub fn for_each_pool_action(scen: &Scenario, state: &GameState, mut f: impl FnMut(Action)) {
    let Some(rules) = pocket_rules(scen) else {
        return;
    };
    let side = state.active_side();
    for (i, (us, setup)) in state.units().iter().zip(scen.units()).enumerate() {
        let unit = UnitId(i as u16);
        if setup.side != side {
            continue;
        }
        if us.on_map() {
            if can_rebuild(scen, state, unit, us.hex).is_ok() {
                f(Action::Rebuild { unit, hex: us.hex });
            }
            continue;
        }
        if !us.eliminated() || us.pool == POOL_ELIMINATED_ISOLATED {
            continue;
        }
        if can_ship_unit(scen, state, unit).is_ok() {
            f(Action::ShipUnit { unit });
        }
        // A pool short of a step's RPs rebuilds nowhere: the hexes are
        // not looked at (a pocket's are the whole map's).
        if pool_rp(state, us.pool) < rules.step_rp {
            continue;
        }
        let mut each = |hex: HexId| {
            if can_rebuild(scen, state, unit, hex).is_ok() {
                f(Action::Rebuild { unit, hex });
            }
        };
        if us.pool == POOL_FRONT {
            scen.sources(side).iter().for_each(|&h| each(h));
        } else {
            let k = us.pool as usize - 1;
            scen.grid()
                .hexes()
                .filter(|&h| state.pocket_at(h) == Some(k))
                .for_each(each);
        }
    }
    for k in 0..MAX_POCKETS as u8 {
        if can_ship_rp(scen, state, k).is_ok() {
            f(Action::ShipRp { pocket: k });
        }
        if can_eliminate_pocket(scen, state, k).is_ok() {
            f(Action::EliminatePocket { pocket: k });
        }
    }
}

impl GameState {
    /// GS-9: applies a legal pool action ([`Action::Rebuild`],
    /// [`Action::ShipRp`], [`Action::ShipUnit`], [`Action::EliminatePocket`]).
    pub(crate) fn apply_pool_action(
        &mut self,
        scen: &Scenario,
        action: Action,
        sink: &mut impl EventSink,
    ) {
        let side = self.active_side();
        match action {
            Action::Rebuild { unit, hex } => self.rebuild(scen, unit, hex, sink),
            Action::ShipRp { pocket } => {
                let Ok(n) = can_ship_rp(scen, self, pocket) else {
                    debug_assert!(false, "apply_unchecked: illegal ShipRp");
                    return;
                };
                let p = &mut self.pools.pockets[pocket as usize];
                p.rp -= n;
                p.rp_shipped += n;
                self.pools.rp[side.index()] = self.pools.rp[side.index()].saturating_add(n);
                self.rp_event(side, pool_of(pocket as usize), sink);
                self.rp_event(side, POOL_FRONT, sink);
            }
            Action::ShipUnit { unit } => {
                let Ok(k) = can_ship_unit(scen, self, unit) else {
                    debug_assert!(false, "apply_unchecked: illegal ShipUnit");
                    return;
                };
                self.pools.pockets[k].units_shipped += 1;
                self.units[unit.index()].pool = POOL_FRONT;
                sink.push(Event::UnitPooled {
                    unit,
                    pool: POOL_FRONT,
                });
            }
            Action::EliminatePocket { pocket } => {
                self.eliminate_pocket(scen, pocket as usize, true, sink)
            }
            _ => debug_assert!(false, "apply_pool_action: {action:?}"),
        }
    }

    /// GS-9: one step of `unit` rebuilt in `hex` from its pool.
    fn rebuild(&mut self, scen: &Scenario, unit: UnitId, hex: HexId, sink: &mut impl EventSink) {
        let Ok(pool) = can_rebuild(scen, self, unit, hex) else {
            debug_assert!(false, "apply_unchecked: illegal Rebuild");
            return;
        };
        let Some(rules) = pocket_rules(scen) else {
            return;
        };
        let side = scen.unit(unit).side;
        match pool {
            POOL_FRONT => self.pools.rp[side.index()] -= rules.step_rp,
            k => self.pools.pockets[k as usize - 1].rp -= rules.step_rp,
        }
        let morale = scen.unit_type(unit).morale.unwrap_or(0);
        let u = &mut self.units[unit.index()];
        if u.eliminated() {
            u.hex = hex;
            u.pool = POOL_FRONT;
            u.morale = morale;
            u.strength_loss = 0;
            // It may not move again this phase.
            u.flags = UnitFlags::MOVED | UnitFlags::MOVE_ENDED;
            if pool != POOL_FRONT {
                u.flags |= UnitFlags::COMBAT_ISOLATED | UnitFlags::SUPPLY_ISOLATED;
            } else {
                // Back from the theatre's pool at a source: a new unit, in
                // the state of one never judged (GS-2: no U-level carried
                // over from before it was eliminated).
                u.supply = SupplyState::Full;
                u.u_level = 0;
            }
        }
        let lost = &mut self.steps_lost[side.index()];
        *lost = lost.saturating_sub(1);
        u.steps += 1;
        let steps = u.steps;
        sink.push(Event::Rebuilt {
            unit,
            hex,
            steps,
            pool,
        });
        self.rp_event(side, pool, sink);
        self.take_control(hex, side, sink);
    }
}
