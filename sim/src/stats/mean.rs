//! Means of unbounded per-game values (a VP margin, steps lost) with
//! Student's t interval ([`Moments`]), and Welch's interval for the
//! difference of two such means ([`welch`]); Student's t quantile
//! ([`t_quantile`]) from the regularized incomplete beta function.

use serde::Serialize;

/// Sums of a sample: enough for its mean and variance, and the same in
/// any order of adding (sums of integers as `f64`, exact below 2^53).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Moments {
    /// Observations.
    pub n: f64,
    /// Their sum.
    pub sum: f64,
    /// The sum of their squares.
    pub sum_sq: f64,
}

/// A mean with its 95% interval (`None` for fewer than two observations).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct MeanInterval {
    /// Observations.
    pub n: u64,
    /// The mean.
    pub mean: f64,
    /// The sample standard deviation (n - 1).
    pub sd: f64,
    /// The 95% interval's low end.
    pub low: Option<f64>,
    /// Its high end.
    pub high: Option<f64>,
}

impl Moments {
    /// Adds one observation.
    pub fn add(&mut self, x: f64) {
        self.n += 1.0;
        self.sum += x;
        self.sum_sq += x * x;
    }

    /// Adds `count` observations of `x`.
    pub fn add_many(&mut self, x: f64, count: u64) {
        let c = count as f64;
        self.n += c;
        self.sum += c * x;
        self.sum_sq += c * x * x;
    }

    /// The mean (0 with no observations).
    pub fn mean(&self) -> f64 {
        if self.n > 0.0 { self.sum / self.n } else { 0.0 }
    }

    /// The sample variance (n - 1); 0 for fewer than two observations.
    pub fn var(&self) -> f64 {
        if self.n < 2.0 {
            return 0.0;
        }
        let m = self.mean();
        ((self.sum_sq - self.n * m * m) / (self.n - 1.0)).max(0.0)
    }

    /// The mean with Student's t 95% interval, `mean ± t(0.975, n - 1)
    /// sd / sqrt(n)`.
    pub fn interval(&self) -> MeanInterval {
        let (mean, sd) = (self.mean(), self.var().sqrt());
        let (low, high) = if self.n >= 2.0 {
            let half = t_quantile(0.975, self.n - 1.0) * sd / self.n.sqrt();
            (Some(mean - half), Some(mean + half))
        } else {
            (None, None)
        };
        MeanInterval {
            n: self.n as u64,
            mean,
            sd,
            low,
            high,
        }
    }
}

/// The difference of two means `a - b` with Welch's 95% interval:
/// `se = sqrt(va/na + vb/nb)`, the Welch–Satterthwaite degrees of freedom,
/// and `± t(0.975, df) se`. `None` when either sample has fewer than two
/// observations. When both samples have no spread at all the interval is
/// the difference itself.
pub fn welch(a: &Moments, b: &Moments) -> Option<(f64, f64, f64)> {
    if a.n < 2.0 || b.n < 2.0 {
        return None;
    }
    let d = a.mean() - b.mean();
    let (ua, ub) = (a.var() / a.n, b.var() / b.n);
    let se2 = ua + ub;
    if se2 <= 0.0 {
        return Some((d, d, d));
    }
    let df = se2 * se2 / (ua * ua / (a.n - 1.0) + ub * ub / (b.n - 1.0));
    let half = t_quantile(0.975, df) * se2.sqrt();
    Some((d, d - half, d + half))
}

/// `ln Γ(x)` for `x > 0` (Lanczos, g = 7, n = 9; relative error below
/// 1e-13).
fn ln_gamma(x: f64) -> f64 {
    const C: [f64; 9] = [
        0.999_999_999_999_809_9,
        676.520_368_121_885_1,
        -1_259.139_216_722_402_8,
        771.323_428_777_653_1,
        -176.615_029_162_140_6,
        12.507_343_278_686_905,
        -0.138_571_095_265_720_12,
        9.984_369_578_019_572e-6,
        1.505_632_735_149_311_6e-7,
    ];
    if x < 0.5 {
        // Reflection: Γ(x) Γ(1 - x) = π / sin(πx).
        let pi = std::f64::consts::PI;
        return (pi / (pi * x).sin()).ln() - ln_gamma(1.0 - x);
    }
    let x = x - 1.0;
    let t = x + 7.5;
    let s = C[1..]
        .iter()
        .enumerate()
        .fold(C[0], |s, (i, c)| s + c / (x + i as f64 + 1.0));
    0.5 * (2.0 * std::f64::consts::PI).ln() + (x + 0.5) * t.ln() - t + s.ln()
}

/// The continued fraction of the incomplete beta function (Lentz's
/// method, as in Numerical Recipes' `betacf`).
fn beta_cf(a: f64, b: f64, x: f64) -> f64 {
    const TINY: f64 = 1e-300;
    let (qab, qap, qam) = (a + b, a + 1.0, a - 1.0);
    let mut c = 1.0;
    let mut d = 1.0 - qab * x / qap;
    if d.abs() < TINY {
        d = TINY;
    }
    d = 1.0 / d;
    let mut h = d;
    for m in 1..300 {
        let m = m as f64;
        let m2 = 2.0 * m;
        let aa = m * (b - m) * x / ((qam + m2) * (a + m2));
        d = 1.0 + aa * d;
        d = if d.abs() < TINY { TINY } else { d };
        c = 1.0 + aa / c;
        c = if c.abs() < TINY { TINY } else { c };
        d = 1.0 / d;
        h *= d * c;
        let aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2));
        d = 1.0 + aa * d;
        d = if d.abs() < TINY { TINY } else { d };
        c = 1.0 + aa / c;
        c = if c.abs() < TINY { TINY } else { c };
        d = 1.0 / d;
        let del = d * c;
        h *= del;
        if (del - 1.0).abs() < 1e-15 {
            break;
        }
    }
    h
}

