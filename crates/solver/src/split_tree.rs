//! The top of the game tree of a solve spread over processes
//! (`solve_cluster`): every line from the root down to a chosen depth, its
//! ends either games over (their value known) or *jobs*, positions a
//! process searches. Jobs are told apart by the position as searched (the
//! stores left out where they cannot matter), so a position reached by two
//! lines is searched once.
//!
//! What is known of each job is an interval of its future margin for its
//! mover, narrowed by every null-window test a process ran on it. Values
//! are compared here as the final margin, South's store minus North's, at
//! the end of the game: South takes the largest, North the smallest, and
//! an extra turn or the pie rule's swap changes nothing in that sum (it is
//! the one the solver's recursion gives, see `Solver`).
//!
//! Whether the root reaches a margin `b` is then a game of three values
//! (yes, no, not known yet) over this tree: a South position reaches `b`
//! when one of its children does and fails when all fail, a North
//! position the other way round. [`SplitTree::wanted`] lists the jobs
//! whose test could still decide it, best first: those whose every
//! ancestor is undecided.

use std::collections::HashMap;

use mancala_core::{Position, Side, Variant};

/// A position of the tree.
#[derive(Clone, Debug)]
struct Node {
    /// South moves here (takes the largest margin).
    south: bool,
    /// Its children, in the order of the legal moves (indices of
    /// [`SplitTree::nodes`], always after this one).
    kids: Vec<usize>,
    end: End,
}

#[derive(Clone, Copy, Debug)]
enum End {
    /// Searched through its children.
    Inner,
    /// The game is over: the final margin.
    Over(i32),
    /// A job: `stores` is South's store minus North's here.
    Job { job: usize, stores: i32 },
}

/// A position a process searches, and what is known of its future margin
/// for its mover.
#[derive(Clone, Debug)]
pub(crate) struct Job {
    /// The position as searched.
    pub(crate) position: Position,
    /// Its future margin for its mover is at least this...
    pub(crate) lower: i32,
    /// ... and at most this.
    pub(crate) upper: i32,
}

/// Whether a position reaches a margin: known yes, known no, or not yet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Reach {
    Yes,
    No,
    Unknown,
}

/// The split tree; see the module documentation.
#[derive(Clone, Debug)]
pub(crate) struct SplitTree {
    nodes: Vec<Node>,
    jobs: Vec<Job>,
}

impl SplitTree {
    /// Every line of `depth` moves (at least 1) from `root` (not over);
    /// `keep_stores`: the stores matter to a position's future margin (the
    /// majority rule), so two positions with other stores are two jobs.
    pub(crate) fn new(v: &Variant, root: &Position, depth: usize, keep_stores: bool) -> SplitTree {
        let mut tree = SplitTree { nodes: Vec::new(), jobs: Vec::new() };
        let mut seen: HashMap<Vec<u8>, usize> = HashMap::new();
        let mut level = vec![(0usize, *root)];
        tree.nodes.push(Node {
            south: root.to_move() == Side::South,
            kids: Vec::new(),
            end: End::Inner,
        });
        for d in 0..depth.max(1) {
            let mut next = Vec::new();
            for (at, p) in level {
                for mv in p.legal_moves(v).iter() {
                    let Ok((child, _)) = p.play(v, mv) else { continue };
                    let id = tree.nodes.len();
                    let end = if child.is_over() {
                        End::Over(child.store_margin())
                    } else if d + 1 == depth.max(1) {
                        let searched = searched(&child, keep_stores);
                        let n = tree.jobs.len();
                        let job = *seen.entry(key(&searched)).or_insert(n);
                        if job == n {
                            let seeds = seeds(&child);
                            tree.jobs.push(Job { position: searched, lower: -seeds, upper: seeds });
                        }
                        End::Job { job, stores: child.store_margin() }
                    } else {
                        next.push((id, child));
                        End::Inner
                    };
                    tree.nodes.push(Node {
                        south: child.to_move() == Side::South,
                        kids: Vec::new(),
                        end,
                    });
                    tree.nodes[at].kids.push(id);
                }
            }
            level = next;
        }
        tree
    }

