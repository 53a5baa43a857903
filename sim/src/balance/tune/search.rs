//! The search behind `--tune`, apart from games and files: a monotone
//! response measured at values of one setting, each value on the same
//! games (common random numbers), searched for where it crosses its
//! target.
//!
//! 1. Both ends of the range are measured. If the response is on the same
//!    side of the target at both, the range holds no crossing (said so,
//!    and which way to widen it).
//! 2. Otherwise the bracket is narrowed by a safeguarded secant step: the
//!    straight line through the bracket's ends, its root kept within the
//!    middle 80% of the bracket (so a noisy or flat end cannot stall it);
//!    for an integer setting, to an integer strictly inside. It stops at
//!    adjacent integers, at a bracket 1/200 of the range, at an exact hit,
//!    or after the most values allowed.
//! 3. The crossing is the straight line between the two values measured
//!    on either side of it ([`crossing`]); its 95% interval comes from a
//!    paired bootstrap: the games are resampled (the same resample at every
//!    value, which keeps the common random numbers' pairing), every
//!    value's response recomputed, and the crossing found again by the same
//!    rule; the 2.5% and 97.5% percentiles. A crossing, and either end of
//!    its interval, is never outside the range searched: a resample with
//!    no crossing among the values puts it at the end of the range it lies
//!    beyond, and the report says when the interval reaches an end.

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::stats::logistic::quantile;

/// One value measured: the setting and each game's outcome (the first
/// side's score, or its VP margin), game `i` on the same seed at every
/// value.
#[derive(Clone, Debug, PartialEq)]
pub struct Measured {
    /// The setting.
    pub x: f64,
    /// Per game, in game order.
    pub ys: Vec<f64>,
}

impl Measured {
    /// The mean outcome.
    pub fn mean(&self) -> f64 {
        if self.ys.is_empty() {
            0.0
        } else {
            self.ys.iter().sum::<f64>() / self.ys.len() as f64
        }
    }
}

/// The range searched, and how finely.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Range {
    /// Low end.
    pub lo: f64,
    /// High end.
    pub hi: f64,
    /// Only whole values.
    pub integer: bool,
    /// Most values to measure in the bracketing (ends included).
    pub max_values: usize,
}

/// How the search ended.
#[derive(Clone, Debug, PartialEq)]
pub enum Found {
    /// The response crosses the target between these measured values
    /// (equal when one hit it exactly).
    Bracket(f64, f64),
    /// Both ends on the same side of the target: the response at `lo`
    /// and at `hi`, minus the target.
    NoCrossing(f64, f64),
}

/// Measures values of the setting until the crossing of `target` is
/// bracketed as tightly as [`Range`] allows. `measure` plays a value's
/// games; every value measured is kept in `seen` (in the order tried).
pub fn bracket<E>(
    range: Range,
    target: f64,
    seen: &mut Vec<Measured>,
    measure: &mut dyn FnMut(f64) -> Result<Measured, E>,
) -> Result<Found, E> {
    let mut get = |x: f64, seen: &mut Vec<Measured>| -> Result<f64, E> {
        if let Some(m) = seen.iter().find(|m| m.x == x) {
            return Ok(m.mean() - target);
        }
        let m = measure(x)?;
        let f = m.mean() - target;
        seen.push(m);
        Ok(f)
    };
    let (mut a, mut b) = (range.lo, range.hi);
    let (mut fa, mut fb) = (get(a, seen)?, get(b, seen)?);
    if fa == 0.0 {
        return Ok(Found::Bracket(a, a));
    }
    if fb == 0.0 {
        return Ok(Found::Bracket(b, b));
    }
    if fa.signum() == fb.signum() {
        return Ok(Found::NoCrossing(fa, fb));
    }
    let fine = (range.hi - range.lo) / 200.0;
    while seen.len() < range.max_values.max(2) {
        let w = b - a;
        if (range.integer && w <= 1.0) || (!range.integer && w <= fine) {
            break;
        }
        let secant = a - fa * w / (fb - fa);
        let mut x = secant.clamp(a + 0.1 * w, b - 0.1 * w);
        if range.integer {
            x = x.round().clamp(a + 1.0, b - 1.0);
        }
        let fx = get(x, seen)?;
        if fx == 0.0 {
            return Ok(Found::Bracket(x, x));
        }
        if fx.signum() == fa.signum() {
            (a, fa) = (x, fx);
        } else {
            (b, fb) = (x, fx);
        }
    }
    Ok(Found::Bracket(a, b))
}

