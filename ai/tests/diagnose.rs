//! Diagnostics of the guided search, ignored (they print, they assert
//! nothing): how far apart the heuristic's best destinations are at the
//! front (what `gap` and `opts` act on), and what the search's root holds
//! in Malaya's middle game.
//! `cargo test --release -p hexwar-ai --test diagnose -- --ignored --nocapture`.

use hexwar_ai::mcts::{Budget, MctsPlayer};
use hexwar_ai::{AiRng, Player};
use hexwar_engine::{Action, GameState, PhaseKind, Side, builtin};
use rand::SeedableRng;

fn mcts(iters: u32, seed: u64) -> MctsPlayer {
    MctsPlayer::new(Budget::Iterations(iters), seed)
}

#[test]
#[ignore]
fn destination_gaps_at_the_front() {
    use hexwar_ai::Guide;
    for name in builtin::names() {
        let scen = builtin::load(name).unwrap();
        let mut dice = AiRng::seed_from_u64(1);
        let mut rngs = [AiRng::seed_from_u64(2), AiRng::seed_from_u64(3)];
        let mut ps = [
            hexwar_ai::HeuristicPlayer::default(),
            hexwar_ai::HeuristicPlayer::default(),
        ];
        let mut g = hexwar_ai::HeuristicPlayer::default();
        let mut st = GameState::new(&scen, &mut dice);
        let mut gaps: Vec<f64> = Vec::new();
        let (mut front, mut moves) = (0, 0);
        while !st.is_over() {
            let s = st.active_side().index();
            let a = ps[s].choose(&scen, &st, &mut rngs[s]);
            if let Action::Move { unit, .. } = a {
                if st.phase(&scen) == PhaseKind::Movement {
                    g.new_position(&scen, &st);
                    let mut out = Vec::new();
                    let mut r = AiRng::seed_from_u64(9);
                    g.scored_moves(&scen, &st, unit, &mut r, &mut out);
                    let f = g.in_enemy_reach(&scen, st.unit(unit).hex)
                        || out
                            .iter()
                            .take(4)
                            .any(|&(_, h)| h.is_some() && g.in_enemy_reach(&scen, h));
                    moves += 1;
                    if f && out.len() > 1 {
                        front += 1;
                        gaps.push(out[0].0 - out[1].0);
                    }
                }
            }
            st.apply(&scen, a, &mut dice, &mut ()).unwrap();
        }
        gaps.sort_by(|a, b| a.partial_cmp(b).unwrap());
        let q = |p: f64| gaps[((gaps.len() - 1) as f64 * p) as usize];
        println!(
            "{name}: {moves} moves, {front} at the front; gap best-2nd quantiles 10% {:.2} 25% {:.2} 50% {:.2} 75% {:.2} 90% {:.2}; under 4: {}",
            q(0.1),
            q(0.25),
            q(0.5),
            q(0.75),
            q(0.9),
            gaps.iter().filter(|&&x| x < 4.0).count()
        );
    }
}

#[test]
#[ignore]
fn roots_in_malayas_middle_game() {
    use hexwar_ai::Guide;
    let scen = builtin::load("malaya").unwrap();
    let mut dice = AiRng::seed_from_u64(1);
    let mut rngs = [AiRng::seed_from_u64(2), AiRng::seed_from_u64(3)];
    let mut ps = [
        hexwar_ai::HeuristicPlayer::default(),
        hexwar_ai::HeuristicPlayer::default(),
    ];
    let mut st = GameState::new(&scen, &mut dice);
    let mut n = 0;
    while !st.is_over() && n < 12 {
        if st.turn() >= 9 && st.active_side() == Side(0) && st.phase(&scen) == PhaseKind::Movement {
            n += 1;
            let mut m = mcts(100, 1);
            let s = m.search(&scen, &st, 1);
            let mut g = hexwar_ai::HeuristicPlayer::default();
            let mut order = Vec::new();
            g.unit_order(&scen, &st, &mut order);
            g.new_position(&scen, &st);
            let bm = g.before_moves(&scen, &st);
            let first = order.iter().copied().find(|&u| g.may_move(&scen, &st, u));
            let mut out = Vec::new();
            if let Some(u) = first {
                g.scored_moves(&scen, &st, u, &mut AiRng::seed_from_u64(1), &mut out);
            }
            out.truncate(5);
            println!(
                "it {} children {:?} before {bm:?} first {first:?} reach {:?} opts {out:?}",
                s.iterations,
                m.root_children()
                    .iter()
                    .map(|c| c.action)
                    .collect::<Vec<_>>(),
                first.map(|u| g.in_enemy_reach(&scen, st.unit(u).hex))
            );
        }
        let s = st.active_side().index();
        let a = ps[s].choose(&scen, &st, &mut rngs[s]);
        st.apply(&scen, a, &mut dice, &mut ()).unwrap();
    }
}
