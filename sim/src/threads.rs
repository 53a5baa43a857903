//! `--threads`: how many worker threads a command may start. More than
//! [`PER_CORE`] per core only slows a batch down (the games are pure CPU
//! work) and, far past that, starts threads faster than they finish; so a
//! larger number is refused with a clear error rather than obeyed.

/// Threads allowed per core.
pub const PER_CORE: usize = 8;

/// The cores this process may use.
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The most `--threads` accepts on this machine.
pub fn max() -> usize {
    PER_CORE * cores()
}

/// Parses a `--threads` value (clap's `value_parser`): 0 (one per core,
/// as when left out) up to [`max`].
pub fn parse(s: &str) -> Result<usize, String> {
    let n: usize = s
        .trim()
        .parse()
        .map_err(|_| format!("{s:?} is not a number of threads"))?;
    check(n)
}

/// `n` if it is at most [`max`], else the error `--threads` gives.
pub fn check(n: usize) -> Result<usize, String> {
    let (most, cores) = (max(), cores());
    if n > most {
        return Err(format!(
            "{n} threads is more than this machine can use: at most {most} \
             ({PER_CORE} per core, {cores} cores); leave --threads out for one per core"
        ));
    }
    Ok(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn up_to_eight_per_core_is_accepted_and_more_refused() {
        assert_eq!(parse("1"), Ok(1));
        assert_eq!(parse("0"), Ok(0));
        assert_eq!(parse(&max().to_string()), Ok(max()));
        let e = parse(&(max() + 1).to_string()).unwrap_err();
        assert!(e.contains(&format!("at most {}", max())), "{e}");
        assert!(parse("100000").is_err());
        assert!(parse("many").unwrap_err().contains("not a number"));
    }
}