/// Where the responses `(x, f)` (minus the target; any order) cross 0: the
/// straight line between the two neighbouring values on either side of it,
/// taking the pair nearest `near` when noise gives several; the end of the
/// range the crossing lies beyond when none does (`rising`: whether the
/// response grows with x). Always within `lo..=hi`.
pub fn crossing(points: &[(f64, f64)], near: f64, rising: bool, lo: f64, hi: f64) -> f64 {
    let mut p: Vec<(f64, f64)> = points.to_vec();
    p.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mut best: Option<(f64, f64)> = None;
    for w in p.windows(2) {
        let ((x0, f0), (x1, f1)) = (w[0], w[1]);
        let x = if f0 == 0.0 {
            x0
        } else if f1 == 0.0 {
            x1
        } else if f0.signum() != f1.signum() {
            x0 - f0 * (x1 - x0) / (f1 - f0)
        } else {
            continue;
        };
        if best.is_none_or(|(_, d)| (x - near).abs() < d) {
            best = Some((x, (x - near).abs()));
        }
    }
    let x = match best {
        Some((x, _)) => x,
        // Every response on one side: the crossing lies beyond an end.
        None => {
            let above = p.iter().all(|&(_, f)| f > 0.0);
            if above == rising { lo } else { hi }
        }
    };
    x.clamp(lo, hi)
}

