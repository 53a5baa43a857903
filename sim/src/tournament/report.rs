//! A tournament's tables: each pairing's score per scenario and overall
//! ([`ScoreTable`]), and the Elo table ([`EloRow`]) fitted over every
//! pair (Bradley–Terry, [`crate::stats::bradley_terry`]) with intervals:
//! the union of a bootstrap over seeds and the likelihood's curvature.

use std::fmt;

use hexwar_engine::Side;
use serde::Serialize;

use super::{Played, Schedule};
use crate::batch::seed::splitmix64;
use crate::duel::{DuelTally, MarginDiff, ScoreMode};
use crate::stats::bradley_terry::{self, Results};

/// Bootstrap replicates of the Elo table.
pub const ELO_REPS: usize = 1000;

/// One pairing's result: A's score against B.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Cell {
    /// Player A (the earlier in `--players`).
    pub a: String,
    /// Player B.
    pub b: String,
    /// Pairs played.
    pub pairs: u64,
    /// A's score (mean over pairs).
    pub score: f64,
    /// Its 95% interval's low end (over pairs,
    /// [`crate::stats::score::interval`]).
    pub low: f64,
    /// High end.
    pub high: f64,
    /// A's VP margin minus B's in the same seat.
    pub margin: MarginDiff,
}

/// The pairwise scores in one scenario, or overall.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ScoreTable {
    /// The scenario's name, or `overall` (every scenario's pairs).
    pub scenario: String,
    /// One cell per pairing, in `--players` order.
    pub cells: Vec<Cell>,
}

/// One player's rating.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EloRow {
    /// The player.
    pub player: String,
    /// Rank by Elo, 1 the strongest.
    pub rank: usize,
    /// Elo (the first player at 0).
    pub elo: f64,
    /// 95% interval, low end: the union of a bootstrap over seeds and the
    /// likelihood's curvature (`null` if both failed). The anchor's is 0.
    pub low: Option<f64>,
    /// High end.
    pub high: Option<f64>,
    /// The player's mean score over all its pairs.
    pub score: f64,
    /// Its pairs.
    pub pairs: u64,
}

/// The whole result.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TournamentReport {
    /// The players, as given.
    pub players: Vec<String>,
    /// The scenarios' names.
    pub scenarios: Vec<String>,
    /// Pairs per pairing and scenario.
    pub pairs: u64,
    /// Games played.
    pub games: u64,
    /// Master seed.
    pub seed: u64,
    /// How pairs were scored.
    pub score_mode: ScoreMode,
    /// Per scenario, then `overall`.
    pub tables: Vec<ScoreTable>,
    /// How the Elo table is made.
    pub elo_method: String,
    /// In `players` order.
    pub elo: Vec<EloRow>,
}

impl TournamentReport {
    /// Scores what was played.
    pub fn new(schedule: &Schedule, played: &Played, mode: ScoreMode) -> TournamentReport {
        let m = schedule.players.len();
        let pairings = schedule.pairings();
        let cell = |(a, b): (usize, usize), t: &DuelTally| {
            let s = t.score();
            Cell {
                a: schedule.players[a].clone(),
                b: schedule.players[b].clone(),
                pairs: t.pairs(),
                score: s.score,
                low: s.low,
                high: s.high,
                margin: t.margin_diff(),
            }
        };
        let mut overall = vec![DuelTally::new(mode); pairings.len()];
        let mut tables = Vec::new();
        for (scen, per_pairing) in schedule.scenarios.iter().zip(&played.pairs) {
            let mut cells = Vec::new();
            for ((&ab, pairs), all) in pairings.iter().zip(per_pairing).zip(&mut overall) {
                let mut t = DuelTally::new(mode);
                for p in pairs {
                    t.add(p);
                }
                all.merge(&t);
                cells.push(cell(ab, &t));
            }
            tables.push(ScoreTable {
                scenario: scen.name().to_string(),
                cells,
            });
        }
        tables.push(ScoreTable {
            scenario: "overall".into(),
            cells: pairings
                .iter()
                .zip(&overall)
                .map(|(&ab, t)| cell(ab, t))
                .collect(),
        });
        // One unit per seed: everything played on it.
        let mut units: Vec<Vec<Results>> = vec![Vec::new(); schedule.pairs as usize];
        for per_pairing in &played.pairs {
            for (&(a, b), pairs) in pairings.iter().zip(per_pairing) {
                for p in pairs {
                    units[p.index as usize].push(Results {
                        a,
                        b,
                        score: p.score(mode),
                        n: 1.0,
                    });
                }
            }
        }
        let all: Vec<Results> = units.iter().flatten().copied().collect();
        let fit = bradley_terry::fit(m, &all).unwrap_or_else(|| vec![0.0; m]);
        // The union of two intervals, each of which fails where the other
        // does not: the bootstrap over seeds sees results that move
        // together (one seed's dice in every pairing) but collapses when
        // every result agrees; the curvature stays open then.
        let boot = bradley_terry::bootstrap(m, &units, ELO_REPS, splitmix64(schedule.seed ^ 0xE10));
        let curv = bradley_terry::curvature(m, &all);
        let interval = |i: usize| match (&boot, &curv) {
            (Some(b), Some(c)) => Some((b[i].0.min(c[i].0), b[i].1.max(c[i].1))),
            (Some(x), None) | (None, Some(x)) => Some(x[i]),
            (None, None) => None,
        };
        let mut sums = vec![(0.0f64, 0u64); m];
        for r in &all {
            sums[r.a].0 += r.score;
            sums[r.a].1 += 1;
            sums[r.b].0 += r.n - r.score;
            sums[r.b].1 += 1;
        }
        let mut order: Vec<usize> = (0..m).collect();
        order.sort_by(|&x, &y| fit[y].total_cmp(&fit[x]));
        let elo = (0..m)
            .map(|i| EloRow {
                player: schedule.players[i].clone(),
                rank: order.iter().position(|&k| k == i).unwrap_or(0) + 1,
                elo: fit[i],
                low: interval(i).map(|x| x.0),
                high: interval(i).map(|x| x.1),
                score: if sums[i].1 == 0 {
                    0.0
                } else {
                    sums[i].0 / sums[i].1 as f64
                },
                pairs: sums[i].1,
            })
            .collect();
        TournamentReport {
            players: schedule.players.clone(),
            scenarios: schedule
                .scenarios
                .iter()
                .map(|s| s.name().to_string())
                .collect(),
            pairs: schedule.pairs,
            games: schedule.games(),
            seed: schedule.seed,
            score_mode: mode,
            tables,
            elo_method: format!(
                "Bradley-Terry maximum likelihood over every pair's score, one virtual tied pair per pairing, {} = 0; 95% interval: the union of a bootstrap over seeds ({ELO_REPS} resamples) and the likelihood's curvature",
                schedule.players.first().map_or("", String::as_str)
            ),
            elo,
        }
    }

