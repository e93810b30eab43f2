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

/// Asks that the pages of a layer file's mapping be cached on huge pages
/// when the file is read from disk through it (Linux; elsewhere, or
/// refused, nothing). Pages the page cache already holds keep their size.
pub(crate) fn advise_huge_file_pages(map: &memmap2::Mmap) {
    #[cfg(target_os = "linux")]
    {
        // Only a hint: a file cached on small pages is read as well, slower.
        let _ = map.advise(memmap2::Advice::HugePage);
    }
    #[cfg(not(target_os = "linux"))]
    let _ = map;
}

/// Layer files' mappings made fast to read at random, all at once: a
/// mapping whose file the page cache holds on huge pages (all but at most
/// 4 MiB, its first and last 2 MiB: a file written in one piece, or first
/// read through a mapping advised by [`advise_huge_file_pages`], is) is
/// kept and read in place, which costs no fresh memory; any other,
/// and every mapping where the page sizes cannot be learnt, is replaced by
/// a copy in memory on huge pages (see [`Buffer::zeroed`]). `keep[k]` set
/// leaves `maps[k]` as it is (memory already).
pub(crate) fn resident(
    maps: Vec<memmap2::Mmap>,
    keep: &[bool],
) -> std::io::Result<Vec<memmap2::Mmap>> {
    let in_place = readable_in_place(&maps, keep);
    maps.into_iter()
        .zip(in_place)
        .map(
            |(map, in_place)| {
                if in_place {
                    Ok(map)
                } else {
                    Buffer::copy_of(&map)?.into_read_only()
                }
            },
        )
        .collect()
}

/// Whether each of the layer files' mappings can be read in place as fast
/// as a copy on huge pages (see [`resident`]), every page of those not kept
/// mapped now; `keep[k]` set says yes for `maps[k]` without a look.
pub(crate) fn readable_in_place(maps: &[memmap2::Mmap], keep: &[bool]) -> Vec<bool> {
    let huge = huge_file_pages(maps, keep);
    (0..maps.len())
        .map(|k| {
            keep.get(k).copied().unwrap_or(false)
                || huge.as_ref().is_some_and(|h| h[k] + 2 * HUGE_PAGE > maps[k].len())
        })
        .collect()
}

/// Bytes of a huge page of the page cache (x86-64 and most others).
const HUGE_PAGE: usize = 2 << 20;

/// Maps every page of the mappings not kept (reading from disk what is not
/// cached), then reads from `/proc/self/smaps` how many bytes of each are
/// mapped by huge pages; `None` where that cannot be learnt.
#[cfg(target_os = "linux")]
fn huge_file_pages(maps: &[memmap2::Mmap], keep: &[bool]) -> Option<Vec<usize>> {
    for (k, map) in maps.iter().enumerate() {
        if keep.get(k).copied().unwrap_or(false) || map.is_empty() {
            continue;
        }
        if map.advise(memmap2::Advice::PopulateRead).is_err() {
            // Older kernels: one read a page maps it.
            let mut sum = 0u8;
            for at in (0..map.len()).step_by(4096) {
                // SAFETY: `at` is within the mapping.
                sum ^= unsafe { std::ptr::read_volatile(map.as_ptr().add(at)) };
            }
            std::hint::black_box(sum);
        }
    }
    let smaps = std::fs::read_to_string("/proc/self/smaps").ok()?;
    let mut pmd_bytes = std::collections::HashMap::new();
    let mut start = None;
    for line in smaps.lines() {
        if let Some(kb) = line.strip_prefix("FilePmdMapped:") {
            let kb: usize = kb.trim().trim_end_matches("kB").trim().parse().ok()?;
            pmd_bytes.insert(start?, kb << 10);
        } else if let Some((range, _)) = line.split_once(' ') {
            if let Some((from, _)) = range.split_once('-') {
                if let Ok(from) = usize::from_str_radix(from, 16) {
                    start = Some(from);
                }
            }
        }
    }
    maps.iter().map(|m| pmd_bytes.get(&(m.as_ptr() as usize)).copied().or(Some(0))).collect()
}

#[cfg(not(target_os = "linux"))]
fn huge_file_pages(_maps: &[memmap2::Mmap], _keep: &[bool]) -> Option<Vec<usize>> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    #[test]
    fn resident_layers_hold_their_files_bytes() {
        let dir = tempfile::tempdir().unwrap();
        let lens = [100usize, (5 << 20) + 123, (3 << 20) + 7];
        let mut maps = Vec::new();
        let mut contents = Vec::new();
        for (k, len) in lens.iter().enumerate() {
            let bytes: Vec<u8> = (0..*len).map(|i| (i * 31 + k * 7 + i / 4096) as u8).collect();
            let path = dir.path().join(format!("f{k}"));
            std::fs::File::create(&path).unwrap().write_all(&bytes).unwrap();
            let file = std::fs::File::open(&path).unwrap();
            // SAFETY: the file is not changed while mapped.
            let map = unsafe { memmap2::Mmap::map(&file) }.unwrap();
            advise_huge_file_pages(&map);
            maps.push(map);
            contents.push(bytes);
        }
        let kept = maps[1].as_ptr();
        let maps = resident(maps, &[false, true, false]).unwrap();
        assert_eq!(maps[1].as_ptr(), kept, "a kept map is left as it is");
        for (map, bytes) in maps.iter().zip(&contents) {
            assert_eq!(&map[..], &bytes[..]);
        }
    }
}
