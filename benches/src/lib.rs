//! Shared inputs for the benches.
