//! Perft counts kept as data (`fixtures/perft.txt`) and asserted.

use mancala_core::{with_layout, Game, Variant};

#[test]
fn perft_counts_match_the_fixtures() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures/perft.txt");
    let text = std::fs::read_to_string(path).expect("fixtures/perft.txt");
    let mut checked = 0;
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let f: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(f.len(), 4, "line {}: {line}", i + 1);
        let (pits, seeds) = f[1].split_once('x').expect("size like 6x4");
        let v = Variant::preset(f[0])
            .unwrap()
            .resized(Some(pits.parse().unwrap()), Some(seeds.parse().unwrap()))
            .unwrap();
        let depth: u32 = f[2].parse().unwrap();
        let expected: u64 = f[3].parse().unwrap();
        let leaves = with_layout!(v.layout(), L => Game::<L>::new_in(v).perft(depth));
        assert_eq!(leaves, expected, "line {}: {line}", i + 1);
        checked += 1;
    }
    assert!(checked > 100, "only {checked} fixture lines");
}
