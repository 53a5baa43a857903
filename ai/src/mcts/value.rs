//! Valuing nodes. The [`Evaluator`] values a position for one side in
//! `[0, 1]` (by default [`StaticEvaluator`]: victory points, steps lost,
//! supply, squashed by a logistic). Before it is asked, a rollout plays on
//! from the node: guided, the guide finishes the player-turn (light) and,
//! with `reply`, the opponent's reply is played to the start of the
//! searching side's next player-turn; plain, the random player finishes the
//! player-turn with the search RNG.
//!
//! Common random numbers: the guided rollouts of iteration `i` roll the
//! dice of stream `i` mod [`MctsPlayer::dice_streams`](super::MctsPlayer::dice_streams), so lines that differ in one
//! choice are compared on the same luck more often.

use std::cell::RefCell;

use hexwar_engine::scenario::SupplyModel;
use hexwar_engine::supply::SideSupply;
use hexwar_engine::{Action, GameState, PhaseKind, Scenario, Side, SupplyState, UnitKind, supply};

use super::guided::{guided_candidates, is_skip};
use super::tree::Kind;
use super::worker::{Params, Worker};
use crate::{Guide, Player, RandomPlayer};

thread_local! {
    /// Each side's supply judged in the position being evaluated
    /// (`traced`; buffers reused, no allocation once warm).
    static TRACED: RefCell<[SideSupply; 2]> = RefCell::new([SideSupply::new(), SideSupply::new()]);
}

/// Safety cap on the actions of a rollout.
const MAX_ROLLOUT: usize = 512;

/// Values positions for the search, from one side's point of view, in `[0, 1]`.
/// Shared by the threads of a search (`Sync`).
pub trait Evaluator: Send + Sync {
    /// The value of `state` for `side`: 1 best, 0 worst.
    fn value(&self, scen: &Scenario, state: &GameState, side: Side) -> f64;

    /// Where the search measures from
    /// ([`MctsPlayer::center`](super::MctsPlayer::center)): what
    /// [`Evaluator::value_from`] takes as even for `side` in the
    /// player-turn starting at `state`. By default 0: no centre.
    fn center(&self, _scen: &Scenario, _state: &GameState, _side: Side) -> f64 {
        0.0
    }

    /// The value of `state` for `side` measured from `center` (as
    /// [`Evaluator::center`] gave it): by default [`Evaluator::value`].
    fn value_from(&self, scen: &Scenario, state: &GameState, side: Side, center: f64) -> f64 {
        let _ = center;
        self.value(scen, state, side)
    }
}

/// The default evaluator: a logistic squash of a margin in victory points.
///
/// A finished game is 1 (won), 0 (lost) or 0.5 (drawn), times 0.9, plus
/// 0.1 times the squashed margin (a bigger win is better). Otherwise the
/// margin is `vp[side] - vp[enemy]` (objectives held and enemy steps
/// eliminated, [`GameState::victory_points`]) plus a step weight in VP per
/// step of difference in steps lost (so losses count even where `step_vp`
/// is 0; [`StaticEvaluator::step_weight_in`]) plus `supply_weight` VP per
/// unit of difference in units out of supply (limited supply counts half; as last judged, or traced from the
/// position with `traced` or in a scenario with no Supply Phase), and the value is
/// `1 / (1 + exp(-steepness * margin / scale))` with `scale` the
/// scenario's decisive margin.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StaticEvaluator {
    /// VP per step of difference in steps lost.
    pub step_weight: f64,
    /// The step weight as a share of the scenario's decisive margin
    /// (`stwd=F`): where set, it stands for `step_weight`, so that a step
    /// lost weighs as much against the scenario's own scale of a win in
    /// every scenario (a tenth of it: 4 VP on Malaya, 1.5 on
    /// Morne-Plaine, 2 on Eastfront).
    pub step_share: Option<f64>,
    /// VP per unit of difference in units out of supply.
    pub supply_weight: f64,
    /// Slope of the squash at a margin of the decisive threshold.
    pub steepness: f64,
    /// Weight of the objectives a side presses ([`objective_pressure`]):
    /// credit for bringing troops up to the objectives it does not hold,
    /// so that a search one turn deep sees an advance as progress and not
    /// only as exposure (0: off).
    pub objective_weight: f64,
    /// Supply as the position stands (traced, as the next Supply Phase
    /// would judge it) rather than as last judged (`eval=traced`): a
    /// search one turn deep then sees the enemy's reply cut its lines.
    pub traced: bool,
}

