//! Messages between the processes without rounds: a process sends its
//! entries for another as soon as it has a batch of them (a non-blocking
//! send, its work goes on), takes what has come whenever it looks, and
//! only waits when it has nothing left to do. Used for the levels of the
//! Oware family's spread build (`oware_db::spread`), where a chain of
//! decisions crossing from one process's share to another's would
//! otherwise wait at every step for every process to reach the next round
//! of exchange.
//!
//! The end of a step (a level) is found by counting: a process with
//! nothing left to do offers how many messages it sent and took, summed
//! over the processes by a non-blocking `MPI_Iallreduce` (a *wave*; the
//! process goes on taking messages and working meanwhile). When two waves
//! in a row find every message sent taken, and the same counts, no
//! message was in flight and no process worked between them (Mattern's
//! four-counter method): the step is over everywhere, and every process
//! sees it in the same wave.
//!
//! A process that must stop (asked to, or failing) tells the others with
//! a message of its own kind; they stop working too, and all still wait
//! for the end of the step, so that no message is left in flight.
//!
//! The sends and the waves call MPI through `mpi::ffi`, the one place of
//! the build that does: the `mpi` crate's non-blocking operations (0.8)
//! borrow their buffer for the whole `mpi::request::scope` they belong
//! to, so that a buffer once sent can be neither reused nor freed until
//! that scope ends, and a request cannot outlive the call that made it
//! unless the scope spans the whole step. The mailbox sends an unbounded
//! stream of batches in a step, each buffer reused as soon as MPI is done
//! with it, and runs its waves while the process goes on working: within
//! the crate's scopes, every batch and wave of a step would stay in
//! memory until the step ends (up to a layer's worth of this process's
//! messages, about 6 to 9 bytes a board of the layer shared among the
//! processes). The crate's `Request::from_raw`, which could hold these
//! requests, is `unsafe` too. The other operations of the build use the
//! crate's own (`super::finish`).

use std::ffi::c_void;
use std::os::raw::c_int;
use std::time::Instant;

use mpi::ffi;
use mpi::traits::*;

use super::Link;

/// Entries for one process sent as soon as there are this many (32 KiB).
const SEND_AT: usize = 1 << 13;
/// Entries held at most this long before they are sent, however few: a
/// process waiting for them has nothing else to do.
const HOLD: std::time::Duration = std::time::Duration::from_micros(200);

/// Why the processes stop a step early.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Quit {
    /// A process was asked to stop.
    Stop = 1,
    /// A process failed (it reports why).
    Failed = 2,
}

/// A message being sent: its buffer must live, unmoved, until it is.
struct Flying {
    entries: Vec<u32>,
    request: ffi::MPI_Request,
}

/// A wave: this process's counts, and their sums once it is over. Boxed,
/// so that MPI's pointers into it stay valid however the mailbox moves.
struct Wave {
    mine: [u64; 2],
    sums: [u64; 2],
    request: ffi::MPI_Request,
}

/// One process's messages for one step: see the module documentation.
pub(crate) struct Mailbox<'l> {
    link: &'l Link<'l>,
    /// The tag of the step's entries (the tag after it: its quit messages).
    tag: i32,
    outgoing: Vec<Vec<u32>>,
    flying: Vec<Flying>,
    spare: Vec<Vec<u32>>,
    /// Messages sent and taken so far (entries and quit messages).
    sent: u64,
    taken: u64,
    wave: Option<Box<Wave>>,
    /// The sums of the last wave that ended.
    last: Option<[u64; 2]>,
    quit: Option<Quit>,
    /// When the entries queued were last all sent.
    flushed: Instant,
    /// Since when this process has had nothing to do, if it has not.
    idle_from: Option<Instant>,
    /// Seconds spent with nothing to do, and waves run.
    pub idle_seconds: f64,
    pub waves: u64,
}

