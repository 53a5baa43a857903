//! Batches on disk: the same records on any thread count, from shards
//! merged, and from a run killed part-way and resumed.

mod common;

use std::fs;
use std::path::Path;

use common::*;
use hexwar_sim::cmd::{merge, simulate};

fn args(scenario: &str, games: u64, out: &Path) -> simulate::Args {
    simulate::Args {
        scenario: scenario.to_string(),
        games,
        blue: "random".into(),
        red: "random".into(),
        seed: 7,
        out: Some(out.to_path_buf()),
        ..simulate::Args::default()
    }
}

/// `hexwar simulate` of 1,500 malaya games (seed 3) into `out`: long
/// enough to be stopped part-way.
fn malaya_1500(out: &Path) -> std::process::Command {
    let mut c = std::process::Command::new(env!("CARGO_BIN_EXE_hexwar"));
    c.args([
        "simulate",
        "--scenario",
        "malaya",
        "--games",
        "1500",
        "--seed",
        "3",
        "--blue",
        "random",
        "--red",
        "random",
    ])
    .arg("--out")
    .arg(out);
    c
}

/// Waits (a minute at most) until `csv` holds `rows` lines.
fn wait_for_rows(csv: &Path, rows: usize) {
    let t = std::time::Instant::now();
    while fs::read_to_string(csv).map_or(0, |s| s.lines().count()) < rows
        && t.elapsed().as_secs() < 60
    {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

fn same_files(a: &Path, b: &Path) {
    for f in ["games.csv", "summary.json", "summary.md"] {
        let (x, y) = (fs::read(a.join(f)).unwrap(), fs::read(b.join(f)).unwrap());
        assert!(
            x == y,
            "{f} differs between {} and {}",
            a.display(),
            b.display()
        );
    }
}

#[test]
fn one_thread_or_two_give_identical_files() {
    let tmp = temp_dir("threads");
    let scen = rich();
    for (dir, t) in [("t1", 1), ("t2", 2), ("t3", 3)] {
        let mut a = args(&scen, 60, &tmp.join(dir));
        a.threads = Some(t);
        let (_, o) = simulate::simulate(&a, &|_, _| {}).unwrap();
        assert_eq!(o.summary.games, 60);
        assert!(!o.interrupted);
    }
    same_files(&tmp.join("t1"), &tmp.join("t2"));
    same_files(&tmp.join("t1"), &tmp.join("t3"));
    let rows = fs::read_to_string(tmp.join("t1/games.csv")).unwrap();
    assert_eq!(rows.lines().count(), 61, "a header and one row per game");
}

#[test]
fn three_shards_merged_equal_one_run() {
    let tmp = temp_dir("shards");
    let scen = rich();
    simulate::simulate(&args(&scen, 50, &tmp.join("whole")), &|_, _| {}).unwrap();
    let mut dirs = Vec::new();
    // Shards in another order than their numbers, with their own threads.
    for i in [2, 0, 1] {
        let dir = tmp.join(format!("shard{i}"));
        let mut a = args(&scen, 50, &dir);
        a.shard = Some(format!("{i}/3"));
        a.threads = Some(1 + i as usize % 2);
        let (_, o) = simulate::simulate(&a, &|_, _| {}).unwrap();
        assert_eq!(o.summary.games, if i < 2 { 17 } else { 16 });
        dirs.push(dir);
    }
    merge::merge(&dirs, &tmp.join("merged")).unwrap();
    same_files(&tmp.join("whole"), &tmp.join("merged"));
    assert_eq!(
        fs::read(tmp.join("whole/run.json")).unwrap(),
        fs::read(tmp.join("merged/run.json")).unwrap()
    );
    // A missing shard is an error that says which.
    let e = merge::merge(&dirs[..2], &tmp.join("partial")).unwrap_err();
    assert!(e.to_string().contains("shard 1/3 is missing"), "{e}");
}

#[test]
fn a_run_stopped_part_way_and_resumed_equals_an_uninterrupted_one() {
    let tmp = temp_dir("resume");
    let scen = rich();
    simulate::simulate(&args(&scen, 40, &tmp.join("whole")), &|_, _| {}).unwrap();
    // Stopped after 13 games, then a row half-written by a kill.
    let part = tmp.join("part");
    let mut a = args(&scen, 40, &part);
    a.stop_after = Some(13);
    let (_, o) = simulate::simulate(&a, &|_, _| {}).unwrap();
    assert!(o.interrupted);
    assert_eq!(o.summary.games, 13);
    let mut csv = fs::read_to_string(part.join("games.csv")).unwrap();
    assert_eq!(csv.lines().count(), 14);
    csv.push_str("13,7,1234,");
    fs::write(part.join("games.csv"), csv).unwrap();
    // Resumed twice (the first time stopped again), to the end.
    let resume = simulate::Args {
        resume: Some(part.clone()),
        stop_after: Some(5),
        ..simulate::Args::default()
    };
    let (_, o) = simulate::simulate(&resume, &|_, _| {}).unwrap();
    assert_eq!((o.summary.games, o.played), (18, 5));
    let resume = simulate::Args {
        resume: Some(part.clone()),
        ..simulate::Args::default()
    };
    let (_, o) = simulate::simulate(&resume, &|_, _| {}).unwrap();
    assert!(!o.interrupted);
    same_files(&tmp.join("whole"), &part);
}

#[test]
fn a_killed_process_keeps_its_games_and_resumes_to_the_same_records() {
    let tmp = temp_dir("kill");
    let whole = tmp.join("whole");
    let part = tmp.join("part");
    let run = malaya_1500;
    let mut child = run(&part)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // Kill it (SIGKILL: no chance to tidy up) once some games are written.
    let csv = part.join("games.csv");
    wait_for_rows(&csv, 50);
    child.kill().unwrap();
    child.wait().unwrap();
    let kept = fs::read_to_string(&csv).unwrap().lines().count();
    assert!(kept >= 50, "the killed run kept {kept} lines");
    assert!(kept < 1501, "the run ended before it was killed");
    let o = hexwar(&["simulate", "--resume", part.to_str().unwrap()]);
    expect_code(&o, 0);
    let o = run(&whole).output().unwrap();
    expect_code(&o, 0);
    same_files(&whole, &part);
}

#[test]
fn ctrl_c_stops_cleanly_and_says_how_to_resume() {
    let tmp = temp_dir("ctrl-c");
    let part = tmp.join("part");
    let child = malaya_1500(&part)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let csv = part.join("games.csv");
    wait_for_rows(&csv, 30);
    let status = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let o = child.wait_with_output().unwrap();
    expect_code(&o, 130);
    assert!(
        stdout(&o).contains("hexwar simulate --resume"),
        "{}",
        stdout(&o)
    );
    // Every game it started is written: the rows run 0, 1, 2, ... unbroken.
    let text = fs::read_to_string(&csv).unwrap();
    assert!(text.ends_with('\n'));
    for (k, line) in text.lines().skip(1).enumerate() {
        assert!(line.starts_with(&format!("{k},")), "row {k}: {line}");
    }
    let summary: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(part.join("summary.json")).unwrap()).unwrap();
    assert_eq!(
        summary["games"].as_u64().unwrap() as usize,
        text.lines().count() - 1
    );
}

#[test]
fn bad_arguments_are_clear_errors_with_exit_code_2() {
    let tmp = temp_dir("badargs");
    let cases: [(&[&str], &str); 5] = [
        (&["simulate", "--scenario", "atlantis"], "unknown scenario"),
        (&["simulate", "--shard", "3/3"], "--shard"),
        (&["simulate", "--side", "martians=random"], "has no side"),
        (&["simulate", "--games", "0"], "--games"),
        (
            &["merge", "/nonexistent/run", "--out", "x"],
            "not a run folder",
        ),
    ];
    for (argv, want) in cases {
        let mut v: Vec<&str> = argv.to_vec();
        let out = tmp.join("o");
        let out = out.to_str().unwrap();
        if argv[0] == "simulate" {
            v.extend(["--out", out]);
        }
        let o = hexwar(&v);
        expect_code(&o, 2);
        assert!(stderr(&o).contains(want), "{argv:?}: {}", stderr(&o));
    }
    let o = hexwar(&["simulate", "--resume", tmp.to_str().unwrap()]);
    expect_code(&o, 2);
    assert!(stderr(&o).contains("not a run folder"), "{}", stderr(&o));
}

#[test]
fn replay_plays_a_game_of_a_run_again_with_its_log() {
    let tmp = temp_dir("replay");
    let dir = tmp.join("run");
    simulate::simulate(&args("malaya", 4, &dir), &|_, _| {}).unwrap();
    let csv = fs::read_to_string(dir.join("games.csv")).unwrap();
    let row3: Vec<&str> = csv.lines().nth(4).unwrap().split(',').collect();
    let v = json(&hexwar(&[
        "replay",
        "--run",
        dir.to_str().unwrap(),
        "--game",
        "3",
        "--json",
    ]));
    let r = &v["record"];
    assert_eq!(r["index"], 3);
    assert_eq!(r["game_seed"].as_u64().unwrap().to_string(), row3[2]);
    assert_eq!(r["actions"].as_u64().unwrap().to_string(), row3[9]);
    assert_eq!(r["turns"].as_u64().unwrap().to_string(), row3[8]);
    // The same game from its seed, as text: turns, moves, combats with dice.
    let o = hexwar(&[
        "replay",
        "--scenario",
        "malaya",
        "--seed",
        "7",
        "--game",
        "3",
    ]);
    expect_code(&o, 0);
    let text = stdout(&o);
    assert!(text.contains("== turn 1, japanese"), "{text}");
    assert!(text.contains(" moves "), "{text}");
    assert!(
        text.contains("combat at ") && text.contains("rolled "),
        "{text}"
    );
    // A heuristic player says what it meant each turn.
    let o = hexwar(&["replay", "--blue", "heuristic", "--game", "2", "--brief"]);
    expect_code(&o, 0);
    let full = stdout(&o);
    assert!(full.contains("  intent: "), "{full}");
    // --explain: the intents alone, the heuristic's turns only.
    let o = hexwar(&["replay", "--blue", "heuristic", "--game", "2", "--explain"]);
    expect_code(&o, 0);
    let explained = stdout(&o);
    assert!(explained.contains("  intent: "), "{explained}");
    assert!(
        explained
            .lines()
            .filter(|l| l.starts_with("  "))
            .all(|l| l.starts_with("  intent: ")),
        "{explained}"
    );
    assert!(explained.lines().count() < full.lines().count());
    let o = hexwar(&["replay", "--run", dir.to_str().unwrap(), "--game", "9"]);
    expect_code(&o, 2);
    assert!(stderr(&o).contains("has 4 games"), "{}", stderr(&o));
}

/// A finished run of 12 rich games (seed 7) in `dir`.
fn finished_run(dir: &Path) {
    simulate::simulate(&args(&rich(), 12, dir), &|_, _| {}).unwrap();
}

fn resume_args(dir: &Path) -> simulate::Args {
    simulate::Args {
        resume: Some(dir.to_path_buf()),
        ..simulate::Args::default()
    }
}

/// `games.csv` of `dir` with line `n` (1: the header) passed through `f`.
fn edit_line(dir: &Path, n: usize, f: impl Fn(&str) -> String) {
    let path = dir.join("games.csv");
    let text = fs::read_to_string(&path).unwrap();
    let out: String = text
        .lines()
        .enumerate()
        .map(|(i, l)| if i + 1 == n { f(l) } else { l.to_string() } + "\n")
        .collect();
    fs::write(&path, out).unwrap();
}

#[test]
fn every_row_carries_a_check_that_a_reader_can_recompute() {
    let tmp = temp_dir("check-column");
    let dir = tmp.join("run");
    finished_run(&dir);
    let spec: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(dir.join("run.json")).unwrap()).unwrap();
    let key = u64::from_str_radix(spec["check"].as_str().unwrap(), 16).unwrap();
    let text = fs::read_to_string(dir.join("games.csv")).unwrap();
    assert!(text.lines().next().unwrap().ends_with(",loss_hexes,check"));
    // As docs/BATCHES.md says: FNV-1a from run.json's check over the line
    // before its last comma.
    for line in text.lines().skip(1) {
        let (body, check) = line.rsplit_once(',').unwrap();
        let mut h = key;
        for b in body.bytes() {
            h ^= b as u64;
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
        assert_eq!(check, format!("{h:016x}"), "{line}");
    }
}

#[test]
fn an_edited_row_is_named_on_resume_and_on_merge() {
    let tmp = temp_dir("edited-row");
    // A partial run whose row 5 (line 6) has its winner changed.
    let part = tmp.join("part");
    let mut a = args(&rich(), 12, &part);
    a.stop_after = Some(8);
    simulate::simulate(&a, &|_, _| {}).unwrap();
    let swap = |l: &str| {
        let mut f: Vec<String> = l.split(',').map(str::to_string).collect();
        f[3] = if f[3] == "blue" {
            "red".into()
        } else {
            "blue".into()
        };
        f.join(",")
    };
    edit_line(&part, 6, swap);
    let e = simulate::simulate(&resume_args(&part), &|_, _| {}).unwrap_err();
    let msg = e.to_string();
    assert!(
        msg.contains("games.csv: line 6:") && msg.contains("check"),
        "{msg}"
    );
    // A garbled line in the middle of a finished shard: named by merge.
    let mut dirs = Vec::new();
    for i in 0..2 {
        let d = tmp.join(format!("s{i}"));
        let mut a = args(&rich(), 12, &d);
        a.shard = Some(format!("{i}/2"));
        simulate::simulate(&a, &|_, _| {}).unwrap();
        dirs.push(d);
    }
    edit_line(&dirs[1], 4, |l| l.replacen(',', ";", 2));
    let e = merge::merge(&dirs, &tmp.join("merged")).unwrap_err();
    let msg = e.to_string();
    assert!(msg.contains("s1/games.csv: line 4:"), "{msg}");
    assert!(!tmp.join("merged/run.json").exists(), "nothing merged");
    // A row taken out: the next one is out of its place.
    edit_line(&dirs[1], 4, |_| String::new());
    let text = fs::read_to_string(dirs[1].join("games.csv")).unwrap();
    fs::write(dirs[1].join("games.csv"), text.replace("\n\n", "\n")).unwrap();
    let e = merge::merge(&dirs, &tmp.join("merged")).unwrap_err();
    assert!(e.to_string().contains("line 4 is game"), "{e}");
}

#[test]
fn a_changed_run_json_is_refused_on_resume() {
    let tmp = temp_dir("changed-spec");
    let part = tmp.join("part");
    let mut a = args(&rich(), 12, &part);
    a.stop_after = Some(4);
    simulate::simulate(&a, &|_, _| {}).unwrap();
    let path = part.join("run.json");
    let text = fs::read_to_string(&path).unwrap();
    fs::write(
        &path,
        text.replace("\"red\": \"random\"", "\"red\": \"heuristic\""),
    )
    .unwrap();
    let e = simulate::simulate(&resume_args(&part), &|_, _| {}).unwrap_err();
    assert!(e.to_string().contains("changed since the run began"), "{e}");
    // Put back as it was, it resumes.
    fs::write(&path, text).unwrap();
    let (_, o) = simulate::simulate(&resume_args(&part), &|_, _| {}).unwrap();
    assert_eq!(o.summary.games, 12);
}

#[test]
fn a_folder_left_at_any_stage_of_a_start_resumes_or_starts_again() {
    let tmp = temp_dir("stages");
    let whole = tmp.join("whole");
    finished_run(&whole);
    let header = fs::read_to_string(whole.join("games.csv"))
        .unwrap()
        .lines()
        .next()
        .unwrap()
        .to_string();
    let run_json = fs::read_to_string(whole.join("run.json")).unwrap();
    let new_run = |d: &Path| simulate::simulate(&args(&rich(), 12, d), &|_, _| {});
    // Killed before run.json: the folder starts again.
    for (name, csv) in [("empty", ""), ("cut", &header[..20]), ("header", &header)] {
        let d = tmp.join(name);
        fs::create_dir_all(&d).unwrap();
        fs::write(d.join("games.csv"), csv).unwrap();
        fs::write(d.join(".run.json.tmp"), &run_json[..30]).unwrap();
        let e = simulate::simulate(&resume_args(&d), &|_, _| {}).unwrap_err();
        assert!(e.to_string().contains("not a run folder"), "{e}");
        new_run(&d).unwrap();
        same_files(&whole, &d);
    }
    // run.json whole but games.csv missing or cut in its header: resumed.
    for (name, csv) in [("no-csv", None), ("cut-header", Some(&header[..7]))] {
        let d = tmp.join(name);
        fs::create_dir_all(&d).unwrap();
        fs::write(d.join("run.json"), &run_json).unwrap();
        if let Some(c) = csv {
            fs::write(d.join("games.csv"), c).unwrap();
        }
        simulate::simulate(&resume_args(&d), &|_, _| {}).unwrap();
        same_files(&whole, &d);
    }
    // An empty run.json (as an older hexwar could leave): a clear error
    // saying what to do, from a resume and from a new run alike.
    let d = tmp.join("empty-spec");
    fs::create_dir_all(&d).unwrap();
    fs::write(d.join("run.json"), "").unwrap();
    for e in [
        simulate::simulate(&resume_args(&d), &|_, _| {}).unwrap_err(),
        new_run(&d).unwrap_err(),
    ] {
        let msg = e.to_string();
        assert!(
            msg.contains("not a run description") && msg.contains("start the run again"),
            "{msg}"
        );
    }
}

#[test]
fn a_run_killed_at_any_moment_resumes_or_starts_again_to_the_same_files() {
    let tmp = temp_dir("kill-any");
    let whole = tmp.join("whole");
    let run = |out: &Path| {
        let mut c = std::process::Command::new(env!("CARGO_BIN_EXE_hexwar"));
        c.args([
            "simulate",
            "--scenario",
            "malaya",
            "--games",
            "40",
            "--seed",
            "3",
        ])
        .arg("--out")
        .arg(out)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null());
        c
    };
    expect_code(&run(&whole).output().unwrap(), 0);
    for ms in [0, 1, 3, 6, 10, 20, 40, 80] {
        let part = tmp.join(format!("part{ms}"));
        let mut child = run(&part).spawn().unwrap();
        std::thread::sleep(std::time::Duration::from_millis(ms));
        child.kill().unwrap();
        child.wait().unwrap();
        let o = if part.join("run.json").exists() {
            hexwar(&["simulate", "--resume", part.to_str().unwrap()])
        } else {
            run(&part).output().unwrap()
        };
        expect_code(&o, 0);
        same_files(&whole, &part);
    }
}

#[test]
fn too_many_threads_is_a_clear_error() {
    let tmp = temp_dir("threads-cap");
    let out = tmp.join("o");
    let t = std::time::Instant::now();
    let o = hexwar(&[
        "simulate",
        "--games",
        "5",
        "--threads",
        "100000",
        "--out",
        out.to_str().unwrap(),
    ]);
    expect_code(&o, 2);
    assert!(stderr(&o).contains("at most"), "{}", stderr(&o));
    assert!(!out.exists(), "nothing started");
    assert!(t.elapsed().as_secs() < 30);
}
