//! How the user started this program, so that a message naming a command to
//! run later (`… play --resume`) names one that works: `mancala` when that
//! is what the shell finds, else the path the program was started by (as
//! `cargo run --release -- play` does, with `target/release/mancala`), and
//! then also the `cargo run` form when the path is in a cargo target folder.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};

use crate::cmd::play::NBSP;

/// The command that starts this program again, as the user can type it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invocation {
    /// `mancala`, or the program's path as a shell word.
    program: String,
    /// `cargo run --release --` (or `cargo run --` for a debug build) when
    /// the program is a cargo build in its target folder.
    cargo: Option<String>,
}

impl Invocation {
    /// This process's: from its first argument and `PATH`.
    pub fn current() -> Invocation {
        let argv0 = std::env::args_os().next().unwrap_or_default();
        let path = std::env::var_os("PATH");
        Invocation::decide(&argv0, path.as_deref())
    }

    /// The program named plainly `mancala` (found on `PATH`).
    pub fn plain() -> Invocation {
        Invocation { program: "mancala".to_string(), cargo: None }
    }

    /// `argv0`: the program's first argument; `path`: the `PATH` variable.
    /// A bare name was found on `PATH`: `mancala`. A path names the program
    /// itself unless `mancala` on `PATH` is the same file.
    pub fn decide(argv0: &OsStr, path: Option<&OsStr>) -> Invocation {
        let typed = Path::new(argv0);
        if argv0.is_empty() || !argv0.to_string_lossy().contains('/') {
            return Invocation::plain();
        }
        let same = |a: &Path, b: &Path| match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
            (Ok(a), Ok(b)) => a == b,
            _ => false,
        };
        if on_path("mancala", path).is_some_and(|found| same(&found, typed)) {
            return Invocation::plain();
        }
        let profile = typed
            .parent()
            .and_then(|dir| dir.file_name())
            .and_then(OsStr::to_str)
            .filter(|_| typed.file_name() == Some(OsStr::new("mancala")));
        let cargo = match profile {
            Some("release") => Some("cargo run --release --".to_string()),
            Some("debug") => Some("cargo run --".to_string()),
            _ => None,
        };
        Invocation { program: shell_word(&typed.to_string_lossy()), cargo }
    }

    /// The command `mancala ARGS` as the user can run it, in backquotes:
    /// `` `mancala play --resume` ``, or with the program's path, and the
    /// `cargo run` form after it when there is one.
    /// The arguments are joined by [`NBSP`], so that a line of the console
    /// game breaks only between the program and them.
    pub fn command(&self, args: &str) -> String {
        let args = args.replace(' ', &NBSP.to_string());
        let main = format!("`{} {args}`", self.program);
        match &self.cargo {
            Some(cargo) => {
                let cargo = cargo.replace(' ', &NBSP.to_string());
                format!("{main} (or `{cargo}{NBSP}{args}` in the source folder)")
            }
            None => main,
        }
    }
}

/// `text` as one word for a POSIX shell.
pub fn shell_word(text: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "/._+-,:@%=".contains(c);
    if !text.is_empty() && text.chars().all(plain) {
        text.to_string()
    } else {
        format!("'{}'", text.replace('\'', "'\\''"))
    }
}

/// The file `name` found in the folders of `path`, as a shell finds it.
fn on_path(name: &str, path: Option<&OsStr>) -> Option<PathBuf> {
    std::env::split_paths(path?).map(|dir| dir.join(name)).find(|file| is_executable(file))
}

#[cfg(unix)]
fn is_executable(file: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(file).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

#[cfg(not(unix))]
fn is_executable(file: &Path) -> bool {
    file.is_file()
}

#[cfg(test)]
mod tests {
    use super::*;

    impl Invocation {
        /// [`Invocation::command`] as shown, joining spaces made plain.
        fn shown(&self, args: &str) -> String {
            self.command(args).replace(NBSP, " ")
        }
    }

    #[test]
    fn a_bare_name_is_the_one_on_path() {
        let i = Invocation::decide(OsStr::new("mancala"), Some(OsStr::new("/nowhere")));
        assert_eq!(i.shown("play --resume"), "`mancala play --resume`");
    }

    #[test]
    fn a_cargo_build_names_its_path_and_cargo_run() {
        let dir = tempfile::tempdir().unwrap();
        let release = dir.path().join("target/release");
        std::fs::create_dir_all(&release).unwrap();
        std::fs::write(release.join("mancala"), "").unwrap();
        let i = Invocation::decide(OsStr::new("target/release/mancala"), Some(OsStr::new("")));
        assert_eq!(
            i.shown("play --resume"),
            "`target/release/mancala play --resume` \
             (or `cargo run --release -- play --resume` in the source folder)"
        );
        let i = Invocation::decide(OsStr::new("/x/my dir/debug/mancala"), None);
        assert_eq!(
            i.shown("play --resume"),
            "`'/x/my dir/debug/mancala' play --resume` (or `cargo run -- play --resume` in the source folder)"
        );
        let i = Invocation::decide(OsStr::new("./mancala"), None);
        assert_eq!(i.shown("play"), "`./mancala play`");
    }

    #[cfg(unix)]
    #[test]
    fn a_path_to_the_file_on_path_is_plain_mancala() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let bin = dir.path().join("bin");
        std::fs::create_dir_all(&bin).unwrap();
        let real = dir.path().join("mancala");
        std::fs::write(&real, "").unwrap();
        std::fs::set_permissions(&real, std::fs::Permissions::from_mode(0o755)).unwrap();
        std::os::unix::fs::symlink(&real, bin.join("mancala")).unwrap();
        let path = std::env::join_paths([Path::new("/nowhere"), &bin]).unwrap();
        let i = Invocation::decide(real.as_os_str(), Some(&path));
        assert_eq!(i, Invocation::plain());
        // Another file of the same name on PATH: the path is named.
        let other = dir.path().join("other");
        std::fs::create_dir_all(&other).unwrap();
        std::fs::copy(&real, other.join("mancala")).unwrap();
        let i = Invocation::decide(other.join("mancala").as_os_str(), Some(&path));
        assert_ne!(i, Invocation::plain());
        assert!(i.shown("play").contains("/other/mancala play`"), "{i:?}");
    }
}
