//! `mancala play` with its input and output piped (no terminal): a whole
//! game's transcript compared with a golden file, and the board as drawn.
//! `UPDATE_SNAPSHOTS=1` rewrites the golden files.

mod common;

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

fn golden(name: &str, text: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots").join(name);
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        std::fs::write(&path, text).unwrap();
        return;
    }
    let want = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (run with UPDATE_SNAPSHOTS=1)", path.display()));
    assert_eq!(text, want, "output differs from {}", path.display());
}

/// Runs `mancala play ARGS` with `input` on standard input; returns the exit
/// status, standard output with the temporary folder's path replaced by
/// `<DIR>`, and standard error.
/// `mancala` is on `PATH` as if installed, so that the commands the game
/// names are `mancala …` wherever the test binary was built.
fn run(dir: &Path, args: &[&str], input: &[u8]) -> (Option<i32>, String, String) {
    let bin = tempfile::tempdir().unwrap();
    #[cfg(unix)]
    std::os::unix::fs::symlink(common::binary(), bin.path().join("mancala")).unwrap();
    let mut mancala = common::mancala_in(dir);
    mancala.env("PATH", bin.path());
    run_as(mancala, dir, args, input)
}

/// [`run`] with the command `mancala` given (another program name, PATH).
fn run_as(
    mut mancala: Command,
    dir: &Path,
    args: &[&str],
    input: &[u8],
) -> (Option<i32>, String, String) {
    let mut child = mancala
        .arg("play")
        .args(args)
        .env("MANCALA_AUTOSAVE", dir.join("autosave.game"))
        .env_remove("NO_COLOR")
        .env_remove("CLICOLOR_FORCE")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    let stdout = stdout.replace(&dir.display().to_string(), "<DIR>");
    (out.status.code(), stdout, String::from_utf8(out.stderr).unwrap())
}

#[test]
fn a_whole_game_between_two_people() {
    let dir = tempfile::tempdir().unwrap();
    let args = ["-v", "kalah", "-p", "3", "-s", "2", "--south", "human", "--north", "human"];
    // 1 then a steal; bad input on the way; then play to the end.
    let input = b"1\ny\nx\n3\n1\n2\n3\n1\n2\n3\n1\n2\n3\n1\n2\n3\n";
    let (code, out, err) = run(dir.path(), &args, input);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("Game over"), "{out}");
    golden("transcript_kalah_3x2.txt", &out);
}

#[test]
fn end_of_input_saves_and_resume_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let args = ["-v", "oware", "-p", "4", "-s", "2", "--south", "human", "--north", "human"];
    let (code, out, _) = run(dir.path(), &args, b"2\n3\n");
    assert_eq!(code, Some(0));
    assert!(out.contains("End of input: the game is saved to <DIR>/autosave.game."), "{out}");
    let (code, out, _) = run(dir.path(), &["--resume"], b"");
    assert_eq!(code, Some(0));
    assert!(out.contains("oware: 4 pits a side, 2 seeds in each"), "{out}");
    assert!(out.contains("Going on after 2 moves."), "{out}");
    golden("transcript_oware_resume.txt", &out);
}

#[test]
fn setup_questions_without_a_terminal() {
    let dir = tempfile::tempdir().unwrap();
    // Every set-up question answered by Enter: a person (Player 1) against
    // the computer. The person leaves at once.
    let (code, out, _) = run(dir.path(), &["--seed", "1"], b"\n\n\n\n\n\nquit\n");
    assert_eq!(code, Some(0));
    assert!(out.contains("kalah: 6 pits a side, 4 seeds in each"), "{out}");
    assert!(out.contains("You left the game: the game is saved to"), "{out}");
    // Bad options stop before any question, with status 2.
    let (code, _, err) = run(dir.path(), &["-v", "kalah", "-p", "11"], b"");
    assert_eq!(code, Some(2));
    assert!(err.contains("kalah cannot be played at that size"), "{err}");
    let (code, _, err) = run(dir.path(), &["--south", "robot"], b"");
    assert_eq!(code, Some(2));
    assert!(err.contains("is not a player"), "{err}");
}

#[test]
fn computer_against_computer_waits_between_moves_to_be_watched() {
    let dir = tempfile::tempdir().unwrap();
    let args = |delay: &'static str| {
        [
            "-v",
            "kalah",
            "-p",
            "3",
            "-s",
            "2",
            "--south",
            "computer:1",
            "--north",
            "computer:1",
            "--seed",
            "1",
            "--delay",
            delay,
        ]
    };
    let (code, out, err) = run(dir.path(), &args("0"), b"");
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("Game over"), "{out}");
    let moves = out.matches(" sowed ").count() + out.matches(" steals ").count();
    assert!(moves >= 2, "{out}");

    let start = std::time::Instant::now();
    let (code, slow_out, err) = run(dir.path(), &args("150"), b"");
    assert_eq!(code, Some(0), "{err}");
    let slow = start.elapsed();
    assert_eq!(slow_out, out, "the delay changes nothing but the pace");
    let waited = std::time::Duration::from_millis(150 * moves as u64);
    assert!(slow >= waited, "{moves} moves took {slow:?}, not at least {waited:?}");
}

