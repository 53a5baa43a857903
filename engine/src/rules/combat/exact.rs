//! The exact outcome distribution of a combat (MAL-CBT, D-CRT-1): the
//! resolution play runs, driven by a script that walks every branch instead
//! of dice.

use serde::{Deserialize, Serialize};

use super::strength::{committed, defenders, totals};
use super::{Chance, Odds, odds};
use crate::hex::HexId;
use crate::scenario::{CrtResult, Scenario};
use crate::state::{GameState, UnitId};

/// One way a combat can end, as the calculator counts it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Outcome {
    /// Steps the attacker lost (amphibious losses included).
    pub attacker_steps: u16,
    /// Steps the defender lost (retreat losses included).
    pub defender_steps: u16,
    /// Whether the defenders retreated.
    pub retreated: bool,
    /// Defending units eliminated.
    pub defenders_eliminated: u8,
    /// Attacking units eliminated.
    pub attackers_eliminated: u8,
    /// Whether the hex was left empty for the attacker to take.
    pub hex_taken: bool,
    /// Morale points the attackers lost, strength lost to morale included
    /// (losses in morale, MP-CHG-5; 0 with step losses).
    pub attacker_morale: u16,
    /// Morale points the defenders lost, likewise.
    pub defender_morale: u16,
}

/// How a combat ended: `after` is `before` with the attack of `attackers`
/// on `target` (held by `defenders`) rolled.
pub fn outcome_of(
    scen: &Scenario,
    before: &GameState,
    after: &GameState,
    attackers: &[UnitId],
    defenders: &[UnitId],
    target: HexId,
) -> Outcome {
    let side = before.active_side();
    let lost = |us: &[UnitId]| {
        us.iter()
            .map(|u| (before.unit(*u).steps - after.unit(*u).steps) as u16)
            .sum::<u16>()
    };
    let morale = |us: &[UnitId]| {
        us.iter()
            .map(|u| {
                let (b, a) = (before.unit(*u), after.unit(*u));
                b.morale.saturating_sub(a.morale) as u16
                    + a.strength_loss.saturating_sub(b.strength_loss) as u16
            })
            .sum::<u16>()
    };
    let gone = |us: &[UnitId]| {
        us.iter()
            .filter(|u| after.unit(**u).eliminated() && !before.unit(**u).eliminated())
            .count() as u8
    };
    Outcome {
        attacker_steps: lost(attackers),
        defender_steps: lost(defenders),
        retreated: defenders
            .iter()
            .any(|u| after.unit(*u).on_map() && after.unit(*u).hex != target),
        defenders_eliminated: gone(defenders),
        attackers_eliminated: gone(attackers),
        hex_taken: after.combat().advance == target
            || after.units_at(target).any(|u| scen.unit(u).side == side),
        attacker_morale: morale(attackers),
        defender_morale: morale(defenders),
    }
}

/// The exact outcome distribution of a combat (MAL-CBT, D-CRT-1).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Distribution {
    /// The odds.
    pub odds: Odds,
    /// Each distinct outcome with its probability, most likely first;
    /// the probabilities sum to 1.
    pub outcomes: Vec<(Outcome, f64)>,
}

/// A [`Chance`] that follows a script of choices and extends it with the
/// first branch at each new choice point, multiplying the path's probability.
struct Script<'a> {
    choices: &'a mut Vec<(usize, usize)>,
    at: usize,
    p: f64,
}

impl Chance for Script<'_> {
    fn pick(&mut self, n: usize) -> usize {
        if self.at == self.choices.len() {
            self.choices.push((0, n));
        }
        let (c, _) = self.choices[self.at];
        self.at += 1;
        self.p /= n as f64;
        c
    }
}

/// Calls `f` with every way the attack being declared in `state` can end
/// (each die face, each random loss assignment) as the position it leaves
/// and its probability; the probabilities sum to 1. Positions can repeat
/// (two assignments that end alike): [`branches`] merges them. This is
/// the resolution play runs, driven by a script instead of dice.
pub fn for_each_branch(
    scen: &Scenario,
    state: &GameState,
    air: u8,
    f: impl FnMut(&GameState, f64),
) {
    let mut choices: Vec<(usize, usize)> = Vec::new();
    let mut work = state.clone();
    walk(scen, state, air, &mut choices, 0, &mut work, f);
}

