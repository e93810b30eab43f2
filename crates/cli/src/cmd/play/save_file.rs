//! Writing a game record to a file safely: atomically (a temporary file in
//! the same folder, renamed over the target by `tempfile`), through a
//! symbolic link to the file it points to, never over a device or other
//! file that is not a regular file (`/dev/null` means "don't save"), and
//! never into a folder that does not exist unless asked to create it.

use std::io::Write as _;
use std::path::{Path, PathBuf};

use crate::invocation::Invocation;

/// What a save did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Saved {
    /// The record is in the file.
    Written,
    /// The target is `/dev/null` (or another null device): nothing saved,
    /// as asked.
    Discarded,
}

/// Why a save failed, in words for the player.
#[derive(Debug)]
pub struct SaveError(pub String);

impl std::fmt::Display for SaveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// The file a save really writes: `path`, or, when `path` is a symbolic
/// link, the file it points to (followed link by link).
fn resolve(path: &Path) -> PathBuf {
    let mut p = path.to_path_buf();
    for _ in 0..40 {
        match std::fs::symlink_metadata(&p) {
            Ok(m) if m.file_type().is_symlink() => match std::fs::read_link(&p) {
                Ok(target) => {
                    p = match p.parent() {
                        Some(dir) if target.is_relative() => dir.join(target),
                        _ => target,
                    };
                }
                Err(_) => break,
            },
            _ => break,
        }
    }
    p
}

fn is_null_device(path: &Path) -> bool {
    path == Path::new("/dev/null")
        || std::fs::canonicalize(path).is_ok_and(|p| p == Path::new("/dev/null"))
}

/// Writes `text` to `path` atomically. `create_folder`: create missing
/// folders (the autosave's default place); otherwise a missing folder is an
/// error that names it.
pub fn write(path: &Path, text: &str, create_folder: bool) -> Result<Saved, SaveError> {
    if path.as_os_str().is_empty() {
        return Err(SaveError("no file name given".into()));
    }
    if is_null_device(path) {
        return Ok(Saved::Discarded);
    }
    let target = resolve(path);
    if let Ok(meta) = std::fs::metadata(&target) {
        if meta.is_dir() {
            return Err(SaveError(format!("{} is a folder, not a file", path.display())));
        }
        if !meta.is_file() {
            return Err(SaveError(format!(
                "{} is not a regular file (a device, pipe or socket): a game is saved only to a regular file",
                path.display()
            )));
        }
    }
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    if !dir.is_dir() {
        if dir.exists() {
            return Err(SaveError(format!("{} is not a folder", dir.display())));
        }
        if !create_folder {
            return Err(SaveError(format!(
                "the folder {} does not exist (create it first, or save somewhere else)",
                dir.display()
            )));
        }
        std::fs::create_dir_all(&dir)
            .map_err(|e| SaveError(format!("cannot create the folder {}: {e}", dir.display())))?;
    }
    let name = target.file_name().unwrap_or_default().to_string_lossy().into_owned();
    remove_stale_temporaries(&dir, &name);
    let fail = |e: std::io::Error| SaveError(format!("cannot save to {}: {e}", path.display()));
    let mut tmp = tempfile::Builder::new()
        .prefix(&format!(".{name}.{}.", std::process::id()))
        .suffix(TEMPORARY_SUFFIX)
        .tempfile_in(&dir)
        .map_err(fail)?;
    tmp.write_all(text.as_bytes()).map_err(fail)?;
    // The file keeps the permissions it had; a new one gets the usual
    // rw-r--r-- (a temporary file starts owner-only).
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&target)
            .map(|m| m.permissions())
            .unwrap_or_else(|_| std::fs::Permissions::from_mode(0o644));
        tmp.as_file().set_permissions(mode).map_err(fail)?;
    }
    tmp.as_file().sync_all().map_err(fail)?;
    // On failure the temporary file is removed when dropped.
    tmp.persist(&target).map_err(|e| fail(e.error))?;
    Ok(Saved::Written)
}

/// The autosave file, and the command that goes on with the game saved in it.
#[derive(Clone, Debug)]
pub struct Autosave {
    pub path: PathBuf,
    /// The file came from `--autosave FILE` (plain `--resume` would look
    /// elsewhere).
    given: bool,
    /// How the user started the program, for the commands named.
    pub invocation: Invocation,
}

pub use crate::invocation::shell_word;

