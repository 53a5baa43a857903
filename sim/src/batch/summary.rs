//! The report of a batch ([`BatchSummary`]): rates with their intervals,
//! losses, game length and where steps were lost, made from its
//! [`BatchTally`]; written as `summary.json` and `summary.md` and printed
//! on the terminal. Nothing in it depends on the machine or the thread
//! count.

use std::fmt;

use hexwar_engine::{LossCause, Scenario, Side};
use serde::Serialize;

use super::tally::{BatchTally, Quantiles};
use crate::stats::score::{ScoreInterval, interval};
use crate::stats::{MeanInterval, Moments, Z95, wilson};

/// A rate with its 95% Wilson interval.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Rate {
    /// How many.
    pub count: u64,
    /// Fraction of the games, 0 to 1.
    pub rate: f64,
    /// 95% interval, low end.
    pub low: f64,
    /// 95% interval, high end.
    pub high: f64,
}

impl Rate {
    fn of(count: u64, n: u64) -> Rate {
        let (low, high) = wilson(count, n, Z95);
        Rate {
            count,
            rate: if n == 0 { 0.0 } else { count as f64 / n as f64 },
            low,
            high,
        }
    }
}

/// One side in a [`BatchSummary`].
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SideSummary {
    /// Side id.
    pub side: String,
    /// Side name.
    pub name: String,
    /// The AI that played it.
    pub player: String,
    /// Wins, with interval.
    pub wins: Rate,
    /// Decisive wins.
    pub decisive: u64,
    /// Marginal wins.
    pub marginal: u64,
    /// Mean victory points.
    pub mean_vp: f64,
    /// Steps lost per game.
    pub steps_lost: Quantiles,
    /// Steps lost per game by cause: combat, retreat, attrition, charge.
    pub by_cause: Vec<(String, Quantiles)>,
    /// Units eliminated per game.
    pub mean_eliminated: f64,
    /// Supply-cut unit-turns per game.
    pub mean_supply_cut: f64,
}

/// The report of a batch: `summary.json`, `summary.md` and the terminal.
/// Nothing in it depends on the machine or the thread count.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BatchSummary {
    /// Scenario name.
    pub scenario: String,
    /// Scenario title.
    pub title: String,
    /// Master seed.
    pub seed: u64,
    /// Games counted.
    pub games: u64,
    /// The shard, `I/N`, when the batch is one.
    pub shard: Option<String>,
    /// Per side, in turn order.
    pub sides: [SideSummary; 2],
    /// Draws, with interval.
    pub draws: Rate,
    /// The first side's score, draws counted half, with its 95% interval
    /// ([`crate::stats::score::interval`]).
    pub first_score: ScoreInterval,
    /// The first side's VP margin (its VP minus the second side's) per
    /// game: mean, spread and Student's t 95% interval.
    pub margin: MeanInterval,
    /// Games stopped at the action cap.
    pub aborted: u64,
    /// Game length in turns.
    pub turns: Quantiles,
    /// Mean actions per game.
    pub mean_actions: f64,
    /// Steps lost per hex, summed: hex label and steps, where any were.
    pub heat: Vec<(String, u64)>,
    /// The raw counts (histograms per side and cause, turns).
    pub tally: BatchTally,
}

