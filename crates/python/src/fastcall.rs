//! Direct CPython entry points for the three calls of a playout loop:
//! `State.is_terminal()`, `State.legal_actions()` and `State.apply_action(a)`.
//!
//! A `#[pymethods]` method goes through PyO3's trampoline on every call (the
//! interpreter-attachment count kept in a thread local, the deferred-decref
//! pool checked, the panic trap, the type check of `self`, the argument
//! parser), about 10 to 25 ns a call on this project's machine: a large part
//! of a loop whose three calls are the whole library cost. These functions
//! are plain `METH_NOARGS` / `METH_FASTCALL` C functions installed over the
//! PyO3 methods when the module loads; CPython's method descriptor has
//! already checked that `self` is a `State` (and 3.11+ specialises the call
//! site on it).
//!
//! Only the common case is handled here: a state not borrowed elsewhere and,
//! for `apply_action`, one positional exact `int` that is a legal sowing.
//! Anything else (keywords, another type, an out-of-range or illegal action,
//! the swap, a borrow conflict) is handed to the PyO3 method kept under a
//! private name, so its results and error messages are exactly those of the
//! PyO3 method. Nothing here allocates on the happy path (`legal_actions`
//! fills its last list again once the caller has let go of it, see
//! [`SPARE`]), and nothing can panic across the C boundary (the move is
//! played inside `catch_unwind`).

use std::ffi::{c_int, CString};
use std::ptr;
use std::sync::atomic::{AtomicPtr, Ordering};

use pyo3::exceptions::PyValueError;
use pyo3::ffi;
use pyo3::prelude::*;

use mancala_core::Move;

use crate::state::{PyState, StateGame};
use mancala_core::AnyGame;

/// The PyO3 methods, kept for the uncommon cases (owned references to the
/// type's own descriptors, taken once and never given back: deleting or
/// replacing the private attribute `State._apply_action` and the like must
/// not free what these point at).
static SLOW_IS_TERMINAL: AtomicPtr<ffi::PyObject> = AtomicPtr::new(ptr::null_mut());
static SLOW_LEGAL_ACTIONS: AtomicPtr<ffi::PyObject> = AtomicPtr::new(ptr::null_mut());
static SLOW_APPLY_ACTION: AtomicPtr<ffi::PyObject> = AtomicPtr::new(ptr::null_mut());

/// The ints 0 to 32, every action there can be (owned references taken
/// once, never given back): `legal_actions` increments a count instead of
/// calling `PyLong_FromLong`, and tells them apart by address.
static ACTIONS: [AtomicPtr<ffi::PyObject>; 33] = [const { AtomicPtr::new(ptr::null_mut()) }; 33];

/// Calls the PyO3 method `slow` with `self` and the call's own arguments.
unsafe fn call_slow(
    slot: &AtomicPtr<ffi::PyObject>,
    slf: *mut ffi::PyObject,
    args: *const *mut ffi::PyObject,
    nargs: ffi::Py_ssize_t,
    kwnames: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    let method = slot.load(Ordering::Relaxed);
    let nkw = if kwnames.is_null() { 0 } else { ffi::PyTuple_GET_SIZE(kwnames) };
    let total = (nargs + nkw) as usize;
    // self followed by the positional and keyword values.
    let mut stack: Vec<*mut ffi::PyObject> = Vec::with_capacity(total + 1);
    stack.push(slf);
    for i in 0..total {
        stack.push(*args.add(i));
    }
    ffi::PyObject_Vectorcall(method, stack.as_ptr(), (nargs + 1) as usize, kwnames)
}

unsafe fn new_bool(b: bool) -> *mut ffi::PyObject {
    let obj = if b { ffi::Py_True() } else { ffi::Py_False() };
    ffi::Py_INCREF(obj);
    obj
}

unsafe extern "C" fn is_terminal(
    slf: *mut ffi::PyObject,
    _unused: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    let py = Python::assume_attached();
    let state = Borrowed::from_ptr(py, slf).cast_unchecked::<PyState>();
    let over = match state.get().game.read() {
        Ok(g) => match &*g {
            AnyGame::Compact(g) => g.position().is_over(),
            AnyGame::Wide(g) => g.position().is_over(),
        },
        Err(_) => return call_slow(&SLOW_IS_TERMINAL, slf, ptr::null(), 0, ptr::null_mut()),
    };
    new_bool(over)
}

