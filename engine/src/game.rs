//! Actions, their checked and unchecked application, the events they give
//! off, and the turn sequence (D-TURN-1..3, D-STACK-1).

use std::fmt;

use rand::Rng;
use serde::{Deserialize, Serialize};

use crate::charge;
use crate::combat::{self, NoAttack, RngChance, Roll};
use crate::graded;
use crate::hex::HexId;
use crate::movement::{self, Scratch, with_scratch};
use crate::rail;
use crate::scenario::SupplyModel;
use crate::scenario::{Mp, PhaseKind, Scenario, Side};
use crate::state::{
    GameResult, GameState, ResultLevel, SupplyState, UnitId, UnitState, events, unit_flags,
};
use crate::supply;

/// Something a player does. Small and `Copy` (4 bytes of payload), so lists of
/// actions are cheap.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Action {
    /// Move a unit by normal movement to a reachable hex, by its cheapest
    /// path (MP-MOV-1: units may alternate; a unit may move again later in
    /// the phase with the points it has left).
    Move {
        /// The unit.
        unit: UnitId,
        /// Destination.
        to: HexId,
    },
    /// Move a unit by rail in the Rail Phase (MAL-RAIL-1..4).
    RailMove {
        /// The unit.
        unit: UnitId,
        /// Destination.
        to: HexId,
    },
    /// Take back a rail move of this phase (MAL-RAIL-6).
    UndoRail {
        /// The unit.
        unit: UnitId,
    },
    /// GS-4: spend supply points to put a unit in full supply (graded
    /// model, its side's Movement Phase; see [`crate::graded::can_spend`]).
    SpendSupply {
        /// The unit.
        unit: UnitId,
    },
    /// MAL-CBT-1: commit a unit to an attack on `target` in the Combat
    /// Phase. The first commitment declares the attack on that hex; more
    /// units may join it until it is rolled.
    Attack {
        /// The attacking unit.
        unit: UnitId,
        /// The defending hex.
        target: HexId,
    },
    /// MAL-CBT-4, -5: roll the attack being declared, committing `air` air points.
    Resolve {
        /// Air points the attacker commits.
        air: u8,
    },
    /// Withdraw the attack being declared, before its roll.
    CancelAttack,
    /// MAL-CBT-9: an attacker of the last combat moves into the hex it emptied.
    Advance {
        /// The unit.
        unit: UnitId,
    },
    /// MP-CHG-1..6: a mounted unit charges the unit in `target`, three hexes
    /// away in a straight line, in the Movement Phase: one action, whole.
    Charge {
        /// The charging unit.
        unit: UnitId,
        /// The hex of the unit charged.
        target: HexId,
    },
    /// End the current phase.
    EndPhase,
}

/// What happened, for logs and replays.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// A phase began.
    PhaseBegan {
        /// Game turn.
        turn: u8,
        /// Phasing side.
        side: Side,
        /// Phase.
        phase: PhaseKind,
    },
    /// A reinforcement came on the map.
    Arrived {
        /// The unit.
        unit: UnitId,
        /// Where.
        hex: HexId,
    },
    /// A reinforcement could not enter (its hex is enemy-held or full) and
    /// will try again next turn.
    Delayed {
        /// The unit.
        unit: UnitId,
        /// Its entry hex.
        hex: HexId,
    },
    /// A unit moved.
    Moved {
        /// The unit.
        unit: UnitId,
        /// From.
        from: HexId,
        /// To.
        to: HexId,
        /// Movement points spent.
        cost: Mp,
    },
    /// A unit moved by rail.
    RailMoved {
        /// The unit.
        unit: UnitId,
        /// From.
        from: HexId,
        /// To.
        to: HexId,
    },
    /// A rail move was taken back.
    RailUndone {
        /// The unit.
        unit: UnitId,
        /// Back to.
        to: HexId,
    },
    /// A hex changed hands (D-TURN-2).
    ControlChanged {
        /// The hex.
        hex: HexId,
        /// New controller.
        side: Side,
    },
    /// A unit's supply state or U-level changed: judged in a Supply Phase
    /// (MAL-SUP-1, GS-2), or restored by supply points (GS-4).
    SupplyChanged {
        /// The unit.
        unit: UnitId,
        /// Its new state.
        state: SupplyState,
        /// GS-2 U-level.
        u_level: u8,
    },
    /// GS-4: supply points were spent on a unit.
    SupplySpent {
        /// The unit, now in full supply.
        unit: UnitId,
        /// Points spent.
        points: u16,
        /// Points its side has left.
        left: u16,
    },
    /// GS-7: a unit gained or lost an isolation marker.
    IsolationChanged {
        /// The unit.
        unit: UnitId,
        /// Which marker.
        marker: Isolation,
        /// Isolated now.
        isolated: bool,
    },
    /// A unit lost a step.
    StepLost {
        /// The unit.
        unit: UnitId,
        /// Where it stood.
        hex: HexId,
        /// Why.
        cause: LossCause,
        /// Steps left (0: eliminated).
        steps_left: u8,
    },
    /// MAL-CBT-1: a unit was committed to an attack.
    Committed {
        /// The unit.
        unit: UnitId,
        /// The hex it attacks.
        target: HexId,
    },
    /// The attack being declared was withdrawn before its roll.
    AttackCancelled {
        /// The hex it would have attacked.
        target: HexId,
    },
    /// MAL-CBT-4: a combat was rolled.
    Combat {
        /// The defending hex.
        hex: HexId,
        /// Total attack strength.
        attack: f64,
        /// Total defense strength.
        defense: f64,
        /// D-CRT-1: the column (index into the scenario's table).
        column: u8,
        /// MAL-CBT-5: air points committed by the attacker.
        attacker_air: u8,
        /// MAL-CBT-5: air points committed by the defender.
        defender_air: u8,
        /// The die and the result.
        roll: Roll,
    },
    /// MAL-CBT-7: a unit retreated.
    Retreated {
        /// The unit.
        unit: UnitId,
        /// The combat hex.
        from: HexId,
        /// The hexes entered, in order.
        path: Vec<HexId>,
    },
    /// MAL-CBT-8: a unit could not retreat (it loses two steps instead).
    NoRetreat {
        /// The unit.
        unit: UnitId,
        /// Where it stays.
        hex: HexId,
    },
    /// MAL-CBT-9, -10: a unit advanced after combat (or came ashore).
    Advanced {
        /// The unit.
        unit: UnitId,
        /// The hex it entered.
        hex: HexId,
    },
    /// MAL-CBT-10: a reinforcement arrived off an enemy-held port and must
    /// attack it in the Combat Phase.
    Landing {
        /// The unit.
        unit: UnitId,
        /// The port.
        hex: HexId,
    },
    /// MAL-CBT-10: a landing force that could not come ashore went back to
    /// the reinforcement pool.
    ReturnedToPool {
        /// The unit.
        unit: UnitId,
    },
    /// MP-CHG-5: a unit lost a morale point (or, at morale 0, a point of strength).
    MoraleLost {
        /// The unit.
        unit: UnitId,
        /// Where it stood.
        hex: HexId,
        /// Why.
        cause: LossCause,
        /// Morale left.
        morale: u8,
        /// Strength lost to morale so far.
        strength_loss: u8,
    },
    /// MP-CHG-3, -4: a charge and its morale check.
    Charged {
        /// The charger.
        unit: UnitId,
        /// The unit charged.
        target: UnitId,
        /// The 1-9 roll.
        roll: u8,
        /// The roll plus the strength difference.
        total: i8,
        /// The morale value the total had to exceed (slope and stream modifiers in).
        morale: i8,
        /// Whether the check failed: the charge succeeded.
        success: bool,
    },
    /// Something the scenario scripts happened (e.g. the Penang shipping).
    Scenario {
        /// What happened, for people.
        text: String,
    },
    /// The game ended.
    GameOver {
        /// The result.
        result: GameResult,
    },
}

