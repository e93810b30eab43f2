//! The processes of an MPI job (`mpirun -np N mancala ...`), for the
//! database builds spread over them ([`KalahDb::build_mpi`],
//! [`OwareDb::build_mpi`]): started with the feature `mpi` on, through the
//! `mpi` crate over the system's MPI library (Open MPI or MPICH).
//!
//! Every step that can fail on one process and not on the others is
//! followed by `Link::together`, so that all processes stop with an
//! error together instead of waiting forever for one that gave up.
//!
//! [`KalahDb::build_mpi`]: crate::KalahDb::build_mpi
//! [`OwareDb::build_mpi`]: crate::OwareDb::build_mpi

use std::cell::Cell;
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use mpi::datatype::{Equivalence, Partition, PartitionMut};
use mpi::request::{scope, Request, Scope};
use mpi::topology::SimpleCommunicator;
use mpi::traits::*;
use mpi::{Count, Tag};
use xxhash_rust::xxh3::xxh3_64;

mod mailbox;
pub(crate) use mailbox::{Mailbox, Quit};

use crate::layer_file::{
    layer_path, lock_folder, open_layer, BuildProgress, DbError, Layer, LayerWriter, Unchecked,
};

/// What an MPI build sent, for its report.
#[derive(Clone, Debug)]
pub struct SpreadReport {
    /// Bytes each process handed to MPI to send to the others, process by
    /// process: the values and the requests for them, the shares of the
    /// layers sent to process 0 to be written, and the steps' agreements.
    pub sent: Vec<u64>,
    /// The exchanges of each layer built (not of those found on disk).
    pub layers: Vec<LayerExchanges>,
    /// Each process's peak resident memory in bytes (`getrusage`'s
    /// maximum resident set: its own memory and the pages of the layer
    /// files it mapped; 0 where not known).
    pub peak_resident: Vec<u64>,
    /// Each process's largest anonymous resident memory in bytes, looked
    /// at when each layer's share was solved: its own memory (the share,
    /// the messages, the MPI runtime), without the pages of the layer
    /// files it reads (0 where not known: Linux only).
    pub peak_own: Vec<u64>,
}

/// The exchanges between the processes while one layer was built: where
/// the time went.
#[derive(Clone, Debug)]
pub struct LayerExchanges {
    /// The layer (seeds on the board).
    pub seeds: usize,
    /// Rounds of exchange (all processes take part in each).
    pub rounds: u64,
    /// The layer's time, in seconds (process 0's).
    pub seconds: f64,
    /// Seconds each process spent in the exchanges, process by process:
    /// waiting for the others to reach them, and the messages.
    pub waiting: Vec<f64>,
    /// Seconds each process spent on its own boards before any exchange
    /// (the Oware family's forward pass; 0 for the Kalah family's).
    pub forward: Vec<f64>,
    /// Seconds each process spent writing the layer's file (process 0)
    /// or sending its share to process 0 (the others), waiting included.
    pub writing: Vec<f64>,
    /// Seconds of processor time each process used on the layer (user and
    /// system: its work and its looks for messages, not the time it slept
    /// or waited for a core), which a loaded machine does not inflate as
    /// it does the wall time.
    pub cpu: Vec<f64>,
    /// Boards each process propagated from (un-moves generated, the
    /// Oware family's work after the forward pass; 0 for the Kalah
    /// family's).
    pub propagated: Vec<u64>,
}

/// The tag of the messages carrying the shares of a layer to process 0
/// (the levels' messages use small tags: `Mailbox`).
const WRITE_TAG: Tag = 30_000;

/// Between two looks at an operation under way that is not done yet: a
/// spin for the first few looks, then a short sleep, so that a process
/// waiting for the others (at the end of a level, for a layer's file)
/// gives its core to those still working. The blocking calls of Open MPI
/// spin, which on a machine with fewer cores than processes takes a core
/// from a process that works.
pub(crate) fn pause(looks: &mut u32) {
    *looks += 1;
    if *looks > 16 {
        std::thread::sleep(std::time::Duration::from_micros(50));
    } else {
        std::hint::spin_loop();
    }
}

