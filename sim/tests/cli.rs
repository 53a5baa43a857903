//! The `hexwar` binary, run as a user would: exit codes, messages, and
//! output that parses.

mod common;

use std::path::{Path, PathBuf};

use common::*;
use hexwar_engine::{Action, GameState, PhaseKind, Side, builtin};
use rand::SeedableRng;

#[test]
fn scenarios_lists_every_builtin() {
    let o = hexwar(&["scenarios"]);
    expect_code(&o, 0);
    let text = stdout(&o);
    for name in builtin::names() {
        assert!(
            text.lines().any(|l| l.starts_with(name)),
            "{name} missing:\n{text}"
        );
    }
    let list = json(&hexwar(&["scenarios", "--json"]));
    let names: Vec<&str> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, builtin::names().collect::<Vec<_>>());
    for s in list.as_array().unwrap() {
        assert!(s["columns"].as_u64().unwrap() > 0);
        assert!(s["turns"].as_u64().unwrap() > 0);
        assert!(s["units"][0].as_u64().unwrap() > 0 && s["units"][1].as_u64().unwrap() > 0);
    }
}

#[test]
fn validate_accepts_a_good_file() {
    let file = repo_file("../engine/scenarios/malaya.toml");
    let o = hexwar(&["validate", &file]);
    expect_code(&o, 0);
    assert!(stdout(&o).contains(": ok"), "{}", stdout(&o));
    assert!(stdout(&o).contains("malaya"), "{}", stdout(&o));

    let o = hexwar(&["validate", &rich()]);
    expect_code(&o, 0);
    let text = stdout(&o);
    for part in [
        "8x6",
        "clear 44",
        "woods 2",
        "2 units + 1 reinforcement",
        "Trunk (8 hexes)",
        "objectives 2",
    ] {
        assert!(text.contains(part), "{part} missing:\n{text}");
    }
}

