//! Trains a learned evaluation and writes its weights file
//! (docs/engine.md, "Training"):
//!
//! ```text
//! cargo run --release -p mancala-tools --bin train_eval -- \
//!     --out crates/engine/weights/oware.txt
//! cargo run --release -p mancala-tools --bin train_eval -- \
//!     --family kalah --out crates/engine/weights/kalah.txt --check-games 200
//! cargo run --release -p mancala-tools --bin train_eval -- \
//!     --family relay --out crates/engine/weights/relay-kalah.txt --check-games 200
//! ```
//!
//! `--family`: `oware` (the default: `eval::features`), `kalah` or `relay`
//! (relay Kalah; both read `eval::kalah_features`).
//!
//! 1. Self-play: games of each variant given (`--variants`, default
//!    `oware,abapa,awari`; `kalah-classic,mankalah,kalah` for `kalah`,
//!    `relay-kalah` for `relay`), each from a few random moves (`--opening-plies`
//!    up to this many), then our search at a fixed depth (`--depth`) with
//!    the store-difference evaluation (`--generator stores`), the
//!    compiled-in learned one (`--generator learned`) or the weights in a
//!    file (`--generator FILE`).
//! 2. Rounds (`--rounds R`): after the first, each round plays its games
//!    with the weights fitted in the round before, and is fitted again on
//!    its own games (better play, better labels).
//! 3. Labels: every position of a game gets the target
//!    `result_weight * final margin + (1 - result_weight) * search score`,
//!    both for its mover, in seeds. With `--db DIR` (a folder of endgame
//!    databases, `mancala db build --db-dir DIR`), a position the database
//!    of its variant covers gets the database's value instead: the mover's
//!    store lead plus the margin the database gives the rest of the game.
//! 4. Fit: ridge least squares of the features ([`eval::features`]) against
//!    the targets; the weights are rounded to integers at `--scale` per seed.
//! 5. Optionally (`--check-games N`), a match at a fixed depth
//!    (`--check-depth`) of the new weights against the store difference
//!    (or a weights file, `--check-against FILE`), from random openings
//!    with sides swapped.
//!
//! Deterministic: the same arguments write the same file.

use mancala_core::{Game, Side, Variant};
use mancala_engine::matches::{elo, random_opening, OpeningOptions, Plies};
use mancala_engine::playout::SplitMix64;
use mancala_engine::search::eval::{self, Evaluator, Weights, FEATURES};
use mancala_engine::search::{score, SearchLimits, SearchOptions, Searcher};
use mancala_solver::{Database, Databases};

/// Longest game played; longer ones are dropped (no result to learn from).
const MAX_PLIES: usize = 600;

struct Args {
    /// The family whose evaluation is trained.
    family: Family,
    variants: Vec<String>,
    games: u64,
    rounds: u32,
    depth: u32,
    seed: u64,
    opening_plies: u32,
    result_weight: f64,
    ridge: f64,
    scale: i32,
    generator: String,
    out: Option<String>,
    check_games: u64,
    check_depth: u32,
    check_against: String,
    /// The folder of endgame databases whose values label the positions
    /// they cover (`--db`).
    db: Option<String>,
}

