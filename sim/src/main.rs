//! The `hexwar` command: parses arguments, runs the subcommand
//! ([`hexwar_sim::cmd`]), and maps its error to an exit code (2 usage /
//! unknown scenario or file, 1 invalid data).

use std::process::ExitCode;

use clap::{Parser, Subcommand};
use hexwar_sim::cmd;

/// Operational hex-and-counter wargames: scenarios, rules checks, AI batches.
#[derive(Parser)]
#[command(name = "hexwar", version)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// List the built-in scenarios.
    Scenarios(cmd::scenarios::Args),
    /// Check a scenario file: a summary, or every error as file:line:col.
    Validate(cmd::validate::Args),
    /// Describe a scenario, and optionally draw its map as SVG.
    Show(cmd::show::Args),
    /// Ask the rules about a position: where a unit can move, a side's ZOC,
    /// every unit's supply, where a unit can go by rail.
    Inspect(cmd::inspect::Args),
    /// The exact outcome distribution of an attack (MAL-CBT, D-CRT-1): each
    /// side's strength with its modifiers, the odds column, and the chance
    /// of every outcome.
    Odds(cmd::odds::Args),
    /// Play many AI games and report the results.
    Simulate(cmd::simulate::Args),
    /// Play one game of a batch again and print what happened, turn by turn.
    Replay(cmd::replay::Args),
    /// Vary one scenario setting and plot the first side's win rate against
    /// it, with the logistic fit of where it crosses 50%.
    Sweep(cmd::sweep::Args),
    /// Which of two players is stronger: pairs of games (same seed, sides
    /// swapped) scored by result or VP margin, A's score with a 95%
    /// interval, and an optional SPRT.
    Duel(cmd::duel::Args),
    /// A round robin of players over scenarios: pairwise score tables and
    /// an Elo table with intervals.
    Tournament(cmd::tournament::Args),
    /// Is a scenario balanced? The first side's score at each level of play
    /// with a verdict, and the trend as play gets stronger; --tune finds
    /// the value of one setting that evens the game.
    Balance(cmd::balance::Args),
    /// A self-contained HTML page of a run folder (DIR/report.html): its
    /// report with every plot inline, for reading in a browser offline.
    Html(cmd::html::Args),
    /// Two run folders side by side: each rate's and mean's difference with
    /// its 95% interval, and whether the change mattered.
    Compare(cmd::compare::Args),
    /// A balance report of scenarios (the built-ins by default) with every
    /// AI pairing; --commit rewrites the committed results/README.md.
    Report(cmd::report::Args),
    /// Play against an AI in a browser: serves the play page and its JSON
    /// API (docs/PLAY-API.md) on this machine.
    Play(cmd::play::Args),
    /// Combine shard folders into the records, summary and plots of one run.
    Merge(cmd::merge::Args),
    /// How far a run, or the shards of one batch, have got: games done,
    /// games/s, time left, shards missing or stalled, and whether they can
    /// be merged yet.
    Status(cmd::status::Args),
}

fn main() -> ExitCode {
    let result = match Cli::parse().command {
        Command::Scenarios(a) => cmd::scenarios::run(&a),
        Command::Validate(a) => cmd::validate::run(&a),
        Command::Show(a) => cmd::show::run(&a),
        Command::Inspect(a) => cmd::inspect::run(&a),
        Command::Odds(a) => cmd::odds::run(&a),
        Command::Simulate(a) => cmd::simulate::run(&a),
        Command::Replay(a) => cmd::replay::run(&a),
        Command::Sweep(a) => cmd::sweep::run(&a),
        Command::Duel(a) => cmd::duel::run(&a),
        Command::Tournament(a) => cmd::tournament::run(&a),
        Command::Balance(a) => cmd::balance::run(&a),
        Command::Compare(a) => cmd::compare::run(&a),
        Command::Html(a) => cmd::html::run(&a),
        Command::Report(a) => cmd::report::run(&a),
        Command::Play(a) => cmd::play::run(&a),
        Command::Merge(a) => cmd::merge::run(&a),
        Command::Status(a) => cmd::status::run(&a),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            let code = e.exit_code();
            // anyhow prints the error with its sources, as `{:#}`.
            eprintln!("hexwar: {:#}", anyhow::Error::from(e));
            ExitCode::from(code)
        }
    }
}
