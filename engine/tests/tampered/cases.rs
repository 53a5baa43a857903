//! The corpus of `tampered.rs`: each case's name, the scenario and kind
//! of position it starts from, the change made to its saved game, and
//! words the refusal must contain.

use hexwar_engine::save::{SavedGame, SavedPocket, SavedPools};
use hexwar_engine::scenario::RouteKind;
use hexwar_engine::state::UnitFlags;
use hexwar_engine::{Side, SupplyState, UnitId};

use super::{At, Ctx};

pub type Tamper = fn(&Ctx, &mut SavedGame);

/// Each case: its name, the scenario and kind of position, the change, and
/// words the refusal must contain.
pub const CASES: &[(&str, &str, At, Tamper, &str)] = &[
    (
        "a reinforcement on the map before its turn",
        "malaya",
        At::Start,
        |c, s| {
            let i = c.unit(|u| c.scen.unit(u).arrives > 2);
            s.units[i].hex = Some(c.label(c.scen.units()[i].hex));
        },
        "before it arrives",
    ),
    (
        "a 0-step unit on the map",
        "malaya",
        At::Moved,
        |c, s| {
            let i = c.unit(|u| c.on_map(u));
            let side = c.scen.units()[i].side.index();
            s.steps_lost[side] += s.units[i].steps as u16;
            s.units[i].steps = 0;
        },
        "eliminated (0 steps) but standing in",
    ),
    (
        "an eliminated unit put back on the map",
        "malaya",
        At::Eliminated,
        |c, s| {
            let i = c.unit(|u| c.st.unit(u).steps == 0);
            s.units[i].hex = Some(c.label(c.scen.units()[i].hex));
        },
        "eliminated (0 steps) but standing in",
    ),
    (
        "steps_lost 65535",
        "malaya",
        At::Moved,
        |_, s| s.steps_lost[0] = 65535,
        "steps_lost: 65535",
    ),
    (
        "steps lost not counted",
        "malaya",
        At::Eliminated,
        |_, s| s.steps_lost = [0, 0],
        "steps_lost: 0",
    ),
    (
        "more steps than the unit set up with",
        "eastfront",
        At::Start,
        |c, s| {
            let i = c.unit(|u| c.on_map(u) && c.scen.unit(u).steps < c.scen.unit_type(u).steps());
            s.units[i].steps += 1;
        },
        "more than the",
    ),
    (
        "a result fabricated in mid-game",
        "malaya",
        At::Moved,
        |_, s| {
            s.result = Some(
                serde_json::from_str(r#"{"winner":0,"level":"decisive","vp":[99,0]}"#).unwrap(),
            );
        },
        "is not the result",
    ),
    (
        "a result with the winner swapped",
        "malaya",
        At::Over,
        |_, s| {
            let r = s.result.as_mut().unwrap();
            r.winner = Some(r.winner.map_or(Side(0), Side::other));
        },
        "is not the result: the position gives",
    ),
    (
        "a result with victory points made up",
        "morne-plaine",
        At::Over,
        |_, s| {
            s.result.as_mut().unwrap().vp[0] += 50;
        },
        "is not the result",
    ),
    (
        "a result saved in mid-turn",
        "malaya",
        At::Over,
        |_, s| s.phase = 1,
        "a game ends as a player-turn begins",
    ),
    (
        "control of a hex holding enemy units",
        "malaya",
        At::Moved,
        |c, s| {
            let h = c.held_by(Side(0));
            c.control(s, h, '1');
        },
        "but is controlled by",
    ),
    (
        "an occupied hex controlled by no one",
        "eastfront",
        At::Moved,
        |c, s| {
            let h = c.held_by(Side(1));
            c.control(s, h, '.');
        },
        "controlled by no side",
    ),
    (
        "air points beyond the allowance",
        "malaya",
        At::Moved,
        |_, s| s.air_points = [200, 200],
        "air_points: ",
    ),
    (
        "morale of 255",
        "morne-plaine",
        At::Start,
        |c, s| {
            let i = c.unit(|u| c.scen.unit_type(u).morale.is_some());
            s.units[i].morale = 255;
        },
        "morale 255",
    ),
    (
        "morale for a type without any",
        "malaya",
        At::Start,
        |_, s| s.units[0].morale = 3,
        "its type has none",
    ),
    (
        "strength loss of 255",
        "morne-plaine",
        At::Start,
        |_, s| {
            s.units[0].morale = 0;
            s.units[0].strength_loss = 255;
        },
        "strength loss 255",
    ),
    (
        "strength lost with morale left",
        "morne-plaine",
        At::Start,
        |c, s| {
            let i = c.unit(|u| c.st.unit(u).morale > 0);
            s.units[i].strength_loss = 1;
        },
        "strength goes only once morale is gone",
    ),
    (
        "flag bits that mean nothing",
        "malaya",
        At::Moved,
        |_, s| s.units[0].flags = 0xf000,
        "mean nothing",
    ),
    (
        "a per-turn flag on the other side's unit",
        "malaya",
        At::Moved,
        |c, s| {
            let i = c.unit(|u| !c.phasing(u));
            s.units[i].flags = UnitFlags::MOVED.bits();
        },
        "but it is",
    ),
    (
        "ATTACKED in a Movement Phase",
        "malaya",
        At::Moved,
        |c, s| {
            let i = c.unit(|u| c.phasing(u) && c.on_map(u));
            s.units[i].flags |= UnitFlags::ATTACKED.bits();
        },
        "ATTACKED outside a Combat Phase",
    ),
    (
        "DEFENDED on the phasing side's unit",
        "malaya",
        At::Fought,
        |c, s| {
            let i = c.unit(|u| c.phasing(u) && c.on_map(u));
            s.units[i].flags |= UnitFlags::DEFENDED.bits();
        },
        "DEFENDED, but it is not",
    ),
    (
        "DEFENDED in a Movement Phase",
        "malaya",
        At::Moved,
        |c, s| {
            let i = c.unit(|u| !c.phasing(u) && c.on_map(u));
            s.units[i].flags |= UnitFlags::DEFENDED.bits();
        },
        "in a Combat Phase (MAL-CBT-1)",
    ),
    (
        "RAILED before the Rail Phase",
        "malaya",
        At::Moved,
        |c, s| {
            let i = c.unit(|u| c.phasing(u) && c.on_map(u));
            s.units[i].flags |= UnitFlags::RAILED.bits();
        },
        "RAILED before a Rail Phase",
    ),
    (
        "MOVE_ENDED without MOVED",
        "malaya",
        At::Moved,
        |c, s| {
            let i = c.unit(|u| c.phasing(u) && c.on_map(u) && !c.st.unit(u).has(UnitFlags::MOVED));
            s.units[i].flags |= UnitFlags::MOVE_ENDED.bits();
        },
        "without having moved",
    ),
    (
        "LANDING on a unit that is not amphibious",
        "malaya",
        At::Moved,
        |c, s| {
            let i = c.unit(|u| c.phasing(u) && !c.scen.unit(u).amphibious);
            s.units[i].flags |= UnitFlags::LANDING.bits();
        },
        "LANDING, but it is not amphibious",
    ),
    (
        "an isolation marker under binary supply",
        "malaya",
        At::Start,
        |_, s| {
            s.units[0].flags |= UnitFlags::SUPPLY_ISOLATED.bits();
        },
        "isolation marker outside the graded supply model",
    ),
    (
        "event bits that mean nothing",
        "malaya",
        At::Start,
        |_, s| s.events = 0xff,
        "events: unknown bits",
    ),
    (
        "the ports roll in a scenario without it",
        "morne-plaine",
        At::Start,
        |_, s| s.events = 1,
        "in a scenario without it",
    ),
    (
        "ports open without their roll",
        "malaya",
        At::Start,
        |_, s| s.events = 2,
        "without their roll",
    ),
    (
        "attack_target in a Movement Phase",
        "malaya",
        At::Moved,
        |c, s| {
            s.attack_target = Some(c.label(c.held_by(c.st.active_side().other())));
        },
        "attack_target: an attack declared outside a Combat Phase",
    ),
    (
        "an attack declared on an empty hex",
        "malaya",
        At::Declared,
        |c, s| {
            let u = c.unit(|u| c.st.unit(u).has(UnitFlags::COMMITTED));
            let h = c.empty_next_to(
                c.st.unit(UnitId(u as u16)).hex,
                c.scen.unit_type(UnitId(u as u16)).class,
            );
            s.attack_target = Some(c.label(h));
        },
        "which it may not join",
    ),
    (
        "an attacker that is not adjacent",
        "malaya",
        At::Declared,
        |c, s| {
            let target = c.st.combat().target;
            let i = c.unit(|u| {
                c.phasing(u)
                    && c.on_map(u)
                    && c.scen.grid().distance(c.st.unit(u).hex, target) > 1
                    && !c.st.unit(u).has(UnitFlags::ATTACKED)
            });
            s.units[i].flags |= UnitFlags::COMMITTED.bits();
        },
        "which it may not join",
    ),
    (
        "an attack with no unit committed",
        "malaya",
        At::Declared,
        |_, s| {
            for u in &mut s.units {
                u.flags &= !UnitFlags::COMMITTED.bits();
            }
        },
        "no unit is committed to it",
    ),
    (
        "COMMITTED with no attack declared",
        "malaya",
        At::Declared,
        |_, s| s.attack_target = None,
        "COMMITTED, but no attack is declared",
    ),
    (
        "advance_hex in a Movement Phase",
        "malaya",
        At::Moved,
        |c, s| {
            s.advance_hex = Some(c.label(c.held_by(c.st.active_side())));
        },
        "advance_hex: open outside a Combat Phase",
    ),
    (
        "advance_hex on a hex not attacked",
        "malaya",
        At::Advance,
        |c, s| {
            let to = c.st.combat().advance;
            s.attacked.retain(|h| *h != c.label(to));
        },
        "was not attacked in this phase",
    ),
    (
        "an advance into a hex the enemy holds",
        "malaya",
        At::Advance,
        |c, s| {
            let h = c.held_by(c.st.active_side().other());
            s.advance_hex = Some(c.label(h));
            s.attacked.push(c.label(h));
        },
        "holds an enemy unit",
    ),
    (
        "MAY_ADVANCE with no hex open",
        "malaya",
        At::Advance,
        |_, s| s.advance_hex = None,
        "no hex is open to an advance",
    ),
    (
        "MAY_ADVANCE for a unit far from the hex",
        "morne-plaine",
        At::Advance,
        |c, s| {
            let to = c.st.combat().advance;
            let i = c.unit(|u| {
                c.phasing(u) && c.on_map(u) && c.scen.grid().distance(c.st.unit(u).hex, to) > 1
            });
            s.units[i].flags |= (UnitFlags::MAY_ADVANCE | UnitFlags::ATTACKED).bits();
        },
        "did not attack it from next door",
    ),
    (
        "hexes attacked outside a Combat Phase",
        "malaya",
        At::Moved,
        |c, s| {
            s.attacked.push(c.label(c.held_by(Side(1))));
        },
        "attacked: hexes attacked outside a Combat Phase",
    ),
    (
        "units that attacked no hex",
        "malaya",
        At::Fought,
        |_, s| s.attacked.clear(),
        "no hex has been",
    ),
    (
        "more rail moves than a phase holds",
        "malaya",
        At::Railed,
        |_, s| {
            let m = s.rail_moves[0].clone();
            s.rail_moves = vec![m; 5];
        },
        "more than a Rail Phase holds",
    ),
    (
        "rail moves beyond the side's capacity",
        "malaya",
        At::Railed,
        |c, s| {
            let i = c.unit(|u| c.phasing(u) && c.on_map(u) && !c.st.unit(u).has(UnitFlags::RAILED));
            let mut m = s.rail_moves[0].clone();
            m.unit = s.units[i].id.clone();
            s.rail_moves.push(m);
        },
        "capacity is 1",
    ),
    (
        "a rail take-back that teleports",
        "malaya",
        At::Railed,
        |c, s| {
            // Out of a rail hex the enemy holds (as Singapore for Japan),
            // barred from rail if the enemy is next to it there too.
            let (u, from) = c.st.rail_moves()[0];
            let foe = c.st.active_side().other();
            let far = c
                .scen
                .grid()
                .hexes()
                .filter(|h| {
                    c.scen.has_route(*h, RouteKind::Rail)
                        && c.st.units_at(*h).any(|o| c.side(o) == foe)
                })
                .max_by_key(|h| c.scen.grid().distance(*h, from))
                .unwrap();
            assert_ne!(far, c.st.unit(u).hex);
            let next_to_foe = c
                .scen
                .grid()
                .neighbours(far)
                .iter()
                .any(|n| n.is_some() && c.st.units_at(*n).any(|o| c.side(o) == foe));
            if next_to_foe {
                s.units[u.index()].flags |= UnitFlags::RAIL_BARRED.bits();
            }
            s.rail_moves[0].from = c.label(far);
        },
        "is not legal",
    ),
    (
        "a rail move from a hex off the railway",
        "malaya",
        At::Railed,
        |c, s| {
            let h = c
                .scen
                .grid()
                .hexes()
                .find(|h| !c.scen.has_route(*h, RouteKind::Rail))
                .unwrap();
            s.rail_moves[0].from = c.label(h);
        },
        "which is not a rail hex",
    ),
    (
        "a rail move without RAILED",
        "malaya",
        At::Railed,
        |c, s| {
            let (u, _) = c.st.rail_moves()[0];
            s.units[u.index()].flags &= !UnitFlags::RAILED.bits();
        },
        "but not RAILED",
    ),
    (
        "RAILED without a rail move",
        "malaya",
        At::Railed,
        |c, s| {
            let i = c.unit(|u| c.phasing(u) && c.on_map(u) && !c.st.unit(u).has(UnitFlags::RAILED));
            s.units[i].flags |= UnitFlags::RAILED.bits();
        },
        "RAILED but not among the phase's rail_moves",
    ),
    (
        "the same unit moved twice by rail",
        "malaya",
        At::Railed,
        |_, s| {
            let m = s.rail_moves[0].clone();
            s.rail_moves.push(m);
        },
        "moved twice by rail",
    ),
    (
        "rail moves of both sides",
        "malaya",
        At::Railed,
        |c, s| {
            let i = c.unit(|u| !c.phasing(u) && c.on_map(u));
            let mut m = s.rail_moves[0].clone();
            m.unit = s.units[i].id.clone();
            s.rail_moves.insert(0, m);
        },
        "moves of both sides",
    ),
    (
        "a unit next to the enemy not barred from rail",
        "malaya",
        At::Barred,
        |c, s| {
            let i = c.unit(|u| c.st.unit(u).has(UnitFlags::RAIL_BARRED));
            s.units[i].flags &= !UnitFlags::RAIL_BARRED.bits();
        },
        "not RAIL_BARRED",
    ),
    (
        "supply points 65535 under binary supply",
        "malaya",
        At::Moved,
        |_, s| s.supply_points = [65535, 0],
        "only the graded supply model has supply points",
    ),
    (
        "supply points beyond what can have come in",
        "eastfront",
        At::Moved,
        |_, s| s.supply_points[1] = 65535,
        "more than it can have by turn",
    ),
    (
        "out of supply at U0",
        "eastfront",
        At::OutOfSupply,
        |c, s| {
            let i = c.unit(|u| c.st.unit(u).supply == SupplyState::Out);
            s.units[i].u_level = 0;
        },
        "out of supply at U0",
    ),
    (
        "a U-level in full supply",
        "eastfront",
        At::Start,
        |_, s| s.units[0].u_level = 3,
        "only units out of or in special supply hold a level",
    ),
    (
        "limited supply under binary supply",
        "malaya",
        At::Start,
        |_, s| {
            s.units[0].supply = SupplyState::Limited;
        },
        "which only the graded supply model has",
    ),
    (
        "mp_spent that is not a sixth",
        "malaya",
        At::Moved,
        |c, s| {
            let i = c.unit(|u| c.st.unit(u).mp_spent.0 > 0);
            s.units[i].mp_spent += 0.05;
        },
        "not a whole number of sixths",
    ),
    (
        "mp_spent beyond the allowance",
        "malaya",
        At::Moved,
        |c, s| {
            let i = c.unit(|u| c.st.unit(u).mp_spent.0 > 0);
            s.units[i].mp_spent = 40.0;
        },
        "more than its allowance",
    ),
    (
        "mp_spent by a unit that has not moved",
        "malaya",
        At::Moved,
        |c, s| {
            let i = c.unit(|u| c.phasing(u) && !c.st.unit(u).has(UnitFlags::MOVED));
            s.units[i].mp_spent = 1.0;
        },
        "but it has not moved",
    ),
    (
        "a charge target without CHARGED",
        "morne-plaine",
        At::Start,
        |c, s| {
            s.units[0].charge_target = Some(s.units[c.unit(|u| c.side(u) == Side(1))].id.clone());
        },
        "without the CHARGED flag",
    ),
    (
        "CHARGED without a charge target",
        "morne-plaine",
        At::Charged,
        |c, s| {
            let i = c.unit(|u| c.st.unit(u).has(UnitFlags::CHARGED));
            s.units[i].charge_target = None;
        },
        "without a charge_target",
    ),
    (
        "a charge at a unit of its own side",
        "morne-plaine",
        At::Charged,
        |c, s| {
            let i = c.unit(|u| c.st.unit(u).has(UnitFlags::CHARGED));
            let friend = c.unit(|u| c.side(u) == c.scen.units()[i].side && u.index() != i);
            s.units[i].charge_target = Some(s.units[friend].id.clone());
        },
        "a unit of its own side",
    ),
    (
        "an overstacked hex",
        "malaya",
        At::Moved,
        |c, s| {
            let h = c.held_by(Side(1));
            let mut n = c.st.units_at(h).count();
            for i in 0..s.units.len() {
                let u = UnitId(i as u16);
                let fits = c.scen.can_stand(h, c.scen.unit_type(u).class);
                if n <= c.scen.stacking() as usize
                    && c.side(u) == Side(1)
                    && c.on_map(u)
                    && c.st.unit(u).hex != h
                    && fits
                {
                    s.units[i].hex = Some(c.label(h));
                    n += 1;
                }
            }
        },
        "more than the stacking limit",
    ),
    (
        "units of both sides in one hex",
        "malaya",
        At::Moved,
        |c, s| {
            let h = c.held_by(Side(0));
            let i = c.unit(|u| {
                c.side(u) == Side(1)
                    && c.on_map(u)
                    && c.scen.can_stand(h, c.scen.unit_type(u).class)
            });
            s.units[i].hex = Some(c.label(h));
        },
        "holds units of both sides",
    ),
    (
        "replacement points under binary supply (GS-9)",
        "malaya",
        At::Moved,
        |_, s| {
            s.pools = Some(SavedPools {
                replacement_points: [5, 0],
                pockets: Vec::new(),
                isolated: Vec::new(),
            })
        },
        "no replacement points or pockets",
    ),
    (
        "a unit on the map in a pocket's pool (GS-9)",
        "eastfront",
        At::Moved,
        |c, s| {
            let i = c.unit(|u| c.on_map(u));
            s.units[i].pool = Some("A".into());
        },
        "in a pool, but not eliminated",
    ),
    (
        "an eliminated unit in the pool of no pocket (GS-9)",
        "eastfront",
        At::Eliminated,
        |c, s| {
            let i = c.unit(|u| c.st.unit(u).eliminated());
            s.units[i].pool = Some("C".into());
        },
        "in the pool of no pocket of its side",
    ),
    (
        "a pocket on a hex the enemy holds (GS-9)",
        "eastfront",
        At::Moved,
        |c, s| {
            let h = c.held_by(Side(0));
            s.pools = Some(SavedPools {
                replacement_points: [0, 0],
                pockets: vec![SavedPocket {
                    pool: "A".into(),
                    side: c.scen.side(Side(1)).id.clone(),
                    rp: 3,
                    rp_shipped: 0,
                    units_shipped: 0,
                    hexes: vec![c.label(h)],
                }],
                isolated: Vec::new(),
            })
        },
        "not an isolated hex its side controls",
    ),
    (
        "a game in progress in its Supply Phase",
        "malaya",
        At::Moved,
        |_, s| s.phase = 0,
        "runs by itself",
    ),
    // rule: GS-10
    (
        "strategic resource points in a scenario without them",
        "malaya",
        At::Moved,
        |_, s| s.works.srp = [1, 0],
        "no strategic resource points",
    ),
    (
        "strategic resource points beyond the cap",
        "eastfront",
        At::Moved,
        |_, s| s.works.srp[1] = 5,
        "more than the scenario's cap",
    ),
    (
        "works done beyond the per-turn limit",
        "eastfront",
        At::Moved,
        |_, s| s.works.done = 2,
        "works.done",
    ),
    (
        "broken rail where no rail line runs",
        "eastfront",
        At::Start,
        |c, s| {
            let h = c
                .scen
                .grid()
                .hexes()
                .find(|h| !c.scen.has_route(*h, RouteKind::Rail));
            s.works.broken_rail = vec![c.label(h.unwrap())];
        },
        "no rail line",
    ),
    (
        "a built fort in a scenario that allows none",
        "eastfront",
        At::Start,
        |c, s| s.works.forts = vec![c.label(c.scen.grid().hexes().next().unwrap())],
        "allows none",
    ),
];
