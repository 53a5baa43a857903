//! `games.csv`: one row per game in index order, written from a
//! [`GameRecord`] ([`header`], [`row`]) and read back one at a time
//! (`Rows`, for a resume or a merge), a cut last line ending the rows.

use std::fs::File;
use std::io::{Seek, SeekFrom};
use std::path::{Path, PathBuf};

use hexwar_engine::{HexId, LossCause, ResultLevel, Scenario, Side};

use super::error::RunError;
use super::game::GameRecord;
use super::spec::RunSpec;
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

/// The complete rows of a run's `games.csv` that belong to it, in order,
/// read one at a time (a cut last line, from a killed run, ends them).
pub(super) struct Rows<'a> {
    scen: &'a Scenario,
    spec: &'a RunSpec,
    path: PathBuf,
    rdr: csv::Reader<std::io::BufReader<File>>,
    indices: Box<dyn Iterator<Item = u64> + 'a>,
    /// Bytes of the file, and whether it ends with a newline.
    len: u64,
    ends_nl: bool,
    /// Rows read, and the byte offset after the last good one.
    pub(super) done: u64,
    pub(super) good_end: u64,
    rec: csv::StringRecord,
}

impl<'a> Rows<'a> {
    pub(super) fn open(
        scen: &'a Scenario,
        spec: &'a RunSpec,
        dir: &Path,
    ) -> Result<Rows<'a>, RunError> {
        let path = dir.join("games.csv");
        let mut file = File::open(&path).map_err(FileError::read(&path))?;
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
            return Err(RunError::BadHeader {
                path,
                scenario: scen.name().to_string(),
            });
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
    pub(super) fn next_game(&mut self) -> Result<Option<GameRecord>, RunError> {
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
            _ => {
                return Err(RunError::WrongGame {
                    path: self.path.clone(),
                    line: self.done + 2,
                    index: r.index,
                    seed: r.seed,
                });
            }
        }
        self.done += 1;
        self.good_end = end;
        Ok(Some(r))
    }
}