/// The crossing of the measured values and its 95% paired-bootstrap
/// interval (`reps` resamples, seeded with `seed`): `(x, low, high)`.
pub fn estimate(
    seen: &[Measured],
    target: f64,
    range: Range,
    reps: usize,
    seed: u64,
) -> (f64, f64, f64) {
    let f = |m: &Measured| m.mean() - target;
    let pts: Vec<(f64, f64)> = seen.iter().map(|m| (m.x, f(m))).collect();
    let (at_lo, at_hi) = (
        pts.iter().find(|p| p.0 == range.lo).map_or(0.0, |p| p.1),
        pts.iter().find(|p| p.0 == range.hi).map_or(0.0, |p| p.1),
    );
    let rising = at_hi >= at_lo;
    let mid = 0.5 * (range.lo + range.hi);
    let x = crossing(&pts, mid, rising, range.lo, range.hi);
    let n = seen.iter().map(|m| m.ys.len()).min().unwrap_or(0);
    if n == 0 || reps == 0 {
        return (x, x, x);
    }
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut idx = vec![0usize; n];
    let mut xs = Vec::with_capacity(reps);
    for _ in 0..reps {
        for i in idx.iter_mut() {
            *i = rng.random_range(0..n);
        }
        let resampled: Vec<(f64, f64)> = seen
            .iter()
            .map(|m| {
                let mean = idx.iter().map(|&i| m.ys[i]).sum::<f64>() / n as f64;
                (m.x, mean - target)
            })
            .collect();
        xs.push(crossing(&resampled, x, rising, range.lo, range.hi));
    }
    xs.sort_by(f64::total_cmp);
    (x, quantile(&xs, 0.025), quantile(&xs, 0.975))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Game i's uniform draw, the same at every value (common random
    /// numbers): a splitmix of the index.
    fn u(i: u64) -> f64 {
        (crate::batch::seed::splitmix64(i ^ 0xABCD) >> 11) as f64 / (1u64 << 53) as f64
    }

    /// A known response: the first side wins game i when u_i < p(x), with
    /// p(x) = 1 / (1 + exp(-2 (x - 3.7))): 50% at 3.7 exactly.
    fn logistic_games(x: f64, n: u64) -> Measured {
        let p = 1.0 / (1.0 + (-2.0 * (x - 3.7)).exp());
        Measured {
            x,
            ys: (0..n).map(|i| if u(i) < p { 1.0 } else { 0.0 }).collect(),
        }
    }

    #[test]
    fn a_real_setting_is_found_where_the_known_curve_crosses() {
        let range = Range {
            lo: 0.0,
            hi: 10.0,
            integer: false,
            max_values: 10,
        };
        let mut seen = Vec::new();
        let mut measured = 0;
        let found = bracket::<()>(range, 0.5, &mut seen, &mut |x| {
            measured += 1;
            Ok(logistic_games(x, 2000))
        })
        .unwrap();
        assert!(
            matches!(found, Found::Bracket(a, b) if a <= 3.9 && b >= 3.5),
            "{found:?}"
        );
        assert!(measured <= 10 && seen.len() == measured);
        let (x, lo, hi) = estimate(&seen, 0.5, range, 400, 7);
        assert!((x - 3.7).abs() < 0.15, "{x}");
        assert!(lo <= 3.7 && 3.7 <= hi && hi - lo < 0.6, "{lo} {hi}");
        assert!(lo >= 0.0 && hi <= 10.0);
        // Same seed, same interval.
        assert_eq!(estimate(&seen, 0.5, range, 400, 7), (x, lo, hi));
    }

    #[test]
    fn an_integer_setting_steps_to_adjacent_values() {
        // Deterministic: the first side loses below 5, draws at 5, wins above.
        let range = Range {
            lo: 0.0,
            hi: 9.0,
            integer: true,
            max_values: 12,
        };
        let step = |x: f64| Measured {
            x,
            ys: vec![
                if x < 5.0 {
                    0.0
                } else if x == 5.0 {
                    0.5
                } else {
                    1.0
                };
                10
            ],
        };
        let mut seen = Vec::new();
        let found = bracket::<()>(range, 0.5, &mut seen, &mut |x| Ok(step(x))).unwrap();
        assert_eq!(found, Found::Bracket(5.0, 5.0));
        assert!(seen.iter().all(|m| m.x.fract() == 0.0));
        assert_eq!(estimate(&seen, 0.5, range, 100, 1), (5.0, 5.0, 5.0));
        // Without the draw, the crossing lies between 4 and 5.
        let jump = |x: f64| Measured {
            x,
            ys: vec![if x < 5.0 { 0.0 } else { 1.0 }; 10],
        };
        let mut seen = Vec::new();
        let found = bracket::<()>(range, 0.5, &mut seen, &mut |x| Ok(jump(x))).unwrap();
        assert_eq!(found, Found::Bracket(4.0, 5.0));
    }

    #[test]
    fn no_crossing_in_the_range_is_said_and_nothing_outside_is_reported() {
        let range = Range {
            lo: 6.0,
            hi: 10.0,
            integer: false,
            max_values: 8,
        };
        let mut seen = Vec::new();
        let found =
            bracket::<()>(range, 0.5, &mut seen, &mut |x| Ok(logistic_games(x, 500))).unwrap();
        assert!(
            matches!(found, Found::NoCrossing(a, b) if a > 0.0 && b > 0.0),
            "{found:?}"
        );
        assert_eq!(seen.len(), 2);
        // Rising, all above: the crossing lies below the range; clamped.
        let pts = [(6.0, 0.4), (10.0, 0.5)];
        assert_eq!(crossing(&pts, 8.0, true, 6.0, 10.0), 6.0);
        assert_eq!(crossing(&pts, 8.0, false, 6.0, 10.0), 10.0);
        // Noise with two sign changes: the one nearest the estimate.
        let noisy = [(0.0, -1.0), (1.0, 0.5), (2.0, -0.5), (3.0, 1.0)];
        assert_eq!(crossing(&noisy, 2.6, true, 0.0, 3.0), 2.0 + 0.5 / 1.5);
    }
}
