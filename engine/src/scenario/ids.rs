//! The vocabulary the scenario and the game state share: a unit's dense
//! index, and the supply states a unit can be judged in.

use std::sync::atomic::{AtomicU64, Ordering};

use serde::{Deserialize, Serialize};

/// A scenario's identity, for caches that hold tables built from it. Never
/// reused: each scenario built gets a new one from a process-wide counter,
/// and so does each clone (a clone is another scenario to a cache, which is
/// conservative and cheap). Unlike an address, an identity cannot come back
/// after its scenario is dropped.
#[derive(Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ScenarioId(u64);

impl ScenarioId {
    /// The next identity: never one given before in this process.
    pub(crate) fn fresh() -> ScenarioId {
        static NEXT: AtomicU64 = AtomicU64::new(1);
        ScenarioId(NEXT.fetch_add(1, Ordering::Relaxed))
    }

    /// As a number (0 is never given, so it may stand for "none").
    pub fn get(&self) -> u64 {
        self.0
    }
}

impl Clone for ScenarioId {
    fn clone(&self) -> ScenarioId {
        ScenarioId::fresh()
    }
}

/// A unit: a dense index into the scenario's unit list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct UnitId(pub u16);

impl UnitId {
    /// Index for per-unit `Vec`s.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A unit's supply state, as last judged (MAL-SUP-1, GS-1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[repr(u8)]
pub enum SupplyState {
    /// Supplied (binary model) or in full supply (graded).
    #[default]
    Full,
    /// Limited supply (graded): general supply, but not full.
    Limited,
    /// Out of supply / unsupplied.
    Out,
    /// Special supply (graded): drawn from a non-national source.
    Special,
}

impl SupplyState {
    /// Lower-case name.
    pub fn name(self) -> &'static str {
        match self {
            SupplyState::Full => "supplied",
            SupplyState::Limited => "limited",
            SupplyState::Out => "unsupplied",
            SupplyState::Special => "special",
        }
    }

    /// The graded model's name (GS-1): full, limited, out, special.
    pub fn graded_name(self) -> &'static str {
        match self {
            SupplyState::Full => "full",
            SupplyState::Limited => "limited",
            SupplyState::Out => "out",
            SupplyState::Special => "special",
        }
    }

    /// GS-1: full or limited supply.
    pub fn is_general(self) -> bool {
        matches!(self, SupplyState::Full | SupplyState::Limited)
    }
}

#[cfg(test)]
mod tests {
    use super::ScenarioId;

    #[test]
    fn identities_are_never_reused_even_by_clones() {
        let a = ScenarioId::fresh();
        let b = a.clone();
        let c = ScenarioId::fresh();
        assert_ne!(a, b);
        assert_ne!(a, c);
        assert_ne!(b, c);
        assert_ne!(a.get(), 0);
    }
}