    /// The jobs.
    pub(crate) fn jobs(&self) -> &[Job] {
        &self.jobs
    }

    /// The root's children, in the order of its legal moves.
    pub(crate) fn root_children(&self) -> &[usize] {
        &self.nodes[0].kids
    }

    /// Records a test of `job` against `beta` that returned `g` (fail-soft).
    pub(crate) fn record(&mut self, job: usize, beta: i32, g: i32) {
        let j = &mut self.jobs[job];
        if g >= beta {
            j.lower = j.lower.max(g.min(j.upper));
        } else {
            j.upper = j.upper.min(g.max(j.lower));
        }
    }

    /// The final margin's bounds at a job ending a line with `stores`.
    fn job_margin(&self, job: usize, stores: i32) -> (i32, i32) {
        let j = &self.jobs[job];
        if j.position.to_move() == Side::South {
            (stores + j.lower, stores + j.upper)
        } else {
            (stores - j.upper, stores - j.lower)
        }
    }

    /// Every node's final-margin bounds, by minimax of what the jobs know.
    pub(crate) fn margins(&self) -> Vec<(i32, i32)> {
        let mut out = vec![(0, 0); self.nodes.len()];
        for i in (0..self.nodes.len()).rev() {
            let node = &self.nodes[i];
            out[i] = match node.end {
                End::Over(m) => (m, m),
                End::Job { job, stores } => self.job_margin(job, stores),
                End::Inner => {
                    let kids = node.kids.iter().map(|&k| out[k]);
                    if node.south {
                        kids.fold((i32::MIN, i32::MIN), |a, b| (a.0.max(b.0), a.1.max(b.1)))
                    } else {
                        kids.fold((i32::MAX, i32::MAX), |a, b| (a.0.min(b.0), a.1.min(b.1)))
                    }
                }
            };
        }
        out
    }

    /// Whether each node reaches the final margin `b` (South's store minus
    /// North's at least `b`).
    pub(crate) fn reach(&self, b: i32) -> Vec<Reach> {
        self.margins()
            .into_iter()
            .map(|(lo, hi)| {
                if lo >= b {
                    Reach::Yes
                } else if hi < b {
                    Reach::No
                } else {
                    Reach::Unknown
                }
            })
            .collect()
    }

    /// The jobs whose tests could still decide whether the nodes `goals`
    /// reach `b`, the likeliest to decide first, each once, with the
    /// `beta` of its test (against its own future margin), leaving out the
    /// jobs in `busy`.
    pub(crate) fn wanted(&self, goals: &[usize], b: i32, busy: &[bool]) -> Vec<(usize, i32)> {
        let margins = self.margins();
        let unknown = |i: usize| margins[i].0 < b && margins[i].1 >= b;
        let mut out: Vec<(usize, i32)> = Vec::new();
        let mut listed = vec![false; self.jobs.len()];
        let mut stack: Vec<usize> = goals.iter().rev().copied().filter(|&g| unknown(g)).collect();
        while let Some(i) = stack.pop() {
            let node = &self.nodes[i];
            match node.end {
                End::Over(_) => {}
                End::Job { job, stores } => {
                    if !busy[job] && !listed[job] {
                        listed[job] = true;
                        // The test of "this line reaches b", for the job's mover.
                        let beta = if self.jobs[job].position.to_move() == Side::South {
                            b - stores
                        } else {
                            stores - b + 1
                        };
                        out.push((job, beta));
                    }
                }
                End::Inner => {
                    let mut kids: Vec<usize> =
                        node.kids.iter().copied().filter(|&k| unknown(k)).collect();
                    // South first tries the child likeliest to reach b (the
                    // highest bounds), North the one likeliest to fail.
                    if node.south {
                        kids.sort_by_key(|&k| {
                            (std::cmp::Reverse(margins[k].1), std::cmp::Reverse(margins[k].0))
                        });
                    } else {
                        kids.sort_by_key(|&k| (margins[k].0, margins[k].1));
                    }
                    stack.extend(kids.into_iter().rev());
                }
            }
        }
        out
    }
}

