//! A batch as a folder on disk: `run.json` (what to play), `games.csv` (one
//! row per game, in index order, written as games finish), `summary.json`,
//! `summary.md` and the plots.
//!
//! Games are handed to the workers in index order from one counter, and a
//! small reorder buffer writes them in that order, so the file is the same
//! byte for byte on any number of threads, and memory does not grow with
//! the batch. The file is flushed whenever the writer catches up, and at
//! least every 0.2 s: a batch that is killed keeps what it wrote, and `--resume` plays the rest (a cut
//! last line is dropped and played again). Ctrl-C stops handing out games,
//! lets the ones started finish, writes them, and says how to resume.
//!
//! A shard `I/N` plays the games whose index is `I` mod `N`; [`merge`]
//! interleaves the shards' rows back into index order, which gives the same
//! `games.csv` and summary as one run.

use std::collections::BTreeMap;
use std::fs::{self, File, OpenOptions};
use std::io::{BufWriter, Seek, SeekFrom};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::Instant;

use anyhow::{Context, Result, anyhow, bail};
use hexwar_engine::{HexId, LossCause, ResultLevel, Scenario, Side};
use serde::{Deserialize, Serialize};

use crate::simulate::{GameRecord, SimError, play_game};
use crate::summary::{Summary, Tally};

/// Set by Ctrl-C: stop handing out games.
pub static STOP: AtomicBool = AtomicBool::new(false);

/// Makes Ctrl-C stop a batch cleanly (once per process).
pub fn install_ctrl_c() {
    let _ = ctrlc::set_handler(|| STOP.store(true, Ordering::SeqCst));
}

/// What a run plays: `run.json`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunSpec {
    /// The scenario as given (built-in name or path).
    pub scenario: String,
    /// The scenario's name.
    pub name: String,
    /// A digest of the scenario's text (FNV-1a, 64 bits, hex), so a resume
    /// or merge can tell the file has not changed.
    pub digest: String,
    /// AI spec for the first side.
    pub blue: String,
    /// AI spec for the second side.
    pub red: String,
    /// Master seed.
    pub seed: u64,
    /// Games in the whole batch (all shards).
    pub games: u64,
    /// `(I, N)`: this folder holds the games whose index is I mod N.
    pub shard: Option<(u64, u64)>,
}

impl RunSpec {
    /// The game indices this run plays, in order.
    pub fn indices(&self) -> impl Iterator<Item = u64> + '_ {
        let (i, n) = self.shard.unwrap_or((0, 1));
        (i..self.games).step_by(n as usize)
    }

    /// How many games this run plays.
    pub fn count(&self) -> u64 {
        let (i, n) = self.shard.unwrap_or((0, 1));
        if i >= self.games {
            0
        } else {
            (self.games - i).div_ceil(n)
        }
    }
}