/// GS-7: the two isolation markers, judged apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Isolation {
    /// Judged at the start of each Combat Phase, for both sides.
    Combat,
    /// Judged at each of the unit's side's supply judgements.
    Supply,
}

impl Isolation {
    /// Lower-case name.
    pub fn name(self) -> &'static str {
        match self {
            Isolation::Combat => "combat",
            Isolation::Supply => "supply",
        }
    }

    /// The unit flag that carries this marker.
    pub fn flag(self) -> u16 {
        match self {
            Isolation::Combat => unit_flags::COMBAT_ISOLATED,
            Isolation::Supply => unit_flags::SUPPLY_ISOLATED,
        }
    }
}

/// Why a step was lost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LossCause {
    /// Combat result.
    Combat,
    /// Retreat that could not be made, or through enemy ZOC.
    Retreat,
    /// Supply attrition (MAL-SUP-8).
    Attrition,
    /// Cavalry charge.
    Charge,
}

impl LossCause {
    /// All causes, in record order.
    pub const ALL: [LossCause; 4] = [
        LossCause::Combat,
        LossCause::Retreat,
        LossCause::Attrition,
        LossCause::Charge,
    ];

    /// Lower-case name.
    pub fn name(self) -> &'static str {
        match self {
            LossCause::Combat => "combat",
            LossCause::Retreat => "retreat",
            LossCause::Attrition => "attrition",
            LossCause::Charge => "charge",
        }
    }
}

/// Where events go. `()` drops them; a `Vec<Event>` keeps them.
pub trait EventSink {
    /// Records one event.
    fn push(&mut self, e: Event);
}

impl EventSink for () {
    #[inline]
    fn push(&mut self, _: Event) {}
}

impl EventSink for Vec<Event> {
    fn push(&mut self, e: Event) {
        Vec::push(self, e)
    }
}

/// Why an action was refused. The state is unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ActionError {
    /// The game is over.
    GameOver,
    /// No such unit.
    UnknownUnit(UnitId),
    /// No such hex.
    UnknownHex(HexId),
    /// The action belongs to another phase.
    WrongPhase {
        /// The current phase.
        phase: PhaseKind,
    },
    /// The unit is the other side's.
    NotYourUnit(UnitId),
    /// The unit cannot move now (not on the map, move ended, no points left).
    CannotMove(UnitId),
    /// The unit may not move by rail now.
    NoRail(UnitId, crate::rail::NoRail),
    /// The unit has no rail move to take back this phase.
    NothingToUndo(UnitId),
    /// GS-4: supply points may not be spent on the unit now.
    NoSpend(UnitId, crate::graded::NoSpend),
    /// MAL-RAIL-5: the phase cannot end while a hex is overstacked.
    Overstacked(HexId),
    /// MAL-CBT-1, -2, -10: the unit may not attack that hex.
    NoAttack(UnitId, HexId, NoAttack),
    /// No attack is being declared.
    NoCombat,
    /// The attack being declared must be rolled or withdrawn first.
    CombatPending(HexId),
    /// MAL-CBT-10: a landing force has not attacked its port yet.
    MustLand(UnitId),
    /// MAL-CBT-9: the unit may not advance now.
    CannotAdvance(UnitId),
    /// MAL-CBT-5: more air points asked than the side has left.
    NoAir {
        /// Asked for.
        asked: u8,
        /// Left.
        left: u8,
    },
    /// MP-CHG-1, -2: the unit may not charge that hex.
    NoCharge(UnitId, HexId, charge::NoCharge),
    /// The hex is not among the unit's destinations.
    Unreachable {
        /// The unit.
        unit: UnitId,
        /// The hex asked for.
        to: HexId,
    },
}

