//! The cluster examples of docs/BATCHES.md, checked: the Slurm job array
//! (`docs/examples/hexwar-array.slurm`) run on a real one-node Slurm, one
//! of its tasks requeued while it runs, the shards merged and compared
//! byte for byte with a single-machine run; and the Kubernetes Indexed Job
//! (`docs/examples/hexwar-indexed-job.yaml`) parsed, its pod's shell
//! script run with a stand-in `hexwar` to see it runs the same command as
//! the Slurm script.
//!
//! The Slurm test needs Debian's `slurm-wlm` and `munge`, and root (a
//! Slurm node runs jobs as their user). Without them it says so and
//! passes, unless `HEXWAR_SLURM=require` (as `.ci/run` sets, after
//! installing them) makes their absence a failure.

mod common;
mod slurm_cluster;

use std::collections::BTreeMap;
use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use common::*;
use serde_json::Value;
use slurm_cluster::{Cluster, tail, unavailable};

fn example(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../docs/examples")
        .join(name)
}

/// Complete rows of a `games.csv` (0 if there is none yet).
fn rows(csv: &Path) -> u64 {
    let text = fs::read(csv).unwrap_or_default();
    (text.iter().filter(|&&b| b == b'\n').count() as u64).saturating_sub(1)
}

/// Every file of a folder, by name.
fn files(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            (
                e.file_name().to_string_lossy().into_owned(),
                fs::read(e.path()).unwrap(),
            )
        })
        .collect()
}

/// `#SBATCH --NAME=VALUE` in a script.
fn sbatch_option(script: &str, name: &str) -> String {
    let prefix = format!("#SBATCH --{name}=");
    script
        .lines()
        .find_map(|l| l.strip_prefix(&prefix))
        .unwrap_or_else(|| panic!("no {prefix} in the Slurm example"))
        .trim()
        .to_string()
}

/// The games the resumed task played, from its log: the one report line
/// `... games/s (M games in ...)` (the first run was cut before its report).
fn games_played_after_requeue(log: &str) -> u64 {
    let reports: Vec<u64> = log
        .lines()
        .filter_map(|l| l.split_once("games/s (")?.1.split_once(" games in"))
        .map(|(m, _)| m.trim().parse().unwrap())
        .collect();
    assert_eq!(reports.len(), 1, "one report, of the resumed run:\n{log}");
    reports[0]
}

/// Plays the batch of the merged folder `all` on this machine into
/// `single` (from `all`'s `run.json`), and checks every file is the same.
fn assert_same_as_one_machine(all: &Path, single: &Path) {
    let spec: Value = serde_json::from_slice(&fs::read(all.join("run.json")).unwrap()).unwrap();
    let text = |k: &str| spec[k].as_str().unwrap().to_string();
    let o = Command::new(env!("CARGO_BIN_EXE_hexwar"))
        .args(["simulate", "--scenario", &text("scenario")])
        .args(["--games", &spec["games"].to_string()])
        .args(["--seed", &spec["seed"].to_string()])
        .args(["--blue", &text("blue"), "--red", &text("red")])
        .arg("--out")
        .arg(single)
        .output()
        .unwrap();
    expect_code(&o, 0);
    let (a, b) = (files(all), files(single));
    assert_eq!(
        a.keys().collect::<Vec<_>>(),
        b.keys().collect::<Vec<_>>(),
        "the same files"
    );
    for (name, bytes) in &a {
        assert!(
            bytes == &b[name],
            "{name} differs between {} and {}",
            all.display(),
            single.display()
        );
    }
}

