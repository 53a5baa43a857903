//! Directives about the game as a whole: `phase`, `weather`, `vp`,
//! `result`, `over`.

use super::fixture::Fixture;

impl Fixture {
    /// Runs `w` if it is a game directive; whether it was.
    pub(super) fn game(&mut self, w: &[&str]) -> bool {
        match *w {
            ["phase", side, phase, turn] => {
                let got = format!(
                    "{} {} {}",
                    self.scen.side(self.state.active_side()).id,
                    self.state.phase(&self.scen).name(),
                    self.state.turn()
                );
                assert_eq!(got, format!("{side} {phase} {turn}"), "{}: phase", self.at);
            }
            ["weather", want] => {
                let got = self.state.weather(&self.scen).map(|w| w.name.as_str());
                assert_eq!(got, Some(want), "{}: weather", self.at);
            }
            ["vp", v0, v1] => {
                let vp = self.state.victory_points(&self.scen);
                assert_eq!(
                    format!("{} {}", vp[0], vp[1]),
                    format!("{v0} {v1}"),
                    "{}: victory points",
                    self.at
                );
            }
            ["result", winner, level, v0, v1] => self.result(winner, level, v0, v1),
            ["over", want] => assert_eq!(
                self.state.is_over().to_string(),
                want,
                "{}: game over?",
                self.at
            ),
            _ => return false,
        }
        true
    }

    /// `result SIDE|none LEVEL N N`.
    fn result(&self, winner: &str, level: &str, v0: &str, v1: &str) {
        let r = self
            .state
            .result()
            .unwrap_or_else(|| panic!("{}: the game is not over", self.at));
        assert_eq!(
            format!(
                "{} {} {} {}",
                self.side_id(r.winner),
                r.level.name(),
                r.vp[0],
                r.vp[1]
            ),
            format!("{winner} {level} {v0} {v1}"),
            "{}: result",
            self.at
        );
    }
}
