//! Combat (MAL-CBT-1..10, D-CRT-1): who may attack what, strengths and
//! odds, the die and the results table, air points, step losses, retreats,
//! advance after combat, amphibious assault; and the exact odds calculator.
//!
//! One resolution routine serves play and the calculator: it draws every
//! random number through [`Chance`]. Play passes the game's RNG; the
//! calculator ([`distribution`]) passes a script that walks every branch (each
//! die face, each random choice of the unit that loses a step) and weighs it
//! by its probability, so the distribution it returns is exact and can never
//! drift from what play does.
//!
//! A combat is declared unit by unit ([`crate::Action::Attack`]; the first
//! names the hex), rolled with [`crate::Action::Resolve`] (the attacker's air
//! points), or withdrawn with [`crate::Action::CancelAttack`] before the roll.

use std::fmt;

use rand::Rng;
use serde::{Deserialize, Serialize};

use crate::game::{Event, EventSink, LossCause};
use crate::hex::HexId;
use crate::movement::with_scratch;
use crate::retreat;
use crate::scenario::{CrtResult, LossModel, Scenario, Side, UnitKind, side_bits};
use crate::state::{GameState, UnitId, unit_flags};

/// Where combat's random numbers come from.
pub trait Chance {
    /// A uniform choice among `n` (`n >= 1`): `0..n`.
    fn pick(&mut self, n: usize) -> usize;

    /// A die roll, `1..=faces`.
    fn roll(&mut self, faces: u8) -> u8 {
        self.pick(faces as usize) as u8 + 1
    }
}

/// [`Chance`] from an RNG.
pub struct RngChance<'a, R: Rng + ?Sized>(pub &'a mut R);

impl<R: Rng + ?Sized> Chance for RngChance<'_, R> {
    fn pick(&mut self, n: usize) -> usize {
        self.0.random_range(0..n)
    }
}

/// Why a unit may not attack a hex.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoAttack {
    /// Not the phasing side's unit, or not on the map (nor landing there).
    NotAttacker,
    /// MAL-CBT-1: it has attacked (or is committed) already this phase.
    AlreadyAttacked,
    /// MAL-CBT-1: the hex has been attacked already this phase.
    HexAttacked,
    /// No enemy unit in the hex.
    NoEnemy,
    /// MAL-CBT-1: not adjacent to the hex.
    NotAdjacent,
    /// MAL-CBT-1: another hex's attack is being declared; roll or cancel it first.
    OtherTarget(HexId),
    /// MAL-CBT-2: it could not enter the hex by normal movement.
    CannotEnter,
    /// MAL-CBT-2: armor attacks only across a road or rail connection.
    ArmorNeedsRoad,
    /// MAL-CBT-10: a landing force attacks only its port.
    LandingElsewhere,
    /// GS-4: the side lacks the supply points an attack costs.
    NoSupplyPoints,
}

impl NoAttack {
    /// For people.
    pub fn describe(self, scen: &Scenario) -> String {
        match self {
            NoAttack::NotAttacker => "it is not a phasing unit on the map".into(),
            NoAttack::AlreadyAttacked => "it has attacked already this phase (MAL-CBT-1)".into(),
            NoAttack::HexAttacked => {
                "that hex has been attacked already this phase (MAL-CBT-1)".into()
            }
            NoAttack::NoEnemy => "there is no enemy unit in that hex".into(),
            NoAttack::NotAdjacent => "it is not adjacent to that hex (MAL-CBT-1)".into(),
            NoAttack::OtherTarget(h) => format!(
                "the attack on {} is being declared: roll it or cancel it first",
                scen.grid().label(h)
            ),
            NoAttack::CannotEnter => {
                "it could not enter that hex by normal movement (MAL-CBT-2)".into()
            }
            NoAttack::ArmorNeedsRoad => {
                "armor attacks only across a road or rail connection (MAL-CBT-2)".into()
            }
            NoAttack::LandingElsewhere => {
                "a landing force must attack the port it lands at (MAL-CBT-10)".into()
            }
            NoAttack::NoSupplyPoints => {
                "its side lacks the supply points an attack costs (GS-4)".into()
            }
        }
    }
}