    /// The score of `row` against `col` in `table` (and its interval),
    /// from the pairing's cell either way round.
    pub fn score_of(&self, table: &ScoreTable, row: usize, col: usize) -> Option<(f64, f64, f64)> {
        let (r, c) = (&self.players[row], &self.players[col]);
        table.cells.iter().find_map(|x| {
            if &x.a == r && &x.b == c {
                Some((x.score, x.low, x.high))
            } else if &x.a == c && &x.b == r {
                Some((1.0 - x.score, 1.0 - x.high, 1.0 - x.low))
            } else {
                None
            }
        })
    }

    /// The tables shown: each scenario's, and `overall` if there are
    /// several scenarios.
    pub fn shown_tables(&self) -> &[ScoreTable] {
        if self.scenarios.len() > 1 {
            &self.tables
        } else {
            &self.tables[..self.tables.len().saturating_sub(1)]
        }
    }

    /// The Elo rows, strongest first.
    pub fn ranked(&self) -> Vec<&EloRow> {
        let mut rows: Vec<&EloRow> = self.elo.iter().collect();
        rows.sort_by_key(|r| r.rank);
        rows
    }

    /// The first line: who played what.
    pub fn headline(&self) -> String {
        format!(
            "{} on {}: {} pairs per pairing and scenario ({} games), seed {}, scored by {}",
            self.players.join(", "),
            self.scenarios.join(", "),
            self.pairs,
            self.games,
            self.seed,
            match self.score_mode {
                ScoreMode::Result => "result",
                ScoreMode::Margin => "VP margin, seat by seat",
            }
        )
    }
}

/// `62.5% [51.0-73.1]`.
pub(super) fn pct(s: (f64, f64, f64)) -> String {
    format!(
        "{:.1}% [{:.1}-{:.1}]",
        100.0 * s.0,
        100.0 * s.1,
        100.0 * s.2
    )
}

/// `+123` and `[+80 .. +170]`; the anchor (the first player) `0` and
/// `(anchor)`.
pub(super) fn elo_text(r: &EloRow, anchor: bool) -> (String, String) {
    if anchor {
        return ("0".into(), "(anchor)".into());
    }
    let interval = match (r.low, r.high) {
        (Some(lo), Some(hi)) => format!("[{lo:+.0} .. {hi:+.0}]"),
        _ => "-".into(),
    };
    (format!("{:+.0}", r.elo), interval)
}

impl fmt::Display for TournamentReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "tournament: {}", self.headline())?;
        let w = self
            .players
            .iter()
            .map(|p| p.len())
            .max()
            .unwrap_or(0)
            .max(6);
        let cw = 20.max(w);
        for t in self.shown_tables() {
            writeln!(
                f,
                "\n{}: the row player's score against the column player, 95% interval",
                t.scenario
            )?;
            let mut line = format!("  {:w$}", "");
            for p in &self.players {
                line.push_str(&format!("  {p:cw$}"));
            }
            writeln!(f, "{}", line.trim_end())?;
            for (i, p) in self.players.iter().enumerate() {
                let mut line = format!("  {p:w$}");
                for j in 0..self.players.len() {
                    let c = self.score_of(t, i, j).map_or("-".into(), pct);
                    line.push_str(&format!("  {c:cw$}"));
                }
                writeln!(f, "{}", line.trim_end())?;
            }
        }
        writeln!(f, "\nElo: {}", self.elo_method)?;
        for r in self.ranked() {
            let (e, i) = elo_text(r, self.players.first() == Some(&r.player));
            writeln!(
                f,
                "  {:>2}. {:w$}  {e:>6} {i:18}  score {:.1}% over {} pairs",
                r.rank,
                r.player,
                100.0 * r.score,
                r.pairs
            )?;
        }
        Ok(())
    }
}

/// The side ids of a scenario's seats, for the games' file.
pub(super) fn seat_ids(scen: &hexwar_engine::Scenario) -> [String; 2] {
    Side::BOTH.map(|s| scen.side(s).id.clone())
}
