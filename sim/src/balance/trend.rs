//! The trend across levels of play: does an imbalance hold as play gets
//! stronger (the scenario's) or fade (the players')?
//!
//! The trend compares the first level that is not random (random play
//! measures nothing about balance) with the last, strongest level given.
//! With `s` the side of 50% the weaker level's score is on, the change is
//! `s x (last - first)` with Welch's 95% interval over the per-game
//! scores: **fades** when the interval is wholly below 0 (the score moves
//! toward 50%), **grows** when wholly above, **holds** otherwise; and
//! **reverses** when the strongest level leans or is one-sided toward the
//! other side. The reading then puts it in words with the strongest
//! level's verdict, which is what the scenario is when played well.

use serde::Serialize;

use super::level::{LevelResult, is_random};
use super::{BALANCED, Verdict, score_text};
use crate::stats::welch;

/// Which way the imbalance moves as play gets stronger.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Direction {
    /// The score moves toward 50%, beyond doubt.
    Fades,
    /// No change beyond doubt.
    Holds,
    /// The score moves away from 50%, beyond doubt.
    Grows,
    /// The strongest level favours the other side.
    Reverses,
}

/// The trend from the first non-random level to the last.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Trend {
    /// The weaker level compared.
    pub from: String,
    /// The strongest level.
    pub to: String,
    /// The first side's score at `to` minus at `from`.
    pub change: f64,
    /// Welch's 95% interval of the change, low end.
    pub low: f64,
    /// Its high end.
    pub high: f64,
    /// Which way the imbalance moves.
    pub direction: Direction,
    /// What it means, in words.
    pub reading: String,
}

/// The trend of `levels` (weakest first); `None` with fewer than two
/// levels that are not random.
pub fn trend(levels: &[LevelResult], sides: &[String; 2]) -> Option<Trend> {
    let played: Vec<&LevelResult> = levels.iter().filter(|l| !is_random(&l.player)).collect();
    let (first, last) = match played.as_slice() {
        [first, .., last] => (*first, *last),
        _ => return None,
    };
    let (change, low, high) = welch(&last.score_moments(), &first.score_moments()).unwrap_or((
        last.score.score - first.score.score,
        -1.0,
        1.0,
    ));
    let s = if first.score.score >= 0.5 { 1.0 } else { -1.0 };
    let (lo, hi) = if s > 0.0 { (low, high) } else { (-high, -low) };
    let first_side = if s > 0.0 { 0 } else { 1 };
    let reversed = matches!(last.verdict, Verdict::Leaning | Verdict::OneSided)
        && last.favours.as_deref() != Some(sides[first_side].as_str());
    let direction = if reversed && first.score.score != 0.5 {
        Direction::Reverses
    } else if hi < 0.0 {
        Direction::Fades
    } else if lo > 0.0 {
        Direction::Grows
    } else {
        Direction::Holds
    };
    let reading = reading(first, last, direction);
    Some(Trend {
        from: first.player.clone(),
        to: last.player.clone(),
        change,
        low,
        high,
        direction,
        reading,
    })
}