impl<'l> Mailbox<'l> {
    /// The mailbox of step `step` (a small number, the same on every
    /// process; consecutive steps must differ).
    pub(crate) fn new(link: &'l Link<'l>, step: u32) -> Mailbox<'l> {
        let size = link.size();
        Mailbox {
            link,
            tag: 2 * step as i32,
            outgoing: (0..size).map(|_| Vec::with_capacity(SEND_AT)).collect(),
            flying: Vec::new(),
            spare: Vec::new(),
            sent: 0,
            taken: 0,
            wave: None,
            last: None,
            quit: None,
            flushed: Instant::now(),
            idle_from: None,
            idle_seconds: 0.0,
            waves: 0,
        }
    }

    /// Queues `entry` for process `to`, sending its batch when full.
    #[inline]
    pub(crate) fn push(&mut self, to: usize, entry: u32) {
        self.outgoing[to].push(entry);
        if self.outgoing[to].len() >= SEND_AT {
            self.send(to);
        }
    }

    /// Sends what is queued for `to`.
    fn send(&mut self, to: usize) {
        let fresh = self.spare.pop().unwrap_or_else(|| Vec::with_capacity(SEND_AT));
        let entries = std::mem::replace(&mut self.outgoing[to], fresh);
        self.post(to, self.tag, entries);
    }

    fn post(&mut self, to: usize, tag: i32, entries: Vec<u32>) {
        let world = self.link.world;
        // SAFETY: the buffer is kept in `flying`, never touched, until MPI
        // says the send is done (`reap`, `drop`).
        let request = unsafe {
            let mut request = ffi::RSMPI_REQUEST_NULL;
            ffi::MPI_Isend(
                entries.as_ptr() as *const c_void,
                entries.len() as c_int,
                u32::equivalent_datatype().as_raw(),
                to as c_int,
                tag,
                world.as_raw(),
                &mut request,
            );
            request
        };
        self.link.count(4 * entries.len());
        self.sent += 1;
        self.flying.push(Flying { entries, request });
    }

    /// Frees the buffers of the sends that are done.
    fn reap(&mut self) {
        let mut i = 0;
        while i < self.flying.len() {
            let mut done: c_int = 0;
            // SAFETY: a request of `post`, not yet completed.
            unsafe {
                ffi::MPI_Test(&mut self.flying[i].request, &mut done, ffi::RSMPI_STATUS_IGNORE);
            }
            if done != 0 {
                let mut entries = self.flying.swap_remove(i).entries;
                entries.clear();
                self.spare.push(entries);
            } else {
                i += 1;
            }
        }
    }

    /// Tells the other processes to stop this step (once).
    pub(crate) fn quit(&mut self, why: Quit) {
        if self.quit.is_some() {
            return;
        }
        self.quit = Some(why);
        for to in (0..self.link.size()).filter(|&r| r != self.link.rank()) {
            self.post(to, self.tag + 1, vec![why as u32]);
        }
    }

    /// Why this step stops early, if it does.
    pub(crate) fn quitting(&self) -> Option<Quit> {
        self.quit
    }

    /// Appends the entries that have come to `inbox` (nothing once the step
    /// stops early); hears a quit message.
    pub(crate) fn take(&mut self, inbox: &mut Vec<u32>) {
        let world = self.link.world;
        while let Some((message, status)) =
            world.any_process().immediate_matched_probe_with_tag(self.tag)
        {
            let (entries, _) = (message, status).matched_receive_vec::<u32>();
            self.taken += 1;
            if self.quit.is_none() {
                inbox.extend_from_slice(&entries);
            }
        }
        while let Some((message, status)) =
            world.any_process().immediate_matched_probe_with_tag(self.tag + 1)
        {
            let (why, _) = (message, status).matched_receive_vec::<u32>();
            self.taken += 1;
            let why =
                if why.first() == Some(&(Quit::Failed as u32)) { Quit::Failed } else { Quit::Stop };
            // Heard: not told again to the others (each process tells all).
            self.quit.get_or_insert(why);
        }
    }

    /// Sends everything queued.
    fn flush(&mut self) {
        for to in 0..self.outgoing.len() {
            if !self.outgoing[to].is_empty() {
                self.send(to);
            }
        }
        self.reap();
        self.flushed = Instant::now();
    }

    /// Called while this process works: sends the entries held longer
    /// than [`HOLD`].
    pub(crate) fn working(&mut self) {
        if let Some(from) = self.idle_from.take() {
            self.idle_seconds += from.elapsed().as_secs_f64();
        }
        if self.flushed.elapsed() >= HOLD {
            self.flush();
        }
    }

    /// Called when this process has nothing left to do: sends what is
    /// queued, and takes part in the waves. True when the step is over on
    /// every process.
    pub(crate) fn idle(&mut self) -> bool {
        self.idle_from.get_or_insert_with(Instant::now);
        self.flush();
        let over = self.wave();
        if over {
            if let Some(from) = self.idle_from.take() {
                self.idle_seconds += from.elapsed().as_secs_f64();
            }
        }
        over
    }

    /// Starts a wave, or looks whether the one under way ended: true when
    /// two in a row found the same counts, every message sent taken.
    fn wave(&mut self) -> bool {
        let Some(wave) = &mut self.wave else {
            let mut wave = Box::new(Wave {
                mine: [self.sent, self.taken],
                sums: [0; 2],
                request: unsafe { ffi::RSMPI_REQUEST_NULL },
            });
            // SAFETY: the box is kept in `self.wave` until MPI says the
            // reduction is done.
            unsafe {
                ffi::MPI_Iallreduce(
                    wave.mine.as_ptr() as *const c_void,
                    wave.sums.as_mut_ptr() as *mut c_void,
                    2,
                    u64::equivalent_datatype().as_raw(),
                    mpi::collective::SystemOperation::sum().as_raw(),
                    self.link.world.as_raw(),
                    &mut wave.request,
                );
            }
            self.link.count(16 * (self.link.size() - 1));
            self.wave = Some(wave);
            return false;
        };
        let mut done: c_int = 0;
        // SAFETY: the request of the wave under way.
        unsafe { ffi::MPI_Test(&mut wave.request, &mut done, ffi::RSMPI_STATUS_IGNORE) };
        if done == 0 {
            return false;
        }
        let sums = wave.sums;
        self.wave = None;
        self.waves += 1;
        let over = sums[0] == sums[1] && self.last == Some(sums);
        self.last = Some(sums);
        over
    }
}

/// Waits for `request` (a send or a wave of the mailbox) to finish, with
/// [`super::pause`] between looks, as `super::finish` does.
fn finish(request: &mut ffi::MPI_Request) {
    let mut looks = 0u32;
    loop {
        let mut done: c_int = 0;
        // SAFETY: a request of this mailbox, not yet finished; its buffers
        // live, untouched, in the mailbox until it is.
        unsafe { ffi::MPI_Test(request, &mut done, ffi::RSMPI_STATUS_IGNORE) };
        if done != 0 {
            return;
        }
        super::pause(&mut looks);
    }
}

impl Drop for Mailbox<'_> {
    /// Waits for the sends under way (all taken once the step is over).
    fn drop(&mut self) {
        for flying in &mut self.flying {
            finish(&mut flying.request);
        }
        if let Some(wave) = &mut self.wave {
            finish(&mut wave.request);
        }
    }
}