/// Waits for `request` (a non-blocking operation of this process) to
/// finish, without spinning: `Request::test` until it is done, with
/// [`pause`] between looks.
pub(crate) fn finish<'a, D: ?Sized, S: Scope<'a>>(mut request: Request<'a, D, S>) {
    let mut looks = 0u32;
    loop {
        request = match request.test() {
            Ok(_) => return,
            Err(under_way) => under_way,
        };
        pause(&mut looks);
    }
}

/// The file in a build's folder that tells the processes they share it.
const TOKEN: &str = ".mpi-job";

/// Bytes a message of a share of a layer holds at most. Process 0 takes
/// the shares into one buffer of this size, so it bounds what writing the
/// file adds to process 0's memory (a whole share would be the largest
/// extra of any process); it is also far below MPI's 32-bit counts. A
/// share of a layer in the tests' sizes (`awari` and `abapa` to 16 seeds
/// on 2 or 3 processes) spans several messages.
const CHUNK: usize = 1 << 20;

/// This process's place in an MPI job. MPI is started when it is made and
/// finished when it is dropped.
pub struct Cluster {
    world: SimpleCommunicator,
    /// Finishes MPI when dropped (after `world`).
    _universe: mpi::environment::Universe,
}

impl Cluster {
    /// Starts MPI: an error when it was started already, or when the
    /// process was not started by `mpirun` as MPI expects.
    pub fn init() -> Result<Cluster, DbError> {
        let (universe, _) = mpi::initialize_with_threading(mpi::Threading::Funneled)
            .ok_or_else(|| DbError::Cluster("MPI was started already in this process".into()))?;
        Ok(Cluster { world: universe.world(), _universe: universe })
    }

    /// This process's number, 0 to [`Cluster::size`] - 1; process 0 writes
    /// the files and reports the progress.
    pub fn rank(&self) -> usize {
        self.world.rank() as usize
    }

    /// How many processes the job has.
    pub fn size(&self) -> usize {
        self.world.size() as usize
    }

    /// Ends every process of the job at once with status `code` (for a
    /// failure the others cannot hear of otherwise).
    pub fn abort(&self, code: i32) -> ! {
        self.world.abort(code)
    }

    pub(crate) fn link(&self) -> Link<'_> {
        Link {
            world: &self.world,
            sent: Cell::new(0),
            rounds: Cell::new(0),
            waiting: Cell::new(0.0),
            forward: Cell::new(0.0),
            writing: Cell::new(0.0),
            propagated: Cell::new(0),
            own: Cell::new(0),
        }
    }
}

/// The collective operations of the build, counting the bytes this process
/// hands to MPI to send to the others (the values and requests; the few
/// bytes of each step's agreement are counted too).
pub(crate) struct Link<'a> {
    world: &'a SimpleCommunicator,
    sent: Cell<u64>,
    /// Rounds of exchange so far ([`Link::ask`], and the mailboxes' waves).
    rounds: Cell<u64>,
    /// Seconds spent in the exchanges so far.
    waiting: Cell<f64>,
    /// Seconds of forward passes, and of writing layers, so far.
    forward: Cell<f64>,
    writing: Cell<f64>,
    /// Boards propagated from so far.
    propagated: Cell<u64>,
    /// The largest anonymous resident memory seen ([`Link::look_at_memory`]).
    own: Cell<u64>,
}

/// Entries sent to each process inside the first message of an exchange,
/// with the counts and flags: an exchange of at most this many entries to
/// each process is one collective operation, a larger one two.
const INLINE: usize = 126;