fn parse_args() -> Args {
    let mut a = Args {
        family: Family::Oware,
        variants: Vec::new(),
        games: 1000,
        rounds: 3,
        depth: 9,
        seed: 1,
        opening_plies: 8,
        result_weight: 0.8,
        ridge: 1.0,
        scale: 32,
        generator: "stores".into(),
        out: None,
        check_games: 0,
        check_depth: 7,
        check_against: "stores".into(),
        db: None,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < args.len() {
        let value = args.get(i + 1).cloned().unwrap_or_else(|| usage(&args[i]));
        let num = |s: &str| -> f64 { s.parse().unwrap_or_else(|_| usage(s)) };
        match args[i].as_str() {
            "--family" => a.family = Family::parse(&value).unwrap_or_else(|| usage(&value)),
            "--variants" => a.variants = value.split(',').map(String::from).collect(),
            "--games" => a.games = num(&value) as u64,
            "--rounds" => a.rounds = (num(&value) as u32).max(1),
            "--depth" => a.depth = num(&value) as u32,
            "--seed" => a.seed = num(&value) as u64,
            "--opening-plies" => a.opening_plies = num(&value) as u32,
            "--result-weight" => a.result_weight = num(&value),
            "--ridge" => a.ridge = num(&value),
            "--scale" => a.scale = num(&value) as i32,
            "--generator" => a.generator = value,
            "--out" => a.out = Some(value),
            "--check-games" => a.check_games = num(&value) as u64,
            "--check-depth" => a.check_depth = num(&value) as u32,
            "--check-against" => a.check_against = value,
            "--db" => a.db = Some(value),
            other => usage(other),
        }
        i += 2;
    }
    if a.variants.is_empty() {
        a.variants = a.family.default_variants().iter().map(|v| v.to_string()).collect();
    }
    a
}

fn usage(at: &str) -> ! {
    eprintln!(
        "train_eval: bad argument near `{at}`\n\
         options: --family oware|kalah|relay --variants LIST --games N --rounds R --depth D --seed S --opening-plies P \
         --result-weight X --ridge L --scale K --generator stores|learned|FILE --out FILE \
         --check-games N --check-depth D --check-against stores|learned|FILE --db DIR"
    );
    std::process::exit(2)
}

/// Weights fitted: each feature's weight with all the seeds in the pits,
/// then each with none.
const FITTED: usize = 2 * FEATURES;

/// One labelled position.
struct Sample {
    f: [i32; FEATURES],
    /// Share of the seeds still in the pits.
    phase: f64,
    score: f64,
    result: f64,
    /// The database's value of the position, where one covers it: the
    /// target instead of the result and the score.
    exact: Option<f64>,
    held_out: bool,
}

/// A random opening: from 1 to `plies` random moves (the swap among them),
/// not ending the game; drawn on from `rng`.
fn opening(v: &Variant, rng: &mut SplitMix64, plies: u32) -> Game {
    let options = OpeningOptions { plies: Plies::UpTo(plies), swaps: true };
    random_opening(v, rng, options, u32::MAX).expect("an opening that does not end the game")
}

/// The family whose evaluation is trained (`--family`).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Family {
    /// Oware, abapa, awari: `eval::features`.
    Oware,
    /// The Kalah family without relay sowing: `eval::kalah_features`.
    Kalah,
    /// Relay Kalah: `eval::kalah_features`, weights of its own.
    Relay,
}

impl Family {
    fn parse(word: &str) -> Option<Family> {
        match word {
            "oware" => Some(Family::Oware),
            "kalah" => Some(Family::Kalah),
            "relay" => Some(Family::Relay),
            _ => None,
        }
    }

    /// The family's word in its weights file.
    fn name(self) -> &'static str {
        match self {
            Family::Oware => "oware",
            Family::Kalah => "kalah",
            Family::Relay => "relay",
        }
    }

    /// What the weights file's first comment calls it.
    fn title(self) -> &'static str {
        match self {
            Family::Oware => "Oware-family",
            Family::Kalah => "Kalah-family",
            Family::Relay => "Relay Kalah",
        }
    }

    /// The variants played when `--variants` is not given.
    fn default_variants(self) -> &'static [&'static str] {
        match self {
            Family::Oware => &["oware", "abapa", "awari"],
            Family::Kalah => &["kalah-classic", "mankalah", "kalah"],
            Family::Relay => &["relay-kalah"],
        }
    }

    /// Whether the family's evaluation applies to `v`.
    fn fits(self, v: &Variant) -> bool {
        match self {
            Family::Oware => eval::learned_fits(v),
            Family::Kalah => eval::learned_kalah_fits(v),
            Family::Relay => eval::learned_relay_fits(v),
        }
    }

    /// The learned evaluation of the family with weights `w`.
    fn learned(self, w: Weights, v: &Variant) -> Evaluator {
        match self {
            Family::Oware => Evaluator::learned(w),
            Family::Kalah | Family::Relay => Evaluator::learned_kalah(w, v),
        }
    }

    /// The features of `pos` in the family's evaluation.
    fn features(self, v: &Variant, pos: &mancala_core::Position) -> [i32; FEATURES] {
        match self {
            Family::Oware => eval::features(pos),
            Family::Kalah | Family::Relay => {
                let always = v.rules().capture.empty_pit == mancala_core::EmptyPitCapture::Always;
                eval::kalah_features(pos, always)
            }
        }
    }
}

