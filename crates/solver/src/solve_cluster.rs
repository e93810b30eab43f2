//! The exact solve spread over the processes of an MPI job
//! (`mpirun -np N mancala solve ... --mpi`): [`ClusterSolve`].
//!
//! Every process lays out the same top of the game tree (`split_tree`):
//! every line from the root down to a chosen depth, ending in games over or
//! in *jobs*, positions to search. Each process has its own solver (its own
//! table, the shared endgame database read from the folder they all see)
//! and searches the jobs process 0 hands it, one null-window test at a
//! time. Process 0 runs MTD(f) on the root as the one-process solver does,
//! but each test of the root is decided over the split tree from what the
//! jobs' tests proved: it hands out the jobs whose tests could still
//! decide it, the likeliest first, to the processes that are free (and
//! searches one itself), until the root's answer is known. The value found
//! is then the root's exact value, and the best moves are the root moves
//! whose lines reach it, decided the same way: the same value and best
//! moves as one process.
//!
//! Process 0 saves the root's proven bounds to the same checkpoint file a
//! one-process solve uses (each solve resumes from the other's), as soon
//! as they move, and removes it when done. Setting `stop` on a process (a
//! signal: `mpirun` hands Ctrl-C to every process) stops the job; the
//! bounds stay saved.

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use mancala_core::{Move, Position, Rules, Side, Variant};
use mpi::topology::SimpleCommunicator;
use mpi::traits::*;

use crate::checkpoint::Resume;
use crate::cluster::{Cluster, Link};
use crate::databases::Databases;
use crate::kalah_db::{check_supported, KalahDb};
use crate::layer_file::{BuildProgress, DbError};
use crate::plan::{
    default_db_seeds, default_table_megabytes, first_guess, PlanError, PlanEvent, SolvePlan,
    RESIDENT_DB_BYTES,
};
use crate::search::{can_solve, Interrupted, Solution, SolveOptions, SolveProgress, Solver};
use crate::split_tree::{Reach, SplitTree};

/// The deepest split: 6^8 lines is more jobs than any cluster needs.
pub const MAX_SPLIT_DEPTH: usize = 8;

/// By default the split is the shallowest with at least this many jobs a
/// process: enough that a process is seldom idle while another finishes.
const JOBS_A_PROCESS: usize = 4;

/// Message tags: a job for a process, the end of the solve, a job's
/// result, a process's last word.
const JOB: i32 = 11;
const FINISH: i32 = 12;
const RESULT: i32 = 13;
const DONE: i32 = 14;

/// A solve of one position by the processes of an MPI job; see the module
/// documentation. Every process makes the same one and calls
/// [`ClusterSolve::solve`].
#[derive(Clone, Debug)]
pub struct ClusterSolve {
    /// The solve's options, as one process takes them (its stop flag
    /// unused: [`ClusterSolve::solve`] is given one).
    plan: SolvePlan,
    split_depth: Option<usize>,
}

/// What a spread solve did.
#[derive(Clone, Debug)]
pub struct ClusterSolved {
    /// The root's value and best moves, on process 0 (`None` on the others).
    pub solution: Option<Solution>,
    /// The depth of the split, in moves.
    pub depth: usize,
    /// The positions at that depth searched as jobs.
    pub jobs: usize,
    /// Nodes each process searched, process by process (on process 0).
    pub nodes: Vec<u64>,
    /// Tests each process ran, process by process (on process 0).
    pub tests: Vec<u64>,
}

impl ClusterSolve {
    /// A solve of `root` in `v`: no database, no checkpoint, one thread a
    /// process, a table sized to the game, a split sized to the job.
    pub fn new(v: &Variant, root: Position) -> ClusterSolve {
        ClusterSolve { plan: SolvePlan::new(v, root).threads(1), split_depth: None }
    }

    /// Uses (and builds, spread over the processes) the endgame database in
    /// the folder of databases `root`, which every process must see.
    pub fn databases(self, root: &Path) -> ClusterSolve {
        ClusterSolve { plan: self.plan.databases(root), ..self }
    }

    /// The database size to build (0: only what is on disk); by default
    /// [`default_db_seeds`].
    pub fn db_seeds(self, seeds: usize) -> ClusterSolve {
        ClusterSolve { plan: self.plan.db_seeds(seeds), ..self }
    }