impl ActionError {
    /// A message for people, with unit ids and hex labels.
    pub fn describe(&self, scen: &Scenario) -> String {
        let unit = |u: &UnitId| {
            scen.units()
                .get(u.index())
                .map_or(format!("#{}", u.0), |s| s.id.clone())
        };
        let hex = |h: &HexId| scen.grid().label(*h);
        match self {
            ActionError::GameOver => "the game is over".into(),
            ActionError::UnknownUnit(u) => format!("there is no unit #{}", u.0),
            ActionError::UnknownHex(h) => format!("there is no hex #{} on this map", h.0),
            ActionError::WrongPhase { phase } => {
                format!("not allowed in the {} phase", phase.name())
            }
            ActionError::NotYourUnit(u) => format!("{} belongs to the side not moving", unit(u)),
            ActionError::CannotMove(u) => format!(
                "{} cannot move now (not on the map, its move ended in enemy ZOC, or no movement points left)",
                unit(u)
            ),
            ActionError::NoRail(u, why) => {
                format!("{} cannot move by rail: {}", unit(u), why.describe())
            }
            ActionError::NothingToUndo(u) => {
                format!("{} has no rail move to take back this phase", unit(u))
            }
            ActionError::NoSpend(u, why) => {
                format!(
                    "no supply points can be spent on {}: {}",
                    unit(u),
                    why.describe()
                )
            }
            ActionError::Overstacked(h) => format!(
                "the Rail Phase cannot end while {} is overstacked (MAL-RAIL-5)",
                hex(h)
            ),
            ActionError::NoAttack(u, h, why) => format!(
                "{} cannot attack {}: {}",
                unit(u),
                hex(h),
                why.describe(scen)
            ),
            ActionError::NoCombat => "no attack is being declared".into(),
            ActionError::CombatPending(h) => {
                format!("the attack on {} must be rolled or withdrawn first", hex(h))
            }
            ActionError::MustLand(u) => format!(
                "{} is landing and must attack its port first (MAL-CBT-10)",
                unit(u)
            ),
            ActionError::CannotAdvance(u) => format!(
                "{} cannot advance: only an attacker of the last combat may, into the hex it emptied, within stacking (MAL-CBT-9)",
                unit(u)
            ),
            ActionError::NoAir { asked, left } => {
                format!("{asked} air points asked for, {left} left this turn (MAL-CBT-5)")
            }
            ActionError::NoCharge(u, h, why) => {
                format!("{} cannot charge {}: {}", unit(u), hex(h), why.describe())
            }
            ActionError::Unreachable { unit: u, to } => {
                format!("{} cannot reach {} this phase", unit(u), hex(to))
            }
        }
    }
}

impl fmt::Display for ActionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self:?}")
    }
}

impl std::error::Error for ActionError {}

impl GameState {
    /// A new game at the start of turn 1, with automatic phases run.
    pub fn new<R: Rng + ?Sized>(scen: &Scenario, rng: &mut R) -> GameState {
        Self::new_with(scen, rng, &mut ())
    }

    /// [`GameState::new`], recording the opening events.
    pub fn new_with<R: Rng + ?Sized>(
        scen: &Scenario,
        rng: &mut R,
        sink: &mut impl EventSink,
    ) -> GameState {
        let units = scen
            .units()
            .iter()
            .enumerate()
            .map(|(i, s)| UnitState {
                hex: if s.arrives <= 1 { s.hex } else { HexId::NONE },
                mp_spent: Mp::ZERO,
                steps: s.steps,
                morale: scen.unit_type(UnitId(i as u16)).morale.unwrap_or(0),
                strength_loss: 0,
                flags: 0,
                charge_target: UnitId(0),
                supply: SupplyState::Full,
                u_level: 0,
            })
            .collect();
        let mut st = GameState {
            units,
            control: scen.initial_control().to_vec(),
            turn: 1,
            player: 0,
            phase: 0,
            steps_lost: [0, 0],
            result: None,
            events: 0,
            rail_log: [(UnitId(0), HexId::NONE); 4],
            rail_used: 0,
            sp: scen
                .supply_rules()
                .graded
                .as_ref()
                .map_or([0, 0], |g| g.starting_points),
            combat: Default::default(),
            air: [0, 0],
            stamp: 0,
        };
        st.begin_player_turn(scen, sink);
        st.enter_phase(scen, rng, sink);
        st.restamp();
        st
    }

    /// Every legal action now, appended to `out` (cleared first). Empty once
    /// the game is over; otherwise it holds [`Action::EndPhase`], except in
    /// a Rail Phase that has left a hex overstacked (MAL-RAIL-5).
    pub fn legal_actions(&self, scen: &Scenario, out: &mut Vec<Action>) {
        out.clear();
        if self.is_over() {
            return;
        }
        match self.phase(scen) {
            PhaseKind::Movement => with_scratch(|s| {
                s.prepare(scen, self);
                for u in self.units_of(scen, self.active_side()) {
                    movement::for_each_destination(scen, self, s, u, |to, _| {
                        out.push(Action::Move { unit: u, to })
                    });
                }
                for u in self.units_of(scen, self.active_side()) {
                    charge::for_each_charge(scen, self, u, |target| {
                        out.push(Action::Charge { unit: u, target })
                    });
                }
                if scen.supply_rules().graded.is_some() {
                    for u in self.units_of(scen, self.active_side()) {
                        if graded::can_spend(scen, self, u).is_ok() {
                            out.push(Action::SpendSupply { unit: u });
                        }
                    }
                }
            }),
            PhaseKind::Rail => {
                with_scratch(|s| {
                    s.prepare(scen, self);
                    for u in self.units_of(scen, self.active_side()) {
                        rail::destinations(scen, self, s, u, |to, _| {
                            out.push(Action::RailMove { unit: u, to })
                        });
                    }
                });
                out.extend(
                    self.rail_moves()
                        .iter()
                        .map(|&(unit, _)| Action::UndoRail { unit }),
                );
                if rail::overstacked(scen, self, self.active_side()).is_some() {
                    return; // MAL-RAIL-5: no EndPhase while overstacked.
                }
            }
            // No EndPhase while an attack is being declared or a landing
            // force has yet to attack.
            PhaseKind::Combat if self.combat_actions(scen, out) => return,
            _ => {}
        }
        out.push(Action::EndPhase);
    }

    /// The Combat Phase's actions, appended to `out`; true when the phase may
    /// not end now (an attack is being declared, or a landing force has not
    /// attacked).
    fn combat_actions(&self, scen: &Scenario, out: &mut Vec<Action>) -> bool {
        self.for_each_combat_action(scen, |a| out.push(a))
    }

