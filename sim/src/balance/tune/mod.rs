//! `hexwar balance --tune PATH=LO..HI`: the value of one setting at which
//! the first side scores 50% (or its mean VP margin is 0), with an
//! interval, by an adaptive search on the same games at every value
//! ([`search`]); the tuned scenario written next to the report
//! ([`report`]).
//!
//! A value is a variant of the scenario's text edited in place
//! ([`crate::sweep::set`]) and checked by the engine, then a batch of
//! `--games` games in memory ([`crate::batch::run_batch`]), game `i` on
//! the seed of (master seed, i) at every value. An integer setting (a
//! field that holds an integer, searched with integer ends) is searched
//! on whole values only and answered with a whole value and its two
//! neighbours' results.

use serde::Serialize;
use toml::Value;

use super::BalanceError;
use crate::batch::{Batch, GameRecord, run_batch};
use crate::error::Error;
use crate::scenario::LoadedScenario;
use crate::sweep::{SweepError, field_kind, parse_document, parse_value, variant};

pub mod report;
pub mod search;

pub use report::{TuneReport, TunedPoint};
use search::{Found, Measured, Range};

/// Bootstrap resamples for the crossing's interval.
pub const BOOTSTRAP_REPS: usize = 1000;

/// What the tuning evens.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum Target {
    /// The first side's score (a draw counts half) at 50%.
    #[default]
    Score,
    /// The first side's mean VP margin at 0.
    Margin,
}

impl Target {
    /// The value aimed at.
    pub fn aim(self) -> f64 {
        match self {
            Target::Score => 0.5,
            Target::Margin => 0.0,
        }
    }

    /// One game's outcome: the first side's score or its VP margin.
    pub fn outcome(self, r: &GameRecord) -> f64 {
        match self {
            Target::Score => match r.winner {
                Some(w) if w.index() == 0 => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            },
            Target::Margin => f64::from(r.vp[0] - r.vp[1]),
        }
    }
}

/// `--tune PATH=LO..HI` parsed.
#[derive(Clone, Debug, PartialEq)]
pub struct Setting {
    /// The dotted path.
    pub path: String,
    /// Low end.
    pub lo: f64,
    /// High end.
    pub hi: f64,
    /// Both ends written as whole numbers.
    pub whole_ends: bool,
}

/// Parses `PATH=LO..HI` (LO below HI, both numbers).
pub fn parse_tune(s: &str) -> Result<Setting, BalanceError> {
    let bad = |why: &str| BalanceError::TuneSyntax {
        given: s.to_string(),
        why: why.to_string(),
    };
    let (path, range) = s
        .split_once('=')
        .ok_or_else(|| bad("expected PATH=LO..HI (e.g. victory.marginal=2..12)"))?;
    let path = path.trim();
    if path.is_empty() {
        return Err(bad("the path before '=' is empty"));
    }
    let (lo, hi) = range
        .split_once("..")
        .ok_or_else(|| bad("expected LO..HI after '=' (e.g. 2..12 or 0.5..1.5)"))?;
    let num = |t: &str| match parse_value(t.trim()) {
        Some(Value::Integer(i)) => Some((i as f64, true)),
        Some(Value::Float(f)) => Some((f, false)),
        _ => None,
    };
    let ((lo, li), (hi, hi_int)) = match (num(lo), num(hi)) {
        (Some(a), Some(b)) => (a, b),
        _ => return Err(bad("LO and HI must be numbers")),
    };
    if lo >= hi {
        return Err(bad("LO must be below HI"));
    }
    Ok(Setting {
        path: path.to_string(),
        lo,
        hi,
        whole_ends: li && hi_int,
    })
}

/// How to tune.
#[derive(Clone, Debug, PartialEq)]
pub struct TuneOptions {
    /// The player spec both sides play.
    pub player: String,
    /// Games at each value.
    pub games: u64,
    /// Master seed (the same games at every value).
    pub seed: u64,
    /// Worker threads.
    pub threads: Option<usize>,
    /// What to even.
    pub target: Target,
    /// Most values to try while bracketing.
    pub max_values: usize,
}