    /// Each process's table, in MiB (by default [`default_table_megabytes`]).
    pub fn table_megabytes(self, megabytes: usize) -> ClusterSolve {
        ClusterSolve { plan: self.plan.table_megabytes(megabytes), ..self }
    }

    /// Threads each process searches with (1 by default: one process a
    /// core).
    pub fn threads(self, threads: usize) -> ClusterSolve {
        ClusterSolve { plan: self.plan.threads(threads.max(1)), ..self }
    }

    /// Process 0 saves the root's proven bounds to `file` and resumes from
    /// it, as [`SolvePlan::checkpoint`] does (the same file).
    pub fn checkpoint(self, file: &Path) -> ClusterSolve {
        ClusterSolve { plan: self.plan.checkpoint(file), ..self }
    }

    /// Splits the tree `depth` moves below the root (1 to
    /// [`MAX_SPLIT_DEPTH`]) rather than at the shallowest depth giving
    /// each process four jobs.
    pub fn split_depth(mut self, depth: usize) -> ClusterSolve {
        self.split_depth = Some(depth);
        self
    }

    /// For a variant with a majority rule, the same solve of the game
    /// played to the end (no checkpoint), for the comparison one process
    /// shows; `None` for other variants.
    pub fn played_to_the_end(&self) -> Option<ClusterSolve> {
        if !self.plan.variant.rules().end.majority {
            return None;
        }
        let mut rules: Rules = self.plan.variant.rules().clone();
        rules.end.majority = false;
        let v = Variant::new(rules).ok()?;
        let mut plan = self.plan.clone();
        plan.variant = v;
        plan.checkpoint = None;
        Some(ClusterSolve { plan, ..self.clone() })
    }

    /// Checks the options before anything is done.
    pub fn check(&self) -> Result<(), PlanError> {
        can_solve(&self.plan.variant).map_err(PlanError::Unsupported)?;
        if let Some(d) = self.split_depth {
            if !(1..=MAX_SPLIT_DEPTH).contains(&d) {
                return Err(PlanError::Unsupported(format!(
                    "a split {d} moves deep: use 1 to {MAX_SPLIT_DEPTH}"
                )));
            }
        }
        self.plan.check()
    }