impl Default for StaticEvaluator {
    fn default() -> Self {
        StaticEvaluator {
            step_weight: 0.5,
            step_share: None,
            supply_weight: 0.5,
            steepness: 2.0,
            objective_weight: 1.0,
            traced: false,
        }
    }
}

impl StaticEvaluator {
    /// The VP a step lost weighs besides its own VP in `scen`:
    /// `step_share` times the decisive margin where it is set, else
    /// `step_weight`.
    pub fn step_weight_in(&self, scen: &Scenario) -> f64 {
        self.step_share
            .map_or(self.step_weight, |f| f * decisive_scale(scen))
    }

    /// The margin (in VP) the squash is applied to.
    pub fn margin(&self, scen: &Scenario, state: &GameState, side: Side) -> f64 {
        let me = side.index();
        let them = side.other().index();
        let vp = state.victory_points(scen);
        let lost = state.steps_lost();
        let weight = |supply: SupplyState| match supply {
            SupplyState::Out => 1.0,
            SupplyState::Limited => 0.5,
            _ => 0.0,
        };
        let mut out = [0.0f64; 2];
        // Where no Supply Phase judges supply (small test scenarios), it
        // is traced from the position: each side judged once.
        let traced = scen.supply_rules().model != SupplyModel::None
            && (self.traced || !scen.phases().contains(&PhaseKind::Supply));
        if traced {
            TRACED.with(|sides| {
                let mut sides = sides.borrow_mut();
                for (k, judged) in sides.iter_mut().enumerate() {
                    supply::judge_side(scen, state, Side(k as u8), judged);
                    out[k] = judged.iter().map(|(_, s)| weight(s.state)).sum();
                }
            });
        } else {
            for (us, setup) in state.units().iter().zip(scen.units()) {
                if us.on_map() {
                    out[setup.side.index()] += weight(us.supply);
                }
            }
        }
        let mut m = (vp[me] - vp[them]) as f64
            + self.step_weight_in(scen) * (lost[them] as f64 - lost[me] as f64)
            + self.supply_weight * (out[them] - out[me]);
        if self.objective_weight > 0.0 && !state.is_over() {
            m += self.objective_weight
                * (objective_pressure(scen, state, side)
                    - objective_pressure(scen, state, side.other()));
        }
        m
    }
}

/// The scenario's decisive margin in VP (at least 1): the squash's scale,
/// and what `stwd` takes a share of.
fn decisive_scale(scen: &Scenario) -> f64 {
    scen.victory().decisive.max(1) as f64
}

/// The objectives `side` presses: for each objective it could score and
/// does not control, its VP times `2 / (2 + d)`, `d` the distance in hexes
/// from the nearest of `side`'s fighting units (headquarters and leaders
/// left out) on the map.
pub fn objective_pressure(scen: &Scenario, state: &GameState, side: Side) -> f64 {
    let grid = scen.grid();
    let mut total = 0.0;
    for o in scen.objectives() {
        if o.side.is_some_and(|s| s != side) || state.control(o.hex) == Some(side) {
            continue;
        }
        let d = state
            .units_of(scen, side)
            .filter(|&u| state.unit(u).on_map())
            .filter(|&u| !matches!(scen.unit_type(u).kind, UnitKind::Hq | UnitKind::Leader))
            .map(|u| grid.distance(state.unit(u).hex, o.hex))
            .min();
        if let Some(d) = d {
            total += o.vp as f64 * 2.0 / (2.0 + d as f64);
        }
    }
    total
}

impl StaticEvaluator {
    /// A margin in VP squashed to `(0, 1)`: `1 / (1 + exp(-steepness *
    /// margin / scale))` with `scale` the scenario's decisive margin.
    pub fn squash(&self, scen: &Scenario, margin: f64) -> f64 {
        let scale = decisive_scale(scen);
        let x = self.steepness * margin / scale;
        1.0 / (1.0 + (-x).exp())
    }
}

impl Evaluator for StaticEvaluator {
    fn value(&self, scen: &Scenario, state: &GameState, side: Side) -> f64 {
        self.value_from(scen, state, side, 0.0)
    }

    /// The margin at the start of the player-turn.
    fn center(&self, scen: &Scenario, state: &GameState, side: Side) -> f64 {
        self.margin(scen, state, side)
    }

