//! What changes during a game: unit positions, steps, flags, hex control,
//! turn and phase. Cloning a [`GameState`] is two allocations (the unit
//! array and the control array); it keeps no history.

use serde::{Deserialize, Serialize};

use crate::hex::HexId;
use crate::scenario::{Mp, PhaseKind, Scenario, Side};
pub use crate::scenario::{SupplyState, UnitId};

/// Per-unit flags ([`UnitState::flags`]).
pub mod unit_flags {
    /// Moved in this player-turn's Movement Phase (MAL-RAIL-3, MP-MOV-5).
    pub const MOVED: u16 = 1 << 0;
    /// Entered an enemy ZOC: its move is over for this phase (MP-ZOC-6).
    pub const MOVE_ENDED: u16 = 1 << 1;
    /// Jumped between roads: the next road hex is paid at terrain (MP-MOV-6).
    pub const ROAD_PENALTY: u16 = 1 << 2;
    /// Moved by rail this phase (MAL-RAIL-6 may take it back).
    pub const RAILED: u16 = 1 << 3;
    /// Adjacent to an enemy unit when the Rail Phase began (MAL-RAIL-3).
    pub const RAIL_BARRED: u16 = 1 << 4;
    /// GS-7: isolated when the last Combat Phase began (both sides are judged).
    pub const COMBAT_ISOLATED: u16 = 1 << 5;
    /// GS-7: isolated at its side's last supply judgement.
    pub const SUPPLY_ISOLATED: u16 = 1 << 6;
    /// MAL-CBT-1: has attacked in this Combat Phase.
    pub const ATTACKED: u16 = 1 << 7;
    /// MAL-CBT-1: committed to the attack declared and not yet rolled.
    pub const COMMITTED: u16 = 1 << 8;
    /// MAL-CBT-9: took part in the last combat, whose hex is now empty: it
    /// may advance into it.
    pub const MAY_ADVANCE: u16 = 1 << 9;
    /// MAL-CBT-10: landing from the sea at its entry port (off the map,
    /// [`super::UnitState::hex`] is none) and must attack the port's defenders.
    pub const LANDING: u16 = 1 << 10;
    /// MP-CHG-4: charged successfully this player-turn; its strength is x1.5
    /// against [`super::UnitState::charge_target`] in the following combat.
    pub const CHARGED: u16 = 1 << 11;
    /// Flags that outlive a player-turn: the GS-7 markers hold until their
    /// next judgement; a landing force stays at sea until it lands.
    pub const PERSISTENT: u16 = COMBAT_ISOLATED | SUPPLY_ISOLATED | LANDING;
}

/// Scenario events that have happened ([`GameState::event`]).
pub mod events {
    /// MAL-SUP-7: the Penang roll has been made.
    pub const WEST_PORTS_ROLLED: u8 = 1 << 0;
    /// MAL-SUP-7: the Penang shipping was captured intact: west-coast ports are sources.
    pub const WEST_PORTS_OPEN: u8 = 1 << 1;
}

/// The changing part of one unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct UnitState {
    /// Where it stands; [`HexId::NONE`] before it arrives and once eliminated.
    pub hex: HexId,
    /// Movement points spent in the current phase.
    pub mp_spent: Mp,
    /// Steps left; 0 = eliminated.
    pub steps: u8,
    /// Current morale (units with a morale value).
    pub morale: u8,
    /// Combat strength lost to morale below zero (MP-CHG-5).
    pub strength_loss: u8,
    /// [`unit_flags`].
    pub flags: u16,
    /// MP-CHG-4: the unit this one charged this player-turn (meaningful
    /// with [`unit_flags::CHARGED`]).
    pub charge_target: UnitId,
    /// Supply state as last judged.
    pub supply: SupplyState,
    /// GS-2 U-level (0..=8) while out of supply.
    pub u_level: u8,
}

impl UnitState {
    /// On the map now.
    #[inline]
    pub fn on_map(&self) -> bool {
        self.hex.is_some() && self.steps > 0
    }

    /// Eliminated.
    #[inline]
    pub fn eliminated(&self) -> bool {
        self.steps == 0
    }

    /// Tests a flag.
    #[inline]
    pub fn has(&self, flag: u16) -> bool {
        self.flags & flag != 0
    }
}

/// How decisive a result is (D-TURN-3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ResultLevel {
    /// Margin at least the decisive threshold, or the enemy wiped out.
    Decisive,
    /// Margin at least the marginal threshold.
    Marginal,
    /// Anything less.
    Draw,
}

impl ResultLevel {
    /// Lower-case name.
    pub fn name(self) -> &'static str {
        match self {
            ResultLevel::Decisive => "decisive",
            ResultLevel::Marginal => "marginal",
            ResultLevel::Draw => "draw",
        }
    }
}

