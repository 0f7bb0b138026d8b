//! When the anchor is measured again during the `precompiles` bench.
//!
//! Every calculated gas divides by the anchor's time, so its noise moves every figure of the
//! report: measuring it several times, spread through the run, and taking the median makes it
//! the least noisy figure instead of the noisiest.

/// Extra measurements of the anchor, besides its own place in the case list.
pub const ANCHOR_REPEATS: usize = 4;

/// The numbers of cases after which the anchor's repeats are measured (one per repeat, in
/// order): evenly spread over `cases` cases, the last one after the final case.
pub fn anchor_repeat_points(cases: usize) -> Vec<usize> {
    (1..=ANCHOR_REPEATS)
        .map(|k| (k * cases).div_ceil(ANCHOR_REPEATS))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeats_spread_to_the_end() {
        assert_eq!(anchor_repeat_points(40), vec![10, 20, 30, 40]);
        assert_eq!(anchor_repeat_points(41), vec![11, 21, 31, 41]);
        assert_eq!(anchor_repeat_points(3), vec![1, 2, 3, 3]);
    }
}