/// FNV-1a over the scenario text.
pub fn digest(text: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// How a run went.
#[derive(Debug)]
pub struct Outcome {
    /// The folder.
    pub dir: PathBuf,
    /// The summary of every game in the folder.
    pub summary: Summary,
    /// Games played by this call (not those found on a resume).
    pub played: u64,
    /// Seconds this call spent reading and playing games (not plotting).
    pub secs: f64,
    /// Threads used.
    pub threads: usize,
    /// Stopped before the end (Ctrl-C); resume to finish.
    pub interrupted: bool,
}

impl Outcome {
    /// Games per second in this call.
    pub fn games_per_sec(&self) -> f64 {
        if self.secs > 0.0 {
            self.played as f64 / self.secs
        } else {
            0.0
        }
    }
}

/// How to run (nothing here changes a record).
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Threads (default: rayon's, one per core).
    pub threads: Option<usize>,
    /// Stop after handing out this many games (tests of kill and resume).
    pub stop_after: Option<u64>,
}

/// The header of `games.csv` for `scen`.
pub fn header(scen: &Scenario) -> Vec<String> {
    let ids = Side::BOTH.map(|s| scen.side(s).id.clone());
    let mut h: Vec<String> = ["index", "seed", "game_seed", "winner", "result", "aborted"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    for id in &ids {
        h.push(format!("vp_{id}"));
    }
    h.push("turns".into());
    h.push("actions".into());
    for id in &ids {
        for c in LossCause::ALL {
            h.push(format!("steps_{}_{id}", c.name()));
        }
        h.push(format!("eliminated_{id}"));
        h.push(format!("supply_cut_{id}"));
    }
    h.push("loss_hexes".into());
    h
}

/// One game as a `games.csv` row.
pub fn row(scen: &Scenario, r: &GameRecord) -> Vec<String> {
    let mut v = vec![
        r.index.to_string(),
        r.seed.to_string(),
        r.game_seed.to_string(),
        r.winner.map_or(String::new(), |s| scen.side(s).id.clone()),
        r.level.name().to_string(),
        u8::from(r.aborted).to_string(),
        r.vp[0].to_string(),
        r.vp[1].to_string(),
        r.turns.to_string(),
        r.actions.to_string(),
    ];
    for s in 0..2 {
        for c in 0..4 {
            v.push(r.losses[s][c].to_string());
        }
        v.push(r.eliminated[s].to_string());
        v.push(r.supply_cut[s].to_string());
    }
    v.push(
        r.loss_hexes
            .iter()
            .map(|(h, n)| format!("{}:{n}", scen.grid().label(*h)))
            .collect::<Vec<_>>()
            .join(" "),
    );
    v
}

/// Reads a row back; `None` if it is not one.
pub fn parse_row(scen: &Scenario, f: &csv::StringRecord) -> Option<GameRecord> {
    if f.len() != header(scen).len() {
        return None;
    }
    let n = |i: usize| f.get(i)?.parse::<i64>().ok();
    let winner = match f.get(3)? {
        "" => None,
        id => Some(scen.side_by_name(id)?),
    };
    let level = match f.get(4)? {
        "decisive" => ResultLevel::Decisive,
        "marginal" => ResultLevel::Marginal,
        "draw" => ResultLevel::Draw,
        _ => return None,
    };
    let mut losses = [[0u16; 4]; 2];
    let mut eliminated = [0u16; 2];
    let mut supply_cut = [0u32; 2];
    for s in 0..2 {
        let base = 10 + s * 6;
        for (c, slot) in losses[s].iter_mut().enumerate() {
            *slot = u16::try_from(n(base + c)?).ok()?;
        }
        eliminated[s] = u16::try_from(n(base + 4)?).ok()?;
        supply_cut[s] = u32::try_from(n(base + 5)?).ok()?;
    }
    let mut loss_hexes = Vec::new();
    for part in f.get(22)?.split_whitespace() {
        let (h, k) = part.split_once(':')?;
        let h: HexId = scen.grid().parse(h).ok()?;
        loss_hexes.push((h, k.parse().ok()?));
    }
    let steps_lost = [0, 1].map(|s| losses[s].iter().sum());
    Some(GameRecord {
        index: u64::try_from(n(0)?).ok()?,
        seed: f.get(1)?.parse().ok()?,
        game_seed: f.get(2)?.parse().ok()?,
        winner,
        level,
        aborted: n(5)? == 1,
        vp: [i32::try_from(n(6)?).ok()?, i32::try_from(n(7)?).ok()?],
        turns: u8::try_from(n(8)?).ok()?,
        actions: u64::try_from(n(9)?).ok()?,
        steps_lost,
        losses,
        eliminated,
        supply_cut,
        loss_hexes,
    })
}

fn write_json(path: &Path, value: &impl Serialize) -> Result<()> {
    let text = serde_json::to_string_pretty(value)? + "\n";
    fs::write(path, text).with_context(|| format!("cannot write {}", path.display()))
}

/// Reads `dir/run.json`.
pub fn read_spec(dir: &Path) -> Result<RunSpec> {
    let path = dir.join("run.json");
    let text = fs::read_to_string(&path).with_context(|| {
        format!(
            "{} is not a run folder (cannot read {})",
            dir.display(),
            path.display()
        )
    })?;
    serde_json::from_str(&text)
        .with_context(|| format!("{}: not a run description", path.display()))
}

/// The complete rows of a run's `games.csv` that belong to it, in order,
/// read one at a time (a cut last line, from a killed run, ends them).
struct Rows<'a> {
    scen: &'a Scenario,
    spec: &'a RunSpec,
    path: PathBuf,
    rdr: csv::Reader<std::io::BufReader<File>>,
    indices: Box<dyn Iterator<Item = u64> + 'a>,
    /// Bytes of the file, and whether it ends with a newline.
    len: u64,
    ends_nl: bool,
    /// Rows read, and the byte offset after the last good one.
    done: u64,
    good_end: u64,
    rec: csv::StringRecord,
}

impl<'a> Rows<'a> {
    fn open(scen: &'a Scenario, spec: &'a RunSpec, dir: &Path) -> Result<Rows<'a>> {
        let path = dir.join("games.csv");
        let mut file =
            File::open(&path).with_context(|| format!("cannot read {}", path.display()))?;
        let len = file.metadata()?.len();
        let mut last = [0u8];
        let ends_nl = len > 0 && {
            file.seek(SeekFrom::Start(len - 1))?;
            std::io::Read::read_exact(&mut file, &mut last)?;
            file.seek(SeekFrom::Start(0))?;
            last[0] == b'\n'
        };
        let mut rdr = csv::ReaderBuilder::new()
            .has_headers(false)
            .flexible(true)
            .from_reader(std::io::BufReader::new(file));
        let mut rec = csv::StringRecord::new();
        if !matches!(rdr.read_record(&mut rec), Ok(true))
            || rec.iter().collect::<Vec<_>>() != header(scen)
        {
            bail!(
                "{}: the first line is not the header of a {} run",
                path.display(),
                scen.name()
            );
        }
        let good_end = rdr.position().byte();
        Ok(Rows {
            scen,
            spec,
            path,
            rdr,
            indices: Box::new(spec.indices()),
            len,
            ends_nl,
            done: 0,
            good_end,
            rec,
        })
    }

    /// The next game, `Ok(None)` at the end of the good rows.
    fn next_game(&mut self) -> Result<Option<GameRecord>> {
        if !matches!(self.rdr.read_record(&mut self.rec), Ok(true)) {
            return Ok(None);
        }
        let end = self.rdr.position().byte();
        // A last line not ended by a newline was cut off by a kill.
        if end >= self.len && !self.ends_nl {
            return Ok(None);
        }
        let Some(r) = parse_row(self.scen, &self.rec) else {
            return Ok(None);
        };
        match self.indices.next() {
            Some(i) if i == r.index && r.seed == self.spec.seed => {}
            _ => bail!(
                "{}: line {} is game {} of seed {}, not the next game of this run",
                self.path.display(),
                self.done + 2,
                r.index,
                r.seed
            ),
        }
        self.done += 1;
        self.good_end = end;
        Ok(Some(r))
    }
}

