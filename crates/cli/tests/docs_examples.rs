//! Every command the README and the docs show is run here, as a user would
//! type it, with `mancala` on the `PATH` and a home folder of its own.
//!
//! What is run, and how:
//! - every fenced block marked `sh` is run whole, as one script (a later line
//!   can use a file an earlier one wrote), and must exit 0 within
//!   [`TIMEOUT`], standard input closed. Synopses with placeholders belong
//!   in `text` blocks;
//! - every inline code span that starts with `mancala ` and holds no
//!   placeholder (an upper-case word such as `V`, `FILE`, `N`, or `[`, `...`)
//!   names a command in prose: it is run with `--help` after its words, so
//!   the command and its options must exist and typed values must parse
//!   (an unknown option or a number out of range fails) without doing its
//!   work. What only the work itself finds (an unknown variant name,
//!   conflicting options) is not checked for these: commands that matter
//!   belong in `sh` blocks.
//!
//! A few blocks take
//! minutes by design (the full awari and abapa databases):
//! they are listed in [`LONG`] and run by the ignored test
//! (`cargo test --release -p mancala-cli --test docs_examples -- --ignored`).
//! A new long command in the docs fails the default test by its timeout
//! until it is listed there.

mod common;

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};

const TIMEOUT: Duration = Duration::from_secs(90);

/// Commands that take minutes; run by `long_examples_run` (ignored).
const LONG: &[&str] = &[
    "mancala db build --variant awari --max-seeds 24 --db-dir owaredb-full",
    "mancala db build --variant abapa --max-seeds 24 --db-dir owaredb-full",
];

/// The test command and the scripts it runs.
const TEST_COMMAND: &[&str] = &[
    "bash scripts/test.sh",
    "bash scripts/fuzz_smoke.sh",
    "bash scripts/python_tests.sh",
    "bash scripts/web_tests.sh",
    "bash scripts/mpi_tests.sh",
];

/// The project's root folder.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The markdown files that show commands: the README and every one under
/// `docs/`, its subfolders (`docs/measurements/`) included.
fn documents() -> Vec<PathBuf> {
    let mut files = vec![root().join("README.md")];
    let mut docs = Vec::new();
    let mut folders = vec![root().join("docs")];
    while let Some(folder) = folders.pop() {
        for path in std::fs::read_dir(folder).unwrap().map(|e| e.unwrap().path()) {
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|x| x == "md") {
                docs.push(path);
            }
        }
    }
    docs.sort();
    files.extend(docs);
    files
}

/// One example: where it stands and the script to run.
#[derive(Debug, Clone)]
struct Example {
    place: String,
    script: String,
}

/// A word that stands for something the reader fills in.
fn is_placeholder(word: &str) -> bool {
    let w = word.trim_matches(|c: char| !c.is_alphanumeric());
    (!w.is_empty()
        && w.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
        && w.chars().next().unwrap().is_ascii_uppercase())
        || word.contains('[')
        || word.contains("...")
        || word.contains('…')
        || word.contains('<')
}

/// The README's set-up line runs the game from the source tree; here it is
/// the same program.
fn as_user_types(line: &str) -> String {
    line.replace("cargo run --release -- ", "mancala ")
}