/// The trend in words, led by the strongest level's verdict.
fn reading(first: &LevelResult, last: &LevelResult, d: Direction) -> String {
    let (a, b) = (&first.player, &last.player);
    let at_b = score_text(&last.score);
    let first_off = first.verdict != Verdict::Balanced;
    match last.verdict {
        Verdict::Balanced if first_off => format!(
            "balanced when played well ({at_b} at {b}): the imbalance at {a} ({}) comes from \
             the players, and fades as play gets stronger",
            score_text(&first.score)
        ),
        Verdict::Balanced => format!("balanced at {a} and at {b} ({at_b} at {b})"),
        Verdict::Undecided => format!(
            "the games at {b} cannot tell ({at_b}: the interval holds 50% but reaches past \
             {:.0}-{:.0}%): play more games at {b}",
            100.0 * BALANCED.0,
            100.0 * BALANCED.1
        ),
        Verdict::Leaning | Verdict::OneSided => {
            let who = last.favours.as_deref().unwrap_or("one side");
            let how = last.verdict.word();
            match d {
                Direction::Fades => format!(
                    "the imbalance fades as play gets stronger but holds: {how} toward {who} \
                     at {b} ({at_b}, from {} at {a}): partly the players', partly the \
                     scenario's",
                    score_text(&first.score)
                ),
                Direction::Reverses => format!(
                    "the imbalance changes side as play gets stronger: {how} toward {who} at \
                     {b} ({at_b}); the scenario favours {who} when played well"
                ),
                Direction::Holds | Direction::Grows => format!(
                    "the imbalance {} as play gets stronger: {how} toward {who} at {b} \
                     ({at_b}): it is the scenario's, not the players'",
                    if d == Direction::Grows {
                        "grows"
                    } else {
                        "holds"
                    }
                ),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::level::LevelTiming;
    use super::*;
    use crate::stats::MeanInterval;
    use crate::stats::score::interval;

    fn level(player: &str, n: u64, wins: u64, draws: u64, sides: &[String; 2]) -> LevelResult {
        let halves = draws as f64;
        let score = interval(
            n as f64,
            wins as f64 + halves / 2.0,
            wins as f64 + halves / 4.0,
            crate::stats::Z95,
        );
        let (verdict, favours) = Verdict::of(&score);
        LevelResult {
            player: player.into(),
            games: n,
            wins: [wins, n - wins - draws],
            draws,
            aborted: 0,
            score,
            margin: MeanInterval {
                n,
                mean: 0.0,
                sd: 0.0,
                low: None,
                high: None,
            },
            margins: Default::default(),
            verdict,
            favours: favours.map(|k| sides[k].clone()),
            note: None,
            dir: "x".into(),
            timing: LevelTiming {
                played: n,
                secs: 1.0,
                threads: 1,
                core_secs_per_game: None,
            },
        }
    }

    #[test]
    fn an_imbalance_that_holds_is_the_scenario_s() {
        let sides = ["Japan".to_string(), "Commonwealth".to_string()];
        let levels = [
            level("random", 400, 0, 8, &sides),
            level("novice", 400, 300, 0, &sides),
            level("normal", 400, 320, 0, &sides),
        ];
        let t = trend(&levels, &sides).unwrap();
        assert_eq!((t.from.as_str(), t.to.as_str()), ("novice", "normal"));
        assert_eq!(t.direction, Direction::Holds, "{t:?}");
        assert!(
            t.reading.contains("scenario's, not the players'"),
            "{}",
            t.reading
        );
        assert!(
            t.reading.contains("one-sided toward Japan"),
            "{}",
            t.reading
        );
    }

    #[test]
    fn an_imbalance_that_fades_to_balanced_is_the_players() {
        let sides = ["A".to_string(), "B".to_string()];
        let levels = [
            level("novice", 400, 320, 0, &sides),
            level("normal", 400, 260, 0, &sides),
            level("hard", 2000, 1000, 0, &sides),
        ];
        let t = trend(&levels, &sides).unwrap();
        assert_eq!(t.direction, Direction::Fades, "{t:?}");
        assert!(t.change < 0.0 && t.high < 0.0);
        assert!(
            t.reading.starts_with("balanced when played well"),
            "{}",
            t.reading
        );
        // Toward the other side: reverses.
        let levels = [
            level("novice", 400, 320, 0, &sides),
            level("hard", 400, 100, 0, &sides),
        ];
        let t = trend(&levels, &sides).unwrap();
        assert_eq!(t.direction, Direction::Reverses, "{t:?}");
        assert!(t.reading.contains("favours B"), "{}", t.reading);
        // Too few games at the top: undecided.
        let levels = [
            level("novice", 400, 320, 0, &sides),
            level("hard", 10, 5, 0, &sides),
        ];
        let t = trend(&levels, &sides).unwrap();
        assert!(
            t.reading.contains("play more games at hard"),
            "{}",
            t.reading
        );
        // One level that plays: no trend.
        assert!(trend(&levels[..1], &sides).is_none());
    }
}