/// The end of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GameResult {
    /// The winner, `None` for a draw.
    pub winner: Option<Side>,
    /// How decisive.
    pub level: ResultLevel,
    /// Victory points per side.
    pub vp: [i32; 2],
}

/// The changing state of a game. Pair it with the [`Scenario`] it was made from.
///
/// Equality and hashing are over the position; the `stamp` is left out.
#[derive(Debug)]
pub struct GameState {
    pub(crate) units: Vec<UnitState>,
    /// Per hex: 0 uncontrolled, `1 + side` controlled (D-TURN-2), plus
    /// [`HEX_ATTACKED`] once attacked in this Combat Phase (MAL-CBT-1).
    pub(crate) control: Vec<u8>,
    pub(crate) turn: u8,
    pub(crate) player: u8,
    pub(crate) phase: u8,
    pub(crate) steps_lost: [u16; 2],
    pub(crate) result: Option<GameResult>,
    /// Scenario events ([`events`]).
    pub(crate) events: u8,
    /// Rail moves made this Rail Phase: (unit, hex it left), oldest first
    /// (MAL-RAIL-2 capacity, MAL-RAIL-6 take-back). Capacity is at most 4.
    pub(crate) rail_log: [(UnitId, HexId); 4],
    pub(crate) rail_used: u8,
    /// GS-4: supply points each side holds (graded model).
    pub(crate) sp: [u16; 2],
    /// The combat in progress (MAL-CBT-1, -9).
    pub(crate) combat: CombatSlot,
    /// MAL-CBT-5: air points each side has left this game turn.
    pub(crate) air: [u8; 2],
    /// A number no other position has (clones share it until one of them
    /// changes): search buffers prepared for this stamp need no check.
    /// 0 while a change is being made.
    pub(crate) stamp: u64,
}

/// The next [`GameState::stamp`]; 0 is never handed out.
static NEXT_STAMP: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

impl GameState {
    /// Gives the position a stamp of its own, after a change.
    pub(crate) fn restamp(&mut self) {
        self.stamp = NEXT_STAMP.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    }

    /// The position's stamp (see the field): equal stamps, equal positions.
    #[inline]
    pub(crate) fn stamp(&self) -> u64 {
        self.stamp
    }
}

/// The position, stamp aside (each field named, so a new one is not forgotten).
impl PartialEq for GameState {
    fn eq(&self, o: &Self) -> bool {
        let GameState {
            units,
            control,
            turn,
            player,
            phase,
            steps_lost,
            result,
            events,
            rail_log,
            rail_used,
            sp,
            combat,
            air,
            stamp: _,
        } = self;
        *units == o.units
            && *control == o.control
            && *turn == o.turn
            && *player == o.player
            && *phase == o.phase
            && *steps_lost == o.steps_lost
            && *result == o.result
            && *events == o.events
            && *rail_log == o.rail_log
            && *rail_used == o.rail_used
            && *sp == o.sp
            && *combat == o.combat
            && *air == o.air
    }
}

impl Eq for GameState {}

impl std::hash::Hash for GameState {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        let GameState {
            units,
            control,
            turn,
            player,
            phase,
            steps_lost,
            result,
            events,
            rail_log,
            rail_used,
            sp,
            combat,
            air,
            stamp: _,
        } = self;
        units.hash(h);
        control.hash(h);
        turn.hash(h);
        player.hash(h);
        phase.hash(h);
        steps_lost.hash(h);
        result.hash(h);
        events.hash(h);
        rail_log.hash(h);
        rail_used.hash(h);
        sp.hash(h);
        combat.hash(h);
        air.hash(h);
    }
}

/// Bit of a [`GameState::control`] byte: the hex has been attacked in this
/// Combat Phase (MAL-CBT-1: each hex at most once).
pub(crate) const HEX_ATTACKED: u8 = 0x80;

/// The combat in progress in a Combat Phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CombatSlot {
    /// The hex under attack, declared and not yet rolled
    /// ([`HexId::NONE`]: none); its attackers carry [`unit_flags::COMMITTED`].
    pub target: HexId,
    /// The hex the last combat emptied, into which its attackers (flag
    /// [`unit_flags::MAY_ADVANCE`]) may advance (MAL-CBT-9); none otherwise.
    pub advance: HexId,
}

impl Default for CombatSlot {
    fn default() -> Self {
        CombatSlot {
            target: HexId::NONE,
            advance: HexId::NONE,
        }
    }
}

