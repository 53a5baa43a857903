//! Elo differences from scores, and the sequential probability ratio test
//! (SPRT) that a duel runs between two Elo hypotheses: the generalized
//! SPRT of Fishtest (Van den Bergh, "Comments on Normalized Elo"), on the
//! distribution of the duel's independent units (pairs of games).
//!
//! Under each hypothesis `H: mean score = s` the distribution of outcomes
//! is the one of greatest likelihood for the data among those with mean
//! `s` (a constrained maximum-likelihood estimate); the log-likelihood
//! ratio of the two is the statistic. It needs no variance, so it stays
//! finite when every result so far is the same: zero counts are first
//! raised to [`EPSILON`] (as Fishtest regularises), which keeps a mean of
//! `s` reachable, and then two wins weigh what two wins should
//! (`2 ln(s1 / s0)` or so), not infinity.

/// Elo difference of a score.
pub fn elo(score: f64) -> f64 {
    let s = score.clamp(1e-6, 1.0 - 1e-6);
    // + 0.0 turns -0 into 0 for printing.
    -400.0 * (1.0 / s - 1.0).log10() + 0.0
}

/// Expected score of an Elo difference.
pub fn expected(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// What a zero count is raised to before the estimates (Fishtest's value).
pub const EPSILON: f64 = 1e-3;

/// The SPRT's log-likelihood ratio of H1 (mean score `s1`) over H0 (`s0`)
/// for observations given as `(value, count)`, every possible value
/// listed (zero counts too: they are the support). Values in [0, 1], `s0`
/// and `s1` strictly inside their range.
///
/// With `p` the observed frequencies (zero counts raised to
/// [`EPSILON`]) and `p_s` the maximum-likelihood distribution with mean
/// `s`, `LLR = n sum_i p_i ln(p_s1,i / p_s0,i)` where `n` is the number
/// of observations. `p_s,i = p_i / (1 + θ (x_i - s))`, θ the root of
/// `sum_i p_i (x_i - s) / (1 + θ (x_i - s)) = 0` (found by bisection: the
/// sum falls strictly with θ). 0 with no observations.
pub fn llr(outcomes: &[(f64, f64)], s0: f64, s1: f64) -> f64 {
    let n: f64 = outcomes.iter().map(|o| o.1).sum();
    if n <= 0.0 {
        return 0.0;
    }
    let reg: Vec<(f64, f64)> = outcomes.iter().map(|&(x, c)| (x, c.max(EPSILON))).collect();
    let total: f64 = reg.iter().map(|o| o.1).sum();
    let p: Vec<(f64, f64)> = reg.iter().map(|&(x, c)| (x, c / total)).collect();
    let (Some(t0), Some(t1)) = (theta(&p, s0), theta(&p, s1)) else {
        return 0.0;
    };
    n * p
        .iter()
        .map(|&(x, pi)| pi * ((1.0 + t0 * (x - s0)).ln() - (1.0 + t1 * (x - s1)).ln()))
        .sum::<f64>()
}

/// [`llr`] between two Elo differences of A over B.
pub fn llr_elo(outcomes: &[(f64, f64)], elo0: f64, elo1: f64) -> f64 {
    llr(outcomes, expected(elo0), expected(elo1))
}

/// The θ that gives the distribution `p` (`(value, frequency)`) mean `s`:
/// `None` when `s` is not strictly between the smallest and largest value.
fn theta(p: &[(f64, f64)], s: f64) -> Option<f64> {
    let lo_x = p.iter().map(|o| o.0).fold(f64::INFINITY, f64::min);
    let hi_x = p.iter().map(|o| o.0).fold(f64::NEG_INFINITY, f64::max);
    if !(lo_x < s && s < hi_x) {
        return None;
    }
    // 1 + θ (x - s) > 0 for every x: θ in (-1 / (hi - s), 1 / (s - lo)).
    let (mut lo, mut hi) = (-1.0 / (hi_x - s), 1.0 / (s - lo_x));
    let f = |t: f64| -> f64 {
        p.iter()
            .map(|&(x, pi)| pi * (x - s) / (1.0 + t * (x - s)))
            .sum()
    };
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            break;
        }
        if f(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    Some(0.5 * (lo + hi))
}

/// The SPRT's bounds for 5% errors each way: accept H0 at or below the
/// first (ln(beta / (1 - alpha))), H1 at or above the second.
pub fn bounds() -> (f64, f64) {
    ((0.05f64 / 0.95).ln(), (0.95f64 / 0.05).ln())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A trinomial: losses, ties, wins (a margin duel's pairs).
    fn tri(l: f64, d: f64, w: f64) -> [(f64, f64); 3] {
        [(0.0, l), (0.5, d), (1.0, w)]
    }

    #[test]
    fn elo_and_expected_score_are_inverse() {
        for e in [-300.0, -50.0, 0.0, 120.0, 400.0] {
            assert!((elo(expected(e)) - e).abs() < 1e-9);
        }
        // 75% is about +191 Elo: -400 log10(1/3) = 190.85.
        assert!((elo(0.75) - 190.848_501_887_865).abs() < 1e-6);
    }

    /// One loss, one tie, two wins: p = (1/4, 1/4, 1/2), mean 5/8.
    /// H0 s0 = 1/2: x - s0 = (-1/2, 0, 1/2); -1/8 / (1 - θ/2) + 1/4 /
    /// (1 + θ/2) = 0 gives θ = 2/3 and p0 = (3/8, 1/4, 3/8). H1 s1 = 5/8 is
    /// the observed mean: θ = 0, p1 = p. LLR = 4 (1/4 ln(2/3) + 1/2 ln(4/3))
    /// = 0.169899.
    #[test]
    fn llr_by_hand() {
        let l = llr(&tri(1.0, 1.0, 2.0), 0.5, 0.625);
        assert!((l - 0.169_899).abs() < 1e-5, "{l}");
        // Elo 0 and elo(5/8) = -400 log10(0.6) = 88.7395 are the same test.
        let e = llr_elo(&tri(1.0, 1.0, 2.0), 0.0, elo(0.625));
        assert!((e - l).abs() < 1e-6, "{e}");
        // The data favour s0 over a larger s1.
        assert!(llr(&tri(2.0, 1.0, 1.0), 0.5, 0.6) < 0.0);
    }

    #[test]
    fn two_wins_do_not_decide_many_do() {
        let (lower, upper) = bounds();
        let two = llr_elo(&tri(0.0, 0.0, 2.0), 0.0, 100.0);
        assert!(two.is_finite() && two > 0.0 && two < 1.0, "{two}");
        // Each win weighs about ln(s1 / s0) = ln(0.640 / 0.5) = 0.247: the
        // H1 bound (2.94) is crossed near 12 wins, not at 2.
        let twelve = llr_elo(&tri(0.0, 0.0, 12.0), 0.0, 100.0);
        assert!(twelve >= upper, "{twelve}");
        let ten = llr_elo(&tri(0.0, 0.0, 10.0), 0.0, 100.0);
        assert!(ten < upper, "{ten}");
        let forty = llr_elo(&tri(0.0, 0.0, 40.0), 0.0, 100.0);
        assert!(forty >= upper && forty < 20.0, "{forty}");
        // All losses, and all ties (A no better than B), decide H0.
        assert!(llr_elo(&tri(40.0, 0.0, 0.0), 0.0, 100.0) <= lower);
        assert!(llr_elo(&tri(0.0, 40.0, 0.0), 0.0, 100.0) <= lower);
        assert_eq!(llr_elo(&tri(0.0, 0.0, 0.0), 0.0, 100.0), 0.0);
    }

    #[test]
    fn pentanomial_pairs() {
        // Pairs' scores in quarters; a balanced record is no evidence for
        // A, a strong one is.
        let even = [
            (0.0, 3.0),
            (0.25, 5.0),
            (0.5, 20.0),
            (0.75, 5.0),
            (1.0, 3.0),
        ];
        assert!(llr_elo(&even, 0.0, 50.0) < 0.0);
        let strong = [
            (0.0, 0.0),
            (0.25, 2.0),
            (0.5, 10.0),
            (0.75, 20.0),
            (1.0, 8.0),
        ];
        assert!(llr_elo(&strong, 0.0, 50.0) > bounds().1);
    }

    #[test]
    fn theta_gives_the_asked_mean() {
        let p = [(0.0, 0.2), (0.5, 0.3), (1.0, 0.5)];
        for s in [0.1, 0.4, 0.65, 0.9] {
            let t = theta(&p, s).unwrap();
            let q: Vec<f64> = p.iter().map(|&(x, pi)| pi / (1.0 + t * (x - s))).collect();
            let total: f64 = q.iter().sum();
            let mean: f64 = q.iter().zip(&p).map(|(qi, o)| qi * o.0).sum();
            assert!((total - 1.0).abs() < 1e-9 && (mean - s).abs() < 1e-9, "{s}");
        }
        assert_eq!(theta(&p, 1.0), None);
    }
}
