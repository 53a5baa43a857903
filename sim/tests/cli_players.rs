//! The `hexwar` binary's commands that pit players against each other, run
//! as a user would: `duel` (paired games, duplicate margin scoring, SPRT),
//! the levels wherever a player is named, `tournament`.

mod common;

use common::*;

#[test]
fn duel_pairs_games_with_sides_swapped() {
    // The same player on both sides: each pair is the same game twice with
    // the players' names swapped, so A scores exactly half, every pair
    // ties, and the SPRT sees no evidence that A is stronger.
    let v = json(&hexwar(&[
        "duel",
        "--scenario",
        &rich(),
        "--a",
        "random",
        "--b",
        "random",
        "--games",
        "40",
        "--sprt",
        "0,50",
        "--json",
    ]));
    let pairs = v["pairs"].as_u64().unwrap();
    assert_eq!(v["games"].as_u64(), Some(2 * pairs));
    assert!((10..=20).contains(&pairs), "{v}");
    assert_eq!(v["score_mode"], "result");
    assert_eq!(v["score"].as_f64(), Some(0.5));
    assert_eq!(v["wins"], v["losses"]);
    assert!(v["low"].as_f64().unwrap() < 0.5 && v["high"].as_f64().unwrap() > 0.5);
    assert_eq!(v["by_side"][0]["games"].as_u64(), Some(pairs));
    assert_eq!(v["by_side"][1]["games"].as_u64(), Some(pairs));
    assert_eq!(v["equal"].as_u64(), Some(pairs));
    assert_eq!(v["margin"]["mean"].as_f64(), Some(0.0));
    assert!(v["sprt"]["llr"].as_f64().unwrap() <= 0.0);
    assert_ne!(v["sprt"]["verdict"], "H1");
    let o = hexwar(&["duel", "--a", "random", "--b", "oracle"]);
    expect_code(&o, 2);
    assert!(stderr(&o).contains("oracle"), "{}", stderr(&o));
    let o = hexwar(&["duel", "--a", "random", "--b", "random", "--sprt", "5"]);
    expect_code(&o, 2);
}

#[test]
fn duel_by_margin_compares_seat_by_seat() {
    let v = json(&hexwar(&[
        "duel",
        "--scenario",
        &rich(),
        "--a",
        "heuristic",
        "--b",
        "random",
        "--games",
        "20",
        "--score",
        "margin",
        "--json",
    ]));
    assert_eq!(v["score_mode"], "margin");
    assert_eq!(
        (v["pairs"].as_u64(), v["games"].as_u64()),
        (Some(10), Some(20))
    );
    let n = |k: &str| v[k].as_u64().unwrap() as f64;
    assert_eq!(n("better") + n("equal") + n("worse"), 10.0);
    // The score is the share of seat comparisons A won, ties half.
    let score = v["score"].as_f64().unwrap();
    assert!((score - (n("better") + n("equal") / 2.0) / 10.0).abs() < 1e-12);
    assert!(v["low"].as_f64().unwrap() <= score && score <= v["high"].as_f64().unwrap());
    assert!(score > 0.5, "the heuristic outplays random: {v}");
    // The seat breakdown adds up to the margin difference.
    let seat = |k: usize, f: &str| v["by_side"][k][f].as_f64().unwrap();
    let diff = seat(0, "a_margin") - seat(0, "b_margin");
    assert!(
        (diff - v["margin"]["mean"].as_f64().unwrap()).abs() < 1e-9,
        "{v}"
    );
    assert!((diff - (seat(1, "a_margin") - seat(1, "b_margin"))).abs() < 1e-9);
    assert!(v["margin"]["low"].as_f64().unwrap() <= v["margin"]["high"].as_f64().unwrap());
}

/// Issue 13: `--sprt 0,100` stopped after two games with an LLR of
/// 120446795 because all-equal results have no variance. Now two wins
/// weigh two wins.
#[test]
fn sprt_does_not_stop_on_the_first_pair() {
    for score in ["result", "margin"] {
        let v = json(&hexwar(&[
            "duel",
            "--scenario",
            &rich(),
            "--a",
            "heuristic",
            "--b",
            "random",
            "--games",
            "60",
            "--sprt",
            "0,100",
            "--score",
            score,
            "--json",
        ]));
        let llr = v["sprt"]["llr"].as_f64().unwrap();
        assert!(v["pairs"].as_u64().unwrap() >= 8, "{score}: {v}");
        assert!(llr.is_finite() && llr < 10.0, "{score}: {v}");
        assert_eq!(v["sprt"]["verdict"], "H1", "{score}: {v}");
    }
}

