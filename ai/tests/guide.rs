//! The `Guide` trait: a player other than the heuristic can guide the MCTS
//! search through it alone. A guide that only forwards to the heuristic
//! (and counts the questions) must give the default player's game.

use hexwar_ai::mcts::{Budget, MctsPlayer};
use hexwar_ai::{AiRng, Guide, HeuristicPlayer, Player, RandomPlayer};
use hexwar_engine::{Action, GameState, HexId, Scenario, UnitId, builtin};
use rand::SeedableRng;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The heuristic behind a guide of another type, counting what it is asked.
#[derive(Default)]
struct Forward {
    inner: HeuristicPlayer,
    questions: Arc<AtomicUsize>,
}

impl Forward {
    fn ask(&self) {
        self.questions.fetch_add(1, Ordering::Relaxed);
    }
}

impl Player for Forward {
    fn name(&self) -> String {
        "forward".into()
    }

    fn choose(&mut self, scen: &Scenario, state: &GameState, rng: &mut AiRng) -> Action {
        self.inner.choose(scen, state, rng)
    }
}

impl Guide for Forward {
    fn new_search(&mut self) {
        self.inner.new_search();
    }

    fn new_line(&mut self) {
        self.inner.new_line();
    }

    fn new_reply(&mut self) {
        self.inner.new_reply();
    }

    fn set_light(&mut self, light: bool) {
        self.inner.set_light(light);
    }

    fn unit_order(&mut self, scen: &Scenario, state: &GameState, out: &mut Vec<UnitId>) {
        self.ask();
        self.inner.unit_order(scen, state, out);
    }

    fn new_position(&mut self, scen: &Scenario, state: &GameState) {
        self.inner.new_position(scen, state);
    }

    fn before_moves(&mut self, scen: &Scenario, state: &GameState) -> Option<Action> {
        self.ask();
        self.inner.before_moves(scen, state)
    }

    fn may_move(&self, scen: &Scenario, state: &GameState, unit: UnitId) -> bool {
        self.inner.may_move(scen, state, unit)
    }

    fn scored_moves(
        &mut self,
        scen: &Scenario,
        state: &GameState,
        unit: UnitId,
        rng: &mut AiRng,
        out: &mut Vec<(f64, HexId)>,
    ) {
        self.ask();
        self.inner.scored_moves(scen, state, unit, rng, out);
    }

    fn in_enemy_reach(&self, scen: &Scenario, hex: HexId) -> bool {
        self.inner.in_enemy_reach(scen, hex)
    }

    fn phase_action(&mut self, scen: &Scenario, state: &GameState) -> Action {
        self.ask();
        self.inner.phase_action(scen, state)
    }
}

/// The first player-turns of Malaya with `mcts` as the first side against
/// the random player: the actions taken.
fn opening(mcts: &mut dyn Player) -> Vec<Action> {
    let scen = builtin::load("malaya").unwrap();
    let mut random = RandomPlayer::default();
    let mut dice = AiRng::seed_from_u64(3);
    let mut rngs = [AiRng::seed_from_u64(4), AiRng::seed_from_u64(5)];
    let mut state = GameState::new(&scen, &mut dice);
    let mut log = Vec::new();
    while !state.is_over() && state.turn() <= 2 {
        let side = state.active_side().index();
        let p: &mut dyn Player = if side == 0 { mcts } else { &mut random };
        let a = p.choose(&scen, &state, &mut rngs[side]);
        log.push(a);
        state.apply(&scen, a, &mut dice, &mut ()).unwrap();
    }
    log
}

#[test]
fn another_guide_steers_the_same_search() {
    let mut plain = MctsPlayer::new(Budget::Iterations(12), 7);
    let guide = Forward::default();
    let asked = guide.questions.clone();
    let mut replies = Forward::default();
    replies.set_light(true);
    let mut forwarded = MctsPlayer::with_guide(Budget::Iterations(12), 7, guide, replies);
    let a = opening(&mut plain);
    let b = opening(&mut forwarded);
    assert!(a.len() > 10);
    assert_eq!(a, b);
    assert!(asked.load(Ordering::Relaxed) > a.len());
}
