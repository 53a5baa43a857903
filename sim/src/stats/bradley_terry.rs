//! Elo ratings of several players from their pairwise scores: the
//! Bradley–Terry model fitted by maximum likelihood, with 95% intervals
//! by a bootstrap over independent units (a tournament's seeds,
//! [`bootstrap`]) and from the likelihood's curvature ([`curvature`]).
//!
//! A comparison's expected score is `1 / (1 + 10^(-(r_a - r_b) / 400))`;
//! scores may be fractional (ties, pairs of games), each counting as that
//! share of a win in the binomial likelihood. One virtual tied comparison
//! is added to every pairing (a prior, as BayesElo's virtual draws), so a
//! player that won every comparison gets a large but finite rating
//! instead of none. The first player is the anchor, at 0.

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use super::Z95;
use super::logistic::quantile;

/// Elo points per natural-log unit of odds: 400 / ln 10.
const ELO_PER_NAT: f64 = 400.0 / std::f64::consts::LN_10;

/// Virtual tied comparisons added to every pairing.
pub const PRIOR: f64 = 1.0;

/// Results between two players: `a`'s summed score in `n` comparisons
/// against `b`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Results {
    /// One player (an index).
    pub a: usize,
    /// The other.
    pub b: usize,
    /// `a`'s score summed over the comparisons (each in [0, 1]).
    pub score: f64,
    /// Comparisons.
    pub n: f64,
}

/// Totals per pairing, `m x m`, upper triangle: `(a's score, n)` at
/// `a * m + b` for `a < b`.
#[derive(Clone, Debug, PartialEq)]
struct Totals {
    m: usize,
    cells: Vec<(f64, f64)>,
}

impl Totals {
    fn new(m: usize) -> Totals {
        Totals {
            m,
            cells: vec![(0.0, 0.0); m * m],
        }
    }

    fn add(&mut self, r: &Results) {
        let (a, b, s) = if r.a < r.b {
            (r.a, r.b, r.score)
        } else {
            (r.b, r.a, r.n - r.score)
        };
        if a == b || b >= self.m {
            return;
        }
        let c = &mut self.cells[a * self.m + b];
        c.0 += s;
        c.1 += r.n;
    }

    /// Each pairing with its prior: `(a, b, a's score, n)`.
    fn pairings(&self) -> impl Iterator<Item = (usize, usize, f64, f64)> + '_ {
        (0..self.m).flat_map(move |a| {
            (a + 1..self.m).map(move |b| {
                let (s, n) = self.cells[a * self.m + b];
                (a, b, s + PRIOR / 2.0, n + PRIOR)
            })
        })
    }
}

/// `ln(1 + e^t)` without overflow.
fn softplus(t: f64) -> f64 {
    t.max(0.0) + (-t.abs()).exp().ln_1p()
}

fn sigmoid(t: f64) -> f64 {
    if t >= 0.0 {
        1.0 / (1.0 + (-t).exp())
    } else {
        let e = t.exp();
        e / (1.0 + e)
    }
}

/// The ratings (Elo, the first player at 0) of `m` players that maximise
/// the likelihood of `results` with the prior ([`PRIOR`]), by Newton's
/// method with step halving. `None` only if it fails to converge (the
/// prior makes the likelihood strictly concave, so it does not). One
/// player: `[0]`.
pub fn fit(m: usize, results: &[Results]) -> Option<Vec<f64>> {
    let mut totals = Totals::new(m);
    for r in results {
        totals.add(r);
    }
    fit_totals(&totals)
}

fn fit_totals(t: &Totals) -> Option<Vec<f64>> {
    let m = t.m;
    if m <= 1 {
        return Some(vec![0.0; m]);
    }
    let loglik = |beta: &[f64]| -> f64 {
        t.pairings()
            .map(|(a, b, s, n)| {
                let d = beta[a] - beta[b];
                -s * softplus(-d) - (n - s) * softplus(d)
            })
            .sum()
    };
    let mut beta = vec![0.0; m];
    let mut ll = loglik(&beta);
    // Free parameters: players 1..m (player 0 is the anchor).
    let k = m - 1;
    for _ in 0..100 {
        let (g, h) = derivatives(t, &beta);
        let step = solve(h, g, k)?;
        let mut scale = 1.0;
        let mut next = beta.clone();
        loop {
            for i in 0..k {
                next[i + 1] = beta[i + 1] + scale * step[i];
            }
            let nl = loglik(&next);
            if nl >= ll - 1e-12 || scale < 1e-8 {
                ll = nl;
                break;
            }
            scale *= 0.5;
        }
        let moved = step.iter().map(|x| (scale * x).abs()).fold(0.0, f64::max);
        beta = next;
        if !moved.is_finite() {
            return None;
        }
        if moved < 1e-10 {
            return Some(beta.iter().map(|b| b * ELO_PER_NAT + 0.0).collect());
        }
    }
    None
}

