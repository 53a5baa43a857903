//! The game kernel and the batch, through the library: same seed, same game,
//! any thread count; the action cap cuts a game off.

use hexwar_ai::RandomPlayer;
use hexwar_engine::builtin;
use hexwar_sim::batch::seed::game_seed;
use hexwar_sim::batch::{
    Batch, BatchSummary, BatchTally, GameRecord, SimError, play_game, play_with, run_batch,
};

#[test]
fn a_game_is_a_function_of_seed_and_index() {
    for name in builtin::names() {
        let scen = builtin::load(name).unwrap();
        let a = play_game(&scen, "random", "random", 5, 3).unwrap();
        assert_eq!(a, play_game(&scen, "random", "random", 5, 3).unwrap());
        assert_eq!((a.seed, a.index, a.game_seed), (5, 3, game_seed(5, 3)));
        assert!(!a.aborted);
        assert!(a.actions > 0);
        assert!(a.turns >= 1 && a.turns <= scen.turns());
    }
}

#[test]
fn bad_ai_specs_are_refused() {
    let scen = builtin::load("malaya").unwrap();
    let e = play_game(&scen, "random", "oracle", 1, 0).unwrap_err();
    assert!(
        matches!(e, SimError::UnknownAi { side: "red", .. }),
        "{e:?}"
    );
    assert!(e.to_string().contains("oracle"));
    let batch = Batch {
        blue: "nope".into(),
        ..Batch::default()
    };
    assert!(matches!(
        run_batch(&scen, &batch, &|_| {}),
        Err(SimError::UnknownAi { side: "blue", .. })
    ));
}

#[test]
fn the_action_cap_stops_a_game() {
    // Legal play always ends (moves spend points, phases end), so the cap
    // only guards against a broken player; a tiny cap shows it works.
    let scen = builtin::load("malaya").unwrap();
    let (mut a, mut b) = (RandomPlayer::default(), RandomPlayer::default());
    let full = play_with(&scen, [&mut a, &mut b], 1, 0, u64::MAX);
    assert!(!full.aborted && full.actions > 3);
    let (mut a, mut b) = (RandomPlayer::default(), RandomPlayer::default());
    let cut = play_with(&scen, [&mut a, &mut b], 1, 0, 3);
    assert!(cut.aborted, "{cut:?}");
    assert_eq!(cut.actions, 3);
    assert_eq!(cut.winner, None);
}

fn batch_on(threads: usize) -> Vec<GameRecord> {
    let scen = builtin::load("malaya").unwrap();
    let batch = Batch {
        games: 40,
        seed: 11,
        threads: Some(threads),
        ..Batch::default()
    };
    run_batch(&scen, &batch, &|_| {}).unwrap()
}

#[test]
fn a_batch_is_the_same_on_one_thread_or_many() {
    let one = batch_on(1);
    assert_eq!(one.len(), 40);
    assert!(
        one.iter().enumerate().all(|(i, r)| r.index == i as u64),
        "records in index order"
    );
    assert_eq!(one, batch_on(4));
    // Each record replays alone.
    let scen = builtin::load("malaya").unwrap();
    for r in &one[..5] {
        assert_eq!(
            &play_game(&scen, "random", "random", r.seed, r.index).unwrap(),
            r
        );
    }
}

#[test]
fn the_report_counts_every_game_once() {
    let scen = builtin::load("malaya").unwrap();
    let batch = Batch {
        games: 40,
        seed: 11,
        ..Batch::default()
    };
    let records = batch_on(2);
    let ticks = std::sync::atomic::AtomicU64::new(0);
    let again = run_batch(
        &scen,
        &Batch {
            threads: Some(2),
            ..batch.clone()
        },
        &|_| {
            ticks.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        },
    )
    .unwrap();
    assert_eq!(ticks.into_inner(), 40, "on_game once per game");
    assert_eq!(again, records);
    let mut tally = BatchTally::new(&scen);
    for r in &records {
        tally.add(r);
    }
    let r = BatchSummary::new(&scen, ["random", "random"], 11, None, &tally);
    assert_eq!(r.games, 40);
    assert_eq!(
        r.sides[0].wins.count + r.sides[1].wins.count + r.draws.count + r.aborted,
        40
    );
    for s in &r.sides {
        assert_eq!(s.decisive + s.marginal, s.wins.count);
        assert!(s.wins.low <= s.wins.rate && s.wins.rate <= s.wins.high);
    }
    let rate = r.sides[0].wins.rate + r.sides[1].wins.rate + r.draws.rate;
    assert!((rate - 1.0).abs() < 1e-9, "{rate}");
    // Steps lost by cause add up to each game's steps lost.
    for (i, side) in tally.sides.iter().enumerate() {
        let by_cause: f64 = side.by_cause.iter().map(|h| h.mean()).sum();
        let all: f64 = records.iter().map(|g| g.steps_lost[i] as f64).sum::<f64>() / 40.0;
        assert!((by_cause - all).abs() < 1e-9, "{by_cause} vs {all}");
        assert!((side.steps.mean() - all).abs() < 1e-9);
    }
    let heat: u64 = tally.heat.iter().sum();
    let lost: u64 = records
        .iter()
        .map(|g| (g.steps_lost[0] + g.steps_lost[1]) as u64)
        .sum();
    assert!(
        heat <= lost && heat > 0,
        "steps lost on the map: {heat} of {lost}"
    );
    let empty = BatchSummary::new(
        &scen,
        ["random", "random"],
        11,
        None,
        &BatchTally::new(&scen),
    );
    assert_eq!((empty.games, empty.draws.rate), (0, 0.0));
}
