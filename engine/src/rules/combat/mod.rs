//! Combat (MAL-CBT-1..10, D-CRT-1): who may attack what, strengths and
//! odds, the die and the results table, air points, step losses, retreats,
//! advance after combat, amphibious assault; and the exact odds calculator.
//!
//! One resolution routine serves play and the calculator: it draws every
//! random number through [`Chance`]. Play passes the game's RNG; the
//! calculator ([`distribution`]) passes a script that walks every branch (each
//! die face, each random choice of the unit that loses a step) and weighs it
//! by its probability, so the distribution it returns is exact and can never
//! drift from what play does.
//!
//! A combat is declared unit by unit ([`crate::Action::Attack`]; the first
//! names the hex), rolled with [`crate::Action::Resolve`] (the attacker's air
//! points), or withdrawn with [`crate::Action::CancelAttack`] before the roll.
//!
//! - `eligibility`: who may attack what ([`can_attack`], MAL-CBT-1, -2,
//!   -10) and the what-if position the calculators read ([`what_if`]).
//! - `strength`: each unit's strength with its modifiers and the odds
//!   ([`odds`], MAL-CBT-3..5).
//! - `resolve`: the roll and its results: losses, retreats, advance,
//!   landings (`GameState::resolve_combat`, MAL-CBT-4..10).
//! - `exact`: the exact distribution of outcomes ([`distribution`],
//!   [`branches`]).

use rand::Rng;

pub use crate::action::NoAttack;
pub use crate::event::Roll;

mod eligibility;
mod exact;
mod resolve;
mod strength;

pub(crate) use eligibility::may_enter;
pub use eligibility::{can_attack, can_ever_attack, what_if};
pub use exact::{Distribution, Outcome, branches, distribution, for_each_branch, outcome_of};
pub use strength::{Contribution, Modifier, Odds, crossing, odds};

/// Where combat's random numbers come from.
pub trait Chance {
    /// A uniform choice among `n` (`n >= 1`): `0..n`.
    fn pick(&mut self, n: usize) -> usize;

    /// A die roll, `1..=faces`.
    fn roll(&mut self, faces: u8) -> u8 {
        self.pick(faces as usize) as u8 + 1
    }
}

/// [`Chance`] from an RNG.
pub struct RngChance<'a, R: Rng + ?Sized>(pub &'a mut R);

impl<R: Rng + ?Sized> Chance for RngChance<'_, R> {
    fn pick(&mut self, n: usize) -> usize {
        self.0.random_range(0..n)
    }
}
