"""Agreement with OpenSpiel (`pyspiel`), move by move, through both Python APIs.

OpenSpiel's `mancala` is our `kalah-classic` at 6x4 and its `oware` is our `abapa` (at any size).
Random games are played in both at once, with the same actions (translated by
`mancala.openspiel`); after every move the player to move, the terminal flag, the legal actions
and the board must agree, and at the end the returns. OpenSpiel's end-of-game bookkeeping differs
(docs/python.md, scripts/openspiel_agreement.py): in `mancala` it leaves the seeds of the side
not emptied on the board, in `oware` it collects them into the scores, where we leave them in the
pits after a majority win; so at the end we compare each side's store plus its pits.
OpenSpiel caps a game at 1000 moves; random games here end far sooner, and a game reaching the
cap would fail the test rather than pass silently.
"""

import random

import pytest

import mancala
from mancala.openspiel import from_openspiel_action, to_openspiel_action

pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel (pip install open-spiel) is needed")

GAMES = 2000


def board_of_mancala(os_state):
    """[south pits], [north pits], [south store, north store] from OpenSpiel mancala's tensor."""
    cells = [int(round(x)) for x in os_state.observation_tensor(0)[:14]]
    return cells[1:7], cells[8:14], [cells[7], cells[0]]


def board_of_oware(os_state, houses, total):
    values = [int(round(x * total)) for x in os_state.observation_tensor(0)]
    return values[:houses], values[houses : 2 * houses], values[2 * houses : 2 * houses + 2]


def play_both(ours, theirs, read_board, rng, where):
    moves = 0
    while True:
        assert ours.is_terminal() == theirs.is_terminal(), where(moves)
        if ours.is_terminal():
            break
        assert moves < 1000, "a random game reached OpenSpiel's cap of 1000 moves"
        assert ours.current_player() == theirs.current_player(), where(moves)
        south, north, stores = read_board(theirs)
        assert ours.pits(0) == south and ours.pits(1) == north, where(moves)
        assert ours.stores() == stores, where(moves)
        legal = ours.legal_actions()
        assert [to_openspiel_action(ours, a) for a in legal] == theirs.legal_actions(), where(moves)
        theirs_pick = rng.choice(theirs.legal_actions())
        action = from_openspiel_action(ours, theirs_pick)
        ours.apply_action(action)
        theirs.apply_action(theirs_pick)
        moves += 1
    assert ours.returns() == list(theirs.returns()), where(moves)
    assert ours.current_player() == theirs.current_player() == -4
    south, north, stores = read_board(theirs)
    totals = [ours.stores()[s] + sum(ours.pits(s)) for s in (0, 1)]
    assert totals == [stores[0] + sum(south), stores[1] + sum(north)], where(moves)
    return moves


def test_kalah_classic_agrees_with_openspiel_mancala():
    game = mancala.load_game("kalah-classic")
    os_game = pyspiel.load_game("mancala")
    rng = random.Random(2024)
    total_moves = 0
    for g in range(GAMES):
        ours, theirs = game.new_initial_state(), os_game.new_initial_state()
        total_moves += play_both(
            ours, theirs, board_of_mancala, rng, lambda m: f"game {g}, move {m}: {ours.moves()}"
        )
    assert total_moves > GAMES * 20


@pytest.mark.parametrize("houses, seeds", [(6, 4), (3, 2), (4, 3), (5, 5)])
def test_abapa_agrees_with_openspiel_oware(houses, seeds):
    game = mancala.load_game("abapa", pits_per_side=houses, seeds=seeds)
    os_game = pyspiel.load_game(
        f"oware(num_houses_per_player={houses},num_seeds_per_house={seeds})"
    )
    total = 2 * houses * seeds
    count = GAMES if (houses, seeds) == (6, 4) else GAMES // 4
    rng = random.Random(houses * 100 + seeds)
    total_moves = 0
    for g in range(count):
        ours, theirs = game.new_initial_state(), os_game.new_initial_state()
        total_moves += play_both(
            ours,
            theirs,
            lambda s: board_of_oware(s, houses, total),
            rng,
            lambda m: f"{houses}x{seeds} game {g}, move {m}: {ours.moves()}",
        )
    assert total_moves > count * 5


def test_openspiel_action_numbers():
    state = mancala.load_game("kalah-classic").new_initial_state()
    assert [to_openspiel_action(state, a) for a in state.legal_actions()] == [1, 2, 3, 4, 5, 6]
    state.apply_action(0)  # North to move
    assert [to_openspiel_action(state, a) for a in state.legal_actions()] == [8, 9, 10, 11, 12, 13]
    assert from_openspiel_action(state, 13) == 5
    with pytest.raises(ValueError, match="OpenSpiel action 3 is not a pit of the player to move: they play 8 to 13"):
        from_openspiel_action(state, 3)
    with pytest.raises(ValueError, match="has no OpenSpiel counterpart"):
        to_openspiel_action(mancala.load_game("oware").new_initial_state(), 0)
