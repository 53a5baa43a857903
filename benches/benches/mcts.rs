//! MCTS iterations per second on Malaya's opening position (the Japanese
//! Movement Phase of turn 1): our `MctsPlayer::search` beside the `treant`
//! crate's MCTS driving the same engine state, with the same budget
//! (`ITERS` iterations, one thread), the same leaf value, the same
//! candidates (legal actions, pruned and ordered by `DefaultRanker`), the
//! same progressive widening (`ceil(n^0.5)` children), the same UCB1
//! exploration and the same exact chance nodes for combats
//! (`combat::branches`, treant's closed-loop chance nodes). Two leaf values:
//! `static` (the `StaticEvaluator` of the node's state) and `rollout`
//! (a `RandomPlayer` to the end of the player-turn, then the evaluator).
//! Before timing, each contender's chosen action is checked legal.
//!
//! Where they differ is how they search: ours keeps each node's state in a
//! `Vec` arena and computes a node's candidates on its second visit;
//! treant keeps moves only, so every playout re-applies the path from the
//! root, and it lists a node's moves as soon as the node is created.
//!
//! A second group, `mcts_guided/<scenario>`, times the guided search the
//! `hard` level plays (`GUIDED` options, one thread) on a fixed mid-game
//! position of each built-in scenario (the first side's Movement Phase at
//! half the game, saved from a heuristic game: `ai/tests/fixtures/
//! mcts_midgame_*.json`), a warm player searching it afresh each time.
//!
//! `cargo bench -p hexwar-benches --bench mcts`; throughput is in
//! iterations per second ("elem/s").

use std::hint::black_box;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use hexwar_ai::mcts::{Budget, DefaultRanker, Evaluator as _, MctsPlayer, Ranker, StaticEvaluator};
use hexwar_ai::{AiRng, Player, RandomPlayer};
use hexwar_benches::midgame::midgame;
use hexwar_benches::new_game;
use hexwar_engine::{Action, GameState, Scenario, Side, builtin, combat};
use rand::SeedableRng;
use treant::tree_policy::UCTPolicy;
use treant::{CycleBehaviour, MCTS, MCTSManager, SearchHandle};

/// Iterations (playouts) per search.
const ITERS: u32 = 1000;
/// The guided search's options (`mcts:` spec): the `hard` level's budget,
/// one thread.
const GUIDED: &str = "iters=100";
/// UCB1 exploration constant, set on `MctsPlayer` too.
const C: f64 = 0.7;
/// Values in [0, 1] become treant's integer rewards at this scale.
const SCALE: f64 = 1e6;
/// Safety cap on a rollout, as ours.
const MAX_ROLLOUT: usize = 512;

/// A treant move: one of ours, or the outcome of a roll.
#[derive(Clone, Debug)]
enum TMove {
    Act(Action),
    Outcome(Arc<GameState>),
}

/// The engine state as a treant game: one player-turn of one side.
#[derive(Clone)]
struct TState {
    scen: Arc<Scenario>,
    st: GameState,
    /// (turn, side) of the player-turn searched.
    key: (u8, Side),
    /// `Resolve { air }` chosen, its roll not yet made.
    pending: Option<u8>,
    /// For the randomness inside `apply` (charges, Supply Phases).
    rng: AiRng,
}

impl TState {
    fn leaf(&self) -> bool {
        self.st.is_over() || (self.st.turn(), self.st.active_side()) != self.key
    }
}

impl treant::GameState for TState {
    type Move = TMove;
    type Player = ();
    type MoveList = Vec<TMove>;

    fn current_player(&self) {}

    fn available_moves(&self) -> Vec<TMove> {
        if self.pending.is_some() || self.leaf() {
            return Vec::new();
        }
        let mut acts = Vec::new();
        self.st.legal_actions(&self.scen, &mut acts);
        // The same pruning as MctsPlayer.
        let has_end = acts.contains(&Action::EndPhase);
        acts.retain(|a| match a {
            Action::CancelAttack => false,
            Action::UndoRail { .. } => !has_end,
            _ => true,
        });
        DefaultRanker::default().rank(&self.scen, &self.st, &mut acts);
        acts.into_iter().map(TMove::Act).collect()
    }

    fn make_move(&mut self, mov: &TMove) {
        match mov {
            TMove::Act(Action::Resolve { air }) => self.pending = Some(*air),
            TMove::Act(a) => self
                .st
                .apply_unchecked(&self.scen, *a, &mut self.rng, &mut ()),
            TMove::Outcome(st) => {
                self.st.clone_from(st);
                self.pending = None;
            }
        }
    }

    fn max_children(&self, visits: u64) -> usize {
        ((visits as f64).sqrt().ceil() as usize).max(1)
    }

    fn chance_outcomes(&self) -> Option<Vec<(TMove, f64)>> {
        let air = self.pending?;
        Some(
            combat::branches(&self.scen, &self.st, air)
                .into_iter()
                .map(|(s, p)| (TMove::Outcome(Arc::new(s)), p))
                .collect(),
        )
    }
}

/// The leaf value: ours, for the searching side.
struct TEval {
    side: Side,
    rollout: bool,
    rng: Mutex<AiRng>,
}

impl TEval {
    fn value(&self, s: &TState) -> f64 {
        let eval = StaticEvaluator::default();
        if !self.rollout || s.leaf() || s.pending.is_some() {
            return eval.value(&s.scen, &s.st, self.side);
        }
        let mut rng = self.rng.lock().expect("one thread");
        let mut work = s.st.clone();
        let mut player = RandomPlayer::default();
        let mut steps = 0;
        while !work.is_over() && (work.turn(), work.active_side()) == s.key && steps < MAX_ROLLOUT {
            let a = player.choose(&s.scen, &work, &mut rng);
            work.apply_unchecked(&s.scen, a, &mut *rng, &mut ());
            steps += 1;
        }
        eval.value(&s.scen, &work, self.side)
    }
}