/// MAL-CBT-1, -2, -10: whether `unit` may join an attack on `target` now
/// (phase aside: the caller checks it is a Combat Phase).
pub fn can_attack(
    scen: &Scenario,
    state: &GameState,
    unit: UnitId,
    target: HexId,
) -> Result<(), NoAttack> {
    let side = state.active_side();
    let us = state.unit(unit);
    if scen.unit(unit).side != side || us.eliminated() {
        return Err(NoAttack::NotAttacker);
    }
    let landing = us.has(unit_flags::LANDING);
    if !landing && !us.on_map() {
        return Err(NoAttack::NotAttacker);
    }
    if us.has(unit_flags::ATTACKED | unit_flags::COMMITTED) {
        return Err(NoAttack::AlreadyAttacked);
    }
    let pending = state.combat().target;
    if pending.is_some() && pending != target {
        return Err(NoAttack::OtherTarget(pending));
    }
    if state.hex_attacked(target) {
        return Err(NoAttack::HexAttacked);
    }
    if let Some(g) = &scen.supply_rules().graded {
        // GS-4: the first unit declares the attack, which costs its side.
        if !pending.is_some() && state.supply_points(side) < g.attack_sp {
            return Err(NoAttack::NoSupplyPoints);
        }
    }
    if !state.units_at(target).any(|o| scen.unit(o).side != side) {
        return Err(NoAttack::NoEnemy);
    }
    if landing {
        // MAL-CBT-10: from the sea, against its port only.
        return if scen.unit(unit).hex == target {
            Ok(())
        } else {
            Err(NoAttack::LandingElsewhere)
        };
    }
    let Some(d) = scen.grid().direction(us.hex, target) else {
        return Err(NoAttack::NotAdjacent);
    };
    let ty = scen.unit_type(unit);
    if ty.kind == UnitKind::Armor
        && scen.hexside(us.hex, d) & (side_bits::ROAD | side_bits::RAIL) == 0
    {
        return Err(NoAttack::ArmorNeedsRoad);
    }
    if retreat::entry_cost(scen, us.hex, d, target, ty.class).is_none() {
        return Err(NoAttack::CannotEnter);
    }
    Ok(())
}

/// A copy of `state` in which `attackers` are committed against `target`,
/// as in their side's Combat Phase now: what [`odds`] and [`distribution`]
/// read, for the odds tool, the play page and the AI. Each attacker is
/// checked by [`can_attack`] (MAL-CBT-1, -2, -10); the phase is not.
pub fn what_if(
    scen: &Scenario,
    state: &GameState,
    attackers: &[UnitId],
    target: HexId,
) -> Result<GameState, (UnitId, NoAttack)> {
    let mut st = state.clone();
    st.stamp = 0;
    let Some(&first) = attackers.first() else {
        return Err((UnitId(0), NoAttack::NotAttacker));
    };
    st.player = scen.unit(first).side.0;
    st.combat = Default::default();
    for u in &mut st.units {
        u.flags &= !(unit_flags::COMMITTED | unit_flags::MAY_ADVANCE);
    }
    for &u in attackers {
        if u.index() >= st.units.len() {
            return Err((u, NoAttack::NotAttacker));
        }
        can_attack(scen, &st, u, target).map_err(|e| (u, e))?;
        st.units[u.index()].flags |= unit_flags::COMMITTED;
        st.combat.target = target;
    }
    st.restamp();
    Ok(st)
}

/// Something that changes a unit's combat strength (MAL-CBT-4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Modifier {
    /// MAL-SUP-6 (unsupplied) or GS-5 (Supply Effects Chart).
    Supply,
    /// The defender's terrain.
    Terrain,
    /// A fort.
    Fort,
    /// Attacking across a river.
    River,
    /// Attacking across a stream.
    Stream,
    /// MP-CHG-4: the charger against the unit it charged, x1.5 rounded down.
    Charge,
}

impl Modifier {
    /// For people.
    pub fn name(self) -> &'static str {
        match self {
            Modifier::Supply => "supply",
            Modifier::Terrain => "terrain",
            Modifier::Fort => "fort",
            Modifier::River => "across a river",
            Modifier::Stream => "across a stream",
            Modifier::Charge => "charge (x1.5, rounded down)",
        }
    }
}

/// One unit's part in a combat: its strength before and after modifiers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Contribution {
    /// The unit.
    pub unit: UnitId,
    /// Strength from its type and steps (less morale losses, MP-CHG-5).
    pub base: f64,
    /// Each modifier and its factor, in the order applied.
    pub modifiers: Vec<(Modifier, f64)>,
    /// The strength it adds.
    pub strength: f64,
}