/// The evaluation named `what`: `stores` (the store difference),
/// `learned` (the compiled-in weights) or a weights file of `family`.
fn evaluator(family: Family, what: &str, v: &Variant) -> Evaluator {
    match what {
        "stores" => Evaluator::stores(v),
        "learned" => Evaluator::new(v),
        path => {
            let text =
                std::fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"));
            let w =
                eval::parse_weights(&text, family.name()).unwrap_or_else(|e| panic!("{path}: {e}"));
            family.learned(w, v)
        }
    }
}

/// The endgame database of each variant played (`None` without `--db` or
/// where none was built).
fn databases(args: &Args) -> Vec<Option<Database>> {
    let Some(dir) = &args.db else { return args.variants.iter().map(|_| None).collect() };
    args.variants
        .iter()
        .map(|name| {
            let mut v = Variant::preset(name).expect("variant");
            if Databases::kind(&v).is_err() {
                // A majority rule (`kalah`): the database of the game
                // played to the end.
                v = Databases::database_variant(&v).expect("rules without a majority");
            }
            let db = Databases::open_database(&v, std::path::Path::new(dir))
                .unwrap_or_else(|e| panic!("the database of {name} in {dir}: {e}"));
            match &db {
                Some(db) => eprintln!("{name}: database up to {} seeds", db.max_seeds()),
                None => eprintln!("{name}: no database in {dir}"),
            }
            db
        })
        .collect()
}

/// Self-play games, every position labelled.
fn generate(
    args: &Args,
    round: u32,
    previous: Option<Weights>,
    dbs: &[Option<Database>],
) -> Vec<Sample> {
    let mut rng = SplitMix64::new(args.seed.wrapping_add(round as u64 * 0x9e37_79b9));
    let mut samples = Vec::new();
    let mut searcher = Searcher::new(SearchOptions { hash_mb: 16, solve_seeds: None });
    let mut exact = 0u64;
    for g in 0..args.games {
        let which = (g % args.variants.len() as u64) as usize;
        let name = &args.variants[which];
        let v = Variant::preset(name).expect("variant");
        assert!(args.family.fits(&v), "{name} is not of the {} family", args.family.name());
        searcher.set_evaluator(Some(match previous {
            Some(w) => args.family.learned(w, &v),
            None => evaluator(args.family, &args.generator, &v),
        }));
        let mut game = opening(&v, &mut rng, args.opening_plies);
        let held_out = g % 10 == 9;
        // Each position with its mover; the result is filled in at the end.
        let mut seen: Vec<(Sample, Side)> = Vec::new();
        while !game.position().is_over() && game.moves().len() < MAX_PLIES {
            let r = searcher.search(&game, SearchLimits::depth(args.depth), None, &mut |_| {});
            let pos = *game.position();
            let (pits, total) = eval::phase(&pos);
            let lead = score::for_side(pos.to_move(), pos.store_margin());
            let probed = dbs[which].as_ref().and_then(|db| db.probe(&pos));
            let sample = Sample {
                f: args.family.features(&v, &pos),
                phase: pits as f64 / total as f64,
                score: r.score as f64,
                result: 0.0,
                exact: probed.map(|future| (lead + future) as f64),
                held_out,
            };
            seen.push((sample, pos.to_move()));
            game.play(r.best.expect("a move")).expect("legal move");
        }
        if !game.position().is_over() {
            continue;
        }
        let margin = game.position().store_margin();
        for (mut sample, mover) in seen {
            sample.result = score::for_side(mover, margin) as f64;
            exact += sample.exact.is_some() as u64;
            samples.push(sample);
        }
        if (g + 1) % 50 == 0 {
            eprintln!("{} games, {} positions ({exact} from a database)", g + 1, samples.len());
        }
    }
    samples
}