    /// [`GameState::combat_actions`], each action given to `f`; no
    /// allocation. Hexes with no enemy unit are skipped by the occupancy
    /// table before the full check.
    fn for_each_combat_action(&self, scen: &Scenario, mut f: impl FnMut(Action)) -> bool {
        let side = self.active_side();
        let pending = self.combat.target;
        let grid = scen.grid();
        with_scratch(|s| {
            s.prepare(scen, self);
            for (i, us) in self.units.iter().enumerate() {
                let u = UnitId(i as u16);
                if scen.units()[i].side != side
                    || us.eliminated()
                    || us.has(unit_flags::ATTACKED | unit_flags::COMMITTED)
                {
                    continue;
                }
                if us.has(unit_flags::LANDING) {
                    let target = scen.units()[i].hex;
                    if combat::can_attack(scen, self, u, target).is_ok() {
                        f(Action::Attack { unit: u, target });
                    }
                    continue;
                }
                if !us.on_map() {
                    continue;
                }
                for &n in grid.neighbours(us.hex) {
                    if n.is_some()
                        && s.count(n, side.other()) > 0
                        && (!pending.is_some() || n == pending)
                        && combat::can_attack(scen, self, u, n).is_ok()
                    {
                        f(Action::Attack { unit: u, target: n });
                    }
                }
            }
        });
        if pending.is_some() {
            for air in 0..=self.air[side.index()] {
                f(Action::Resolve { air });
            }
            f(Action::CancelAttack);
            return true;
        }
        if self.combat.advance.is_some() {
            for (i, us) in self.units.iter().enumerate() {
                let unit = UnitId(i as u16);
                if us.has(unit_flags::MAY_ADVANCE) && self.check_advance(scen, unit).is_ok() {
                    f(Action::Advance { unit });
                }
            }
        }
        self.landing_waiting(scen).is_some()
    }

    /// MAL-CBT-10: a landing unit of the phasing side that has yet to attack
    /// its port and still may (one whose port was attacked by others goes
    /// back to the pool when the phase ends).
    fn landing_waiting(&self, scen: &Scenario) -> Option<UnitId> {
        let side = self.active_side();
        self.units.iter().enumerate().find_map(|(i, u)| {
            let unit = UnitId(i as u16);
            (u.has(unit_flags::LANDING)
                && scen.units()[i].side == side
                && combat::can_attack(scen, self, unit, scen.units()[i].hex).is_ok())
            .then_some(unit)
        })
    }

    /// MAL-CBT-9: whether `unit` may advance into the hex the last combat emptied.
    fn check_advance(&self, scen: &Scenario, unit: UnitId) -> Result<(), ActionError> {
        let hex = self.combat.advance;
        let us = self.unit(unit);
        let side = scen.unit(unit).side;
        let class = scen.unit_type(unit).class;
        let ok = hex.is_some()
            && us.has(unit_flags::MAY_ADVANCE)
            && us.on_map()
            && scen
                .grid()
                .direction(us.hex, hex)
                .and_then(|d| crate::retreat::entry_cost(scen, us.hex, d, hex, class))
                .is_some()
            && side == self.active_side()
            && self.units_at(hex).all(|o| scen.unit(o).side == side)
            && self.units_at(hex).count() < scen.stacking() as usize;
        if ok {
            Ok(())
        } else {
            Err(ActionError::CannotAdvance(unit))
        }
    }

    /// Checks `action` and applies it, or says why not and leaves the state
    /// untouched. Events go to `sink`.
    pub fn apply<R: Rng + ?Sized>(
        &mut self,
        scen: &Scenario,
        action: Action,
        rng: &mut R,
        sink: &mut impl EventSink,
    ) -> Result<(), ActionError> {
        self.check(scen, action)?;
        self.apply_unchecked(scen, action, rng, sink);
        Ok(())
    }