impl treant::Evaluator<Spec> for TEval {
    type StateEvaluation = f64;

    fn evaluate_new_state(
        &self,
        state: &TState,
        moves: &Vec<TMove>,
        _: Option<SearchHandle<Spec>>,
    ) -> (Vec<()>, f64) {
        (vec![(); moves.len()], self.value(state))
    }

    fn evaluate_existing_state(&self, _: &TState, e: &f64, _: SearchHandle<Spec>) -> f64 {
        *e
    }

    fn interpret_evaluation_for_player(&self, e: &f64, _: &()) -> i64 {
        (e * SCALE) as i64
    }
}

#[derive(Default)]
struct Spec;

impl MCTS for Spec {
    type State = TState;
    type Eval = TEval;
    type TreePolicy = UCTPolicy;
    type NodeData = ();
    type TranspositionTable = ();
    type ExtraThreadData = ();

    fn rng_seed(&self) -> Option<u64> {
        Some(1)
    }

    fn closed_loop_chance(&self) -> bool {
        true
    }

    fn cycle_behaviour(&self) -> CycleBehaviour<Self> {
        CycleBehaviour::Ignore
    }
}

/// A treant search of `ITERS` playouts from `state`; its best move.
fn treant_search(scen: &Arc<Scenario>, state: &GameState, rollout: bool) -> Option<TMove> {
    let root = TState {
        scen: scen.clone(),
        st: state.clone(),
        key: (state.turn(), state.active_side()),
        pending: None,
        rng: AiRng::seed_from_u64(1),
    };
    let eval = TEval {
        side: state.active_side(),
        rollout,
        rng: Mutex::new(AiRng::seed_from_u64(2)),
    };
    // treant's UCT: mean + c' * 2 * sqrt(ln(N + 1) / n), rewards scaled.
    let policy = UCTPolicy::new(C / 2.0 * SCALE);
    let mut m = MCTSManager::new(root, Spec, eval, policy, ());
    m.playout_n(ITERS as u64);
    m.best_move()
}

fn mcts(c: &mut Criterion) {
    let scen = builtin::load("malaya").expect("built-in scenario");
    let state = new_game(&scen);
    let mut group = c.benchmark_group("mcts/malaya");
    group.sample_size(10);
    group.throughput(Throughput::Elements(ITERS as u64));
    for rollout in [false, true] {
        let leaf = if rollout { "rollout" } else { "static" };
        let mut ours = MctsPlayer::new(Budget::Iterations(ITERS), 1);
        // The plain search (the guided one asks the heuristic for its
        // candidates and rollouts, which treant's side does not).
        ours.guided = false;
        ours.exploration = C;
        ours.rollout = rollout;
        // Both choose a legal action before anything is timed.
        let mut rng = AiRng::seed_from_u64(3);
        let t = Instant::now();
        let a = ours.choose(&scen, &state, &mut rng);
        let t_ours = t.elapsed();
        state
            .check(&scen, a)
            .unwrap_or_else(|e| panic!("ours chose {a:?}: {}", e.describe(&scen)));
        let t = Instant::now();
        let best = treant_search(&scen, &state, rollout);
        let t_treant = t.elapsed();
        let Some(TMove::Act(b)) = best else {
            panic!("treant chose no action: {best:?}");
        };
        state
            .check(&scen, b)
            .unwrap_or_else(|e| panic!("treant chose {b:?}: {}", e.describe(&scen)));
        eprintln!(
            "mcts/malaya/{leaf}: {ITERS} iterations, ours {:.0} it/s ({} nodes), treant {:.0} it/s (one run each); both legal",
            ITERS as f64 / t_ours.as_secs_f64(),
            ours.last_search().nodes,
            ITERS as f64 / t_treant.as_secs_f64(),
        );
        group.bench_function(format!("{leaf}/ours"), |bch| {
            bch.iter(|| black_box(ours.search(&scen, &state, 1)))
        });
        group.bench_function(format!("{leaf}/treant"), |bch| {
            bch.iter(|| black_box(treant_search(&scen, &state, rollout)))
        });
    }
    group.finish();
}

fn guided(c: &mut Criterion) {
    for name in builtin::names() {
        let scen = builtin::load(name).expect("built-in scenario");
        let state = midgame(&scen, name).unwrap_or_else(|e| panic!("{e}"));
        let mut ours = MctsPlayer::from_options(GUIDED).expect("options");
        // A first search warms the guide (its fields for this player-turn).
        // A forced position (the first unit keeps the guide's move without
        // a search) has nothing to time.
        let s = ours.search(&scen, &state, 1);
        if s.iterations <= 1 {
            eprintln!("mcts_guided/{name}: the first unit's move is forced: skipped");
            continue;
        }
        let t = Instant::now();
        let s = ours.search(&scen, &state, 1);
        eprintln!(
            "mcts_guided/{name} \"{GUIDED}\": {} iterations, {} nodes, {:.0} it/s (one run)",
            s.iterations,
            s.nodes,
            s.iterations as f64 / t.elapsed().as_secs_f64()
        );
        let mut group = c.benchmark_group(format!("mcts_guided/{name}"));
        group.sample_size(10);
        group.throughput(Throughput::Elements(u64::from(s.iterations)));
        group.bench_function("search", |bch| {
            bch.iter(|| black_box(ours.search(&scen, &state, 1)))
        });
        group.finish();
    }
}

criterion_group!(benches, mcts, guided);
criterion_main!(benches);
