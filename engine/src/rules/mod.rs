//! The rules, one module each, between the core types below (`hex`,
//! `scenario`, `state`, `action`, `event`) and the turn sequence above
//! (`game`). A rule module never imports the turn sequence; the
//! `tests/layers.rs` test keeps the modules free of import cycles.
//!
//! From the bottom up:
//!
//! - [`zoc`]: zones of control (MP-ZOC-1..5).
//! - [`movement`]: normal movement and its search buffers (MP-MOV, MP-ZOC-6..8).
//! - [`sources`]: what both supply models share: sources, blocking, traces;
//!   `dijkstra`: the bucket-queue search both supply models run.
//! - [`graded`]: the graded supply model (GS-1..8).
//! - [`supply`]: the binary supply model (MAL-SUP-1..8) and the trace of both.
//! - [`rail`]: rail movement (MAL-RAIL-1..6).
//! - [`retreat`]: retreats after combat (MAL-CBT-7, -8).
//! - `losses`: step and morale losses, hex control (D-TURN-2, -3, MP-CHG-5).
//! - [`combat`]: combat and its exact odds (MAL-CBT-1..10, D-CRT-1).
//! - [`charge`]: cavalry charges (MP-CHG-1..6).
//! - [`works`]: strategic resource points and the works they pay for (GS-10).

pub mod charge;
pub mod combat;
pub(crate) mod dijkstra;
pub mod graded;
pub(crate) mod losses;
pub mod movement;
pub mod rail;
pub mod retreat;
pub mod sources;
pub mod supply;
pub mod works;
pub mod zoc;
