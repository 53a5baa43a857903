//! What the enemy could throw at each hex in its next player-turn: for each
//! enemy unit, every hex it could end a move in from the position as it
//! stands ([`movement::next_move_reach`]: a fresh move with its whole
//! allowance, our units blocking and our ZOC stopping it), and from there
//! the hexes next to it that it could attack (MAL-CBT-2: hexes it could
//! enter; armor only across a road or rail hexside), its attack strength
//! counted once per hex (the better of its approaches, a river or stream
//! crossing weighing as the table's modifier says) and shared out over the
//! hexes of ours it could attack as things stand: a line spreads the
//! enemy's strength, an outpost draws all of it. A hex's potential is the
//! sum, cut down where more units could come than the hexes around it
//! hold.
//!
//! This is an upper bound of what the enemy will do (it cannot attack
//! everywhere at once), used to weigh exposure: a unit left where the
//! enemy could bring 6:1 is a unit likely lost.

use hexwar_engine::{GameState, HexId, Scenario, Side, combat, movement};

use super::FAR;
use super::graphs::MapGraphs;

/// The enemy's attack potential per hex (see the module doc).
#[derive(Clone, Debug, Default)]
pub(super) struct Threat {
    /// Per hex: summed attack strength that could reach it.
    pot: Vec<f64>,
    /// Per hex: enemy units that could attack it.
    count: Vec<u16>,
    /// Per hex: the stamp of the unit last counted there, and its share.
    mark: Vec<u32>,
    share: Vec<f64>,
    stamp: u32,
    /// One unit's reach, the hexes it could attack from it, and where our
    /// units stand (reused).
    reach: Vec<HexId>,
    hexes: Vec<HexId>,
    ours: Vec<HexId>,
    /// Room around each hex: attackers at most (six hexes times stacking).
    room: f64,
    /// Per hex: some enemy unit could stand there next turn.
    near: Vec<bool>,
    /// Built for the position asked about (not cleared since).
    built: bool,
}

impl Threat {
    /// The potential of `side`'s enemy against every hex, from `state`.
    pub(super) fn build(
        &mut self,
        scen: &Scenario,
        state: &GameState,
        g: &MapGraphs,
        occ: &[[u8; 2]],
        side: Side,
    ) {
        let n = scen.grid().len();
        self.built = true;
        self.near.clear();
        self.near.resize(n, false);
        self.pot.clear();
        self.pot.resize(n, 0.0);
        self.count.clear();
        self.count.resize(n, 0);
        self.share.resize(n, 0.0);
        if self.mark.len() != n {
            self.mark = vec![0; n];
            self.stamp = 0;
        }
        self.room = 6.0 * scen.stacking() as f64;
        // Where our units are: an enemy unit too far from all of them to
        // strike where they could go is not searched.
        self.ours.clear();
        self.ours
            .extend(state.units_of(scen, side).map(|u| state.unit(u).hex));
        let our_reach = state
            .units_of(scen, side)
            .map(|u| {
                hexes_in(
                    g,
                    scen.unit_type(u).class as usize,
                    state.movement_allowance(scen, u).0,
                )
            })
            .max()
            .unwrap_or(0);
        for e in state.units_of(scen, side.other()) {
            let attack = state.attack_strength(scen, e);
            if attack <= 0.0 || !combat::can_ever_attack(scen, e) {
                continue;
            }
            let here = state.unit(e).hex;
            let span = hexes_in(
                g,
                scen.unit_type(e).class as usize,
                state.movement_allowance(scen, e).0,
            ) + our_reach
                + 1;
            if self
                .ours
                .iter()
                .all(|h| scen.grid().distance(*h, here) > span)
            {
                continue;
            }
            let ty = scen.unit_type(e);
            self.reach.clear();
            let reach = &mut self.reach;
            movement::next_move_reach(scen, state, e, |h| reach.push(h));
            for h in &self.reach {
                self.near[h.index()] = true;
            }
            let step = &g.step[ty.class as usize];
            self.stamp = self.stamp.wrapping_add(1).max(1);
            let stamp = self.stamp;
            // The hexes it could attack, each with its best approach.
            self.hexes.clear();
            for &r in &self.reach {
                for k in 0..6 {
                    // MAL-CBT-2: a hex it could enter (the step tables hold
                    // each class's entry costs; none off the map).
                    if step[r.index() * 6 + k] == FAR {
                        continue;
                    }
                    let Some(mult) = g.crossing(r, k, ty.kind) else {
                        continue;
                    };
                    let i = g.neighbour(r, k);
                    let h = HexId(i as u16);
                    if self.mark[i] != stamp {
                        self.mark[i] = stamp;
                        self.share[i] = mult;
                        self.hexes.push(h);
                    } else if mult > self.share[i] {
                        self.share[i] = mult;
                    }
                }
            }
            // It attacks one of our hexes: its strength is spread over
            // those it could reach (a line shares the threat, an outpost
            // draws all of it).
            let targets = self
                .hexes
                .iter()
                .filter(|h| occ[h.index()][side.index()] > 0)
                .count()
                .max(1) as f64;
            for &h in &self.hexes {
                let i = h.index();
                self.pot[i] += attack * self.share[i] / targets;
                self.count[i] += 1;
            }
        }
    }

