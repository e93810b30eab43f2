//! Endgame database layer files. A small database of each kind (Kalah
//! family: `kalah-irving` 3x2; Oware family: `awari` 3x2; boards of up to
//! 6 seeds) is built once; each input replaces one of its layer files in a
//! copy of the folder. Opening and probing never panic, and damaged data is
//! refused: every board probes to its true value or to nothing. The
//! databases are compact by nature (`Variant::compact_only`): no board of
//! the wide layout is drawn.
//!
//! The first byte chooses: bit 0 the kind, bit 1 whether the Kalah layers
//! are compared with their checksums when opened or on first use, bit 2
//! whether the header's checksum is recomputed over the fuzzed values (a
//! forged layer: nothing can tell in-range values from a sound layer's, so
//! only "no panic" and "no value beyond the board's seeds" are checked),
//! bits 3 to 7 the layer. The rest is the file. A file whose checksum
//! matches its values is judged as forged too, whatever bit 2 says: the
//! fuzzer learns to write the checksum itself (libFuzzer traces the
//! comparison and copies the value it wanted into the input).
#![no_main]

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use mancala_core::{Position, Setup, Side, Variant};
use mancala_solver::{Databases, KalahDb, OwareDb};
use xxhash_rust::xxh3::xxh3_64;

const MAX_SEEDS: usize = 6;
const HEADER_LEN: usize = 64;

struct Built {
    variant: Variant,
    /// The database folder's name (in its root).
    folder: String,
    /// Each layer's file, layer 0 first.
    layers: Vec<Vec<u8>>,
    /// Every board with up to `MAX_SEEDS` seeds on it, either side to
    /// move, its layer and its value in the sound database.
    boards: Vec<(Position, usize, Option<i32>)>,
}

fn build(name: &str) -> Built {
    let variant = Variant::preset(name).unwrap().resized(Some(3), Some(2)).unwrap();
    let root = tempfile::tempdir().unwrap().keep();
    Databases::build(&variant, MAX_SEEDS, &root, 1, &|_| {}).expect("a small database builds");
    let dir = Databases::folder(&variant, &root);
    let folder = dir.file_name().unwrap().to_string_lossy().into_owned();
    let layers: Vec<Vec<u8>> = (0..=MAX_SEEDS)
        .map(|k| std::fs::read(dir.join(format!("layer-{k:03}.mdb"))).expect("layer file"))
        .collect();
    let db = open(&variant, &dir, false).expect("the sound database opens");
    let total = variant.total_seeds() as u8;
    let mut boards = Vec::new();
    for code in 0..(MAX_SEEDS as u32 + 1).pow(6) {
        let cells: Vec<u8> = (0..6)
            .map(|i| (code / (MAX_SEEDS as u32 + 1).pow(i) % (MAX_SEEDS as u32 + 1)) as u8)
            .collect();
        let seeds: usize = cells.iter().map(|&c| c as usize).sum();
        if seeds > MAX_SEEDS {
            continue;
        }
        for to_move in [Side::South, Side::North] {
            let p = Setup::from_rows(&cells[..3], &cells[3..], [total - seeds as u8, 0], to_move)
                .unwrap()
                .position_unchecked()
                .settled(&variant);
            boards.push((p, seeds, db.probe(&p)));
        }
    }
    Built { variant, folder, layers, boards }
}

enum Db {
    Kalah(KalahDb),
    Oware(OwareDb),
}

impl Db {
    fn probe(&self, p: &Position) -> Option<i32> {
        match self {
            Db::Kalah(db) => db.probe(p),
            Db::Oware(db) => db.probe(p),
        }
    }
    fn check_all(&self) -> bool {
        match self {
            Db::Kalah(db) => db.check_all().is_ok(),
            Db::Oware(db) => db.check_all().is_ok(),
        }
    }
    fn stats(&self) {
        match self {
            Db::Kalah(db) => drop(db.stats()),
            Db::Oware(db) => drop(db.stats()),
        }
    }
}

fn open(v: &Variant, dir: &Path, lazy: bool) -> Option<Db> {
    if v.rules().board.stores == mancala_core::StorePlacement::Beside {
        OwareDb::open(v, dir).ok()?.map(Db::Oware)
    } else {
        let check_now = if lazy { 0 } else { usize::MAX };
        KalahDb::open_checking(v, dir, check_now).ok()?.map(Db::Kalah)
    }
}

/// Whether the file's header holds the checksum of its values.
fn sealed(file: &[u8]) -> bool {
    file.len() >= HEADER_LEN && file[40..48] == xxh3_64(&file[HEADER_LEN..]).to_le_bytes()
}

fn built(oware: bool) -> &'static Built {
    static KALAH: OnceLock<Built> = OnceLock::new();
    static OWARE: OnceLock<Built> = OnceLock::new();
    if oware {
        OWARE.get_or_init(|| build("awari"))
    } else {
        KALAH.get_or_init(|| build("kalah-irving"))
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&mode, file)) = data.split_first() else { return };
    let b = built(mode & 1 == 1);
    let lazy = mode & 2 != 0;
    let forged = mode & 4 != 0;
    let layer = (mode >> 3) as usize % b.layers.len();
    let mut file = file.to_vec();
    if forged && file.len() >= HEADER_LEN {
        let sum = xxh3_64(&file[HEADER_LEN..]);
        file[40..48].copy_from_slice(&sum.to_le_bytes());
    }
    // Values under a checksum that matches them cannot be told from sound
    // ones, however the checksum came to match.
    let forged = forged || sealed(&file);
    let root = tempfile::tempdir().unwrap();
    let dir: PathBuf = root.path().join(&b.folder);
    std::fs::create_dir(&dir).unwrap();
    for (k, sound) in b.layers.iter().enumerate() {
        let bytes = if k == layer { &file } else { sound };
        std::fs::write(dir.join(format!("layer-{k:03}.mdb")), bytes).unwrap();
    }
    let Some(db) = open(&b.variant, &dir, lazy) else { return };
    let same = file == b.layers[layer];
    for (p, seeds, value) in &b.boards {
        let got = db.probe(p);
        // Forged or not, a value beyond the board's seeds is never given.
        assert!(
            got.is_none_or(|g| g.unsigned_abs() as usize <= *seeds),
            "{p}: {seeds} seeds on the board, yet probed {got:?}"
        );
        if same || *seeds != layer {
            assert_eq!(got, *value, "{p}: a sound layer answers as built");
        } else if !forged {
            assert!(
                got.is_none() || got == *value,
                "{p}: layer {layer} damaged, yet probed {got:?} (built: {value:?})"
            );
        }
    }
    let checked = db.check_all();
    if !forged {
        // Values that differ from the sound layer's are refused: when
        // opened, or when checked.
        let values_same = file.get(HEADER_LEN..) == b.layers[layer].get(HEADER_LEN..);
        assert!(values_same || !checked, "layer {layer} damaged, yet check_all passed");
    }
    if checked {
        db.stats();
    }
});
