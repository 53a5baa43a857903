//! [`ExposureEvaluator`]: the static margin, plus what the side about to
//! move could take from the other in its next player-turn, as expected
//! values: what a played-out reply would find, without its dice or its
//! cost.
//!
//! The threat is reckoned as the heuristic reckons it: each unit of the
//! side to move reaches every hex it could end a fresh move in
//! ([`movement::next_move_reach`]), and from there the hexes next to it it
//! could attack (MAL-CBT-2: hexes it could enter; armor only across a road
//! or rail hexside; a river or stream crossing weighs as the table's
//! modifier says); its strength is shared out over the enemy stacks it
//! could attack (a line spreads it, an outpost draws all of it), and a hex
//! can take no more attackers than the hexes around it hold. Against each
//! stack the table's column at those odds gives the expected losses of
//! both sides (averaged over the die) and the chance the stack leaves its
//! hex: the attack counts where the exchange favours the attacker, in VP
//! (a loss point is worth its unit's steps' VP over its health), with the
//! objective the stack holds at the chance it leaves it. An objective held
//! with no unit in it, within some unit's reach, counts as taken.

use std::cell::RefCell;

use hexwar_engine::scenario::LossModel;
use hexwar_engine::{Dir, GameState, HexId, Scenario, Side, UnitId, combat, movement, retreat};

use super::value::{Evaluator, StaticEvaluator};

/// The static margin plus the threat of the side to move (see the module
/// doc), squashed as [`StaticEvaluator`] squashes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ExposureEvaluator {
    /// The margin it adds to.
    pub base: StaticEvaluator,
    /// Weight of the exchange the threat could force (1: as expected).
    pub exposure: f64,
    /// Weight of the objectives the threat could take.
    pub objectives: f64,
}

impl Default for ExposureEvaluator {
    fn default() -> Self {
        ExposureEvaluator {
            base: StaticEvaluator::default(),
            exposure: 0.5,
            objectives: 0.5,
        }
    }
}

/// Buffers of one reckoning (per thread, reused).
#[derive(Default)]
struct Scratch {
    /// Per hex: attack strength that could reach it, and how many units.
    pot: Vec<f64>,
    count: Vec<u16>,
    /// Per hex: the unit last counted there (stamp) and its multiplier.
    mark: Vec<u32>,
    mult: Vec<f64>,
    stamp: u32,
    /// Per hex: some unit of the side to move could end its move there
    /// (this reckoning's stamp).
    reached: Vec<u32>,
    /// Per hex: a unit of the defending side stands there (the stamp).
    held: Vec<u32>,
    /// One unit's reach and the hexes it could attack.
    reach: Vec<HexId>,
    hexes: Vec<HexId>,
    /// The defending stacks' hexes.
    stacks: Vec<HexId>,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

impl ExposureEvaluator {
    /// The margin for `side`: the static margin, plus the threat of the
    /// side to move, counted for it.
    pub fn margin(&self, scen: &Scenario, state: &GameState, side: Side) -> f64 {
        let base = self.base.margin(scen, state, side);
        if state.is_over() {
            return base;
        }
        let mover = state.active_side();
        let swing = SCRATCH.with(|s| self.threat(scen, state, mover, &mut s.borrow_mut()));
        if mover == side {
            base + swing
        } else {
            base - swing
        }
    }

    /// What `mover` could take from the other side next turn, in VP.
    fn threat(&self, scen: &Scenario, state: &GameState, mover: Side, s: &mut Scratch) -> f64 {
        let n = scen.grid().len();
        let foe = mover.other();
        s.pot.clear();
        s.pot.resize(n, 0.0);
        s.count.clear();
        s.count.resize(n, 0);
        s.mult.resize(n, 0.0);
        if s.mark.len() != n {
            s.mark = vec![0; n];
            s.reached = vec![0; n];
            s.held = vec![0; n];
            s.stamp = 0;
        }
        s.stamp = s.stamp.wrapping_add(1).max(1);
        let reached_stamp = s.stamp;
        s.stacks.clear();
        for u in state.units_of(scen, foe) {
            let h = state.unit(u).hex;
            if s.held[h.index()] != reached_stamp {
                s.held[h.index()] = reached_stamp;
                s.stacks.push(h);
            }
        }
        for e in state.units_of(scen, mover) {
            self.reckon_unit(scen, state, e, reached_stamp, s);
        }
        let room = 6.0 * scen.stacking() as f64;
        let mut vp = 0.0;
        for i in 0..s.stacks.len() {
            let h = s.stacks[i];
            let k = s.count[h.index()] as f64;
            let att = if k > room {
                s.pot[h.index()] * room / k
            } else {
                s.pot[h.index()]
            };
            if att > 0.0 {
                vp += self.exposure_of(scen, state, h, foe, att);
            }
        }
        // Objectives the foe holds with nobody in them, within reach.
        for o in scen.objectives() {
            if state.control(o.hex) == Some(foe)
                && s.reached[o.hex.index()] == reached_stamp
                && s.held[o.hex.index()] != reached_stamp
            {
                vp += self.objectives * objective_swing(o.vp, o.side);
            }
        }
        vp
    }

