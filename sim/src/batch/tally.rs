//! What a batch adds up to: counts and histograms folded one game record
//! at a time ([`BatchTally`]), so a summary costs the same memory for a
//! thousand games or a million, and (all integers) comes out the same in
//! any order: one run, a resumed one, merged shards.

use std::collections::BTreeMap;

use hexwar_engine::{ResultLevel, Scenario};
use serde::Serialize;

use super::game::GameRecord;

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
    pub fn quantiles(&self) -> Quantiles {
        Quantiles {
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
pub struct Quantiles {
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
    /// Steps lost per game, by cause ([`hexwar_engine::LossCause::ALL`] order).
    pub by_cause: [Histogram; 4],
    /// Units eliminated, summed.
    pub eliminated: u64,
    /// Supply-cut unit-turns, summed.
    pub supply_cut: u64,
}

/// A batch folded game by game (the records' counts; one game's events
/// are counted by the kernel's event tally).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BatchTally {
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
    /// Games by the first side's VP margin (its VP minus the second
    /// side's), every game counted, aborted ones at their VP when stopped.
    pub margins: BTreeMap<i64, u64>,
}

impl BatchTally {
    /// An empty tally for `scen`.
    pub fn new(scen: &Scenario) -> BatchTally {
        BatchTally {
            games: 0,
            sides: Default::default(),
            draws: 0,
            aborted: 0,
            turns: Histogram::default(),
            actions: 0,
            heat: vec![0; scen.grid().len()],
            margins: BTreeMap::new(),
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
        *self
            .margins
            .entry(r.vp[0] as i64 - r.vp[1] as i64)
            .or_default() += 1;
        self.actions += r.actions;
        for (h, n) in &r.loss_hexes {
            if let Some(x) = self.heat.get_mut(h.index()) {
                *x += *n as u64;
            }
        }
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
        assert_eq!(h.quantiles().max, 10);
    }
}
