//! `hexwar tournament`: a round robin of players over scenarios
//! ([`crate::tournament`]): every pairing plays a duel of `--pairs` pairs
//! in every scenario on the same seeds; the pairwise score tables and an
//! Elo table with intervals, on the terminal and, with `--out`, as
//! `tournament.json`, `tournament.md` and `games.csv`, each pair kept in
//! the folder's journal as it finishes (`pairs.jsonl`): stopped and run
//! again, or run again with more `--pairs`, it plays only what is missing.

use std::path::PathBuf;
use std::process::ExitCode;

use super::{emit_report, progress_bar};
use crate::batch::game::check_ai;
use crate::batch::spec::digest;
use crate::duel::ScoreMode;
use crate::error::{Error, UsageError};
use crate::scenario::LoadedScenario;
use crate::tournament::journal::{self, Journal};
use crate::tournament::{self, Schedule, TournamentReport, files};

/// The arguments of `hexwar tournament`.
#[derive(Clone, Debug, clap::Args)]
pub struct Args {
    /// The players, comma-separated (or the flag repeated): levels
    /// (novice, normal, hard, expert) or specs (random, heuristic,
    /// mcts[:iters=N,ms=N,c=X]). A spec's own options stay with it:
    /// `mcts:iters=100,c=0.5,heuristic` is two players. The first is the
    /// Elo table's anchor (0).
    #[arg(long, required = true, value_name = "P1,P2,...")]
    pub players: Vec<String>,
    /// The scenarios: built-in names or .toml paths, comma-separated.
    #[arg(long, required = true, value_delimiter = ',', value_name = "S1,S2,...")]
    pub scenarios: Vec<String>,
    /// Pairs (two games on one seed, sides swapped) per pairing and
    /// scenario; the same seeds for every pairing.
    #[arg(long, default_value_t = 50)]
    pub pairs: u64,
    /// Master seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// How a pair scores: margin (a player's VP margin in a seat against
    /// the other's in the same seat on the same seed) or result (win,
    /// draw, loss).
    #[arg(long, value_enum, default_value_t = ScoreMode::Margin)]
    pub score: ScoreMode,
    /// A ladder: each player plays only its neighbours in the list (the
    /// levels weakest first: novice-normal, normal-hard, hard-expert),
    /// not every other player. The Elo table is fitted on those pairings.
    #[arg(long)]
    pub ladder: bool,
    /// Worker threads (default: one per core).
    #[arg(long, value_parser = crate::threads::parse)]
    pub threads: Option<usize>,
    /// Write tournament.json, tournament.md and games.csv into DIR, and
    /// keep each pair in DIR/pairs.jsonl as it finishes. Run again into
    /// the same DIR (stopped mid-way, or with more --pairs), it plays only
    /// the pairs the journal does not hold for these players (a level by
    /// the spec it stands for), scenario text and seed. After a change to
    /// the AI's code that keeps its specs, use a new DIR.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

impl Args {
    /// The player specs: each `--players` value split at commas, a piece
    /// with `=` and no `:` (an option such as `c=0.5`) staying with the
    /// spec before it.
    pub fn player_specs(&self) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for value in &self.players {
            let mut first = true;
            for piece in value.split(',').map(str::trim) {
                let option = piece.contains('=') && !piece.contains(':');
                match out.last_mut() {
                    Some(last) if option && !first => {
                        last.push(',');
                        last.push_str(piece);
                    }
                    _ => out.push(piece.to_string()),
                }
                first = false;
            }
        }
        out
    }

    /// The command line that makes this tournament (for the markdown).
    pub fn command(&self) -> String {
        format!(
            "hexwar tournament --players {} --scenarios {} --pairs {} --seed {} --score {}{}",
            self.player_specs().join(","),
            self.scenarios.join(","),
            self.pairs,
            self.seed,
            self.score.name(),
            if self.ladder { " --ladder" } else { "" }
        )
    }
}

