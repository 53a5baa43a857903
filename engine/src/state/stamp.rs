//! The two fields of a [`super::GameState`] that equality and hashing treat
//! specially: the position's [`Stamp`], which they ignore, and the Rail
//! Phase's [`RailLog`], kept inline.

use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicU64, Ordering};

use arrayvec::ArrayVec;

use crate::hex::HexId;
use crate::scenario::UnitId;

/// A number no other position has: clones share it until one of them
/// changes, so search buffers prepared for a stamp need no check. 0 while
/// a change is being made (searches inside it then check everything).
///
/// Not part of the position: every two stamps compare equal and a stamp
/// hashes to nothing, so `GameState` derives its equality and hash.
#[derive(Clone, Copy, Debug, Default)]
pub struct Stamp(u64);

/// The next stamp; 0 is never handed out.
static NEXT_STAMP: AtomicU64 = AtomicU64::new(1);

impl Stamp {
    /// "Check everything": the stamp of a position being changed.
    pub(crate) const NONE: Stamp = Stamp(0);

    /// A stamp never handed out before in this process.
    #[inline]
    pub(crate) fn fresh() -> Stamp {
        Stamp(NEXT_STAMP.fetch_add(1, Ordering::Relaxed))
    }

    /// As a number.
    #[inline]
    pub(crate) fn get(self) -> u64 {
        self.0
    }
}

impl PartialEq for Stamp {
    fn eq(&self, _: &Stamp) -> bool {
        true
    }
}

impl Eq for Stamp {}

impl Hash for Stamp {
    fn hash<H: Hasher>(&self, _: &mut H) {}
}

/// The rail moves of the current Rail Phase, oldest first: (unit, hex it
/// left). MAL-RAIL-2 caps them at the side's capacity, at most
/// [`RailLog::CAPACITY`]; MAL-RAIL-6 takes one back. Inline (an
/// `ArrayVec`), so a `GameState` clone allocates nothing for it; equality
/// and hashing see the moves made, nothing else.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct RailLog(ArrayVec<(UnitId, HexId), { RailLog::CAPACITY }>);

impl RailLog {
    /// The most rail moves a phase can hold (no scenario's capacity is larger).
    pub const CAPACITY: usize = 4;

    /// The moves, oldest first.
    #[inline]
    pub fn moves(&self) -> &[(UnitId, HexId)] {
        &self.0
    }

    /// How many moves.
    #[inline]
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// No move.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// A new Rail Phase: no moves.
    pub(crate) fn restart(&mut self) {
        self.0.clear();
    }

    /// Records a move; false (and nothing recorded) when full.
    pub(crate) fn push(&mut self, unit: UnitId, from: HexId) -> bool {
        self.0.try_push((unit, from)).is_ok()
    }

    /// MAL-RAIL-6: forgets `unit`'s move, the later ones moving up; the hex
    /// it left, or `None` if it has none.
    pub(crate) fn take_back(&mut self, unit: UnitId) -> Option<HexId> {
        let i = self.0.iter().position(|(u, _)| *u == unit)?;
        Some(self.0.remove(i).1)
    }
}

#[cfg(test)]
mod tests {
    use std::hash::{DefaultHasher, Hash, Hasher};

    use super::*;

    fn hash(x: &impl Hash) -> u64 {
        let mut h = DefaultHasher::new();
        x.hash(&mut h);
        h.finish()
    }

    #[test]
    fn stamps_are_fresh_equal_and_hash_to_nothing() {
        let (a, b) = (Stamp::fresh(), Stamp::fresh());
        assert_ne!(a.get(), b.get());
        assert_ne!(a.get(), Stamp::NONE.get());
        assert_eq!(a, b);
        assert_eq!(hash(&(1u8, a)), hash(&(1u8, b)));
        assert_eq!(hash(&(1u8, a)), hash(&1u8));
    }

    /// MAL-RAIL-6: a take-back moves the later moves up, and the log equals
    /// one that never held the move taken back.
    #[test]
    fn the_rail_log_takes_back_and_equal_logs_are_equal() {
        let h = |i| HexId(i);
        let mut log = RailLog::default();
        for i in 0..4 {
            assert!(log.push(UnitId(i), h(i + 10)));
        }
        assert!(!log.push(UnitId(9), h(9)), "four moves at most");
        assert_eq!(log.take_back(UnitId(1)), Some(h(11)));
        assert_eq!(log.take_back(UnitId(1)), None);
        assert_eq!(
            log.moves(),
            [(UnitId(0), h(10)), (UnitId(2), h(12)), (UnitId(3), h(13))]
        );
        let mut fresh = RailLog::default();
        for (u, from) in log.moves() {
            fresh.push(*u, *from);
        }
        assert_eq!(fresh.moves(), log.moves());
        assert_eq!(fresh, log, "a take-back leaves no trace");
        assert_eq!(hash(&fresh), hash(&log));
        log.restart();
        assert!(log.is_empty());
    }
}