#[test]
fn job_array_on_slurm_survives_a_requeue_and_merges_to_the_single_machine_run() {
    if let Some(why) = unavailable() {
        let require = std::env::var("HEXWAR_SLURM").as_deref() == Ok("require");
        assert!(!require, "HEXWAR_SLURM=require, but {why}");
        eprintln!("SKIPPED: {why} (.ci/run installs it and sets HEXWAR_SLURM=require)");
        return;
    }
    let t0 = Instant::now();
    let tmp = temp_dir("slurm");
    let mut cluster = Cluster::start(&tmp.join("c"));
    eprintln!("cluster up in {:.1} s", t0.elapsed().as_secs_f64());

    // The recipe of docs/BATCHES.md, in a folder of its own: the log folder
    // made first, the script submitted as it is, smaller by its variables
    // and two sbatch options (this node has 2 CPUs, not 16 x 8).
    let work = tmp.join("work");
    let big = work.join("results/runs/big");
    fs::create_dir_all(&big).unwrap();
    let (games, shards, per_shard) = (8_000u64, 4u64, 2_000u64);
    let job = cluster.submit(
        &work,
        &["--array=0-3", "--cpus-per-task=1"],
        &example("hexwar-array.slurm"),
        &[
            ("HEXWAR", env!("CARGO_BIN_EXE_hexwar")),
            ("HEXWAR_GAMES", &games.to_string()),
            ("HEXWAR_SHARDS", &shards.to_string()),
        ],
    );
    let task0 = format!("{job}_0");
    let log0 = big.join(format!("slurm-{job}_0.log"));
    let shard0 = big.join("shard-0/games.csv");
    let why = |what: &str| format!("{what}\n{}{}", tail(&log0, 20), cluster.logs());

    // Preempt task 0 once its shard holds some rows, far from all.
    let t = Instant::now();
    while rows(&shard0) < 100 {
        assert!(
            t.elapsed() < Duration::from_secs(120),
            "{}",
            why("task 0 wrote no rows")
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    let before = rows(&shard0);
    assert!(before < per_shard, "shard 0 was done before the requeue");
    cluster.run("scontrol", &["requeue", &task0]);
    eprintln!(
        "requeued {task0} at {before} of {per_shard} rows, {:.1} s in",
        t0.elapsed().as_secs_f64()
    );

    // Part-way, hexwar status says what is left and that it cannot merge.
    let shard_dirs: Vec<String> = (0..shards)
        .map(|i| big.join(format!("shard-{i}")).display().to_string())
        .collect();
    let present: Vec<&str> = shard_dirs
        .iter()
        .filter(|d| Path::new(d).join("run.json").exists())
        .map(String::as_str)
        .collect();
    let s = json(&hexwar(&[&["status", "--json"], &present[..]].concat()));
    assert_eq!(s["mergeable"], false, "{s}");
    assert!(s["done"].as_u64().unwrap() < games, "{s}");

    cluster.wait_until("the array to finish", Duration::from_secs(240), |c| {
        c.finished(&job)
    });
    eprintln!("array done {:.1} s in", t0.elapsed().as_secs_f64());
    let records = cluster.records(&job);
    assert_eq!(records.len(), shards as usize, "{records:?}");
    for r in &records {
        let field = |k: &str| {
            r.iter()
                .find(|(f, _)| f == k)
                .map_or("", |(_, v)| v.as_str())
        };
        assert_eq!(field("JobState"), "COMPLETED", "{}", why(&format!("{r:?}")));
        let restarts = if field("ArrayTaskId") == "0" {
            "1"
        } else {
            "0"
        };
        assert_eq!(field("Restarts"), restarts, "{r:?}");
    }
    // The requeued task was cut mid-run and resumed its shard: it played
    // only what was missing (at most what was left when it was cut).
    let log = fs::read_to_string(&log0).unwrap();
    assert!(log.contains("DUE TO JOB REQUEUE"), "{}", why("not cut"));
    let resumed = games_played_after_requeue(&log);
    assert!(
        resumed > 0 && resumed <= per_shard - before,
        "the requeued task played {resumed} games; {before} of {per_shard} were written when it was cut\n{log}"
    );
    assert_eq!(rows(&shard0), per_shard);

    // In the morning: every shard done, status says merge, merge.
    let every: Vec<&str> = shard_dirs.iter().map(String::as_str).collect();
    let s = json(&hexwar(&[&["status", "--json"], &every[..]].concat()));
    assert_eq!(s["mergeable"], true, "{s}");
    assert_eq!(s["done"].as_u64(), Some(games), "{s}");
    let all = big.join("all");
    let out = all.display().to_string();
    expect_code(
        &hexwar(&[&["merge"], &every[..], &["--out", &out]].concat()),
        0,
    );
    cluster.stop();

    assert_same_as_one_machine(&all, &tmp.join("single"));
    eprintln!("slurm test took {:.1} s", t0.elapsed().as_secs_f64());
}

/// What a cluster example's shell runs: `hexwar`'s arguments, one a line,
/// written by a stand-in binary, for shard 5 of a folder `run`.
fn command_of(
    shell: &[&str],
    index_var: &str,
    extra: &[(&str, &str)],
    run: &Path,
    tmp: &Path,
) -> Vec<String> {
    let fake = tmp.join("fake-hexwar");
    let argv = tmp.join("argv");
    fs::write(&fake, "#!/bin/sh\nprintf '%s\\n' \"$@\" > \"$ARGV\"\n").unwrap();
    fs::set_permissions(&fake, fs::Permissions::from_mode(0o755)).unwrap();
    let _ = fs::remove_file(&argv);
    let mut c = Command::new(shell[0]);
    c.args(&shell[1..])
        .env_clear()
        .env("PATH", "/usr/bin:/bin")
        .env("HEXWAR", &fake)
        .env("HEXWAR_RUN", run)
        .env("ARGV", &argv)
        .env(index_var, "5");
    for (k, v) in extra {
        c.env(k, v);
    }
    let o = c.output().unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let run = run.display().to_string();
    fs::read_to_string(&argv)
        .unwrap()
        .lines()
        .map(|a| a.replace(&run, "RUN"))
        .collect()
}

#[test]
fn the_kubernetes_job_parses_and_runs_the_same_command_as_the_slurm_array() {
    let tmp = temp_dir("k8s");
    let yaml = fs::read_to_string(example("hexwar-indexed-job.yaml")).unwrap();
    let job: Value = serde_norway::from_str(&yaml).expect("the manifest is YAML");
    assert_eq!(job["apiVersion"], "batch/v1");
    assert_eq!(job["kind"], "Job");
    let spec = &job["spec"];
    assert_eq!(spec["completionMode"], "Indexed");
    let pods = spec["completions"].as_u64().unwrap();
    let container = &spec["template"]["spec"]["containers"][0];
    let cpus = container["resources"]["requests"]["cpu"].as_str().unwrap();
    assert_eq!(container["command"], serde_json::json!(["/bin/sh", "-c"]));
    let pod_script = container["args"][0].as_str().unwrap();

    let slurm_path = example("hexwar-array.slurm");
    let slurm = fs::read_to_string(&slurm_path).unwrap();
    let array = sbatch_option(&slurm, "array");
    let (lo, hi) = array.split_once('-').unwrap();
    let tasks = hi.parse::<u64>().unwrap() - lo.parse::<u64>().unwrap() + 1;
    let slurm_cpus = sbatch_option(&slurm, "cpus-per-task");
    assert_eq!(
        (pods, cpus),
        (tasks, slurm_cpus.as_str()),
        "16 shards of 8 CPUs in both"
    );

    // Both run the same lines after their settings...
    let tail_of = |s: &str| -> Vec<String> {
        let from = s.find("# From here on the same").expect("the marker");
        s[from..]
            .lines()
            .skip(1)
            .map(|l| l.trim().to_string())
            .collect()
    };
    assert_eq!(tail_of(&slurm), tail_of(pod_script));
    // ... and so the same command, for a new shard and for a restarted one.
    let slurm_run = tmp.join("slurm");
    let pod_run = tmp.join("pod");
    let slurm_env = [("SLURM_CPUS_PER_TASK", slurm_cpus.as_str())];
    let sh = ["/bin/sh", "-c", pod_script];
    let bash = ["bash", slurm_path.to_str().unwrap()];
    for restarted in [false, true] {
        if restarted {
            for run in [&slurm_run, &pod_run] {
                fs::create_dir_all(run.join("shard-5")).unwrap();
                fs::write(run.join("shard-5/run.json"), "{}").unwrap();
            }
        }
        let a = command_of(&bash, "SLURM_ARRAY_TASK_ID", &slurm_env, &slurm_run, &tmp);
        let b = command_of(&sh, "JOB_COMPLETION_INDEX", &[], &pod_run, &tmp);
        assert_eq!(a, b, "restarted: {restarted}");
        let want: &[&str] = if restarted {
            &["simulate", "--resume", "RUN/shard-5", "--threads", "8"]
        } else {
            &[
                "simulate",
                "--scenario",
                "malaya",
                "--games",
                "1000000",
                "--seed",
                "2026",
                "--blue",
                "random",
                "--red",
                "random",
                "--shard",
                "5/16",
                "--threads",
                "8",
                "--out",
                "RUN/shard-5",
            ]
        };
        assert_eq!(a, want);
    }
}