/// The gradient of the log-likelihood in the free parameters (players
/// 1..m, in natural-log units) and minus its Hessian (the observed
/// information, `k x k` row-major), at `beta`.
fn derivatives(t: &Totals, beta: &[f64]) -> (Vec<f64>, Vec<f64>) {
    let k = t.m - 1;
    let mut g = vec![0.0; k];
    let mut h = vec![0.0; k * k];
    for (a, b, s, n) in t.pairings() {
        let p = sigmoid(beta[a] - beta[b]);
        let r = s - n * p;
        let w = n * p * (1.0 - p);
        if a > 0 {
            g[a - 1] += r;
            h[(a - 1) * k + a - 1] += w;
        }
        if b > 0 {
            g[b - 1] -= r;
            h[(b - 1) * k + b - 1] += w;
        }
        if a > 0 && b > 0 {
            h[(a - 1) * k + b - 1] -= w;
            h[(b - 1) * k + a - 1] -= w;
        }
    }
    (g, h)
}

/// 95% intervals of each rating from the likelihood's curvature: the
/// fit's ratings plus or minus 1.96 standard errors, the errors from the
/// inverse of the information at the fit (with the prior, so it is never
/// singular), each pair's score counted as a binomial trial (with ties
/// that overstates the variance: conservative). The anchor's is `(0,
/// 0)`. Unlike [`bootstrap`] it stays open when every result agrees;
/// unlike it, it does not see results that move together (one seed's
/// dice in every pairing). `None` if the fit fails.
pub fn curvature(m: usize, results: &[Results]) -> Option<Vec<(f64, f64)>> {
    let mut t = Totals::new(m);
    for r in results {
        t.add(r);
    }
    let elo = fit_totals(&t)?;
    if m <= 1 {
        return Some(vec![(0.0, 0.0); m]);
    }
    let beta: Vec<f64> = elo.iter().map(|e| e / ELO_PER_NAT).collect();
    let k = m - 1;
    let (_, h) = derivatives(&t, &beta);
    let mut out = vec![(0.0, 0.0)];
    for i in 0..k {
        let mut e = vec![0.0; k];
        e[i] = 1.0;
        let col = solve(h.clone(), e, k)?;
        let half = Z95 * col[i].max(0.0).sqrt() * ELO_PER_NAT;
        out.push((elo[i + 1] - half, elo[i + 1] + half));
    }
    Some(out)
}

/// Solves `a x = b` (`a` is `k x k`, row-major) by Gaussian elimination
/// with partial pivoting; `None` if singular.
fn solve(mut a: Vec<f64>, mut b: Vec<f64>, k: usize) -> Option<Vec<f64>> {
    for col in 0..k {
        let piv =
            (col..k).max_by(|&i, &j| a[i * k + col].abs().total_cmp(&a[j * k + col].abs()))?;
        if a[piv * k + col].abs() < 1e-300 {
            return None;
        }
        if piv != col {
            for j in 0..k {
                a.swap(piv * k + j, col * k + j);
            }
            b.swap(piv, col);
        }
        for i in col + 1..k {
            let f = a[i * k + col] / a[col * k + col];
            for j in col..k {
                a[i * k + j] -= f * a[col * k + j];
            }
            b[i] -= f * b[col];
        }
    }
    let mut x = vec![0.0; k];
    for i in (0..k).rev() {
        let s: f64 = (i + 1..k).map(|j| a[i * k + j] * x[j]).sum();
        x[i] = (b[i] - s) / a[i * k + i];
    }
    x.iter().all(|v| v.is_finite()).then_some(x)
}