/// A unit's base strength and its strength after supply (MAL-SUP-6, GS-5),
/// noting the supply factor when there is one.
fn with_supply(base: f64, supplied: f64, note: &mut impl FnMut(Modifier, f64)) -> (f64, f64) {
    if base > 0.0 && supplied != base {
        note(Modifier::Supply, supplied / base);
    }
    (base, supplied)
}

/// MAL-CBT-4: `u`'s attack strength against `target`, each modifier passed
/// to `note` as it applies.
fn attack_of(
    scen: &Scenario,
    state: &GameState,
    u: UnitId,
    target: HexId,
    mut note: impl FnMut(Modifier, f64),
) -> (f64, f64) {
    let rules = scen.combat();
    let (base, mut v) = with_supply(
        state.base_strength(scen, u, true),
        state.attack_strength(scen, u),
        &mut note,
    );
    let us = state.unit(u);
    if us.on_map() {
        if let Some(d) = scen.grid().direction(us.hex, target) {
            let bits = scen.hexside(us.hex, d);
            if bits & side_bits::RIVER != 0 && rules.river != 1.0 {
                v *= rules.river;
                note(Modifier::River, rules.river);
            } else if bits & side_bits::STREAM != 0 && rules.stream != 1.0 {
                v *= rules.stream;
                note(Modifier::Stream, rules.stream);
            }
        }
    }
    if us.has(unit_flags::CHARGED) {
        let t = us.charge_target;
        let tu = state.unit(t);
        if tu.hex == target && tu.on_map() {
            v = (v * 1.5).floor();
            note(Modifier::Charge, 1.5);
        }
    }
    (base, v)
}

/// MAL-CBT-3, -4: `u`'s defense strength in `target`.
fn defense_of(
    scen: &Scenario,
    state: &GameState,
    u: UnitId,
    target: HexId,
    mut note: impl FnMut(Modifier, f64),
) -> (f64, f64) {
    let (base, mut v) = with_supply(
        state.base_strength(scen, u, false),
        state.defense_strength(scen, u),
        &mut note,
    );
    let t = scen.terrain(target).defense;
    if t != 1.0 {
        v *= t;
        note(Modifier::Terrain, t);
    }
    if scen.is_fort(target) && scen.combat().fort != 1.0 {
        v *= scen.combat().fort;
        note(Modifier::Fort, scen.combat().fort);
    }
    (base, v)
}

/// The attackers committed to the combat being declared, lowest id first.
fn committed(state: &GameState) -> impl Iterator<Item = UnitId> + '_ {
    state
        .units()
        .iter()
        .enumerate()
        .filter(|(_, u)| u.has(unit_flags::COMMITTED) && !u.eliminated())
        .map(|(i, _)| UnitId(i as u16))
}

/// The units defending `target` against `side` (MAL-CBT-3: all of them).
fn defenders<'a>(
    scen: &'a Scenario,
    state: &'a GameState,
    target: HexId,
    side: Side,
) -> impl Iterator<Item = UnitId> + 'a {
    state
        .units_at(target)
        .filter(move |u| scen.unit(*u).side != side)
}

/// The odds of a combat, explained (MAL-CBT-3..5).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Odds {
    /// The defending hex.
    pub target: HexId,
    /// Each attacker's strength.
    pub attackers: Vec<Contribution>,
    /// Each defender's strength.
    pub defenders: Vec<Contribution>,
    /// Total attack strength (fractions kept).
    pub attack: f64,
    /// Total defense strength.
    pub defense: f64,
    /// D-CRT-1: the column, an index into the scenario's table.
    pub column: usize,
    /// Air points the attacker commits (MAL-CBT-5).
    pub attacker_air: u8,
    /// Air points the defender's rule commits (MAL-CBT-5).
    pub defender_air: u8,
    /// What the air points add to the die roll.
    pub die_modifier: i32,
}

fn totals(scen: &Scenario, state: &GameState, target: HexId) -> (f64, f64) {
    let side = state.active_side();
    let attack = committed(state)
        .map(|u| attack_of(scen, state, u, target, |_, _| {}).1)
        .sum();
    let defense = defenders(scen, state, target, side)
        .map(|u| defense_of(scen, state, u, target, |_, _| {}).1)
        .sum();
    (attack, defense)
}

