//! Supply answers without explanations, for callers that act on them (the
//! AI, what-if tests): a whole side at once ([`judge_side`], the code the
//! Supply Phase judges with) or one unit ([`status`], [`isolated`]), in
//! both models, allocating nothing once warm.

use super::binary::{judge_binary_into, network, overland_from};
use super::{SupplyScratch, with_supply_scratch};
use crate::hex::HexId;
use crate::rules::graded::{self, Judge, u_level_after};
use crate::rules::movement::Scratch;
use crate::rules::sources::PositionKey;
use crate::scenario::{Scenario, Side, SupplyEffect, SupplyModel, SupplyState};
use crate::state::{GameState, UnitId};

/// One unit's supply by the current position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnitSupply {
    /// Its state now: binary `Full` (supplied) or `Out`; graded GS-1, GS-3.
    pub state: SupplyState,
    /// GS-2: the U-level a supply judgement now would leave it with (full
    /// and limited U0, out of supply one more, special unchanged); in the
    /// binary model its level, unchanged.
    pub u_level: u8,
    /// GS-7, GS-8: whether no line of communication reaches it now, when
    /// asked for (graded model only).
    pub isolated: Option<bool>,
}

impl UnitSupply {
    /// Supplied (binary), or in full, limited or special supply (graded).
    pub fn supplied(&self) -> bool {
        self.state != SupplyState::Out
    }

    /// GS-5: the Supply Effects Chart row for this state and level (graded
    /// model); `None` when nothing is restricted.
    pub fn effect<'a>(&self, scen: &'a Scenario) -> Option<&'a SupplyEffect> {
        scen.supply_rules()
            .graded
            .as_ref()
            .and_then(|g| g.effect(self.state, self.u_level))
    }
}

/// Every unit of one side, judged by [`judge_side`]: a buffer to reuse.
#[derive(Clone, Debug, Default)]
pub struct SideSupply {
    side: Option<Side>,
    isolation: bool,
    units: Vec<Option<UnitSupply>>,
}

impl SideSupply {
    /// A buffer for statuses (and U-levels) only.
    pub fn new() -> SideSupply {
        SideSupply::default()
    }

    /// A buffer for statuses and isolation (GS-7, GS-8) both.
    pub fn with_isolation() -> SideSupply {
        SideSupply {
            isolation: true,
            ..SideSupply::default()
        }
    }

    /// The side judged last.
    pub fn side(&self) -> Option<Side> {
        self.side
    }

    /// `u`'s supply, if it is a unit of the side on the map.
    pub fn get(&self, u: UnitId) -> Option<UnitSupply> {
        self.units.get(u.index()).copied().flatten()
    }

    /// The side's units on the map, in id order.
    pub fn iter(&self) -> impl Iterator<Item = (UnitId, UnitSupply)> + '_ {
        self.units
            .iter()
            .enumerate()
            .filter_map(|(i, s)| s.map(|s| (UnitId(i as u16), s)))
    }
}

/// Judges every unit of `side` on the map in the current position, in one
/// pass (MAL-SUP-1..5, or GS-1..3 with GS-7/8 when `out` was made
/// [`SideSupply::with_isolation`]), into `out`.
pub fn judge_side(scen: &Scenario, state: &GameState, side: Side, out: &mut SideSupply) {
    with_supply_scratch(|ms, ss| {
        ms.prepare(scen, state);
        let what = Judge {
            status: true,
            isolation: out.isolation,
        };
        judge_side_in(scen, state, side, what, ms, ss);
        out.side = Some(side);
        out.units.clone_from(&ss.out.units);
        if !out.isolation {
            for s in out.units.iter_mut().flatten() {
                s.isolated = None;
            }
        }
    })
}

