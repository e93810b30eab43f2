//! The TLB misses of a solve's random reads under other layouts of the
//! database's values and of the table's buckets, simulated on a trace.
//!
//! The trace is written by a solve built with the feature `read-trace`
//! (see `read_trace` in the crate, docs/scaling.md's ninth session):
//!
//! ```text
//! cargo build --release -p mancala-cli --features mancala-solver/read-trace
//! MANCALA_READ_TRACE=trace.bin target/release/mancala solve -v kalah-classic -s 4 --threads 1 --db-seeds 19 --db-dir D --checkpoint-dir C -q
//! cargo run --release -p mancala-solver --example layout_sim -- trace.bin rank perm:6,7,8,9,10,11,0,1,2,3,4,5 dense:5 oracle
//! ```
//!
//! Every database layout named is simulated with the table as it is, then
//! (`LAYOUT_SIM_TABLE=group:6` or `oracle` in the environment) with the
//! table's buckets placed another way. The TLB is a set-associative one
//! of 3,072 entries of 4 KiB pages, 12 ways, least recently used first out
//! (`LAYOUT_SIM_TLB=entries,ways` for another): the second-level TLB of the
//! processor measured, whose pages the hypervisor backs with 4 KiB ones.
//!
//! Database layouts (offsets within a layer; layers apart):
//! - `rank`: as the files hold them (the combinatorial rank);
//! - `perm:P0,...,P11`: ranked after putting pit `Pj` of the board in
//!   place `j` (the pits the mover's row first, from the mover's left);
//! - `dense:B`: as `rank`, `B` bits a value instead of 8;
//! - `random`: each value on a page of its own choosing (a hash of the rank);
//! - `oracle`: in the order the trace first asks for them (the best any
//!   static layout could do for this one solve).

use std::collections::HashMap;
use std::io::Read;

use mancala_solver::read_trace::{DB_VALUE, TABLE_GET, TABLE_PREFETCH, TABLE_UPDATE};
use mancala_solver::BoardIndex;

/// One read of the trace: a database value (layer, rank, board) or a table
/// bucket (index, the key's low 48 bits).
#[derive(Clone, Copy)]
enum Read1 {
    Db { layer: u8, rank: u64, board: [u8; 12] },
    Table { bucket: u64, group: u64 },
}

/// A set-associative TLB, least recently used out.
struct Tlb {
    ways: usize,
    sets: usize,
    pages: Vec<u64>,
    used: Vec<u64>,
    clock: u64,
}

impl Tlb {
    fn new(entries: usize, ways: usize) -> Tlb {
        Tlb {
            ways,
            sets: entries / ways,
            pages: vec![u64::MAX; entries],
            used: vec![0; entries],
            clock: 0,
        }
    }

