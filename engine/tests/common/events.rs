//! Directives about the last action's events: `emitted`, `quiet`; and how
//! an event reads ([`describe`]).

use hexwar_engine::{Event, Scenario};

use super::fixture::Fixture;
use super::yes;

impl Fixture {
    /// Runs `w` if it is an event directive; whether it was.
    pub(super) fn events(&mut self, w: &[&str]) -> bool {
        let (want, emitted) = match *w {
            ["emitted", ref rest @ ..] => (rest.join(" "), true),
            ["quiet", ref rest @ ..] => (rest.join(" "), false),
            _ => return false,
        };
        let got: Vec<String> = self
            .events
            .iter()
            .map(|e| describe(&self.scen, e))
            .collect();
        let found = got.iter().any(|e| e.starts_with(&want));
        if emitted {
            assert!(found, "{}: no such event among {got:#?}", self.at);
        } else {
            assert!(!found, "{}: unexpected event among {got:#?}", self.at);
        }
        true
    }
}

/// How `emitted` and `quiet` read an event: `SupplyChanged UNIT STATE U<n>`,
/// `SupplySpent UNIT POINTS left N`, `IsolationChanged UNIT combat|supply
/// yes|no`; any other as its `Debug` form.
pub(super) fn describe(scen: &Scenario, e: &Event) -> String {
    let id = |u| &scen.unit(u).id;
    match e {
        Event::SupplyChanged {
            unit,
            state,
            u_level,
        } => format!(
            "SupplyChanged {} {} U{u_level}",
            id(*unit),
            state.graded_name()
        ),
        Event::SupplySpent { unit, points, left } => {
            format!("SupplySpent {} {points} left {left}", id(*unit))
        }
        Event::IsolationChanged {
            unit,
            marker,
            isolated,
        } => format!(
            "IsolationChanged {} {} {}",
            id(*unit),
            marker.name(),
            yes(*isolated)
        ),
        e => format!("{e:?}"),
    }
}
