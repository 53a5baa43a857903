//! What a batch adds up to: counts and histograms folded one game at a
//! time, so a summary costs the same memory for a thousand games or a
//! million, and — all integers — comes out the same in any order (one run,
//! a resumed one, merged shards).

use std::fmt;

use hexwar_engine::{LossCause, ResultLevel, Scenario, Side};
use serde::Serialize;

use crate::simulate::GameRecord;
use crate::stats::{Z95, wilson};

/// Counts by value: `counts[v]` games had value `v`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Histogram {
    /// Games per value.
    pub counts: Vec<u64>,
}

impl Histogram {
    /// Counts one more game with value `v`.
    pub fn add(&mut self, v: usize) {
        if self.counts.len() <= v {
            self.counts.resize(v + 1, 0);
        }
        self.counts[v] += 1;
    }

    /// Games counted.
    pub fn total(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// Mean value (0 with no games).
    pub fn mean(&self) -> f64 {
        let n = self.total();
        if n == 0 {
            return 0.0;
        }
        let sum: u64 = self
            .counts
            .iter()
            .enumerate()
            .map(|(v, c)| v as u64 * c)
            .sum();
        sum as f64 / n as f64
    }

    /// The smallest value with at least fraction `q` of the games at or below it.
    pub fn quantile(&self, q: f64) -> usize {
        let n = self.total();
        let need = (q * n as f64).ceil().max(1.0) as u64;
        let mut seen = 0;
        for (v, c) in self.counts.iter().enumerate() {
            seen += c;
            if seen >= need {
                return v;
            }
        }
        self.counts.len().saturating_sub(1)
    }

    /// Mean and the 5/25/50/75/95% quantiles, for reports.
    pub fn stats(&self) -> Stats {
        Stats {
            mean: self.mean(),
            p5: self.quantile(0.05),
            p25: self.quantile(0.25),
            p50: self.quantile(0.5),
            p75: self.quantile(0.75),
            p95: self.quantile(0.95),
            max: self.counts.len().saturating_sub(1),
        }
    }
}

/// A distribution's mean and quantiles.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Stats {
    /// Mean.
    pub mean: f64,
    /// 5th percentile.
    pub p5: usize,
    /// Lower quartile.
    pub p25: usize,
    /// Median.
    pub p50: usize,
    /// Upper quartile.
    pub p75: usize,
    /// 95th percentile.
    pub p95: usize,
    /// Largest value seen.
    pub max: usize,
}

/// Everything counted for one side.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct SideTally {
    /// Games won.
    pub wins: u64,
    /// Decisive wins.
    pub decisive: u64,
    /// Marginal wins.
    pub marginal: u64,
    /// Victory points, summed.
    pub vp: i64,
    /// Steps lost per game, all causes.
    pub steps: Histogram,
    /// Steps lost per game, by cause ([`LossCause::ALL`] order).
    pub by_cause: [Histogram; 4],
    /// Units eliminated, summed.
    pub eliminated: u64,
    /// Supply-cut unit-turns, summed.
    pub supply_cut: u64,
}

/// A batch folded game by game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Tally {
    /// Games counted.
    pub games: u64,
    /// Per side.
    pub sides: [SideTally; 2],
    /// Drawn games (aborted ones not included).
    pub draws: u64,
    /// Games stopped at the action cap.
    pub aborted: u64,
    /// Game turn reached.
    pub turns: Histogram,
    /// Actions, summed.
    pub actions: u64,
    /// Steps lost in each hex, summed (by hex index).
    pub heat: Vec<u64>,
}

impl Tally {
    /// An empty tally for `scen`.
    pub fn new(scen: &Scenario) -> Tally {
        Tally {
            games: 0,
            sides: Default::default(),
            draws: 0,
            aborted: 0,
            turns: Histogram::default(),
            actions: 0,
            heat: vec![0; scen.grid().len()],
        }
    }

