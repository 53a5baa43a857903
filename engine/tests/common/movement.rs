//! Movement and ZOC directives: `reach`, `path`, `zoc`, `control`, `at`,
//! `ma`, `strength`, `steps`.

use std::collections::BTreeMap;

use hexwar_engine::{reachable, zoc};

use super::cost;
use super::fixture::Fixture;

impl Fixture {
    /// Runs `w` if it is a movement directive; whether it was.
    pub(super) fn movement(&mut self, w: &[&str]) -> bool {
        match *w {
            ["reach", u, mode, ref rest @ ..] => self.reach(u, mode, rest),
            ["path", u, to, "=", ref rest @ ..] => self.path(u, to, rest),
            ["zoc", side, "=", ref rest @ ..] => self.zoc(side, rest),
            ["control", h, who] => {
                let got = self.side_id(self.state.control(self.hex(h)));
                assert_eq!(got, who, "{}: control", self.at);
            }
            ["at", u, h] => {
                let got = self.state.unit(self.unit(u)).hex;
                let got = if got.is_some() {
                    self.label(got)
                } else {
                    "off".into()
                };
                assert_eq!(got, h, "{}: position", self.at);
            }
            ["ma", u, mp] => assert_eq!(
                self.state.movement_allowance(&self.scen, self.unit(u)),
                cost(mp),
                "{}: movement allowance",
                self.at
            ),
            ["strength", u, att, def] => self.strength(u, att, def),
            ["steps", u, n] => assert_eq!(
                self.state.unit(self.unit(u)).steps.to_string(),
                n,
                "{}: steps",
                self.at
            ),
            _ => return false,
        }
        true
    }

    /// `reach UNIT =|has HEX:COST[*] ...`, `reach UNIT lacks HEX ...`.
    fn reach(&self, u: &str, mode: &str, rest: &[&str]) {
        let at = &self.at;
        let r = reachable(&self.scen, &self.state, self.unit(u));
        let got: BTreeMap<String, String> = r
            .destinations
            .iter()
            .map(|d| (self.label(d.hex), format!("{}{}", d.cost, star(d.stops))))
            .collect();
        match mode {
            "=" => assert_eq!(
                got,
                self.wanted_costs(rest),
                "{at}: destinations (hex -> cost) differ"
            ),
            "has" => {
                for (h, c) in &self.wanted_costs(rest) {
                    assert_eq!(got.get(h), Some(c), "{at}: {h}; all destinations: {got:?}");
                }
            }
            "lacks" => {
                for h in rest {
                    assert!(
                        !got.contains_key(*h),
                        "{at}: {h} should not be reachable (cost {:?})",
                        got.get(*h)
                    );
                }
            }
            m => panic!("{at}: unknown reach mode {m}"),
        }
    }

    /// `HEX:COST[*] ...` as hex -> cost written as [`Mp`](hexwar_engine::Mp)
    /// displays, `*` kept.
    fn wanted_costs(&self, rest: &[&str]) -> BTreeMap<String, String> {
        rest.iter()
            .map(|e| {
                let (h, c) = e
                    .split_once(':')
                    .unwrap_or_else(|| panic!("{}: write HEX:COST", self.at));
                let stops = c.ends_with('*');
                let c = cost(c.trim_end_matches('*'));
                (h.to_string(), format!("{c}{}", star(stops)))
            })
            .collect()
    }

    /// `path UNIT HEX = HEX ...`.
    fn path(&self, u: &str, to: &str, rest: &[&str]) {
        let r = reachable(&self.scen, &self.state, self.unit(u));
        let d = r
            .destinations
            .iter()
            .find(|d| d.hex == self.hex(to))
            .unwrap_or_else(|| panic!("{}: {to} not reachable", self.at));
        assert_eq!(self.labels(&d.path), rest, "{}: path", self.at);
    }

    /// `zoc SIDE = HEX ...`, in any order.
    fn zoc(&self, side: &str, rest: &[&str]) {
        let s = self.side(side);
        let got = self.labels(&zoc::zoc_hexes(&self.scen, &self.state, s));
        let mut want: Vec<String> = rest.iter().map(|s| s.to_string()).collect();
        want.sort_by_key(|l| self.hex(l));
        assert_eq!(got, want, "{}: ZOC", self.at);
    }

    /// `strength UNIT ATT DEF`.
    fn strength(&self, u: &str, att: &str, def: &str) {
        let (a, d) = (
            self.state.attack_strength(&self.scen, self.unit(u)),
            self.state.defense_strength(&self.scen, self.unit(u)),
        );
        assert_eq!(
            format!("{a} {d}"),
            format!("{att} {def}"),
            "{}: attack and defense",
            self.at
        );
    }
}

/// `*` after a cost where the unit stops (enemy ZOC).
fn star(stops: bool) -> &'static str {
    if stops { "*" } else { "" }
}