    /// Forgets the last build (a player that does not use it).
    pub(super) fn clear(&mut self) {
        self.built = false;
    }

    /// Whether it was built for the position of this player-turn.
    pub(super) fn built(&self) -> bool {
        self.built
    }

    /// Per hex: could some enemy unit stand there next turn?
    pub(super) fn near(&self) -> &[bool] {
        &self.near
    }

    /// The attack strength the enemy could bring against `h` next turn.
    #[inline]
    pub(super) fn at(&self, h: HexId) -> f64 {
        let i = h.index();
        let (p, k) = (self.pot[i], self.count[i] as f64);
        if k > self.room { p * self.room / k } else { p }
    }

    /// Could any enemy unit attack `h` next turn?
    #[cfg(test)]
    pub(super) fn reaches(&self, h: HexId) -> bool {
        self.count.get(h.index()).is_some_and(|&k| k > 0)
    }
}

/// How many hexes `ticks` of movement take `class` at most: at its
/// cheapest step (a road), one more for a free first road hex.
fn hexes_in(g: &MapGraphs, class: usize, ticks: u16) -> u32 {
    ticks as u32 / g.min_step(class).max(1) + 1
}

#[cfg(test)]
mod tests {
    use hexwar_engine::retreat;
    use hexwar_engine::scenario::SideBits;
    use hexwar_engine::{Dir, UnitKind};
    use rand::SeedableRng;

    use super::*;

    /// At the start, in every built-in scenario: a hex next to an enemy unit
    /// near ours that could enter it (and has strength to attack) is
    /// threatened,
    /// and a hex far beyond every enemy's reach (more hexes away than the
    /// fastest enemy's points) is not threatened at all.
    #[test]
    fn threat_covers_the_enemy_next_door_and_nothing_out_of_reach() {
        for name in hexwar_engine::builtin::names() {
            let scen = hexwar_engine::builtin::load(name).unwrap();
            let mut rng = crate::AiRng::seed_from_u64(1);
            let st = GameState::new(&scen, &mut rng);
            let side = st.active_side();
            let mut t = Threat::default();
            let g = super::super::graphs::build_graphs(&scen, scen.id());
            let mut occ = vec![[0u8; 2]; scen.grid().len()];
            for (i, us) in st.units().iter().enumerate() {
                if us.on_map() {
                    occ[us.hex.index()][scen.units()[i].side.index()] += 1;
                }
            }
            t.build(&scen, &st, &g, &occ, side);
            let grid = scen.grid();
            // The cheapest step any class pays (a road), and a free first hex.
            let sc: &Scenario = &scen;
            let cheapest = (0..sc.classes().len() as u8)
                .flat_map(|c| {
                    use hexwar_engine::scenario::RouteKind as K;
                    [K::Road, K::Track, K::Rail]
                        .into_iter()
                        .map(move |k| sc.route_rate(k, c).0)
                })
                .chain(std::iter::once(hexwar_engine::Mp::ONE.0))
                .filter(|&c| c > 0)
                .min()
                .unwrap_or(1) as u32;
            let fastest = st
                .units_of(&scen, side.other())
                .map(|u| st.movement_allowance(&scen, u).0 as u32 / cheapest + 1)
                .max()
                .unwrap_or(0);
            let mut near = 0;
            for e in st.units_of(&scen, side.other()) {
                let here = st.unit(e).hex;
                // Units far from all of ours are not searched (they could
                // not strike where ours could go): only those near ours.
                let close = st
                    .units_of(&scen, side)
                    .any(|u| grid.distance(st.unit(u).hex, here) <= 3);
                if st.attack_strength(&scen, e) <= 0.0 || !close {
                    continue;
                }
                for d in Dir::ALL {
                    let h = grid.neighbour(here, d);
                    let plain = !scen
                        .hexside(here, d)
                        .intersects(SideBits::RIVER | SideBits::STREAM);
                    let armor = scen.unit_type(e).kind == UnitKind::Armor;
                    if h.is_some()
                        && plain
                        && !armor
                        && retreat::entry_cost(&scen, here, d, h, scen.unit_type(e).class).is_some()
                    {
                        assert!(
                            t.at(h) > 0.0,
                            "{name}: {} next to {}",
                            grid.label(h),
                            scen.unit(e).id
                        );
                        assert!(
                            t.reaches(h),
                            "{name}: {} next to {}",
                            grid.label(h),
                            scen.unit(e).id
                        );
                        near += 1;
                    }
                }
            }
            assert!(near > 0, "{name}");
            for h in grid.hexes() {
                let far = st
                    .units_of(&scen, side.other())
                    .all(|e| grid.distance(st.unit(e).hex, h) as u32 > fastest + 1);
                if far {
                    assert!(!t.reaches(h), "{name}: {} is out of reach", grid.label(h));
                }
            }
        }
    }
}