/// The regularized incomplete beta function `I_x(a, b)`.
fn inc_beta(a: f64, b: f64, x: f64) -> f64 {
    if x <= 0.0 {
        return 0.0;
    }
    if x >= 1.0 {
        return 1.0;
    }
    let ln_front = ln_gamma(a + b) - ln_gamma(a) - ln_gamma(b) + a * x.ln() + b * (1.0 - x).ln();
    if x < (a + 1.0) / (a + b + 2.0) {
        ln_front.exp() * beta_cf(a, b, x) / a
    } else {
        1.0 - ln_front.exp() * beta_cf(b, a, 1.0 - x) / b
    }
}

/// Student's t distribution function with `df` degrees of freedom.
fn t_cdf(t: f64, df: f64) -> f64 {
    let tail = 0.5 * inc_beta(df / 2.0, 0.5, df / (df + t * t));
    if t >= 0.0 { 1.0 - tail } else { tail }
}

/// The `p` quantile of Student's t with `df > 0` degrees of freedom (any
/// real df, as Welch's interval needs), by bisection on the distribution
/// function to 1e-10. Past a million degrees of freedom, the normal's.
pub fn t_quantile(p: f64, df: f64) -> f64 {
    let valid = p > 0.0 && p < 1.0 && df > 0.0;
    if !valid {
        return f64::NAN;
    }
    if p < 0.5 {
        return -t_quantile(1.0 - p, df);
    }
    if p == 0.5 {
        return 0.0;
    }
    let (mut lo, mut hi) = (0.0, 1.0);
    while t_cdf(hi, df) < p {
        hi *= 2.0;
        if hi > 1e12 {
            return f64::INFINITY;
        }
    }
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if t_cdf(mid, df) < p {
            lo = mid;
        } else {
            hi = mid;
        }
        if hi - lo < 1e-10 {
            break;
        }
    }
    0.5 * (lo + hi)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol
    }

    /// Table values of t(0.975, df) (any statistics text).
    #[test]
    fn t_quantiles_match_the_table() {
        for (df, t) in [
            (1.0, 12.706_205),
            (2.0, 4.302_653),
            (5.0, 2.570_582),
            (10.0, 2.228_139),
            (30.0, 2.042_272),
            (39.0, 2.022_691),
            (1000.0, 1.962_339),
        ] {
            let q = t_quantile(0.975, df);
            assert!(close(q, t, 1e-5), "df {df}: {q} against {t}");
            assert!(close(t_quantile(0.025, df), -t, 1e-5));
        }
        assert!(close(t_quantile(0.995, 4.0), 4.604_095, 1e-5));
        assert!(t_quantile(0.975, 0.0).is_nan());
        assert!(close(ln_gamma(5.0), 24f64.ln(), 1e-12));
        assert!(close(
            ln_gamma(0.5),
            std::f64::consts::PI.sqrt().ln(),
            1e-12
        ));
    }

    /// 1, 2, 3, 6: mean 3, sample variance 14 / 3; t(0.975, 3) = 3.182446,
    /// half-width 3.182446 sqrt(14 / 12) = 3.437435.
    #[test]
    fn a_mean_s_t_interval_by_hand() {
        let mut m = Moments::default();
        for x in [1.0, 2.0, 3.0, 6.0] {
            m.add(x);
        }
        let i = m.interval();
        assert_eq!((i.n, i.mean), (4, 3.0));
        assert!(close(i.high.unwrap() - 3.0, 3.437_435, 1e-5), "{i:?}");
        assert!(close(3.0 - i.low.unwrap(), 3.437_435, 1e-5), "{i:?}");
        let mut one = Moments::default();
        one.add(5.0);
        assert_eq!((one.interval().low, one.interval().high), (None, None));
        let mut many = Moments::default();
        many.add_many(2.0, 3);
        assert_eq!((many.n, many.sum, many.sum_sq), (3.0, 6.0, 12.0));
    }

    /// a = 1, 2, 3, 6 (mean 3, var 14/3), b = 0, 0, 1, 1, 3 (mean 1, var
    /// 1.5): se² = 14/12 + 1.5/5 = 1.466667; df = 1.466667² / ((14/12)² /
    /// 3 plus 0.3² / 4) = 2.151111 / 0.476204 = 4.517208; t(0.975,
    /// 4.517208) = 2.66 (between 2.776 at 4 and 2.571 at 5), times the
    /// standard error 1.211060.
    #[test]
    fn welch_by_hand() {
        let (mut a, mut b) = (Moments::default(), Moments::default());
        for x in [1.0, 2.0, 3.0, 6.0] {
            a.add(x);
        }
        for x in [0.0, 0.0, 1.0, 1.0, 3.0] {
            b.add(x);
        }
        let (d, lo, hi) = welch(&a, &b).unwrap();
        assert_eq!(d, 2.0);
        let t = t_quantile(0.975, 4.517_208);
        assert!(t > 2.571 && t < 2.776, "{t}");
        assert!(close(hi - d, t * 1.211_060, 1e-5), "{lo} {hi}");
        assert!(close(d - lo, hi - d, 1e-12));
        let mut flat = Moments::default();
        flat.add_many(4.0, 3);
        assert_eq!(welch(&flat, &flat), Some((0.0, 0.0, 0.0)));
        let mut one = Moments::default();
        one.add(1.0);
        assert_eq!(welch(&a, &one), None);
    }
}