/// Seeds on the board.
fn seeds(p: &Position) -> i32 {
    (p.side_seeds(Side::South) + p.side_seeds(Side::North)) as i32
}

/// `p` as the solver searches it: the stores emptied where they cannot
/// matter (as `Solver` does).
fn searched(p: &Position, keep_stores: bool) -> Position {
    if keep_stores || p.is_over() || p.is_opening() || p.swap_offered() {
        *p
    } else {
        p.without_stores()
    }
}

/// The bytes that tell positions apart.
fn key(p: &Position) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(40);
    for side in [Side::South, Side::North] {
        bytes.extend_from_slice(p.row(side));
        bytes.push(p.store(side));
    }
    bytes.push((p.to_move() == Side::North) as u8);
    bytes.push(p.is_opening() as u8);
    bytes.push(p.swap_offered() as u8);
    bytes
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;

    use super::*;
    use crate::search::{SolveOptions, Solver};

    fn kalah(preset: &str, pits: u8, seeds: u8) -> Variant {
        Variant::preset(preset).unwrap().resized(Some(pits), Some(seeds)).unwrap()
    }

    /// Drives the tree to the root's value and best moves with one
    /// solver, as the processes of a spread solve do, and compares them
    /// with the solver's own solve of the root.
    fn spread_equals_whole(v: &Variant, depth: usize) {
        let stop = AtomicBool::new(false);
        let solver = Solver::new(v, None, SolveOptions { table_megabytes: 8, threads: 1 }, &stop);
        let root = Position::start(v);
        let whole = solver.solve(&root, None, &|_| {}).unwrap();
        let keep = v.rules().end.majority;
        let mut tree = SplitTree::new(v, &root, depth, keep);
        let busy = vec![false; tree.jobs().len()];
        // Bisect the root's final margin, then find which children reach it.
        let (mut lo, mut hi) = tree.margins()[0];
        let decide = |tree: &mut SplitTree, goals: &[usize], b: i32| {
            while let Some(&(job, beta)) = tree.wanted(goals, b, &busy).first() {
                let g = solver.test_position(&tree.jobs()[job].position, beta).unwrap();
                tree.record(job, beta, g);
            }
        };
        while lo < hi {
            let b = (lo + hi + 1).div_euclid(2);
            decide(&mut tree, &[0], b);
            (lo, hi) = tree.margins()[0];
            let reach = tree.reach(b)[0];
            assert_ne!(reach, Reach::Unknown);
        }
        assert_eq!(lo, whole.margin, "depth {depth}");
        let south = root.to_move() == Side::South;
        let b = if south { lo } else { lo + 1 };
        let kids = tree.root_children().to_vec();
        decide(&mut tree, &kids, b);
        let reach = tree.reach(b);
        let best: Vec<_> = root
            .legal_moves(v)
            .iter()
            .zip(&kids)
            .filter(|&(_, &k)| reach[k] == if south { Reach::Yes } else { Reach::No })
            .map(|(m, _)| m)
            .collect();
        assert_eq!(best, whole.best_moves, "depth {depth}");
    }

    #[test]
    fn the_split_tree_gives_the_solvers_value_and_best_moves() {
        for depth in 1..=3 {
            spread_equals_whole(&kalah("kalah-irving", 4, 3), depth);
            spread_equals_whole(&kalah("kalah-classic", 4, 2), depth);
        }
        // The pie rule and the majority rule: stores that matter.
        spread_equals_whole(&kalah("kalah", 3, 3), 2);
    }

    #[test]
    fn a_position_reached_by_two_lines_is_one_job() {
        // Kalah(4,3): six moves deep, some boards are reached by two lines.
        let v = kalah("kalah-irving", 4, 3);
        let root = Position::start(&v);
        let tree = SplitTree::new(&v, &root, 6, false);
        let leaves = tree.nodes.iter().filter(|n| matches!(n.end, End::Job { .. })).count();
        assert!(tree.jobs().len() < leaves, "{} jobs, {leaves} lines", tree.jobs().len());
    }
}