#[test]
fn validate_reports_each_error_with_file_line_col() {
    let dir = temp_dir("validate-broken");
    let good = std::fs::read_to_string(rich()).unwrap();
    // Two checked errors: a route that jumps and an unknown side; and
    // before them, which stop serde, an unknown key and a value of the
    // wrong type: every one is reported.
    let broken = good
        .replacen("[scenario]\n", "[scenario]\ncolour = \"red\"\n", 1)
        .replacen("turn_length = \"1 day\"", "turn_length = 1", 1)
        .replace(r#""0101", "0201", "0302""#, r#""0101", "0201", "0304""#)
        .replace(
            r#"side = "red"
type = "cav""#,
            r#"side = "green"
type = "cav""#,
        );
    let path = dir.join("broken.toml");
    std::fs::write(&path, broken).unwrap();
    let o = hexwar(&["validate", path.to_str().unwrap()]);
    expect_code(&o, 1);
    let err = stderr(&o);
    let lines: Vec<&str> = err.lines().collect();
    assert!(lines.len() >= 2, "{err}");
    let prefix = format!("{}:", path.display());
    for l in &lines {
        let rest = l
            .strip_prefix(&prefix)
            .unwrap_or_else(|| panic!("not file:line:col: {l}"));
        let mut parts = rest.splitn(3, ':');
        assert!(parts.next().unwrap().parse::<usize>().is_ok(), "{l}");
        assert!(parts.next().unwrap().parse::<usize>().is_ok(), "{l}");
        assert!(parts.next().unwrap().starts_with(' '), "{l}");
    }
    assert!(err.contains("0304"), "{err}");
    assert!(err.contains("green"), "{err}");
    assert!(err.contains("unknown field `colour`"), "{err}");
    assert!(err.contains("invalid type: integer `1`"), "{err}");
    assert_eq!(lines.len(), 5, "{err}"); // the jump is two errors: 0201-0304, 0304-0402

    // Other commands refuse the file the same way.
    let o = hexwar(&["show", path.to_str().unwrap()]);
    expect_code(&o, 1);
    assert!(stderr(&o).contains(&prefix), "{}", stderr(&o));
}

#[test]
fn validate_never_panics_on_garbage() {
    let dir = temp_dir("validate-garbage");
    let cases: [(&str, &[u8]); 5] = [
        ("syntax.toml", b"[scenario\nname = 1\n"),
        ("empty.toml", b""),
        ("shape.toml", b"[scenario]\nname = \"x\"\ntitle = 3\n"),
        ("binary.toml", &[0xff, 0xfe, 0x00, 0x9f, 0x92, 0x96]),
        ("latin1.toml", b"# caf\xe9\n[scenario]\n"),
    ];
    for (name, bytes) in cases {
        let path = dir.join(name);
        std::fs::write(&path, bytes).unwrap();
        let o = hexwar(&["validate", path.to_str().unwrap()]);
        expect_code(&o, 1);
        assert!(
            stderr(&o).starts_with(&format!("{}:", path.display())),
            "{name}: {}",
            stderr(&o)
        );
    }
    // The Latin-1 byte is on line 1, after "# caf".
    let o = hexwar(&["validate", dir.join("latin1.toml").to_str().unwrap()]);
    assert!(stderr(&o).contains("latin1.toml:1:6: "), "{}", stderr(&o));
}

#[test]
fn validate_of_a_missing_file_exits_2() {
    let dir = temp_dir("validate-missing");
    let path = dir.join("nothing-here.toml");
    let o = hexwar(&["validate", path.to_str().unwrap()]);
    expect_code(&o, 2);
    assert!(stderr(&o).contains("nothing-here.toml"), "{}", stderr(&o));
}

#[test]
fn unknown_scenario_exits_2_with_a_clear_message() {
    let runs: [&[&str]; 4] = [
        &["show", "atlantis"],
        &["inspect", "atlantis", "--zoc", "0"],
        &["simulate", "--scenario", "atlantis", "--games", "1"],
        &["show", "no/such/dir/atlantis.toml"],
    ];
    for args in runs {
        let o = hexwar(args);
        expect_code(&o, 2);
        let err = stderr(&o);
        assert!(err.contains("unknown scenario"), "{args:?}: {err}");
        assert!(err.contains("malaya"), "should list the built-ins: {err}");
    }
}

#[test]
fn usage_errors_exit_2() {
    for args in [
        &["frobnicate"][..],
        &["inspect", "malaya"],
        &["inspect", "malaya", "--moves", "nobody"],
        &["inspect", "malaya", "--zoc", "purple"],
        &["simulate", "--games", "1", "--blue", "genius"],
    ] {
        let o = hexwar(args);
        expect_code(&o, 2);
        assert!(!stderr(&o).is_empty(), "{args:?}");
    }
}

#[test]
fn show_prints_a_summary_and_writes_svg() {
    let dir = temp_dir("show");
    for name in builtin::names() {
        let svg = dir.join(format!("{name}.svg"));
        let o = hexwar(&["show", name, "--svg", svg.to_str().unwrap()]);
        expect_code(&o, 0);
        let scen = builtin::load(name).unwrap();
        assert!(stdout(&o).contains(scen.title()), "{}", stdout(&o));
        let text = std::fs::read_to_string(&svg).unwrap();
        assert!(text.starts_with("<svg"), "{name}");
        assert!(text.trim_end().ends_with("</svg>"), "{name}");
        assert_eq!(
            text.matches("<polygon class=\"hex\"").count(),
            scen.grid().len(),
            "{name}: one polygon per hex"
        );
    }

    let svg = dir.join("rich.svg");
    let o = hexwar(&["show", &rich(), "--svg", svg.to_str().unwrap()]);
    expect_code(&o, 0);
    let out = stdout(&o);
    for part in [
        "Rich & <escaped> map",
        "Blue (blue) moves first",
        "Townsville",
        "turn 2 at 0101",
        "supply, movement",
    ] {
        assert!(out.contains(part), "{part} missing:\n{out}");
    }
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.starts_with("<svg"));
    assert!(
        text.contains("Rich &amp; &lt;escaped&gt; map"),
        "titles are escaped"
    );
    for part in [
        "<title>bridge</title>",
        "<title>ford</title>",
        "<title>fort</title>",
        "road Trunk",
        "track Path",
        "rail Line",
        "Townsville",
        "objective",
    ] {
        assert!(text.contains(part), "{part} missing from the SVG");
    }
    // Four counters on the map at the start; the reinforcement is not.
    assert_eq!(text.matches(r#"class="counter""#).count(), 4);
}

/// A saved game of the rich fixture in the second side's movement phase.
fn red_to_move(dir: &Path) -> PathBuf {
    let scen = load(&rich());
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(3);
    let mut game = GameState::new(&scen, &mut rng);
    while !(game.active_side() == Side(1) && game.phase(&scen) == PhaseKind::Movement) {
        game.apply(&scen, Action::EndPhase, &mut rng, &mut ())
            .unwrap();
    }
    let path = dir.join("red.json");
    std::fs::write(
        &path,
        serde_json::to_string_pretty(&game.to_saved(&scen)).unwrap(),
    )
    .unwrap();
    path
}

#[test]
fn inspect_moves_as_json() {
    for name in builtin::names() {
        let scen = builtin::load(name).unwrap();
        let unit = scen
            .units()
            .iter()
            .find(|u| u.side == Side(0) && u.arrives <= 1)
            .unwrap();
        let v = json(&hexwar(&["inspect", name, "--moves", &unit.id, "--json"]));
        assert_eq!(v["unit"], unit.id.as_str());
        assert_eq!(v["can_move"], true, "{name}: {v}");
        assert!(v["destinations"].is_array());
    }

    let v = json(&hexwar(&["inspect", &rich(), "--moves", "B1", "--json"]));
    let dests = v["destinations"].as_array().unwrap();
    let find = |hex: &str| {
        dests
            .iter()
            .find(|d| d["hex"] == hex)
            .unwrap_or_else(|| panic!("{hex} not reached: {v}"))
    };
    assert_eq!(find("0302")["cost"], "1");
    assert_eq!(find("0201")["cost"], "1.5", "road from 0302");
    assert_eq!(find("0201")["path"], serde_json::json!(["0302", "0201"]));
    assert_eq!(find("0404")["stops"], true, "0404 is in r1's ZOC");
    assert_eq!(find("0302")["stops"], false);
}

#[test]
fn inspect_moves_explains_why_a_unit_cannot_move() {
    let o = hexwar(&["inspect", &rich(), "--moves", "r1"]);
    expect_code(&o, 0);
    let text = stdout(&o);
    assert!(text.contains("cannot move now"), "{text}");
    assert!(text.contains("--state"), "{text}");

    let v = json(&hexwar(&["inspect", &rich(), "--moves", "b3", "--json"]));
    assert_eq!(v["can_move"], false);
    assert!(v["reason"].as_str().unwrap().contains("turn 2"), "{v}");

    let dir = temp_dir("inspect-state");
    let saved = red_to_move(&dir);
    let v = json(&hexwar(&[
        "inspect",
        &rich(),
        "--state",
        saved.to_str().unwrap(),
        "--moves",
        "r1",
        "--json",
    ]));
    assert_eq!(v["can_move"], true, "{v}");
    assert!(!v["destinations"].as_array().unwrap().is_empty());
}

#[test]
fn inspect_zoc_as_json() {
    for name in builtin::names() {
        let scen = builtin::load(name).unwrap();
        let side = &scen.side(Side(1)).id;
        let v = json(&hexwar(&["inspect", name, "--zoc", side, "--json"]));
        assert_eq!(v["side"], side.as_str());
        assert!(v["hexes"].is_array());
    }
    let v = json(&hexwar(&["inspect", &rich(), "--zoc", "Red", "--json"]));
    let hexes: Vec<&str> = v["hexes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h.as_str().unwrap())
        .collect();
    // r1 in 0504: its ZOC covers its neighbours but not the town 0403 (MP-ZOC-2).
    for h in ["0503", "0603", "0604", "0505", "0404"] {
        assert!(hexes.contains(&h), "{h} not in {hexes:?}");
    }
    assert!(!hexes.contains(&"0403"), "{hexes:?}");
}

#[test]
fn bad_state_files_are_named() {
    let dir = temp_dir("bad-state");
    let bad = dir.join("bad.json");
    std::fs::write(&bad, "{ not json").unwrap();
    let o = hexwar(&[
        "inspect",
        &rich(),
        "--state",
        bad.to_str().unwrap(),
        "--zoc",
        "red",
    ]);
    expect_code(&o, 1);
    assert!(stderr(&o).contains("bad.json"), "{}", stderr(&o));

    // A save of another scenario.
    let saved = red_to_move(&dir);
    let o = hexwar(&["show", "malaya", "--state", saved.to_str().unwrap()]);
    expect_code(&o, 1);
    assert!(stderr(&o).contains("red.json"), "{}", stderr(&o));

    let o = hexwar(&[
        "show",
        &rich(),
        "--state",
        dir.join("missing.json").to_str().unwrap(),
    ]);
    expect_code(&o, 2);
    assert!(stderr(&o).contains("missing.json"), "{}", stderr(&o));

    let o = hexwar(&["show", &rich(), "--state", saved.to_str().unwrap()]);
    expect_code(&o, 0);
    assert!(stdout(&o).contains("Red movement phase"), "{}", stdout(&o));
}

#[test]
fn simulate_plays_every_builtin_to_a_result() {
    let tmp = temp_dir("simulate-builtins");
    for name in builtin::names() {
        let out = tmp.join(name);
        let v = json(&hexwar(&[
            "simulate",
            "--scenario",
            name,
            "--games",
            "20",
            "--out",
            out.to_str().unwrap(),
            "--json",
        ]));
        assert_eq!(v["games"], 20);
        assert_eq!(v["aborted"], 0, "{name}: {v}");
        let wins = v["sides"][0]["wins"]["count"].as_u64().unwrap()
            + v["sides"][1]["wins"]["count"].as_u64().unwrap();
        assert_eq!(
            wins + v["draws"]["count"].as_u64().unwrap(),
            20,
            "{name}: {v}"
        );
        assert!(v["turns"]["mean"].as_f64().unwrap() >= 1.0);
        for f in ["games.csv", "summary.json", "summary.md", "run.json"] {
            assert!(out.join(f).exists(), "{name}: no {f}");
        }
    }
    let out = tmp.join("rich");
    let o = hexwar(&[
        "simulate",
        "--games",
        "5",
        "--scenario",
        &rich(),
        "--out",
        out.to_str().unwrap(),
    ]);
    expect_code(&o, 0);
    assert!(stdout(&o).contains("rich: 5 games"), "{}", stdout(&o));
    assert!(stdout(&o).contains("games/s"), "{}", stdout(&o));
    assert!(stdout(&o).contains("written to"), "{}", stdout(&o));
    // The same folder again is refused, with the way to resume it.
    let o = hexwar(&[
        "simulate",
        "--scenario",
        &rich(),
        "--out",
        out.to_str().unwrap(),
    ]);
    expect_code(&o, 2);
    assert!(stderr(&o).contains("--resume"), "{}", stderr(&o));
}

#[test]
fn simulate_gives_the_same_results_on_any_thread_count() {
    let tmp = temp_dir("simulate-threads");
    let calls = std::cell::Cell::new(0);
    let run = |threads: &str, seed: &str| {
        calls.set(calls.get() + 1);
        let out = tmp.join(format!("run{}", calls.get()));
        let mut v = json(&hexwar(&[
            "simulate",
            "--scenario",
            &rich(),
            "--games",
            "64",
            "--seed",
            seed,
            "--threads",
            threads,
            "--out",
            out.to_str().unwrap(),
            "--json",
        ]));
        let o = v.as_object_mut().unwrap();
        let timing = o.remove("timing").unwrap();
        o.remove("dir");
        assert_eq!(timing["threads"].as_u64().unwrap().to_string(), threads);
        v
    };
    assert_eq!(run("1", "9"), run("2", "9"));
    assert_eq!(run("1", "9"), run("3", "9"));
    assert_ne!(
        run("2", "9")["sides"],
        run("2", "10")["sides"],
        "another seed plays other games"
    );
}

// rule: MAL-CBT-4
#[test]
fn odds_prints_strengths_column_and_an_exact_distribution() {
    let file = repo_file("tests/fixtures/odds.toml");
    // b1 + b2 (4 each) against r1 (1.5 in woods, x2 = 3): 8:3, column 2:1.
    let o = hexwar(&["odds", &file, "--attack", "0202", "--defend", "0302"]);
    expect_code(&o, 0);
    let text = stdout(&o);
    assert!(text.contains("column 2:1"), "{text}");
    assert!(text.contains("terrain x2"), "{text}");
    let v = json(&hexwar(&[
        "odds",
        &file,
        "--attack",
        "0202,0201",
        "--defend",
        "0302",
        "--air",
        "2",
        "--json",
    ]));
    assert_eq!(v["attack"].as_f64(), Some(12.0));
    assert_eq!(v["defense"].as_f64(), Some(3.0));
    assert_eq!(v["column"].as_str(), Some("4:1"));
    assert_eq!(v["attacker_air"].as_u64(), Some(2));
    assert_eq!(
        v["defenders"][0]["modifiers"][0][0].as_str(),
        Some("terrain")
    );
    let total: f64 = v["outcomes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["probability"].as_f64().unwrap())
        .sum();
    assert!((total - 1.0).abs() < 1e-12, "{total}");
    // Bad input: a clear message and exit code 2, no panic.
    let o = hexwar(&["odds", &file, "--attack", "0202", "--defend", "0303"]);
    expect_code(&o, 2);
    assert!(String::from_utf8_lossy(&o.stderr).contains("no Red unit there"));
    let o = hexwar(&["odds", &file, "--attack", "9999", "--defend", "0302"]);
    expect_code(&o, 2);
    assert!(String::from_utf8_lossy(&o.stderr).contains("--attack"));
}

#[test]
fn report_takes_scenario_paths_and_writes_only_where_told() {
    let dir = temp_dir("report-paths");
    let tune = repo_file("tests/fixtures/tune.toml");
    let out = dir.join("rep");
    let o = hexwar(&[
        "report",
        "--scenario",
        &tune,
        "--games",
        "4",
        "--duel-games",
        "0",
        "--out",
        out.to_str().unwrap(),
    ]);
    expect_code(&o, 0);
    let md = std::fs::read_to_string(out.join("README.md")).unwrap();
    assert!(md.contains("(`tune`)"), "{md}");
    assert!(md.contains("| Blue's score | verdict |"), "{md}");
    // Both sides the same player: a verdict; Red wins every game.
    assert!(
        md.contains("undecided") || md.contains("toward Red"),
        "{md}"
    );
    assert!(md.contains("--scenario"), "{md}");
    assert!(!md.contains("--commit"), "{md}");
    for pair in ["random-vs-random", "heuristic-vs-heuristic"] {
        assert!(
            out.join("tune").join(pair).join("summary.md").exists(),
            "{pair}"
        );
    }
    // The committed report is one flag away, never the default.
    let o = hexwar(&["report", "--commit", "--out", out.to_str().unwrap()]);
    expect_code(&o, 2);
    let help = stdout(&hexwar(&["report", "--help"]));
    assert!(
        help.contains("--commit") && help.contains("results/runs/report"),
        "{help}"
    );
}

#[test]
fn simulate_plays_normal_by_default_and_warns_under_random_players() {
    let dir = temp_dir("simulate-defaults");
    let v = json(&hexwar(&[
        "simulate",
        "--scenario",
        &rich(),
        "--games",
        "3",
        "--out",
        dir.join("n").to_str().unwrap(),
        "--json",
    ]));
    assert_eq!(v["sides"][0]["player"], "normal", "{v}");
    assert!(v["first_score"]["high"].as_f64().is_some(), "{v}");
    assert!(v["margin"]["mean"].as_f64().is_some(), "{v}");
    let run = dir.join("r");
    let o = hexwar(&[
        "simulate",
        "--scenario",
        &rich(),
        "--games",
        "3",
        "--blue",
        "random",
        "--out",
        run.to_str().unwrap(),
    ]);
    expect_code(&o, 0);
    assert!(
        stdout(&o).contains("warning: random players measure nothing about balance"),
        "{}",
        stdout(&o)
    );
    // The run folder's page: self-contained, plots inline.
    let html = std::fs::read_to_string(run.join("report.html")).unwrap();
    assert!(html.contains("data:image/png;base64,"), "no inline plot");
    assert!(
        !html.contains("src=\"http"),
        "a page that needs the network"
    );
    assert!(run.join("vp_margin.png").exists());
    let o = hexwar(&[
        "html",
        run.to_str().unwrap(),
        "--out",
        dir.join("p.html").to_str().unwrap(),
    ]);
    expect_code(&o, 0);
    assert!(dir.join("p.html").exists());
    let o = hexwar(&["html", dir.to_str().unwrap()]);
    expect_code(&o, 2);
    assert!(stderr(&o).contains("no report to render"), "{}", stderr(&o));
}

#[test]
fn a_changed_copy_of_a_builtin_is_labelled_by_its_file() {
    let dir = temp_dir("copy-label");
    let copy = dir.join("my-malaya.toml");
    let text = builtin::source("malaya")
        .unwrap()
        .replace("title = \"Malaya", "title = \"My Malaya");
    std::fs::write(&copy, text).unwrap();
    let o = hexwar(&[
        "simulate",
        "--scenario",
        copy.to_str().unwrap(),
        "--games",
        "2",
        "--blue",
        "random",
        "--red",
        "random",
        "--out",
        dir.join("run").to_str().unwrap(),
    ]);
    expect_code(&o, 0);
    assert!(
        stdout(&o).starts_with("my-malaya: 2 games"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn progress_lines_go_to_stderr_when_it_is_not_a_terminal() {
    let dir = temp_dir("progress-lines");
    let run = |secs: &str| {
        std::process::Command::new(env!("CARGO_BIN_EXE_hexwar"))
            .args([
                "simulate", "--games", "400", "--blue", "random", "--red", "random",
            ])
            .arg("--out")
            .arg(dir.join(format!("run{secs}")))
            .env("HEXWAR_PROGRESS_SECS", secs)
            .output()
            .unwrap()
    };
    let o = run("0.01");
    expect_code(&o, 0);
    let err = stderr(&o);
    // (A line may come before the batch has set its length: 0/0 games.)
    let line = err
        .lines()
        .find(|l| l.starts_with("hexwar: ") && l.contains("/400 games"))
        .unwrap_or_else(|| panic!("no progress line:\n{err}"));
    assert!(
        line.contains("/400 games") && line.contains("games/s") && line.contains("eta"),
        "{line}"
    );
    assert!(!err.contains('\u{1b}'), "escape codes in a log: {err:?}");
    let o = run("off");
    expect_code(&o, 0);
    assert!(!stderr(&o).contains("hexwar: "), "{}", stderr(&o));
}