/// MAL-CBT-5: the defender's air points, by a rule that does not see the
/// attacker's: one point (if it has any left) when the odds before air
/// reach the scenario's `defender_air_at` column, or it defends in terrain
/// that multiplies defense or in a fort.
fn defender_air(scen: &Scenario, state: &GameState, target: HexId, column: usize) -> u8 {
    let foe = state.active_side().other();
    let strong_terrain = scen.terrain(target).defense > 1.0 || scen.is_fort(target);
    let wants = column >= scen.combat().defender_air_at || strong_terrain;
    u8::from(wants && state.air_points(foe) > 0)
}

/// The odds of the attack being declared, with `air` points from the attacker.
pub fn odds(scen: &Scenario, state: &GameState, air: u8) -> Odds {
    let target = state.combat().target;
    let side = state.active_side();
    let contribution = |u: UnitId, attack: bool| {
        let mut modifiers = Vec::new();
        let note = |m, f| modifiers.push((m, f));
        let (base, strength) = if attack {
            attack_of(scen, state, u, target, note)
        } else {
            defense_of(scen, state, u, target, note)
        };
        Contribution {
            unit: u,
            base,
            modifiers,
            strength,
        }
    };
    let attackers: Vec<_> = committed(state).map(|u| contribution(u, true)).collect();
    let defenders: Vec<_> = defenders(scen, state, target, side)
        .map(|u| contribution(u, false))
        .collect();
    let attack = attackers.iter().map(|c| c.strength).sum();
    let defense = defenders.iter().map(|c| c.strength).sum();
    let column = scen.combat().column(attack, defense);
    let attacker_air = air.min(state.air_points(side));
    let defender_air = defender_air(scen, state, target, column);
    Odds {
        target,
        attackers,
        defenders,
        attack,
        defense,
        column,
        attacker_air,
        defender_air,
        die_modifier: attacker_air as i32 - defender_air as i32,
    }
}

/// One way a combat can end, as the calculator counts it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Outcome {
    /// Steps the attacker lost (amphibious losses included).
    pub attacker_steps: u16,
    /// Steps the defender lost (retreat losses included).
    pub defender_steps: u16,
    /// Whether the defenders retreated.
    pub retreated: bool,
    /// Defending units eliminated.
    pub defenders_eliminated: u8,
    /// Attacking units eliminated.
    pub attackers_eliminated: u8,
    /// Whether the hex was left empty for the attacker to take.
    pub hex_taken: bool,
    /// Morale points the attackers lost, strength lost to morale included
    /// (losses in morale, MP-CHG-5; 0 with step losses).
    pub attacker_morale: u16,
    /// Morale points the defenders lost, likewise.
    pub defender_morale: u16,
}

/// How a combat ended: `after` is `before` with the attack of `attackers`
/// on `target` (held by `defenders`) rolled.
pub fn outcome_of(
    scen: &Scenario,
    before: &GameState,
    after: &GameState,
    attackers: &[UnitId],
    defenders: &[UnitId],
    target: HexId,
) -> Outcome {
    let side = before.active_side();
    let lost = |us: &[UnitId]| {
        us.iter()
            .map(|u| (before.unit(*u).steps - after.unit(*u).steps) as u16)
            .sum::<u16>()
    };
    let morale = |us: &[UnitId]| {
        us.iter()
            .map(|u| {
                let (b, a) = (before.unit(*u), after.unit(*u));
                b.morale.saturating_sub(a.morale) as u16
                    + a.strength_loss.saturating_sub(b.strength_loss) as u16
            })
            .sum::<u16>()
    };
    let gone = |us: &[UnitId]| {
        us.iter()
            .filter(|u| after.unit(**u).eliminated() && !before.unit(**u).eliminated())
            .count() as u8
    };
    Outcome {
        attacker_steps: lost(attackers),
        defender_steps: lost(defenders),
        retreated: defenders
            .iter()
            .any(|u| after.unit(*u).on_map() && after.unit(*u).hex != target),
        defenders_eliminated: gone(defenders),
        attackers_eliminated: gone(attackers),
        hex_taken: after.combat().advance == target
            || after.units_at(target).any(|u| scen.unit(u).side == side),
        attacker_morale: morale(attackers),
        defender_morale: morale(defenders),
    }
}

/// The exact outcome distribution of a combat (MAL-CBT, D-CRT-1).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Distribution {
    /// The odds.
    pub odds: Odds,
    /// Each distinct outcome with its probability, most likely first;
    /// the probabilities sum to 1.
    pub outcomes: Vec<(Outcome, f64)>,
}

