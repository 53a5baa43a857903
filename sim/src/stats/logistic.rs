//! Logistic regression of a win rate on one number, and a bootstrap
//! interval for the point where the curve crosses 50%.
//!
//! Used by `hexwar sweep`: a parameter is varied, each value plays a batch,
//! and the fit says which value gives an even game.

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// `p(x) = 1 / (1 + exp(-(b0 + b1 x)))`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Logistic {
    /// Intercept.
    pub b0: f64,
    /// Slope.
    pub b1: f64,
}

impl Logistic {
    /// The fitted probability at `x`.
    pub fn p(&self, x: f64) -> f64 {
        let eta = self.b0 + self.b1 * x;
        if eta >= 0.0 {
            1.0 / (1.0 + (-eta).exp())
        } else {
            let e = eta.exp();
            e / (1.0 + e)
        }
    }

    /// Where the curve crosses 50%: `-b0 / b1`. `None` for a flat curve.
    pub fn x50(&self) -> Option<f64> {
        if self.b1.abs() < 1e-12 {
            return None;
        }
        let x = -self.b0 / self.b1;
        x.is_finite().then_some(x)
    }
}

/// `ln(1 + e^t)` without overflow.
fn softplus(t: f64) -> f64 {
    t.max(0.0) + (-t.abs()).exp().ln_1p()
}

/// Iterations before giving up.
const MAX_ITER: usize = 100;
/// A standardised coefficient past this means the data are separated (the
/// likelihood has no maximum and Newton walks off to infinity).
const MAX_COEF: f64 = 30.0;

/// Maximum-likelihood fit of a logistic curve to binomial counts
/// `(x, wins, n)`, by Newton–Raphson (the same steps as IRLS) with step
/// halving. x is standardised inside for stability.
///
/// `None` when there is no finite maximum: fewer than two distinct x with
/// games, no wins or no losses at all, or a perfect separation (every game
/// below some x lost, every game above won); and when the iteration does
/// not converge. Never panics and never returns NaN.
pub fn fit(points: &[(f64, u64, u64)]) -> Option<Logistic> {
    let pts: Vec<(f64, f64, f64)> = points
        .iter()
        .filter(|&&(x, _, n)| n > 0 && x.is_finite())
        .map(|&(x, w, n)| (x, w.min(n) as f64, n as f64))
        .collect();
    let n_tot: f64 = pts.iter().map(|p| p.2).sum();
    let w_tot: f64 = pts.iter().map(|p| p.1).sum();
    if pts.len() < 2 || w_tot <= 0.0 || w_tot >= n_tot {
        return None;
    }
    let mean = pts.iter().map(|p| p.2 * p.0).sum::<f64>() / n_tot;
    let var = pts.iter().map(|p| p.2 * (p.0 - mean).powi(2)).sum::<f64>() / n_tot;
    let sd = var.sqrt();
    if sd.is_nan() || sd <= 1e-12 * mean.abs().max(1.0) {
        return None;
    }
    let zs: Vec<(f64, f64, f64)> = pts
        .iter()
        .map(|&(x, w, n)| ((x - mean) / sd, w, n))
        .collect();
    let loglik = |c: [f64; 2]| -> f64 {
        zs.iter()
            .map(|&(z, w, n)| {
                let eta = c[0] + c[1] * z;
                -w * softplus(-eta) - (n - w) * softplus(eta)
            })
            .sum()
    };
    let rate = w_tot / n_tot;
    let mut c = [(rate / (1.0 - rate)).ln(), 0.0];
    let mut ll = loglik(c);
    for _ in 0..MAX_ITER {
        // Score g and Fisher information I (= minus the Hessian).
        let (mut g, mut i) = ([0.0; 2], [0.0; 3]);
        for &(z, w, n) in &zs {
            let p = Logistic { b0: c[0], b1: c[1] }.p(z);
            let r = w - n * p;
            let v = n * p * (1.0 - p);
            g[0] += r;
            g[1] += r * z;
            i[0] += v;
            i[1] += v * z;
            i[2] += v * z * z;
        }
        let det = i[0] * i[2] - i[1] * i[1];
        if det.is_nan() || det <= 1e-300 {
            return None;
        }
        let step = [
            (i[2] * g[0] - i[1] * g[1]) / det,
            (i[0] * g[1] - i[1] * g[0]) / det,
        ];
        // Halve the step until the likelihood does not fall.
        let mut t = 1.0;
        let mut next = [c[0] + step[0], c[1] + step[1]];
        let mut next_ll = loglik(next);
        while (next_ll.is_nan() || next_ll < ll - 1e-12) && t > 1e-8 {
            t *= 0.5;
            next = [c[0] + t * step[0], c[1] + t * step[1]];
            next_ll = loglik(next);
        }
        if !next_ll.is_finite() || next.iter().any(|v| !v.is_finite() || v.abs() > MAX_COEF) {
            return None;
        }
        let moved = (t * step[0]).abs().max((t * step[1]).abs());
        c = next;
        ll = next_ll;
        if moved < 1e-10 {
            let fit = Logistic {
                b0: c[0] - c[1] * mean / sd,
                b1: c[1] / sd,
            };
            return (fit.b0.is_finite() && fit.b1.is_finite()).then_some(fit);
        }
    }
    None
}