impl Link<'_> {
    pub(crate) fn rank(&self) -> usize {
        self.world.rank() as usize
    }

    pub(crate) fn size(&self) -> usize {
        self.world.size() as usize
    }

    /// Bytes this process sent so far.
    pub(crate) fn sent(&self) -> u64 {
        self.sent.get()
    }

    /// Adds `rounds` (of exchange, or of looking whether a step is over)
    /// and `seconds` spent in them to the figures of the layer in hand.
    pub(crate) fn add_rounds(&self, rounds: u64, seconds: f64) {
        self.rounds.set(self.rounds.get() + rounds);
        self.waiting.set(self.waiting.get() + seconds);
    }

    /// Adds `seconds` of a forward pass to the figures of the layer in hand.
    pub(crate) fn add_forward(&self, seconds: f64) {
        self.forward.set(self.forward.get() + seconds);
    }

    /// Adds `boards` propagated from to the figures of the layer in hand.
    pub(crate) fn add_propagated(&self, boards: u64) {
        self.propagated.set(self.propagated.get() + boards);
    }

    /// Notes this process's anonymous resident memory now (its own, not
    /// the pages of mapped files), keeping the largest: called when a
    /// layer's share is solved, before it is freed.
    pub(crate) fn look_at_memory(&self) {
        self.own.set(self.own.get().max(anonymous_resident()));
    }

    fn count(&self, bytes: usize) {
        self.sent.set(self.sent.get() + bytes as u64);
    }

    /// Process 0's `values`, on every process.
    pub(crate) fn broadcast_first(&self, values: &mut [u64]) {
        let first = self.world.process_at_rank(0);
        scope(|scope| finish(first.immediate_broadcast_into(scope, values)));
        if self.rank() == 0 {
            self.count(8 * values.len() * (self.size() - 1));
        }
    }

    /// Checks that every process runs the same `program` (its version and
    /// build) on the same `job` (what it was asked to do, in words): an
    /// error on every process otherwise, naming the processes that differ
    /// from process 0. `asks` says what a process that differs asks for
    /// ("another database"), `same` what they must all be given.
    pub(crate) fn agree(
        &self,
        program: &str,
        job: &str,
        asks: &str,
        same: &str,
    ) -> Result<(), DbError> {
        let mine = [xxh3_64(program.as_bytes()), xxh3_64(job.as_bytes())];
        let all = self.gather_all(&mine);
        let differ = |i: usize| -> Vec<String> {
            (1..self.size()).filter(|&r| all[2 * r + i] != all[i]).map(|r| r.to_string()).collect()
        };
        let (program_differs, job_differs) = (differ(0), differ(1));
        if !program_differs.is_empty() {
            return Err(DbError::Cluster(format!(
                "process {} runs another build of mancala than process 0 (which runs {program}): \
                 every process must run the same program",
                program_differs.join(", ")
            )));
        }
        if !job_differs.is_empty() {
            return Err(DbError::Cluster(format!(
                "process {} {asks} than process 0 ({job}): every process must be given {same}",
                job_differs.join(", ")
            )));
        }
        Ok(())
    }

    /// Every process's `values`, process by process, on every process.
    pub(crate) fn gather_all(&self, values: &[u64]) -> Vec<u64> {
        let mut out = vec![0u64; values.len() * self.size()];
        scope(|scope| finish(self.world.immediate_all_gather_into(scope, values, &mut out[..])));
        self.count(8 * values.len() * (self.size() - 1));
        out
    }

    /// `step`'s outcome on every process: `Ok` when it succeeded on all of
    /// them; else this process's own error, or one saying which other
    /// process failed (it reports its error itself).
    pub(crate) fn together<T>(&self, step: Result<T, DbError>) -> Result<T, DbError> {
        let failed = self.gather_all(&[step.is_err() as u64]);
        match step {
            Err(e) => Err(e),
            Ok(_) if failed.iter().any(|&f| f != 0) => {
                let who: Vec<String> =
                    (0..failed.len()).filter(|&r| failed[r] != 0).map(|r| r.to_string()).collect();
                Err(DbError::Cluster(format!(
                    "process {} failed (its message says why)",
                    who.join(", ")
                )))
            }
            Ok(t) => Ok(t),
        }
    }

    /// Sends `outgoing[r]` to process `r`, for every `r`, with `stop`:
    /// what each process sent here, process by process, how many from
    /// each, and whether any process's `stop` was set. The first message to
    /// each process holds the count, the flags and up to [`INLINE`]
    /// entries; only a round in which some process sends more takes a
    /// second collective operation, for the rest.
    pub(crate) fn ask(
        &self,
        outgoing: &[Vec<u32>],
        stop: bool,
    ) -> Result<(Vec<u32>, Vec<Count>, bool), DbError> {
        let started = Instant::now();
        let size = self.size();
        const HEAD: usize = 2 + INLINE;
        // MPI counts and places entries in 32-bit integers: a process sends
        // at most a `size`-th of the largest count, so that what one
        // process takes in fits too.
        let limit = Count::MAX as usize / size;
        let too_many = outgoing.iter().map(Vec::len).sum::<usize>() > limit;
        let counts: Vec<Count> =
            outgoing.iter().map(|o| Count::try_from(o.len()).unwrap_or(0)).collect();
        // The flags: 1 to stop, 2 for a count beyond MPI's, 4 more than
        // `INLINE` entries to some process.
        let more = outgoing.iter().any(|o| o.len() > INLINE);
        let flags = stop as u32 | (2 * too_many as u32) | (4 * more as u32);
        let mut send = vec![0u32; HEAD * size];
        for (r, o) in outgoing.iter().enumerate() {
            let block = &mut send[HEAD * r..HEAD * (r + 1)];
            block[0] = counts[r].max(0) as u32;
            block[1] = flags;
            let inline = o.len().min(INLINE);
            block[2..2 + inline].copy_from_slice(&o[..inline]);
        }
        let mut heard = vec![0u32; HEAD * size];
        scope(|scope| {
            finish(self.world.immediate_all_to_all_into(scope, &send[..], &mut heard[..]))
        });
        self.count(4 * HEAD * (size - 1));
        let flags = (0..size).fold(0, |a, r| a | heard[HEAD * r + 1]);
        if flags & 2 != 0 {
            return Err(DbError::Cluster(format!(
                "more than {limit} values to send at once from one process ({size} processes: \
                 MPI counts them in 32-bit integers)"
            )));
        }
        let incoming: Vec<Count> = (0..size).map(|r| heard[HEAD * r] as Count).collect();
        // The entries past the first `INLINE`, when some process has any.
        let rest = if flags & 4 != 0 {
            let tails: Vec<Vec<u32>> =
                outgoing.iter().map(|o| o[o.len().min(INLINE)..].to_vec()).collect();
            let tail_counts: Vec<Count> = tails.iter().map(|t| t.len() as Count).collect();
            let incoming_tails: Vec<Count> =
                incoming.iter().map(|&c| (c - INLINE as Count).max(0)).collect();
            let tails = self.varcount(&tails, &tail_counts, &incoming_tails);
            Some((tails, incoming_tails))
        } else {
            None
        };
        let mut received = Vec::with_capacity(incoming.iter().map(|&c| c as usize).sum());
        let mut tail_at = 0;
        for (r, &c) in incoming.iter().enumerate() {
            let inline = (c as usize).min(INLINE);
            received.extend_from_slice(&heard[HEAD * r + 2..HEAD * r + 2 + inline]);
            if let Some((tails, tail_counts)) = &rest {
                let n = tail_counts[r] as usize;
                received.extend_from_slice(&tails[tail_at..tail_at + n]);
                tail_at += n;
            }
        }
        self.rounds.set(self.rounds.get() + 1);
        self.waiting.set(self.waiting.get() + started.elapsed().as_secs_f64());
        Ok((received, incoming, flags & 1 != 0))
    }

    /// Sends `outgoing[r]` to process `r`, for every `r`, knowing that
    /// process `r` sends `incoming[r]` values here (the answers to
    /// [`Link::ask`]): what they sent, process by process.
    pub(crate) fn answer<T: Equivalence + Copy + Default>(
        &self,
        outgoing: &[Vec<T>],
        incoming: &[Count],
    ) -> Vec<T> {
        let started = Instant::now();
        let counts: Vec<Count> = outgoing.iter().map(|o| o.len() as Count).collect();
        let answered = self.varcount(outgoing, &counts, incoming);
        self.waiting.set(self.waiting.get() + started.elapsed().as_secs_f64());
        answered
    }

    fn varcount<T: Equivalence + Copy + Default>(
        &self,
        outgoing: &[Vec<T>],
        counts: &[Count],
        incoming: &[Count],
    ) -> Vec<T> {
        let displs = |c: &[Count]| -> Vec<Count> {
            c.iter()
                .scan(0 as Count, |at, &n| {
                    let d = *at;
                    *at = at.wrapping_add(n);
                    Some(d)
                })
                .collect()
        };
        let (send_at, receive_at) = (displs(counts), displs(incoming));
        // Never empty: two empty vectors share a dangling address, and MPI
        // refuses a send buffer that is also the receive buffer.
        let mut send: Vec<T> = Vec::with_capacity(outgoing.iter().map(Vec::len).sum::<usize>() + 1);
        for o in outgoing {
            send.extend_from_slice(o);
        }
        send.push(T::default());
        let mut received =
            vec![T::default(); incoming.iter().map(|&c| c as usize).sum::<usize>() + 1];
        let parts = Partition::new(&send[..], counts, &send_at[..]);
        let mut into = PartitionMut::new(&mut received[..], incoming, &receive_at[..]);
        scope(|scope| {
            finish(self.world.immediate_all_to_all_varcount_into(scope, &parts, &mut into))
        });
        let me = self.rank();
        let elsewhere: usize =
            outgoing.iter().enumerate().filter(|&(r, _)| r != me).map(|(_, o)| o.len()).sum();
        self.count(elsewhere * std::mem::size_of::<T>());
        received.pop();
        received
    }

    /// Sends `bytes` to process 0 (which takes them with
    /// [`Link::receive_from`]), in messages of at most [`CHUNK`] bytes.
    pub(crate) fn send_to_first(&self, bytes: &[u8]) {
        let first = self.world.process_at_rank(0);
        for chunk in bytes.chunks(CHUNK) {
            scope(|scope| finish(first.immediate_send_with_tag(scope, chunk, WRITE_TAG)));
        }
        self.count(bytes.len());
    }

    /// Takes `len` bytes process `from` sends with [`Link::send_to_first`],
    /// handing each message to `take` in order; after an error of `take`,
    /// the rest is still taken (the sender waits for it) but not handed on.
    pub(crate) fn receive_from(
        &self,
        from: usize,
        len: usize,
        take: &mut dyn FnMut(&[u8]) -> Result<(), DbError>,
    ) -> Result<(), DbError> {
        let mut buffer = vec![0u8; len.min(CHUNK)];
        let mut left = len;
        let mut outcome = Ok(());
        while left > 0 {
            let part = left.min(CHUNK);
            let sender = self.world.process_at_rank(from as i32);
            scope(|scope| {
                finish(sender.immediate_receive_into_with_tag(
                    scope,
                    &mut buffer[..part],
                    WRITE_TAG,
                ))
            });
            if outcome.is_ok() {
                outcome = take(&buffer[..part]);
            }
            left -= part;
        }
        outcome
    }
}

