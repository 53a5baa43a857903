//! `hexwar report`: a balance report of scenarios (the built-ins by
//! default, or any files), `OUT/README.md`, with each scenario's tables,
//! verdicts and plots for every AI pairing, made by one command. The
//! committed report, `results/README.md`, is written only when asked
//! (`--commit`, or `--out results`); by default the report goes to
//! `results/runs/report`, which git ignores.

use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};

use hexwar_engine::{Side, builtin};

use super::{duel, emit, progress_bar, simulate};
use crate::balance::{VERDICT_RULES, Verdict};
use crate::batch::RunOutcome;
use crate::batch::run;
use crate::batch::summary::{BatchSummary, Rate};
use crate::duel::ScoreMode;
use crate::error::Error;
use crate::files::{self, FileError};
use crate::scenario::LoadedScenario;

/// The AI pairings the report plays (first side, second side, and the
/// share of `--games` each plays).
pub const PAIRINGS: [(&str, &str, u64); 4] = [
    ("random", "random", 1),
    ("heuristic", "random", 1),
    ("random", "heuristic", 1),
    ("heuristic", "heuristic", 1),
];

/// The duels the report plays: (A, B, share of `--duel-games`), measuring
/// which player is stronger against issue #6's targets. MCTS games are
/// slow (tens of seconds on Eastfront), so that duel plays a fifth.
pub const DUELS: [(&str, &str, u64); 2] = [("heuristic", "random", 1), ("mcts", "heuristic", 5)];

/// Issue #6's target for a duel, and whether it is met: the heuristic wins
/// at least 95% of its games on each side against random; MCTS scores at
/// least 60% against the heuristic with the interval's lower bound above 50%.
fn target(a: &str, b: &str, r: &duel::DuelReport) -> String {
    let verdict = |met: bool| if met { "met" } else { "**not met**" };
    match (a, b) {
        ("heuristic", "random") => {
            let each = r
                .by_side
                .iter()
                .all(|s| s.wins as f64 >= 0.95 * s.games as f64);
            format!("wins ≥ 95% on each side: {}", verdict(each))
        }
        ("mcts", "heuristic") => format!(
            "score ≥ 60%, low > 50%: {}",
            verdict(r.score >= 0.6 && r.low > 0.5)
        ),
        _ => String::new(),
    }
}

/// The arguments of `hexwar report`.
#[derive(Clone, Debug, clap::Args)]
pub struct Args {
    /// Games per scenario and AI pairing.
    #[arg(long, default_value_t = 1000)]
    pub games: u64,
    /// Master seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads (default: one per core).
    #[arg(long, value_parser = crate::threads::parse)]
    pub threads: Option<usize>,
    /// The report folder (default: results/runs/report; the committed
    /// report is results/, written with --commit).
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Rewrite the committed report, results/README.md and its folders.
    #[arg(long, conflicts_with = "out")]
    pub commit: bool,
    /// Only these scenarios: built-in names or .toml paths
    /// (comma-separated or repeated; default: every built-in).
    #[arg(long = "scenario", value_delimiter = ',')]
    pub scenarios: Vec<String>,
    /// Games per duel between players (0: no duels).
    #[arg(long, default_value_t = 200)]
    pub duel_games: u64,
}

/// The committed report's folder.
pub const COMMITTED: &str = "results";

impl Args {
    /// Where the report goes: `--out`, `results` with `--commit`, else
    /// `results/runs/report`.
    pub fn out_dir(&self) -> PathBuf {
        match (&self.out, self.commit) {
            (Some(dir), _) => dir.clone(),
            (None, true) => PathBuf::from(COMMITTED),
            (None, false) => PathBuf::from(COMMITTED).join("runs").join("report"),
        }
    }
}

/// Runs `hexwar report`.
pub fn run(args: &Args) -> Result<ExitCode, Error> {
    run::install_ctrl_c();
    let bar = progress_bar(0);
    let path = report(args, &|what, done, total| {
        bar.set_message(what.to_string());
        bar.set_length(total);
        bar.set_position(done);
    })?;
    bar.finish_and_clear();
    emit(format_args!("report written to {}\n", path.display()))?;
    Ok(ExitCode::SUCCESS)
}

/// Progress: what is playing (`malaya random-vs-random`), games done and
/// the total.
type OnProgress<'a> = &'a (dyn Fn(&str, u64, u64) + Sync);