    /// Solves with the processes of `cluster`: every process calls it with
    /// the same solve, after [`agree`]. `program` names the build of the
    /// program (for the database build's own check). `events` is called on
    /// process 0 only. Stopped, process 0's error holds the bounds proven
    /// (saved to the checkpoint).
    pub fn solve(
        &self,
        cluster: &Cluster,
        program: &str,
        events: &(dyn Fn(PlanEvent) + Sync),
        stop: &AtomicBool,
    ) -> Result<ClusterSolved, PlanError> {
        let link = cluster.link();
        let checked = self.check();
        let shared = checked.as_ref().map(|_| ()).map_err(|e| DbError::Cluster(e.to_string()));
        if let Err(e) = link.together(shared) {
            return Err(checked.err().unwrap_or(PlanError::Database(e)));
        }
        let first = link.rank() == 0;
        let quiet = |_: PlanEvent| {};
        let events: &(dyn Fn(PlanEvent) + Sync) = if first { events } else { &quiet };
        let v = &self.plan.variant;
        let started = Instant::now();
        let (db, guess) = std::thread::scope(|scope| {
            // Process 0's first guess runs while the database is built.
            let guess = scope.spawn(|| {
                if first && !self.plan.root.is_over() {
                    first_guess(v, &self.plan.root)
                } else {
                    None
                }
            });
            let db = self.database(cluster, &link, program, events, stop);
            (db, guess.join().unwrap_or(None))
        });
        let db = db?;
        if let Some(db) = &db {
            events(PlanEvent::UsingDatabase {
                max_seeds: db.max_seeds(),
                elapsed: started.elapsed(),
            });
        }
        let megabytes = self.plan.table_megabytes.unwrap_or_else(|| default_table_megabytes(v));
        // The solver's stop: set by a signal on this process, or by process
        // 0 to end a job no longer needed.
        let job_stop = AtomicBool::new(false);
        let solver = link.together(
            Solver::try_new(
                v,
                db.as_ref(),
                SolveOptions { table_megabytes: megabytes, threads: self.plan.threads },
                &job_stop,
            )
            .map_err(|e| DbError::Cluster(e.to_string())),
        )?;
        let keep_stores = v.rules().end.majority;
        let depth = self.split_depth.unwrap_or_else(|| {
            (1..=MAX_SPLIT_DEPTH)
                .find(|&d| {
                    SplitTree::new(v, &self.plan.root, d, keep_stores).jobs().len()
                        >= JOBS_A_PROCESS * link.size()
                })
                .unwrap_or(MAX_SPLIT_DEPTH)
        });
        if self.plan.root.is_over() {
            let solution = first.then(|| Solution {
                margin: self.plan.root.store_margin(),
                future: 0,
                best_moves: vec![],
                nodes: 0,
            });
            let size = link.size();
            return Ok(ClusterSolved {
                solution,
                depth,
                jobs: 0,
                nodes: vec![0; size],
                tests: vec![0; size],
            });
        }
        let tree = SplitTree::new(v, &self.plan.root, depth, keep_stores);
        let positions: Vec<Position> = tree.jobs().iter().map(|j| j.position).collect();
        let jobs = positions.len();
        let (tasks, task_rx) = mpsc::channel::<(usize, i32)>();
        let (result_tx, results) = mpsc::channel::<(usize, i32, Option<i32>, u64)>();
        let outcome = std::thread::scope(|scope| {
            let (solver, positions) = (&solver, &positions);
            scope.spawn(move || search_jobs(solver, positions, task_rx, result_tx));
            let local = Local { tasks, results, stop: &job_stop };
            if first {
                let farm = Farm::new(link.size(), local, stop, started);
                Ok(Some(self.coordinate(tree, farm, guess, events)))
            } else {
                work(local, stop).map(|()| None)
            }
        });
        match outcome {
            Ok(None) => Ok(ClusterSolved {
                solution: None,
                depth,
                jobs,
                nodes: Vec::new(),
                tests: Vec::new(),
            }),
            Err(i) => Err(PlanError::Interrupted(i)),
            Ok(Some((result, nodes, tests))) => match result {
                Ok(solution) => {
                    Ok(ClusterSolved { solution: Some(solution), depth, jobs, nodes, tests })
                }
                Err(i) => Err(PlanError::Interrupted(i)),
            },
        }
    }

    /// The database every process reads: what is on the shared disk, built
    /// first (spread over the processes) when smaller than asked for.
    fn database(
        &self,
        cluster: &Cluster,
        link: &Link,
        program: &str,
        events: &(dyn Fn(PlanEvent) + Sync),
        stop: &AtomicBool,
    ) -> Result<Option<KalahDb>, PlanError> {
        let v = &self.plan.variant;
        let Some(root) = &self.plan.db_root else { return Ok(None) };
        if check_supported(v).is_err() {
            return Ok(None);
        }
        let folder = Databases::folder(v, root);
        let want = self.plan.db_seeds.unwrap_or_else(|| default_db_seeds(v));
        // Process 0 looks at the folder: one answer for all.
        let on_disk = if link.rank() == 0 && folder.exists() {
            KalahDb::open(v, &folder).map(|db| db.map_or(0, |db| db.max_seeds() as u64 + 1))
        } else {
            Ok(0)
        };
        let mut on_disk = [link.together(on_disk)?];
        link.broadcast_first(&mut on_disk);
        if on_disk[0] == 0 && want == 0 {
            return Ok(None);
        }
        if want > 0 && on_disk[0] < want as u64 + 1 {
            events(PlanEvent::BuildingDatabase { seeds: want, folder: folder.clone() });
            let progress = |p: BuildProgress| events(PlanEvent::Database(p));
            build_database(v, want, root, self.plan.threads, cluster, program, &progress, stop)?;
        }
        let mut db = link.together(KalahDb::open(v, &folder).and_then(|db| {
            db.ok_or_else(|| {
                DbError::Cluster(format!("no database in {} after its build", folder.display()))
            })
        }))?;
        if db.bytes() <= RESIDENT_DB_BYTES {
            link.together(
                db.make_resident().map_err(|e| DbError::Io { path: folder.clone(), source: e }),
            )?;
        }
        Ok(Some(db))
    }

