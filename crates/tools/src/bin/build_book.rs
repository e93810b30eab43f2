//! Writes an opening book (`crates/engine/src/book.rs`, docs/engine.md).
//!
//! ```text
//! cargo run --release -p mancala-tools --bin build_book -- --variant oware --out crates/engine/books/oware.txt
//! ```
//!
//! Options (defaults are those of the shipped books): `--variant NAME`
//! (a preset at its usual size), `--plies 6`, `--all-plies 2`,
//! `--nodes 4000000`, `--width 2`, `--margin 1`, `--out FILE` (without it,
//! the book is written to standard output). Deterministic: the same
//! options write the same file.

use std::time::Instant;

use mancala_core::Variant;
use mancala_engine::book::{Book, BookOptions};

fn usage(at: &str) -> ! {
    eprintln!(
        "build_book: cannot read {at:?}. Options: --variant NAME --plies N --all-plies N \
         --nodes N --width N --margin SEEDS --out FILE"
    );
    std::process::exit(2)
}

fn main() {
    let mut options = BookOptions::default();
    let mut variant = None;
    let mut out = None;
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < args.len() {
        let value = args.get(i + 1).cloned().unwrap_or_else(|| usage(&args[i]));
        let num = |s: &str| -> u64 { s.parse().unwrap_or_else(|_| usage(s)) };
        match args[i].as_str() {
            "--variant" => variant = Some(value),
            "--plies" => options.plies = num(&value) as u32,
            "--all-plies" => options.all_plies = num(&value) as u32,
            "--nodes" => options.nodes = num(&value),
            "--width" => options.width = num(&value) as usize,
            "--margin" => options.margin = num(&value) as i32,
            "--out" => out = Some(value),
            other => usage(other),
        }
        i += 2;
    }
    let name = variant.unwrap_or_else(|| usage("(no --variant)"));
    let v = Variant::preset(&name).unwrap_or_else(|e| {
        eprintln!("build_book: {e}");
        std::process::exit(2)
    });
    let started = Instant::now();
    let book = Book::generate(&v, options, &mut |done, queued| {
        eprint!(
            "\r{done} of {queued} positions analysed, {:.0} s",
            started.elapsed().as_secs_f64()
        );
    });
    eprintln!();
    let comments = [
        format!("Opening book for {name} (crates/engine/src/book.rs, docs/engine.md)."),
        format!(
            "Written by: cargo run --release -p mancala-tools --bin build_book -- --variant \
             {name} --plies {} --all-plies {} --nodes {} --width {} --margin {}",
            options.plies, options.all_plies, options.nodes, options.width, options.margin
        ),
    ];
    let text = book.to_text(&comments);
    match out {
        Some(path) => std::fs::write(&path, text).unwrap_or_else(|e| {
            eprintln!("build_book: cannot write {path}: {e}");
            std::process::exit(1)
        }),
        None => print!("{text}"),
    }
}
