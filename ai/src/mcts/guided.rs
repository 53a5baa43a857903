//! The guided search's candidates, asked of its [`Guide`]: in a Movement
//! Phase the units are decided one at a time in the guide's order, each
//! with its best-scored destinations (the guide's own first) and staying;
//! in other phases the guide's action first, then ending the phase, rolling
//! the attack declared as it stands, or declaring an attack on another hex.

use hexwar_engine::{Action, GameState, HexId, PhaseKind, Scenario, UnitId};

use super::MctsPlayer;
use crate::{AiRng, Guide};

/// The guided search's "this unit stays" edge: a move to no hex, which is
/// never a legal action.
pub(super) fn skip(unit: UnitId) -> Action {
    Action::Move {
        unit,
        to: HexId::NONE,
    }
}

/// Is `a` a [`skip`] edge?
pub(super) fn is_skip(a: Action) -> bool {
    matches!(a, Action::Move { to, .. } if !to.is_some())
}

/// The guided candidates of `state`, the guide's choice first, into
/// `acts` (empty: none found, take the legal actions). In a Movement
/// Phase: supply spent or a charge when the guide wants one, else the
/// next unit of `order` from `cursor` that may move (the cursor is moved
/// on to it) with up to `limits.0` of its destinations scored within
/// `limits.1` of its best, staying as [`skip`]; after the last unit, the
/// phase's end. In other phases: the guide's action, then ending the
/// phase, rolling the attack declared as it stands, or declaring an
/// attack on another hex.
#[allow(clippy::too_many_arguments)]
pub(super) fn guided_candidates<G: Guide>(
    guide: &mut G,
    scen: &Scenario,
    state: &GameState,
    order: &[UnitId],
    cursor: &mut u16,
    rng: &mut AiRng,
    options: &mut Vec<(f64, HexId)>,
    limits: (usize, f64),
    acts: &mut Vec<Action>,
) {
    acts.clear();
    if state.is_over() {
        return;
    }
    guide.new_position(scen, state);
    match state.phase(scen) {
        PhaseKind::Movement => {
            if let Some(a) = guide.before_moves(scen, state) {
                acts.push(a);
                return;
            }
            while let Some(&u) = order.get(*cursor as usize) {
                if guide.may_move(scen, state, u) {
                    break;
                }
                *cursor += 1;
            }
            let Some(&u) = order.get(*cursor as usize) else {
                acts.push(Action::EndPhase);
                return;
            };
            unit_candidates(guide, scen, state, u, rng, options, limits, acts);
        }
        _ => phase_candidates(guide, scen, state, limits.0, acts),
    }
}

/// The candidates for unit `u`'s move: up to `limits.0` of its scored
/// destinations within `limits.1` of its best, staying among them; only
/// the guide's own choice when neither the unit nor any of those
/// destinations is in the enemy's reach.
#[allow(clippy::too_many_arguments)]
fn unit_candidates<G: Guide>(
    guide: &mut G,
    scen: &Scenario,
    state: &GameState,
    u: UnitId,
    rng: &mut AiRng,
    options: &mut Vec<(f64, HexId)>,
    limits: (usize, f64),
    acts: &mut Vec<Action>,
) {
    guide.scored_moves(scen, state, u, rng, options);
    let best = options.first().map_or(0.0, |o| o.0);
    // Away from the enemy (neither the unit nor any of its options
    // within its reach next turn), the guide's move stands.
    let here = state.unit(u).hex;
    let front = guide.in_enemy_reach(scen, here)
        || options
            .iter()
            .take(limits.0)
            .any(|&(_, h)| h.is_some() && guide.in_enemy_reach(scen, h));
    let n = if front { limits.0.max(1) } else { 1 };
    for &(sc, h) in options.iter().take(n) {
        if sc < best - limits.1 {
            break;
        }
        acts.push(if h.is_some() {
            Action::Move { unit: u, to: h }
        } else {
            skip(u)
        });
    }
    // Staying is always a candidate when there is a choice.
    if n > 1 && !acts.contains(&skip(u)) {
        if acts.len() >= n {
            acts.pop();
        }
        acts.push(skip(u));
    }
}

/// The candidates outside a Movement Phase: the guide's action (none if it
/// is not legal), then, up to `max` in all, ending the phase, rolling the
/// attack declared as it stands, or declaring an attack on another hex.
fn phase_candidates<G: Guide>(
    guide: &mut G,
    scen: &Scenario,
    state: &GameState,
    max: usize,
    acts: &mut Vec<Action>,
) {
    let first = guide.phase_action(scen, state);
    if state.check(scen, first).is_err() {
        return;
    }
    acts.push(first);
    if max <= 1 {
        return;
    }
    let mut legal = Vec::new();
    state.legal_actions(scen, &mut legal);
    let declared = state.combat().target;
    let mut push = |a: Action| {
        if acts.len() < max && !acts.contains(&a) && legal.contains(&a) {
            acts.push(a);
        }
    };
    push(Action::EndPhase);
    if declared.is_some() {
        push(Action::Resolve { air: 0 });
    } else {
        let mut seen: Vec<HexId> = Vec::new();
        for &a in &legal {
            if let Action::Attack { target, .. } = a {
                if !seen.contains(&target) {
                    seen.push(target);
                    push(a);
                }
            }
        }
    }
}

impl<G: Guide> MctsPlayer<G> {
    /// The unit order of the Movement Phase `state` is in (kept while the
    /// phase lasts; the cursor starts at its first unit).
    pub(super) fn sync_order(&mut self, scen: &Scenario, state: &GameState) {
        if state.is_over() || state.phase(scen) != PhaseKind::Movement {
            return;
        }
        let key = (state.turn(), state.active_side(), state.phase_index());
        if self.order_key == Some(key) {
            return;
        }
        self.order_key = Some(key);
        self.order.clear();
        self.workers[0]
            .guide
            .unit_order(scen, state, &mut self.order);
        self.cursor = 0;
    }
}
