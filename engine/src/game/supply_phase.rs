//! The Supply Phase: the Penang roll (MAL-SUP-7), the judgement of the
//! binary model (MAL-SUP-1) or of the graded model (GS-2..4, GS-7), then
//! attrition (MAL-SUP-8); and combat isolation (GS-7).

use rand::Rng;

use crate::event::{Event, EventSink, Isolation, LossCause};
use crate::rules::{graded, supply};
use crate::scenario::{Scenario, Side, SupplyModel};
use crate::state::{GameState, ScenarioEvents, SupplyState, UnitFlags, UnitId};

impl GameState {
    /// MAL-SUP-1: every unit of both sides is judged; the state holds for the
    /// rest of the player-turn. MAL-SUP-8: then attrition. The graded model
    /// judges the phasing side's supply only (GS-2, see
    /// `graded_supply_phase`), and both sides' isolation (GS-7).
    pub(super) fn supply_phase<R: Rng + ?Sized>(
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
                if !self.event(ScenarioEvents::WEST_PORTS_ROLLED)
                    && self.control(h) == Some(rule.side)
                {
                    self.events |= ScenarioEvents::WEST_PORTS_ROLLED;
                    let intact = rng.random_range(0..100u8) < rule.west_chance;
                    if intact {
                        self.events |= ScenarioEvents::WEST_PORTS_OPEN;
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

    /// MAL-SUP-1: every unit of both sides is judged supplied or not
    /// (`supply::judge_side`'s code).
    pub(super) fn binary_supply_judgement(&mut self, scen: &Scenario, sink: &mut impl EventSink) {
        supply::with_supply_scratch(|ms, ss| {
            ms.prepare(scen, self);
            for side in Side::BOTH {
                supply::judge_side_in(scen, self, side, graded::Judge::STATUS, ms, ss);
                for (unit, s) in ss.out.iter() {
                    let u = &mut self.units[unit.index()];
                    if u.supply != s.state {
                        u.supply = s.state;
                        sink.push(Event::SupplyChanged {
                            unit,
                            state: s.state,
                            u_level: u.u_level,
                        });
                    }
                }
            }
        });
    }

    /// GS-2..4, GS-7: the phasing side's supply judgement. Its supply points
    /// come in first (GS-4); then each of its units is judged (GS-1, GS-3)
    /// and its U-level follows (GS-2, `graded::u_level_after`): full and
    /// limited supply carry U0, out of supply climbs one level (U1 the first
    /// time) up to U8, special supply holds the level it had. Only the
    /// phasing side is judged: the rule speaks of "its side's supply
    /// judgement phases", so a level holds through the enemy's player-turn
    /// until the side's next judgement; a unit first found out of supply in
    /// its own player-turn of turn N carries U1 through the rest of turn N
    /// and the enemy's half, and U2 from its judgement in turn N+1. Supply
    /// isolation (GS-7) is judged with it (`supply::judge_side`'s code),
    /// and for the other side's units too: "isolation status of all units
    /// and hexes is determined at the start of each combat phase and supply
    /// judgement phase".
    pub(super) fn graded_supply_phase(&mut self, scen: &Scenario, sink: &mut impl EventSink) {
        let Some(g) = scen.supply_rules().graded.as_ref() else {
            return;
        };
        let side = self.active_side();
        let sp = &mut self.sp[side.index()];
        *sp = sp.saturating_add(g.supply_points[side.index()]);
        self.receive_rp(scen, side, sink); // GS-9
        supply::with_supply_scratch(|ms, ss| {
            ms.prepare(scen, self);
            supply::judge_side_in(scen, self, side, graded::Judge::ALL, ms, ss);
            for (unit, s) in ss.out.iter() {
                let u = &mut self.units[unit.index()];
                // GS-1: judged again, by the line it traces now.
                u.flags.remove(UnitFlags::SP_SUPPLIED);
                if u.supply != s.state || u.u_level != s.u_level {
                    u.supply = s.state;
                    u.u_level = s.u_level;
                    sink.push(Event::SupplyChanged {
                        unit,
                        state: s.state,
                        u_level: s.u_level,
                    });
                }
                if let Some(iso) = s.isolated {
                    self.set_isolation(unit, Isolation::Supply, iso, sink);
                }
            }
            self.judge_pockets(scen, side, &ss.graded, sink); // GS-9
            let enemy = side.other();
            graded::judge_into(
                scen,
                self,
                enemy,
                graded::Judge::ISOLATION,
                ms,
                &mut ss.graded,
            );
            self.mark_isolation(Isolation::Supply, &ss.graded, sink);
            self.judge_pockets(scen, enemy, &ss.graded, sink); // GS-9
        });
    }

    /// Sets `marker` on every unit `gs`'s isolation judgement looked at.
    fn mark_isolation(
        &mut self,
        marker: Isolation,
        gs: &graded::GradedScratch,
        sink: &mut impl EventSink,
    ) {
        for i in 0..self.units.len() {
            let unit = UnitId(i as u16);
            if let Some(iso) = gs.isolated(unit) {
                self.set_isolation(unit, marker, iso, sink);
            }
        }
    }

    /// GS-7: combat isolation, judged for both sides as a Combat Phase begins.
    pub(super) fn combat_isolation(&mut self, scen: &Scenario, sink: &mut impl EventSink) {
        supply::with_supply_scratch(|ms, ss| {
            ms.prepare(scen, self);
            for side in Side::BOTH {
                graded::judge_into(
                    scen,
                    self,
                    side,
                    graded::Judge::ISOLATION,
                    ms,
                    &mut ss.graded,
                );
                self.mark_isolation(Isolation::Combat, &ss.graded, sink);
                self.judge_pockets(scen, side, &ss.graded, sink); // GS-9
            }
        });
    }

    pub(super) fn set_isolation(
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
    pub(super) fn attrition<R: Rng + ?Sized>(
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
}
