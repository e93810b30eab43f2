//! Long work off the GIL: run on a thread of its own while the caller's
//! thread watches for Ctrl-C and hands progress events to a Python callback.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

/// A value in a progress event's dict.
pub(crate) enum Field {
    Int(i64),
    Float(f64),
    Bool(bool),
    Text(String),
}

/// A progress event: the items of the dict handed to the callback.
pub(crate) type Event = Vec<(&'static str, Field)>;

enum Message<T> {
    Event(Event),
    Done(T),
}

pub(crate) fn note(text: String) -> Event {
    vec![("event", Field::Text("note".into())), ("text", Field::Text(text))]
}

/// Runs `work` on a thread of its own while this thread, the GIL released
/// between checks, watches for Ctrl-C: on KeyboardInterrupt (or any signal
/// handler's exception) it sets `stop`, waits for `work` to end and raises.
pub(crate) fn run_interruptible<T: Send + 'static>(
    py: Python<'_>,
    stop: &AtomicBool,
    work: impl FnOnce() -> T + Send + 'static,
) -> PyResult<T> {
    run_with_progress(py, stop, None, move |_| work())
}

/// Runs `work` on a thread of its own with the GIL released, handing every
/// event it sends to `progress` (a dict each) on the caller's thread.
/// Ctrl-C (KeyboardInterrupt) or an exception from `progress` sets `stop`,
/// and is raised once the work has ended.
pub(crate) fn run_with_progress<T: Send + 'static>(
    py: Python<'_>,
    stop: &AtomicBool,
    progress: Option<&Bound<'_, PyAny>>,
    work: impl FnOnce(&(dyn Fn(Event) + Sync)) -> T + Send + 'static,
) -> PyResult<T> {
    let (tx, mut rx) = std::sync::mpsc::channel::<Message<T>>();
    let worker = std::thread::spawn(move || {
        let events = tx.clone();
        let result = work(&move |event| {
            let _ = events.send(Message::Event(event));
        });
        let _ = tx.send(Message::Done(result));
    });
    let mut failure: Option<PyErr> = None;
    let result = loop {
        // The receiver goes to the GIL-free closure and back (it is Send, not Sync).
        let (back, message) = py.detach(move || {
            let message = rx.recv_timeout(Duration::from_millis(50));
            (rx, message)
        });
        rx = back;
        match message {
            Ok(Message::Done(result)) => break Some(result),
            Ok(Message::Event(items)) => {
                if let (Some(callback), None) = (progress, &failure) {
                    let info = pyo3::types::PyDict::new(py);
                    for (key, value) in items {
                        match value {
                            Field::Int(i) => info.set_item(key, i)?,
                            Field::Float(f) => info.set_item(key, f)?,
                            Field::Bool(b) => info.set_item(key, b)?,
                            Field::Text(t) => info.set_item(key, t)?,
                        }
                    }
                    if let Err(e) = callback.call1((info,)) {
                        stop.store(true, Ordering::Relaxed);
                        failure = Some(e);
                    }
                }
            }
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
                if failure.is_none() {
                    if let Err(e) = py.check_signals() {
                        stop.store(true, Ordering::Relaxed);
                        failure = Some(e);
                    }
                }
            }
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => break None,
        }
    };
    let _ = py.detach(|| worker.join());
    if let Some(e) = failure {
        return Err(e);
    }
    result.ok_or_else(|| {
        PyRuntimeError::new_err("the work stopped without a result (an internal error of mancala)")
    })
}
