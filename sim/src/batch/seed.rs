//! Per-game and per-stream seeds, so a game's randomness depends only on the
//! master seed and the game's index, never on which thread plays it or in
//! what order.
//!
//! `game = splitmix64(splitmix64(master) ^ index)`, then each stream (the
//! engine's dice, each side's player) is seeded with
//! `splitmix64(game ^ stream tag)` through `seed_from_u64`. Both steps are
//! bijections of their varying input, so two games of one batch never share
//! a seed, and a game's streams differ from each other.

/// The SplitMix64 output function: the value the generator would return
/// from state `x` (Steele, Lea and Flood, 2014). A bijection on `u64`.
#[inline]
pub const fn splitmix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The seed of game `index` of a batch run with `master`.
#[inline]
pub const fn game_seed(master: u64, index: u64) -> u64 {
    splitmix64(splitmix64(master) ^ index)
}

/// One of a game's independent random streams.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stream {
    /// The engine's dice (combat, attrition, ...).
    Dice,
    /// The player of the first side.
    Blue,
    /// The player of the second side.
    Red,
}

impl Stream {
    /// Distinct odd constants, one per stream.
    const fn tag(self) -> u64 {
        match self {
            Stream::Dice => 0xD1CE_D1CE_D1CE_D1CF,
            Stream::Blue => 0xB10E_B10E_B10E_B10F,
            Stream::Red => 0x4ED0_4ED0_4ED0_4ED1,
        }
    }

    /// The stream of the player of side `side` (0 or 1).
    pub const fn player(side: usize) -> Stream {
        if side == 0 { Stream::Blue } else { Stream::Red }
    }
}

/// The seed of one stream of a game.
#[inline]
pub const fn stream_seed(game: u64, stream: Stream) -> u64 {
    splitmix64(game ^ stream.tag())
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;

    #[test]
    fn splitmix64_matches_the_reference_sequence() {
        // The first outputs of SplitMix64 seeded with 0 (reference C code).
        assert_eq!(splitmix64(0), 0xE220_A839_7B1D_CDAF);
        assert_eq!(splitmix64(0x9E37_79B9_7F4A_7C15), 0x6E78_9E6A_A1B9_65F4);
        assert_eq!(splitmix64(0x3C6E_F372_FE94_F82A), 0x06C4_5D18_8009_454F);
    }

    #[test]
    fn game_seeds_are_deterministic_and_distinct() {
        assert_eq!(game_seed(1, 7), game_seed(1, 7));
        let seeds: HashSet<u64> = (0..100_000).map(|i| game_seed(1, i)).collect();
        assert_eq!(seeds.len(), 100_000);
        // Another master gives other games, not the same ones shifted.
        let other: HashSet<u64> = (0..100_000).map(|i| game_seed(2, i)).collect();
        assert!(seeds.is_disjoint(&other));
    }

    #[test]
    fn neighbouring_masters_and_indices_differ_in_many_bits() {
        for i in 0..1000 {
            let a = game_seed(1, i);
            assert!((a ^ game_seed(1, i + 1)).count_ones() > 10);
            assert!((a ^ game_seed(2, i)).count_ones() > 10);
        }
    }

    #[test]
    fn streams_of_a_game_differ() {
        for i in 0..1000 {
            let g = game_seed(42, i);
            let s = [Stream::Dice, Stream::Blue, Stream::Red].map(|k| stream_seed(g, k));
            assert_ne!(s[0], s[1]);
            assert_ne!(s[0], s[2]);
            assert_ne!(s[1], s[2]);
        }
        assert_eq!(Stream::player(0), Stream::Blue);
        assert_eq!(Stream::player(1), Stream::Red);
    }
}
