//! `cargo run --release -p mancala-engine --example search -- VARIANT MOVES DEPTH [analyze]`:
//! iteration-by-iteration progress of one search (a developer's tool).

use mancala_core::{Game, Variant};
use mancala_engine::search::{SearchLimits, Searcher};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let v = Variant::preset(args.get(1).map_or("kalah", |s| s)).expect("variant");
    let mut game = Game::new(v);
    if let Err(e) = game.play_moves(args.get(2).map_or("", |s| s)) {
        eprintln!("{e}");
        std::process::exit(2);
    }
    let depth = args.get(3).map_or(12, |d| d.parse().expect("depth"));
    let solve = std::env::var("SOLVE").ok().map(|s| s.parse().unwrap());
    let mut s = Searcher::new(mancala_engine::SearchOptions { hash_mb: 64, solve_seeds: solve });
    let mut show = |i: &mancala_engine::SearchInfo| {
        println!(
            "depth {} score {} exact {} nodes {} nps {} pv {:?}",
            i.depth, i.score, i.exact, i.nodes, i.nps, i.pv
        )
    };
    if args.get(4).is_some() {
        let a = s.analyze(&game, SearchLimits::depth(depth), None, &mut show);
        println!("{:?}", a.best());
    } else {
        let r = s.search(&game, SearchLimits::depth(depth), None, &mut show);
        println!("{r:?}");
    }
}
