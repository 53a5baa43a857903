//! The values backed up through a node (or through the nodes of several
//! trees that hold the same line), and the test that lets the search
//! overrule the guide: only on evidence.

/// Visits, and the sum and sum of squares of the values backed up.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(super) struct Tally {
    /// Values backed up.
    pub(super) visits: u32,
    /// Their sum.
    pub(super) total: f64,
    /// The sum of their squares.
    pub(super) sumsq: f64,
}

/// The variance assumed of a mean from fewer than two values: the largest
/// a value in `[0, 1]` can have.
const UNKNOWN_VAR: f64 = 0.25;

impl Tally {
    /// The tally of `values`.
    pub(super) fn of(values: impl IntoIterator<Item = f64>) -> Tally {
        let mut t = Tally::default();
        for v in values {
            t.visits += 1;
            t.total += v;
            t.sumsq += v * v;
        }
        t
    }

    /// The mean (0 before any value).
    pub(super) fn mean(&self) -> f64 {
        if self.visits == 0 {
            0.0
        } else {
            self.total / self.visits as f64
        }
    }

    /// The sample variance of the values (`UNKNOWN_VAR` with fewer than two).
    pub(super) fn var(&self) -> f64 {
        let n = self.visits as f64;
        if self.visits < 2 {
            return UNKNOWN_VAR;
        }
        ((self.sumsq - n * self.mean().powi(2)) / (n - 1.0)).max(0.0)
    }

    /// The squared standard error of the mean (infinite before any value).
    pub(super) fn se2(&self) -> f64 {
        if self.visits == 0 {
            f64::INFINITY
        } else {
            self.var() / self.visits as f64
        }
    }

    /// Adds another tally (the same line in another tree).
    pub(super) fn add(&mut self, o: &Tally) {
        self.visits += o.visits;
        self.total += o.total;
        self.sumsq += o.sumsq;
    }

    /// Is `self` better than `other` on evidence: its mean higher by more
    /// than `margin` plus `k` standard errors of the difference?
    pub(super) fn beats(&self, other: &Tally, margin: f64, k: f64) -> bool {
        let gap = self.mean() - other.mean();
        let se = (self.se2() + other.se2()).sqrt();
        gap > margin + k * se
    }
}

#[cfg(test)]
mod tests {
    use super::Tally;

    fn of(values: &[f64]) -> Tally {
        let mut t = Tally::default();
        for &v in values {
            t.add(&Tally {
                visits: 1,
                total: v,
                sumsq: v * v,
            });
        }
        t
    }

    #[test]
    fn mean_and_variance() {
        let t = of(&[0.2, 0.4, 0.6]);
        assert!((t.mean() - 0.4).abs() < 1e-12);
        assert!((t.var() - 0.04).abs() < 1e-12);
        assert_eq!(of(&[0.3]).var(), 0.25);
        assert_eq!(Tally::default().mean(), 0.0);
    }

    #[test]
    fn a_hair_is_no_evidence_many_visits_are() {
        let guide = of(&[0.90, 0.70, 0.90, 0.70]);
        let other = of(&[0.95, 0.72, 0.92, 0.73]);
        assert!(other.beats(&guide, 0.01, 0.0));
        assert!(!other.beats(&guide, 0.01, 2.0));
        let many = |v: &[f64]| of(&v.repeat(50));
        assert!(many(&[0.95, 0.75]).beats(&many(&[0.90, 0.70]), 0.01, 2.0));
        // Unvisited: never beaten, never beats.
        assert!(!other.beats(&Tally::default(), 0.0, 0.0));
        assert!(!Tally::default().beats(&guide, 0.0, 0.0));
    }
}
