//! Wilson score intervals for rates (wins, draws), and z for 95%.

/// z for a two-sided 95% interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// The Wilson score interval for `k` successes in `n` trials at normal
/// quantile `z` (Wilson, 1927): `(low, high)`, within 0 and 1. `(0, 1)` for
/// no trials.
pub fn wilson(k: u64, n: u64, z: f64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let (n, p) = (n as f64, k as f64 / n as f64);
    let z2 = z * z;
    let centre = p + z2 / (2.0 * n);
    let half = z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    let d = 1.0 + z2 / n;
    (
        ((centre - half) / d).max(0.0),
        ((centre + half) / d).min(1.0),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Worked by hand: k = 8, n = 10, z = 1.96.
    /// p = 0.8; z^2 = 3.8416; centre = 0.8 + 3.8416/20 = 0.99208;
    /// half = 1.96 * sqrt(0.016 + 3.8416/400) = 1.96 * sqrt(0.025604)
    ///      = 1.96 * 0.160013 = 0.313625; d = 1.38416.
    /// low = 0.678455/1.38416 = 0.490157, high = 1.305705/1.38416 = 0.943319.
    #[test]
    fn wilson_matches_a_hand_computation() {
        let (lo, hi) = wilson(8, 10, 1.96);
        assert!((lo - 0.490157).abs() < 1e-5, "{lo}");
        assert!((hi - 0.943319).abs() < 1e-5, "{hi}");
    }

    #[test]
    fn wilson_stays_in_range_at_the_edges() {
        let (lo, hi) = wilson(0, 20, Z95);
        assert_eq!(lo, 0.0);
        assert!(hi > 0.1 && hi < 0.2, "{hi}");
        let (lo, hi) = wilson(20, 20, Z95);
        assert_eq!(hi, 1.0);
        assert!(lo > 0.8 && lo < 0.9, "{lo}");
        assert_eq!(wilson(0, 0, Z95), (0.0, 1.0));
    }
}
