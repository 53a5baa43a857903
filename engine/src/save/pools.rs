//! GS-9 in a saved game: the front pools' replacement points, the pockets
//! (pool letter, side, RPs, what was shipped out this player-turn, hexes),
//! the hexes judged isolated, and each eliminated unit's pool. Read back
//! with ids and labels checked here; the rules' checks are in
//! `validate::pools`.

use serde::{Deserialize, Serialize};

use super::{SaveError, SavedGame, SavedUnit};
use crate::scenario::Scenario;
use crate::state::{
    GameState, HEX_ISOLATED, MAX_POCKETS, POCKET_SHIFT, POOL_ELIMINATED_ISOLATED, POOL_FRONT,
    Pocket,
};

/// The name of the eliminated-isolated box in a saved unit's `pool`.
pub const ELIMINATED_ISOLATED: &str = "eliminated-isolated";

/// GS-9: the pools in a saved game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedPools {
    /// RPs in each side's front pool, in side order.
    #[serde(default)]
    pub replacement_points: [u16; 2],
    /// The pockets.
    #[serde(default)]
    pub pockets: Vec<SavedPocket>,
    /// Hexes judged isolated for their controller (GS-7, GS-8).
    #[serde(default)]
    pub isolated: Vec<String>,
}

/// One pocket in a saved game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedPocket {
    /// Its pool's letter, `"A"` to `"G"`.
    pub pool: String,
    /// Its side's id.
    pub side: String,
    /// RPs in its pool.
    #[serde(default)]
    pub rp: u16,
    /// RPs shipped or flown out this player-turn.
    #[serde(default)]
    pub rp_shipped: u16,
    /// Eliminated units shipped or flown out this player-turn.
    #[serde(default)]
    pub units_shipped: u8,
    /// Its hexes.
    pub hexes: Vec<String>,
}

/// A pool's name in a saved unit: `None` for the front pool.
pub(super) fn pool_name(pool: u8) -> Option<String> {
    match pool {
        POOL_FRONT => None,
        POOL_ELIMINATED_ISOLATED => Some(ELIMINATED_ISOLATED.to_string()),
        k => Some(Pocket::letter(k as usize - 1).to_string()),
    }
}

/// A pocket's slot from its letter.
fn slot(letter: &str) -> Option<usize> {
    let mut c = letter.chars();
    match (c.next(), c.next()) {
        (Some(l), None) => {
            let k = (l.to_ascii_uppercase() as usize).checked_sub('A' as usize)?;
            (k < MAX_POCKETS).then_some(k)
        }
        _ => None,
    }
}

/// A saved unit's pool.
fn unit_pool(su: &SavedUnit) -> Result<u8, SaveError> {
    match su.pool.as_deref() {
        None => Ok(POOL_FRONT),
        Some(p) if p.eq_ignore_ascii_case(ELIMINATED_ISOLATED) => Ok(POOL_ELIMINATED_ISOLATED),
        Some(p) => slot(p)
            .map(|k| k as u8 + 1)
            .ok_or_else(|| SaveError::Pool(format!("unit {}: no pool \"{p}\"", su.id))),
    }
}

impl GameState {
    /// GS-9: the pools as saved; `None` while empty.
    pub(super) fn save_pools(&self, scen: &Scenario) -> Option<SavedPools> {
        let grid = scen.grid();
        let hexes = |f: &dyn Fn(crate::hex::HexId) -> bool| {
            grid.hexes()
                .filter(|h| f(*h))
                .map(|h| grid.label(h))
                .collect()
        };
        let pockets: Vec<SavedPocket> = (0..MAX_POCKETS)
            .filter(|&k| self.pockets()[k].active())
            .map(|k| {
                let p = self.pockets()[k];
                SavedPocket {
                    pool: Pocket::letter(k).to_string(),
                    side: scen.side(crate::scenario::Side(p.side)).id.clone(),
                    rp: p.rp,
                    rp_shipped: p.rp_shipped,
                    units_shipped: p.units_shipped,
                    hexes: hexes(&|h| self.pocket_at(h) == Some(k)),
                }
            })
            .collect();
        let isolated: Vec<String> = hexes(&|h| self.hex_isolated(h));
        let rp = self.pools.rp;
        (rp != [0, 0] || !pockets.is_empty() || !isolated.is_empty()).then_some(SavedPools {
            replacement_points: rp,
            pockets,
            isolated,
        })
    }

    /// GS-9: the pools read back, labels, letters and sides checked.
    pub(super) fn load_pools(
        &mut self,
        scen: &Scenario,
        saved: &SavedGame,
    ) -> Result<(), SaveError> {
        for (u, su) in self.units.iter_mut().zip(&saved.units) {
            u.pool = unit_pool(su)?;
        }
        let Some(p) = &saved.pools else {
            return Ok(());
        };
        let grid = scen.grid();
        let hex = |l: &str| {
            grid.parse(l)
                .map_err(|e| SaveError::Pool(format!("hex \"{l}\": {e}")))
        };
        self.pools.rp = p.replacement_points;
        for l in &p.isolated {
            let h = hex(l)?;
            self.control[h.index()] |= HEX_ISOLATED;
        }
        for sp in &p.pockets {
            let k = slot(&sp.pool)
                .ok_or_else(|| SaveError::Pool(format!("no pool \"{}\"", sp.pool)))?;
            if self.pools.pockets[k].active() {
                return Err(SaveError::Pool(format!("pool {} saved twice", sp.pool)));
            }
            let side = scen
                .side_by_name(&sp.side)
                .ok_or_else(|| SaveError::UnknownSide(sp.side.clone()))?;
            self.pools.pockets[k] = Pocket {
                side: side.0,
                rp: sp.rp,
                rp_shipped: sp.rp_shipped,
                units_shipped: sp.units_shipped,
            };
            for l in &sp.hexes {
                let h = hex(l)?;
                if self.pocket_at(h).is_some() {
                    return Err(SaveError::Pool(format!("hex {l} is in two pockets")));
                }
                self.control[h.index()] |= (k as u16 + 1) << POCKET_SHIFT;
            }
        }
        Ok(())
    }
}