    /// Adds unit `e`'s threat against the defending stacks to the scratch
    /// (`reached_stamp` marks this reckoning's `reached` and `held`).
    fn reckon_unit(
        &self,
        scen: &Scenario,
        state: &GameState,
        e: UnitId,
        reached_stamp: u32,
        s: &mut Scratch,
    ) {
        let attack = if combat::can_ever_attack(scen, e) {
            state.attack_strength(scen, e)
        } else {
            0.0
        };
        let ty = scen.unit_type(e);
        s.reach.clear();
        let reach = &mut s.reach;
        movement::next_move_reach(scen, state, e, |h| reach.push(h));
        for &r in &s.reach {
            s.reached[r.index()] = reached_stamp;
        }
        if attack <= 0.0 {
            return;
        }
        s.stamp = s.stamp.wrapping_add(1).max(1);
        let stamp = s.stamp;
        s.hexes.clear();
        for &r in &s.reach {
            for d in Dir::ALL {
                let h = scen.grid().neighbour(r, d);
                if !h.is_some() || s.held[h.index()] != reached_stamp {
                    continue;
                }
                let Some(mult) = combat::crossing(scen, r, d, ty.kind) else {
                    continue;
                };
                if retreat::entry_cost(scen, r, d, h, ty.class).is_none() {
                    continue;
                }
                let i = h.index();
                if s.mark[i] != stamp {
                    s.mark[i] = stamp;
                    s.mult[i] = mult;
                    s.hexes.push(h);
                } else if mult > s.mult[i] {
                    s.mult[i] = mult;
                }
            }
        }
        let targets = s.hexes.len().max(1) as f64;
        for &h in &s.hexes {
            let i = h.index();
            s.pot[i] += attack * s.mult[i] / targets;
            s.count[i] += 1;
        }
    }

    /// What an attack at strength `att` on `foe`'s stack in `h` is worth to
    /// the attacker, in VP, where it favours the attacker (else 0).
    fn exposure_of(
        &self,
        scen: &Scenario,
        state: &GameState,
        h: HexId,
        foe: Side,
        att: f64,
    ) -> f64 {
        let (mut def, mut points, mut worth, mut units) = (0.0, 0.0, 0.0, 0.0);
        let step_weight = self.base.step_weight_in(scen);
        for v in state.units_at(h) {
            if scen.unit(v).side != foe {
                continue;
            }
            def += state.defense_strength(scen, v);
            let (p, w) = loss_point(scen, v, step_weight);
            points += p;
            worth += w;
            units += 1.0;
        }
        if units == 0.0 {
            return 0.0;
        }
        let mut mult = scen.terrain(h).defense;
        if scen.is_fort(h) {
            mult *= scen.combat().fort;
        }
        let c = scen.combat();
        let col = c.column(att, def * mult);
        let rows = c.results.len().max(1) as f64;
        let (mut a, mut d, mut r) = (0.0, 0.0, 0.0);
        for row in &c.results {
            let x = row[col];
            a += x.attacker as f64 / rows;
            d += x.defender as f64 / rows;
            r += f64::from(u8::from(x.retreat > 0)) / rows;
        }
        // The stack's loss points at its mean worth; the attacker pays at
        // the scenario's step value.
        let per_point = worth / points.max(1.0);
        let step = scen.victory().step_vp.max(0) as f64 + step_weight;
        let lost = d.min(points) * per_point - a * step;
        let leaves = (r + d / points.max(1.0)).min(1.0);
        let held: f64 = scen
            .objectives()
            .iter()
            .filter(|o| o.hex == h && state.control(h) == Some(foe))
            .map(|o| objective_swing(o.vp, o.side))
            .sum();
        (self.exposure * lost + self.objectives * leaves * held).max(0.0)
    }
}

/// A unit's loss points (steps, or morale and strength where losses are
/// morale) and its worth in VP (its steps at the scenario's step value
/// plus `step_weight` each).
fn loss_point(scen: &Scenario, u: UnitId, step_weight: f64) -> (f64, f64) {
    let ty = scen.unit_type(u);
    let steps = ty.steps().max(1) as f64;
    let worth = steps * (scen.victory().step_vp.max(0) as f64 + step_weight);
    let points = if scen.combat().losses == LossModel::Morale {
        ty.morale.unwrap_or(0) as f64 + ty.attack.first().copied().unwrap_or(1.0).max(1.0)
    } else {
        steps
    };
    (points.max(1.0), worth)
}

/// The change in the taker's margin when it takes an objective worth `vp`
/// from the other side: twice its worth if either side scores it (one
/// loses it, the other gains it), once if only one side does.
fn objective_swing(vp: i32, only: Option<Side>) -> f64 {
    if only.is_none() {
        2.0 * vp as f64
    } else {
        vp as f64
    }
}

impl Evaluator for ExposureEvaluator {
    fn value(&self, scen: &Scenario, state: &GameState, side: Side) -> f64 {
        self.value_from(scen, state, side, 0.0)
    }

    fn center(&self, scen: &Scenario, state: &GameState, side: Side) -> f64 {
        self.margin(scen, state, side)
    }

    fn value_from(&self, scen: &Scenario, state: &GameState, side: Side, center: f64) -> f64 {
        if state.result().is_some() {
            return self.base.value_from(scen, state, side, center);
        }
        self.base
            .squash(scen, self.margin(scen, state, side) - center)
    }
}
