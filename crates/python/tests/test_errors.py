"""Bad input from Python: a clear exception naming what was wrong, never a crash."""

import pytest

import mancala


@pytest.fixture
def state():
    return mancala.load_game("kalah-classic").new_initial_state()


def test_illegal_action_names_the_pit_and_the_legal_actions(state):
    state.apply_action(2)
    with pytest.raises(mancala.IllegalActionError, match=r"action 2 \(sow pit 3\) is illegal here: pit 3 is empty; legal actions: \[0, 1, 3, 4, 5\]"):
        state.apply_action(2)
    assert state.history() == [2]  # unchanged
    assert issubclass(mancala.IllegalActionError, ValueError)


@pytest.mark.parametrize("action", [6, 99, -1])
def test_actions_that_do_not_exist(state, action):
    with pytest.raises(mancala.IllegalActionError, match=f"action {action} does not exist: actions are 0 to 5"):
        state.apply_action(action)


def test_huge_and_mistyped_actions(state):
    # An int too large for a C long is an action that does not exist, said so like any other.
    with pytest.raises(mancala.IllegalActionError, match=r"action 1180591620717411303424 does not exist: actions are 0 to 5"):
        state.apply_action(2**70)
    with pytest.raises(mancala.IllegalActionError, match=r"action -1180591620717411303424 does not exist: actions are 0 to 5"):
        state.apply_action(-(2**70))
    assert state.history() == []
    with pytest.raises(TypeError):
        state.apply_action("3")
    with pytest.raises(TypeError):
        state.apply_action(None)


def test_no_action_after_the_end():
    over = mancala.load_game("kalah-classic").new_initial_state("0,0,0,0,0,0:21/0,0,0,0,0,0:27/S#empty-side")
    with pytest.raises(mancala.IllegalActionError, match="the game is over"):
        over.apply_action(0)


def test_swap_without_a_pie_rule(state):
    with pytest.raises(mancala.IllegalActionError, match="actions are 0 to 5"):
        state.apply_action(6)
    kalah = mancala.load_game("kalah").new_initial_state()
    with pytest.raises(mancala.IllegalActionError, match="swap is only allowed"):
        kalah.apply_action(6)


def test_bad_move_lists_name_the_move(state):
    with pytest.raises(mancala.IllegalActionError, match=r'move #2 in the list \("7"\): pit 7 does not exist'):
        state.apply_moves("3,7")
    with pytest.raises(mancala.IllegalActionError, match=r"action #2 in the list: action 9 does not exist"):
        mancala.load_game("oware").new_initial_state().apply_actions([0, 9])


def test_unknown_variant_lists_the_variants():
    with pytest.raises(ValueError, match=r'unknown variant "owar"; the variants are: kalah, .*oware'):
        mancala.load_game("owar")


def test_name_or_text():
    with pytest.raises(ValueError, match="give a variant name"):
        mancala.load_game()
    with pytest.raises(ValueError, match="not both"):
        mancala.load_game("kalah", variant_text="x")
    with pytest.raises(ValueError, match="the variant file does not read"):
        mancala.load_game(variant_text="[board]\npits_per_side = 'six'\n")


@pytest.mark.parametrize(
    "kwargs, words",
    [
        ({"pits_per_side": 30}, r"(?s)kalah cannot be played with pits_per_side=30: .*1 to 10 pits per side"),
        ({"pits_per_side": -3}, r"(?s)kalah cannot be played with pits_per_side=-3: .*pits_per_side = -3: 1 to 10 pits per side"),
        ({"pits_per_side": 10**12}, r"(?s)pits_per_side=1000000000000: .*1 to 10 pits per side"),
        ({"seeds": 0}, r"(?s)kalah cannot be played with seeds=0: .*seeds_per_pit = 0: 1 to 12 seeds per pit"),
        ({"seeds": 1000}, r"(?s)seeds=1000: .*seeds_per_pit = 1000: 1 to 12 seeds per pit"),
    ],
)
def test_bad_sizes(kwargs, words):
    with pytest.raises(ValueError, match=words):
        mancala.load_game("kalah", **kwargs)


@pytest.mark.parametrize(
    "text, words",
    [
        ("garbage", "does not read: a position has three fields"),
        ("4,4,4,4,4,4:0/4,4,4,4,4,4:0/X", "does not read: state"),
        ("4,4,4,4,4:0/4,4,4,4,4:0/S", "does not fit this game"),
        ("4,4,4,4,4,5:0/4,4,4,4,4,4:0/S", "does not fit this game"),
        ("4,4,4,4,4,4:0/4,4,4,4,4,4:0/S+opening", "does not fit this game"),
    ],
)
def test_bad_positions(text, words):
    with pytest.raises(ValueError, match=words):
        mancala.load_game("kalah-classic").new_initial_state(text)


def test_bad_player(state):
    with pytest.raises(ValueError, match=r"player 2 does not exist: players are 0 \(South\) and 1 \(North\)"):
        state.observation_tensor(2)
    with pytest.raises(ValueError, match="player -1 does not exist"):
        state.pits(-1)


def test_bad_search_limits(state):
    with pytest.raises(ValueError, match="give at least one limit"):
        mancala.search(state)
    with pytest.raises(ValueError, match="depth = 0: it must be from 1 to 120"):
        mancala.search(state, depth=0)
    with pytest.raises(ValueError, match="nodes = -5"):
        mancala.search(state, nodes=-5)
    with pytest.raises(ValueError, match="movetime = -1: it must be a number of seconds above 0"):
        mancala.search(state, movetime=-1.0)
    with pytest.raises(ValueError, match="movetime = NaN: it must be a number of seconds above 0"):
        mancala.search(state, movetime=float("nan"))
    with pytest.raises(ValueError, match="hash_mb = 0"):
        mancala.search(state, depth=2, hash_mb=0)
    for threads in (0, 257):
        with pytest.raises(ValueError, match=f"threads = {threads}: it must be from 1 to 256"):
            mancala.search(state, depth=2, threads=threads)
    with pytest.raises(TypeError):
        mancala.search("not a state", depth=2)