/// Refuses bad AI specs before anything is written or started.
fn check_players(spec: &RunSpec) -> Result<()> {
    for (s, side) in [(&spec.blue, "blue"), (&spec.red, "red")] {
        hexwar_ai::from_spec(s).map_err(|e| SimError::UnknownAi {
            side,
            message: e.to_string(),
        })?;
    }
    Ok(())
}

/// Starts a new run of `spec` in `dir` (which must not hold one).
pub fn start(
    scen: &Scenario,
    spec: &RunSpec,
    dir: &Path,
    opts: &Options,
    on_progress: &(dyn Fn(u64) + Sync),
) -> Result<Outcome> {
    check_players(spec)?;
    if dir.join("run.json").exists() {
        bail!(
            "{} already holds a run: resume it with --resume {}, or choose another --out",
            dir.display(),
            dir.display()
        );
    }
    fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    write_json(&dir.join("run.json"), spec)?;
    let path = dir.join("games.csv");
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(header(scen))?;
    fs::write(&path, w.into_inner().map_err(|e| anyhow!("{e}"))?)
        .with_context(|| format!("cannot write {}", path.display()))?;
    go(scen, spec, dir, opts, on_progress)
}

/// Resumes the run in `dir`: plays the games it lacks.
pub fn resume(
    scen: &Scenario,
    dir: &Path,
    opts: &Options,
    on_progress: &(dyn Fn(u64) + Sync),
) -> Result<Outcome> {
    let spec = read_spec(dir)?;
    go(scen, &spec, dir, opts, on_progress)
}