/// A [`Chance`] that follows a script of choices and extends it with the
/// first branch at each new choice point, multiplying the path's probability.
struct Script<'a> {
    choices: &'a mut Vec<(usize, usize)>,
    at: usize,
    p: f64,
}

impl Chance for Script<'_> {
    fn pick(&mut self, n: usize) -> usize {
        if self.at == self.choices.len() {
            self.choices.push((0, n));
        }
        let (c, _) = self.choices[self.at];
        self.at += 1;
        self.p /= n as f64;
        c
    }
}

/// Calls `f` with every way the attack being declared in `state` can end
/// (each die face, each random loss assignment) as the position it leaves
/// and its probability; the probabilities sum to 1. Positions can repeat
/// (two assignments that end alike): [`branches`] merges them. This is
/// the resolution play runs, driven by a script instead of dice.
pub fn for_each_branch(
    scen: &Scenario,
    state: &GameState,
    air: u8,
    mut f: impl FnMut(&GameState, f64),
) {
    let mut choices: Vec<(usize, usize)> = Vec::new();
    let mut work = state.clone();
    loop {
        work.clone_from(state);
        let mut chance = Script {
            choices: &mut choices,
            at: 0,
            p: 1.0,
        };
        work.resolve_combat(scen, air, &mut chance, &mut ());
        let p = chance.p;
        f(&work, p);
        // Next branch: the last choice point with a branch left moves on.
        loop {
            match choices.pop() {
                None => return,
                Some((c, n)) if c + 1 < n => {
                    choices.push((c + 1, n));
                    break;
                }
                Some(_) => {}
            }
        }
    }
}

/// The distinct positions the attack being declared can leave, with their
/// probabilities (summing to 1), most likely first: the chance node of a
/// search (MCTS), exact.
pub fn branches(scen: &Scenario, state: &GameState, air: u8) -> Vec<(GameState, f64)> {
    let mut out: Vec<(GameState, f64)> = Vec::new();
    for_each_branch(scen, state, air, |st, p| {
        match out.iter_mut().find(|(x, _)| x == st) {
            Some((_, q)) => *q += p,
            None => out.push((st.clone(), p)),
        }
    });
    out.sort_by(|a, b| b.1.total_cmp(&a.1));
    out
}

/// The exact distribution of outcomes of the attack being declared in
/// `state`, with `air` points from the attacker: every die face and every
/// random loss assignment, through the same code play uses.
pub fn distribution(scen: &Scenario, state: &GameState, air: u8) -> Distribution {
    let odds = odds(scen, state, air);
    let side = state.active_side();
    let mut outcomes: Vec<(Outcome, f64)> = Vec::new();
    let attackers: Vec<UnitId> = committed(state).collect();
    let defenders: Vec<UnitId> = defenders(scen, state, odds.target, side).collect();
    for_each_branch(scen, state, air, |work, p| {
        let outcome = outcome_of(scen, state, work, &attackers, &defenders, odds.target);
        match outcomes.iter_mut().find(|(o, _)| *o == outcome) {
            Some((_, q)) => *q += p,
            None => outcomes.push((outcome, p)),
        }
    });
    outcomes.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    Distribution { odds, outcomes }
}

/// The die roll of a combat and what it gave.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Roll {
    /// The die as rolled.
    pub die: u8,
    /// After air modifiers, within the table's rows.
    pub modified: u8,
    /// The table's result.
    pub result: CrtResult,
}

impl fmt::Display for Roll {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.die == self.modified {
            write!(f, "rolled {}: {}", self.die, self.result)
        } else {
            write!(
                f,
                "rolled {} (modified {}): {}",
                self.die, self.modified, self.result
            )
        }
    }
}

impl GameState {
    /// MAL-CBT-1..10: rolls the attack being declared and applies its
    /// result, drawing from `chance` ([`crate::Action::Resolve`] passes the
    /// game's RNG; search and tests may pass their own). Nothing happens if
    /// no attack is being declared.
    pub fn resolve_combat(
        &mut self,
        scen: &Scenario,
        air: u8,
        chance: &mut impl Chance,
        sink: &mut impl EventSink,
    ) {
        let target = self.combat.target;
        if !target.is_some() {
            return;
        }
        self.stamp = 0;
        self.roll_combat(scen, target, air, chance, sink);
        self.restamp();
    }

