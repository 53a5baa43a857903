//! `hexwar status` on a complete batch, a partial one (a shard missing,
//! one part-way: running, then stalled), one folder, and bad input.

mod common;

use std::fs::{self, File};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use common::*;
use hexwar_sim::cmd::simulate;
use serde_json::Value;

/// Shard `shard` of a 30-game batch of the rich fixture, into `out`,
/// stopped after `stop_after` games if given.
fn shard(out: &Path, shard: Option<&str>, stop_after: Option<u64>) {
    let args = simulate::Args {
        scenario: rich(),
        games: 30,
        blue: "random".into(),
        red: "random".into(),
        seed: 4,
        out: Some(out.to_path_buf()),
        shard: shard.map(str::to_string),
        stop_after,
        threads: Some(1),
        ..simulate::Args::default()
    };
    simulate::simulate(&args, &|_, _| {}).unwrap();
}

fn set_mtime(path: &Path, ago: u64) {
    let t = SystemTime::now() - Duration::from_secs(ago);
    File::options()
        .write(true)
        .open(path)
        .unwrap()
        .set_modified(t)
        .unwrap();
}

fn status(dirs: &[&PathBuf], extra: &[&str]) -> (Value, String) {
    let dirs: Vec<&str> = dirs.iter().map(|d| d.to_str().unwrap()).collect();
    let args = [&["status"], extra, &dirs[..]].concat();
    let text = hexwar(&args);
    expect_code(&text, 0);
    let j = json(&hexwar(&[&args[..], &["--json"]].concat()));
    (j, stdout(&text))
}

#[test]
fn a_complete_batch_can_be_merged() {
    let tmp = temp_dir("status-complete");
    let dirs: Vec<PathBuf> = (0..3).map(|i| tmp.join(format!("s{i}"))).collect();
    for (i, d) in dirs.iter().enumerate() {
        shard(d, Some(&format!("{i}/3")), None);
    }
    let (j, text) = status(&dirs.iter().rev().collect::<Vec<_>>(), &[]);
    assert_eq!(j["games"], 30);
    assert_eq!(j["shards"], 3);
    assert_eq!(j["done"], 30);
    assert_eq!(j["mergeable"], true, "{j}");
    assert_eq!(j["missing"], serde_json::json!([]));
    assert_eq!(j["merge_blockers"], serde_json::json!([]));
    assert_eq!(j["eta_secs"], 0.0);
    let folders = j["folders"].as_array().unwrap();
    for (i, f) in folders.iter().enumerate() {
        assert_eq!(f["shard"], serde_json::json!([i, 3]), "in shard order");
        assert_eq!(f["state"], "done");
        assert_eq!(f["done"], f["total"]);
    }
    assert_eq!(folders[0]["total"], 10);
    assert!(text.contains("merge: ready:  hexwar merge"), "{text}");
    assert!(text.contains("30/30 100.0%"), "{text}");
    // And so it can.
    let out = tmp.join("all");
    let mut args: Vec<&str> = vec!["merge"];
    args.extend(dirs.iter().map(|d| d.to_str().unwrap()));
    args.extend(["--out", out.to_str().unwrap()]);
    expect_code(&hexwar(&args), 0);
}

