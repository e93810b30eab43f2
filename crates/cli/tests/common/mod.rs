//! The `mancala` binary run apart from the machine it runs on: every test
//! gets a home folder of its own (a temporary folder), so that no database,
//! autosave or checkpoint of the user's is read or written, whatever `HOME`,
//! `XDG_*` or `MANCALA_*` the test run was started with.
#![allow(dead_code)]

pub mod engine_process;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A temporary home for one test; removed when dropped.
pub struct Sandbox {
    dir: tempfile::TempDir,
}

impl Sandbox {
    pub fn new() -> Sandbox {
        Sandbox { dir: tempfile::tempdir().expect("a temporary folder") }
    }

    /// The home folder.
    pub fn path(&self) -> &Path {
        self.dir.path()
    }

    /// A path inside the home folder.
    pub fn join(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    /// `mancala` with this home, run in it.
    pub fn mancala(&self) -> Command {
        mancala_in(self.path())
    }
}

/// The environment variables that choose where the binary reads and
/// writes, all removed before a test sets its own.
pub const LOCATIONS: &[&str] = &[
    "MANCALA_DB_DIR",
    "MANCALA_AUTOSAVE",
    "XDG_DATA_HOME",
    "XDG_STATE_HOME",
    "XDG_CONFIG_HOME",
    "XDG_CACHE_HOME",
    "CLICOLOR_FORCE",
];

/// `mancala` run in `home`, with `home` as its home folder and nothing of
/// the caller's environment that names a place.
pub fn mancala_in(home: &Path) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_mancala"));
    for name in LOCATIONS {
        cmd.env_remove(name);
    }
    cmd.env("HOME", home).current_dir(home);
    cmd
}

/// The binary's path, for `cmd:` engines.
pub fn binary() -> &'static str {
    env!("CARGO_BIN_EXE_mancala")
}

/// How `mancala play` names the command `mancala ARGS` when it was started
/// by this test binary's path (not found on `PATH`): the path, then the
/// `cargo run` form of its build folder.
pub fn command_for(args: &str) -> String {
    let bin = Path::new(binary());
    let cargo = match bin.parent().and_then(|d| d.file_name()).and_then(|n| n.to_str()) {
        Some("release") => Some("cargo run --release --"),
        Some("debug") => Some("cargo run --"),
        _ => None,
    };
    let main = format!("`{} {args}`", bin.display());
    match cargo {
        Some(cargo) => format!("{main} (or `{cargo} {args}` in the source folder)"),
        None => main,
    }
}

/// `mancala` run in `home` as [`mancala_in`], but under an address-space
/// limit of `kib` KiB (`ulimit -v` in `sh`), so that a test asking for a
/// huge allocation cannot take the machine's memory even where the
/// allocation would succeed.
pub fn mancala_limited(home: &Path, kib: u64) -> Command {
    let mut cmd = Command::new("sh");
    cmd.arg("-c")
        .arg(format!("ulimit -v {kib} && exec \"$0\" \"$@\""))
        .arg(env!("CARGO_BIN_EXE_mancala"));
    for name in LOCATIONS {
        cmd.env_remove(name);
    }
    cmd.env("HOME", home).current_dir(home);
    cmd
}

/// The address-space limit of tests that ask for tables too large to
/// allocate: 4 GiB, far below the largest `--hash` (64 GiB).
pub const LIMITED_KIB: u64 = 4 << 20;

/// `mpirun` with the options a test needs (as root too, more processes
/// than cores), if it is installed.
pub fn mpirun(home: &Path) -> Option<Command> {
    let found = Command::new("mpirun").arg("--version").output();
    if !found.is_ok_and(|o| o.status.success()) {
        eprintln!("mpirun not found: the MPI tests are skipped (apt-get install openmpi-bin)");
        return None;
    }
    let mut cmd = Command::new("mpirun");
    for name in LOCATIONS {
        cmd.env_remove(name);
    }
    cmd.env("HOME", home)
        .env("OMPI_ALLOW_RUN_AS_ROOT", "1")
        .env("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1")
        .current_dir(home)
        .arg("--oversubscribe");
    Some(cmd)
}

/// `mancala ARGS` run in `home`: in one process (`np` `None`), or on `np`
/// processes under [`mpirun`] with `--mpi` added (MPI installed).
pub fn mancala_on(home: &Path, args: &[&str], np: Option<usize>) -> Output {
    match np {
        None => mancala_in(home).args(args).output().unwrap(),
        Some(np) => mpirun(home)
            .expect("mpirun")
            .args(["-np", &np.to_string(), binary()])
            .args(args)
            .arg("--mpi")
            .output()
            .unwrap(),
    }
}

/// A command's output as text.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}