unsafe extern "C" fn legal_actions(
    slf: *mut ffi::PyObject,
    _unused: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    let py = Python::assume_attached();
    let state = Borrowed::from_ptr(py, slf).cast_unchecked::<PyState>();
    // Read what the list holds, then let go of the game before making
    // Python objects (making one may run a finaliser that uses this state).
    let (mut pits, swap, n) = match state.get().game.read() {
        // The compact layout's games (the wide board's take the slow path).
        Ok(g) => match &*g {
            AnyGame::Compact(g) if !g.variant().lists_moves() => {
                let p = g.position();
                (g.legal_pits(), !p.is_over() && p.swap_offered(), g.n())
            }
            // A pit with two directions is two actions, and takes are
            // actions of their own: the PyO3 method lists them.
            _ => return call_slow(&SLOW_LEGAL_ACTIONS, slf, ptr::null(), 0, ptr::null_mut()),
        },
        Err(_) => return call_slow(&SLOW_LEGAL_ACTIONS, slf, ptr::null(), 0, ptr::null_mut()),
    };
    let len = pits.count_ones() as ffi::Py_ssize_t + swap as ffi::Py_ssize_t;
    let (list, size, fresh) = match spare(len) {
        Some(list) => (list, ffi::Py_SIZE(list), false),
        None => {
            // Room for every action there can be, so that the list can be
            // filled again however many actions a later call has.
            let list = ffi::PyList_New(n as ffi::Py_ssize_t + 1);
            if list.is_null() {
                return list;
            }
            (*list.cast::<ffi::PyVarObject>()).ob_size = 0;
            (list, 0, true)
        }
    };
    // Set item `i` to `int` (borrowed: `ACTIONS` keeps it alive), leaving
    // an item that is already right as it is (from one move to the next the
    // legal actions are often the same). Slots past the list's size hold
    // nothing (or a stale pointer), so they are always written.
    let items = (*list.cast::<ffi::PyListObject>()).ob_item;
    let set = |i: ffi::Py_ssize_t, int: *mut ffi::PyObject| {
        if i >= size {
            ffi::Py_INCREF(int);
            *items.offset(i) = int;
        } else {
            let old = *items.offset(i);
            if old != int {
                ffi::Py_INCREF(int);
                *items.offset(i) = int;
                // An exact int (see `spare`): its release runs no code.
                ffi::Py_DECREF(old);
            }
        }
    };
    let mut i = 0;
    while pits != 0 {
        set(i, ACTIONS[pits.trailing_zeros() as usize].load(Ordering::Relaxed));
        pits &= pits - 1;
        i += 1;
    }
    if swap {
        set(i, ACTIONS[n].load(Ordering::Relaxed));
    }
    for i in len..size {
        ffi::Py_DECREF(*items.offset(i));
        *items.offset(i) = ptr::null_mut();
    }
    (*list.cast::<ffi::PyVarObject>()).ob_size = len;
    if fresh {
        // Last: letting go of the old spare list may run code.
        keep_spare(list);
    }
    list
}

/// The list `legal_actions` returned last (an owned reference), or null.
/// When the caller has let go of it (its reference count is back to 1,
/// ours), the next `legal_actions` fills it again instead of making a new
/// list: no one else holds it, so no one can tell, and a playout loop
/// saves making and freeing a list (the object and its item array) at every
/// step (about 2% of such a loop: docs/python.md, "Speed"). Only touched
/// under the GIL.
static SPARE: AtomicPtr<ffi::PyObject> = AtomicPtr::new(ptr::null_mut());

/// The spare list (a new reference), when no one else holds it, it has
/// room for `len` items and holds only exact ints (whose release runs no
/// code: the caller may have put anything in it); otherwise `None`, the
/// spare list left as it is. (CPython's own list layout: the package is
/// built for CPython, not for its limited API.)
unsafe fn spare(len: ffi::Py_ssize_t) -> Option<*mut ffi::PyObject> {
    let list = SPARE.load(Ordering::Relaxed);
    if list.is_null() || ffi::Py_REFCNT(list) != 1 {
        return None;
    }
    let raw = list.cast::<ffi::PyListObject>();
    if (*raw).allocated < len {
        return None;
    }
    let items = (*raw).ob_item;
    for i in 0..ffi::Py_SIZE(list) {
        if ffi::PyLong_CheckExact(*items.offset(i)) == 0 {
            return None;
        }
    }
    ffi::Py_INCREF(list);
    Some(list)
}

/// Keeps `list` (new, filled, about to be returned) as the spare list,
/// letting go of the one kept before.
unsafe fn keep_spare(list: *mut ffi::PyObject) {
    let old = SPARE.load(Ordering::Relaxed);
    ffi::Py_INCREF(list);
    SPARE.store(list, Ordering::Relaxed);
    if !old.is_null() {
        // May free it, and run code (a finaliser of something the caller
        // put in it): the new spare is already in place, and holds a second
        // reference (the one to be returned), so such code cannot refill it.
        ffi::Py_DECREF(old);
    }
}