    /// Whether `action` is legal now.
    pub fn check(&self, scen: &Scenario, action: Action) -> Result<(), ActionError> {
        if self.is_over() {
            return Err(ActionError::GameOver);
        }
        let in_combat = |phase: PhaseKind| {
            if phase == PhaseKind::Combat {
                Ok(())
            } else {
                Err(ActionError::WrongPhase { phase })
            }
        };
        match action {
            Action::EndPhase => {
                if self.phase(scen) == PhaseKind::Rail {
                    if let Some(h) = rail::overstacked(scen, self, self.active_side()) {
                        return Err(ActionError::Overstacked(h));
                    }
                }
                if self.combat.target.is_some() {
                    return Err(ActionError::CombatPending(self.combat.target));
                }
                if self.phase(scen) == PhaseKind::Combat {
                    if let Some(u) = self.landing_waiting(scen) {
                        return Err(ActionError::MustLand(u));
                    }
                }
                Ok(())
            }
            Action::Attack { unit, target } => {
                if unit.index() >= self.units.len() {
                    return Err(ActionError::UnknownUnit(unit));
                }
                if target.index() >= scen.grid().len() {
                    return Err(ActionError::UnknownHex(target));
                }
                in_combat(self.phase(scen))?;
                combat::can_attack(scen, self, unit, target)
                    .map_err(|e| ActionError::NoAttack(unit, target, e))
            }
            Action::Resolve { air } => {
                in_combat(self.phase(scen))?;
                if !self.combat.target.is_some() {
                    return Err(ActionError::NoCombat);
                }
                let left = self.air[self.active_side().index()];
                if air > left {
                    return Err(ActionError::NoAir { asked: air, left });
                }
                Ok(())
            }
            Action::CancelAttack => {
                in_combat(self.phase(scen))?;
                if self.combat.target.is_some() {
                    Ok(())
                } else {
                    Err(ActionError::NoCombat)
                }
            }
            Action::Advance { unit } => {
                if unit.index() >= self.units.len() {
                    return Err(ActionError::UnknownUnit(unit));
                }
                in_combat(self.phase(scen))?;
                if self.combat.target.is_some() {
                    return Err(ActionError::CombatPending(self.combat.target));
                }
                self.check_advance(scen, unit)
            }
            Action::Charge { unit, target } => {
                if unit.index() >= self.units.len() {
                    return Err(ActionError::UnknownUnit(unit));
                }
                if target.index() >= scen.grid().len() {
                    return Err(ActionError::UnknownHex(target));
                }
                let phase = self.phase(scen);
                if phase != PhaseKind::Movement {
                    return Err(ActionError::WrongPhase { phase });
                }
                charge::can_charge(scen, self, unit, target)
                    .map(|_| ())
                    .map_err(|e| ActionError::NoCharge(unit, target, e))
            }
            Action::RailMove { unit, to } => {
                if unit.index() >= self.units.len() {
                    return Err(ActionError::UnknownUnit(unit));
                }
                if to.index() >= scen.grid().len() {
                    return Err(ActionError::UnknownHex(to));
                }
                rail::eligibility(scen, self, unit).map_err(|e| ActionError::NoRail(unit, e))?;
                let ok = with_scratch(|s| {
                    s.prepare(scen, self);
                    let mut ok = false;
                    rail::destinations(scen, self, s, unit, |h, _| ok |= h == to);
                    ok
                });
                if ok {
                    Ok(())
                } else {
                    Err(ActionError::Unreachable { unit, to })
                }
            }
            Action::SpendSupply { unit } => {
                if unit.index() >= self.units.len() {
                    return Err(ActionError::UnknownUnit(unit));
                }
                graded::can_spend(scen, self, unit).map_err(|e| ActionError::NoSpend(unit, e))
            }
            Action::UndoRail { unit } => {
                if self.phase(scen) != PhaseKind::Rail {
                    return Err(ActionError::WrongPhase {
                        phase: self.phase(scen),
                    });
                }
                if self.rail_moves().iter().any(|(u, _)| *u == unit) {
                    Ok(())
                } else {
                    Err(ActionError::NothingToUndo(unit))
                }
            }
            Action::Move { unit, to } => {
                if unit.index() >= self.units.len() {
                    return Err(ActionError::UnknownUnit(unit));
                }
                if to.index() >= scen.grid().len() {
                    return Err(ActionError::UnknownHex(to));
                }
                let phase = self.phase(scen);
                if phase != PhaseKind::Movement {
                    return Err(ActionError::WrongPhase { phase });
                }
                if scen.unit(unit).side != self.active_side() {
                    return Err(ActionError::NotYourUnit(unit));
                }
                if !movement::can_move(scen, self, unit) {
                    return Err(ActionError::CannotMove(unit));
                }
                let found = with_scratch(|s| movement::route_to(scen, self, s, unit, to));
                found
                    .map(|_| ())
                    .ok_or(ActionError::Unreachable { unit, to })
            }
        }
    }

    /// Applies an action known to be legal (from [`GameState::legal_actions`]
    /// or [`GameState::check`]). An illegal action here is a caller bug: it
    /// is ignored in release builds and caught by a debug assertion.
    pub fn apply_unchecked<R: Rng + ?Sized>(
        &mut self,
        scen: &Scenario,
        action: Action,
        rng: &mut R,
        sink: &mut impl EventSink,
    ) {
        // A move's route is found on the position as it stands, before any
        // change (its search buffers may be the player's); every other
        // action changes the position while it looks at it, so searches
        // inside it check everything (stamp 0).
        let before = self.stamp;
        if !matches!(action, Action::Move { .. }) {
            self.stamp = 0;
        }
        self.apply_action(scen, action, rng, sink);
        self.restamp();
        if let Action::Move { unit, .. } = action {
            with_scratch(|s| s.after_move(scen, self, unit, before));
        }
    }

    fn apply_action<R: Rng + ?Sized>(
        &mut self,
        scen: &Scenario,
        action: Action,
        rng: &mut R,
        sink: &mut impl EventSink,
    ) {
        match action {
            Action::EndPhase => self.end_phase(scen, rng, sink),
            Action::Attack { unit, target } => {
                self.close_advance();
                self.combat.target = target;
                self.units[unit.index()].flags |= unit_flags::COMMITTED;
                sink.push(Event::Committed { unit, target });
            }
            Action::Resolve { air } => {
                self.resolve_combat(scen, air, &mut RngChance(rng), sink);
            }
            Action::CancelAttack => {
                let target = self.combat.target;
                for u in &mut self.units {
                    u.flags &= !unit_flags::COMMITTED;
                }
                self.combat.target = HexId::NONE;
                sink.push(Event::AttackCancelled { target });
            }
            Action::Advance { unit } => {
                let hex = self.combat.advance;
                let side = scen.unit(unit).side;
                let u = &mut self.units[unit.index()];
                u.hex = hex;
                u.flags &= !unit_flags::MAY_ADVANCE;
                sink.push(Event::Advanced { unit, hex });
                self.take_control(hex, side, sink);
            }
            Action::Charge { unit, target } => {
                self.resolve_charge(scen, unit, target, &mut RngChance(rng), sink);
            }
            Action::Move { unit, to } => with_scratch(|s| self.do_move(scen, s, unit, to, sink)),
            Action::RailMove { unit, to } => {
                let i = self.rail_used as usize;
                let from = self.units[unit.index()].hex;
                if i >= self.rail_log.len() {
                    debug_assert!(false, "apply_unchecked: rail capacity exceeded");
                    return;
                }
                self.rail_log[i] = (unit, from);
                self.rail_used += 1;
                let u = &mut self.units[unit.index()];
                u.hex = to;
                u.flags |= unit_flags::RAILED;
                sink.push(Event::RailMoved { unit, from, to });
            }
            Action::SpendSupply { unit } => self.spend_supply(scen, unit, sink),
            Action::UndoRail { unit } => {
                let n = self.rail_used as usize;
                let Some(i) = self.rail_log[..n].iter().position(|(u, _)| *u == unit) else {
                    debug_assert!(false, "apply_unchecked: no rail move to undo");
                    return;
                };
                let (_, from) = self.rail_log[i];
                self.rail_log.copy_within(i + 1..n, i);
                self.rail_used -= 1;
                let u = &mut self.units[unit.index()];
                u.hex = from;
                u.flags &= !unit_flags::RAILED;
                sink.push(Event::RailUndone { unit, to: from });
            }
        }
    }