fn examples() -> Vec<Example> {
    let mut found = Vec::new();
    for file in documents() {
        let name = file.strip_prefix(root()).unwrap_or(&file).display().to_string();
        let text = std::fs::read_to_string(&file).unwrap();
        // Inside a fence: its kind (`sh` or other), first line and script.
        let mut fence: Option<(bool, usize, String)> = None;
        let mut paragraph = (0, String::new());
        for (i, line) in text.lines().enumerate() {
            if let Some(kind) = line.trim_start().strip_prefix("```") {
                prose_spans(&name, &mut paragraph, &mut found);
                match fence.take() {
                    Some((true, start, script)) if !script.trim().is_empty() => {
                        found.push(Example { place: format!("{name}:{start}"), script });
                    }
                    Some(_) => {}
                    None => fence = Some((kind.trim() == "sh", i + 2, String::new())),
                }
                continue;
            }
            match fence.as_mut() {
                Some((true, _, script)) => {
                    let command = line.split(" # ").next().unwrap().trim();
                    // The test command and its parts (the fuzz smoke run, the
                    // Python package's tests) run as `bash scripts/test.sh`,
                    // which CI runs; they are not run again from inside it.
                    if !command.is_empty()
                        && !command.starts_with('#')
                        && !TEST_COMMAND.contains(&command)
                    {
                        script.push_str(&as_user_types(command));
                        script.push('\n');
                    }
                }
                Some((false, _, _)) => {}
                None if line.trim().is_empty() => prose_spans(&name, &mut paragraph, &mut found),
                None => {
                    // Spans may run over a line break: read a paragraph whole.
                    if paragraph.1.is_empty() {
                        paragraph.0 = i + 1;
                    }
                    paragraph.1.push_str(line);
                    paragraph.1.push(' ');
                }
            }
        }
        prose_spans(&name, &mut paragraph, &mut found);
    }
    found
}

/// The commands named in a paragraph of prose, checked with `--help`.
fn prose_spans(name: &str, paragraph: &mut (usize, String), found: &mut Vec<Example>) {
    for span in paragraph.1.split('`').skip(1).step_by(2) {
        if span.starts_with("mancala ") && !span.split_whitespace().any(is_placeholder) {
            found.push(Example {
                place: format!("{name}:{}", paragraph.0),
                script: format!("{span} --help >/dev/null\n"),
            });
        }
    }
    paragraph.1.clear();
}

/// Runs a script in a home of its own; its exit status and output.
fn run(script: &str, timeout: Duration) -> Result<(), String> {
    let home = common::Sandbox::new();
    let bin = home.join("bin");
    std::fs::create_dir(&bin).unwrap();
    std::os::unix::fs::symlink(common::binary(), bin.join("mancala")).unwrap();
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap_or_default());
    let mut child = std::process::Command::new("bash");
    for name in common::LOCATIONS {
        child.env_remove(name);
    }
    let mut child = child
        .arg("-c")
        .arg(format!("set -euo pipefail\n{script}"))
        .current_dir(home.path())
        .env("HOME", home.path())
        .env("PATH", path)
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            let out = child.wait_with_output().unwrap();
            if status.success() {
                return Ok(());
            }
            return Err(format!(
                "exit {:?}\nstdout: {}\nstderr: {}",
                status.code(),
                tail(&out.stdout),
                tail(&out.stderr)
            ));
        }
        if start.elapsed() > timeout {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!("still running after {} s", timeout.as_secs()));
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn tail(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    let start = text.len().saturating_sub(600);
    text[text.floor_char_boundary(start)..].to_string()
}

fn is_long(example: &Example) -> bool {
    example.script.lines().any(|l| LONG.contains(&l.trim()))
}

fn check(examples: Vec<Example>) {
    assert!(!examples.is_empty());
    let mut failures = Vec::new();
    for example in &examples {
        if let Err(why) =
            run(&example.script, if is_long(example) { Duration::MAX } else { TIMEOUT })
        {
            failures.push(format!("{}: {}\n  {}", example.place, example.script.trim(), why));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} examples failed:\n{}",
        failures.len(),
        examples.len(),
        failures.join("\n")
    );
}

#[test]
fn every_example_in_the_readme_and_docs_runs() {
    let all = examples();
    // The README's own commands are among them.
    assert!(all
        .iter()
        .any(|e| e.place.starts_with("README.md") && e.script.starts_with("mancala play")));
    check(all.into_iter().filter(|e| !is_long(e)).collect());
}

#[test]
#[ignore = "minutes: the full awari and abapa databases"]
fn long_examples_run() {
    check(examples().into_iter().filter(is_long).collect());
}

#[test]
fn every_long_example_is_still_in_the_docs() {
    // The list above names commands that are shown; a stale entry is a
    // command nobody shows any more.
    let all = examples();
    for long in LONG {
        assert!(
            all.iter().any(|e| e.script.lines().any(|l| l.trim() == *long)),
            "{long} is not in the docs"
        );
    }
}

