//! A fixed-work solver measurement for development: solves (or runs for a
//! time limit) one start position with a given first guess and prints nodes,
//! time and nodes per second.
//!
//! ```text
//! cargo run --release -p mancala-solver --example solve_speed -- \
//!     VARIANT PITS SEEDS [DB_DIR] [HASH_MIB] [THREADS] [GUESS] [SECONDS]
//! ```
//!
//! With one thread and no time limit the node count is deterministic, so two
//! builds can be compared by it (and by `valgrind --tool=callgrind`).

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use mancala_core::{Position, Variant};
use mancala_solver::{KalahDb, SolveOptions, Solver};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize| args.get(i).map(String::as_str).filter(|s| !s.is_empty() && *s != "-");
    let v = Variant::preset(arg(0).unwrap_or("kalah-irving"))?
        .resized(Some(arg(1).unwrap_or("6").parse()?), Some(arg(2).unwrap_or("4").parse()?))?;
    let mut db = match arg(3) {
        Some(dir) => KalahDb::open(&v, Path::new(dir))?,
        None => None,
    };
    if std::env::var_os("RESIDENT").is_some() {
        if let Some(db) = &mut db {
            db.make_resident()?;
        }
    }
    let table_megabytes = arg(4).unwrap_or("1024").parse()?;
    let threads = arg(5).unwrap_or("1").parse()?;
    let guess = arg(6).map(str::parse).transpose()?;
    let limit = arg(7).map(str::parse::<f64>).transpose()?;
    let stop = AtomicBool::new(false);
    let solver = Solver::new(&v, db.as_ref(), SolveOptions { table_megabytes, threads }, &stop);
    let start = Instant::now();
    let result = std::thread::scope(|scope| {
        if let Some(seconds) = limit {
            let stop = &stop;
            scope.spawn(move || {
                let until = start + Duration::from_secs_f64(seconds);
                while Instant::now() < until && !stop.load(Ordering::Relaxed) {
                    std::thread::sleep(Duration::from_millis(20));
                }
                stop.store(true, Ordering::Relaxed);
            });
        }
        let r = solver.solve_from(&Position::start(&v), None, guess, &|p| {
            eprintln!(
                "{:8.2} s {:12} nodes  [{:+}, {:+}]",
                p.elapsed.as_secs_f64(),
                p.nodes,
                p.lower,
                p.upper
            )
        });
        stop.store(true, Ordering::Relaxed);
        r
    });
    let seconds = start.elapsed().as_secs_f64();
    let nodes = solver.nodes();
    match result {
        Ok(s) => println!("value: {:+}  best: {:?}", s.margin, s.best_moves),
        Err(i) => println!("stopped in [{:+}, {:+}]", i.lower, i.upper),
    }
    println!("nodes: {nodes}  time: {seconds:.2} s  speed: {:.0} nodes/s", nodes as f64 / seconds);
    Ok(())
}
