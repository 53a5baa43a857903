//! The built-in scenarios, embedded in the library (and so in the binary).

use std::sync::Arc;

use crate::scenario::{Scenario, ScenarioErrors};

/// Name, file name and text of each built-in scenario; the first is the default.
pub const SCENARIOS: [(&str, &str, &str); 3] = [
    (
        "malaya",
        "malaya.toml",
        include_str!("../scenarios/malaya.toml"),
    ),
    (
        "morne-plaine",
        "morne-plaine.toml",
        include_str!("../scenarios/morne-plaine.toml"),
    ),
    (
        "eastfront",
        "eastfront.toml",
        include_str!("../scenarios/eastfront.toml"),
    ),
];

/// The default scenario's name.
pub const DEFAULT: &str = "malaya";

/// Names of the built-in scenarios.
pub fn names() -> impl Iterator<Item = &'static str> {
    SCENARIOS.iter().map(|(n, _, _)| *n)
}

/// The text of a built-in scenario.
pub fn source(name: &str) -> Option<&'static str> {
    SCENARIOS
        .iter()
        .find(|(n, _, _)| *n == name)
        .map(|(_, _, s)| *s)
}

/// Loads a built-in scenario by name; `None` if there is no such name.
/// The built-in files are checked by the test suite, so this only fails on
/// an unknown name.
pub fn load(name: &str) -> Option<Arc<Scenario>> {
    let (_, file, src) = SCENARIOS.iter().find(|(n, _, _)| *n == name)?;
    Scenario::from_toml(src, file).ok().map(Arc::new)
}

/// Loads a built-in scenario, with its errors if the embedded file is bad.
pub fn try_load(name: &str) -> Option<Result<Arc<Scenario>, ScenarioErrors>> {
    let (_, file, src) = SCENARIOS.iter().find(|(n, _, _)| *n == name)?;
    Some(Scenario::from_toml(src, file).map(Arc::new))
}