/// Two allocations to clone; `clone_from` reuses the target's buffers and
/// allocates nothing (search loops that reset a scratch state use it).
impl Clone for GameState {
    fn clone(&self) -> Self {
        let GameState {
            units,
            control,
            turn,
            player,
            phase,
            steps_lost,
            result,
            events,
            rail_log,
            rail_used,
            sp,
            combat,
            air,
            stamp,
        } = self;
        GameState {
            units: units.clone(),
            control: control.clone(),
            turn: *turn,
            player: *player,
            phase: *phase,
            steps_lost: *steps_lost,
            result: *result,
            events: *events,
            rail_log: *rail_log,
            rail_used: *rail_used,
            sp: *sp,
            combat: *combat,
            air: *air,
            stamp: *stamp,
        }
    }

    fn clone_from(&mut self, src: &Self) {
        let GameState {
            units,
            control,
            turn,
            player,
            phase,
            steps_lost,
            result,
            events,
            rail_log,
            rail_used,
            sp,
            combat,
            air,
            stamp,
        } = src;
        self.units.clone_from(units);
        self.control.clone_from(control);
        self.turn = *turn;
        self.player = *player;
        self.phase = *phase;
        self.steps_lost = *steps_lost;
        self.result = *result;
        self.events = *events;
        self.rail_log = *rail_log;
        self.rail_used = *rail_used;
        self.sp = *sp;
        self.combat = *combat;
        self.air = *air;
        self.stamp = *stamp;
    }
}

impl GameState {
    /// Game turn, from 1.
    #[inline]
    pub fn turn(&self) -> u8 {
        self.turn
    }

    /// The side whose player-turn it is.
    #[inline]
    pub fn active_side(&self) -> Side {
        Side(self.player)
    }

    /// The current phase.
    #[inline]
    pub fn phase(&self, scen: &Scenario) -> PhaseKind {
        scen.phases()[self.phase as usize]
    }

    /// Index of the current phase in the scenario's list.
    pub fn phase_index(&self) -> usize {
        self.phase as usize
    }

    /// The result once the game is over.
    #[inline]
    pub fn result(&self) -> Option<&GameResult> {
        self.result.as_ref()
    }

    /// Whether the game is over.
    #[inline]
    pub fn is_over(&self) -> bool {
        self.result.is_some()
    }

    /// One unit.
    #[inline]
    pub fn unit(&self, u: UnitId) -> &UnitState {
        &self.units[u.index()]
    }

    /// All units, indexed by [`UnitId`].
    pub fn units(&self) -> &[UnitState] {
        &self.units
    }