impl Autosave {
    /// The file of `--autosave FILE` if given, else the default
    /// ([`crate::paths::default_autosave`]); commands named as `invocation`.
    pub fn new(option: Option<PathBuf>, invocation: Invocation) -> Autosave {
        match option {
            Some(path) => Autosave { path, given: true, invocation },
            None => Autosave { path: crate::paths::default_autosave(), given: false, invocation },
        }
    }

    /// The file given by `--autosave FILE`, the program run as `mancala`.
    #[cfg(test)]
    pub fn given(path: PathBuf) -> Autosave {
        Autosave::new(Some(path), Invocation::plain())
    }

    /// The command that goes on with the game saved here, in backquotes:
    /// `` `mancala play --resume` ``, with `--autosave FILE` when the file
    /// came from that option.
    pub fn resume(&self) -> String {
        let mut args = "play --resume".to_string();
        if self.given {
            args.push_str(" --autosave ");
            args.push_str(&shell_word(&self.path.to_string_lossy()));
        }
        self.invocation.command(&args)
    }

    /// Saves the record text, creating the autosave's folder if needed.
    pub fn save(&self, text: &str) -> Result<Saved, SaveError> {
        write(&self.path, text, true)
    }

    /// Removes the autosave once its game is over; only a regular file
    /// (never `/dev/null`, a device or the file behind a link).
    pub fn remove(&self) {
        if std::fs::symlink_metadata(&self.path).is_ok_and(|m| m.file_type().is_file()) {
            let _ = std::fs::remove_file(&self.path);
        }
    }
}

/// The end of a save's temporary file's name: `.NAME.PID.RANDOM` then
/// this, hidden and unlike any name a user would choose.
const TEMPORARY_SUFFIX: &str = ".save-tmp";

/// The process id in the name of a temporary file left beside `name` by a
/// save, if it is one: `.NAME.PID.RANDOM.save-tmp` (RANDOM: tempfile's six
/// letters and digits), or the older `NAME.PID.tmp`, which is taken for one
/// only when it holds the start of a game record (see
/// [`remove_stale_temporaries`]). A user's `NAME.2023.report.tmp` never is.
fn temporary_owner(file: &str, name: &str) -> Option<(u32, bool)> {
    let digits = |t: &str| !t.is_empty() && t.chars().all(|c| c.is_ascii_digit());
    if let Some(rest) = file.strip_prefix('.').and_then(|f| f.strip_prefix(name)) {
        let (pid, random) =
            rest.strip_prefix('.')?.strip_suffix(TEMPORARY_SUFFIX)?.split_once('.')?;
        let random_ok = random.len() == 6 && random.chars().all(|c| c.is_ascii_alphanumeric());
        return (digits(pid) && random_ok).then(|| pid.parse().ok()).flatten().map(|p| (p, false));
    }
    let pid = file.strip_prefix(name)?.strip_prefix('.')?.strip_suffix(".tmp")?;
    digits(pid).then(|| pid.parse().ok()).flatten().map(|p| (p, true))
}

/// Whether the file begins as a game record does (or is empty): what an
/// interrupted save of the older kind leaves.
fn holds_a_record_start(path: &Path) -> bool {
    use std::io::Read;
    let mut start = [0u8; 16];
    let Ok(mut f) = std::fs::File::open(path) else { return false };
    let n = f.read(&mut start).unwrap_or(0);
    b"[Game \"mancala\"]".starts_with(&start[..n])
}

/// Whether the process `pid` is running.
#[cfg(unix)]
fn alive(pid: u32) -> bool {
    let Ok(pid) = libc::pid_t::try_from(pid) else { return false };
    // Signal 0 only checks that the process exists.
    // SAFETY: kill with signal 0 sends nothing.
    let r = unsafe { libc::kill(pid, 0) };
    r == 0 || std::io::Error::last_os_error().raw_os_error() != Some(libc::ESRCH)
}

#[cfg(not(unix))]
fn alive(_pid: u32) -> bool {
    true
}