#[cfg(unix)]
#[test]
fn the_command_to_go_on_is_the_one_the_user_can_run() {
    let dir = tempfile::tempdir().unwrap();
    let args = ["-v", "kalah", "-p", "3", "-s", "2", "--south", "human", "--north", "human"];
    let input = b"1\nsave g.game\nquit\n";
    // Started by its path (as `cargo run` starts target/…/mancala), with no
    // `mancala` on PATH: the path, and the `cargo run` form.
    let mut by_path = common::mancala_in(dir.path());
    by_path.env("PATH", "/nonexistent");
    let (code, out, err) = run_as(by_path, dir.path(), &args, input);
    assert_eq!(code, Some(0), "{err}");
    let load = common::command_for("play --load g.game");
    assert!(out.contains(&format!("Saved the game to g.game; {load} goes on with it.")), "{out}");
    let resume = common::command_for("play --resume");
    assert!(out.contains(&format!("<DIR>/autosave.game. {resume} goes on with it.")), "{out}");

    // `mancala` on PATH is this very program: plain `mancala`, whether it
    // was started by that name or by its path.
    let bin = dir.path().join("bin");
    std::fs::create_dir(&bin).unwrap();
    std::os::unix::fs::symlink(common::binary(), bin.join("mancala")).unwrap();
    let on_path = |mut cmd: Command| {
        for name in common::LOCATIONS {
            cmd.env_remove(name);
        }
        cmd.env("HOME", dir.path()).env("PATH", &bin).current_dir(dir.path());
        cmd
    };
    for cmd in [Command::new("mancala"), Command::new(common::binary())] {
        let cmd = on_path(cmd);
        let program = cmd.get_program().to_owned();
        let (code, out, err) = run_as(cmd, dir.path(), &args, input);
        assert_eq!(code, Some(0), "{program:?}: {err}");
        assert!(
            out.contains("Saved the game to g.game; `mancala play --load g.game` goes on with it."),
            "{program:?}: {out}"
        );
        assert!(out.contains("`mancala play --resume` goes on with it."), "{program:?}: {out}");
    }
}

/// Um el-Bagara's middle pit at the console: the prompt lists `3ccw` and
/// `3cw`, `help` says how to type a direction, a plain `3` is refused with
/// how to write it, and `3cw` is played and told with its way.
#[test]
fn a_direction_typed_at_the_prompt() {
    let dir = tempfile::tempdir().unwrap();
    let args = ["-v", "um-el-bagara", "-p", "5", "-s", "5", "--south", "human", "--north", "human"];
    let (code, out, err) = run(dir.path(), &args, b"help\n3\n3cw\nquit\n");
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("choose a pit to sow (1, 2, 3ccw, 3cw, 4, 5)"), "{out}");
    assert!(out.contains("Pit 3 may be sown either way: type the pit and a direction"), "{out}");
    assert!(
        out.contains("Pit 3 may be sown either way: say which, 3ccw (counter-clockwise) or 3cw"),
        "{out}"
    );
    // Piped, the no-break space inside "pit 3" is a plain one.
    assert!(out.contains("South sowed 5 seeds from pit 3 clockwise."), "{out}");
}

#[test]
fn eson_xorgol_moves_from_either_row_at_the_console() {
    // Nobody owns a pit: the prompt lists the pits of both rows, the board
    // numbers both rows for the mover (the other row from n + 1), and a
    // move from the other row is told with its owner's number too.
    let dir = tempfile::tempdir().unwrap();
    let args = ["-v", "eson-xorgol", "-p", "3", "-s", "2", "--south", "human", "--north", "human"];
    let (code, out, err) = run(dir.path(), &args, b"5\n9\n1\nquit\n");
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("choose a pit to sow (1-3 in your row, 4-6 in North's row)"), "{out}");
    assert!(out.contains("South sowed 2 seeds from pit 5 (North's pit 2)."), "{out}");
    assert!(out.contains("Pit 9 does not exist: pits are numbered 1 to 6."), "{out}");
    assert!(out.contains("          4     5     6\n"), "{out}");
    golden("transcript_eson_xorgol_3x2.txt", &out);
}
