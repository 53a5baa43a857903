//! The turn sequence (D-TURN-1..3, D-STACK-1), on top of the rules: a new
//! game, the legal actions, the checked and unchecked apply, and the phases
//! that run by themselves.
//!
//! - `legal`: every legal action now ([`GameState::legal_actions`]).
//! - `check`: whether an action is legal ([`GameState::check`]) and the
//!   checked [`GameState::apply`].
//! - `apply`: the unchecked apply ([`GameState::apply_unchecked`]): moves,
//!   rail moves and take-backs, attacks, advances, charges, supply points.
//! - `phases`: from phase to phase, player-turn to player-turn (D-TURN-1),
//!   the Rail and Combat Phases' openings.
//! - `supply_phase`: the Supply Phase (MAL-SUP-1, -7, -8, GS-2..4, GS-7).
//! - `turn`: a player-turn's start (reinforcements, MAL-CBT-10 landings)
//!   and the end of the game (D-TURN-3).

use rand::Rng;

use crate::event::EventSink;
use crate::hex::HexId;
use crate::scenario::{Mp, Scenario};
use crate::state::{
    GameState, Pools, RailLog, ScenarioEvents, Stamp, SupplyState, UnitFlags, UnitId, UnitState,
};

mod apply;
mod check;
mod legal;
mod phases;
mod supply_phase;
mod turn;

impl GameState {
    /// A new game at the start of turn 1, with automatic phases run.
    pub fn new<R: Rng + ?Sized>(scen: &Scenario, rng: &mut R) -> GameState {
        Self::new_with(scen, rng, &mut ())
    }

    /// [`GameState::new`], recording the opening events.
    pub fn new_with<R: Rng + ?Sized>(
        scen: &Scenario,
        rng: &mut R,
        sink: &mut impl EventSink,
    ) -> GameState {
        let units = scen
            .units()
            .iter()
            .enumerate()
            .map(|(i, s)| UnitState {
                hex: if s.arrives <= 1 { s.hex } else { HexId::NONE },
                mp_spent: Mp::ZERO,
                steps: s.steps,
                morale: scen.unit_type(UnitId(i as u16)).morale.unwrap_or(0),
                strength_loss: 0,
                flags: UnitFlags::empty(),
                charge_target: UnitId(0),
                supply: SupplyState::Full,
                u_level: 0,
                pool: 0,
            })
            .collect();
        let mut st = GameState {
            units,
            control: scen.initial_control().iter().map(|&c| c as u16).collect(),
            turn: 1,
            player: 0,
            phase: 0,
            steps_lost: [0, 0],
            result: None,
            events: ScenarioEvents::empty(),
            rail_log: RailLog::default(),
            sp: scen
                .supply_rules()
                .graded
                .as_ref()
                .map_or([0, 0], |g| g.starting_points),
            combat: Default::default(),
            air: [0, 0],
            pools: Pools::new_game(scen),
            srp: scen.srp().map_or([0, 0], |r| r.initial),
            works_done: 0,
            stamp: Stamp::NONE,
        };
        st.begin_player_turn(scen, sink);
        st.enter_phase(scen, rng, sink);
        st.restamp();
        st
    }
}