#[test]
fn levels_are_players_everywhere() {
    let dir = temp_dir("levels");
    let run = dir.join("run");
    let v = json(&hexwar(&[
        "simulate",
        "--scenario",
        &rich(),
        "--blue",
        "novice",
        "--red",
        "normal",
        "--games",
        "2",
        "--out",
        run.to_str().unwrap(),
        "--json",
    ]));
    assert_eq!(v["sides"][0]["player"], "novice", "{v}");
    assert_eq!(v["sides"][1]["player"], "normal", "{v}");
    let o = hexwar(&[
        "replay",
        "--scenario",
        &rich(),
        "--blue",
        "normal",
        "--red",
        "novice",
        "--game",
        "0",
        "--brief",
    ]);
    expect_code(&o, 0);
    assert!(stdout(&o).contains("normal vs novice"), "{}", stdout(&o));
    let v = json(&hexwar(&[
        "duel",
        "--scenario",
        &rich(),
        "--a",
        "normal",
        "--b",
        "novice",
        "--games",
        "2",
        "--json",
    ]));
    assert_eq!(
        (v["a"].as_str(), v["b"].as_str()),
        (Some("normal"), Some("novice"))
    );
    let o = hexwar(&[
        "sweep",
        "--scenario",
        &rich(),
        "--set",
        "victory.decisive=4,5",
        "--games",
        "2",
        "--blue",
        "novice",
        "--red",
        "normal",
        "--out",
        dir.join("sweep").to_str().unwrap(),
        "--json",
    ]);
    expect_code(&o, 0);
    // A level takes no options; an unknown name is named.
    for bad in ["hard:iters=5", "master"] {
        let o = hexwar(&["duel", "--a", bad, "--b", "normal"]);
        expect_code(&o, 2);
        assert!(stderr(&o).contains(bad), "{}", stderr(&o));
    }
    for cmd in ["simulate", "duel", "replay", "sweep", "play", "tournament"] {
        let help = stdout(&hexwar(&[cmd, "--help"]));
        assert!(
            help.contains("novice") && help.contains("expert"),
            "{cmd} --help:\n{help}"
        );
    }
}

#[test]
fn tournament_tables_are_the_same_on_any_thread_count() {
    let dir = temp_dir("tournament");
    let scenarios = format!("{},malaya", rich());
    let play = |threads: &str| {
        let out = dir.join(format!("t{threads}"));
        let o = hexwar(&[
            "tournament",
            "--players",
            "random,normal,novice",
            "--scenarios",
            &scenarios,
            "--pairs",
            "3",
            "--threads",
            threads,
            "--out",
            out.to_str().unwrap(),
            "--json",
        ]);
        (json(&o), out)
    };
    let (one, d1) = play("1");
    let (two, d2) = play("2");
    assert_eq!(one, two);
    for f in ["tournament.json", "tournament.md", "games.csv"] {
        let a = std::fs::read(d1.join(f)).unwrap();
        assert_eq!(a, std::fs::read(d2.join(f)).unwrap(), "{f}");
    }
    let v = one;
    assert_eq!(v["score_mode"], "margin");
    assert_eq!(v["games"], 2 * 3 * 3 * 2);
    let tables = v["tables"].as_array().unwrap();
    assert_eq!(tables.len(), 3);
    assert_eq!(tables[2]["scenario"], "overall");
    for t in tables {
        assert_eq!(t["cells"].as_array().unwrap().len(), 3);
    }
    assert_eq!(tables[2]["cells"][0]["pairs"], 6);
    // The first table's cells in the order of the players given.
    let cell = &tables[0]["cells"][1];
    assert_eq!(
        (cell["a"].as_str(), cell["b"].as_str()),
        (Some("random"), Some("novice"))
    );
    let elo = v["elo"].as_array().unwrap();
    assert_eq!(elo.len(), 3);
    assert_eq!(elo[0]["player"], "random");
    assert_eq!(elo[0]["elo"].as_f64(), Some(0.0));
    for r in elo {
        let (e, lo, hi) = (
            r["elo"].as_f64().unwrap(),
            r["low"].as_f64().unwrap(),
            r["high"].as_f64().unwrap(),
        );
        assert!(lo <= e && e <= hi, "{r}");
    }
    let csv = std::fs::read_to_string(d1.join("games.csv")).unwrap();
    assert_eq!(csv.lines().count(), 1 + 36);
    assert!(csv.starts_with("scenario,a,b,pair,a_side,"), "{csv}");
    let md = std::fs::read_to_string(d1.join("tournament.md")).unwrap();
    assert!(
        md.contains("## Elo") && md.contains("| **normal** |"),
        "{md}"
    );
    // Bad rounds: one player, a player twice.
    let o = hexwar(&["tournament", "--players", "random", "--scenarios", "malaya"]);
    expect_code(&o, 2);
    let o = hexwar(&[
        "tournament",
        "--players",
        "random,random",
        "--scenarios",
        "malaya",
    ]);
    expect_code(&o, 2);
    assert!(stderr(&o).contains("twice"), "{}", stderr(&o));
}