impl BatchSummary {
    /// The report of `tally`, a batch of `players` on `scen` with `seed`.
    pub fn new(
        scen: &Scenario,
        players: [&str; 2],
        seed: u64,
        shard: Option<(u64, u64)>,
        tally: &BatchTally,
    ) -> BatchSummary {
        let n = tally.games;
        let per_game = |x: f64| if n == 0 { 0.0 } else { x / n as f64 };
        let sides = Side::BOTH.map(|s| {
            let t = &tally.sides[s.index()];
            SideSummary {
                side: scen.side(s).id.clone(),
                name: scen.side(s).name.clone(),
                player: players[s.index()].to_string(),
                wins: Rate::of(t.wins, n),
                decisive: t.decisive,
                marginal: t.marginal,
                mean_vp: per_game(t.vp as f64),
                steps_lost: t.steps.quantiles(),
                by_cause: LossCause::ALL
                    .iter()
                    .zip(&t.by_cause)
                    .map(|(c, h)| (c.name().to_string(), h.quantiles()))
                    .collect(),
                mean_eliminated: per_game(t.eliminated as f64),
                mean_supply_cut: per_game(t.supply_cut as f64),
            }
        });
        let heat = scen
            .grid()
            .hexes()
            .filter(|h| tally.heat[h.index()] > 0)
            .map(|h| (scen.grid().label(h), tally.heat[h.index()]))
            .collect();
        BatchSummary {
            first_score: first_score(tally),
            margin: margin_moments(tally).interval(),
            scenario: scen.name().to_string(),
            title: scen.title().to_string(),
            seed,
            games: n,
            shard: shard.map(|(i, k)| format!("{i}/{k}")),
            sides,
            draws: Rate::of(tally.draws, n),
            aborted: tally.aborted,
            turns: tally.turns.quantiles(),
            mean_actions: per_game(tally.actions as f64),
            heat,
            tally: tally.clone(),
        }
    }

    /// Whether every game ended on the same turn (the game-length plot
    /// would be one bar, so it is not drawn).
    pub fn one_length(&self) -> Option<usize> {
        let mut used = self
            .tally
            .turns
            .counts
            .iter()
            .enumerate()
            .filter(|(_, c)| **c > 0);
        match (used.next(), used.next()) {
            (Some((t, _)), None) => Some(t),
            _ => None,
        }
    }

    /// `summary.md`: the tables of the report in Markdown, with the plots.
    pub fn markdown(&self) -> String {
        let mut s = String::new();
        let [a, b] = &self.sides;
        s.push_str(&format!(
            "# {}: {} ({}) vs {} ({})\n\n{} games, seed {}{}.\n\n",
            self.title,
            a.player,
            a.name,
            b.player,
            b.name,
            self.games,
            self.seed,
            self.shard
                .as_ref()
                .map_or(String::new(), |x| format!(", shard {x}"))
        ));
        s.push_str("| result | games | rate | 95% interval |\n| --- | ---: | ---: | --- |\n");
        for side in &self.sides {
            s.push_str(&format!(
                "| {} wins | {} | {:.1}% | {:.1}% to {:.1}% |\n",
                side.name,
                side.wins.count,
                100.0 * side.wins.rate,
                100.0 * side.wins.low,
                100.0 * side.wins.high
            ));
        }
        s.push_str(&format!(
            "| draws | {} | {:.1}% | {:.1}% to {:.1}% |\n\n",
            self.draws.count,
            100.0 * self.draws.rate,
            100.0 * self.draws.low,
            100.0 * self.draws.high
        ));
        s.push_str(&format!(
            "{}'s score (a draw counted half): {:.1}% (95% interval {:.1}% to {:.1}%); \
             mean VP margin ({} minus {}): {}.\n\n",
            a.name,
            100.0 * self.first_score.score,
            100.0 * self.first_score.low,
            100.0 * self.first_score.high,
            a.name,
            b.name,
            margin_text(&self.margin)
        ));
        s.push_str(
            "Steps lost per game (mean, median, 95th percentile):\n\n\
             | side | all | combat | retreat | attrition | charge | units eliminated | supply-cut unit-turns |\n\
             | --- | --- | --- | --- | --- | --- | ---: | ---: |\n",
        );
        let cell = |x: &Quantiles| format!("{:.2} / {} / {}", x.mean, x.p50, x.p95);
        for side in &self.sides {
            s.push_str(&format!("| {} | {} |", side.name, cell(&side.steps_lost)));
            for (_, st) in &side.by_cause {
                s.push_str(&format!(" {} |", cell(st)));
            }
            s.push_str(&format!(
                " {:.2} | {:.2} |\n",
                side.mean_eliminated, side.mean_supply_cut
            ));
        }
        s.push_str(&format!(
            "\nGame length: mean {:.2} turns (median {}, 5% {}, 95% {}); {:.0} actions a game.\n",
            self.turns.mean, self.turns.p50, self.turns.p5, self.turns.p95, self.mean_actions
        ));
        if self.aborted > 0 {
            s.push_str(&format!(
                "\n{} games stopped at the action cap.\n",
                self.aborted
            ));
        }
        s.push_str("\n![results](outcomes.png)\n![VP margin](vp_margin.png)\n![steps lost](steps_lost.png)\n");
        match self.one_length() {
            Some(t) => s.push_str(&format!(
                "\nEvery game ended on turn {t}, so there is no game-length plot.\n\n"
            )),
            None => s.push_str("![game length](game_length.png)\n"),
        }
        s.push_str("![where steps were lost](heat_map.png)\n");
        s
    }
}

