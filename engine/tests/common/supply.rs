//! Supply directives. Binary: `supply`, `trace`, `why`. Graded: `graded`,
//! `now`, `hq`, `reason`, `isolated`, `loc`, `loccost`, `sp`.

use hexwar_engine::state::UnitFlags;
use hexwar_engine::supply;

use super::fixture::Fixture;
use super::{cost, yes};

impl Fixture {
    /// Runs `w` if it is a supply directive; whether it was.
    pub(super) fn supply(&mut self, w: &[&str]) -> bool {
        match *w {
            ["supply", u, want] => assert_eq!(
                self.state.unit(self.unit(u)).supply.name(),
                want,
                "{}: judged supply state",
                self.at
            ),
            ["trace", u, "=", ref rest @ ..] => self.trace(u, rest),
            ["why", u, ref rest @ ..] => self.why(u, rest),
            ["graded", u, st, level] => {
                let us = self.state.unit(self.unit(u));
                assert_eq!(
                    format!("{} U{}", us.supply.graded_name(), us.u_level),
                    format!("{st} {level}"),
                    "{}: judged status and U-level",
                    self.at
                );
            }
            ["now", u, st] => self.now(u, st),
            ["hq", u, "=", want] => self.hq(u, want),
            ["reason", u, ref rest @ ..] => {
                let t = supply::trace(&self.scen, &self.state, self.unit(u));
                let got = t.reason.unwrap_or_default();
                assert!(
                    got.contains(&rest.join(" ")),
                    "{}: reason is \"{got}\"",
                    self.at
                );
            }
            ["isolated", u, marker, want] => self.isolated(u, marker, want),
            ["loc", u, "none"] => self.no_loc(u),
            ["loc", u, "=", ref rest @ ..] => self.loc(u, rest),
            ["loccost", u, mp] => {
                let t = supply::trace(&self.scen, &self.state, self.unit(u));
                assert_eq!(t.loc_cost, Some(cost(mp)), "{}: LOC cost", self.at);
            }
            ["sp", side, n] => assert_eq!(
                self.state.supply_points(self.side(side)).to_string(),
                n,
                "{}: supply points",
                self.at
            ),
            _ => return false,
        }
        true
    }

    /// `trace UNIT = HEX ...`.
    fn trace(&self, u: &str, rest: &[&str]) {
        let t = supply::trace(&self.scen, &self.state, self.unit(u));
        let got = self.labels(&t.path);
        assert!(t.supplied, "{}: not supplied: {:?}", self.at, t.reason);
        assert_eq!(got, rest, "{}: traced path", self.at);
    }

    /// `why UNIT TEXT`.
    fn why(&self, u: &str, rest: &[&str]) {
        let t = supply::trace(&self.scen, &self.state, self.unit(u));
        assert!(!t.supplied, "{}: supplied by {:?}", self.at, t.path);
        let got = t.reason.unwrap_or_default();
        assert!(
            got.contains(&rest.join(" ")),
            "{}: reason is \"{got}\"",
            self.at
        );
    }

    /// `now UNIT STATE`.
    fn now(&self, u: &str, st: &str) {
        let t = supply::trace(&self.scen, &self.state, self.unit(u));
        assert_eq!(
            t.state.graded_name(),
            st,
            "{}: status now; path {:?}, reason {:?}",
            self.at,
            self.labels(&t.path),
            t.reason
        );
    }

    /// `hq UNIT = HQ|none`.
    fn hq(&self, u: &str, want: &str) {
        let t = supply::trace(&self.scen, &self.state, self.unit(u));
        let got = t.hq.map_or("none".to_string(), |h| self.id(h));
        assert_eq!(
            got, want,
            "{}: HQ traced to; reason {:?}",
            self.at, t.reason
        );
    }

    /// `isolated UNIT combat|supply yes|no`.
    fn isolated(&self, u: &str, marker: &str, want: &str) {
        let flag = match marker {
            "combat" => UnitFlags::COMBAT_ISOLATED,
            "supply" => UnitFlags::SUPPLY_ISOLATED,
            m => panic!("{}: unknown marker {m}", self.at),
        };
        assert_eq!(
            yes(self.state.unit(self.unit(u)).has(flag)),
            want,
            "{}: {marker} isolation marker",
            self.at
        );
    }

    /// `loc UNIT none`.
    fn no_loc(&self, u: &str) {
        let t = supply::trace(&self.scen, &self.state, self.unit(u));
        assert!(
            t.isolated,
            "{}: not isolated: LOC {:?} costs {:?}",
            self.at,
            self.labels(&t.loc),
            t.loc_cost
        );
    }

    /// `loc UNIT = HEX ...`.
    fn loc(&self, u: &str, rest: &[&str]) {
        let t = supply::trace(&self.scen, &self.state, self.unit(u));
        assert!(!t.isolated, "{}: isolated", self.at);
        assert_eq!(
            self.labels(&t.loc),
            rest,
            "{}: line of communication",
            self.at
        );
    }
}
