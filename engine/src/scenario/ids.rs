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

/// Whether two ids are the same: compared without regard to case, for every
/// letter (the Unicode lower-case mapping: `Ü-1` is `ü-1`). Allocates
/// nothing.
pub fn same_id(a: &str, b: &str) -> bool {
    a.chars()
        .flat_map(char::to_lowercase)
        .eq(b.chars().flat_map(char::to_lowercase))
}

/// An id as [`same_id`] compares it, for keys of maps.
pub fn folded_id(id: &str) -> String {
    id.to_lowercase()
}

/// Why `id` cannot be a unit's or side's id, if it cannot: it must be
/// usable on the command line and in the play API (lists are
/// comma-separated, paths slash-separated).
pub fn id_problem(id: &str) -> Option<&'static str> {
    if id.trim().is_empty() {
        Some("an id may not be empty or blank")
    } else if id.chars().any(char::is_whitespace) {
        Some("an id may not contain spaces or other whitespace")
    } else if id.contains(',') {
        Some("an id may not contain a comma")
    } else if id.contains('/') || id.contains('\\') {
        Some("an id may not contain a slash")
    } else if id.chars().any(char::is_control) {
        Some("an id may not contain control characters")
    } else {
        None
    }
}

/// Why `id` cannot be a side's id, if it cannot: [`id_problem`], and the
/// words that stand for no side or a side's number where a side is asked
/// for (`none`, `0`, `1`, ...).
pub fn side_id_problem(id: &str) -> Option<&'static str> {
    id_problem(id).or_else(|| {
        if same_id(id, "none") {
            Some("\"none\" is reserved (no side)")
        } else if id.parse::<i64>().is_ok() || id.parse::<f64>().is_ok_and(f64::is_finite) {
            Some("a number is reserved (a side's number)")
        } else {
            None
        }
    })
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