/// Checks the scenario is the run's, reads what is done, plays the rest.
fn go(
    scen: &Scenario,
    spec: &RunSpec,
    dir: &Path,
    opts: &Options,
    on_progress: &(dyn Fn(u64) + Sync),
) -> Result<Outcome> {
    if spec.name != scen.name() {
        bail!(
            "{} is a run of {}, not {}",
            dir.display(),
            spec.name,
            scen.name()
        );
    }
    check_players(spec)?;
    let start = Instant::now();
    let mut tally = Tally::new(scen);
    let (done, good_end) = {
        let mut rows = Rows::open(scen, spec, dir)?;
        while let Some(r) = rows.next_game()? {
            tally.add(&r);
        }
        (rows.done, rows.good_end)
    };
    let path = dir.join("games.csv");
    let mut file = OpenOptions::new()
        .write(true)
        .open(&path)
        .with_context(|| format!("cannot write {}", path.display()))?;
    file.set_len(good_end)?;
    file.seek(SeekFrom::End(0))?;
    let mut out = csv::Writer::from_writer(BufWriter::new(file));
    on_progress(done);

    let total = spec.count();
    let limit = opts.stop_after.map_or(total, |k| (done + k).min(total));
    let threads = match opts.threads {
        Some(n) if n > 0 => n,
        _ => rayon::current_num_threads(),
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| SimError::Threads(e.to_string()))?;
    let (i0, step) = spec.shard.unwrap_or((0, 1));
    let next = AtomicU64::new(done);
    let (tx, rx) = mpsc::sync_channel::<(u64, GameRecord)>(4 * threads + 16);
    let mut played = 0u64;
    let mut error: Option<anyhow::Error> = None;
    std::thread::scope(|s| {
        s.spawn(|| {
            pool.scope(|ps| {
                for _ in 0..threads {
                    let tx = tx.clone();
                    let next = &next;
                    ps.spawn(move |_| {
                        loop {
                            if STOP.load(Ordering::SeqCst) {
                                break;
                            }
                            let k = next.fetch_add(1, Ordering::SeqCst);
                            if k >= limit {
                                break;
                            }
                            let index = i0 + k * step;
                            match play_game(scen, &spec.blue, &spec.red, spec.seed, index) {
                                Ok(r) => {
                                    if tx.send((k, r)).is_err() {
                                        break;
                                    }
                                }
                                Err(_) => break,
                            }
                        }
                    });
                }
            });
            drop(tx);
        });
        // The writer: rows in order, flushed whenever it catches up.
        let mut pending: BTreeMap<u64, GameRecord> = BTreeMap::new();
        let mut want = done;
        let mut write = |r: &GameRecord, out: &mut csv::Writer<BufWriter<File>>| -> Result<()> {
            out.write_record(row(scen, r))?;
            tally.add(r);
            Ok(())
        };
        let mut flushed = Instant::now();
        loop {
            if flushed.elapsed().as_millis() >= 200 {
                flushed = Instant::now();
                if let Err(e) = out.flush() {
                    error.get_or_insert(e.into());
                }
            }
            let msg = match rx.try_recv() {
                Ok(m) => Some(m),
                Err(mpsc::TryRecvError::Empty) => {
                    if let Err(e) = out.flush() {
                        error.get_or_insert(e.into());
                    }
                    rx.recv().ok()
                }
                Err(mpsc::TryRecvError::Disconnected) => None,
            };
            let Some((k, r)) = msg else { break };
            pending.insert(k, r);
            while let Some(r) = pending.remove(&want) {
                if error.is_none() {
                    if let Err(e) = write(&r, &mut out) {
                        error = Some(e);
                        STOP.store(true, Ordering::SeqCst);
                    }
                }
                want += 1;
                played += 1;
                on_progress(want);
            }
        }
    });
    out.flush()?;
    if let Some(e) = error {
        return Err(e.context(format!("writing {}", path.display())));
    }
    // Games per second count the games, not the plots.
    let secs = start.elapsed().as_secs_f64();
    let finished = done + played;
    let interrupted = finished < total;
    let summary = Summary::new(scen, [&spec.blue, &spec.red], spec.seed, spec.shard, &tally);
    write_reports(scen, dir, &summary)?;
    Ok(Outcome {
        dir: dir.to_path_buf(),
        summary,
        played,
        secs,
        threads,
        interrupted,
    })
}

/// `summary.json`, `summary.md` and the plots.
pub fn write_reports(scen: &Scenario, dir: &Path, summary: &Summary) -> Result<()> {
    write_json(&dir.join("summary.json"), summary)?;
    fs::write(dir.join("summary.md"), summary.markdown())
        .with_context(|| format!("cannot write {}", dir.join("summary.md").display()))?;
    crate::report_plots::write(scen, dir, summary)
}