    /// Whether `page` was in the TLB (it is now).
    fn hit(&mut self, page: u64) -> bool {
        self.clock += 1;
        let set = (page.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 20) as usize % self.sets;
        let ways = set * self.ways..(set + 1) * self.ways;
        let mut oldest = ways.start;
        for i in ways {
            if self.pages[i] == page {
                self.used[i] = self.clock;
                return true;
            }
            if self.used[i] < self.used[oldest] {
                oldest = i;
            }
        }
        self.pages[oldest] = page;
        self.used[oldest] = self.clock;
        false
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let Some(path) = args.get(1) else {
        eprintln!("usage: layout_sim TRACE LAYOUT...");
        std::process::exit(2);
    };
    let index = BoardIndex::new(12);
    let row_index = BoardIndex::new(6);
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|mut f| f.read_to_end(&mut bytes))
        .unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut reads = Vec::with_capacity(bytes.len() / 16);
    let mut kinds = [0u64; 5];
    for record in bytes.chunks_exact(16) {
        let w = u128::from_le_bytes(record.try_into().expect("16 bytes"));
        let kind = (w >> 120) as u8;
        kinds[kind as usize % 5] += 1;
        reads.push(match kind {
            DB_VALUE => {
                let (layer, rank) = ((w >> 112) as u8, w as u64);
                let mut board = [0u8; 12];
                index.unrank(rank, layer as usize, &mut board);
                Read1::Db { layer, rank, board }
            }
            TABLE_PREFETCH | TABLE_GET | TABLE_UPDATE => {
                Read1::Table { bucket: w as u32 as u64, group: (w >> 32) as u64 & ((1 << 48) - 1) }
            }
            _ => panic!("{path}: a record of kind {kind}"),
        });
    }
    drop(bytes);
    println!(
        "{} database values, {} table prefetches, {} reads, {} updates",
        kinds[1], kinds[2], kinds[3], kinds[4]
    );
    // First-touch orders: the oracle layouts.
    let mut db_order = HashMap::new();
    let mut next = [0u64; 256];
    let mut table_order = HashMap::new();
    for r in &reads {
        match *r {
            Read1::Db { layer, rank, .. } => {
                db_order.entry((layer, rank)).or_insert_with(|| {
                    next[layer as usize] += 1;
                    next[layer as usize] - 1
                });
            }
            Read1::Table { bucket, .. } => {
                let n = table_order.len() as u64;
                table_order.entry(bucket).or_insert(n);
            }
        }
    }
    println!(
        "{} database values and {} table buckets read at least once",
        db_order.len(),
        table_order.len()
    );
    let (entries, ways) = std::env::var("LAYOUT_SIM_TLB")
        .ok()
        .and_then(|v| v.split_once(',').map(|(e, w)| (e.parse().ok(), w.parse().ok())))
        .and_then(|(e, w)| Some((e?, w?)))
        .unwrap_or((3072usize, 12usize));
    let table = std::env::var("LAYOUT_SIM_TABLE").unwrap_or_else(|_| "as-is".into());
    // The table's byte offset of a read.
    let table_at = |bucket: u64, group: u64| -> u64 {
        if table == "oracle" {
            return table_order[&bucket] * 64;
        }
        if let Some(n) = table.strip_prefix("group:") {
            // The page from the key's first n bytes, the bucket in it from the
            // bucket's own low bits.
            let n: u32 = n.parse().expect("group:BYTES");
            let g = (group & ((1u64 << (8 * n.min(6))) - 1)).wrapping_mul(0xD6E8_FEB8_6659_FD93);
            return (g >> 48) * 4096 + (bucket % 64) * 64;
        }
        bucket * 64
    };
    // Layers lie apart (each its own allocation), room left for any layout.
    let layer_at = |layer: u8| (layer as u64 + 1) << 36;
    for name in &args[2..] {
        let offset = layout(name, &index, &row_index, &db_order);
        let mut tlb = Tlb::new(entries, ways);
        let (mut db_misses, mut table_misses) = (0u64, 0u64);
        for r in &reads {
            match *r {
                Read1::Db { layer, rank, board } => {
                    let at = layer_at(layer) + offset(layer, rank, &board);
                    db_misses += !tlb.hit(at >> 12) as u64;
                }
                Read1::Table { bucket, group } => {
                    table_misses += !tlb.hit(((1 << 44) + table_at(bucket, group)) >> 12) as u64;
                }
            }
        }
        println!(
            "{name:>36}: TLB misses {:.2} M (database {:.2} M, table {:.2} M; table {table})",
            (db_misses + table_misses) as f64 / 1e6,
            db_misses as f64 / 1e6,
            table_misses as f64 / 1e6
        );
    }
}

type Offset<'a> = Box<dyn Fn(u8, u64, &[u8; 12]) -> u64 + 'a>;

/// The byte offset in its layer of a value under the layout `name`.
fn layout<'a>(
    name: &str,
    index: &'a BoardIndex,
    _rows: &'a BoardIndex,
    order: &'a HashMap<(u8, u64), u64>,
) -> Offset<'a> {
    if name == "rank" {
        return Box::new(|_, rank, _| rank);
    }
    if name == "random" {
        return Box::new(|layer, rank, _| {
            (rank.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 7) % index.count(layer as usize)
        });
    }
    if name == "oracle" {
        return Box::new(|layer, rank, _| order[&(layer, rank)]);
    }
    if let Some(bits) = name.strip_prefix("dense:") {
        let bits: u64 = bits.parse().expect("dense:BITS");
        return Box::new(move |_, rank, _| rank * bits / 8);
    }
    if let Some(pits) = name.strip_prefix("perm:") {
        let perm: Vec<usize> = pits.split(',').map(|p| p.parse().expect("a pit")).collect();
        assert_eq!(perm.len(), 12, "perm: names the 12 pits");
        return Box::new(move |layer, _, board| {
            let permuted: Vec<u8> = perm.iter().map(|&p| board[p]).collect();
            index.rank_with_seeds(&permuted, layer as usize)
        });
    }
    panic!("no layout {name}");
}