/// Removes the temporary files of saves to `dir/name` whose process has
/// died (a crash or a closed terminal in the middle of a save).
pub fn remove_stale_temporaries(dir: &Path, name: &str) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let file = entry.file_name();
        let Some(file) = file.to_str() else { continue };
        if let Some((pid, older)) = temporary_owner(file, name) {
            if pid != std::process::id()
                && !alive(pid)
                && (!older || holds_a_record_start(&entry.path()))
            {
                let _ = std::fs::remove_file(entry.path());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resume_command_names_a_given_file() {
        use super::super::NBSP;
        assert_eq!(
            Autosave::given(PathBuf::from("/tmp/my game's.save")).resume().replace(NBSP, " "),
            "`mancala play --resume --autosave '/tmp/my game'\\''s.save'`"
        );
        assert_eq!(
            Autosave::given(PathBuf::from("a/b.game")).resume().replace(NBSP, " "),
            "`mancala play --resume --autosave a/b.game`"
        );
    }

    #[test]
    fn missing_folder_is_named_and_not_created() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("no/such/x.game");
        let e = write(&target, "text", false).unwrap_err();
        assert!(
            e.0.contains(&format!(
                "the folder {} does not exist",
                dir.path().join("no/such").display()
            )),
            "{e}"
        );
        assert!(!dir.path().join("no").exists());
        assert_eq!(write(&target, "text", true).unwrap(), Saved::Written);
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "text");
    }

    #[test]
    fn null_device_and_other_non_files() {
        assert_eq!(write(Path::new("/dev/null"), "text", false).unwrap(), Saved::Discarded);
        assert!(!std::fs::metadata("/dev/null").unwrap().file_type().is_file());
        let dir = tempfile::tempdir().unwrap();
        let e = write(dir.path(), "text", false).unwrap_err();
        assert!(e.0.contains("is a folder"), "{e}");
        #[cfg(target_os = "linux")]
        {
            let e = write(Path::new("/dev/zero"), "text", false).unwrap_err();
            assert!(e.0.contains("not a regular file"), "{e}");
        }
    }

    #[cfg(unix)]
    #[test]
    fn symlink_is_written_through() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("real")).unwrap();
        let real = dir.path().join("real/game.txt");
        std::fs::write(&real, "old").unwrap();
        let link = dir.path().join("link.game");
        std::os::unix::fs::symlink("real/game.txt", &link).unwrap();
        assert_eq!(write(&link, "new", false).unwrap(), Saved::Written);
        assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
        assert_eq!(std::fs::read_to_string(&real).unwrap(), "new");
        // A link to a file not there yet creates that file.
        let dangling = dir.path().join("later.game");
        std::os::unix::fs::symlink("real/later.txt", &dangling).unwrap();
        write(&dangling, "made", false).unwrap();
        assert!(std::fs::symlink_metadata(&dangling).unwrap().file_type().is_symlink());
        assert_eq!(std::fs::read_to_string(dir.path().join("real/later.txt")).unwrap(), "made");
    }

    #[cfg(unix)]
    #[test]
    fn a_save_keeps_the_files_permissions() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("shared.game");
        std::fs::write(&file, "old").unwrap();
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o664)).unwrap();
        write(&file, "new", false).unwrap();
        let mode = std::fs::metadata(&file).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o664);
        // A new file is readable by others, as files usually are.
        let new = dir.path().join("new.game");
        write(&new, "new", false).unwrap();
        assert_eq!(std::fs::metadata(&new).unwrap().permissions().mode() & 0o777, 0o644);
    }

    #[test]
    fn stale_temporaries_of_dead_processes_go() {
        let dir = tempfile::tempdir().unwrap();
        // A process id far above any real one (pid_max is at most 2^22).
        let dead = dir.path().join("autosave.game.99999999.tmp");
        let dead_random = dir.path().join(".autosave.game.99999998.AbC123.save-tmp");
        let mine =
            dir.path().join(format!(".autosave.game.{}.XyZ789.save-tmp", std::process::id()));
        let other = dir.path().join("notes.99999999.tmp");
        // A user's own files that only look alike stay.
        let users = [
            dir.path().join("autosave.game.2023.report.tmp"),
            dir.path().join("autosave.game.99999997.notes-v2.tmp"),
            dir.path().join("autosave.game.99999996.tmp"),
        ];
        for f in users.iter().chain([&dead_random, &mine, &other]) {
            std::fs::write(f, "x").unwrap();
        }
        // The older kind of temporary file: half a record.
        std::fs::write(&dead, "[Game \"mancala\"]\n[Vari").unwrap();
        write(&dir.path().join("autosave.game"), "game", false).unwrap();
        assert!(!dead.exists() && !dead_random.exists());
        assert!(mine.exists() && other.exists());
        let mut names: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        names.sort();
        let mut want = vec![
            "autosave.game".to_string(),
            mine.file_name().unwrap().to_string_lossy().into_owned(),
            "notes.99999999.tmp".to_string(),
            "autosave.game.2023.report.tmp".to_string(),
            "autosave.game.99999997.notes-v2.tmp".to_string(),
            "autosave.game.99999996.tmp".to_string(),
        ];
        want.sort();
        assert_eq!(names, want);
    }
}