/// A value as written into the file: a whole number for an integer
/// setting, else the shortest decimal that the search's grid needs.
pub fn value_text(x: f64, integer: bool) -> String {
    if integer {
        return format!("{}", x.round() as i64);
    }
    let s = format!("{x:.6}");
    let s = s.trim_end_matches('0');
    let s = if s.ends_with('.') {
        format!("{s}0")
    } else {
        s.to_string()
    };
    if s == "-0.0" { "0.0".into() } else { s }
}

/// Whether the setting is an integer one: both ends whole, and the field
/// (if the file has it) holds an integer. A float field, or an end with
/// a fraction, searches real values.
fn is_integer(loaded: &LoadedScenario, s: &Setting) -> Result<bool, SweepError> {
    if !s.whole_ends {
        return Ok(false);
    }
    let doc = parse_document(&loaded.spec, &loaded.text)?;
    Ok(field_kind(&doc, &s.path) != Some("float"))
}

/// Tunes the setting: bracketing, then the crossing with its interval.
/// `on_progress(value, games done, games in all)` as games end.
pub fn tune(
    loaded: &LoadedScenario,
    setting: &Setting,
    opts: &TuneOptions,
    on_progress: &(dyn Fn(&str, u64, u64) + Sync),
) -> Result<TuneReport, Error> {
    crate::batch::game::check_ai(&opts.player, "players").map_err(BalanceError::Sim)?;
    let integer = is_integer(loaded, setting)?;
    let base = parse_document(&loaded.spec, &loaded.text)?;
    // Both ends must make valid scenarios before any game is played.
    for x in [setting.lo, setting.hi] {
        variant(&loaded.spec, &base, &setting.path, &value_text(x, integer))?;
    }
    let range = Range {
        lo: setting.lo,
        hi: setting.hi,
        integer,
        max_values: opts.max_values,
    };
    // Games in all: a bound for the bar (bracketing, then two neighbours).
    let total = opts.games * (opts.max_values as u64 + 2);
    let done = std::sync::atomic::AtomicU64::new(0);
    let mut records: Vec<(f64, Vec<GameRecord>)> = Vec::new();
    let mut measure = |x: f64| -> Result<Measured, Error> {
        let text = value_text(x, integer);
        let scen = variant(&loaded.spec, &base, &setting.path, &text)?;
        let batch = Batch {
            games: opts.games,
            blue: opts.player.clone(),
            red: opts.player.clone(),
            seed: opts.seed,
            threads: opts.threads,
        };
        let recs = run_batch(&scen, &batch, &|_| {
            let k = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
            on_progress(&text, k, total);
        })
        .map_err(BalanceError::Sim)?;
        let ys = recs.iter().map(|r| opts.target.outcome(r)).collect();
        records.push((x, recs));
        Ok(Measured { x, ys })
    };
    let mut seen = Vec::new();
    let found = search::bracket(range, opts.target.aim(), &mut seen, &mut measure)?;
    let mut estimate = None;
    if let Found::Bracket(..) = found {
        let seed = crate::batch::seed::splitmix64(opts.seed ^ 0x7475_6e65);
        let (x, lo, hi) = search::estimate(&seen, opts.target.aim(), range, BOOTSTRAP_REPS, seed);
        if integer {
            // The whole value nearest the crossing, and its neighbours.
            let v = x.round().clamp(setting.lo, setting.hi);
            for n in [v - 1.0, v, v + 1.0] {
                if (setting.lo..=setting.hi).contains(&n) && !seen.iter().any(|m| m.x == n) {
                    let m = measure(n)?;
                    seen.push(m);
                }
            }
            estimate = Some((x, v, lo, hi));
        } else {
            estimate = Some((x, x, lo, hi));
        }
    }
    Ok(TuneReport::new(
        loaded, setting, opts, integer, &records, found, estimate,
    ))
}
