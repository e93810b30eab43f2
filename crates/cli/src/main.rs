//! `mancala`: the console game and the analysis tools, thin layers over
//! `mancala-core` and `mancala-engine`.

mod cmd;
mod endgame;
mod error;
mod invocation;
mod lines;
mod options;
mod output;
mod paths;
mod signals;
mod variant_args;

use clap::{Parser, Subcommand};

use crate::error::CliError;

/// Mancala: Kalah, Oware and their relatives at the console, with analysis tools.
#[derive(Parser, Debug)]
#[command(name = "mancala", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Play a game at the console: against the computer or another person.
    Play(cmd::play::Args),
    /// Replay moves from the start and print the position as one JSON object.
    State(cmd::state::Args),
    /// Count the leaves of the game tree to a depth (rules check and speed).
    Perft(cmd::perft::Args),
    /// Measure the speed of the rules: random playouts and perft per second.
    Bench(cmd::bench::Args),
    /// Score every legal move with its principal variation; exact when solved.
    Analyze(cmd::analyze::Args),
    /// List the built-in variants, or print one as a variant file.
    Variants(cmd::variants::Args),
    /// Prove the value of a position under perfect play, and the best moves.
    Solve(cmd::solve::Args),
    /// Build or inspect endgame databases.
    #[command(subcommand)]
    Db(cmd::db::Command),
    /// Run the engine behind a line protocol on stdin/stdout (docs/protocol.md).
    Engine(cmd::engine::Args),
    /// Play Manchester Kalah(7,7) as an agent of its game-engine protocol.
    Mankalah(cmd::mankalah::Args),
    /// Play engines against each other and estimate their Elo difference.
    Match(cmd::matches::Args),
    /// Play and analyse in the browser: a local web server (docs/web.md).
    Serve(cmd::serve::Args),
}

fn main() {
    let cli = Cli::parse();
    // `play` saves its game, `solve` and `db build` their finished work,
    // `match` prints its finished games' result, on a signal (their own
    // handlers); the others end at once.
    if !matches!(
        cli.command,
        Command::Play(_)
            | Command::Solve(_)
            | Command::Match(_)
            | Command::Db(cmd::db::Command::Build(_))
    ) {
        signals::exit_on_signals();
    }
    let result: Result<(), CliError> = match cli.command {
        Command::Play(args) => cmd::play::run(args),
        Command::State(args) => cmd::state::run(args),
        Command::Perft(args) => cmd::perft::run(args),
        Command::Bench(args) => cmd::bench::run(args),
        Command::Analyze(args) => cmd::analyze::run(args),
        Command::Variants(args) => cmd::variants::run(args),
        Command::Solve(args) => cmd::solve::run(args),
        Command::Db(command) => cmd::db::run(command),
        Command::Engine(args) => cmd::engine::run(args),
        Command::Mankalah(args) => cmd::mankalah::run(args),
        Command::Match(args) => cmd::matches::run(args),
        Command::Serve(args) => cmd::serve::run(args),
    };
    if let Err(e) = result {
        eprintln!("mancala: {}", e.message);
        std::process::exit(e.code);
    }
}