    /// GS-4: puts `unit` in full supply (clearing its U-level) for the
    /// scenario's supply point cost.
    fn spend_supply(&mut self, scen: &Scenario, unit: UnitId, sink: &mut impl EventSink) {
        let Some(g) = scen.supply_rules().graded.as_ref() else {
            debug_assert!(
                false,
                "apply_unchecked: supply points outside the graded model"
            );
            return;
        };
        let side = scen.unit(unit).side.index();
        let points = g.sp_cost.min(self.sp[side]);
        self.sp[side] -= points;
        let u = &mut self.units[unit.index()];
        u.supply = SupplyState::Full;
        u.u_level = 0;
        sink.push(Event::SupplySpent {
            unit,
            points,
            left: self.sp[side],
        });
        sink.push(Event::SupplyChanged {
            unit,
            state: SupplyState::Full,
            u_level: 0,
        });
    }

    fn do_move(
        &mut self,
        scen: &Scenario,
        s: &mut Scratch,
        unit: UnitId,
        to: HexId,
        sink: &mut impl EventSink,
    ) {
        let Some((cost, penalty)) = movement::route_to(scen, self, s, unit, to) else {
            debug_assert!(
                false,
                "apply_unchecked: illegal move of unit {unit:?} to {to:?}"
            );
            return;
        };
        let side = scen.unit(unit).side;
        let from = self.units[unit.index()].hex;
        // D-TURN-2: every hex moved through, and the one entered, changes hands.
        let control = &mut self.control;
        movement::walk_path(s, to, penalty, |h| {
            if control[h.index()] != 1 + side.0 {
                control[h.index()] = 1 + side.0;
                sink.push(Event::ControlChanged { hex: h, side });
            }
        });
        let stops = crate::zoc::in_enemy_zoc(scen, &s.zoc, to, side);
        let u = &mut self.units[unit.index()];
        u.hex = to;
        u.mp_spent = Mp(u.mp_spent.0 + cost.0);
        u.flags |= unit_flags::MOVED;
        u.flags &= !unit_flags::ROAD_PENALTY;
        if penalty {
            u.flags |= unit_flags::ROAD_PENALTY;
        }
        if stops {
            u.flags |= unit_flags::MOVE_ENDED; // MP-ZOC-6
        }
        sink.push(Event::Moved {
            unit,
            from,
            to,
            cost,
        });
    }

    fn end_phase<R: Rng + ?Sized>(
        &mut self,
        scen: &Scenario,
        rng: &mut R,
        sink: &mut impl EventSink,
    ) {
        self.advance(scen, sink);
        self.enter_phase(scen, rng, sink);
    }

    /// Steps to the next phase, player-turn or game turn (D-TURN-1); ends the
    /// game after the last turn.
    fn advance(&mut self, scen: &Scenario, sink: &mut impl EventSink) {
        if self.is_over() {
            return;
        }
        if self.phase(scen) == PhaseKind::Combat {
            // MAL-CBT-10: a landing force that has not attacked goes back to the pool.
            let side = self.active_side();
            for i in 0..self.units.len() {
                let u = &mut self.units[i];
                if u.has(unit_flags::LANDING) && scen.units()[i].side == side {
                    u.flags &= !unit_flags::LANDING;
                    sink.push(Event::ReturnedToPool {
                        unit: UnitId(i as u16),
                    });
                }
            }
            self.close_advance();
            for c in &mut self.control {
                *c &= !crate::state::HEX_ATTACKED;
            }
            for u in &mut self.units {
                u.flags &= !unit_flags::ATTACKED;
            }
        }
        self.phase += 1;
        if self.phase as usize >= scen.phases().len() {
            self.phase = 0;
            if self.player == 0 {
                self.player = 1;
            } else {
                self.player = 0;
                self.turn += 1;
                if self.turn > scen.turns() {
                    self.turn = scen.turns();
                    self.finish(scen, sink);
                    return;
                }
            }
            self.begin_player_turn(scen, sink);
        }
    }

    /// Runs phases that need no decision until one that does (or the end).
    fn enter_phase<R: Rng + ?Sized>(
        &mut self,
        scen: &Scenario,
        rng: &mut R,
        sink: &mut impl EventSink,
    ) {
        while !self.is_over() {
            let phase = self.phase(scen);
            sink.push(Event::PhaseBegan {
                turn: self.turn,
                side: self.active_side(),
                phase,
            });
            match phase {
                PhaseKind::Movement => {
                    for u in &mut self.units {
                        u.mp_spent = Mp::ZERO;
                        u.flags &= !(unit_flags::MOVE_ENDED | unit_flags::ROAD_PENALTY);
                    }
                    return;
                }
                PhaseKind::Supply => {
                    self.supply_phase(scen, rng, sink);
                    self.advance(scen, sink)
                }
                PhaseKind::Rail => {
                    if self.begin_rail_phase(scen) {
                        return;
                    }
                    self.advance(scen, sink)
                }
                PhaseKind::Combat => {
                    // GS-7: combat isolation, judged as the phase begins.
                    if scen.supply_rules().model == SupplyModel::Graded {
                        self.combat_isolation(scen, sink);
                    }
                    if self.begin_combat_phase(scen, sink) {
                        return;
                    }
                    self.advance(scen, sink)
                }
                // Naval and rally have nothing to decide until their rules
                // are implemented.
                PhaseKind::Naval | PhaseKind::Rally => self.advance(scen, sink),
            }
        }
    }

    /// MAL-CBT-9: the chance to advance into the last combat's hex ends.
    fn close_advance(&mut self) {
        if self.combat.advance.is_some() {
            self.combat.advance = HexId::NONE;
            for u in &mut self.units {
                u.flags &= !unit_flags::MAY_ADVANCE;
            }
        }
    }

