//! A trace of the search's random reads, for `examples/layout_sim.rs`:
//! every database value the search asks for and every table bucket it
//! prefetches, reads or updates, in order. Built only with the feature
//! `read-trace` (off by default: then every call here is empty), and
//! written only when `MANCALA_READ_TRACE` names a file; what is buffered is
//! written out at the end of `SolvePlan::solve` (what `mancala solve` runs).
//!
//! A record is 16 bytes, one little-endian `u128`: its top byte the kind
//! ([`DB_VALUE`], [`TABLE_PREFETCH`], [`TABLE_GET`], [`TABLE_UPDATE`]);
//! for a database value the layer (seeds) in byte 14 and the rank in the
//! low 64 bits; for a table bucket its index in the low 32 bits and the
//! key's low 48 bits (the mover's row of a 6-pit board) in bits 32 to 80.

/// A database value asked for (prefetched, or read at once).
pub const DB_VALUE: u8 = 1;
/// A table bucket prefetched.
pub const TABLE_PREFETCH: u8 = 2;
/// A table bucket read.
pub const TABLE_GET: u8 = 3;
/// A table bucket updated.
pub const TABLE_UPDATE: u8 = 4;

#[cfg(feature = "read-trace")]
mod on {
    use std::io::Write;
    use std::sync::Mutex;

    type Out = Option<std::io::BufWriter<std::fs::File>>;
    /// The file, opened on the first record (`None` inside when no file is
    /// named).
    static OUT: Mutex<Option<Out>> = Mutex::new(None);

    pub(crate) fn record(kind: u8, payload: u128) {
        let mut out = OUT.lock().unwrap_or_else(|e| e.into_inner());
        let file = out.get_or_insert_with(|| {
            std::env::var_os("MANCALA_READ_TRACE").map(|path| {
                let file = std::fs::File::create(&path)
                    .unwrap_or_else(|e| panic!("{}: {e}", path.to_string_lossy()));
                std::io::BufWriter::with_capacity(1 << 20, file)
            })
        });
        if let Some(w) = file {
            let word = payload & !(0xff << 120) | (kind as u128) << 120;
            w.write_all(&word.to_le_bytes()).expect("the read trace is written");
        }
    }

    pub(crate) fn flush() {
        if let Some(Some(w)) = OUT.lock().unwrap_or_else(|e| e.into_inner()).as_mut() {
            w.flush().expect("the read trace is written");
        }
    }
}

/// Records that the value of the board of rank `rank` in layer `layer` was
/// asked for.
#[inline(always)]
pub(crate) fn db_value(layer: u32, rank: u64) {
    #[cfg(feature = "read-trace")]
    on::record(DB_VALUE, (layer as u128) << 112 | rank as u128);
    #[cfg(not(feature = "read-trace"))]
    let _ = (layer, rank);
}

/// Records an access of `kind` to table bucket `bucket` for a key whose low
/// 64 bits are `key_lo`.
#[inline(always)]
pub(crate) fn table(kind: u8, bucket: usize, key_lo: u64) {
    #[cfg(feature = "read-trace")]
    on::record(kind, ((key_lo & ((1 << 48) - 1)) as u128) << 32 | (bucket as u32) as u128);
    #[cfg(not(feature = "read-trace"))]
    let _ = (kind, bucket, key_lo);
}

/// Writes out what is buffered (at the end of a solve).
#[inline(always)]
pub(crate) fn flush() {
    #[cfg(feature = "read-trace")]
    on::flush();
}
