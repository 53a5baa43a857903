//! `hexwar inspect SCENARIO --supply`: each unit's supply state as judged in
//! the last Supply Phase (MAL-SUP-1), and whether and how it can trace
//! supply now (MAL-SUP-2..5, [`hexwar_engine::supply::trace`]).

use std::fmt;

use hexwar_engine::scenario::SupplyModel;
use hexwar_engine::supply::{self, SupplyTrace};
use hexwar_engine::{GameState, Scenario, Side, UnitId};
use serde::{Serialize, Serializer};

/// One unit's supply, judged and traced.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SupplyLine {
    /// Unit id.
    pub unit: String,
    /// Unit type name.
    pub unit_type: String,
    /// Side id.
    pub side: String,
    /// Where it stands (label).
    pub hex: String,
    /// Its state as judged in the last Supply Phase (`supplied`,
    /// `unsupplied`; `limited`, `special` in the graded model).
    pub judged: String,
    /// GS-2 U-level, in the graded model only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub u_level: Option<u8>,
    /// Whether it can trace supply in the current position.
    pub can_trace: bool,
    /// The traced path from its hex to a source (labels), when it can.
    pub path: Vec<String>,
    /// Index into `path` of the hex where the road/rail leg starts.
    pub road_from: Option<usize>,
    /// Why it cannot trace supply, when it cannot (graded: also why it is
    /// only limited or special).
    pub reason: Option<String>,
    /// Graded model: its state if judged now.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub now: Option<String>,
    /// Graded model: the HQ it traces to.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hq: Option<String>,
    /// Graded model (GS-7): no line of communication reaches it now.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub isolated: Option<bool>,
    /// Graded model (GS-7): its combat and supply isolation markers.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub markers: Option<[bool; 2]>,
}

/// Every unit's supply in one position. Printed as a table; as JSON, the
/// list of [`SupplyLine`]s (empty when the scenario has no supply rules).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SupplyReport {
    /// Scenario name.
    pub scenario: String,
    /// The scenario's supply model.
    pub model: SupplyModel,
    /// Game turn.
    pub turn: u8,
    /// Whose phase it is, for people (`Blue movement phase`).
    pub phase: String,
    /// The side asked for (id), or `None` for both.
    pub side: Option<String>,
    /// One line per unit on the map, side by side in scenario order.
    pub units: Vec<SupplyLine>,
}

impl Serialize for SupplyReport {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.units.serialize(s)
    }
}

/// The name a scenario file gives the model.
pub fn model_name(model: SupplyModel) -> &'static str {
    match model {
        SupplyModel::None => "none",
        SupplyModel::Binary => "binary",
        SupplyModel::Graded => "graded",
    }
}

impl SupplyReport {
    /// What a JSON reader should be told that the list cannot say: the
    /// scenario has no supply rules at all.
    pub fn note(&self) -> Option<String> {
        (self.model == SupplyModel::None).then(|| {
            format!(
                "scenario {} has no supply rules (supply model \"none\"): every unit is always in supply",
                self.scenario
            )
        })
    }
}

/// The supply of every unit of `side` (or of both) on the map in `state`:
/// the judged state (MAL-SUP-1) and a trace in the current position
/// (MAL-SUP-2..5). No lines when the scenario's supply model is `none`.
pub fn supply(scen: &Scenario, state: &GameState, side: Option<Side>) -> SupplyReport {
    let model = scen.supply_rules().model;
    let sides: &[Side] = match &side {
        Some(s) => std::slice::from_ref(s),
        None => &Side::BOTH,
    };
    let units = if model == SupplyModel::None {
        Vec::new()
    } else {
        sides
            .iter()
            .flat_map(|&s| state.units_of(scen, s))
            .map(|u| line(scen, state, u, supply::trace(scen, state, u)))
            .collect()
    };
    let active = state.active_side();
    SupplyReport {
        scenario: scen.name().to_string(),
        model,
        turn: state.turn(),
        phase: format!(
            "{} {} phase",
            scen.side(active).name,
            state.phase(scen).name()
        ),
        side: side.map(|s| scen.side(s).id.clone()),
        units,
    }
}