    fn value_from(&self, scen: &Scenario, state: &GameState, side: Side, center: f64) -> f64 {
        let squash = self.squash(scen, self.margin(scen, state, side) - center);
        match state.result() {
            // A result outweighs any margin; among results, the margin.
            Some(r) => {
                let base = match r.winner {
                    Some(w) if w == side => 1.0,
                    Some(_) => 0.0,
                    None => 0.5,
                };
                0.9 * base + 0.1 * squash
            }
            None => squash,
        }
    }
}

impl<G: Guide> Worker<G> {
    /// The value of node `n` for the searching side: the evaluator, after
    /// a random rollout to the end of the player-turn if asked.
    pub(super) fn value(&mut self, p: &Params, scen: &Scenario, n: u32) -> f64 {
        let state = &self.tree[n].state;
        if p.guided && p.rollout {
            return self.guided_value(p, scen, n);
        }
        if !p.rollout || self.tree[n].kind == Kind::Leaf {
            return p.evaluator.value_from(scen, state, self.side, p.center);
        }
        let mut work = self.work.take().unwrap_or_else(|| state.clone());
        work.clone_from(state);
        let mut player = RandomPlayer::default();
        let mut steps = 0;
        while self.kind_of(&work) != Kind::Leaf && steps < MAX_ROLLOUT {
            let a = player.choose(scen, &work, &mut self.rng);
            work.apply_unchecked(scen, a, &mut self.rng, &mut ());
            steps += 1;
        }
        let v = p.evaluator.value_from(scen, &work, self.side, p.center);
        self.work = Some(work);
        v
    }

    /// Guided: the guide (light) finishes the player-turn from node `n`,
    /// choosing as it would with one candidate per decision; then, when
    /// `reply`, the opponent's guide plays its player-turn; then the
    /// evaluator.
    fn guided_value(&mut self, p: &Params, scen: &Scenario, n: u32) -> f64 {
        let node = &self.tree[n];
        let cursor = node.cursor;
        let mut work = self.work.take().unwrap_or_else(|| node.state.clone());
        work.clone_from(&node.state);
        self.play_out(p, scen, work, cursor)
    }

    /// Guided: the rollout of [`Worker::guided_value`] from `work` (a
    /// position of the searching side's player-turn, the next unit to
    /// decide `cursor` of the order), played to the evaluation; `work` is
    /// kept for the next.
    pub(super) fn play_out(
        &mut self,
        p: &Params,
        scen: &Scenario,
        mut work: GameState,
        mut cursor: u16,
    ) -> f64 {
        let mut acts = std::mem::take(&mut self.scratch);
        let mut steps = 0;
        self.guide.set_light(true);
        while self.kind_of(&work) != Kind::Leaf && steps < MAX_ROLLOUT {
            acts.clear();
            guided_candidates(
                &mut self.guide,
                scen,
                &work,
                p.order,
                &mut cursor,
                &mut self.rng,
                &mut self.options,
                (1, 0.0),
                &mut acts,
            );
            let a = match acts.first() {
                Some(a) => *a,
                None => RandomPlayer::default().choose(scen, &work, &mut self.rng),
            };
            if matches!(a, Action::Move { .. }) {
                cursor += 1;
            }
            if !is_skip(a) {
                work.apply_unchecked(scen, a, &mut self.dice, &mut ());
            }
            steps += 1;
        }
        self.scratch = acts;
        self.guide.set_light(false);
        if p.reply {
            // The reply's distance fields are built once per search.
            self.opp.new_reply();
            let mut steps = 0;
            while !work.is_over() && work.active_side() != self.side && steps < MAX_ROLLOUT {
                let a = self.opp.choose(scen, &work, &mut self.rng);
                work.apply_unchecked(scen, a, &mut self.dice, &mut ());
                steps += 1;
            }
            if let Some(next) = self.next.as_mut().filter(|_| p.follow) {
                // The searching side's next player-turn, its distance
                // fields built once per search as the reply's are.
                next.new_reply();
                let mut steps = 0;
                while !work.is_over() && work.active_side() == self.side && steps < MAX_ROLLOUT {
                    let a = next.choose(scen, &work, &mut self.rng);
                    work.apply_unchecked(scen, a, &mut self.dice, &mut ());
                    steps += 1;
                }
            }
        }
        let v = p.evaluator.value_from(scen, &work, self.side, p.center);
        self.work = Some(work);
        v
    }
}
