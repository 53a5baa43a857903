//! A mean score in [0, 1] with a 95% interval that is right for ties
//! ([`Scores`]), and the normal interval of an unbounded mean
//! ([`mean_interval`]).
//!
//! The unit is whatever is independent: in a duel, a pair of games on one
//! seed (both games share the dice), so a duel of N pairs counts N
//! observations, not 2N.

use serde::Serialize;

use super::Z95;

/// Observations with values in [0, 1] in steps of a quarter (a pair's
/// score: the mean of two games' 1 / ½ / 0, or one comparison's 1 / ½ /
/// 0): how many of each, so the SPRT can read the distribution.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Scores {
    /// Observations at 0, ¼, ½, ¾, 1.
    pub counts: [u64; 5],
}

/// A score with its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct ScoreInterval {
    /// The mean score.
    pub score: f64,
    /// The interval's low end.
    pub low: f64,
    /// Its high end.
    pub high: f64,
}

impl Scores {
    /// The values the counts stand for.
    pub const VALUES: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

    /// Adds one observation (rounded to the nearest quarter).
    pub fn add(&mut self, x: f64) {
        let k = (x.clamp(0.0, 1.0) * 4.0).round() as usize;
        self.counts[k] += 1;
    }

    /// Adds every observation of `other`.
    pub fn merge(&mut self, other: &Scores) {
        for (c, o) in self.counts.iter_mut().zip(other.counts) {
            *c += o;
        }
    }

