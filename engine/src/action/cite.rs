//! Which rule IDs a scenario's messages cite. One engine plays three rule
//! families (`MAL-` Malaya, `MP-` Morne Plaine, `GS-` the grand-campaign
//! supply chapter) plus our own decisions (`D-`); a message shown in a game
//! of one family cites only that family's rules and ours, or no ID: a
//! Napoleonic game is never told `(MAL-CBT-1)`. Messages are written with
//! every ID that applies; [`cite`] drops the others as the text is shown.

use crate::scenario::{LossModel, Scenario, SupplyModel};

/// The rule family a scenario belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RuleFamily {
    /// *1942: Campaign for Malaya* (`MAL-`).
    Malaya,
    /// *Morne Plaine*, Napoleonic (`MP-`).
    MornePlaine,
    /// The grand-campaign supply chapter (`GS-`).
    GrandCampaign,
}

impl RuleFamily {
    /// The family `scen` belongs to, read from the rules it plays: losses
    /// in morale (MP-CHG-5) or stacking one (MP-MOV-3) make it Napoleonic;
    /// the graded supply model the grand campaign's; anything else Malaya's.
    pub fn of(scen: &Scenario) -> RuleFamily {
        if scen.combat().losses == LossModel::Morale || scen.stacking() == 1 {
            RuleFamily::MornePlaine
        } else if scen.supply_rules().model == SupplyModel::Graded {
            RuleFamily::GrandCampaign
        } else {
            RuleFamily::Malaya
        }
    }

    /// The prefix of the family's rule IDs.
    pub fn prefix(self) -> &'static str {
        match self {
            RuleFamily::Malaya => "MAL-",
            RuleFamily::MornePlaine => "MP-",
            RuleFamily::GrandCampaign => "GS-",
        }
    }

    /// Whether a message in this family may cite `id`: its own rules and
    /// our design decisions (`D-`).
    pub fn cites(self, id: &str) -> bool {
        id.starts_with(self.prefix()) || id.starts_with("D-")
    }
}

/// Whether `s` is a rule ID (`MAL-CBT-1`, `GS-4`, `D-CRT-1`, `MAL-SUP-2..5`).
fn is_rule_id(s: &str) -> bool {
    let Some((head, rest)) = s.split_once('-') else {
        return false;
    };
    matches!(head, "MAL" | "MP" | "GS" | "D")
        && !rest.is_empty()
        && rest
            .chars()
            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '-' || c == '.')
}

/// `text` as a game of `scen`'s family shows it: in each parenthesis that
/// holds only rule IDs (`(MP-ZOC-6)`, `(MAL-SUP-6, MAL-RAIL-3)`), the IDs of
/// other families are dropped, and the parenthesis with them when none is
/// left. Other parentheses are kept as written.
pub fn cite(scen: &Scenario, text: &str) -> String {
    let family = RuleFamily::of(scen);
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find('(') {
        let Some(len) = rest[open..].find(')') else {
            break;
        };
        let inner = &rest[open + 1..open + len];
        let ids: Vec<&str> = inner.split(", ").collect();
        if !ids.iter().all(|s| is_rule_id(s)) {
            out.push_str(&rest[..open + len + 1]);
            rest = &rest[open + len + 1..];
            continue;
        }
        let kept: Vec<&str> = ids.into_iter().filter(|s| family.cites(s)).collect();
        if kept.is_empty() {
            out.push_str(rest[..open].trim_end_matches(' '));
        } else {
            out.push_str(&rest[..open]);
            out.push('(');
            out.push_str(&kept.join(", "));
            out.push(')');
        }
        rest = &rest[open + len + 1..];
    }
    out.push_str(rest);
    out
}