    /// Ids of the units of `side` on the map.
    pub fn units_of<'a>(
        &'a self,
        scen: &'a Scenario,
        side: Side,
    ) -> impl Iterator<Item = UnitId> + 'a {
        let setups = scen.units();
        self.units
            .iter()
            .enumerate()
            .filter(move |(i, u)| u.on_map() && setups[*i].side == side)
            .map(|(i, _)| UnitId(i as u16))
    }

    /// Units standing in `h`.
    pub fn units_at(&self, h: HexId) -> impl Iterator<Item = UnitId> + '_ {
        self.units
            .iter()
            .enumerate()
            .filter(move |(_, u)| u.hex == h && u.steps > 0)
            .map(|(i, _)| UnitId(i as u16))
    }

    /// Who controls `h` (D-TURN-2).
    #[inline]
    pub fn control(&self, h: HexId) -> Option<Side> {
        match self.control[h.index()] & !HEX_ATTACKED {
            0 => None,
            c => Some(Side(c - 1)),
        }
    }

    /// Steps each side has lost (attrition included).
    pub fn steps_lost(&self) -> [u16; 2] {
        self.steps_lost
    }

    /// Rail moves made in the current Rail Phase.
    pub fn rail_used(&self) -> u8 {
        self.rail_used
    }

    /// The combat being declared, and the hex the last one emptied (MAL-CBT-1, -9).
    pub fn combat(&self) -> CombatSlot {
        self.combat
    }

    /// MAL-CBT-5: air points `side` has left this game turn.
    pub fn air_points(&self, side: Side) -> u8 {
        self.air[side.index()]
    }

    /// MAL-CBT-1: whether `h` has been attacked in this Combat Phase.
    pub fn hex_attacked(&self, h: HexId) -> bool {
        self.control[h.index()] & HEX_ATTACKED != 0
    }

    /// The rail moves of this phase: (unit, hex it left).
    pub fn rail_moves(&self) -> &[(UnitId, HexId)] {
        &self.rail_log[..self.rail_used as usize]
    }

    /// GS-4: the supply points `side` holds (graded model).
    pub fn supply_points(&self, side: Side) -> u16 {
        self.sp[side.index()]
    }

    /// GS-6: the weather of the current game turn (graded model).
    pub fn weather<'a>(&self, scen: &'a Scenario) -> Option<&'a crate::scenario::Weather> {
        scen.supply_rules()
            .graded
            .as_ref()
            .map(|g| g.weather(self.turn))
    }

    /// GS-5: the Supply Effects Chart row that applies to `u` now (graded
    /// model, not in full supply); `None` when nothing is restricted.
    pub fn supply_effect<'a>(
        &self,
        scen: &'a Scenario,
        u: UnitId,
    ) -> Option<&'a crate::scenario::SupplyEffect> {
        let us = self.unit(u);
        scen.supply_rules()
            .graded
            .as_ref()
            .and_then(|g| g.effect(us.supply, us.u_level))
    }

    /// Whether a scenario event ([`events`]) has happened.
    pub fn event(&self, e: u8) -> bool {
        self.events & e != 0
    }

    /// Movement points `u` has left in this phase.
    pub fn mp_left(&self, scen: &Scenario, u: UnitId) -> Mp {
        let allowance = self.movement_allowance(scen, u);
        Mp(allowance.0.saturating_sub(self.unit(u).mp_spent.0))
    }

    /// Attack strength now: the type's strength for the steps left, less
    /// strength lost to morale (MP-CHG-5); MAL-SUP-6: unsupplied infantry
    /// attack halved, armor attack quartered, fractions kept; GS-5: times
    /// the Supply Effects Chart's attack multiplier for the unit's level.
    pub fn attack_strength(&self, scen: &Scenario, u: UnitId) -> f64 {
        let (base, ty) = self.base_and_kind(scen, u, true);
        if let Some(e) = self.supply_effect(scen, u) {
            return base * e.attack;
        }
        if !self.binary_unsupplied(scen, u) {
            return base;
        }
        match ty {
            crate::scenario::UnitKind::Armor => base / 4.0,
            _ => base / 2.0,
        }
    }

    /// Defense strength now; MAL-SUP-6: unsupplied armor defense halved;
    /// GS-5: times the chart's defense multiplier for the unit's level.
    pub fn defense_strength(&self, scen: &Scenario, u: UnitId) -> f64 {
        let (base, ty) = self.base_and_kind(scen, u, false);
        if let Some(e) = self.supply_effect(scen, u) {
            return base * e.defense;
        }
        if self.binary_unsupplied(scen, u) && ty == crate::scenario::UnitKind::Armor {
            return base / 2.0;
        }
        base
    }

    /// Strength from the unit's type for the steps it has left, less
    /// strength lost to morale (MP-CHG-5), before supply and terrain.
    pub fn base_strength(&self, scen: &Scenario, u: UnitId, attack: bool) -> f64 {
        self.base_and_kind(scen, u, attack).0
    }

    fn base_and_kind(
        &self,
        scen: &Scenario,
        u: UnitId,
        attack: bool,
    ) -> (f64, crate::scenario::UnitKind) {
        let ty = scen.unit_type(u);
        let us = self.unit(u);
        let table = if attack { &ty.attack } else { &ty.defense };
        let idx = (ty.steps().saturating_sub(us.steps.max(1))) as usize;
        let base = table.get(idx).copied().unwrap_or(0.0);
        ((base - us.strength_loss as f64).max(0.0), ty.kind)
    }

    fn binary_unsupplied(&self, scen: &Scenario, u: UnitId) -> bool {
        self.unit(u).supply == SupplyState::Out
            && scen.supply_rules().model == crate::scenario::SupplyModel::Binary
    }

    /// The unit's movement allowance now (MAL-SUP-6: an unsupplied infantry
    /// unit has one point less, an unsupplied armor unit half, fractions kept).
    /// GS-5: times the chart's movement multiplier for the unit's level,
    /// to the nearest sixth of a point.
    pub fn movement_allowance(&self, scen: &Scenario, u: UnitId) -> Mp {
        let ty = scen.unit_type(u);
        if let Some(e) = self.supply_effect(scen, u) {
            return Mp((ty.movement.0 as f64 * e.movement).round() as u16);
        }
        if !self.binary_unsupplied(scen, u) {
            return ty.movement;
        }
        match ty.kind {
            crate::scenario::UnitKind::Armor => Mp(ty.movement.0 / 2),
            _ => Mp(ty.movement.0.saturating_sub(Mp::ONE.0)),
        }
    }

    /// Victory points each side would score if the game ended now (D-TURN-3).
    pub fn victory_points(&self, scen: &Scenario) -> [i32; 2] {
        let mut vp = [0i32; 2];
        for o in scen.objectives() {
            if let Some(s) = self.control(o.hex) {
                if o.side.is_none_or(|x| x == s) {
                    vp[s.index()] += o.vp;
                }
            }
        }
        for s in Side::BOTH {
            vp[s.index()] += self.steps_lost[s.other().index()] as i32 * scen.victory().step_vp;
        }
        vp
    }
}