    /// Process 0's part: MTD(f) on the root over the split tree, then the
    /// best moves; the nodes and tests of every process.
    fn coordinate(
        &self,
        mut tree: SplitTree,
        mut farm: Farm,
        guess: Option<(i32, u32)>,
        events: &(dyn Fn(PlanEvent) + Sync),
    ) -> (Result<Solution, Interrupted>, Vec<u64>, Vec<u64>) {
        let root = &self.plan.root;
        let (resume, known) =
            Resume::open(self.plan.checkpoint.as_deref(), &self.plan.variant, root, events);
        if let Some((guess, depth)) = guess {
            events(PlanEvent::FirstGuess { guess, depth });
        }
        let save = |lower: i32, upper: i32| resume.save(lower, upper);
        let guess = guess.map(|(g, _)| g);
        let mut result = self.mtdf(&mut tree, &mut farm, known, guess, events, &save);
        if known.is_some() && matches!(result, Ok(None)) {
            resume.not_this_position();
            result = self.mtdf(&mut tree, &mut farm, None, guess, events, &save);
        }
        let (lower, upper) = farm.bounds;
        let result = match result {
            Ok(Some(solution)) => {
                resume.solved();
                Ok(solution)
            }
            Ok(None) => Ok(Solution {
                margin: root.store_margin(),
                future: 0,
                best_moves: Vec::new(),
                nodes: farm.nodes.iter().sum(),
            }),
            Err(()) => {
                save(lower, upper);
                Err(Interrupted { lower, upper })
            }
        };
        let (nodes, tests) = farm.finish(result.as_ref().err().copied());
        let result = result.map(|s| Solution { nodes: nodes.iter().sum(), ..s });
        (result, nodes, tests)
    }

    /// MTD(f) on the root's future margin, tests decided over the split
    /// tree; `Ok(None)` when the bounds `known` were not this root's.
    fn mtdf(
        &self,
        tree: &mut SplitTree,
        farm: &mut Farm,
        known: Option<(i32, i32)>,
        guess: Option<i32>,
        events: &(dyn Fn(PlanEvent) + Sync),
        save: &dyn Fn(i32, i32),
    ) -> Result<Option<Solution>, ()> {
        let root = &self.plan.root;
        let stores = root.store_margin();
        let south = root.to_move() == Side::South;
        // The root's future margin for its mover from the tree's bounds on
        // the final margin, and the final margin a future margin makes.
        let future = |tree: &SplitTree| {
            let (lo, hi) = tree.margins()[0];
            if south {
                (lo - stores, hi - stores)
            } else {
                (stores - hi, stores - lo)
            }
        };
        // "The future margin reaches beta" is "the final margin reaches b"
        // for South, and "does not reach b" for North.
        let threshold = |beta: i32| if south { beta + stores } else { stores - beta + 1 };
        let (mut lower, mut upper) = future(tree);
        if let Some((l, u)) = known {
            (lower, upper) = (lower.max(l), upper.min(u));
            if lower > upper {
                return Ok(None);
            }
        }
        let mut beta = guess.unwrap_or((lower + upper).div_euclid(2));
        let (mut row, mut rising) = (0u32, None);
        let mut last = None;
        loop {
            let (l, u) = future(tree);
            (lower, upper) = (lower.max(l), upper.min(u));
            if lower > upper {
                return Ok(None);
            }
            farm.bounds = (lower, upper);
            if last != Some((lower, upper)) {
                last = Some((lower, upper));
                save(lower, upper);
                farm.report(events, true);
            }
            if lower == upper {
                break;
            }
            beta = beta.clamp(lower + 1, upper);
            farm.decide(tree, &[0], threshold(beta), events)?;
            let (l, u) = future(tree);
            (lower, upper) = (lower.max(l), upper.min(u));
            let up = lower >= beta;
            row = if rising == Some(up) { row + 1 } else { 1 };
            rising = Some(up);
            let step = 1 << row.saturating_sub(3).min(20);
            beta = if up { lower + step } else { upper + 1 - step };
        }
        // The best moves: the root moves whose lines reach the value.
        let value = lower;
        let b = if south { value + stores } else { stores - value + 1 };
        let kids = tree.root_children().to_vec();
        farm.decide(tree, &kids, b, events)?;
        let reach = tree.reach(b);
        let wanted = if south { Reach::Yes } else { Reach::No };
        let best_moves: Vec<Move> = root
            .legal_moves(&self.plan.variant)
            .iter()
            .zip(&kids)
            .filter(|&(_, &k)| reach[k] == wanted)
            .map(|(m, _)| m)
            .collect();
        if best_moves.is_empty() {
            return Ok(None);
        }
        let margin = stores + if south { value } else { -value };
        Ok(Some(Solution { margin, future: value, best_moves, nodes: 0 }))
    }
}

