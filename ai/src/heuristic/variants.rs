//! Other plans of attack than the heuristic's own, for a search to weigh
//! before it decides the units one by one ([`Guide::plan_variants`]): a
//! unit-by-unit search can move one unit off the plan, not the plan's
//! whole concentration onto another target. The variants of a Movement
//! Phase, its own first:
//!
//! - **bolder**: the bar an attack must clear lowered by [`BAR_SHIFT`] VP,
//!   in the plan and in the Combat Phase (more attacks, at worse odds);
//! - **without** its first planned target: those units free for the next
//!   best;
//! - **cautious**: the bar raised by [`BAR_SHIFT`] (only the best attacks);
//! - **without** its second planned target.
//!
//! A variant set holds for the rest of its player-turn (the plan, the
//! Combat Phase's bar), whatever the search asks in between; another
//! player-turn starts with the heuristic's own plan.
//!
//! [`Guide::plan_variants`]: crate::Guide::plan_variants

use hexwar_engine::{GameState, HexId, Scenario};

use super::HeuristicPlayer;

/// VP by which the bolder and the cautious variants move the bar an
/// attack must clear.
pub(super) const BAR_SHIFT: f64 = 0.5;

/// A plan of attack the heuristic can follow.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(super) enum PlanVariant {
    /// Its own.
    #[default]
    Own,
    /// A lower bar.
    Bolder,
    /// Its own plan without this target.
    Without(HexId),
    /// A higher bar.
    Cautious,
}

/// (turn, side) of a player-turn.
type TurnKey = (u8, u8);

fn turn_key(state: &GameState) -> TurnKey {
    (state.turn(), state.active_side().0)
}

impl HeuristicPlayer {
    /// The variant in force in `state`'s player-turn.
    pub(super) fn variant(&self, state: &GameState) -> PlanVariant {
        match self.variant {
            Some((k, v)) if k == turn_key(state) => v,
            _ => PlanVariant::Own,
        }
    }

    /// What the variant in force adds to the bar an attack must clear.
    pub(super) fn bar_shift(&self, state: &GameState) -> f64 {
        match self.variant(state) {
            PlanVariant::Bolder => -BAR_SHIFT,
            PlanVariant::Cautious => BAR_SHIFT,
            _ => 0.0,
        }
    }

    /// The variants of the Movement Phase `state` is in, its own plan
    /// first (rebuilt with no variant in force): how many.
    pub(super) fn list_variants(&mut self, scen: &Scenario, state: &GameState) -> usize {
        self.variant = None;
        self.rebuild_caches(scen, state);
        let mut targets: Vec<HexId> = Vec::new();
        for &(_, _, t) in &self.plan {
            if !targets.contains(&t) {
                targets.push(t);
            }
        }
        self.variants.clear();
        self.variants.push(PlanVariant::Own);
        self.variants.push(PlanVariant::Bolder);
        if let Some(&first) = targets.first() {
            self.variants.push(PlanVariant::Without(first));
            self.variants.push(PlanVariant::Cautious);
        }
        if let Some(&second) = targets.get(1) {
            self.variants.push(PlanVariant::Without(second));
        }
        self.variants_key = Some(turn_key(state));
        self.variants.len()
    }

    /// Puts variant `k` of [`HeuristicPlayer::list_variants`] in force
    /// for the rest of `state`'s player-turn, the plan rebuilt by it.
    pub(super) fn use_variant(&mut self, scen: &Scenario, state: &GameState, k: usize) {
        if self.variants_key != Some(turn_key(state)) {
            self.list_variants(scen, state);
        }
        let v = self.variants.get(k).copied().unwrap_or_default();
        self.variant = Some((turn_key(state), v));
        self.assault_memo = None;
        self.rebuild_caches(scen, state);
    }

    /// Every cache of `state`'s player-turn and phase built afresh (the
    /// plan with the variant now in force).
    fn rebuild_caches(&mut self, scen: &Scenario, state: &GameState) {
        self.turn_key = None;
        self.phase_key = None;
        self.move_key = None;
        self.prepare(scen, state);
    }

    /// Variant `k` in words.
    pub(super) fn variant_name(&self, scen: &Scenario, k: usize) -> String {
        match self.variants.get(k).copied().unwrap_or_default() {
            PlanVariant::Own => "its own plan of attack".into(),
            PlanVariant::Bolder => "a bolder plan (worse odds accepted)".into(),
            PlanVariant::Without(t) => {
                format!("its plan without the attack on {}", scen.grid().label(t))
            }
            PlanVariant::Cautious => "a cautious plan (only the best attacks)".into(),
        }
    }
}