    /// Observations.
    pub fn n(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// Sum of the values.
    pub fn sum(&self) -> f64 {
        self.counts
            .iter()
            .zip(Self::VALUES)
            .map(|(&c, x)| c as f64 * x)
            .sum()
    }

    /// Sum of the squared values.
    pub fn sum_sq(&self) -> f64 {
        self.counts
            .iter()
            .zip(Self::VALUES)
            .map(|(&c, x)| c as f64 * x * x)
            .sum()
    }

    /// `(value, count)` for each value, zero counts included (the SPRT's
    /// input).
    pub fn outcomes(&self) -> [(f64, f64); 5] {
        std::array::from_fn(|k| (Self::VALUES[k], self.counts[k] as f64))
    }

    /// The mean score and its 95% interval ([`interval`]).
    pub fn interval(&self) -> ScoreInterval {
        interval(self.n() as f64, self.sum(), self.sum_sq(), Z95)
    }
}

/// The mean of `n` observations in [0, 1] (their sum `sum`, sum of squares
/// `sq`) with an interval at normal quantile `z`: Agresti and Coull's
/// interval widened to scores with ties. `z² / 2` pseudo-observations are
/// added at 0 and as many at 1; the interval is the normal one around the
/// mean of the augmented sample, `m ± z sqrt(v / (n + z²))`, with `v` the
/// augmented sample's variance, cut to [0, 1] and stretched to hold the
/// plain mean.
///
/// For 0/1 outcomes this is exactly Agresti–Coull (the augmented variance
/// is `p(1 - p)`), which covers at least as well as Wilson's. With ties
/// (½) the variance is the sample's own, so ties narrow the interval as
/// they should, where a Wilson interval on half-points would count a tie
/// as a coin toss; and the pseudo-observations keep it finite and open
/// when every result so far is the same (all wins, all ties), where the
/// plain normal interval collapses to a point. `(0, 1)` for no
/// observations.
pub fn interval(n: f64, sum: f64, sq: f64, z: f64) -> ScoreInterval {
    if n <= 0.0 {
        return ScoreInterval {
            score: 0.0,
            low: 0.0,
            high: 1.0,
        };
    }
    let score = sum / n;
    let z2 = z * z;
    let nt = n + z2;
    let m = (sum + z2 / 2.0) / nt;
    let v = ((sq + z2 / 2.0) / nt - m * m).max(0.0);
    let half = z * (v / nt).sqrt();
    ScoreInterval {
        score,
        low: (m - half).clamp(0.0, 1.0).min(score),
        high: (m + half).clamp(0.0, 1.0).max(score),
    }
}

/// The mean of `n` unbounded observations (sum, sum of squares) and its
/// normal 95% interval with the sample variance (n - 1); no interval for
/// fewer than two observations.
pub fn mean_interval(n: f64, sum: f64, sq: f64) -> (f64, Option<(f64, f64)>) {
    if n <= 0.0 {
        return (0.0, None);
    }
    let mean = sum / n;
    if n < 2.0 {
        return (mean, None);
    }
    let var = ((sq - n * mean * mean) / (n - 1.0)).max(0.0);
    let half = Z95 * (var / n).sqrt();
    (mean, Some((mean - half, mean + half)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-5
    }

    /// 8 wins in 10, z = 1.96: n~ = 13.8416, p~ = 9.9208 / 13.8416 =
    /// 0.716738; se = sqrt(0.716738 x 0.283262 / 13.8416) = 0.121111;
    /// 0.716738 -/+ 0.237378 = [0.479362, 0.954114] (Agresti–Coull).
    #[test]
    fn without_ties_it_is_agresti_coull() {
        let r = interval(10.0, 8.0, 8.0, 1.96);
        assert_eq!(r.score, 0.8);
        assert!(close(r.low, 0.479362) && close(r.high, 0.954114), "{r:?}");
    }

    /// Four ties, z = 1.96: n~ = 7.8416, m = (2 + 1.9208) / 7.8416 = 0.5,
    /// v = (1 + 1.9208) / 7.8416 - 0.25 = 0.122475, se = sqrt(v / n~) =
    /// 0.124974, so 0.5 -/+ 0.244950; two wins and two losses (the same
    /// mean as coin tosses) get 0.5 -/+ 1.96 sqrt(0.25 / 7.8416) = 0.5 -/+
    /// 0.349964.
    #[test]
    fn ties_narrow_the_interval() {
        let r = interval(4.0, 2.0, 1.0, 1.96);
        assert!(close(r.low, 0.255050) && close(r.high, 0.744950), "{r:?}");
        let coins = interval(4.0, 2.0, 2.0, 1.96);
        assert!(close(coins.high - 0.5, 0.349964), "{coins:?}");
    }

    #[test]
    fn all_the_same_stays_open_and_narrows_with_n() {
        let mut all_won = Scores::default();
        for _ in 0..2 {
            all_won.add(1.0);
        }
        let r = all_won.interval();
        assert_eq!((r.score, r.high), (1.0, 1.0));
        assert!(r.low > 0.2 && r.low < 0.8, "{r:?}");
        for _ in 0..98 {
            all_won.add(1.0);
        }
        let r100 = all_won.interval();
        assert!(r100.low > 0.9 && r100.low > r.low, "{r100:?}");
        let mut tied = Scores::default();
        for _ in 0..100 {
            tied.add(0.5);
        }
        let t = tied.interval();
        assert_eq!(t.score, 0.5);
        assert!(t.low > 0.45 && t.high < 0.55 && t.low < 0.5, "{t:?}");
        assert_eq!(
            Scores::default().interval(),
            ScoreInterval {
                score: 0.0,
                low: 0.0,
                high: 1.0
            }
        );
    }

    #[test]
    fn scores_count_by_quarters() {
        let mut s = Scores::default();
        for x in [0.0, 0.25, 0.5, 0.5, 1.0] {
            s.add(x);
        }
        assert_eq!(s.counts, [1, 1, 2, 0, 1]);
        assert_eq!((s.n(), s.sum(), s.sum_sq()), (5, 2.25, 1.5625));
        let mut t = s;
        t.merge(&s);
        assert_eq!(t.counts, [2, 2, 4, 0, 2]);
    }

    /// 1, 2, 3, 6: mean 3, sample variance (4 + 1 + 0 + 9) / 3 = 14 / 3,
    /// half-width 1.959964 sqrt(14 / 12) = 2.117003.
    #[test]
    fn mean_interval_by_hand() {
        let (m, i) = mean_interval(4.0, 12.0, 50.0);
        let (lo, hi) = i.unwrap();
        assert_eq!(m, 3.0);
        assert!(
            close(hi - 3.0, 2.117003) && close(3.0 - lo, 2.117003),
            "{lo} {hi}"
        );
        assert_eq!(mean_interval(1.0, 5.0, 25.0), (5.0, None));
        assert_eq!(mean_interval(0.0, 0.0, 0.0), (0.0, None));
    }
}
