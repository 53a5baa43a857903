//! What a run plays, `run.json` ([`RunSpec`]): scenario, players, seed,
//! games and shard, with a digest of the scenario's text so a resume or a
//! merge can tell the file has not changed; and where a run goes by
//! default.

use std::fs;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::error::RunError;

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

/// Reads `dir/run.json`.
pub fn read_spec(dir: &Path) -> Result<RunSpec, RunError> {
    let path = dir.join("run.json");
    let text = match fs::read_to_string(&path) {
        Ok(text) => text,
        Err(error) => {
            return Err(RunError::NotRunFolder {
                dir: dir.to_path_buf(),
                path,
                error,
            });
        }
    };
    serde_json::from_str(&text).map_err(|error| RunError::NotRunDescription { path, error })
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