    fn roll_combat(
        &mut self,
        scen: &Scenario,
        target: HexId,
        air: u8,
        chance: &mut impl Chance,
        sink: &mut impl EventSink,
    ) {
        let rules = scen.combat();
        let side = self.active_side();
        let foe = side.other();
        let (attack, defense) = totals(scen, self, target);
        let column = rules.column(attack, defense);
        // MAL-CBT-5: both commitments are made before the roll, and spent.
        let d_air = defender_air(scen, self, target, column);
        let a_air = air.min(self.air[side.index()]);
        self.air[side.index()] -= a_air;
        self.air[foe.index()] -= d_air;
        if let Some(g) = &scen.supply_rules().graded {
            // GS-4: the attack's supply points.
            let sp = &mut self.sp[side.index()];
            *sp = sp.saturating_sub(g.attack_sp);
        }
        let die = chance.roll(rules.die());
        let modified =
            (die as i32 + a_air as i32 - d_air as i32).clamp(1, rules.die() as i32) as u8;
        let result = rules.results[modified as usize - 1][column];
        self.control[target.index()] |= crate::state::HEX_ATTACKED;
        sink.push(Event::Combat {
            hex: target,
            attack,
            defense,
            column: column as u8,
            attacker_air: a_air,
            defender_air: d_air,
            roll: Roll {
                die,
                modified,
                result,
            },
        });
        // GS-7: isolated units suffer worse losses.
        let extra = |st: &GameState, attackers: bool| -> u8 {
            let isolated = if attackers {
                committed(st).any(|u| st.unit(u).has(unit_flags::COMBAT_ISOLATED))
            } else {
                defenders(scen, st, target, side)
                    .any(|u| st.unit(u).has(unit_flags::COMBAT_ISOLATED))
            };
            match &scen.supply_rules().graded {
                Some(g) if isolated => g.isolated_losses,
                _ => 0,
            }
        };
        let a_loss = result.attacker
            + if result.attacker > 0 {
                extra(self, true)
            } else {
                0
            };
        let d_loss = result.defender
            + if result.defender > 0 {
                extra(self, false)
            } else {
                0
            };
        self.take_losses(scen, true, target, a_loss, chance, sink);
        self.take_losses(scen, false, target, d_loss, chance, sink);
        // MAL-CBT-10: each landing unit loses a further step.
        for i in 0..self.units.len() {
            let u = self.units[i];
            if u.has(unit_flags::COMMITTED) && u.has(unit_flags::LANDING) {
                for _ in 0..rules.amphibious_loss {
                    self.lose_step(scen, UnitId(i as u16), LossCause::Combat, sink);
                }
            }
        }
        if result.retreat > 0 {
            self.retreat_defenders(scen, target, result.retreat, sink);
        }
        // The attackers have attacked; the hex may be taken (MAL-CBT-9).
        let empty = self.units_at(target).next().is_none();
        let mut room = scen.stacking() as usize;
        for i in 0..self.units.len() {
            let u = &mut self.units[i];
            if !u.has(unit_flags::COMMITTED) {
                continue;
            }
            u.flags &= !unit_flags::COMMITTED;
            u.flags |= unit_flags::ATTACKED;
            if u.eliminated() {
                u.flags &= !unit_flags::LANDING;
                continue;
            }
            if u.has(unit_flags::LANDING) {
                // MAL-CBT-10: a landing force comes ashore if the port is
                // empty, else goes back to the reinforcement pool.
                u.flags &= !unit_flags::LANDING;
                let unit = UnitId(i as u16);
                if empty && room > 0 {
                    room -= 1;
                    u.hex = target;
                    sink.push(Event::Advanced { unit, hex: target });
                } else {
                    sink.push(Event::ReturnedToPool { unit });
                }
            } else if empty {
                u.flags |= unit_flags::MAY_ADVANCE;
            }
        }
        self.combat.target = HexId::NONE;
        if empty {
            self.combat.advance = target;
            if room < scen.stacking() as usize {
                self.take_control(target, side, sink);
            }
        }
    }