/// The first side's score from a tally: a win 1, a draw or an aborted
/// game ½ (neither side won it), a loss 0.
fn first_score(t: &BatchTally) -> ScoreInterval {
    let halves = (t.draws + t.aborted) as f64;
    let wins = t.sides[0].wins as f64;
    interval(
        t.games as f64,
        wins + halves / 2.0,
        wins + halves / 4.0,
        Z95,
    )
}

/// The sums of the first side's VP margins.
pub fn margin_moments(t: &BatchTally) -> Moments {
    let mut m = Moments::default();
    for (&x, &c) in &t.margins {
        m.add_many(x as f64, c);
    }
    m
}

/// `+3.2 (95% interval +1.0 to +5.4)`, or the mean alone.
pub fn margin_text(m: &MeanInterval) -> String {
    match (m.low, m.high) {
        (Some(lo), Some(hi)) => format!("{:+.2} (95% interval {lo:+.2} to {hi:+.2})", m.mean),
        _ => format!("{:+.2}", m.mean),
    }
}

impl fmt::Display for BatchSummary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b] = &self.sides;
        writeln!(
            f,
            "{}: {} games, {} ({}) vs {} ({}), seed {}{}",
            self.scenario,
            self.games,
            a.player,
            a.name,
            b.player,
            b.name,
            self.seed,
            self.shard
                .as_ref()
                .map_or(String::new(), |x| format!(", shard {x}"))
        )?;
        let w = a.name.len().max(b.name.len()).max(5);
        let pct = |r: &Rate| {
            format!(
                "{:5.1}%  [{:5.1}% .. {:5.1}%]",
                100.0 * r.rate,
                100.0 * r.low,
                100.0 * r.high
            )
        };
        for s in &self.sides {
            writeln!(
                f,
                "  {:w$} wins {:>7}  {}   decisive {}, marginal {}",
                s.name,
                s.wins.count,
                pct(&s.wins),
                s.decisive,
                s.marginal
            )?;
        }
        writeln!(
            f,
            "  {:w$}      {:>7}  {}",
            "draws",
            self.draws.count,
            pct(&self.draws)
        )?;
        if self.aborted > 0 {
            writeln!(f, "  stopped at the action cap: {}", self.aborted)?;
        }
        let sc = &self.first_score;
        writeln!(
            f,
            "  {}'s score {:.1}% [{:.1}% .. {:.1}%] (a draw counts half); mean VP margin {}",
            a.name,
            100.0 * sc.score,
            100.0 * sc.low,
            100.0 * sc.high,
            margin_text(&self.margin)
        )?;
        writeln!(
            f,
            "  steps lost per game   mean (median, 95%)   combat  retreat  attrition  charge"
        )?;
        for s in &self.sides {
            write!(
                f,
                "  {:w$}  {:>13.2} ({}, {})",
                s.name, s.steps_lost.mean, s.steps_lost.p50, s.steps_lost.p95
            )?;
            for (_, c) in &s.by_cause {
                write!(f, "  {:>7.2}", c.mean)?;
            }
            writeln!(f)?;
        }
        writeln!(
            f,
            "  game length: mean {:.2} turns (median {}, 95% {})",
            self.turns.mean, self.turns.p50, self.turns.p95
        )
    }
}
