//! Elo differences from scores, and the sequential probability ratio test
//! (SPRT) that a duel runs between two Elo hypotheses, in the normal
//! approximation that chess-engine testing uses (Fishtest).

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

/// The SPRT's log-likelihood ratio (the normal approximation used by chess
/// engine testing: N (s1 - s0)(2 s - s0 - s1) / (2 var)) for `n` games with
/// score sum `sum` and sum of squares `sq`.
pub fn llr(n: f64, sum: f64, sq: f64, elo0: f64, elo1: f64) -> f64 {
    if n < 2.0 {
        return 0.0;
    }
    let mean = sum / n;
    let var = (sq / n - mean * mean).max(1e-9);
    let (s0, s1) = (expected(elo0), expected(elo1));
    n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var)
}

/// The SPRT's bounds for 5% errors each way: accept H0 at or below the
/// first (ln(beta / (1 - alpha))), H1 at or above the second.
pub fn bounds() -> (f64, f64) {
    ((0.05f64 / 0.95).ln(), (0.95f64 / 0.05).ln())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_and_expected_score_are_inverse() {
        for e in [-300.0, -50.0, 0.0, 120.0, 400.0] {
            assert!((elo(expected(e)) - e).abs() < 1e-9);
        }
        // 75% is about +191 Elo: -400 log10(1/3) = 190.85.
        assert!((elo(0.75) - 190.848_501_887_865).abs() < 1e-6);
    }

    #[test]
    fn sprt_llr_by_hand() {
        // 100 games, 60 wins 40 losses: mean 0.6, var 0.24; s0 = 0.5,
        // s1 = expected(50) = 0.571463; LLR = 100 * 0.071463 *
        // (1.2 - 1.071463) / 0.48 = 1.913676.
        let l = llr(100.0, 60.0, 60.0, 0.0, 50.0);
        assert!((l - 1.913_676).abs() < 1e-5, "{l}");
        assert!(llr(100.0, 40.0, 40.0, 0.0, 50.0) < 0.0);
    }
}