/// Runs `hexwar tournament`.
pub fn run(args: &Args) -> Result<ExitCode, Error> {
    let schedule = schedule(args)?;
    let (journal, kept) = match &args.out {
        Some(dir) => {
            let (journal, kept) = Journal::open(dir, &schedule)?;
            (Some(journal), kept)
        }
        None => Default::default(),
    };
    let to_play = schedule.games() - 2 * kept.len() as u64;
    if let (Some(dir), false) = (&args.out, kept.is_empty()) {
        eprintln!(
            "hexwar: {} of {} games already played, kept from {}; {to_play} to play",
            2 * kept.len(),
            schedule.games(),
            dir.join(journal::FILE).display(),
        );
    }
    let bar = progress_bar(to_play);
    let on_pair = |slot, pair: &_| {
        if let Some(j) = &journal {
            j.record(&schedule, slot, pair);
        }
    };
    let played = tournament::play(&schedule, args.threads, &kept, &on_pair, &|| bar.inc(1));
    bar.finish_and_clear();
    if let Some(j) = journal {
        j.finish()?;
    }
    let played = played?;
    let report = TournamentReport::new(&schedule, &played, args.score);
    if let Some(dir) = &args.out {
        files::write(dir, &schedule, &played, &report, &args.command())?;
    }
    emit_report(args.json, &report)?;
    Ok(ExitCode::SUCCESS)
}

/// The players checked and the scenarios loaded.
pub fn schedule(args: &Args) -> Result<Schedule, Error> {
    let players = args.player_specs();
    if players.len() < 2 {
        return Err(UsageError::TooFewPlayers.into());
    }
    for (i, p) in players.iter().enumerate() {
        check_ai(p, "players")?;
        if players[..i].contains(p) {
            return Err(UsageError::DuplicatePlayer { player: p.clone() }.into());
        }
    }
    if args.pairs == 0 {
        return Err(UsageError::NoPairs.into());
    }
    let loaded = args
        .scenarios
        .iter()
        .map(|s| LoadedScenario::load(s))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Schedule {
        players,
        digests: loaded.iter().map(|l| digest(&l.text)).collect(),
        scenarios: loaded.into_iter().map(|l| l.scenario).collect(),
        pairs: args.pairs,
        seed: args.seed,
        ladder: args.ladder,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(players: &[&str]) -> Args {
        Args {
            players: players.iter().map(|s| s.to_string()).collect(),
            scenarios: vec!["malaya".into()],
            pairs: 1,
            seed: 1,
            score: ScoreMode::Margin,
            ladder: false,
            threads: None,
            out: None,
            json: false,
        }
    }

    #[test]
    fn options_stay_with_their_spec() {
        assert_eq!(
            args(&["mcts:iters=100,c=0.5,heuristic", "hard"]).player_specs(),
            ["mcts:iters=100,c=0.5", "heuristic", "hard"]
        );
        assert_eq!(
            args(&["random, normal,expert"]).player_specs(),
            ["random", "normal", "expert"]
        );
    }

    #[test]
    fn a_ladder_pairs_neighbours_only() {
        let mut a = args(&["random,novice,normal,heuristic:plan=0"]);
        assert_eq!(schedule(&a).unwrap().pairings().len(), 6);
        a.ladder = true;
        let s = schedule(&a).unwrap();
        assert_eq!(s.pairings(), [(0, 1), (1, 2), (2, 3)]);
        assert_eq!(s.games(), 3 * 2);
        assert!(a.command().ends_with(" --ladder"));
    }

    #[test]
    fn refuses_what_cannot_be_a_round_robin() {
        let e = |p: &[&str]| schedule(&args(p)).unwrap_err().to_string();
        assert!(e(&["random"]).contains("two players"));
        assert!(e(&["random,heuristic,random"]).contains("\"random\" twice"));
        assert!(e(&["random,oracle"]).contains("oracle"));
        let mut a = args(&["random,heuristic"]);
        a.pairs = 0;
        assert!(schedule(&a).unwrap_err().to_string().contains("--pairs"));
    }
}
