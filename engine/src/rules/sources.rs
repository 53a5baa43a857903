//! What the binary (MAL-SUP) and graded (GS) supply models share, below
//! both: the side's sources (MAL-SUP-7, GS-1), the blocking rule
//! (MAL-SUP-3), the explanation a trace gives ([`SupplyTrace`]), and the
//! key their per-position caches are kept under (`PositionKey`).

use crate::hex::HexId;
use crate::rules::movement::{SUPPLY_BLOCKED, Scratch};
use crate::scenario::costs::SourceKind;
use crate::scenario::{Mp, PlaceBits, Scenario, Side, SupplyState};
use crate::state::{GameState, ScenarioEvents, UnitFlags, UnitId, UnitState};

/// The position a cached supply result belongs to: the scenario's id and
/// the state's stamp (equal stamps, equal positions). A position being
/// changed has stamp 0 and no key: nothing is cached for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct PositionKey {
    scen: u64,
    stamp: u64,
}

impl PositionKey {
    /// The key of `state` in `scen`, `None` while it is being changed.
    #[inline]
    pub(crate) fn of(scen: &Scenario, state: &GameState) -> Option<PositionKey> {
        let stamp = state.stamp();
        (stamp != 0).then(|| PositionKey {
            scen: scen.id(),
            stamp,
        })
    }

    /// Whether a cache slot holding `slot` holds the position `now`.
    #[inline]
    pub(crate) fn hit(slot: Option<PositionKey>, now: Option<PositionKey>) -> bool {
        now.is_some() && slot == now
    }
}

/// MAL-SUP-3: a hex no leg may pass for `side`: it holds an enemy unit, or it
/// lies in enemy ZOC and no friendly unit stands in it.
#[inline]
pub(crate) fn blocked(_scen: &Scenario, ms: &Scratch, h: HexId, side: Side) -> bool {
    // Prepared per hex: an enemy unit, or enemy ZOC (none in a fort,
    // MP-ZOC-5) and no friendly unit.
    ms.info(h, side) & SUPPLY_BLOCKED != 0
}

/// The side's supply sources now (MAL-SUP-7): its listed sources, plus the
/// ports a port rule gives it, each while `is_source` says so.
pub fn sources(scen: &Scenario, state: &GameState, side: Side, mut f: impl FnMut(HexId)) {
    let open = open_ports(scen, state, side);
    for &h in scen.sources(side) {
        if is_source(state, side, h, SourceKind::Listed, open) {
            f(h);
        }
    }
    if !open.is_empty() {
        // One pass over the place bits (a tight loop: most hexes are no port).
        for (i, &p) in scen.places.iter().enumerate() {
            let h = HexId(i as u16);
            if is_source(state, side, h, SourceKind::Port(p), open) {
                f(h);
            }
        }
    }
}

/// MAL-SUP-7: the ports (east, west) that are `side`'s sources now where it
/// controls them: those its port rule names, the west ones only once the
/// rule's event has opened them; none without a port rule for `side`.
#[inline]
pub(crate) fn open_ports(scen: &Scenario, state: &GameState, side: Side) -> PlaceBits {
    let mut open = PlaceBits::empty();
    if let Some(rule) = scen
        .supply_rules()
        .ports
        .as_ref()
        .filter(|r| r.side == side)
    {
        let west = rule.west_after.is_none() || state.event(ScenarioEvents::WEST_PORTS_OPEN);
        open.set(PlaceBits::EAST_PORT, rule.east);
        open.set(PlaceBits::WEST_PORT, west);
    }
    open
}

/// MAL-SUP-7: whether `h`, which may be `side`'s source as `kind`, is one
/// now: a listed source while the enemy does not control it; a port of an
/// open coast (`open`, from [`open_ports`]) while `side` controls it.
#[inline]
pub(crate) fn is_source(
    state: &GameState,
    side: Side,
    h: HexId,
    kind: SourceKind,
    open: PlaceBits,
) -> bool {
    match kind {
        SourceKind::Listed => state.control(h) != Some(side.other()),
        SourceKind::Port(bits) => bits.intersects(open) && state.control(h) == Some(side),
    }
}

/// GS-1: the side's special supply sources now, each only while the enemy
/// does not control it.
pub fn special_sources(scen: &Scenario, state: &GameState, side: Side, mut f: impl FnMut(HexId)) {
    if let Some(g) = &scen.supply_rules().graded {
        for &h in &g.special_sources[side.index()] {
            if state.control(h) != Some(side.other()) {
                f(h);
            }
        }
    }
}

/// Why a unit is or is not in supply, for people.
///
/// The binary model (MAL-SUP) fills the first five fields; the graded model
/// (GS-1..8) fills them all: `path` runs from the unit overland to its HQ
/// (`road_from` is the HQ's hex), then along the HQ's supply line, road
/// element first (`rail_from` is where the rail element begins), to a
/// source; for special supply it ends at the special source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SupplyTrace {
    /// The unit.
    pub unit: UnitId,
    /// Supplied now (by the current position, not the last judgement);
    /// graded: in full, limited or special supply.
    pub supplied: bool,
    /// The traced path from the unit's hex to a source, when supplied.
    pub path: Vec<HexId>,
    /// Where the overland leg meets the road/rail leg (an index into
    /// `path`); graded: the HQ's hex.
    pub road_from: usize,
    /// Why not, when not supplied; graded: also why limited or special
    /// rather than full.
    pub reason: Option<String>,
    /// Status by the current position: binary `Full` or `Out`; graded GS-1.
    pub state: SupplyState,
    /// GS-2: the U-level as last judged.
    pub u_level: u8,
    /// GS-3: the HQ traced to (itself for an HQ in general supply).
    pub hq: Option<UnitId>,
    /// GS-6: where the HQ's road element meets its rail element (an index
    /// into `path`).
    pub rail_from: usize,
    /// GS-8: no line of communication reaches it now.
    pub isolated: bool,
    /// GS-8: its line of communication now, from its hex to the nearest hex
    /// in general supply (empty when isolated).
    pub loc: Vec<HexId>,
    /// GS-8: what that line costs.
    pub loc_cost: Option<Mp>,
    /// GS-7: isolated when the last Combat Phase began.
    pub combat_isolated: bool,
    /// GS-7: isolated at its side's last supply judgement.
    pub supply_isolated: bool,
}

impl SupplyTrace {
    /// A trace that has found nothing yet: out of supply, no path, with the
    /// unit's U-level and isolation markers.
    pub(crate) fn unsupplied(unit: UnitId, us: &UnitState) -> SupplyTrace {
        SupplyTrace {
            unit,
            supplied: false,
            path: Vec::new(),
            road_from: 0,
            reason: None,
            state: SupplyState::Out,
            u_level: us.u_level,
            hq: None,
            rail_from: 0,
            isolated: false,
            loc: Vec::new(),
            loc_cost: None,
            combat_isolated: us.has(UnitFlags::COMBAT_ISOLATED),
            supply_isolated: us.has(UnitFlags::SUPPLY_ISOLATED),
        }
    }
}