/// Builds the database of `v` up to `seeds` in its folder of `root`,
/// spread over the processes ([`Databases::build_mpi`]); one the spread
/// build does not cover is built by process 0 alone, with `threads`
/// threads, the others waiting. Every process calls it.
#[allow(clippy::too_many_arguments)]
pub fn build_database(
    v: &Variant,
    seeds: usize,
    root: &Path,
    threads: usize,
    cluster: &Cluster,
    program: &str,
    progress: &(dyn Fn(BuildProgress) + Sync),
    stop: &AtomicBool,
) -> Result<(), DbError> {
    match Databases::build_mpi(v, seeds, root, cluster, program, progress, stop) {
        Ok(_) => Ok(()),
        Err(DbError::Unsupported(_)) => {
            let link = cluster.link();
            let built = if link.rank() == 0 {
                Databases::build_with(v, seeds, root, threads, progress, &mut |_, _| {}, stop)
                    .map(drop)
            } else {
                Ok(())
            };
            link.together(built)
        }
        Err(e) => Err(e),
    }
}

/// Checks that every process of `cluster` runs the same `program` (its
/// version and build) on the same `job` (the options it was given): an
/// error naming the processes that differ from process 0 otherwise, on
/// every process. Every process calls it first.
pub fn agree(cluster: &Cluster, program: &str, job: &str) -> Result<(), DbError> {
    cluster.link().agree(program, job, "was given another solve", "the same position and options")
}

/// The search thread of a process: runs the tests it is handed, one at a
/// time, and hands back `(job, beta, result, nodes)` (`None`: stopped).
fn search_jobs(
    solver: &Solver,
    positions: &[Position],
    tasks: mpsc::Receiver<(usize, i32)>,
    results: mpsc::Sender<(usize, i32, Option<i32>, u64)>,
) {
    let mut seen = solver.nodes();
    for (job, beta) in tasks {
        let g = solver.test_position(&positions[job], beta);
        let nodes = solver.nodes();
        if results.send((job, beta, g, nodes - seen)).is_err() {
            break;
        }
        seen = nodes;
    }
}

/// A process's own search thread, as its main thread (the one that talks
/// to MPI) sees it.
struct Local<'a> {
    tasks: mpsc::Sender<(usize, i32)>,
    results: mpsc::Receiver<(usize, i32, Option<i32>, u64)>,
    /// The solver's stop.
    stop: &'a AtomicBool,
}

/// Waits between looks for a message: a few yields, then short sleeps (a
/// process waiting must leave the cores to those searching).
struct Backoff(u32);

impl Backoff {
    fn wait(&mut self) {
        self.0 += 1;
        if self.0 < 64 {
            std::thread::yield_now();
        } else {
            std::thread::sleep(Duration::from_micros(500));
        }
    }
}