/// [`judge_side`] in the given buffers (the Supply Phase's judgement),
/// leaving the answer in `ss.out`; `what.status` is taken as asked. Reuses
/// the last answer when it was for this side and position and covers `what`.
pub(crate) fn judge_side_in(
    scen: &Scenario,
    state: &GameState,
    side: Side,
    what: Judge,
    ms: &Scratch,
    ss: &mut SupplyScratch,
) {
    let model = scen.supply_rules().model;
    let isolation = what.isolation && model == SupplyModel::Graded;
    let key = PositionKey::of(scen, state);
    if PositionKey::hit(ss.out_key, key)
        && ss.out.side == Some(side)
        && (ss.out.isolation || !isolation)
    {
        return;
    }
    ss.out_key = None;
    ss.out.side = Some(side);
    ss.out.isolation = isolation;
    ss.out.units.clear();
    ss.out.units.resize(state.units().len(), None);
    let units = state.units();
    match model {
        SupplyModel::None => {
            for u in state.units_of(scen, side) {
                ss.out.units[u.index()] = Some(UnitSupply {
                    state: SupplyState::Full,
                    u_level: units[u.index()].u_level,
                    isolated: None,
                });
            }
        }
        SupplyModel::Binary => {
            judge_binary_into(scen, state, side, ms, ss);
            for (i, v) in ss.verdict.iter().enumerate() {
                if *v != 2 {
                    ss.out.units[i] = Some(UnitSupply {
                        state: if *v == 1 {
                            SupplyState::Full
                        } else {
                            SupplyState::Out
                        },
                        u_level: units[i].u_level,
                        isolated: None,
                    });
                }
            }
        }
        SupplyModel::Graded => {
            let what = Judge {
                status: true,
                isolation,
            };
            graded::judge_into(scen, state, side, what, ms, &mut ss.graded);
            for (i, us) in units.iter().enumerate() {
                let u = UnitId(i as u16);
                if let Some(s) = ss.graded.status(u) {
                    ss.out.units[i] = Some(UnitSupply {
                        state: s,
                        u_level: u_level_after(s, us.u_level),
                        isolated: ss.graded.isolated(u),
                    });
                }
            }
        }
    }
    ss.out_key = key;
}

/// `u`'s supply by the current position, as [`judge_side`] would judge it
/// (its status and U-level; `isolated` is `None`). One unit's searches,
/// with what it shares with its side kept per position (see the module doc).
pub fn status(scen: &Scenario, state: &GameState, u: UnitId) -> UnitSupply {
    with_supply_scratch(|ms, ss| {
        ms.prepare(scen, state);
        unit(scen, state, u, Judge::STATUS, ms, ss)
    })
}

/// GS-7, GS-8: whether no line of communication reaches `u` now; `None`
/// unless the scenario plays the graded model. (Off the map: `false`.)
pub fn isolated(scen: &Scenario, state: &GameState, u: UnitId) -> Option<bool> {
    with_supply_scratch(|ms, ss| {
        ms.prepare(scen, state);
        let what = Judge {
            status: false,
            isolation: true,
        };
        unit(scen, state, u, what, ms, ss).isolated
    })
}

/// GS-6: calls `f` with every hex on one of `side`'s supply lines now (an
/// HQ there is in general supply); nothing unless the scenario plays the
/// graded model.
pub fn supply_lines(scen: &Scenario, state: &GameState, side: Side, f: impl FnMut(HexId)) {
    with_supply_scratch(|ms, ss| {
        ms.prepare(scen, state);
        graded::line_hexes(scen, state, side, ms, &mut ss.graded, f);
    })
}

/// One unit judged as `what` asks (the status is always given, but only
/// searched for when asked).
fn unit(
    scen: &Scenario,
    state: &GameState,
    u: UnitId,
    what: Judge,
    ms: &Scratch,
    ss: &mut SupplyScratch,
) -> UnitSupply {
    let us = state.unit(u);
    let model = scen.supply_rules().model;
    let isolation = what.isolation && model == SupplyModel::Graded;
    let mut out = UnitSupply {
        state: SupplyState::Out,
        u_level: us.u_level,
        isolated: isolation.then_some(false),
    };
    if model == SupplyModel::None {
        out.state = SupplyState::Full;
        return out;
    }
    if !us.on_map() {
        return out;
    }
    let side = scen.unit(u).side;
    // The side was just judged in this position: a look-up.
    if PositionKey::hit(ss.out_key, PositionKey::of(scen, state))
        && ss.out.side == Some(side)
        && (ss.out.isolation || !isolation)
    {
        if let Some(mut s) = ss.out.get(u) {
            s.isolated = s.isolated.filter(|_| isolation);
            return s;
        }
    }
    if model == SupplyModel::Binary {
        if what.status {
            ss.fit(scen.grid().len());
            let ty = scen.unit_type(u);
            network(scen, state, side, ty.class, ms, ss);
            if overland_from(scen, side, ty.class, us.hex, ty.movement.0, ms, ss) {
                out.state = SupplyState::Full;
            }
        }
        return out;
    }
    let (s, iso) = graded::judge_unit(scen, state, u, what, ms, &mut ss.graded);
    if let Some(s) = s {
        out.state = s;
        out.u_level = u_level_after(s, us.u_level);
    }
    out.isolated = iso.or(out.isolated);
    out
}
