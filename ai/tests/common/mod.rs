//! Helpers shared by the AI test files: fixtures, and a game loop that
//! checks every action chosen.

// Each test file uses its own subset of these.
#![allow(dead_code)]

use hexwar_ai::{AiRng, Player};
use hexwar_engine::{Action, GameState, HexId, PhaseKind, Scenario, Side, UnitId, builtin};
use rand::SeedableRng;

/// A game that runs longer than this does not end.
pub const MAX_ACTIONS: usize = 50_000;

/// A built-in scenario.
pub fn scenario(name: &str) -> std::sync::Arc<Scenario> {
    builtin::load(name).expect("built-in scenario")
}

/// A fixture from `ai/tests/fixtures/NAME.toml`.
pub fn fixture(name: &str) -> Scenario {
    let path = format!("{}/tests/fixtures/{name}.toml", env!("CARGO_MANIFEST_DIR"));
    let src = std::fs::read_to_string(&path).expect("fixture");
    Scenario::from_toml(&src, &path).unwrap_or_else(|e| panic!("{path}: {e:?}"))
}

/// Plays one game from `seed` (dice and each side's RNG derived from it);
/// every action chosen is checked legal. Returns the winner and the
/// actions (when `record`).
pub fn play(
    scen: &Scenario,
    players: &mut [Box<dyn Player>; 2],
    seed: u64,
    record: bool,
) -> (Option<Side>, Vec<Action>) {
    let mut dice = AiRng::seed_from_u64(seed);
    let mut rngs = [
        AiRng::seed_from_u64(seed ^ 0x5151_0000),
        AiRng::seed_from_u64(seed ^ 0xa0a0_0000),
    ];
    let mut state = GameState::new(scen, &mut dice);
    let mut log = Vec::new();
    let mut n = 0;
    while !state.is_over() {
        let side = state.active_side().index();
        let a = players[side].choose(scen, &state, &mut rngs[side]);
        if let Err(e) = state.check(scen, a) {
            panic!(
                "{} chose an illegal action {a:?} in {} turn {} phase {:?}: {}",
                players[side].name(),
                scen.name(),
                state.turn(),
                state.phase(scen),
                e.describe(scen)
            );
        }
        if record {
            log.push(a);
        }
        state.apply_unchecked(scen, a, &mut dice, &mut ());
        n += 1;
        assert!(
            n < MAX_ACTIONS,
            "game {seed} of {} does not end",
            scen.name()
        );
    }
    (state.result().and_then(|r| r.winner), log)
}

/// Lets `player` play the side to move until its player-turn (or the game)
/// ends, each action checked and applied; returns the actions.
pub fn player_turn(
    scen: &Scenario,
    state: &mut GameState,
    player: &mut dyn Player,
    seed: u64,
) -> Vec<Action> {
    play_while(scen, state, player, seed, |st| {
        (st.turn(), st.active_side(), 0)
    })
}

/// Lets `player` play the side to move until its current phase (or the
/// game) ends, as [`player_turn`] does the player-turn.
pub fn phase(
    scen: &Scenario,
    state: &mut GameState,
    player: &mut dyn Player,
    seed: u64,
) -> Vec<Action> {
    play_while(scen, state, player, seed, |st| {
        (st.turn(), st.active_side(), st.phase_index())
    })
}

/// Plays while `key` of the position stays what it was (the player's RNG
/// from `seed`, the dice from `seed + 1`).
fn play_while(
    scen: &Scenario,
    state: &mut GameState,
    player: &mut dyn Player,
    seed: u64,
    key: impl Fn(&GameState) -> (u8, Side, usize),
) -> Vec<Action> {
    let mut rng = AiRng::seed_from_u64(seed);
    let mut dice = AiRng::seed_from_u64(seed + 1);
    let start = key(state);
    let mut out = Vec::new();
    while !state.is_over() && key(state) == start {
        let a = player.choose(scen, state, &mut rng);
        state
            .apply(scen, a, &mut dice, &mut ())
            .unwrap_or_else(|e| panic!("{a:?}: {}", e.describe(scen)));
        out.push(a);
        assert!(out.len() < 200, "{out:?}");
    }
    out
}

/// A new game from `seed` taken straight to the first side's Combat
/// Phase (its Movement Phase ended with nothing moved; dice from `dice`).
pub fn combat_phase(scen: &Scenario, seed: u64, dice: u64) -> GameState {
    let mut state = GameState::new(scen, &mut AiRng::seed_from_u64(seed));
    state
        .apply(
            scen,
            Action::EndPhase,
            &mut AiRng::seed_from_u64(dice),
            &mut (),
        )
        .unwrap();
    assert_eq!(state.phase(scen), PhaseKind::Combat);
    state
}

/// The unit of `scen` with this id.
pub fn unit(scen: &Scenario, id: &str) -> UnitId {
    scen.unit_by_id(id)
        .unwrap_or_else(|| panic!("no unit {id}"))
}

/// The hex of `scen` with this label.
pub fn hex(scen: &Scenario, label: &str) -> HexId {
    scen.grid().parse(label).unwrap()
}

/// A log an evaluator under test writes to.
pub type Log<T> = std::sync::Arc<std::sync::Mutex<Vec<T>>>;

/// What an evaluator noted while an `mcts:` player with options `opts`
/// (and the evaluator `make` builds on a fresh log) chose its first action
/// at Malaya's start (game seed 3), with that start; the log is not empty.
pub fn noted_at_malayas_start<T: Clone, E>(
    opts: &str,
    make: impl FnOnce(Log<T>) -> E,
) -> (GameState, Vec<T>)
where
    E: hexwar_ai::mcts::Evaluator + 'static,
{
    let scen = builtin::load("malaya").unwrap();
    let state = GameState::new(&scen, &mut AiRng::seed_from_u64(3));
    let log = Log::default();
    let mut p = hexwar_ai::mcts::MctsPlayer::from_options(opts)
        .unwrap()
        .with_evaluator(make(log.clone()));
    p.choose(&scen, &state, &mut AiRng::seed_from_u64(4));
    let v = log.lock().unwrap().clone();
    assert!(!v.is_empty());
    (state, v)
}
