//! The rule options a scenario sets: the phases of a player-turn, victory
//! and objectives, and the supply rules (binary, and the graded model's
//! weather, Supply Effects Chart and supply points).

use super::vocab::name_in;
use super::{Mp, Side, SupplyState};
use crate::hex::HexId;

/// An objective.
#[derive(Clone, Debug)]
pub struct Objective {
    /// Hex.
    pub hex: HexId,
    /// Name.
    pub name: String,
    /// Victory points.
    pub vp: i32,
    /// Only this side scores it.
    pub side: Option<Side>,
}

/// Phases of a player-turn (D-TURN-1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PhaseKind {
    /// Supply judgement (automatic).
    Supply,
    /// Normal movement.
    Movement,
    /// Rail movement.
    Rail,
    /// Combat.
    Combat,
    /// Naval movement.
    Naval,
    /// Rally.
    Rally,
}

impl PhaseKind {
    /// Every phase with its file name.
    pub const NAMES: [(&'static str, PhaseKind); 6] = [
        ("supply", PhaseKind::Supply),
        ("movement", PhaseKind::Movement),
        ("rail", PhaseKind::Rail),
        ("combat", PhaseKind::Combat),
        ("naval", PhaseKind::Naval),
        ("rally", PhaseKind::Rally),
    ];

    /// Name used in files and logs.
    pub fn name(self) -> &'static str {
        name_in(&Self::NAMES, self)
    }
}

/// Victory thresholds (D-TURN-3).
#[derive(Clone, Debug)]
pub struct Victory {
    /// VP per enemy step eliminated.
    pub step_vp: i32,
    /// Margin for a decisive victory.
    pub decisive: i32,
    /// Margin for a marginal victory.
    pub marginal: i32,
    /// VP each side holds before play, by side index (the designer's
    /// handicap, counted in every victory-point total).
    pub bonus: [i32; 2],
}

/// Which supply rules a scenario plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum SupplyModel {
    /// Every unit is always in supply.
    #[default]
    None,
    /// Supplied or not (MAL-SUP-1..8).
    Binary,
    /// Full, limited, out, special, with U-levels and HQs (GS-1..8).
    Graded,
}

/// MAL-SUP-7: a side that draws supply from ports it controls.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PortRule {
    /// The side.
    pub side: Side,
    /// East-coast ports it controls are sources.
    pub east: bool,
    /// West-coast ports become sources once this hex (Penang) is captured
    /// with its shipping intact; `None`: always.
    pub west_after: Option<HexId>,
    /// Percent chance the shipping is captured intact, rolled once.
    pub west_chance: u8,
}

/// Supply rules of a scenario.
#[derive(Clone, Debug, Default)]
pub struct SupplyRules {
    /// The model.
    pub model: SupplyModel,
    /// MAL-SUP-8: base attrition chance in percent for an unsupplied unit
    /// (default 30 in the binary model, 0 in the graded one).
    pub attrition: u8,
    /// MAL-SUP-8: attrition strikes both sides' unsupplied units in each
    /// Supply Phase (the rule's letter), or only the phasing side's.
    pub attrition_both_sides: bool,
    /// MAL-SUP-7 ports.
    pub ports: Option<PortRule>,
    /// GS-1..8: the graded model's data; `Some` exactly when the model is
    /// [`SupplyModel::Graded`].
    pub graded: Option<GradedRules>,
}

/// GS-6: what one kind of weather does to supply lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weather {
    /// Name, as in the file.
    pub name: String,
    /// Longest road element of a supply line, in hexes (`u16::MAX`: no limit).
    pub road: u16,
    /// Longest rail element of a supply line, in hexes (`u16::MAX`: no limit).
    pub rail: u16,
    /// Overland range from a unit to an HQ (GS-3); three times this is the
    /// longest line of communication (GS-8).
    pub hq_range: Mp,
}

impl Weather {
    /// GS-8: the longest line of communication, three times the HQ range.
    pub fn loc_range(&self) -> Mp {
        Mp(self.hq_range.0.saturating_mul(3))
    }
}

/// GS-5: one row of the Supply Effects Chart: multipliers on movement
/// allowance and strengths (fractions kept), and whether ZOC is kept.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SupplyEffect {
    /// Movement allowance multiplier (0 to 1).
    pub movement: f64,
    /// Attack strength multiplier (0 to 1).
    pub attack: f64,
    /// Defense strength multiplier (0 to 1).
    pub defense: f64,
    /// The unit still exerts its ZOC.
    pub zoc: bool,
}

impl SupplyEffect {
    /// Both restrictions at once: the lower multiplier of each, and a ZOC
    /// only where both leave it.
    pub fn and(&self, other: &SupplyEffect) -> SupplyEffect {
        SupplyEffect {
            movement: self.movement.min(other.movement),
            attack: self.attack.min(other.attack),
            defense: self.defense.min(other.defense),
            zoc: self.zoc && other.zoc,
        }
    }

    /// No effect: full supply, or a level the chart leaves unrestricted.
    pub const NONE: SupplyEffect = SupplyEffect {
        movement: 1.0,
        attack: 1.0,
        defense: 1.0,
        zoc: true,
    };
}

