//! `hexwar balance` as a user runs it: the verdict at each level on a
//! scenario whose balance is known, resuming, and `--tune` finding the
//! value that evens it (`tests/fixtures/tune.toml`: the first side loses
//! below 5 VP, draws at 5, wins above, whoever plays).

mod common;

use common::*;

fn tune_file() -> String {
    repo_file("tests/fixtures/tune.toml")
}

#[test]
fn balance_gives_a_verdict_per_level_and_the_trend() {
    let dir = temp_dir("balance-levels");
    let out = dir.join("b");
    let args = [
        "balance",
        "--scenario",
        &tune_file(),
        "--players",
        "random,novice,normal",
        "--games",
        "12",
        "--level-games",
        "normal=10",
        "--out",
        out.to_str().unwrap(),
        "--json",
    ];
    let v = json(&hexwar(&args));
    let levels = v["levels"].as_array().unwrap();
    assert_eq!(levels.len(), 3);
    assert_eq!(levels[0]["player"], "random");
    assert_eq!(levels[2]["games"], 10);
    for l in levels {
        // Red wins every game: Blue's score 0, margin -2 exactly.
        assert_eq!(l["score"]["score"], 0.0, "{l}");
        assert!(l["score"]["high"].as_f64().unwrap() < 0.35, "{l}");
        assert_eq!(l["verdict"], "one-sided", "{l}");
        assert_eq!(l["favours"], "Red", "{l}");
        assert_eq!(l["margin"]["mean"], -2.0, "{l}");
        assert_eq!(l["margins"], serde_json::json!({"-2": l["games"]}), "{l}");
    }
    assert!(
        levels[0]["note"]
            .as_str()
            .unwrap()
            .contains("measure nothing")
    );
    assert_eq!(v["trend"]["from"], "novice");
    assert_eq!(v["trend"]["to"], "normal");
    assert_eq!(v["trend"]["direction"], "holds");
    for f in [
        "summary.json",
        "summary.md",
        "trend.png",
        "trend.svg",
        "margins.png",
    ] {
        assert!(out.join(f).exists(), "no {f}");
    }
    for level in ["random", "novice", "normal"] {
        assert!(
            out.join(level).join("games.csv").exists(),
            "no {level}/games.csv"
        );
    }
    let md = std::fs::read_to_string(out.join("summary.md")).unwrap();
    assert!(md.contains("one-sided toward Red"), "{md}");
    // The same command again finds every level done: the same report.
    let again = json(&hexwar(&args));
    assert_eq!(again["levels"][1]["score"], v["levels"][1]["score"]);
    assert_eq!(again["levels"][1]["timing"]["played"], 0);
    // Another game count in the same folder is refused, not mixed in.
    let mut other = args.to_vec();
    other[6] = "13";
    let o = hexwar(&other);
    expect_code(&o, 2);
    assert!(
        stderr(&o).contains("holds a run of other games"),
        "{}",
        stderr(&o)
    );
    // Text: a row per level and the verdict rules.
    let o = hexwar(&[
        "balance",
        "--scenario",
        &tune_file(),
        "--players",
        "novice",
        "--games",
        "12",
        "--out",
        dir.join("text").to_str().unwrap(),
    ]);
    expect_code(&o, 0);
    let text = stdout(&o);
    assert!(text.contains("one-sided toward Red"), "{text}");
    assert!(text.contains("verdicts: balanced:"), "{text}");
}

#[test]
fn tune_finds_the_known_value_and_writes_the_tuned_scenario() {
    let dir = temp_dir("balance-tune");
    for (target, out) in [("score", "s"), ("margin", "m")] {
        let out = dir.join(out);
        let v = json(&hexwar(&[
            "balance",
            "--scenario",
            &tune_file(),
            "--players",
            "random",
            "--games",
            "6",
            "--tune",
            "objectives.0.vp=0..20",
            "--target",
            target,
            "--out",
            out.to_str().unwrap(),
            "--json",
        ]));
        assert_eq!(v["integer"], true);
        assert_eq!(v["tuned"]["value"], "5", "{v}");
        assert_eq!(v["tuned"]["low"], 5.0, "{v}");
        assert_eq!(v["tuned"]["high"], 5.0, "{v}");
        // Every value tried lies in the range; the neighbours were played.
        let xs: Vec<f64> = v["values"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["x"].as_f64().unwrap())
            .collect();
        assert!(xs.iter().all(|x| (0.0..=20.0).contains(x)), "{xs:?}");
        assert!(xs.contains(&4.0) && xs.contains(&6.0), "{xs:?}");
        let tuned = out.join("tune-tuned.toml");
        let text = std::fs::read_to_string(&tuned).unwrap();
        let original = std::fs::read_to_string(tune_file()).unwrap();
        // The one value changed in place, comments kept, a name of its own.
        assert!(text.contains("vp = 5 # the value tuned"), "{text}");
        assert!(text.contains("name = \"tune-tuned\""), "{text}");
        assert!(text.contains("# Blue's objective (its value is the setting tuned)."));
        assert_eq!(text.lines().count(), original.lines().count() + 2);
        let o = hexwar(&["validate", tuned.to_str().unwrap()]);
        expect_code(&o, 0);
    }
}

#[test]
fn tune_says_when_the_range_holds_no_crossing() {
    let dir = temp_dir("balance-none");
    let v = json(&hexwar(&[
        "balance",
        "--scenario",
        &tune_file(),
        "--players",
        "random",
        "--games",
        "4",
        "--tune",
        "objectives.0.vp=6..20",
        "--out",
        dir.join("t").to_str().unwrap(),
        "--json",
    ]));
    assert!(v["tuned"].is_null(), "{v}");
    let note = v["note"].as_str().unwrap();
    assert!(note.contains("no crossing in 6..20"), "{note}");
    assert!(note.contains("below 6"), "{note}");
    assert!(!dir.join("t").join("tune-tuned.toml").exists());
    // Bad ranges and paths are refused before any game.
    for (tune, says) in [
        ("objectives.0.vp=5", "LO..HI"),
        ("objectives.0.vp=9..3", "below HI"),
        ("objectives.0.nope=1..3", "nope"),
    ] {
        let o = hexwar(&[
            "balance",
            "--scenario",
            &tune_file(),
            "--players",
            "random",
            "--tune",
            tune,
        ]);
        expect_code(&o, 2);
        assert!(stderr(&o).contains(says), "{tune}: {}", stderr(&o));
    }
    let o = hexwar(&[
        "balance",
        "--scenario",
        &tune_file(),
        "--players",
        "random,normal",
        "--tune",
        "objectives.0.vp=0..9",
    ]);
    expect_code(&o, 2);
    assert!(stderr(&o).contains("one --players"), "{}", stderr(&o));
}