/// Plays every built-in scenario and pairing and writes the report:
/// `OUT/README.md`, and `OUT/SCENARIO/BLUE-vs-RED/` with `summary.json`,
/// `summary.md` and the plots as PNG (the games themselves and the SVG
/// plots stay in the run folders under `OUT/runs/`, which git ignores).
pub fn report(args: &Args, on_progress: OnProgress<'_>) -> Result<PathBuf, Error> {
    let names: Vec<String> = if args.scenarios.is_empty() {
        builtin::names().map(str::to_string).collect()
    } else {
        args.scenarios.clone()
    };
    let out = args.out_dir();
    let mut md = String::new();
    let which = if args.scenarios.is_empty() {
        "the built-in scenarios".to_string()
    } else {
        names.join(", ")
    };
    let mut command = format!(
        "cargo run --release -- report --games {} --seed {} --duel-games {}",
        args.games, args.seed, args.duel_games
    );
    if !args.scenarios.is_empty() {
        command.push_str(&format!(" --scenario {}", names.join(",")));
    }
    if out == Path::new(COMMITTED) {
        command.push_str(" --commit");
    }
    writeln!(
        md,
        "# Balance report of {which}\n\n\
         Made by `{command}` (the\n\
         same command gives the same numbers on any machine and thread count).\n\
         Each row is a batch of AI-vs-AI games; rates come with 95% Wilson\n\
         intervals; steps lost are means per game. Where both sides play the\n\
         same AI, the first side's score (a draw counts half) gets a verdict:\n\
         {VERDICT_RULES}. `hexwar balance` gives the verdict at each level of\n\
         play and the trend. The plots of each batch are in its folder, with\n\
         `summary.md` (quantiles, losses by cause) and `summary.json`.\n"
    )?;
    for name in &names {
        scenario_section(&mut md, args, &out, name, on_progress)?;
    }
    if args.duel_games > 0 {
        duel_section(&mut md, args, &names, on_progress)?;
    }
    let path = out.join("README.md");
    files::write(&path, md)?;
    Ok(path)
}

/// One scenario's section: its description, a row per AI pairing and the
/// pairings' plots.
fn scenario_section(
    md: &mut String,
    args: &Args,
    out: &Path,
    spec: &str,
    on_progress: OnProgress<'_>,
) -> Result<(), Error> {
    let scen = LoadedScenario::load(spec)?.scenario;
    // The scenario's name (a copy of a built-in: its file's), for folders.
    let name = scen.name();
    writeln!(
        md,
        "## {} (`{}`)\n\n{}\n",
        scen.title(),
        scen.name(),
        first_paragraph(scen.description())
    )?;
    let a = &scen.side(Side(0)).name;
    let b = &scen.side(Side(1)).name;
    writeln!(
        md,
        "| {a} | {b} | games | {a} wins | {b} wins | draws | {a}'s score | verdict | steps lost ({a}) | steps lost ({b}) | turns |\n\
         | --- | --- | ---: | --- | --- | --- | --- | --- | ---: | ---: | ---: |"
    )?;
    let mut plots = String::new();
    for (blue, red, share) in PAIRINGS {
        let pair = format!("{blue}-vs-{red}");
        let outcome = play_pairing(args, out, (spec, name), (blue, red, share), on_progress)?;
        row(md, &outcome.summary, &format!("{name}/{pair}"))?;
        writeln!(
            plots,
            "\n**{blue} vs {red}** ([summary]({name}/{pair}/summary.md))\n\n\
             ![results]({name}/{pair}/outcomes.png) ![where steps were lost]({name}/{pair}/heat_map.png)\n"
        )?;
    }
    md.push_str(&plots);
    md.push('\n');
    Ok(())
}

