//! Medians of measurements, for the reports.

/// The median of ascending `xs` (the mean of the middle two for an even count); NaN if empty.
pub fn median_sorted(xs: &[f64]) -> f64 {
    let n = xs.len();
    match n {
        0 => f64::NAN,
        _ if n % 2 == 1 => xs[n / 2],
        _ => (xs[n / 2 - 1] + xs[n / 2]) / 2.0,
    }
}

/// The median of `xs` and its 95 % distribution-free interval: the order statistics at ranks
/// n/2 -+ 1.96 sqrt(n)/2 (normal approximation of the binomial). NaNs if `xs` is empty.
pub fn median_interval(mut xs: Vec<f64>) -> (f64, f64, f64) {
    if xs.is_empty() {
        return (f64::NAN, f64::NAN, f64::NAN);
    }
    xs.sort_by(f64::total_cmp);
    let n = xs.len();
    let half = 0.98 * (n as f64).sqrt();
    let mid = n as f64 / 2.0;
    let low = (mid - half).floor().max(0.0) as usize;
    let high = ((mid + half).ceil() as usize).min(n - 1);
    (median_sorted(&xs), xs[low], xs[high])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_and_its_interval() {
        let (m, lo, hi) = median_interval((1..=25).rev().map(f64::from).collect());
        // n = 25: ranks 12.5 -+ 4.9 -> 7 and 18 (0-based), values 8 and 19.
        assert_eq!((m, lo, hi), (13.0, 8.0, 19.0));
        assert_eq!(median_interval(vec![2.0, 1.0]), (1.5, 1.0, 2.0));
        assert_eq!(median_interval(vec![3.0]), (3.0, 3.0, 3.0));
        assert!(median_interval(vec![]).0.is_nan());
        assert!(median_sorted(&[]).is_nan());
    }
}
