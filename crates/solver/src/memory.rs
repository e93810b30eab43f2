//! Large zeroed buffers for the database builds, the solver's table and
//! resident database copies, on transparent huge pages where the system
//! offers them (Linux with `transparent_hugepage` set to `always` or
//! `madvise`): they are read and updated at random, and with 4 KiB pages
//! most of those accesses would also miss the TLB.

use std::sync::atomic::{AtomicI8, AtomicU32};

use memmap2::MmapMut;

/// Zeroed bytes in an anonymous memory map.
pub(crate) struct Buffer {
    map: MmapMut,
}

impl Buffer {
    /// `len` zero bytes (page-aligned).
    pub(crate) fn zeroed(len: usize) -> std::io::Result<Buffer> {
        let map = MmapMut::map_anon(len.max(1))?;
        #[cfg(target_os = "linux")]
        {
            // Only a hint: without huge pages the build is slower, not wrong.
            let _ = map.advise(memmap2::Advice::HugePage);
        }
        Ok(Buffer { map })
    }

    /// A copy of `bytes`.
    pub(crate) fn copy_of(bytes: &[u8]) -> std::io::Result<Buffer> {
        let mut b = Buffer::zeroed(bytes.len())?;
        b.map[..bytes.len()].copy_from_slice(bytes);
        Ok(b)
    }

    pub(crate) fn values(&self) -> &[i8] {
        let bytes: &[u8] = &self.map;
        // SAFETY: i8 and u8 have the same size and alignment.
        unsafe { std::slice::from_raw_parts(bytes.as_ptr() as *const i8, bytes.len()) }
    }

    pub(crate) fn values_mut(&mut self) -> &mut [i8] {
        let bytes: &mut [u8] = &mut self.map;
        // SAFETY: i8 and u8 have the same size and alignment.
        unsafe { std::slice::from_raw_parts_mut(bytes.as_mut_ptr() as *mut i8, bytes.len()) }
    }

    /// The buffer as atomic 32-bit words (the length rounded down).
    pub(crate) fn atomic_words(&mut self) -> &[AtomicU32] {
        let (ptr, len) = (self.map.as_mut_ptr(), self.map.len());
        debug_assert_eq!(ptr as usize % std::mem::align_of::<AtomicU32>(), 0);
        // SAFETY: the map is page-aligned, so aligned for u32; AtomicU32 has
        // the size and alignment of u32 and allows shared mutation; the
        // words stay within the map, which the exclusive borrow keeps alive
        // and otherwise untouched.
        unsafe { std::slice::from_raw_parts(ptr as *const AtomicU32, len / 4) }
    }

    /// The buffer, read-only, as a memory map.
    /// The bytes as atomics, for builders that share them between threads.
    pub(crate) fn atomic_bytes(&mut self) -> &[AtomicI8] {
        let (ptr, len) = (self.map.as_mut_ptr(), self.map.len());
        // SAFETY: AtomicI8 has the size and alignment of u8, and the mutable
        // borrow keeps every other view away while the atomics live.
        unsafe { std::slice::from_raw_parts(ptr as *const AtomicI8, len) }
    }

    /// Start of the buffer, for a table that reads and writes it only
    /// through atomics of its own (see `tt::SolverTable`).
    pub(crate) fn as_ptr(&self) -> *const u8 {
        self.map.as_ptr()
    }

    /// Length in bytes.
    pub(crate) fn len(&self) -> usize {
        self.map.len()
    }

    pub(crate) fn into_read_only(self) -> std::io::Result<memmap2::Mmap> {
        self.map.make_read_only()
    }
}