/// Plays one pairing into `OUT/runs/report-SCENARIO-PAIR` (cleared
/// first) and copies its summaries and PNG plots to `OUT/SCENARIO/PAIR`.
fn play_pairing(
    args: &Args,
    out: &Path,
    (spec, name): (&str, &str),
    (blue, red, share): (&str, &str, u64),
    on_progress: OnProgress<'_>,
) -> Result<RunOutcome, Error> {
    let pair = format!("{blue}-vs-{red}");
    let run_dir = out.join("runs").join(format!("report-{name}-{pair}"));
    if run_dir.exists() {
        fs::remove_dir_all(&run_dir).map_err(|error| FileError::Clear {
            path: run_dir.clone(),
            error,
        })?;
    }
    let sim = simulate::Args {
        scenario: spec.to_string(),
        games: (args.games / share).max(1),
        blue: blue.into(),
        red: red.into(),
        seed: args.seed,
        threads: args.threads,
        out: Some(run_dir.clone()),
        ..simulate::Args::default()
    };
    let (_, outcome) = simulate::simulate(&sim, &|done, total| {
        on_progress(&format!("{name} {pair}"), done, total)
    })?;
    if outcome.interrupted {
        return Err(Error::ReportInterrupted { dir: run_dir });
    }
    let dest = out.join(name).join(&pair);
    files::create_dir_all(&dest)?;
    for entry in fs::read_dir(&run_dir)? {
        let path = entry?.path();
        let file = path
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .to_string();
        // PNG only: the SVGs stay in the run folder, to keep the
        // committed report small.
        if file.starts_with("summary.") || file.ends_with(".png") {
            fs::copy(&path, dest.join(&file)).map_err(|error| FileError::Copy { path, error })?;
        }
    }
    Ok(outcome)
}

/// The duels: which player is stronger in each scenario, against issue
/// #6's targets.
fn duel_section(
    md: &mut String,
    args: &Args,
    names: &[String],
    on_progress: OnProgress<'_>,
) -> Result<(), Error> {
    md.push_str(concat!(
        "## Which player is stronger\n\n",
        "`hexwar duel`: games in pairs with the same seed and the sides swapped;\n",
        "A's score counts a draw as half a win, with its 95% interval over pairs;\n",
        "then A's wins playing each side.\n\n",
        "| scenario | A | B | games | A's score | A's wins on the first side ",
        "| A's wins on the second side | target |\n",
        "| --- | --- | --- | ---: | --- | --- | --- | --- |\n",
    ));
    for name in names {
        for (a, b, share) in DUELS {
            let games = (args.duel_games / share).max(2);
            let done = AtomicU64::new(0);
            let r = duel::duel(
                &duel::Args {
                    scenario: name.clone(),
                    a: a.into(),
                    b: b.into(),
                    games,
                    seed: args.seed,
                    threads: args.threads,
                    score: ScoreMode::Result,
                    sprt: None,
                    json: false,
                },
                &|| {
                    let n = done.fetch_add(1, Ordering::Relaxed) + 1;
                    on_progress(&format!("{name} duel {a} vs {b}"), n, games);
                },
            )?;
            let side = |k: usize| {
                let s = &r.by_side[k];
                format!(
                    "{}: {} of {} ({:.0}%)",
                    s.side,
                    s.wins,
                    s.games,
                    100.0 * s.wins as f64 / s.games.max(1) as f64
                )
            };
            writeln!(
                md,
                "| {name} | {a} | {b} | {} | {:.1}% ({:.1}-{:.1}) | {} | {} | {} |",
                r.games,
                100.0 * r.score,
                100.0 * r.low,
                100.0 * r.high,
                side(0),
                side(1),
                target(a, b, &r)
            )?;
        }
    }
    md.push('\n');
    Ok(())
}

fn first_paragraph(text: &str) -> &str {
    text.split("\n\n").next().unwrap_or("").trim()
}

fn row(md: &mut String, s: &BatchSummary, link: &str) -> Result<(), Error> {
    let [a, b] = &s.sides;
    let verdict = if a.player == b.player {
        match Verdict::of(&s.first_score) {
            (v, Some(k)) => format!("{} toward {}", v.word(), s.sides[k].name),
            (v, None) => v.word().to_string(),
        }
    } else {
        "-".to_string()
    };
    let pct = |r: &Rate| {
        format!(
            "{:.1}% ({:.1}-{:.1})",
            100.0 * r.rate,
            100.0 * r.low,
            100.0 * r.high
        )
    };
    writeln!(
        md,
        "| {} | {} | [{}]({link}/summary.md) | {} | {} | {} | {:.1}% ({:.1}-{:.1}) | {verdict} | {:.2} | {:.2} | {:.2} |",
        a.player,
        b.player,
        s.games,
        pct(&a.wins),
        pct(&b.wins),
        pct(&s.draws),
        100.0 * s.first_score.score,
        100.0 * s.first_score.low,
        100.0 * s.first_score.high,
        a.steps_lost.mean,
        b.steps_lost.mean,
        s.turns.mean
    )?;
    Ok(())
}
