//! Rail directives that ask: `rail`, `railpath`, `norail` (`railmove` and
//! `undo` are actions).

use std::collections::BTreeMap;

use hexwar_engine::movement::Scratch;
use hexwar_engine::rail;

use super::fixture::Fixture;

impl Fixture {
    /// Runs `w` if it is a rail query; whether it was.
    pub(super) fn rail(&mut self, w: &[&str]) -> bool {
        match *w {
            ["rail", u, mode, ref rest @ ..] => self.rail_destinations(u, mode, rest),
            ["railpath", u, to, "=", ref rest @ ..] => self.rail_path(u, to, rest),
            ["norail", u, ref rest @ ..] => {
                let e =
                    rail::eligibility(&self.scen, &self.state, self.unit(u)).expect_err(&self.at);
                assert!(
                    e.describe().contains(&rest.join(" ")),
                    "{}: reason is \"{}\"",
                    self.at,
                    e.describe()
                );
            }
            _ => return false,
        }
        true
    }

    /// Movement scratch prepared for the current position.
    fn scratch(&self) -> Scratch {
        let mut ms = Scratch::new(&self.scen);
        ms.prepare(&self.scen, &self.state);
        ms
    }

    /// `rail UNIT =|has HEX:N ...`, `rail UNIT lacks HEX ...`.
    fn rail_destinations(&self, u: &str, mode: &str, rest: &[&str]) {
        let at = &self.at;
        let mut got = BTreeMap::new();
        rail::destinations(
            &self.scen,
            &self.state,
            &self.scratch(),
            self.unit(u),
            |h, n| {
                got.insert(self.label(h), n.to_string());
            },
        );
        let want: BTreeMap<String, String> = rest
            .iter()
            .filter_map(|e| {
                e.split_once(':')
                    .map(|(h, n)| (h.to_string(), n.to_string()))
            })
            .collect();
        match mode {
            "=" => assert_eq!(got, want, "{at}: rail destinations (hex -> hexes entered)"),
            "has" => {
                for (h, n) in &want {
                    assert_eq!(got.get(h), Some(n), "{at}: {h}");
                }
            }
            "lacks" => {
                for h in rest {
                    assert!(
                        !got.contains_key(*h),
                        "{at}: {h} should not be reachable by rail"
                    );
                }
            }
            m => panic!("{at}: unknown rail mode {m}"),
        }
    }

    /// `railpath UNIT HEX = HEX ...`.
    fn rail_path(&self, u: &str, to: &str, rest: &[&str]) {
        let p = rail::path(
            &self.scen,
            &self.state,
            &self.scratch(),
            self.unit(u),
            self.hex(to),
        )
        .unwrap_or_else(|| panic!("{}: no rail path", self.at));
        assert_eq!(self.labels(&p), rest, "{}: rail path", self.at);
    }
}