    /// The Combat Phase begins: landing forces whose port the enemy has left
    /// come ashore (MAL-CBT-10); returns whether there is anything to decide
    /// (an attack to make), else the phase passes by itself.
    fn begin_combat_phase(&mut self, scen: &Scenario, sink: &mut impl EventSink) -> bool {
        let side = self.active_side();
        self.combat = Default::default();
        for i in 0..self.units.len() {
            let u = self.units[i];
            if !u.has(unit_flags::LANDING) || scen.units()[i].side != side || u.eliminated() {
                continue;
            }
            let port = scen.units()[i].hex;
            if self.units_at(port).any(|o| scen.unit(o).side != side) {
                continue;
            }
            let unit = UnitId(i as u16);
            self.units[i].flags &= !unit_flags::LANDING;
            if self.units_at(port).count() < scen.stacking() as usize {
                self.units[i].hex = port;
                sink.push(Event::Advanced { unit, hex: port });
                self.take_control(port, side, sink);
            } else {
                sink.push(Event::ReturnedToPool { unit });
            }
        }
        let mut any = false;
        self.for_each_combat_action(scen, |_| any = true);
        any
    }

    /// MAL-RAIL-3: marks the phasing units adjacent to an enemy unit as the
    /// phase begins; returns whether any rail move is possible (if not, the
    /// phase passes by itself).
    fn begin_rail_phase(&mut self, scen: &Scenario) -> bool {
        self.rail_used = 0;
        let side = self.active_side();
        with_scratch(|s| {
            s.prepare(scen, self);
            for i in 0..self.units.len() {
                let u = &mut self.units[i];
                u.flags &= !(unit_flags::RAILED | unit_flags::RAIL_BARRED);
                if !u.on_map() || scen.units()[i].side != side {
                    continue;
                }
                let adjacent = scen
                    .grid()
                    .neighbours(u.hex)
                    .iter()
                    .any(|n| n.is_some() && s.count(*n, side.other()) > 0);
                if adjacent {
                    u.flags |= unit_flags::RAIL_BARRED;
                }
            }
            let mut any = false;
            for u in self.units_of(scen, side) {
                rail::destinations(scen, self, s, u, |_, _| any = true);
                if any {
                    break;
                }
            }
            any
        })
    }

    /// MAL-SUP-1: every unit of both sides is judged; the state holds for the
    /// rest of the player-turn. MAL-SUP-8: then attrition. The graded model
    /// judges the phasing side only (GS-2, see `graded_supply_phase`).
    fn supply_phase<R: Rng + ?Sized>(
        &mut self,
        scen: &Scenario,
        rng: &mut R,
        sink: &mut impl EventSink,
    ) {
        let rules = scen.supply_rules();
        if rules.model == SupplyModel::None {
            return;
        }
        // MAL-SUP-7: the Penang shipping, rolled once when its hex is first taken.
        if let Some(rule) = &rules.ports {
            if let Some(h) = rule.west_after {
                if !self.event(events::WEST_PORTS_ROLLED) && self.control(h) == Some(rule.side) {
                    self.events |= events::WEST_PORTS_ROLLED;
                    let intact = rng.random_range(0..100u8) < rule.west_chance;
                    if intact {
                        self.events |= events::WEST_PORTS_OPEN;
                    }
                    sink.push(Event::Scenario {
                        text: format!(
                            "{} shipping captured {}: west-coast ports {} supply sources",
                            scen.place_name(h)
                                .map_or_else(|| scen.grid().label(h), str::to_string),
                            if intact { "intact" } else { "wrecked" },
                            if intact { "become" } else { "do not become" }
                        ),
                    });
                }
            }
        }
        if rules.model == SupplyModel::Graded {
            self.graded_supply_phase(scen, sink);
        } else {
            self.binary_supply_judgement(scen, sink);
        }
        self.attrition(scen, rng, sink);
    }

    /// MAL-SUP-1: every unit of both sides is judged supplied or not.
    fn binary_supply_judgement(&mut self, scen: &Scenario, sink: &mut impl EventSink) {
        supply::with_supply_scratch(|ms, ss| {
            ms.prepare(scen, self);
            for side in Side::BOTH {
                supply::judge_side_into(scen, self, side, ms, ss);
                for (i, v) in ss.verdict.iter().enumerate() {
                    if *v == 2 {
                        continue;
                    }
                    let new = if *v == 1 {
                        SupplyState::Full
                    } else {
                        SupplyState::Out
                    };
                    let u = &mut self.units[i];
                    if u.supply != new {
                        u.supply = new;
                        sink.push(Event::SupplyChanged {
                            unit: UnitId(i as u16),
                            state: new,
                            u_level: u.u_level,
                        });
                    }
                }
            }
        });
    }

    /// GS-2..4, GS-7: the phasing side's supply judgement. Its supply points
    /// come in first (GS-4); then each of its units is judged (GS-1, GS-3)
    /// and its U-level follows (GS-2): full and limited supply carry U0, out
    /// of supply climbs one level (U1 the first time) up to U8, special
    /// supply holds the level it had. Only the phasing side is judged: the
    /// rule speaks of "its side's supply judgement phases", so a level
    /// holds through the enemy's player-turn until the side's next
    /// judgement; a unit first found out of supply in its own player-turn of
    /// turn N carries U1 through the rest of turn N and the enemy's half,
    /// and U2 from its judgement in turn N+1. Supply isolation (GS-7) is
    /// judged with it.
    fn graded_supply_phase(&mut self, scen: &Scenario, sink: &mut impl EventSink) {
        let Some(g) = scen.supply_rules().graded.as_ref() else {
            return;
        };
        let side = self.active_side();
        let sp = &mut self.sp[side.index()];
        *sp = sp.saturating_add(g.supply_points[side.index()]);
        supply::with_supply_scratch(|ms, ss| {
            ms.prepare(scen, self);
            let what = graded::Judge {
                status: true,
                isolation: true,
            };
            graded::judge_into(scen, self, side, what, ms, &mut ss.graded);
            for i in 0..self.units.len() {
                let unit = UnitId(i as u16);
                let Some(new) = ss.graded.status(unit) else {
                    continue;
                };
                let u = &mut self.units[i];
                let level = match new {
                    SupplyState::Full | SupplyState::Limited => 0,
                    SupplyState::Out => u.u_level.saturating_add(1).clamp(1, 8),
                    SupplyState::Special => u.u_level,
                };
                if u.supply != new || u.u_level != level {
                    u.supply = new;
                    u.u_level = level;
                    sink.push(Event::SupplyChanged {
                        unit,
                        state: new,
                        u_level: level,
                    });
                }
                if let Some(iso) = ss.graded.isolated(unit) {
                    self.set_isolation(unit, Isolation::Supply, iso, sink);
                }
            }
        });
    }

