//! GS-10: strategic resource points (SRPs) as scenario data: what each side
//! holds at the start and gains each player-turn, and what each kind of
//! work ([`Work`]) costs. A scenario without an `[srp]` table has none, and
//! no work can be done in it.

use serde::{Deserialize, Serialize};

/// A kind of work a unit does with SRPs in its hex (GS-10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Work {
    /// Build a fort: it defends and exerts ZOC as a scenario fort does.
    Fort,
    /// Build an airbase: its controller gets air points each game turn.
    Airbase,
    /// Repair the rail line in the hex, broken before.
    Repair,
    /// Break (demolish) the rail line in the hex.
    Demolish,
}

impl Work {
    /// Every kind, in the order of [`SrpRules::cost`].
    pub const ALL: [Work; 4] = [Work::Fort, Work::Airbase, Work::Repair, Work::Demolish];

    /// Name used in files and on the page.
    pub fn name(self) -> &'static str {
        match self {
            Work::Fort => "fort",
            Work::Airbase => "airbase",
            Work::Repair => "repair",
            Work::Demolish => "demolish",
        }
    }

    /// Index into [`SrpRules::cost`].
    pub fn index(self) -> usize {
        self as usize
    }
}

/// GS-10: the scenario's SRP rules (`[srp]`).
#[derive(Clone, Debug, PartialEq)]
pub struct SrpRules {
    /// SRPs each side holds at the start, in side order.
    pub initial: [u16; 2],
    /// SRPs each side gains at the start of each of its player-turns.
    pub income: [u16; 2],
    /// Most SRPs a side may hold; income past it is lost.
    pub max: u16,
    /// Works a side may do in one player-turn.
    pub per_turn: u8,
    /// Cost of each work in [`Work::ALL`] order; `None`: not allowed.
    pub cost: [Option<u16>; 4],
    /// Which sides may do each work (bit `side`).
    pub sides: [u8; 4],
    /// Air points each built airbase gives its controller per game turn.
    pub airbase_air: u8,
}

impl Default for SrpRules {
    fn default() -> Self {
        SrpRules {
            initial: [0, 0],
            income: [0, 0],
            max: 99,
            per_turn: 1,
            cost: [None; 4],
            sides: [3; 4],
            airbase_air: 1,
        }
    }
}

impl SrpRules {
    /// What `work` costs, `None` if the scenario does not allow it.
    pub fn cost(&self, work: Work) -> Option<u16> {
        self.cost[work.index()]
    }
}