/// 95% intervals of each player's rating by a bootstrap over independent
/// units: `units[u]` holds every result of unit `u` (in a tournament,
/// everything played on one seed, in every pairing and scenario, so what
/// a seed's dice did to all pairings moves together). Each of `reps`
/// replicates draws as many units with replacement (from a
/// `Xoshiro256PlusPlus` seeded with `seed`), refits, and the interval is
/// the 2.5% and 97.5% percentiles of each rating. Same seed, same
/// intervals. `None` with no units or no replicates.
pub fn bootstrap(
    m: usize,
    units: &[Vec<Results>],
    reps: usize,
    seed: u64,
) -> Option<Vec<(f64, f64)>> {
    if units.is_empty() || reps == 0 {
        return None;
    }
    let per_unit: Vec<Totals> = units
        .iter()
        .map(|u| {
            let mut t = Totals::new(m);
            for r in u {
                t.add(r);
            }
            t
        })
        .collect();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut ratings: Vec<Vec<f64>> = vec![Vec::with_capacity(reps); m];
    for _ in 0..reps {
        let mut t = Totals::new(m);
        for _ in 0..units.len() {
            let u = &per_unit[rng.random_range(0..units.len())];
            for (c, x) in t.cells.iter_mut().zip(&u.cells) {
                c.0 += x.0;
                c.1 += x.1;
            }
        }
        if let Some(r) = fit_totals(&t) {
            for (v, x) in ratings.iter_mut().zip(r) {
                v.push(x);
            }
        }
    }
    if ratings.first().is_some_and(|v| v.len() * 2 < reps) {
        return None;
    }
    Some(
        ratings
            .into_iter()
            .map(|mut v| {
                v.sort_by(f64::total_cmp);
                (quantile(&v, 0.025), quantile(&v, 0.975))
            })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::sprt::{elo, expected};

    fn res(a: usize, b: usize, score: f64, n: f64) -> Results {
        Results { a, b, score, n }
    }

    /// Two players: the fit passes through the observed score with its
    /// prior. Player 1 scores 29.5 of 40, with the virtual tie 30 of 41,
    /// so its rating over the anchor is elo(30 / 41).
    #[test]
    fn two_players_fit_the_score_with_its_prior() {
        let r = fit(2, &[res(0, 1, 10.5, 40.0)]).unwrap();
        assert_eq!(r[0], 0.0);
        assert!((r[1] - elo(30.0 / 41.0)).abs() < 1e-6, "{r:?}");
        // Either order of the pairing says the same.
        let s = fit(2, &[res(1, 0, 29.5, 40.0)]).unwrap();
        assert!((s[1] - r[1]).abs() < 1e-9);
    }

    /// Scores made exactly by ratings 0, 100, 250 (with the prior's half
    /// point included in the counts given): the fit finds them.
    #[test]
    fn recovers_consistent_ratings() {
        let truth = [0.0, 100.0, 250.0];
        let n = 1000.0;
        let mut results = Vec::new();
        for a in 0..3 {
            for b in a + 1..3 {
                let p = expected(truth[a] - truth[b]);
                // s + 1/2 = p (n + 1)
                results.push(res(a, b, p * (n + PRIOR) - PRIOR / 2.0, n));
            }
        }
        let r = fit(3, &results).unwrap();
        for (x, t) in r.iter().zip(truth) {
            assert!((x - t).abs() < 1e-6, "{r:?}");
        }
    }

    #[test]
    fn a_clean_sweep_is_finite() {
        let r = fit(2, &[res(0, 1, 20.0, 20.0)]).unwrap();
        assert!(r[1] < -400.0 && r[1].is_finite(), "{r:?}");
        assert_eq!(fit(1, &[]).unwrap(), vec![0.0]);
        // No results: everyone equal to the anchor.
        assert_eq!(fit(3, &[]).unwrap(), vec![0.0; 3]);
    }

    #[test]
    fn bootstrap_is_deterministic_and_brackets_the_fit() {
        // Per seed: player 1 beats 0 three times in four, 2 and 1 even.
        let units: Vec<Vec<Results>> = (0..40)
            .map(|u| {
                vec![
                    res(0, 1, if u % 4 == 0 { 1.0 } else { 0.0 }, 1.0),
                    res(1, 2, if u % 2 == 0 { 1.0 } else { 0.0 }, 1.0),
                ]
            })
            .collect();
        let all: Vec<Results> = units.iter().flatten().copied().collect();
        let r = fit(3, &all).unwrap();
        let a = bootstrap(3, &units, 200, 5).unwrap();
        assert_eq!(a, bootstrap(3, &units, 200, 5).unwrap());
        assert_eq!(a[0], (0.0, 0.0));
        for (x, (lo, hi)) in r.iter().zip(&a).skip(1) {
            assert!(lo < x && x < hi, "{r:?} {a:?}");
        }
        assert_eq!(bootstrap(3, &[], 200, 5), None);
    }

    /// Two players, 29.5 of 40 plus the virtual tie: p = 30 / 41, the
    /// information is 41 p (1 - p) = 30 x 11 / 41 = 8.04878 nats^-2, so
    /// the standard error is 0.352480 nats = 61.2321 Elo and the
    /// half-width 1.959964 times that = 120.013 Elo.
    #[test]
    fn curvature_by_hand() {
        let c = curvature(2, &[res(0, 1, 10.5, 40.0)]).unwrap();
        let r = elo(30.0 / 41.0);
        assert_eq!(c[0], (0.0, 0.0));
        assert!((c[1].1 - r - 120.013).abs() < 1e-2, "{c:?} {r}");
        assert!((r - c[1].0 - 120.013).abs() < 1e-2, "{c:?} {r}");
        // A clean sweep: finite and open.
        let s = curvature(2, &[res(0, 1, 20.0, 20.0)]).unwrap();
        assert!(s[1].0 < s[1].1 && s[1].1 < 0.0, "{s:?}");
    }

    #[test]
    fn solve_by_hand() {
        // 2x + y = 5, x + 3y = 10: x = 1, y = 3.
        let x = solve(vec![2.0, 1.0, 1.0, 3.0], vec![5.0, 10.0], 2).unwrap();
        assert!((x[0] - 1.0).abs() < 1e-12 && (x[1] - 3.0).abs() < 1e-12);
        assert_eq!(solve(vec![1.0, 2.0, 2.0, 4.0], vec![1.0, 2.0], 2), None);
    }
}