/// Every branch whose first `fixed` choices are those in `choices` (the
/// rest of `choices` empty), as [`for_each_branch`] calls them, in the
/// same order; `work` is a buffer.
fn walk(
    scen: &Scenario,
    state: &GameState,
    air: u8,
    choices: &mut Vec<(usize, usize)>,
    fixed: usize,
    work: &mut GameState,
    mut f: impl FnMut(&GameState, f64),
) {
    // Every branch rolls from `state`: its totals are counted once.
    let target = state.combat().target;
    let counted = target.is_some().then(|| totals(scen, state, target));
    loop {
        work.clone_from(state);
        let mut chance = Script {
            choices,
            at: 0,
            p: 1.0,
        };
        if let Some(t) = counted {
            work.resolve_with_totals(scen, air, t, &mut chance, &mut ());
        }
        let p = chance.p;
        f(work, p);
        // Next branch: the last choice point with a branch left moves on.
        loop {
            if choices.len() <= fixed {
                return;
            }
            match choices.pop() {
                None => return,
                Some((c, n)) if c + 1 < n => {
                    choices.push((c + 1, n));
                    break;
                }
                Some(_) => {}
            }
        }
    }
}

/// The distinct positions the attack being declared can leave, with their
/// probabilities (summing to 1), most likely first: the chance node of a
/// search (MCTS), exact.
pub fn branches(scen: &Scenario, state: &GameState, air: u8) -> Vec<(GameState, f64)> {
    let mut out: Vec<(GameState, f64)> = Vec::new();
    // Faces that read the same result leave the same positions, in the
    // same order (see `distribution`): replayed, not played.
    let mut faces = Vec::new();
    state.results_by_face(scen, air, &mut faces);
    let mut choices: Vec<(usize, usize)> = Vec::new();
    let mut work = state.clone();
    if faces.is_empty() {
        walk(scen, state, air, &mut choices, 0, &mut work, |st, p| {
            add_branch(&mut out, st, p);
        });
    }
    let mut played: Vec<(CrtResult, Vec<(usize, f64)>)> = Vec::new();
    for (face, result) in faces.iter().enumerate() {
        if let Some((_, seen)) = played.iter().find(|(r, _)| r == result) {
            for &(i, p) in seen {
                out[i].1 += p;
            }
            continue;
        }
        let mut seen = Vec::new();
        choices.clear();
        choices.push((face, faces.len()));
        walk(scen, state, air, &mut choices, 1, &mut work, |st, p| {
            seen.push((add_branch(&mut out, st, p), p));
        });
        played.push((*result, seen));
    }
    out.sort_by(|a, b| b.1.total_cmp(&a.1));
    out
}

/// Adds a branch to `out` (each position listed once, so a branch adds to
/// the entry its position first made): the entry's index.
fn add_branch(out: &mut Vec<(GameState, f64)>, st: &GameState, p: f64) -> usize {
    match out.iter().position(|(x, _)| x == st) {
        Some(i) => {
            out[i].1 += p;
            i
        }
        None => {
            out.push((st.clone(), p));
            out.len() - 1
        }
    }
}

/// The exact distribution of outcomes of the attack being declared in
/// `state`, with `air` points from the attacker: every die face and every
/// random loss assignment, through the same code play uses.
pub fn distribution(scen: &Scenario, state: &GameState, air: u8) -> Distribution {
    let odds = odds(scen, state, air);
    let side = state.active_side();
    let mut outcomes: Vec<(Outcome, f64)> = Vec::new();
    let attackers: Vec<UnitId> = committed(state).collect();
    let defenders: Vec<UnitId> = defenders(scen, state, odds.target, side).collect();
    let mut add = |outcome: Outcome, p: f64| match outcomes.iter_mut().find(|(o, _)| *o == outcome)
    {
        Some((_, q)) => *q += p,
        None => outcomes.push((outcome, p)),
    };
    // The die is the resolution's first draw, and two faces that read the
    // same result in the table play out alike (the face is only
    // reported): each result's branches are played once, on its first
    // face, and the outcomes they gave are added again for every later
    // face with that result, in the order play would give them, so every
    // sum is the very same as from playing each face (the probabilities
    // are the same numbers: the die's share, then the same later draws).
    let mut faces = Vec::new();
    state.results_by_face(scen, air, &mut faces);
    let mut played: Vec<(CrtResult, Vec<(Outcome, f64)>)> = Vec::new();
    let mut choices: Vec<(usize, usize)> = Vec::new();
    let mut work = state.clone();
    if faces.is_empty() {
        walk(scen, state, air, &mut choices, 0, &mut work, |work, p| {
            add(
                outcome_of(scen, state, work, &attackers, &defenders, odds.target),
                p,
            )
        });
    }
    for (face, result) in faces.iter().enumerate() {
        if let Some((_, seen)) = played.iter().find(|(r, _)| r == result) {
            for &(o, p) in seen {
                add(o, p);
            }
            continue;
        }
        let mut seen = Vec::new();
        choices.clear();
        choices.push((face, faces.len()));
        walk(scen, state, air, &mut choices, 1, &mut work, |work, p| {
            let o = outcome_of(scen, state, work, &attackers, &defenders, odds.target);
            add(o, p);
            seen.push((o, p));
        });
        played.push((*result, seen));
    }
    outcomes.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    Distribution { odds, outcomes }
}
