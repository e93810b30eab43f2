//! What a match's results say: the Elo difference, its 95% interval and
//! the likelihood of superiority.

use serde::Serialize;

/// The Elo difference for a score fraction (infinite at 0 and 1).
pub fn elo(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

/// The standard normal distribution function.
pub fn phi(x: f64) -> f64 {
    // Abramowitz and Stegun 7.1.26 for erf.
    let z = x.abs() / std::f64::consts::SQRT_2;
    let t = 1.0 / (1.0 + 0.327_591_1 * z);
    let poly = t
        * (0.254_829_592
            + t * (-0.284_496_736
                + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    let erf = 1.0 - poly * (-z * z).exp();
    if x >= 0.0 {
        0.5 * (1.0 + erf)
    } else {
        0.5 * (1.0 - erf)
    }
}

/// The summary of a match, from A's side (`mancala match --json` prints
/// it as one object).
#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct Summary {
    /// Player A, as the match names it (e.g. `level:5`).
    pub a: String,
    /// Player B, as the match names it.
    pub b: String,
    /// The variant played, with its board size.
    pub variant: String,
    /// Game pairs played: each opening once with A as South, once as North.
    pub pairs: u32,
    /// Games played, two per pair.
    pub games: u32,
    /// Games A won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games A lost.
    pub losses: u32,
    /// A's points over games played, 0 to 1.
    pub score: f64,
    /// Elo difference A − B; `null` when A won or lost every game.
    pub elo: Option<f64>,
    /// Half the width of the 95% interval of `elo` (from the variance of
    /// the game pairs' scores); `null` when it cannot be computed.
    pub elo_error: Option<f64>,
    /// The 95% interval's lower end.
    pub elo_low: Option<f64>,
    /// The 95% interval's upper end.
    pub elo_high: Option<f64>,
    /// Likelihood of superiority: the chance that A is the stronger.
    pub los: f64,
}

fn finite(x: f64) -> Option<f64> {
    // `+ 0.0` turns -0 into 0.
    x.is_finite().then_some(x + 0.0)
}

/// Summarises the points each pair gave A (two games per pair).
pub fn summarize(a: String, b: String, variant: String, pairs: &[[f64; 2]]) -> Summary {
    let count = |p: f64| pairs.iter().flatten().filter(|&&x| x == p).count() as u32;
    let (wins, draws, losses) = (count(1.0), count(0.5), count(0.0));
    let games = 2 * pairs.len() as u32;
    let n = pairs.len() as f64;
    let score = if games == 0 { 0.5 } else { (wins as f64 + draws as f64 / 2.0) / games as f64 };
    let (mut low, mut high) = (None, None);
    if pairs.len() >= 2 {
        let means: Vec<f64> = pairs.iter().map(|p| (p[0] + p[1]) / 2.0).collect();
        let var = means.iter().map(|m| (m - score).powi(2)).sum::<f64>() / (n - 1.0);
        let se = (var / n).sqrt();
        let lo = (score - 1.96 * se).clamp(0.0, 1.0);
        let hi = (score + 1.96 * se).clamp(0.0, 1.0);
        low = Some(elo(lo));
        high = Some(elo(hi));
    }
    // A perfect score has no spread to measure: bound it with the Wilson
    // interval of the game results instead.
    let z2 = 1.96f64 * 1.96;
    let g = games as f64;
    if games > 0 && score >= 1.0 {
        low = Some(elo(g / (g + z2)));
        high = Some(f64::INFINITY);
    } else if games > 0 && score <= 0.0 {
        low = Some(f64::NEG_INFINITY);
        high = Some(elo(z2 / (g + z2)));
    }
    let e = elo(score);
    let elo_error = match (low, high) {
        (Some(l), Some(h)) if e.is_finite() => finite((h - l) / 2.0),
        _ => None,
    };
    let los = if wins == losses {
        0.5
    } else {
        phi((wins as f64 - losses as f64) / ((wins + losses) as f64).sqrt())
    };
    Summary {
        a,
        b,
        variant,
        pairs: pairs.len() as u32,
        games,
        wins,
        draws,
        losses,
        score,
        elo: finite(e),
        elo_error,
        elo_low: low.and_then(finite),
        elo_high: high.and_then(finite),
        los,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_of_scores() {
        assert_eq!(elo(0.5), 0.0);
        assert!((elo(0.75) - 190.85).abs() < 0.01);
        assert!((elo(0.25) + 190.85).abs() < 0.01);
        assert!(elo(1.0).is_infinite());
    }

    #[test]
    fn summaries() {
        let s =
            summarize("a".into(), "b".into(), "v".into(), &[[1.0, 0.5], [1.0, 0.0], [0.5, 1.0]]);
        assert_eq!((s.wins, s.draws, s.losses, s.games), (3, 2, 1, 6));
        assert!((s.score - 4.0 / 6.0).abs() < 1e-12);
        let (lo, e, hi) = (s.elo_low.unwrap(), s.elo.unwrap(), s.elo_high.unwrap());
        assert!(lo < e && e < hi, "{s:?}");
        let all = summarize("a".into(), "b".into(), "v".into(), &[[1.0, 1.0]; 10]);
        assert_eq!(all.elo, None);
        assert!(all.elo_low.unwrap() > 200.0 && all.elo_high.is_none(), "{all:?}");
        let even = summarize("a".into(), "b".into(), "v".into(), &[[1.0, 0.0]; 4]);
        assert_eq!((even.elo, even.los), (Some(0.0), 0.5));
    }
}
