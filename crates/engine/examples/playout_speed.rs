//! Random playouts per second for presets given on the command line
//! (`cargo run --release -p mancala-engine --example playout_speed -- kalah-classic abapa`).
//! `mancala bench` prints the same figure; this needs only the engine crate.

use std::time::Instant;

use mancala_core::Variant;
use mancala_engine::playout::random_playouts;

fn main() {
    let names: Vec<String> = std::env::args().skip(1).collect();
    // PLAYOUTS=N: play exactly N games per preset (fixed work, for callgrind).
    let fixed: Option<u64> = std::env::var("PLAYOUTS").ok().and_then(|n| n.parse().ok());
    for name in names {
        let v = Variant::preset(&name).expect("a preset name");
        if let Some(n) = fixed {
            let s = random_playouts(&v, n, 1);
            println!("{name}: {} games, {} plies", s.games, s.plies);
            continue;
        }
        let t = Instant::now();
        let (mut games, mut seed) = (0u64, 1u64);
        while t.elapsed().as_secs_f64() < 2.0 {
            games += random_playouts(&v, 10_000, seed).games;
            seed += 1;
        }
        println!("{name}: {:.0} playouts/s", games as f64 / t.elapsed().as_secs_f64());
    }
}
