//! The layer files both families of endgame database are stored in (the
//! Kalah family's, [`crate::kalah_db`], and the Oware family's,
//! [`crate::oware_db`]), and what goes with them: the rules' fingerprint,
//! the folder lock, the errors, the build progress and the value counts.
//!
//! A board is stored from the mover's point of view: the mover's row (from
//! their left) then the opponent's (`mover_board`), ranked by
//! [`BoardIndex`] among the boards of its seed count, one signed byte per
//! board (its future margin, `-k..=k` for `k` seeds).
//!
//! On disk a database is a folder with one file per seed layer
//! (`layer-007.mdb`), each with a header naming the rules and a checksum,
//! written atomically as soon as the layer is done (to a temporary file,
//! then renamed): an interrupted build resumes from the last layer on
//! disk. Files are memory-mapped when used. A build holds the folder's
//! lock, so that two builders in one folder take turns.

use std::fs;
use std::io::{Seek, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

use mancala_core::{Position, Repetition, Rules, Side, StorePlacement};
use xxhash_rust::xxh3::xxh3_64;

use crate::index::BoardIndex;

/// Refuses, naming them, rules with elements beyond the Kalah and Oware
/// families ([`mancala_core::Rules::general_elements`]): a board of
/// these databases holds pits and stores only, and their moves are those
/// of the two families.
pub(crate) fn check_no_general_elements(v: &mancala_core::Variant) -> Result<(), DbError> {
    let found = v.rules().general_elements();
    if found.is_empty() {
        return Ok(());
    }
    Err(DbError::Unsupported(format!(
        "{}: endgame databases cover the rules of the Kalah and Oware families only; these \
         rules also use {}",
        v.name(),
        found.join(", ")
    )))
}

/// The first bytes of a layer file; the last two are the file format
/// version (02: xxh3 checksums and the canonical rules encoding).
const MAGIC: &[u8; 8] = b"MNCLDB02";
/// Layers up to this many bytes are checked when a database is opened;
/// larger ones on first use (see [`KalahDb::open`]).
///
/// [`KalahDb::open`]: crate::KalahDb::open
pub(crate) const CHECK_AT_OPEN_BYTES: usize = 16 << 20;
pub(crate) const HEADER_LEN: usize = 64;

/// Why a database cannot be built, read or used.
#[derive(Debug, thiserror::Error)]
pub enum DbError {
    /// The variant has no database of this kind (one line why).
    #[error("{0}")]
    Unsupported(String),
    /// More seeds asked for than the board holds (or a layer can count).
    #[error(
        "{asked} seeds is more than the {limit} a database of this board can hold (0 to {limit})"
    )]
    TooManySeeds {
        /// The seeds asked for.
        asked: usize,
        /// The most this board's database can hold.
        limit: usize,
    },
    /// A size the board allows but this machine cannot build.
    #[error("a database of {asked} seeds is more than this machine can build: {reason}")]
    TooLarge {
        /// The seeds asked for.
        asked: usize,
        /// Why this machine cannot build it (memory or disk).
        reason: String,
    },
    /// A layer file is damaged, foreign, or of another version.
    #[error("{path}: {message}")]
    Damaged {
        /// The layer file.
        path: PathBuf,
        /// What is wrong with it.
        message: String,
    },
    /// The build's stop flag was set while it built layer `seeds`: the
    /// layers below it are saved, and the same build resumes after them.
    #[error("{}", interrupted_message(*seeds))]
    Interrupted {
        /// The layer that was being built.
        seeds: usize,
    },
    /// The processes of an MPI build disagree (another build or version of
    /// mancala, another database asked for, a folder not shared by them
    /// all), or one of them failed: every process stops with this error.
    #[error("{0}")]
    Cluster(String),
    /// A file or folder of the database cannot be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file or folder.
        path: PathBuf,
        /// The operating system's error.
        #[source]
        source: std::io::Error,
    },
}

fn interrupted_message(seeds: usize) -> String {
    match seeds {
        0 => "stopped before a layer was built".to_string(),
        1 => "layer 1 was not finished; layer 0 is saved".to_string(),
        k => format!("layer {k} was not finished; layers 0 to {} are saved", k - 1),
    }
}