/// A process other than 0: searches the jobs process 0 sends until it
/// says the solve is over. `Err` with the bounds process 0 sent when the
/// solve was stopped.
fn work(local: Local, stop: &AtomicBool) -> Result<(), Interrupted> {
    let world = SimpleCommunicator::world();
    let zero = world.process_at_rank(0);
    let (mut nodes, mut tests) = (0u64, 0u64);
    let mut busy = false;
    let mut finish: Option<[i64; 4]> = None;
    let mut told = false;
    let mut backoff = Backoff(0);
    loop {
        if stop.load(Ordering::Relaxed) {
            local.stop.store(true, Ordering::Relaxed);
        }
        while let Ok((job, beta, g, n)) = local.results.try_recv() {
            busy = false;
            nodes += n;
            match g {
                Some(g) if finish.is_none() => {
                    tests += 1;
                    zero.send_with_tag(&[job as i64, beta as i64, g as i64, n as i64][..], RESULT);
                }
                _ => {}
            }
            if !stop.load(Ordering::Relaxed) && finish.is_none() {
                local.stop.store(false, Ordering::Relaxed);
            }
            backoff = Backoff(0);
        }
        // Stopped here: process 0 hears of it once, then ends the solve.
        let stopped = stop.load(Ordering::Relaxed);
        if (stopped || finish.is_some()) && !busy && !told {
            told = true;
            zero.send_with_tag(&[stopped as i64, nodes as i64, tests as i64, 0][..], DONE);
        }
        if let Some(status) = zero.immediate_probe() {
            let mut message = [0i64; 4];
            zero.receive_into(&mut message[..]);
            match status.tag() {
                JOB if finish.is_none() && !stopped => {
                    busy = true;
                    let _ = local.tasks.send((message[0] as usize, message[1] as i32));
                }
                FINISH => {
                    finish = Some(message);
                    local.stop.store(true, Ordering::Relaxed);
                }
                _ => {}
            }
            backoff = Backoff(0);
            continue;
        }
        if let (Some(message), true) = (finish, told) {
            drop(local.tasks);
            return if message[0] != 0 {
                Err(Interrupted { lower: message[1] as i32, upper: message[2] as i32 })
            } else {
                Ok(())
            };
        }
        backoff.wait();
    }
}

/// Process 0's view of the processes: which job each is searching.
struct Farm<'a> {
    world: SimpleCommunicator,
    local: Local<'a>,
    /// The job each process is searching (process 0's own search thread
    /// first).
    busy: Vec<Option<usize>>,
    /// The process that last searched each job (its table knows it).
    last: Vec<Option<usize>>,
    /// A process was stopped (a signal there).
    stopped_elsewhere: bool,
    stop: &'a AtomicBool,
    nodes: Vec<u64>,
    tests: Vec<u64>,
    started: Instant,
    reported: Instant,
    /// The root's bounds on its future margin, for the progress.
    bounds: (i32, i32),
    /// The processes that said their last word.
    done: Vec<bool>,
}