/// One unit's line from its state and trace.
fn line(scen: &Scenario, state: &GameState, u: UnitId, t: SupplyTrace) -> SupplyLine {
    let grid = scen.grid();
    let setup = scen.unit(u);
    let us = state.unit(u);
    let graded = scen.supply_rules().model == SupplyModel::Graded;
    SupplyLine {
        unit: setup.id.clone(),
        unit_type: scen.unit_type(u).name.clone(),
        side: scen.side(setup.side).id.clone(),
        hex: grid.label(us.hex),
        judged: us.supply.name().to_string(),
        u_level: graded.then_some(us.u_level),
        can_trace: t.supplied,
        path: t.path.iter().map(|&h| grid.label(h)).collect(),
        road_from: (t.supplied && t.road_from < t.path.len()).then_some(t.road_from),
        reason: if t.supplied && !graded {
            None
        } else {
            t.reason.clone()
        },
        now: graded.then(|| t.state.name().to_string()),
        hq: if graded {
            t.hq.map(|h| scen.unit(h).id.clone())
        } else {
            None
        },
        isolated: graded.then_some(t.isolated),
        markers: graded.then_some([t.combat_isolated, t.supply_isolated]),
    }
}

impl SupplyLine {
    /// The path for people: `|` where the road/rail leg starts.
    fn path_text(&self) -> String {
        let mut out = String::new();
        for (i, h) in self.path.iter().enumerate() {
            if i > 0 {
                out.push(' ');
            }
            if Some(i) == self.road_from {
                out.push_str("| ");
            }
            out.push_str(h);
        }
        out
    }
}

impl fmt::Display for SupplyReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(note) = self.note() {
            return writeln!(f, "{note}");
        }
        let whose = self.side.as_deref().unwrap_or("both sides");
        writeln!(
            f,
            "{}: {} supply, turn {}, {}; {} units on the map ({whose})",
            self.scenario,
            model_name(self.model),
            self.turn,
            self.phase,
            self.units.len()
        )?;
        if self.units.is_empty() {
            return Ok(());
        }
        writeln!(
            f,
            "judged: in the last Supply Phase (MAL-SUP-1); now: can trace supply in this position"
        )?;
        let graded = self.model == SupplyModel::Graded;
        let width = |name: &str, get: fn(&SupplyLine) -> &str| {
            self.units
                .iter()
                .map(|l| get(l).len())
                .max()
                .unwrap_or(0)
                .max(name.len())
        };
        let wu = width("unit", |l| &l.unit);
        let ws = width("side", |l| &l.side);
        let wh = width("hex", |l| &l.hex);
        let wj = width("judged", |l| &l.judged);
        let u_head = if graded { "  U" } else { "" };
        writeln!(
            f,
            "  {:wu$}  {:ws$}  {:wh$}  {:wj$}{u_head}  now  path (| road/rail leg) or why not",
            "unit", "side", "hex", "judged"
        )?;
        for l in &self.units {
            let u = l.u_level.map(|u| format!("  {u}")).unwrap_or_default();
            let now = if l.can_trace { "yes" } else { "no" };
            let mut rest = match &l.reason {
                Some(r) if !l.can_trace => r.clone(),
                _ => l.path_text(),
            };
            if let Some(hq) = &l.hq {
                rest.push_str(&format!("  [HQ {hq}]"));
            }
            if let Some(now) = l.now.as_deref().filter(|n| *n != l.judged) {
                rest.push_str(&format!("  [now {now}]"));
            }
            if l.isolated == Some(true) {
                rest.push_str("  [isolated]");
            }
            if let Some([c, s]) = l.markers {
                if c || s {
                    rest.push_str(&format!(
                        "  [markers:{}{}]",
                        if c { " combat" } else { "" },
                        if s { " supply" } else { "" }
                    ));
                }
            }
            writeln!(
                f,
                "  {:wu$}  {:ws$}  {:wh$}  {:wj$}{u}  {now:3}  {rest}",
                l.unit, l.side, l.hex, l.judged
            )?;
        }
        Ok(())
    }
}