/// The graded supply model's data (GS-1..8), from `[supply]`.
#[derive(Clone, Debug, PartialEq)]
pub struct GradedRules {
    /// GS-6: the weather kinds, in file order (at least one).
    pub weathers: Vec<Weather>,
    /// GS-6: index into `weathers` for each game turn (turn 1 first).
    pub turn_weather: Vec<u8>,
    /// GS-5: effects for limited supply (index 0, "U0") and U1..U8, each
    /// level missing from the chart filled from the nearest lower one.
    pub levels: [SupplyEffect; 9],
    /// GS-5: the chart's row for special supply, if it has one (else a
    /// special-supplied unit has the row of the level it holds).
    pub special: Option<SupplyEffect>,
    /// GS-4, GS-5: what a unit in special supply at each U-level bears
    /// (from [`GradedRules::special_rows`]).
    pub special_levels: [SupplyEffect; 9],
    /// GS-4: supply points each side receives at each of its supply judgements.
    pub supply_points: [u16; 2],
    /// GS-4: supply points each side starts with.
    pub starting_points: [u16; 2],
    /// GS-4: supply points to put one unit in full supply.
    pub sp_cost: u16,
    /// GS-4: supply points each attack costs.
    pub attack_sp: u16,
    /// GS-1: special supply sources per side.
    pub special_sources: [Vec<HexId>; 2],
    /// GS-1: range to a special source; `None`: the turn's HQ range.
    pub special_range: Option<Mp>,
    /// GS-8: what an enemy ZOC hex adds to a line of communication.
    pub zoc_cost: Mp,
    /// GS-7: extra step losses for an isolated unit in combat (for combat).
    pub isolated_losses: u8,
    /// GS-8: the movement class whose costs lines of communication pay.
    pub loc_class: u8,
    /// GS-3: the nations, in order of first mention among the unit types.
    pub nations: Vec<String>,
    /// GS-3: index into `nations` per unit type.
    pub type_nation: Vec<u8>,
    /// GS-3: per nation, the nations whose HQs give its units full supply,
    /// as bits: its own, and those `full_supply_from` links it to (one way).
    pub full_from: Vec<u64>,
    /// GS-9: replacement points and isolated pockets, if the scenario plays them.
    pub pockets: Option<PocketRules>,
}

/// GS-9: replacement points (RPs) and isolated pockets, from `[supply.pockets]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PocketRules {
    /// RPs each side's front pool receives at each of its supply judgements.
    pub rp_per_turn: [u16; 2],
    /// RPs each side's front pool starts with.
    pub initial_rp: [u16; 2],
    /// RPs to rebuild one step (at least 1).
    pub step_rp: u16,
    /// Special replacements: RPs each step lost puts in its unit's pool.
    pub loss_rp: u16,
    /// An isolated unit that takes a loss forms a pocket.
    pub form: bool,
    /// RPs each pocket may ship or fly out per player-turn.
    pub ship_rp: u16,
    /// Eliminated units each pocket may ship or fly out per player-turn.
    pub ship_units: u8,
}

impl GradedRules {
    /// GS-3: whether an HQ of `hq_nation` (a coalition HQ when `coalition`)
    /// gives a unit of `nation` full supply: a coalition HQ, one of its own
    /// nation, or one of a nation its own takes full supply from (a one-way
    /// link: Commonwealth units from British HQs). The exception for a
    /// nation with no HQ of its own is the caller's.
    #[inline]
    pub fn gives_full(&self, nation: u8, hq_nation: u8, coalition: bool) -> bool {
        coalition
            || hq_nation == nation
            || self
                .full_from
                .get(nation as usize)
                .is_some_and(|m| m & (1 << hq_nation) != 0)
    }

    /// GS-6: the weather of game turn `turn` (from 1).
    pub fn weather(&self, turn: u8) -> &Weather {
        let i = self
            .turn_weather
            .get(turn.saturating_sub(1) as usize)
            .copied()
            .unwrap_or(0);
        &self.weathers[i as usize]
    }

    /// GS-4, GS-5: the rows a unit in special supply bears at U0..U8.
    /// Special supply "may only be used to maintain the current supply
    /// status of units": a unit that holds U1..U8 keeps that level's
    /// restrictions, and the chart's special row, if there is one, adds its
    /// own; at U0, the special row (or, without one, limited supply's).
    pub fn special_rows(
        levels: &[SupplyEffect; 9],
        special: Option<&SupplyEffect>,
    ) -> [SupplyEffect; 9] {
        std::array::from_fn(|k| match (k, special) {
            (0, Some(s)) => *s,
            (_, Some(s)) => s.and(&levels[k]),
            (_, None) => levels[k],
        })
    }

    /// GS-5: the chart's row for a unit in `state` at `u_level`; `None` in
    /// full supply. Out of supply reads U1..U8 (a U0 there counts as U1);
    /// special supply reads [`GradedRules::special_rows`].
    pub fn effect(&self, state: SupplyState, u_level: u8) -> Option<&SupplyEffect> {
        use SupplyState as S;
        let level = (u_level as usize).min(8);
        match state {
            S::Full => None,
            S::Limited => Some(&self.levels[0]),
            S::Out => Some(&self.levels[level.max(1)]),
            S::Special => Some(&self.special_levels[level]),
        }
    }
}
