//! What a run plays, `run.json` ([`RunSpec`]): scenario, players, seed,
//! games and shard, with a digest of the scenario's text so a resume or a
//! merge can tell the file has not changed, and a `check` of its own
//! ([`RunSpec::key`]) so an edited `run.json` is refused; and where a run
//! goes by default.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::error::RunError;
use crate::files::{self, FileError};

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
    format!("{:016x}", fnv1a(FNV_OFFSET, text.as_bytes()))
}

/// FNV-1a's starting state.
pub const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;

/// FNV-1a (64 bits) over `bytes`, from the state `h` ([`FNV_OFFSET`] to
/// start afresh): the scenario digest, `run.json`'s `check` and the
/// `check` column of `games.csv` (docs/BATCHES.md).
pub fn fnv1a(mut h: u64, bytes: &[u8]) -> u64 {
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

impl RunSpec {
    /// The run's key: FNV-1a over the spec as compact JSON (its fields in
    /// order). `run.json` carries it as `check`, and every row of
    /// `games.csv` is checked from it, so an edited `run.json` is refused
    /// and the rows of one run do not pass for another's.
    pub fn key(&self) -> u64 {
        // A struct of strings and numbers always serialises.
        let json = serde_json::to_string(self).unwrap_or_default();
        fnv1a(FNV_OFFSET, json.as_bytes())
    }
}

/// `run.json` as written: the spec and its `check`.
#[derive(Serialize, Deserialize)]
struct SpecFile {
    #[serde(flatten)]
    spec: RunSpec,
    /// [`RunSpec::key`] in hex; missing in folders of older versions.
    check: Option<String>,
}

/// Writes `dir/run.json` atomically, with its `check`.
pub fn write_spec(dir: &Path, spec: &RunSpec) -> Result<(), RunError> {
    let file = SpecFile {
        spec: spec.clone(),
        check: Some(format!("{:016x}", spec.key())),
    };
    Ok(files::write_json(&dir.join("run.json"), &file)?)
}

/// Reads `dir/run.json` and checks it has not been edited since it was
/// written.
pub fn read_spec(dir: &Path) -> Result<RunSpec, RunError> {
    let path = dir.join("run.json");
    let bytes = match files::read_limited(&path, files::RUN_SPEC_LIMIT, "a run description") {
        Ok(bytes) => bytes,
        Err(FileError::Read { error, .. }) => {
            return Err(RunError::NotRunFolder {
                dir: dir.to_path_buf(),
                path,
                error,
            });
        }
        Err(e) => return Err(e.into()),
    };
    let file: SpecFile =
        serde_json::from_slice(&bytes).map_err(|error| RunError::NotRunDescription {
            path: path.clone(),
            error,
        })?;
    match file.check {
        None => Err(RunError::SpecUnchecked { path }),
        Some(c) if c == format!("{:016x}", file.spec.key()) => Ok(file.spec),
        Some(_) => Err(RunError::SpecEdited { path }),
    }
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