#[test]
fn every_position_in_the_docs_is_valid() {
    // Position strings in code spans (`4,4,...:0/.../S`) parse, and hold
    // as many seeds as a preset's start.
    let re_like = |s: &str| {
        s.contains('/') && s.contains(':') && s.chars().next().is_some_and(|c| c.is_ascii_digit())
    };
    let mut seen = 0;
    for file in documents() {
        let text = std::fs::read_to_string(&file).unwrap();
        for span in text.split('`').skip(1).step_by(2) {
            if !re_like(span) || span.contains(' ') {
                continue;
            }
            let p: mancala_core::Setup =
                span.parse().unwrap_or_else(|e| panic!("{}: {span}: {e}", file.display()));
            let fits = mancala_core::Variant::presets().iter().any(|v| {
                // A side of a four-row board holds both its rows.
                let row = p.pits_per_side() / (v.rows() / 2);
                v.resized(Some(row as u8), None)
                    .ok()
                    .and_then(|v| {
                        (1..=v.rules().board.seeds_per_pit_range[1])
                            .filter_map(|s| v.resized(None, Some(s)).ok())
                            .find(|v| p.check_fits(v).is_ok())
                    })
                    .is_some()
            });
            assert!(fits, "{}: {span} fits no preset at any size", file.display());
            seen += 1;
        }
    }
    assert!(seen >= 4, "only {seen} positions found");
}

#[test]
fn the_commands_not_run_here_are_run_by_the_test_command() {
    // The docs' commands skipped above are the test command's own parts.
    let script = std::fs::read_to_string(root().join("scripts/test.sh")).unwrap();
    for part in &TEST_COMMAND[1..] {
        assert!(script.lines().any(|l| l.trim() == *part), "scripts/test.sh does not run {part}");
    }
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    assert!(readme.contains(TEST_COMMAND[0]), "README's test command is not {}", TEST_COMMAND[0]);
}

/// The code lines of a doc comment's examples in a source file: `//! ` and
/// `/// ` lines, their prefix (and a doctest's hidden-line `# `) removed.
fn doc_lines(source: &str) -> Vec<String> {
    source
        .lines()
        .filter_map(|l| l.trim_start().strip_prefix("//!").or(l.trim_start().strip_prefix("///")))
        .map(|l| l.strip_prefix(' ').unwrap_or(l).trim_end().to_string())
        .collect()
}

/// The Rust examples of the README and the docs are not compiled here: each
/// must be, line for line, a doctest of one of the library crates, which
/// `cargo test` compiles and runs.
#[test]
fn every_rust_example_in_the_docs_is_a_doctest() {
    let mut sources = Vec::new();
    for krate in ["core", "engine", "solver", "web"] {
        let mut folders = vec![root().join("crates").join(krate).join("src")];
        while let Some(folder) = folders.pop() {
            for path in std::fs::read_dir(folder).unwrap().map(|e| e.unwrap().path()) {
                if path.is_dir() {
                    folders.push(path);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    sources.push(doc_lines(&std::fs::read_to_string(&path).unwrap()));
                }
            }
        }
    }
    let mut seen = 0;
    for file in documents() {
        let text = std::fs::read_to_string(&file).unwrap();
        let mut block: Option<Vec<String>> = None;
        for line in text.lines() {
            let trimmed = line.trim();
            match &mut block {
                None if trimmed == "```rust" => block = Some(Vec::new()),
                Some(lines) if trimmed == "```" => {
                    let found =
                        sources.iter().any(|doc| doc.windows(lines.len()).any(|w| w == &lines[..]));
                    assert!(
                        found,
                        "{}: this Rust example is no doctest of a library crate:\n{}",
                        file.display(),
                        lines.join("\n")
                    );
                    seen += 1;
                    block = None;
                }
                Some(lines) => lines.push(trimmed.to_string()),
                None => {}
            }
        }
    }
    assert!(seen >= 1, "no Rust example found in the docs");
}