    /// MAL-CBT-6: `losses` off the attackers (committed units) or the
    /// defenders of `target`: first the units with two or more steps left,
    /// then the one-step units, each loss to one of the group at random.
    /// With morale losses (MP-CHG-5), each loss is a morale point off a
    /// participant chosen at random.
    fn take_losses(
        &mut self,
        scen: &Scenario,
        attackers: bool,
        target: HexId,
        losses: u8,
        chance: &mut impl Chance,
        sink: &mut impl EventSink,
    ) {
        let side = self.active_side();
        let morale = scen.combat().losses == LossModel::Morale;
        let part = |st: &GameState, i: usize| -> bool {
            let u = &st.units[i];
            if u.eliminated() {
                return false;
            }
            if attackers {
                u.has(unit_flags::COMMITTED)
            } else {
                u.hex == target && scen.units()[i].side != side
            }
        };
        for _ in 0..losses {
            let group =
                |st: &GameState, i: usize| part(st, i) && (morale || st.units[i].steps >= 2);
            let mut n = (0..self.units.len()).filter(|&i| group(self, i)).count();
            let two = n > 0;
            if !two {
                n = (0..self.units.len()).filter(|&i| part(self, i)).count();
            }
            if n == 0 {
                return;
            }
            let k = if n == 1 { 0 } else { chance.pick(n) };
            let Some(i) = (0..self.units.len())
                .filter(|&i| if two { group(self, i) } else { part(self, i) })
                .nth(k)
            else {
                return;
            };
            let unit = UnitId(i as u16);
            if morale {
                self.lose_morale(scen, unit, 1, LossCause::Combat, sink);
            } else {
                self.lose_step(scen, unit, LossCause::Combat, sink);
            }
        }
    }

    /// MAL-CBT-7, -8: every defender left in `target` retreats `hexes` hexes
    /// (lowest id first, each by its own best path), losing a step per enemy
    /// ZOC hex entered, or two steps where no retreat can be made.
    fn retreat_defenders(
        &mut self,
        scen: &Scenario,
        target: HexId,
        hexes: u8,
        sink: &mut impl EventSink,
    ) {
        let side = self.active_side();
        for i in 0..self.units.len() {
            let u = self.units[i];
            if u.hex != target || u.eliminated() || scen.units()[i].side == side {
                continue;
            }
            let unit = UnitId(i as u16);
            let path = with_scratch(|ms| {
                ms.prepare(scen, self);
                retreat::plan(scen, self, ms, unit, target, hexes)
            });
            match path {
                Some(p) => {
                    let foe = scen.units()[i].side;
                    for &h in p.hexes() {
                        self.take_control(h, foe, sink);
                    }
                    self.units[i].hex = p.end();
                    sink.push(Event::Retreated {
                        unit,
                        from: target,
                        path: p.hexes().to_vec(),
                    });
                    for _ in 0..p.zoc {
                        self.lose_step(scen, unit, LossCause::Retreat, sink);
                    }
                }
                None => {
                    sink.push(Event::NoRetreat { unit, hex: target });
                    for _ in 0..2 {
                        self.lose_step(scen, unit, LossCause::Retreat, sink);
                    }
                }
            }
        }
    }

    /// MP-CHG-5: `points` of morale off `unit`; morale below zero comes off
    /// its combat strength; with no strength left it is eliminated (its
    /// steps count as lost for victory, D-TURN-3).
    pub(crate) fn lose_morale(
        &mut self,
        scen: &Scenario,
        unit: UnitId,
        points: u8,
        cause: LossCause,
        sink: &mut impl EventSink,
    ) {
        for _ in 0..points {
            let u = &mut self.units[unit.index()];
            if u.eliminated() {
                return;
            }
            if u.morale > 0 {
                u.morale -= 1;
            } else {
                u.strength_loss = u.strength_loss.saturating_add(1);
            }
            let (hex, morale, strength_loss) = (u.hex, u.morale, u.strength_loss);
            sink.push(Event::MoraleLost {
                unit,
                hex,
                cause,
                morale,
                strength_loss,
            });
            if self.base_strength(scen, unit, true) <= 0.0
                && self.base_strength(scen, unit, false) <= 0.0
            {
                while !self.units[unit.index()].eliminated() {
                    self.lose_step(scen, unit, cause, sink);
                }
            }
        }
    }

    /// D-TURN-2: `side` takes `h`.
    pub(crate) fn take_control(&mut self, h: HexId, side: Side, sink: &mut impl EventSink) {
        let c = &mut self.control[h.index()];
        if *c & !crate::state::HEX_ATTACKED != 1 + side.0 {
            *c = (*c & crate::state::HEX_ATTACKED) | (1 + side.0);
            sink.push(Event::ControlChanged { hex: h, side });
        }
    }
}