def test_bad_playout_requests(state):
    with pytest.raises(TypeError, match="start must be a mancala.Game or a mancala.State, not str"):
        mancala.random_playouts("oware", 10)
    with pytest.raises(ValueError, match="games = -1"):
        mancala.random_playouts(state, -1)
    with pytest.raises(OverflowError):
        mancala.random_playouts(state, 10, seed=-1)


def test_direct_entry_points_take_what_the_pyo3_methods_take(state):
    # is_terminal, legal_actions and apply_action are direct CPython functions handing every
    # uncommon call to the PyO3 methods (kept as _is_terminal, ...): keywords, ints of other
    # types (bool, numpy) and the docstrings are as before.
    import numpy as np

    state.apply_action(action=2)  # pit 3: the last seed in the store, South again
    state.apply_action(True)  # an int: action 1, pit 2, North to move
    state.apply_action(np.int64(0))
    assert state.history() == [2, 1, 0]
    assert state.legal_actions() == state._legal_actions()
    assert state.is_terminal() is False
    with pytest.raises(TypeError):
        state.apply_action(1.0)
    with pytest.raises(TypeError):
        state.apply_action()
    with pytest.raises(TypeError):
        state.legal_actions(1)
    for name in ("is_terminal", "legal_actions", "apply_action"):
        fast, slow = getattr(mancala.State, name), getattr(mancala.State, "_" + name)
        assert fast.__doc__ == slow.__doc__ and fast.__doc__
        assert fast.__text_signature__ == slow.__text_signature__


@pytest.mark.parametrize("name", ["is_terminal", "legal_actions", "apply_action"])
def test_private_slow_methods_deleted_or_replaced(name):
    # The direct entry points hand uncommon calls to the PyO3 methods, which they hold themselves:
    # deleting or replacing State._apply_action and the like must not leave them calling freed
    # memory (a crash). Run in a child process, as the change to the type is for good.
    import subprocess
    import sys

    code = f"""
import gc, mancala
s = mancala.load_game("kalah-classic").new_initial_state()
slow = getattr(mancala.State, "_{name}")
delattr(mancala.State, "_{name}")
del slow
gc.collect()
for _ in range(3):
    [bytearray(64) for _ in range(10000)]  # reuse the freed memory, if it was freed
s.apply_action(True)  # a bool: the slow path
s.apply_action(action=2)  # a keyword: the slow path
assert s.history() == [1, 2], s.history()
try:
    s.apply_action(2**70)
except mancala.IllegalActionError:
    pass
assert s.is_terminal() is False
assert s.legal_actions() == s.legal_actions()
setattr(mancala.State, "_{name}", lambda self, *a, **k: 1 / 0)  # replaced
gc.collect()
s.apply_action(action=0)
assert s.history() == [1, 2, 0]
print("ok")
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout.strip() == "ok", (done.returncode, done.stdout, done.stderr)


def test_legal_actions_lists_are_the_callers_own():
    # legal_actions fills the list it returned last again once the caller has let go of it. A
    # list the caller still holds never changes, whatever the caller did to it; one the caller
    # changed (other objects in it, emptied, grown) and let go of is never handed out wrong.
    import gc
    import weakref

    game = mancala.load_game("oware")
    state = game.new_initial_state()
    kept = state.legal_actions()
    assert kept == [0, 1, 2, 3, 4, 5]
    state.apply_action(5)
    state.apply_action(0)
    again = state.legal_actions()
    assert kept == [0, 1, 2, 3, 4, 5] and again == [0, 1, 2, 3, 4] and again is not kept

    class Finalised:
        pass

    # A list holding another object (here the state itself, and one with a weak reference to
    # see when it is freed), then let go of: the next list is right and the objects are freed.
    held = Finalised()
    alive = weakref.ref(held)
    mine = state.legal_actions()
    mine.append(held)
    mine.append(state)
    del mine, held, kept, again
    assert state.legal_actions() == [0, 1, 2, 3, 4]
    gc.collect()
    assert alive() is None
    # A finaliser run when the package lets go of such a list, itself asking for legal actions.
    seen = []

    class AsksAgain:
        def __del__(self):
            seen.append(state.legal_actions())

    mine = state.legal_actions()
    mine.append(AsksAgain())
    del mine
    first = state.legal_actions()
    gc.collect()
    assert first == [0, 1, 2, 3, 4] and seen == [[0, 1, 2, 3, 4]] and seen[0] is not first
    del first, seen[:]
    # Emptied (its item array freed) or grown past every action, then let go of.
    for change in (list.clear, lambda xs: xs.extend(range(100))):
        mine = state.legal_actions()
        change(mine)
        del mine
        assert state.legal_actions() == [0, 1, 2, 3, 4]
    # Many calls in a row, each list dropped: the values follow the game.
    other = game.new_initial_state()
    for action in (2, 3, 1, 4):
        assert other.legal_actions() == other._legal_actions()
        other.apply_action(action)
        assert len(state.legal_actions()) == 5
    assert other.legal_actions() == other._legal_actions() and other.legal_actions() == sorted(set(other.legal_actions()))
