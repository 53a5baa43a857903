//! One game record: a batch game's record plays back to the batch's
//! result; the page's Save is a record that loads with or without its
//! position, and older saves (a position alone) still load; the replay
//! viewer steps through a record; `hexwar replay --out/--record` and
//! `hexwar play --state/--replay/--bind` as a user runs them.

mod common;
mod play_common;

use std::io::{BufRead, BufReader, Read};
use std::process::{Command, Stdio};

use common::{expect_code, hexwar, stdout, temp_dir};
use hexwar_engine::Side;
use hexwar_sim::cmd::simulate;
use hexwar_sim::play::Session;
use hexwar_sim::record::{self, GameFile, Record};
use play_common::{builtin, get, ok, post, refused};
use serde_json::{Value, json};

/// A game of malaya against a heuristic AI, the person (Japan) ending
/// each phase, until turn `turns`; its saved record.
fn played(turns: u8) -> (Session, String) {
    let mut s = Session::new(builtin("malaya"), Side(0), "heuristic", 11).unwrap();
    while s.state().turn() < turns && !s.state().is_over() {
        if s.state().active_side() == s.human() {
            ok(post(&mut s, "/api/action", r#"{"type":"end_phase"}"#));
        } else {
            ok(post(&mut s, "/api/ai/finish", ""));
        }
    }
    let saved = String::from_utf8(get(&mut s, "/api/save").body).unwrap();
    (s, saved)
}

#[test]
fn a_batch_games_record_plays_back_to_its_result() {
    let scen = builtin("morne-plaine");
    let (rec, row) = record::from_batch(&scen, ["random", "heuristic"], 5, 3).unwrap();
    assert_eq!(rec.actions.len() as u64, row.actions);
    assert_eq!(rec.players, Some(["random".into(), "heuristic".into()]));
    assert!(!rec.intents.is_empty(), "the heuristic says what it means");
    // Morne-plaine's combats cost morale: an attack's words say so, not
    // "0.00 steps lost" (issue 16).
    let attacks: Vec<&String> = rec
        .intents
        .iter()
        .flat_map(|i| &i.lines)
        .filter(|l| l.starts_with("attack ") && l.contains("expected loss"))
        .collect();
    assert!(!attacks.is_empty(), "the heuristic attacks");
    assert!(attacks.iter().any(|l| l.contains("morale")), "{attacks:?}");
    let back = rec.replay(&scen, |_, _, _| ()).unwrap();
    assert_eq!(back.state.turn(), row.turns);
    assert_eq!(back.state.steps_lost(), row.steps_lost);
    match back.state.result() {
        Some(r) => assert_eq!((r.winner, r.vp), (row.winner, row.vp)),
        None => assert!(row.aborted),
    }
    // The record as a file reads back the same.
    let text = serde_json::to_string(&rec).unwrap();
    assert_eq!(
        GameFile::parse(&text).unwrap(),
        GameFile::Record(Box::new(rec))
    );
}

#[test]
fn a_save_loads_from_its_record_alone_and_old_saves_still_load() {
    let (mut s, saved) = played(3);
    let at_save = s.state().clone();
    let log = ok(get(&mut s, "/api/state"))["log"].clone();
    let v: Value = serde_json::from_str(&saved).unwrap();
    assert_eq!(v["hexwar_record"], 1);
    assert_eq!(v["players"], json!(["person", "heuristic"]));
    assert!(!v["actions"].as_array().unwrap().is_empty());
    assert!(!v["intents"].as_array().unwrap().is_empty(), "{v}");
    // The record alone, without the position: replayed, the same game.
    let mut bare = v.clone();
    bare.as_object_mut().unwrap().remove("position");
    let mut t = Session::new(builtin("malaya"), Side(1), "random", 99).unwrap();
    let r = ok(post(&mut t, "/api/load", &bare.to_string()));
    assert!(r["warning"].is_null());
    assert_eq!(*t.state(), at_save);
    assert_eq!(r["state"]["log"], log);
    assert_eq!(r["state"]["seed"], 11);
    assert_eq!(t.human(), Side(0), "the record says who the person was");
    // A position alone (the files saved before records): still loads.
    let old = serde_json::to_string(&at_save.to_saved(s.scenario())).unwrap();
    let mut u = Session::new(builtin("malaya"), Side(0), "random", 5).unwrap();
    ok(post(&mut u, "/api/load", &old));
    assert_eq!(*u.state(), at_save);
    // A record whose actions no longer lead to its position: the position
    // is kept (what the person saw), with a warning, and play goes on.
    let mut off = v.clone();
    off["actions"].as_array_mut().unwrap().pop();
    let r = ok(post(&mut u, "/api/load", &off.to_string()));
    assert!(
        r["warning"]
            .as_str()
            .unwrap()
            .contains("without its history")
    );
    assert_eq!(*u.state(), at_save);
    // Broken: an action that names nothing, and no position to fall back on.
    let mut broken = bare.clone();
    broken["actions"][0] = json!({"type": "move", "unit": "nobody", "to": "0101"});
    refused(
        &post(&mut u, "/api/load", &broken.to_string()),
        400,
        "action 0",
    );
    assert_eq!(*u.state(), at_save);
}

#[test]
fn a_save_of_another_built_in_scenario_switches_to_it() {
    let mut s = Session::new(builtin("eastfront"), Side(0), "random", 3).unwrap();
    ok(post(&mut s, "/api/action", r#"{"type":"end_phase"}"#));
    let saved = String::from_utf8(get(&mut s, "/api/save").body).unwrap();
    let mut t = Session::new(builtin("malaya"), Side(0), "random", 3).unwrap();
    ok(post(&mut t, "/api/load", &saved));
    assert_eq!(t.scenario().name(), "eastfront");
    assert_eq!(t.state(), s.state());
    assert_eq!(ok(get(&mut t, "/api/scenario"))["name"], "eastfront");
}

#[test]
fn the_replay_viewer_steps_through_the_game_and_plays_on() {
    let (mut s, _) = played(3);
    let live = s.state().clone();
    let steps = s.record().actions.len();
    let st = ok(post(&mut s, "/api/replay/open", ""));
    assert_eq!(st["replay"]["step"], steps);
    assert_eq!(st["your_turn"], false);
    let r = ok(get(&mut s, "/api/replay"));
    assert_eq!(r["steps"], steps);
    let turns = r["turns"].as_array().unwrap();
    assert!(turns.len() >= 4, "{}", turns.len());
    // The computer's player-turns carry what it said it meant.
    assert!(
        turns
            .iter()
            .any(|t| t["side"] == "commonwealth" && !t["intent"].as_array().unwrap().is_empty())
    );
    for w in turns.windows(2) {
        assert_eq!(w[0]["to"], w[1]["from"], "player-turns follow each other");
    }
    // The start: the game as set up, its log the set-up's.
    let fresh = Session::new(builtin("malaya"), Side(0), "heuristic", 11).unwrap();
    let st = ok(post(&mut s, "/api/replay/goto", r#"{"step": 0}"#));
    assert_eq!(st["turn"], 1);
    let fresh = serde_json::to_value(fresh.state_json()).unwrap();
    assert_eq!(positions(&st), positions(&fresh));
    // Actions wait while the replay is open.
    refused(
        &post(&mut s, "/api/action", r#"{"type":"end_phase"}"#),
        409,
        "replay is open",
    );
    refused(&get(&mut s, "/api/hint"), 409, "replay is open");
    // Back to the game, as it was.
    let st = ok(post(&mut s, "/api/replay/close", ""));
    assert!(st["replay"].is_null());
    assert_eq!(*s.state(), live);
    // Play on from a step: the game is the replayed one at that step.
    ok(post(&mut s, "/api/replay/open", ""));
    let mid = turns[2]["from"].as_u64().unwrap() as usize;
    let viewed = ok(post(
        &mut s,
        "/api/replay/goto",
        &format!(r#"{{"step": {mid}}}"#),
    ));
    ok(post(&mut s, "/api/replay/play", ""));
    assert!(ok(get(&mut s, "/api/replay"))["open"] == false);
    assert_eq!(s.record().actions.len(), mid);
    let now = ok(get(&mut s, "/api/state"));
    assert_eq!(positions(&now), positions(&viewed));
    assert_eq!(
        (&now["turn"], &now["side"]),
        (&viewed["turn"], &viewed["side"])
    );
}

/// Where every unit is and how strong, from a state's JSON.
fn positions(state: &Value) -> Vec<(Value, Value, Value)> {
    state["units"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| (u["id"].clone(), u["hex"].clone(), u["steps"].clone()))
        .collect()
}

#[test]
fn a_run_folders_games_open_in_the_viewer() {
    let tmp = temp_dir("play-replay-run");
    let dir = tmp.join("run");
    let args = simulate::Args {
        scenario: "malaya".into(),
        games: 3,
        blue: "random".into(),
        red: "random".into(),
        seed: 7,
        out: Some(dir.clone()),
        ..simulate::Args::default()
    };
    simulate::simulate(&args, &|_, _| {}).unwrap();
    let mut s = Session::new(builtin("malaya"), Side(0), "random", 1).unwrap();
    refused(
        &post(&mut s, "/api/replay/open", r#"{"game": 1}"#),
        409,
        "no run folder",
    );
    s.set_run(dir.clone());
    let st = ok(post(&mut s, "/api/replay/open", r#"{"game": 1}"#));
    assert_eq!(st["over"], true, "the viewer opens at the game's end");
    let r = ok(get(&mut s, "/api/replay"));
    assert_eq!(r["run_games"], 3);
    assert_eq!(r["game"], 1);
    assert_eq!(r["seed"], 7);
    // Dice and losses, player-turn by player-turn, as games.csv counts them.
    let (_, _, row) = record::from_run(&dir, 1).unwrap();
    let turns = r["turns"].as_array().unwrap();
    let lost: [u64; 2] = [0, 1].map(|i| {
        turns
            .iter()
            .map(|t| t["steps_lost"][i].as_u64().unwrap())
            .sum()
    });
    assert_eq!(lost, row.steps_lost.map(u64::from));
    let dice = turns
        .iter()
        .flat_map(|t| t["combats"].as_array().unwrap())
        .filter(|c| !c["dice"].is_null())
        .count();
    assert!(dice > 0, "random players attack");
    refused(
        &post(&mut s, "/api/replay/open", r#"{"game": 3}"#),
        400,
        "has 3 games",
    );
}

/// Starts `hexwar play` with `args` on a free port; its first line of
/// standard output after the address, and what it wrote to standard
/// error until then.
fn play_starts(args: &[&str]) -> (String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_hexwar"))
        .args(["play", "--port", "0"])
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut out = String::new();
    for line in BufReader::new(child.stdout.take().unwrap()).lines() {
        let line = line.unwrap();
        out.push_str(&line);
        out.push('\n');
        if line.contains("http://") {
            break;
        }
    }
    let _ = child.kill();
    let _ = child.wait();
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    (out, err)
}

#[test]
fn play_and_replay_on_the_command_line() {
    let tmp = temp_dir("play-cli-record");
    // `hexwar replay --out` writes the record; `--record` tells it again.
    let file = tmp.join("game2.json");
    let o = hexwar(&[
        "replay",
        "--scenario",
        "morne-plaine",
        "--blue",
        "heuristic",
        "--game",
        "2",
        "--out",
        file.to_str().unwrap(),
    ]);
    expect_code(&o, 0);
    let told = stdout(&o);
    let o = hexwar(&["replay", "--record", file.to_str().unwrap()]);
    expect_code(&o, 0);
    let again = stdout(&o);
    // The same turns, lines and intents; only the heading's game seed differs.
    let body = |t: &str| t.lines().skip(1).collect::<Vec<_>>().join("\n");
    assert_eq!(body(&told), body(&again));
    assert!(again.contains("  intent: "), "{again}");
    let rec: Record = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(rec.game, 2);
    // `play --state` takes the scenario the file names; `--bind` to the
    // loopback address warns of nothing.
    let (out, err) = play_starts(&["--state", file.to_str().unwrap(), "--bind", "127.0.0.1"]);
    assert!(out.contains("Morne"), "{out}");
    assert!(!err.contains("warning"), "{err}");
    let (_, err) = play_starts(&["--bind", "0.0.0.0"]);
    assert!(err.contains("anyone who can reach"), "{err}");
    // `play --replay FILE` opens the viewer on the record.
    let (out, err) = play_starts(&["--replay", file.to_str().unwrap()]);
    assert!(out.contains("http://"), "{out}{err}");
    // A position alone has nothing to replay.
    let pos = tmp.join("pos.json");
    let scen = builtin("malaya");
    let st = hexwar_engine::GameState::new(
        &scen,
        &mut <hexwar_ai::AiRng as rand::SeedableRng>::seed_from_u64(1),
    );
    std::fs::write(&pos, serde_json::to_string(&st.to_saved(&scen)).unwrap()).unwrap();
    let o = hexwar(&["replay", "--record", pos.to_str().unwrap()]);
    expect_code(&o, 1);
    assert!(common::stderr(&o).contains("no actions to replay"));
    // `inspect --state` reads a record too.
    let o = hexwar(&[
        "inspect",
        "morne-plaine",
        "--state",
        file.to_str().unwrap(),
        "--zoc",
        "0",
    ]);
    expect_code(&o, 0);
}