/// Solves `a x = b` (a symmetric positive definite, `FITTED` square) by
/// Gaussian elimination with partial pivoting.
#[allow(clippy::needless_range_loop)] // matrix code reads best with indices
fn solve(mut a: Vec<[f64; FITTED]>, mut b: [f64; FITTED]) -> [f64; FITTED] {
    for c in 0..FITTED {
        let p = (c..FITTED).max_by(|&i, &j| a[i][c].abs().total_cmp(&a[j][c].abs())).unwrap();
        a.swap(c, p);
        b.swap(c, p);
        for r in c + 1..FITTED {
            let k = a[r][c] / a[c][c];
            for j in c..FITTED {
                a[r][j] -= k * a[c][j];
            }
            b[r] -= k * b[c];
        }
    }
    let mut x = [0.0; FITTED];
    for c in (0..FITTED).rev() {
        let s: f64 = (c + 1..FITTED).map(|j| a[c][j] * x[j]).sum();
        x[c] = (b[c] - s) / a[c][c];
    }
    x
}

/// The inputs of the fit: each feature times the share of seeds in the
/// pits, then each times the share in the stores.
fn inputs(s: &Sample) -> [f64; FITTED] {
    let mut x = [0.0; FITTED];
    for i in 0..FEATURES {
        x[i] = s.f[i] as f64 * s.phase;
        x[FEATURES + i] = s.f[i] as f64 * (1.0 - s.phase);
    }
    x
}

fn target(args: &Args, s: &Sample) -> f64 {
    if let Some(value) = s.exact {
        return value;
    }
    args.result_weight * s.result + (1.0 - args.result_weight) * s.score
}

fn fit(args: &Args, samples: &[Sample]) -> [f64; FITTED] {
    let mut a = vec![[0.0; FITTED]; FITTED];
    let mut b = [0.0; FITTED];
    for s in samples.iter().filter(|s| !s.held_out) {
        let t = target(args, s);
        let x = inputs(s);
        for i in 0..FITTED {
            b[i] += x[i] * t;
            for j in 0..FITTED {
                a[i][j] += x[i] * x[j];
            }
        }
    }
    for (i, row) in a.iter_mut().enumerate() {
        row[i] += args.ridge;
    }
    solve(a, b)
}

/// Root mean square error of an estimate against the targets, on the
/// training and the held-out positions.
fn errors(args: &Args, samples: &[Sample], estimate: impl Fn(&Sample) -> f64) -> String {
    let mut sums = [(0.0, 0u64); 2];
    for s in samples {
        let e = estimate(s) - target(args, s);
        let slot = &mut sums[s.held_out as usize];
        slot.0 += e * e;
        slot.1 += 1;
    }
    let rmse = |(sum, n): (f64, u64)| (sum / n.max(1) as f64).sqrt();
    format!("train {:.3}, held out {:.3}", rmse(sums[0]), rmse(sums[1]))
}

/// Plays the new weights against the store difference (or the weights in
/// the file `--check-against`) at a fixed depth: returns (wins, draws,
/// losses) of the new weights.
fn check(args: &Args, w: Weights) -> (u64, u64, u64) {
    let mut rng = SplitMix64::new(args.seed ^ 0x5eed_c0de);
    let mut new = Searcher::new(SearchOptions { hash_mb: 16, solve_seeds: None });
    let mut old = Searcher::new(SearchOptions { hash_mb: 16, solve_seeds: None });
    let mut tally = (0, 0, 0);
    for pair in 0..args.check_games / 2 {
        let name = &args.variants[(pair % args.variants.len() as u64) as usize];
        let v = Variant::preset(name).expect("variant");
        new.set_evaluator(Some(args.family.learned(w, &v)));
        old.set_evaluator(Some(evaluator(args.family, &args.check_against, &v)));
        let start = opening(&v, &mut rng, 4);
        for new_side in [Side::South, Side::North] {
            let mut game = start.clone();
            while !game.position().is_over() && game.moves().len() < MAX_PLIES {
                let who = if game.position().to_move() == new_side { &mut new } else { &mut old };
                let r = who.search(&game, SearchLimits::depth(args.check_depth), None, &mut |_| {});
                game.play(r.best.expect("a move")).expect("legal move");
            }
            let m = score::for_side(new_side, game.position().store_margin());
            match m.signum() {
                1 => tally.0 += 1,
                0 => tally.1 += 1,
                _ => tally.2 += 1,
            }
        }
    }
    tally
}