    /// GS-7: combat isolation, judged for both sides as a Combat Phase begins.
    fn combat_isolation(&mut self, scen: &Scenario, sink: &mut impl EventSink) {
        supply::with_supply_scratch(|ms, ss| {
            ms.prepare(scen, self);
            let what = graded::Judge {
                status: false,
                isolation: true,
            };
            for side in Side::BOTH {
                graded::judge_into(scen, self, side, what, ms, &mut ss.graded);
                for i in 0..self.units.len() {
                    let unit = UnitId(i as u16);
                    if let Some(iso) = ss.graded.isolated(unit) {
                        self.set_isolation(unit, Isolation::Combat, iso, sink);
                    }
                }
            }
        });
    }

    fn set_isolation(
        &mut self,
        unit: UnitId,
        marker: Isolation,
        isolated: bool,
        sink: &mut impl EventSink,
    ) {
        let u = &mut self.units[unit.index()];
        if u.has(marker.flag()) != isolated {
            u.flags ^= marker.flag();
            sink.push(Event::IsolationChanged {
                unit,
                marker,
                isolated,
            });
        }
    }

    /// MAL-SUP-8: attrition (the graded model's default rate is 0).
    fn attrition<R: Rng + ?Sized>(
        &mut self,
        scen: &Scenario,
        rng: &mut R,
        sink: &mut impl EventSink,
    ) {
        let rules = scen.supply_rules();
        if rules.model == SupplyModel::Graded && rules.attrition == 0 {
            return; // U-levels instead (GS-2), unless the scenario asks for attrition.
        }
        let phasing = self.active_side();
        for i in 0..self.units.len() {
            let u = self.units[i];
            let side = scen.units()[i].side;
            if !u.on_map()
                || u.supply != SupplyState::Out
                || (!rules.attrition_both_sides && side != phasing)
            {
                continue;
            }
            let p = (rules.attrition as i32 + scen.terrain(u.hex).attrition as i32).clamp(0, 100);
            if rng.random_range(0..100) < p {
                self.lose_step(scen, UnitId(i as u16), LossCause::Attrition, sink);
            }
        }
    }

    /// One step off a unit; eliminated at zero. Counted for victory (D-TURN-3).
    pub(crate) fn lose_step(
        &mut self,
        scen: &Scenario,
        unit: UnitId,
        cause: LossCause,
        sink: &mut impl EventSink,
    ) {
        let u = &mut self.units[unit.index()];
        if u.steps == 0 {
            return;
        }
        let hex = u.hex;
        u.steps -= 1;
        if u.steps == 0 {
            u.hex = HexId::NONE;
        }
        let side = scen.unit(unit).side;
        self.steps_lost[side.index()] += 1;
        sink.push(Event::StepLost {
            unit,
            hex,
            cause,
            steps_left: u.steps,
        });
    }

    /// Start of a player-turn: flags cleared, reinforcements placed, and the
    /// game ends if a side has nothing left.
    fn begin_player_turn(&mut self, scen: &Scenario, sink: &mut impl EventSink) {
        let side = self.active_side();
        for u in &mut self.units {
            u.flags &= unit_flags::PERSISTENT;
            u.mp_spent = Mp::ZERO;
        }
        if self.player == 0 {
            // MAL-CBT-5: air points come each game turn; what is left is lost.
            self.air = scen.combat().air;
        }
        for i in 0..self.units.len() {
            let setup = &scen.units()[i];
            let us = self.units[i];
            if setup.side != side
                || us.hex.is_some()
                || us.eliminated()
                || setup.arrives > self.turn
            {
                continue;
            }
            let unit = UnitId(i as u16);
            let hex = setup.hex;
            let enemy_there = self.units_at(hex).any(|o| scen.unit(o).side != side);
            if us.has(unit_flags::LANDING) {
                continue;
            }
            if enemy_there && setup.amphibious {
                // MAL-CBT-10: it lands under fire and must attack the port.
                self.units[i].flags |= unit_flags::LANDING;
                sink.push(Event::Landing { unit, hex });
                continue;
            }
            if enemy_there || self.units_at(hex).count() >= scen.stacking() as usize {
                sink.push(Event::Delayed { unit, hex });
                continue;
            }
            self.units[i].hex = hex;
            sink.push(Event::Arrived { unit, hex });
            self.take_control(hex, side, sink);
        }
        for s in Side::BOTH {
            let alive = self
                .units
                .iter()
                .zip(scen.units())
                .any(|(u, setup)| setup.side == s && !u.eliminated());
            if !alive {
                self.end_game(
                    scen,
                    GameResult {
                        winner: Some(s.other()),
                        level: ResultLevel::Decisive,
                        vp: self.victory_points(scen),
                    },
                    sink,
                );
                return;
            }
        }
    }

    /// D-TURN-3: the result from victory points at the end of the last turn.
    fn finish(&mut self, scen: &Scenario, sink: &mut impl EventSink) {
        let vp = self.victory_points(scen);
        let v = scen.victory();
        let margin = vp[0] - vp[1];
        let (winner, level) = if margin >= v.decisive {
            (Some(Side(0)), ResultLevel::Decisive)
        } else if margin >= v.marginal {
            (Some(Side(0)), ResultLevel::Marginal)
        } else if -margin >= v.decisive {
            (Some(Side(1)), ResultLevel::Decisive)
        } else if -margin >= v.marginal {
            (Some(Side(1)), ResultLevel::Marginal)
        } else {
            (None, ResultLevel::Draw)
        };
        self.end_game(scen, GameResult { winner, level, vp }, sink);
    }

    fn end_game(&mut self, _scen: &Scenario, result: GameResult, sink: &mut impl EventSink) {
        self.result = Some(result);
        sink.push(Event::GameOver { result });
    }
}