/// A database built layer by layer by the processes of a job
/// ([`Link::build_layers`]): what each family does with a layer.
pub(crate) trait SpreadBuild {
    /// The layer files' fingerprint and the row length.
    fn file(&self) -> (u64, usize);
    /// Boards of the layer of `seeds` seeds.
    fn boards(&self, seeds: usize) -> u64;
    /// Solves this process's share of the layer of `seeds` seeds, the
    /// layers below it open, and writes the layer's file (process 0, with
    /// the others' shares).
    fn build_share(
        &self,
        link: &Link,
        seeds: usize,
        progress: &(dyn Fn(BuildProgress) + Sync),
        stop: &AtomicBool,
    ) -> Result<(), DbError>;
    /// Takes the next layer, opened from its file: built here in `seconds`,
    /// or found on disk (`None`); `largest` is the build's largest layer.
    fn push_layer(
        &mut self,
        layer: Layer,
        unchecked: Option<Unchecked>,
        seconds: Option<f64>,
        largest: usize,
    ) -> Result<(), DbError>;
}

impl Link<'_> {
    /// Writes the layer whose values are shared by the processes, process
    /// `r` holding `mine` (ranks `bounds[r]..bounds[r + 1]`): process 0
    /// writes the file at `path`, taking the shares of the others in turn
    /// (it never holds more than its own and a message). The outcome on
    /// every process.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn write_shares(
        &self,
        path: &Path,
        (fp, n, seeds): (u64, usize, usize),
        total: u64,
        bounds: &[u64],
        mine: &[u8],
    ) -> Result<(), DbError> {
        let pieces: Vec<(usize, u64)> =
            (0..self.size()).map(|r| (r, bounds[r + 1] - bounds[r])).collect();
        self.write_pieces(path, (fp, n, seeds), total, &pieces, &[mine])
    }

    /// Writes the layer whose values are shared by the processes in
    /// `pieces`: in the file's order, which process holds each piece and
    /// its length. This process holds `mine`, its own pieces in order.
    /// Process 0 writes the file at `path`, taking the others' pieces in
    /// turn (it never holds more than its own and a message); the others
    /// send theirs. The outcome on every process.
    pub(crate) fn write_pieces(
        &self,
        path: &Path,
        (fp, n, seeds): (u64, usize, usize),
        total: u64,
        pieces: &[(usize, u64)],
        mine: &[&[u8]],
    ) -> Result<(), DbError> {
        let started = Instant::now();
        let mut own = mine.iter().copied();
        let written = if self.rank() == 0 {
            let mut file = LayerWriter::new(path, fp, n, seeds, total);
            let mut append = |bytes: &[u8]| match &mut file {
                Ok(f) => f.append(bytes),
                Err(_) => Ok(()),
            };
            let mut outcome = Ok(());
            for &(from, len) in pieces.iter().filter(|p| p.1 > 0) {
                let taken = if from == 0 {
                    append(own.next().unwrap_or_default())
                } else {
                    self.receive_from(from, len as usize, &mut append)
                };
                outcome = outcome.and(taken);
            }
            file.and_then(|f| outcome.and_then(|()| f.finish()))
        } else {
            for &(from, len) in pieces.iter().filter(|p| p.1 > 0) {
                if from == self.rank() {
                    let piece = own.next().unwrap_or_default();
                    debug_assert_eq!(piece.len() as u64, len);
                    self.send_to_first(piece);
                }
            }
            Ok(())
        };
        self.writing.set(self.writing.get() + started.elapsed().as_secs_f64());
        self.together(written)
    }

    /// Checks that every process sees the folder process 0 builds in:
    /// process 0 writes a file of its own there, the others read it.
    fn check_shared(&self, dir: &Path) -> Result<(), DbError> {
        let token_path = dir.join(TOKEN);
        let mut token = [0u64];
        let written = if self.rank() == 0 {
            let now = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos());
            token[0] = xxh3_64(format!("{now} {}", std::process::id()).as_bytes());
            std::fs::write(&token_path, token[0].to_string())
                .map_err(|e| DbError::Io { path: token_path.clone(), source: e })
        } else {
            Ok(())
        };
        self.together(written)?;
        self.broadcast_first(&mut token);
        let seen = self.rank() == 0
            || std::fs::read_to_string(&token_path).is_ok_and(|t| t == token[0].to_string());
        let all = self.gather_all(&[seen as u64]);
        let blind: Vec<String> =
            (0..all.len()).filter(|&r| all[r] == 0).map(|r| r.to_string()).collect();
        if blind.is_empty() {
            return Ok(());
        }
        Err(DbError::Cluster(format!(
            "process {} does not see the folder process 0 builds in (it finds no {} written by \
             process 0): --mpi needs a --db-dir that every process shares",
            blind.join(", "),
            token_path.display()
        )))
    }

    /// Removes the file of [`Link::check_shared`] (process 0), at the end
    /// of a build.
    fn done_with(&self, dir: &Path) {
        if self.rank() == 0 {
            let _ = std::fs::remove_file(dir.join(TOKEN));
        }
    }

    /// Builds (or resumes building) layers `0..=max_seeds` in `dir` with
    /// the other processes, after `limit` is checked: process 0 takes the
    /// folder's lock (as a build in one process does) and alone reports
    /// `progress`; the folder is checked to be shared; `start` makes the
    /// build; then each layer that process 0 does not find on disk is
    /// solved by all of them, and every process opens every layer from the
    /// folder. Each process's own outcome, and the bytes each sent.
    pub(crate) fn build_layers<B: SpreadBuild>(
        &self,
        dir: &Path,
        (max_seeds, limit): (usize, usize),
        progress: &(dyn Fn(BuildProgress) + Sync),
        stop: &AtomicBool,
        start: impl FnOnce() -> Result<B, DbError>,
    ) -> Result<(B, SpreadReport), DbError> {
        if max_seeds > limit {
            return Err(DbError::TooManySeeds { asked: max_seeds, limit });
        }
        let mut build = start()?;
        let (fp, n) = build.file();
        let first = self.rank() == 0;
        let quiet = |_: BuildProgress| {};
        let progress: &(dyn Fn(BuildProgress) + Sync) = if first { progress } else { &quiet };
        // Process 0 holds the folder's lock for the whole build, as a build
        // in one process does; the others wait for it at the next step.
        let _lock = self.together(if first {
            lock_folder(dir, progress, stop).map(Some)
        } else {
            Ok(None)
        })?;
        self.check_shared(dir)?;
        let mut layers = Vec::new();
        for seeds in 0..=max_seeds {
            let path = layer_path(dir, seeds);
            let total = build.boards(seeds);
            let started = Instant::now();
            let mut on_disk = [first && path.exists()].map(u64::from);
            self.broadcast_first(&mut on_disk);
            let built = on_disk[0] == 0;
            if built {
                let (rounds, waiting) = (self.rounds.get(), self.waiting.get());
                let (forward, writing) = (self.forward.get(), self.writing.get());
                let (propagated, cpu) = (self.propagated.get(), cpu_seconds());
                build.build_share(self, seeds, progress, stop)?;
                let mine = [
                    (self.waiting.get() - waiting).to_bits(),
                    (self.forward.get() - forward).to_bits(),
                    (self.writing.get() - writing).to_bits(),
                    self.propagated.get() - propagated,
                    (cpu_seconds() - cpu).to_bits(),
                ];
                let all = self.gather_all(&mine);
                let column = |i: usize| -> Vec<u64> {
                    all.iter().skip(i).step_by(mine.len()).copied().collect()
                };
                let seconds = |i: usize| column(i).into_iter().map(f64::from_bits).collect();
                layers.push(LayerExchanges {
                    seeds,
                    rounds: self.rounds.get() - rounds,
                    seconds: started.elapsed().as_secs_f64(),
                    waiting: seconds(0),
                    forward: seconds(1),
                    writing: seconds(2),
                    propagated: column(3),
                    cpu: seconds(4),
                });
            } else {
                progress(BuildProgress { seeds, done: total, total, loaded: true, waiting: false });
            }
            // A layer found on disk is checked whole, as in one process; one
            // just written is checked on first use.
            let check = if built { 0 } else { usize::MAX };
            let (layer, unchecked) =
                self.together(open_layer(&path, fp, n, seeds, total, check))?;
            let seconds = built.then(|| started.elapsed().as_secs_f64());
            self.together(build.push_layer(layer, unchecked, seconds, max_seeds))?;
        }
        self.done_with(dir);
        self.look_at_memory();
        let memory = self.gather_all(&[peak_resident(), self.own.get()]);
        let sent = self.gather_all(&[self.sent()]);
        Ok((
            build,
            SpreadReport {
                sent,
                layers,
                peak_resident: memory.iter().step_by(2).copied().collect(),
                peak_own: memory.iter().skip(1).step_by(2).copied().collect(),
            },
        ))
    }
}

