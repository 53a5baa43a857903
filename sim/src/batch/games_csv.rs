//! `games.csv`: one row per game in index order, written from a
//! [`GameRecord`] ([`header`], [`line()`]) and read back one at a time
//! (`Rows`, for a resume or a merge), a cut last line ending the rows.
//!
//! Each row ends with a `check`: FNV-1a, started from the run's key
//! ([`RunSpec::key`], the `check` of `run.json`), over the row's bytes
//! before that last comma. A row edited by hand or garbled, or a row of
//! another run, fails it and is named by file and line; so is a row out
//! of its place. The format is in docs/BATCHES.md (`hexwar status`
//! reads it too).

use std::fs::File;
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};

use hexwar_engine::{HexId, LossCause, ResultLevel, Scenario, Side};

use super::error::RunError;
use super::game::GameRecord;
use super::spec::{RunSpec, fnv1a};
use crate::files::FileError;

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
    h.push("check".into());
    h
}

/// One game's fields in `games.csv` (all but the last, `check`: see [`line()`]).
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

/// Reads a row's fields back (without its `check`); `None` if they are
/// not a game's.
pub fn parse_row(scen: &Scenario, f: &csv::StringRecord) -> Option<GameRecord> {
    if f.len() + 1 != header(scen).len() {
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

/// One game as the line `games.csv` holds: the fields of [`row`], then
/// `check`, FNV-1a from the run's [`RunSpec::key`] over the line's bytes
/// before that last comma (16 hex digits), then a newline.
pub fn line(scen: &Scenario, key: u64, r: &GameRecord) -> Vec<u8> {
    let mut bytes = record_line(&row(scen, r));
    bytes.pop(); // the newline
    let check = fnv1a(key, &bytes);
    bytes.extend_from_slice(format!(",{check:016x}\n").as_bytes());
    bytes
}

/// The header line of `games.csv`, with its newline.
pub fn header_line(scen: &Scenario) -> Vec<u8> {
    record_line(&header(scen))
}

/// Fields as one CSV line with its newline (quoted where they need it).
fn record_line(fields: &[String]) -> Vec<u8> {
    let mut w = csv::WriterBuilder::new()
        .terminator(csv::Terminator::Any(b'\n'))
        .from_writer(Vec::new());
    // Writing into a `Vec` cannot fail.
    let _ = w.write_record(fields);
    w.into_inner().unwrap_or_default()
}

/// The longest line read back (a row is a few hundred bytes; its
/// `loss_hexes` grows with the map, never near this).
const LINE_LIMIT: u64 = 1 << 20;

/// Checks one complete line (newline cut off) against the run's key and
/// reads its fields; the error says what is wrong with it.
fn check_line(scen: &Scenario, key: u64, line: &[u8]) -> Result<GameRecord, String> {
    let Some(comma) = line.iter().rposition(|&b| b == b',') else {
        return Err("not a row (no check)".into());
    };
    let (body, check) = (&line[..comma], &line[comma + 1..]);
    let want = format!("{:016x}", fnv1a(key, body));
    if check != want.as_bytes() {
        return Err(format!(
            "its check is {:?}, its fields give {want}",
            String::from_utf8_lossy(check)
        ));
    }
    let mut rdr = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_reader(body);
    let mut rec = csv::StringRecord::new();
    match rdr.read_record(&mut rec) {
        Ok(true) => {}
        Ok(false) => return Err("an empty row".into()),
        Err(e) => return Err(format!("not a row: {e}")),
    }
    parse_row(scen, &rec).ok_or_else(|| "a field out of range or of the wrong kind".into())
}

/// The complete rows of a run's `games.csv` that belong to it, in order,
/// read one at a time and each checked (a cut last line, from a killed
/// run, ends them; any other bad line is an error naming it).
pub(super) struct Rows<'a> {
    scen: &'a Scenario,
    spec: &'a RunSpec,
    key: u64,
    path: PathBuf,
    rdr: Option<BufReader<File>>,
    indices: Box<dyn Iterator<Item = u64> + 'a>,
    buf: Vec<u8>,
    /// Rows read, and the byte offset after the last good one.
    pub(super) done: u64,
    pub(super) good_end: u64,
    /// The file has no whole header line (missing, empty, or cut by a
    /// kill as the run began): nothing to read, the header to write.
    pub(super) needs_header: bool,
}

impl<'a> Rows<'a> {
    pub(super) fn open(
        scen: &'a Scenario,
        spec: &'a RunSpec,
        dir: &Path,
    ) -> Result<Rows<'a>, RunError> {
        let path = dir.join("games.csv");
        let mut rows = Rows {
            scen,
            spec,
            key: spec.key(),
            path,
            rdr: None,
            indices: Box::new(spec.indices()),
            buf: Vec::new(),
            done: 0,
            good_end: 0,
            needs_header: true,
        };
        let file = match File::open(&rows.path) {
            Ok(f) => f,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(rows),
            Err(e) => return Err(FileError::read(&rows.path)(e).into()),
        };
        let mut rdr = BufReader::new(file);
        if !rows.read_line(&mut rdr)? {
            return Ok(rows);
        }
        if rows.buf != header_line(scen) {
            let h = header(scen);
            return Err(if rows.buf == record_line(&h[..h.len() - 1]) {
                RunError::OldFormat { path: rows.path }
            } else {
                RunError::BadHeader {
                    path: rows.path,
                    scenario: scen.name().to_string(),
                }
            });
        }
        rows.needs_header = false;
        rows.good_end = rows.buf.len() as u64;
        rows.rdr = Some(rdr);
        Ok(rows)
    }

    /// Reads the next line into `buf`: `true` if it is whole (ends with a
    /// newline), `false` at the end or for a last line cut off.
    fn read_line(&mut self, rdr: &mut BufReader<File>) -> Result<bool, RunError> {
        self.buf.clear();
        let n = rdr
            .by_ref()
            .take(LINE_LIMIT)
            .read_until(b'\n', &mut self.buf)
            .map_err(FileError::read(&self.path))?;
        if n as u64 == LINE_LIMIT && self.buf.last() != Some(&b'\n') {
            return Err(RunError::RowDamaged {
                path: self.path.clone(),
                line: self.done + 2,
                why: format!("longer than {LINE_LIMIT} bytes"),
            });
        }
        Ok(self.buf.last() == Some(&b'\n'))
    }

    /// The next game, `Ok(None)` at the end of the good rows.
    pub(super) fn next_game(&mut self) -> Result<Option<GameRecord>, RunError> {
        let Some(mut rdr) = self.rdr.take() else {
            return Ok(None);
        };
        // A last line not ended by a newline was cut off by a kill.
        if !self.read_line(&mut rdr)? {
            return Ok(None);
        }
        self.rdr = Some(rdr);
        let line = self.done + 2;
        let text = &self.buf[..self.buf.len() - 1];
        let r = check_line(self.scen, self.key, text).map_err(|why| RunError::RowDamaged {
            path: self.path.clone(),
            line,
            why,
        })?;
        match self.indices.next() {
            Some(i) if i == r.index && r.seed == self.spec.seed => {}
            _ => {
                return Err(RunError::WrongGame {
                    path: self.path.clone(),
                    line,
                    index: r.index,
                    seed: r.seed,
                });
            }
        }
        self.done += 1;
        self.good_end += self.buf.len() as u64;
        Ok(Some(r))
    }
}