/// The `q` quantile of sorted, non-empty `xs`, interpolating between ranks
/// (Hyndman and Fan's type 7, as R and numpy do by default).
pub(crate) fn quantile(xs: &[f64], q: f64) -> f64 {
    let h = (xs.len() - 1) as f64 * q;
    let (lo, frac) = (h.floor() as usize, h - h.floor());
    let hi = (lo + 1).min(xs.len() - 1);
    xs[lo] + (xs[hi] - xs[lo]) * frac
}

/// A 95% interval for the fitted 50% point by parametric bootstrap: each
/// replicate draws every point's wins from Binomial(n, wins/n) (a sum of
/// Bernoulli draws from a `Xoshiro256PlusPlus` seeded with `seed`), refits,
/// and keeps x50; the interval is the 2.5% and 97.5% percentiles.
///
/// Replicates with no fit (a resample that separates) are left out; `None`
/// when more than half of them have none, or `reps` is 0. Same seed, same
/// interval.
pub fn bootstrap_x50(points: &[(f64, u64, u64)], reps: usize, seed: u64) -> Option<(f64, f64)> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut sample = points.to_vec();
    let mut xs = Vec::with_capacity(reps);
    for _ in 0..reps {
        for (s, &(_, w, n)) in sample.iter_mut().zip(points) {
            let p = if n == 0 {
                0.0
            } else {
                w.min(n) as f64 / n as f64
            };
            s.1 = (0..n).filter(|_| rng.random::<f64>() < p).count() as u64;
        }
        if let Some(x) = fit(&sample).and_then(|l| l.x50()) {
            xs.push(x);
        }
    }
    if reps == 0 || xs.len() * 2 < reps {
        return None;
    }
    xs.sort_by(f64::total_cmp);
    Some((quantile(&xs, 0.025), quantile(&xs, 0.975)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol
    }

    /// With u = x - 3 the data are the same after u -> -u and wins <-> losses
    /// (2/10 at 1 and 8/10 at 5, 4/10 at 2 and 6/10 at 4, 5/10 at 3). So the
    /// log-likelihood of eta = a + b u satisfies L(a, b) = L(-a, b); it is
    /// strictly concave, its maximum is unique, hence a = 0: the curve
    /// crosses 50% at u = 0, x = 3.
    #[test]
    fn symmetric_points_cross_at_their_centre() {
        let pts = [
            (1.0, 2, 10),
            (2.0, 4, 10),
            (3.0, 5, 10),
            (4.0, 6, 10),
            (5.0, 8, 10),
        ];
        let l = fit(&pts).unwrap();
        assert!(l.b1 > 0.0);
        assert!(close(l.x50().unwrap(), 3.0, 1e-9), "{l:?}");
    }

    /// Two x values: the model has two parameters, so the MLE passes through
    /// both observed rates. 1/4 at x = 1 and 9/10 at x = 3:
    /// logit(1/4) = ln(1/3) = -ln 3, logit(9/10) = ln 9 = 2 ln 3;
    /// b1 = (2 ln 3 + ln 3) / (3 - 1) = 1.5 ln 3 = 1.647918433;
    /// b0 = -ln 3 - b1 * 1 = -2.5 ln 3 = -2.746530722;
    /// x50 = 2.5 / 1.5 = 5/3.
    #[test]
    fn two_points_are_fitted_exactly() {
        let l = fit(&[(1.0, 1, 4), (3.0, 9, 10)]).unwrap();
        let ln3 = 3f64.ln();
        assert!(close(l.b1, 1.5 * ln3, 1e-8), "{l:?}");
        assert!(close(l.b0, -2.5 * ln3, 1e-8), "{l:?}");
        assert!(close(l.x50().unwrap(), 5.0 / 3.0, 1e-8));
        assert!(close(l.p(1.0), 0.25, 1e-9) && close(l.p(3.0), 0.9, 1e-9));
    }

    /// Counts at their expected values under b0 = -2, b1 = 0.8 (x = 0..5,
    /// n = 100,000, wins rounded): the MLE is within the rounding (at most
    /// 0.5 win in 100,000 per point) of the truth; x50 = 2 / 0.8 = 2.5.
    #[test]
    fn recovers_known_coefficients_from_large_counts() {
        let truth = Logistic { b0: -2.0, b1: 0.8 };
        let n = 100_000u64;
        let pts: Vec<_> = (0..=5)
            .map(|x| {
                let x = x as f64;
                (x, (truth.p(x) * n as f64).round() as u64, n)
            })
            .collect();
        let l = fit(&pts).unwrap();
        assert!(close(l.b0, -2.0, 1e-3), "{l:?}");
        assert!(close(l.b1, 0.8, 1e-3), "{l:?}");
        assert!(close(l.x50().unwrap(), 2.5, 1e-3));
    }

    #[test]
    fn no_fit_without_a_finite_maximum() {
        // Perfect separation: all lost below, all won above.
        assert_eq!(fit(&[(0.0, 0, 10), (1.0, 0, 10), (2.0, 10, 10)]), None);
        // No losses at all, no wins at all.
        assert_eq!(fit(&[(0.0, 5, 5), (1.0, 5, 5)]), None);
        assert_eq!(fit(&[(0.0, 0, 5), (1.0, 0, 5)]), None);
        // One x value, nothing, no games, a NaN x.
        assert_eq!(fit(&[(2.0, 3, 10), (2.0, 6, 10)]), None);
        assert_eq!(fit(&[]), None);
        assert_eq!(fit(&[(0.0, 0, 0), (1.0, 0, 0)]), None);
        assert_eq!(fit(&[(f64::NAN, 3, 10), (1.0, 4, 10)]), None);
        // A flat curve has no 50% point.
        assert_eq!(Logistic { b0: 1.0, b1: 0.0 }.x50(), None);
    }

    #[test]
    fn flat_data_give_a_flat_finite_fit() {
        // Same rate everywhere: b1 = 0 exactly is the MLE.
        let l = fit(&[(0.0, 3, 10), (1.0, 3, 10), (2.0, 3, 10)]).unwrap();
        assert!(l.b1.abs() < 1e-9 && close(l.p(1.0), 0.3, 1e-9), "{l:?}");
    }

    #[test]
    fn bootstrap_interval_is_deterministic_and_contains_the_estimate() {
        let pts = [
            (1.0, 2, 40),
            (2.0, 11, 40),
            (3.0, 19, 40),
            (4.0, 30, 40),
            (5.0, 37, 40),
        ];
        let x50 = fit(&pts).unwrap().x50().unwrap();
        let a = bootstrap_x50(&pts, 300, 7).unwrap();
        let b = bootstrap_x50(&pts, 300, 7).unwrap();
        assert_eq!(a, b);
        assert!(a.0 < x50 && x50 < a.1, "{a:?} {x50}");
        assert!(a.1 - a.0 < 2.0, "{a:?}");
        assert_ne!(bootstrap_x50(&pts, 300, 8).unwrap(), a);
        assert_eq!(bootstrap_x50(&pts, 0, 7), None);
        // Separated data resample to separated data: no interval.
        assert_eq!(bootstrap_x50(&[(0.0, 0, 10), (1.0, 10, 10)], 50, 7), None);
    }

    /// Type 7: h = (5 - 1) * 0.25 = 1, so the 25% quantile of 1..5 is 2;
    /// h = 4 * 0.1 = 0.4 gives 1 + 0.4 * (2 - 1) = 1.4.
    #[test]
    fn quantile_interpolates_between_ranks() {
        let xs = [1.0, 2.0, 3.0, 4.0, 5.0];
        assert_eq!(quantile(&xs, 0.25), 2.0);
        assert!(close(quantile(&xs, 0.1), 1.4, 1e-12));
        assert_eq!(quantile(&xs, 1.0), 5.0);
        assert_eq!(quantile(&[7.0], 0.975), 7.0);
    }
}