impl<'a> Farm<'a> {
    fn new(size: usize, local: Local<'a>, stop: &'a AtomicBool, started: Instant) -> Farm<'a> {
        let mut done = vec![false; size];
        done[0] = true;
        Farm {
            world: SimpleCommunicator::world(),
            local,
            busy: vec![None; size],
            last: Vec::new(),
            stopped_elsewhere: false,
            stop,
            nodes: vec![0; size],
            tests: vec![0; size],
            started,
            reported: started,
            bounds: (i32::MIN, i32::MAX),
            done,
        }
    }

    fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed) || self.stopped_elsewhere
    }

    /// Reports the progress (`now`, or when a fifth of a second passed).
    fn report(&mut self, events: &(dyn Fn(PlanEvent) + Sync), now: bool) {
        if now || self.reported.elapsed() >= Duration::from_millis(200) {
            self.reported = Instant::now();
            events(PlanEvent::Solve(SolveProgress {
                nodes: self.nodes.iter().sum(),
                elapsed: self.started.elapsed(),
                lower: self.bounds.0,
                upper: self.bounds.1,
            }));
        }
    }

    /// Hands out jobs until every node of `goals` is known to reach the
    /// final margin `b` or not. `Err` when stopped.
    fn decide(
        &mut self,
        tree: &mut SplitTree,
        goals: &[usize],
        b: i32,
        events: &(dyn Fn(PlanEvent) + Sync),
    ) -> Result<(), ()> {
        if self.last.len() != tree.jobs().len() {
            self.last = vec![None; tree.jobs().len()];
        }
        loop {
            let reach = tree.reach(b);
            if goals.iter().all(|&g| reach[g] != Reach::Unknown) {
                return Ok(());
            }
            if self.stopped() {
                return Err(());
            }
            let mut searching = vec![false; tree.jobs().len()];
            for job in self.busy.iter().flatten() {
                searching[*job] = true;
            }
            let mut idle: Vec<usize> = (0..self.busy.len())
                .filter(|&p| self.busy[p].is_none() && (p == 0 || !self.done[p]))
                .collect();
            for (job, beta) in tree.wanted(goals, b, &searching) {
                if idle.is_empty() {
                    break;
                }
                // The process that searched the job last, if free.
                let at =
                    self.last[job].and_then(|p| idle.iter().position(|&i| i == p)).unwrap_or(0);
                let p = idle.remove(at);
                self.send(p, job, beta);
            }
            self.wait(tree, events);
        }
    }

    fn send(&mut self, p: usize, job: usize, beta: i32) {
        self.busy[p] = Some(job);
        self.last[job] = Some(p);
        if p == 0 {
            let _ = self.local.tasks.send((job, beta));
        } else {
            let message = [job as i64, beta as i64, 0, 0];
            self.world.process_at_rank(p as i32).send_with_tag(&message[..], JOB);
        }
    }

    /// Waits for a result (or a process's stop, or this one's), and
    /// records it.
    fn wait(&mut self, tree: &mut SplitTree, events: &(dyn Fn(PlanEvent) + Sync)) {
        let mut backoff = Backoff(0);
        loop {
            if let Ok((job, beta, g, n)) = self.local.results.try_recv() {
                self.busy[0] = None;
                self.nodes[0] += n;
                if let Some(g) = g {
                    self.tests[0] += 1;
                    tree.record(job, beta, g);
                } else if !self.stop.load(Ordering::Relaxed) {
                    self.local.stop.store(false, Ordering::Relaxed);
                }
                break;
            }
            if self.hear(Some(tree)) {
                break;
            }
            if self.stopped() {
                self.local.stop.store(true, Ordering::Relaxed);
                break;
            }
            backoff.wait();
        }
        self.report(events, false);
    }

    /// Takes one message from another process, if one came: a result
    /// (recorded in `tree`, if given) or a last word.
    fn hear(&mut self, tree: Option<&mut SplitTree>) -> bool {
        let Some(status) = self.world.any_process().immediate_probe() else { return false };
        let p = status.source_rank() as usize;
        let mut message = [0i64; 4];
        self.world.process_at_rank(p as i32).receive_into(&mut message[..]);
        match status.tag() {
            RESULT => {
                self.busy[p] = None;
                self.nodes[p] += message[3] as u64;
                self.tests[p] += 1;
                if let Some(tree) = tree {
                    tree.record(message[0] as usize, message[1] as i32, message[2] as i32);
                }
            }
            DONE => {
                self.busy[p] = None;
                self.done[p] = true;
                self.stopped_elsewhere |= message[0] != 0;
                self.nodes[p] = message[1] as u64;
                self.tests[p] = message[2] as u64;
            }
            _ => {}
        }
        true
    }

    /// Ends the solve on every process (`stopped`: with these bounds) and
    /// gathers their nodes and tests.
    fn finish(mut self, stopped: Option<Interrupted>) -> (Vec<u64>, Vec<u64>) {
        let message = match stopped {
            Some(i) => [1, i.lower as i64, i.upper as i64, 0],
            None => [0; 4],
        };
        for p in 1..self.busy.len() {
            self.world.process_at_rank(p as i32).send_with_tag(&message[..], FINISH);
        }
        // This process's own search thread ends its job.
        self.local.stop.store(true, Ordering::Relaxed);
        if self.busy[0].is_some() {
            if let Ok((_, _, _, n)) = self.local.results.recv() {
                self.nodes[0] += n;
            }
        }
        let mut backoff = Backoff(0);
        // Stopped, the other processes may be gone already (`mpirun` ends
        // them all a second after a signal): this one waits only briefly,
        // so that it reports where the bounds are saved in time.
        let deadline = Instant::now() + Duration::from_millis(300);
        while self.done.iter().any(|d| !d) {
            if stopped.is_some() && Instant::now() > deadline {
                break;
            }
            if !self.hear(None) {
                backoff.wait();
            }
        }
        (self.nodes, self.tests)
    }
}