/// The lock of a database folder, held while a build writes to it
/// (released when dropped): an advisory lock on the file `.lock` in the
/// folder, so that two builders in one folder take turns and the second
/// finds the first one's layers on disk. Readers need no lock: a layer
/// appears under its name only when it is whole (written to a temporary
/// file, then renamed).
pub(crate) struct FolderLock(#[allow(dead_code)] fs::File);

/// Locks `dir` (created if missing) for a build. When another process
/// holds the lock, reports it once through `progress` (`waiting`) and
/// waits, polling, so that `stop` still ends the wait.
pub(crate) fn lock_folder(
    dir: &Path,
    progress: &(dyn Fn(BuildProgress) + Sync),
    stop: &AtomicBool,
) -> Result<FolderLock, DbError> {
    let io = |path: &Path, e| DbError::Io { path: path.to_path_buf(), source: e };
    fs::create_dir_all(dir).map_err(|e| io(dir, e))?;
    let path = dir.join(".lock");
    let file = fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .read(true)
        .write(true)
        .open(&path)
        .map_err(|e| io(&path, e))?;
    let mut said = false;
    loop {
        match file.try_lock() {
            Ok(()) => {
                remove_temporaries(dir);
                return Ok(FolderLock(file));
            }
            Err(fs::TryLockError::WouldBlock) => {}
            Err(fs::TryLockError::Error(e)) => return Err(io(&path, e)),
        }
        if !said {
            said = true;
            progress(BuildProgress { seeds: 0, done: 0, total: 0, loaded: false, waiting: true });
        }
        if stop.load(Ordering::Relaxed) {
            return Err(DbError::Interrupted { seeds: 0 });
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
}

/// Removes the temporary layer files a builder killed outright (a second
/// Ctrl-C, SIGKILL, a crash) left in `dir`: only builders write them, and
/// the caller holds the folder's lock, so none is being written.
fn remove_temporaries(dir: &Path) {
    let Ok(entries) = fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if name.starts_with(".layer-") && name.ends_with(".tmp") {
            let _ = fs::remove_file(entry.path());
        }
    }
}

/// What a database is for: the rules that matter to play, at one row length.
/// Two variants with the same fingerprint share databases. The xxh3 hash
/// of [`rules_bytes`].
pub fn fingerprint(rules: &Rules) -> u64 {
    xxh3_64(&rules_bytes(rules))
}

/// Version of the encoding [`rules_bytes`] writes (its first byte).
pub const RULES_ENCODING_VERSION: u8 = 1;

/// The rules that matter to play as bytes, in a fixed order, written by
/// hand so that no serializer's change can move a database: the version
/// byte, the row length, then every rule of sowing, capture, turn and end
/// (not the name, the description, the seeds per pit, the size ranges,
/// who moves first, or the pie rule, which a database does not see).
pub fn rules_bytes(rules: &Rules) -> Vec<u8> {
    use mancala_core::{EmptyPitCapture, EmptySide, GrandSlam};
    let b = &rules.board;
    let (s, c, t, e) = (&rules.sowing, &rules.capture, &rules.turn, &rules.end);
    let mut out = vec![RULES_ENCODING_VERSION, b.pits_per_side];
    out.push(match b.stores {
        StorePlacement::Ring => 0,
        StorePlacement::Beside => 1,
    });
    // Relay as 0 (none) and 1 (own), the bytes of the bool it was, 2 (any).
    out.extend([
        s.skip_opponent_store.into(),
        s.skip_origin.into(),
        s.relay as u8,
        s.extra_turn.into(),
    ]);
    out.push(match c.empty_pit {
        EmptyPitCapture::Off => 0,
        EmptyPitCapture::Always => 1,
        EmptyPitCapture::IfOppositeHasSeeds => 2,
    });
    out.push(c.counts.len() as u8);
    out.extend_from_slice(&c.counts);
    out.push(c.chain.into());
    out.push(match c.grand_slam {
        GrandSlam::Allowed => 0,
        GrandSlam::Forbidden => 1,
        GrandSlam::CapturesNothing => 2,
        GrandSlam::OnlyIfForced => 3,
    });
    out.push(t.must_feed.into());
    out.push(e.majority.into());
    out.push(match e.empty_side {
        EmptySide::Either => 0,
        EmptySide::Mover => 1,
    });
    out.push(match e.repetition {
        Repetition::None => 0,
        Repetition::Owner => 1,
        Repetition::Split => 2,
    });
    out
}

/// One seed layer: its file's bytes (header, then a value per board),
/// mapped from the file, or in memory (built there, or copied).
pub(crate) struct Layer(pub(crate) memmap2::Mmap);

impl Layer {
    #[inline]
    pub(crate) fn get(&self, rank: u64) -> i8 {
        self.values()[rank as usize] as i8
    }

    /// Asks the processor to fetch the value of `rank` into the cache.
    #[inline]
    pub(crate) fn prefetch(&self, rank: u64) {
        prefetch(&self.values()[rank as usize]);
    }

    /// The values, one byte per board in rank order.
    #[inline]
    pub(crate) fn values(&self) -> &[u8] {
        &self.0[HEADER_LEN..]
    }

    /// The values as the signed future margins they are.
    #[inline]
    pub(crate) fn signed_values(&self) -> &[i8] {
        let bytes = self.values();
        // SAFETY: i8 and u8 have the same size and alignment.
        unsafe { std::slice::from_raw_parts(bytes.as_ptr().cast(), bytes.len()) }
    }
}

pub(crate) use mancala_core::prefetch;

/// Progress of a database build, for a progress bar.
#[derive(Clone, Copy, Debug)]
pub struct BuildProgress {
    /// The layer being built (seeds on the board).
    pub seeds: usize,
    /// Boards of this layer done so far.
    pub done: u64,
    /// Boards of this layer in all.
    pub total: u64,
    /// The layer was found on disk and loaded, not built.
    pub loaded: bool,
    /// Another process is building in the same folder: this build waits
    /// for it to finish (said once, before anything else), then uses its
    /// layers.
    pub waiting: bool,
}

/// Counts of one layer's values: how many boards the mover wins, draws and
/// loses, and by each margin.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LayerStats {
    /// The layer: seeds left in the pits.
    pub seeds: usize,
    /// Boards in the layer.
    pub boards: u64,
    /// Boards whose mover wins (a future margin above 0).
    pub wins: u64,
    /// Boards whose mover draws (a future margin of 0).
    pub draws: u64,
    /// Boards whose mover loses (a future margin below 0).
    pub losses: u64,
    /// `(margin, boards)` for every margin that occurs, lowest first.
    pub by_margin: Vec<(i32, u64)>,
}

/// A position's pits as a database board: the mover's row (from their
/// left), then the opponent's; the rest zero.
#[inline]
pub(crate) fn mover_board(p: &Position) -> [u8; 32] {
    let (n, mover) = (p.pits_per_side(), p.to_move());
    let cells = p.pit_cells();
    if mover == Side::South {
        return *cells;
    }
    let mut board = [0u8; 32];
    if n <= 8 {
        // Both rows fit in 16 bytes: swap them with two shifts.
        let both = u128::from_le_bytes(cells[..16].try_into().unwrap());
        board[..16].copy_from_slice(&swap_rows(both, n).to_le_bytes());
        return board;
    }
    board[..n].copy_from_slice(&cells[n..2 * n]);
    board[n..2 * n].copy_from_slice(&cells[..n]);
    board
}

/// A board of two rows of `n <= 8` byte lanes with the rows swapped: the
/// other player's point of view.
#[inline(always)]
pub(crate) fn swap_rows(board: u128, n: usize) -> u128 {
    let bits = 8 * n as u32;
    let row = (1u128 << bits) - 1;
    (board >> bits) | (board & row) << bits
}

/// Where `p`'s value lies among `layers` layers of boards of `n` pits a side,
/// if they cover it: its layer (the seeds left) and its rank there. Same
/// row length, few enough seeds left, game not over, no pie-rule state.
#[inline]
pub(crate) fn locate_in(
    layers: usize,
    index: &BoardIndex,
    n: usize,
    p: &Position,
) -> Option<(usize, u64)> {
    if p.pits_per_side() != n || p.is_over() || p.swap_offered() || p.is_opening() {
        return None;
    }
    let seeds = (p.side_seeds(Side::South) + p.side_seeds(Side::North)) as usize;
    if seeds >= layers {
        return None;
    }
    let rank = index.rank(&mover_board(p)[..2 * n]);
    Some((seeds, rank))
}

/// The stored future margin for `p`'s mover, if the layers cover it (see
/// [`locate_in`]).
#[inline]
pub(crate) fn probe_layers(
    layers: &[Layer],
    unchecked: &[Option<Unchecked>],
    index: &BoardIndex,
    n: usize,
    p: &Position,
) -> Option<i32> {
    let (k, rank) = locate_in(layers.len(), index, n, p)?;
    if let Some(u) = &unchecked[k] {
        if !u.sound(&layers[k]) {
            return None;
        }
    }
    Some(layers[k].get(rank) as i32)
}

/// Makes probes of layers not yet checked find them missing until a
/// [`check_layers`] elsewhere has checked them, so that no probe waits.
pub(crate) fn defer_checks(unchecked: &[Option<Unchecked>]) {
    for u in unchecked.iter().flatten() {
        u.deferred.store(true, std::sync::atomic::Ordering::Relaxed);
    }
}

/// Compares every layer not yet checked with its checksum.
pub(crate) fn check_layers(
    layers: &[Layer],
    unchecked: &[Option<Unchecked>],
) -> Result<(), DbError> {
    for (layer, unchecked) in layers.iter().zip(unchecked) {
        if let Some(u) = unchecked {
            u.check(layer)?;
        }
    }
    Ok(())
}

/// Opens the layers `0, 1, ...` found in `dir`, up to the first missing one.
pub(crate) fn open_layers(
    dir: &Path,
    fp: u64,
    n: usize,
    index: &BoardIndex,
    check_now: usize,
) -> Result<Vec<(Layer, Option<Unchecked>)>, DbError> {
    let mut layers = Vec::new();
    loop {
        let seeds = layers.len();
        let path = layer_path(dir, seeds);
        if !path.exists() {
            return Ok(layers);
        }
        layers.push(open_layer(&path, fp, n, seeds, index.count(seeds), check_now)?);
    }
}

pub(crate) fn layer_path(dir: &Path, seeds: usize) -> PathBuf {
    dir.join(format!("layer-{seeds:03}.mdb"))
}

/// The header: magic, fingerprint, pits per side, seeds, entries, checksum.
fn header(fp: u64, n: usize, seeds: usize, entries: u64, checksum: u64) -> [u8; HEADER_LEN] {
    let mut h = [0u8; HEADER_LEN];
    h[..8].copy_from_slice(MAGIC);
    h[8..16].copy_from_slice(&fp.to_le_bytes());
    h[16..24].copy_from_slice(&(n as u64).to_le_bytes());
    h[24..32].copy_from_slice(&(seeds as u64).to_le_bytes());
    h[32..40].copy_from_slice(&entries.to_le_bytes());
    h[40..48].copy_from_slice(&checksum.to_le_bytes());
    h
}

pub(crate) fn write_layer(
    path: &Path,
    fp: u64,
    n: usize,
    seeds: usize,
    values: &[i8],
) -> Result<(), DbError> {
    let bytes: &[u8] =
        // SAFETY: i8 and u8 have the same size and alignment.
        unsafe { std::slice::from_raw_parts(values.as_ptr() as *const u8, values.len()) };
    let io = |e| DbError::Io { path: path.to_path_buf(), source: e };
    // A temporary file of its own in the same folder, then a rename: a
    // crash never leaves half a layer, and two builders in one folder never
    // write the same temporary file.
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let mut f =
        tempfile::Builder::new().prefix(".layer-").suffix(".tmp").tempfile_in(dir).map_err(io)?;
    let head = header(fp, n, seeds, values.len() as u64, xxh3_64(bytes));
    write_all_at_once(f.as_file_mut(), &head, bytes).map_err(io)?;
    f.as_file().sync_all().map_err(io)?;
    f.persist(path).map(drop).map_err(|e| io(e.error))
}

/// Writes `head`, then `body`, in one system call where the system takes
/// it all at once: the page cache then holds the file on huge pages from
/// its first byte (a header written alone leaves the first 2 MiB on small
/// pages), and a search reads it in place (`memory::resident`).
fn write_all_at_once(f: &mut fs::File, head: &[u8], body: &[u8]) -> std::io::Result<()> {
    let (total, mut done) = (head.len() + body.len(), 0);
    while done < total {
        let written = if done < head.len() {
            f.write_vectored(&[std::io::IoSlice::new(&head[done..]), std::io::IoSlice::new(body)])
        } else {
            f.write(&body[done - head.len()..])
        };
        match written {
            Ok(0) => return Err(std::io::ErrorKind::WriteZero.into()),
            Ok(k) => done += k,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

/// A layer file written piece by piece, for a build that never holds the
/// whole layer in one place (the MPI build: each rank's share in turn):
/// the same file as [`write_layer`]'s, through a temporary file renamed
/// when [`LayerWriter::finish`]ed; dropped unfinished, it leaves nothing.
#[cfg_attr(not(feature = "mpi"), allow(dead_code))]
pub(crate) struct LayerWriter {
    file: tempfile::NamedTempFile,
    path: PathBuf,
    hasher: xxhash_rust::xxh3::Xxh3,
    header: (u64, usize, usize, u64),
    written: u64,
}

#[cfg_attr(not(feature = "mpi"), allow(dead_code))]
impl LayerWriter {
    /// Starts the file of the layer of `seeds` seeds (`entries` boards) at
    /// `path`.
    pub(crate) fn new(
        path: &Path,
        fp: u64,
        n: usize,
        seeds: usize,
        entries: u64,
    ) -> Result<LayerWriter, DbError> {
        let io = |e| DbError::Io { path: path.to_path_buf(), source: e };
        let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
        let mut file = tempfile::Builder::new()
            .prefix(".layer-")
            .suffix(".tmp")
            .tempfile_in(dir)
            .map_err(io)?;
        // The header, its checksum still unknown, is written again at the end.
        file.write_all(&[0; HEADER_LEN]).map_err(io)?;
        Ok(LayerWriter {
            file,
            path: path.to_path_buf(),
            hasher: xxhash_rust::xxh3::Xxh3::new(),
            header: (fp, n, seeds, entries),
            written: 0,
        })
    }

    /// Appends the next values, in rank order.
    pub(crate) fn append(&mut self, values: &[u8]) -> Result<(), DbError> {
        self.hasher.update(values);
        self.written += values.len() as u64;
        let path = &self.path;
        self.file.write_all(values).map_err(|e| DbError::Io { path: path.clone(), source: e })
    }

    /// Writes the header with the checksum, syncs, and renames the file
    /// into place; an error if the values written are not the layer's.
    pub(crate) fn finish(mut self) -> Result<(), DbError> {
        let (fp, n, seeds, entries) = self.header;
        let path = self.path.clone();
        if self.written != entries {
            return Err(DbError::Damaged {
                path,
                message: format!("{} values written, the layer has {entries}", self.written),
            });
        }
        let io = |e| DbError::Io { path: path.clone(), source: e };
        let head = header(fp, n, seeds, entries, self.hasher.digest());
        let f = self.file.as_file_mut();
        f.seek(std::io::SeekFrom::Start(0)).map_err(io)?;
        f.write_all(&head).map_err(io)?;
        f.sync_all().map_err(io)?;
        self.file.persist(&path).map(drop).map_err(|e| io(e.error))
    }
}

/// A layer's checksum not yet compared with its values: checked on first
/// use.
pub(crate) struct Unchecked {
    path: PathBuf,
    checksum: u64,
    /// Seeds on the boards of the layer: every value lies in
    /// `-seeds..=seeds`.
    seeds: usize,
    /// The outcome, once checked: the error message of a damaged layer.
    outcome: std::sync::OnceLock<Result<(), String>>,
    /// Set when another thread checks the layer ([`defer_checks`]): a probe
    /// then finds the layer missing until the check is over, rather than
    /// waiting for it in the middle of a timed search.
    deferred: std::sync::atomic::AtomicBool,
}

impl Unchecked {
    /// Compares `layer`'s values with the checksum, and checks that each
    /// lies in `-seeds..=seeds` (once): a layer whose checksum was forged
    /// over values no game can have is refused too.
    pub(crate) fn check(&self, layer: &Layer) -> Result<(), DbError> {
        self.outcome
            .get_or_init(|| {
                if xxh3_64(layer.values()) != self.checksum {
                    return Err(CHECKSUM_MISMATCH.to_string());
                }
                let seeds = self.seeds.min(127) as u8;
                let outside = |&b: &u8| (b as i8).unsigned_abs() > seeds;
                // Blocks of 64 values folded without a branch (the
                // compiler vectorizes it); the first value outside looked
                // for only in a block that has one.
                let values = layer.values();
                let found = values.chunks(64).enumerate().find_map(|(i, block)| {
                    let most = block.iter().fold(0u8, |m, &b| m.max((b as i8).unsigned_abs()));
                    (most > seeds).then(|| 64 * i + block.iter().position(outside).unwrap_or(0))
                });
                match found {
                    None => Ok(()),
                    Some(rank) => Err(format!(
                        "board {rank} has the value {}, outside -{seeds}..={seeds} (the seeds of \
                         its layer): the file is damaged; delete it to rebuild",
                        layer.values()[rank] as i8
                    )),
                }
            })
            .clone()
            .map_err(|message| DbError::Damaged { path: self.path.clone(), message })
    }

    /// Whether it was checked and found sound: checked now unless the check
    /// was deferred to another thread, in which case a layer not yet checked
    /// is not sound.
    #[inline]
    fn sound(&self, layer: &Layer) -> bool {
        match self.outcome.get() {
            Some(outcome) => outcome.is_ok(),
            None if self.deferred.load(std::sync::atomic::Ordering::Relaxed) => false,
            None => self.check(layer).is_ok(),
        }
    }
}

const CHECKSUM_MISMATCH: &str = "checksum mismatch: the file is damaged; delete it to rebuild";

/// Opens a layer file, checking its header; its values are compared with
/// its checksum now when they are at most `check_now` bytes, else the
/// returned [`Unchecked`] does it on first use.
pub(crate) fn open_layer(
    path: &Path,
    fp: u64,
    n: usize,
    seeds: usize,
    entries: u64,
    check_now: usize,
) -> Result<(Layer, Option<Unchecked>), DbError> {
    let damaged = |message: String| DbError::Damaged { path: path.to_path_buf(), message };
    let file =
        fs::File::open(path).map_err(|e| DbError::Io { path: path.to_path_buf(), source: e })?;
    let meta = file.metadata().map_err(|e| DbError::Io { path: path.to_path_buf(), source: e })?;
    if !meta.is_file() {
        let what = if meta.is_dir() { "a folder" } else { "a device or other special file" };
        return Err(damaged(format!(
            "{what}, not a file: a database layer is a file; remove it and build the database \
             again with `mancala db build`"
        )));
    }
    // SAFETY: the file is only read; a database file is not modified while in
    // use (layers are written to a temporary file and renamed into place).
    let map = unsafe { memmap2::Mmap::map(&file) }
        .map_err(|e| DbError::Io { path: path.to_path_buf(), source: e })?;
    // Before the first read: pages read from disk from now on are cached
    // on huge pages, and a search can then probe the file in place.
    crate::memory::advise_huge_file_pages(&map);
    if map.len() >= 8 && map[..6] == MAGIC[..6] && map[..8] != MAGIC[..] {
        return Err(damaged(format!(
            "written by another version of mancala (file format {}, this one reads {}); delete \
             the folder and build the database again with `mancala db build`",
            String::from_utf8_lossy(&map[6..8]),
            String::from_utf8_lossy(&MAGIC[6..8])
        )));
    }
    if map.len() < HEADER_LEN || &map[..8] != MAGIC {
        return Err(damaged("not a mancala endgame database layer".into()));
    }
    let field = |i: usize| u64::from_le_bytes(map[8 * i..8 * i + 8].try_into().unwrap());
    if field(1) != fp {
        return Err(damaged("built for other rules than this variant's".into()));
    }
    if field(2) != n as u64 || field(3) != seeds as u64 || field(4) != entries {
        return Err(damaged(format!(
            "header says {} pits per side, {} seeds, {} boards; expected {n}, {seeds}, {entries}",
            field(2),
            field(3),
            field(4)
        )));
    }
    if map.len() != HEADER_LEN + entries as usize {
        return Err(damaged(format!(
            "{} bytes long, expected {} (truncated or padded)",
            map.len(),
            HEADER_LEN + entries as usize
        )));
    }
    let checksum = field(5);
    let layer = Layer(map);
    let unchecked = Unchecked {
        path: path.to_path_buf(),
        checksum,
        seeds,
        outcome: std::sync::OnceLock::new(),
        deferred: std::sync::atomic::AtomicBool::new(false),
    };
    if layer.values().len() <= check_now {
        unchecked.check(&layer)?;
        return Ok((layer, None));
    }
    Ok((layer, Some(unchecked)))
}

/// Value counts of one layer from its values. A value outside
/// `-seeds..=seeds` (a layer whose checksum was forged) is counted at its
/// margin like any other, never a panic (found by the `db_layer` fuzz
/// target).
pub fn layer_stats(seeds: usize, boards: u64, get: impl Fn(u64) -> i8) -> LayerStats {
    // Every i8, lowest first.
    let mut counts = vec![0u64; 256];
    for r in 0..boards {
        counts[(get(r) as i32 + 128) as usize] += 1;
    }
    let mut s = LayerStats { seeds, boards, ..LayerStats::default() };
    for (i, &c) in counts.iter().enumerate() {
        let margin = i as i32 - 128;
        if c > 0 {
            s.by_margin.push((margin, c));
        }
        match margin.cmp(&0) {
            std::cmp::Ordering::Greater => s.wins += c,
            std::cmp::Ordering::Equal => s.draws += c,
            std::cmp::Ordering::Less => s.losses += c,
        }
    }
    s
}