    /// Counts one game.
    pub fn add(&mut self, r: &GameRecord) {
        self.games += 1;
        match r.winner {
            Some(w) => {
                let s = &mut self.sides[w.index()];
                s.wins += 1;
                match r.level {
                    ResultLevel::Decisive => s.decisive += 1,
                    ResultLevel::Marginal => s.marginal += 1,
                    ResultLevel::Draw => {}
                }
            }
            None if r.aborted => self.aborted += 1,
            None => self.draws += 1,
        }
        for i in 0..2 {
            let s = &mut self.sides[i];
            s.vp += r.vp[i] as i64;
            s.steps.add(r.losses[i].iter().map(|&x| x as usize).sum());
            for (c, h) in s.by_cause.iter_mut().enumerate() {
                h.add(r.losses[i][c] as usize);
            }
            s.eliminated += r.eliminated[i] as u64;
            s.supply_cut += r.supply_cut[i] as u64;
        }
        self.turns.add(r.turns as usize);
        self.actions += r.actions;
        for (h, n) in &r.loss_hexes {
            if let Some(x) = self.heat.get_mut(h.index()) {
                *x += *n as u64;
            }
        }
    }
}

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

/// One side in a [`Summary`].
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
    pub steps_lost: Stats,
    /// Steps lost per game by cause: combat, retreat, attrition, charge.
    pub by_cause: Vec<(String, Stats)>,
    /// Units eliminated per game.
    pub mean_eliminated: f64,
    /// Supply-cut unit-turns per game.
    pub mean_supply_cut: f64,
}

/// The report of a batch: `summary.json`, `summary.md` and the terminal.
/// Nothing in it depends on the machine or the thread count.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
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
    /// Games stopped at the action cap.
    pub aborted: u64,
    /// Game length in turns.
    pub turns: Stats,
    /// Mean actions per game.
    pub mean_actions: f64,
    /// Steps lost per hex, summed: hex label and steps, where any were.
    pub heat: Vec<(String, u64)>,
    /// The raw counts (histograms per side and cause, turns).
    pub tally: Tally,
}

impl Summary {
    /// The report of `tally`, a batch of `players` on `scen` with `seed`.
    pub fn new(
        scen: &Scenario,
        players: [&str; 2],
        seed: u64,
        shard: Option<(u64, u64)>,
        tally: &Tally,
    ) -> Summary {
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
                steps_lost: t.steps.stats(),
                by_cause: LossCause::ALL
                    .iter()
                    .zip(&t.by_cause)
                    .map(|(c, h)| (c.name().to_string(), h.stats()))
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
        Summary {
            scenario: scen.name().to_string(),
            title: scen.title().to_string(),
            seed,
            games: n,
            shard: shard.map(|(i, k)| format!("{i}/{k}")),
            sides,
            draws: Rate::of(tally.draws, n),
            aborted: tally.aborted,
            turns: tally.turns.stats(),
            mean_actions: per_game(tally.actions as f64),
            heat,
            tally: tally.clone(),
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
        s.push_str(
            "Steps lost per game (mean, median, 95th percentile):\n\n\
             | side | all | combat | retreat | attrition | charge | units eliminated | supply-cut unit-turns |\n\
             | --- | --- | --- | --- | --- | --- | ---: | ---: |\n",
        );
        let cell = |x: &Stats| format!("{:.2} / {} / {}", x.mean, x.p50, x.p95);
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
        s.push_str(
            "\n![results](outcomes.png)\n![steps lost](steps_lost.png)\n\
             ![game length](game_length.png)\n![where steps were lost](heat_map.png)\n",
        );
        s
    }
}

impl fmt::Display for Summary {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quantiles_and_means_of_a_histogram() {
        let mut h = Histogram::default();
        for v in [0, 1, 1, 2, 2, 2, 3, 3, 3, 10] {
            h.add(v);
        }
        assert_eq!(h.total(), 10);
        assert!((h.mean() - 2.7).abs() < 1e-12);
        assert_eq!(h.quantile(0.5), 2);
        assert_eq!(h.quantile(0.1), 0);
        assert_eq!(h.quantile(0.95), 10);
        assert_eq!(h.stats().max, 10);
    }
}