/// Merges shard folders into `out`: the same `games.csv`, summary and
/// plots as one run of the whole batch.
pub fn merge(scen: &Scenario, dirs: &[PathBuf], out: &Path) -> Result<Outcome> {
    let start = Instant::now();
    let mut specs = Vec::new();
    for d in dirs {
        specs.push(read_spec(d)?);
    }
    let Some(first) = specs.first().cloned() else {
        bail!("merge: give at least one run folder");
    };
    let n = first.shard.map_or(1, |s| s.1);
    let mut seen = vec![false; n as usize];
    for (d, s) in dirs.iter().zip(&specs) {
        let same = s.name == first.name
            && s.digest == first.digest
            && s.blue == first.blue
            && s.red == first.red
            && s.seed == first.seed
            && s.games == first.games;
        if !same {
            bail!(
                "{} is not a shard of the same batch as {} (scenario, players, seed and games must match)",
                d.display(),
                dirs[0].display()
            );
        }
        let (i, k) = s.shard.unwrap_or((0, 1));
        if k != n || seen[i as usize] {
            bail!(
                "{}: shard {i}/{k} does not fit with the others",
                d.display()
            );
        }
        seen[i as usize] = true;
    }
    if let Some(i) = seen.iter().position(|x| !x) {
        bail!("merge: shard {i}/{n} is missing");
    }
    // Shard i first: its rows hold the games i, i+n, ...
    let mut order: Vec<usize> = (0..dirs.len()).collect();
    order.sort_by_key(|&k| specs[k].shard.map_or(0, |s| s.0));
    let dirs: Vec<PathBuf> = order.iter().map(|&k| dirs[k].clone()).collect();
    let specs: Vec<RunSpec> = order.iter().map(|&k| specs[k].clone()).collect();
    if first.name != scen.name() {
        bail!("the runs are of {}, not {}", first.name, scen.name());
    }
    // Every shard complete; rows read back one at a time, in index order.
    let mut readers = Vec::new();
    for (d, s) in dirs.iter().zip(&specs) {
        readers.push(Rows::open(scen, s, d)?);
    }
    let spec = RunSpec {
        shard: None,
        ..first
    };
    if out.join("run.json").exists() {
        bail!("{} already holds a run", out.display());
    }
    fs::create_dir_all(out).with_context(|| format!("cannot create {}", out.display()))?;
    write_json(&out.join("run.json"), &spec)?;
    let path = out.join("games.csv");
    let file = File::create(&path).with_context(|| format!("cannot write {}", path.display()))?;
    let mut w = csv::Writer::from_writer(BufWriter::new(file));
    w.write_record(header(scen))?;
    let mut tally = Tally::new(scen);
    for index in 0..spec.games {
        let k = (index % n) as usize;
        let Some(r) = readers[k].next_game()? else {
            bail!(
                "{} holds {} of its {} games: resume it first",
                dirs[k].display(),
                readers[k].done,
                specs[k].count()
            );
        };
        w.write_record(row(scen, &r))?;
        tally.add(&r);
    }
    w.flush()?;
    let summary = Summary::new(scen, [&spec.blue, &spec.red], spec.seed, None, &tally);
    write_reports(scen, out, &summary)?;
    Ok(Outcome {
        dir: out.to_path_buf(),
        summary,
        played: 0,
        secs: start.elapsed().as_secs_f64(),
        threads: 1,
        interrupted: false,
    })
}

/// The default folder for a run: `results/runs/SCENARIO-BLUE-vs-RED-seedK`
/// (with `-shardIofN`), numbered `-2`, `-3`, ... if taken.
pub fn default_dir(spec: &RunSpec) -> PathBuf {
    let clean = |s: &str| {
        s.chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '-' {
                    c
                } else {
                    '_'
                }
            })
            .collect::<String>()
    };
    let mut base = format!(
        "{}-{}-vs-{}-seed{}",
        clean(&spec.name),
        clean(&spec.blue),
        clean(&spec.red),
        spec.seed
    );
    if let Some((i, n)) = spec.shard {
        base.push_str(&format!("-shard{i}of{n}"));
    }
    let root = Path::new("results").join("runs");
    let mut dir = root.join(&base);
    let mut k = 2;
    while dir.exists() {
        dir = root.join(format!("{base}-{k}"));
        k += 1;
    }
    dir
}