/// This process's resource usage so far (`getrusage`), if known.
#[cfg(unix)]
fn usage() -> Option<libc::rusage> {
    let mut usage = std::mem::MaybeUninit::<libc::rusage>::zeroed();
    // SAFETY: `getrusage` fills the struct it is given.
    unsafe {
        if libc::getrusage(libc::RUSAGE_SELF, usage.as_mut_ptr()) != 0 {
            return None;
        }
        Some(usage.assume_init())
    }
}

/// This process's peak resident memory in bytes (0 where not known).
fn peak_resident() -> u64 {
    #[cfg(unix)]
    {
        // Kilobytes on Linux, bytes on macOS.
        let unit = if cfg!(target_os = "macos") { 1 } else { 1024 };
        usage().map_or(0, |u| (u.ru_maxrss.max(0) as u64).saturating_mul(unit))
    }
    #[cfg(not(unix))]
    {
        0
    }
}

/// Seconds of processor time (user and system) this process used so far
/// (0 where not known).
fn cpu_seconds() -> f64 {
    #[cfg(unix)]
    {
        let seconds = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 * 1e-6;
        usage().map_or(0.0, |u| seconds(u.ru_utime) + seconds(u.ru_stime))
    }
    #[cfg(not(unix))]
    {
        0.0
    }
}

/// This process's anonymous resident memory in bytes now (`RssAnon` in
/// `/proc/self/status`: its own memory, not the pages of mapped files; 0
/// where not known).
fn anonymous_resident() -> u64 {
    let Ok(status) = std::fs::read_to_string("/proc/self/status") else { return 0 };
    status
        .lines()
        .find_map(|l| l.strip_prefix("RssAnon:"))
        .and_then(|kb| kb.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        .map_or(0, |kb| kb * 1024)
}
