//! GS-9 directives: pockets, pools and the actions on them.

use hexwar_engine::Action;
use hexwar_engine::state::{POOL_ELIMINATED_ISOLATED, POOL_FRONT, Pocket};

use super::fixture::Fixture;

/// A pocket's slot from its letter (`A` is 0).
fn slot(letter: &str) -> u8 {
    let c = letter.chars().next().expect("pool letter");
    c.to_ascii_uppercase() as u8 - b'A'
}

/// A pool as fixtures write it: `front`, `A`..., `eliminated-isolated`.
fn pool_name(pool: u8) -> String {
    match pool {
        POOL_FRONT => "front".into(),
        POOL_ELIMINATED_ISOLATED => "eliminated-isolated".into(),
        k => Pocket::letter(k as usize - 1).to_string(),
    }
}

impl Fixture {
    /// Runs `w` if it is a GS-9 directive; whether it was.
    pub(super) fn pools(&mut self, w: &[&str]) -> bool {
        match *w {
            ["pocket", h, want] => {
                let got = self
                    .state
                    .pocket_at(self.hex(h))
                    .map_or("none".to_string(), |k| Pocket::letter(k).to_string());
                assert_eq!(got, want, "{}: pocket of {h}", self.at);
            }
            ["rp", side, pool, n] => {
                let s = self.side(side);
                let got = if pool == "front" {
                    self.state.replacement_points(s)
                } else {
                    let p = self.state.pockets()[slot(pool) as usize];
                    assert!(p.of(s), "{}: no pocket {pool} of {side}", self.at);
                    p.rp
                };
                assert_eq!(got.to_string(), n, "{}: RPs in {pool}", self.at);
            }
            ["pool", u, want] => {
                let got = pool_name(self.state.unit(self.unit(u)).pool);
                assert_eq!(got, want, "{}: pool of {u}", self.at);
            }
            ["rebuild", u, h] => self.apply(self.rebuild(u, h)),
            ["shiprp", p] => self.apply(Action::ShipRp { pocket: slot(p) }),
            ["shipunit", u] => self.apply(Action::ShipUnit { unit: self.unit(u) }),
            ["giveup", p] => self.apply(Action::EliminatePocket { pocket: slot(p) }),
            ["illegal", "rebuild", u, h, ref why @ ..] => self.refuse_why(self.rebuild(u, h), why),
            ["illegal", "shiprp", p, ref why @ ..] => {
                self.refuse_why(Action::ShipRp { pocket: slot(p) }, why)
            }
            ["illegal", "shipunit", u, ref why @ ..] => {
                self.refuse_why(Action::ShipUnit { unit: self.unit(u) }, why)
            }
            ["illegal", "giveup", p, ref why @ ..] => {
                self.refuse_why(Action::EliminatePocket { pocket: slot(p) }, why)
            }
            _ => return false,
        }
        true
    }

    fn rebuild(&self, u: &str, h: &str) -> Action {
        Action::Rebuild {
            unit: self.unit(u),
            hex: self.hex(h),
        }
    }

    /// Refused, not listed among the legal actions, with `why` in its reason.
    fn refuse_why(&mut self, a: Action, why: &[&str]) {
        let mut legal = Vec::new();
        self.state.legal_actions(&self.scen, &mut legal);
        assert!(!legal.contains(&a), "{}: listed as legal", self.at);
        let e = self.refuse(a).describe(&self.scen);
        assert!(e.contains(&why.join(" ")), "{}: reason is \"{e}\"", self.at);
    }
}