unsafe extern "C" fn apply_action(
    slf: *mut ffi::PyObject,
    args: *const *mut ffi::PyObject,
    nargs: ffi::Py_ssize_t,
    kwnames: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    if nargs == 1 && kwnames.is_null() && ffi::PyLong_CheckExact(*args) != 0 {
        let mut overflow: c_int = 0;
        let action = ffi::PyLong_AsLongAndOverflow(*args, &mut overflow);
        if overflow == 0 && (0..32).contains(&action) {
            let py = Python::assume_attached();
            let state = Borrowed::from_ptr(py, slf).cast_unchecked::<PyState>();
            let write = state.get().game.write();
            // The compact layout's games (the wide board's take the slow path).
            if let Ok(mut any) = write {
                if let AnyGame::Compact(g) = &mut *any {
                    if g.legal_pits() >> action & 1 == 1 && !g.variant().chooses_direction() {
                        let played = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                            g.play_unchecked(Move::Sow(action as u8));
                        }));
                        if played.is_ok() {
                            ffi::Py_INCREF(ffi::Py_None());
                            return ffi::Py_None();
                        }
                        ffi::PyErr_SetString(
                            ffi::PyExc_RuntimeError,
                            c"the move could not be played (an internal error of mancala)".as_ptr(),
                        );
                        return ptr::null_mut();
                    }
                }
            }
        }
    }
    // Anything else, with the game let go: the PyO3 method says what is wrong.
    call_slow(&SLOW_APPLY_ACTION, slf, args, nargs, kwnames)
}

/// A method definition living as long as the process (CPython keeps
/// pointers to it in the descriptor), with the PyO3 method's docstring and
/// text signature.
fn leak_def(
    slow: &Bound<'_, PyAny>,
    meth: ffi::PyMethodDefPointer,
    flags: c_int,
) -> PyResult<*mut ffi::PyMethodDef> {
    let name: String = slow.getattr("__name__")?.extract()?;
    let doc: Option<String> = slow.getattr("__doc__")?.extract()?;
    let signature: Option<String> = slow.getattr("__text_signature__")?.extract()?;
    let doc = match signature {
        Some(sig) => format!("{name}{sig}\n--\n\n{}", doc.unwrap_or_default()),
        None => doc.unwrap_or_default(),
    };
    let leak = |text: String| -> PyResult<*const std::ffi::c_char> {
        let text = CString::new(text).map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(Box::leak(text.into_boxed_c_str()).as_ptr())
    };
    Ok(Box::leak(Box::new(ffi::PyMethodDef {
        ml_name: leak(name)?,
        ml_meth: meth,
        ml_flags: flags,
        ml_doc: leak(doc)?,
    })))
}

/// Installs the fast entry points over the PyO3 methods of `State` (the
/// PyO3 ones stay reachable as `_is_terminal`, `_legal_actions` and
/// `_apply_action`, and handle every uncommon case).
pub fn install(py: Python<'_>) -> PyResult<()> {
    for (i, slot) in ACTIONS.iter().enumerate() {
        let int = unsafe { Bound::from_owned_ptr_or_err(py, ffi::PyLong_FromLong(i as _))? };
        slot.store(int.into_ptr(), Ordering::Relaxed);
    }
    let ty = py.get_type::<PyState>();
    let defs: [(&str, &AtomicPtr<ffi::PyObject>, ffi::PyMethodDefPointer, c_int); 3] = [
        (
            "is_terminal",
            &SLOW_IS_TERMINAL,
            ffi::PyMethodDefPointer { PyCFunction: is_terminal },
            ffi::METH_NOARGS,
        ),
        (
            "legal_actions",
            &SLOW_LEGAL_ACTIONS,
            ffi::PyMethodDefPointer { PyCFunction: legal_actions },
            ffi::METH_NOARGS,
        ),
        (
            "apply_action",
            &SLOW_APPLY_ACTION,
            ffi::PyMethodDefPointer { PyCFunctionFastWithKeywords: apply_action },
            ffi::METH_FASTCALL | ffi::METH_KEYWORDS,
        ),
    ];
    for (name, slot, meth, flags) in defs {
        let slow = ty.getattr(name)?;
        let def = leak_def(&slow, meth, flags)?;
        ty.setattr(format!("_{name}").as_str(), &slow)?;
        // An owned reference, never released: the descriptor stays alive
        // even if the private attribute is deleted or replaced.
        slot.store(slow.clone().into_ptr(), Ordering::Relaxed);
        let fast = unsafe {
            let descr = ffi::PyDescr_NewMethod(ty.as_ptr().cast(), def);
            Bound::from_owned_ptr_or_err(py, descr)?
        };
        ty.setattr(name, fast)?;
    }
    Ok(())
}