#[test]
fn a_tournament_run_again_keeps_the_pairs_it_played_and_plays_the_rest() {
    let dir = temp_dir("tournament-journal");
    let scen = rich();
    let run = |out: &std::path::Path, pairs: &str, seed: &str| {
        hexwar(&[
            "tournament",
            "--players",
            "random,normal",
            "--scenarios",
            &scen,
            "--pairs",
            pairs,
            "--seed",
            seed,
            "--threads",
            "2",
            "--out",
            out.to_str().unwrap(),
        ])
    };
    let d = dir.join("kept");
    expect_code(&run(&d, "2", "1"), 0);
    let journal = d.join("pairs.jsonl");
    let text = std::fs::read_to_string(&journal).unwrap();
    assert_eq!(text.lines().count(), 2, "{text}");
    // Pair 0's line altered: a pair read back shows it, one played again would not.
    let mut lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let zero = lines.iter_mut().find(|l| l["pair"] == 0).unwrap();
    zero["vp"] = serde_json::json!([[71, 3], [5, 67]]);
    let mut altered: String = lines.iter().map(|l| format!("{l}\n")).collect();
    // A line cut by a kill while it was written.
    altered.push_str("{\"scenario\":\"ri");
    std::fs::write(&journal, altered).unwrap();
    let o = run(&d, "3", "1");
    expect_code(&o, 0);
    assert!(
        stderr(&o).contains("4 of 6 games already played"),
        "{}",
        stderr(&o)
    );
    let csv = std::fs::read_to_string(d.join("games.csv")).unwrap();
    let pair0: Vec<&str> = csv
        .lines()
        .filter(|l| l.split(',').nth(3) == Some("0"))
        .collect();
    assert!(pair0[0].contains(",71,3,"), "{csv}");
    assert!(pair0[1].contains(",5,67,"), "{csv}");
    // The cut line dropped, the new pair on a line of its own.
    let text = std::fs::read_to_string(&journal).unwrap();
    assert_eq!(text.lines().count(), 3, "{text}");
    for l in text.lines() {
        serde_json::from_str::<serde_json::Value>(l).unwrap();
    }
    // The pairs played here are those a fresh tournament plays.
    let fresh = dir.join("fresh");
    expect_code(&run(&fresh, "3", "1"), 0);
    let fresh_csv = std::fs::read_to_string(fresh.join("games.csv")).unwrap();
    let not_zero = |t: &str| -> Vec<String> {
        t.lines()
            .filter(|l| l.split(',').nth(3) != Some("0"))
            .map(String::from)
            .collect()
    };
    assert_eq!(not_zero(&csv), not_zero(&fresh_csv));
    // Pairs are handed out in order, so a tournament stopped mid-way
    // holds the first ones: on two threads, a pair is at most one place
    // ahead of where it would be played alone.
    let ordered = dir.join("ordered");
    expect_code(&run(&ordered, "8", "1"), 0);
    let text = std::fs::read_to_string(ordered.join("pairs.jsonl")).unwrap();
    for (k, l) in text.lines().enumerate() {
        let v: serde_json::Value = serde_json::from_str(l).unwrap();
        assert!(v["pair"].as_u64().unwrap() <= k as u64 + 1, "{text}");
    }
    // Another seed shares nothing with these pairs: all played.
    let o = run(&d, "1", "9");
    expect_code(&o, 0);
    assert!(!stderr(&o).contains("already played"), "{}", stderr(&o));
    // A damaged line is named, and nothing is played over it.
    let text = std::fs::read_to_string(&journal).unwrap();
    let damaged = text.replacen("\"pair\":", "\"pear\":", 1);
    std::fs::write(&journal, damaged).unwrap();
    let o = run(&d, "3", "1");
    expect_code(&o, 2);
    assert!(
        stderr(&o).contains("pairs.jsonl, line 1: not a pair"),
        "{}",
        stderr(&o)
    );
}