#[test]
fn a_partial_batch_shows_what_is_missing_running_and_stalled() {
    let tmp = temp_dir("status-partial");
    let (s0, s2) = (tmp.join("s0"), tmp.join("s2"));
    shard(&s0, Some("0/3"), None);
    shard(&s2, Some("2/3"), Some(4));
    // A row cut by a kill is not a game.
    let csv = s2.join("games.csv");
    let mut text = fs::read_to_string(&csv).unwrap();
    text.push_str("5,4,99,");
    fs::write(&csv, text).unwrap();
    // Begun 100 s ago, last row 50 s ago: 4 games in 50 s.
    set_mtime(&s2.join("run.json"), 100);
    set_mtime(&csv, 50);

    let (j, text) = status(&[&s0, &s2], &[]);
    assert_eq!(j["done"], 14, "{j}");
    assert_eq!(j["missing"], serde_json::json!([1]));
    assert_eq!(j["mergeable"], false);
    let part = &j["folders"][1];
    assert_eq!(part["state"], "running", "{j}");
    assert_eq!(
        (part["done"].as_u64(), part["total"].as_u64()),
        (Some(4), Some(10))
    );
    let rate = part["games_per_sec"].as_f64().unwrap();
    assert!((rate - 4.0 / 50.0).abs() < 1e-3, "{rate}");
    let eta = part["eta_secs"].as_f64().unwrap();
    assert!((eta - 6.0 / rate).abs() < 1e-6, "{eta}");
    assert!((j["games_per_sec"].as_f64().unwrap() - rate).abs() < 1e-9);
    // The batch's 16 games left at the running shard's pace.
    assert!((j["eta_secs"].as_f64().unwrap() - 16.0 / rate).abs() < 1e-6);
    let idle = part["idle_secs"].as_f64().unwrap();
    assert!((50.0..80.0).contains(&idle), "{idle}");
    let blockers = j["merge_blockers"].to_string();
    assert!(blockers.contains("shard 1/3 is missing"), "{blockers}");
    assert!(blockers.contains("is running: 4 of 10 games"), "{blockers}");
    // The missing shard in its place in the table.
    let at = |k: &str| text.find(k).unwrap_or_else(|| panic!("{k} in\n{text}"));
    assert!(
        at("\n  0/3 ") < at("\n  1/3 ") && at("\n  1/3 ") < at("\n  2/3 "),
        "{text}"
    );
    assert!(
        text.contains("1/3                        missing"),
        "{text}"
    );
    assert!(text.contains("running, 75 s left"), "{text}");
    assert!(text.contains("merge: not yet"), "{text}");

    // No row for longer than --stalled-after: stalled, and no time left.
    let (j, text) = status(&[&s0, &s2], &["--stalled-after", "30"]);
    assert_eq!(j["folders"][1]["state"], "stalled", "{j}");
    assert_eq!(j["stalled"], serde_json::json!([s2]));
    assert_eq!(j["eta_secs"], Value::Null);
    assert!(
        j["merge_blockers"]
            .to_string()
            .contains("stalled at 4 of 10")
    );
    assert!(text.contains("stalled"), "{text}");
    assert!(text.contains("no shard running"), "{text}");
}

#[test]
fn one_folder_and_folders_that_do_not_belong() {
    let tmp = temp_dir("status-one");
    let one = tmp.join("one");
    shard(&one, None, None);
    let (j, text) = status(&[&one], &[]);
    assert_eq!(
        (j["shards"].as_u64(), j["done"].as_u64()),
        (Some(1), Some(30))
    );
    assert_eq!(j["mergeable"], true);
    assert!(text.contains("complete"), "{text}");

    // A shard of another batch (another seed's), and a folder that is not
    // a run, are listed as problems.
    let other = tmp.join("other");
    let args = simulate::Args {
        scenario: rich(),
        games: 30,
        blue: "random".into(),
        red: "random".into(),
        seed: 5,
        out: Some(other.clone()),
        ..simulate::Args::default()
    };
    simulate::simulate(&args, &|_, _| {}).unwrap();
    let empty = tmp.join("empty");
    fs::create_dir_all(&empty).unwrap();
    let (j, text) = status(&[&one, &other, &empty], &[]);
    assert_eq!(j["mergeable"], false);
    assert_eq!(j["done"], 30, "the other batch is not counted");
    let states: Vec<&str> = j["folders"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["state"].as_str().unwrap())
        .collect();
    assert_eq!(states, ["done", "problem", "problem"]);
    assert!(
        text.contains("is not a shard of the same batch as"),
        "{text}"
    );
    assert!(text.contains("is not a run folder"), "{text}");

    // Nothing readable at all: an error that names the folder.
    let o = hexwar(&["status", empty.to_str().unwrap()]);
    expect_code(&o, 2);
    assert!(stderr(&o).contains(&format!("{} is not a run folder", empty.display())));
}
