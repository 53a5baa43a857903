//! A tournament's folder (`--out DIR`): `tournament.json` (the report),
//! `tournament.md` (its tables) and `games.csv` (one row per game: the
//! scenario, the pairing, the seed index, the seat A played, the winner
//! and the VP, enough to replay it with `hexwar replay --scenario S --seed
//! K --game PAIR --blue ... --red ...`).

use std::fmt::Write as _;
use std::io;
use std::path::Path;

use super::report::{elo_text, pct, seat_ids};
use super::{Played, Schedule, TournamentReport};
use crate::files::{self, FileError};

/// The markdown of the report; `command` is the line that made it.
pub fn markdown(r: &TournamentReport, command: &str) -> String {
    let mut md = String::new();
    // Writing into a String cannot fail.
    let _ = writeln!(md, "# Tournament\n\n{}.\n", r.headline());
    let _ = writeln!(md, "Made by `{command}`.\n");
    for t in r.shown_tables() {
        let _ = writeln!(
            md,
            "## {}\n\nThe row player's score against the column player, with its 95% interval.\n",
            t.scenario
        );
        md.push_str("| |");
        for p in &r.players {
            let _ = write!(md, " {p} |");
        }
        md.push_str("\n|---|");
        md.push_str(&"---|".repeat(r.players.len()));
        md.push('\n');
        for (i, p) in r.players.iter().enumerate() {
            let _ = write!(md, "| **{p}** |");
            for j in 0..r.players.len() {
                let c = r.score_of(t, i, j).map_or("-".into(), pct);
                let _ = write!(md, " {c} |");
            }
            md.push('\n');
        }
        md.push('\n');
    }
    let _ = writeln!(
        md,
        "## Elo\n\n{}.\n\n| rank | player | Elo | 95% interval | score | pairs |\n|---:|---|---:|---|---:|---:|",
        r.elo_method
    );
    for row in r.ranked() {
        let (e, i) = elo_text(row, r.players.first() == Some(&row.player));
        let _ = writeln!(
            md,
            "| {} | {} | {e} | {i} | {:.1}% | {} |",
            row.rank,
            row.player,
            100.0 * row.score,
            row.pairs
        );
    }
    md
}

/// `games.csv`: one row per game, in (scenario, pairing, pair, seat)
/// order.
pub fn games_csv(schedule: &Schedule, played: &Played) -> Result<Vec<u8>, csv::Error> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record([
        "scenario",
        "a",
        "b",
        "pair",
        "a_side",
        "first",
        "second",
        "winner",
        "winner_player",
        "vp_first",
        "vp_second",
        "a_margin",
    ])?;
    let pairings = schedule.pairings();
    for (scen, per_pairing) in schedule.scenarios.iter().zip(&played.pairs) {
        let ids = seat_ids(scen);
        for (&(a, b), pairs) in pairings.iter().zip(per_pairing) {
            let (a, b) = (&schedule.players[a], &schedule.players[b]);
            for p in pairs {
                for (k, g) in p.games.iter().enumerate() {
                    let seats = if k == 0 { [a, b] } else { [b, a] };
                    let (winner, player) = match g.winner {
                        Some(s) => (ids[s.index()].as_str(), seats[s.index()].as_str()),
                        None => ("draw", ""),
                    };
                    w.write_record([
                        scen.name(),
                        a,
                        b,
                        &p.index.to_string(),
                        &ids[k],
                        seats[0],
                        seats[1],
                        winner,
                        player,
                        &g.vp[0].to_string(),
                        &g.vp[1].to_string(),
                        &p.a_margin(k).to_string(),
                    ])?;
                }
            }
        }
    }
    w.into_inner()
        .map_err(|e| csv::Error::from(io::Error::other(e.to_string())))
}

/// Writes the folder: `tournament.json`, `tournament.md`, `games.csv`.
pub fn write(
    dir: &Path,
    schedule: &Schedule,
    played: &Played,
    report: &TournamentReport,
    command: &str,
) -> Result<(), FileError> {
    files::create_dir_all(dir)?;
    files::write_json(&dir.join("tournament.json"), report)?;
    files::write(&dir.join("tournament.md"), markdown(report, command))?;
    let path = dir.join("games.csv");
    let csv = games_csv(schedule, played).map_err(|e| FileError::Write {
        path: path.clone(),
        error: io::Error::other(e),
    })?;
    files::write(&path, csv)
}