fn main() {
    let args = parse_args();
    let dbs = databases(&args);
    let mut previous = None;
    let mut trained = None;
    for round in 0..args.rounds {
        eprintln!("round {} of {}", round + 1, args.rounds);
        let samples = generate(&args, round, previous, &dbs);
        let held = samples.iter().filter(|s| s.held_out).count();
        eprintln!("{} positions ({} held out)", samples.len(), held);
        let x = fit(&args, &samples);
        let mut w = Weights { scale: args.scale, full: [0; FEATURES], empty: [0; FEATURES] };
        for i in 0..FEATURES {
            w.full[i] = (x[i] * args.scale as f64).round() as i32;
            w.empty[i] = (x[FEATURES + i] * args.scale as f64).round() as i32;
        }
        previous = Some(w);
        trained = Some((samples, x, w));
    }
    let (samples, x, w) = trained.expect("at least one round");
    let stores_only = errors(&args, &samples, |s| s.f[0] as f64);
    let fitted = errors(&args, &samples, |s| inputs(s).iter().zip(&x).map(|(a, b)| a * b).sum());
    let rounded = errors(&args, &samples, |s| {
        let full: f64 = (0..FEATURES).map(|i| (s.f[i] * w.full[i]) as f64).sum();
        let empty: f64 = (0..FEATURES).map(|i| (s.f[i] * w.empty[i]) as f64).sum();
        ((full * s.phase + empty * (1.0 - s.phase)) / args.scale as f64).round()
    });
    eprintln!("rms error, store difference: {stores_only}");
    eprintln!("rms error, fitted:           {fitted}");
    eprintln!("rms error, integer weights:  {rounded}");
    eprintln!("  {:<22} {:>8} {:>8}", "weight (seeds)", "full", "empty");
    for (i, name) in eval::feature_names(args.family.name()).iter().enumerate() {
        let k = args.scale as f64;
        eprintln!("  {name:<22} {:>8.3} {:>8.3}", w.full[i] as f64 / k, w.empty[i] as f64 / k);
    }
    let command: Vec<String> = std::env::args().skip(1).collect();
    let mut comment = vec![
        format!(
            "{} evaluation weights (crates/engine/src/search/eval.rs, docs/engine.md).",
            args.family.title()
        ),
        "Written by: cargo run --release -p mancala-tools --bin train_eval --".to_string()
            + &command.iter().map(|a| format!(" {a}")).collect::<String>(),
        format!(
            "{} positions from {} self-play games at depth {}, target {:.2} x result + {:.2} x search score",
            samples.len(),
            args.games,
            args.depth,
            args.result_weight,
            1.0 - args.result_weight
        ),
    ];
    if args.db.is_some() {
        let covered = samples.iter().filter(|s| s.exact.is_some()).count();
        comment.push(format!(
            "{covered} of the positions labelled with their endgame database's value instead"
        ));
    }
    let text = eval::format_weights(args.family.name(), &w, &comment);
    eval::parse_weights(&text, args.family.name()).expect("the written file reads back");
    match &args.out {
        Some(path) => {
            std::fs::write(path, &text).unwrap_or_else(|e| panic!("cannot write {path}: {e}"));
            eprintln!("wrote {path}");
        }
        None => print!("{text}"),
    }
    if args.check_games > 0 {
        let (won, drawn, lost) = check(&args, w);
        let n = (won + drawn + lost) as f64;
        let score = (won as f64 + drawn as f64 / 2.0) / n;
        let elo = elo(score.clamp(1e-3, 1.0 - 1e-3));
        eprintln!(
            "check at depth {} against {}: new weights won {won}, drew {drawn}, lost {lost} \
             (score {:.3}, {elo:+.0} Elo)",
            args.check_depth, args.check_against, score
        );
    }
}
