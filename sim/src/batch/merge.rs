//! Shard folders merged into one run: their rows interleaved back into
//! index order, a streaming read of one row per shard at a time, which
//! gives the same `games.csv`, summary and plots as one run of the whole
//! batch. Every shard's `run.json` and rows are checked as a resume checks
//! them ([`super::games_csv`]): an edited or garbled row is named, never
//! merged.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use hexwar_engine::Scenario;

use super::error::RunError;
use super::games_csv::{Rows, header_line, line};
use super::run::{RunOutcome, write_reports};
use super::spec::{RunSpec, read_spec, write_spec};
use super::summary::BatchSummary;
use super::tally::BatchTally;
use crate::files::{self, FileError};

/// Merges shard folders into `out`: the same `games.csv`, summary and
/// plots as one run of the whole batch.
pub fn merge(scen: &Scenario, dirs: &[PathBuf], out: &Path) -> Result<RunOutcome, RunError> {
    let start = Instant::now();
    let mut specs = Vec::new();
    for d in dirs {
        specs.push(read_spec(d)?);
    }
    let Some(first) = specs.first().cloned() else {
        return Err(RunError::NoRunFolders);
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
            return Err(RunError::NotSameBatch {
                dir: d.clone(),
                first: dirs[0].clone(),
            });
        }
        let (i, k) = s.shard.unwrap_or((0, 1));
        if k != n || seen[i as usize] {
            return Err(RunError::ShardMisfit {
                dir: d.clone(),
                index: i,
                count: k,
            });
        }
        seen[i as usize] = true;
    }
    if let Some(i) = seen.iter().position(|x| !x) {
        return Err(RunError::ShardMissing { index: i, count: n });
    }
    // Shard i first: its rows hold the games i, i+n, ...
    let mut order: Vec<usize> = (0..dirs.len()).collect();
    order.sort_by_key(|&k| specs[k].shard.map_or(0, |s| s.0));
    let dirs: Vec<PathBuf> = order.iter().map(|&k| dirs[k].clone()).collect();
    let specs: Vec<RunSpec> = order.iter().map(|&k| specs[k].clone()).collect();
    if first.name != scen.name() {
        return Err(RunError::RunsOf {
            run: first.name,
            scenario: scen.name().to_string(),
        });
    }
    // Every shard complete; rows read back one at a time, in index order.
    let mut readers = Vec::new();
    for (d, s) in dirs.iter().zip(&specs) {
        let rows = Rows::open(scen, s, d)?;
        if rows.needs_header {
            return Err(RunError::Incomplete {
                dir: d.clone(),
                done: 0,
                count: s.count(),
            });
        }
        readers.push(rows);
    }
    let spec = RunSpec {
        shard: None,
        ..first
    };
    if out.join("run.json").exists() {
        return Err(RunError::OutHoldsRun {
            dir: out.to_path_buf(),
        });
    }
    files::create_dir_all(out)?;
    // The rows first, run.json last: a merge killed part-way leaves a
    // folder with no run.json, which a new merge may write again.
    let path = out.join("games.csv");
    let file = File::create(&path).map_err(FileError::write(&path))?;
    let mut w = BufWriter::new(file);
    w.write_all(&header_line(scen))?;
    let key = spec.key();
    let mut tally = BatchTally::new(scen);
    for index in 0..spec.games {
        let k = (index % n) as usize;
        let Some(r) = readers[k].next_game()? else {
            return Err(RunError::Incomplete {
                dir: dirs[k].clone(),
                done: readers[k].done,
                count: specs[k].count(),
            });
        };
        w.write_all(&line(scen, key, &r))?;
        tally.add(&r);
    }
    w.flush()?;
    w.get_ref().sync_all()?;
    write_spec(out, &spec)?;
    let summary = BatchSummary::new(scen, [&spec.blue, &spec.red], spec.seed, None, &tally);
    write_reports(scen, out, &summary)?;
    Ok(RunOutcome {
        dir: out.to_path_buf(),
        summary,
        played: 0,
        secs: start.elapsed().as_secs_f64(),
        threads: 1,
        interrupted: false,
    })
}
